"""Deals: PySolFC game numbers (with the published check values) and the layout procedure."""

from __future__ import annotations

import attrs
import pytest

from agnes_rules import Card, DealError, GameState, StockTarget, Variant, pysol_deck_order
from agnes_rules.cards import FULL_DECK, format_cards, parse_cards


def column(state: GameState, number: int) -> str:
    col = state.tableau[number - 1]
    return format_cards(col.face_down + col.face_up)


# The check values of the rules specification (columns bottom to top, 1-based).
def test_agnes_sorel_deal_1() -> None:
    state = GameState.deal("agnes-sorel", 1)
    assert str(state.foundations[2][0]) == "4H"
    assert column(state, 1) == "QH"
    assert column(state, 2) == "7H TS"
    assert column(state, 7) == "JD 7C 5S 3H 9D JS AS"
    assert format_cards(state.stock[:7]) == "AC 4D 7S 3S TD 4S TH"
    dealt = state.apply(state.parse_move("d"))
    assert [str(col.face_up[-1]) for col in dealt.tableau] == [
        "AC",
        "4D",
        "7S",
        "3S",
        "TD",
        "4S",
        "TH",
    ]


def test_agnes_bernauer_deal_1() -> None:
    state = GameState.deal("agnes-bernauer", 1)
    sorel = GameState.deal("agnes-sorel", 1)
    assert [column(state, n) for n in range(1, 8)] == [column(sorel, n) for n in range(1, 8)]
    assert " ".join(format_cards(pile) for pile in state.reserve) == "4H AC 4D 7S 3S TD 4S"
    assert state.foundations[2] == (Card.parse("TH"),)


def test_agnes_sorel_deal_123456789012() -> None:
    state = GameState.deal("agnes-sorel", 123456789012)
    assert state.foundations[3] == (Card.parse("3S"),)
    assert column(state, 1) == "KD"
    assert column(state, 7) == "7S 5D 2S QH 5S KS 6S"


def test_agnes_two_deal_1() -> None:
    state = GameState.deal("agnes-two", 1)
    assert state.foundations[1] == (Card.parse("9D"),)
    assert column(state, 1) == "QH"
    assert column(state, 10) == "3D JD JS AC 7D 2D 2S 7D 8H TH"
    assert " ".join(format_cards(p) for p in state.reserve) == "9S 2S QH 3C AS 4S KS 6D TD 9C"


def test_face_down_variants_show_only_the_top_card() -> None:
    state = GameState.deal("agnes-bernauer", 1)
    assert [len(col.face_up) for col in state.tableau] == [1] * 7
    assert [len(col.face_down) for col in state.tableau] == list(range(7))
    assert column(state, 7) == "JD 7C 5S 3H 9D JS AS"


@pytest.mark.parametrize("number", [0, -1, 10**20, 2**70])
def test_game_numbers_out_of_range_are_refused(number: int) -> None:
    with pytest.raises(DealError, match=r"out of range 1\.\.99999999999999999999"):
        GameState.deal("agnes-sorel", number)


@pytest.mark.parametrize("number", ["1", 1.0, True, None])
def test_game_numbers_must_be_integers(number: object) -> None:
    with pytest.raises(DealError, match="a game number is an integer"):
        pysol_deck_order(number)  # type: ignore[arg-type]


def test_both_generators_give_permutations() -> None:
    for number in (1, 31999, 32000, 10**20 - 1):
        for decks in (1, 2):
            order = pysol_deck_order(number, decks)
            assert sorted(order) == sorted(FULL_DECK * decks)
    assert pysol_deck_order(31999) != pysol_deck_order(32000)
    with pytest.raises(DealError, match="decks must be 1 or 2"):
        pysol_deck_order(1, 3)


def test_deals_are_reproducible() -> None:
    assert GameState.deal("agnes-sorel", 77) == GameState.deal("agnes-sorel", 77)
    assert GameState.deal("agnes-sorel", 77) != GameState.deal("agnes-sorel", 78)


