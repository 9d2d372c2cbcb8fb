"""Render a few positions as SVG and photograph them with headless Chromium.

For looking at the pictures with one's own eyes after changing
:mod:`agnes_rules.svg`::

    python docs/_scripts/screenshots.py OUT_DIR

writes ``NAME.svg`` and ``NAME.png`` for each position into OUT_DIR. Needs a
``chromium`` executable (Debian: ``apt-get install chromium``).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

from agnes_rules.core.state import GameState
from agnes_rules.solver import solve
from agnes_rules.svg import render_svg

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def positions() -> dict[str, GameState]:
    """Openings of the three layouts, a game half played, a won game, the spare spaces."""
    sorel = GameState.deal("agnes-sorel", 3)
    line = solve(sorel).moves
    return {
        "agnes-sorel-1": GameState.deal("agnes-sorel", 1),
        "agnes-bernauer-1": GameState.deal("agnes-bernauer", 1),
        "agnes-two-1": GameState.deal("agnes-two", 1),
        "agnes-sorel-3-half": sorel.play(line[: len(line) // 2]),
        "agnes-sorel-3-won": sorel.play(line),
        "agnes-bernauer-1-spares": GameState.deal("agnes-bernauer", 1).play(["d", "d"]),
    }


def photograph(svg: Path, png: Path, chromium: str) -> None:
    """Screenshot ``svg`` at its own size into ``png``."""
    root = ET.parse(svg).getroot()
    size = f"{int(float(root.attrib['width']))},{int(float(root.attrib['height']))}"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                chromium,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                f"--screenshot={png}",
                f"--window-size={size}",
                svg.resolve().as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )


def main(out: Path) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("screenshots.py: error: no chromium executable on PATH")
    out.mkdir(parents=True, exist_ok=True)
    for name, state in positions().items():
        svg = out / f"{name}.svg"
        svg.write_text(render_svg(state), encoding="utf-8")
        photograph(svg, out / f"{name}.png", chromium)
        print(out / f"{name}.png")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python docs/_scripts/screenshots.py OUT_DIR")
    main(Path(sys.argv[1]))
