"""Transposition keys: equal positions give equal keys, interchangeable piles combine."""

from __future__ import annotations

import itertools
import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS, Leftover, Variant
from agnes_rules.solver.autoplay import Autoplay
from agnes_rules.solver.board import DEAL, Board, Position
from agnes_rules.solver.keys import (
    child_link_key,
    link_key,
    move_link_key,
    plain_key,
    symmetric_key,
)
from agnes_rules.solver.moves import MoveGenerator
from agnes_rules.solver.worryback import ReversibleAutoplay

#: Deals to the columns, with the last cards of the stock to spare spaces (no preset does).
_SPARE_COLUMNS = attrs.evolve(
    VARIANTS["agnes-sorel"], name="sorel-spare-spaces", leftover=Leftover.SPARE_SPACES
)


def _swap_columns(position: Position, first: int, second: int) -> Position:
    columns, reserve, spare, found, stock_at = position
    swapped = list(columns)
    swapped[first], swapped[second] = swapped[second], swapped[first]
    return (tuple(swapped), reserve, spare, found, stock_at)


def test_equal_positions_give_equal_keys() -> None:
    # Two boards of the same deal, and the same position built twice.
    first = Board(GameState.deal("agnes-sorel", 7))
    second = Board(GameState.deal("agnes-sorel", 7))
    assert symmetric_key(first, first.root) == symmetric_key(second, second.root)
    assert plain_key(first.root) == plain_key(second.root)
    dealt = first.deal(first.deal(first.root))
    assert symmetric_key(first, dealt) == symmetric_key(
        second, second.deal(second.deal(second.root))
    )


def test_different_positions_give_different_keys() -> None:
    board = Board(GameState.deal("agnes-sorel", 7))
    dealt = board.deal(board.root)
    assert symmetric_key(board, dealt) != symmetric_key(board, board.root)
    assert plain_key(dealt) != plain_key(board.root)


def test_columns_no_deal_reaches_are_interchangeable() -> None:
    # After the last deal no column gets another card: which column holds which
    # cards no longer matters.
    board = Board(GameState.deal("agnes-sorel-quagnes", 5))
    position = board.root
    while position[4] < len(board.stock):
        position = board.deal(position)
    assert board.fixed_at[position[4]] == 0
    swapped = _swap_columns(position, 0, 6)
    assert symmetric_key(board, swapped) == symmetric_key(board, position)
    # Without symmetry the key tells them apart.
    assert plain_key(swapped) != plain_key(position)


def test_columns_a_deal_still_reaches_are_not_interchangeable() -> None:
    board = Board(GameState.deal("agnes-sorel-quagnes", 5))
    assert board.fixed_at[0] == 7
    swapped = _swap_columns(board.root, 0, 6)
    assert symmetric_key(board, swapped) != symmetric_key(board, board.root)


def test_with_deals_to_the_reserve_every_column_is_interchangeable() -> None:
    board = Board(GameState.deal("agnes-bernauer", 9))
    assert board.to_reserve
    swapped = _swap_columns(board.root, 1, 5)
    assert symmetric_key(board, swapped) == symmetric_key(board, board.root)


def test_the_two_foundations_of_a_suit_combine_in_two_deck_games() -> None:
    board = Board(GameState.deal("agnes-two", 9))
    columns, reserve, spare, found, stock_at = board.root
    assert found[1] != found[5]
    mirrored = found[4:] + found[:4]
    other = (columns, reserve, spare, mirrored, stock_at)
    assert symmetric_key(board, other) == symmetric_key(board, board.root)
    assert plain_key(other) != plain_key(board.root)


_TWO_DECKS = Board(GameState.deal("agnes-two", 9))


@settings(max_examples=200, deadline=None)
@given(
    piles=st.lists(
        st.lists(
            st.lists(st.sampled_from([0, 1, 64]), max_size=4).map(bytes), min_size=10, max_size=10
        ),
        min_size=2,
        max_size=2,
    ),
    shuffle=st.randoms(use_true_random=False),
)
def test_two_deck_columns_that_begin_alike_still_sort_as_bytes(
    piles: list[list[bytes]], shuffle: random.Random
) -> None:
    # With two decks two piles may begin with the same cards, and then only their whole
    # bytes order them. Few card codes make such piles common.
    _, reserve, spare, found, stock_at = _TWO_DECKS.root
    first, second = ((tuple(p), reserve, spare, found, stock_at) for p in piles)
    key = symmetric_key(_TWO_DECKS, first)
    shuffled = list(piles[0])
    shuffle.shuffle(shuffled)
    assert symmetric_key(_TWO_DECKS, (tuple(shuffled), reserve, spare, found, stock_at)) == key
    same = sorted(piles[0]) == sorted(piles[1])
    assert (symmetric_key(_TWO_DECKS, second) == key) is same


def _canonical(board: Board, position: Position) -> tuple[object, ...]:
    """What :func:`symmetric_key` must tell apart, written plainly with ``sorted``."""
    columns, reserve, spare, found, stock_at = position
    fixed = board.fixed_at[stock_at]
    if board.decks == 2:
        found = bytes(v for suit in range(4) for v in sorted((found[suit], found[suit + 4])))
    else:
        found = b""
    if board.to_reserve:
        piles = (tuple(sorted(columns)), reserve[:fixed], tuple(sorted(reserve[fixed:])))
    else:
        piles = (columns[:fixed], tuple(sorted(columns[fixed:])), reserve)
    return (stock_at, found, bytes(sorted(spare)), piles)


