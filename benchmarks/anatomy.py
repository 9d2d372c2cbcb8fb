"""Where a search spends its positions, by stage of the deal (pure-Python build).

Usage (from the project root):

    .venv/bin/python benchmarks/anatomy.py quagnes-none-up 947345651 --max-states 2000000

It prints, for each stock position (how many stock cards are dealt): the positions
the search examined there, those the loss proofs refuted at once, those a deal led
to ("entered", one per line of the search that dealt into a position not seen
before) and those of them refuted right at the deal; and the cards home in the
positions examined once the whole stock is dealt. docs/solver.md ("Where the heavy
deals spend their positions") has what it showed on heavy deals.

It counts by wrapping ``LossProofs.newly_refuted``, which the search calls once for
every position it examines but the first of each pass or turn, a position that wins,
and one where the streamlined pass gives up a line; a compiled class cannot be
wrapped, so it runs on the pure build only. The counts add up over every pass of the
search (see ``Techniques.streamline``; ``--without streamline`` leaves the exact
search alone), and a position examined by two passes or two turns counts twice.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
from options import add_without, techniques_without
from rule_sets import RULE_SETS

from agnes_rules import COMPILED
from agnes_rules.core.state import GameState
from agnes_rules.errors import AgnesError
from agnes_rules.solver import solve
from agnes_rules.solver.board import DEAL, InternalMove, Position
from agnes_rules.solver.proofs import LossProofs

#: The signature of ``LossProofs.newly_refuted``: (proofs, parent, child, move, its
#: auto-play) -> whether a loss proof refutes the child.
_NewlyRefuted = Callable[[LossProofs, Position, Position, InternalMove, list[InternalMove]], bool]


@attrs.define
class Anatomy:
    """What one search examined, by stock position (the number of stock cards dealt)."""

    #: The size of the deal's stock: positions at this stock position have it all dealt.
    stock_size: int
    positions: Counter[int] = attrs.field(factory=Counter)
    refuted: Counter[int] = attrs.field(factory=Counter)
    entered: Counter[int] = attrs.field(factory=Counter)
    refuted_at_deal: Counter[int] = attrs.field(factory=Counter)
    #: How many positions examined after the last deal had each number of cards home.
    home_at_end: Counter[int] = attrs.field(factory=Counter)

    def count(self, child: Position, move: InternalMove, refuted: bool) -> None:
        """Count ``child``, reached by ``move``, which the proofs ``refuted`` or not."""
        _, _, _, found, dealt = child
        self.positions[dealt] += 1
        self.refuted[dealt] += refuted
        if move[0] == DEAL:
            self.entered[dealt] += 1
            self.refuted_at_deal[dealt] += refuted
        if dealt == self.stock_size:
            self.home_at_end[sum(found)] += 1


def counting(anatomy: Anatomy, original: _NewlyRefuted) -> _NewlyRefuted:
    """``original`` (``LossProofs.newly_refuted``), counting each position in ``anatomy``."""

    def newly_refuted(
        proofs: LossProofs,
        parent: Position,
        child: Position,
        move: InternalMove,
        auto: list[InternalMove],
    ) -> bool:
        refuted = original(proofs, parent, child, move, auto)
        anatomy.count(child, move, refuted)
        return refuted

    return newly_refuted


def report(anatomy: Anatomy) -> str:
    """The table of ``anatomy``: one row per stock position, then the cards home."""
    if not anatomy.positions:
        return "nothing counted: decided at its first position, or no loss proof runs"
    lines = [
        "stock dealt | positions | refuted at once | entered by a deal | refuted at the deal",
        "---:|---:|---:|---:|---:",
    ]
    for dealt in sorted(anatomy.positions):
        lines.append(
            f"{dealt} | {anatomy.positions[dealt]:,} | {anatomy.refuted[dealt]:,} | "
            f"{anatomy.entered[dealt]:,} | {anatomy.refuted_at_deal[dealt]:,}"
        )
    home = anatomy.home_at_end
    if home:
        median = statistics.median(home.elements())
        lines.append(
            f"cards home after the last deal: {min(home)} to {max(home)}, median {median:g}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", choices=sorted(RULE_SETS), metavar="VARIANT")
    parser.add_argument("deal", type=int, help="a PySolFC deal number")
    parser.add_argument("--max-states", type=int, default=1_000_000)
    add_without(parser)
    args = parser.parse_args(argv)
    if COMPILED:
        sys.exit(
            "anatomy.py wraps a solver class, which the compiled build cannot:"
            " run it with the pure build (.venv/bin/python)"
        )
    techniques = techniques_without(args.without)
    try:
        state = GameState.deal(RULE_SETS[args.variant], args.deal)
    except AgnesError as error:
        sys.exit(str(error))
    anatomy = Anatomy(len(state.stock))
    original = LossProofs.newly_refuted
    LossProofs.newly_refuted = counting(anatomy, original)  # type: ignore[method-assign]
    try:
        started = time.process_time()
        result = solve(state, max_states=args.max_states, techniques=techniques)
        seconds = time.process_time() - started
    except AgnesError as error:
        sys.exit(str(error))
    finally:
        LossProofs.newly_refuted = original  # type: ignore[method-assign]
    off = f"without {', '.join(args.without)}" if args.without else "all techniques"
    print(
        f"{args.variant} {args.deal} ({off}, max_states {args.max_states:,}):"
        f" {result.outcome.value} in {result.states:,} positions,"
        f" {seconds:.1f} CPU seconds with the counting (pure build)"
    )
    print(report(anatomy))


if __name__ == "__main__":
    main()
