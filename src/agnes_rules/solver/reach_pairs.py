"""Stranded cards where a base-1 card never again lies on a base card.

Where :mod:`.base_pairs` holds, a suit ``s``'s base-1 card ``q`` may lie only on its
own base card or on its partner suit ``t``'s (one deck, and ``q`` never fills a gap).
Suppose ``q`` lies on a base card now, or comes to lie on one later (lifted, worried
back or dealt onto it). From then on it leaves the base cards only to go home; and
the last time it goes home its own base card is home, under it, so it lies on
``t``'s: ``t`` has nothing home at that moment, while ``s`` is complete, and stays
complete from then on (nothing under ``q`` leaves without it). Were the same true of
``t``'s base-1 card ``r``, each suit would be complete for good before a moment at
which the other is empty: no line does both. So in every winning line at least one
of the two never lies on a base card from now on, and such a card is never lifted
(all it may be packed on are base cards) and never comes back from its foundation:
it leaves what it lies on only by going home. Three cases, then, for each pair:

- neither ``q`` nor ``r`` ever lies on a base card;
- ``r`` never does, and ``q`` does: ``t`` is empty the last time ``q`` goes home, so
  ``r``, which once home never leaves, goes home after that, when ``s`` is complete;
  ``t`` cannot be complete now, nor (where no card comes back) hold any card;
- the same with the two suits swapped.

A suit paired with itself has at most its own base card for its base-1 card to lie on
(in the presets, none), which must go home before it: in a winning line that card never
lies there, and so is never lifted nor worried back either.

The stranded-card proof, run with the cards of a case *frozen*
(:attr:`.Reach.frozen`: never lifted, never worried back) and a base-1 card that
waits for the other suit *gated* (:attr:`.Reach.gated`, the suit in
:attr:`.Reach.gates`: it goes home in the looser game only once the other suit could
be complete), covers every line of that case:
its argument goes through unchanged for those lines, by induction over their moves
(the gate asks of a line only what it does before that card goes home). So a
position is lost when the proof strands a card in every case, one part for each
pair of two suits (three cases with one such pair, nine with two), or rules the case
out at once: a frozen card lies on a base card now, or the suit that must be empty
the last time the other base-1 card goes home cannot be (complete now, or holding
cards where none ever comes back). The base-1 cards of suits paired with themselves
are frozen in every run.

In the second case ``t`` is empty when ``q`` goes home the last time, so every card of
``t`` that goes home before that comes back before it. A card of ``t`` that could not
come back in the looser game (:attr:`.Reach.returnable`) therefore goes home only once
``s`` is complete, as ``r`` does: the proof runs again with such cards gated too, until
it strands a card or finds none to add (one at home now that could not come back rules
the case out). Where no card comes back, that gates every card of ``t`` that could go
home. The looser game stops once every card could go home; what could come back is
complete by then where every card not at home lies in a column or the stock (no
reserve, no spare spaces): each of them could then be exposed where cards may be
packed on it, and a card lifted later adds no target. Elsewhere, with cards worried
back, none is added.

Where cards are worried back this catches what the plain proof lets pass: a whole
foundation can come back, base card on top, and be a target for a base-1 card that
has no other way out; the line that uses it has to move that card on to the other
base card later, and only one card of a pair can do so.
"""

from __future__ import annotations

from agnes_rules.solver.base_pairs import BasePairs
from agnes_rules.solver.board import DOWN, Position
from agnes_rules.solver.reach import Reach

__all__ = ["PairedReach"]


#: One pair's part of a case: the base-1 cards kept off the base cards (one or both, as
#: a mask), the suit whose base-1 card may go home only once the other suit is complete,
#: and that other suit (-1, -1: both cards kept off).
Part = tuple[int, int, int]


