"""An exact solver for every variant of Agnes, and hints built on it.

:func:`solve` searches the whole game from a position and answers whether it
can be won. "Won" comes with a winning line of :class:`~agnes_rules.Move`
objects, checked move by move with :meth:`GameState.apply
<agnes_rules.GameState.apply>`; "lost" is a proof, the whole reachable game
having been refuted; "unknown" means the ``max_states`` budget ran out first.

Like the quagnes solver, it plays with **full knowledge**: it sees the
face-down cards and the order of the stock. A "won" verdict therefore says
that the deal *can* be won by someone who knows every card, not that a player
who sees only the face-up cards will find the line.

>>> from agnes_rules.state import GameState
>>> result = solve(GameState.deal("agnes-sorel", 3))
>>> result.outcome, len(result.moves) > 0
(<Outcome.WON: 'won'>, True)
>>> GameState.deal("agnes-sorel", 3).play(result.moves).is_won
True
>>> solve(GameState.deal("agnes-sorel-quagnes", 1)).outcome
<Outcome.LOST: 'lost'>

How it searches (see the solver page of the documentation for measurements):
an iterative depth-first search over a compact private representation of the
position (columns as :class:`bytes` of card codes, foundations as counts, the
stock as a position in the fixed deal order); a transposition table of
canonical keys, in which piles that no future deal reaches are sorted, since
they are interchangeable; foundation moves that provably cannot hurt are played
automatically; positions with a card buried above a lower card of its own suit
that can never be dug out are refuted at once; moves are tried in an order
that finds wins sooner. Every pruning rule keeps "lost" a proof; each one can
be switched off with :class:`Techniques` to measure it.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Sequence

import attrs

from agnes_rules.cards import Rank
from agnes_rules.moves import Area, Move
from agnes_rules.rules import RuleBook
from agnes_rules.state import GameState
from agnes_rules.variant import Leftover, StockTarget, Vacancy, Variant

__all__ = ["Hint", "Outcome", "SolveResult", "SolverError", "Techniques", "hint", "solve"]

#: Face-down cards are stored as their index plus this flag (indices are < 64).
_DOWN = 64
#: The byte of an empty spare space in the private representation.
_NO_CARD = 255

# Private moves are tuples (kind, source, target, count); kinds:
_COLUMN_TO_FOUNDATION = 0
_RESERVE_TO_FOUNDATION = 1
_SPARE_TO_FOUNDATION = 2
_COLUMN_TO_COLUMN = 3
_RESERVE_TO_COLUMN = 4
_SPARE_TO_COLUMN = 5
_DEAL = 6

_InternalMove = tuple[int, int, int, int]
# (columns, reserve piles, spare spaces, foundation counts, stock position)
_Position = tuple[tuple[bytes, ...], tuple[bytes, ...], bytes, bytes, int]

_DEAL_MOVE: _InternalMove = (_DEAL, 0, 0, 0)
_NOTHING_UNDER: tuple[int, ...] = (13, 13, 13, 13)
_UNCACHED = object()
_BYTE = tuple(bytes((value,)) for value in range(256))
# (suit, height, targets as (suit, highest height) pairs, lowest height per suit under it,
# the same including itself)
_Stuck = tuple[int, int, tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...]]


class Outcome(enum.Enum):
    """The verdict of :func:`solve`."""

    #: A winning line was found.
    WON = "won"
    #: No line wins: the whole reachable game was searched (a proof).
    LOST = "lost"
    #: The ``max_states`` budget ran out before either was shown.
    UNKNOWN = "unknown"


class SolverError(AssertionError):
    """The solver's line broke the rules engine: a bug in the solver, never bad input."""


@attrs.frozen
class SolveResult:
    """What :func:`solve` found.

    :attr:`moves` is a complete winning line from the solved position when
    :attr:`outcome` is :attr:`Outcome.WON` (empty otherwise, and empty when the
    position is already won); :attr:`states` counts the distinct positions the
    search examined.
    """

    outcome: Outcome
    moves: tuple[Move, ...]
    states: int

    @property
    def won(self) -> bool:
        """Shorthand for ``outcome is Outcome.WON``."""
        return self.outcome is Outcome.WON


@attrs.frozen(kw_only=True)
class Techniques:
    """Which pruning techniques :func:`solve` uses; all on by default.

    Switching one off never changes a verdict (each is exact), only the time it
    takes; the flags exist to measure each technique.

    - ``transpositions``: remember every examined position and never search one twice.
    - ``symmetry``: in the remembered key, sort the piles that no future deal reaches
      (and the foundations of one suit in two-deck games), since they are interchangeable.
    - ``auto_foundation``: play a card to its foundation at once when no card could ever
      be packed on it (see the documentation for the exact condition).
    - ``dead_ends``: refute a position in which a card lies above a lower card of its own
      suit and neither it nor any card between them can ever be moved off.
    - ``move_ordering``: try the moves that tend to win first (foundation moves, moves
      that turn a card or empty a column); otherwise the rules engine's order.
    - ``dominated_moves``: skip moves that provably never help: with ``vacancy=NONE``,
      moving all the cards of a column onto another column that no deal will reach.
    """

    transpositions: bool = True
    symmetry: bool = True
    auto_foundation: bool = True
    dead_ends: bool = True
    move_ordering: bool = True
    dominated_moves: bool = True


_ALL_TECHNIQUES = Techniques()


@attrs.frozen
class Hint:
    """A suggested move and why; :attr:`move` is None only when no move is legal."""

    move: Move | None
    reason: str

    def __str__(self) -> str:
        return f"{self.move if self.move is not None else '-'}: {self.reason}"


