"""Cards: suits, colours, ranks and the immutable :class:`Card`.

A card's text form is its rank (``A 2 3 4 5 6 7 8 9 T J Q K``) followed by its
suit (``C D H S``):

>>> card = Card.parse("TH")
>>> card.rank, card.suit, card.colour
(<Rank.TEN: 10>, <Suit.HEARTS: 'H'>, <Colour.RED: 'red'>)
>>> str(card)
'TH'
>>> str(Card.parse("10h"))
'TH'

Every card also has an :attr:`~Card.index` from 0 to 51 (clubs, diamonds,
hearts, spades, each Ace to King), which the rules engine uses as its compact
representation; :func:`card_from_index` turns it back into the shared instance.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from agnes_rules.errors import CardParseError

__all__ = [
    "FULL_DECK",
    "RANK_LETTERS",
    "Card",
    "Colour",
    "Rank",
    "Suit",
    "card_from_index",
    "format_cards",
    "foundation_pile",
    "parse_cards",
]


class Colour(enum.Enum):
    """The colour of a suit."""

    BLACK = "black"
    RED = "red"


class Suit(enum.Enum):
    """The four suits, in the order the foundations are laid out."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def colour(self) -> Colour:
        """Clubs and spades are black, diamonds and hearts red."""
        return _SUIT_COLOUR[self]

    @property
    def letter(self) -> str:
        """The one-letter text form (``"C"``, ``"D"``, ``"H"`` or ``"S"``)."""
        return self.value

    @property
    def position(self) -> int:
        """0 for clubs, 1 for diamonds, 2 for hearts, 3 for spades."""
        return _SUIT_POSITION[self]


_SUIT_COLOUR = {
    Suit.CLUBS: Colour.BLACK,
    Suit.DIAMONDS: Colour.RED,
    Suit.HEARTS: Colour.RED,
    Suit.SPADES: Colour.BLACK,
}
SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_POSITION = {suit: position for position, suit in enumerate(SUITS)}


class Rank(enum.IntEnum):
    """Ranks, Ace low: ``Rank.ACE == 1`` up to ``Rank.KING == 13``."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The one-character text form (``"A"``, ``"2"`` .. ``"9"``, ``"T"``, ``"J"``...)."""
        return RANK_LETTERS[self - 1]

    @classmethod
    def from_letter(cls, text: str) -> Rank | None:
        """The rank whose letter is exactly ``text``, or None (for readers of canonical text).

        >>> Rank.from_letter("T"), Rank.from_letter("10")
        (<Rank.TEN: 10>, None)
        """
        return _RANK_BY_LETTER.get(text)

    def plus(self, steps: int) -> Rank:
        """The rank ``steps`` above this one, circularly (King + 1 is Ace).

        >>> Rank.KING.plus(1), Rank.ACE.plus(-1)
        (<Rank.ACE: 1>, <Rank.KING: 13>)
        """
        return Rank((self - 1 + steps) % 13 + 1)


#: The rank letters, Ace to King: the text form of a rank.
RANK_LETTERS = "A23456789TJQK"
_RANK_BY_LETTER = {letter: Rank(number) for number, letter in enumerate(RANK_LETTERS, 1)}
# Card.parse is lenient: it also reads "10" for a Ten (and ignores case).
_RANK_BY_TEXT = {**_RANK_BY_LETTER, "10": Rank.TEN}
_SUIT_BY_LETTER = {suit.value: suit for suit in Suit}


def _to_rank(value: object) -> Rank:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 13:
        raise CardParseError(value, "a rank is an integer from 1 (Ace) to 13 (King)")
    return Rank(value)


def _check_suit(card: object, attribute: object, value: Suit) -> None:
    if not isinstance(value, Suit):
        raise CardParseError(value, "a suit is a Suit (CLUBS, DIAMONDS, HEARTS or SPADES)")


@attrs.frozen(order=False, cache_hash=True)
class Card:
    """A playing card: immutable, hashable, and ordered by :attr:`index`.

    >>> Card(Rank.ACE, Suit.SPADES) == Card.parse("AS")
    True
    >>> sorted([Card.parse("2C"), Card.parse("AS"), Card.parse("KC")])
    [Card.parse('2C'), Card.parse('KC'), Card.parse('AS')]
    """

    rank: Rank = attrs.field(converter=_to_rank)
    suit: Suit = attrs.field(validator=_check_suit)

    @property
    def colour(self) -> Colour:
        """The colour of the card's suit."""
        return _SUIT_COLOUR[self.suit]

    @property
    def index(self) -> int:
        """0..51: clubs Ace..King are 0..12, then diamonds, hearts, spades."""
        return _SUIT_POSITION[self.suit] * 13 + self.rank - 1

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its text form; ``10`` stands for ``T``, case is ignored.

        >>> Card.parse("qs")
        Card.parse('QS')
        >>> Card.parse("1H")
        Traceback (most recent call last):
        ...
        agnes_rules.errors.CardParseError: not a card: '1H' (unknown rank '1')
        """
        if not isinstance(text, str):
            raise CardParseError(text, f"expected a string, got {type(text).__name__}")
        if not text.isascii():
            raise CardParseError(text, "a card is written in ASCII, like 'TH'")
        cleaned = text.strip().upper()
        if len(cleaned) < 2:
            raise CardParseError(text, "a card is a rank and a suit, like 'TH'")
        rank = _RANK_BY_TEXT.get(cleaned[:-1])
        if rank is None:
            raise CardParseError(text, f"unknown rank {cleaned[:-1]!r}")
        suit = _SUIT_BY_LETTER.get(cleaned[-1])
        if suit is None:
            raise CardParseError(text, f"unknown suit {cleaned[-1]!r}")
        return _CARDS[_SUIT_POSITION[suit] * 13 + rank - 1]

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank - 1] + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


_CARDS: tuple[Card, ...] = tuple(Card(Rank(rank), suit) for suit in SUITS for rank in range(1, 14))

#: The 52 cards of one deck in index order (clubs, diamonds, hearts, spades; Ace..King).
FULL_DECK: tuple[Card, ...] = _CARDS


def card_from_index(index: int) -> Card:
    """The card with this :attr:`Card.index` (0..51).

    >>> card_from_index(0), card_from_index(51)
    (Card.parse('AC'), Card.parse('KS'))
    """
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 52:
        raise CardParseError(index, "a card index is an integer 0..51")
    return _CARDS[index]


def foundation_pile(suit: Suit, base_rank: Rank, height: int) -> tuple[Card, ...]:
    """The ``height`` cards a foundation of ``suit`` holds, built up from ``base_rank``.

    >>> foundation_pile(Suit.HEARTS, Rank.QUEEN, 3)
    (Card.parse('QH'), Card.parse('KH'), Card.parse('AH'))
    """
    first = _SUIT_POSITION[suit] * 13
    return tuple(_CARDS[first + (base_rank - 1 + step) % 13] for step in range(height))


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards, from one white-space separated string or an iterable of texts.

    >>> parse_cards("AS 10h kd")
    (Card.parse('AS'), Card.parse('TH'), Card.parse('KD'))
    """
    items = text.split() if isinstance(text, str) else text
    return tuple(Card.parse(item) for item in items)


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical text of several cards, separated by single spaces.

    >>> format_cards(parse_cards("as th"))
    'AS TH'
    """
    return " ".join(str(card) for card in cards)
