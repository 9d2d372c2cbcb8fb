"""What the commands read (agnes_rules.cli.files, .positions and .check), in this process."""

from __future__ import annotations

import argparse
import io
import re
from pathlib import Path

import pytest

from agnes_rules.cli.check import read_record, report_data, report_line
from agnes_rules.cli.files import read_text, write_text
from agnes_rules.cli.positions import position_from_arguments, state_from_file
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS
from agnes_rules.errors import AgnesError, ArgumentError
from agnes_rules.records import GameRecord, validate

SOREL = VARIANTS["agnes-sorel"]


def position(**given: object) -> GameState:
    fields: dict[str, object] = dict.fromkeys(("variant", "number", "code", "file", "after"))
    fields.update(given)
    return position_from_arguments(argparse.Namespace(**fields))


# ------------------------------------------------------------------ files


def test_files_are_read_and_written_as_utf8_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "note.txt"
    write_text(str(path), "Agnès")
    assert path.read_bytes() == "Agnès\n".encode()
    assert read_text(str(path)) == "Agnès\n"
    monkeypatch.setattr("sys.stdin", io.StringIO("from stdin"))
    assert read_text("-") == "from stdin"
    write_text("-", "to stdout")
    assert capsys.readouterr().out == "to stdout\n"


def test_unreadable_and_unwritable_files_are_argument_errors(tmp_path: Path) -> None:
    binary = tmp_path / "binary"
    binary.write_bytes(b"\xff\xfe")
    with pytest.raises(
        ArgumentError, match=f"cannot read {re.escape(str(binary))}: not a UTF-8 text file"
    ):
        read_text(str(binary))
    with pytest.raises(
        ArgumentError, match=f"cannot read {re.escape(str(tmp_path))}: Is a directory"
    ):
        read_text(str(tmp_path))
    with pytest.raises(ArgumentError, match=r"cannot write .*: No such file or directory"):
        write_text(str(tmp_path / "missing" / "out.svg"), "<svg/>")


# ------------------------------------------------------------------ positions


def test_a_position_by_number_code_or_file_then_after(tmp_path: Path) -> None:
    expected = GameState.deal(SOREL, 1).play(["t4t3", "d"])
    assert position(variant=SOREL, number=1, after="t4t3 d") == expected
    code = GameState.deal(SOREL, 1).play(["t4t3"]).to_code()
    assert position(code=f"  {code}\n", after="d") == expected
    path = tmp_path / "game.json"
    path.write_text(GameRecord(SOREL.name, 1, ["t4t3", "d"]).to_json(), encoding="utf-8")
    assert position(file=str(path)) == expected
    path.write_text(expected.to_json(), encoding="utf-8")
    assert position(file=str(path)) == expected


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({}, "give the position as VARIANT NUMBER, --code CODE or --file FILE"),
        ({"variant": SOREL, "code": "x"}, "give the position as VARIANT NUMBER"),
        ({"variant": SOREL}, "a game number is needed after the variant"),
        ({"variant": SOREL, "number": 1, "after": "t4t3 t1x"}, "--after: not a move: 't1x'"),
        ({"variant": SOREL, "number": 1, "after": "t1t2"}, r"--after: t1t2 is illegal \(packing"),
    ],
)
def test_positions_that_are_not_named_right(given: dict[str, object], message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        position(**given)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nonsense", r": not JSON \(Expecting value, line 1\)"),
        ('{"format": "agnes-rules/game-record"}', r": \$"),
        ('{"format": "agnes-rules/game-state"}', ": "),
    ],
)
def test_files_that_hold_no_position(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "position.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ArgumentError, match=f"^{re.escape(str(path))}{message}"):
        state_from_file(str(path))


def test_a_record_with_an_illegal_move_gives_no_position(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(GameRecord(SOREL.name, 1, ["t4t3", "t2t1"]).to_json(), encoding="utf-8")
    with pytest.raises(ArgumentError, match=f"^{re.escape(str(path))}: move 2: t2t1 is illegal"):
        state_from_file(str(path))


# ------------------------------------------------------------------ records to check


def test_a_record_file_that_is_not_a_record_names_the_file_once(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "agnes-rules/game-record", "version": 1}', encoding="utf-8")
    with pytest.raises(AgnesError) as error:
        read_record(str(path))
    assert str(error.value).startswith(f"{path}: $")
    with pytest.raises(AgnesError) as error:
        read_record(str(tmp_path / "missing.json"))
    assert str(error.value) == f"cannot read {tmp_path / 'missing.json'}: No such file or directory"


def test_the_report_on_a_record_in_a_line_and_as_json() -> None:
    good = validate(GameRecord(SOREL.name, 1, ["t4t3"]))
    assert report_line("good.json", good) == "good.json: ok, 1 move, unfinished"
    bad = validate(GameRecord(SOREL.name, 1, ["t4t3", "t2t1"]))
    assert report_line("bad.json", bad).startswith("bad.json: move 2 (t2t1): t2t1 is illegal")
    data = report_data("bad.json", bad)
    assert data["file"] == "bad.json"
    assert (data["ok"], data["moves_played"], data["error_index"], data["rule"]) == (
        False,
        1,
        1,
        "packing",
    )
