"""Python's cycle collector, paused while searches run.

A search makes millions of tuples (positions, moves, frames), none of them in a
reference cycle, and every new one counts towards a collection that finds
nothing to free: about 5% of a search's time. The collector is process-wide, so
searches running at once in several threads share one pause: the first to start
turns it off, the last to end turns it back on, if it was on before the first.
"""

from __future__ import annotations

import gc
import threading

__all__ = ["pause_collector", "resume_collector"]


class _Pause:
    """The searches under way (``depth``) and whether the collector was on before them."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.depth = 0
        self.was_on = False


_PAUSE = _Pause()


def pause_collector() -> None:
    """One more search under way: the collector is off until the last one ends."""
    with _PAUSE.lock:
        if not _PAUSE.depth:
            _PAUSE.was_on = gc.isenabled()
            gc.disable()
        _PAUSE.depth += 1


def resume_collector() -> None:
    """A search ended (after :func:`pause_collector`); the last one turns the collector
    back on, if it was on before the first."""
    with _PAUSE.lock:
        _PAUSE.depth -= 1
        if not _PAUSE.depth and _PAUSE.was_on:
            gc.enable()
