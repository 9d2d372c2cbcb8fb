"""Moves as value objects, and their text notation.

Every move has one canonical text, like UCI in chess; pile numbers in the text
are 1-based, while the indices stored in a :class:`Move` are 0-based like the
tuples of a :class:`~agnes_rules.GameState`:

========== =================================================
``d``      deal from the stock
``t3f``    the exposed card of column 3 to its foundation
``r2f``    the top card of reserve pile 2 to its foundation
``s1f``    the card of spare space 1 to its foundation
``t1t4``   one card from column 1 onto column 4
``t1t4x3`` three cards (a run) from column 1 onto column 4
``r2t5``   the top card of reserve pile 2 onto column 5
``s2t5``   the card of spare space 2 onto column 5
========== =================================================

>>> move = Move.parse("t1t4x3")
>>> move.source, move.source_index, move.target, move.target_index, move.count
(<Area.TABLEAU: 't'>, 0, <Area.TABLEAU: 't'>, 3, 3)
>>> str(move)
't1t4x3'
>>> Move.parse("t1t4x1")
Traceback (most recent call last):
...
agnes_rules.errors.MoveParseError: not a move: 't1t4x1' (a count of 1 is written without 'x1')

The notation can also name moves that the rules never allow (a card onto a
reserve pile, ``t1r2``; a card off a foundation, ``f1t2``), so that such a
request gets an :class:`~agnes_rules.IllegalMoveError` naming the rule it
breaks rather than a parse error.
"""

from __future__ import annotations

import enum
import re
from typing import Any

import attrs

from agnes_rules.core import registry
from agnes_rules.errors import ArgumentError, MoveFieldError, MoveParseError

__all__ = ["Area", "Move", "parse_pile"]


class Area(enum.Enum):
    """A part of the layout; the value is its letter in the notation."""

    STOCK = "d"
    TABLEAU = "t"
    RESERVE = "r"
    SPARE = "s"
    FOUNDATION = "f"

    # Members are singletons compared by identity, so the identity hash is consistent;
    # Enum's own __hash__ runs in Python and showed up in the move-generation profile.
    __hash__ = object.__hash__


_PILE_AREAS = (Area.TABLEAU, Area.RESERVE, Area.SPARE, Area.FOUNDATION)
#: The largest number the notation writes (``_NUMBER`` below: one to three digits).
_MOST = 999


def _structure_problem(
    source: Area, source_index: int, target: Area | None, target_index: int, count: int
) -> str | None:
    """Why these fields make no move at all (as opposed to an illegal one), or None."""
    for name, value in (
        ("source_index", source_index),
        ("target_index", target_index),
        ("count", count),
    ):
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{name} must be an integer, got {value!r}"
    if not isinstance(source, Area):
        return f"source must be an Area, got {source!r}"
    if source is Area.STOCK:
        if target is not None or source_index or target_index or count != 1:
            return "a deal (source STOCK) has no target, no indices and a count of 1"
        return None
    if not isinstance(target, Area) or target is Area.STOCK:
        return f"target must be TABLEAU, FOUNDATION, RESERVE or SPARE, got {target!r}"
    if source_index < 0 or target_index < 0:
        return "pile indices are 0-based and cannot be negative"
    if count < 1:
        return f"count must be at least 1, got {count}"
    if max(source_index, target_index) >= _MOST or count > _MOST:
        # Beyond the notation's three digits a move would have no text to round-trip through.
        return f"pile numbers and counts go up to {_MOST} (the notation's largest number)"
    if target is Area.FOUNDATION and target_index:
        return (
            "a move to the foundations names no foundation (target_index must be 0):"
            " the rules choose it, and GameState.foundation_for(move) says which"
        )
    if target is Area.FOUNDATION and count != 1:
        return "a move to the foundations moves one card"
    return None


