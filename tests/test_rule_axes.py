"""Every value of every rule axis: a position where the rule allows a move, one where it refuses.

Positions are built by hand with :func:`tests.positions.position`; each test
names the few piles it is about.
"""

from __future__ import annotations

import pytest

from agnes_rules import (
    Card,
    GameState,
    IllegalMoveError,
    Leftover,
    MovableRuns,
    Move,
    Packing,
    Rank,
    Rule,
    StockTarget,
    TableauWrap,
    Vacancy,
    Variant,
)
from tests.positions import moves_between, position, variant


def refusal(state: GameState, text: str) -> IllegalMoveError:
    move = Move.parse(text)
    assert not state.is_legal(move)
    assert move not in state.legal_moves()
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(move)
    assert caught.value.move == move
    assert caught.value.state is state
    return caught.value


def allowed(state: GameState, text: str) -> None:
    move = Move.parse(text)
    assert state.is_legal(move), state.why_illegal(move)
    assert move in state.legal_moves()


# ------------------------------------------------------------------ packing


@pytest.mark.parametrize(
    ("packing", "accepted", "refused"),
    [
        (Packing.SAME_COLOUR, "8D", "8S"),
        (Packing.ALTERNATE_COLOUR, "8S", "8D"),
        (Packing.SAME_SUIT, "8H", "8D"),
    ],
)
def test_packing_accepts_and_refuses(packing: Packing, accepted: str, refused: str) -> None:
    state = position(variant(packing=packing), columns={1: "9H", 2: accepted, 3: refused})
    allowed(state, "t2t1")
    error = refusal(state, "t3t1")
    assert error.rule is Rule.PACKING
    assert packing.name in error.reason


def test_any_suit_packing_accepts_every_suit_and_refuses_a_wrong_rank() -> None:
    state = position(
        variant(packing=Packing.ANY_SUIT), columns={1: "9H", 2: "8S", 3: "8D", 4: "7H"}
    )
    allowed(state, "t2t1")
    allowed(state, "t3t1")
    error = refusal(state, "t4t1")
    assert "not one rank lower" in error.reason


def test_same_colour_message_names_the_colours() -> None:
    state = position(variant(packing=Packing.SAME_COLOUR), columns={1: "9H", 2: "8S"})
    assert refusal(state, "t2t1").reason == (
        "8S is black and 9H is red; packing=SAME_COLOUR needs the same colour"
    )


# ------------------------------------------------------------- tableau wrap


@pytest.mark.parametrize(
    ("wrap", "king_on_ace", "base_minus_one_on_base"),
    [
        (TableauWrap.CIRCULAR, True, True),
        (TableauWrap.BASE, True, False),
        (TableauWrap.NONE, False, True),
    ],
)
def test_tableau_wrap(wrap: TableauWrap, king_on_ace: bool, base_minus_one_on_base: bool) -> None:
    # Base rank 5: base-1 is a 4. Same-colour packing throughout.
    state = position(
        variant(tableau_wrap=wrap),
        base="5",
        columns={1: "AH", 2: "KD", 3: "5S", 4: "4C"},
        foundations={"H": 1},
    )
    if king_on_ace:
        allowed(state, "t2t1")
    else:
        assert refusal(state, "t2t1").rule is Rule.PACKING
    if base_minus_one_on_base:
        allowed(state, "t4t3")
    else:
        error = refusal(state, "t4t3")
        assert error.rule is Rule.PACKING
        assert "nothing may be packed on 5S" in error.reason


def test_base_wrap_with_an_ace_base_refuses_a_king_on_an_ace() -> None:
    state = position(
        variant(tableau_wrap=TableauWrap.BASE),
        base="A",
        columns={1: "AS", 2: "KC", 3: "3C", 4: "2S"},
        foundations={"H": 1},
    )
    refusal(state, "t2t1")
    allowed(state, "t4t3")


def test_ordinary_descent_holds_under_every_wrap() -> None:
    for wrap in TableauWrap:
        state = position(variant(tableau_wrap=wrap), columns={1: "9S", 2: "8C", 3: "7C"})
        allowed(state, "t2t1")
        refusal(state, "t3t1")


# ------------------------------------------------------------- movable runs


def test_single_card_runs_move_one_card_only() -> None:
    rules = variant(movable_runs=MovableRuns.SINGLE_CARD, split_runs=True)
    state = position(rules, columns={1: "TS", 2: "9C 8C", 3: "9S"})
    assert moves_between(state, 2, 1) == []
    assert moves_between(state, 2, 3) == ["t2t3"]
    error = refusal(state, "t2t1x2")
    assert error.rule is Rule.NOT_A_RUN
    assert "SINGLE_CARD" in error.reason


