"""The interactive game of ``agnes play`` (agnes_rules.cli.play), driven in this process."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from agnes_rules.cli.play import PLAY_HELP, Session, converse, resumed_session
from agnes_rules.core.moves import Move
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS
from agnes_rules.errors import ArgumentError
from agnes_rules.records import GameRecord


def new_session(name: str = "agnes-sorel", number: int = 1) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    variant = VARIANTS[name]
    return Session(variant, number, GameState.deal(variant, number), out), out


def test_moves_are_played_refused_and_taken_back() -> None:
    session, out = new_session()
    assert session.handle("t4t3")
    assert "t4t3: 4C onto 5C" in out.getvalue()
    assert [str(move) for move, _before in session.history] == ["t4t3"]
    session.handle("t1t2")
    assert "refused: t1t2 is illegal (packing)" in out.getvalue()
    session.handle("t4f t3f")
    assert "refused: one move at a time, not 't4f t3f'" in out.getvalue()
    session.handle("zz")
    assert "refused: not a move: 'zz'" in out.getvalue()
    session.handle("undo")
    assert "took back t4t3" in out.getvalue()
    assert session.state == GameState.deal("agnes-sorel", 1)
    session.handle("undo")
    assert out.getvalue().rstrip().endswith("nothing to undo")


def test_the_commands_that_only_talk() -> None:
    # Deal 7: its hint, over 12 deals consistent with the face-down stock, is quick.
    session, out = new_session("agnes-sorel", 7)
    assert session.handle("") is True
    session.handle("HELP")
    assert PLAY_HELP in out.getvalue()
    session.handle("moves")
    assert "  t2f      JH to its foundation" in out.getvalue()
    session.handle("hint")
    hint_line = out.getvalue().splitlines()[-1]
    assert hint_line.startswith("hint: ")
    assert Move.parse(hint_line.split()[1]) in session.state.legal_moves()
    for leave in ("quit", "exit", "q", "Q"):
        assert session.handle(leave) is False


def test_save_writes_a_record_that_replays_the_game(tmp_path: Path) -> None:
    session, out = new_session("agnes-bernauer", 4)
    session.handle("d")
    session.handle("save")
    assert out.getvalue().rstrip().endswith("usage: save FILE")
    session.handle(f"save {tmp_path / 'game.json'}")
    assert f"saved 1 move to {tmp_path / 'game.json'}" in out.getvalue()
    record = GameRecord.from_json((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert (record.variant, record.deal, record.moves) == ("agnes-bernauer", 4, ("d",))
    assert record.metadata.program is not None
    assert record.metadata.program.startswith("agnes-rules ")
    session.handle(f"save {tmp_path / 'missing' / 'game.json'}")
    assert "could not save to" in out.getvalue()


def test_a_resumed_session_can_undo_the_saved_moves(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(GameRecord("agnes-sorel", 1, ["t4t3", "d"]).to_json(), encoding="utf-8")
    session = resumed_session(str(path))
    assert session.state == GameState.deal("agnes-sorel", 1).play(["t4t3", "d"])
    assert [str(move) for move, _before in session.history] == ["t4t3", "d"]
    session.out = io.StringIO()
    session.handle("undo")
    assert session.state == GameState.deal("agnes-sorel", 1).play(["t4t3"])


def test_resuming_a_bad_record_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(GameRecord("agnes-sorel", 1, ["t4t3", "t2t1"]).to_json(), encoding="utf-8")
    with pytest.raises(ArgumentError, match=r"bad\.json: move 2 \(t2t1\): t2t1 is illegal"):
        resumed_session(str(path))
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(ArgumentError, match=r"bad\.json: \$"):
        resumed_session(str(path))


def test_piped_input_is_echoed_until_the_player_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    session, out = new_session()
    monkeypatch.setattr("sys.stdin", io.StringIO("t4f\nquit\nd\n"))
    converse(session, interactive=False)
    assert "move> t4f\nt4f: 4C to its foundation" in out.getvalue()
    assert out.getvalue().rstrip().endswith("move> quit")
    assert len(session.history) == 1
