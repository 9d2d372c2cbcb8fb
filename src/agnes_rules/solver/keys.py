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
#: Between the parts of a key, above every card code (< 128). Before the piles come the
#: stock position, the foundations and the spare spaces (which may hold NO_CARD, 255),
#: each of the same length in every position of a deal, and the number of piles is the
#: same too, so one separator keeps the key one-to-one, and one join builds it.
_SEP: Final = b"\xff"


def plain_key(position: Position) -> bytes:
    """The key of ``position`` as it stands (``symmetry`` off)."""
    columns, reserve, spare, found, stock_at = position
    return _SEP.join((_BYTE[stock_at], found, spare, *columns, *reserve))


def symmetric_key(board: Board, position: Position) -> bytes:
    """The key of ``position`` with its interchangeable parts sorted.

    How many leading piles a deal still reaches follows from the stock position,
    the first byte, so the sorted piles need no marker of their own.
    """
    columns, reserve, spare, found, stock_at = position
    fixed = board.fixed_at[stock_at]
    if len(spare) > 1:
        spare = bytes(sorted(spare))
    if board.decks == 2:
        found = bytes(
            value for suit in range(4) for value in sorted((found[suit], found[suit + 4]))
        )
    else:
        found = b""
    parts = [_BYTE[stock_at], found, spare]
    if board.to_reserve:
        parts.extend(sorted(columns))
        parts.extend(reserve[:fixed])
        parts.extend(sorted(reserve[fixed:]))
    else:
        parts.extend(columns[:fixed])
        parts.extend(sorted(columns[fixed:]))
        parts.extend(reserve)
    return _SEP.join(parts)
