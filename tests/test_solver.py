"""The solver: its move generator against the rules engine, its verdicts against quagnes.

The reference verdicts in tests/data/quagnes_verdicts.csv were computed by
quagnes 1.1.0 (an external GPL solver, used only to produce this data) on
PySolFC deals written in its deck format; see docs/solver.md.
"""

from __future__ import annotations

import csv
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agnes_rules.core.moves import Move
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS, Vacancy, Variant
from agnes_rules.errors import ArgumentError
from agnes_rules.quagnes import read_deck, write_deck
from agnes_rules.records import GameRecord, validate
from agnes_rules.solver import (
    Hint,
    Outcome,
    SolveResult,
    Techniques,
    hint,
    omniscient_hint,
    solve,
)
from tests.positions import position
from tests.strategies import custom_variants

DATA = Path(__file__).parent / "data"

_QUAGNES = Variant.named("agnes-sorel-quagnes")
#: The quagnes rule sets of the reference data, as variants (quagnes wraps like BASE).
QUAGNES_RULE_SETS: dict[str, Variant] = {
    # -e none, runs by colour, split, face up
    "none-colour-split-up": attrs.evolve(_QUAGNES, name="quagnes-none-up", face_down=False),
    # -e none, runs by colour, split, face down: quagnes's default rule set
    "none-colour-split-down": _QUAGNES,
    # Parlett: -e none, runs by suit, not split, face up
    "parlett": Variant.named("agnes-sorel-parlett"),
    # -e "any 1", runs by suit, split, face up
    "any1-suit-split-up": Variant.named("agnes-sorel"),
}


def _reference() -> list[tuple[str, int, str]]:
    with (DATA / "quagnes_verdicts.csv").open() as handle:
        return [(row["rules"], int(row["deal"]), row["verdict"]) for row in csv.DictReader(handle)]


#: Deals of each preset that the solver wins within a few thousand positions.
WON_DEALS = {
    "agnes-sorel": (3, 27),
    "agnes-bernauer": (4, 22),
    "agnes-bernauer-parlett": (4, 24),
    "agnes-bernauer-pysol": (17, 24),
    "agnes-two": (11, 23),
}


@pytest.mark.parametrize(
    ("name", "number"), [(name, n) for name, numbers in WON_DEALS.items() for n in numbers]
)
def test_won_lines_replay_as_complete_winning_records(name: str, number: int) -> None:
    variant = VARIANTS[name]
    state = GameState.deal(variant, number)
    result = solve(state, max_states=5000)
    assert result.outcome is Outcome.WON
    assert state.play(result.moves).is_won
    report = validate(GameRecord(variant, number, [str(m) for m in result.moves]))
    assert report.ok and report.won


# ------------------------------------------------------- agreement with quagnes


@pytest.mark.parametrize(("rules", "deal", "verdict"), _reference())
def test_verdicts_agree_with_quagnes(rules: str, deal: int, verdict: str) -> None:
    variant = QUAGNES_RULE_SETS[rules]
    # The deal goes through the quagnes deck format, as it did for quagnes.
    state = GameState.from_deck(variant, read_deck(write_deck(deal)))
    result = solve(state)
    assert result.outcome.value == verdict
    if result.won:
        assert state.play(result.moves).is_won


# ------------------------------------------------- pruning keeps the verdicts


_NONE = Techniques(
    transpositions=True,
    symmetry=False,
    auto_foundation=False,
    dead_ends=False,
    stranded_cards=False,
    move_ordering=False,
)


@pytest.mark.parametrize(
    ("name", "numbers"),
    [
        ("agnes-sorel", (10, 27)),
        ("agnes-sorel-quagnes", (15, 18)),
        ("agnes-sorel-parlett", (15, 18)),
        ("agnes-sorel-pysol", (21,)),
        ("agnes-bernauer-pysol", (17,)),
        ("agnes-bernauer", (4,)),
    ],
)
def test_each_technique_keeps_the_verdict(name: str, numbers: tuple[int, ...]) -> None:
    for number in numbers:
        state = GameState.deal(name, number)
        full = solve(state, max_states=20_000)
        assert full.outcome is not Outcome.UNKNOWN
        # Without a technique the search may need more than the budget, never disagree.
        decided = 0
        for field in attrs.fields(Techniques):
            if field.name == "transpositions":
                continue
            alone = attrs.evolve(Techniques(), **{field.name: False})
            outcome = solve(state, max_states=8_000, techniques=alone).outcome
            assert outcome in (full.outcome, Outcome.UNKNOWN)
            decided += outcome is full.outcome
        assert decided >= 2
        bare = solve(state, max_states=8_000, techniques=_NONE)
        assert bare.outcome in (full.outcome, Outcome.UNKNOWN)


# 30 examples (not the profile's 60): each runs two searches, and this test was among the
# slowest of the suite.
@settings(max_examples=30)
@given(
    variant=st.one_of(st.sampled_from(list(VARIANTS.values())), custom_variants()),
    number=st.integers(1, 31999),
)
def test_pruning_never_changes_a_decided_verdict_in_any_variant(
    variant: Variant, number: int
) -> None:
    state = GameState.deal(variant, number)
    pruned = solve(state, max_states=2_000).outcome
    bare = solve(state, max_states=6_000, techniques=_NONE).outcome
    if Outcome.UNKNOWN not in (pruned, bare):
        assert pruned is bare


