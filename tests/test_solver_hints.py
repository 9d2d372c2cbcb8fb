"""The player's hint: it depends only on what the player sees, and reasons over hidden cards."""

from __future__ import annotations

import functools
import hashlib
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import agnes_rules
from agnes_rules import Game, GameState, Move
from agnes_rules.solver import Outcome, hint, omniscient_hint, solve
from agnes_rules.solver.hints import HINT_SAMPLES
from agnes_rules.solver.sampling import completions, is_complete, view_seed
from agnes_rules.view import player_view

QUAGNES_5 = GameState.deal("agnes-sorel-quagnes", 5)


def after_the_stock(number: int) -> tuple[GameState, tuple[str, ...]]:
    """A position of deal ``number`` of agnes-sorel on its winning line, once the stock is
    empty (nothing hidden any more), and the rest of the line."""
    state = GameState.deal("agnes-sorel", number)
    moves = solve(state).moves
    last_deal = max(index for index, move in enumerate(moves) if move.is_deal)
    return state.play(moves[: last_deal + 1]), tuple(map(str, moves[last_deal + 1 :]))


def test_the_seed_is_a_digest_of_the_view_code() -> None:
    view = player_view(QUAGNES_5)
    digest = hashlib.sha256(view.to_code().encode()).digest()
    assert view_seed(view) == int.from_bytes(digest[:8], "big")


def test_completions_look_like_the_view_and_differ() -> None:
    view = player_view(QUAGNES_5)
    deals = completions(view, 6)
    assert all(player_view(deal) == view for deal in deals)
    assert len(set(deals)) == 6  # 40 hidden cards: six different deals
    assert not is_complete(view)


def test_equal_views_give_equal_hints() -> None:
    view = player_view(QUAGNES_5)
    other = completions(view, 1)[0]
    assert other != QUAGNES_5 and player_view(other) == view
    assert hint(other) == hint(QUAGNES_5)
    sorel = GameState.deal("agnes-sorel", 7)
    twin = completions(player_view(sorel), 1)[0]  # the same columns, the stock reordered
    assert twin.stock != sorel.stock
    assert hint(twin) == hint(sorel)


def test_the_hint_is_the_same_in_another_process() -> None:
    code = (
        "from agnes_rules import GameState, hint;"
        "print(hint(GameState.deal('agnes-sorel-quagnes', 5)))"
    )
    source = os.path.dirname(os.path.dirname(agnes_rules.__file__))  # this checkout's src
    env = dict(os.environ, PYTHONHASHSEED="12345", PYTHONPATH=source)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == str(hint(QUAGNES_5))


def test_the_first_hint_of_quagnes_deal_5_does_not_peek() -> None:
    # The all-seeing solver knows this deal is lost; the player cannot.
    assert solve(QUAGNES_5).outcome is Outcome.LOST
    assert "cannot be won" in omniscient_hint(QUAGNES_5).reason
    advice = hint(QUAGNES_5)
    assert advice.move is not None and QUAGNES_5.is_legal(advice.move)
    assert "cannot be won" not in advice.reason
    assert f"{HINT_SAMPLES} deals consistent with what you can see" in advice.reason


def test_with_hidden_cards_the_reason_counts_the_deals() -> None:
    state = GameState.deal("agnes-sorel", 7)
    advice = hint(state)
    assert advice.move is not None and state.is_legal(advice.move)
    wins = int(advice.reason.split()[3])
    assert advice.reason == (
        f"it wins in {wins} of {HINT_SAMPLES} deals consistent with what you can see"
    )
    assert 1 <= wins <= HINT_SAMPLES


def test_with_nothing_hidden_the_hint_is_the_solvers() -> None:
    state, _ = after_the_stock(3)
    assert is_complete(player_view(state))
    assert hint(state) == omniscient_hint(state)
    assert hint(state).reason.startswith("it starts a winning line")


def test_the_game_asks_for_the_players_hint() -> None:
    game = Game("agnes-sorel-quagnes", 5)
    assert game.hint() == hint(game.state)
    assert "consistent with what you can see" in game.hint().reason


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.sampled_from([3, 15, 27]), steps=st.integers(0, 60))
def test_a_hint_keeps_a_won_position_won(number: int, steps: int) -> None:
    # Nothing hidden and proved won: the hinted move keeps the game won.
    state, rest = after_the_stock(number)
    state = state.play(rest[: min(steps, len(rest) - 1)])
    assert solve(state).won
    advice = hint(state)
    assert advice.move is not None
    assert solve(state.apply(advice.move)).won


def test_a_hint_always_has_a_budget() -> None:
    # A hint answers while the player waits: no budget is refused, not searched without end.
    with pytest.raises(agnes_rules.ArgumentError, match="needs a budget"):
        hint(GameState.deal("agnes-sorel", 1), max_states=None)  # type: ignore[arg-type]


#: Deals the solver wins in a few hundred positions at most (benchmarks/results/win_rates.csv).
_QUICK_WINS = [
    ("agnes-sorel", 4585),
    ("agnes-sorel", 2089),
    ("agnes-sorel", 2856),
    ("agnes-sorel", 27),
    ("agnes-bernauer", 1637),
    ("agnes-bernauer", 3084),
    ("agnes-bernauer", 4),
    ("agnes-bernauer", 5),
]
#: The budget of the searches of the test below: the positions it keeps are won quickly.
_BUDGET = 3_000


@functools.cache
def _winning_line(name: str, number: int) -> tuple[GameState, tuple[Move, ...]]:
    state = GameState.deal(name, number)
    return state, solve(state, max_states=_BUDGET).moves


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    deal=st.sampled_from(_QUICK_WINS),
    along=st.floats(0, 1),
    detour=st.lists(st.integers(0, 99), max_size=3),
)
def test_the_omniscient_hint_keeps_a_won_position_won(
    deal: tuple[str, int], along: float, detour: list[int]
) -> None:
    # A random won position: part of the way along a winning line, then a few legal moves
    # picked at random (by their index), kept when the solver proves it won.
    state, line = _winning_line(*deal)
    assert line  # each of these deals is won within the budget
    state = state.play(line[: int(along * (len(line) - 1))])
    for pick in detour:
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(moves[pick % len(moves)])
    assume(not state.is_won and solve(state, max_states=_BUDGET).won)
    advice = omniscient_hint(state, max_states=_BUDGET)
    assert advice.move is not None and state.is_legal(advice.move)
    assert advice.reason.startswith("it starts a winning line")
    after = state.apply(advice.move)
    # The search from the position after the move is part of the search that found the
    # line; it may meet again positions the first search had already refuted elsewhere,
    # hence the larger budget.
    assert after.is_won or solve(after, max_states=4 * _BUDGET).won
