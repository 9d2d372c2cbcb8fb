"""The argument parser of ``agnes``: one small function per subcommand, and the argument types.

Each subcommand's parser carries its ``handler``, the function in one of the
command modules that runs it. The argument types turn text into values and
leave every check to the core (:meth:`Variant.named`,
:func:`~agnes_rules.core.dealing.check_game_number`); a bad value is a usage
error, reported by argparse in one line with exit status 2.

>>> args = build_parser().parse_args(["deal", "agnes-two", "7", "--code"])
>>> args.variant.decks, args.number, args.code, args.handler.__name__
(2, 7, True, 'run_deal')
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from typing import Any, NoReturn, TypeAlias

from agnes_rules._build import build_name
from agnes_rules.cli.check import run_validate
from agnes_rules.cli.output import EXIT_USAGE, PROGRAM, program_version
from agnes_rules.cli.play import run_play
from agnes_rules.cli.show import DEMO_DEAL, DEMO_STATES, run_deal, run_demo, run_moves, run_variants
from agnes_rules.cli.solving import SOLVE_STATES, run_solve, run_stats
from agnes_rules.core.dealing import check_game_number
from agnes_rules.core.variant import VARIANTS, Variant
from agnes_rules.errors import AgnesError

__all__ = [
    "add_position_arguments",
    "budget_argument",
    "build_parser",
    "file_argument",
    "game_number_argument",
    "positive_argument",
    "seconds_argument",
    "seed_argument",
    "variant_argument",
]

#: The type of the object ``add_subparsers`` returns (argparse does not name it publicly).
Commands: TypeAlias = "argparse._SubParsersAction[_Parser]"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on standard error."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


class _ShowVersion(argparse.Action):
    """``--version``: print the installed version, read only when asked (it costs an import)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        kwargs.setdefault("help", "show the version and the build (compiled or pure), and exit")
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> NoReturn:
        print(f"{parser.prog} {program_version()} ({build_name()})")
        parser.exit()


# ------------------------------------------------------------------ argument types


def variant_argument(text: str) -> Variant:
    """The preset named ``text``.

    >>> variant_argument("agnes-sorel").piles
    7
    """
    try:
        return Variant.named(text)
    except AgnesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def game_number_argument(text: str) -> int:
    """The PySolFC game number written ``text``.

    >>> game_number_argument("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: game numbers run from 1 to 10**20 - 1, not 0
    """
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a game number: {text!r}") from None
    try:
        return check_game_number(number)
    except AgnesError:
        raise argparse.ArgumentTypeError(
            f"game numbers run from 1 to 10**20 - 1, not {number}"
        ) from None


def positive_argument(text: str) -> int:
    """The whole number ``text``, at least 1 (a count or a budget).

    >>> positive_argument("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be at least 1, got 0
    """
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {number}")
    return number


def seconds_argument(text: str) -> float:
    """A time limit in seconds: a number, at least 0 (``0.5``, ``2``).

    >>> seconds_argument("0.25")
    0.25
    >>> seconds_argument("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: not a number of seconds (at least 0): '-1'
    """
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not seconds >= 0:  # NaN too
        raise argparse.ArgumentTypeError(f"not a number of seconds (at least 0): {text!r}")
    return seconds


def seed_argument(text: str) -> int:
    """The seed of a random draw: a whole number.

    >>> seed_argument("42")
    42
    """
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def budget_argument(text: str) -> int | None:
    """A search budget: a number of positions, at least 1, or ``none`` for the default
    bound of the library (what a share of the memory holds).

    >>> budget_argument("5000"), budget_argument("none")
    (5000, None)
    """
    if text.strip().lower() == "none":
        return None
    try:
        return positive_argument(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"not a number of positions (at least 1) or 'none': {text!r}"
        ) from None


