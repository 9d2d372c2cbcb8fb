"""Sleep sets of refuted moves: the piles a step changes, and moves that commute."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DEAL_MOVE,
    SPARE_TO_FOUNDATION,
    Board,
    Position,
)
from agnes_rules.solver.moves import MoveGenerator
from agnes_rules.solver.search import Search
from agnes_rules.solver.sleep import FOUNDATIONS_SHIFT, is_asleep, sleeper, still_asleep, touched


def _walk(board: Board, generator: MoveGenerator, seed: int, steps: int) -> Position:
    """The position after up to ``steps`` random legal moves from the first one, half of
    them to the foundations where one is legal (so that cards get home, and where cards
    may be worried back, come back)."""
    chooser = random.Random(seed)
    position = board.root
    for _ in range(steps):
        moves = generator.moves(position)
        if not moves:
            break
        home = [move for move in moves if move[0] <= SPARE_TO_FOUNDATION]
        if home and chooser.random() < 0.5:
            moves = home
        position = board.apply(position, chooser.choice(moves))
    return position


def test_a_step_touches_the_piles_it_changes() -> None:
    board = Board(GameState.deal("agnes-sorel", 1))
    root = board.root
    dealt = board.apply(root, DEAL_MOVE)
    # The first deal covers all seven columns and moves the stock on.
    assert touched(root, dealt) == (1 << 7) - 1 | 1 << 25
    assert touched(root, root) == 0
    generator = MoveGenerator(board)
    for move in generator.moves(dealt):
        after = board.apply(dealt, move)
        mask = touched(dealt, after)
        if move[0] == COLUMN_TO_COLUMN:
            assert mask == 1 << move[1] | 1 << move[2]
        elif move[0] == COLUMN_TO_FOUNDATION:  # its column, and its suit's foundation
            suit = dealt[0][move[1]][-1] // 13
            assert mask == 1 << move[1] | 1 << (FOUNDATIONS_SHIFT + suit)


def test_both_foundations_of_a_suit_share_a_bit() -> None:
    board = Board(GameState.deal("agnes-two", 1))
    before = board.root
    for number in (0, 4):  # the two foundations of the first suit
        found = bytearray(before[3])
        found[number] += 1
        after = (before[0], before[1], before[2], bytes(found), before[4])
        assert touched(before, after) == 1 << FOUNDATIONS_SHIFT


def test_a_move_stays_asleep_only_after_steps_that_leave_its_piles_alone() -> None:
    move = (COLUMN_TO_COLUMN, 0, 1, 1)
    asleep = [sleeper(move, 0b11), sleeper((COLUMN_TO_COLUMN, 2, 3, 1), 0b1100)]
    assert still_asleep(asleep, 0b10000) == asleep
    assert still_asleep(asleep, 0b100) == [sleeper(move, 0b11)]
    assert is_asleep(asleep, move) and not is_asleep(asleep, (COLUMN_TO_COLUMN, 1, 0, 1))


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(sorted(VARIANTS)),
    number=st.integers(1, 1_000_000),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 60),
)
def test_moves_that_touch_other_piles_commute(
    name: str, number: int, seed: int, steps: int
) -> None:
    # What the sleep sets rest on: two legal moves that change none of the same piles stay
    # legal after each other and give the same position in either order.
    board = Board(GameState.deal(name, number))
    generator = MoveGenerator(board)
    position = _walk(board, generator, seed, steps)
    moves = generator.moves(position)
    children = [board.apply(position, move) for move in moves]
    masks = [touched(position, child) for child in children]
    for first, after_first, first_mask in zip(moves, children, masks, strict=True):
        for second, after_second, mask in zip(moves, children, masks, strict=True):
            if first_mask & mask:
                continue
            assert second in generator.moves(after_first)
            assert first in generator.moves(after_second)
            assert board.apply(after_first, second) == board.apply(after_second, first)


@pytest.mark.parametrize(
    ("name", "number", "verdict"),
    [
        ("agnes-sorel-quagnes", 1455, Outcome.LOST),
        ("agnes-sorel-parlett", 142, Outcome.LOST),
        ("agnes-sorel", 11, Outcome.LOST),
        ("agnes-sorel-pysol", 217, Outcome.LOST),
        ("agnes-sorel-aisleriot", 9, Outcome.LOST),
        ("agnes-sorel-aisleriot", 5536, Outcome.WON),
        ("agnes-bernauer", 229, Outcome.LOST),
        ("agnes-bernauer-parlett", 3, Outcome.WON),
        ("agnes-bernauer-pysol", 2, Outcome.WON),
        ("agnes-two", 9, Outcome.WON),
    ],
)
def test_sleep_sets_keep_every_verdict(name: str, number: int, verdict: Outcome) -> None:
    state = GameState.deal(name, number)
    awake = solve(state, max_states=60_000, techniques=Techniques(sleep_sets=False))
    asleep = solve(state, max_states=60_000)
    assert asleep.outcome is awake.outcome is verdict


def test_a_refuted_move_is_not_tried_again_where_it_would_only_be_refuted_again() -> None:
    # Quagnes's rules, a lost deal: the positions the proofs refute come back after moves
    # elsewhere, and the sleep sets skip them.
    state = GameState.deal("agnes-sorel-quagnes", 1455)
    search = Search(state, Techniques())
    outcome, _, examined = search.run(None)
    awake = solve(state, techniques=Techniques(sleep_sets=False))
    assert outcome is awake.outcome is Outcome.LOST
    assert examined == 13_456 < awake.states == 15_497
