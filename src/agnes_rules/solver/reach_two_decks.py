"""Stranded cards with two decks: the proof of :mod:`.reach` on the copies of each card.

With two decks every card is there twice. The looser game of :mod:`.reach`
carries over once its rules speak of *copies*: each copy not at home gets an id
of its own for the check under way (the card's index for the first copy met,
the index plus :data:`COPY` for the second), and wherever a rule names a card
as a target, as one that may be packed on another, or as one that may fill a
gap, either copy will do. The copies are interchangeable (no rule tells them
apart), so which copy gets which id changes nothing.

Only going home is new: a suit has two foundations. A copy of height ``h``
could go home when it could be exposed and one of its suit's foundations could
reach ``h``: the foundation holds ``h`` cards, or holds fewer and each height
from there up to ``h`` has a copy that could be exposed. Both foundations may
count the same copy there, which the real game never allows; the looser game
may be looser still, so that is sound. Every real line is a line of the looser
game, by the induction of :mod:`.reach`: a copy goes home on a foundation that
has reached its height, through copies that were not at home at the start and
were each exposed when they went. So if some copy could never go home in the
looser game, the position is lost.

The sets of ids are lists of flags, one per id, not bit masks as in
:mod:`.reach`: 104 ids need more bits than a machine integer holds, and the
compiled build would make every operation on such a mask a long integer
allocated anew (a check cost over 20 times a one-deck check; see
docs/solver.md). Of the set operations, only "a target of this id that could
take it" goes over several ids, and an id has at most four targets.

Where cards may be worried back the proof is not made (:func:`~.proofs.stranded_card_proof`):
with two decks a card sent home may be either copy.
"""

from __future__ import annotations

from typing import Final

from agnes_rules.solver.board import DOWN, NO_CARD, Board
from agnes_rules.solver.reach import COLUMN_BOTTOM, IN_STOCK, RESERVE_BOTTOM, Reach

__all__ = ["COPY", "TwoDeckReach"]

#: The id of a card's second copy is the card's index plus this.
COPY: Final = 52
#: How many ids a two-deck game has.
_IDS: Final = 2 * COPY


