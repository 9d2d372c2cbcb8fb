"""Stranded cards, counting what must go home first: the looser game with landmarks.

The looser game of :mod:`.reach` asks only whether each card could *ever* be
exposed, lifted or sent home. A card sent home stays there, though (one deck,
no card worried back), and then it is no target any more; the looser game
forgets that and lets a card be packed on a target that, in every line, went
home before the card could move at all. This proof keeps, for each fact of the
looser game (a card exposed, lifted, gone home; a column emptiable), a
**landmark set**: cards that go home before that fact first holds, in every real
line (Hoffmann, Porteous and Sebastia's landmarks, here of the cards sent home).
The sets follow the rules of :mod:`.reach`:

- a card lying under another is exposed once that card leaves it, by being lifted
  or going home: what both ways need (the intersection of their sets);
- a card goes home once exposed and after the card below it in its suit (the union
  of those, and the card itself);
- a card is lifted once its run is free (the top card of the run exposed) and a
  target takes it: a card it may be packed on, exposed where packing is possible
  (lifted first, if it is not in a column or dealt to one), or an empty column it may
  fill (a column's bottom card gone); the union of the run's set and what every
  usable target needs (the intersection over them);
- a column can be emptied once the bottom card of some column leaves it.

A target is **not usable** when it must go home before the card's run is free,
or the card itself must go home before the target is available: when both hold
for the lift, the target is home, and a card at home takes nothing. Every real
line is a line of the looser game, and by induction over its moves, the cards
home before each fact first holds include the fact's landmark set: its first
cause in the line is a rule whose conditions held earlier (their sets are home
by then), and it used a target that was not home, so a usable one. The sets are
the greatest fixpoint of these rules, found by propagation from "never" (every
set of every card, here ``-1``: all bits): a card is examined again only when a
set its rules read has shrunk. The sets only shrink, so an exclusion, once
lifted, stays lifted, and once every card has a way home the check can stop. A card that
never gets home there never gets home in a real line: the position is lost.

Where runs move only whole, a card glued to the card under it is lifted only
alone into a gap, as in :mod:`.reach`. One deck; not where cards may be worried
back (a card at home may come back as a target).

**Hosts.** With ``hosts`` on, the fixpoint found, each card X in a pile that has
only one **host** is pinned to it: X lies on a card it may be packed on (its
host), or X must leave its pile before it goes home (a card under X is in X's
home set) and exactly one card may take it there first (a target whose set holds
a card under X comes too late); and no other placement is ever open to X while it
is not home: every other target of X is never available, or only after X is home,
or after its host is home (which X covers), or is home before X's run is free,
and no gap takes X. Then, in every line that wins, X lies on its host from then
on until X goes home, so the host goes home after X. When X's home set holds its
host, or X must leave but has nowhere to go, no line wins. These conditions read
the fixpoint's sets, which hold in every winning line. (On the lost face-up deal
768,377,215 of quagnes's rules, every position after its first deal is refuted
so, none by the sets alone.)

The host's home set could also take X's, and the fixpoint be found again with
those pins until no host gains a card (sound for the same reason); until stop 63
it was. Those rounds took more than half of the proof's work where it let a
position pass, and refuted next to nothing: in the searches measured then (four
heavy deals, 500 fresh ones) one deal took 480 positions without them instead of
429, and every other the same; quagnes's deal 1,455 takes 13,456 instead of
13,285 (see docs/solver.md, "Speed of a position").
"""

from __future__ import annotations

from typing import Final

from agnes_rules.solver.board import DOWN, Board, Position, mask_of
from agnes_rules.solver.reach import COLUMN_BOTTOM, Reach

__all__ = ["NEVER", "LandmarkProof"]

#: The set of a fact that never holds: every card (all bits), which no union grows.
NEVER: Final = -1


