"""The picture and the table of the package's layers, read from the code itself.

The layers are the ones ``.importlinter`` declares (and CI enforces); this module
groups them into the four bands of docs/architecture.md, finds every module of
``src/agnes_rules`` and what it imports (with :mod:`ast`, so nothing is
imported), and writes an SVG picture and a Markdown table. A module that no
layer claims stops the documentation build, so the page cannot fall behind.
"""

from __future__ import annotations

import ast
import configparser
import re
from collections import Counter
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "agnes_rules"

#: The first layer (as ``.importlinter`` names it) of each band, top to bottom.
BANDS = (
    ("tools", "the play session, the solver, statistics, the command line"),
    ("formats", "documents, records, deck files, pictures, views, winnable deals"),
    ("core", "the rules and the position"),
    ("base", "errors and cards"),
)
_BAND_STARTS = {"tools": "cli", "formats": "records", "core": "core", "base": "cards"}
#: Modules above every layer: the package's front door, and the ``-m`` entry point.
_FACADES = {"agnes_rules", "agnes_rules.__main__"}


def declared_layers() -> list[list[str]]:
    """The layers of ``.importlinter``, top first, each a list of sibling names."""
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter", encoding="utf-8")
    lines = config["importlinter:contract:layers"]["layers"].split("\n")
    return [[name.strip() for name in line.split("|")] for line in lines if line.strip()]


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def band_of(module: str, layers: list[list[str]]) -> str | None:
    """The band a module belongs to, or None for the facades above them all."""
    if module in _FACADES:
        return None
    top = module.split(".")[1]
    band = None
    for layer in layers:
        band = next((b for b, start in _BAND_STARTS.items() if start in layer), band)
        if top in layer:
            return band
    raise SystemExit(f"docs: module {module} is in no layer of .importlinter; add it there")


def _imports(path: Path, known: dict[str, Path]) -> set[str]:
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        targets.update(name for name in names if name in known)
    return targets


def _summary(path: Path) -> str:
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    first = docstring.split("\n\n")[0].replace("\n", " ").strip()
    return re.sub(r":\w+:`~?([^`]+)`", r"`\1`", first)  # Sphinx roles mean nothing in a table


def layer_order() -> str:
    """The layers of ``.importlinter`` as a text block, each band named where it starts."""
    lines = ["```text"]
    band = None
    for layer in declared_layers():
        new_band = next((b for b, start in _BAND_STARTS.items() if start in layer), band)
        label = new_band if new_band != band else ""
        band = new_band
        lines.append(f"{' | '.join(layer):<40}{label}".rstrip())
    lines.append("```")
    return "\n".join(lines) + "\n"


def module_table() -> str:
    """A Markdown table: every module, its band, its size and what it owns."""
    layers, known = declared_layers(), modules()
    rows = ["| module | layer | lines | what it owns |", "|---|---|---:|---|"]

    def rank(module: str) -> tuple[int, str]:
        band = band_of(module, layers)
        return (-1 if band is None else order_of(band), module)

    for module in sorted(known, key=rank):
        band = band_of(module, layers) or "facade"
        lines = len(known[module].read_text(encoding="utf-8").splitlines())
        summary = _summary(known[module]).replace("|", "\\|")
        rows.append(f"| `{module}` | {band} | {lines} | {summary} |")
    return "\n".join(rows) + "\n"


def layers_svg() -> str:
    """The bands top to bottom, each with its modules, and how many imports go down."""
    layers, known = declared_layers(), modules()
    members: dict[str, list[str]] = {band: [] for band, _ in BANDS}
    for module in known:
        band = band_of(module, layers)
        if band is not None:
            members[band].append(module.removeprefix("agnes_rules."))
    crossing: Counter[tuple[str, str]] = Counter()
    for module, path in known.items():
        for target in _imports(path, known):
            source_band, target_band = band_of(module, layers), band_of(target, layers)
            if source_band and target_band and source_band != target_band:
                crossing[source_band, target_band] += 1
    width, per_row, box_w, box_h = 880, 6, 128, 26
    shapes, y = [], 16
    for index, (band, what) in enumerate(BANDS):
        names = sorted(members[band])
        rows = max(1, -(-len(names) // per_row))
        height = 44 + rows * (box_h + 8)
        shapes.append(
            f'<rect x="16" y="{y}" width="{width - 32}" height="{height}" rx="10" '
            f'class="band b{index}"/>'
            f'<text x="32" y="{y + 24}" class="title">{band}</text>'
            f'<text x="120" y="{y + 24}" class="what">{escape(what)}</text>'
        )
        for n, name in enumerate(names):
            bx = 32 + (n % per_row) * (box_w + 10)
            by = y + 36 + (n // per_row) * (box_h + 8)
            shapes.append(
                f'<rect x="{bx}" y="{by}" width="{box_w}" height="{box_h}" rx="4" class="mod"/>'
                f'<text x="{bx + box_w / 2}" y="{by + 17}" class="name">{escape(name)}</text>'
            )
        y += height
        if index + 1 < len(BANDS):
            down = sum(n for (source, _), n in crossing.items() if source == band)
            label = f"{down} imports downward, none upward"
            shapes.append(
                f'<path d="M {width / 2} {y + 2} l 0 18" class="arrow"/>'
                f'<path d="M {width / 2 - 6} {y + 12} l 6 8 l 6 -8" class="arrow"/>'
                f'<text x="{width / 2 + 14}" y="{y + 17}" class="what">{escape(label)}</text>'
            )
            y += 24
    style = (
        ".band{stroke:#555;stroke-width:1}.b0{fill:#fdf1e3}.b1{fill:#e8f1fb}"
        ".b2{fill:#e9f7ea}.b3{fill:#f1eef8}.mod{fill:#fff;stroke:#888}"
        ".title{font:bold 15px sans-serif}.what{font:12px sans-serif;fill:#333}"
        ".name{font:12px monospace;text-anchor:middle}"
        ".arrow{stroke:#333;stroke-width:2;fill:none}"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y + 16}" '
        f'viewBox="0 0 {width} {y + 16}" role="img" aria-label="the layers of agnes_rules">'
        f"<style>{style}</style>{''.join(shapes)}</svg>\n"
    )


def order_of(band: str) -> int:
    """0 for the top band, 3 for the base."""
    return [name for name, _ in BANDS].index(band)
