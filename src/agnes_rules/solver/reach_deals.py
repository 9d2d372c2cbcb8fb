"""Stranded cards with the deals in their order: the proof of :mod:`.reach`, told when the
stock comes.

The looser game of :mod:`.reach` lets a card still in the stock be exposed, be
a target and go home at any time, and covers nothing with it. So a position
whose next deal will bury a card that must go home first passes that proof,
and the search tries every way to play up to the deal, only to see each one
refuted after it. Where the stock is dealt to the columns (one deck), this proof
plays the looser game in
*phases*: the first before the next deal, without the stock; then, deal by
deal, the dealt cards join it, and the propagation goes on from where it
stopped. Each phase's facts are facts of the real line up to the next deal,
so they carry over.

What the phases add is where a dealt card lands. A dealt card **covers** the
top card of its column when, in the phases so far, that card could not go home
and no card of the run it tops could be lifted: then in a real line nothing
leaves the column before the deal. If no card could be packed on it either
(none of its packers could be lifted), the dealt card lies on exactly that
card, with the run links and glue the real column would have. If some could,
cards packed there may lie between the two; the dealt card still covers the top
card when it could not continue a run on it or on any card that could have come
to lie on it (a card packed on it that could be lifted in the phases so far,
the run that card heads, a card packed on one of those, and so on): then to
expose the top card the dealt card must leave what it lies on, for a run lifted
from below stops under it. Either way the top card is no longer exposed, until
the dealt card leaves. No fact is lost: the propagation reads that card's being
exposed only to send it home, to lift it or its run, and to make it a target;
it could not go home, nor it or its run be lifted, and the cards it could take
were lifted before the deal. Where cards may lie between, the cards the dealt
card really lies on were lifted there (or packed on those), and the top of what
was lifted there had been exposed: so they take part in the phased game as in
the plain one, and taking the dealt card to lie on the top card asks only more.
A card dealt to an empty column lies at its bottom where gaps stay empty (no
other card came there first); where gaps can be filled, a card may have, and the
dealt card is loose (below).

Where the top card could leave before the deal, the dealt card still lies above
the column's **floor**: its highest card that, in the phases so far, could not
go home, be lifted, or be carried in a run lifted from under it. Nothing leaves
from under the floor either (it would have to be exposed, or carry the floor),
so the column is not empty at the deal and the dealt card lands above the
floor, perhaps on cards left between: cards above the floor now, cards dealt
there before, and cards that could have come to lie on those or on the floor.
It covers the floor when it could not continue a run on the floor or on any of
those: as above, the floor is then exposed again only once the dealt card has
left what it lies on, and the cards between that it may really lie on had been
exposed before the deal (else it could not land on them). That takes the lost
face-up deal 874,846,169 of quagnes's rules from 326,143 positions to 207,348
(see docs/solver.md). Otherwise, or where every card of the column could leave
(it could be empty), the dealt card is **loose**, as in :mod:`.reach`: a target
where it is dealt, covering nothing; the floor stays known for the next deal,
with the loose card among the cards between. A later deal that finds a covering
card gone walks down past it to the floor, the cards between still counted.

Where cards may be worried back, a card could also come to lie on the top card
before the deal by coming back there (it is then among the cards that could come
back, :attr:`~.reach.Reach.returnable`): such cards count as cards packed there,
each alone (a card at home heads no run), and the cards that could lie on them
as well. Being exposed makes a card a target for cards coming back too; a covered
card is one again once the dealt card leaves, as for cards packed on it, and what
could come back onto it before the deal had come back in the phases so far.

Soundness is the induction of :mod:`.reach`, phase by phase: an event of a
real line before the next deal (a card leaves the card under it, goes home,
is exposed) is one of the phases so far, because what it needs had happened
and the cards it involves lie as they do here (a card not yet dealt takes no
part). A dealt card that covers a top card or a floor lies above it in the
real line from that deal on, with the same links where it lies on it, and the
card it covers is exposed again only after the dealt card has left what it lies
on. So
every real line is a line of the phased game, and if some card could never go
home in it, the position is lost. Every card the plain proof strands stays
stranded here: this game is the plain one with some cards covered, and each of
its rules asks as much or more.

Where gaps can be filled nearly every top card could leave before a deal, so
most dealt cards are loose; but a card that could not leave still gets covered,
and with the proof after every move (:attr:`.LossProofs.check_every_move`) that
saves a few per cent of the positions there (docs/solver.md). With the deals
going to a reserve the proof decided no more deals in the measurements, floors
or not: there :mod:`.reach` runs as it is. Where the tableau wraps with no stop
(PySolFC's Sorel) it paid only once it had floors. :meth:`.Reach.keeps_open`
speaks of the plain proof: after a move it passes, this one may strand a
position it did not strand before (the search then only skips a check).
"""

