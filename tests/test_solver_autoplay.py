"""Safe autoplay: only harmless foundation moves, and all of them."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS, Variant
from agnes_rules.solver.api import public_move
from agnes_rules.solver.autoplay import Autoplay, GreedyAutoplay
from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    SPARE_TO_COLUMN,
    SPARE_TO_FOUNDATION,
    Board,
)
from agnes_rules.solver.moves import MoveGenerator
from tests.positions import position


@given(name=st.sampled_from(list(VARIANTS)), number=st.integers(1, 31999))
def test_autoplay_plays_legal_foundation_moves_until_none_is_safe(name: str, number: int) -> None:
    state = GameState.deal(name, number)
    board = Board(state)
    autoplay = Autoplay(board)
    after, played = autoplay.autoplay(board.root)
    for move in played:
        assert move[0] <= SPARE_TO_FOUNDATION
        state = state.apply(public_move(move))  # raises if the engine refuses it
    assert Board(state).root[:4] == after[:4]
    assert autoplay.autoplay(after) == (after, [])


@pytest.mark.parametrize(
    ("rules", "diamonds_home", "stock", "played"),
    [
        # The only guard of 6H not home is 5D, the next diamond, whose own guards
        # (the fours) are home: 5D would rather go home than onto 6H.
        ("agnes-sorel-quagnes", 1, "", True),
        # 5D is not the next diamond: it may still need 6H.
        ("agnes-sorel-quagnes", 0, "", False),
        # Runs not split and a deal to come: the plain rule only.
        ("agnes-sorel-parlett", 1, "KH KD", False),
        ("agnes-sorel-parlett", 1, "", True),
    ],
)
def test_a_card_goes_home_at_once_when_its_only_guard_is_the_next_of_its_suit(
    rules: str, diamonds_home: int, stock: str, played: bool
) -> None:
    variant = attrs.evolve(Variant.named(rules), face_down=False)
    state = position(
        variant,
        base="4",
        columns={1: "6H", 2: "5D QC"},
        foundations={"H": 2, "D": diamonds_home, "C": 1, "S": 1},
        stock=stock,
    )
    board = Board(state)
    columns = Autoplay(board).autoplay(board.root)[0][0]
    assert (columns[0] == b"") is played


def test_a_card_whose_guards_are_all_home_goes_up() -> None:
    # Every club, spade and heart is home: nothing could ever be packed on a diamond.
    state = position(
        Variant.named("agnes-sorel-parlett"),
        base="4",
        columns={1: "6D 5D", 2: "2D AD KD QD JD TD 9D 8D 7D 3D"},
        foundations={"C": 13, "S": 13, "H": 13, "D": 1},
    )
    board = Board(state)
    after, played = Autoplay(board).autoplay(board.root)
    assert [str(public_move(move)) for move in played] == ["t1f", "t1f"]
    assert after[0][0] == b""


def test_settle_after_a_move_from_a_spare_space_plays_nothing() -> None:
    # A card from a spare space uncovers nothing: the position was settled already.
    state = GameState.deal("agnes-bernauer", 9)
    board = Board(state)
    autoplay = Autoplay(board)
    settled, _ = autoplay.autoplay(board.root)
    assert autoplay.settle(settled, (SPARE_TO_COLUMN, 0, 0, 1)) == (settled, [])


#: A random line of a deal: the preset, the game number, and which move to take at each step.
_random_lines = given(
    name=st.sampled_from(sorted(VARIANTS)),
    number=st.integers(1, 31999),
    choices=st.lists(st.integers(0, 999), max_size=60),
)


@settings(max_examples=200)
@_random_lines
def test_settle_finds_what_a_full_autoplay_finds(
    name: str, number: int, choices: list[int]
) -> None:
    # settle looks only where the move changed something; it must miss nothing, also
    # where a card still to be dealt holds a card back (Parlett's rules).
    board = Board(GameState.deal(name, number))
    autoplay = Autoplay(board)
    generator = MoveGenerator(board)
    current, _ = autoplay.autoplay(board.root)
    for choice in choices:
        moves = generator.moves(current)
        if not moves:
            break
        move = moves[choice % len(moves)]
        moved = board.apply(current, move)
        settled = autoplay.settle(moved, move)
        assert settled == autoplay.autoplay(moved)
        current = settled[0]


def test_settle_plays_a_card_its_old_column_held_back() -> None:
    # Parlett's rules, a deal to come: 8H will land on column 1, where it would continue a
    # run on 9H, so 5C may not go home from there. Moved onto 6S (column 3, which no
    # deal reaches), it may.
    state = position(
        VARIANTS["agnes-sorel-parlett"],
        columns={1: "9H 5C", 3: "6S"},
        foundations={"C": 1, "S": 1, "H": 1, "D": 1},
        stock="8H 7D",
    )
    board = Board(state)
    autoplay = Autoplay(board)
    settled, played = autoplay.autoplay(board.root)
    assert played == []
    move = (COLUMN_TO_COLUMN, 0, 2, 1)
    moved = board.apply(settled, move)
    after, home = autoplay.settle(moved, move)
    assert (after, home) == autoplay.autoplay(moved)
    assert home == [(COLUMN_TO_FOUNDATION, 2, 0, 1)]


def test_greedy_autoplay_sends_home_what_the_exact_one_keeps_and_says_so() -> None:
    # 6H may go up, but 5D (not the next diamond) might still want it: the exact autoplay
    # keeps it, the streamliner's sends it home and notes that it was not safe.
    variant = attrs.evolve(Variant.named("agnes-sorel-quagnes"), face_down=False)
    state = position(
        variant,
        base="4",
        columns={1: "6H", 2: "5D QC"},
        foundations={"H": 2, "D": 0, "C": 1, "S": 1},
    )
    board = Board(state)
    assert Autoplay(board).autoplay(board.root)[1] == []
    greedy = GreedyAutoplay(board)
    after, played = greedy.autoplay(board.root)
    assert played == [(COLUMN_TO_FOUNDATION, 0, 0, 1)] and after[0][0] == b""
    assert greedy.unsafe


@settings(max_examples=100)
@_random_lines
def test_greedy_autoplay_leaves_nothing_the_foundations_take_and_is_exact_until_unsafe(
    name: str, number: int, choices: list[int]
) -> None:
    state = GameState.deal(name, number)
    board = Board(state)
    greedy = GreedyAutoplay(board)
    exact = Autoplay(board)
    generator = MoveGenerator(board)
    current = board.root
    for choice in choices:
        greedy.unsafe = False
        settled, played = greedy.autoplay(current)
        if not greedy.unsafe:
            assert (settled, played) == exact.autoplay(current)
        for move in played:
            state = state.apply(public_move(move))  # raises if the engine refuses it
        # Only a card held back for a card still to be dealt stays (runs not split).
        moves = generator.moves(settled)
        left = [m for m in moves if m[0] <= SPARE_TO_FOUNDATION]
        assert not left or not VARIANTS[name].split_runs
        if not moves:
            break
        move = moves[choice % len(moves)]
        current = board.apply(settled, move)
        state = state.apply(public_move(move))