def test_from_deck_deals_the_triangle_right_to_left() -> None:
    # Deck order FULL_DECK: its last card (KS) is dealt first, to column 7.
    state = GameState.from_deck(Variant.named("agnes-sorel"), FULL_DECK)
    order = list(reversed(FULL_DECK))
    # Round 1 (i = 2): columns 7..2 get the first six cards, column 7 first.
    assert [col.face_up[0] for col in state.tableau[1:]] == order[5::-1]
    # The last round gives each column its top card, column 7 first, column 1 last.
    assert [col.face_up[-1] for col in state.tableau] == order[27:20:-1]
    assert state.foundations[order[28].suit.position] == (order[28],)
    assert state.stock == tuple(order[29:])


def test_from_deck_refuses_bad_decks() -> None:
    sorel = Variant.named("agnes-sorel")
    with pytest.raises(DealError, match="played with 52 cards, the deck has 51"):
        GameState.from_deck(sorel, FULL_DECK[1:])
    duplicated = (FULL_DECK[0], *FULL_DECK[:-1])
    with pytest.raises(DealError, match="card AC appears 2 times"):
        GameState.from_deck(sorel, duplicated)
    with pytest.raises(DealError, match=r"deck position 3: 'AS' is not a Card"):
        GameState.from_deck(sorel, [*FULL_DECK[:3], "AS", *FULL_DECK[4:]])  # type: ignore[list-item]
    two = Variant.named("agnes-two")
    with pytest.raises(DealError, match="card AC appears 3 times in a 2-deck game"):
        GameState.from_deck(two, (*FULL_DECK, *FULL_DECK[:-1], FULL_DECK[0]))
    assert GameState.from_deck(two, FULL_DECK * 2).variant is two


def test_layout_fills_spare_spaces_when_the_stock_is_short_from_the_start() -> None:
    nine = attrs.evolve(
        Variant.named("agnes-bernauer"),
        name="nine",
        piles=9,
        reserve=0,
        stock_to=StockTarget.TABLEAU,
    )
    state = GameState.from_deck(nine, FULL_DECK)
    assert state.stock == ()
    # The six cards left after the base card, the next one to be dealt in space 1.
    assert state.spare == tuple(reversed(FULL_DECK[:6]))
    assert not state.is_legal(state.parse_move("d"))


def test_deals_in_every_family() -> None:
    sorel = GameState.deal("agnes-sorel", 5)
    sizes = []
    state = sorel
    while state.stock:
        before = sum(len(col) for col in state.tableau)
        state = state.apply(state.parse_move("d"))
        sizes.append(sum(len(col) for col in state.tableau) - before)
    assert sizes == [7, 7, 7, 2]
    assert [len(col) for col in state.tableau] == [1 + 4, 2 + 4, 3 + 3, 4 + 3, 5 + 3, 6 + 3, 7 + 3]

    bernauer = GameState.deal("agnes-bernauer", 5)
    once = bernauer.apply(bernauer.parse_move("d"))
    assert [len(pile) for pile in once.reserve] == [2] * 7
    assert once.spare == (None, None)
    twice = once.apply(once.parse_move("d"))
    assert [len(pile) for pile in twice.reserve] == [3] * 7
    assert twice.stock == ()
    assert twice.spare == bernauer.stock[14:16]
    assert not twice.is_legal(twice.parse_move("d"))

    pysol = GameState.deal("agnes-bernauer-pysol", 5)
    state = pysol
    for _ in range(3):
        state = state.apply(state.parse_move("d"))
    assert [len(pile) for pile in state.reserve] == [4, 4, 3, 3, 3, 3, 3]

    two = GameState.deal("agnes-two", 5)
    state = two
    for _ in range(4):
        state = state.apply(state.parse_move("d"))
    assert [len(pile) for pile in state.reserve] == [5] * 8 + [4] * 2


def test_parse_cards_helper_reads_check_values() -> None:
    assert format_cards(parse_cards("jd 7c 5s")) == "JD 7C 5S"
