"""Win rates of a rule set over many deals, solved in parallel.

:func:`win_rate` solves the deals with the given PySolFC game numbers and
counts the verdicts of :func:`~agnes_rules.solver.solve`. The work runs on a
:class:`concurrent.futures.Executor`: a process pool of its own by default, or
any executor the caller passes in, so the same call scales out to a cluster
(with ``dask.distributed``: ``win_rate(variant, deals, executor=client.get_executor())``).
The result is the same whatever the executor: each deal's verdict depends only
on its number, the rule set and the budget.

>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     rate = win_rate("agnes-sorel", [2, 3, 10, 15, 27], executor=pool)
>>> rate.won, rate.lost, rate.unknown, rate.winnable
(3, 2, 0, (3, 15, 27))
>>> print(rate)
agnes-sorel: 3 won, 2 lost, 0 unknown of 5 deals; win rate 60.0% (95% CI 23.1%..88.2%)

The interval is the **Wilson score interval** at 95% confidence (z = 1.96).
Deals left undecided by the budget are counted against the lower bound and
for the upper bound, so the interval covers every way they could turn out.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from pathlib import Path

import attrs

from agnes_rules.batch import ReplacingPool, ResultFile, run_chunks
from agnes_rules.core.dealing import check_game_number
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import PresetName, Variant
from agnes_rules.errors import ArgumentError
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.api import check_max_states
from agnes_rules.solver.budget import default_max_states
from agnes_rules.solver.results import ALL_TECHNIQUES
from agnes_rules.solver.watch import Cancel, Progress, Watch

__all__ = ["WinRate", "solve_deals", "wilson_interval", "win_rate"]

#: The normal quantile of a two-sided 95% interval.
Z_95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (the whole range 0..1 when there are no trials).

    Counts that cannot be (negative, more successes than trials) raise an
    :class:`~agnes_rules.errors.ArgumentError`.

    >>> [round(x, 4) for x in wilson_interval(11, 1000)]
    [0.0062, 0.0196]
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ArgumentError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - spread), min(1.0, centre + spread))


@attrs.frozen
class WinRate:
    """The verdicts of :func:`win_rate` for one rule set.

    :attr:`outcomes` holds ``(deal number, Outcome)`` pairs in the order of the
    numbers given; :attr:`interval` is the 95% Wilson interval of the win rate,
    with undecided deals counted as lost for its lower and as won for its upper
    bound.
    """

    variant: Variant
    outcomes: tuple[tuple[int, Outcome], ...]
    max_states: int | None

    @property
    def won(self) -> int:
        """How many deals were won."""
        return sum(1 for _, outcome in self.outcomes if outcome is Outcome.WON)

    @property
    def lost(self) -> int:
        """How many deals were proved lost."""
        return sum(1 for _, outcome in self.outcomes if outcome is Outcome.LOST)

    @property
    def unknown(self) -> int:
        """How many deals the budget left undecided."""
        return sum(1 for _, outcome in self.outcomes if outcome is Outcome.UNKNOWN)

    @property
    def deals(self) -> int:
        """How many deals were solved."""
        return len(self.outcomes)

    @property
    def rate(self) -> float:
        """Won deals over all deals (undecided ones count as not won); 0 for no deals."""
        return self.won / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the win rate (Wilson score, see the module doc)."""
        low = wilson_interval(self.won, self.deals)[0]
        high = wilson_interval(self.won + self.unknown, self.deals)[1]
        return (low, high)

    @property
    def winnable(self) -> tuple[int, ...]:
        """The numbers of the deals that were won (deal only these to offer winnable games)."""
        return tuple(number for number, outcome in self.outcomes if outcome is Outcome.WON)

    def __str__(self) -> str:
        low, high = self.interval
        return (
            f"{self.variant.name}: {self.won} won, {self.lost} lost, {self.unknown} unknown"
            f" of {self.deals} deals; win rate {self.rate:.1%}"
            f" (95% CI {low:.1%}..{high:.1%})"
        )


def solve_deals(
    variant: Variant,
    numbers: Sequence[int],
    max_states: int | None = None,
    techniques: Techniques = ALL_TECHNIQUES,
) -> list[tuple[int, Outcome, int]]:
    """Solve the deals with these numbers in this process: (number, outcome, states) for each.

    This is the unit of work that :func:`win_rate` sends to its executor (with every
    technique on). ``techniques`` lets a retry search another way: every technique is
    exact, so a verdict stands whichever are on; only what stays unknown may change.
    """
    results = []
    for number in numbers:
        state = GameState.deal(variant, number)
        result = solve(state, max_states=max_states, techniques=techniques)
        results.append((number, result.outcome, result.states))
    return results


