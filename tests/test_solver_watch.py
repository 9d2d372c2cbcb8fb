"""Progress reports and cancellation of solve and win_rate (issue 13, item 2), and the time
limit of solve and the hints (issue 12, item 4)."""

from __future__ import annotations

import math
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import pytest

from agnes_rules import ArgumentError, Game, GameState, Outcome, SolveResult, hint, solve, win_rate
from agnes_rules.solver import omniscient_hint
from agnes_rules.solver.api import check_max_seconds
from agnes_rules.solver.budget import default_max_states
from agnes_rules.solver.hints import HINT_SAMPLES
from agnes_rules.solver.watch import CHECK_EVERY, TIMED_CHECK_EVERY, Watch

HARD = GameState.deal("agnes-sorel", 308)  # lost, but undecided within 100 000 positions


def test_solve_reports_every_few_thousand_positions() -> None:
    reports: list[tuple[int, int]] = []
    result = solve(
        HARD, max_states=20_000, progress=lambda done, total: reports.append((done, total))
    )
    assert reports == [(n * CHECK_EVERY, 20_000) for n in range(1, 5)]
    # Watching changes nothing in the verdict or the count.
    assert result == solve(HARD, max_states=20_000)


def test_a_search_without_a_budget_reports_its_memory_bound_as_the_total() -> None:
    stop = threading.Event()
    reports: list[tuple[int, int]] = []

    def note(done: int, total: int) -> None:
        reports.append((done, total))
        if done >= 2 * CHECK_EVERY:
            stop.set()

    result = solve(HARD, progress=note, cancel=stop)
    assert result.outcome is Outcome.UNKNOWN and result.moves == ()
    assert result.states == 2 * CHECK_EVERY
    # No search is unbounded: without max_states the memory-based default is the total.
    bound = default_max_states()
    assert reports == [(CHECK_EVERY, bound), (2 * CHECK_EVERY, bound)]


def test_a_function_can_cancel_and_a_cancelled_search_does_not_start() -> None:
    calls = []

    def enough() -> bool:
        calls.append(1)
        return len(calls) > 2

    result = solve(HARD, max_states=100_000, cancel=enough)
    assert result.outcome is Outcome.UNKNOWN and result.states == 2 * CHECK_EVERY
    stop = threading.Event()
    stop.set()
    assert solve(HARD, cancel=stop).states == 0
    # A quick win is not disturbed by a watch that never fires.
    easy = GameState.deal("agnes-sorel", 3)
    assert solve(easy, cancel=threading.Event()) == solve(easy)


def test_bad_watch_arguments_are_refused() -> None:
    with pytest.raises(ArgumentError, match="progress"):
        solve(HARD, progress=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="cancel"):
        solve(HARD, cancel=True)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="cancel"):
        win_rate("agnes-sorel", [1], cancel="stop")  # type: ignore[arg-type]


def test_win_rate_reports_finished_deals() -> None:
    reports: list[tuple[int, int]] = []
    with ThreadPoolExecutor(2) as pool:
        rate = win_rate(
            "agnes-sorel",
            [2, 3, 10, 15, 27],
            executor=pool,
            chunk_size=2,
            progress=lambda done, total: reports.append((done, total)),
        )
    assert rate.deals == 5 and rate.won == 3
    assert reports[-1] == (5, 5)
    assert [done for done, _ in reports] == sorted({done for done, _ in reports})


def test_a_cancelled_win_rate_keeps_the_deals_solved() -> None:
    stop = threading.Event()
    reports: list[tuple[int, int]] = []

    def note(done: int, total: int) -> None:
        reports.append((done, total))
        stop.set()

    numbers = [3, 1, 1, 1, 1, 1]
    with ThreadPoolExecutor(1) as pool:
        rate = win_rate(
            "agnes-sorel",
            numbers,
            executor=pool,
            chunk_size=1,
            max_states=20_000,
            progress=note,
            cancel=stop,
        )
    assert rate.deals == reports[-1][0] < len(numbers)
    assert rate.outcomes[0] == (3, Outcome.WON)
    stop_now = threading.Event()
    stop_now.set()
    with ThreadPoolExecutor(1) as pool:
        assert (
            win_rate("agnes-sorel", numbers, executor=pool, max_states=2_000, cancel=stop_now).deals
            == 0
        )


# ---------------------------------------------------------------- time limits


HARD_TWO = GameState.deal("agnes-two", 4)  # undecided within 20 000 positions too


@pytest.mark.parametrize("state", [HARD, HARD_TWO, GameState.deal("agnes-bernauer", 1)])
def test_a_time_limit_makes_a_hard_search_unknown(state: GameState) -> None:
    # Without the limit these searches would go on to the memory-based budget, minutes away.
    result = solve(state, max_seconds=0.05)
    assert result.outcome is Outcome.UNKNOWN and result.moves == ()
    assert result.states < default_max_states()


