"""GNOME Aisleriot's Agnes: its deck order, its rules, and one whole game played by them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agnes_rules import Area, GameRecord, GameState, IllegalMoveError, Rule, Variant
from agnes_rules.aisleriot import aisleriot_order, deck_order_from_aisleriot
from agnes_rules.cards import FULL_DECK, parse_cards
from agnes_rules.errors import DealError
from agnes_rules.records import validate
from tests.positions import position

AISLERIOT = Variant.named("agnes-sorel-aisleriot")

#: A deck as Aisleriot deals it, top card first: row by row onto piles 1..7 (the
#: first row on all seven, the next on piles 2..7, ...), then the base card, then
#: the stock. (It is PySolFC's game 461, so deal number 461 of the preset.)
AISLERIOT_DECK = parse_cards(
    "TH TS 9H KC AS 7S TC 8D 4C QH 3D 6C 9D 6S QS 7H KS 5D 7D KD 9S 9C AD 4D 4H JD 2C 2S"
    " JC 3C 3S 7C 5S 2H 6D QD 4S JH 6H AC 8S 8H 2D 5C KH 8C 3H JS AH 5H QC TD"
)

#: A winning line of that deal under Aisleriot's rules (found by the solver).
GAME = [
    "t6f",
    "t4t2",
    "f1t4",
    "d",
    "t7f",
    "t7t1",
    "t7t2",
    "d",
    "t2f",
    "t2t1x2",
    "t2t6",
    "t3t6",
    "t3t5",
    "t3t5",
    "t1t3x2",
    "t4t3",
    "t3t4x4",
    "t4t1x3",
    "t4t5x2",
    "t1t5x3",
    "t6t2x2",
    "t5t1x3",
    "t6t3",
    "t1t5x3",
    "d",
    "t5f",
    "t2t6",
    "t5t1x4",
    "t5t3x3",
    "t1t3x4",
    "t7t2",
    "t3t1x4",
    "t3t5x3",
    "t1t5x4",
    "t6t7x2",
    "t2t6",
    "t5t1x4",
    "t5t3x3",
    "t1t3x4",
    "t6t2",
    "t3t1x4",
    "t3t5x3",
    "t7t4x3",
    "t7t2",
    "t1t5x4",
    "t2t6x2",
    "t4t6x4",
    "t4f",
    "t4f",
    "t4f",
    "t6f",
    "t6f",
    "t4t5",
    "t5t1x5",
    "t5t3x3",
    "t1t3x5",
    "t5t7",
    "t5f",
    "t5t6",
    "t5f",
    "t6f",
    "t6f",
    "t6f",
    "t6f",
    "t6f",
    "t2f",
    "t5f",
    "t5f",
    "t3t1x5",
    "t1t5",
    "t1t3x4",
    "t3t7x7",
    "t5t7",
    "t6t2",
    "t6f",
    "t3t6",
    "t3f",
    "t2t3x3",
    "t6t2x2",
    "t6f",
    "t5f",
    "t1t6",
    "t1t6",
    "t1f",
    "t1t6",
    "t3t1x4",
    "t7t2x8",
    "t2t6x3",
    "t2f",
    "t2t7x4",
    "t6t7x4",
    "t6f",
    "t7t2x8",
    "t2t6x5",
    "t2f",
    "t2f",
    "t6t2x7",
    "t6f",
    "t7f",
    "t2t7x9",
    "t2f",
    "t2f",
    "d",
    "t1f",
    "t7f",
    "t7f",
    "t7f",
    "t7f",
    "t7f",
    "t7f",
    "t7f",
    "t7f",
    "t7f",
    "t7f",
    "t7f",
    "t1f",
    "t1f",
    "t1f",
    "t1f",
    "t1f",
    "t7f",
    "t2f",
    "t7f",
]


def test_aisleriot_deals_row_by_row() -> None:
    state = GameState.from_deck(AISLERIOT, deck_order_from_aisleriot(AISLERIOT_DECK))
    # Pile k holds the k-th card of the first row at its bottom and its top from row k.
    assert [str(column.cards[0]) for column in state.tableau] == [
        "TH",
        "TS",
        "9H",
        "KC",
        "AS",
        "7S",
        "TC",
    ]
    assert [str(column.exposed) for column in state.tableau] == [
        "TH",
        "8D",
        "6S",
        "7D",
        "AD",
        "JD",
        "2S",
    ]
    assert [len(column.face_down) for column in state.tableau] == [0, 1, 2, 3, 4, 5, 6]
    assert str(state.foundations[0][0]) == "JC"  # the base card
    assert [str(card) for card in state.stock[:3]] == ["3C", "3S", "7C"]
    assert state == GameState.deal(AISLERIOT, 461)


@given(st.permutations(FULL_DECK))
def test_the_two_deck_orders_convert_both_ways(deck: list) -> None:  # type: ignore[type-arg]
    assert aisleriot_order(deck_order_from_aisleriot(deck)) == tuple(deck)
    assert deck_order_from_aisleriot(aisleriot_order(deck)) == tuple(deck)


def test_a_bad_aisleriot_deck_is_refused() -> None:
    with pytest.raises(DealError, match="52 cards"):
        deck_order_from_aisleriot(FULL_DECK[:51])
    with pytest.raises(DealError, match="appears 2 times"):
        deck_order_from_aisleriot(FULL_DECK[:51] + FULL_DECK[:1])


def test_a_whole_game_by_aisleriot_rules() -> None:
    state = GameState.from_deck(AISLERIOT, deck_order_from_aisleriot(AISLERIOT_DECK))
    deals = 0
    for number, text in enumerate(GAME, 1):
        assert state.is_legal(text), f"move {number} ({text}) is illegal: {state.why_illegal(text)}"
        before = state
        state = state.apply(text)
        if text == "f1t4":
            # The base card itself comes back, onto a queen of its colour.
            assert before.describe(text) == "JC back from its foundation onto QS"
            assert not state.foundations[0] and str(state.tableau[3].exposed) == "JC"
        if text == "d":
            deals += 1
            dealt = min(len(before.stock), 7)
            # One card face up on each pile while the stock lasts: 7, 7, 7, then 2.
            assert dealt == (7 if deals < 4 else 2)
            for column in range(7):
                grew = len(state.tableau[column]) - len(before.tableau[column])
                assert grew == (1 if column < dealt else 0)
    assert state.is_won and deals == 4
    record = GameRecord(AISLERIOT, 461, GAME)
    report = validate(record)
    assert report.ok and report.final_state == state
    assert GameRecord.from_json(record.to_json()) == record


def test_king_on_ace_and_below_the_base_but_runs_stop_at_the_base() -> None:
    # Base Ace: a King still goes on an Ace; base 5: a 4 goes on a 5.
    state = position(AISLERIOT, base="A", columns={1: "AS", 2: "KC"}, foundations={"H": 1})
    assert "t2t1" in [str(move) for move in state.legal_moves()]
    state = position(
        AISLERIOT, base="5", columns={1: "5S", 2: "4C", 3: "6C 5C 4S"}, foundations={"H": 1}
    )
    assert "t2t1" in [str(move) for move in state.legal_moves()]
    # 4S lies on 5C, a card of the base rank: it moves alone, not with 5C.
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("t3t5x2")
    assert caught.value.rule is Rule.NOT_A_RUN
    assert "a run stops at the base rank" in caught.value.reason
    assert state.why_illegal("t3t1x3") is not None


def test_nothing_fills_an_empty_pile_and_foundations_give_back_only_to_the_tableau() -> None:
    state = position(AISLERIOT, base="4", columns={1: "", 2: "9H"}, foundations={"H": 4})
    texts = [str(move) for move in state.legal_moves()]
    assert not any(text.endswith("t1") for text in texts)
    assert state.why_illegal("f3f") is not None
    assert state.is_legal("f3t2") is False  # 7H does not go on 9H
    assert not any(move.source is Area.FOUNDATION for move in state.legal_moves())
