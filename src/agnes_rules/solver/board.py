"""The solver's compact position of one deal, its rule tables, and playing a move on it.

A position is a plain tuple (columns, reserve piles, spare spaces, foundation
counts, stock position): the piles are :class:`bytes` of card indices (a
face-down card has :data:`DOWN` added), the spare spaces one byte each
(:data:`NO_CARD` when empty), the foundations one height each, and the stock a
position in the fixed order of the deal. Bytes and tuples hash and compare
fast and are shared between positions, which is what the search needs.

A move is a tuple (kind, source, target, count), the kinds being the
constants below. :class:`Board` holds what does not change during a search:
the rule tables of the variant (:func:`rule_tables`, shared by every deal of
it), the stock, and what follows from the stock.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final

import attrs
from mypy_extensions import mypyc_attr

from agnes_rules.cards import Rank
from agnes_rules.core.rulebook import RuleBook
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Leftover, StockTarget, Vacancy, Variant

__all__ = [
    "COLUMN_TO_COLUMN",
    "COLUMN_TO_FOUNDATION",
    "DEAL",
    "DEAL_MOVE",
    "DOWN",
    "FOUNDATION_TO_COLUMN",
    "NO_CARD",
    "RESERVE_TO_COLUMN",
    "RESERVE_TO_FOUNDATION",
    "SPARE_TO_COLUMN",
    "SPARE_TO_FOUNDATION",
    "Board",
    "InternalMove",
    "Position",
    "RuleTables",
    "mask_of",
    "rule_tables",
]

#: Face-down cards are stored as their index plus this flag (indices are < 64).
DOWN: Final = 64
#: The byte of an empty spare space.
NO_CARD: Final = 255

# The kinds of move, in the order of the rules engine's list (foundation moves first).
COLUMN_TO_FOUNDATION: Final = 0
RESERVE_TO_FOUNDATION: Final = 1
SPARE_TO_FOUNDATION: Final = 2
COLUMN_TO_COLUMN: Final = 3
RESERVE_TO_COLUMN: Final = 4
SPARE_TO_COLUMN: Final = 5
DEAL: Final = 6
#: A card worried back from a foundation (source: the foundation's number) onto a column.
FOUNDATION_TO_COLUMN: Final = 7

#: (kind, source, target, count); foundation moves have target 0 and count 1.
InternalMove = tuple[int, int, int, int]
#: (columns, reserve piles, spare spaces, foundation counts, stock position)
Position = tuple[tuple[bytes, ...], tuple[bytes, ...], bytes, bytes, int]

DEAL_MOVE: Final[InternalMove] = (DEAL, 0, 0, 0)


@mypyc_attr(native_class=False)  # compiled build: attrs classes stay Python classes
@attrs.frozen(eq=False)
class RuleTables:
    """What fits where for one variant and base rank, by card index (0..51)."""

    #: The foundation position of each card: base rank 0, base-1 rank 12.
    height: tuple[int, ...]
    #: The cards that each card may be packed on.
    fits_under: tuple[tuple[int, ...], ...]
    #: The cards that may be packed on each card.
    packers: tuple[tuple[int, ...], ...]
    #: The rules' run links, indexed by any code, so that a face-down card ends every run.
    links: tuple[frozenset[int], ...]
    #: For each card, the cards on which it continues a run.
    links_onto: tuple[frozenset[int], ...]
    #: The cards that may fill an empty column.
    heads: frozenset[int]
    vacancy_runs: bool
    #: For each card, the cards (as (suit, height)) that must all be home before it
    #: may go to its foundation automatically: those that could be packed on it or
    #: continue a run on it.
    guards: tuple[tuple[tuple[int, int], ...], ...]
    #: The same with, for each guard, its own guards: (suit, height, guards of the guard).
    guards_of_guards: tuple[tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...], ...]
    #: ``heads``, or nothing when no card may ever fill an empty column.
    vacancy_movable: frozenset[int]
    #: For each card, what it could be packed on or continue a run on, as (suit, highest
    #: height) pairs: once all of it is home, the card never leaves its pile but to its
    #: foundation. None when it could fill an empty column.
    card_needs: tuple[tuple[tuple[int, int], ...] | None, ...]


@functools.cache
def rule_tables(variant: Variant, base_rank: Rank) -> RuleTables:
    """The tables of ``variant`` with this base rank (computed once, then shared)."""
    rules = RuleBook.of(variant, base_rank)
    base = int(base_rank)
    height = tuple((index % 13 + 1 - base) % 13 for index in range(52))
    under: list[list[int]] = [[] for _ in range(52)]
    for upper in range(52):
        for lower in rules.fits_on[upper]:
            under[lower].append(upper)
    fits_under = tuple(tuple(sorted(cards)) for cards in under)
    vacancy_movable = frozenset(() if variant.vacancy is Vacancy.NONE else rules.vacancy_heads)
    guards = tuple(
        tuple(
            sorted({(card // 13, height[card]) for card in rules.fits_on[c] | rules.run_links[c]})
        )
        for c in range(52)
    )
    card_of = {(card // 13, height[card]): card for card in range(52)}
    guards_of_guards = tuple(
        tuple((suit, high, guards[card_of[suit, high]]) for suit, high in guards[card])
        for card in range(52)
    )
    links_onto = tuple(
        frozenset(under for under in range(52) if card in rules.run_links[under])
        for card in range(52)
    )
    return RuleTables(
        height=height,
        fits_under=fits_under,
        packers=tuple(tuple(sorted(rules.fits_on[card])) for card in range(52)),
        links=tuple(rules.run_links) + tuple(frozenset[int]() for _ in range(DOWN + 64)),
        links_onto=links_onto,
        heads=rules.vacancy_heads,
        vacancy_runs=rules.vacancy_takes_runs,
        guards=guards,
        guards_of_guards=guards_of_guards,
        vacancy_movable=vacancy_movable,
        card_needs=_card_needs(height, fits_under, links_onto, vacancy_movable),
    )


def _card_needs(
    height: tuple[int, ...],
    fits_under: tuple[tuple[int, ...], ...],
    links_onto: tuple[frozenset[int], ...],
    vacancy_movable: frozenset[int],
) -> tuple[tuple[tuple[int, int], ...] | None, ...]:
    """:attr:`RuleTables.card_needs`."""
    # A run could carry the card away from any card it continues a run on, even one
    # it could not be packed on (same-suit runs with other packing rules).
    carriers = [set(fits_under[card]) | links_onto[card] for card in range(52)]
    return tuple(
        None
        if card in vacancy_movable
        else tuple(
            sorted(
                {
                    suit: max(height[u] for u in carriers[card] if u // 13 == suit)
                    for suit in {u // 13 for u in carriers[card]}
                }.items()
            )
        )
        for card in range(52)
    )


class Board:
    """One deal in the solver's terms: the rule tables, the stock, the starting position.

    The rule tables are copied into attributes of their own because the search
    reads them millions of times.
    """

    def __init__(self, state: GameState) -> None:
        variant = state.variant
        tables = rule_tables(variant, state.base_rank)
        self.decks = variant.decks
        self.total = variant.card_count
        self.height = tables.height
        self.fits_under = tables.fits_under
        self.packers = tables.packers
        self.links = tables.links
        self.links_onto = tables.links_onto
        self.heads = tables.heads
        self.vacancy_none = variant.vacancy is Vacancy.NONE
        self.vacancy_runs = tables.vacancy_runs
        self.split = variant.split_runs
        self.to_reserve = variant.stock_to is StockTarget.RESERVE
        self.width = variant.deal_width
        self.spare_leftover = variant.leftover is Leftover.SPARE_SPACES
        #: Whether a dealt card lands on the card it is dealt onto for good: then
        #: it matters what it would link with (see :mod:`.autoplay`).
        self.keep_dealt_on = not (self.split or self.to_reserve)
        self.guards = tables.guards
        self.guards_of_guards = tables.guards_of_guards
        self.vacancy_movable = tables.vacancy_movable
        self.card_needs = tables.card_needs
        self.stock = bytes(card.index for card in state.stock)
        self.worry_back = variant.worry_back
        #: ``card_at[suit * 13 + height]``: the card of that suit at that foundation height.
        card_at = [0] * 52
        for card in range(52):
            card_at[card // 13 * 13 + self.height[card]] = card
        self.card_at = tuple(card_at)
        self.root = _position_of(state)
        #: For each stock position, how many leading deal-target piles still get a card.
        self.fixed_at = tuple(self.fixed_piles(at) for at in range(len(self.stock) + 1))
        #: For each stock position, how many leading columns a later deal still covers (0
        #: where the stock goes to a reserve).
        self.dealt_on = tuple(0 if self.to_reserve else fixed for fixed in self.fixed_at)
        #: Where each card lies in the stock (-1: not in it); one-deck games only use it.
        position_in_stock = [-1] * 52
        for at, card in enumerate(self.stock):
            position_in_stock[card] = at
        self.position_in_stock = tuple(position_in_stock)
        #: For each stock position, the lowest height of each suit among the cards
        #: still to be dealt from there (13: none).
        lowest = [13, 13, 13, 13]
        undealt_low = [tuple(lowest)]
        for card in reversed(self.stock):
            lowest[card // 13] = min(lowest[card // 13], self.height[card])
            undealt_low.append(tuple(lowest))
        self.undealt_low = tuple(reversed(undealt_low))
        self.future_cache: dict[int, tuple[bytes, ...]] = {}

    def accepts(self, found: bytes, card: int) -> int:
        """The first foundation that accepts ``card``, or -1."""
        height = self.height[card]
        suit = card // 13
        if found[suit] == height:
            return suit
        if self.decks == 2 and found[suit + 4] == height:
            return suit + 4
        return -1

    def fixed_piles(self, position: int) -> int:
        """How many leading deal-target piles still get a card from the stock."""
        left = len(self.stock) - position
        if self.spare_leftover:
            return self.width if left >= self.width else 0
        return min(left, self.width)

    def dealt_end(self, position: int) -> int:
        """Where the stock cards that deals from ``position`` put on the deal-target piles
        end: the rest, if any, go to the spare spaces."""
        end = len(self.stock)
        if self.spare_leftover:
            end = position + (end - position) // self.width * self.width
        return end

    def future_cards(self, position: int) -> tuple[bytes, ...]:
        """For each deal-target pile, the cards the stock will still deal onto it, in order."""
        cached = self.future_cache.get(position)
        if cached is None:
            width, stock, end = self.width, self.stock, self.dealt_end(position)
            cached = tuple(stock[position + pile : end : width] for pile in range(width))
            self.future_cache[position] = cached
        return cached

    def apply(self, position: Position, move: InternalMove) -> Position:
        """The position after ``move`` (which must be legal)."""
        columns, reserve, spare, found, stock_at = position
        kind, source, target, count = move
        if kind == DEAL:
            return self.deal(position)
        if kind in (COLUMN_TO_FOUNDATION, COLUMN_TO_COLUMN):
            column = columns[source]
            moving = column[-count:]
            rest = column[:-count]
            if rest and rest[-1] >= DOWN:
                rest = rest[:-1] + bytes((rest[-1] - DOWN,))
            new_columns = list(columns)
            new_columns[source] = rest
        elif kind in (RESERVE_TO_FOUNDATION, RESERVE_TO_COLUMN):
            pile = reserve[source]
            moving = pile[-1:]
            new_reserve = list(reserve)
            new_reserve[source] = pile[:-1]
            reserve = tuple(new_reserve)
            new_columns = list(columns)
        elif kind == FOUNDATION_TO_COLUMN:
            held = found[source]
            moving = bytes((self.card_at[source % 4 * 13 + held - 1],))
            found = found[:source] + bytes((held - 1,)) + found[source + 1 :]
            new_columns = list(columns)
        else:
            moving = spare[source : source + 1]
            spare = spare[:source] + bytes((NO_CARD,)) + spare[source + 1 :]
            new_columns = list(columns)
        if kind <= SPARE_TO_FOUNDATION:
            number = self.accepts(found, moving[0])
            found = found[:number] + bytes((found[number] + 1,)) + found[number + 1 :]
        else:
            new_columns[target] += moving
        return (tuple(new_columns), reserve, spare, found, stock_at)

    def stock_after_deal(self, at: int) -> int:
        """The stock position after a deal from ``at``: a card to each deal-target pile
        while the stock lasts, and where the rest goes to the spare spaces, the rest."""
        end = min(at + self.width, len(self.stock))
        if self.spare_leftover and len(self.stock) - end < self.width:
            return len(self.stock)
        return end

    def last_deal_from(self) -> int:
        """The stock position the last deal is dealt from (-1: no stock), for a deal that
        starts at stock position 0."""
        last, at = -1, 0
        while at < len(self.stock):
            last, at = at, self.stock_after_deal(at)
        return last

    def deal(self, position: Position) -> Position:
        """The position after dealing from the stock."""
        columns, reserve, spare, found, stock_at = position
        end = self.stock_after_deal(stock_at)
        dealt = self.stock[stock_at : min(stock_at + self.width, end)]
        if self.to_reserve:
            reserve = tuple(
                pile + dealt[n : n + 1] if n < len(dealt) else pile
                for n, pile in enumerate(reserve)
            )
        else:
            columns = tuple(
                column + dealt[n : n + 1] if n < len(dealt) else column
                for n, column in enumerate(columns)
            )
        rest = self.stock[stock_at + len(dealt) : end]  # to the spare spaces
        if rest:
            spare = rest + spare[len(rest) :]
        return (columns, reserve, spare, found, end)

    def is_won(self, position: Position) -> bool:
        """Whether every card is on the foundations."""
        return sum(position[3]) == self.total


def _position_of(state: GameState) -> Position:
    """The compact position of ``state`` (the stock as position 0 of its own cards)."""
    columns = tuple(
        bytes(
            [card.index + DOWN for card in column.face_down]
            + [card.index for card in column.face_up]
        )
        for column in state.tableau
    )
    reserve = tuple(bytes(card.index for card in pile) for pile in state.reserve)
    spare = bytes(NO_CARD if card is None else card.index for card in state.spare)
    found = bytes(len(pile) for pile in state.foundations)
    return (columns, reserve, spare, found, 0)


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of ``cards`` (bit ``card`` for each)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask
