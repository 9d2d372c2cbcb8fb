"""Benchmark: this library's solver against quagnes 1.1.0 on the same deals, in one run.

quagnes (GPL) is used here only as an external program: it must be installed in
another virtual environment, whose Python is given with ``--quagnes-python``
(``python -m venv /tmp/q && /tmp/q/bin/pip install quagnes==1.1.0``). Each deal
is written in the quagnes deck format with :func:`agnes_rules.quagnes.write_deck`,
solved by quagnes in a subprocess (its solving time measured inside that
process) and by :func:`agnes_rules.solver.solve` on the deal read back with
:func:`agnes_rules.quagnes.read_deck`. Every "won" line is replayed and
validated; the verdicts must agree.

Usage (from the project root):

    .venv/bin/python benchmarks/bench_solver.py --quagnes-python /tmp/q/bin/python \
        --rules none-up --first 1 --count 200 [--timeout 600] [--csv out.csv]

Rule sets (quagnes options -> variant): ``none-up`` (``move_to_empty_pile='none'``,
runs by colour, split, face up), ``none-down`` (the same face down: quagnes's
default), ``parlett`` (``'none'``, runs by suit, not split, face up), ``any1``
(``'any 1'``, runs by suit, split, face up).
"""

from __future__ import annotations

import argparse
import csv
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rule_sets import QUAGNES_RULE_SETS as RULE_SETS

from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Variant
from agnes_rules.quagnes import read_deck, write_deck
from agnes_rules.records import GameRecord, validate
from agnes_rules.solver import SolveResult, solve

# Runs inside the quagnes environment: solve one deck file, print verdict and seconds.
_QUAGNES_SCRIPT = """
import sys, time, quagnes
kwargs = eval(sys.argv[2])
start = time.perf_counter()
game = quagnes.Agnes(deck_filename=sys.argv[1], **kwargs)
code = game.play()
print({1: "won", 2: "lost", 3: "unknown"}[code], time.perf_counter() - start)
"""


def run_quagnes(
    python: str, deck: str, options: dict[str, object], timeout: float
) -> tuple[str, float]:
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write(deck)
    try:
        done = subprocess.run(
            [python, "-c", _QUAGNES_SCRIPT, handle.name, repr(options)],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return "timeout", timeout
    finally:
        Path(handle.name).unlink()
    verdict, seconds = done.stdout.split()
    return verdict, float(seconds)


def solve_deck(
    variant: Variant, number: int, deck: str, max_states: int | None
) -> tuple[SolveResult, float, float]:
    """Our solver on one deck (read back from the file text): the result, its wall and
    CPU seconds. A won line must validate, or the run stops."""
    state = GameState.from_deck(variant, read_deck(deck))
    cpu = time.process_time()
    start = time.perf_counter()
    result = solve(state, max_states=max_states)
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu
    if result.won:
        record = GameRecord(variant, number, [str(move) for move in result.moves])
        report = validate(record)
        if not (report.ok and report.won):
            raise SystemExit(f"deal {number}: the winning line does not validate: {report}")
    return result, wall, cpu


def run_ours(
    variant: Variant, number: int, deck: str, max_states: int | None = None
) -> tuple[str, float, int]:
    result, seconds, _ = solve_deck(variant, number, deck, max_states)
    return result.outcome.value, seconds, result.states


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quagnes-python", help="a Python with quagnes 1.1.0 installed")
    parser.add_argument("--rules", choices=list(RULE_SETS), default="none-up")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=600.0, help="per quagnes deal, seconds")
    parser.add_argument("--csv", type=Path, help="write per-deal results here")
    parser.add_argument("--max-states", type=int, help="budget of our solver per deal")
    args = parser.parse_args()
    options, variant = RULE_SETS[args.rules]
    rows = []
    disagreements = []
    for number in range(args.first, args.first + args.count):
        deck = write_deck(number)
        ours, our_time, states = run_ours(variant, number, deck, args.max_states)
        if args.quagnes_python:
            theirs, their_time = run_quagnes(args.quagnes_python, deck, options, args.timeout)
        else:
            theirs, their_time = "-", float("nan")
        if theirs in ("won", "lost") and theirs != ours:
            disagreements.append(number)
        rows.append((number, ours, our_time, states, theirs, their_time))
        print(
            f"deal {number}: ours {ours} {our_time:.3f}s ({states} states);"
            f" quagnes {theirs} {their_time:.3f}s",
            file=sys.stderr,
            flush=True,
        )
    if args.csv:
        with args.csv.open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["deal", "ours", "our_seconds", "states", "quagnes", "quagnes_seconds"])
            writer.writerows(rows)
    ours_total = sum(row[2] for row in rows)
    ours_max = max(rows, key=lambda row: row[2])
    print(f"rule set {args.rules} ({variant.name}), deals {args.first}..{number}")
    print("| solver | total s | max s (deal) | won | lost | other |")
    print("|---|---:|---:|---:|---:|---:|")
    won = sum(row[1] == "won" for row in rows)
    lost = sum(row[1] == "lost" for row in rows)
    print(
        f"| agnes_rules | {ours_total:.2f} | {ours_max[2]:.2f} ({ours_max[0]}) | {won} | {lost}"
        f" | {len(rows) - won - lost} |"
    )
    if args.quagnes_python:
        theirs_total = sum(row[5] for row in rows)
        theirs_max = max(rows, key=lambda row: row[5])
        won = sum(row[4] == "won" for row in rows)
        lost = sum(row[4] == "lost" for row in rows)
        print(
            f"| quagnes 1.1.0 | {theirs_total:.2f} | {theirs_max[5]:.2f} ({theirs_max[0]}) | {won}"
            f" | {lost} | {len(rows) - won - lost} |"
        )
        print(f"speed-up in total time: {theirs_total / ours_total:.1f}x")
    print("verdicts disagree on deals:", disagreements or "none")
    if disagreements:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
