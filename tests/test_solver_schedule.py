"""The dead-end check's trials, and the cycle collector's pause shared by searches."""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

from agnes_rules.solver.collector import pause_collector, resume_collector
from agnes_rules.solver.schedule import REST, TRIAL, YIELD, TrialSchedule


def _trial(schedule: TrialSchedule, hits: int) -> None:
    """A whole trial: ``hits`` positions refuted, then the positions let pass."""
    for _ in range(hits):
        assert schedule.due()
        schedule.record(True)
    for _ in range(TRIAL):
        assert schedule.due()
        schedule.record(False)


def test_a_trial_that_refutes_too_little_rests_the_check_then_it_is_tried_again() -> None:
    schedule = TrialSchedule()
    _trial(schedule, TRIAL // YIELD - 1)
    assert schedule.rests == 1
    assert [schedule.due() for _ in range(REST)] == [False] * REST
    # The next trial counts afresh: this one refutes enough, and the check goes on.
    _trial(schedule, TRIAL // YIELD)
    assert schedule.rests == 1 and schedule.due()


def test_a_trial_that_refutes_enough_keeps_the_check_running() -> None:
    schedule = TrialSchedule()
    for _ in range(3):
        _trial(schedule, TRIAL // YIELD)
    assert schedule.rests == 0 and schedule.due()
    assert (schedule.passes, schedule.hits) == (0, 0)


def test_a_schedule_of_shorter_trials_rests_for_its_own_length() -> None:
    schedule = TrialSchedule(trial=1_000, rest=9_000)
    for _ in range(1_000):
        assert schedule.due()
        schedule.record(False)
    assert schedule.rests == 1
    assert [schedule.due() for _ in range(9_000)] == [False] * 9_000
    assert schedule.due()


@contextlib.contextmanager
def _collector(on: bool) -> Iterator[None]:
    """The cycle collector switched ``on`` (or off) for the block, then as it was."""
    was = gc.isenabled()
    if on:
        gc.enable()
    else:
        gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()


def test_the_collector_comes_back_only_when_the_last_search_ends() -> None:
    with _collector(on=True):
        pause_collector()
        pause_collector()
        resume_collector()
        assert not gc.isenabled()
        resume_collector()
        assert gc.isenabled()


def test_a_collector_off_before_the_searches_stays_off() -> None:
    with _collector(on=False):
        pause_collector()
        resume_collector()
        assert not gc.isenabled()


def test_searches_in_threads_that_overlap_leave_the_collector_on() -> None:
    # Each thread pauses, waits for all the others to have paused, and resumes: whatever
    # the interleaving, the collector is on again once all have ended.
    barrier = threading.Barrier(4)

    def search() -> None:
        pause_collector()
        barrier.wait()
        resume_collector()

    with _collector(on=True):
        threads = [threading.Thread(target=search) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert gc.isenabled()
