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
that touches column T (a move from or onto it, a deal) or foundation F, and where c leaving
T turned no face-down card (else the card would stay face down without the
pair, and a later move could need it face up). Those moves are then legal with
c in either place, and the line ends in the same position, two moves shorter.
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
    touched = []  # for each move: the piles it takes from or puts on
    turned = []  # for each move: whether it turned a face-down card
    current = state
    hidden = _face_down(current)
    for move in line:
        touched.append(_piles(current, move))
        current = current.apply(move)
        before, hidden = hidden, _face_down(current)
        turned.append(hidden < before)
    for first, move in enumerate(line):
        between = _between(move, touched[first])
        if between is None or turned[first]:
            continue
        for second in range(first + 1, len(line)):
            if touched[second] == touched[first] and _opposite(move, line[second]):
                return first, second
            if not between.isdisjoint(touched[second]):
                break
    return None


def _face_down(state: GameState) -> int:
    """How many face-down cards the columns of ``state`` hold."""
    return sum(len(column.face_down) for column in state.tableau)


def _piles(state: GameState, move: Move) -> frozenset[tuple[Area, int]]:
    """The piles that ``move`` takes from or puts on (a deal: every column), each as
    (area, index), the foundation of a drop as the rules choose it."""
    if move.is_deal:
        return frozenset((Area.TABLEAU, column) for column in range(len(state.tableau)))
    assert move.target is not None
    target = move.target_index
    if move.target is Area.FOUNDATION:
        foundation = state.foundation_for(move)
        assert foundation is not None
        target = foundation
    return frozenset({(move.source, move.source_index), (move.target, target)})


def _between(move: Move, piles: frozenset[tuple[Area, int]]) -> frozenset[tuple[Area, int]] | None:
    """``piles`` for a move of one card between a column and a foundation, else None."""
    areas = {move.source, move.target}
    return piles if areas == {Area.TABLEAU, Area.FOUNDATION} else None


def _opposite(first: Move, second: Move) -> bool:
    return (first.source is Area.FOUNDATION) is not (second.source is Area.FOUNDATION)
