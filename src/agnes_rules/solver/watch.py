"""Progress reports, cancellation and time limits for long computations (:func:`solve`,
``win_rate``).

A web back-end or a GUI runs a search in a worker thread, shows how far it
got, and stops it when the user leaves: ``progress`` is called with two
counts ``(done, total)``, and ``cancel`` is a :class:`threading.Event` or any
function without arguments that returns True when the work should stop. A
search with a time limit (``max_seconds``) carries a ``deadline`` on the
:func:`time.monotonic` clock, which :meth:`Watch.checkpoint` looks at.

>>> import threading
>>> stop = threading.Event()
>>> reports = []
>>> watch = Watch.of(lambda done, total: reports.append((done, total)), stop)
>>> watch.report(10, 100), reports
(False, [(10, 100)])
>>> stop.set()
>>> watch.report(20, 100)
True
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeAlias

import attrs

from agnes_rules.errors import ArgumentError

__all__ = [
    "CHECK_EVERY",
    "TIMED_CHECK_EVERY",
    "Cancel",
    "Progress",
    "Watch",
    "next_stop",
    "stop_or_next",
]

#: A progress callback: called with ``(done, total)``.
Progress: TypeAlias = Callable[[int, int], None]
#: A cancellation signal: an event that is set, or a function that returns True, to stop.
Cancel: TypeAlias = threading.Event | Callable[[], bool]

#: The search reports and looks for cancellation every this many positions: a few
#: milliseconds of work, and too rare to cost anything measurable.
CHECK_EVERY = 4096
#: With a deadline the search stops at a checkpoint every this many positions instead: the
#: slowest presets examine about 30,000 positions a second in the pure-Python build, so
#: the clock is read every 2 ms or so, and a call into this module every 64 positions
#: costs well under 1% even in the compiled build. It divides :data:`CHECK_EVERY`, so
#: progress is still reported at the same counts.
TIMED_CHECK_EVERY = 64


def _never() -> bool:
    return False


@attrs.frozen
class Watch:
    """A progress callback, a cancellation test and a deadline, checked at the caller's pace.

    ``deadline`` is a :func:`time.monotonic` reading past which the work stops
    (None: no time limit); only :meth:`checkpoint` looks at it.
    """

    progress: Progress | None
    is_cancelled: Callable[[], bool]
    deadline: float | None = None

    @classmethod
    def of(
        cls, progress: Progress | None, cancel: Cancel | None, deadline: float | None = None
    ) -> Watch | None:
        """The watch of these arguments, or None when there is nothing to watch.

        A ``progress`` that is not callable, or a ``cancel`` that is neither an
        event nor callable, raises an :class:`~agnes_rules.errors.ArgumentError`.
        """
        if progress is not None and not callable(progress):
            raise ArgumentError(f"progress must be a function of (done, total), got {progress!r}")
        if cancel is None:
            is_cancelled: Callable[[], bool] = _never
        elif isinstance(cancel, threading.Event):
            is_cancelled = cancel.is_set
        elif callable(cancel):
            is_cancelled = cancel
        else:
            raise ArgumentError(
                f"cancel must be a threading.Event or a function returning a bool, got {cancel!r}"
            )
        if progress is None and cancel is None and deadline is None:
            return None
        return cls(progress, is_cancelled, deadline)

    @classmethod
    def idle(cls) -> Watch:
        """A watch that reports to no one, never cancels and has no deadline."""
        return cls(None, _never)

    @property
    def every(self) -> int:
        """How many positions a search examines between two :meth:`checkpoint` calls."""
        return CHECK_EVERY if self.deadline is None else TIMED_CHECK_EVERY

    def report(self, done: int, total: int) -> bool:
        """Report ``(done, total)``; whether the work should stop."""
        if self.progress is not None:
            self.progress(done, total)
        return bool(self.is_cancelled())

    def checkpoint(self, done: int, total: int) -> bool:
        """A search's check, every :attr:`every` positions; whether the search should stop.

        Progress and cancellation are looked at every :data:`CHECK_EVERY`
        positions (a user's callbacks may be slow), the clock at every call.
        """
        if done % CHECK_EVERY == 0 and self.report(done, total):
            return True
        return self.is_late()

    def is_late(self) -> bool:
        """Whether the deadline has passed (never, without one)."""
        return self.deadline is not None and time.monotonic() >= self.deadline

    def share(self, parts: int) -> Watch:
        """This watch for a first pass of a search: the same reports and cancellation,
        with a deadline (if any) one ``parts``-th of the time left from now."""
        if self.deadline is None:
            return self
        now = time.monotonic()
        return attrs.evolve(self, deadline=now + max(self.deadline - now, 0.0) / parts)


def next_stop(examined: int, budget: int, every: int) -> int:
    """The next count at which a watched search stops: the next check (one every ``every``
    positions), or the budget (-1: none)."""
    check = (examined // every + 1) * every
    return check if budget < 0 else min(check, budget)


def stop_or_next(watch: Watch | None, examined: int, budget: int, every: int, total: int) -> int:
    """At a stop of a search loop (``examined`` positions so far): 0 to stop the pass (its
    ``budget`` is spent, or the watch says so), else the next stop. ``total``, the budget
    of the whole search, is what the watch is told (a first pass has a smaller ``budget``)."""
    if examined == budget or watch is None:
        # A new position, one more than the budget allows: stop here. At the end of a first
        # pass the watch still gets the report due at this count (the next pass goes on).
        if watch is not None and budget != total:
            watch.checkpoint(examined, max(total, 0))
        return 0
    if watch.checkpoint(examined, max(total, 0)):
        return 0
    return next_stop(examined, budget, every)