@attrs.frozen(eq=False)
class _Tables:
    """What fits where for one variant and base rank, in the solver's terms (shared)."""

    height: tuple[int, ...]
    fits_under: tuple[tuple[int, ...], ...]
    links: tuple[frozenset[int], ...]
    #: For each card, the cards on which it continues a run.
    links_onto: tuple[frozenset[int], ...]
    heads: frozenset[int]
    vacancy_runs: bool
    #: For each card, the cards (as (suit, height)) that must all be home before it
    #: may go to its foundation automatically: those that could be packed on it or
    #: continue a run on it.
    guards: tuple[tuple[tuple[int, int], ...], ...]
    #: The same with, for each guard, its own guards: (suit, height, guards of the guard).
    guards_of_guards: tuple[tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...], ...]
    vacancy_movable: frozenset[int]
    #: For each card, what it could be packed on or continue a run on, as (suit, highest
    #: height) pairs: once all of it is home, the card never leaves its pile but to its
    #: foundation. None when it could fill an empty column.
    card_needs: tuple[tuple[tuple[int, int], ...] | None, ...]


@functools.cache
def _tables(variant: Variant, base_rank: Rank) -> _Tables:
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
    # A run could carry the card away from any card it continues a run on, even one
    # it could not be packed on (same-suit runs with other packing rules).
    carriers = [set(fits_under[card]) | links_onto[card] for card in range(52)]
    card_needs = tuple(
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
    return _Tables(
        height=height,
        fits_under=fits_under,
        links=tuple(rules.run_links) + tuple(frozenset[int]() for _ in range(_DOWN + 64)),
        links_onto=links_onto,
        heads=rules.vacancy_heads,
        vacancy_runs=rules.vacancy_takes_runs,
        guards=guards,
        guards_of_guards=guards_of_guards,
        vacancy_movable=vacancy_movable,
        card_needs=card_needs,
    )


class _Search:
    """The search of one deal: its rule tables, the private position and the move generator."""

    def __init__(self, state: GameState, techniques: Techniques) -> None:
        variant = state.variant
        self.variant = variant
        self.techniques = techniques
        tables = _tables(variant, state.base_rank)
        self.decks = variant.decks
        self.total = variant.card_count
        #: The foundation position of each card: base rank 0, base-1 rank 12.
        self.height = tables.height
        #: The cards that each card may be packed on.
        self.fits_under = tables.fits_under
        # run_links indexed by any code, so a face-down card ends every run.
        self.links = tables.links
        self.links_onto = tables.links_onto
        self.heads = tables.heads
        self.vacancy_none = variant.vacancy is Vacancy.NONE
        self.vacancy_runs = tables.vacancy_runs
        self.split = variant.split_runs
        self.to_reserve = variant.stock_to is StockTarget.RESERVE
        self.width = variant.deal_width
        self.spare_leftover = variant.leftover is Leftover.SPARE_SPACES
        self.keep_dealt_on = not (self.split or self.to_reserve)
        self.guards = tables.guards
        self.guards_of_guards = tables.guards_of_guards
        self.vacancy_movable = tables.vacancy_movable
        self.card_needs = tables.card_needs
        self.stock = bytes(card.index for card in state.stock)
        columns = tuple(
            bytes(
                [card.index + _DOWN for card in column.face_down]
                + [card.index for card in column.face_up]
            )
            for column in state.tableau
        )
        reserve = tuple(bytes(card.index for card in pile) for pile in state.reserve)
        spare = bytes(_NO_CARD if card is None else card.index for card in state.spare)
        found = bytes(len(pile) for pile in state.foundations)
        self.root: _Position = (columns, reserve, spare, found, 0)
        self.fixed_at = tuple(self.fixed_piles(at) for at in range(len(self.stock) + 1))
        #: The movable run of a column, top card first, by column.
        self.run_cache: dict[bytes, bytes] = {}
        #: For a column, the exposed cards its top cards may move onto, with the count moved.
        self.wanted_cache: dict[bytes, tuple[tuple[int, int], ...]] = {}
        self.column_cache: dict[bytes, tuple[_Stuck, ...]] = {}
        self.future_cache: dict[int, tuple[bytes, ...]] = {}
        self.linked_under: dict[int, tuple[frozenset[int], ...]] = {}
        self.cycle_cache: dict[tuple[_Stuck, ...], bool] = {}
        self.stuck_cache: dict[
            tuple[bytes, bool, bytes, bytes, int], tuple[_Stuck, ...] | None
        ] = {}
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
        self.reserve_cache: dict[bytes, tuple[_Stuck, ...]] = {}

    # ------------------------------------------------------------ the rules

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

    def future_cards(self, position: int) -> tuple[bytes, ...]:
        """For each deal-target pile, the cards the stock will still deal onto it, in order."""
        cached = self.future_cache.get(position)
        if cached is None:
            width, stock = self.width, self.stock
            end = len(stock)
            if self.spare_leftover:
                end = position + (end - position) // width * width
            cached = tuple(stock[position + pile : end : width] for pile in range(width))
            self.future_cache[position] = cached
        return cached

    def moves(self, position: _Position) -> list[_InternalMove]:
        """Every legal move: to the foundations, onto the tableau, the deal (in no fixed order)."""
        if self.decks == 1:
            return self.one_deck_moves(position)
        columns, reserve, spare, found, stock_at = position
        result: list[_InternalMove] = []
        accepts = self.accepts
        append = result.append
        # Which columns each exposed card is on, to look targets up by card.
        tops: dict[int, list[int]] = {}
        empty: list[int] = []
        for index, column in enumerate(columns):
            if column:
                top = column[-1]
                if accepts(found, top) >= 0:
                    append((_COLUMN_TO_FOUNDATION, index, 0, 1))
                if top in tops:
                    tops[top].append(index)
                else:
                    tops[top] = [index]
            else:
                empty.append(index)
        for index, pile in enumerate(reserve):
            if pile and accepts(found, pile[-1]) >= 0:
                append((_RESERVE_TO_FOUNDATION, index, 0, 1))
        for index, card in enumerate(spare):
            if card != _NO_CARD and accepts(found, card) >= 0:
                append((_SPARE_TO_FOUNDATION, index, 0, 1))

        fits_under = self.fits_under
        heads = self.heads
        fill = bool(empty) and not self.vacancy_none
        self.column_moves_by_source(columns, tops, empty, append)
        for kind, cards in (
            (_RESERVE_TO_COLUMN, [pile[-1] if pile else _NO_CARD for pile in reserve]),
            (_SPARE_TO_COLUMN, spare),
        ):
            for source, card in enumerate(cards):
                if card == _NO_CARD:
                    continue
                for upper in fits_under[card]:
                    for target in tops.get(upper, ()):
                        append((kind, source, target, 1))
                if fill and card in heads:
                    for target in empty:
                        append((kind, source, target, 1))
        if stock_at < len(self.stock):
            append(_DEAL_MOVE)
        return result

    def one_deck_moves(self, position: _Position) -> list[_InternalMove]:
        """:meth:`moves` with one deck, where each exposed card is on one pile only."""
        columns, reserve, spare, found, stock_at = position
        result: list[_InternalMove] = []
        append = result.append
        height = self.height
        top_at: dict[int, int] = {}
        empty: list[int] = []
        for index, column in enumerate(columns):
            if column:
                top = column[-1]
                top_at[top] = index
                if found[top // 13] == height[top]:
                    append((_COLUMN_TO_FOUNDATION, index, 0, 1))
            else:
                empty.append(index)
        for index, pile in enumerate(reserve):
            if pile and found[pile[-1] // 13] == height[pile[-1]]:
                append((_RESERVE_TO_FOUNDATION, index, 0, 1))
        for index, card in enumerate(spare):
            if card != _NO_CARD and found[card // 13] == height[card]:
                append((_SPARE_TO_FOUNDATION, index, 0, 1))
        target_of = top_at.get
        wanted_cache = self.wanted_cache
        for source, column in enumerate(columns):
            if column:
                wanted = wanted_cache.get(column)
                if wanted is None:
                    wanted = self.wanted_tops(column)
                for upper, count in wanted:
                    target = target_of(upper)
                    if target is not None and target != source:
                        append((_COLUMN_TO_COLUMN, source, target, count))
        fill = bool(empty) and not self.vacancy_none
        if fill:
            self.moves_into_empty(columns, empty, append)
        fits_under = self.fits_under
        for kind, cards in (
            (_RESERVE_TO_COLUMN, [pile[-1] if pile else _NO_CARD for pile in reserve]),
            (_SPARE_TO_COLUMN, spare),
        ):
            for source, card in enumerate(cards):
                if card == _NO_CARD:
                    continue
                for upper in fits_under[card]:
                    target = target_of(upper)
                    if target is not None:
                        append((kind, source, target, 1))
                if fill and card in self.heads:
                    for target in empty:
                        append((kind, source, target, 1))
        if stock_at < len(self.stock):
            append(_DEAL_MOVE)
        return result

    def wanted_tops(self, column: bytes) -> tuple[tuple[int, int], ...]:
        """For a non-empty column, each (exposed card, count) such that the ``count`` top
        cards may move onto that card (cached by column)."""
        run = self.column_run(column)
        counts = range(1, len(run) + 1) if self.split else (len(run),)
        wanted = tuple(
            (upper, count) for count in counts for upper in self.fits_under[run[count - 1]]
        )
        if len(self.wanted_cache) > 200_000:
            self.wanted_cache.clear()
        self.wanted_cache[column] = wanted
        return wanted

    def column_run(self, column: bytes) -> bytes:
        """The movable run of a non-empty column, top card first (cached by column)."""
        run = self.run_cache.get(column)
        if run is None:
            links = self.links
            length = 1
            below = len(column) - 1
            while below > 0 and column[below] in links[column[below - 1]]:
                length += 1
                below -= 1
            run = column[: -length - 1 : -1]
            if len(self.run_cache) > 200_000:
                self.run_cache.clear()
            self.run_cache[column] = run
        return run

    def moves_into_empty(
        self,
        columns: tuple[bytes, ...],
        empty: list[int],
        append: Callable[[_InternalMove], None],
    ) -> None:
        heads = self.heads
        for source, column in enumerate(columns):
            if not column:
                continue
            if self.vacancy_runs:
                run = self.column_run(column)
                counts = range(1, len(run) + 1) if self.split else (len(run),)
                for count in counts:
                    if column[-count] in heads:
                        for target in empty:
                            append((_COLUMN_TO_COLUMN, source, target, count))
            elif column[-1] in heads:
                for target in empty:
                    append((_COLUMN_TO_COLUMN, source, target, 1))

    def column_moves_by_source(
        self,
        columns: tuple[bytes, ...],
        tops: dict[int, list[int]],
        empty: list[int],
        append: Callable[[_InternalMove], None],
    ) -> None:
        """The moves between columns, any number of decks: for each run card, where it fits."""
        fits_under = self.fits_under
        for source, column in enumerate(columns):
            if not column:
                continue
            run = self.column_run(column)
            counts = range(1, len(run) + 1) if self.split else (len(run),)
            for count in counts:
                for upper in fits_under[column[-count]]:
                    targets = tops.get(upper)
                    if targets is not None:
                        for target in targets:
                            if target != source:
                                append((_COLUMN_TO_COLUMN, source, target, count))
        if empty and not self.vacancy_none:
            self.moves_into_empty(columns, empty, append)

    def apply(self, position: _Position, move: _InternalMove) -> _Position:
        columns, reserve, spare, found, stock_at = position
        kind, source, target, count = move
        if kind == _DEAL:
            return self.deal(position)
        if kind in (_COLUMN_TO_FOUNDATION, _COLUMN_TO_COLUMN):
            column = columns[source]
            moving = column[-count:]
            rest = column[:-count]
            if rest and rest[-1] >= _DOWN:
                rest = rest[:-1] + bytes((rest[-1] - _DOWN,))
            new_columns = list(columns)
            new_columns[source] = rest
        elif kind in (_RESERVE_TO_FOUNDATION, _RESERVE_TO_COLUMN):
            pile = reserve[source]
            moving = pile[-1:]
            new_reserve = list(reserve)
            new_reserve[source] = pile[:-1]
            reserve = tuple(new_reserve)
            new_columns = list(columns)
        else:
            moving = spare[source : source + 1]
            spare = spare[:source] + bytes((_NO_CARD,)) + spare[source + 1 :]
            new_columns = list(columns)
        if kind <= _SPARE_TO_FOUNDATION:
            number = self.accepts(found, moving[0])
            found = found[:number] + bytes((found[number] + 1,)) + found[number + 1 :]
        else:
            new_columns[target] += moving
        return (tuple(new_columns), reserve, spare, found, stock_at)

    def deal(self, position: _Position) -> _Position:
        columns, reserve, spare, found, stock_at = position
        width = self.width
        end = min(stock_at + width, len(self.stock))
        dealt = self.stock[stock_at:end]
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
        if self.spare_leftover and len(self.stock) - end < width:
            rest = self.stock[end:]
            spare = rest + spare[len(rest) :]
            end = len(self.stock)
        return (columns, reserve, spare, found, end)

    # ------------------------------------------------------------ pruning

    def settle(
        self, position: _Position, move: _InternalMove
    ) -> tuple[_Position, list[_InternalMove]]:
        """:meth:`autoplay` after ``move`` from a position where nothing was left to autoplay."""
        kind, source = move[0], move[1]
        if kind == _COLUMN_TO_COLUMN:
            pile = position[0][source]
            if (
                self.keep_dealt_on
                and source < self.fixed_at[position[4]]
                and self.dealt_card_would_link(pile, source, position[4])
            ):
                return position, []
        elif kind == _RESERVE_TO_COLUMN:
            pile = position[1][source]
        elif kind == _SPARE_TO_COLUMN:
            return position, []
        else:
            return self.autoplay(position)
        # Only the card the move uncovered is new; the foundations did not change.
        if not pile:
            return position, []
        card = pile[-1]
        found = position[3]
        suit = card // 13
        level = self.height[card]
        if found[suit] != level and not (self.decks == 2 and found[suit + 4] == level):
            return position, []
        if not self.safe_home(card, found, position[4]):
            return position, []
        return self.autoplay(position)

    def safe_home(self, card: int, found: bytes, stock_at: int) -> bool:
        """Whether ``card``, which its foundation accepts, can go there without loss.

        It can when every card that could be packed on it or continue a run on it
        (a *guard*) is on the foundations already. In one-deck games a guard may
        also be the next card of its suit when all its own guards are home: it can
        then only ever move alone, and wherever a line would put it on ``card``, it
        can go to its foundation instead. That second case is not used while a
        card still to be dealt could link into a run with a card it would have
        covered, when runs are not split (such a card could then no longer move
        alone).
        """
        if self.decks == 2:
            return all(found[s] > h and found[s + 4] > h for s, h in self.guards[card])
        next_in_suit_will_do = not self.keep_dealt_on or stock_at == len(self.stock)
        for suit, high, own_guards in self.guards_of_guards[card]:
            if found[suit] > high:
                continue
            if (
                next_in_suit_will_do
                and found[suit] == high
                and all(found[s] > h for s, h in own_guards)
            ):
                continue
            return False
        return True

    def dealt_card_would_link(self, column: bytes, index: int, stock_at: int) -> bool:
        """Whether a card still to be dealt onto column ``index`` continues a run on the card
        that lies under the top card of ``column``."""
        if len(column) < 2:
            return False
        linked = self.linked_under.get(stock_at)
        if linked is None:
            # For each column, the cards on which a card still to be dealt there links.
            linked = tuple(
                frozenset[int]().union(*(self.links_onto[card] for card in cards))
                for cards in self.future_cards(stock_at)
            )
            self.linked_under[stock_at] = linked
        return index < len(linked) and column[-2] & (_DOWN - 1) in linked[index]

    def autoplay(self, position: _Position) -> tuple[_Position, list[_InternalMove]]:
        """Play every provably harmless foundation move; return the position and the moves.

        A card goes up when every card that could be packed on it, or continue a run
        on it, is on the foundations for good: then it can only ever be in the way.
        One exception: with ``split_runs=False``, a card stays when a card still to
        be dealt onto its column could link into a run with the card under it: that
        dealt card could then no longer move alone.
        """
        played: list[_InternalMove] = []
        height = self.height
        two_decks = self.decks == 2
        keep_dealt_on = self.keep_dealt_on
        while True:
            columns, reserve, spare, found, stock_at = position
            move: _InternalMove | None = None
            open_from = self.fixed_at[stock_at] if keep_dealt_on else 0
            for kind, cards, start in (
                (_COLUMN_TO_FOUNDATION, [c[-1] if c else _NO_CARD for c in columns], 0),
                (_RESERVE_TO_FOUNDATION, [p[-1] if p else _NO_CARD for p in reserve], 0),
                (_SPARE_TO_FOUNDATION, spare, 0),
            ):
                for index in range(start, len(cards)):
                    card = cards[index]
                    if card == _NO_CARD:
                        continue
                    suit = card // 13
                    level = height[card]
                    if found[suit] != level and not (two_decks and found[suit + 4] == level):
                        continue
                    if self.safe_home(card, found, stock_at) and not (
                        kind == _COLUMN_TO_FOUNDATION
                        and index < open_from
                        and self.dealt_card_would_link(columns[index], index, stock_at)
                    ):
                        move = (kind, index, 0, 1)
                        break
                if move is not None:
                    break
            if move is None:
                return position, played
            position = self.apply(position, move)
            played.append(move)

    def key(self, position: _Position) -> bytes:
        """The transposition-table key: interchangeable piles sorted when ``symmetry`` is on."""
        columns, reserve, spare, found, stock_at = position
        if self.techniques.symmetry:
            fixed = self.fixed_at[stock_at]
            if self.to_reserve:
                column_key = b"\xff".join(sorted(columns))
                reserve_key = (
                    b"\xff".join(reserve[:fixed]) + b"\xfe" + b"\xff".join(sorted(reserve[fixed:]))
                )
            else:
                column_key = (
                    b"\xff".join(columns[:fixed]) + b"\xfe" + b"\xff".join(sorted(columns[fixed:]))
                )
                reserve_key = b"\xff".join(reserve)
            spare_key = bytes(sorted(spare)) if len(spare) > 1 else spare
            if self.decks == 2:
                found = bytes(
                    value for suit in range(4) for value in sorted((found[suit], found[suit + 4]))
                )
            else:
                # With one deck the cards elsewhere already tell what the foundations hold.
                found = b""
        else:
            column_key = b"\xff".join(columns)
            reserve_key = b"\xff".join(reserve)
            spare_key = spare
        return b"".join(
            (
                _BYTE[stock_at],
                found,
                spare_key,
                b"\xfd",
                column_key,
                b"\xfd",
                reserve_key,
            )
        )

    def stuck_candidates(self, pile: bytes, carried: bool) -> tuple[_Stuck, ...]:
        """For each card of ``pile`` with cards under it: when it is stuck, and what it buries.

        A card H can leave its pile only to its foundation (it is *stuck*) when no
        card that could carry it away can ever move: H itself and, if runs can
        carry it (``carried``, a tableau column), every card under it down to the
        first that H's potential run could not link to. Such a card can move
        neither into an empty column nor onto a card that will ever be exposed: its
        possible targets are all on the foundations or lie under it in this pile
        (both for good). An entry is (suit of H, height of H, the targets as
        ``(suit, highest height)`` pairs that must all be on the foundations, the
        lowest height of each suit among the cards under H).
        """
        cache = self.column_cache if carried else self.reserve_cache
        cached = cache.get(pile)
        if cached is not None:
            return cached
        cards = [code & (_DOWN - 1) for code in pile]
        height = self.height
        entries: list[_Stuck] = []
        lowest = 0
        for top in range(1, len(cards)):
            if not carried or cards[top] not in self.links[cards[top - 1]]:
                lowest = top
            needs: dict[int, int] = {}
            for position in range(lowest, top + 1):
                card = cards[position]
                if card in self.vacancy_movable:
                    break
                below = cards[:position]
                for upper in self.fits_under[card]:
                    if below.count(upper) < self.decks:
                        suit = upper // 13
                        needs[suit] = max(needs.get(suit, -1), height[upper])
            else:
                under = [13, 13, 13, 13]
                for card in cards[:top]:
                    suit = card // 13
                    under[suit] = min(under[suit], height[card])
                high = cards[top]
                with_it = list(under)
                with_it[high // 13] = min(with_it[high // 13], height[high])
                entries.append(
                    (
                        high // 13,
                        height[high],
                        tuple(sorted(needs.items())),
                        tuple(under),
                        tuple(with_it),
                    )
                )
        result = tuple(entries)
        if len(cache) > 300_000:
            cache.clear()
        cache[pile] = result
        return result

    def pile_stuck(
        self, pile: bytes, carried: bool, found: bytes, coming: bytes, stock_at: int
    ) -> tuple[_Stuck, ...] | None:
        """The stuck cards of one pile (with those still to be dealt on it); None if it is dead."""
        cache = self.stuck_cache
        cache_key = (pile, carried, found, coming, stock_at)
        cached = cache.get(cache_key, _UNCACHED)
        if cached is not _UNCACHED:
            return cached  # type: ignore[return-value]
        result: tuple[_Stuck, ...] | None = None
        stuck: list[_Stuck] = []
        for entry in self.stuck_candidates(pile, carried) if len(pile) >= 2 else ():
            if all(found[suit] > high for suit, high in entry[2]):
                if entry[3][entry[0]] < entry[1]:
                    break
                stuck.append(entry)
        else:
            result = self.dealt_stuck(pile, carried, found, coming, stock_at, stuck)
        if len(cache) > 500_000:
            cache.clear()
        cache[cache_key] = result
        return result

    def dealt_stuck(
        self,
        pile: bytes,
        carried: bool,
        found: bytes,
        coming: bytes,
        stock_at: int,
        stuck: list[_Stuck],
    ) -> tuple[_Stuck, ...] | None:
        """``stuck`` with the cards still to be dealt on the pile that will be stuck there.

        A dealt card that can never be packed can leave only to its foundation, so
        it buries for good whatever surely lies under it when it arrives: the pile
        up to its highest card that can neither go home nor move before that deal
        (see :meth:`floor_at_deal`), and the stuck cards dealt there before that
        cannot go home before it either. None if one of them buries a lower card of
        its own suit.
        """
        dealt: list[_Stuck] = []
        for number, card in enumerate(coming):
            needs = self.card_needs[card]
            if needs is None or not all(found[suit] > high for suit, high in needs):
                continue
            deal_at = stock_at + number * self.width
            floor = self.floor_at_deal(pile, carried, found, deal_at)
            undealt = self.undealt_low[deal_at]
            for earlier in dealt:
                if undealt[earlier[0]] < earlier[1]:
                    floor = tuple(map(min, floor, earlier[4]))
            suit, high = card // 13, self.height[card]
            if floor[suit] < high:
                return None
            with_it = list(floor)
            with_it[suit] = min(with_it[suit], high)
            entry = (suit, high, needs, floor, tuple(with_it))
            dealt.append(entry)
        return tuple(stuck + dealt)

    def floor_at_deal(
        self, pile: bytes, carried: bool, found: bytes, deal_at: int
    ) -> tuple[int, ...]:
        """The lowest height of each suit among the cards surely in ``pile`` at the deal
        from stock position ``deal_at``.

        A card surely stays until then when a lower card of its suit is still in the
        stock at that deal (so it cannot go home before it) and it cannot be moved
        off before it: every card it could be packed on is on the foundations, under
        it in the pile or not dealt yet, and the same holds for every card that could
        carry it away in a run (as in :meth:`stuck_candidates`). All the cards under
        such a card stay too.
        """
        cards = [code & (_DOWN - 1) for code in pile]
        height = self.height
        undealt = self.undealt_low[deal_at]
        in_stock = self.position_in_stock
        fits_under = self.fits_under
        links = self.links
        highest = -1
        lowest = 0
        for top, card in enumerate(cards):
            if top and (not carried or card not in links[cards[top - 1]]):
                lowest = top
            if undealt[card // 13] >= height[card]:
                continue
            for at in range(lowest, top + 1):
                head = cards[at]
                if head in self.vacancy_movable or not all(
                    found[upper // 13] > height[upper]
                    or in_stock[upper] >= deal_at
                    or upper in cards[:at]
                    for upper in fits_under[head]
                ):
                    break
            else:
                highest = top
        floor = list(_NOTHING_UNDER)
        for card in cards[: highest + 1]:
            suit = card // 13
            floor[suit] = min(floor[suit], height[card])
        return tuple(floor)

    def newly_dead(
        self, parent: _Position, child: _Position, move: _InternalMove, auto: list[_InternalMove]
    ) -> bool:
        """:meth:`is_dead` for ``child``, knowing that ``parent`` was not dead.

        A move between columns that plays nothing to the foundations changes the
        stuck cards only where the cards arrive (the cards it took were movable, so
        none of them was stuck); when that pile's stuck cards stay the same, so does
        the answer.
        """
        if move[0] != _COLUMN_TO_COLUMN or auto:
            return self.is_dead(child)
        target = move[2]
        found, stock_at = child[3], child[4]
        coming = b""
        if not self.to_reserve:
            future = self.future_cards(stock_at)
            if target < len(future):
                coming = future[target]
        after = self.pile_stuck(child[0][target], True, found, coming, stock_at)
        if after is None:
            return True
        if after == self.pile_stuck(parent[0][target], True, found, coming, stock_at):
            return False
        return self.is_dead(child)

    def is_dead(self, position: _Position) -> bool:
        """Whether the stuck cards bury each other in a cycle, so that some card never gets home.

        A stuck card reaches its foundation only after the lower cards of its suit,
        and every card under it only after it. A cycle of such "must come after"
        relations (a stuck card over a lower card of its own suit is the shortest)
        means the game cannot be won. One-deck games only: with two decks the other
        copy of a buried card could take its place on a foundation.
        """
        columns, reserve, _, found, stock_at = position
        stuck: list[_Stuck] = []
        future = self.future_cards(stock_at)
        pile_stuck = self.pile_stuck
        for piles, carried in ((columns, True), (reserve, False)):
            dealt_on = carried is not self.to_reserve
            for index, pile in enumerate(piles):
                coming = future[index] if dealt_on and index < len(future) else b""
                if len(pile) < 2 and not coming:
                    continue
                entries = pile_stuck(pile, carried, found, coming, stock_at)
                if entries is None:
                    return True
                stuck.extend(entries)
        if len(stuck) < 2:
            return False
        nodes = tuple(stuck)
        cached = self.cycle_cache.get(nodes)
        if cached is None:
            cached = _has_cycle(nodes)
            if len(self.cycle_cache) > 500_000:
                self.cycle_cache.clear()
            self.cycle_cache[nodes] = cached
        return cached

    def undominated(self, position: _Position, moves: list[_InternalMove]) -> list[_InternalMove]:
        """``moves`` without those that move a whole column onto a column no deal reaches.

        With ``vacancy=NONE`` the emptied column is of no use, and the position
        before the move can do everything the one after it can: the cards that
        would lie on the target card are instead alone in their column, where every
        move of them stays possible (a run taking cards of the target column with
        them becomes two moves), and the target card stays free.
        """
        columns = position[0]
        fixed = 0 if self.to_reserve else self.fixed_at[position[4]]
        return [
            move
            for move in moves
            if not (
                move[0] == _COLUMN_TO_COLUMN
                and move[3] == len(columns[move[1]])
                and move[1] >= fixed
                and move[2] >= fixed
            )
        ]

    def without_repeats(
        self, position: _Position, move: _InternalMove, moves: list[_InternalMove]
    ) -> list[_InternalMove]:
        """``moves`` (after ``move`` from ``position``, which autoplayed nothing) without
        those that move the same cards on at once.

        Moving them on from where they arrived to another pile, or to the
        foundations, gives the position that one move gives from ``position`` (the
        source, the target and the cards are the same), a position the search reaches
        there. Moving them straight back gives ``position`` itself, unless the move
        turned a face-down card.
        """
        kind, source, target, count = move
        back_to_start = kind == _COLUMN_TO_COLUMN and (
            len(position[0][source]) == count or position[0][source][-count - 1] < _DOWN
        )
        return [
            other
            for other in moves
            if not (
                other[1] == target
                and other[3] == count
                and (
                    (other[0] == _COLUMN_TO_FOUNDATION and count == 1)
                    or (
                        other[0] == _COLUMN_TO_COLUMN
                        and (other[2] != source or kind != _COLUMN_TO_COLUMN or back_to_start)
                    )
                )
            )
        ]

    def order(self, position: _Position, moves: list[_InternalMove]) -> list[_InternalMove]:
        """Foundation moves first, then moves that turn a card or empty a pile, the deal last."""
        columns = position[0]
        keyed = []
        for move in moves:
            kind = move[0]
            if kind <= _SPARE_TO_FOUNDATION:
                score = 0
            elif kind == _DEAL:
                score = 9
            elif kind == _COLUMN_TO_COLUMN:
                column = columns[move[1]]
                count = move[3]
                if count == len(column):
                    score = 1 if columns[move[2]] else 6
                elif column[-count - 1] >= _DOWN:
                    score = 2
                else:
                    score = 4
            else:
                score = 3
            keyed.append((score, move))
        keyed.sort()
        return [move for _, move in keyed]

    def run(self, max_states: int | None) -> tuple[Outcome, list[_InternalMove], int]:
        techniques = self.techniques
        limit = max_states if max_states is not None else -1
        settle: Callable[[_Position, _InternalMove], tuple[_Position, list[_InternalMove]]]
        if techniques.auto_foundation:
            settle = self.settle
            root, line = self.autoplay(self.root)
        else:

            def settle(
                position: _Position, move: _InternalMove
            ) -> tuple[_Position, list[_InternalMove]]:
                return position, []

            root, line = self.root, []
        if sum(root[3]) == self.total:
            return Outcome.WON, line, 1
        seen: set[bytes] = set()
        use_table = techniques.transpositions
        key = self.key
        dead = self.is_dead if techniques.dead_ends and self.decks == 1 else None
        ordered = self.order if techniques.move_ordering else None
        seen.add(key(root))
        examined = 1
        total = self.total
        if dead is not None and dead(root):
            return Outcome.LOST, [], examined
        # Each frame: the position, its untried moves (reversed, popped from the end),
        # and the moves that led to it from its parent (the move and its autoplay).
        prune_dominated = techniques.dominated_moves and self.vacancy_none
        first = self.moves(root)
        if prune_dominated:
            first = self.undominated(root, first)
        if ordered is not None:
            first = ordered(root, first)
        first.reverse()
        stack: list[tuple[_Position, list[_InternalMove], list[_InternalMove]]] = [
            (root, first, line)
        ]
        while stack:
            position, untried, _ = stack[-1]
            if not untried:
                stack.pop()
                continue
            move = untried.pop()
            child, auto = settle(self.apply(position, move), move)
            if use_table:
                child_key = key(child)
                if child_key in seen:
                    continue
                seen.add(child_key)
            examined += 1
            if examined == limit:
                return Outcome.UNKNOWN, [], examined
            step = [move, *auto]
            if sum(child[3]) == total:
                path = [m for frame in stack for m in frame[2]] + step
                return Outcome.WON, path, examined
            if dead is not None and self.newly_dead(position, child, move, auto):
                continue
            moves = self.moves(child)
            if prune_dominated:
                moves = self.undominated(child, moves)
            if use_table and not auto and _COLUMN_TO_COLUMN <= move[0] <= _SPARE_TO_COLUMN:
                moves = self.without_repeats(position, move, moves)
            if ordered is not None:
                moves = ordered(child, moves)
            moves.reverse()
            stack.append((child, moves, step))
        return Outcome.LOST, [], examined


def _has_cycle(stuck: tuple[_Stuck, ...]) -> bool:
    """Whether the "must come after" relation among stuck cards has a cycle.

    Edge a -> b: some card under a is of b's suit and not higher than b, so b
    must reach its foundation before a can leave, and a before that card.
    """
    successors = [
        [other for other, b in enumerate(stuck) if other != this and a[3][b[0]] <= b[1]]
        for this, a in enumerate(stuck)
    ]
    state = [0] * len(stuck)  # 0 unvisited, 1 on the path, 2 done
    for start in range(len(stuck)):
        if state[start]:
            continue
        path = [(start, iter(successors[start]))]
        state[start] = 1
        while path:
            node, following = path[-1]
            for nxt in following:
                if state[nxt] == 1:
                    return True
                if state[nxt] == 0:
                    state[nxt] = 1
                    path.append((nxt, iter(successors[nxt])))
                    break
            else:
                state[node] = 2
                path.pop()
    return False


def _public(move: _InternalMove) -> Move:
    kind, source, target, count = move
    if kind == _DEAL:
        return Move.deal()
    if kind == _COLUMN_TO_FOUNDATION:
        return Move.to_foundation(Area.TABLEAU, source)
    if kind == _RESERVE_TO_FOUNDATION:
        return Move.to_foundation(Area.RESERVE, source)
    if kind == _SPARE_TO_FOUNDATION:
        return Move.to_foundation(Area.SPARE, source)
    area = {
        _COLUMN_TO_COLUMN: Area.TABLEAU,
        _RESERVE_TO_COLUMN: Area.RESERVE,
        _SPARE_TO_COLUMN: Area.SPARE,
    }[kind]
    return Move.to_tableau(area, source, target, count)


def _checked_line(state: GameState, line: Sequence[_InternalMove]) -> tuple[Move, ...]:
    """The line as public moves, replayed with the rules engine, which must end in a win."""
    moves = tuple(_public(move) for move in line)
    current = state
    for number, move in enumerate(moves):
        error = current.why_illegal(move)
        if error is not None:
            raise SolverError(f"the solver's move {number + 1} ({move}) is illegal: {error}")
        current = current.apply(move)
    if not current.is_won:
        raise SolverError("the solver's winning line does not win")
    return moves


def solve(
    state: GameState,
    *,
    max_states: int | None = None,
    techniques: Techniques = _ALL_TECHNIQUES,
) -> SolveResult:
    """Whether ``state`` can be won, with a winning line if so.

    The search plays with full knowledge of the face-down cards and the stock.
    ``max_states`` bounds the number of distinct positions examined (None: no
    bound); when it runs out the outcome is :attr:`Outcome.UNKNOWN`.
    ``techniques`` switches pruning techniques off, for measurements only.

    >>> from agnes_rules.state import GameState
    >>> solve(GameState.deal("agnes-sorel", 1), max_states=5)
    SolveResult(outcome=<Outcome.UNKNOWN: 'unknown'>, moves=(), states=5)
    """
    if not isinstance(state, GameState):
        raise TypeError(f"solve() needs a GameState, got {state!r}")
    if max_states is not None and (
        isinstance(max_states, bool) or not isinstance(max_states, int) or max_states < 1
    ):
        raise ValueError(f"max_states must be a positive integer or None, got {max_states!r}")
    search = _Search(state, techniques)
    outcome, line, examined = search.run(max_states)
    moves = _checked_line(state, line) if outcome is Outcome.WON else ()
    return SolveResult(outcome, moves, examined)


#: The budget of :func:`hint`: small enough to answer at once.
HINT_STATES = 20_000


def hint(state: GameState, *, max_states: int = HINT_STATES) -> Hint:
    """A move to play here, and why.

    The first move of a winning line when :func:`solve` finds one within
    ``max_states`` positions; otherwise (the position is lost, or too hard to
    decide quickly) a heuristic choice, and the reason says which.

    >>> from agnes_rules.state import GameState
    >>> advice = hint(GameState.deal("agnes-sorel", 3))
    >>> advice.move, advice.reason.startswith("it starts a winning line")
    (Move.parse('t3f'), True)
    """
    moves = state.legal_moves()
    if not moves:
        return Hint(None, "no move is legal: the game is over")
    result = solve(state, max_states=max_states)
    if result.outcome is Outcome.WON:
        return Hint(
            result.moves[0],
            f"it starts a winning line (found by search, {len(result.moves)} moves)",
        )
    move, why = _heuristic_move(state, moves)
    if result.outcome is Outcome.LOST:
        return Hint(move, f"the game cannot be won any more; {why}")
    return Hint(move, f"no winning line found within {max_states} positions; {why}")


def _heuristic_move(state: GameState, moves: Sequence[Move]) -> tuple[Move, str]:
    """The best-looking legal move by simple rules, with the rule that chose it."""
    for move in moves:
        if move.target is Area.FOUNDATION:
            return move, "it plays a card to its foundation"
    tableau = state.tableau
    for move in moves:
        if move.source is Area.TABLEAU and move.target is Area.TABLEAU:
            column = tableau[move.source_index]
            if move.count == len(column.face_up) and column.face_down:
                return move, "it turns a face-down card"
    for move in moves:
        if move.source is Area.TABLEAU and move.target is Area.TABLEAU:
            column = tableau[move.source_index]
            target = tableau[move.target_index]
            if move.count == len(column) and target.face_up:
                return move, "it empties a column"
    for move in moves:
        if move.source is Area.TABLEAU and move.target is Area.TABLEAU:
            after = state.apply(move)
            if any(m.target is Area.FOUNDATION for m in after.legal_moves()):
                return move, "it uncovers a card that can go to its foundation"
    for move in moves:
        if move.source in (Area.RESERVE, Area.SPARE):
            return move, "it brings a reserve card into play"
    for move in moves:
        if not move.is_deal:
            return move, "it is the first legal move on the tableau"
    return moves[-1], "nothing else is possible: deal"
