"""Every legal move of a position, in the solver's terms.

The generator finds targets by card: it maps each exposed card to the column
it tops, and looks up for each column the cards its top cards could move onto.
With one deck a card tops one column at most; with two decks the second
column a card tops is kept apart, so that one-deck games, the common case, pay
nothing for it.

In the compiled build the generator is a native class: its methods append to
the result list directly and look cards up in a list, rather than through
bound methods or dictionaries kept in locals, which mypyc would call as
Python objects.

The order of the moves is fixed (it decides which line the search finds
first when ``move_ordering`` is off, and among ties when it is on); the test
suite checks the moves against the rules engine's, position by position.
"""

from __future__ import annotations

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
    mask_of,
)

__all__ = ["MoveGenerator"]


class MoveGenerator:
    """The moves of positions of one board, with the tables by card that make it fast."""

    def __init__(self, board: Board) -> None:
        self.height = board.height
        self.fits_under = board.fits_under
        #: The cards that may fill an empty column, as a mask (bit ``card``): compiled,
        #: a bit test is a few machine instructions, where ``in`` a frozenset boxes the int
        #: and hashes it.
        self.head_mask = mask_of(board.heads)
        self.split = board.split
        self.vacancy_none = board.vacancy_none
        self.vacancy_runs = board.vacancy_runs
        self.stock_size = len(board.stock)
        self.two_decks = board.decks == 2
        self.worry_back = board.worry_back
        self.card_at = board.card_at
        #: ``continues[lower << 8 | upper]`` is 1 when the card of code ``upper`` continues
        #: a run on the card of code ``lower`` (codes are under 256): a byte read, where a
        #: cache of runs by column cost a dictionary lookup (1.7% of the exact search's
        #: instructions until stop 92) and the rules' sets an ``in`` of a boxed int.
        continues = bytearray(len(board.links) << 8)
        for lower, uppers in enumerate(board.links):
            for upper in uppers:
                continues[lower << 8 | upper] = 1
        self.continues = bytes(continues)
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
        # The cards each column's top cards may move onto, looked up directly: a cache of
        # them by column cost a dictionary lookup a column (hashing each new column).
        fits_under = self.fits_under
        for source, column in enumerate(columns):
            if len(column):
                length = self.run_length(column)
                for count in range(1 if self.split else length, length + 1):
                    for upper in fits_under[column[-count]]:
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
            if len(column):
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
        # Two loops, not one over (kind, cards) pairs: compiled, that pair is a tuple made
        # each time and its cards a Python object, iterated with a boxed int per card.
        for source, pile in enumerate(reserve):
            if len(pile):
                self.card_moves(RESERVE_TO_COLUMN, source, pile[-1], also_at, empty, result)
        for source, card in enumerate(spare):
            if card != NO_CARD:
                self.card_moves(SPARE_TO_COLUMN, source, card, also_at, empty, result)

    def card_moves(
        self,
        kind: int,
        source: int,
        card: int,
        also_at: dict[int, list[int]],
        empty: list[int],
        result: list[InternalMove],
    ) -> None:
        """The moves of ``card``, alone from the reserve pile or spare space ``source``,
        onto the columns and into ``empty``, appended to ``result``."""
        top_at = self.top_at
        for upper in self.fits_under[card]:
            target = top_at[upper]
            if target >= 0:
                result.append((kind, source, target, 1))
                if also_at:
                    for other in also_at.get(upper, ()):
                        result.append((kind, source, other, 1))
        if empty and self.head_mask >> card & 1:
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
        card_at, fits_under, head_mask = self.card_at, self.fits_under, self.head_mask
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
            if head_mask >> card & 1:
                for target in empty:
                    result.append((FOUNDATION_TO_COLUMN, number, target, 1))

    def wanted_tops(self, column: bytes) -> tuple[tuple[int, int], ...]:
        """For a non-empty column, each (card, count) such that the ``count`` top cards
        may move onto that card, were it exposed."""
        length = self.run_length(column)
        # Split runs move from one card up; whole ones only all together.
        return tuple(
            (upper, count)
            for count in range(1 if self.split else length, length + 1)
            for upper in self.fits_under[column[-count]]
        )

    def run_length(self, column: bytes) -> int:
        """How many cards the movable run of a non-empty column holds."""
        continues = self.continues
        below = len(column) - 1
        while below > 0 and continues[column[below - 1] << 8 | column[below]]:
            below -= 1
        return len(column) - below

    def run_holds(self, column: bytes, card: int) -> bool:
        """Whether ``card`` lies in the movable run of a non-empty column."""
        for at in range(len(column) - self.run_length(column), len(column)):
            if column[at] == card:
                return True
        return False

    def moves_into_empty(
        self,
        columns: tuple[bytes, ...],
        empty: list[int],
        result: list[InternalMove],
    ) -> None:
        """The moves from columns into the empty columns ``empty``, appended to ``result``."""
        head_mask = self.head_mask
        for source, column in enumerate(columns):
            if not len(column):
                continue
            if self.vacancy_runs:
                length = self.run_length(column)
                # A range in the loop's header alone compiles to a counter; one chosen
                # by a conditional (or a tuple) is a Python object (1.5% of the time).
                fewest = 1 if self.split else length
                for count in range(fewest, length + 1):
                    if head_mask >> column[-count] & 1:
                        for target in empty:
                            result.append((COLUMN_TO_COLUMN, source, target, count))
            elif head_mask >> column[-1] & 1:
                for target in empty:
                    result.append((COLUMN_TO_COLUMN, source, target, 1))
