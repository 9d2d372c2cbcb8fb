"""The ``agnes`` command line (also ``python -m agnes_rules``).

Every subcommand takes ``--help``. Exit status: 0 on success, 1 when the
command finds a problem it was asked to look for (a recorded game with an
illegal move), 2 on bad usage or unreadable input, 3 when a long run could not
finish (its worker processes kept dying), 130 after Ctrl-C; error
messages go to standard error in one line, starting with ``agnes COMMAND:
error:`` for a bad command line and ``agnes: error:`` for bad input.

>>> main(["moves", "agnes-sorel", "1"])
t4f      4C to its foundation
t4t3     4C onto 5C
d        deal 7 cards to the tableau
0

The parts: :mod:`~agnes_rules.cli.parser` (the argument tree),
:mod:`~agnes_rules.cli.show` (demo, variants, deal, moves),
:mod:`~agnes_rules.cli.play` (the interactive game), :mod:`~agnes_rules.cli.check`
(validate), :mod:`~agnes_rules.cli.solving` (solve, stats),
:mod:`~agnes_rules.cli.positions` and :mod:`~agnes_rules.cli.files` (reading the
input), :mod:`~agnes_rules.cli.output` (what the program prints). The words for
moves come from :mod:`agnes_rules.core.describing`.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import BrokenExecutor

from agnes_rules.cli.output import (
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    guarded_streams,
    print_error,
)
from agnes_rules.cli.parser import build_parser
from agnes_rules.core.describing import describe_move
from agnes_rules.errors import AgnesError

__all__ = ["build_parser", "describe_move", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``agnes`` command with ``argv`` (default: the process arguments).

    Ctrl-C ends any command at once with status 130 and no traceback; a closed
    pipe on standard output or error ends it quietly with the status it would
    have had.
    """
    try:
        with guarded_streams():
            return _run(argv)
    except KeyboardInterrupt:
        # End the line a progress bar or a prompt may have left open.
        with contextlib.suppress(OSError, ValueError):
            print(file=sys.stderr, flush=True)
        return EXIT_INTERRUPTED


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except (AgnesError, ValueError) as error:
        # Every bad input ends here: a package error (or a ValueError from the standard
        # library) is the user's mistake, said in one line.
        print_error(str(error))
        return EXIT_USAGE
    except BrokenExecutor as error:
        print_error(f"the run could not finish: {error}")
        return EXIT_FAILED
