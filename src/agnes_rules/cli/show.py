"""The commands that show things: ``agnes demo``, ``variants``, ``deal`` and ``moves``.

Each ``run_*`` function takes the parsed arguments and returns the exit status.
"""

from __future__ import annotations

import argparse
import random
import sys
import textwrap

import attrs

from agnes_rules.cli.files import write_text
from agnes_rules.cli.output import EXIT_OK, emit_json, plural, wrapped_moves
from agnes_rules.cli.positions import position_from_arguments, winnable_deal_number
from agnes_rules.core.describing import describe_move, preset_origin
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS, Variant
from agnes_rules.errors import ArgumentError
from agnes_rules.solver import Outcome, solve
from agnes_rules.svg import render_svg
from agnes_rules.winnable import SURVEYED_DEALS, winnable_deals

__all__ = ["DEMO_DEAL", "DEMO_STATES", "run_deal", "run_demo", "run_moves", "run_variants"]

#: The search budget of ``agnes demo``: a few seconds at most, so the demo stays a demo.
DEMO_STATES = 50_000
#: The game ``agnes demo`` deals by default: one the solver wins at once.
DEMO_DEAL = 3


# ------------------------------------------------------------------ demo


def run_demo(args: argparse.Namespace) -> int:
    """Deal a game, show it and its legal moves, solve it and show the line or the verdict."""
    state = GameState.deal(args.variant, args.number)
    print(f"Agnes ({args.variant.name}), PySolFC game number {args.number}:")
    print()
    print(state.render())
    print()
    legal = " ".join(f"{move} ({describe_move(state, move)})" for move in state.legal_moves())
    print(textwrap.fill(f"Legal moves: {legal}", width=79))
    print()
    print(f"Solving (looking at up to {plural(args.max_states, 'position')})...")
    result = solve(state, max_states=args.max_states)
    examined = plural(result.states, "position")
    if result.outcome is Outcome.WON:
        print(f"Won in {plural(len(result.moves), 'move')} ({examined} examined):")
        print(wrapped_moves(result.moves))
        print()
        print(state.play(result.moves).render())
    elif result.outcome is Outcome.LOST:
        print(f"This deal cannot be won (proved by a search of {examined}).")
    else:
        print(
            f"No verdict within {examined}; for a longer search try:"
            f" agnes solve {args.variant.name} {args.number} --max-states 5000000"
        )
    print()
    print(
        textwrap.fill(
            f"Next: 'agnes play {args.variant.name}' to play one,"
            " 'agnes --help' for every command.",
            width=79,
        )
    )
    return EXIT_OK


# ------------------------------------------------------------------ variants


def run_variants(args: argparse.Namespace) -> int:
    """List the presets (or the one named) with every rule, as text or JSON."""
    chosen = [args.name] if args.name else list(VARIANTS.values())
    if args.json:
        emit_json({variant.name: variant_data(variant) for variant in chosen})
    else:
        print("\n\n".join(variant_text(variant) for variant in chosen))
    return EXIT_OK


def variant_data(variant: Variant) -> dict[str, object]:
    """Every field of ``variant`` (enums by their values), its origin and its derived counts."""
    fields = attrs.asdict(
        variant, value_serializer=lambda _i, _a, value: getattr(value, "value", value)
    )
    fields.update(
        origin=preset_origin(variant.name),
        stock_size=variant.stock_size,
        deals=variant.deals,
        spare_spaces=variant.spare_spaces,
    )
    return fields


def variant_text(variant: Variant) -> str:
    """``variant``'s name and origin, then its rules on two indented lines.

    >>> print(variant_text(VARIANTS["agnes-sorel"]))  # doctest: +NORMALIZE_WHITESPACE
    agnes-sorel: Agnes Sorel as Dalton (1909) gives it
      packing same-colour, tableau wrap base, movable runs same-suit, split runs yes,
      vacancy any-card
      1 deck, 7 columns, no reserve piles, deals to the tableau, leftover next-piles,
      face up; stock 23 (4 deals)
    """
    yes_no = {True: "yes", False: "no"}
    spare = f", {variant.spare_spaces} spare spaces" if variant.spare_spaces else ""
    return "\n".join(
        [
            f"{variant.name}: {preset_origin(variant.name)}",
            f"  packing {variant.packing.value}, tableau wrap {variant.tableau_wrap.value},"
            f" movable runs {variant.movable_runs.value},"
            f" split runs {yes_no[variant.split_runs]}, vacancy {variant.vacancy.value}",
            f"  {variant.decks} deck{'s' if variant.decks > 1 else ''}, {variant.piles} columns,"
            f" {variant.reserve or 'no'} reserve piles, deals to the {variant.stock_to.value},"
            f" leftover {variant.leftover.value},"
            f" {'face down' if variant.face_down else 'face up'};"
            f" stock {variant.stock_size} ({variant.deals} deals{spare})"
            + ("; cards may be worried back" if variant.worry_back else ""),
        ]
    )


# ------------------------------------------------------------------ deal and moves


def run_deal(args: argparse.Namespace) -> int:
    """Show the opening layout of a game as text, JSON or a position code (and maybe SVG).

    With ``--winnable`` the game is drawn among the preset's deals proved
    winnable, and the line that says which goes before the picture, or to
    standard error when standard output carries JSON, a code or SVG.
    """
    if args.svg == "-" and (args.json or args.code):
        option = "--json" if args.json else "--code"
        raise ArgumentError(f"--svg - writes the picture to stdout; it cannot go with {option}")
    number = _deal_number(args)
    state = GameState.deal(args.variant, number)
    if args.winnable:
        first, last = SURVEYED_DEALS[0], SURVEYED_DEALS[-1]
        note = (
            f"game number {number}, drawn from the {len(winnable_deals(args.variant)):,}"
            f" deals of {first}..{last:,} proved winnable"
        )
        quiet = args.json or args.code or args.svg == "-"
        print(note, file=sys.stderr if quiet else sys.stdout)
    if args.svg is not None:
        write_text(args.svg, render_svg(state))
        if args.svg == "-":
            return EXIT_OK  # the picture is the output
    if args.json:
        print(state.to_json(indent=2))
    elif args.code:
        print(state.to_code())
    else:
        print(state.render())
    return EXIT_OK


def _deal_number(args: argparse.Namespace) -> int:
    """The game number ``agnes deal`` shows: NUMBER, or one drawn with ``--winnable``."""
    if args.seed is not None and not args.winnable:
        raise ArgumentError("--seed only goes with --winnable (it seeds the random draw)")
    if not args.winnable:
        if args.number is None:
            raise ArgumentError("give a game NUMBER, or --winnable for a deal proved winnable")
        return int(args.number)
    return winnable_deal_number(args, random.Random(args.seed))


def run_moves(args: argparse.Namespace) -> int:
    """List the legal moves of a position with what each one does."""
    state = position_from_arguments(args)
    moves = state.legal_moves()
    if args.json:
        emit_json(
            {
                "moves": [str(move) for move in moves],
                "descriptions": [describe_move(state, move) for move in moves],
                "won": state.is_won,
                "lost": state.is_lost,
            }
        )
        return EXIT_OK
    if args.show:
        print(state.render())
        print()
    if not moves:
        print("no legal move: the game is " + ("won" if state.is_won else "lost"))
    for move in moves:
        print(f"{move!s:<8} {describe_move(state, move)}")
    return EXIT_OK
