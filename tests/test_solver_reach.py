"""Stranded cards: positions refuted because a card could never get home, even under
looser rules; never a position that can be won."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agnes_rules import winnable_deals
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Variant
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.board import Board
from agnes_rules.solver.deadends import DeadEnds
from agnes_rules.solver.reach import Reach
from agnes_rules.solver.search import Search
from tests.playouts import reached_states
from tests.positions import position

#: quagnes's default rules dealt face up: runs by colour, gaps stay empty.
_NONE_UP = attrs.evolve(Variant.named("agnes-sorel-quagnes"), face_down=False)
#: Without the proof: the verdicts must be the same, only the searches larger.
_WITHOUT = Techniques(stranded_cards=False)
#: The one-deck presets whose cards stay home once there (the proof's domain).
_ONE_DECK = [
    "agnes-sorel",
    "agnes-sorel-parlett",
    "agnes-sorel-pysol",
    "agnes-sorel-quagnes",
    "agnes-bernauer",
    "agnes-bernauer-parlett",
    "agnes-bernauer-pysol",
]


def _stranded(state: GameState) -> bool:
    board = Board(state)
    return Reach(board).stranded(board.root)


#: Base 4, every heart and diamond home, clubs and spades home up to their jacks.
_JACKS_HOME = {"H": 13, "D": 13, "C": 8, "S": 8}


def _queens_next(columns: dict[int, str]) -> GameState:
    return position(_NONE_UP, base="4", columns=columns, foundations=_JACKS_HOME)


def test_cards_that_keep_each_other_out_of_reach_strand_the_game() -> None:
    # The queens are next. The queen of clubs lies under the two of spades, which
    # could go only on a three; both threes lie under the kings. The kings could go
    # only on the aces, under the two of clubs, which could go only on a three. No
    # card is stuck on its own (each has a target in another pile), so the stuck-card
    # check lets the position pass; but no queen can ever be uncovered.
    state = _queens_next({1: "QC 2S", 2: "3S 3C KS KC", 3: "QS AS AC 2C"})
    board = Board(state)
    assert not DeadEnds(board).is_dead(board.root)
    assert Reach(board).stranded(board.root)
    assert solve(state).states == 1
    assert solve(state, techniques=_WITHOUT).outcome is Outcome.LOST


def test_a_game_that_can_be_won_is_not_stranded() -> None:
    state = _queens_next({1: "AC", 2: "3C QS KC", 3: "QC 3S 2C AS 2S KS"})
    assert not _stranded(state)
    result = solve(state)
    assert result.won and state.play(result.moves).is_won


def test_a_deal_whose_cards_never_get_home_after_the_last_deal_is_refuted_at_once() -> None:
    # quagnes's face-up rules, deal 416,257,079: after the deals no card goes home
    # again; the search without the proof examines every order of the columns.
    state = GameState.deal(_NONE_UP, 416_257_079)
    result = solve(state)
    assert result.outcome is Outcome.LOST and result.states < 100
    without = solve(state, techniques=_WITHOUT)
    assert without.outcome is Outcome.LOST and without.states > 30_000


@pytest.mark.parametrize("name", _ONE_DECK)
def test_no_position_of_a_winning_line_is_stranded(name: str) -> None:
    # Every position on a winning line can be won: the proof must let each one pass.
    for number in winnable_deals(name)[:3]:
        state = GameState.deal(name, number)
        result = solve(state, max_states=200_000)
        assert result.won
        for move in result.moves:
            assert not _stranded(state), (name, number, str(move))
            state = state.apply(move)


@pytest.mark.parametrize("name", ["agnes-sorel-pysol", "agnes-bernauer-pysol", "agnes-sorel"])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_stranded_position_is_never_won(name: str, data: st.DataObject) -> None:
    state = data.draw(reached_states(Variant.named(name), max_moves=80))
    if not _stranded(state):
        return
    # The search without the proof may run out of budget, but never win.
    assert not solve(state, max_states=3_000, techniques=_WITHOUT).won


def test_the_proof_needs_one_deck_and_cards_home_for_good() -> None:
    assert Search(GameState.deal("agnes-sorel", 1), Techniques()).reach is not None
    assert Search(GameState.deal("agnes-sorel", 1), _WITHOUT).reach is None
    assert Search(GameState.deal("agnes-two", 1), Techniques()).reach is None
    assert Search(GameState.deal("agnes-sorel-aisleriot", 1), Techniques()).reach is None
