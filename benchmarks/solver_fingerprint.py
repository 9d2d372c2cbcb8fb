"""Record what the solver does on a fixed set of deals, to check that a change keeps it.

Usage (from the project root):

    .venv/bin/python benchmarks/solver_fingerprint.py --out /tmp/after.json [--quick]
    .venv/bin/python benchmarks/solver_fingerprint.py --compare /tmp/before.json /tmp/after.json

For each deal it records the outcome, the number of states examined, the length
of the winning line and a digest of that line; for each group of deals the CPU
time of the solves (``time.process_time``, so that other work on a shared
machine counts less). A refactoring of the solver must give the same records;
``--compare`` prints the differences and the CPU times side by side.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

from agnes_rules.core.state import GameState
from agnes_rules.solver import solve

#: (preset, first deal, last deal, budget) of each group.
GROUPS: tuple[tuple[str, int, int, int], ...] = (
    ("agnes-sorel-parlett", 1, 150, 200_000),
    ("agnes-sorel-quagnes", 1, 40, 200_000),
    ("agnes-sorel", 1, 20, 20_000),
    ("agnes-bernauer", 1, 20, 20_000),
    ("agnes-two", 1, 5, 20_000),
)


def fingerprint(quick: bool) -> dict[str, object]:
    """The records of every deal and the CPU seconds of every group."""
    deals: dict[str, list[object]] = {}
    seconds: dict[str, float] = {}
    for name, first, last, budget in GROUPS:
        if quick:
            last = first + (last - first) // 5
        spent = 0.0
        for number in range(first, last + 1):
            state = GameState.deal(name, number)
            start = time.process_time()
            result = solve(state, max_states=budget)
            spent += time.process_time() - start
            line = " ".join(map(str, result.moves))
            digest = hashlib.sha256(line.encode()).hexdigest()[:16]
            deals[f"{name} {number}"] = [
                result.outcome.value,
                result.states,
                len(result.moves),
                digest,
            ]
        seconds[name] = round(spent, 3)
    return {"deals": deals, "seconds": seconds}


def compare(before_path: Path, after_path: Path) -> int:
    """Print the differences between two fingerprints; 1 if the records differ."""
    before = json.loads(before_path.read_text())
    after = json.loads(after_path.read_text())
    differ = 0
    for key, record in after["deals"].items():
        if key in before["deals"] and before["deals"][key] != record:
            differ += 1
            print(f"{key}: {before['deals'][key]} -> {record}")
    shared = len(set(before["deals"]) & set(after["deals"]))
    print(f"{shared} deals compared, {differ} differ")
    for name, spent in after["seconds"].items():
        if name in before["seconds"]:
            print(f"{name}: {before['seconds'][name]:.2f} s -> {spent:.2f} s CPU")
    return 1 if differ else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--quick", action="store_true", help="a fifth of the deals of each group")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        sys.exit(compare(*args.compare))
    result = fingerprint(args.quick)
    text = json.dumps(result, indent=1)
    if args.out:
        args.out.write_text(text)
    print(json.dumps(result["seconds"]))


if __name__ == "__main__":
    main()
