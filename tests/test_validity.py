"""The one position checker: every problem is found, named and located."""

from __future__ import annotations

import pytest

from agnes_rules import Card, Column, GameState, PositionError, Rank, Suit, Variant
from agnes_rules.cards import FULL_DECK, foundation_pile, parse_cards
from agnes_rules.core.validity import check_position, location_path

Parts = dict[str, object]


def parts_of(state: GameState) -> Parts:
    return {
        "variant": state.variant,
        "base_rank": state.base_rank,
        "tableau": state.tableau,
        "foundations": state.foundations,
        "reserve": state.reserve,
        "spare": state.spare,
        "stock": state.stock,
    }


def problem(state: GameState, **changes: object) -> PositionError:
    parts = {**parts_of(state), **changes}
    with pytest.raises(PositionError) as caught:
        check_position(*parts.values())
    return caught.value


SOREL = GameState.deal("agnes-sorel", 1)
BERNAUER = GameState.deal("agnes-bernauer", 1)


@pytest.mark.parametrize("name", ["agnes-sorel", "agnes-bernauer", "agnes-two"])
def test_a_dealt_position_is_returned_compact(name: str) -> None:
    state = GameState.deal(name, 5)
    compact = check_position(*parts_of(state).values())
    assert compact.base_rank is state.base_rank
    assert compact.up == state._up and compact.down == state._down
    assert compact.reserve == state._reserve and compact.spare == state._spare
    assert compact.found == state._found and compact.stock == state._stock


def test_locations_are_paths_in_the_attributes() -> None:
    columns = list(SOREL.tableau)
    cases: list[tuple[Parts, tuple[str | int, ...], str]] = [
        ({"variant": "agnes-sorel"}, ("variant",), "variant must be a Variant"),
        ({"base_rank": 0}, ("base_rank",), "base_rank must be a rank 1..13"),
        ({"base_rank": 4.0}, ("base_rank",), "base_rank must be a rank 1..13"),
        ({"tableau": None}, ("tableau",), "tableau must be a sequence"),
        ({"tableau": ["QH", *columns[1:]]}, ("tableau", 0), "is not a Column"),
        ({"stock": ("AC", *SOREL.stock[1:])}, ("stock", 0), "stock[0]: 'AC' is not a Card"),
        ({"foundations": [(), (), "4H", ()]}, ("foundations", 2), "must be a sequence"),
        ({"spare": ["AC"]}, ("spare", 0), "neither a Card nor None"),
        ({"tableau": columns[:6]}, ("tableau",), "expected 7 tableau columns, got 6"),
        ({"reserve": [()]}, ("reserve",), "expected 0 reserve piles, got 1"),
        ({"spare": [None]}, ("spare",), "expected 0 spare spaces, got 1"),
        ({"foundations": [()] * 3}, ("foundations",), "expected 4 foundations, got 3"),
        (
            {
                "tableau": [
                    *columns[:3],
                    Column(parse_cards("JC"), columns[3].face_up[1:]),
                    *columns[4:],
                ]
            },
            ("tableau", 3, "face_down"),
            "agnes-sorel is dealt face up",
        ),
        (
            {"foundations": [(), (), parse_cards("4H 6H"), ()]},
            ("foundations", 2, 1),
            "card 2 is 6H, but from base rank 4 it must be 5H",
        ),
        ({"foundations": [()] * 4}, ("foundations",), "every foundation is empty"),
    ]
    for changes, location, reason in cases:
        error = problem(SOREL, **changes)
        assert (error.location, reason in error.reason) == (location, True), error


def test_a_duplicate_is_named_where_it_appears_the_second_time() -> None:
    stock = (*SOREL.stock[:-1], Card.parse("QH"))  # instead of 6H
    error = problem(SOREL, stock=stock)
    assert error.location == ("stock", 22)
    assert error.reason == (
        "duplicate card QH (also at $.tableau[0].face_up[0]); agnes-sorel has one of each card"
    )


def test_two_decks_allow_two_of_each_card() -> None:
    two = GameState.deal("agnes-two", 1)
    extra = two.stock[0]
    error = problem(two, stock=(*two.stock[:-1], extra))
    assert "agnes-two has two of each card" in error.reason
    assert error.location == ("stock", len(two.stock) - 1)


def test_missing_cards_are_listed_for_the_whole_position() -> None:
    columns = list(SOREL.tableau)
    error = problem(SOREL, tableau=[Column(), *columns[1:]])
    assert (error.location, error.reason) == ((), "the position lacks card(s) QH")


def test_what_only_the_rules_forbid_comes_last() -> None:
    # Every card is there once, but no game puts cards in the spare spaces while
    # the stock lasts, or leaves a stock of 15 cards in agnes-bernauer.
    error = problem(BERNAUER, spare=(BERNAUER.stock[-1], None), stock=BERNAUER.stock[:-1])
    assert error.location == ()
    assert "spare spaces are filled only when the stock runs out" in error.reason
    columns = list(BERNAUER.tableau)
    moved = Column(columns[0].face_down, columns[0].face_up + BERNAUER.stock[:1])
    error = problem(BERNAUER, stock=BERNAUER.stock[1:], tableau=[moved, *columns[1:]])
    assert error.location == ("stock",)
    assert error.reason == (
        "a stock of 15 cards cannot occur in agnes-bernauer; possible sizes: [16, 9, 0]"
    )


@pytest.mark.parametrize("name", ["agnes-sorel", "agnes-bernauer", "agnes-two"])
def test_every_stock_size_of_a_game_is_possible(name: str) -> None:
    variant = Variant.named(name)
    state = GameState.deal(variant, 7)
    sizes = [len(state.stock)]
    while state.stock:
        state = state.apply(state.legal_moves()[-1])
        sizes.append(len(state.stock))
    assert tuple(sizes) == variant.stock_sizes


def test_location_paths() -> None:
    assert location_path(("tableau", 2, "face_up", 0)) == "$.tableau[2].face_up[0]"
    assert location_path(("foundations",), root="$.state") == "$.state.foundations"
    assert location_path(()) == "$"


def test_foundation_piles_build_up_circularly_from_the_base_rank() -> None:
    pile = foundation_pile(Suit.SPADES, Rank.JACK, 13)
    assert [card.rank for card in pile[:4]] == [Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE]
    assert {card.suit for card in pile} == {Suit.SPADES}
    assert foundation_pile(Suit.CLUBS, Rank.ACE, 0) == ()
    assert set(pile) == {card for card in FULL_DECK if card.suit is Suit.SPADES}
