"""Every legal move of a position, in the solver's terms.

The generator finds targets by card: it maps each exposed card to the column
it tops, and for each column the cards its top cards could move onto (cached
by column, since a column recurs in many positions). With one deck a card
tops one column at most; with two decks the second column a card tops is kept
apart, so that one-deck games, the common case, pay nothing for it.

In the compiled build the generator is a native class: its methods append to
the result list directly and look cards up in a list, rather than through
bound methods or dictionaries kept in locals, which mypyc would call as
Python objects.

The order of the moves is fixed (it decides which line the search finds
first when ``move_ordering`` is off, and among ties when it is on); the test
suite checks the moves against the rules engine's, position by position.
"""

from __future__ import annotations

from typing import Final

from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DEAL_MOVE,
    FOUNDATION_TO_COLUMN,
    NO_CARD,
    RESERVE_TO_COLUMN,
    RESERVE_TO_FOUNDATION,
    SPARE_TO_COLUMN,
    SPARE_TO_FOUNDATION,
    Board,
    InternalMove,
    Position,
)

__all__ = ["MoveGenerator"]

#: The caches by column are cleared when they grow past this many entries.
_CACHE_LIMIT: Final = 200_000


class MoveGenerator:
    """The moves of positions of one board, with the caches by column that make it fast."""

    def __init__(self, board: Board) -> None:
        self.height = board.height
        self.fits_under = board.fits_under
        self.links = board.links
        self.heads = board.heads
        self.split = board.split
        self.vacancy_none = board.vacancy_none
        self.vacancy_runs = board.vacancy_runs
        self.stock_size = len(board.stock)
        self.two_decks = board.decks == 2
        self.worry_back = board.worry_back
        self.card_at = board.card_at
        #: The movable run of a column, top card first, by column.
        self.run_cache: dict[bytes, bytes] = {}
        #: For a column, the exposed cards its top cards may move onto, with the count moved.
        self.wanted_cache: dict[bytes, tuple[tuple[int, int], ...]] = {}
        #: The column each card tops, -1 for none: filled at the start of :meth:`moves` and
        #: put back to -1 at its end (a list indexed by card is cheaper than a dict).
        self.top_at = [-1] * 52
        #: ``also_at`` of one-deck games: always empty, so shared instead of made each time.
        self.nothing_also: dict[int, list[int]] = {}

    def moves(self, position: Position) -> list[InternalMove]:
        """Every legal move: to the foundations, onto the tableau, the deal (in no fixed order)."""
        columns, reserve, spare, found, stock_at = position
        result: list[InternalMove] = []
        height = self.height
        two_decks = self.two_decks
        # The column each exposed card tops, to look targets up by card; with two decks
        # a card may top a second column (``also_at``, rare, so kept apart).
        top_at = self.top_at
        also_at: dict[int, list[int]] = {} if two_decks else self.nothing_also
        empty: list[int] = []
        # len() tests the piles (bytes): compiled, it reads the size, where a bytes' truth
        # is a call into the C API (2% of the exact search's instructions, stop 91).
        for index, column in enumerate(columns):
            if len(column):
                top = column[-1]
                if two_decks and top_at[top] >= 0:
                    also_at.setdefault(top, []).append(index)
                else:
                    top_at[top] = index
                level = height[top]
                if found[top // 13] == level or (two_decks and found[top // 13 + 4] == level):
                    result.append((COLUMN_TO_FOUNDATION, index, 0, 1))
            else:
                empty.append(index)
        for index, pile in enumerate(reserve):
            if len(pile):
                level = height[pile[-1]]
                suit = pile[-1] // 13
                if found[suit] == level or (two_decks and found[suit + 4] == level):
                    result.append((RESERVE_TO_FOUNDATION, index, 0, 1))
        for index, card in enumerate(spare):
            if card != NO_CARD:
                level = height[card]
                if found[card // 13] == level or (two_decks and found[card // 13 + 4] == level):
                    result.append((SPARE_TO_FOUNDATION, index, 0, 1))
        wanted_cache = self.wanted_cache
        for source, column in enumerate(columns):
            if len(column):
                wanted = wanted_cache.get(column)
                if wanted is None:
                    wanted = self.wanted_tops(column)
                for upper, count in wanted:
                    target = top_at[upper]
                    if target >= 0:
                        if target != source:
                            result.append((COLUMN_TO_COLUMN, source, target, count))
                        if also_at:
                            for other in also_at.get(upper, ()):
                                if other != source:
                                    result.append((COLUMN_TO_COLUMN, source, other, count))
        fill = bool(empty) and not self.vacancy_none
        if fill:
            self.moves_into_empty(columns, empty, result)
        if reserve or spare:
            self.single_card_moves(reserve, spare, also_at, empty if fill else [], result)
        if self.worry_back:
            self.worry_back_moves(found, top_at, also_at, empty if fill else [], result)
        if stock_at < self.stock_size:
            result.append(DEAL_MOVE)
        for column in columns:
            if column:
                top_at[column[-1]] = -1
        return result

    def single_card_moves(
        self,
        reserve: tuple[bytes, ...],
        spare: bytes,
        also_at: dict[int, list[int]],
        empty: list[int],
        result: list[InternalMove],
    ) -> None:
        """The top cards of the reserve piles and the spare spaces onto the columns
        (into ``empty``, the empty columns they may fill), appended to ``result``."""
        top_at, fits_under, heads = self.top_at, self.fits_under, self.heads
        for kind, cards in (
            (RESERVE_TO_COLUMN, [pile[-1] if pile else NO_CARD for pile in reserve]),
            (SPARE_TO_COLUMN, spare),
        ):
            for source, card in enumerate(cards):
                if card == NO_CARD:
                    continue
                for upper in fits_under[card]:
                    target = top_at[upper]
                    if target >= 0:
                        result.append((kind, source, target, 1))
                        if also_at:
                            for other in also_at.get(upper, ()):
                                result.append((kind, source, other, 1))
                if empty and card in heads:
                    for target in empty:
                        result.append((kind, source, target, 1))

    def worry_back_moves(
        self,
        found: bytes,
        top_at: list[int],
        also_at: dict[int, list[int]],
        empty: list[int],
        result: list[InternalMove],
    ) -> None:
        """The top card of each foundation back onto the columns that take it, appended to
        ``result``."""
        card_at, fits_under, heads = self.card_at, self.fits_under, self.heads
        for number, held in enumerate(found):
            if not held:
                continue
            card = card_at[number % 4 * 13 + held - 1]
            for upper in fits_under[card]:
                target = top_at[upper]
                if target >= 0:
                    result.append((FOUNDATION_TO_COLUMN, number, target, 1))
                    for other in also_at.get(upper, ()):
                        result.append((FOUNDATION_TO_COLUMN, number, other, 1))
            if card in heads:
                for target in empty:
                    result.append((FOUNDATION_TO_COLUMN, number, target, 1))

    def wanted_tops(self, column: bytes) -> tuple[tuple[int, int], ...]:
        """For a non-empty column, each (exposed card, count) such that the ``count`` top
        cards may move onto that card (cached by column)."""
        run = self.column_run(column)
        counts = range(1, len(run) + 1) if self.split else (len(run),)
        wanted = tuple(
            (upper, count) for count in counts for upper in self.fits_under[run[count - 1]]
        )
        if len(self.wanted_cache) > _CACHE_LIMIT:
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
            if len(self.run_cache) > _CACHE_LIMIT:
                self.run_cache.clear()
            self.run_cache[column] = run
        return run

    def moves_into_empty(
        self,
        columns: tuple[bytes, ...],
        empty: list[int],
        result: list[InternalMove],
    ) -> None:
        """The moves from columns into the empty columns ``empty``, appended to ``result``."""
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
                            result.append((COLUMN_TO_COLUMN, source, target, count))
            elif column[-1] in heads:
                for target in empty:
                    result.append((COLUMN_TO_COLUMN, source, target, 1))
