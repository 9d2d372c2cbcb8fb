"""Solving a position: the entry point, its checks, and the winning line made public.

The search works on private moves; a won line is turned into public
:class:`~agnes_rules.core.moves.Move` objects and replayed with the rules
engine before it is returned, so a solver bug shows up as a
:class:`~agnes_rules.errors.SolverError`, never as a wrong line.
"""

from __future__ import annotations

import math
import numbers
import time
from collections.abc import Sequence

from agnes_rules.core.moves import Area, Move
from agnes_rules.core.state import GameState
from agnes_rules.errors import ArgumentError, SolverError
from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DEAL,
    FOUNDATION_TO_COLUMN,
    RESERVE_TO_COLUMN,
    RESERVE_TO_FOUNDATION,
    SPARE_TO_COLUMN,
    SPARE_TO_FOUNDATION,
    InternalMove,
)
from agnes_rules.solver.budget import default_max_states
from agnes_rules.solver.lines import without_round_trips
from agnes_rules.solver.results import ALL_TECHNIQUES, Outcome, SolveResult, Techniques
from agnes_rules.solver.search import Search
from agnes_rules.solver.watch import Cancel, Progress, Watch

__all__ = ["check_max_seconds", "check_max_states", "checked_line", "public_move", "solve"]

#: The area each kind of private move takes its cards from.
_SOURCE_AREA = {
    COLUMN_TO_FOUNDATION: Area.TABLEAU,
    RESERVE_TO_FOUNDATION: Area.RESERVE,
    SPARE_TO_FOUNDATION: Area.SPARE,
    COLUMN_TO_COLUMN: Area.TABLEAU,
    RESERVE_TO_COLUMN: Area.RESERVE,
    SPARE_TO_COLUMN: Area.SPARE,
    FOUNDATION_TO_COLUMN: Area.FOUNDATION,
}


