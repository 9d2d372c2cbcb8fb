"""Stranded cards with two decks: a copy of a card is stranded only when every copy of
each of its targets is out of reach. (The proof is compared with the plain fixpoint on
random games of Agnes Two and of two-deck custom variants in test_solver_reach.py.)"""

from __future__ import annotations

import attrs
import pytest

from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Variant
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.board import Board
from agnes_rules.solver.reach_two_decks import TwoDeckReach
from agnes_rules.solver.search import Search
from tests.positions import position

#: quagnes's default rules dealt face up, with two decks in three columns.
_TWO_DECKS = attrs.evolve(
    Variant.named("agnes-sorel-quagnes"), name="two", face_down=False, decks=2, piles=3
)
_WITHOUT = Techniques(stranded_cards=False)
_ONE_ORDER = Techniques(restarts=False)
#: Base 4. Hearts, and diamonds then clubs, each in the order they go home.
_HEARTS = "3H 2H AH KH QH JH TH 9H 8H 7H 6H 5H 4H"
_DIAMONDS_CLUBS = "3C 2C AC KC QC JC TC 9C 8C 7C 5C 4C 3D 2D AD KD QD JD TD 9D 8D 7D 6D 5D 4D"
#: The five of spades lies on the four; it could go only on a black six, and the six of
#: spades and this six of clubs lie under the four.
_SPADES = "3S 2S AS KS QS JS TS 9S 8S 7S 6S 6C 4S 5S"


def _stranded(state: GameState) -> bool:
    board = Board(state)
    return TwoDeckReach(board).stranded(board.root)


def test_a_card_whose_targets_lie_under_it_strands_the_game() -> None:
    # One copy of every card is home: the other copies play a game of their own.
    home = {"H": 13, "D": 13, "C": 13, "S": 13}
    columns = {1: _HEARTS, 2: _DIAMONDS_CLUBS, 3: _SPADES}
    state = position(_TWO_DECKS, base="4", columns=columns, foundations=home)
    assert _stranded(state)
    assert solve(state).states == 1
    assert solve(state, techniques=_WITHOUT).outcome is Outcome.LOST


def test_the_other_copy_of_a_target_is_a_way_out() -> None:
    # The same, but only the fours and fives of the first clubs are home: the other six
    # of clubs lies on the hearts, and the five of spades could go on it.
    home = {"H": 13, "D": 13, "C": 2, "S": 13}
    columns = {1: f"3C 2C AC KC QC JC TC 9C 8C 7C {_HEARTS} 6C", 2: _DIAMONDS_CLUBS, 3: _SPADES}
    state = position(_TWO_DECKS, base="4", columns=columns, foundations=home)
    assert not _stranded(state)
    result = solve(state)
    assert result.won and state.play(result.moves).is_won


@pytest.mark.parametrize("number", [1, 21])
def test_agnes_two_deals_are_won_within_a_small_budget(number: int) -> None:
    # Deals that the search without the proof left undecided at 100,000 positions: lost
    # lines between the deals are refuted at once, which leaves the budget to the win.
    # (Restarts in other orders find these wins without the proof too: they are off in
    # the comparison, which is of one order.)
    state = GameState.deal("agnes-two", number)
    result = solve(state, max_states=3_000, techniques=_ONE_ORDER)
    assert result.won and state.play(result.moves).is_won
    without = attrs.evolve(_ONE_ORDER, stranded_cards=False)
    assert solve(state, max_states=3_000, techniques=without).outcome is Outcome.UNKNOWN


def test_with_two_decks_the_proof_runs_for_the_last_two_deals() -> None:
    # Agnes Two deals 38 stock cards ten at a time: the proof runs from the third deal.
    assert Search(GameState.deal("agnes-two", 1), Techniques()).proofs.proof_from == 18
    assert Search(GameState.deal("agnes-bernauer-pysol", 1), Techniques()).proofs.proof_from == 0
