"""Random playouts per preset: legal-move generation plus apply, on one core.

Run by hand (the figures in docs/performance.md come from it):

    .venv/bin/python benchmarks/bench_playouts.py            # every preset
    .venv/bin/python benchmarks/bench_playouts.py --games 400 agnes-sorel

A *step* is one full legal-move generation on a fresh position followed by
applying one of the moves, chosen at random (seeded, so runs are repeatable).
Games stop when no move is legal or after ``--cap`` steps (random play can go
round in circles). Dealing is timed separately and not counted in the steps.
Times are this process's CPU time (``time.process_time``), so that other work on
the machine does not count against it; the best of ``--repeat`` runs is reported.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from fresh import fresh_start

from agnes_rules import VARIANTS, GameState, Variant


def playouts(
    variant: Variant | str, games: int, cap: int, start: int = 1
) -> tuple[int, int, float, float]:
    """Steps, moves generated, seconds of play and seconds of dealing for ``games`` deals
    from ``start`` (bench_builds.py runs this same loop in each build)."""
    started = time.process_time()
    states = [GameState.deal(variant, number) for number in range(start, start + games)]
    dealing = time.process_time() - started
    steps = generated = 0
    started = time.process_time()
    for seed, state in enumerate(states):
        rng = random.Random(seed)
        for _ in range(cap):
            moves = state.legal_moves()
            if not moves:
                break
            generated += len(moves)
            state = state.apply(moves[int(rng.random() * len(moves))])
            steps += 1
    return steps, generated, time.process_time() - started, dealing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", default=list(VARIANTS))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--cap", type=int, default=300, help="steps per game at most")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--start", type=int, help="first deal (default: random, > 1,000,000)")
    args = parser.parse_args()
    # A fresh range each run unless one is given, so the figures are not tuned to known deals.
    start = args.start if args.start is not None else fresh_start(args.games)
    print(
        f"Python {platform.python_version()} on {platform.machine()},"
        f" deals {start}..{start + args.games - 1}"
    )
    print()
    print("| preset | steps | steps/s | moves generated/s | deals/s |")
    print("|---|---:|---:|---:|---:|")
    for name in args.presets:
        variant = Variant.named(name)
        best = min(
            (playouts(variant, args.games, args.cap, start) for _ in range(args.repeat)),
            key=lambda run: run[2] / run[0],
        )
        steps, generated, seconds, dealing = best
        print(
            f"| {name} | {steps} | {steps / seconds:,.0f} | {generated / seconds:,.0f}"
            f" | {args.games / dealing:,.0f} |"
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