class PairedReach:
    """The proof of the module, over the stranded-card proof ``reach`` of a board whose
    base-1 cards ``pairs`` pairs (:attr:`.BasePairs.active`)."""

    def __init__(self, reach: Reach, pairs: BasePairs) -> None:
        self.reach = reach
        always = 0
        cases: list[list[Part]] = [[]]
        last = pairs.last
        hosts: dict[int, tuple[int, int]] = {}
        for s, t in pairs.pairs:
            if s == t:
                always |= 1 << last[s]
                continue
            hosts[last[s]] = hosts[last[t]] = (pairs.bases[s], pairs.bases[t])
            parts: list[Part] = [
                (1 << last[s] | 1 << last[t], -1, -1),
                (1 << last[t], t, s),
                (1 << last[s], s, t),
            ]
            cases = [case + [part] for case in cases for part in parts]
        #: Whether cards come back from the foundations (else a suit with cards home is
        #: never empty again).
        self.worry_back = reach.worry_back
        #: The base-1 cards frozen in every run (of the suits paired with themselves).
        self.always = always
        reach.frozen = always
        #: The cases, one part per pair of two suits (none: no such pair, nothing to run).
        self.cases = tuple(tuple(case) for case in cases if case)
        #: The base-1 cards of the pairs of two suits, each with the two base cards.
        self.hosts = hosts
        #: The case that let the last position checked pass, tried first next time.
        self.first = 0
        #: The cards of each suit, as masks.
        self.suit_masks = tuple(reach.home_masks[suit * 14 + 13] for suit in range(4))
        #: Whether the proof knows, once every card could go home, each card that could
        #: come back: where none ever does, or where every card not at home lies in a
        #: column or the stock (no reserve, no spare spaces), so that by then each could
        #: be exposed where cards may be packed on it. It stops as soon as every card
        #: could go home, so elsewhere a target lifted later might be missing.
        board = reach.board
        self.settled = not (self.worry_back and (board.root[1] or board.spare_leftover))

    def refutes(self, position: Position) -> bool:
        """Whether ``position`` (which the plain proof lets pass) is lost: the proof
        strands a card in every case."""
        cases = self.cases
        count = len(cases)
        if not count:
            return False
        on_base = _on_base(position, self.hosts)
        for offset in range(count):
            index = (self.first + offset) % count
            if not self.stranded_in(position, cases[index], on_base):
                self.first = index
                return False
        return True

    def stranded_in(self, position: Position, case: tuple[Part, ...], on_base: int) -> bool:
        """Whether no winning line of ``case`` is left: a card kept off the base cards
        lies on one now (in ``on_base``), a suit that has to be empty the last time the
        other base-1 card goes home cannot be (complete for good, or holding cards that
        never come back), or the proof strands a card, also with the cards of such a
        suit that could not come back gated (see the module)."""
        found = position[3]
        frozen = self.always
        emptied = 0  # the cards of the suits that must be empty at some moment
        for kept, waits, _ in case:
            frozen |= kept
            if waits >= 0:
                if found[waits] == 13 or (found[waits] and not self.worry_back):
                    return True
                emptied |= self.suit_masks[waits]
        if frozen & on_base:
            return True
        reach = self.reach
        gates = reach.gates
        for _, waits, other in case:
            if waits >= 0:
                gates[waits] = other
        reach.frozen = frozen
        gated = frozen & emptied
        try:
            while True:
                reach.gated = gated
                if reach.stranded(position):
                    return True
                if not self.settled:
                    return False
                stay = emptied & ~reach.returnable
                if stay & reach.home:
                    return True  # a card home now that has to leave its foundation never can
                more = stay & reach.homeable & ~gated
                if not more:
                    return False
                gated |= more
        finally:
            # The plain proof shares this Reach: it must never see a case's hooks.
            reach.frozen = self.always
            reach.gated = 0
            for suit in range(4):
                gates[suit] = -1


def _on_base(position: Position, hosts: dict[int, tuple[int, int]]) -> int:
    """The cards of ``hosts`` (base-1 cards, each with the base cards it may lie on)
    that lie right on one of their base cards, in a column or a reserve pile."""
    lying = 0
    for pile in position[0] + position[1]:
        for at in range(1, len(pile)):
            card = pile[at] % DOWN
            if card in hosts and pile[at - 1] % DOWN in hosts[card]:
                lying |= 1 << card
    return lying
