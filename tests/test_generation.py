"""Legal-move generation: the documented order, the helpers, interned moves."""

from __future__ import annotations

import random

import pytest

from agnes_rules import Area, GameState, Move, Vacancy
from agnes_rules.cards import Card
from agnes_rules.core.generation import foundation_for, legal_moves, run_length, top_card
from tests.positions import position, variant


def texts(moves: tuple[Move, ...]) -> list[str]:
    return [str(move) for move in moves]


def order_key(move: Move) -> tuple[int, int, int, int]:
    """Where the documented order puts ``move``: its group, source, target, count."""
    if move.is_deal:
        return (3, 0, 0, 0)
    rank = "trs".index(move.source.value)
    if move.target is Area.FOUNDATION:
        return (0, rank, move.source_index, 0)
    return (1 + (rank > 0), rank * 100 + move.source_index, move.target_index, move.count)


@pytest.mark.parametrize("name", ["agnes-sorel", "agnes-bernauer", "agnes-bernauer-pysol"])
def test_moves_come_in_the_documented_order(name: str) -> None:
    rng = random.Random(name)
    for number in range(1, 6):
        state = GameState.deal(name, number)
        for _ in range(60):
            moves = legal_moves(state)
            if not moves:
                break
            keys = [order_key(move) for move in moves]
            assert keys == sorted(keys), texts(moves)
            assert len(set(moves)) == len(moves)
            state = state.apply(rng.choice(moves))


def test_a_reserve_card_comes_after_the_column_moves() -> None:
    state = position(
        variant(reserve=7),
        columns={1: "5H", 2: "7S", 3: "6C", 5: ""},
        reserve=["6S", "QC", "KC", "KD", "JH", "KS", "QD"],
    )
    moves = texts(legal_moves(state))
    assert moves[:5] == ["t1f", "t1t5", "t2t5", "t3t2", "t3t5"]
    assert moves[moves.index("r1t2") :] == ["r1t2", *(f"r{n}t5" for n in range(1, 8))]
    assert "d" not in moves  # the stock is empty


def test_the_deal_comes_last_while_the_stock_lasts() -> None:
    state = GameState.deal("agnes-sorel", 1)
    moves = legal_moves(state)
    assert moves == state.legal_moves()
    assert moves[-1] is Move.deal()
    assert texts(moves) == ["t4f", "t4t3", "d"]


def test_moves_are_shared_instances() -> None:
    one = legal_moves(GameState.deal("agnes-sorel", 1))
    again = legal_moves(GameState.deal("agnes-sorel", 1))
    assert all(a is b for a, b in zip(one, again, strict=True))


def test_foundation_for_finds_the_first_foundation_that_takes_a_card() -> None:
    state = GameState.deal("agnes-sorel", 1)  # base rank 4, 4H up
    assert foundation_for(state, Card.parse("4C").index) == 0
    assert foundation_for(state, Card.parse("5H").index) == 2
    assert foundation_for(state, Card.parse("6H").index) == -1
    assert foundation_for(state, -1) == -1
    # With two decks the second copy of the base card starts the second foundation.
    two = GameState.deal("agnes-two", 1)
    suit = next(number for number, pile in enumerate(two.foundations) if pile)
    base_card = two.foundations[suit][0]
    assert foundation_for(two, base_card.index) == suit + 4


def test_top_card_and_run_length() -> None:
    state = position(variant(), columns={1: "9S 8S 7S", 2: "9H 8C"})
    column = state._up[0]
    assert run_length(state, column) == 3
    assert run_length(state, state._up[1]) == 1
    assert top_card(state, Move.parse("t1t2")) == Card.parse("7S").index
    assert top_card(state, Move.deal()) == -1


@pytest.mark.parametrize("vacancy", list(Vacancy))
def test_generated_moves_are_exactly_the_legal_ones(vacancy: Vacancy) -> None:
    state = position(
        variant(vacancy=vacancy, split_runs=False),
        base="4",
        columns={1: "3S 2S AS", 2: "", 3: "KS", 4: "3C"},
    )
    generated = set(legal_moves(state))
    for source in range(7):
        for target in range(7):
            for count in range(1, 4):
                if source == target:
                    continue
                move = Move(Area.TABLEAU, source, Area.TABLEAU, target, count)
                assert state.is_legal(move) == (move in generated), move
