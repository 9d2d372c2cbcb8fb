"""Performing checked moves and deals: new positions that share what did not change."""

from __future__ import annotations

import pytest

from agnes_rules import GameState, Move
from agnes_rules.cards import Card, parse_cards
from agnes_rules.core.applying import deal, perform
from agnes_rules.core.legality import check_move


def play(state: GameState, text: str) -> GameState:
    move = Move.parse(text)
    return perform(state, move, check_move(state, move))


def test_a_move_leaves_the_old_position_and_shares_untouched_piles() -> None:
    state = GameState.deal("agnes-sorel", 1)
    after = play(state, "t4t3")
    assert after.tableau[2].face_up[-1] == Card.parse("4C")
    assert state.tableau[2].face_up[-1] == Card.parse("5C")
    assert after._up[0] is state._up[0]
    assert after._stock is state._stock and after._found is state._found
    assert type(after) is GameState and after == state.apply(Move.parse("t4t3"))


def test_a_move_to_a_foundation_raises_its_height() -> None:
    state = GameState.deal("agnes-sorel", 1)
    after = play(state, "t4f")
    assert after._found == (1, 0, 1, 0)
    assert after.foundations[0] == (Card.parse("4C"),)


def test_the_card_under_the_last_face_up_one_turns_over() -> None:
    state = GameState.deal("agnes-bernauer", 1)
    # Column 2 is 7h (face down) under TS; TS goes onto a column after a deal or two.
    moved = next(s for m, s in state.successors() if m.source_index == 1 and not m.is_deal)
    assert moved.tableau[1].face_down == ()
    assert moved.tableau[1].face_up == (Card.parse("7H"),)


def test_deals_go_to_the_tableau_or_the_reserve() -> None:
    sorel = GameState.deal("agnes-sorel", 1)
    dealt = deal(sorel)
    assert [column.face_up[-1] for column in dealt.tableau] == list(sorel.stock[:7])
    assert dealt.stock == sorel.stock[7:]
    bernauer = GameState.deal("agnes-bernauer", 1)
    dealt = deal(bernauer)
    assert [pile[-1] for pile in dealt.reserve] == list(bernauer.stock[:7])
    assert dealt._up is bernauer._up


def test_a_short_stock_goes_into_the_spare_spaces() -> None:
    state = GameState.deal("agnes-bernauer", 1)
    twice = deal(deal(state))
    assert twice.stock == ()
    assert twice.spare == tuple(state.stock[14:])
    assert twice.spare == parse_cards("2H 6H")


@pytest.mark.parametrize("name", ["agnes-sorel", "agnes-two"])
def test_the_last_deal_covers_the_first_piles(name: str) -> None:
    state = GameState.deal(name, 2)
    while len(state.stock) > state.variant.deal_width:
        state = deal(state)
    short = len(state.stock)
    last = deal(state)
    assert last.stock == () and last.spare == state.spare
    grown = [
        len(after) - len(before)
        for after, before in zip(
            last.reserve or [c.face_up for c in last.tableau],
            state.reserve or [c.face_up for c in state.tableau],
            strict=True,
        )
    ]
    assert grown == [1] * short + [0] * (len(grown) - short)