def file_argument(text: str) -> str:
    """A file name (``-`` for a standard stream), which cannot be empty.

    >>> file_argument("")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: an empty file name
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty file name")
    return text


def add_position_arguments(command: argparse.ArgumentParser) -> None:
    """``[VARIANT] [NUMBER] --code CODE --file FILE --after MOVES``: a position to work on.

    :func:`agnes_rules.cli.positions.position_from_arguments` reads them.
    """
    command.add_argument(
        "variant", nargs="?", type=variant_argument, metavar="VARIANT", help="a preset name"
    )
    command.add_argument(
        "number",
        nargs="?",
        type=game_number_argument,
        metavar="NUMBER",
        help="a PySolFC game number",
    )
    command.add_argument("--code", metavar="CODE", help="a one-line position code")
    command.add_argument(
        "--file",
        type=file_argument,
        metavar="FILE",
        help="a JSON game state or game record ('-' for stdin)",
    )
    command.add_argument(
        "--after", metavar="MOVES", help="play these moves first (quoted, space-separated)"
    )


# ------------------------------------------------------------------ the commands


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``agnes`` command, with every subcommand."""
    parser = _Parser(
        prog=PROGRAM,
        description="Agnes, the patience: deal, play, check and solve games.",
        epilog="Run 'agnes COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action=_ShowVersion)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add_command in (
        _add_demo,
        _add_variants,
        _add_deal,
        _add_moves,
        _add_play,
        _add_validate,
        _add_solve,
        _add_stats,
    ):
        add_command(commands)
    return parser


def _add_demo(commands: Commands) -> None:
    demo = commands.add_parser(
        "demo",
        help="deal a game, show it and solve it",
        description="Deal a game, show it, solve it and show the winning line or the verdict.",
    )
    demo.add_argument(
        "variant",
        nargs="?",
        type=variant_argument,
        default=VARIANTS["agnes-sorel"],
        metavar="VARIANT",
        help="a preset name (default agnes-sorel)",
    )
    demo.add_argument(
        "number",
        nargs="?",
        type=game_number_argument,
        default=DEMO_DEAL,
        metavar="NUMBER",
        help=f"a PySolFC game number (default {DEMO_DEAL}, won in a few hundred positions)",
    )
    demo.add_argument(
        "--max-states",
        type=positive_argument,
        default=DEMO_STATES,
        metavar="N",
        help=f"give up after N positions (default {DEMO_STATES})",
    )
    demo.set_defaults(handler=run_demo)


def _add_variants(commands: Commands) -> None:
    variants = commands.add_parser(
        "variants",
        help="list the presets and their rules",
        description="List the presets (or one) with every rule.",
    )
    variants.add_argument("name", nargs="?", type=variant_argument, metavar="VARIANT")
    variants.add_argument("--json", action="store_true", help="print JSON")
    variants.set_defaults(handler=run_variants)


def _add_deal(commands: Commands) -> None:
    deal = commands.add_parser(
        "deal",
        help="show the opening layout of a game",
        description="Show the opening layout of PySolFC's game NUMBER under VARIANT, or"
        " with --winnable of a game drawn at random among the deals 1..10,000 that the"
        " solver proved winnable.",
    )
    deal.add_argument("variant", type=variant_argument, metavar="VARIANT", help="a preset name")
    deal.add_argument(
        "number",
        nargs="?",
        type=game_number_argument,
        metavar="NUMBER",
        help="a game number (not with --winnable)",
    )
    deal.add_argument(
        "--winnable",
        action="store_true",
        help="draw a random deal proved winnable, and say which",
    )
    deal.add_argument(
        "--seed",
        type=seed_argument,
        metavar="SEED",
        help="with --winnable: make the draw repeatable",
    )
    output = deal.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the position as JSON")
    output.add_argument("--code", action="store_true", help="print the one-line position code")
    deal.add_argument(
        "--svg",
        type=file_argument,
        metavar="FILE",
        help="also write an SVG picture to FILE ('-': stdout, then alone)",
    )
    deal.set_defaults(handler=run_deal)


