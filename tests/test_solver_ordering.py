"""Which moves the search tries first, and which it may skip."""

from __future__ import annotations

import attrs

from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Variant
from agnes_rules.solver.api import public_move
from agnes_rules.solver.board import COLUMN_TO_COLUMN, DEAL, SPARE_TO_FOUNDATION, Board
from agnes_rules.solver.moves import MoveGenerator
from agnes_rules.solver.ordering import order, undominated, without_repeats
from agnes_rules.solver.results import Techniques
from agnes_rules.solver.search import Search
from tests.positions import position

_QUAGNES = Variant.named("agnes-sorel-quagnes")
_QUAGNES_UP = attrs.evolve(_QUAGNES, name="quagnes-up", face_down=False)


def _texts(moves: list[tuple[int, int, int, int]]) -> list[str]:
    return [str(public_move(move)) for move in moves]


def test_foundation_moves_come_first_and_only_moves_that_break_a_run_follow_the_deal() -> None:
    for number in range(1, 30):
        board = Board(GameState.deal("agnes-sorel", number))
        moves = MoveGenerator(board).moves(board.root)
        ordered = order(board, board.root, moves)
        assert sorted(ordered) == sorted(moves)
        kinds = [move[0] for move in ordered]
        foundation = [kind <= SPARE_TO_FOUNDATION for kind in kinds]
        assert foundation == sorted(foundation, reverse=True)
        if DEAL in kinds:
            for kind, source, _, count in ordered[kinds.index(DEAL) + 1 :]:
                column = board.root[0][source]
                assert kind == COLUMN_TO_COLUMN
                assert column[-count] in board.links[column[-count - 1]]


def test_a_move_that_turns_a_card_comes_before_one_that_does_not() -> None:
    # 5H may go onto either six of hearts or diamonds; only from column 1 does it
    # turn a card.
    state = position(_QUAGNES, columns={1: "5H", 2: "6D", 3: "6H 5D"}, down={1: "9C"})
    board = Board(state)
    moves = [m for m in MoveGenerator(board).moves(board.root) if m[0] == COLUMN_TO_COLUMN]
    ordered = _texts(order(board, board.root, moves))
    assert ordered.index("t1t2") < ordered.index("t3t2")


def test_a_move_that_frees_a_card_for_its_foundation_comes_first() -> None:
    # Base 4, 4H home: moving 9D off 5H lets 5H go home; moving 9H off KS does not.
    state = position(Variant.named("agnes-sorel"), columns={1: "5H 9D", 2: "TD", 3: "KS 9H"})
    board = Board(state)
    ordered = _texts(order(board, board.root, MoveGenerator(board).moves(board.root)))
    assert ordered.index("t1t2") < ordered.index("t3t2")
    assert next(move for move in ordered if not move.endswith("f")) == "t1t2"


def test_a_move_that_breaks_a_run_comes_after_the_deal() -> None:
    # 7H leaves 8H, with which it makes a run by suit, and 8H cannot go home yet.
    state = position(Variant.named("agnes-sorel"), columns={1: "KS 8H 7H", 2: "8D"}, stock="2C 2S")
    board = Board(state)
    ordered = _texts(order(board, board.root, MoveGenerator(board).moves(board.root)))
    assert ordered.index("d") < ordered.index("t1t2")


def test_a_whole_column_onto_a_column_no_deal_reaches_is_dominated() -> None:
    # No stock: no column gets another card, and an empty column is of no use.
    state = position(_QUAGNES_UP, columns={1: "5H", 2: "6D"})
    board = Board(state)
    moves = MoveGenerator(board).moves(board.root)
    assert "t1t2" in _texts(moves)
    assert "t1t2" not in _texts(undominated(board, board.root, moves))


def test_a_whole_column_onto_a_column_a_deal_reaches_is_kept() -> None:
    state = position(_QUAGNES_UP, columns={1: "5H", 2: "6D"}, stock="2C 2S")
    board = Board(state)
    assert board.fixed_at[0] == 2
    moves = MoveGenerator(board).moves(board.root)
    # Columns 1 and 2 still get a card: emptying one is not the same as keeping it.
    assert "t1t2" in _texts(undominated(board, board.root, moves))


def test_where_cards_are_worried_back_a_whole_column_is_dominated_too() -> None:
    # Worry-backs land on the same top cards either way, and nothing enters a gap.
    state = position(Variant.named("agnes-sorel-aisleriot"), columns={1: "5H", 2: "6D"})
    search = Search(state, Techniques())
    root = search.board.root
    assert "t1t2" in _texts(MoveGenerator(search.board).moves(root))
    assert "t1t2" not in _texts(search.choice.candidates(root))


def test_moving_the_same_card_on_at_once_is_a_repeat() -> None:
    state = position(_QUAGNES_UP, columns={1: "6H 5H", 2: "6D", 3: "9C"})
    board = Board(state)
    move = (COLUMN_TO_COLUMN, 0, 1, 1)
    after = board.apply(board.root, move)
    moves = MoveGenerator(board).moves(after)
    # Straight back onto 6H: the position before the move.
    assert "t2t1" in _texts(moves)
    assert "t2t1" not in _texts(without_repeats(board.root, move, moves))


def test_moving_a_card_back_after_it_turned_one_is_no_repeat() -> None:
    state = position(_QUAGNES, columns={1: "5H", 2: "6D"}, down={1: "9C 6H"})
    board = Board(state)
    move = (COLUMN_TO_COLUMN, 0, 1, 1)
    after = board.apply(board.root, move)
    moves = MoveGenerator(board).moves(after)
    assert "t2t1" in _texts(without_repeats(board.root, move, moves))
