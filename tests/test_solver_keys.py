"""Transposition keys: equal positions give equal keys, interchangeable piles combine."""

from __future__ import annotations

from agnes_rules.core.state import GameState
from agnes_rules.solver.board import Board, Position
from agnes_rules.solver.keys import plain_key, symmetric_key


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