def _both_copies(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The ids of both copies of ``cards``."""
    return cards + tuple(card + COPY for card in cards)


class TwoDeckReach(Reach):
    """The stranded-card proof for positions of a two-deck board (see the module).

    It keeps the tables of :class:`Reach` that name cards in piles (the run links,
    and the card-level ``fit_masks`` that :meth:`Reach.keeps_open` reads); those it
    reads by id name both copies. The sets of :class:`Reach` (``shown``, ``lifted``
    and so on) stay empty: each has a list of flags by id here instead.
    """

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        #: ``packers[ident]``: the ids that may be packed on ``ident`` (both copies of each).
        self.packers = tuple(_both_copies(board.packers[ident % COPY]) for ident in range(_IDS))
        #: ``fits[ident]``: the ids ``ident`` may be packed on (both copies of each card).
        self.fits = tuple(_both_copies(board.fits_under[ident % COPY]) for ident in range(_IDS))
        #: ``fills_gap[ident]``: whether ``ident`` may fill an empty column.
        self.fills_gap = [ident % COPY in board.vacancy_movable for ident in range(_IDS)]
        self.gap_filler_cards = _both_copies(self.gap_filler_cards)
        self.under = [IN_STOCK] * _IDS
        self.run_top = [0] * _IDS
        #: The ids of the copies not at home, in the order :meth:`fill_queue` queues them
        #: (filled by :meth:`locate`), and how many of them are not shown to go home.
        self.in_play: list[int] = []
        self.unhomed = 0
        #: The ids to examine (again), popped from the end (a list: ids run to 103).
        self.queue: list[int] = []
        # Per id, filled by each call, as in Reach's masks: at home (no copy took the id),
        # exposed, packable, glued, lifted (the ids at home too), going home, queued.
        self.home_ids = [True] * _IDS
        self.shown_ids = [False] * _IDS
        self.packable_ids = [False] * _IDS
        self.glued_ids = [False] * _IDS
        self.lifted_ids = [True] * _IDS
        self.homeable_ids = [False] * _IDS
        self.queued_ids = [False] * _IDS

    def locate(self, stock_at: int, spare: bytes) -> None:
        """Give each copy not at home its id, and fill the per-id tables as
        :meth:`Reach.locate` does."""
        piles, width = self.piles, self.width
        under_of, run_top = self.under, self.run_top
        whole_runs, link_masks = self.whole_runs, self.link_masks
        in_play = self.in_play
        in_play.clear()
        home = self.home_ids = [True] * _IDS
        shown = self.shown_ids = [False] * _IDS
        packable = self.packable_ids = [False] * _IDS
        glued = self.glued_ids = [False] * _IDS
        self.homeable_ids = [False] * _IDS
        self.queued_ids = [False] * _IDS
        met = 0  # the cards whose first copy has an id
        stock = self.board.stock
        # The stock cards that a deal will still put on a column (none go to the reserve).
        dealt_end = stock_at if self.to_reserve else self.board.dealt_end(stock_at)
        loose = [(stock[at], at < dealt_end) for at in range(stock_at, len(stock))]
        loose.extend((card, False) for card in spare if card != NO_CARD)
        for card, to_column in loose:
            ident = card + COPY if met >> card & 1 else card
            met |= 1 << card
            under_of[ident] = IN_STOCK
            run_top[ident] = ident
            shown[ident] = True
            packable[ident] = to_column
            home[ident] = False
            in_play.append(ident)
        # The piles last to first, each from the bottom up: the order Reach queues them in.
        for index in range(len(piles) - 1, -1, -1):
            pile = piles[index]
            ids: list[int] = []
            for code in pile:
                card = code % DOWN
                ident = card + COPY if met >> card & 1 else card
                met |= 1 << card
                home[ident] = False
                ids.append(ident)
            in_play.extend(ids)
            if not ids:
                continue
            top = ids[-1]
            shown[top] = True
            for at in range(len(ids) - 1, -1, -1):
                ident = ids[at]
                if at:
                    under_of[ident] = ids[at - 1]
                else:
                    under_of[ident] = COLUMN_BOTTOM if index < width else RESERVE_BOTTOM
                if index < width:
                    packable[ident] = True
                    if at < len(ids) - 1:
                        if link_masks[pile[at]] >> pile[at + 1] & 1:
                            if whole_runs:
                                glued[ids[at + 1]] = True
                        else:
                            top = ident
                    run_top[ident] = top
                else:
                    run_top[ident] = ident  # a reserve card moves alone
        # The copies at home are the ids no card took: never targets, never examined.
        self.lifted_ids = list(home)
        self.unhomed = len(in_play)

    def fill_queue(self, stock_at: int, spare: bytes) -> None:
        """Queue every copy not at home."""
        queued = self.queued_ids
        for ident in self.in_play:
            queued[ident] = True
        self.queue.extend(self.in_play)

    def all_home(self) -> bool:
        """Whether every copy not at home could go home, as far as :meth:`go_home` has
        taken them."""
        return self.unhomed == 0

    def spread(self) -> bool:
        """:meth:`Reach.spread` on the flags by id (the same rules; ids queued in a list)."""
        queue, packers = self.queue, self.packers
        lifted, shown, homeable, queued = (
            self.lifted_ids,
            self.shown_ids,
            self.homeable_ids,
            self.queued_ids,
        )
        while True:
            went = self.go_home()
            if self.unhomed == 0:
                queue.clear()
                return True
            if not (went or queue):
                return False
            while queue:
                ident = queue.pop()
                queued[ident] = False
                if lifted[ident] or not self.can_lift(ident):
                    continue
                lifted[ident] = True
                if shown[ident]:
                    self.enqueue(packers[ident])
                if not homeable[ident]:
                    self.leaves(ident)

    def can_lift(self, card: int) -> bool:
        """Whether the copy ``card`` (an id not yet shown to be liftable) could be
        lifted, given what could so far (:meth:`Reach.can_lift`)."""
        shown = self.shown_ids
        if self.glued_ids[card]:
            return self.gap_takes_one and self.emptiable and self.fills_gap[card] and shown[card]
        if not shown[self.run_top[card]]:
            return False  # a card on its run stays: it cannot move yet
        if self.emptiable and self.fills_gap[card]:
            return True
        home, packable, lifted = self.home_ids, self.packable_ids, self.lifted_ids
        for target in self.fits[card]:
            if shown[target] and not home[target] and (packable[target] or lifted[target]):
                return True
        return False

    def expose(self, card: int) -> None:
        """Take the copy ``card`` as one that could be exposed."""
        self.shown_ids[card] = True

    def enqueue_one(self, card: int) -> None:
        """Examine the copy ``card`` (again), unless it is shown to be liftable or queued."""
        queued = self.queued_ids
        if not (self.lifted_ids[card] or queued[card]):
            self.queue.append(card)
            queued[card] = True

    def enqueue(self, cards: tuple[int, ...]) -> None:
        """Examine the copies ``cards`` (again), those not yet shown to be liftable."""
        for card in cards:
            self.enqueue_one(card)

    def enqueue_packers(self, card: int) -> None:
        """Examine (again) the copies that may be packed on the copy ``card``."""
        self.enqueue(self.packers[card])

    def enqueue_gap_fillers(self) -> None:
        """Examine (again) the copies that may fill a gap."""
        self.enqueue(self.gap_filler_cards)

    def go_home(self) -> bool:
        """Take each foundation up as far as a copy of each next card could be exposed,
        then home every copy that could be exposed at a height some foundation of its
        suit could reach; whether any copy went (until nothing changes)."""
        card_at, reach, found = self.card_at, self.reach, self.found
        shown, homeable, lifted = self.shown_ids, self.homeable_ids, self.lifted_ids
        went = False
        progress = True
        while progress:
            progress = False
            for number in range(8):  # foundations ``suit`` and ``suit + 4``, as Board has them
                first = number % 4 * 13
                level = reach[number]
                while level < 13:
                    card = card_at[first + level]
                    if not (shown[card] or shown[card + COPY]):
                        break
                    level += 1
                reach[number] = level
                for height in range(found[number], level):
                    ident = card_at[first + height]
                    for _ in range(2):  # both copies
                        if shown[ident] and not homeable[ident]:
                            homeable[ident] = True
                            self.unhomed -= 1
                            progress = went = True
                            if not lifted[ident]:
                                self.leaves(ident)
                        ident += COPY
        return went
