"""Write the package's list of proved-winnable deals from the win-rate results.

Usage (from the project root):

    .venv/bin/python benchmarks/winnable_data.py [--results benchmarks/results/win_rates.csv] \
        [--out src/agnes_rules/data/winnable.json] [--check]

For every preset, the deal numbers among 1..10,000 whose verdict in the results
CSV is ``won`` (one row per attempt; its columns, and the rule that picks a
deal's verdict among its rows, are defined once for both scripts in
``benchmarks/results_file.py``): a won verdict comes with a checked
winning line, so it is exact whatever budget the search had. The rule sets of
the CSV that are not presets (``quagnes-none-up``, ...) are left out; a preset
must have a verdict for every deal of the range. ``--check`` writes nothing and
fails if the file is not what the CSV gives (a test checks the same).

The file (read by :mod:`agnes_rules.winnable`) stores each preset's numbers as
gaps: the first number, then the difference from each number to the next; with
one preset per line it stays small (under 100 KB, as a test checks) and its
diffs readable.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from results_file import tally

from agnes_rules.core.variant import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "win_rates.csv"
OUT = ROOT / "src" / "agnes_rules" / "data" / "winnable.json"
#: The deals the list covers: every preset has a verdict for each of them in the CSV.
FIRST, LAST = 1, 10_000


def won_deals(results: Path) -> dict[str, list[int]]:
    """For each preset, its won deal numbers in FIRST..LAST, each deal's verdict read as
    ``win_rates.py`` reads it (:func:`~results_file.take_row`)."""
    if not results.exists():
        raise SystemExit(f"{results}: no such results file")
    latest = tally(results).latest
    won = {}
    for name in VARIANTS:
        rows = latest.get(name, {})
        outcomes = {n: outcome for n, (outcome, _) in rows.items() if FIRST <= n <= LAST}
        missing = LAST - FIRST + 1 - len(outcomes)
        if missing:
            raise SystemExit(f"{results}: {name} has no verdict for {missing} deals of the range")
        won[name] = sorted(number for number, outcome in outcomes.items() if outcome == "won")
    return won


def document(won: dict[str, list[int]]) -> str:
    """The text of the data file: a JSON object, one preset a line."""
    lines = [
        "{",
        '"format": "agnes-rules/winnable-deals",',
        '"version": 1,',
        f'"deals": [{FIRST}, {LAST}],',
        '"source": "benchmarks/results/win_rates.csv, made by benchmarks/winnable_data.py",',
        '"variants": {',
    ]
    entries = []
    for name, numbers in won.items():
        gaps = [later - earlier for earlier, later in zip([0, *numbers], numbers, strict=False)]
        entry = {"count": len(numbers), "gaps": gaps}
        entries.append(f"{json.dumps(name)}: {json.dumps(entry, separators=(',', ':'))}")
    lines.append(",\n".join(entries))
    lines += ["}", "}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=RESULTS, help="the win-rate CSV")
    parser.add_argument("--out", type=Path, default=OUT, help="the data file to write")
    parser.add_argument("--check", action="store_true", help="only check that --out is current")
    args = parser.parse_args(argv)
    won = won_deals(args.results)
    text = document(won)
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            print(f"{args.out} is out of date: run {Path(__file__).name}", file=sys.stderr)
            return 1
        print(f"{args.out} is current")
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    counts = ", ".join(f"{name} {len(numbers)}" for name, numbers in won.items())
    print(f"wrote {args.out} ({len(text.encode()):,} bytes): {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
