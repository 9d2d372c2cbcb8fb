"""Deck files of the quagnes solver: the exact layout, round trips, and refusals by line."""

from __future__ import annotations

import tempfile
from pathlib import Path

import attrs
import pytest
from hypothesis import given

from agnes_rules.cards import Card, Rank, Suit, parse_cards
from agnes_rules.core.dealing import pysol_deck_order
from agnes_rules.core.moves import Move
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Variant
from agnes_rules.errors import ArgumentError, DealError, FormatError
from agnes_rules.quagnes import QUAGNES_SUITS, read_deck, write_deck
from tests.test_serialization import game_numbers


def quagnes_line(text: str) -> str:
    """A card in quagnes's notation, written out here independently of the module under test."""
    card = Card.parse(text)
    suit = {"C": 0, "D": 1, "S": 2, "H": 3}[card.suit.value]
    return f"({card.rank - 1:2d}, {suit})"


def test_deal_1_is_laid_out_as_quagnes_expects() -> None:
    # The check values of PySolFC game 1 (base 4H; column 1 QH; column 2 7H TS;
    # column 7 JD 7C 5S 3H 9D JS AS; the stock deals AC 4D 7S 3S TD 4S TH first).
    lines = write_deck(1).splitlines()
    assert len(lines) == 52
    assert lines[0] == quagnes_line("4H")  # the base card first
    # Row 0: the bottom card of each column, columns 1..7.
    assert lines[1] == quagnes_line("QH")
    assert lines[2] == quagnes_line("7H")
    assert lines[7] == quagnes_line("JD")
    # Row 1 starts at column 2, with its top card TS; column 7's second card is 7C.
    assert lines[8] == quagnes_line("TS")
    assert lines[13] == quagnes_line("7C")
    # Rows 2..6 end with column 7's cards 5S 3H 9D JS AS, row 6 being AS alone.
    row_ends = [lines[index] for index in (18, 22, 25, 27, 28)]
    assert row_ends == [quagnes_line(text) for text in ["5S", "3H", "9D", "JS", "AS"]]
    # Then the stock in dealing order.
    assert lines[29:36] == [
        quagnes_line(text) for text in ["AC", "4D", "7S", "3S", "TD", "4S", "TH"]
    ]


