"""Which moves the search tries, and in what order.

:func:`order` puts the moves that tend to win first; :func:`undominated` and
:func:`without_repeats` drop moves that provably never lead anywhere the
search does not reach otherwise, so "lost" stays a proof.
"""

from __future__ import annotations

from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DEAL,
    DOWN,
    FOUNDATION_TO_COLUMN,
    SPARE_TO_FOUNDATION,
    Board,
    InternalMove,
    Position,
)

__all__ = ["order", "undominated", "without_repeats"]


def undominated(board: Board, position: Position, moves: list[InternalMove]) -> list[InternalMove]:
    """``moves`` without those that move a whole column onto a column no deal reaches.

    With ``vacancy=NONE`` the emptied column is of no use, and the position
    before the move can do everything the one after it can: the cards that
    would lie on the target card are instead alone in their column, where every
    move of them stays possible (a run taking cards of the target column with
    them becomes two moves), and the target card stays free.
    """
    columns = position[0]
    fixed = 0 if board.to_reserve else board.fixed_at[position[4]]
    return [
        move
        for move in moves
        if not (
            move[0] == COLUMN_TO_COLUMN
            and move[3] == len(columns[move[1]])
            and move[1] >= fixed
            and move[2] >= fixed
        )
    ]


def without_repeats(
    position: Position, move: InternalMove, moves: list[InternalMove]
) -> list[InternalMove]:
    """``moves`` (after ``move`` from ``position``, which autoplayed nothing) without
    those that move the same cards on at once.

    Moving them on from where they arrived to another pile, or to the
    foundations, gives the position that one move gives from ``position`` (the
    source, the target and the cards are the same), a position the search reaches
    there. Moving them straight back gives ``position`` itself, unless the move
    turned a face-down card.
    """
    kind, source, target, count = move
    back_to_start = kind == COLUMN_TO_COLUMN and (
        len(position[0][source]) == count or position[0][source][-count - 1] < DOWN
    )
    return [
        other
        for other in moves
        if not (
            other[1] == target
            and other[3] == count
            and (
                (other[0] == COLUMN_TO_FOUNDATION and count == 1)
                or (
                    other[0] == COLUMN_TO_COLUMN
                    and (other[2] != source or kind != COLUMN_TO_COLUMN or back_to_start)
                )
            )
        )
    ]


def order(position: Position, moves: list[InternalMove]) -> list[InternalMove]:
    """Foundation moves first, then moves that turn a card or empty a pile, then cards
    worried back from the foundations, the deal last.

    Ties keep a fixed order (the moves themselves), so the search is repeatable.
    """
    columns = position[0]
    keyed = []
    for move in moves:
        kind = move[0]
        if kind <= SPARE_TO_FOUNDATION:
            score = 0
        elif kind == DEAL:
            score = 9
        elif kind == FOUNDATION_TO_COLUMN:
            score = 8  # worrying a card back is rarely what wins: try it last but the deal
        elif kind == COLUMN_TO_COLUMN:
            column = columns[move[1]]
            count = move[3]
            if count == len(column):
                # Emptying a column helps more when the cards land on another card.
                score = 1 if columns[move[2]] else 6
            elif column[-count - 1] >= DOWN:
                score = 2
            else:
                score = 4
        else:
            score = 3
        keyed.append((score, move))
    keyed.sort()
    return [move for _, move in keyed]
