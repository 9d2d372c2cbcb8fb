"""Performing a move that has been checked, and the deal from the stock.

These functions trust their move: :func:`~agnes_rules.core.legality.check_move`
(or move generation) has already found it legal and, for a move to a
foundation, which foundation takes the card. Each returns a new position that
shares every untouched pile with the old one.

>>> from agnes_rules.core.moves import Move
>>> from agnes_rules.core.state import GameState
>>> state = GameState.deal("agnes-sorel", 1)
>>> after = perform(state, Move.parse("t4t3"), -1)
>>> after.tableau[2].face_up[-1], after.tableau[3].face_up[-1]
(Card.parse('4C'), Card.parse('KH'))
>>> len(deal(state).stock), len(state.stock)
(16, 23)
"""

from __future__ import annotations

from typing import Final, TypeVar

from agnes_rules.core.generation import foundation_top
from agnes_rules.core.moves import Area, Move
from agnes_rules.core.position import Position
from agnes_rules.core.variant import StockTarget

__all__ = ["deal", "perform"]

P = TypeVar("P", bound=Position)

# Module constants: compiled, they are read directly rather than looked up on the class.
_STOCK: Final = Area.STOCK
_TABLEAU: Final = Area.TABLEAU
_RESERVE: Final = Area.RESERVE
_FOUNDATION: Final = Area.FOUNDATION
_TO_RESERVE: Final = StockTarget.RESERVE


def perform(position: P, move: Move, foundation: int) -> P:
    """The position after the legal ``move`` (``foundation``: where a card goes up, else -1)."""
    source = move.source
    if source is _STOCK:
        return deal(position)
    down, up, reserve, spare, found = (
        position._down,
        position._up,
        position._reserve,
        position._spare,
        position._found,
    )
    count = move.count
    index = move.source_index
    if source is _TABLEAU:
        column = up[index]
        moving = column[-count:]
        remaining = column[:-count]
        new_up = list(up)
        if not remaining and down[index]:
            # The face-down card under the last face-up one turns over.
            new_down = list(down)
            remaining = new_down[index][-1:]
            new_down[index] = new_down[index][:-1]
            down = tuple(new_down)
        new_up[index] = remaining
    elif source is _FOUNDATION:
        # Worried back (the move was checked, so the variant allows it).
        moving = (foundation_top(position, index),)
        new_found = list(found)
        new_found[index] -= 1
        found = tuple(new_found)
        new_up = list(up)
    elif source is _RESERVE:
        pile = reserve[index]
        moving = pile[-1:]
        new_reserve = list(reserve)
        new_reserve[index] = pile[:-1]
        reserve = tuple(new_reserve)
        new_up = list(up)
    else:
        moving = (spare[index],)
        new_spare = list(spare)
        new_spare[index] = -1
        spare = tuple(new_spare)
        new_up = list(up)
    if move.target is _FOUNDATION:
        new_found = list(found)
        new_found[foundation] += 1
        found = tuple(new_found)
    else:
        new_up[move.target_index] += moving
    return position._successor(down, tuple(new_up), reserve, spare, found, position._stock)


def deal(position: P) -> P:
    """The position after dealing from the (non-empty) stock."""
    variant = position._variant
    width = variant.deal_width
    stock = position._stock
    dealt, rest = stock[:width], stock[width:]
    up, reserve, spare = position._up, position._reserve, position._spare
    if variant.stock_to is _TO_RESERVE:
        reserve = tuple(
            pile + (dealt[n],) if n < len(dealt) else pile for n, pile in enumerate(reserve)
        )
    else:
        up = tuple(
            column + (dealt[n],) if n < len(dealt) else column for n, column in enumerate(up)
        )
    if rest and variant.fills_spares(len(rest)):
        spare = rest + spare[len(rest) :]
        rest = ()
    return position._successor(position._down, up, reserve, spare, position._found, rest)
