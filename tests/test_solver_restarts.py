"""Restarts of the exact search: salted orders, and turns that keep what they proved."""

from __future__ import annotations

import pytest

from agnes_rules.core.state import GameState
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.ordering import SALT_SPREAD, order
from agnes_rules.solver.restarts import UNIT, luby, run_lengths
from agnes_rules.solver.search import Search


def test_the_runs_follow_the_luby_sequence() -> None:
    assert [luby(index) for index in range(1, 32)] == [
        1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8,
        1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16,
    ]  # fmt: skip
    assert list(run_lengths(3)) == [UNIT, UNIT, 2 * UNIT]


def test_a_salted_order_is_another_order_of_the_same_moves_and_repeatable() -> None:
    search = Search(GameState.deal("agnes-two", 1), Techniques())
    root = search.board.root
    moves = search.generator.moves(root)
    plain = order(search.board, root, moves)
    salted = [order(search.board, root, moves, salt) for salt in range(1, 6)]
    for salt, other in enumerate(salted, start=1):
        assert sorted(other) == sorted(plain)
        assert other == order(search.board, root, moves, salt)
    # Some salt changes the order (the bonus reaches past the gaps between some scores).
    assert any(other != plain for other in salted) and SALT_SPREAD < 100


@pytest.mark.parametrize(
    ("number", "verdict"),
    [(11, Outcome.LOST), (24, Outcome.LOST), (12, Outcome.WON), (21, Outcome.WON)],
)
def test_turns_that_keep_what_they_proved_reach_the_verdict_of_one_run(
    number: int, verdict: Outcome
) -> None:
    # One deck, and the exact search alone (no streamlined pass), with the turns forced on:
    # each of these deals takes several turns (several thousand positions). A position
    # the turns before finished counts as lost, and the verdicts stay those of one run.
    state = GameState.deal("agnes-sorel", number)
    one_run = Search(state, Techniques(streamline=False))
    assert not one_run.restarts
    outcome, _, single = one_run.run(None)
    turns = Search(state, Techniques(streamline=False))
    turns.restarts = True
    in_turns, line, examined = turns.run(None)
    assert outcome is in_turns is verdict
    assert turns.choice.salt >= 2 and examined > 2 * UNIT and single > UNIT
    if verdict is Outcome.WON:
        board = turns.board
        position = board.root
        for move in line:
            position = board.apply(position, move)
        assert board.is_won(position)


def test_with_two_decks_the_exact_search_runs_in_turns() -> None:
    state = GameState.deal("agnes-two", 1)
    assert Search(state, Techniques()).restarts
    assert not Search(state, Techniques(restarts=False)).restarts
    assert not Search(state, Techniques(move_ordering=False)).restarts
    assert not Search(GameState.deal("agnes-sorel", 1), Techniques()).restarts


def test_an_agnes_two_deal_won_in_turns_is_won_by_its_line() -> None:
    # Deal 1,073 of Agnes Two was undecided at 400,000 positions in one order; in turns
    # its exact search (from 50,000 on, after the first passes) wins it within the budget.
    state = GameState.deal("agnes-two", 1073)
    result = solve(state, max_states=100_000)
    assert result.won and state.play(result.moves).is_won


def test_the_turns_keep_the_budget_exactly() -> None:
    # Deal 50 of Agnes Two is undecided at 400,000 positions: its exact search runs in
    # turns from about 6,200 on, and the last turn stops at the budget.
    state = GameState.deal("agnes-two", 50)
    result = solve(state, max_states=12_345)
    assert result.outcome is Outcome.UNKNOWN and result.states == 12_345
