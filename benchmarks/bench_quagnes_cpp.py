"""Benchmark: this library's solver against quagnes-cpp (a C++ Agnes Sorel solver), same deals.

quagnes-cpp (GPL-3.0) is used here only as an external program, given with
``--quagnes-cpp``; it is never imported, linked or copied. It reads its deals
from ``decks/oM/deckN.txt`` under its working directory, one card per line
``(rank, suit)``, the layout and the padded format that
:func:`agnes_rules.quagnes.write_deck` writes for the Python quagnes 1.1.0
(its reader takes the rank from characters 2-3 and the suit from character 6,
hence the padding). Each deal is written as ``decks/o0/deck1.txt`` of a
scratch directory and solved with ``-n 1``; quagnes-cpp prints no time of its
own, so its wall time is measured around the subprocess (process start-up
included: the start-up alone, `-n 0`, is printed) and its CPU time
from the children's resource usage. Our side is
:func:`agnes_rules.solver.solve` on the same opening position, wall time
(``perf_counter``) and CPU time (``process_time``) around the call. The two
solvers run deal by deal in turn, so they share the machine's conditions.
Every won line of ours is replayed and validated; the verdicts are compared.

Run it with the build users get, the compiled one (``agnes_rules.COMPILED``
is printed), from this folder so that ``rule_sets`` is importable and
``agnes_rules`` comes from the interpreter's site-packages:

    cd benchmarks && /path/to/compiled-venv/bin/python bench_quagnes_cpp.py \
        --quagnes-cpp /path/to/quagnes --rules all --max-states 2000000 --timeout 60 \
        [--first N] [--count N] [--csv out.csv]

With ``--count`` above a run's default (300 deals; 60 for ``any1``), the run is
also cut into consecutive ranges of that size, each with its CPU ratio and the
shares of its slowest deals, and the count of ranges that meet the solver
issue's goals (a ratio of 1 or less; no deal over a fifth of its range).

Rule sets (quagnes-cpp flags -> variant, the same as ``bench_solver.py``):
``none-up`` ``-e none -f``; ``none-down`` ``-e none`` (quagnes's default,
face down); ``parlett`` ``-e none -u -s -f``; ``any1`` ``-e "any 1" -u -f``.
"""

from __future__ import annotations

import argparse
import csv
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import attrs
from bench_solver import solve_deck
from fresh import fresh_start
from rule_sets import QUAGNES_RULE_SETS

import agnes_rules
from agnes_rules.core.variant import Variant
from agnes_rules.quagnes import write_deck

#: The quagnes-cpp command-line flags of each rule set of ``rule_sets.QUAGNES_RULE_SETS``.
FLAGS: dict[str, tuple[str, ...]] = {
    "none-up": ("-e", "none", "-f"),
    "none-down": ("-e", "none"),
    "parlett": ("-e", "none", "-u", "-s", "-f"),
    "any1": ("-e", "any 1", "-u", "-f"),
}
#: Deals per run when --count is not given: any1 has long searches on both sides.
DEFAULT_COUNT = {"none-up": 300, "none-down": 300, "parlett": 300, "any1": 60}
# quagnes-cpp's return codes (its README): 1 winnable, 2 not winnable, 3 stopped at -m states.
_VERDICTS = {"1": "won", "2": "lost", "3": "unknown"}


def check_flags(options: dict[str, object], flags: Sequence[str]) -> None:
    """Stop unless ``flags`` say what the Python quagnes ``options`` say (one mapping)."""
    expected = ["-e", str(options["move_to_empty_pile"])]
    expected += ["-u"] if options["move_same_suit"] else []
    expected += [] if options["split_runs"] else ["-s"]
    expected += ["-f"] if options["face_up"] else []
    if list(flags) != expected:
        raise SystemExit(f"flags {flags} do not match the quagnes options {options}")


@attrs.frozen
class Timing:
    """One solver's verdict on one deal and what it cost."""

    verdict: str
    wall: float
    cpu: float
    states: int


