"""The one position checker: which positions some game of the variant can reach.

:func:`check_position` takes the parts of a position as the public attributes
of :class:`~agnes_rules.GameState` show them, and either returns them in the
compact form (card indices) or raises a
:class:`~agnes_rules.errors.PositionError` naming the first problem and its
:attr:`~agnes_rules.errors.PositionError.location`: the path to the offending
part in the attribute structure, such as ``("tableau", 2, "face_up", 0)``. The
constructor of a position, the JSON reader and the position-code reader all
check through it; the readers turn the location into their own kind of path
(:func:`location_path` writes the JSON path, which the documents share with
the attributes).

The problems are looked for in this order: the parts' types and counts, the
columns (face-down cards), the foundations (built in sequence from the base
rank; not all empty), every card once per deck (a duplicate is named where it
appears the second time), and last what only the rules forbid (cards in the
spare spaces while the stock lasts, a stock size no deal leaves).

>>> from agnes_rules.core.state import GameState
>>> state = GameState.deal("agnes-sorel", 1)
>>> parts = [state.variant, state.base_rank, state.tableau, state.foundations, (), (), state.stock]
>>> check_position(*parts).up[0]
(37,)
>>> parts[-1] = state.stock[:-1] + (Card.parse("QH"),)
>>> try:
...     check_position(*parts)
... except PositionError as error:
...     print(location_path(error.location), "-", error.reason)
$.stock[22] - duplicate card QH (also at $.tableau[0].face_up[0]); agnes-sorel has one of \
each card
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from agnes_rules.cards import FULL_DECK, SUITS, Card, Rank, foundation_pile
from agnes_rules.core.position import Column, Indices, Piles
from agnes_rules.core.variant import Variant
from agnes_rules.errors import PositionError

__all__ = ["CompactParts", "check_position", "location_path"]

#: A path in the attribute structure of a position, like ``("tableau", 2, "face_up", 0)``.
Location = tuple[str | int, ...]


class CompactParts(NamedTuple):
    """A checked position in the compact form of :class:`~agnes_rules.core.position.Position`."""

    base_rank: Rank
    down: Piles
    up: Piles
    reserve: Piles
    spare: Indices
    found: Indices
    stock: Indices


def location_path(location: Location, root: str = "$") -> str:
    """The JSON path of a location: ``$.tableau[2].face_up[0]`` (``root`` alone for ``()``).

    >>> location_path(("reserve", 1, 0)), location_path(())
    ('$.reserve[1][0]', '$')
    """
    return root + "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in location)


def check_position(
    variant: object,
    base_rank: object,
    tableau: object,
    foundations: object,
    reserve: object,
    spare: object,
    stock: object,
) -> CompactParts:
    """The compact parts of the position, if some game reaches it; else :class:`PositionError`.

    The arguments are those of the :class:`~agnes_rules.GameState` constructor,
    unchecked (so of any type); ``spare=None`` stands for empty spare spaces.
    """
    if not isinstance(variant, Variant):
        raise PositionError(f"variant must be a Variant, got {variant!r}", ("variant",))
    if isinstance(base_rank, bool) or not isinstance(base_rank, int) or not 1 <= base_rank <= 13:
        raise PositionError(f"base_rank must be a rank 1..13, got {base_rank!r}", ("base_rank",))
    rank = Rank(base_rank)
    down, up = _columns(tableau)
    piles = _piles(foundations, "foundations", "foundation")
    parts = CompactParts(
        base_rank=rank,
        down=down,
        up=up,
        reserve=_piles(reserve, "reserve", "reserve pile"),
        spare=_spare([None] * variant.spare_spaces if spare is None else spare),
        found=tuple(len(pile) for pile in piles),
        stock=_indices(_sequence(stock, "stock", ("stock",)), "stock", ("stock",)),
    )
    _check_counts(variant, parts)
    _check_columns(variant, parts)
    _check_foundations(rank, piles, variant.worry_back)
    _check_census(variant, parts, piles)
    _check_stock(variant, parts)
    return parts


# ------------------------------------------------------------ types and shapes


def _sequence(value: object, what: str, location: Location) -> Sequence[Any]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise PositionError(f"{what} must be a sequence, got {value!r}", location)
    return tuple(value)


def _indices(cards: Iterable[object], where: str, location: Location) -> Indices:
    result = []
    for number, card in enumerate(cards):
        if not isinstance(card, Card):
            raise PositionError(f"{where}[{number}]: {card!r} is not a Card", (*location, number))
        result.append(card.index)
    return tuple(result)


def _columns(tableau: object) -> tuple[Piles, Piles]:
    down, up = [], []
    for number, column in enumerate(_sequence(tableau, "tableau", ("tableau",))):
        where = f"tableau column {number + 1}"
        if not isinstance(column, Column):
            raise PositionError(f"{where}: {column!r} is not a Column", ("tableau", number))
        down.append(
            _indices(column.face_down, f"{where} face_down", ("tableau", number, "face_down"))
        )
        up.append(_indices(column.face_up, f"{where} face_up", ("tableau", number, "face_up")))
    return tuple(down), tuple(up)


def _piles(piles: object, name: str, what: str) -> Piles:
    result = []
    for number, pile in enumerate(_sequence(piles, name, (name,))):
        where = f"{what} {number + 1}"
        result.append(_indices(_sequence(pile, where, (name, number)), where, (name, number)))
    return tuple(result)


def _spare(spare: object) -> Indices:
    result = []
    for number, card in enumerate(_sequence(spare, "spare", ("spare",))):
        if card is not None and not isinstance(card, Card):
            raise PositionError(
                f"spare space {number + 1}: {card!r} is neither a Card nor None", ("spare", number)
            )
        result.append(-1 if card is None else card.index)
    return tuple(result)


def _check_counts(variant: Variant, parts: CompactParts) -> None:
    for name, what, got, expected in (
        ("tableau", "tableau columns", len(parts.up), variant.piles),
        ("reserve", "reserve piles", len(parts.reserve), variant.reserve),
        ("spare", "spare spaces", len(parts.spare), variant.spare_spaces),
        ("foundations", "foundations", len(parts.found), variant.foundation_count),
    ):
        if got != expected:
            raise PositionError(
                f"expected {expected} {what}, got {got} (variant {variant.name})", (name,)
            )


# ------------------------------------------------------------ the layout


def _check_columns(variant: Variant, parts: CompactParts) -> None:
    for number, (down, up) in enumerate(zip(parts.down, parts.up, strict=True)):
        if down and not variant.face_down:
            raise PositionError(
                f"tableau column {number + 1} has face-down cards,"
                f" but {variant.name} is dealt face up",
                ("tableau", number, "face_down"),
            )
        if down and not up:
            raise PositionError(
                f"tableau column {number + 1} has face-down cards and no face-up card over them",
                ("tableau", number, "face_up"),
            )


def _check_foundations(base_rank: Rank, piles: Piles, worry_back: bool) -> None:
    for number, pile in enumerate(piles):
        suit = SUITS[number % 4]
        if len(pile) > 13:
            raise PositionError(
                f"foundation {number + 1} holds {len(pile)} cards, at most 13",
                ("foundations", number),
            )
        wanted = foundation_pile(suit, base_rank, len(pile))
        for step, (card, want) in enumerate(zip(pile, wanted, strict=True)):
            if card != want.index:
                raise PositionError(
                    f"foundation {number + 1} ({suit.name.lower()}): card {step + 1} is"
                    f" {FULL_DECK[card]}, but from base rank {base_rank.letter} it must be {want}",
                    ("foundations", number, step),
                )
    if not any(piles) and not worry_back:
        # (Where cards may be worried back, the base card itself may have left.)
        raise PositionError(
            "every foundation is empty, but the base card starts one", ("foundations",)
        )


# ------------------------------------------------------------ every card once


def _places(parts: CompactParts, foundations: Piles) -> Iterator[tuple[Location, int]]:
    """Every card of the position with its location, in the order of the attributes."""
    for number, (down, up) in enumerate(zip(parts.down, parts.up, strict=True)):
        for part, cards in (("face_down", down), ("face_up", up)):
            for position, card in enumerate(cards):
                yield ("tableau", number, part, position), card
    for number, pile in enumerate(parts.reserve):
        for position, card in enumerate(pile):
            yield ("reserve", number, position), card
    for number, card in enumerate(parts.spare):
        if card >= 0:
            yield ("spare", number), card
    for number, pile in enumerate(foundations):
        for position, card in enumerate(pile):
            yield ("foundations", number, position), card
    for position, card in enumerate(parts.stock):
        yield ("stock", position), card


def _check_census(variant: Variant, parts: CompactParts, foundations: Piles) -> None:
    decks = variant.decks
    first_seen: dict[int, Location] = {}
    counts: Counter[int] = Counter()
    for location, card in _places(parts, foundations):
        counts[card] += 1
        if counts[card] > decks:
            raise PositionError(
                f"duplicate card {FULL_DECK[card]} (also at {location_path(first_seen[card])});"
                f" {variant.name} has {'one' if decks == 1 else 'two'} of each card",
                location,
            )
        first_seen.setdefault(card, location)
    missing = [str(card) for card in FULL_DECK if counts[card.index] < decks]
    if missing:
        raise PositionError("the position lacks card(s) " + " ".join(missing))


# ------------------------------------------------------------ what only the rules forbid


def _check_stock(variant: Variant, parts: CompactParts) -> None:
    stock = len(parts.stock)
    if stock and any(card >= 0 for card in parts.spare):
        raise PositionError("the spare spaces are filled only when the stock runs out")
    if stock not in variant.stock_sizes:
        raise PositionError(
            f"a stock of {stock} cards cannot occur in {variant.name};"
            f" possible sizes: {list(variant.stock_sizes)}",
            ("stock",),
        )
