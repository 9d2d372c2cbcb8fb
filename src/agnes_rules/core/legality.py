"""Checking one move: whether it is legal, and if not, the rule it breaks and why.

:func:`check_move` either returns what performing the move needs (the
foundation it goes to) or raises :class:`Refusal` with the
:class:`~agnes_rules.errors.Rule` and a reason; the public API turns that into
an :class:`~agnes_rules.errors.IllegalMoveError` that carries the move and the
position.

>>> from agnes_rules.core.moves import Move
>>> from agnes_rules.core.state import GameState
>>> state = GameState.deal("agnes-sorel", 1)
>>> check_move(state, Move.parse("t4f"))
0
>>> try:
...     check_move(state, Move.parse("t2t1"))
... except Refusal as refusal:
...     print(refusal.rule.value, "-", refusal.reason)
packing - TS is not one rank lower than QH (that would be a J)
"""

from __future__ import annotations

from typing import Final, NoReturn

from agnes_rules.cards import FULL_DECK, SUITS
from agnes_rules.core.generation import foundation_for, foundation_top, run_length
from agnes_rules.core.moves import Area, Move
from agnes_rules.core.position import Position
from agnes_rules.core.variant import Vacancy
from agnes_rules.errors import ArgumentError, Rule

__all__ = ["Refusal", "check_move"]

# Module constants: compiled, they are read directly rather than looked up on the class.
_STOCK: Final = Area.STOCK
_TABLEAU: Final = Area.TABLEAU
_RESERVE: Final = Area.RESERVE
_SPARE: Final = Area.SPARE
_FOUNDATION: Final = Area.FOUNDATION


class Refusal(Exception):  # noqa: N818 (a signal inside the checker, not an error for users)
    """Internal: carries a rule and a reason out of the move checker (never reaches a user)."""

    def __init__(self, rule: Rule, reason: str) -> None:
        super().__init__(rule, reason)
        self.rule = rule
        self.reason = reason


def _refuse(rule: Rule, reason: str) -> NoReturn:
    raise Refusal(rule, reason)


def check_move(position: Position, move: object) -> int:
    """Refuse an illegal move with its rule; for a legal one, return its foundation or -1."""
    # ``move`` is typed object: it comes straight from the public methods, and compiled
    # code would refuse a non-Move with a bare TypeError before this check names it.
    if not isinstance(move, Move):
        raise ArgumentError(f"expected a Move, got {move!r}")
    source, target = move.source, move.target
    if source is _STOCK:
        if not position._stock:
            _refuse(Rule.STOCK_EMPTY, "the stock is empty: every card has been dealt")
        return -1
    if source is _FOUNDATION and not position._variant.worry_back:
        _refuse(Rule.FOUNDATION_IS_FINAL, "cards never leave a foundation (worry_back=False)")
    if source is _FOUNDATION and target is _FOUNDATION:
        _refuse(
            Rule.FOUNDATION_IS_FINAL,
            "a card worried back from a foundation goes onto a tableau column",
        )
    if target is _RESERVE:
        _refuse(Rule.NOTHING_ON_RESERVE, "nothing may be placed on a reserve pile by a player")
    if target is _SPARE:
        _refuse(Rule.NOTHING_ON_SPARE, "nothing may be placed on a spare space by a player")
    card = _source_card(position, move)
    if target is _FOUNDATION:
        foundation = foundation_for(position, card)
        if foundation < 0:
            _refuse(Rule.FOUNDATION, _foundation_problem(position, card))
        return foundation
    _check_onto_column(position, move, card)
    return -1


def _source_card(position: Position, move: Move) -> int:
    """The bottom card of what the move takes from its source, after checking the source."""
    source, index, count = move.source, move.source_index, move.count
    if source is _TABLEAU:
        _check_pile_exists(position, "tableau column", index, len(position._up))
        column = position._up[index]
        if not column:
            _refuse(Rule.EMPTY_SOURCE, f"column {index + 1} is empty")
        if count > len(column):
            _refuse(
                Rule.NOT_ENOUGH_CARDS,
                f"column {index + 1} has {len(column)} face-up card(s), not {count}",
            )
        if move.target is _FOUNDATION:
            return column[-1]
        run = run_length(position, column)
        if count != run:
            _check_part_of_run(position, move, column, run)
        return column[-count]
    if source is _RESERVE:
        _check_pile_exists(position, "reserve pile", index, len(position._reserve))
        pile = position._reserve[index]
        if not pile:
            _refuse(Rule.EMPTY_SOURCE, f"reserve pile {index + 1} is empty")
        if count != 1:
            _refuse(Rule.TOP_CARD_ONLY, "only the top card of a reserve pile is available")
        return pile[-1]
    if source is _FOUNDATION:
        _check_pile_exists(position, "foundation", index, len(position._found))
        card = foundation_top(position, index)
        if card < 0:
            _refuse(Rule.EMPTY_SOURCE, f"foundation {index + 1} is empty")
        if count != 1:
            _refuse(Rule.TOP_CARD_ONLY, "only the top card of a foundation may be worried back")
        return card
    _check_pile_exists(position, "spare space", index, len(position._spare))
    card = position._spare[index]
    if card < 0:
        _refuse(Rule.EMPTY_SOURCE, f"spare space {index + 1} is empty")
    if count != 1:
        _refuse(Rule.TOP_CARD_ONLY, "a spare space holds one card")
    return card