def children_cpu() -> float:
    """CPU seconds (user + system) of the waited-for child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_cpp(binary: str, flags: Sequence[str], folder: Path, deck: str, timeout: float) -> Timing:
    """quagnes-cpp on one deck: its verdict (a timeout is "unknown") and its times."""
    (folder / "decks" / "o0" / "deck1.txt").write_text(deck)
    cpu = children_cpu()
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [binary, "-n", "1", *flags],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=True,
        )
    except subprocess.TimeoutExpired:
        # subprocess.run has killed and waited for the child: its CPU time is counted.
        return Timing("timeout", time.perf_counter() - start, children_cpu() - cpu, -1)
    wall = time.perf_counter() - start
    cpu = children_cpu() - cpu
    # Output: a CSV header, then "rep_id,rc,n_states_checked,...".
    fields = done.stdout.splitlines()[1].split(",")
    return Timing(_VERDICTS[fields[1]], wall, cpu, int(fields[2]))


def cpp_start_up(binary: str, folder: Path) -> float:
    """The smallest wall time of quagnes-cpp doing nothing (``-n 0``), over a few runs."""
    times = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([binary, "-n", "0"], cwd=folder, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return min(times)


def run_ours(variant: Variant, number: int, deck: str, max_states: int | None) -> Timing:
    """Our solver on one deck (read back from the file text); a won line must validate."""
    result, wall, cpu = solve_deck(variant, number, deck, max_states)
    return Timing(result.outcome.value, wall, cpu, result.states)


@attrs.frozen
class Row:
    """Both solvers on one deal."""

    rules: str
    deal: int
    ours: Timing
    cpp: Timing


def decided(verdict: str) -> bool:
    """Whether a verdict is a won or lost (not unknown, not a timeout)."""
    return verdict in ("won", "lost")


def slowest(rows: Sequence[Row], side: str, clock: str) -> tuple[float, float, float, int]:
    """One side's total over ``rows`` on ``clock`` ("wall" or "cpu"), and its slowest
    deal: that deal's seconds, its share of the total, and its number."""
    times = [(getattr(getattr(row, side), clock), row.deal) for row in rows]
    total = sum(seconds for seconds, _ in times)
    seconds, deal = max(times)
    return total, seconds, seconds / total if total else 0.0, deal


def worst(rows: Sequence[Row], side: str) -> str:
    """The slowest deal of one side (wall time) and its share of that side's total."""
    _, seconds, share, deal = slowest(rows, side, "wall")
    return f"{seconds:.3f} s (deal {deal}, {share:.0%})"


def range_report(rules: str, rows: Sequence[Row], size: int) -> str:
    """A long run cut into consecutive ranges of ``size`` deals (the default count of a
    run), in CPU time: each range's ratio and its slowest deal's share on each side, then
    how many ranges meet each goal of the issue (a ratio of 1 or less; no deal over a
    fifth of the range's time). Empty when the run is no longer than one range."""
    if len(rows) <= size:
        return ""
    lines = [f"  {rules} in ranges of {size} deals (CPU):"]
    whole = len(rows) // size
    at_most_one = ours_fifth = cpp_fifth = 0
    for start in range(0, whole * size, size):
        part = rows[start : start + size]
        ours, _, our_share, our_deal = slowest(part, "ours", "cpu")
        cpp, _, cpp_share, _ = slowest(part, "cpp", "cpu")
        at_most_one += ours <= cpp
        ours_fifth += our_share <= 0.2
        cpp_fifth += cpp_share <= 0.2
        ratio = ours / cpp if cpp else float("inf")
        lines.append(
            f"    {part[0].deal}..+{size - 1}: {ours:.2f} / {cpp:.2f} s = {ratio:.2f};"
            f" slowest deal ours {our_deal} {our_share:.0%}, quagnes-cpp {cpp_share:.0%}"
        )
    lines.append(
        f"    ranges at a ratio of 1 or less: {at_most_one} of {whole};"
        f" with no deal over 20%: ours {ours_fifth}, quagnes-cpp {cpp_fifth}"
    )
    return "\n".join(lines)


def summary(rules: str, first: int, rows: Sequence[Row], args: argparse.Namespace) -> str:
    """The report of one rule set: totals, ratio, worst deals, agreement, unknowns."""
    ours = sum(row.ours.wall for row in rows)
    cpp = sum(row.cpp.wall for row in rows)
    ours_cpu = sum(row.ours.cpu for row in rows)
    cpp_cpu = sum(row.cpp.cpu for row in rows)
    both = [row for row in rows if decided(row.ours.verdict) and decided(row.cpp.verdict)]
    disagree = [row.deal for row in both if row.ours.verdict != row.cpp.verdict]
    unknown_ours = [row.deal for row in rows if not decided(row.ours.verdict)]
    unknown_cpp = [row.deal for row in rows if not decided(row.cpp.verdict)]
    won_ours = sum(row.ours.verdict == "won" for row in rows)
    won_cpp = sum(row.cpp.verdict == "won" for row in rows)
    worst_ours, worst_cpp = worst(rows, "ours"), worst(rows, "cpp")
    lines = [
        f"rule set {rules} (quagnes-cpp {' '.join(FLAGS[rules])};"
        f" {QUAGNES_RULE_SETS[rules][1].name}), deals {first}..{first + len(rows) - 1}",
        f"  ours: total {ours:.2f} s wall, {ours_cpu:.2f} s CPU; worst {worst_ours};"
        f" won {won_ours}, unknown {len(unknown_ours)} (max_states {args.max_states})",
        f"  quagnes-cpp: total {cpp:.2f} s wall, {cpp_cpu:.2f} s CPU; worst {worst_cpp};"
        f" won {won_cpp}, unknown {len(unknown_cpp)} (timeout {args.timeout:g} s)",
        f"  ratio ours / quagnes-cpp: {ours / cpp:.2f} (wall), {ours_cpu / cpp_cpu:.2f} (CPU);"
        f" quagnes-cpp's fastest deal {min(row.cpp.wall for row in rows) * 1000:.1f} ms wall"
        " (its fixed cost per process)",
        f"  agreement: {len(both) - len(disagree)} of {len(both)} decided by both;"
        f" disagreements: {disagree or 'none'}",
        f"  unknown, ours: {unknown_ours or 'none'}; quagnes-cpp: {unknown_cpp or 'none'}",
        f"  | {rules} | {first}..{first + len(rows) - 1} | {ours:.2f} | {cpp:.2f}"
        f" | {ours / cpp:.2f}"
        f" | {worst_ours} | {worst_cpp} | {len(both) - len(disagree)}/{len(both)}"
        f" | {len(unknown_ours)} | {len(unknown_cpp)} |",
    ]
    return "\n".join(lines)