def test_a_card_that_can_go_home_before_the_deal_is_not_buried_by_it() -> None:
    # The ace of diamonds (base 4) is stuck: both cards it could be packed on lie
    # under it. The last deal brings the three of diamonds (top rank, never packed)
    # onto this column, but the three diamonds go home before that deal: winnable.
    state = position(
        Variant.named("agnes-sorel-parlett"),
        base="4",
        columns={1: "2D 2H AD"},
        foundations={"C": 13, "S": 13, "H": 11, "D": 10},
        stock="3D 3H",
    )
    for techniques in (Techniques(), Techniques(auto_foundation=False)):
        result = solve(state, techniques=techniques)
        assert result.won and state.play(result.moves).is_won


def test_a_card_that_cannot_go_home_before_the_deal_is_buried_by_it() -> None:
    # Deal 131 under Parlett's rules: the third deal brings the six of diamonds (base
    # 7: the top rank) onto column 2, where the five of diamonds can neither move
    # (both sixes are still in the stock) nor go home (the nine of diamonds comes with
    # that same deal). The opening position is refuted at once.
    assert solve(GameState.deal("agnes-sorel-parlett", 131)) == SolveResult(Outcome.LOST, (), 1)


def test_a_lost_verdict_is_a_search_of_the_whole_game() -> None:
    # A lost deal that no proof refutes within 50 positions (deal 10 was one, until
    # the stranded-card proof refuted it in 22; deal 2, until that proof dealt the
    # stock in order where gaps are filled, and refuted it at once).
    state = GameState.deal("agnes-sorel", 5)
    assert solve(state).outcome is Outcome.LOST
    assert solve(state, max_states=50).outcome is Outcome.UNKNOWN


# ---------------------------------------------------------------- the API


def test_budget_and_results() -> None:
    state = GameState.deal("agnes-sorel", 3)
    result = solve(state, max_states=10)
    assert result == SolveResult(Outcome.UNKNOWN, (), 10)
    won = solve(state)
    assert won.won and won.states > 10
    assert all(isinstance(move, Move) for move in won.moves)


@pytest.mark.parametrize("budget", [0, -3, 2.5, True, "10"])
def test_a_bad_budget_is_refused(budget: object) -> None:
    with pytest.raises(ArgumentError, match="max_states"):
        solve(GameState.deal("agnes-sorel", 1), max_states=budget)  # type: ignore[arg-type]
    # ArgumentError is also the ValueError and TypeError that callers caught before.
    with pytest.raises(ValueError, match="max_states"):
        solve(GameState.deal("agnes-sorel", 1), max_states=budget)  # type: ignore[arg-type]


def test_solve_wants_a_state_and_techniques() -> None:
    with pytest.raises(ArgumentError, match="GameState"):
        solve("agnes-sorel")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameState"):
        solve("agnes-sorel")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="Techniques"):
        solve(GameState.deal("agnes-sorel", 1), techniques=None)  # type: ignore[arg-type]


def test_hint_refuses_bad_arguments() -> None:
    for advise in (hint, omniscient_hint):
        with pytest.raises(ArgumentError, match="GameState"):
            advise("agnes-sorel")  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match="max_states"):
            advise(GameState.deal("agnes-sorel", 1), max_states=0)


def test_a_won_position_needs_no_move() -> None:
    state = GameState.deal("agnes-sorel", 3)
    final = state.play(solve(state).moves)
    assert solve(final) == SolveResult(Outcome.WON, (), 1)
    assert hint(final) == Hint(None, "no move is legal: the game is over")
    assert omniscient_hint(final) == hint(final)


def test_omniscient_hint_gives_the_first_move_of_a_winning_line() -> None:
    state = GameState.deal("agnes-sorel", 3)
    advice = omniscient_hint(state)
    assert advice.move == solve(state).moves[0]
    assert "winning line" in advice.reason
    assert str(advice).startswith(str(advice.move))


def test_omniscient_hint_in_a_lost_position_still_suggests_a_legal_move() -> None:
    state = GameState.deal("agnes-sorel", 10)
    advice = omniscient_hint(state)
    assert advice.move is not None and state.is_legal(advice.move)
    assert advice.reason.startswith("the game cannot be won any more")


def test_omniscient_hint_without_a_decision_falls_back_on_a_heuristic() -> None:
    state = GameState.deal("agnes-sorel", 4)
    advice = omniscient_hint(state, max_states=5)
    assert advice.move is not None and state.is_legal(advice.move)
    assert advice.reason.startswith("no winning line found within 5 positions")


def test_every_vacancy_rule_is_solved_exactly() -> None:
    # The generator test covers the rules; here the search runs end to end for each.
    for vacancy in Vacancy:
        variant = attrs.evolve(Variant.named("agnes-sorel"), name="v", vacancy=vacancy)
        for number in (3, 27):
            state = GameState.deal(variant, number)
            result = solve(state, max_states=3_000)
            if result.won:
                assert state.play(result.moves).is_won


def test_a_run_that_wraps_round_to_a_card_it_lies_on_can_make_room() -> None:
    # PySolFC's rules: packing wraps (a King on an Ace). The run from the nine of clubs
    # up to the jack of spades lies on the ten of clubs, the next card of its suit.
    # Moved onto the ten of spades, it uncovers the ten of clubs, which can then go on
    # the jack of spades, the top of that same run: the queen of hearts comes free and
    # goes home, and the game is won. (A pruning tried on the way to the stranded-card
    # proof skipped that first move as useless and called this position lost.)
    pysol = Variant.named("agnes-sorel-pysol")
    columns = {3: "JC QH TC 9C 8C 7C 6C 5C 4C 3C 2C AC KS QC JS", 4: "TS", 5: "KC QS KH"}
    home = {"C": 0, "D": 13, "H": 11, "S": 9}
    state = position(pysol, base="A", columns=columns, foundations=home)
    result = solve(state, max_states=100_000)
    assert result.won and state.play(result.moves).is_won
