"""Stranded cards: positions refuted because, even under looser rules, a card never gets home.

The looser game forgets *when* things happen. It asks of each card only
whether it could ever move, whether it could ever go home (either way it
*leaves its place*), and whether it could ever be uncovered, and it answers with
the least fixpoint of these rules (one deck; a card at home is never a target,
unless cards may be worried back, when any card at home counts as one that
could have moved back anywhere):

- a card **could be uncovered** when it is in a spare space or still in the
  stock (a dealt card lands on top), when it could move (it is then somewhere
  else, perhaps on top), or when every card above it in its pile could leave
  its place;
- it **could go home** when it could be uncovered and it is the next card of
  its suit, or the card below it in its suit could go home;
- it **could move** when it lies face up on the card it continues a run on and
  that card could move (it is carried along); or when every card above the run
  it heads could leave its place (it can only move as the bottom of a run) and
  a target could take it: a card it may be packed on that could move (and so
  lie somewhere else) or that lies where packing is possible (a column, or a
  card the stock deals to a column) and could be uncovered there; or an empty
  column, when one is or could be empty and the card may fill a gap.

Every real line is a line of the looser game: by induction over its moves,
whatever a card does in it first (move, go home, be uncovered) the rules above
allow, because what it needed had already happened (a card not home now goes
home on a foundation that has reached its height, so after the cards below it,
none of which is home now either, even if cards were worried back meanwhile;
and a card that went home and was worried back landed on a target, or in a gap
it may fill, after its place was uncovered: what the rule for moving asks).
So if some card not at home could never go home in the looser game, it never
does in the real one, and the position is lost. The proof counts no moves, so
it catches what the stuck-card check of :mod:`.deadends` cannot: cards that are
not stuck one by one but keep each other out of reach wherever they move (many
lost deals where gaps stay empty never send another card home after the last
deal).
"""

from __future__ import annotations

from agnes_rules.solver.board import DOWN, NO_CARD, Board, Position

__all__ = ["Reach"]