def test_same_suit_runs_do_not_move_a_mixed_suit_packet() -> None:
    # Dalton: 8C may be packed on 9S, but the two cannot then move together.
    rules = variant(movable_runs=MovableRuns.SAME_SUIT, split_runs=True)
    mixed = position(rules, columns={1: "TS", 2: "9S 8C", 3: "9C"})
    assert moves_between(mixed, 2, 1) == []
    assert refusal(mixed, "t2t1x2").rule is Rule.NOT_A_RUN
    allowed(mixed, "t2t3")
    suited = position(rules, columns={1: "TS", 2: "9S 8S"})
    assert moves_between(suited, 2, 1) == ["t2t1x2"]


def test_packed_runs_follow_the_packing_rule() -> None:
    rules = variant(movable_runs=MovableRuns.PACKED, split_runs=True)
    state = position(rules, columns={1: "TS", 2: "9S 8C", 3: "JH TH 9D 8S"})
    assert moves_between(state, 2, 1) == ["t2t1x2"]
    # 8S on 9D is not same-colour packing, so the run on column 3 is just 8S.
    assert refusal(state, "t3t1x2").rule is Rule.NOT_A_RUN


def test_a_run_cannot_be_longer_than_the_face_up_cards() -> None:
    state = position(variant(), columns={1: "TS", 2: "9S"})
    error = refusal(state, "t2t1x3")
    assert error.rule is Rule.NOT_ENOUGH_CARDS


# --------------------------------------------------------------- split runs


def test_split_runs_false_offers_only_the_whole_run() -> None:
    rules = variant(movable_runs=MovableRuns.PACKED, split_runs=False)
    state = position(rules, columns={1: "9S 8C 7S", 2: "TC", 3: "8S"})
    assert moves_between(state, 1, 2) == ["t1t2x3"]
    # 7S alone would fit on 8S, but the run may not be split.
    assert moves_between(state, 1, 3) == []
    assert refusal(state, "t1t3").rule is Rule.RUN_MAY_NOT_SPLIT


def test_split_runs_true_offers_every_tail() -> None:
    rules = variant(movable_runs=MovableRuns.PACKED, split_runs=True)
    state = position(rules, columns={1: "9S 8C 7S", 2: "TC", 3: "8S", 4: "9C"})
    assert moves_between(state, 1, 2) == ["t1t2x3"]
    assert moves_between(state, 1, 3) == ["t1t3"]
    assert moves_between(state, 1, 4) == ["t1t4x2"]


def test_split_runs_false_still_sends_the_exposed_card_to_a_foundation() -> None:
    rules = variant(movable_runs=MovableRuns.PACKED, split_runs=False)
    state = position(rules, base="7", columns={1: "9S 8C 7S"}, foundations={"H": 1})
    allowed(state, "t1f")


# ----------------------------------------------------------------- vacancy


def vacancy_state(vacancy: Vacancy, split: bool = True) -> GameState:
    rules = variant(
        vacancy=vacancy,
        movable_runs=MovableRuns.PACKED,
        split_runs=split,
        # With BASE wrap no run can end in base-1 (it may not lie on the base rank).
        tableau_wrap=TableauWrap.CIRCULAR,
    )
    # Base rank 4, so base-1 is a 3. Column 5 is empty.
    return position(
        rules,
        base="4",
        columns={1: "5C 4S 3C", 2: "QH", 3: "3D", 5: ""},
        foundations={"H": 1},
    )


def test_vacancy_none_only_a_deal_fills_a_gap() -> None:
    state = vacancy_state(Vacancy.NONE)
    for text in ("t2t5", "t3t5", "t1t5"):
        error = refusal(state, text)
        assert error.rule is Rule.VACANCY
        assert "vacancy=NONE" in error.reason


def test_vacancy_any_card_takes_any_single_card_but_no_run() -> None:
    state = vacancy_state(Vacancy.ANY_CARD)
    allowed(state, "t2t5")
    allowed(state, "t1t5")
    assert refusal(state, "t1t5x2").rule is Rule.VACANCY


def test_vacancy_any_run_takes_runs_and_single_cards() -> None:
    state = vacancy_state(Vacancy.ANY_RUN)
    allowed(state, "t2t5")
    assert moves_between(state, 1, 5) == ["t1t5", "t1t5x2", "t1t5x3"]


def test_vacancy_any_run_without_split_moves_the_whole_run_only() -> None:
    state = vacancy_state(Vacancy.ANY_RUN, split=False)
    assert moves_between(state, 1, 5) == ["t1t5x3"]
    assert refusal(state, "t1t5").rule is Rule.RUN_MAY_NOT_SPLIT


def test_vacancy_base_minus_one_card() -> None:
    state = vacancy_state(Vacancy.BASE_MINUS_ONE_CARD)
    allowed(state, "t3t5")
    allowed(state, "t1t5")  # 3C, the exposed card of a run
    error = refusal(state, "t2t5")
    assert error.rule is Rule.VACANCY
    assert "only a 3" in error.reason
    assert refusal(state, "t1t5x2").rule is Rule.VACANCY


def test_vacancy_single_card_rules_free_the_exposed_card_of_an_unsplittable_run() -> None:
    state = vacancy_state(Vacancy.BASE_MINUS_ONE_CARD, split=False)
    allowed(state, "t1t5")
    state = vacancy_state(Vacancy.ANY_CARD, split=False)
    allowed(state, "t1t5")