def solve(
    state: GameState,
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    techniques: Techniques = ALL_TECHNIQUES,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> SolveResult:
    """Whether ``state`` can be won, with a winning line if so.

    The search plays with full knowledge of the face-down cards and the stock.
    ``max_states`` bounds the number of positions examined, by the streamlined
    first pass, the best-first pass and the exact search together (see
    ``Techniques.streamline`` and ``Techniques.best_first``; None: what
    a quarter of the memory holds, :mod:`~agnes_rules.solver.budget`); when the
    search needs more, the outcome is :attr:`Outcome.UNKNOWN`.
    ``max_seconds`` (a number of seconds, None: no limit) bounds the time the
    same way: the search reads the clock every
    :data:`~agnes_rules.solver.watch.TIMED_CHECK_EVERY` (64) positions it
    examines or meets again (about a millisecond of work, a few at most) and
    gives :attr:`Outcome.UNKNOWN` once the time is up (at once when it is 0).
    Without it the search never reads the clock.
    ``techniques`` switches pruning techniques off, for measurements only.
    For a search run in the background: ``progress(examined, max_states)`` is
    called every :data:`~agnes_rules.solver.watch.CHECK_EVERY` (4096) positions
    (``max_states`` is the budget in force, the memory-based one if none was given),
    and ``cancel`` (a
    :class:`threading.Event`, or a function returning True to stop) is looked
    at as often, and before the search starts; a cancelled search returns
    :attr:`Outcome.UNKNOWN`. An :class:`~agnes_rules.errors.ArgumentError`
    says what is wrong with a bad argument.

    >>> from agnes_rules.core.state import GameState
    >>> solve(GameState.deal("agnes-sorel", 1), max_states=5)
    SolveResult(outcome=<Outcome.UNKNOWN: 'unknown'>, moves=(), states=5)
    >>> solve(GameState.deal("agnes-sorel", 1), max_seconds=0)
    SolveResult(outcome=<Outcome.UNKNOWN: 'unknown'>, moves=(), states=0)
    """
    # The clock starts first, so that the checks and the setup count against the time.
    started = time.monotonic()
    if not isinstance(state, GameState):
        raise ArgumentError(f"solve() needs a GameState, got {state!r}")
    if check_max_states(max_states) is None:
        max_states = default_max_states()  # bounded by memory: the table cannot outgrow it
    seconds = check_max_seconds(max_seconds)
    if not isinstance(techniques, Techniques):
        raise ArgumentError(f"techniques must be a Techniques, got {techniques!r}")
    deadline = None if seconds is None else started + seconds
    # Always watched, even with nothing to report: in the compiled build the search runs
    # no interpreted Python between its checks, and this call into a pure module every
    # CHECK_EVERY positions is where Python notices Ctrl-C (SIGINT) and raises it.
    watch = Watch.of(progress, cancel, deadline) or Watch.idle()
    if watch.is_cancelled() or (deadline is not None and time.monotonic() >= deadline):
        return SolveResult(Outcome.UNKNOWN, (), 0)
    outcome, line, examined = Search(state, techniques).run(max_states, watch)
    moves = checked_line(state, line) if outcome is Outcome.WON else ()
    return SolveResult(outcome, moves, examined)


def check_max_states(max_states: object) -> int | None:
    """``max_states`` if it is a budget: a positive integer, or None (the caller's default).

    Anything else raises an :class:`~agnes_rules.errors.ArgumentError`.
    """
    if max_states is None:
        return None
    if isinstance(max_states, bool) or not isinstance(max_states, int) or max_states < 1:
        raise ArgumentError(f"max_states must be a positive integer or None, got {max_states!r}")
    return max_states


def check_max_seconds(max_seconds: object) -> float | None:
    """``max_seconds`` as a time limit in seconds: a number at least 0, or None (no limit).

    Infinity is no limit either (None). Anything else (a bool, a negative
    number, NaN, a string) raises an :class:`~agnes_rules.errors.ArgumentError`.

    >>> check_max_seconds(1), check_max_seconds(0.05), check_max_seconds(float("inf"))
    (1.0, 0.05, None)
    """
    if max_seconds is None:
        return None
    if isinstance(max_seconds, bool) or not isinstance(max_seconds, numbers.Real):
        raise ArgumentError(
            f"max_seconds must be a number of seconds (at least 0) or None, got {max_seconds!r}"
        )
    try:
        seconds = float(max_seconds)
    except OverflowError:  # an int too large for a float: no limit, or refused below
        seconds = -math.inf if max_seconds < 0 else math.inf
    if math.isnan(seconds) or seconds < 0:
        raise ArgumentError(f"max_seconds must be at least 0 (or None), got {max_seconds!r}")
    return None if math.isinf(seconds) else seconds


def public_move(move: InternalMove) -> Move:
    """The public :class:`~agnes_rules.core.moves.Move` of a private move."""
    kind, source, target, count = move
    if kind == DEAL:
        return Move.deal()
    if kind <= SPARE_TO_FOUNDATION:
        return Move.foundation_drop(_SOURCE_AREA[kind], source)
    return Move.onto_column(_SOURCE_AREA[kind], source, target, count)


def checked_line(state: GameState, line: Sequence[InternalMove]) -> tuple[Move, ...]:
    """The line as public moves, replayed with the rules engine, which must end in a win.

    Where cards may be worried back, pointless round trips between a column and a
    foundation are left out (:func:`~agnes_rules.solver.lines.without_round_trips`).
    """
    moves = _replayed(state, tuple(public_move(move) for move in line))
    if state.variant.worry_back:
        moves = _replayed(state, without_round_trips(state, moves))
    return moves


def _replayed(state: GameState, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """``moves``, once the rules engine has played them from ``state`` to a win."""
    current = state
    for number, move in enumerate(moves):
        error = current.why_illegal(move)
        if error is not None:
            raise SolverError(f"the solver's move {number + 1} ({move}) is illegal: {error}")
        current = current.apply(move)
    if not current.is_won:
        raise SolverError("the solver's winning line does not win")
    return moves