class Reach:
    """The stranded-card proof for positions of one board (one deck).

    The fixpoint is found by propagation: a card is examined again only when
    something its rules read has changed (a card under it or a target of it shown
    to move, a pile it or a target lies in uncovered further, a column shown
    emptiable), so a check costs about one look at each card.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.height = board.height
        self.fits_under = board.fits_under
        self.packers = board.packers
        self.links = board.links
        self.card_at = board.card_at
        self.gap_fillers = board.vacancy_movable
        self.gap_filler_cards = tuple(sorted(board.vacancy_movable))
        self.to_reserve = board.to_reserve
        #: Whether cards at home may come back (worried back): then they are targets too.
        self.worry_back = board.worry_back
        # Per card, filled by each call (the lists are kept from call to call, unlike the
        # per-pile ``free``): the pile it lies in (-1: a spare space or the stock), its
        # place there, and the place of the top of the run it heads.
        self.pile_of = [-1] * 52
        self.place = [0] * 52
        self.run_top = [0] * 52
        #: Whether a card lies where cards may be packed on it (a column, or dealt to one).
        self.packable = [False] * 52
        #: Whether a card could move (a card at home counts as one: it is never examined)
        #: and whether it could go home.
        self.moved = [False] * 52
        self.homeable = [False] * 52
        #: The cards to examine again, and whether each one is among them.
        self.queue: list[int] = []
        self.queued = [False] * 52
        # The state of the call under way: the piles (columns first), how many columns,
        # the foundations, per pile how many cards stay (those above could all leave),
        # per suit the lowest height not shown to get home, and whether a column could
        # be emptied.
        self.piles: tuple[bytes, ...] = ()
        self.width = 0
        self.found = b""
        self.free: list[int] = []
        self.reach = [0, 0, 0, 0]
        self.emptiable = False

    def stranded(self, position: Position) -> bool:
        """Whether some card not at home could never get home, even in the looser game."""
        columns, reserve, spare, found, stock_at = position
        piles = columns + reserve if reserve else columns
        self.piles, self.width, self.found = piles, len(columns), found
        self.locate(stock_at)
        self.free = [len(pile) for pile in piles]
        reach = self.reach
        for suit in range(4):
            reach[suit] = found[suit]
        self.emptiable = not all(columns)
        # Every card not home is examined: each pile from its top down, then the cards in
        # the spare spaces and the stock (the queue is popped from its end).
        queue, queued, moved = self.queue, self.queued, self.moved
        for card in [*self.board.stock[stock_at:], *spare]:
            if card != NO_CARD:
                queue.append(card)
                queued[card] = True
        for pile in reversed(piles):
            for code in pile:
                queue.append(code % DOWN)
                queued[code % DOWN] = True
        # Cards going home only uncover others: they are taken home whenever the queue
        # runs dry, and what they uncover is examined again, until neither changes.
        while True:
            went = self.go_home()
            if reach[0] == reach[1] == reach[2] == reach[3] == 13:
                for waiting in queue:
                    queued[waiting] = False
                queue.clear()
                return False
            if not (went or queue):
                return True
            while queue:
                card = queue.pop()
                queued[card] = False
                if moved[card] or not self.leaves(card):
                    continue
                moved[card] = True
                self.enqueue(self.packers[card])  # a target now, wherever it goes
                where = self.pile_of[card]
                if where >= 0:
                    at = self.place[card]
                    if where < self.width and at + 1 < len(piles[where]):
                        self.enqueue_one(piles[where][at + 1] % DOWN)  # it may carry that one
                    self.uncover(where)

    def enqueue(self, cards: tuple[int, ...]) -> None:
        """Examine ``cards`` (again), those not yet shown to move."""
        queue, queued, moved = self.queue, self.queued, self.moved
        for card in cards:
            if not (moved[card] or queued[card]):
                queue.append(card)
                queued[card] = True

    def enqueue_one(self, card: int) -> None:
        """:meth:`enqueue` for one card (without building a tuple on the hot path)."""
        if not (self.moved[card] or self.queued[card]):
            self.queue.append(card)
            self.queued[card] = True

    def uncover(self, where: int) -> None:
        """Lower ``free[where]`` past the top cards of that pile that could all leave, and
        examine again what that changes: the cards of the pile whose runs are now free to
        move, those that could be packed on the cards now uncovered; if the pile is a
        column that could be emptied, the cards that may fill a gap."""
        pile = self.piles[where]
        free, moved, homeable = self.free, self.moved, self.homeable
        old = count = free[where]
        while count and (moved[pile[count - 1] % DOWN] or homeable[pile[count - 1] % DOWN]):
            count -= 1
        if count == old:
            return
        free[where] = count
        run_top = self.run_top
        at = old - 1
        while at >= 0 and run_top[pile[at] % DOWN] + 1 >= count:
            self.enqueue_one(pile[at] % DOWN)
            at -= 1
        # The cards now uncovered (from place count - 1 up) are targets too.
        for at in range(max(count - 1, 0), old - 1):
            self.enqueue(self.packers[pile[at] % DOWN])
        if not count and where < self.width and not self.emptiable:
            self.emptiable = True
            self.enqueue(self.gap_filler_cards)

    def go_home(self) -> bool:
        """Take each suit home in order, as far as its cards could be uncovered; whether
        any card went."""
        card_at, pile_of, place = self.card_at, self.pile_of, self.place
        moved, homeable, free, reach = self.moved, self.homeable, self.free, self.reach
        went = False
        progress = True
        while progress:
            progress = False
            for suit in range(4):
                level = reach[suit]
                while level < 13:
                    card = card_at[suit * 13 + level]
                    where = pile_of[card]
                    # In a spare space or the stock, moved, or all that covers it gone.
                    if not (where < 0 or moved[card] or free[where] <= place[card] + 1):
                        break
                    homeable[card] = progress = went = True
                    if where >= 0:
                        self.uncover(where)
                    level += 1
                reach[suit] = level
        return went

    def leaves(self, card: int) -> bool:
        """Whether ``card`` (not yet shown to be able to move) could move off its place,
        given what could so far."""
        piles, free, moved, pile_of = self.piles, self.free, self.moved, self.pile_of
        where = pile_of[card]
        at = self.place[card]
        if (
            0 <= where < self.width
            and at
            and moved[piles[where][at - 1] % DOWN]
            and piles[where][at] < DOWN
            and card in self.links[piles[where][at - 1]]
        ):
            return True  # carried off in a run
        if where >= 0 and free[where] > self.run_top[card] + 1:
            return False  # a card above its run stays: it cannot move yet
        if self.emptiable and card in self.gap_fillers:
            return True
        height, found, place = self.height, self.found, self.place
        for target in self.fits_under[card]:
            # A card at home counts as moved: a target only where it may come back.
            if not self.worry_back and found[target // 13] > height[target]:
                continue
            if moved[target]:
                return True
            lies = pile_of[target]
            if self.packable[target] and (lies < 0 or free[lies] <= place[target] + 1):
                return True
        return False

    def locate(self, stock_at: int) -> None:
        """Fill the per-card tables for the piles of the call under way (with the stock
        from ``stock_at`` still to come)."""
        piles, width, found = self.piles, self.width, self.found
        pile_of, place, run_top = self.pile_of, self.place, self.run_top
        packable, moved, height = self.packable, self.moved, self.height
        for card in range(52):
            pile_of[card] = -1
            packable[card] = self.homeable[card] = False
            moved[card] = found[card // 13] > height[card]
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
        if not self.to_reserve:
            for dealt in self.board.future_cards(stock_at):
                for card in dealt:
                    packable[card] = True
