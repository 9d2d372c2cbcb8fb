"""What fits where: the rules of a variant for one base rank, precomputed.

The rules engine works on card indices (0..51, see :attr:`Card.index`); for a
given variant and base rank every question it asks in a hot loop ("may this
card be packed on that one?", "does it continue a movable run?", "which card
does this foundation want next?") is answered by a table lookup. The tables
are built once per (variant, base rank) and shared.

>>> from agnes_rules.core.variant import Variant
>>> from agnes_rules.cards import SUITS, Card, Rank, foundation_pile
>>> rules = RuleBook.of(Variant.named("agnes-sorel"), Rank.FOUR)
>>> rules.one_lower(Rank.FOUR) is None, rules.one_lower(Rank.ACE)
(True, <Rank.KING: 13>)
>>> rules.packing_problem(Card.parse("8S"), Card.parse("9H"))
'8S is black and 9H is red; packing=SAME_COLOUR needs the same colour'
"""

from __future__ import annotations

import functools

from agnes_rules.cards import SUITS, Card, Rank, foundation_pile
from agnes_rules.core.variant import MovableRuns, Packing, TableauWrap, Vacancy, Variant

__all__ = ["RuleBook"]

_CARD_RANGE = range(52)


def _rank(index: int) -> int:
    return index % 13 + 1


def _suit(index: int) -> int:
    return index // 13


def _colour(index: int) -> int:
    # Clubs (0) and spades (3) are black; diamonds (1) and hearts (2) red.
    return 0 if index // 13 in (0, 3) else 1


def _packing_allows(packing: Packing, lower: int, upper: int) -> bool:
    if packing is Packing.SAME_COLOUR:
        return _colour(lower) == _colour(upper)
    if packing is Packing.ALTERNATE_COLOUR:
        return _colour(lower) != _colour(upper)
    if packing is Packing.SAME_SUIT:
        return _suit(lower) == _suit(upper)
    return True


class RuleBook:
    """The rules of one variant with one base rank, as lookup tables over card indices.

    Use :meth:`of` to get the shared instance; the tables are read-only tuples.
    """

    # A plain class rather than attrs: in the compiled build it is a native class, whose
    # fields the engine's hot loops read directly (an attrs class would stay a Python one).
    __slots__ = (
        "base_rank",
        "fits_on",
        "foundation_wants",
        "packs_onto",
        "run_links",
        "vacancy_heads",
        "vacancy_takes_runs",
        "variant",
    )

    variant: Variant
    base_rank: Rank
    #: ``fits_on[u]``: the card indices that may be packed on card ``u``.
    fits_on: tuple[frozenset[int], ...]
    #: ``packs_onto[c]``: the card indices that card ``c`` may be packed on (the inverse).
    packs_onto: tuple[tuple[int, ...], ...]
    #: ``run_links[u]``: the card indices that continue a movable run lying on card ``u``.
    run_links: tuple[frozenset[int], ...]
    #: The card indices that may head a move into an empty column.
    vacancy_heads: frozenset[int]
    #: Whether a run of several cards may move into an empty column.
    vacancy_takes_runs: bool
    #: ``foundation_wants[s][n]``: the index of the card that a foundation of suit
    #: ``s`` holding ``n`` cards accepts next, or -1 when it holds 13.
    foundation_wants: tuple[tuple[int, ...], ...]

    def __init__(
        self,
        *,
        variant: Variant,
        base_rank: Rank,
        fits_on: tuple[frozenset[int], ...],
        packs_onto: tuple[tuple[int, ...], ...],
        run_links: tuple[frozenset[int], ...],
        vacancy_heads: frozenset[int],
        vacancy_takes_runs: bool,
        foundation_wants: tuple[tuple[int, ...], ...],
    ) -> None:
        self.variant = variant
        self.base_rank = base_rank
        self.fits_on = fits_on
        self.packs_onto = packs_onto
        self.run_links = run_links
        self.vacancy_heads = vacancy_heads
        self.vacancy_takes_runs = vacancy_takes_runs
        self.foundation_wants = foundation_wants

    @classmethod
    def of(cls, variant: Variant, base_rank: Rank) -> RuleBook:
        """The shared rule book of ``variant`` with ``base_rank``."""
        return _rule_book(variant, Rank(base_rank))

    def one_lower(self, rank: int) -> Rank | None:
        """The rank that may be packed on ``rank`` on the tableau, or None when nothing may."""
        return _one_lower(self.variant.tableau_wrap, self.base_rank, rank)

    def run_lower(self, rank: int) -> Rank | None:
        """The rank that continues a movable run lying on ``rank``, or None when nothing does.

        The same as :meth:`one_lower`, except under ``TableauWrap.BASE_RUNS``, where a
        run stops at the base rank though a card may be packed on it.
        """
        return _one_lower(_run_wrap(self.variant.tableau_wrap), self.base_rank, rank)

    def packing_problem(self, lower: Card, upper: Card) -> str | None:
        """Why ``lower`` may not be packed on ``upper`` (rank, then colour or suit), or None."""
        wanted = self.one_lower(upper.rank)
        if wanted is None:
            return (
                f"nothing may be packed on {upper}: with tableau_wrap="
                f"{self.variant.tableau_wrap.name} no rank is one lower than {upper.rank.letter}"
            )
        if lower.rank != wanted:
            return f"{lower} is not one rank lower than {upper} (that would be a {wanted.letter})"
        packing = self.variant.packing
        if _packing_allows(packing, lower.index, upper.index):
            return None
        if packing is Packing.SAME_SUIT:
            return f"{lower} and {upper} differ in suit; packing=SAME_SUIT needs the same suit"
        lower_colour, upper_colour = lower.colour.value, upper.colour.value
        if packing is Packing.SAME_COLOUR:
            return (
                f"{lower} is {lower_colour} and {upper} is {upper_colour};"
                " packing=SAME_COLOUR needs the same colour"
            )
        return (
            f"{lower} and {upper} are both {lower_colour};"
            " packing=ALTERNATE_COLOUR needs red on black or black on red"
        )

    def run_link_problem(self, card: Card, under: Card) -> str:
        """Why ``card`` does not continue a movable run lying on ``under``."""
        runs = self.variant.movable_runs
        if runs is MovableRuns.SINGLE_CARD:
            return "movable_runs=SINGLE_CARD: only one card moves at a time"
        wanted = self.run_lower(under.rank)
        if wanted is None and self.one_lower(under.rank) is not None:
            return (
                f"a run stops at the base rank: {card} moves without {under}"
                f" (tableau_wrap={self.variant.tableau_wrap.name})"
            )
        if card.rank != wanted:
            return f"{card} is not one rank lower than {under}"
        if runs is MovableRuns.SAME_SUIT:
            return (
                f"{card} and {under} differ in suit;"
                " movable_runs=SAME_SUIT moves one-suit runs only"
            )
        problem = self.packing_problem(card, under)
        assert problem is not None
        return problem

    @property
    def vacancy_rank(self) -> Rank:
        """The rank that the base-minus-one vacancy rules admit (King when the base is Ace)."""
        return self.base_rank.plus(-1)


