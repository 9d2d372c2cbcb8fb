"""What the search does differently when cards may be worried back from the foundations.

With ``worry_back`` a card at home may come back onto the tableau, so the
usual auto-play ("no card will ever need it") and the usual dead ends ("its
targets are home for good") no longer hold. The search then uses:

- **Reversible auto-play** (:class:`ReversibleAutoplay`, one deck): a column's
  exposed card that its foundation accepts, lying face up on a card it may be
  packed on, goes home at once. Whatever a line does with the card left in
  place, a line with the card at home can do too, by worrying it back onto the
  card it lay on (or wherever the line moved it to) just before a card is
  packed on it, a deal covers it, or the card under it in its foundation is
  worried back: so the two positions are won or lost together.
- **Dead ends** with nothing counted as home for good (see
  :mod:`~agnes_rules.solver.deadends`): a card is stuck only when every card
  that could take it lies under it in its own pile.
- **Worry-backs only when used** (:func:`uses_of`): a worry-back is followed
  only by a move that uses its card (one onto it, a deal, or the next card of
  its foundation worried back too) or by a worry-back independent of it that
  comes after it in a fixed order. In a winning line the moves between a
  worry-back of card c onto column T and the first later move that touches
  column T or c's foundation touch neither, so the worry-back can be played
  just before that move; if that move sends c home again, the pair is no move
  at all; if it moves c alone onto another column, the pair is one worry-back
  there; if it moves c with cards under it, the same cards without c and then
  the worry-back onto them do the same. Worry-backs that touch different
  columns and foundations give the same position in either order, so one
  order is enough. Rearranged so, a shortest winning line follows the rule.
  The position right after a worry-back is neither auto-played (that would
  undo it) nor keyed like the same position reached otherwise
  (:func:`worried_key`), since its moves differ.
- **The transposition table** always: positions can repeat (a card goes up and
  comes back), and the table keeps the search finite.
- **A first pass without worry-backs** (with ``streamline``): the same deal in
  the game where no card comes back (:func:`without_worry_backs`), on a quarter of
  the budget (and of the time left, with a deadline: its positions cost more, its
  proofs running after every move). Every line of that game is a line of this
  one, so a win it finds is a win; a loss there says nothing, and the exact
  search follows. With one deck and gaps that stay empty the usual auto-play,
  dead ends and stranded-card proofs hold there, and a deal that needs no
  worry-back is often won in a few hundred positions where the exact search,
  with the worry-backs to try, needs far more.

Every verdict stays exact; the tests check them against a plain search of the
rules engine's positions.
"""

from __future__ import annotations

from typing import Final

import attrs

from agnes_rules.core.state import GameState
from agnes_rules.errors import PositionError
from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DEAL,
    DOWN,
    FOUNDATION_TO_COLUMN,
    SPARE_TO_COLUMN,
    Board,
    InternalMove,
    Position,
)

__all__ = ["ReversibleAutoplay", "uses_of", "without_worry_backs", "worried_key"]

#: Marks the key of a position reached by a worry-back (above every byte a key holds).
_WORRIED: Final = b"\xfc"


class ReversibleAutoplay:
    """The foundation moves that a worry-back could undo exactly, played at once."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.fits_under = board.fits_under

    def autoplay(self, position: Position) -> tuple[Position, list[InternalMove]]:
        """``position`` after every such move, and the moves played (until none is left)."""
        board = self.board
        fits_under = self.fits_under
        played: list[InternalMove] = []
        # With two decks the other copy of the card could take its place on the
        # foundation meanwhile, and the card could not come back the same way.
        changed = board.decks == 1
        while changed:
            changed = False
            for index, column in enumerate(position[0]):
                if len(column) < 2:
                    continue
                card, under = column[-1], column[-2]
                if under >= DOWN or under not in fits_under[card]:
                    continue
                if board.accepts(position[3], card) < 0:
                    continue
                move = (COLUMN_TO_FOUNDATION, index, 0, 1)
                position = board.apply(position, move)
                played.append(move)
                changed = True
        return position, played

    def settle(self, position: Position, move: InternalMove) -> tuple[Position, list[InternalMove]]:
        """:meth:`autoplay` after ``move``, except after a worry-back (it would undo it)."""
        if move[0] == FOUNDATION_TO_COLUMN:
            return position, []
        return self.autoplay(position)


def uses_of(worry: InternalMove, moves: list[InternalMove]) -> list[InternalMove]:
    """The ``moves`` that may follow ``worry`` (a worry-back move): those that use its card
    (a move onto it, the deal, the next card of its foundation worried back), and the
    worry-backs independent of it in a fixed order (after it in (foundation, column))."""
    foundation, column = worry[1], worry[2]
    return [
        move
        for move in moves
        if (
            move[0] == FOUNDATION_TO_COLUMN
            and (move[1] == foundation or move[2] == column or move[1:3] > worry[1:3])
        )
        or move[0] == DEAL
        or (COLUMN_TO_COLUMN <= move[0] <= SPARE_TO_COLUMN and move[2] == column)
    ]


def worried_key(key: bytes, worry: InternalMove) -> bytes:
    """The key of the position that ``worry`` reached, apart from the same position
    reached otherwise (the moves that may follow differ)."""
    return key + _WORRIED + bytes((worry[1], worry[2]))


def without_worry_backs(state: GameState) -> GameState | None:
    """``state`` in the game of its variant where no card is worried back: the same cards
    in the same places, with fewer moves (every line of it is a line of ``state``).

    None when that game has no such position: every foundation empty, the base cards
    worried back too, where a game without worry-backs always has one at home.
    """
    parts = attrs.evolve(state.parts(), variant=attrs.evolve(state.variant, worry_back=False))
    try:
        return GameState(**attrs.asdict(parts, recurse=False))
    except PositionError:
        return None