def win_rate(
    variant: Variant | PresetName,
    numbers: Iterable[int],
    *,
    executor: Executor | None = None,
    max_states: int | None = None,
    chunk_size: int = 4,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
    out: str | Path | None = None,
) -> WinRate:
    """Solve the deals with these PySolFC game ``numbers`` and count the verdicts.

    ``executor`` runs the work (chunks of ``chunk_size`` deals); by default a
    :class:`~concurrent.futures.ProcessPoolExecutor` is started and shut down
    for the call. ``max_states`` is the budget of each deal (see
    :func:`~agnes_rules.solver.solve`); deals that exceed it count as unknown. Without
    one, each deal gets the memory-based default of ``solve`` divided by the number of
    CPUs, fixed before any work and kept in the result (:attr:`WinRate.max_states`).
    Bad arguments are refused before any work: a bad variant with a
    :class:`~agnes_rules.errors.VariantError`, a bad game number with a
    :class:`~agnes_rules.errors.DealError`, a bad ``chunk_size`` or ``max_states``
    with an :class:`~agnes_rules.errors.ArgumentError`.

    With ``out`` (a path), each deal's verdict is appended to that file as it is
    decided, and the deals already in it are not solved again: an interrupted run
    resumes where it stopped (:mod:`agnes_rules.batch`). The default pool is
    replaced if a worker process dies, and its unfinished deals are solved again.

    For a web back-end: ``progress(finished, total)`` is called with the
    number of deals decided so far (those read back from ``out`` included) each
    time a chunk finishes, and ``cancel``
    (a :class:`threading.Event`, or a function returning True to stop) is
    looked at every tenth of a second. A cancelled call returns at once with
    the deals already solved, in the order given; **the deals not yet decided
    are left out** (so ``rate.deals`` is smaller than the number of deals
    asked for), and the chunks not started are cancelled.

    >>> import threading
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> stop, seen = threading.Event(), []
    >>> def note(finished, total):
    ...     seen.append((finished, total))
    ...     stop.set()
    >>> with ThreadPoolExecutor(1) as pool:
    ...     rate = win_rate("agnes-sorel", [3, 1, 1, 1, 1], executor=pool, chunk_size=1,
    ...                     max_states=20_000, progress=note, cancel=stop)
    >>> seen[0][1], rate.deals == seen[-1][0] < 5
    (5, True)
    """
    variant = Variant.resolve(variant)
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise ArgumentError(f"chunk_size must be a positive integer, got {chunk_size!r}")
    if check_max_states(max_states) is None:
        # Fixed here, once, and recorded: a deal's verdict must not depend on the memory of
        # the worker that solves it, and the workers must not fill the memory between them.
        max_states = default_max_states() // (os.cpu_count() or 1)
    watch = Watch.of(progress, cancel)
    deals = list(numbers)
    for number in deals:
        # Refuse a bad number here, with its own message, rather than inside a worker.
        check_game_number(number)
    results = None if out is None else ResultFile(out, variant, max_states)
    found = {} if results is None else results.decided()
    todo = [number for number in deals if number not in found]
    chunks = [todo[start : start + chunk_size] for start in range(0, len(todo), chunk_size)]
    own = executor is None
    if executor is None:
        # Imported here: multiprocessing costs every importer start-up time, and only
        # the default pool needs it.
        from concurrent.futures import ProcessPoolExecutor

        executor = ReplacingPool(ProcessPoolExecutor)
    tally = _Tally(deals, found, results, watch)
    stopped = False
    try:
        stopped = run_chunks(
            solve_deals,
            variant,
            chunks,
            max_states,
            executor,
            tally.done,
            tally.stop if watch else None,
        )
    except BaseException:
        stopped = True  # Ctrl-C or an error: leave at once, as a cancelled run does
        raise
    finally:
        if own:
            # Stopped: return now, and let the workers drop the chunks they are solving.
            executor.shutdown(wait=not stopped, cancel_futures=stopped)
        if results is not None:
            results.close()
    # A cancelled run leaves out the deals it did not decide.
    outcomes = tuple((number, found[number]) for number in deals if number in found)
    return WinRate(variant, outcomes, max_states)


class _Tally:
    """The verdicts of a run as its chunks finish: kept, written to the result file,
    reported to the watch, which may ask to stop."""

    def __init__(
        self,
        deals: Sequence[int],
        found: dict[int, Outcome],
        results: ResultFile | None,
        watch: Watch | None,
    ) -> None:
        self.found, self.results, self.watch = found, results, watch
        self.total = len(deals)
        # How many of the deals asked for are decided (a number asked twice counts twice).
        self.asked = Counter(deals)
        self.decided = sum(self.asked[number] for number in found)
        self.reported_stop = False

    def done(self, chunk: list[tuple[int, Outcome, int]]) -> None:
        if self.results is not None:
            self.results.append(chunk)
        for number, outcome, _ in chunk:
            self.decided += 0 if number in self.found else self.asked[number]
            self.found[number] = outcome
        if self.watch is not None and self.watch.report(self.decided, self.total):
            self.reported_stop = True

    def stop(self) -> bool:
        return self.reported_stop or (self.watch is not None and self.watch.is_cancelled())