def run_rules(
    rules: str, first: int, count: int, folder: Path, args: argparse.Namespace
) -> list[Row]:
    """Both solvers deal by deal in turn over one range, printing each deal as it goes."""
    options, variant = QUAGNES_RULE_SETS[rules]
    check_flags(options, FLAGS[rules])
    rows = []
    for number in range(first, first + count):
        deck = write_deck(number)
        cpp = run_cpp(args.quagnes_cpp, FLAGS[rules], folder, deck, args.timeout)
        ours = run_ours(variant, number, deck, args.max_states)
        rows.append(Row(rules, number, ours, cpp))
        mark = (
            ""
            if not (decided(ours.verdict) and decided(cpp.verdict))
            else ("" if ours.verdict == cpp.verdict else "  DISAGREE")
        )
        print(
            f"{rules} deal {number}: ours {ours.verdict} {ours.wall:.3f}s ({ours.states} states);"
            f" quagnes-cpp {cpp.verdict} {cpp.wall:.3f}s ({cpp.states} states){mark}",
            file=sys.stderr,
            flush=True,
        )
    return rows


def write_csv(path: Path, rows: Sequence[Row]) -> None:
    """One line per deal and rule set."""
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["rules", "deal", "ours", "our_wall", "our_cpu", "our_states"]
            + ["cpp", "cpp_wall", "cpp_cpu", "cpp_states"]
        )
        for row in rows:
            writer.writerow(
                [row.rules, row.deal, row.ours.verdict, f"{row.ours.wall:.4f}"]
                + [f"{row.ours.cpu:.4f}", row.ours.states, row.cpp.verdict]
                + [f"{row.cpp.wall:.4f}", f"{row.cpp.cpu:.4f}", row.cpp.states]
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quagnes-cpp", required=True, help="the quagnes-cpp binary")
    parser.add_argument("--rules", choices=[*FLAGS, "all"], default="none-up")
    parser.add_argument("--first", type=int, help="first deal (default: random above 1,000,000)")
    parser.add_argument("--count", type=int, help="deals per rule set (default 300; 60 for any1)")
    parser.add_argument("--max-states", type=int, help="our budget per deal (default: solver's)")
    parser.add_argument("--timeout", type=float, default=60.0, help="quagnes-cpp per deal, s")
    parser.add_argument("--csv", type=Path, help="write per-deal results here")
    args = parser.parse_args()
    binary = str(Path(args.quagnes_cpp).resolve())
    print(f"agnes_rules {agnes_rules.__version__} from {Path(agnes_rules.__file__).parent}")
    print(f"agnes_rules.COMPILED = {agnes_rules.COMPILED}")
    print(f"quagnes-cpp: {binary}")
    print("load average at start: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    all_rows: list[Row] = []
    reports = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        (folder / "decks" / "o0").mkdir(parents=True)
        print(
            f"quagnes-cpp start-up (-n 0, included in its wall times): "
            f"{cpp_start_up(binary, folder) * 1000:.1f} ms"
        )
        for rules in FLAGS if args.rules == "all" else [args.rules]:
            # A fresh range at each run (and for each rule set), printed so that it can be rerun.
            count = args.count if args.count is not None else DEFAULT_COUNT[rules]
            first = args.first if args.first is not None else fresh_start(count)
            print(f"{rules}: deals {first}..{first + count - 1}", flush=True)
            rows = run_rules(rules, first, count, folder, args)
            all_rows += rows
            reports.append(summary(rules, first, rows, args))
            print(reports[-1], flush=True)
            ranges = range_report(rules, rows, DEFAULT_COUNT[rules])
            if ranges:
                print(ranges, flush=True)
    print("load average at end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(
        "  | rules | deals | ours s | quagnes-cpp s | ratio | worst ours | worst quagnes-cpp"
        " | agree | unknown ours | unknown quagnes-cpp |"
    )
    print("\n".join(report.splitlines()[-1] for report in reports))
    if args.csv:
        write_csv(args.csv, all_rows)


if __name__ == "__main__":
    main()
