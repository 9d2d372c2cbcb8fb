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
        _add_sorted(parts, columns, 0, board.decks)
        parts.extend(reserve[:fixed])
        _add_sorted(parts, reserve, fixed, board.decks)
    else:
        parts.extend(columns[:fixed])
        _add_sorted(parts, columns, fixed, board.decks)
        parts.extend(reserve)
    return _SEP.join(parts)


def _add_sorted(parts: list[bytes], piles: tuple[bytes, ...], start: int, decks: int) -> None:
    """Append ``piles[start:]`` to ``parts`` in sorted order.

    With one deck no two piles begin with the same card, so their first bytes
    (-1 for an empty pile) order them as :func:`sorted` would; an insertion sort
    on those small ints is much cheaper than comparing the bytes objects.
    """
    if decks != 1:
        parts.extend(sorted(piles[start:]))
        return
    first = len(parts)
    for index in range(start, len(piles)):
        pile = piles[index]
        head = pile[0] if pile else -1
        parts.append(pile)
        at = len(parts) - 1
        while at > first:
            before = parts[at - 1]
            if (before[0] if before else -1) <= head:
                break
            parts[at] = before
            at -= 1
        parts[at] = pile
