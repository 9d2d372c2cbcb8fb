"""What mypy catches for a user: a misspelt preset name, a record built from the wrong things.

The public signatures say ``Variant | PresetName`` and type every field of a
record, so these mistakes show up in the user's editor, not at run time. The
test runs mypy on small programs (skipped where mypy is not installed).
"""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest

from agnes_rules import VARIANTS, Variant
from agnes_rules.core.variant import PresetName

GOOD = """
from agnes_rules import GameRecord, GameState, Move, Variant, win_rate
state = GameState.deal("agnes-sorel", 1)
record = GameRecord("agnes-bernauer", 7, ["t4t3", Move.deal()], metadata={"player": "Ann"})
named = GameState.deal(Variant.named(input()), 1)  # a name known only at run time
"""

MISTAKES = {
    'GameState.deal("agnes-sorell", 1)': "agnes-sorell",
    'GameRecord("agnes-sorel", 1, 42)': "GameRecord",
    'GameRecord("agnes-sorel", "one")': "GameRecord",
    'GameRecord("agnes-sorel", 1, metadata=3)': "GameRecord",
    'win_rate("agnes-too", [1])': "agnes-too",
}


def _mypy(program: str, folder: Path) -> tuple[str, int]:
    api = pytest.importorskip("mypy.api")
    # A file of its own and an empty configuration: the project's [tool.mypy] names src/.
    (folder / "mypy.ini").write_text("[mypy]\n", encoding="utf-8")
    (folder / "program.py").write_text(program, encoding="utf-8")
    out, err, status = api.run(
        ["--config-file", str(folder / "mypy.ini"), "--strict", "--no-incremental"]
        + ["--cache-dir", str(folder / "cache"), str(folder / "program.py")]
    )
    return out + err, status


def test_the_preset_names_type_lists_every_preset() -> None:
    assert list(get_args(PresetName)) == list(VARIANTS)
    for name in VARIANTS:
        assert Variant.named(name).preset_name == name


def test_correct_programs_type_check(tmp_path: Path) -> None:
    output, status = _mypy(GOOD, tmp_path)
    assert status == 0, output


def test_mistakes_are_caught_by_mypy(tmp_path: Path) -> None:
    # One mistake a line, one mypy run for all (each run costs seconds).
    lines = sorted(MISTAKES)
    program = "from agnes_rules import GameRecord, GameState, win_rate\n" + "\n".join(lines)
    output, status = _mypy(program, tmp_path)
    assert status == 1, output
    for number, line in enumerate(lines, 2):
        errors = [e for e in output.splitlines() if f"program.py:{number}: error" in e]
        assert errors and any(MISTAKES[line] in e for e in errors), (line, output)
