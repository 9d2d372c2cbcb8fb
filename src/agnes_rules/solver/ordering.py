"""Which moves the search tries, and in what order.

:func:`order` puts the moves that tend to win first; :func:`undominated` and
:func:`without_repeats` drop moves that provably never lead anywhere the
search does not reach otherwise, so "lost" stays a proof.
"""

from __future__ import annotations

from typing import Final

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

__all__ = ["SALT_SPREAD", "order", "undominated", "without_repeats"]

#: Breaking a run (leaving a card that the moved cards continue a run on) is tried
#: after the deal, unless it frees a card for the foundations: such a move only
#: reshuffles cards that could move on together later.
_BREAKS_RUN: Final = 600
#: A salted order (see :func:`order`) adds less than this to each score: less than the
#: gaps between the kinds of move that matter most (a foundation move against one that
#: only reshuffles), more than a few steps of distance.
SALT_SPREAD: Final = 48
#: Odd constants that spread a salt and a move over the bits of a hash (Knuth's
#: multiplicative hashing, 32 and 16 bits).
_SALT_MIX: Final = 2654435761
_SALT_SCRAMBLE: Final = 40503


def undominated(board: Board, position: Position, moves: list[InternalMove]) -> list[InternalMove]:
    """``moves`` without those that move a whole column onto a column no deal reaches
    (``moves`` itself when it has none: callers own the list they pass).

    With ``vacancy=NONE`` the emptied column is of no use, and the position
    before the move can do everything the one after it can: the cards that
    would lie on the target card are instead alone in their column, where every
    move of them stays possible (a run taking cards of the target column with
    them becomes one move, of the target column's cards alone), and the target
    card stays free. Moving them on as a whole is then no move at all, and
    nothing else differs, worry-backs included (they land on the same top card,
    and nothing enters an empty column). So a winning line with the fewest such
    moves has none (the change never makes a line longer), and the rearrangement
    that puts a line in the shape :meth:`~.worryback.WorryBackUses.uses` asks for adds none
    (it plays worry-backs later, cuts moves out, and moves a run without the
    worried card on its top).
    """
    columns = position[0]
    fixed = board.dealt_on[position[4]]
    kept: list[InternalMove] | None = None  # a copy only once a move is dropped
    for place, move in enumerate(moves):
        if (
            move[0] == COLUMN_TO_COLUMN
            and move[3] == len(columns[move[1]])
            and move[1] >= fixed
            and move[2] >= fixed
        ):
            if kept is None:
                kept = moves[:place]
        elif kept is not None:
            kept.append(move)
    return moves if kept is None else kept


def without_repeats(
    position: Position, move: InternalMove, moves: list[InternalMove]
) -> list[InternalMove]:
    """``moves`` (after ``move`` from ``position``, which autoplayed nothing) without
    those that move the same cards on at once (``moves`` itself when it has none).

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
    kept: list[InternalMove] | None = None  # a copy only once a move is dropped
    for place, other in enumerate(moves):
        if (
            other[1] == target
            and other[3] == count
            and (
                (other[0] == COLUMN_TO_FOUNDATION and count == 1)
                or (
                    other[0] == COLUMN_TO_COLUMN
                    and (other[2] != source or kind != COLUMN_TO_COLUMN or back_to_start)
                )
            )
        ):
            if kept is None:
                kept = moves[:place]
        elif kept is not None:
            kept.append(other)
    return moves if kept is None else kept


def _distance(board: Board, found: bytes, card: int) -> int:
    """How many cards of its suit must go home before ``card`` can (0: it can now)."""
    height = board.height[card]
    suit = card // 13
    if board.decks == 1:
        return height - found[suit]
    low, high = sorted((found[suit], found[suit + 4]))
    return height - high if height >= high else height - low


def order(
    board: Board, position: Position, moves: list[InternalMove], salt: int = 0
) -> list[InternalMove]:
    """The moves in the order to try them: those that tend to win first.

    Foundation moves come first, then a move that frees a card the foundations
    take now, a column emptied onto another card, a face-down card turned, a
    card off a reserve or spare space; then the other moves between columns,
    the nearer the card they uncover is to its foundation the sooner, and those
    into an empty column after those onto a card; cards worried back from the
    foundations, the deal, and last the moves that break a run without freeing
    a card for the foundations.

    Ties keep a fixed order (the moves themselves), so the search is repeatable.
    A ``salt`` other than 0 gives another order of the same kind, for a search
    that starts again (:mod:`.restarts`): each move's score gets a bonus below
    :data:`SALT_SPREAD` that the salt and the move decide, so that moves of one
    kind and those a few distances apart change places, and the order is still
    repeatable.
    """
    mix = salt * _SALT_MIX & 0xFFFFFFFF
    columns = position[0]
    found = position[3]
    links = board.links
    keyed: list[int] = []
    for move in moves:
        kind = move[0]
        if kind <= SPARE_TO_FOUNDATION:
            score = 0
        elif kind == DEAL:
            score = 900
        elif kind == FOUNDATION_TO_COLUMN:
            score = 800  # worrying a card back is rarely what wins: try it last but the deal
        elif kind == COLUMN_TO_COLUMN:
            column = columns[move[1]]
            count = move[3]
            if count == len(column):
                # Emptying a column helps more when the cards land on another card.
                score = 100 if len(columns[move[2]]) else 600
            else:
                under = column[-count - 1]
                if under >= DOWN:
                    score = 200
                else:
                    distance = _distance(board, found, under)
                    if distance == 0:
                        score = 10
                    else:
                        score = 400 + 8 * distance
                        if not len(columns[move[2]]):
                            score += 100  # an empty column spent on cards that stay away
                        if column[-count] in links[under]:
                            score += _BREAKS_RUN
        else:
            score = 300
        if salt:
            # A hash of the move and the salt: products kept below 2**62, so that the
            # compiled build stays with machine integers.
            code = kind << 24 | move[1] << 16 | move[2] << 8 | move[3]
            score += ((code ^ mix) * _SALT_SCRAMBLE >> 12) % SALT_SPREAD
        # One int per move: the score (below 2**11), the move's four fields (each below
        # 256), and the move's place in ``moves`` (below 2**16), in 59 bits, so that the
        # compiled build keeps them unboxed. Sorting ints is much cheaper than sorting
        # (score, move) tuples, with the same order, ties going by the move; the place
        # gives the move back without making it again.
        keyed.append(
            score << 48 | kind << 40 | move[1] << 32 | move[2] << 24 | move[3] << 16 | len(keyed)
        )
    keyed.sort()
    return [moves[code & 0xFFFF] for code in keyed]