def _add_moves(commands: Commands) -> None:
    moves = commands.add_parser(
        "moves",
        help="list the legal moves of a position",
        description="List the legal moves of a position, given as VARIANT NUMBER (an"
        " opening deal), --code CODE or --file FILE, after the moves of --after.",
    )
    add_position_arguments(moves)
    output = moves.add_mutually_exclusive_group()
    output.add_argument("--show", action="store_true", help="show the position first")
    output.add_argument("--json", action="store_true", help="print JSON")
    moves.set_defaults(handler=run_moves)


def _add_play(commands: Commands) -> None:
    play = commands.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game interactively: type moves in the notation; 'help' at the"
        " prompt lists the commands (moves, hint, undo, save FILE, quit). A saved game"
        " goes on with --resume FILE.",
    )
    play.add_argument(
        "variant", nargs="?", type=variant_argument, metavar="VARIANT", help="a preset name"
    )
    play.add_argument(
        "number",
        nargs="?",
        type=game_number_argument,
        metavar="NUMBER",
        help="default: a random deal",
    )
    play.add_argument(
        "--winnable",
        action="store_true",
        help="a random deal among those of 1..10,000 proved winnable",
    )
    play.add_argument(
        "--resume",
        type=file_argument,
        metavar="FILE",
        help="go on with a game saved with 'save FILE'",
    )
    play.set_defaults(handler=run_play)


def _add_validate(commands: Commands) -> None:
    validate = commands.add_parser(
        "validate",
        help="check recorded games",
        description="Check recorded games (JSON game records). Exit status 1 if any"
        " has an illegal move, 2 if a file cannot be read as a record.",
    )
    validate.add_argument(
        "files", nargs="+", type=file_argument, metavar="FILE", help="a game record ('-': stdin)"
    )
    output = validate.add_mutually_exclusive_group()
    output.add_argument("--show", action="store_true", help="show each final position")
    output.add_argument("--json", action="store_true", help="print the reports as JSON")
    validate.set_defaults(handler=run_validate)


def _add_solve(commands: Commands) -> None:
    solve = commands.add_parser(
        "solve",
        help="solve a deal: the verdict and a winning line",
        description="Solve a position (VARIANT NUMBER, --code or --file): print whether it"
        " can be won, and a winning line when it can.",
    )
    add_position_arguments(solve)
    solve.add_argument(
        "--max-states",
        type=budget_argument,
        default=SOLVE_STATES,
        metavar="N",
        help=f"give up after N positions: unknown (default {SOLVE_STATES}; 'none': memory bound)",
    )
    solve.add_argument(
        "--max-seconds",
        type=seconds_argument,
        metavar="S",
        help="give up after S seconds: unknown (default: no time limit)",
    )
    solve.add_argument("--json", action="store_true", help="print JSON")
    solve.set_defaults(handler=run_solve)


def _add_stats(commands: Commands) -> None:
    stats = commands.add_parser(
        "stats",
        help="the share of deals proved won, over many deals",
        description="Solve the deals FIRST..FIRST+N-1 and print the share proved won, with"
        " its 95% confidence interval; on a terminal, a progress bar goes to standard error.",
    )
    stats.add_argument("variant", type=variant_argument, metavar="VARIANT", help="a preset name")
    stats.add_argument(
        "--deals", type=positive_argument, default=100, metavar="N", help="default 100"
    )
    stats.add_argument(
        "--first", type=game_number_argument, default=1, metavar="FIRST", help="default 1"
    )
    stats.add_argument(
        "--jobs",
        type=positive_argument,
        default=1,
        metavar="J",
        help="worker processes (default 1)",
    )
    stats.add_argument(
        "--max-states",
        type=budget_argument,
        metavar="N",
        help="per deal; beyond it, unknown (default: what a quarter of the memory holds)",
    )
    stats.add_argument(
        "--out",
        type=file_argument,
        metavar="FILE",
        help="append each deal's verdict to FILE (JSON lines) as it is decided; run the"
        " same command again to resume, skipping the deals already in FILE",
    )
    stats.add_argument("--quiet", action="store_true", help="no progress bar")
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.set_defaults(handler=run_stats)
