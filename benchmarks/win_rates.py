"""Win rates of every preset over PySolFC deals, with 95% Wilson intervals.

Usage (from the project root):

    .venv/bin/python benchmarks/win_rates.py --first 1 --count 10000 --max-states 100000 \
        --workers 2 --out benchmarks/results/win_rates.csv [--variant NAME ...]

Each deal's verdict is appended to the CSV (variant, deal, outcome, states, and in
rows written since 2026-11-27 the CPU seconds of its solve and the techniques
switched off), so that a run can be stopped and resumed or extended (deals already
in the file are skipped); the summary table is printed from the whole file at the
end (also with ``--summary-only``), with the CPU time the rows record (every
attempt, those superseded too). ``--retry-unknown`` solves the deals left unknown
again with the ``--max-states`` given, but for those left unknown with a larger
budget already (a smaller one would seldom decide them) or with this one and the
same ``--without`` (the search is deterministic, so a stopped retry resumes where
it stopped); with ``--any-budget`` also those left unknown with a larger budget or
with this one by an earlier build, for a retry that searches in another way (another
``--without``, or a new build, whose search a larger budget of the old one does not
cover), skipping only the deals already left unknown with exactly this budget and
``--without`` (so that it too resumes where it stopped); the last row of a deal
counts, but a row that leaves a deal unknown with a smaller budget than an
earlier one does not replace that one (so a cheap pass after larger budgets
never lowers a deal's recorded budget; its row is still written, for its CPU
time).
``--without TECHNIQUE`` (repeatable) switches a technique of
:class:`~agnes_rules.solver.Techniques` off, for a retry that searches in another
way: every technique is exact, so a verdict stands whichever were on (a won line is
replayed by the rules engine), and only the deals still unknown depend on them.
``--fresh`` draws for each variant its own range of ``--count`` deals from a random
start above 1,000,000 (printed), for measurements on deals nothing was tuned on:
write those to another ``--out`` file. Runs on a process pool of ``--workers``
processes, or on a dask cluster with ``--scheduler ADDRESS`` (needs the ``dask`` extra).
``--decided-after BUDGET`` prints instead, for each rule set (or each ``--variant``),
a Markdown table of the deals a retry decided after a row had left them unknown with
exactly ``BUDGET`` positions, in order of the positions the deciding search took (and
the techniques it switched off, where a retry in the table did).
"""

from __future__ import annotations

import argparse
import csv
import sys
import textwrap
import time
from collections import defaultdict
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from pathlib import Path

from fresh import fresh_start
from options import add_without, techniques_without
from results_file import (
    FIELDS,
    Latest,
    result_rows,
    take_row,
    tally,
    unknown_at,
    upgrade_header,
)
from rule_sets import RULE_SETS

from agnes_rules.core.variant import Variant
from agnes_rules.solver import Techniques
from agnes_rules.stats import solve_deals, wilson_interval


def solve_timed(
    variant: Variant, numbers: list[int], max_states: int, techniques: Techniques
) -> list[tuple[int, str, int, float]]:
    """:func:`~agnes_rules.stats.solve_deals`, deal by deal, with the CPU seconds of
    each (dealing included): (number, outcome, states, seconds)."""
    rows = []
    for number in numbers:
        began = time.process_time()
        [(_, outcome, states)] = solve_deals(variant, [number], max_states, techniques)
        rows.append((number, outcome.value, states, time.process_time() - began))
    return rows


def tried_alike(path: Path, budget: int, without: str, exact: bool) -> set[tuple[str, int]]:
    """The (rule set, deal) pairs already left unknown with at least ``budget`` (with
    ``exact``: with ``budget`` itself) and the same techniques off: the search is
    deterministic, so a retry would only repeat them."""
    tried: set[tuple[str, int]] = set()
    for row in result_rows(path):
        if (
            row["outcome"] == "unknown"
            and (int(row["states"]) == budget if exact else int(row["states"]) >= budget)
            and (row.get("without") or "") == without
        ):
            tried.add((row["variant"], int(row["deal"])))
    return tried


#: A deal a retry decided: (deal, outcome, states, CPU seconds or None when unrecorded,
#: the techniques that retry switched off, joined by "+": empty for every technique).
Decision = tuple[int, str, int, float | None, str]


def decided_after(path: Path, budget: int) -> dict[str, tuple[list[int], list[Decision]]]:
    """For each rule set, the deals retried after their latest row had left them unknown
    with exactly ``budget`` positions (deal numbers, in the order of those retries) and the
    decisions those retries made (in order of states).

    The latest row is read by :func:`~results_file.take_row`: a row that leaves a deal
    unknown with fewer positions than an earlier one does not replace that one."""
    retried: dict[str, tuple[list[int], list[Decision]]] = defaultdict(lambda: ([], []))
    latest: Latest = defaultdict(dict)
    for row in result_rows(path):
        name, number, outcome = row["variant"], int(row["deal"]), row["outcome"]
        if unknown_at(latest, name, number) == budget:
            numbers, decisions = retried[name]
            numbers.append(number)
            if outcome != "unknown":
                cpu = float(row["cpu_seconds"]) if row.get("cpu_seconds") else None
                without = row.get("without") or ""
                decisions.append((number, outcome, int(row["states"]), cpu, without))
        take_row(latest, row)
    for _, decisions in retried.values():
        decisions.sort(key=lambda decision: (decision[2], decision[0]))
    return dict(retried)


