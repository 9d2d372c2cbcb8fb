"""Variants: the presets as the rules specify them, derived figures, and validation."""

from __future__ import annotations

import attrs
import pytest

from agnes_rules import (
    VARIANTS,
    Leftover,
    MovableRuns,
    Packing,
    StockTarget,
    TableauWrap,
    Vacancy,
    Variant,
    VariantError,
)

S, A = Packing.SAME_COLOUR, Packing.ALTERNATE_COLOUR
BASE, CIRC, BRUNS = TableauWrap.BASE, TableauWrap.CIRCULAR, TableauWrap.BASE_RUNS
SUIT, PACKED = MovableRuns.SAME_SUIT, MovableRuns.PACKED
B1RUN = Vacancy.BASE_MINUS_ONE_RUN

# name: (packing, wrap, runs, split, vacancy, decks, piles, reserve, stock_to, leftover, face_down)
PRESETS = {
    "agnes-sorel": (S, BASE, SUIT, True, Vacancy.ANY_CARD, 1, 7, 0, "T", "N", False),
    "agnes-sorel-parlett": (S, BASE, SUIT, False, Vacancy.NONE, 1, 7, 0, "T", "N", False),
    "agnes-sorel-pysol": (S, CIRC, PACKED, True, Vacancy.NONE, 1, 7, 0, "T", "N", False),
    "agnes-sorel-quagnes": (S, BASE, PACKED, True, Vacancy.NONE, 1, 7, 0, "T", "N", True),
    "agnes-sorel-aisleriot": (S, BRUNS, PACKED, True, Vacancy.NONE, 1, 7, 0, "T", "N", True),
    "agnes-bernauer": (A, CIRC, PACKED, False, B1RUN, 1, 7, 7, "R", "S", True),
    "agnes-bernauer-parlett": (A, CIRC, PACKED, True, B1RUN, 1, 7, 7, "R", "S", True),
    "agnes-bernauer-pysol": (A, CIRC, PACKED, True, B1RUN, 1, 7, 7, "R", "N", False),
    "agnes-two": (A, CIRC, PACKED, True, B1RUN, 2, 10, 10, "R", "N", False),
}


@pytest.mark.parametrize("name", PRESETS)
def test_presets_follow_the_rules_table(name: str) -> None:
    packing, wrap, runs, split, vacancy, decks, piles, reserve, to, leftover, down = PRESETS[name]
    variant = Variant.named(name)
    assert variant.name == name
    assert (variant.packing, variant.tableau_wrap, variant.movable_runs) == (packing, wrap, runs)
    assert (variant.split_runs, variant.vacancy) == (split, vacancy)
    assert (variant.decks, variant.piles, variant.reserve) == (decks, piles, reserve)
    assert variant.stock_to is {"T": StockTarget.TABLEAU, "R": StockTarget.RESERVE}[to]
    assert variant.leftover is {"N": Leftover.NEXT_PILES, "S": Leftover.SPARE_SPACES}[leftover]
    assert variant.face_down is down
    assert variant.worry_back is (name == "agnes-sorel-aisleriot")


def test_variants_is_the_preset_list_and_read_only() -> None:
    assert list(VARIANTS) == list(PRESETS)
    with pytest.raises(TypeError):
        VARIANTS["mine"] = VARIANTS["agnes-sorel"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("name", "stock", "deals", "spare"),
    [
        ("agnes-sorel", 23, 4, 0),  # 7, 7, 7, 2
        ("agnes-bernauer", 16, 2, 2),  # 7, 7 and the last two into the spare spaces
        ("agnes-bernauer-pysol", 16, 3, 0),  # 7, 7, 2
        ("agnes-two", 38, 4, 0),  # 10, 10, 10, 8
    ],
)
def test_derived_figures(name: str, stock: int, deals: int, spare: int) -> None:
    variant = Variant.named(name)
    assert variant.stock_size == stock
    assert variant.deals == deals
    assert variant.spare_spaces == spare


def test_named_lists_the_known_names() -> None:
    with pytest.raises(VariantError) as caught:
        Variant.named("agnes")
    message = str(caught.value)
    assert "unknown variant 'agnes'" in message
    for name in PRESETS:
        assert name in message
    with pytest.raises(VariantError):
        Variant.named(None)  # type: ignore[arg-type]


def test_evolve_makes_a_validated_custom_variant() -> None:
    custom = attrs.evolve(VARIANTS["agnes-sorel"], name="mine", vacancy=Vacancy.ANY_RUN)
    assert custom.vacancy is Vacancy.ANY_RUN
    assert custom != VARIANTS["agnes-sorel"]
    assert hash(custom) == hash(attrs.evolve(custom))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"stock_to": StockTarget.RESERVE}, "stock_to=RESERVE needs reserve piles"),
        ({"reserve": 3}, "reserve must be 0 or equal to piles (7), got 3"),
        ({"piles": 10}, "need 56 cards, but 1 deck(s) have only 52"),
        ({"decks": 3}, "decks must be an integer in 1..2, got 3"),
        ({"piles": 0}, "piles must be an integer in 1..13, got 0"),
        ({"piles": True}, "piles must be an integer"),
        ({"packing": "same-colour"}, "packing must be one of Packing.SAME_COLOUR"),
        ({"split_runs": 1}, "split_runs must be True or False, got 1"),
        ({"name": ""}, "name must be a non-empty string"),
    ],
)
def test_inconsistent_combinations_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(VariantError) as caught:
        attrs.evolve(VARIANTS["agnes-sorel"], **changes)
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_fields_are_keyword_only_and_frozen() -> None:
    with pytest.raises(TypeError):
        Variant("x")  # type: ignore[misc]
    variant = VARIANTS["agnes-sorel"]
    with pytest.raises(AttributeError):
        variant.piles = 8  # type: ignore[misc]


def test_a_stock_shorter_than_a_deal_goes_into_spare_spaces() -> None:
    # 6 columns (21 cards) + 6 reserve + base = 28: 24 in the stock, 4 deals of 6, no spares.
    six = attrs.evolve(VARIANTS["agnes-bernauer"], name="six", piles=6, reserve=6)
    assert (six.stock_size, six.deals, six.spare_spaces) == (24, 4, 0)
    # 9 columns (45) + 0 reserve + base = 46: 6 left, fewer than one deal of 9.
    nine = attrs.evolve(
        VARIANTS["agnes-bernauer"],
        name="nine",
        piles=9,
        reserve=0,
        stock_to=StockTarget.TABLEAU,
    )
    assert (nine.stock_size, nine.deals, nine.spare_spaces) == (6, 0, 6)