def _playout(board: Board, seed: int, steps: int) -> list[Position]:
    """The positions of a random line of the solver's own moves from the opening."""
    chooser = random.Random(seed)
    generator = MoveGenerator(board)
    position = board.root
    line = [position]
    for _ in range(steps):
        moves = generator.moves(position)
        if not moves:
            break
        position = board.apply(position, chooser.choice(moves))
        line.append(position)
    return line


def _shuffled(board: Board, position: Position, shuffle: random.Random) -> Position:
    """``position`` with the piles that no deal reaches in a random order."""
    columns, reserve, spare, found, stock_at = position
    fixed = board.fixed_at[stock_at]
    if board.to_reserve:
        free_reserve = list(reserve[fixed:])
        shuffle.shuffle(free_reserve)
        reserve = reserve[:fixed] + tuple(free_reserve)
        fixed = 0
    free = list(columns[fixed:])
    shuffle.shuffle(free)
    return (columns[:fixed] + tuple(free), reserve, spare, found, stock_at)


@settings(max_examples=40, deadline=None)
@given(
    preset=st.sampled_from(["agnes-sorel", "agnes-sorel-quagnes", "agnes-bernauer", "agnes-two"]),
    deal=st.integers(1, 10_000),
    seeds=st.lists(st.integers(0, 2**32), min_size=2, max_size=3),
    shuffle=st.randoms(use_true_random=False),
)
def test_symmetric_keys_are_equal_exactly_when_the_canonical_positions_are(
    preset: str, deal: int, seeds: list[int], shuffle: random.Random
) -> None:
    # The key sorts interchangeable piles its own way (one-deck piles by their first
    # byte): it must agree with a plain sort, for positions from random lines.
    board = Board(GameState.deal(preset, deal))
    positions = [p for seed in seeds for p in _playout(board, seed, 60)]
    keys = {}
    for position in positions:
        key = symmetric_key(board, position)
        canonical = _canonical(board, position)
        assert keys.setdefault(canonical, key) == key
        # Any order of the piles no deal reaches gives the same key.
        assert symmetric_key(board, _shuffled(board, position, shuffle)) == key
    assert len(set(keys.values())) == len(keys)


def _settled_line(board: Board, seed: int, steps: int, deal_first: bool = False) -> list[Position]:
    """The positions of a random line of the search's steps: a move and its autoplay (the
    whole stock dealt first if ``deal_first``, so that spare spaces fill)."""
    chooser = random.Random(seed)
    generator = MoveGenerator(board)
    autoplay = ReversibleAutoplay(board) if board.worry_back else Autoplay(board)
    position, _ = autoplay.autoplay(board.root)
    line = [position]
    for _ in range(steps):
        moves = generator.moves(position)
        if not moves:
            break
        dealing = deal_first and (DEAL, 0, 0, 0) in moves
        move = (DEAL, 0, 0, 0) if dealing else chooser.choice(moves)
        position, _ = autoplay.settle(board.apply(position, move), move)
        line.append(position)
    return line


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from([*(v for v in VARIANTS.values() if v.decks == 1), _SPARE_COLUMNS]),
    deal=st.integers(1, 10_000),
    seeds=st.lists(st.integers(0, 2**32), min_size=2, max_size=3),
    settled=st.booleans(),
    shuffle=st.randoms(use_true_random=False),
)
def test_link_keys_follow_the_line_and_tell_apart_what_symmetric_keys_do(
    variant: Variant, deal: int, seeds: list[int], settled: bool, shuffle: random.Random
) -> None:
    board = Board(GameState.deal(variant, deal))
    play = _settled_line if settled else _playout
    lines = [play(board, seed, 80) for seed in seeds]
    classes: dict[bytes, bytes] = {}
    for line in lines:
        key = link_key(board, line[0])
        for parent, child in itertools.pairwise(line):
            # Each key made from its parent's is the key made from scratch.
            key = child_link_key(board, key, parent, child)
            assert key == link_key(board, child)
        for position in line:
            found = classes.setdefault(link_key(board, position), symmetric_key(board, position))
            assert found == symmetric_key(board, position)
            # The piles no deal reaches, in any order: the same key.
            assert link_key(board, _shuffled(board, position, shuffle)) == link_key(board, position)
    # One link key per symmetric key, and one symmetric key per link key.
    assert len(set(classes.values())) == len(classes)


@settings(max_examples=40, deadline=None)
@given(
    variant=st.sampled_from([*(v for v in VARIANTS.values() if v.decks == 1), _SPARE_COLUMNS]),
    deal=st.integers(1, 10_000),
    seed=st.integers(0, 2**32),
    deal_first=st.booleans(),
)
def test_the_key_a_move_leads_to_is_known_before_it_is_played(
    variant: Variant, deal: int, seed: int, deal_first: bool
) -> None:
    board = Board(GameState.deal(variant, deal))
    generator = MoveGenerator(board)
    checked = 0
    for position in _settled_line(board, seed, 80, deal_first):
        key = link_key(board, position)
        for move in generator.moves(position):
            if move[0] < DEAL:
                expected = link_key(board, board.apply(position, move))
                assert move_link_key(board, key, position, move) == expected
                checked += 1
    assert checked