def test_suit_numbers_keep_colours_equal_modulo_two() -> None:
    assert QUAGNES_SUITS == (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
    for number, suit in enumerate(QUAGNES_SUITS):
        assert suit.colour is QUAGNES_SUITS[number % 2].colour


@given(game_numbers)
def test_write_then_read_gives_the_same_deal(number: int) -> None:
    deck = pysol_deck_order(number)
    text = write_deck(deck)
    assert read_deck(text) == deck
    assert write_deck(number) == text
    for name in ("agnes-sorel", "agnes-sorel-quagnes"):
        state = GameState.deal(name, number)
        assert write_deck(state) == text
        assert GameState.from_deck(state.variant, read_deck(text)) == state


def test_reading_is_tolerant_of_layout_but_not_of_content() -> None:
    text = write_deck(7)
    padded = "\r\n".join(f"  ( {line.strip('( )')} )  " for line in text.splitlines()) + "\n\n"
    assert read_deck(padded) == pysol_deck_order(7)


@pytest.mark.parametrize(
    ("change", "where", "reason"),
    [
        (lambda lines: lines[:51], "deck file", "expected 52 lines"),
        (lambda lines: [*lines, "(0, 0)"], "deck file", "expected 52 lines"),
        (lambda lines: [*lines[:9], lines[3], *lines[10:]], "line 10", "duplicate card"),
        (lambda lines: ["(13, 0)", *lines[1:]], "line 1", "rank 13 is not in 0..12"),
        (lambda lines: [*lines[:4], "(1, 4)", *lines[5:]], "line 5", "suit 4 is not in 0..3"),
        (lambda lines: [*lines[:2], "1, 2", *lines[3:]], "line 3", "expected '(rank, suit)'"),
        (lambda lines: [*lines[:2], "", *lines[3:]], "line 3", "expected '(rank, suit)'"),
        (lambda lines: [*lines[:2], "(-1, 2)", *lines[3:]], "line 3", "expected '(rank, suit)'"),
    ],
)
def test_bad_deck_files_are_refused_by_line(change: object, where: str, reason: str) -> None:
    lines = write_deck(3).splitlines()
    with pytest.raises(FormatError) as caught:
        read_deck("\n".join(change(lines)))  # type: ignore[operator]
    assert caught.value.path == where
    assert reason in caught.value.reason


def test_a_duplicate_names_both_lines() -> None:
    lines = write_deck(3).splitlines()
    lines[20] = lines[4]
    with pytest.raises(FormatError, match=r"^line 21: duplicate card .* \(also on line 5\)$"):
        read_deck("\n".join(lines))


def test_only_opening_layouts_of_seven_columns_can_be_written() -> None:
    with pytest.raises(ValueError, match="quagnes deals one deck to seven columns"):
        write_deck(GameState.deal("agnes-bernauer", 1))
    with pytest.raises(ValueError, match="quagnes deals one deck to seven columns"):
        write_deck(GameState.deal("agnes-two", 1))
    later = GameState.deal("agnes-sorel", 1).apply(Move.parse("d"))
    with pytest.raises(ValueError, match="not an opening position: the stock has 16 cards"):
        write_deck(later)
    moved = GameState.deal("agnes-sorel", 1).apply(Move.parse("t4f"))
    with pytest.raises(ValueError, match="not an opening position: only the base card"):
        write_deck(moved)
    shuffled = GameState.deal("agnes-sorel", 1).apply(Move.parse("t4t3"))
    with pytest.raises(ValueError, match="not an opening position: column 3"):
        write_deck(shuffled)
    six_columns = attrs.evolve(Variant.named("agnes-sorel"), name="six", piles=6)
    with pytest.raises(ValueError, match="six has 1 deck"):
        write_deck(GameState.deal(six_columns, 1))
    with pytest.raises(TypeError):
        write_deck("1")  # type: ignore[arg-type]


def test_any_seven_column_variant_without_reserve_shares_the_layout() -> None:
    face_up = attrs.evolve(Variant.named("agnes-sorel-quagnes"), name="up", face_down=False)
    state = GameState.deal(face_up, 12)
    assert write_deck(state) == write_deck(12)
    assert state.tableau[6].cards == parse_cards(
        " ".join(str(card) for card in GameState.deal("agnes-sorel", 12).tableau[6].cards)
    )


def test_quagnes_itself_sees_the_same_layout() -> None:
    """Load written files into quagnes (an external GPL tool, optional) and compare its piles."""
    quagnes = pytest.importorskip("quagnes")
    for number in (1, 2, 3, 123456789012):
        text = write_deck(number)
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "deck.txt"
            path.write_text(text, encoding="utf-8")
            for face_up, name in ((True, "agnes-sorel"), (False, "agnes-sorel-quagnes")):
                game = quagnes.Agnes(deck_filename=str(path), face_up=face_up, max_states=1)
                game.play()
                ours = GameState.deal(name, number)
                base = game._initial_deck[0].rank  # quagnes shifts ranks so that the base is 0

                def card(q: object, base: int = base) -> Card:
                    rank = (q.rank + base) % 13 + 1  # type: ignore[attr-defined]
                    return Card(Rank(rank), QUAGNES_SUITS[q.suit])  # type: ignore[attr-defined]

                for pile, column in zip(game._curr_state.piles, ours.tableau, strict=True):
                    assert [card(q) for q in pile.hidden] == list(column.face_down)
                    assert [card(q) for q in pile.exposed] == list(column.face_up)
                assert [card(q) for q in game._deck[29:]] == list(ours.stock)


def test_errors_name_the_situation() -> None:
    later = GameState.deal("agnes-sorel", 1).apply(Move.parse("d"))
    with pytest.raises(DealError, match="not an opening position"):
        write_deck(later)
    with pytest.raises(DealError, match="the deck has 51"):
        write_deck(pysol_deck_order(1)[1:])
    with pytest.raises(ArgumentError, match="expected a game number, a deck order or a GameState"):
        write_deck("1")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="expected the text of a deck file, got bytes"):
        read_deck(write_deck(1).encode())  # type: ignore[arg-type]