class LandmarkProof:
    """The stranded-card proof with landmark sets, for positions of one board."""

    def __init__(self, board: Board, hosts: bool = True) -> None:
        self.board = board
        #: Whether cards are pinned to their only hosts (see the module's docstring).
        self.hosts = hosts
        #: The plain proof, used only to lay out each position (:meth:`.Reach.lay_out`).
        self.layout = Reach(board)
        self.fit_masks = self.layout.fit_masks
        #: For each card, the card below it in its suit (-1 for the lowest).
        height, card_at = board.height, board.card_at
        self.below = tuple(
            card_at[card // 13 * 13 + height[card] - 1] if height[card] else -1
            for card in range(52)
        )
        #: For each card, the card above it in its suit (the one that follows it home).
        self.above_in_suit = tuple(
            card_at[card // 13 * 13 + height[card] + 1] if height[card] < 12 else -1
            for card in range(52)
        )
        # Per card, for the call under way: the card lying on it (-1: none), and the sets.
        self.above = [-1] * 52
        self.shown = [NEVER] * 52
        self.lifted = [NEVER] * 52
        self.homeable = [NEVER] * 52
        # Per card, for the call under way: the cards under it in its pile.
        self.beneath = [0] * 52
        # The call under way: the foundations, the columns' bottom cards, the set of an
        # empty column, the cards not home, the cards to examine again (a list and a
        # mask), and how many cards have no way home yet.
        self.found = b""
        self.bottoms = 0
        self.some_empty = False
        self.emptiable = NEVER
        self.in_play = 0
        self.queue: list[int] = []
        self.queued = 0
        self.unreached = 0

    def stranded(self, position: Position) -> bool:
        """Whether some card not at home could never get home, landmarks (and hosts)
        counted."""
        cards = self.set_up(position)
        # Without hosts the sets need not be final: once every card has a way home, none
        # loses it. The hosts read final sets.
        if self.propagate(cards, stop_early=not self.hosts):
            return True
        return self.hosts and self.no_host_wins(cards)

    def propagate(self, cards: list[int], stop_early: bool) -> bool:
        """Find the fixpoint from the sets started; whether some card has no way home
        (with ``stop_early``, stop as soon as every card has one)."""
        # Each card is examined again only when a set its rules read has shrunk.
        queue = self.queue
        queue.clear()
        queue.extend(cards)
        self.queued = self.in_play
        self.unreached = len(cards)  # the cards whose home set is still NEVER
        while queue:
            card = queue.pop()
            self.queued &= ~(1 << card)
            self.settle(card)
            if stop_early and not self.unreached:
                return False  # a set only shrinks: no card can fall back to NEVER
        return self.unreached > 0

    def set_up(self, position: Position) -> list[int]:
        """Lay out ``position`` and start the sets of its cards not home: the exposed
        cards at none, every other fact at :data:`NEVER`, an empty column's at none if a
        column is empty; the cards, piles from the top down, then the spare spaces and
        the stock."""
        layout, above, beneath = self.layout, self.above, self.beneath
        layout.lay_out(position)
        columns = position[0]
        self.found = position[3]
        self.bottoms = mask_of(column[0] % DOWN for column in columns if column)
        self.some_empty = not all(columns)
        cards: list[int] = []
        for pile in layout.piles:
            under = 0
            for card in pile:
                beneath[card % DOWN] = under
                under |= 1 << card % DOWN
            for at in range(len(pile) - 1, -1, -1):
                card = pile[at] % DOWN
                above[card] = pile[at + 1] % DOWN if at + 1 < len(pile) else -1
                cards.append(card)
        spare, stock_at = position[2], position[4]
        loose = [card for card in spare if card < 52]
        loose.extend(self.board.stock[stock_at:])
        for card in loose:
            above[card] = -1
            beneath[card] = 0
        cards.extend(loose)
        self.in_play = mask_of(cards)
        self.start_sets(cards)
        return cards

    def start_sets(self, cards: list[int]) -> None:
        """Start the sets of ``cards``, those not home: the exposed cards at none, every
        other fact at :data:`NEVER`, an empty column's at none if a column is empty."""
        shown, lifted, homeable = self.shown, self.lifted, self.homeable
        exposed = self.layout.shown
        for card in cards:
            shown[card] = 0 if exposed >> card & 1 else NEVER
            lifted[card] = homeable[card] = NEVER
        self.emptiable = 0 if self.some_empty else NEVER

    def settle(self, card: int) -> None:
        """Apply the rules to ``card``, and queue what reads a set of it that shrank."""
        layout = self.layout
        shown, lifted, homeable = self.shown, self.lifted, self.homeable
        upper = self.above[card]
        if upper >= 0 and not layout.shown >> card & 1:
            now = lifted[upper] & homeable[upper]
            if now != shown[card]:
                shown[card] = now
                # The card is a target now, or readier; the runs it tops are freer.
                self.enqueue(self.board.packers[card])
                below = layout.under[card]
                while below < COLUMN_BOTTOM and layout.run_top[below] == card:
                    self.enqueue_one(below)
                    below = layout.under[below]
        left = False  # whether it leaves what it lies on sooner now
        now = shown[card] | (1 << card)
        if self.found[card // 13] != self.board.height[card]:
            now |= homeable[self.below[card]]
        if now != homeable[card]:
            if homeable[card] == NEVER:
                self.unreached -= 1
            homeable[card] = now
            left = True
            if self.board.height[card] < 12:
                self.enqueue_one(self.above_in_suit[card])
        now = self.lift(card)
        if now != lifted[card]:
            lifted[card] = now
            left = True
            self.enqueue(self.board.packers[card])  # a readier target, once lifted
        if left:
            under = layout.under[card]
            if under < COLUMN_BOTTOM:
                self.enqueue_one(under)
            elif self.bottoms >> card & 1:
                self.empty_sooner()

    def empty_sooner(self) -> None:
        """A bottom card leaves its column sooner: the set of an empty column, and the
        cards that may fill one."""
        if not self.emptiable:
            return  # a column is empty already (or could be with nothing home first)
        lifted, homeable = self.lifted, self.homeable
        empty = NEVER
        bottoms = self.bottoms
        while bottoms:
            low = bottoms & -bottoms
            bottoms ^= low
            bottom = low.bit_length() - 1
            empty &= lifted[bottom] & homeable[bottom]
        if empty != self.emptiable:
            self.emptiable = empty
            self.enqueue(self.layout.gap_filler_cards)

    def enqueue(self, cards: tuple[int, ...]) -> None:
        """Examine ``cards`` (again), those in play."""
        for card in cards:
            self.enqueue_one(card)

    def enqueue_one(self, card: int) -> None:
        """Examine ``card`` (again), unless it is home or queued."""
        bit = 1 << card
        if self.in_play & ~self.queued & bit:
            self.queue.append(card)
            self.queued |= bit

    def lift(self, card: int) -> int:
        """The set of ``card`` being lifted, from the sets so far."""
        layout, shown = self.layout, self.shown
        bit = 1 << card
        gap = self.emptiable if layout.gap_fillers & bit else NEVER
        if layout.glued & bit:
            return shown[card] | gap if layout.gap_takes_one else NEVER
        free = shown[layout.run_top[card]]
        if free == NEVER:
            return NEVER
        needs = gap
        lifted, packable = self.lifted, layout.packable
        targets = self.fit_masks[card] & ~layout.home
        while targets:
            low = targets & -targets
            targets ^= low
            target = int(low).bit_length() - 1
            ready = shown[target] if packable & low else shown[target] | lifted[target]
            if ready == NEVER or free & low or ready & bit:
                continue  # never a target, or home by the time it could take the card
            needs &= ready
        return free | needs if needs != NEVER else NEVER

    def no_host_wins(self, cards: list[int]) -> bool:
        """Whether one of ``cards``, pinned to its only host by the final sets, makes every
        line lose (see the module's docstring): it must leave its pile and nothing can
        take it, or its host goes home before it."""
        for card in cards:
            host = self.only_host(card)
            if host == -2 or (host >= 0 and self.homeable[card] >> host & 1):
                return True
        return False

    def only_host(self, card: int) -> int:
        """The only host of ``card`` in a winning line, -1 if it has none or several (or
        need not leave its pile), -2 if it must leave its pile and cannot."""
        layout = self.layout
        under = layout.under[card]
        if under >= COLUMN_BOTTOM:
            return -1  # at a pile's bottom, in a spare space or in the stock
        bit = 1 << card
        if layout.gap_fillers & bit and self.emptiable != NEVER and not self.emptiable & bit:
            return -1  # it may go into a gap
        targets = self.fit_masks[card] & ~layout.home
        beneath = self.beneath[card]
        host = under if targets >> under & 1 else -1
        if host == -1 and not self.homeable[card] & beneath:
            return -1  # it may go home from where it lies
        free = self.shown[layout.run_top[card]]
        # Where it must leave its pile: the targets that may take it first, and the others.
        first = late = 0
        targets &= ~(1 << under)
        while targets:
            low = targets & -targets
            targets ^= low
            ready = self.ready(int(low).bit_length() - 1)
            if ready == NEVER or ready & bit or free & low:
                continue  # never its host: ready never, or once it is home or home first
            if host >= 0:
                if not ready >> host & 1:
                    return -1  # it may move there from its host
            elif ready & beneath:
                late |= low  # ready only once a card under it is home: after it left
            else:
                first |= low
        if host >= 0:
            return host
        if not first:
            return -2  # it must leave its pile, and nothing can take it first
        if first & (first - 1):
            return -1
        host = first.bit_length() - 1
        while late:
            low = late & -late
            late ^= low
            if not self.ready(int(low).bit_length() - 1) >> host & 1:
                return -1  # it may move there from its host
        return host

    def ready(self, target: int) -> int:
        """The set of ``target`` being ready to take a card: exposed where packing is
        possible, else lifted there too (as in :meth:`lift`, which inlines it)."""
        if self.layout.packable >> target & 1:
            return self.shown[target]
        return self.shown[target] | self.lifted[target]
