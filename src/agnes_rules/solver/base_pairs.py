"""Pairs of base-1 cards: a loss proof from the order the last card of each suit goes home.

The card of rank base-1 goes home last in its suit. With same-colour packing it may
lie, once lifted off the card it lies on now, only on a base card of its colour: its
own suit's, or the other suit's of that colour (its *partner*), or on no card at all
where packing stops at the base (the suit is then paired with itself). This needs one
deck, and that it can never be moved into an empty column. Take the last time the
base-1 card ``q`` of suit ``s`` goes home in a winning line: every other card of
``s`` is home, its base card first, so ``q`` has never been lifted off the card it
lies on now (a card under another leaves only once that one has, or carrying it
along: whatever lies under ``q`` now still does), or it lies on the partner suit
``t``'s base card (``t`` has nothing home). Either way, when ``q`` lies in a column

- above a card of ``s`` (it is *pinned*): it has been lifted, so it lies on ``t``'s
  base card; where it cannot (see below), it never gets home, and the position is
  lost;
- above a card of ``t``: that card is not home then, or ``t`` has nothing home;
- paired with itself, or where ``t``'s base card is home now and no card is worried
  back, above a card of any suit ``u``: it has never been lifted, so that card is
  not home then.

In each case the base-1 card of that suit is not home then, so it goes home the last
time *after* ``q`` does. A position is lost when this order goes round (``s`` before
``t`` and ``t`` before ``s``, say), or puts a suit's base-1 card that is home now
after ``q`` where it cannot leave its foundation: where no card is worried back;
where it may lie on no other suit's base card (its own lies under it in the
foundation, so it has nothing to come back onto); or where it is ``t``'s and ``q``
*shuts* ``t``: lies above a card of ``s`` or above ``t``'s base
card, so that ``t``'s base card has ``q`` on it then, or has lain under ``q`` all
along; ``s``'s base card is home, and the card would have nothing to lie on.

Moves and deals never change what lies under a card but by moving that card, and a
card in a column stays in the columns until it goes home (and comes back, if it does,
onto a column); so the verdict changes only when a deal or a move brings a base-1
card somewhere, or a foundation takes its base-1 card or gives it back, or (where no
card is worried back, the only case where the argument asks whether a suit has
anything home) takes its base card (:meth:`BasePairs.may_change`). Cards worried
back from the foundations change nothing in the argument but the one above: the
last time each card goes home is still a moment of the line.

>>> from agnes_rules.core.state import GameState
>>> from agnes_rules.solver.board import Board
>>> pairs = BasePairs(Board(GameState.deal("agnes-sorel-pysol", 1)))
>>> pairs.pairs  # clubs with spades, diamonds with hearts
((0, 3), (1, 2))
"""

from __future__ import annotations

from typing import Final

from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    DEAL,
    DOWN,
    RESERVE_TO_COLUMN,
    SPARE_TO_COLUMN,
    Board,
    InternalMove,
    Position,
)

__all__ = ["ELSEWHERE", "HOME", "BasePairs"]

#: :meth:`BasePairs.place` of a base-1 card at home.
HOME: Final = -2
#: :meth:`BasePairs.place` of a base-1 card in none of the columns, and not home.
ELSEWHERE: Final = -1


