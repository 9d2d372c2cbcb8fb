"""The ``agnes`` command line (also ``python -m agnes_rules``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from agnes_rules.state import GameState
from agnes_rules.variant import VARIANTS, Variant


def _demo(args: argparse.Namespace) -> int:
    """Deal a game, show it, and play it out with a simple greedy player."""
    state = GameState.deal(Variant.named(args.variant), args.number)
    print(state.render())
    seen = {state}
    played: list[str] = []
    while not state.is_over and len(played) < 500:
        options = [(move, after) for move, after in state.successors() if after not in seen]
        if not options:
            break
        # Foundation moves first, then anything but a deal, the deal last.
        move, state = options[0]
        seen.add(state)
        played.append(str(move))
    print()
    print("greedy play:", " ".join(played))
    print(state.render())
    print("won" if state.is_won else "not won")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="agnes", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="deal a game and play it out greedily")
    demo.add_argument("variant", nargs="?", default="agnes-sorel", choices=list(VARIANTS))
    demo.add_argument("number", nargs="?", type=int, default=1)
    demo.set_defaults(handler=_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler = args.handler
    result: int = handler(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
