"""Where the format layer plugs in the documents that core objects promise to write.

:class:`~agnes_rules.Variant`, :class:`~agnes_rules.Move` and
:class:`~agnes_rules.GameState` promise ``to_json`` and ``from_json``, and a
position promises ``to_svg``, but the modules that write JSON and SVG sit above
the core: they import it, so the core may not import them (python-chess keeps
``chess.pgn`` and ``chess.svg`` out of its core the same way). The core keeps
this small table instead; each format module registers its writer and reader
when it is imported, and the package root imports every format module, so the
table is full whenever :mod:`agnes_rules` is.

>>> from agnes_rules.core.variant import Variant
>>> writer(Variant, "json").__name__
'variant_to_json'

A document is text, so the table holds writers that return :class:`str`. A
core method that hands back an *object* of a higher layer (``GameState.view()``
returns the player's view, a :class:`~agnes_rules.view.PlayerView`) uses a
:class:`Hook` instead: one function, typed by what it takes and what it
returns, that the format module provides when it is imported. The core cannot
name the class it returns, so the result is typed by a protocol of what every
view offers (:class:`SeenPosition`); mypy checks at the registration that the
real class fits it, and the whole :class:`~agnes_rules.view.PlayerView` is one
import away (``agnes_rules.view.player_view``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar, cast

from agnes_rules.errors import NotRegisteredError

__all__ = ["Hook", "NotRegisteredError", "SeenPosition", "reader", "register", "writer"]

T = TypeVar("T")
A = TypeVar("A", contravariant=True)
R = TypeVar("R", covariant=True)

_WRITERS: dict[tuple[type, str], Callable[..., str]] = {}
_READERS: dict[tuple[type, str], Callable[[Any], Any]] = {}


def register(
    kind: type,
    format_name: str,
    write: Callable[..., str],
    read: Callable[[Any], Any] | None = None,
) -> None:
    """Make ``write`` (and ``read``, if given) the ``format_name`` document of ``kind``."""
    _WRITERS[kind, format_name] = write
    if read is not None:
        _READERS[kind, format_name] = read


def writer(kind: type, format_name: str) -> Callable[..., str]:
    """The registered function that writes a ``kind`` as a ``format_name`` document."""
    try:
        return _WRITERS[kind, format_name]
    except KeyError:
        raise NotRegisteredError(f"no {format_name} writer for {kind.__name__}") from None


def reader(kind: type[T], format_name: str) -> Callable[[Any], T]:
    """The registered function that reads a ``format_name`` document into a ``kind``."""
    try:
        return cast("Callable[[Any], T]", _READERS[kind, format_name])
    except KeyError:
        raise NotRegisteredError(f"no {format_name} reader for {kind.__name__}") from None


class SeenPosition(Protocol):
    """What the core knows of a player's view: its documents and its observation."""

    @property
    def stock_count(self) -> int:
        """How many cards are in the stock."""

    @property
    def is_won(self) -> bool:
        """Every card is on the foundations."""

    def to_json(self, *, indent: int | None = None) -> str:
        """The view's JSON document."""

    def to_code(self) -> str:
        """The view's one-line code."""

    def observation(self) -> tuple[int, ...]:
        """The view as a fixed-length tuple of integers."""

    def _repr_svg_(self) -> str:
        """The view's picture."""


class Hook(Generic[A, R]):
    """One function that a module above the core provides: it takes an ``A`` and returns an ``R``.

    >>> double: Hook[int, int] = Hook("double")
    >>> double(2)
    Traceback (most recent call last):
    ...
    agnes_rules.errors.NotRegisteredError: nothing provides double
    >>> double.provide(lambda number: 2 * number)
    >>> double(2)
    4
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._function: Callable[[A], R] | None = None

    def provide(self, function: Callable[[A], R]) -> None:
        """Make ``function`` the one this hook calls."""
        self._function = function

    def __call__(self, argument: A) -> R:
        function = self._function
        if function is None:
            raise NotRegisteredError(f"nothing provides {self.name}")
        return function(argument)
