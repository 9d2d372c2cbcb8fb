"""The user's files: reading and writing them, ``-`` standing for the standard streams.

A file that cannot be read or written is bad input: an :class:`ArgumentError`
whose message names the file, reported by the command in one line.
"""

from __future__ import annotations

import sys
from pathlib import Path

from agnes_rules.errors import ArgumentError

__all__ = ["read_text", "write_text"]


def read_text(path: str) -> str:
    """The text of the UTF-8 file at ``path`` (standard input for ``-``).

    >>> read_text("/nonexistent/game.json")
    Traceback (most recent call last):
    ...
    agnes_rules.errors.ArgumentError: cannot read /nonexistent/game.json: No such file or directory
    """
    try:
        return sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ArgumentError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise ArgumentError(f"cannot read {path}: not a UTF-8 text file") from None


def write_text(path: str, text: str) -> None:
    """Write ``text`` and a newline to the file at ``path`` (standard output for ``-``)."""
    if path == "-":
        sys.stdout.write(text + "\n")
        return
    try:
        Path(path).write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise ArgumentError(f"cannot write {path}: {error.strerror or error}") from None
