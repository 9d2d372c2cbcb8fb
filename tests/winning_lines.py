"""The positions on winning lines of known winnable deals (shared by the loss-proof tests:
every position on a winning line can be won, so no loss proof may refute one)."""

from __future__ import annotations

from collections.abc import Iterator

from agnes_rules import winnable_deals
from agnes_rules.core.state import GameState
from agnes_rules.solver import Techniques, solve

__all__ = ["positions_on_winning_lines"]


def positions_on_winning_lines(
    name: str, techniques: Techniques, lines: int = 4
) -> Iterator[tuple[int, GameState]]:
    """(deal number, position) for every position but the last on the winning lines of
    the first ``lines`` deals among the first 12 winnable deals of preset ``name`` that
    the solver, with ``techniques``, wins within 20,000 positions; fails unless there
    are that many."""
    found = 0
    for number in winnable_deals(name)[:12]:
        state = GameState.deal(name, number)
        result = solve(state, max_states=20_000, techniques=techniques)
        if not result.won:
            continue
        for move in result.moves:
            yield number, state
            state = state.apply(move)
        found += 1
        if found == lines:
            return
    raise AssertionError(f"fewer than {lines} of {name}'s first winnable deals won")
