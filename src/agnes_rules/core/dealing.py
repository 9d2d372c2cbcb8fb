"""Deck orders and the layout made from them.

A deal is a *deck order*: a sequence of all the cards whose **last** element is
the top of the stock and is dealt first. :func:`pysol_deck_order` gives the deck
order of a PySolFC game number, so that a deal can be checked in PySolFC;
:func:`lay_out` makes the opening layout from any deck order, card by card as a
person would deal it:

1. the tableau triangle: for i = 2..piles, one card to each of the columns
   piles..i (right to left), then one card to each of the columns piles..1;
   column k ends with k cards, the last one dealt being its top;
2. one card to each reserve pile, left to right;
3. the base card, which starts the foundations and fixes the base rank;
4. the rest is the stock; if it is already shorter than one deal and the
   variant has spare spaces, it goes into them at once.

>>> order = pysol_deck_order(1)
>>> len(order), order[-1]
(52, Card.parse('JD'))
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

import attrs

from agnes_rules.cards import Card, Rank, Suit
from agnes_rules.core.variant import Variant
from agnes_rules.errors import DealError

__all__ = [
    "MAX_GAME_NUMBER",
    "Layout",
    "check_deck",
    "check_game_number",
    "lay_out",
    "pysol_deck_order",
]

#: PySolFC game numbers are below 10**20.
MAX_GAME_NUMBER = 10**20 - 1
#: Game numbers 1..31999 use the Microsoft-compatible generator.
_MS_RANGE_END = 32000

# PySolFC numbers its cards suit by suit in the order clubs, spades, hearts, diamonds.
_PYSOL_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)


def _pysol_card(card_id: int) -> Card:
    suit, rank = divmod(card_id % 52, 13)
    return Card(Rank(rank + 1), _PYSOL_SUITS[suit])


def check_game_number(number: object) -> int:
    """``number`` if it is a PySolFC game number (1 .. 10**20 - 1), else a :class:`DealError`.

    >>> check_game_number(0)
    Traceback (most recent call last):
    ...
    agnes_rules.errors.DealError: game number 0 is out of range 1..99999999999999999999
    """
    if isinstance(number, bool) or not isinstance(number, int):
        raise DealError(f"a game number is an integer, got {number!r}")
    if not 1 <= number <= MAX_GAME_NUMBER:
        raise DealError(f"game number {number} is out of range 1..{MAX_GAME_NUMBER}")
    return number


def pysol_deck_order(number: int, decks: int = 1) -> tuple[Card, ...]:
    """The deck order that PySolFC deals for its game ``number`` (1 .. 10**20 - 1).

    Numbers below 32000 use the linear congruential generator of the Microsoft
    games (one-deck games first interleave the suits); larger numbers use
    Python's Mersenne Twister seeded with the number. The shuffle itself is the
    same for both: for n from the last position down to 1, swap item n with a
    drawn item 0..n.
    """
    check_game_number(number)
    if isinstance(decks, bool) or not isinstance(decks, int) or decks not in (1, 2):
        raise DealError(f"decks must be 1 or 2, got {decks!r}")
    ids = list(range(52 * decks))
    if number < _MS_RANGE_END:
        if decks == 1:
            ids = [ids[rank + 13 * suit] for rank in range(13) for suit in (0, 3, 2, 1)]
        seed = number

        def draw(upper: int) -> int:
            nonlocal seed
            seed = (seed * 214013 + 2531011) % 2**32
            return ((seed >> 16) & 0x7FFF) % (upper + 1)

    else:
        rng = random.Random(number)

        def draw(upper: int) -> int:
            return int(rng.random() * (upper + 1))

    for n in range(len(ids) - 1, 0, -1):
        j = draw(n)
        ids[n], ids[j] = ids[j], ids[n]
    return tuple(_pysol_card(card_id) for card_id in ids)


def check_deck(variant: Variant, cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards as a tuple, if they are exactly the variant's packs; otherwise :class:`DealError`.

    The message names the first problem: a non-card, the count, or a card that
    appears too often.
    """
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        raise DealError(f"a deck is a sequence of Card, got {cards!r}")
    deck = tuple(cards)
    for position, card in enumerate(deck):
        if not isinstance(card, Card):
            raise DealError(f"deck position {position}: {card!r} is not a Card")
    if len(deck) != variant.card_count:
        raise DealError(
            f"{variant.name} is played with {variant.card_count} cards, the deck has {len(deck)}"
        )
    # With the count right, no card can be missing unless another one is over-counted.
    for card, count in sorted(Counter(deck).items()):
        if count > variant.decks:
            raise DealError(f"card {card} appears {count} times in a {variant.decks}-deck game")
    return deck


@attrs.frozen
class Layout:
    """The opening layout of a deal, before any rule is applied.

    Every pile is a tuple from bottom to top; :attr:`stock` lists the next card
    to be dealt first; :attr:`spare` holds the cards that the layout itself put
    into spare spaces (empty unless the stock was shorter than one deal).
    """

    columns: tuple[tuple[Card, ...], ...]
    reserve: tuple[tuple[Card, ...], ...]
    base_card: Card
    stock: tuple[Card, ...]
    spare: tuple[Card, ...]


def lay_out(variant: Variant, deck_order: Iterable[Card]) -> Layout:
    """Deal ``deck_order`` (validated with :func:`check_deck`) into the opening layout."""
    remaining = list(check_deck(variant, deck_order))
    columns: list[list[Card]] = [[] for _ in range(variant.piles)]
    for first in range(1, variant.piles):
        for column in range(variant.piles - 1, first - 1, -1):
            columns[column].append(remaining.pop())
    for column in range(variant.piles - 1, -1, -1):
        columns[column].append(remaining.pop())
    reserve = tuple((remaining.pop(),) for _ in range(variant.reserve))
    base_card = remaining.pop()
    stock = tuple(reversed(remaining))
    spare: tuple[Card, ...] = ()
    if variant.fills_spares(len(stock)):
        spare, stock = stock, ()
    return Layout(
        columns=tuple(tuple(column) for column in columns),
        reserve=reserve,
        base_card=base_card,
        stock=stock,
        spare=spare,
    )


def triangle_order(piles: int) -> tuple[tuple[int, int], ...]:
    """Where each tableau card goes, in dealing order: its 0-based (column, row from the bottom).

    The order of step 1 of the module's description, for readers of other
    layouts (such as the quagnes deck files) that must undo it:

    >>> triangle_order(3)
    ((2, 0), (1, 0), (2, 1), (2, 2), (1, 1), (0, 0))
    """
    rounds = [
        (column, first - 1)
        for first in range(1, piles)
        for column in range(piles - 1, first - 1, -1)
    ]
    return (*rounds, *((column, column) for column in range(piles - 1, -1, -1)))
