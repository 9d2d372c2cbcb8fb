from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agnes_rules import Card, CardParseError, Colour, Rank, Suit
from agnes_rules.cards import FULL_DECK, card_from_index, format_cards, parse_cards

cards = st.sampled_from(FULL_DECK)


def test_suits_have_colours() -> None:
    assert [suit.colour for suit in Suit] == [Colour.BLACK, Colour.RED, Colour.RED, Colour.BLACK]


def test_ranks_run_from_ace_to_king() -> None:
    assert Rank.ACE == 1
    assert Rank.KING == 13
    assert [rank.letter for rank in Rank] == list("A23456789TJQK")
    assert Rank.KING.plus(1) is Rank.ACE
    assert Rank.ACE.plus(-1) is Rank.KING
    assert Rank.FIVE.plus(26) is Rank.FIVE


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("TH", Card(Rank.TEN, Suit.HEARTS)),
        ("10h", Card(Rank.TEN, Suit.HEARTS)),
        ("10H", Card(Rank.TEN, Suit.HEARTS)),
        ("as", Card(Rank.ACE, Suit.SPADES)),
        (" kd ", Card(Rank.KING, Suit.DIAMONDS)),
        ("2C", Card(Rank.TWO, Suit.CLUBS)),
    ],
)
def test_parse(text: str, expected: Card) -> None:
    assert Card.parse(text) == expected


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "a card is a rank and a suit"),
        ("H", "a card is a rank and a suit"),
        ("1H", "unknown rank '1'"),
        ("11H", "unknown rank '11'"),
        ("TX", "unknown suit 'X'"),
        ("T H", "unknown rank 'T '"),
        ("AHS", "unknown rank 'AH'"),
    ],
)
def test_parse_errors_name_the_text(text: str, problem: str) -> None:
    with pytest.raises(CardParseError) as caught:
        Card.parse(text)
    assert repr(text) in str(caught.value)
    assert problem in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_parse_refuses_a_non_string() -> None:
    with pytest.raises(CardParseError, match="expected a string, got int"):
        Card.parse(10)  # type: ignore[arg-type]


def test_card_refuses_a_bad_rank_or_suit() -> None:
    with pytest.raises(CardParseError, match="a rank is an integer from 1"):
        Card(14, Suit.CLUBS)  # type: ignore[arg-type]
    with pytest.raises(CardParseError, match="a rank is an integer from 1"):
        Card(True, Suit.CLUBS)  # type: ignore[arg-type]
    with pytest.raises(CardParseError, match="a suit is a Suit"):
        Card(Rank.ACE, "C")  # type: ignore[arg-type]


def test_parse_refuses_non_ascii_look_alikes() -> None:
    with pytest.raises(CardParseError, match="ASCII"):
        Card.parse("A\u017f")  # a long s upper-cases to S


@given(cards)
def test_text_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert str(card) == card.rank.letter + card.suit.letter
    assert eval(repr(card)) == card


@given(cards)
def test_index_round_trips(card: Card) -> None:
    assert card_from_index(card.index) == card
    assert card.colour is card.suit.colour


@given(cards, cards)
def test_order_is_the_index_order(first: Card, second: Card) -> None:
    assert (first < second) == (first.index < second.index)
    assert (first <= second) == (first.index <= second.index)
    assert (first > second) == (first.index > second.index)
    assert (first >= second) == (first.index >= second.index)
    assert (first == second) == (hash(first) == hash(second) and first.index == second.index)


def test_cards_are_immutable_and_picklable() -> None:
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(card)) == card


def test_full_deck_and_helpers() -> None:
    assert len(set(FULL_DECK)) == 52
    assert [card.index for card in FULL_DECK] == list(range(52))
    assert format_cards(parse_cards("as 10h Kd")) == "AS TH KD"
    assert parse_cards(["2c", "3d"]) == (Card.parse("2C"), Card.parse("3D"))
    with pytest.raises(CardParseError):
        card_from_index(52)
    with pytest.raises(CardParseError):
        card_from_index(True)
    assert Card.parse("AS").__lt__("AS") is NotImplemented