def test_a_time_limit_of_zero_stops_before_the_search() -> None:
    easy = GameState.deal("agnes-sorel", 3)
    assert solve(easy, max_seconds=0) == SolveResult(Outcome.UNKNOWN, (), 0)
    assert solve(easy, max_seconds=0.0, max_states=5) == SolveResult(Outcome.UNKNOWN, (), 0)


def test_progress_and_cancellation_keep_their_pace_with_a_time_limit() -> None:
    # The clock is read every TIMED_CHECK_EVERY positions; the user's callbacks are still
    # called every CHECK_EVERY.
    assert CHECK_EVERY % TIMED_CHECK_EVERY == 0 and TIMED_CHECK_EVERY < CHECK_EVERY
    reports: list[tuple[int, int]] = []
    result = solve(
        HARD,
        max_states=20_000,
        max_seconds=3600,
        progress=lambda done, total: reports.append((done, total)),
    )
    assert reports == [(n * CHECK_EVERY, 20_000) for n in range(1, 5)]
    assert result == solve(HARD, max_states=20_000)
    calls = []

    def enough() -> bool:
        calls.append(1)
        return len(calls) > 2

    stopped = solve(HARD, max_states=100_000, max_seconds=3600, cancel=enough)
    assert stopped.outcome is Outcome.UNKNOWN and stopped.states == 2 * CHECK_EVERY


def test_a_watch_with_a_deadline_checks_more_often() -> None:
    timed = Watch.of(None, None, deadline=time.monotonic() + 3600)
    assert timed is not None and timed.every == TIMED_CHECK_EVERY
    assert not timed.is_late() and not timed.checkpoint(TIMED_CHECK_EVERY, 0)
    late = Watch.of(None, None, deadline=time.monotonic() - 1)
    assert late is not None and late.is_late() and late.checkpoint(TIMED_CHECK_EVERY, 0)
    assert Watch.of(None, None) is None
    assert Watch.idle().every == CHECK_EVERY and not Watch.idle().is_late()


@pytest.mark.parametrize(
    ("seconds", "expected"),
    [(0, 0.0), (1, 1.0), (0.05, 0.05), (Fraction(1, 4), 0.25), (math.inf, None), (10**400, None)],
    ids=["0", "1", "0.05", "fraction", "inf", "huge"],
)
def test_a_time_limit_is_a_number_of_seconds(seconds: object, expected: float | None) -> None:
    assert check_max_seconds(seconds) == expected


@pytest.mark.parametrize(
    "seconds",
    [-1, -0.001, math.nan, -math.inf, True, False, "1", [1], 1j, -(10**400)],
    ids=lambda value: repr(value)[:12],
)
def test_a_bad_time_limit_is_refused(seconds: object) -> None:
    state = GameState.deal("agnes-sorel", 3)
    for call in (solve, hint, omniscient_hint):
        with pytest.raises(ArgumentError, match="max_seconds"):
            call(state, max_seconds=seconds)  # type: ignore[operator]
    with pytest.raises(ArgumentError, match="max_seconds"):
        Game("agnes-sorel", 3).hint(max_seconds=seconds)


def test_a_hint_out_of_time_falls_back_on_simple_rules() -> None:
    state = GameState.deal("agnes-sorel", 3)
    advice = hint(state, max_seconds=0)
    assert advice.move is not None and state.is_legal(advice.move)
    assert advice.reason.startswith(f"no winning line found in {HINT_SAMPLES} deals")
    seeing = omniscient_hint(state, max_seconds=0)
    assert seeing.move is not None and state.is_legal(seeing.move)
    assert seeing.reason.startswith("no winning line found within 0 seconds")
    # The game passes the limit on to the hint.
    assert Game("agnes-sorel", 3).hint(max_seconds=0) == advice


def test_a_hint_with_time_to_spare_is_the_hint_without_a_limit() -> None:
    # Each search still has its share of max_states; the time is not the bound here.
    state = GameState.deal("agnes-sorel", 7)
    assert hint(state, max_seconds=3600) == hint(state)
    assert omniscient_hint(state, max_seconds=3600) == omniscient_hint(state)
    final = state.play(solve(state).moves)
    assert hint(final, max_seconds=0).move is None  # nothing to search: no move is legal


def test_a_first_pass_watches_a_share_of_the_time_left() -> None:
    watch = Watch(print, threading.Event().is_set, deadline=time.monotonic() + 8.0)
    part = watch.share(4)
    assert (part.progress, part.is_cancelled) == (watch.progress, watch.is_cancelled)
    assert part.deadline is not None and 1.0 < part.deadline - time.monotonic() <= 2.0
    assert Watch.idle().share(4) == Watch.idle()  # no deadline, none to share
    late = Watch(None, threading.Event().is_set, deadline=time.monotonic() - 1.0)
    assert late.share(4).is_late()
