"""The pure-Python and the mypyc-compiled build side by side, in one run, on fresh deals.

Each build is installed in its own virtual environment (``.ci/run`` makes both: ``.venv``
is the editable pure-Python install, ``.venv-compiled`` the compiled wheel); this script
runs itself in each as a subprocess and prints one table:

    .venv/bin/python benchmarks/bench_builds.py
    .venv/bin/python benchmarks/bench_builds.py --pure .venv/bin/python \
        --compiled .venv-compiled/bin/python --games 100 agnes-sorel agnes-bernauer

Engine speed: random playouts through the public API, ``legal_moves()`` then ``apply()``
of a random one each step (seeded), on deals ``--start`` .. ``--start + --games - 1``;
a fresh random start above 1,000,000 is drawn each run (and printed) unless given, so
the figures are not tuned to known deals. *moves/s* counts moves applied per second of
this process's CPU time (``time.process_time``), the best of ``--repeat`` runs; dealing is
not counted. Solver: :func:`agnes_rules.solve` with a ``--max-states`` budget on
``--solve`` fresh deals of agnes-sorel; its cost is given per deal and per position
examined. Both builds must agree exactly (steps, moves generated, verdicts, positions
examined); the script says so, and fails if they do not.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from fresh import fresh_start

ROOT = Path(__file__).resolve().parents[1]
PRESETS = ["agnes-sorel", "agnes-sorel-pysol", "agnes-sorel-parlett", "agnes-bernauer"]


# ------------------------------------------------------------- in each build's process


def _playouts(preset: str, start: int, games: int, cap: int) -> dict[str, Any]:
    # The loop of bench_playouts.py, imported in the worker (the build's own interpreter).
    from bench_playouts import playouts

    steps, generated, seconds, _dealing = playouts(preset, games, cap, start)
    return {"steps": steps, "generated": generated, "seconds": seconds}


def _solves(start: int, deals: int, max_states: int) -> list[dict[str, Any]]:
    from agnes_rules import GameState, solve

    results = []
    for number in range(start, start + deals):
        state = GameState.deal("agnes-sorel", number)
        began = time.process_time()
        result = solve(state, max_states=max_states)
        seconds = time.process_time() - began
        results.append(
            {
                "deal": number,
                "outcome": result.outcome.value,
                "states": result.states,
                "moves": len(result.moves),
                "seconds": seconds,
            }
        )
    return results


def worker(args: argparse.Namespace) -> int:
    import agnes_rules

    compiled = getattr(agnes_rules, "COMPILED", None)
    report: dict[str, Any] = {
        "build": {True: "compiled", False: "pure Python", None: "unknown"}[compiled],
        "file": agnes_rules.__file__,
        "python": platform.python_version(),
        "playouts": {},
    }
    for preset in args.presets:
        runs = [_playouts(preset, args.start, args.games, args.cap) for _ in range(args.repeat)]
        report["playouts"][preset] = min(runs, key=lambda run: run["seconds"])
    report["solves"] = _solves(args.start, args.solve, args.max_states)
    json.dump(report, sys.stdout)
    return 0


# ------------------------------------------------------------------- the driver


def _run(python: str, args: argparse.Namespace) -> dict[str, Any]:
    command = [python, str(Path(__file__).resolve()), "--worker", *_shared_options(args)]
    # Run outside the project root, so that nothing but the environment's install is imported.
    done = subprocess.run(command, cwd=Path.home(), capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"{python} failed:\n{done.stderr}")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def _shared_options(args: argparse.Namespace) -> list[str]:
    return [
        f"--start={args.start}",
        f"--games={args.games}",
        f"--cap={args.cap}",
        f"--repeat={args.repeat}",
        f"--solve={args.solve}",
        f"--max-states={args.max_states}",
        *args.presets,
    ]


def _rate(count: float, seconds: float) -> str:
    return f"{count / seconds:,.0f}" if seconds else "-"


def compare(args: argparse.Namespace) -> int:
    if args.start is None:
        args.start = fresh_start(args.games)
    builds = {"pure": _run(args.pure, args), "compiled": _run(args.compiled, args)}
    pure, compiled = builds["pure"], builds["compiled"]
    if (pure["build"], compiled["build"]) != ("pure Python", "compiled"):
        sys.exit(f"--pure loads the {pure['build']} build, --compiled the {compiled['build']} one")
    print(f"Python {pure['python']} on {platform.machine()}; CPU time, best of {args.repeat}")
    for name, report in builds.items():
        print(f"  {name}: the {report['build']} build, {report['file']}")
    last = args.start + args.games - 1
    print(f"Deals {args.start}..{last} ({args.games} games, at most {args.cap} random moves each);")
    print(f"solver: the first {args.solve} of them in agnes-sorel, {args.max_states:,} positions")
    print("at most each.")
    print()
    print("| preset | steps | pure moves/s | compiled moves/s | speed-up |")
    print("|---|---:|---:|---:|---:|")
    agree = True
    for preset in args.presets:
        one, two = pure["playouts"][preset], compiled["playouts"][preset]
        agree &= (one["steps"], one["generated"]) == (two["steps"], two["generated"])
        speedup = one["seconds"] / two["seconds"] if two["seconds"] else float("nan")
        print(
            f"| {preset} | {one['steps']} | {_rate(one['steps'], one['seconds'])}"
            f" | {_rate(two['steps'], two['seconds'])} | {speedup:.1f}x |"
        )
    if args.solve:
        print()
        print("| solver | deals | won/lost/unknown | positions | s/deal | µs/position |")
        print("|---|---:|---|---:|---:|---:|")
        for name, report in builds.items():
            solves = report["solves"]
            states = sum(item["states"] for item in solves)
            seconds = sum(item["seconds"] for item in solves)
            verdicts = "/".join(
                str(sum(item["outcome"] == outcome for item in solves))
                for outcome in ("won", "lost", "unknown")
            )
            print(
                f"| {name} | {len(solves)} | {verdicts} | {states:,} | {seconds / len(solves):.3f}"
                f" | {1e6 * seconds / states:.1f} |"
            )
        strip = [{k: v for k, v in item.items() if k != "seconds"} for item in pure["solves"]]
        agree &= strip == [
            {k: v for k, v in item.items() if k != "seconds"} for item in compiled["solves"]
        ]
    print()
    print("Both builds agree exactly." if agree else "THE BUILDS DISAGREE.")
    return 0 if agree else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", default=PRESETS)
    parser.add_argument("--pure", default=str(ROOT / ".venv/bin/python"), help="its Python")
    parser.add_argument(
        "--compiled", default=str(ROOT / ".venv-compiled/bin/python"), help="its Python"
    )
    parser.add_argument("--start", type=int, help="first deal (default: random, > 1,000,000)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--cap", type=int, default=300, help="random moves per game at most")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--solve", type=int, default=5, help="deals to solve (0: none)")
    parser.add_argument("--max-states", type=int, default=20_000)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    return worker(args) if args.worker else compare(args)


if __name__ == "__main__":
    sys.exit(main())
