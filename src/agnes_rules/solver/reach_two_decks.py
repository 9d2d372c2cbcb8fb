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
#: Every id of a two-deck game, as a mask.
_EVERY_COPY: Final = (1 << 2 * COPY) - 1


def _both_copies(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The ids of both copies of ``cards``."""
    return cards + tuple(card + COPY for card in cards)


def _copies_between(board: Board, suit: int, low: int, high: int, copies: tuple[int, ...]) -> int:
    """Both copies of the cards of ``suit`` from height ``low`` up to ``high``, as a mask."""
    mask = 0
    for level in range(low, high):
        mask |= copies[board.card_at[suit * 13 + level]]
    return mask


class TwoDeckReach(Reach):
    """The stranded-card proof for positions of a two-deck board (see the module).

    The tables of :class:`Reach` that name cards are indexed by id and name both
    copies; those that name codes in piles (the run links) are as they were.
    """

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.packers = tuple(_both_copies(self.packers[ident % COPY]) for ident in range(2 * COPY))
        self.fit_masks = tuple(
            self.fit_masks[ident % COPY] | self.fit_masks[ident % COPY] << COPY
            for ident in range(2 * COPY)
        )
        self.gap_fillers |= self.gap_fillers << COPY
        self.gap_filler_cards = _both_copies(self.gap_filler_cards)
        self.under = [IN_STOCK] * (2 * COPY)
        self.run_top = [0] * (2 * COPY)
        #: The ids of the copies not at home, in the order :meth:`fill_queue` queues them,
        #: and the same as a mask (filled by :meth:`locate`).
        self.in_play: list[int] = []
        self.present = 0
        #: ``copies[card]``: both copies of ``card``, as a mask.
        self.copies = tuple(1 << card | 1 << card + COPY for card in range(COPY))
        #: ``heights[suit * 196 + low * 14 + high]``: both copies of the cards of the suit
        #: from height ``low`` up to, not including, ``high``, as a mask.
        self.heights = tuple(
            _copies_between(board, suit, low, high, self.copies)
            for suit in range(4)
            for low in range(14)
            for high in range(14)
        )

    def locate(self, stock_at: int, spare: bytes) -> None:
        """Give each copy not at home its id, and fill the per-id tables as
        :meth:`Reach.locate` does."""
        piles, width = self.piles, self.width
        under_of, run_top = self.under, self.run_top
        whole_runs, link_masks = self.whole_runs, self.link_masks
        in_play = self.in_play
        in_play.clear()
        met = packable = glued = shown = 0  # ``met``: the cards whose first copy has an id
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
            shown |= 1 << ident
            if to_column:
                packable |= 1 << ident
            in_play.append(ident)
        # The piles last to first, each from the bottom up: the order Reach queues them in.
        for index in range(len(piles) - 1, -1, -1):
            pile = piles[index]
            ids: list[int] = []
            for code in pile:
                card = code % DOWN
                ids.append(card + COPY if met >> card & 1 else card)
                met |= 1 << card
            in_play.extend(ids)
            if not ids:
                continue
            top = ids[-1]
            shown |= 1 << top
            for at in range(len(ids) - 1, -1, -1):
                ident = ids[at]
                if at:
                    under_of[ident] = ids[at - 1]
                else:
                    under_of[ident] = COLUMN_BOTTOM if index < width else RESERVE_BOTTOM
                if index < width:
                    packable |= 1 << ident
                    if at < len(ids) - 1:
                        if link_masks[pile[at]] >> pile[at + 1] & 1:
                            if whole_runs:
                                glued |= 1 << ids[at + 1]
                        else:
                            top = ident
                    run_top[ident] = top
                else:
                    run_top[ident] = ident  # a reserve card moves alone
        present = 0
        for ident in in_play:
            present |= 1 << ident
        self.present = present
        # The copies at home are the ids no card took: never targets, never examined.
        self.home = self.lifted = _EVERY_COPY & ~present
        self.homeable = 0
        self.packable, self.glued, self.shown = packable, glued, shown

    def fill_queue(self, stock_at: int, spare: bytes) -> None:
        """Queue every copy not at home."""
        self.queue.extend(self.in_play)

    def all_home(self) -> bool:
        """Whether every copy not at home could go home, as far as :meth:`go_home` has
        taken them."""
        return not self.present & ~self.homeable

    def go_home(self) -> bool:
        """Take each foundation up as far as a copy of each next card could be exposed,
        then home every copy that could be exposed at a height some foundation of its
        suit could reach; whether any copy went (until nothing changes)."""
        card_at, reach, found, copies = self.card_at, self.reach, self.found, self.copies
        went = False
        progress = True
        while progress:
            progress = False
            reachable = 0  # the copies at heights some foundation could reach
            for number in range(8):  # foundations ``suit`` and ``suit + 4``, as Board has them
                first = number % 4 * 13
                level = reach[number]
                while level < 13 and self.shown & copies[card_at[first + level]]:
                    level += 1
                reach[number] = level
                reachable |= self.heights[first // 13 * 196 + found[number] * 14 + level]
            newly = reachable & self.shown & ~self.homeable
            if newly:
                self.homeable |= newly
                progress = went = True
                newly &= ~self.lifted
                while newly:
                    low = newly & -newly
                    newly ^= low
                    self.leaves(low.bit_length() - 1)
        return went
