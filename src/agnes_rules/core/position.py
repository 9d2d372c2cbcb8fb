"""The compact representation of a position, which the rules engine reads and writes.

A :class:`Position` holds card indices (0..51, see :attr:`Card.index`) in
tuples: per column its face-down and face-up parts, the reserve piles, the
spare spaces (-1 while empty), the height of each foundation (the base rank
and the suit fix its cards) and the stock. The public attributes
(:attr:`~Position.tableau`, :attr:`~Position.foundations`, ...) turn them into
:class:`Card` objects on request. :class:`~agnes_rules.GameState` is the
position with the rules as methods; the engine's modules (generation,
legality, applying, picture) are plain functions over this class.

>>> from agnes_rules.core.state import GameState
>>> position = GameState.deal("agnes-sorel", 1)
>>> position._up[0], position.tableau[0]
((37,), Column(face_down=(), face_up=(Card.parse('QH'),)))
>>> position.foundations[2], position._found
((Card.parse('4H'),), (0, 0, 1, 0))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Self, cast

import attrs
from mypy_extensions import mypyc_attr

from agnes_rules.cards import FULL_DECK, SUITS, Card, Rank, foundation_pile
from agnes_rules.core.moves import Move
from agnes_rules.core.rulebook import RuleBook
from agnes_rules.core.variant import Variant
from agnes_rules.errors import PositionError

__all__ = ["Column", "Indices", "Piles", "Position", "PositionParts"]

#: The card indices of one pile, bottom to top.
Indices = tuple[int, ...]
#: Several piles of card indices, left to right.
Piles = tuple[Indices, ...]


def _card_tuple(cards: Iterable[object]) -> tuple[Card, ...]:
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        raise PositionError(f"a column part is a sequence of Card, got {cards!r}")
    result = tuple(cards)
    for card in result:
        if not isinstance(card, Card):
            raise PositionError(f"{card!r} is not a Card")
    return cast(tuple[Card, ...], result)


# In the compiled build (see pyproject.toml) the attrs classes of this module stay ordinary
# Python classes (mypyc cannot compile attrs classes as native ones). The annotations are
# quoted because mypyc shortens the ones it compiles (``tuple[Card, ...]`` to ``tuple``),
# and cattrs structures documents by them; the default is typed Any so that mypyc does
# not check the class-level attrs.field() against the annotation.
_NO_CARDS: Any = ()


@mypyc_attr(native_class=False)
@attrs.frozen
class Column:
    """A tableau column: a face-down part (possibly empty) under a face-up part."""

    face_down: "tuple[Card, ...]" = attrs.field(default=_NO_CARDS, converter=_card_tuple)  # noqa: UP037
    face_up: "tuple[Card, ...]" = attrs.field(default=_NO_CARDS, converter=_card_tuple)  # noqa: UP037

    @property
    def cards(self) -> tuple[Card, ...]:
        """All the cards, bottom to top."""
        return self.face_down + self.face_up

    @property
    def exposed(self) -> Card | None:
        """The top card (the only one that may go to a foundation), or None if empty."""
        return self.face_up[-1] if self.face_up else None

    def __len__(self) -> int:
        return len(self.face_down) + len(self.face_up)


@mypyc_attr(native_class=False)
@attrs.frozen
class PositionParts:
    """The parts of a position as its public attributes show them, in the order documents
    write them; the readers of documents and position codes fill one and hand it to the
    checking constructor (``GameState(**attrs.asdict(parts, recurse=False))``)."""

    variant: Variant
    base_rank: Rank
    foundations: "tuple[tuple[Card, ...], ...]"  # noqa: UP037 (quoted for cattrs, see Column)
    tableau: "tuple[Column, ...]"  # noqa: UP037
    reserve: "tuple[tuple[Card, ...], ...]"  # noqa: UP037
    spare: "tuple[Card | None, ...]"  # noqa: UP037
    stock: "tuple[Card, ...]"  # noqa: UP037


def _cards(indices: Iterable[int]) -> tuple[Card, ...]:
    return tuple(FULL_DECK[index] for index in indices)


@mypyc_attr(allow_interpreted_subclasses=True)
class Position:
    """An immutable, hashable position in the compact form; equal positions compare equal.

    Its parts are set once, by :meth:`_set`; the engine makes the next
    position with :meth:`_successor`, which shares the variant and the rule
    tables. Only a position already checked (or made by the rules) is built
    this way: the checking constructor is :class:`~agnes_rules.GameState`'s.

    Immutability is by construction: the public attributes are read-only
    properties, and the underscored slots are the engine's. (No ``__setattr__``
    override: every assignment in :meth:`_set` would go through it, and in the
    compiled build this class is a native class whose slots the engine's
    functions read and write directly.)
    """

    __slots__ = (
        "_base_rank",
        "_down",
        "_found",
        "_hash",
        "_moves",
        "_reserve",
        "_rules",
        "_spare",
        "_stock",
        "_up",
        "_variant",
    )

    _variant: Variant
    _base_rank: Rank
    _rules: RuleBook
    _down: Piles
    _up: Piles
    _reserve: Piles
    _spare: Indices
    _found: Indices
    _stock: Indices
    _hash: int | None
    _moves: tuple[Move, ...] | None

    def _set(
        self,
        variant: Variant,
        base_rank: Rank,
        rules: RuleBook,
        down: Piles,
        up: Piles,
        reserve: Piles,
        spare: Indices,
        found: Indices,
        stock: Indices,
    ) -> None:
        self._variant = variant
        self._base_rank = base_rank
        self._rules = rules
        self._down = down
        self._up = up
        self._reserve = reserve
        self._spare = spare
        self._found = found
        self._stock = stock
        self._hash = None
        self._moves = None

    def _successor(
        self, down: Piles, up: Piles, reserve: Piles, spare: Indices, found: Indices, stock: Indices
    ) -> Self:
        """A position of the same class, variant and base rank with these parts."""
        cls = type(self)
        state = cls.__new__(cls)
        state._set(
            self._variant, self._base_rank, self._rules, down, up, reserve, spare, found, stock
        )
        return state

    # ------------------------------------------------------- public views

    @property
    def variant(self) -> Variant:
        """The rules this position is played under."""
        return self._variant

    @property
    def base_rank(self) -> Rank:
        """The rank the foundations start from (it fixes what each foundation holds)."""
        return self._base_rank

    @property
    def tableau(self) -> tuple[Column, ...]:
        """The columns, left to right."""
        return tuple(
            Column(_cards(down), _cards(up)) for down, up in zip(self._down, self._up, strict=True)
        )

    @property
    def reserve(self) -> tuple[tuple[Card, ...], ...]:
        """The reserve piles, left to right, each bottom to top (empty without a reserve)."""
        return tuple(_cards(pile) for pile in self._reserve)

    @property
    def spare(self) -> tuple[Card | None, ...]:
        """The spare spaces: a card or None while the space is empty."""
        return tuple(None if index < 0 else FULL_DECK[index] for index in self._spare)

    @property
    def foundations(self) -> tuple[tuple[Card, ...], ...]:
        """The foundations: clubs, diamonds, hearts, spades (then the second deck's)."""
        base = self._base_rank
        return tuple(
            foundation_pile(SUITS[number % 4], base, held)
            for number, held in enumerate(self._found)
        )

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, the next one to be dealt first."""
        return _cards(self._stock)

    def parts(self) -> PositionParts:
        """The parts of this position, as its attributes above show them."""
        return PositionParts(
            self.variant,
            self.base_rank,
            self.foundations,
            self.tableau,
            self.reserve,
            self.spare,
            self.stock,
        )

    # ------------------------------------------------------------ identity

    def _key(self) -> tuple[Any, ...]:
        return (
            self._variant,
            self._base_rank,
            self._down,
            self._up,
            self._reserve,
            self._spare,
            self._found,
            self._stock,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        cached = self._hash
        if cached is None:
            cached = hash(self._key())
            self._hash = cached
        return cached

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self._key()))


def _rebuild(cls: type[Position], key: tuple[Any, ...]) -> Position:
    """Unpickle a position from its :meth:`~Position._key` (checked when first made)."""
    variant, base_rank, *piles = key
    state = cls.__new__(cls)
    state._set(variant, base_rank, RuleBook.of(variant, base_rank), *piles)
    return state
