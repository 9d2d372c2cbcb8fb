"""Deck files of the quagnes solver, so that deals can be exchanged with it.

quagnes (an external Agnes Sorel solver, used here only as a format to talk to)
reads a deal from a text file of 52 lines, one card per line written
``(rank, suit)``:

- ``rank`` is 0 for the Ace up to 12 for the King;
- ``suit`` is 0 clubs, 1 diamonds, 2 spades, 3 hearts (quagnes's own
  numbering, in which two suits have the same colour when their numbers are
  equal modulo 2);
- line 1 is the base card;
- lines 2 to 29 are the tableau, seven *rows*: row ``i`` (0..6) gives one card
  to each of the columns ``i+1`` .. 7, left to right. A column therefore gets
  its cards bottom to top from rows 0 up to its own number minus one, and its
  top card is the first card of the row that starts at it;
- lines 30 to 52 are the stock in dealing order (the first seven go to the
  columns 1..7 by the first deal, the last two to columns 1 and 2).

This module converts between such files and deck orders of
:mod:`agnes_rules.core.dealing` (the last card dealt first), for the seven-column
one-deck layout without a reserve (the Agnes Sorel family):

>>> from agnes_rules.core.state import GameState
>>> text = write_deck(1)
>>> text.splitlines()[:3]
['( 3, 3)', '(11, 3)', '( 6, 3)']
>>> state = GameState.deal("agnes-sorel-quagnes", 1)
>>> GameState.from_deck(state.variant, read_deck(text)) == state
True
>>> write_deck(state) == text
True

Game 1 has base card 4H, ``( 3, 3)``; column 1 is ``QH``; column 2 is ``7H`` under
``TS``, whose ``7H`` is the second card of row 0.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from agnes_rules.cards import Card, Rank, Suit
from agnes_rules.core.dealing import lay_out, pysol_deck_order, triangle_order
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Variant
from agnes_rules.errors import ArgumentError, DealError, FormatError
from agnes_rules.limits import check as check_limit

__all__ = ["QUAGNES_SUITS", "read_deck", "write_deck"]

#: The suit of each quagnes suit number 0..3.
QUAGNES_SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)

_COLUMNS = 7
_CARDS = 52
_LINE = re.compile(r"\(\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s*\)")
# The layout quagnes deals; any variant with these three figures lays out the same way.
_LAYOUT = Variant.named("agnes-sorel")
# The (column, row) of each tableau line of the file, in file order: row by row, left to right.
_FILE_ROWS = tuple((column, row) for row in range(_COLUMNS) for column in range(row, _COLUMNS))


def _quagnes_text(card: Card) -> str:
    # Padded like the files quagnes itself exports, so that both compare equal line by line.
    return f"({card.rank - 1:2d}, {QUAGNES_SUITS.index(card.suit)})"


def _read_card(line: str, number: int) -> Card:
    match = _LINE.fullmatch(line.strip())
    if match is None:
        raise FormatError(f"line {number}", f"expected '(rank, suit)' like '(9, 3)', got {line!r}")
    rank, suit = int(match.group(1)), int(match.group(2))
    if rank > 12:
        raise FormatError(f"line {number}", f"rank {rank} is not in 0..12 (Ace 0, King 12)")
    if suit > 3:
        raise FormatError(
            f"line {number}", f"suit {suit} is not in 0..3 (clubs, diamonds, spades, hearts)"
        )
    return Card(Rank(rank + 1), QUAGNES_SUITS[suit])


def read_deck(text: str) -> tuple[Card, ...]:
    """The deck order written in a quagnes deck file (its last card is dealt first).

    Use it with :meth:`~agnes_rules.GameState.from_deck` and a seven-column
    one-deck variant such as ``agnes-sorel-quagnes``. A file that is not 52
    distinct cards is refused with a :class:`~agnes_rules.errors.FormatError`
    naming the line; an argument that is not text is an
    :class:`~agnes_rules.errors.ArgumentError`.
    """
    if not isinstance(text, str):
        raise ArgumentError(f"expected the text of a deck file, got {type(text).__name__}")
    check_limit("document_bytes", len(text), "deck file", "the deck file's size in characters")
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) != _CARDS:
        raise FormatError("deck file", f"expected {_CARDS} lines (one card each), got {len(lines)}")
    cards: list[Card] = []
    first_line: dict[Card, int] = {}
    for number, line in enumerate(lines, 1):
        card = _read_card(line, number)
        if card in first_line:
            raise FormatError(
                f"line {number}", f"duplicate card {card} (also on line {first_line[card]})"
            )
        first_line[card] = number
        cards.append(card)
    tableau = dict(zip(_FILE_ROWS, cards[1 : 1 + len(_FILE_ROWS)], strict=True))
    base, stock = cards[0], cards[1 + len(_FILE_ROWS) :]
    return _deck_order(tableau, base, stock)


def _deck_order(
    tableau: Mapping[tuple[int, int], Card], base: Card, stock: Sequence[Card]
) -> tuple[Card, ...]:
    """The deck order from which :func:`~agnes_rules.core.dealing.lay_out` makes this layout.

    ``tableau`` maps (column, row) to a card; the deck is the order in which
    the layout takes the cards from its top, reversed.
    """
    taken = [tableau[place] for place in triangle_order(_COLUMNS)]
    return tuple(reversed([*taken, base, *stock]))


def write_deck(deal: int | Sequence[Card] | GameState) -> str:
    """The quagnes deck file (52 lines) of a deal.

    ``deal`` is a PySolFC game number, a deck order of 52 cards, or the opening
    position of a seven-column one-deck variant without a reserve; a deck order
    that is not one pack, or a position quagnes cannot deal, is a
    :class:`~agnes_rules.errors.DealError`, anything else an
    :class:`~agnes_rules.errors.ArgumentError`.
    """
    if isinstance(deal, GameState):
        deck = _deck_of_opening(deal)
    elif isinstance(deal, int) and not isinstance(deal, bool):
        deck = pysol_deck_order(deal)
    elif isinstance(deal, Sequence) and not isinstance(deal, str):
        deck = tuple(deal)
    else:
        raise ArgumentError(f"expected a game number, a deck order or a GameState, got {deal!r}")
    layout = lay_out(_LAYOUT, deck)
    rows = [layout.columns[column][row] for column, row in _FILE_ROWS]
    cards = [layout.base_card, *rows, *layout.stock]
    return "".join(_quagnes_text(card) + "\n" for card in cards)


def _deck_of_opening(state: GameState) -> tuple[Card, ...]:
    """The deck order that deals ``state``; a :class:`DealError` unless quagnes can deal it."""
    variant = state.variant
    if (variant.decks, variant.piles, variant.reserve) != (1, _COLUMNS, 0):
        raise DealError(
            f"quagnes deals one deck to seven columns without a reserve; {variant.name} has"
            f" {variant.decks} deck(s), {variant.piles} columns and {variant.reserve} reserve piles"
        )
    on_foundations = [pile for pile in state.foundations if pile]
    if len(on_foundations) != 1 or len(on_foundations[0]) != 1 or any(state.spare):
        raise DealError("not an opening position: only the base card may be on the foundations")
    if len(state.stock) != variant.stock_size:
        raise DealError(
            f"not an opening position: the stock has {len(state.stock)} cards,"
            f" not {variant.stock_size}"
        )
    for number, column in enumerate(state.tableau, 1):
        if len(column) != number or (variant.face_down and len(column.face_up) != 1):
            raise DealError(f"not an opening position: column {number} is not as dealt")
    tableau = {
        (number, row): card
        for number, column in enumerate(state.tableau)
        for row, card in enumerate(column.cards)
    }
    return _deck_order(tableau, on_foundations[0][0], state.stock)
