"""Win rates of every preset over PySolFC deals, with 95% Wilson intervals.

Usage (from the project root):

    .venv/bin/python benchmarks/win_rates.py --first 1 --count 10000 --max-states 100000 \
        --workers 2 --out benchmarks/results/win_rates.csv [--variant NAME ...]

Each deal's verdict is appended to the CSV (variant, deal, outcome, states), so
that a run can be stopped and resumed or extended (deals already in the file are
skipped); the summary table is printed from the whole file at the end (also
with ``--summary-only``). ``--retry-unknown`` solves the deals left unknown
again with the ``--max-states`` given; the last row of a deal counts, and a deal left
unknown again with a smaller budget than its row's keeps that row (so a cheap pass
first, then larger budgets, never lowers a deal's recorded budget).
``--without TECHNIQUE`` (repeatable) switches a technique of
:class:`~agnes_rules.solver.Techniques` off, for a retry that searches in another
way: every technique is exact, so a verdict stands whichever were on (a won line is
replayed by the rules engine), and only the deals still unknown depend on them.
Runs on a process pool of ``--workers`` processes, or on a dask cluster with
``--scheduler ADDRESS`` (needs the ``dask`` extra).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections import defaultdict
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from pathlib import Path

import attrs
from rule_sets import RULE_SETS

from agnes_rules.solver import Techniques
from agnes_rules.stats import solve_deals, wilson_interval

FIELDS = ["variant", "deal", "outcome", "states"]


def latest_rows(path: Path) -> dict[str, dict[int, tuple[str, int]]]:
    """For each rule set, each deal's outcome and states examined in the file (the last
    row of a deal counts)."""
    latest: dict[str, dict[int, tuple[str, int]]] = defaultdict(dict)
    if path.exists():
        with path.open() as handle:
            for row in csv.DictReader(handle):
                latest[row["variant"]][int(row["deal"])] = (row["outcome"], int(row["states"]))
    return latest


def unknown_at(latest: dict[str, dict[int, tuple[str, int]]], name: str, number: int) -> int:
    """The budget at which a deal's latest row left it unknown (0: decided, or no row)."""
    outcome, states = latest.get(name, {}).get(number, ("", 0))
    return states if outcome == "unknown" else 0


def summary(path: Path) -> str:
    """The table of win rates; unknown deals are listed with the budget they last had."""
    lines = [
        "| preset | deals | won | lost | unknown (at budget) | won / deals | 95% interval |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    latest = latest_rows(path)
    for name in RULE_SETS:
        if name not in latest:
            continue
        outcomes = [outcome for outcome, _ in latest[name].values()]
        won, lost, unknown = (outcomes.count(key) for key in ("won", "lost", "unknown"))
        budgets = sorted(
            {states for outcome, states in latest[name].values() if outcome == "unknown"}
        )
        at = " / ".join(f"{budget:,}" for budget in budgets)
        deals = len(outcomes)
        low = wilson_interval(won, deals)[0]
        high = wilson_interval(won + unknown, deals)[1]
        lines.append(
            f"| {name} | {deals:,} | {won:,} | {lost:,} | {unknown:,}"
            + (f" ({at})" if unknown else "")
            + f" | {won / deals:.2%} | {low:.2%} .. {high:.2%} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--max-states", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=5)
    parser.add_argument("--variant", action="append", choices=list(RULE_SETS))
    parser.add_argument("--scheduler", help="address of a dask scheduler to run on")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/win_rates.csv"))
    parser.add_argument("--summary-only", action="store_true")
    parser.add_argument(
        "--retry-unknown",
        action="store_true",
        help="solve again (with --max-states) the deals whose latest outcome is unknown",
    )
    parser.add_argument(
        "--without",
        action="append",
        default=[],
        choices=[field.name for field in attrs.fields(Techniques)],
        help="switch this technique off (every verdict stays exact)",
    )
    args = parser.parse_args()
    techniques = Techniques(**dict.fromkeys(args.without, False))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if not args.summary_only:
        names = args.variant or list(RULE_SETS)
        latest = latest_rows(args.out)  # read once: the deals done, and those to retry
        executor: Executor
        if args.scheduler:
            from distributed import Client

            executor = Client(args.scheduler).get_executor()
        else:
            executor = ProcessPoolExecutor(args.workers)
        numbers = range(args.first, args.first + args.count)
        if not args.out.exists():
            with args.out.open("w", newline="") as handle:
                csv.writer(handle).writerow(FIELDS)
        futures = {}
        # Deal-major order, so that a stopped run has covered every preset about equally.
        for start in range(0, len(numbers), args.chunk):
            chunk_numbers = numbers[start : start + args.chunk]
            for name in names:
                if args.retry_unknown:
                    chunk = [n for n in chunk_numbers if unknown_at(latest, name, n)]
                else:
                    chunk = [n for n in chunk_numbers if n not in latest[name]]
                if not chunk:
                    continue
                future = executor.submit(
                    solve_deals, RULE_SETS[name], chunk, args.max_states, techniques
                )
                futures[future] = name
        began = time.perf_counter()
        for finished, future in enumerate(as_completed(futures), 1):
            name = futures[future]
            # A deal left unknown again at a smaller budget than before keeps its row.
            rows = [
                [name, number, outcome.value, states]
                for number, outcome, states in future.result()
                if outcome.value != "unknown" or states >= unknown_at(latest, name, number)
            ]
            # Opened again for each chunk, so that rows always reach the file now at that path
            # (a checkout that replaces the file, or a second run appending, loses nothing).
            with args.out.open("a", newline="") as handle:
                csv.writer(handle).writerows(rows)
            if finished % 50 == 0:
                elapsed = time.perf_counter() - began
                print(f"{finished}/{len(futures)} chunks, {elapsed:.0f} s", file=sys.stderr)
        executor.shutdown()
    print(summary(args.out))


if __name__ == "__main__":
    main()
