"""GNOME Aisleriot's deck order: deals of its Agnes entered into the library.

Aisleriot's Agnes (``games/agnes.scm``) deals from the top of its shuffled
deck, first card first: row by row, the first row one card on each of the
seven piles left to right, the second row on piles 2 to 7, and so on up to the
seventh row on pile 7; then the base card; then the stock, dealt seven cards at
a time onto piles 1 to 7. The library's deck order (``GameState.from_deck``,
section 3 of the rules) is dealt last card first, column by column from the
right. :func:`deck_order_from_aisleriot` turns one into the other, so that a
game recorded in Aisleriot can be replayed and checked here:

>>> from agnes_rules.cards import FULL_DECK
>>> from agnes_rules.core.state import GameState
>>> state = GameState.from_deck("agnes-sorel-aisleriot", deck_order_from_aisleriot(FULL_DECK))
>>> [str(column.face_up[0]) for column in state.tableau]
['AC', '8C', 'AD', '6D', 'TD', 'KD', '2H']

(The first card dealt, here the Ace of clubs, is pile 1's only card; pile 2
gets the second card and, on top, the eighth.)

:func:`aisleriot_order` is the inverse. Aisleriot numbers no deals; the
library numbers those of ``agnes-sorel-aisleriot`` with PySolFC's Agnes Sorel
shuffle, laid out the library's way (see the variant pages).
"""

from __future__ import annotations

from collections.abc import Iterable

from agnes_rules.cards import Card
from agnes_rules.core.dealing import check_deck, triangle_order
from agnes_rules.core.variant import Variant

__all__ = ["aisleriot_order", "deck_order_from_aisleriot"]

_PILES = 7
_VARIANT = Variant.named("agnes-sorel-aisleriot")


def _aisleriot_triangle() -> tuple[tuple[int, int], ...]:
    """Where Aisleriot puts each tableau card, in dealing order: (column, row from the bottom)."""
    return tuple((column, row) for row in range(_PILES) for column in range(row, _PILES))


#: For each tableau card in the library's dealing order, its index in Aisleriot's.
_FROM_AISLERIOT = tuple(_aisleriot_triangle().index(place) for place in triangle_order(_PILES))


def deck_order_from_aisleriot(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The library's deck order of the deal that Aisleriot makes from ``cards`` (top first).

    A deck that is not the 52 cards once each raises a
    :class:`~agnes_rules.errors.DealError` naming the problem.
    """
    deck = check_deck(_VARIANT, cards)
    tableau = len(_FROM_AISLERIOT)
    dealt = [deck[index] for index in _FROM_AISLERIOT] + list(deck[tableau:])
    return tuple(reversed(dealt))


def aisleriot_order(deck_order: Iterable[Card]) -> tuple[Card, ...]:
    """The inverse of :func:`deck_order_from_aisleriot`: Aisleriot's deck, top card first.

    >>> from agnes_rules.cards import FULL_DECK
    >>> aisleriot_order(deck_order_from_aisleriot(FULL_DECK)) == FULL_DECK
    True
    """
    dealt = list(reversed(check_deck(_VARIANT, deck_order)))
    tableau = len(_FROM_AISLERIOT)
    cards: list[Card | None] = [None] * tableau
    for position, index in enumerate(_FROM_AISLERIOT):
        cards[index] = dealt[position]
    return tuple(card for card in cards if card is not None) + tuple(dealt[tableau:])
