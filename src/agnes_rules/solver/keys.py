"""Transposition keys: one :class:`bytes` per position, equal for interchangeable positions.

The search remembers the key of every position it examined and never
searches one twice. With ``symmetry`` on, piles that no future deal reaches
are sorted in the key, since which of them holds which cards does not matter
to the rest of the game; so are the spare spaces, and the two foundations of a
suit in two-deck games. With one deck the foundations are left out: the cards
elsewhere already tell what they hold.
"""

from __future__ import annotations

from typing import Final

from agnes_rules.solver.board import Board, Position

__all__ = ["plain_key", "symmetric_key"]

_BYTE: Final = tuple(bytes((value,)) for value in range(256))
# Separators, above every card code (< 128); the spare spaces, which may hold NO_CARD
# (255), come first and have the same length in every position of a deal.
_PILE: Final = b"\xff"
_FIXED_END: Final = b"\xfe"
_PART: Final = b"\xfd"


def plain_key(position: Position) -> bytes:
    """The key of ``position`` as it stands (``symmetry`` off)."""
    columns, reserve, spare, found, stock_at = position
    return b"".join(
        (
            _BYTE[stock_at],
            found,
            spare,
            _PART,
            _PILE.join(columns),
            _PART,
            _PILE.join(reserve),
        )
    )


def symmetric_key(board: Board, position: Position) -> bytes:
    """The key of ``position`` with its interchangeable parts sorted."""
    columns, reserve, spare, found, stock_at = position
    fixed = board.fixed_at[stock_at]
    if board.to_reserve:
        column_key = _PILE.join(sorted(columns))
        reserve_key = _PILE.join(reserve[:fixed]) + _FIXED_END + _PILE.join(sorted(reserve[fixed:]))
    else:
        column_key = _PILE.join(columns[:fixed]) + _FIXED_END + _PILE.join(sorted(columns[fixed:]))
        reserve_key = _PILE.join(reserve)
    spare_key = bytes(sorted(spare)) if len(spare) > 1 else spare
    if board.decks == 2:
        found = bytes(
            value for suit in range(4) for value in sorted((found[suit], found[suit + 4]))
        )
    else:
        found = b""
    return b"".join((_BYTE[stock_at], found, spare_key, _PART, column_key, _PART, reserve_key))