def _check_part_of_run(position: Position, move: Move, column: tuple[int, ...], run: int) -> None:
    """Refuse taking more cards than the movable ``run`` on top of ``column``, or fewer when
    runs move whole."""
    count, index = move.count, move.source_index
    if count > run:
        under, card = column[-run - 1], column[-run]
        _refuse(
            Rule.NOT_A_RUN,
            f"only the top {run} card(s) of column {index + 1} move together: "
            + position._rules.run_link_problem(FULL_DECK[card], FULL_DECK[under]),
        )
    if not position._variant.split_runs and not _single_into_vacancy(position, move):
        _refuse(
            Rule.RUN_MAY_NOT_SPLIT,
            f"the run of {run} cards on column {index + 1} must move whole (split_runs=False)",
        )


def _single_into_vacancy(position: Position, move: Move) -> bool:
    # Under the single-card vacancy rules the exposed card may always move alone
    # into an empty column, even out of a run that split_runs keeps whole.
    return (
        move.count == 1
        and not position._rules.vacancy_takes_runs
        and move.target is _TABLEAU
        and 0 <= move.target_index < len(position._up)
        and not position._up[move.target_index]
    )


def _check_pile_exists(position: Position, what: str, index: int, count: int) -> None:
    if index >= count:
        if count == 0:
            _refuse(Rule.NO_SUCH_PILE, f"{position._variant.name} has no {what}s")
        _refuse(
            Rule.NO_SUCH_PILE,
            f"there is no {what} {index + 1}; {position._variant.name} has {count}",
        )


def _check_onto_column(position: Position, move: Move, card: int) -> None:
    target = move.target_index
    _check_pile_exists(position, "tableau column", target, len(position._up))
    if move.source is _TABLEAU and move.source_index == target:
        _refuse(Rule.SAME_COLUMN, "a column cannot move onto itself")
    column = position._up[target]
    rules = position._rules
    if column:
        if card not in rules.fits_on[column[-1]]:
            problem = rules.packing_problem(FULL_DECK[card], FULL_DECK[column[-1]])
            assert problem is not None
            _refuse(Rule.PACKING, problem)
        return
    if card in rules.vacancy_heads and (move.count == 1 or rules.vacancy_takes_runs):
        return
    vacancy = position._variant.vacancy
    if vacancy is Vacancy.NONE:
        _refuse(
            Rule.VACANCY,
            f"column {target + 1} is empty and only a deal may fill it (vacancy=NONE)",
        )
    if move.count > 1 and not rules.vacancy_takes_runs:
        _refuse(
            Rule.VACANCY,
            f"only a single card may fill an empty column (vacancy={vacancy.name})",
        )
    if card not in rules.vacancy_heads:
        _refuse(
            Rule.VACANCY,
            f"{FULL_DECK[card]} may not fill an empty column: vacancy={vacancy.name} admits"
            f" only a {rules.vacancy_rank.letter} (one below the base rank)"
            + (" or a run headed by one" if rules.vacancy_takes_runs else ""),
        )


def _foundation_problem(position: Position, card: int) -> str:
    suit = card // 13
    wants = position._rules.foundation_wants[suit]
    found = position._found
    held = [found[number] for number in range(suit, len(found), 4)]
    wanted = [wants[count] for count in held if count < 13]
    name = SUITS[suit].name.lower()
    if not wanted:
        return f"the {name} foundations are complete"
    texts = " or ".join(sorted({str(FULL_DECK[index]) for index in wanted}))
    return f"{FULL_DECK[card]} does not fit: the {name} foundation wants {texts}"
