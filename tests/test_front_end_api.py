"""The position's API for front-ends (issue 13, item 2): filtered moves, words, text moves,
where a foundation move lands, constructors that read as actions, the player's view."""

from __future__ import annotations

import pytest

from agnes_rules import (
    Area,
    ArgumentError,
    GameState,
    IllegalMoveError,
    Move,
    MoveFieldError,
    MoveParseError,
    PlayerView,
)
from agnes_rules.core.moves import parse_pile
from agnes_rules.core.registry import Hook
from agnes_rules.errors import NotRegisteredError
from agnes_rules.view import player_view

SOREL = GameState.deal("agnes-sorel", 1)
BERNAUER = GameState.deal("agnes-bernauer", 1)
TWO = GameState.deal("agnes-two", 1)


def texts(moves: tuple[Move, ...]) -> list[str]:
    return [str(move) for move in moves]


@pytest.mark.parametrize("state", [SOREL, BERNAUER, TWO], ids=["sorel", "bernauer", "two"])
def test_filters_partition_the_legal_moves(state: GameState) -> None:
    moves = state.legal_moves()
    variant = state.variant
    piles = [f"t{n}" for n in range(1, variant.piles + 1)]
    piles += [f"r{n}" for n in range(1, variant.reserve + 1)]
    piles += [f"s{n}" for n in range(1, variant.spare_spaces + 1)]
    by_source = [move for pile in piles + ["d"] for move in state.legal_moves(source=pile)]
    assert sorted(by_source, key=moves.index) == list(moves)
    for pile in piles:
        # Each filter keeps the documented order.
        chosen = state.legal_moves(source=pile)
        assert list(chosen) == sorted(chosen, key=moves.index)
    to_foundations = state.legal_moves(target="f")
    assert to_foundations == tuple(m for m in moves if m.target is Area.FOUNDATION)
    assert state.legal_moves(target=Area.FOUNDATION) == to_foundations
    landed = [
        move
        for number in range(1, variant.foundation_count + 1)
        for move in state.legal_moves(target=f"f{number}")
    ]
    assert sorted(landed, key=moves.index) == list(to_foundations)
    assert state.legal_moves(source=Area.TABLEAU) == tuple(
        m for m in moves if m.source is Area.TABLEAU
    )


def test_filters_combine_and_the_unfiltered_call_is_the_cached_tuple() -> None:
    assert texts(SOREL.legal_moves(source="t4", target="t3")) == ["t4t3"]
    assert texts(SOREL.legal_moves("t4", "f")) == ["t4f"]
    assert SOREL.legal_moves(source="t4", target="t1") == ()
    assert texts(SOREL.legal_moves(source="d")) == ["d"]
    assert SOREL.legal_moves(target="d") == ()
    assert SOREL.legal_moves() is SOREL.legal_moves()
    assert texts(SOREL.legal_moves(target="f1")) == ["t4f"]  # 4C lands on the clubs
    assert SOREL.legal_moves(target="f3") == ()


