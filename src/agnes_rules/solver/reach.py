"""Stranded cards: positions refuted because, even under looser rules, a card never gets home.

The looser game forgets *when* things happen. It asks of each card only
whether it could ever leave the place it has now, and whether it could ever
reach its foundation, and it answers both with the least fixpoint of these
rules (one deck, no card worried back, so cards at home stay there and a card
at home is never a target):

- a card **could be uncovered** when it is in a spare space or still in the
  stock (a dealt card lands on top), when it could leave its place (it is then
  somewhere else, perhaps on top), or when every card above it in its pile
  could leave;
- it **could go home** when it could be uncovered and it is the next card of
  its suit, or the card below it in its suit could go home;
- it **could leave its place** when it could go home; when it lies face up on
  the card it continues a run on and that card could leave (carried with it);
  or when every card above the run it heads could leave (it can only move as the
  bottom of a run) and a target could take it: a card it may be packed on, not
  at home, that could leave its place (to lie somewhere else) or that lies where
  packing is possible (a column, or a card the stock deals to a column) and
  could be uncovered there; or an empty column, when one is or could be empty
  and the card may fill a gap.

Every real line is a line of the looser game: by induction over its moves,
whatever a card does in it first (leave its place, go home) the rules above
allow, because what it needed had already happened. So if some card not at
home could never go home in the looser game, it never does in the real one,
and the position is lost. The proof counts no moves, so it catches what the
stuck-card check of :mod:`.deadends` cannot: deals where the cards are not
stuck one by one but keep each other out of reach, wherever they move (many
lost deals of Agnes Sorel with empty gaps never send another card home after
the last deal, and of Agnes Bernauer after the reserve is dealt).
"""

from __future__ import annotations

from agnes_rules.solver.board import DOWN, NO_CARD, Board, Position

__all__ = ["Reach"]


class Reach:
    """The stranded-card proof for positions of one board (one deck, no worry back)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.height = board.height
        self.fits_under = board.fits_under
        self.links = board.links
        self.card_at = board.card_at
        self.heads = board.vacancy_movable
        self.to_reserve = board.to_reserve
        # Per card, refilled by each call (lists, reused: the compiled build keeps them
        # as native lists): the pile it lies in (-1: a spare space or the stock), its place
        # there, and the place of the top of the run it heads.
        self.pile_of = [-1] * 52
        self.place = [0] * 52
        self.run_top = [0] * 52
        #: Whether a card lies where cards may be packed on it (a column, or dealt to one).
        self.packable = [False] * 52
        #: Whether a card is in a spare space or the stock (uncovered without help).
        self.loose = [False] * 52
        self.moved = [False] * 52
        self.homeable = [False] * 52

    def stranded(self, position: Position) -> bool:
        """Whether some card not at home could never get home, even in the looser game."""
        columns, reserve, spare, found, stock_at = position
        piles = columns + reserve if reserve else columns
        width = len(columns)
        self.locate(piles, width, spare, stock_at)
        card_at, heads = self.card_at, self.heads
        pile_of, place, loose, moved = self.pile_of, self.place, self.loose, self.moved
        # reach[suit]: the height of the lowest card of the suit not yet shown to get home.
        reach = [found[suit] for suit in range(4)]
        # free[p]: how many cards of pile p stay where they are (those above could all leave).
        free = [len(pile) for pile in piles]
        # The cards not yet shown to be able to move, pile by pile from the top down (so that
        # a card shown to move lets the one under it be tried in the same pass), then those
        # in the spare spaces and the stock.
        pending = [pile[at] % DOWN for pile in piles for at in range(len(pile) - 1, -1, -1)]
        pending += [card for card in range(52) if loose[card]]
        emptiable = not all(columns)
        changed = True
        while changed:
            changed = False
            # Each suit goes home in order, as far as its cards can be uncovered.
            for suit in range(4):
                level = reach[suit]
                while level < 13:
                    card = card_at[suit * 13 + level]
                    where = pile_of[card]
                    if not (
                        loose[card]
                        or moved[card]
                        or (where >= 0 and free[where] <= place[card] + 1)
                    ):
                        break
                    self.homeable[card] = changed = True
                    if where >= 0 and not self.shrink(piles, where, free) and where < width:
                        emptiable = True
                    level += 1
                reach[suit] = level
            if reach[0] == reach[1] == reach[2] == reach[3] == 13:
                return False
            still: list[int] = []
            for card in pending:
                # A card that could go home could also be moved first (and so be a target).
                if self.leaves(card, piles, width, free, found, emptiable and card in heads):
                    moved[card] = changed = True
                    where = pile_of[card]
                    if where >= 0 and not self.shrink(piles, where, free) and where < width:
                        emptiable = True
                else:
                    still.append(card)
            pending = still
        return True

    def shrink(self, piles: tuple[bytes, ...], where: int, free: list[int]) -> int:
        """Lower ``free[where]`` past the top cards of that pile that could all leave, and
        return it."""
        pile = piles[where]
        count = free[where]
        while count and (
            self.moved[pile[count - 1] % DOWN] or self.homeable[pile[count - 1] % DOWN]
        ):
            count -= 1
        free[where] = count
        return count

    def leaves(
        self,
        card: int,
        piles: tuple[bytes, ...],
        width: int,
        free: list[int],
        found: bytes,
        may_fill: bool,
    ) -> bool:
        """Whether ``card`` (not yet shown to be able to move) could move off its place,
        given what could so far (``may_fill``: it may fill a gap, and one could be empty)."""
        where = self.pile_of[card]
        at = self.place[card]
        if (
            0 <= where < width
            and at
            and self.moved[piles[where][at - 1] % DOWN]
            and piles[where][at] < DOWN
            and card in self.links[piles[where][at - 1]]
        ):
            return True  # carried off in a run
        if where >= 0 and free[where] > self.run_top[card] + 1:
            return False  # a card above its run stays: it cannot move yet
        if may_fill:
            return True
        height, pile_of, place = self.height, self.pile_of, self.place
        for target in self.fits_under[card]:
            if found[target // 13] > height[target]:
                continue
            if self.moved[target] or (
                self.packable[target]
                and (self.loose[target] or free[pile_of[target]] <= place[target] + 1)
            ):
                return True
        return False

    def locate(self, piles: tuple[bytes, ...], width: int, spare: bytes, stock_at: int) -> None:
        """Fill the per-card tables for ``piles`` (the first ``width`` are columns)."""
        pile_of, place, run_top = self.pile_of, self.place, self.run_top
        packable, loose = self.packable, self.loose
        for card in range(52):
            pile_of[card] = -1
            packable[card] = loose[card] = self.moved[card] = self.homeable[card] = False
        links = self.links
        for index, pile in enumerate(piles):
            top = len(pile) - 1
            for at in range(top, -1, -1):
                code = pile[at]
                card = code % DOWN
                pile_of[card] = index
                place[card] = at
                if index < width:
                    packable[card] = True
                    # The run a card heads goes up as far as each card continues it.
                    if at < len(pile) - 1 and not (
                        pile[at + 1] < DOWN and pile[at + 1] in links[code]
                    ):
                        top = at
                    run_top[card] = top
                else:
                    run_top[card] = at  # a reserve card moves alone
        for card in spare:
            if card != NO_CARD:
                loose[card] = True
        board = self.board
        for card in board.stock[stock_at:]:
            loose[card] = True
        if not self.to_reserve:
            for dealt in board.future_cards(stock_at):
                for card in dealt:
                    packable[card] = True
