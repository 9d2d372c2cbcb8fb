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
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor

import attrs

from agnes_rules.solver import Outcome, solve
from agnes_rules.state import GameState
from agnes_rules.variant import Variant

__all__ = ["WinRate", "solve_deals", "wilson_interval", "win_rate"]

#: The normal quantile of a two-sided 95% interval.
Z_95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (the whole range 0..1 when there are no trials).

    >>> [round(x, 4) for x in wilson_interval(11, 1000)]
    [0.0062, 0.0196]
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
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
    variant: Variant, numbers: Sequence[int], max_states: int | None = None
) -> list[tuple[int, Outcome, int]]:
    """Solve the deals with these numbers in this process: (number, outcome, states) for each.

    This is the unit of work that :func:`win_rate` sends to its executor.
    """
    results = []
    for number in numbers:
        result = solve(GameState.deal(variant, number), max_states=max_states)
        results.append((number, result.outcome, result.states))
    return results


def win_rate(
    variant: Variant | str,
    numbers: Iterable[int],
    *,
    executor: Executor | None = None,
    max_states: int | None = None,
    chunk_size: int = 4,
) -> WinRate:
    """Solve the deals with these PySolFC game ``numbers`` and count the verdicts.

    ``executor`` runs the work (chunks of ``chunk_size`` deals); by default a
    :class:`~concurrent.futures.ProcessPoolExecutor` is started and shut down
    for the call. ``max_states`` is the budget of each deal (see
    :func:`~agnes_rules.solver.solve`); deals that exceed it count as unknown.
    """
    if isinstance(variant, str):
        variant = Variant.named(variant)
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant or a preset name, got {variant!r}")
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise ValueError(f"chunk_size must be a positive integer, got {chunk_size!r}")
    deals = list(numbers)
    for number in deals:
        # Refuse a bad number here, with its own message, rather than inside a worker.
        GameState.deal(variant, number)
    chunks = [deals[start : start + chunk_size] for start in range(0, len(deals), chunk_size)]
    own = executor is None
    pool = ProcessPoolExecutor() if executor is None else executor
    try:
        futures = [pool.submit(solve_deals, variant, chunk, max_states) for chunk in chunks]
        outcomes = tuple(
            (number, outcome) for future in futures for number, outcome, _ in future.result()
        )
    finally:
        if own:
            pool.shutdown()
    return WinRate(variant, outcomes, max_states)
