"""The win-rate results file (``benchmarks/results/win_rates.csv``), read one way.

One row per attempt at a deal, appended as each solve ends: variant (the rule set),
deal, outcome, states, and in rows written since 2026-11-27 the CPU seconds of the
solve and the techniques switched off. ``win_rates.py`` writes it and reads it back
(to resume, to retry, to sum up); ``winnable_data.py`` takes the won deals from it.
Both read a deal's verdict by the rule of :func:`take_row`, defined here once.

The benchmark scripts import this module from their own folder (they are run as
``python benchmarks/NAME.py``, which puts ``benchmarks/`` on the path).
"""

from __future__ import annotations

import csv
import os
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

FIELDS = ["variant", "deal", "outcome", "states", "cpu_seconds", "without"]
#: The columns of the rows written before the CPU time and the techniques were recorded.
OLD_FIELDS = FIELDS[:4]
#: The outcomes a row may record.
OUTCOMES = ("won", "lost", "unknown")

#: For each rule set, each deal's latest outcome and the states its search examined.
Latest = dict[str, dict[int, tuple[str, int]]]


class Tally(NamedTuple):
    """What a pass over the file gathers: each deal's latest verdict, and for each rule
    set the CPU seconds its rows record (every attempt; rows written before they were
    recorded count nothing)."""

    latest: Latest
    cpu: dict[str, float]


def result_rows(path: Path) -> Iterator[dict[str, str]]:
    """The rows of a results file, in the order they were written (none if it is
    missing); opened with ``newline=''``, as the csv module asks. A row without its
    deal, outcome or states (a run killed while it wrote) stops the script with the
    line's number."""
    if path.exists():
        with path.open(newline="") as handle:
            reader = csv.DictReader(handle)
            for row in reader:
                numbers = (row.get("deal") or "", row.get("states") or "")
                if row.get("outcome") not in OUTCOMES or not all(n.isdigit() for n in numbers):
                    raise SystemExit(f"{path}:{reader.line_num}: not a whole row: {row}")
                yield row


def upgrade_header(path: Path) -> None:
    """Give a results file of the old columns the new header (its old rows leave the
    new columns empty); replaced whole, so that a reader never sees half a file."""
    with path.open(newline="") as handle:
        lines = handle.readlines()
    if lines and next(csv.reader(lines[:1])) == OLD_FIELDS:
        lines[0] = ",".join(FIELDS) + lines[0][len(lines[0].rstrip("\r\n")) :]
        spare = path.with_suffix(".tmp")
        spare.write_text("".join(lines), newline="")
        os.replace(spare, path)


def tally(path: Path) -> Tally:
    """Each deal's latest verdict (by :func:`take_row`) and the CPU seconds recorded, in
    one pass over the file."""
    latest: Latest = defaultdict(dict)
    cpu: dict[str, float] = defaultdict(float)
    for row in result_rows(path):
        take_row(latest, row)
        if row.get("cpu_seconds"):
            cpu[row["variant"]] += float(row["cpu_seconds"])
    return Tally(latest, cpu)


def take_row(latest: Latest, row: dict[str, str]) -> None:
    """Make ``row`` its deal's latest in ``latest``: the last row of a deal counts, but
    one that leaves it unknown with fewer states than the row that last left it unknown
    does not (the larger budget stands; a won or lost row always counts)."""
    number, outcome, states = int(row["deal"]), row["outcome"], int(row["states"])
    if not (outcome == "unknown" and states < unknown_at(latest, row["variant"], number)):
        latest[row["variant"]][number] = (outcome, states)


def unknown_at(latest: Latest, name: str, number: int) -> int:
    """The budget at which a deal's latest row left it unknown (0: decided, or no row)."""
    outcome, states = latest.get(name, {}).get(number, ("", 0))
    return states if outcome == "unknown" else 0
