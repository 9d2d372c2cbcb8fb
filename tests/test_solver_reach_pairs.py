"""The stranded-card proof with base-1 cards kept off the base cards
(:mod:`agnes_rules.solver.reach_pairs`): in a winning line one base-1 card of each pair
never again lies on a base card, so a position is lost when the proof strands a card in
every case of which card that is."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agnes_rules import Variant
from agnes_rules.core.state import GameState
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.base_pairs import BasePairs
from agnes_rules.solver.board import Board
from agnes_rules.solver.proofs import stranded_card_proof
from agnes_rules.solver.reach_pairs import PairedReach
from tests.playouts import reached_states
from tests.strategies import custom_variants
from tests.winning_lines import positions_on_winning_lines

_WITHOUT = Techniques(paired_reach=False)
_PAIRED = [
    "agnes-sorel-pysol",
    "agnes-sorel-aisleriot",
    "agnes-sorel-quagnes",
    "agnes-sorel-parlett",
]


def _proofs(state: GameState) -> tuple[Board, PairedReach]:
    board = Board(state)
    reach = stranded_card_proof(board)
    assert reach is not None
    return board, PairedReach(reach, BasePairs(board))


def _caught(state: GameState) -> bool:
    """Whether the proof refutes ``state``: the stranded-card proof with the base-1 cards
    of suits paired with themselves frozen, or every case of the pairs of two suits."""
    board, paired = _proofs(state)
    return paired.reach.stranded(board.root) or paired.refutes(board.root)


def _refuted(state: GameState) -> bool:
    """Whether the proof refutes ``state`` where the plain stranded-card proof and the
    pairs of base-1 cards let it pass."""
    board = Board(state)
    plain = stranded_card_proof(board)
    assert plain is not None
    if BasePairs(board).refutes(board.root) or plain.stranded(board.root):
        return False
    return _caught(state)


def test_a_deal_lost_at_once() -> None:
    # Aisleriot's deal 9,073 took 1,239,009 positions to lose before the proof; neither
    # the plain proof nor the pairs of base-1 cards refute its first position.
    state = GameState.deal("agnes-sorel-aisleriot", 9_073)
    assert _refuted(state)
    result = solve(state)
    assert result.outcome is Outcome.LOST and result.states == 1
    assert solve(state, max_states=2_000, techniques=_WITHOUT).outcome is Outcome.UNKNOWN


def test_a_frozen_card_and_a_gated_one() -> None:
    # Aisleriot's deal 1: the plain proof lets its first position pass. With the clubs'
    # base-1 card never lifted it strands a card; with the hearts' it does not, until
    # the hearts' last card may go home only once the diamonds could be complete.
    board = Board(GameState.deal("agnes-sorel-aisleriot", 1))
    reach = stranded_card_proof(board)
    assert reach is not None
    last = BasePairs(board).last
    assert not reach.stranded(board.root)
    reach.frozen = 1 << last[0]
    assert reach.stranded(board.root)
    reach.frozen = 1 << last[2]
    assert not reach.stranded(board.root)
    reach.gates[2] = 1
    reach.gated = 1 << last[2]
    assert reach.stranded(board.root)


def test_cards_of_the_suit_emptied_that_could_not_come_back_are_gated() -> None:
    # PySolFC's deal 635,898,226 (Agnes Sorel, no card worried back): with only the
    # kept-off base-1 card gated in each case, one case lets the first position pass;
    # with every card of the suit that must be empty gated (none of them could come
    # back), every case strands a card, and the deal is lost at its first position.
    state = GameState.deal("agnes-sorel-pysol", 635_898_226)
    board, paired = _proofs(state)
    reach = paired.reach
    assert not reach.stranded(board.root) and not BasePairs(board).refutes(board.root)
    passing = 0
    for case in paired.cases:
        frozen = gated = 0
        for kept, waits, other in case:
            frozen |= kept
            if waits >= 0:
                reach.gates[waits] = other
                gated |= kept
        reach.frozen, reach.gated = frozen, gated
        passing += not reach.stranded(board.root)
        reach.frozen, reach.gated, reach.gates = 0, 0, [-1] * 4
    assert passing == 1
    assert paired.refutes(board.root)
    assert solve(state).states == 1


def test_the_cases_of_each_game() -> None:
    # Two pairs of two suits: three cases each (both base-1 cards kept off the base
    # cards, or one of them, the other suit completed first), nine in all.
    _, paired = _proofs(GameState.deal("agnes-sorel-aisleriot", 1))
    assert len(paired.cases) == 9 and paired.always == 0
    # Where a base-1 card may lie on no card at all (quagnes's rules) it is frozen, which
    # changes nothing there: it is never lifted anyway.
    board, paired = _proofs(GameState.deal("agnes-sorel-quagnes", 1))
    pairs = BasePairs(board)
    assert paired.cases == ()
    assert paired.always == sum(1 << card for card in pairs.last)
    assert paired.reach.frozen == paired.always
    assert not paired.refutes(board.root)


def test_a_check_leaves_the_proof_as_it_was() -> None:
    board, paired = _proofs(GameState.deal("agnes-sorel-aisleriot", 9_073))
    assert paired.refutes(board.root)
    assert paired.reach.frozen == paired.always and paired.reach.gates == [-1] * 4
    assert paired.reach.gated == 0
    assert not paired.reach.stranded(board.root)


def test_a_case_that_fails_midway_leaves_the_proof_as_it_was() -> None:
    # The plain proof shares the Reach: a case whose run is cut short by an error (here a
    # column naming no card) must not leave its frozen cards or gates behind.
    board, paired = _proofs(GameState.deal("agnes-sorel-aisleriot", 9_073))
    case = next(case for case in paired.cases if all(part[1] >= 0 for part in case))
    broken = ((bytes([250]),) * 7, *board.root[1:])
    with pytest.raises(IndexError):
        paired.stranded_in(broken, case, 0)
    assert paired.reach.frozen == paired.always and paired.reach.gates == [-1] * 4
    assert paired.reach.gated == 0 and paired.refutes(board.root)


def test_the_search_runs_it_only_where_switched_on() -> None:
    state = GameState.deal("agnes-sorel-aisleriot", 9_073)
    assert solve(state, max_states=100, techniques=Techniques(base_pairs=False)).states > 1
    assert solve(state, max_states=100, techniques=Techniques(stranded_cards=False)).states > 1


@pytest.mark.parametrize("name", _PAIRED)
def test_no_position_of_a_winning_line_is_refuted(name: str) -> None:
    # Every position on a winning line can be won: the proof must let each one pass.
    checked = 0
    for number, state in positions_on_winning_lines(name, _WITHOUT):
        assert not _caught(state), (name, number)
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", _PAIRED)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_refuted_position_is_never_won(name: str, data: st.DataObject) -> None:
    state = data.draw(reached_states(Variant.named(name), max_moves=80))
    if not _refuted(state):
        return
    # The search without the proof may run out of budget, but never win.
    assert not solve(state, max_states=3_000, techniques=_WITHOUT).won


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_refuted_position_of_a_custom_variant_is_never_won(data: st.DataObject) -> None:
    variant = attrs.evolve(data.draw(custom_variants()), worry_back=data.draw(st.booleans()))
    state = data.draw(reached_states(variant, max_moves=60))
    if variant.decks != 1 or not BasePairs(Board(state)).active or not _refuted(state):
        return
    assert not solve(state, max_states=2_000, techniques=_WITHOUT).won
