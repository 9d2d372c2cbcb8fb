"""The largest input the readers take, in one place (the base layer: it imports only errors).

Each reader refuses input beyond these limits with a
:class:`~agnes_rules.errors.LimitError` (a :class:`~agnes_rules.errors.FormatError`
naming the limit) before it does any work on it, so that a hostile or broken
document costs bounded time and memory. The defaults are far above anything the
library writes (a game record of a thousand moves is about 10 kB, a position code
under 400 characters):

======================  ============  ====================================================
limit                   default       what it bounds
======================  ============  ====================================================
``document_bytes``      16 MiB        a JSON document (any format), in UTF-8 bytes; a deck file
``json_depth``          64            arrays and objects nested in a JSON document
``record_moves``        100,000       the moves of one game record
``code_chars``          10,000        a position code or a player view's code
======================  ============  ====================================================

>>> current().record_moves
100000
>>> with limited(record_moves=10):
...     current().record_moves
10
>>> current().record_moves
100000

:func:`configure` changes the limits of the process (call it once, at start-up,
before any thread reads); :func:`limited` changes them for a ``with`` block.
Neither is called by the library itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import attrs

from agnes_rules.errors import ArgumentError, LimitError

__all__ = ["Limits", "check", "configure", "current", "limited"]


def _positive(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ArgumentError(f"{attribute.name} must be a positive integer, got {value!r}")


@attrs.frozen
class Limits:
    """The limits the readers enforce (see the module doc); every field is a positive integer."""

    document_bytes: int = attrs.field(default=16 * 1024 * 1024, validator=_positive)
    json_depth: int = attrs.field(default=64, validator=_positive)
    record_moves: int = attrs.field(default=100_000, validator=_positive)
    code_chars: int = attrs.field(default=10_000, validator=_positive)


#: The library's defaults.
DEFAULTS = Limits()

# What configure() sets for the whole process, and what a `with limited(...)` block sets
# for its own thread or task only (a context variable: overlapping blocks in two threads
# cannot restore each other's values).
_configured = DEFAULTS
_within: ContextVar[Limits | None] = ContextVar("agnes_rules_limits", default=None)


def current() -> Limits:
    """The limits in force here: those of the innermost ``limited`` block, or the configured."""
    return _within.get() or _configured


def configure(**changes: int) -> Limits:
    """Change the limits in force for the whole process; returns the new limits.

    An unknown name or a value that is not a positive integer is an
    :class:`~agnes_rules.errors.ArgumentError`.
    """
    global _configured
    _configured = _changed(_configured, changes)
    return _configured


@contextmanager
def limited(**changes: int) -> Iterator[Limits]:
    """Change the limits in force inside a ``with`` block (restored after it, even on error).

    The change holds in this thread (or asyncio task) only, so that a server can give
    one request its own limits.
    """
    token = _within.set(_changed(current(), changes))
    try:
        yield current()
    finally:
        _within.reset(token)


def _changed(limits: Limits, changes: dict[str, int]) -> Limits:
    names = {field.name for field in attrs.fields(Limits)}
    unknown = sorted(set(changes) - names)
    if unknown:
        raise ArgumentError(f"no limit named {unknown[0]!r}; the limits are {', '.join(names)}")
    return attrs.evolve(limits, **changes)


def check(name: str, size: int, where: str, what: str) -> None:
    """Refuse ``size`` (of ``what``, found at ``where``) when it exceeds the limit ``name``."""
    limit: int = getattr(current(), name)
    if size > limit:
        raise LimitError(where, name, limit, f"{what} exceeds the limit of {limit:,} ({name})")
