"""An independent second reading of the rules of Agnes, for testing the engine against.

This module is a "clean-room" oracle: it was written from the rules specification
alone, without looking at :mod:`agnes_rules.core.rulebook` or :mod:`agnes_rules.core.state`. It
reads a position only through the public attributes of
:class:`~agnes_rules.core.state.GameState` and answers with public
:class:`~agnes_rules.core.moves.Move` objects, so any disagreement with the engine is
either a bug in one of the two or an ambiguity in the rules.

It is written for obviousness, not speed: each rule is one small function named
after the rule, and positions are copied into plain lists before being changed.

The rules it encodes, in the order the functions below follow them:

* Foundations build up by suit from the base rank, circularly (..., K, A, ...),
  13 cards each; an empty one takes only a base-rank card; with two decks a card
  goes to the first foundation (clubs, diamonds, hearts, spades, then again) of
  its suit that accepts it. Only single available cards go there.
* "One lower" on the tableau depends on ``tableau_wrap``: ``CIRCULAR`` (a King is
  one lower than an Ace), ``BASE`` (circular, but nothing is one lower than the
  base rank), ``NONE`` (nothing is one lower than an Ace), ``BASE_RUNS`` (circular
  for packing, but a movable run stops at the base rank, as with ``BASE``).
* With ``worry_back`` the top card of a foundation is an available single card
  that may go onto the tableau (never to another foundation).
* A card packs on a card one higher when the ``packing`` rule holds.
* The movable run of a column is its longest face-up tail in which every card is
  one lower than the card under it and matches it per ``movable_runs``; with
  ``split_runs`` any tail of it may move, without it only all of it.
* An empty column takes what ``vacancy`` allows; under the two single-card rules
  the exposed card may always move alone into it.
* A deal puts one card face up on each target pile left to right; a short last
  deal goes onto the first piles (``NEXT_PILES``) or into the spare spaces
  (``SPARE_SPACES``, as part of the deal that leaves the short remainder).
* A face-down card left on top of its column turns face up as part of the move.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from agnes_rules.cards import Card, Colour, Rank, Suit
from agnes_rules.core.moves import Area, Move
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import (
    Leftover,
    MovableRuns,
    Packing,
    StockTarget,
    TableauWrap,
    Vacancy,
    Variant,
)

__all__ = [
    "FOUNDATION_SIZE",
    "candidate_fields",
    "first_accepting_foundation",
    "foundation_accepts",
    "foundation_suit",
    "illegal_candidates",
    "is_one_lower",
    "may_pack",
    "movable_run",
    "movable_run_length",
    "one_higher_circular",
    "one_lower",
    "reference_apply",
    "reference_deals_left",
    "reference_lay_out",
    "reference_legal_moves",
    "snapshot",
    "vacancy_admits",
]

FOUNDATION_SIZE = 13
SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


# ---------------------------------------------------------------------------
# Ranks


def one_higher_circular(rank: Rank) -> Rank:
    """The next rank up, King followed by Ace (the foundation order)."""
    if rank == Rank.KING:
        return Rank.ACE
    return Rank(rank + 1)


def one_lower_circular(rank: Rank) -> Rank:
    """The next rank down, Ace followed by King."""
    if rank == Rank.ACE:
        return Rank.KING
    return Rank(rank - 1)


def base_minus_one(base: Rank) -> Rank:
    """The rank just below the base, circularly (the King when the base is an Ace)."""
    return one_lower_circular(base)


def one_lower(rank: Rank, wrap: TableauWrap, base: Rank) -> Rank | None:
    """The rank that counts as one lower than ``rank`` on the tableau, or None if none does."""
    if wrap in (TableauWrap.CIRCULAR, TableauWrap.BASE_RUNS):
        # BASE_RUNS packs circularly; only its runs stop at the base (run_wrap below).
        return one_lower_circular(rank)
    if wrap is TableauWrap.BASE:
        if rank == base:
            return None
        return one_lower_circular(rank)
    if wrap is TableauWrap.NONE:
        if rank == Rank.ACE:
            return None
        return Rank(rank - 1)
    raise AssertionError(f"unknown tableau_wrap {wrap!r}")


def run_wrap(wrap: TableauWrap) -> TableauWrap:
    """The wrap that a movable run follows: under BASE_RUNS a run stops at the base, as in BASE."""
    return TableauWrap.BASE if wrap is TableauWrap.BASE_RUNS else wrap


def is_one_lower(lower: Rank, upper: Rank, wrap: TableauWrap, base: Rank) -> bool:
    """True when ``lower`` is one lower than ``upper`` on the tableau."""
    return one_lower(upper, wrap, base) == lower


# ---------------------------------------------------------------------------
# Packing and runs


def colour_of(card: Card) -> Colour:
    if card.suit in (Suit.CLUBS, Suit.SPADES):
        return Colour.BLACK
    return Colour.RED


def suits_match_for_packing(lower: Card, upper: Card, packing: Packing) -> bool:
    """The suit/colour half of the packing rule."""
    if packing is Packing.SAME_COLOUR:
        return colour_of(lower) == colour_of(upper)
    if packing is Packing.ALTERNATE_COLOUR:
        return colour_of(lower) != colour_of(upper)
    if packing is Packing.SAME_SUIT:
        return lower.suit == upper.suit
    if packing is Packing.ANY_SUIT:
        return True
    raise AssertionError(f"unknown packing {packing!r}")


def may_pack(lower: Card, upper: Card, variant: Variant, base: Rank) -> bool:
    """True when ``lower`` may be placed on the exposed card ``upper`` of a column."""
    return is_one_lower(
        lower.rank, upper.rank, variant.tableau_wrap, base
    ) and suits_match_for_packing(lower, upper, variant.packing)


def belongs_to_run(lower: Card, upper: Card, variant: Variant, base: Rank) -> bool:
    """True when ``lower``, lying on ``upper``, continues a movable run (section 6)."""
    if not is_one_lower(lower.rank, upper.rank, run_wrap(variant.tableau_wrap), base):
        return False
    if variant.movable_runs is MovableRuns.SINGLE_CARD:
        return False
    if variant.movable_runs is MovableRuns.SAME_SUIT:
        return lower.suit == upper.suit
    if variant.movable_runs is MovableRuns.PACKED:
        return suits_match_for_packing(lower, upper, variant.packing)
    raise AssertionError(f"unknown movable_runs {variant.movable_runs!r}")


def movable_run(face_up: tuple[Card, ...], variant: Variant, base: Rank) -> tuple[Card, ...]:
    """The longest face-up tail that may move as one run (empty for an empty column)."""
    if not face_up:
        return ()
    length = 1
    while length < len(face_up):
        lower = face_up[-length]
        upper = face_up[-length - 1]
        if not belongs_to_run(lower, upper, variant, base):
            break
        length += 1
    return face_up[-length:]


def movable_run_length(face_up: tuple[Card, ...], variant: Variant, base: Rank) -> int:
    return len(movable_run(face_up, variant, base))


def run_counts_that_may_move(face_up: tuple[Card, ...], variant: Variant, base: Rank) -> list[int]:
    """How many cards may leave this column together onto another column (section 6)."""
    run_length = movable_run_length(face_up, variant, base)
    if run_length == 0:
        return []
    if variant.split_runs:
        return list(range(1, run_length + 1))
    return [run_length]


# ---------------------------------------------------------------------------
# Vacancies


def vacancy_admits(
    variant: Variant,
    base: Rank,
    bottom: Card,
    count: int,
    *,
    is_whole_run_or_allowed_tail: bool,
) -> bool:
    """True when ``count`` cards whose bottom card is ``bottom`` may go into an empty column.

    ``is_whole_run_or_allowed_tail`` says whether the section-6 run rules alone would let
    these cards leave their column (always true for a reserve or spare card).
    """
    rule = variant.vacancy
    if rule is Vacancy.NONE:
        return False
    if rule is Vacancy.ANY_CARD:
        # A single available card; the exposed card may always move alone.
        return count == 1
    if rule is Vacancy.BASE_MINUS_ONE_CARD:
        return count == 1 and bottom.rank == base_minus_one(base)
    if rule is Vacancy.ANY_RUN:
        return is_whole_run_or_allowed_tail
    if rule is Vacancy.BASE_MINUS_ONE_RUN:
        return is_whole_run_or_allowed_tail and bottom.rank == base_minus_one(base)
    raise AssertionError(f"unknown vacancy {rule!r}")


# ---------------------------------------------------------------------------
# Foundations


def foundation_suit(index: int) -> Suit:
    """Foundations are clubs, diamonds, hearts, spades, and again for the second deck."""
    return SUIT_ORDER[index % 4]


def foundation_accepts(pile: tuple[Card, ...], index: int, card: Card, base: Rank) -> bool:
    if card.suit != foundation_suit(index):
        return False
    if len(pile) >= FOUNDATION_SIZE:
        return False
    if not pile:
        return card.rank == base
    return card.rank == one_higher_circular(pile[-1].rank)


def first_accepting_foundation(
    foundations: tuple[tuple[Card, ...], ...], card: Card, base: Rank
) -> int | None:
    """The index of the first foundation (in foundation order) that takes ``card``, or None."""
    for index, pile in enumerate(foundations):
        if foundation_accepts(pile, index, card, base):
            return index
    return None


# ---------------------------------------------------------------------------
# Legal moves


def _available_single_cards(state: GameState) -> Iterator[tuple[Area, int, Card]]:
    """Reserve tops, spare-space cards and, when cards may be worried back, foundation tops."""
    for index, pile in enumerate(state.reserve):
        if pile:
            yield Area.RESERVE, index, pile[-1]
    for index, spare_card in enumerate(state.spare):
        if spare_card is not None:
            yield Area.SPARE, index, spare_card
    if state.variant.worry_back:
        for index, foundation in enumerate(state.foundations):
            if foundation:
                yield Area.FOUNDATION, index, foundation[-1]


def reference_legal_moves(state: GameState) -> set[Move]:
    """Every legal move of ``state``, read from the rules text alone."""
    variant = state.variant
    base = state.base_rank
    # GameState builds these tuples on each access, so read them once.
    tableau = [(tuple(column.face_down), tuple(column.face_up)) for column in state.tableau]
    foundations = tuple(tuple(pile) for pile in state.foundations)
    moves: set[Move] = set()

    # Deals: whenever the stock is not empty.
    if state.stock:
        moves.add(Move.deal())

    # To the foundations: exposed cards, reserve tops, spare cards.
    for index, (_, face_up) in enumerate(tableau):
        if face_up and first_accepting_foundation(foundations, face_up[-1], base) is not None:
            moves.add(Move(Area.TABLEAU, index, Area.FOUNDATION))
    for area, index, card in _available_single_cards(state):
        if area is Area.FOUNDATION:
            continue  # a worried-back card goes onto the tableau only
        if first_accepting_foundation(foundations, card, base) is not None:
            moves.add(Move(area, index, Area.FOUNDATION))

    # Column to column.
    for source_index, (_, face_up) in enumerate(tableau):
        if not face_up:
            continue
        run_counts = run_counts_that_may_move(face_up, variant, base)
        for target_index, (target_down, target_up) in enumerate(tableau):
            if target_index == source_index:
                continue
            target_cards = target_down + target_up
            if target_cards:
                exposed = target_cards[-1]
                for count in run_counts:
                    if may_pack(face_up[-count], exposed, variant, base):
                        moves.add(
                            Move(Area.TABLEAU, source_index, Area.TABLEAU, target_index, count)
                        )
            else:
                candidate_counts = set(run_counts)
                if variant.vacancy in (Vacancy.ANY_CARD, Vacancy.BASE_MINUS_ONE_CARD):
                    candidate_counts.add(1)  # the exposed card may always move alone
                for count in sorted(candidate_counts):
                    if vacancy_admits(
                        variant,
                        base,
                        face_up[-count],
                        count,
                        is_whole_run_or_allowed_tail=count in run_counts,
                    ):
                        moves.add(
                            Move(Area.TABLEAU, source_index, Area.TABLEAU, target_index, count)
                        )

    # Reserve tops and spare cards onto columns, one card each.
    for area, source_index, card in _available_single_cards(state):
        for target_index, (target_down, target_up) in enumerate(tableau):
            target_cards = target_down + target_up
            if target_cards:
                allowed = may_pack(card, target_cards[-1], variant, base)
            else:
                allowed = vacancy_admits(
                    variant,
                    base,
                    card,
                    1,
                    is_whole_run_or_allowed_tail=True,
                )
            if allowed:
                moves.add(Move(area, source_index, Area.TABLEAU, target_index, 1))

    return moves


# ---------------------------------------------------------------------------
# Applying a move to a plain description of the position


def snapshot(state: GameState) -> dict[str, Any]:
    """Every pile of ``state`` as card texts, bottom to top (the stock: next dealt first)."""
    return {
        "base": state.base_rank.letter,
        "tableau": tuple(
            (tuple(str(card) for card in column.face_down), tuple(str(c) for c in column.face_up))
            for column in state.tableau
        ),
        "reserve": tuple(tuple(str(card) for card in pile) for pile in state.reserve),
        "spare": tuple(None if card is None else str(card) for card in state.spare),
        "foundations": tuple(tuple(str(card) for card in pile) for pile in state.foundations),
        "stock": tuple(str(card) for card in state.stock),
    }


class _Position:
    """A mutable copy of a position, for applying one move by hand."""

    def __init__(self, state: GameState) -> None:
        self.base = state.base_rank
        self.face_down = [list(column.face_down) for column in state.tableau]
        self.face_up = [list(column.face_up) for column in state.tableau]
        self.reserve = [list(pile) for pile in state.reserve]
        self.spare: list[Card | None] = list(state.spare)
        self.foundations = [list(pile) for pile in state.foundations]
        self.stock = list(state.stock)

    def turn_up_exposed_face_down_cards(self) -> None:
        for index in range(len(self.face_up)):
            if not self.face_up[index] and self.face_down[index]:
                self.face_up[index].append(self.face_down[index].pop())

    def take(self, area: Area, index: int, count: int) -> list[Card]:
        if area is Area.TABLEAU:
            taken = self.face_up[index][-count:]
            del self.face_up[index][-count:]
            return taken
        if area is Area.RESERVE:
            return [self.reserve[index].pop()]
        if area is Area.SPARE:
            spare_card = self.spare[index]
            assert spare_card is not None
            self.spare[index] = None
            return [spare_card]
        if area is Area.FOUNDATION:
            return [self.foundations[index].pop()]
        raise AssertionError(f"cards never leave {area}")

    def deal(self, variant: Variant) -> None:
        targets = self.reserve if variant.stock_to is StockTarget.RESERVE else self.face_up
        for pile in targets:
            if not self.stock:
                break
            pile.append(self.stock.pop(0))
        if (
            variant.leftover is Leftover.SPARE_SPACES
            and 0 < len(self.stock) < len(targets)
            and all(space is None for space in self.spare)
        ):
            for space in range(len(self.spare)):
                if self.stock:
                    self.spare[space] = self.stock.pop(0)

    def to_snapshot(self) -> dict[str, Any]:
        def texts(cards: list[Card]) -> tuple[str, ...]:
            return tuple(str(card) for card in cards)

        return {
            "base": self.base.letter,
            "tableau": tuple(
                (texts(down), texts(up))
                for down, up in zip(self.face_down, self.face_up, strict=True)
            ),
            "reserve": tuple(texts(pile) for pile in self.reserve),
            "spare": tuple(None if card is None else str(card) for card in self.spare),
            "foundations": tuple(texts(pile) for pile in self.foundations),
            "stock": texts(self.stock),
        }


def reference_apply(state: GameState, move: Move) -> dict[str, Any]:
    """The snapshot (see :func:`snapshot`) of the position after ``move``.

    ``move`` must be one of :func:`reference_legal_moves` (not checked again here, to keep the
    tests quick); what an illegal move would do is not defined.
    """
    position = _Position(state)
    if move.source is Area.STOCK:
        position.deal(state.variant)
    else:
        cards = position.take(move.source, move.source_index, move.count)
        if move.target is Area.FOUNDATION:
            (card,) = cards
            foundations = tuple(tuple(pile) for pile in state.foundations)
            index = first_accepting_foundation(foundations, card, state.base_rank)
            assert index is not None
            position.foundations[index].append(card)
        elif move.target is Area.TABLEAU:
            position.face_up[move.target_index].extend(cards)
        else:
            raise AssertionError(f"nothing is placed on {move.target}")
    position.turn_up_exposed_face_down_cards()
    return position.to_snapshot()


def reference_deals_left(state: GameState) -> int:
    """How many more deal moves the stock allows (section 3, steps 4 and 5)."""
    variant = state.variant
    width = variant.reserve if variant.stock_to is StockTarget.RESERVE else variant.piles
    left = len(state.stock)
    deals = 0
    while left > 0:
        deals += 1
        left = max(left - width, 0)
        if variant.leftover is Leftover.SPARE_SPACES and 0 < left < width:
            left = 0  # turned up into the spare spaces by this same deal
    return deals


# ---------------------------------------------------------------------------
# The opening layout (section 3)


def reference_lay_out(variant: Variant, deck_order: tuple[Card, ...]) -> dict[str, Any]:
    """The snapshot of the opening position dealt from ``deck_order`` (its last card first)."""
    undealt = list(deck_order)

    def next_card() -> Card:
        return undealt.pop()

    columns: list[list[Card]] = [[] for _ in range(variant.piles)]
    for lowest_column in range(2, variant.piles + 1):
        for column_number in range(variant.piles, lowest_column - 1, -1):
            columns[column_number - 1].append(next_card())
    for column_number in range(variant.piles, 0, -1):
        columns[column_number - 1].append(next_card())

    reserve = [[next_card()] for _ in range(variant.reserve)]

    base_card = next_card()
    foundations: list[list[Card]] = [[] for _ in range(4 * variant.decks)]
    first_of_suit = SUIT_ORDER.index(base_card.suit)
    foundations[first_of_suit].append(base_card)

    stock = list(reversed(undealt))  # the next card to be dealt first
    spare: list[Card | None] = [None] * variant.spare_spaces
    width = variant.reserve if variant.stock_to is StockTarget.RESERVE else variant.piles
    if variant.leftover is Leftover.SPARE_SPACES and 0 < len(stock) < width:
        for space in range(len(spare)):
            spare[space] = stock.pop(0)

    def texts(cards: list[Card]) -> tuple[str, ...]:
        return tuple(str(card) for card in cards)

    tableau = []
    for column in columns:
        if variant.face_down:
            tableau.append((texts(column[:-1]), texts(column[-1:])))
        else:
            tableau.append(((), texts(column)))
    return {
        "base": base_card.rank.letter,
        "tableau": tuple(tableau),
        "reserve": tuple(texts(pile) for pile in reserve),
        "spare": tuple(None if card is None else str(card) for card in spare),
        "foundations": tuple(texts(pile) for pile in foundations),
        "stock": texts(stock),
    }


# ---------------------------------------------------------------------------
# Candidate moves, legal or not


def candidate_fields(state: GameState) -> list[tuple[Area, int, Area | None, int, int]]:
    """The fields of every syntactically possible move with in-range piles.

    Counts go up to the column height + 1 for tableau sources and up to 2 for the others; a
    move to the foundations always has a count of 1 and target index 0 (the notation names
    no foundation). The deal is included. Plain tuples, because making a :class:`Move` of
    each of the thousands of candidates would dominate the test time.
    """
    pile_counts = {
        Area.TABLEAU: len(state.tableau),
        Area.RESERVE: len(state.reserve),
        Area.SPARE: len(state.spare),
        Area.FOUNDATION: len(state.foundations),
    }
    heights = [len(column.face_down) + len(column.face_up) for column in state.tableau]
    fields: list[tuple[Area, int, Area | None, int, int]] = [(Area.STOCK, 0, None, 0, 1)]
    for source, source_piles in pile_counts.items():
        for source_index in range(source_piles):
            max_count = heights[source_index] + 1 if source is Area.TABLEAU else 2
            fields.append((source, source_index, Area.FOUNDATION, 0, 1))
            for target in (Area.TABLEAU, Area.RESERVE, Area.SPARE):
                for target_index in range(pile_counts[target]):
                    for count in range(1, max_count + 1):
                        fields.append((source, source_index, target, target_index, count))
    return fields


def illegal_candidates(state: GameState) -> list[Move]:
    """Every move of :func:`candidate_fields` that the reference rules refuse."""
    legal = reference_legal_moves(state)
    moves = (Move(*fields) for fields in candidate_fields(state))
    return [move for move in moves if move not in legal]
