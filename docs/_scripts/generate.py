"""Write the generated parts of the documentation into ``docs/_generated``.

Run by ``conf.py`` at every build (and runnable by hand: ``python
docs/_scripts/generate.py``). It writes, for each preset, a picture of the
opening layout of PySolFC game number 1 (drawn by :func:`agnes_rules.svg.render_svg`)
and a Markdown table of its rules, and the ``--help`` text of every ``agnes``
subcommand, so that the pages can never disagree with the code.
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import sys
import tempfile
from pathlib import Path

from layers import layer_order, layers_svg, module_table

from agnes_rules.cli import main
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS, Variant
from agnes_rules.svg import render_svg

#: The subcommands of ``agnes``, in the order of ``agnes --help``.
COMMANDS = ("demo", "variants", "deal", "moves", "play", "validate", "solve", "stats")

OUT = Path(__file__).resolve().parent.parent / "_generated"

_FIELD_NOTES = {
    "decks": "packs of 52 cards",
    "piles": "tableau columns, dealt 1, 2, ... cards",
    "packing": "what may be packed on a tableau card one rank higher",
    "tableau_wrap": "what 'one rank lower' means on the tableau",
    "movable_runs": "which face-up tails move together",
    "split_runs": "whether part of a run may move",
    "vacancy": "what may fill an empty column (besides a deal)",
    "reserve": "reserve piles (only the top card is available)",
    "stock_to": "where a deal from the stock goes",
    "leftover": "where the cards of a short last deal go",
    "face_down": "whether the triangle is dealt face down under its top cards",
    "worry_back": "whether a foundation's top card may come back onto the tableau",
}


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    name = getattr(value, "name", None)
    return f"`{name}`" if name is not None else f"{value}"


def rules_table(variant: Variant) -> str:
    """A Markdown table of the fields of ``variant``."""
    lines = ["| field | value | meaning |", "|---|---|---|"]
    for field, note in _FIELD_NOTES.items():
        lines.append(f"| `{field}` | {_value(getattr(variant, field))} | {note} |")
    derived = (
        f"The stock holds {variant.stock_size} cards after the layout and is dealt"
        f" {variant.deals} times, {variant.deal_width} cards at a time"
    )
    if variant.spare_spaces:
        derived += f"; the last {variant.spare_spaces} go into the spare spaces"
    return "\n".join(lines) + "\n\n" + derived + ".\n"


def _help_text(arguments: list[str]) -> str:
    # argparse wraps to the terminal width; fix it so that the pages do not depend on it.
    os.environ["COLUMNS"] = "88"
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        main([*arguments, "--help"])
    return buffer.getvalue()


def _run(arguments: list[str], stdin: str = "") -> str:
    """The output of ``agnes ARGUMENTS`` (run in a scratch directory), as a console block."""
    os.environ["COLUMNS"] = "88"
    buffer = io.StringIO()
    here = Path.cwd()
    old_stdin = sys.stdin
    with tempfile.TemporaryDirectory() as scratch, contextlib.redirect_stdout(buffer):
        os.chdir(scratch)
        sys.stdin = io.StringIO(stdin)
        try:
            main(arguments)
        finally:
            sys.stdin = old_stdin
            os.chdir(here)
    command = " ".join(shlex.quote(argument) for argument in arguments)
    if stdin:
        typed = stdin.replace("\n", "\\n")
        command = f"printf '{typed}' | agnes {command}"
    else:
        command = f"agnes {command}"
    return f"```text\n$ {command}\n{buffer.getvalue()}```\n"


def generate() -> None:
    """Write every generated file (only when its content changed, to keep rebuilds quick)."""
    OUT.mkdir(exist_ok=True)
    files: dict[str, str] = {}
    for name, variant in VARIANTS.items():
        files[f"{name}-deal-1.svg"] = render_svg(GameState.deal(variant, 1)) + "\n"
        files[f"{name}-rules.md"] = rules_table(variant)
    files["agnes-sorel-1-after-t4t3-d.svg"] = (
        render_svg(GameState.deal("agnes-sorel", 1).play(["t4t3", "d"])) + "\n"
    )
    parts = ["```text\n$ agnes --help\n" + _help_text([]) + "```\n"]
    for command in COMMANDS:
        parts.append(f"```text\n$ agnes {command} --help\n" + _help_text([command]) + "```\n")
    files["cli-help.md"] = "\n".join(parts)
    files["cli-demo.md"] = _run(["demo"])
    files["cli-moves.md"] = _run(["moves", "agnes-sorel", "1", "--after", "t4t3 d"])
    files["cli-play.md"] = _run(
        ["play", "agnes-sorel", "1"], "t1t2\nt4t3\nhint\nsave game1.json\nquit\n"
    )
    files["layers.svg"] = layers_svg()
    files["modules.md"] = module_table()
    files["layer-order.md"] = layer_order()
    for file_name, content in files.items():
        path = OUT / file_name
        if not path.exists() or path.read_text(encoding="utf-8") != content:
            path.write_text(content, encoding="utf-8")


if __name__ == "__main__":
    generate()
