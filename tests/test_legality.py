"""Checking one move: the rule it breaks and why, or what performing it needs."""

from __future__ import annotations

import pytest

from agnes_rules import ArgumentError, GameState, IllegalMoveError, Move, Rule
from agnes_rules.core.legality import Refusal, check_move
from tests.positions import position, variant

SOREL = GameState.deal("agnes-sorel", 1)


def refusal(state: GameState, text: str) -> Refusal:
    with pytest.raises(Refusal) as caught:
        check_move(state, Move.parse(text))
    return caught.value


def test_a_legal_move_returns_its_foundation_or_minus_one() -> None:
    assert check_move(SOREL, Move.parse("t4f")) == 0  # 4C onto the clubs foundation
    assert check_move(SOREL, Move.parse("t4t3")) == -1
    assert check_move(SOREL, Move.deal()) == -1


@pytest.mark.parametrize(
    ("text", "rule", "reason"),
    [
        ("t2t1", Rule.PACKING, "TS is not one rank lower than QH (that would be a J)"),
        ("t9t1", Rule.NO_SUCH_PILE, "there is no tableau column 9; agnes-sorel has 7"),
        ("r1t1", Rule.NO_SUCH_PILE, "agnes-sorel has no reserve piles"),
        ("f1t1", Rule.FOUNDATION_IS_FINAL, "cards never leave a foundation (worry_back=False)"),
        ("t1r1", Rule.NOTHING_ON_RESERVE, "nothing may be placed on a reserve pile by a player"),
        ("t1s1", Rule.NOTHING_ON_SPARE, "nothing may be placed on a spare space by a player"),
        ("t1f", Rule.FOUNDATION, "QH does not fit: the hearts foundation wants 5H"),
        ("t2t2", Rule.SAME_COLUMN, "a column cannot move onto itself"),
        ("t2t1x3", Rule.NOT_ENOUGH_CARDS, "column 2 has 2 face-up card(s), not 3"),
    ],
)
def test_an_illegal_move_names_its_rule(text: str, rule: Rule, reason: str) -> None:
    refused = refusal(SOREL, text)
    assert (refused.rule, refused.reason) == (rule, reason)
    error = SOREL.why_illegal(Move.parse(text))
    assert isinstance(error, IllegalMoveError)
    assert (error.rule, error.reason, error.move, error.state) == (
        rule,
        reason,
        Move.parse(text),
        SOREL,
    )


def test_runs_and_vacancies() -> None:
    whole = position(variant(split_runs=False), columns={1: "8S 7S 6S", 2: "8C", 3: "KD 6H"})
    assert refusal(whole, "t1t2").rule is Rule.RUN_MAY_NOT_SPLIT
    assert refusal(whole, "t3t2x2").rule is Rule.NOT_A_RUN
    closed = position(variant(vacancy=variant().vacancy.NONE), columns={1: "9S", 2: ""})
    refused = refusal(closed, "t1t2")
    assert refused.rule is Rule.VACANCY
    assert "only a deal may fill it" in refused.reason


def test_the_stock_must_hold_cards_to_deal() -> None:
    empty = position(variant(), columns={1: "9S"})
    assert refusal(empty, "d").rule is Rule.STOCK_EMPTY


def test_a_non_move_is_an_argument_error() -> None:
    with pytest.raises(ArgumentError, match="expected a Move, got 't1f'"):
        check_move(SOREL, "t1f")  # type: ignore[arg-type]
    # is_legal reads a move's text (issue 13); anything else is still refused.
    with pytest.raises(TypeError):
        SOREL.is_legal(3.5)  # type: ignore[arg-type]
