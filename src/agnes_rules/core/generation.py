"""Legal-move generation: every legal move of a position, in the documented order.

The order is fixed: first the moves to the foundations (from the columns left
to right, then the reserve piles, then the spare spaces); then the moves onto
the tableau, grouped by source in the same order (columns, reserve piles,
spare spaces, and foundations when the variant lets cards be worried back),
for each source by target column left to right, and for each target by the
number of cards, fewest first; the deal comes last.

This is the hot path of every player and solver: each question is a lookup in
the :class:`~agnes_rules.core.rulebook.RuleBook` tables, and the moves are the
interned instances of :func:`~agnes_rules.core.moves.interned_move`.

>>> from agnes_rules.core.state import GameState
>>> [str(move) for move in legal_moves(GameState.deal("agnes-sorel", 1))]
['t4f', 't4t3', 'd']
"""

from __future__ import annotations

from typing import Final

from agnes_rules.core.moves import Area, Move, interned_move
from agnes_rules.core.position import Indices, Position

__all__ = ["foundation_for", "foundation_top", "legal_moves", "run_length", "top_card"]

# The areas as module constants: in the compiled build a constant is read directly,
# where ``Area.TABLEAU`` is an attribute lookup on the class at every use.
_TABLEAU: Final = Area.TABLEAU
_RESERVE: Final = Area.RESERVE
_SPARE: Final = Area.SPARE
_FOUNDATION: Final = Area.FOUNDATION
#: The source areas of moves by number, as :func:`_interned` takes them.
_SOURCES: Final = (_TABLEAU, _RESERVE, _SPARE, _FOUNDATION)
_FROM_TABLEAU: Final = 0
_FROM_RESERVE: Final = 1
_FROM_SPARE: Final = 2
_FROM_FOUNDATION: Final = 3


def foundation_for(position: Position, card: int) -> int:
    """The first foundation that accepts ``card`` (an index, or -1 for none), or -1."""
    if card < 0:
        return -1
    suit = card // 13
    wants = position._rules.foundation_wants[suit]
    found = position._found
    for number in range(suit, len(found), 4):
        if wants[found[number]] == card:
            return number
    return -1


def top_card(position: Position, move: Move) -> int:
    """The index of the top card of the move's source pile, or -1."""
    source = move.source
    if source is _TABLEAU:
        column = position._up[move.source_index]
        return column[-1] if column else -1
    if source is _RESERVE:
        pile = position._reserve[move.source_index]
        return pile[-1] if pile else -1
    if source is _SPARE:
        return position._spare[move.source_index]
    if source is _FOUNDATION:
        return foundation_top(position, move.source_index)
    return -1


def foundation_top(position: Position, number: int) -> int:
    """The index of the top card of foundation ``number``, or -1 when it is empty."""
    held = position._found[number]
    return position._rules.foundation_wants[number % 4][held - 1] if held else -1


def run_length(position: Position, column: Indices) -> int:
    """How many cards on top of a non-empty face-up ``column`` form a movable run."""
    links = position._rules.run_links
    length = 1
    index = len(column) - 1
    while index > 0 and column[index] in links[column[index - 1]]:
        length += 1
        index -= 1
    return length


def legal_moves(position: Position) -> tuple[Move, ...]:
    """Every legal move of ``position``, in the documented order."""
    moves: list[Move] = []
    _add_to_foundations(position, moves)
    _add_column_moves(position, moves)
    _add_single_card_moves(position, moves)
    if position._stock:
        moves.append(_DEAL)
    return tuple(moves)


_DEAL = Move.deal()

# The interned moves by an int code (source area number, source pile, target column or -1
# for the foundations, count): the generator finds each with one int lookup, where
# interned_move() builds and hashes a tuple of its fields.
_BY_CODE: dict[int, Move] = {}


