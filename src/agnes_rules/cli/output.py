"""What the ``agnes`` command says: its name and version, text and JSON, errors and exit statuses.

Output for people goes to standard output, JSON for programs too (with
``--json``); errors go to standard error as one line starting with
``agnes: error:``. When the reader of either stream goes away
(``agnes validate *.json | head -1``), :class:`ClosedPipeGuard` throws the
rest of the output away, so that the command still ends with the status it
would have had.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import textwrap
from collections.abc import Iterator, Sequence
from typing import Any, TextIO, cast

from agnes_rules.core.moves import Move

__all__ = [
    "EXIT_FAILED",
    "EXIT_FOUND",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "PROGRAM",
    "ClosedPipeGuard",
    "emit_json",
    "guarded_streams",
    "plural",
    "print_error",
    "program_version",
    "wrapped_moves",
]

#: The command's name, at the start of every usage and error line.
PROGRAM = "agnes"
#: The distribution whose installed version ``agnes --version`` prints.
DISTRIBUTION = "agnes-rules"

#: Exit status: the command did what it was asked.
EXIT_OK = 0
#: Exit status: the command found the problem it was asked to look for (an illegal recorded move).
EXIT_FOUND = 1
#: Exit status: bad usage or unreadable input.
EXIT_USAGE = 2
#: Exit status: a long run could not finish (its worker processes kept dying); with
#: ``agnes stats --out``, the deals decided so far are in the file, and the same command resumes.
EXIT_FAILED = 3
#: Exit status after Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


def program_version() -> str:
    """The installed version of agnes-rules, or ``'unknown (not installed)'`` when run from sources.

    >>> program_version() != ""
    True
    """
    # Imported when asked for: reading package metadata costs start-up time.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown (not installed)"


def print_error(message: str) -> None:
    """Report ``message`` on standard error as one ``agnes: error:`` line."""
    print(f"{PROGRAM}: error: {message}", file=sys.stderr)


def emit_json(data: object) -> None:
    """Print ``data`` as indented JSON on standard output."""
    print(json.dumps(data, indent=2))


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, with an ``s`` unless there is exactly one.

    >>> plural(1, "move"), plural(2, "card")
    ('1 move', '2 cards')
    """
    return f"{count} {noun}{'s' if count != 1 else ''}"


def wrapped_moves(moves: Sequence[Move]) -> str:
    """A line of moves in the notation, wrapped to 79 columns.

    >>> wrapped_moves([Move.parse("t4f"), Move.parse("d")])
    't4f d'
    """
    return textwrap.fill(" ".join(str(move) for move in moves), width=79)


class ClosedPipeGuard:
    """Standard output that, once its reader has gone, quietly throws the rest away.

    >>> import io
    >>> guard = ClosedPipeGuard(io.StringIO())
    >>> guard.write("a line\\n"), guard.reader_gone
    (7, False)
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.reader_gone = False
        # input() encodes its prompt with these, and edits lines only on the real terminal.
        self.encoding = stream.encoding
        self.errors = stream.errors

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)

    def write(self, text: str) -> int:
        if not self.reader_gone:
            try:
                self.stream.write(text)
            except BrokenPipeError:
                self._discard()
        return len(text)

    def flush(self) -> None:
        if not self.reader_gone:
            try:
                self.stream.flush()
            except BrokenPipeError:
                self._discard()

    def fileno(self) -> int:
        return self.stream.fileno()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def _discard(self) -> None:
        self.reader_gone = True
        # Point the descriptor at the null device, so that the flush at exit (of what is
        # still buffered) succeeds instead of printing an error and exiting with 120.
        with contextlib.suppress(OSError, ValueError):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self.stream.fileno())
            os.close(null)


@contextlib.contextmanager
def guarded_streams() -> Iterator[None]:
    """Standard output and error behind :class:`ClosedPipeGuard` in the block, then flushed.

    Both, because ``agnes stats ... 2>&1 | head -1`` sends the errors and the progress
    bar into the same pipe as the output.
    """
    streams = sys.stdout, sys.stderr
    guards = ClosedPipeGuard(sys.stdout), ClosedPipeGuard(sys.stderr)
    sys.stdout, sys.stderr = (cast(TextIO, guard) for guard in guards)
    try:
        yield
        for guard in guards:
            guard.flush()
    finally:
        sys.stdout, sys.stderr = streams
