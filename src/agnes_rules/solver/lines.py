"""Winning lines without pointless round trips between a column and a foundation.

Where cards may be worried back, a line can send a card home and later bring
it back onto the same column, or bring it back and later send it home, with
nothing done in between that needed it where it was. The search itself does
not play such a pair for nothing, but its auto-play sends home every card it
can take back exactly, and a line from a position where a card was just
worried back would start by sending it home again. A front-end that showed such
a hint would have the player undo their own move.

:func:`without_round_trips` removes every such pair: card c moved between
column T and foundation F, then back the other way, with no move in between
that touches column T (a move from or onto it, a deal) or foundation F. Those
moves are then legal with c in either place, and the line ends in the same
position, two moves shorter.
"""

from __future__ import annotations

from collections.abc import Sequence

from agnes_rules.core.moves import Area, Move
from agnes_rules.core.state import GameState

__all__ = ["without_round_trips"]


def without_round_trips(state: GameState, moves: Sequence[Move]) -> tuple[Move, ...]:
    """``moves`` (legal from ``state``) without their pointless column-foundation round trips."""
    line = list(moves)
    while True:
        pair = _first_round_trip(state, line)
        if pair is None:
            return tuple(line)
        first, second = pair
        del line[second]
        del line[first]


def _first_round_trip(state: GameState, line: list[Move]) -> tuple[int, int] | None:
    """The indices of the first removable pair of ``line``, or None."""
    if not state.variant.worry_back:
        return None
    ends = []  # for each move: (column, foundation) it moves a card between, or None
    touched = []  # for each move: the columns and foundations it touches
    current = state
    for move in line:
        ends.append(_between(current, move))
        touched.append(_touches(current, move))
        current = current.apply(move)
    for first, between in enumerate(ends):
        if between is None:
            continue
        for second in range(first + 1, len(line)):
            if ends[second] == between and _opposite(line[first], line[second]):
                return first, second
            if between[0] in touched[second][0] or between[1] in touched[second][1]:
                break
    return None


def _between(state: GameState, move: Move) -> tuple[int, int] | None:
    """(column, foundation) for a move of one card between them, else None."""
    if move.source is Area.TABLEAU and move.target is Area.FOUNDATION:
        foundation = state.foundation_for(move)
        assert foundation is not None
        return move.source_index, foundation
    if move.source is Area.FOUNDATION and move.target is Area.TABLEAU:
        return move.target_index, move.source_index
    return None


def _opposite(first: Move, second: Move) -> bool:
    return (first.source is Area.FOUNDATION) is not (second.source is Area.FOUNDATION)


def _touches(state: GameState, move: Move) -> tuple[set[int], set[int]]:
    """The columns and the foundations that ``move`` takes from or puts on."""
    columns: set[int] = set()
    foundations: set[int] = set()
    if move.is_deal:
        return set(range(len(state.tableau))), foundations
    for area, index in ((move.source, move.source_index), (move.target, move.target_index)):
        if area is Area.TABLEAU:
            columns.add(index)
        elif area is Area.FOUNDATION:
            foundations.add(index)
    if move.target is Area.FOUNDATION:
        foundations.discard(0)  # a drop names no foundation: the rules choose it
        foundation = state.foundation_for(move)
        assert foundation is not None
        foundations.add(foundation)
    return columns, foundations