@attrs.frozen(cache_hash=True)
class Move:
    """A move: which cards go from where to where.

    Build one with :meth:`parse`, :meth:`deal`, :meth:`foundation_drop` or
    :meth:`onto_column`, or from the fields directly. A :class:`Move` is only a
    request; whether it is legal depends on the position
    (:meth:`agnes_rules.GameState.is_legal`).

    **A move to the foundations names no foundation**: its ``target_index`` is
    always 0 and its text has no number (``t4f``), because the rules decide
    where the card lands (the foundation of its suit that accepts it; with two
    decks the first of the two that does). Any other index is refused with a
    :class:`~agnes_rules.errors.MoveFieldError` (``t4f2`` with a
    :class:`~agnes_rules.errors.MoveParseError`) rather than silently ignored;
    :meth:`GameState.foundation_for <agnes_rules.GameState.foundation_for>`
    says which foundation the card reaches, for a front-end to draw it there.

    >>> Move(Area.TABLEAU, 3, Area.FOUNDATION, 2)
    Traceback (most recent call last):
    ...
    agnes_rules.errors.MoveFieldError: not a move: Move(source=<Area.TABLEAU: 't'>, \
source_index=3, target=<Area.FOUNDATION: 'f'>, target_index=2, count=1) (a move to the \
foundations names no foundation (target_index must be 0): the rules choose it, and \
GameState.foundation_for(move) says which)
    """

    source: Area
    source_index: int = 0
    target: Area | None = None
    target_index: int = 0
    count: int = 1

    def __attrs_post_init__(self) -> None:
        problem = _structure_problem(
            self.source, self.source_index, self.target, self.target_index, self.count
        )
        if problem is not None:
            raise MoveFieldError(self._fields_text(), problem)

    def _fields_text(self) -> str:
        return (
            f"Move(source={self.source!r}, source_index={self.source_index!r},"
            f" target={self.target!r}, target_index={self.target_index!r}, count={self.count!r})"
        )

    @classmethod
    def deal(cls) -> Move:
        """The deal from the stock (``d``)."""
        return _DEAL

    @classmethod
    def foundation_drop(cls, source: Area, index: int) -> Move:
        """The top card of pile ``index`` (0-based) of ``source`` to its foundation.

        >>> Move.foundation_drop(Area.TABLEAU, 3)
        Move.parse('t4f')
        """
        return cls(source, index, Area.FOUNDATION)

    @classmethod
    def onto_column(cls, source: Area, index: int, column: int, count: int = 1) -> Move:
        """``count`` cards from pile ``index`` of ``source`` onto tableau ``column`` (0-based).

        >>> Move.onto_column(Area.RESERVE, 1, 4)
        Move.parse('r2t5')
        """
        return cls(source, index, Area.TABLEAU, column, count)

    @classmethod
    def to_foundation(cls, source: Area, index: int) -> Move:
        """The older name of :meth:`foundation_drop`, kept as an alias."""
        return cls.foundation_drop(source, index)

    @classmethod
    def to_tableau(cls, source: Area, index: int, column: int, count: int = 1) -> Move:
        """The older name of :meth:`onto_column`, kept as an alias."""
        return cls.onto_column(source, index, column, count)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its canonical text (white space around it is ignored).

        >>> Move.parse(" r2f ")
        Move.parse('r2f')
        >>> Move.parse("T1F")
        Traceback (most recent call last):
        ...
        agnes_rules.errors.MoveParseError: not a move: 'T1F' (expected 'd', or a source \
(t, r, s or f with a pile number) and a target (f, or t, r or s with a pile number) and an \
optional 'xN' count, like 't1t4x3')
        """
        if not isinstance(text, str):
            raise MoveParseError(text, f"expected a string, got {type(text).__name__}")
        cleaned = text.strip()
        cached = _PARSED.get(cleaned)
        if cached is not None:
            return cached
        if cleaned == "d":
            return _DEAL
        match = _MOVE_PATTERN.fullmatch(cleaned)
        if match is None and _NAMED_FOUNDATION.fullmatch(cleaned):
            raise MoveParseError(
                text, "a move to the foundations names no foundation: write it 'f' alone"
            )
        if match is None:
            raise MoveParseError(
                text,
                "expected 'd', or a source (t, r, s or f with a pile number) and a target"
                " (f, or t, r or s with a pile number) and an optional 'xN' count, like 't1t4x3'",
            )
        source_letter, source_number, foundation, target_letter, target_number, count_text = (
            match.groups()
        )
        count = 1 if count_text is None else int(count_text)
        if count_text is not None and count == 1:
            raise MoveParseError(text, "a count of 1 is written without 'x1'")
        target = Area(foundation or target_letter)
        if foundation and count_text is not None:
            raise MoveParseError(text, "a move to the foundations moves one card")
        move = cls(
            Area(source_letter),
            int(source_number) - 1,
            target,
            0 if target_number is None else int(target_number) - 1,
            count,
        )
        if len(_PARSED) < _PARSE_CACHE_SIZE:
            _PARSED[cleaned] = move
        return move

    def __str__(self) -> str:
        if self.source is Area.STOCK:
            return "d"
        assert self.target is not None
        text = f"{self.source.value}{self.source_index + 1}{self.target.value}"
        if self.target is not Area.FOUNDATION:
            text += str(self.target_index + 1)
        if self.count != 1:
            text += f"x{self.count}"
        return text

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def is_deal(self) -> bool:
        """True for the deal from the stock."""
        return self.source is Area.STOCK

    def to_json(self, *, indent: int | None = None) -> str:
        """The ``agnes-rules/move`` JSON document of this move."""
        return registry.writer(Move, "json")(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Move:
        """Read an ``agnes-rules/move`` document; a ``FormatError`` names the bad field."""
        return registry.reader(Move, "json")(text)

    def uci(self) -> str:
        """The canonical text; the same as ``str(move)`` (the name python-chess users expect)."""
        return str(self)


# A pile number has no leading zero and at most three digits (no layout has more piles,
# and no run more cards); a count, if written, is 2 or more (checked above).
_NUMBER = r"([1-9][0-9]{0,2})"
_MOVE_PATTERN = re.compile(rf"([trsf]){_NUMBER}(?:(f)|([trs]){_NUMBER})(?:x{_NUMBER})?")

_NAMED_FOUNDATION = re.compile(rf"[trsf]{_NUMBER}f[0-9]+")
_PILE_PATTERN = re.compile(rf"([trsf]){_NUMBER}|[fd]")

_DEAL = Move(Area.STOCK)
_PARSE_CACHE_SIZE = 4096
_PARSED: dict[str, Move] = {"d": _DEAL}


def interned_move(
    source: Area, source_index: int, target: Area | None, target_index: int = 0, count: int = 1
) -> Move:
    """The shared :class:`Move` with these fields (the rules engine makes many identical moves)."""
    key = (source, source_index, target, target_index, count)
    move = _INTERNED.get(key)
    if move is None:
        move = _INTERNED[key] = Move(source, source_index, target, target_index, count)
    return move


_INTERNED: dict[tuple[Any, ...], Move] = {}


def parse_pile(text: str) -> tuple[Area, int | None]:
    """The pile named by ``text``: its area and 0-based index (None: every pile of the area).

    ``"t3"``, ``"r1"``, ``"s2"`` and ``"f4"`` name one pile; ``"f"`` the
    foundations and ``"d"`` the stock. Other text is a bad argument and raises
    an :class:`~agnes_rules.errors.ArgumentError` naming it (whether the pile
    exists in a variant is the position's question).

    >>> parse_pile("t3"), parse_pile("f")
    ((<Area.TABLEAU: 't'>, 2), (<Area.FOUNDATION: 'f'>, None))
    >>> parse_pile("t0")
    Traceback (most recent call last):
    ...
    agnes_rules.errors.ArgumentError: not a pile: 't0' (expected t, r, s or f with a pile \
number from 1, like 't3', or 'f' for the foundations or 'd' for the stock)
    """
    cleaned = text.strip() if isinstance(text, str) else None
    match = None if cleaned is None else _PILE_PATTERN.fullmatch(cleaned)
    if match is None or cleaned is None:
        raise ArgumentError(
            f"not a pile: {text!r} (expected t, r, s or f with a pile number from 1,"
            " like 't3', or 'f' for the foundations or 'd' for the stock)"
        )
    if match.group(1) is None:
        return Area(cleaned), None
    return Area(match.group(1)), int(match.group(2)) - 1