def _interned(area: int, source: int, target: int, count: int) -> Move:
    """The move from pile ``source`` of ``_SOURCES[area]`` to tableau column ``target``, or to
    the foundations when ``target`` is -1."""
    code = ((area * 1024 + source) * 1024 + target + 1) * 1024 + count
    move = _BY_CODE.get(code)
    if move is None:
        if target < 0:
            move = interned_move(_SOURCES[area], source, _FOUNDATION)
        else:
            move = interned_move(_SOURCES[area], source, _TABLEAU, target, count)
        _BY_CODE[code] = move
    return move


def _add_to_foundations(position: Position, moves: list[Move]) -> None:
    for index, column in enumerate(position._up):
        if column and foundation_for(position, column[-1]) >= 0:
            moves.append(_interned(_FROM_TABLEAU, index, -1, 1))
    for index, pile in enumerate(position._reserve):
        if pile and foundation_for(position, pile[-1]) >= 0:
            moves.append(_interned(_FROM_RESERVE, index, -1, 1))
    for index, card in enumerate(position._spare):
        if card >= 0 and foundation_for(position, card) >= 0:
            moves.append(_interned(_FROM_SPARE, index, -1, 1))


def _add_column_moves(position: Position, moves: list[Move]) -> None:
    """Cards and runs from one column onto another (or into an empty one)."""
    rules = position._rules
    up = position._up
    packs_onto = rules.packs_onto
    heads = rules.vacancy_heads
    vacancy_runs = rules.vacancy_takes_runs
    split = position._variant.split_runs
    # Which columns each exposed card tops: a card finds its targets by lookup
    # instead of being tried against every column.
    topped_by: dict[int, list[int]] = {}
    empty: list[int] = []
    for index, column in enumerate(up):
        if column:
            columns = topped_by.get(column[-1])
            if columns is None:
                topped_by[column[-1]] = [index]
            else:
                columns.append(index)
        else:
            empty.append(index)
    for source, column in enumerate(up):
        if not column:
            continue
        run = run_length(position, column)
        # Each option is target * 1024 + count, so that sorting the ints sorts by target
        # column, then count (no pile or run reaches 1024 cards).
        options: list[int] = []
        for count in range(1 if split else run, run + 1):
            card = column[-count]
            for upper in packs_onto[card]:
                columns = topped_by.get(upper)
                if columns is not None:
                    for target in columns:
                        if target != source:
                            options.append(target * 1024 + count)
            if empty and card in heads and (vacancy_runs or count == 1):
                for target in empty:
                    options.append(target * 1024 + count)
        if empty and not vacancy_runs and not split and run > 1 and column[-1] in heads:
            # The single-card vacancy rules free the exposed card of an unsplittable run.
            for target in empty:
                options.append(target * 1024 + 1)
        if len(options) > 1:
            options.sort()
        for option in options:
            moves.append(_interned(_FROM_TABLEAU, source, option // 1024, option % 1024))


def _add_single_card_moves(position: Position, moves: list[Move]) -> None:
    """The top card of a reserve pile, a spare space or (where cards may be worried
    back) a foundation onto a column."""
    tops = [column[-1] if column else -1 for column in position._up]
    for source, pile in enumerate(position._reserve):
        if pile:
            _add_onto_columns(position, moves, _FROM_RESERVE, source, pile[-1], tops)
    for source, card in enumerate(position._spare):
        if card >= 0:
            _add_onto_columns(position, moves, _FROM_SPARE, source, card, tops)
    if position._variant.worry_back:
        for number in range(len(position._found)):
            card = foundation_top(position, number)
            if card >= 0:
                _add_onto_columns(position, moves, _FROM_FOUNDATION, number, card, tops)


def _add_onto_columns(
    position: Position, moves: list[Move], area: int, source: int, card: int, tops: list[int]
) -> None:
    """The moves of ``card``, alone on pile ``source`` of its area, onto the columns whose
    top cards are ``tops`` (-1 for an empty column)."""
    rules = position._rules
    fits_on = rules.fits_on
    heads = rules.vacancy_heads
    for target, top in enumerate(tops):
        if card in (fits_on[top] if top >= 0 else heads):
            moves.append(_interned(area, source, target, 1))
