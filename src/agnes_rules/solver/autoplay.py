"""Safe autoplay: the foundation moves that provably cannot hurt, played at once.

A card goes up when every card that could be packed on it, or continue a run
on it (its *guards*), is on the foundations for good: then it can only ever be
in the way. Playing such moves without branching on them keeps "lost" a proof
and shrinks the search a great deal.
"""

from __future__ import annotations

from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DOWN,
    NO_CARD,
    RESERVE_TO_COLUMN,
    RESERVE_TO_FOUNDATION,
    SPARE_TO_COLUMN,
    SPARE_TO_FOUNDATION,
    Board,
    InternalMove,
    Position,
)

__all__ = ["Autoplay", "GreedyAutoplay"]


class Autoplay:
    """The safe foundation moves of positions of one board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.height = board.height
        self.two_decks = board.decks == 2
        self.keep_dealt_on = board.keep_dealt_on
        self.fixed_at = board.fixed_at
        self.stock_size = len(board.stock)
        self.guards = board.guards
        self.guards_of_guards = board.guards_of_guards
        self.links_onto = board.links_onto
        #: For each stock position and column, the cards on which a card still to be
        #: dealt there links.
        self.linked_under: dict[int, tuple[frozenset[int], ...]] = {}

    def settle(self, position: Position, move: InternalMove) -> tuple[Position, list[InternalMove]]:
        """:meth:`autoplay` after ``move`` from a position where nothing was left to autoplay.

        Only what the move changed is looked at before the full pass: a move
        between piles can only make playable the card it uncovered, or the card it
        moved (see :meth:`first_safe_move`). The result is that of :meth:`autoplay`.
        """
        kind, source = move[0], move[1]
        if kind == COLUMN_TO_COLUMN:
            pile = position[0][source]
            # Only in a column a deal still reaches may a card be held back (see
            # first_safe_move): there the moved card may have waited, and may go home
            # from its new column; and the card uncovered may have to wait.
            if self.keep_dealt_on and source < self.fixed_at[position[4]]:
                if self.goes_home_safely(position[0][move[2]][-1], position[3], position[4]):
                    return self.autoplay(position)
                if self.dealt_card_would_link(pile, source, position[4]):
                    return position, []
        elif kind == RESERVE_TO_COLUMN:
            pile = position[1][source]
        elif kind == SPARE_TO_COLUMN:
            return position, []
        else:
            return self.autoplay(position)
        # Only the card the move uncovered is new; the foundations did not change.
        if not pile:
            return position, []
        if not self.goes_home_safely(pile[-1], position[3], position[4]):
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
        if self.two_decks:
            return all(found[s] > h and found[s + 4] > h for s, h in self.guards[card])
        next_in_suit_will_do = not self.keep_dealt_on or stock_at == self.stock_size
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
            linked = tuple(
                frozenset[int]().union(*(self.links_onto[card] for card in cards))
                for cards in self.board.future_cards(stock_at)
            )
            self.linked_under[stock_at] = linked
        return index < len(linked) and column[-2] & (DOWN - 1) in linked[index]

    def autoplay(self, position: Position) -> tuple[Position, list[InternalMove]]:
        """Play every provably harmless foundation move; return the position and the moves.

        One exception to the rule of the module: with ``split_runs=False``, a card
        stays when a card still to be dealt onto its column could link into a run
        with the card under it: that dealt card could then no longer move alone.
        """
        played: list[InternalMove] = []
        while True:
            move = self.first_safe_move(position)
            if move is None:
                return position, played
            position = self.board.apply(position, move)
            played.append(move)

    def first_safe_move(self, position: Position) -> InternalMove | None:
        """The first foundation move of ``position`` that :meth:`autoplay` may play, if any.

        Columns first, then reserve piles, then spare spaces, each in order; the piles
        are read in place (no list of top cards is built: this runs after every move
        to the foundations).
        """
        columns, reserve, spare, found, stock_at = position
        open_from = self.fixed_at[stock_at] if self.keep_dealt_on else 0
        for index, column in enumerate(columns):
            if (
                len(column)  # not the bytes' truth: compiled, that is a C-API call
                and self.goes_home_safely(column[-1], found, stock_at)
                and not (index < open_from and self.dealt_card_would_link(column, index, stock_at))
            ):
                return (COLUMN_TO_FOUNDATION, index, 0, 1)
        for index, pile in enumerate(reserve):
            if len(pile) and self.goes_home_safely(pile[-1], found, stock_at):
                return (RESERVE_TO_FOUNDATION, index, 0, 1)
        for index, card in enumerate(spare):
            if card != NO_CARD and self.goes_home_safely(card, found, stock_at):
                return (SPARE_TO_FOUNDATION, index, 0, 1)
        return None

    def goes_home_safely(self, card: int, found: bytes, stock_at: int) -> bool:
        """Whether a foundation accepts ``card`` and it can go there without loss."""
        suit = card // 13
        level = self.height[card]
        if found[suit] != level and not (self.two_decks and found[suit + 4] == level):
            return False
        return self.safe_home(card, found, stock_at)


class GreedyAutoplay(Autoplay):
    """Every foundation move played at once, safe or not: the *streamliner* of a first pass.

    Playing a card home that a line still needed on the tableau can lose a won
    deal, so a search with it may miss wins and its "lost" proves nothing; but
    a win it finds is a win, and it finds many in far fewer positions than the
    exact search (see :meth:`~agnes_rules.solver.search.Search.run`). Cards that
    :meth:`Autoplay.autoplay` holds back for a card still to be dealt stay back
    here too: a restriction never makes a line illegal.

    :attr:`unsafe` tells whether a card went up that :class:`Autoplay` would have
    kept: until one does, a search with this autoplay is the exact search, and its
    "lost" is a proof after all.
    """

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        #: Whether some card went up that the exact autoplay would have kept.
        self.unsafe = False

    def safe_home(self, card: int, found: bytes, stock_at: int) -> bool:
        """Always: every card its foundation accepts goes up (noting when it is not safe)."""
        if not self.unsafe and not super().safe_home(card, found, stock_at):
            self.unsafe = True
        return True
