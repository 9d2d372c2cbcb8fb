"""Pairs of base-1 cards: a loss proof from where the last card of each suit can go home.

The card of rank base-1 goes home last in its suit. With same-colour packing it may
lie, once it has moved, only on a base card of its colour: its own suit's, or the
other suit's of that colour (its *partner*). Say the base-1 card ``q`` of suit ``s``
lies in a column above another card of ``s`` (it is *pinned* there). Take the last
time it goes home in a winning line: it cannot go from where it lies now (the card of
``s`` under it is not home), so it has moved, and it lies on a base card, which is
still in the tableau; not its own suit's (that one is home before any other card of
``s``), so the partner's: at that moment the partner suit ``t`` has nothing home, and
``s`` has every card but ``q`` home. This needs one deck, and that ``q`` can never
be moved into an empty column nor lie on anything but those two base cards. Hence a
position is lost when, for the base-1 cards ``q`` of ``s`` and ``r`` of ``t``:

- ``q`` is pinned and may lie on no base card of ``t`` (where packing stops at the
  base, it may lie on nothing): it can never go home;
- both are pinned: the last time ``q`` goes home ``t`` is empty, the last time ``r``
  goes home ``s`` is empty, and whichever comes first is undone by the other;
- ``q`` is pinned, and ``r`` is home or a card of ``s`` lies under it: when ``q``
  goes home the last time, ``r`` is in the tableau (``t`` is empty); it has not
  stayed where it is (a card of ``s`` under it would be home by then; a card at home
  comes back onto a card it may lie on), so it lies on a base card, but ``t``'s has
  ``q`` on it and ``s``'s is home;
- the same with ``s`` and ``t`` exchanged.

Moves and deals never change what lies under a card but by moving that card, and a
card in a column stays in the columns until it goes home (and comes back, if it does,
onto a column); so the verdict changes only
when a deal or a move brings a base-1 card somewhere, home included
(:meth:`BasePairs.may_change`).
Cards worried back from the foundations change nothing in the argument: the last
time each card goes home is still a moment of the line.

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
    DOWN,
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

    def may_change(self, child: Position, move: InternalMove, auto: list[InternalMove]) -> bool:
        """Whether ``move`` (which led to ``child``) and its auto-play ``auto`` may have
        brought a base-1 card to a new place: any move but one between columns whose
        cards hold none and after which no card went home (the common move, checked
        for nothing)."""
        if move[0] != COLUMN_TO_COLUMN or auto:
            return True
        moved = child[0][move[2]][-move[3] :]
        return any(card in moved for card in self.last)

    def refutes(self, position: Position) -> bool:
        """Whether the position is lost by the argument of the module."""
        columns, found = position[0], position[3]
        for s, t in self.pairs:
            q = self.place(columns, found, s)
            if q == ELSEWHERE:
                continue  # neither pinned nor cornered: no case holds, whatever ``r`` is
            pinned_q = _above(q, s)
            if s == t:
                if pinned_q:
                    return True
                continue
            r = self.place(columns, found, t)
            pinned_r = _above(r, t)
            if pinned_q and (pinned_r or _cornered(r, s)):
                return True
            if pinned_r and _cornered(q, t):
                return True
        return False

    def place(self, columns: tuple[bytes, ...], found: bytes, suit: int) -> int:
        """Where ``suit``'s base-1 card is: the suits of the cards under it in its column,
        one bit each; :data:`HOME`; or :data:`ELSEWHERE` (the stock, a reserve pile or a
        spare space)."""
        card = self.last[suit]
        for column in columns:
            at = column.find(card)
            if at < 0:
                at = column.find(card + DOWN)
            if at >= 0:
                bits = 0
                for index in range(at):
                    bits |= 1 << ((column[index] & (DOWN - 1)) // 13)
                return bits
        return HOME if found[suit] == 13 else ELSEWHERE


def _above(place: int, suit: int) -> bool:
    """Whether a base-1 card at ``place`` lies in a column above a card of ``suit`` (of its
    own suit: it is pinned)."""
    return place >= 0 and bool(place >> suit & 1)


def _cornered(place: int, other: int) -> bool:
    """Whether a base-1 card at ``place`` can be in the tableau, when every card of suit
    ``other`` but its base-1 card is home, only by lying on a base card: it is home now,
    or lies on a card of ``other``."""
    return place == HOME or _above(place, other)


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