def _one_lower(wrap: TableauWrap, base_rank: Rank, rank: int) -> Rank | None:
    if wrap is TableauWrap.NONE:
        return None if rank == Rank.ACE else Rank(rank - 1)
    if wrap is TableauWrap.BASE and rank == base_rank:
        return None
    return Rank(rank).plus(-1)


def _run_wrap(wrap: TableauWrap) -> TableauWrap:
    """The wrap that movable runs follow: packing's own, except that BASE_RUNS runs as BASE."""
    return TableauWrap.BASE if wrap is TableauWrap.BASE_RUNS else wrap


@functools.cache
def _rule_book(variant: Variant, base_rank: Rank) -> RuleBook:
    wrap = variant.tableau_wrap
    run_wrap = _run_wrap(wrap)

    def one_lower_card(lower: int, upper: int) -> bool:
        return _one_lower(wrap, base_rank, _rank(upper)) == _rank(lower)

    def run_lower_card(lower: int, upper: int) -> bool:
        return _one_lower(run_wrap, base_rank, _rank(upper)) == _rank(lower)

    fits_on = tuple(
        frozenset(
            lower
            for lower in _CARD_RANGE
            if one_lower_card(lower, upper) and _packing_allows(variant.packing, lower, upper)
        )
        for upper in _CARD_RANGE
    )
    if variant.movable_runs is MovableRuns.SINGLE_CARD:
        run_links = tuple(frozenset[int]() for _ in _CARD_RANGE)
    elif variant.movable_runs is MovableRuns.SAME_SUIT:
        # Packing is not asked: a deal can lay a same-suit sequence that packing never would.
        run_links = tuple(
            frozenset(
                lower
                for lower in _CARD_RANGE
                if run_lower_card(lower, upper) and _suit(lower) == _suit(upper)
            )
            for upper in _CARD_RANGE
        )
    elif run_wrap is wrap:
        run_links = fits_on
    else:
        run_links = tuple(
            frozenset(lower for lower in fits_on[upper] if run_lower_card(lower, upper))
            for upper in _CARD_RANGE
        )

    vacancy = variant.vacancy
    if vacancy is Vacancy.NONE:
        heads: frozenset[int] = frozenset()
    elif vacancy in (Vacancy.ANY_CARD, Vacancy.ANY_RUN):
        heads = frozenset(_CARD_RANGE)
    else:
        wanted = base_rank.plus(-1)
        heads = frozenset(index for index in _CARD_RANGE if _rank(index) == wanted)

    foundation_wants = tuple(
        tuple(card.index for card in foundation_pile(suit, base_rank, 13)) + (-1,) for suit in SUITS
    )
    packs_onto = tuple(
        tuple(upper for upper in _CARD_RANGE if lower in fits_on[upper]) for lower in _CARD_RANGE
    )
    return RuleBook(
        variant=variant,
        base_rank=base_rank,
        fits_on=fits_on,
        packs_onto=packs_onto,
        run_links=run_links,
        vacancy_heads=heads,
        vacancy_takes_runs=vacancy in (Vacancy.ANY_RUN, Vacancy.BASE_MINUS_ONE_RUN),
        foundation_wants=foundation_wants,
    )
