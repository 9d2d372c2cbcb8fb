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
the greatest fixpoint of these rules, found by going over every card until
nothing changes, from "never" (every set of every card, here ``-1``: all bits),
so they only shrink, and an exclusion, once lifted, stays lifted. A card that
never gets home there never gets home in a real line: the position is lost.

Where runs move only whole, a card glued to the card under it is lifted only
alone into a gap, as in :mod:`.reach`. One deck; not where cards may be worried
back (a card at home may come back as a target).
"""

from __future__ import annotations

from typing import Final

from agnes_rules.solver.board import DOWN, Board, Position
from agnes_rules.solver.reach import Reach

__all__ = ["NEVER", "LandmarkProof"]

#: The set of a fact that never holds: every card (all bits), which no union grows.
NEVER: Final = -1


class LandmarkProof:
    """The stranded-card proof with landmark sets, for positions of one board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        #: The plain proof, used only to lay out each position (:meth:`.Reach.lay_out`).
        self.layout = Reach(board)
        self.fit_masks = self.layout.fit_masks
        #: For each card, the card below it in its suit (-1 for the lowest).
        height, card_at = board.height, board.card_at
        self.below = tuple(
            card_at[card // 13 * 13 + height[card] - 1] if height[card] else -1
            for card in range(52)
        )
        # Per card, for the call under way: the card lying on it (-1: none), and the sets.
        self.above = [-1] * 52
        self.shown = [NEVER] * 52
        self.lifted = [NEVER] * 52
        self.homeable = [NEVER] * 52

    def stranded(self, position: Position) -> bool:
        """Whether some card not at home could never get home, landmarks counted."""
        layout = self.layout
        layout.lay_out(position)
        cards = self.set_up(position)
        columns, found = position[0], position[3]
        bottoms = [column[0] % DOWN for column in columns if column]
        emptiable = 0 if len(bottoms) < len(columns) else NEVER
        lifted, homeable = self.lifted, self.homeable
        changed = True
        while changed:
            changed = False
            for card in cards:
                if self.settle(card, emptiable, found):
                    changed = True
            if emptiable:
                empty = NEVER
                for bottom in bottoms:
                    empty &= lifted[bottom] & homeable[bottom]
                if empty != emptiable:
                    emptiable, changed = empty, True
            # A set only shrinks: once every card could get home, the rest cannot undo it.
            if all(homeable[card] != NEVER for card in cards):
                return False
        return True

    def set_up(self, position: Position) -> list[int]:
        """Start the sets of the cards not home in ``position`` (laid out): the exposed
        cards at none, every other fact at :data:`NEVER`; the cards, piles from the top
        down, then the spare spaces and the stock."""
        layout, above = self.layout, self.above
        shown, lifted, homeable = self.shown, self.lifted, self.homeable
        cards: list[int] = []
        for pile in layout.piles:
            for at in range(len(pile) - 1, -1, -1):
                card = pile[at] % DOWN
                above[card] = pile[at + 1] % DOWN if at + 1 < len(pile) else -1
                cards.append(card)
        spare, stock_at = position[2], position[4]
        loose = [card for card in spare if card < 52]
        loose.extend(self.board.stock[stock_at:])
        for card in loose:
            above[card] = -1
        cards.extend(loose)
        exposed = layout.shown
        for card in cards:
            shown[card] = 0 if exposed >> card & 1 else NEVER
            lifted[card] = homeable[card] = NEVER
        return cards

    def settle(self, card: int, emptiable: int, found: bytes) -> bool:
        """Apply the rules to ``card`` once; whether one of its sets shrank."""
        shown, lifted, homeable = self.shown, self.lifted, self.homeable
        changed = False
        upper = self.above[card]
        if upper >= 0 and not self.layout.shown >> card & 1:
            now = lifted[upper] & homeable[upper]
            if now != shown[card]:
                shown[card], changed = now, True
        below = self.below[card]
        now = shown[card] | (1 << card)
        if found[card // 13] != self.board.height[card]:
            now |= homeable[below]
        if now != homeable[card]:
            homeable[card], changed = now, True
        now = self.lift(card, emptiable)
        if now != lifted[card]:
            lifted[card], changed = now, True
        return changed

    def lift(self, card: int, emptiable: int) -> int:
        """The set of ``card`` being lifted, from the sets so far."""
        layout, shown = self.layout, self.shown
        bit = 1 << card
        gap = emptiable if layout.gap_fillers & bit else NEVER
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
            target = low.bit_length() - 1
            ready = shown[target] if packable & low else shown[target] | lifted[target]
            if ready == NEVER or free & low or ready & bit:
                continue  # never a target, or home by the time it could take the card
            needs &= ready
        return free | needs if needs != NEVER else NEVER
