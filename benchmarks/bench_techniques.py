"""Measure each pruning technique of the solver: states examined and time, with each one off.

Usage (from the project root):

    .venv/bin/python benchmarks/bench_techniques.py --variant agnes-sorel-quagnes \
        --first 1 --count 50 --max-states 200000

For every deal the solver runs once with all techniques and once with each
technique switched off (see :class:`agnes_rules.solver.Techniques`); the table
gives the totals over the deals and how many verdicts the budget left
undecided. Verdicts never differ (each technique is exact); the script checks it.
"""

from __future__ import annotations

import argparse
import time

import attrs
from rule_sets import RULE_SETS

from agnes_rules.core.state import GameState
from agnes_rules.solver import Outcome, Techniques, solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=list(RULE_SETS), default="quagnes-none-up")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--max-states", type=int, default=200_000)
    args = parser.parse_args()
    variant = RULE_SETS[args.variant]
    configurations = {"all techniques": Techniques()}
    for field in attrs.fields(Techniques):
        configurations[f"without {field.name}"] = attrs.evolve(Techniques(), **{field.name: False})
    totals = {name: [0, 0.0, 0] for name in configurations}
    for number in range(args.first, args.first + args.count):
        state = GameState.deal(variant, number)
        verdicts = set()
        for name, techniques in configurations.items():
            start = time.perf_counter()
            result = solve(state, max_states=args.max_states, techniques=techniques)
            totals[name][1] += time.perf_counter() - start
            totals[name][0] += result.states
            if result.outcome is Outcome.UNKNOWN:
                totals[name][2] += 1
            else:
                verdicts.add(result.outcome)
        if len(verdicts) > 1:
            raise SystemExit(f"deal {number}: verdicts differ: {verdicts}")
    last = args.first + args.count - 1
    print(f"{variant.name}, deals {args.first}..{last}, budget {args.max_states} states per deal")
    print("| configuration | states | seconds | undecided |")
    print("|---|---:|---:|---:|")
    for name, (states, seconds, undecided) in totals.items():
        print(f"| {name} | {states} | {seconds:.1f} | {undecided} |")


if __name__ == "__main__":
    main()