class BasePairs:
    """The proof of the module for the positions of one board (no pair: it never refutes)."""

    def __init__(self, board: Board) -> None:
        #: The base-1 card of each suit.
        self.last = tuple(board.card_at[suit * 13 + 12] for suit in range(4))
        #: For each suit, the suit whose base card its base-1 card may lie on besides its
        #: own (-1: none), or None where the proof does not hold for it.
        partner = [_partner(board, suit, card) for suit, card in enumerate(self.last)]
        #: The pairs of suits (s, t) whose base-1 cards may lie only on s's and t's base
        #: cards, each pair once; a suit whose base-1 card may lie on no other base
        #: card is paired with itself.
        pairs: list[tuple[int, int]] = []
        for suit, other in enumerate(partner):
            if other == -1:
                pairs.append((suit, suit))
            elif other is not None and other > suit and partner[other] == suit:
                pairs.append((suit, other))
        self.pairs = tuple(pairs)
        self.active = bool(pairs)
        #: For each suit, the suit it is paired with (itself where it is paired with
        #: itself), -1 where the proof does not hold for it.
        self.paired = [-1] * 4
        for s, t in pairs:
            self.paired[s], self.paired[t] = t, s
        #: The base card of each suit.
        self.bases = tuple(board.card_at[suit * 13] for suit in range(4))
        #: Whether cards may come back from the foundations.
        self.worry_back = board.worry_back
        #: The stock in the order it is dealt (what a deal brings).
        self.stock = board.stock

    def may_change(self, parent: Position, child: Position, move: InternalMove) -> bool:
        """Whether the verdict on ``child`` may differ from the one on ``parent``, which
        ``move`` and its auto-play led from: where a move between columns carries a
        base-1 card, a deal brings one, a card comes from a reserve pile or a spare
        space, or a foundation crosses what the proof reads (its base-1 card home or back
        from home; its base card the same, where no card is worried back). The common
        moves, between columns with cards sent home after them or none, and worry-backs
        that leave every base-1 card where it was, are checked for nothing."""
        kind = move[0]
        if kind == COLUMN_TO_COLUMN:
            moved = child[0][move[2]][-move[3] :]
            if any(card in moved for card in self.last):
                return True
        elif kind == DEAL:
            dealt = self.stock[parent[4] : child[4]]
            if any(card in dealt for card in self.last):
                return True
        elif kind in (RESERVE_TO_COLUMN, SPARE_TO_COLUMN):
            return True
        was, now = parent[3], child[3]
        if was == now:
            return False
        # The proof reads a foundation only for whether it holds its base-1 card and
        # (where no card is worried back) its base card, so only a foundation that takes
        # or gives back one of those counts. A card worried back lands on top of a
        # column, under no base-1 card (the proof reads what lies under one).
        starts = not self.worry_back
        for suit in range(4):
            before, after = was[suit], now[suit]
            if (before == 13) != (after == 13) or (starts and (not before) != (not after)):
                return True
        return False

    def refutes(self, position: Position) -> bool:
        """Whether the position is lost by the argument of the module."""
        columns, found = position[0], position[3]
        places = [self.place(columns, found, suit) for suit in range(4)]
        # before[s]: the suits whose base-1 card goes home the last time after s's does.
        before = [0, 0, 0, 0]
        for s in range(4):
            t, q = self.paired[s], places[s]
            if t == -1 or q < 0:
                continue
            if t == s or (found[t] and not self.worry_back):
                # It may lie on no base card in the tableau then: it is never lifted.
                if q >> s & 1:
                    return True  # pinned: never home
                before[s] = q & 15
            elif q & (1 << s | 1 << t):
                before[s] = 1 << t
            for u in range(4):
                if before[s] >> u & 1 and places[u] == HOME and self.stays_home(s, u, q):
                    return True
        return _cycle(before)

    def stays_home(self, suit: int, other: int, place: int) -> bool:
        """Whether ``other``'s base-1 card, home now, cannot be out of its foundation the
        last time ``suit``'s base-1 card, at ``place``, goes home (which needs it so)."""
        if not self.worry_back or self.paired[other] == other:
            # It never leaves; or it may lie on no other suit's base card, and its own is
            # under it in the foundation: it has nothing to come back onto.
            return True
        # It comes back onto a base card: ``suit``'s is home then, and ``other``'s has
        # ``suit``'s base-1 card on it or over it.
        return other == self.paired[suit] and _shuts(place, suit, other)

    def place(self, columns: tuple[bytes, ...], found: bytes, suit: int) -> int:
        """Where ``suit``'s base-1 card is: the suits of the cards under it in its column,
        one bit each, and bit 4 + s for each suit s whose base card is among them;
        :data:`HOME`; or :data:`ELSEWHERE` (the stock, a reserve pile or a spare space)."""
        card = self.last[suit]
        bases = self.bases
        for column in columns:
            at = column.find(card)
            if at < 0:
                at = column.find(card + DOWN)
            if at >= 0:
                bits = 0
                for index in range(at):
                    under = column[index] & (DOWN - 1)
                    bits |= 1 << under // 13
                    if bases[under // 13] == under:
                        bits |= 1 << 4 + under // 13
                return bits
        return HOME if found[suit] == 13 else ELSEWHERE


def _shuts(place: int, suit: int, other: int) -> bool:
    """Whether ``suit``'s base-1 card, at ``place``, shuts ``other`` (its partner suit has
    nothing home when it goes home the last time): it lies above a card of ``suit`` or
    above ``other``'s base card."""
    return place >= 0 and bool(place >> suit & 1 or place >> 4 + other & 1)


def _cycle(before: list[int]) -> bool:
    """Whether the relation ``before`` (suit s before each suit of bit mask
    ``before[s]``) goes round: some suit would come before itself."""
    reach = list(before)
    for _ in range(3):  # paths of up to four steps, enough for four suits
        for s in range(4):
            more = reach[s]
            for u in range(4):
                if reach[s] >> u & 1:
                    more |= reach[u]
            reach[s] = more
    return any(reach[s] >> s & 1 for s in range(4))


def _partner(board: Board, suit: int, card: int) -> int | None:
    """The suit whose base card ``card`` (``suit``'s base-1 card) may lie on besides its
    own suit's, -1 when none, or None when it may lie on anything else, fill an empty
    column, or when there are two decks."""
    if board.decks != 1 or card in board.vacancy_movable:
        return None
    hosts = set(board.fits_under[card]) | board.links_onto[card]
    others = {host // 13 for host in hosts if host // 13 != suit}
    if any(board.height[host] != 0 for host in hosts) or len(others) > 1:
        return None
    return others.pop() if others else -1
