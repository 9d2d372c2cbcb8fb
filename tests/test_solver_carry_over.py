"""What the streamlined pass proved lost, carried over to the exact search (carry_over.py)."""

from __future__ import annotations

import random

import pytest

from agnes_rules.core.state import GameState
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.autoplay import GreedyAutoplay
from agnes_rules.solver.board import Board, Position
from agnes_rules.solver.carry_over import PassRecord
from agnes_rules.solver.search import Search


def _record() -> tuple[PassRecord, GreedyAutoplay]:
    greedy = GreedyAutoplay(Board(GameState.deal("agnes-sorel", 1)))
    return PassRecord(b"root", greedy), greedy


def test_a_position_is_proved_when_nothing_open_can_be_reached_from_it() -> None:
    record, _ = _record()
    record.met(b"root", b"A", False)
    record.met(b"A", b"B", False)
    record.met(b"B", b"C", False)
    record.met(b"root", b"D", False)
    record.met(b"D", b"E", False)
    assert record.refuted(b"C")
    record.met(b"E", b"B", True)  # a move of E leads back to B, met before
    record.met(b"D", b"F", False)
    record.give_up([b"F"])  # the line from F was given up: D may still be won
    assert sorted(record.proved()) == [b"A", b"B", b"C", b"E"]


def test_a_line_back_to_an_open_position_proves_nothing() -> None:
    record, _ = _record()
    record.met(b"root", b"A", False)
    record.met(b"A", b"B", False)
    record.met(b"B", b"A", True)  # round in a circle, through A
    record.met(b"A", b"C", False)
    record.give_up([b"C"])
    assert record.proved() == set()


def test_a_line_back_to_the_first_position_proves_nothing_while_it_is_open() -> None:
    record, _ = _record()
    record.met(b"root", b"A", False)
    record.met(b"A", b"root", True)
    record.met(b"root", b"B", False)
    record.give_up([b"B"])
    assert record.proved() == set()


def test_a_card_sent_home_unsafely_leaves_its_position_open() -> None:
    record, greedy = _record()
    greedy.unsafe = True  # the move just played sent a card home the exact search keeps
    record.met(b"root", b"A", False)
    assert record.unsafe and record.went_unsafe and not greedy.unsafe
    # A is a position of the game all the same: proved lost when refuted.
    assert not record.refuted(b"A")  # but no sleeper may stand for it
    record.met(b"root", b"B", False)
    assert not record.unsafe and record.went_unsafe
    # The first position is open: its child by that move in the exact search was not searched.
    assert record.proved() == {b"A", b"B"}


def test_the_autoplay_to_the_first_position_counts_as_unsafe_too() -> None:
    greedy = GreedyAutoplay(Board(GameState.deal("agnes-sorel", 1)))
    greedy.unsafe = True
    record = PassRecord(b"root", greedy)
    assert record.went_unsafe and not greedy.unsafe


@pytest.mark.parametrize(
    ("name", "number", "verdict"),
    [
        ("agnes-sorel", 4, Outcome.WON),
        ("agnes-sorel", 6, Outcome.LOST),
        ("agnes-sorel", 14, Outcome.WON),
        ("agnes-sorel", 19, Outcome.LOST),
    ],
)
def test_carry_over_keeps_every_verdict_in_fewer_positions(
    name: str, number: int, verdict: Outcome
) -> None:
    state = GameState.deal(name, number)
    apart = solve(state, max_states=30_000, techniques=Techniques(carry_over=False))
    carried = solve(state, max_states=30_000)
    assert carried.outcome is apart.outcome is verdict
    assert carried.states < apart.states


def _proved_by_the_pass(search: Search, budget: int) -> tuple[Position, set[bytes]]:
    """The first position of the streamlined pass of ``search`` and what it proved lost."""
    assert search.greedy is not None
    root, line = search.autoplay.autoplay(search.board.root)
    outcome, _, _, proved = search.streamlined(search.greedy, root, line, budget, None)
    assert outcome is None and proved
    return search.greedy.autoplay(root)[0], proved


@pytest.mark.parametrize(("name", "number"), [("agnes-sorel", 4), ("agnes-sorel", 14)])
def test_no_position_the_pass_proved_lost_is_won(name: str, number: int) -> None:
    # Won deals the pass did not win: walk at random through its game (its autoplay), and
    # search each position met that it proved lost exactly: none may be won.
    state = GameState.deal(name, number)
    search = Search(state, Techniques())
    first, proved = _proved_by_the_pass(search, 30_000)
    checker = Search(state, Techniques())
    board, generator, keys = search.board, search.generator, search.keys
    assert search.greedy is not None
    rng = random.Random(number)
    checked: dict[bytes, Outcome] = {}
    for _ in range(300):
        position = first
        for _ in range(40):
            moves = generator.moves(position)
            if not moves:
                break
            move = rng.choice(moves)
            position, _ = search.greedy.settle(board.apply(position, move), move)
            key = keys.key(position)
            if key in proved and key not in checked and len(checked) < 25:
                checked[key] = checker.exact(position, [], 20_000, None, 0)[0]
    assert len(checked) == 25
    assert Outcome.WON not in checked.values()
    assert list(checked.values()).count(Outcome.LOST) >= 20


def test_it_runs_where_one_deck_is_dealt_to_the_columns() -> None:
    assert Search(GameState.deal("agnes-sorel", 1), Techniques()).carry_over
    assert not Search(GameState.deal("agnes-sorel", 1), Techniques(carry_over=False)).carry_over
    # With deals to the reserve it changed nothing; two decks have no link keys.
    for name in ("agnes-bernauer", "agnes-bernauer-pysol", "agnes-two"):
        assert not Search(GameState.deal(name, 1), Techniques()).carry_over