def test_vacancy_base_minus_one_run_accepts_a_run_headed_by_base_minus_one() -> None:
    rules = variant(
        vacancy=Vacancy.BASE_MINUS_ONE_RUN, movable_runs=MovableRuns.PACKED, split_runs=True
    )
    state = position(rules, base="4", columns={1: "3C 2S AC", 2: "QH", 5: ""}, foundations={"H": 1})
    assert moves_between(state, 1, 5) == ["t1t5x3"]
    error = refusal(state, "t2t5")
    assert error.rule is Rule.VACANCY
    assert "or a run headed by one" in error.reason
    assert refusal(state, "t1t5").rule is Rule.VACANCY


def test_base_minus_one_is_a_king_when_the_base_is_an_ace() -> None:
    state = position(
        variant(vacancy=Vacancy.BASE_MINUS_ONE_CARD),
        base="A",
        columns={1: "KS", 2: "QS", 5: ""},
        foundations={"H": 1},
    )
    allowed(state, "t1t5")
    refusal(state, "t2t5")


# ------------------------------------------------------- reserve and spare


def bernauer_like(**changes: object) -> Variant:
    fields: dict[str, object] = {
        "packing": Packing.ALTERNATE_COLOUR,
        "tableau_wrap": TableauWrap.CIRCULAR,
        "movable_runs": MovableRuns.PACKED,
        "reserve": 7,
        "stock_to": StockTarget.RESERVE,
    }
    return variant(**(fields | changes))


def test_reserve_top_card_plays_to_the_tableau_and_foundation() -> None:
    rules = bernauer_like()
    state = position(
        rules,
        base="T",
        columns={1: "9S"},
        reserve=["8S 8H", "JH", "2C", "", "3D", "4D", "5D"],
        foundations={"H": 1},
    )
    allowed(state, "r1t1")  # 8H on 9S
    allowed(state, "r2f")  # JH on TH
    refusal(state, "r1t1x2")
    assert refusal(state, "r4f").rule is Rule.EMPTY_SOURCE
    assert refusal(state, "t1r2").rule is Rule.NOTHING_ON_RESERVE
    assert refusal(state, "r3t1").rule is Rule.PACKING


def test_no_reserve_in_a_variant_without_one() -> None:
    state = position(variant(), columns={1: "9S"})
    error = refusal(state, "r1t1")
    assert error.rule is Rule.NO_SUCH_PILE
    assert "has no reserve piles" in error.reason


def test_spare_spaces_are_sources_but_never_targets() -> None:
    rules = bernauer_like(leftover=Leftover.SPARE_SPACES)
    assert rules.spare_spaces == 2
    state = position(
        rules,
        base="T",
        columns={1: "9S"},
        reserve=["2C", "3C", "4C", "5C", "6C", "7C", "9C"],
        spare=["8H", None],
        foundations={"H": 1},
    )
    allowed(state, "s1t1")
    assert refusal(state, "s2t1").rule is Rule.EMPTY_SOURCE
    assert refusal(state, "t1s2").rule is Rule.NOTHING_ON_SPARE
    after = state.apply(Move.parse("s1t1"))
    assert after.spare == (None, None)


# -------------------------------------------------------------- foundations


def test_foundations_build_up_in_suit_turning_the_corner() -> None:
    state = position(variant(), base="Q", columns={1: "AH", 2: "KS"}, foundations={"H": 2, "S": 0})
    allowed(state, "t1f")  # QH KH on the foundation: the Ace follows the King
    error = refusal(state, "t2f")
    assert error.rule is Rule.FOUNDATION
    assert "QS" in error.reason  # an empty foundation wants the base rank


def test_a_foundation_is_complete_at_thirteen() -> None:
    state = position(variant(), base="4", foundations={"H": 13})
    assert len(state.foundations[2]) == 13
    assert state.foundations[2][-1].rank == Rank.THREE


def test_cards_never_leave_a_foundation() -> None:
    state = position(variant(), columns={1: "5S"})
    assert refusal(state, "f3t1").rule is Rule.FOUNDATION_IS_FINAL


# ---------------------------------------------------------------- face down


def test_face_down_card_turns_up_when_exposed() -> None:
    rules = variant(face_down=True)
    state = position(rules, columns={1: "8C", 2: "9S"}, down={1: "KD QD"})
    after = state.apply(Move.parse("t1t2"))
    assert after.tableau[0].face_down == (Card.parse("KD"),)
    assert after.tableau[0].face_up == (Card.parse("QD"),)
    assert state.tableau[0].face_up == (Card.parse("8C"),)


# --------------------------------------------------------------------- deals


def test_deal_is_always_legal_while_the_stock_lasts() -> None:
    state = position(variant(), columns={1: "9S"}, stock="AS 2S")
    assert state.legal_moves()[-1] == Move.deal()
    empty = position(variant(), columns={1: "9S"})
    assert refusal(empty, "d").rule is Rule.STOCK_EMPTY