@pytest.mark.parametrize(
    ("pile", "message"),
    [
        ("t9", "source 't9': agnes-sorel has 7 tableau columns"),
        ("r1", "source 'r1': agnes-sorel has 0 reserve piles"),
        ("f5", "source 'f5': agnes-sorel has 4 foundations"),
        ("t0", "not a pile: 't0'"),
        ("x1", "not a pile: 'x1'"),
        ("t1t2", "not a pile: 't1t2'"),
    ],
)
def test_a_bad_pile_is_an_argument_error_naming_it(pile: str, message: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        SOREL.legal_moves(source=pile)
    assert str(caught.value).startswith(message)
    with pytest.raises(ArgumentError, match="target"):
        SOREL.legal_moves(target="t8")
    with pytest.raises(ArgumentError, match="not a pile"):
        SOREL.legal_moves(source=3)  # type: ignore[arg-type]


def test_pile_names() -> None:
    assert parse_pile("r2") == (Area.RESERVE, 1)
    assert parse_pile("s1") == (Area.SPARE, 0)
    assert parse_pile("f") == (Area.FOUNDATION, None)
    assert parse_pile(" d ") == (Area.STOCK, None)
    assert parse_pile("t12") == (Area.TABLEAU, 11)


def test_describe_names_the_cards() -> None:
    assert [SOREL.describe(move) for move in SOREL.legal_moves()] == [
        "4C to its foundation",
        "4C onto 5C",
        "deal 7 cards to the tableau",
    ]
    assert SOREL.describe("t4t3") == "4C onto 5C"
    assert BERNAUER.describe("r1t3") == "4H onto 5C"
    with pytest.raises(IllegalMoveError):
        SOREL.describe("t2t1")
    with pytest.raises(IllegalMoveError):
        SOREL.describe("t9t1")  # a pile that does not exist: illegal, not an IndexError
    with pytest.raises(MoveParseError):
        SOREL.describe("t4 t3")


def test_text_moves_are_accepted_where_moves_are() -> None:
    assert SOREL.apply("t4t3") == SOREL.apply(Move.parse("t4t3"))
    assert SOREL.is_legal("t4f") and not SOREL.is_legal("t2t1")
    assert SOREL.why_illegal("t4f") is None
    error = SOREL.why_illegal("t2t1")
    assert isinstance(error, IllegalMoveError) and error.move == Move.parse("t2t1")
    with pytest.raises(MoveParseError):
        SOREL.apply("t4 t3")
    with pytest.raises(MoveParseError):
        SOREL.is_legal("nonsense")


def test_which_foundation_a_move_lands_on() -> None:
    assert SOREL.foundation_for("t4f") == 0  # 4C: the clubs
    assert SOREL.foundation_for(Move.parse("t4t3")) is None
    with pytest.raises(IllegalMoveError):
        SOREL.foundation_for("t1f")
    after = SOREL.apply("t4f")
    assert after.foundations[0][-1].suit.name == "CLUBS"
    # Two decks: the first of the two foundations of the suit that accepts the card.
    for move in TWO.legal_moves(target="f"):
        index = TWO.foundation_for(move)
        assert index is not None and len(TWO.apply(move).foundations[index]) == (
            len(TWO.foundations[index]) + 1
        )


def test_a_foundation_drop_names_no_foundation() -> None:
    with pytest.raises(MoveFieldError, match="names no foundation"):
        Move(Area.TABLEAU, 3, Area.FOUNDATION, 2)
    with pytest.raises(MoveParseError, match="names no foundation: write it 'f' alone"):
        Move.parse("t4f2")
    with pytest.raises(MoveFieldError, match="moves one card"):
        Move(Area.TABLEAU, 3, Area.FOUNDATION, 0, 2)
    assert Move(Area.TABLEAU, 3, Area.FOUNDATION, 0) == Move.parse("t4f")


def test_constructors_read_as_actions_and_the_old_names_stay() -> None:
    assert Move.foundation_drop(Area.TABLEAU, 3) == Move.parse("t4f")
    assert Move.to_foundation(Area.TABLEAU, 3) == Move.foundation_drop(Area.TABLEAU, 3)
    assert Move.onto_column(Area.TABLEAU, 0, 3, 3) == Move.parse("t1t4x3")
    assert Move.to_tableau(Area.SPARE, 1, 4) == Move.onto_column(Area.SPARE, 1, 4)


def test_the_view_comes_from_the_state() -> None:
    view = GameState.deal("agnes-sorel-quagnes", 5).view()
    assert isinstance(view, PlayerView)
    assert view == player_view(GameState.deal("agnes-sorel-quagnes", 5))
    assert SOREL.view() == player_view(SOREL)
    assert view.to_code().count("??") == sum(range(7))


def test_a_hook_is_typed_and_says_when_nothing_provides_it() -> None:
    hook: Hook[int, str] = Hook("a test")
    with pytest.raises(NotRegisteredError, match="nothing provides a test"):
        hook(1)
    hook.provide(str)
    assert hook(1) == "1"
