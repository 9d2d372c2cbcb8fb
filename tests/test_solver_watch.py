"""Progress reports and cancellation of solve and win_rate (issue 13, item 2)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from agnes_rules import ArgumentError, GameState, Outcome, solve, win_rate
from agnes_rules.solver.budget import default_max_states
from agnes_rules.solver.watch import CHECK_EVERY

HARD = GameState.deal("agnes-sorel", 1)  # undecided within 20 000 positions


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
