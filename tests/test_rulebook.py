"""The rule tables: each one agrees with the rule it precomputes, for every variant and base."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from agnes_rules.cards import FULL_DECK, Card, Rank
from agnes_rules.core.rulebook import RuleBook
from agnes_rules.core.variant import MovableRuns, Packing, TableauWrap, Vacancy, Variant
from tests.strategies import variants

ranks = st.sampled_from(list(Rank))


def _one_lower(wrap: TableauWrap, base: Rank, rank: Rank) -> Rank | None:
    # Written from RULES.md section 5 again, on purpose, rather than imported.
    if wrap is TableauWrap.NONE:
        return None if rank is Rank.ACE else Rank(rank - 1)
    if wrap is TableauWrap.BASE and rank is base:
        return None
    return Rank.KING if rank is Rank.ACE else Rank(rank - 1)


def _run_wrap(wrap: TableauWrap) -> TableauWrap:
    # BASE_RUNS packs circularly, but its runs stop at the base rank, as BASE's do.
    return TableauWrap.BASE if wrap is TableauWrap.BASE_RUNS else wrap


def _packs(packing: Packing, lower: Card, upper: Card) -> bool:
    if packing is Packing.SAME_SUIT:
        return lower.suit is upper.suit
    if packing is Packing.SAME_COLOUR:
        return lower.colour is upper.colour
    if packing is Packing.ALTERNATE_COLOUR:
        return lower.colour is not upper.colour
    return True


@given(variants, ranks)
def test_fits_on_is_one_lower_and_packed_as_the_variant_says(variant: Variant, base: Rank) -> None:
    rules = RuleBook.of(variant, base)
    for upper in FULL_DECK:
        wanted = _one_lower(variant.tableau_wrap, base, upper.rank)
        expected = {
            lower.index
            for lower in FULL_DECK
            if lower.rank is wanted and _packs(variant.packing, lower, upper)
        }
        assert rules.fits_on[upper.index] == expected
        for lower in FULL_DECK:
            # The worded check and the table answer the same question.
            assert (rules.packing_problem(lower, upper) is None) == (lower.index in expected)


@given(variants, ranks)
def test_packs_onto_is_the_inverse_of_fits_on(variant: Variant, base: Rank) -> None:
    rules = RuleBook.of(variant, base)
    for lower in range(52):
        assert set(rules.packs_onto[lower]) == {
            upper for upper in range(52) if lower in rules.fits_on[upper]
        }


@given(variants, ranks)
def test_run_links_follow_the_movable_runs_rule(variant: Variant, base: Rank) -> None:
    rules = RuleBook.of(variant, base)
    for upper in FULL_DECK:
        links = rules.run_links[upper.index]
        if variant.movable_runs is MovableRuns.SINGLE_CARD:
            assert links == frozenset()
        elif variant.movable_runs is MovableRuns.SAME_SUIT:
            wanted = _one_lower(_run_wrap(variant.tableau_wrap), base, upper.rank)
            assert links == {
                c.index for c in FULL_DECK if c.rank is wanted and c.suit is upper.suit
            }
        elif variant.tableau_wrap is TableauWrap.BASE_RUNS:
            # Packed as CIRCULAR, but a run stops at the base rank.
            wanted = _one_lower(TableauWrap.BASE, base, upper.rank)
            assert links == {c for c in rules.fits_on[upper.index] if FULL_DECK[c].rank is wanted}
        else:
            assert links == rules.fits_on[upper.index]


@given(variants, ranks)
def test_vacancy_heads_and_foundations(variant: Variant, base: Rank) -> None:
    rules = RuleBook.of(variant, base)
    heads = {FULL_DECK[index].rank for index in rules.vacancy_heads}
    if variant.vacancy is Vacancy.NONE:
        assert heads == set()
    elif variant.vacancy in (Vacancy.ANY_CARD, Vacancy.ANY_RUN):
        assert heads == set(Rank)
    else:
        assert heads == {base.plus(-1)} == {rules.vacancy_rank}
    for wants in rules.foundation_wants:
        # A foundation takes the base first, then climbs by one, turning the corner at the King.
        assert [FULL_DECK[index].rank for index in wants[:13]] == [base.plus(n) for n in range(13)]
        assert wants[13] == -1


def test_the_tables_are_shared_per_variant_and_base() -> None:
    sorel = Variant.named("agnes-sorel")
    assert RuleBook.of(sorel, Rank.FOUR) is RuleBook.of(sorel, Rank(4))
    assert RuleBook.of(sorel, Rank.FOUR) is not RuleBook.of(sorel, Rank.FIVE)


def test_run_link_problem_names_the_rule() -> None:
    rules = RuleBook.of(Variant.named("agnes-sorel"), Rank.FOUR)
    assert rules.run_link_problem(Card.parse("8H"), Card.parse("9D")) == (
        "8H and 9D differ in suit; movable_runs=SAME_SUIT moves one-suit runs only"
    )
    assert (
        rules.run_link_problem(Card.parse("7D"), Card.parse("9D"))
        == "7D is not one rank lower than 9D"
    )
