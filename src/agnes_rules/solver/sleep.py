"""Sleep sets of refuted moves: a move that led to a position a loss proof refuted is
not tried again further down, after moves that commute with it.

When a loss proof refutes the position a move ``x`` leads to from a position P, that
position is lost. A move ``y`` from P that changes none of the piles ``x`` changes
(columns, foundations of a suit, the reserve and spare spaces, the stock) commutes
with it: ``x`` is then legal after ``y`` and does the same (it reads only the piles it
changes), ``y`` is legal after ``x``, and both orders give the same position. So the
position ``x`` leads to after ``y`` is reached from the refuted one by ``y``, and is
lost too: the search need not make it, let alone check it again. The same holds
after any line of such moves, auto-play included: the piles a step changes are
those of the move and of the cards auto-play sent home, and auto-play keeps a
position's verdict. (The streamlined pass's auto-play, which sends home every card a
foundation accepts, does not; but it decides by each card's own column and suit, so
after ``y`` it sends home what it sent home after ``x``, and perhaps more, all of
them real moves from the refuted position.) A move stays asleep as long as every
step below changes none of its piles: the idea of Godefroid's sleep sets, kept here
to moves whose position was *refuted*, which is a fact about that position and not
about the line that found it. So it holds with every other technique, with cards
worried back (a worry-back changes a column and a foundation like any move) and
across the turns of :mod:`.restarts`.

The positions a proof refutes are met again this way when play elsewhere goes on:
on the lost face-up deal 175,290,714 (``-e none``) the search makes 47,317 positions
instead of 60,588 (see docs/solver.md, "Effect of each technique").

>>> from agnes_rules.solver.board import COLUMN_TO_COLUMN
>>> home = b"\\x00\\x00\\x00\\x00"
>>> before = ((b"\\x01", b"\\x02", b"\\x0e"), (), b"", home, 0)
>>> after = ((b"\\x01", b"", b"\\x0e\\x02"), (), b"", home, 0)
>>> bin(touched(before, after))
'0b110'
>>> asleep = [sleeper((COLUMN_TO_COLUMN, 0, 1, 1), 0b11)]
>>> still_asleep(asleep, touched(before, after))
[]
>>> is_asleep(asleep, (COLUMN_TO_COLUMN, 0, 1, 1))
True
"""

from __future__ import annotations

from typing import Final

from agnes_rules.solver.board import InternalMove, Position

__all__ = ["FOUNDATIONS_SHIFT", "is_asleep", "sleeper", "still_asleep", "touched"]

#: The mask's bits: one per column from bit 0 (at most 10 columns), then one per suit
#: (both foundations of a suit with two decks: a card goes to whichever takes it first),
#: then the reserve and spare spaces, and the stock.
FOUNDATIONS_SHIFT: Final = 16
_RESERVE_BIT: Final = 1 << 24
_STOCK_BIT: Final = 1 << 25
#: A move asleep is one int: the move's fields above this bit, its mask below (both fit
#: in 63 bits, so that the compiled build keeps them unboxed and compares them fast).
_MOVE_SHIFT: Final = 32
_MASK: Final = (1 << _MOVE_SHIFT) - 1


def _code(move: InternalMove) -> int:
    """``move``'s four fields (each below 256) as one int, above :data:`_MOVE_SHIFT`."""
    return (move[0] << 24 | move[1] << 16 | move[2] << 8 | move[3]) << _MOVE_SHIFT


def sleeper(move: InternalMove, mask: int) -> int:
    """``move`` asleep, as :func:`still_asleep` and :func:`is_asleep` read it, with the mask
    of the piles it changes (:func:`touched`)."""
    return _code(move) | mask


def touched(before: Position, after: Position) -> int:
    """The piles that differ between ``before`` and ``after`` (a step: a move and its
    auto-play), as a mask.

    Piles are compared by their cards, not by identity: a pile left alone is most
    often the same object (which makes the comparison cheap), but not always, and
    telling piles apart by identity would keep fewer moves asleep (agnes-sorel-quagnes
    deal 1,455, before the floors of :mod:`.reach_deals`: 13,584 positions instead of
    13,500).
    """
    mask = 0
    columns, later = before[0], after[0]
    for number in range(len(columns)):
        if columns[number] != later[number]:
            mask |= 1 << number
    found, found_after = before[3], after[3]
    for number in range(len(found)):
        if found[number] != found_after[number]:
            mask |= 1 << (FOUNDATIONS_SHIFT + number % 4)
    if before[1] != after[1] or before[2] != after[2]:
        mask |= _RESERVE_BIT
    if before[4] != after[4]:
        mask |= _STOCK_BIT
    return mask


def still_asleep(asleep: list[int], mask: int) -> list[int]:
    """The moves of ``asleep`` that stay asleep after a step that changed ``mask``'s piles:
    those that change none of them."""
    return [entry for entry in asleep if not entry & mask]


def is_asleep(asleep: list[int], move: InternalMove) -> bool:
    """Whether ``move`` is one of the moves ``asleep``."""
    code = _code(move)
    return any(entry & ~_MASK == code for entry in asleep)
