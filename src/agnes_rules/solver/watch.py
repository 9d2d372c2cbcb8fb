"""Progress reports and cancellation for long computations (:func:`solve`, ``win_rate``).

A web back-end or a GUI runs a search in a worker thread, shows how far it
got, and stops it when the user leaves: ``progress`` is called with two
counts ``(done, total)``, and ``cancel`` is a :class:`threading.Event` or any
function without arguments that returns True when the work should stop.

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
from collections.abc import Callable
from typing import TypeAlias

import attrs

from agnes_rules.errors import ArgumentError

__all__ = ["CHECK_EVERY", "Cancel", "Progress", "Watch"]

#: A progress callback: called with ``(done, total)``.
Progress: TypeAlias = Callable[[int, int], None]
#: A cancellation signal: an event that is set, or a function that returns True, to stop.
Cancel: TypeAlias = threading.Event | Callable[[], bool]

#: The search reports and looks for cancellation every this many positions: a few
#: milliseconds of work, and too rare to cost anything measurable.
CHECK_EVERY = 4096


def _never() -> bool:
    return False


@attrs.frozen
class Watch:
    """A progress callback and a cancellation test, checked at the caller's pace."""

    progress: Progress | None
    is_cancelled: Callable[[], bool]

    @classmethod
    def of(cls, progress: Progress | None, cancel: Cancel | None) -> Watch | None:
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
        if progress is None and cancel is None:
            return None
        return cls(progress, is_cancelled)

    @classmethod
    def idle(cls) -> Watch:
        """A watch that reports to no one and never cancels."""
        return cls(None, _never)

    def report(self, done: int, total: int) -> bool:
        """Report ``(done, total)``; whether the work should stop."""
        if self.progress is not None:
            self.progress(done, total)
        return bool(self.is_cancelled())
