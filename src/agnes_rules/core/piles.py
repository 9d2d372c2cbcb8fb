"""Piles named as in the move notation, and the moves that come from or go to them.

A front-end names a pile the way the notation does (``"t3"``, ``"r1"``,
``"s2"``, ``"f2"``; ``"f"`` for every foundation, ``"d"`` for the stock) or
by its :class:`~agnes_rules.core.moves.Area` for every pile of a kind;
:func:`moves_between` keeps the moves from and to such piles, for
:meth:`GameState.legal_moves <agnes_rules.GameState.legal_moves>`.

>>> from agnes_rules.core.state import GameState
>>> state = GameState.deal("agnes-sorel", 1)
>>> moves_between(state, state.legal_moves(), "t4", None)
(Move.parse('t4f'), Move.parse('t4t3'))
"""

from __future__ import annotations

from agnes_rules.core.generation import foundation_for, top_card
from agnes_rules.core.moves import Area, Move, parse_pile
from agnes_rules.core.position import Position
from agnes_rules.errors import ArgumentError

__all__ = ["moves_between", "named_pile"]


def moves_between(
    position: Position,
    moves: tuple[Move, ...],
    source: str | Area | None,
    target: str | Area | None,
) -> tuple[Move, ...]:
    """The legal ``moves`` of ``position`` from ``source`` and to ``target`` (None: any).

    A move to the foundations goes to ``"fN"`` when its card lands on foundation N.
    """
    if source is not None:
        area, index = named_pile(position, "source", source)
        moves = tuple(
            move
            for move in moves
            if move.source is area and (index is None or move.source_index == index)
        )
    if target is not None:
        area, index = named_pile(position, "target", target)
        moves = tuple(move for move in moves if move.target is area)
        if index is not None and area is Area.FOUNDATION:
            moves = tuple(
                move
                for move in moves
                if foundation_for(position, top_card(position, move)) == index
            )
        elif index is not None:
            moves = tuple(move for move in moves if move.target_index == index)
    return moves


def named_pile(position: Position, role: str, pile: str | Area) -> tuple[Area, int | None]:
    """The area and index (None: all) of ``pile``, which must exist in the position's variant.

    A pile that does not exist raises an :class:`~agnes_rules.errors.ArgumentError`
    naming the ``role`` it was given for.
    """
    if isinstance(pile, Area):
        return pile, None
    area, index = parse_pile(pile)
    if index is not None:
        variant = position.variant
        count, what = {
            Area.TABLEAU: (variant.piles, "tableau columns"),
            Area.RESERVE: (variant.reserve, "reserve piles"),
            Area.SPARE: (variant.spare_spaces, "spare spaces"),
            Area.FOUNDATION: (variant.foundation_count, "foundations"),
        }[area]
        if index >= count:
            raise ArgumentError(f"{role} {pile!r}: {variant.name} has {count} {what}")
    return area, index
