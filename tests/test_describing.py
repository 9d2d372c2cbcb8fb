"""The words for presets and moves (agnes_rules.core.describing), one kind of move at a time."""

from __future__ import annotations

import pytest

from agnes_rules.core.describing import PRESET_ORIGINS, describe_move, preset_origin
from agnes_rules.core.moves import Move
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS


def described(variant: str, number: int, before: str, move: str) -> str:
    state = GameState.deal(variant, number).play(before.split())
    assert state.is_legal(Move.parse(move)), "the examples are legal moves"
    return describe_move(state, Move.parse(move))


@pytest.mark.parametrize(
    ("variant", "number", "before", "move", "words"),
    [
        # to a foundation, from each kind of pile
        ("agnes-sorel", 1, "", "t4f", "4C to its foundation"),
        ("agnes-bernauer", 1, "", "r6f", "TD to its foundation"),
        ("agnes-bernauer", 14, "t2f d d", "s1f", "6C to its foundation"),
        # column to column, one card and a counted run
        ("agnes-sorel", 1, "", "t4t3", "4C onto 5C"),
        ("agnes-sorel-pysol", 28, "", "t7t6x2", "AH..KH onto 2H"),
        ("agnes-two", 15, "t1t8", "t8t1x2", "7D..6S into empty column 1"),
        ("agnes-sorel", 4, "t1f", "t2t1", "AS into empty column 1"),
        # from the reserve and from a spare space
        ("agnes-bernauer", 1, "", "r1t3", "4H onto 5C"),
        ("agnes-bernauer", 21, "t1t4", "r5t1", "3C into empty column 1"),
        ("agnes-bernauer", 14, "t2f d d", "s1t5", "6C onto 7H"),
        # deals from the stock
        ("agnes-sorel", 1, "", "d", "deal 7 cards to the tableau"),
        ("agnes-bernauer", 1, "", "d", "deal 7 cards to the reserve"),
        ("agnes-bernauer", 5, "d", "d", "deal 7 cards to the reserve and 2 to the spare spaces"),
    ],
)
def test_each_kind_of_move_in_words(
    variant: str, number: int, before: str, move: str, words: str
) -> None:
    assert described(variant, number, before, move) == words


def test_the_last_short_deal_of_agnes_sorel_counts_its_cards() -> None:
    state = GameState.deal("agnes-sorel", 1)
    while len(state.stock) >= state.variant.deal_width:
        state = state.apply(Move.parse("d"))
    assert describe_move(state, Move.parse("d")) == f"deal {len(state.stock)} cards to the tableau"


def test_a_move_from_an_empty_pile_is_given_in_the_notation() -> None:
    state = GameState.deal("agnes-bernauer", 1)
    assert state.spare == (None, None)
    assert describe_move(state, Move.parse("s1t2")) == "s1t2"
    assert describe_move(state, Move.parse("f1t2")) == "f1t2"


def test_every_preset_has_an_origin_and_nothing_else_does() -> None:
    assert list(PRESET_ORIGINS) == list(VARIANTS)
    for name in VARIANTS:
        assert preset_origin(name) == PRESET_ORIGINS[name]
    assert preset_origin("my-own-agnes") == "a custom variant"
    with pytest.raises(TypeError):
        PRESET_ORIGINS["agnes-sorel"] = "changed"  # type: ignore[index]
