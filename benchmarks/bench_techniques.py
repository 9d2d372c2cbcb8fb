"""Measure each pruning technique of the solver: states examined and time, with each one off.

Usage (from the project root):

    .venv/bin/python benchmarks/bench_techniques.py --variant agnes-sorel-quagnes \
        --count 50 --max-states 200000 [--only streamline] [--first N]

For every deal the solver runs once with all techniques and once with each
technique switched off (see :class:`agnes_rules.solver.Techniques`), or only
those named with ``--only``; the table gives the totals over the deals (CPU
seconds), how many were won and lost, and how many verdicts the budget left
undecided. Decided verdicts never differ (each technique is exact); the script
checks it. Without ``--first`` the deals start at a random number above
1,000,000, drawn afresh for each run (and printed).
"""

from __future__ import annotations

import argparse
import time

from fresh import fresh_start
from options import TECHNIQUE_NAMES, techniques_without
from rule_sets import RULE_SETS

from agnes_rules.core.state import GameState
from agnes_rules.solver import Outcome, Techniques, solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=list(RULE_SETS), default="quagnes-none-up")
    parser.add_argument("--first", type=int, help="the first deal (default: a fresh one)")
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--max-states", type=int, default=200_000)
    parser.add_argument(
        "--only", action="append", choices=TECHNIQUE_NAMES, help="switch off only these"
    )
    args = parser.parse_args()
    variant = RULE_SETS[args.variant]
    first = args.first if args.first is not None else fresh_start(args.count)
    configurations = {"all techniques": Techniques()}
    for name in args.only or TECHNIQUE_NAMES:
        configurations[f"without {name}"] = techniques_without([name])
    totals = {name: dict.fromkeys(("states", "seconds", *Outcome), 0.0) for name in configurations}
    for number in range(first, first + args.count):
        state = GameState.deal(variant, number)
        verdicts = set()
        for name, techniques in configurations.items():
            start = time.process_time()
            result = solve(state, max_states=args.max_states, techniques=techniques)
            totals[name]["seconds"] += time.process_time() - start
            totals[name]["states"] += result.states
            totals[name][result.outcome] += 1
            if result.outcome is not Outcome.UNKNOWN:
                verdicts.add(result.outcome)
        if len(verdicts) > 1:
            raise SystemExit(f"deal {number}: verdicts differ: {verdicts}")
    last = first + args.count - 1
    print(f"{variant.name}, deals {first}..{last}, budget {args.max_states} states per deal")
    print("| configuration | states | CPU seconds | won | lost | undecided |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, total in totals.items():
        print(
            f"| {name} | {total['states']:,.0f} | {total['seconds']:.1f} | "
            f"{total[Outcome.WON]:.0f} | {total[Outcome.LOST]:.0f} | {total[Outcome.UNKNOWN]:.0f} |"
        )


if __name__ == "__main__":
    main()
