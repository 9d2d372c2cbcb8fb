"""The play session: history, undo and redo, records, autoplay that never loses a won game."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agnes_rules import (
    GameRecord,
    GameState,
    HistoryError,
    IllegalMoveError,
    Metadata,
    Move,
    MoveParseError,
    Outcome,
    hint,
    pysol_deck_order,
    solve,
    validate,
)
from agnes_rules.errors import ArgumentError
from agnes_rules.game import Game, is_safe
from tests.playouts import reached_states
from tests.strategies import variants


def test_push_undo_redo() -> None:
    game = Game("agnes-sorel", 1)
    start = game.state
    assert not game.can_undo and not game.can_redo
    game.push("t4t3")
    game.push(Move.deal())
    assert [str(move) for move in game.moves] == ["t4t3", "d"]
    assert game.state == start.play(["t4t3", "d"])
    assert game.undo() == Move.deal()
    assert game.can_redo and game.state == start.apply(Move.parse("t4t3"))
    assert game.undo() == Move.parse("t4t3")
    assert game.state == start and not game.can_undo
    assert game.redo() == Move.parse("t4t3")
    assert game.redo() == Move.deal()
    assert not game.can_redo and game.state == start.play(["t4t3", "d"])


def test_a_push_after_undo_clears_the_redo_stack() -> None:
    game = Game("agnes-sorel", 1)
    game.push("t4t3")
    game.undo()
    game.push("d")
    assert not game.can_redo
    with pytest.raises(HistoryError, match="nothing to redo"):
        game.redo()


def test_undo_and_redo_with_nothing_to_do_raise_history_errors() -> None:
    game = Game("agnes-sorel", 1)
    with pytest.raises(HistoryError, match="nothing to undo"):
        game.undo()
    with pytest.raises(IndexError):
        game.redo()


@pytest.mark.parametrize(
    ("move", "error"),
    [("t2t1", IllegalMoveError), ("t1t9", IllegalMoveError), ("t1t1x1", MoveParseError)],
)
def test_a_bad_push_changes_nothing(move: str, error: type[Exception]) -> None:
    game = Game("agnes-sorel", 1)
    game.push("t4t3")
    game.undo()
    before = (game.state, game.moves, game.can_redo)
    with pytest.raises(error):
        game.push(move)
    assert (game.state, game.moves, game.can_redo) == before
    with pytest.raises(ArgumentError):
        game.push(3)  # type: ignore[arg-type]


def test_games_compare_by_history_and_are_not_hashable() -> None:
    one, two = Game("agnes-sorel", 1), Game("agnes-sorel", 1)
    assert one == two
    one.push("t4t3")
    assert one != two
    two.push("t4t3")
    assert one == two
    one.undo()
    two.undo()
    two.redo()
    assert one != two
    with pytest.raises(TypeError):
        hash(one)
    assert repr(one) == "<Game agnes-sorel from deal 1, 0 moves played, 1 to redo>"
    assert one != "a game"


def test_records_round_trip_with_history() -> None:
    game = Game("agnes-bernauer", 2)
    for _ in range(6):
        game.push(game.state.legal_moves()[0])
    record = game.to_record(metadata={"player": "Ann"})
    assert record.metadata == Metadata(player="Ann")
    assert validate(record).ok and validate(record).final_state == game.state
    loaded = Game.from_record(record)
    assert loaded.state == game.state and loaded.moves == game.moves
    assert loaded.to_record() == record  # the metadata is kept
    assert Game.from_record(record.to_json()) == loaded
    loaded.undo()
    assert loaded.state == game.initial_state.play(game.moves[:-1])
    assert pickle.loads(pickle.dumps(loaded.to_record())) == loaded.to_record()


def test_a_deck_order_deal_is_recorded_as_such() -> None:
    deck = GameRecord("agnes-sorel", 5).initial_state()
    order = pysol_deck_order(5)
    game = Game("agnes-sorel", order)
    assert game.state == deck and game.deal == order
    game.push("d")
    assert Game.from_record(game.to_record()) == game
    assert "deck order" in repr(game)


def test_a_game_from_a_position_cannot_be_recorded() -> None:
    state = GameState.deal("agnes-sorel", 1).apply(Move.parse("t4t3"))
    game = Game.from_state(state)
    assert game.state == game.initial_state == state and game.deal is None
    assert game.variant == state.variant
    with pytest.raises(ArgumentError, match="no deal"):
        game.to_record()
    with pytest.raises(ArgumentError):
        Game.from_state("t4t3")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        Game.from_record(["t4t3"])  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        Game("agnes-sorel", "1")  # type: ignore[arg-type]


def test_a_bad_record_fails_to_load() -> None:
    with pytest.raises(IllegalMoveError):
        Game.from_record(GameRecord("agnes-sorel", 1, ["t2t1"]))


def test_hint_delegates_to_the_solver() -> None:
    game = Game("agnes-sorel", 3)
    assert game.hint(max_states=500) == hint(game.state, max_states=500)


def test_autoplay_plays_only_safe_foundation_moves() -> None:
    game = Game("agnes-sorel", 3)
    played = game.autoplay()
    assert [str(move) for move in played] == ["t3f", "t5f"]
    assert game.moves == played
    assert game.autoplay() == ()
    assert not is_safe(game.state, Move.deal())


def test_autoplay_waits_for_the_guards() -> None:
    # Base 6: the 7S could still receive the 6C (same colour), which is not home.
    state = GameState.deal("agnes-sorel", 2)
    assert state.base_rank == 6 and str(state.tableau[3].exposed) == "7S"
    assert state.is_legal(Move.parse("t4f")) and not is_safe(state, Move.parse("t4f"))


def test_autoplay_keeps_a_card_whose_column_a_deal_could_link_to() -> None:
    # The 4C is the base rank (nothing packs on it), but Parlett's runs move whole: a card
    # dealt onto the card under the 4C could join it in a run and lose its freedom.
    move = Move.parse("t4f")
    parlett, dalton = GameState.deal("agnes-sorel-parlett", 1), GameState.deal("agnes-sorel", 1)
    assert not is_safe(parlett, move) and is_safe(dalton, move)


@st.composite
def near_won_states(draw: st.DrawFn) -> GameState:
    """A position of random play that often stays won: some moves of a winning line when
    the solver finds one quickly, then a few random moves (presets and custom variants)."""
    state = GameState.deal(draw(variants), draw(st.integers(1, 31999)))
    line = solve(state, max_states=3000).moves
    for move in line[: draw(st.integers(0, len(line)))]:
        state = state.apply(move)
    for _ in range(draw(st.integers(0, 4))):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(moves[draw(st.integers(0, len(moves) - 1))])
    return state


@settings(max_examples=15, deadline=None)
@given(st.one_of(near_won_states(), reached_states(max_moves=80)))
def test_autoplay_never_loses_a_won_game(state: GameState) -> None:
    if solve(state, max_states=3000).outcome is not Outcome.WON:
        return  # lost or undecided: nothing to keep
    game = Game.from_state(state)
    game.autoplay()
    assert solve(game.state, max_states=5000).outcome is not Outcome.LOST


#: Deals that the solver wins within 3000 positions, per preset (found by a search over
#: deal numbers: the Parlett, PySolFC and quagnes rules of Agnes Sorel rarely win quickly).
WON_DEALS = {
    "agnes-sorel": (3, 7),
    "agnes-sorel-parlett": (1495, 2089),
    "agnes-sorel-pysol": (223,),
    "agnes-sorel-quagnes": (390, 461),
    "agnes-bernauer": (2, 3),
    "agnes-bernauer-parlett": (3, 4),
    "agnes-bernauer-pysol": (4, 8),
    "agnes-two": (11,),
}


@pytest.mark.parametrize(("name", "number"), [(n, d) for n, ds in WON_DEALS.items() for d in ds])
def test_autoplay_along_winning_lines_keeps_them_won(name: str, number: int) -> None:
    state = GameState.deal(name, number)
    result = solve(state, max_states=3000)
    assert result.outcome is Outcome.WON
    checked = 0
    for move in result.moves:
        game = Game.from_state(state)
        if game.autoplay():
            checked += 1
            assert solve(game.state, max_states=5000).outcome is not Outcome.LOST
        state = state.apply(move)
    assert checked


@given(st.data())
@settings(max_examples=20, deadline=None)
def test_autoplay_moves_are_legal_foundation_moves(data: st.DataObject) -> None:
    state = data.draw(reached_states())
    game = Game.from_state(state)
    for move in game.autoplay():
        assert move.target is not None and move.target.value == "f"
    assert not any(is_safe(game.state, move) for move in game.state.legal_moves())