from __future__ import annotations

from typing import Final

from agnes_rules.solver.board import DOWN, Board, Position, mask_of
from agnes_rules.solver.reach import COLUMN_BOTTOM, IN_STOCK, Reach

__all__ = ["DealOrderReach"]

# What a column shows in :attr:`DealOrderReach.tops`, besides a card: nothing (a card
# dealt there lies at its bottom), or a card not known (one was dealt loose there).
EMPTY: Final = -1
UNKNOWN: Final = -2


class DealOrderReach(Reach):
    """The stranded-card proof where the stock is dealt to the columns (one deck), the
    stock dealt in its order (see the module)."""

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        stock = board.stock
        #: ``onto_masks[card]``: the cards on which ``card`` continues a run.
        self.onto_masks = tuple(mask_of(cards) for cards in board.links_onto)
        #: ``stock_masks[at]``: the cards of the stock from ``at`` on, as a mask.
        self.stock_masks = tuple(mask_of(stock[at:]) for at in range(len(stock) + 1))
        #: Per column a deal reaches, in the call under way: its top card, or EMPTY, UNKNOWN;
        #: after a card dealt loose, the floor it lies above (see :meth:`floor`).
        self.tops = [EMPTY] * board.width
        #: Per column, the cards that may lie above the card of :attr:`tops`, or between
        #: it and the floor it covers (cards dealt loose, or passed on the way down to a
        #: floor), as a mask; none: the column is known from that card down.
        self.above = [0] * board.width

    def stranded(self, position: Position) -> bool:
        """Whether some card not at home could never get home, the stock dealt in order."""
        stock_at = position[4]
        stock = self.board.stock
        if stock_at == len(stock):
            return super().stranded(position)
        self.start(position)
        # Before the next deal the stock takes no part (taken off the queue too): each of
        # its cards joins when it is dealt (see :meth:`deal`).
        held = self.stock_masks[stock_at]
        self.shown &= ~held
        self.packable &= ~held
        self.queued &= ~held
        self.spread()  # it cannot end with every card home: the stock's are not yet there
        tops, above, columns = self.tops, self.above, position[0]
        for number in range(len(tops)):
            column = columns[number]
            tops[number] = column[-1] % DOWN if column else EMPTY
            above[number] = 0
        board = self.board
        deal_width = board.width
        at = stock_at
        while at < len(stock):
            end = min(at + deal_width, len(stock))
            for number in range(end - at):
                self.deal(stock[at + number], number)
            if board.spare_leftover and len(stock) - end < deal_width:
                for card in stock[end:]:  # to the spare spaces: loose
                    self.deal(card, -1)
                end = len(stock)
            at = end
            if self.spread():
                return False
        return True

    def deal(self, card: int, number: int) -> None:
        """Add ``card`` to the game, dealt onto column ``number`` (-1: a spare space): on
        its bottom if it is empty and gaps stay empty, covering its top card where it
        does (:meth:`covers`), else covering the card it surely lies above where it does
        (:meth:`floor`), else loose."""
        tops = self.tops
        top = tops[number] if number >= 0 else UNKNOWN
        self.run_top[card] = card
        if top == EMPTY and not self.gap_fillers:  # no card fills a gap before the deal
            self.under[card] = COLUMN_BOTTOM
            tops[number] = card
        elif top >= 0 and not self.above[number] and self.covers(card, top):
            self.cover(top, card)
            tops[number] = card
        elif top >= 0:
            self.over_floor(card, number)
        else:  # a spare space, a card not known, or a gap some card may fill first
            self.under[card] = IN_STOCK
            if number >= 0:
                tops[number] = UNKNOWN
        bit = 1 << card
        self.shown |= bit
        if number >= 0:
            self.packable |= bit
            self.enqueue_packers(card)  # a target now
        self.enqueue_one(card)

    def over_floor(self, card: int, number: int) -> None:
        """Deal ``card`` onto column ``number``, whose top card could leave before the
        deal, or may have other cards above it or under it (:attr:`above`): it covers the
        column's floor (:meth:`floor`) when it could continue a run on no card that may
        lie between the two, else it is loose, above that floor."""
        floor, passed = self.floor(self.tops[number], self.above[number])
        if floor < 0:
            self.under[card] = IN_STOCK
            self.tops[number] = UNKNOWN
            return
        if self.onto_masks[card] & self.could_lie_on(passed | 1 << floor):
            self.under[card] = IN_STOCK
            self.above[number] = passed | 1 << card
            self.tops[number] = floor
            return
        self.under[card] = floor
        self.shown &= ~(1 << floor)
        # The cards passed may still lie between the floor and ``card``: a later deal that
        # finds ``card`` gone walks down to the floor past them (see floor()).
        self.above[number] = passed
        self.tops[number] = card

    def floor(self, top: int, passed: int) -> tuple[int, int]:
        """The highest card of a column, from ``top`` down, that could not leave it so far
        (go home, be lifted, or be carried in a run lifted from under it), or -1 if every
        card could (the column could be empty); and ``passed`` (the cards that may lie
        above ``top`` or among the cards under it, see :attr:`above`) with the cards passed
        on the way down."""
        card = top
        while card < COLUMN_BOTTOM:
            if self.stays(card):
                return card, passed
            passed |= 1 << card
            card = self.under[card]
        return -1, passed

    def stays(self, card: int) -> bool:
        """Whether ``card``, in a column, could not leave it so far: not go home, not be
        lifted, not be carried in a run lifted from under it."""
        if (self.lifted | self.homeable) >> card & 1:
            return False
        under_of, run_top = self.under, self.run_top
        below = under_of[card]
        while below < COLUMN_BOTTOM and run_top[below] == run_top[card]:
            if self.lifted >> below & 1:
                return False
            below = under_of[below]
        return True

    def movers(self) -> int:
        """The cards that could so far come to lie on another in a column: lifted there,
        or worried back (:attr:`returnable`, where cards may be)."""
        return self.lifted & ~self.home | self.returnable

    def could_lie_on(self, cards: int) -> int:
        """``cards`` (a mask) and every card that could so far have come to lie on one of
        them in a column: packed there (it could be lifted) or worried back there,
        carried along on such a card as the run it heads, and so on."""
        movers, home = self.movers(), self.home
        packer_masks, under_of, run_top = self.packer_masks, self.under, self.run_top
        found = todo = cards
        while todo:
            low = todo & -todo
            todo ^= low
            card = low.bit_length() - 1
            new = packer_masks[card] & movers & ~found
            if not home & low:  # a card at home comes back alone (it heads no run now)
                top = run_top[card]
                while top != card and top < COLUMN_BOTTOM:  # the run it heads goes with it
                    new |= (1 << top) & ~found
                    top = under_of[top]
            found |= new
            todo |= new
        return found

    def covers(self, card: int, top: int) -> bool:
        """Whether ``card``, dealt onto the pile topped by ``top``, covers ``top`` (see the
        module): nothing could leave that pile so far, and ``card`` could not continue a
        run on a card that could have been packed on ``top`` first."""
        if not self.stays(top):
            return False
        if self.packer_masks[top] & self.movers():
            return not self.onto_masks[card] & self.could_lie_on(1 << top)
        return True

    def cover(self, top: int, card: int) -> None:
        """Deal ``card`` onto ``top``, which is then exposed only once ``card`` leaves what
        it lies on (taken to be ``top``: the cards that may lie between take no part)."""
        self.under[card] = top
        self.shown &= ~(1 << top)
        if not self.link_masks[top] >> card & 1:
            return
        # It continues the run ``top`` ends (so nothing was packed on ``top``, see covers):
        # that run now ends at ``card``, exposed. Its column's entries change: the next
        # call lays every pile out afresh.
        self.laid_whole = False
        if self.whole_runs:
            self.glued |= 1 << card
        under_of, run_top = self.under, self.run_top
        below = top
        while True:
            run_top[below] = card
            self.enqueue_one(below)
            below = under_of[below]
            if below >= COLUMN_BOTTOM or run_top[below] != top:
                return
