"""Measure ``forget_leaves``: positions, CPU time and peak memory of hard deals, with leaves
kept out of the table from a given count on (by default the first position) or never.

Usage (from the project root, on the compiled build for the times):

    .venv/bin/python benchmarks/bench_forget.py --variant agnes-bernauer-pysol \
        --count 20 --screen 1000000 --max-states 8000000 [--exact] [--first N]

The deals (a fresh range above 1,000,000 unless ``--first`` is given) are first
searched with every technique on ``--screen`` positions; those it leaves undecided
are searched again on ``--max-states``, once with leaves forgotten from
``--forget-from`` positions on and once never (with ``--exact``, the exact search
alone, whose table the technique shrinks; else every technique). Each search runs
in a process of its own, so that its peak resident memory is its own. The table
prints, per deal and in all, the verdicts (they never differ: the script checks
it), the positions examined, the CPU seconds and the peak memory.
"""

from __future__ import annotations

import argparse
import resource
import time
from concurrent.futures import ProcessPoolExecutor

from fresh import fresh_start

from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.search import Search

#: The exact search alone: no streamlined or best-first pass before it.
_EXACT = Techniques(streamline=False, best_first=False)


def measured(
    name: str, number: int, budget: int, forget_from: int, exact: bool
) -> tuple[Outcome, int, float, int]:
    """One search, in a process of its own: verdict, positions, CPU seconds, peak kB."""
    start = time.process_time()
    search = Search(GameState.deal(name, number), _EXACT if exact else Techniques())
    search.forget_from = forget_from
    outcome, _, examined = search.run(budget)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return outcome, examined, time.process_time() - start, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="agnes-bernauer-pysol")
    parser.add_argument("--first", type=int, help="the first deal (default: a fresh one)")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--screen", type=int, default=1_000_000)
    parser.add_argument("--max-states", type=int, default=8_000_000)
    parser.add_argument("--forget-from", type=int, default=0)
    parser.add_argument("--exact", action="store_true", help="the exact search alone")
    args = parser.parse_args()
    first = args.first if args.first is not None else fresh_start(args.count)
    print(f"{args.variant}, deals {first:,}..{first + args.count - 1:,}", flush=True)
    hard = [
        number
        for number in range(first, first + args.count)
        if solve(GameState.deal(args.variant, number), max_states=args.screen).outcome
        is Outcome.UNKNOWN
    ]
    print(f"undecided at {args.screen:,}: {len(hard)}", flush=True)
    print(
        "| deal | verdict | positions | CPU s | peak MB | forgetting: verdict | positions "
        "| CPU s | peak MB |"
    )
    print("|---|---|---:|---:|---:|---|---:|---:|---:|")
    totals = [0.0] * 6
    with ProcessPoolExecutor(1, max_tasks_per_child=1) as pool:
        for number in hard:
            runs = [
                pool.submit(
                    measured, args.variant, number, args.max_states, start, args.exact
                ).result()
                for start in (-1, args.forget_from)
            ]
            (kept, examined, cpu, peak), (forgot, examined_f, cpu_f, peak_f) = runs
            if Outcome.UNKNOWN not in (kept, forgot) and kept is not forgot:
                raise SystemExit(f"deal {number}: {kept.value} without, {forgot.value} with")
            for at, value in enumerate((examined, cpu, peak, examined_f, cpu_f, peak_f)):
                totals[at] += value
            print(
                f"| {number:,} | {kept.value} | {examined:,} | {cpu:.1f} | {peak // 1024:,} "
                f"| {forgot.value} | {examined_f:,} | {cpu_f:.1f} | {peak_f // 1024:,} |",
                flush=True,
            )
    states, cpu, peak, states_f, cpu_f, peak_f = totals
    print(
        f"| all | | {states:,.0f} | {cpu:.1f} | {peak / 1024:,.0f} | | {states_f:,.0f} "
        f"| {cpu_f:.1f} | {peak_f / 1024:,.0f} |"
    )


if __name__ == "__main__":
    main()