def decided_tables(path: Path, budget: int, names: list[str]) -> str:
    """:func:`decided_after` as Markdown: a line of counts for each of ``names`` that has
    a retry after ``budget``, and a table of the deals decided, if any."""
    blocks = []
    found = decided_after(path, budget)
    for name in names:
        if name not in found:
            continue
        numbers, decisions = found[name]
        deals = sorted(set(numbers))
        won = sum(decision[1] == "won" for decision in decisions)
        counts = (
            f"`{name}`: {len(deals):,} retried after {budget:,} (deals {deals[0]:,} to"
            f" {deals[-1]:,}), {len(decisions):,} decided: {len(decisions) - won:,} lost,"
            f" {won:,} won."
        )
        lines = [textwrap.fill(counts, 80)]  # a paragraph for a page whose lines are short
        # Which way each retry searched, where one of them switched a technique off.
        ways = any(decision[4] for decision in decisions)
        if decisions:  # no table without a row
            lines += [
                "",
                "| deal | outcome | positions | CPU s |" + (" without |" if ways else ""),
                "|---:|---|---:|---:|" + ("---|" if ways else ""),
            ]
        lines += [
            f"| {number:,} | {outcome} | {states:,} | "
            + (f"{cpu:,.0f}" if cpu is not None else "")
            + " |"
            + (f" {without.replace('+', ', ')} |" if ways else "")
            for number, outcome, states, cpu, without in decisions
        ]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) if blocks else f"No deal was retried after {budget:,}."


def summary(path: Path) -> str:
    """The table of win rates; unknown deals are listed with the budget they last had,
    and the CPU time the rows record (in hours; none before 2026-11-27)."""
    lines = [
        "| preset | deals | won | lost | unknown (at budget) | won / deals | 95% interval"
        " | CPU recorded |",
        "|---|---:|---:|---:|---:|---:|---|---:|",
    ]
    latest, cpu = tally(path)  # one pass over the file
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
            + f" | {won / deals:.2%} | {low:.2%} .. {high:.2%}"
            + (f" | {cpu[name] / 3600:,.1f} h |" if name in cpu else " | |")
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="each variant's deals from its own random start above 1,000,000 (not --first)",
    )
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
        help="solve again (with --max-states) the deals whose latest outcome is unknown,"
        " unless at a larger budget, or at this one with the same --without",
    )
    parser.add_argument(
        "--any-budget",
        action="store_true",
        help="with --retry-unknown, also the deals left unknown at a larger budget (a"
        " retry that searches another way: another --without, or a new build)",
    )
    parser.add_argument(
        "--decided-after",
        type=int,
        metavar="BUDGET",
        help="print, instead of running, the deals a retry decided after they were left"
        " unknown with exactly BUDGET positions",
    )
    add_without(parser)
    args = parser.parse_args()
    if args.decided_after is not None:
        print(decided_tables(args.out, args.decided_after, args.variant or list(RULE_SETS)))
        return
    techniques = techniques_without(args.without)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if not args.summary_only:
        names = args.variant or list(RULE_SETS)
        latest = tally(args.out).latest  # read once: the deals done, and those to retry
        without = "+".join(sorted(args.without))
        # A retry with --any-budget is a new build's or another search's: it skips only
        # what it did itself (rows at this very budget), so that it resumes when stopped.
        tried = tried_alike(args.out, args.max_states, without, exact=args.any_budget)
        # The largest budget of a deal still unknown that a retry takes up.
        ceiling = sys.maxsize if args.any_budget else args.max_states
        executor: Executor
        if args.scheduler:
            from distributed import Client

            executor = Client(args.scheduler).get_executor()
        else:
            executor = ProcessPoolExecutor(args.workers)
        firsts = {name: fresh_start(args.count) if args.fresh else args.first for name in names}
        if args.fresh:
            for name, first in firsts.items():
                print(f"{name}: deals {first}..{first + args.count - 1}", file=sys.stderr)
        if not args.out.exists():
            with args.out.open("w", newline="") as handle:
                csv.writer(handle).writerow(FIELDS)
        else:
            upgrade_header(args.out)
        futures = {}
        # Deal-major order, so that a stopped run has covered every preset about equally.
        for offset in range(0, args.count, args.chunk):
            for name in names:
                start = firsts[name] + offset
                chunk_numbers = range(start, start + min(args.chunk, args.count - offset))
                if args.retry_unknown:
                    chunk = [
                        n
                        for n in chunk_numbers
                        if 0 < unknown_at(latest, name, n) <= ceiling and (name, n) not in tried
                    ]
                else:
                    chunk = [n for n in chunk_numbers if n not in latest[name]]
                if not chunk:
                    continue
                future = executor.submit(
                    solve_timed, RULE_SETS[name], chunk, args.max_states, techniques
                )
                futures[future] = name
        began = time.perf_counter()
        for finished, future in enumerate(as_completed(futures), 1):
            name = futures[future]
            rows = [
                [name, number, outcome, states, f"{seconds:.2f}", without]
                for number, outcome, states, seconds in future.result()
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
