"""MoveChoice: which moves a search tries from a position, and in what order."""

from __future__ import annotations

import attrs
import pytest

from agnes_rules.core.state import GameState
from agnes_rules.core.variant import PresetName
from agnes_rules.solver.board import COLUMN_TO_COLUMN, Board
from agnes_rules.solver.choice import MoveChoice
from agnes_rules.solver.moves import MoveGenerator
from agnes_rules.solver.ordering import order, undominated
from agnes_rules.solver.results import Techniques
from agnes_rules.solver.worryback import WorryBackUses

_ALL = Techniques()
_PLAIN = attrs.evolve(_ALL, move_ordering=False, dominated_moves=False, deferred_flips=False)


def _choice(state: GameState, techniques: Techniques = _ALL) -> tuple[Board, MoveChoice]:
    board = Board(state)
    generator = MoveGenerator(board)
    return board, MoveChoice(board, generator, WorryBackUses(board, generator), techniques)


@pytest.mark.parametrize("variant", ["agnes-sorel", "agnes-sorel-quagnes", "agnes-bernauer"])
def test_with_no_technique_the_candidates_are_the_legal_moves_in_the_generators_order(
    variant: PresetName,
) -> None:
    for number in range(1, 6):
        board, choice = _choice(GameState.deal(variant, number), _PLAIN)
        assert choice.candidates(board.root) == MoveGenerator(board).moves(board.root)


def test_the_candidates_are_legal_moves_in_the_order_of_the_salt() -> None:
    for number in range(1, 10):
        board, choice = _choice(GameState.deal("agnes-sorel", number))
        legal = MoveGenerator(board).moves(board.root)
        for salt in (0, 1, 7):
            choice.salt = salt
            tried = choice.candidates(board.root)
            assert tried == order(board, board.root, legal, salt)
            assert set(tried) <= set(legal)


def test_dominated_moves_are_dropped_only_where_gaps_stay_empty() -> None:
    sorel = _choice(GameState.deal("agnes-sorel", 1))[1]
    quagnes = _choice(GameState.deal("agnes-sorel-quagnes", 1))[1]
    off = _choice(
        GameState.deal("agnes-sorel-quagnes", 1), attrs.evolve(_ALL, dominated_moves=False)
    )[1]
    assert (sorel.prune_dominated, quagnes.prune_dominated, off.prune_dominated) == (
        False,
        True,
        False,
    )
    # Where the switch is on, the candidates are exactly the undominated legal moves.
    unordered = attrs.evolve(_ALL, move_ordering=False)
    for number in range(1, 20):
        board, choice = _choice(GameState.deal("agnes-sorel-quagnes", number), unordered)
        legal = MoveGenerator(board).moves(board.root)
        assert choice.candidates(board.root) == undominated(board, board.root, legal)


def test_worry_backs_of_no_use_are_dropped_with_one_deck_only() -> None:
    aisleriot = _choice(GameState.deal("agnes-sorel-aisleriot", 1))[1]
    sorel = _choice(GameState.deal("agnes-sorel", 1))[1]
    assert aisleriot.drop_useless and not sorel.drop_useless


def test_after_a_move_its_cards_are_not_moved_straight_on_and_the_list_is_reversed() -> None:
    found = 0
    for number in range(1, 40):
        state = GameState.deal("agnes-sorel", number)
        board, choice = _choice(state, _PLAIN)
        forgets = _choice(state, attrs.evolve(_PLAIN, transpositions=False))[1]
        root = board.root
        for move in MoveGenerator(board).moves(root):
            if move[0] != COLUMN_TO_COLUMN:
                continue
            child = board.apply(root, move)
            every, _ = choice.after(root, move, child, auto_played=True)
            assert forgets.after(root, move, child, auto_played=False)[0] == every
            kept, left_out = choice.after(root, move, child, auto_played=False)
            every.reverse()
            kept.reverse()
            assert every == MoveGenerator(board).moves(child)
            assert set(kept) <= set(every)
            assert left_out == (kept != every)
            # What is left out moves the cards just moved (from the move's target, as many).
            for dropped in set(every) - set(kept):
                assert (dropped[1], dropped[3]) == (move[2], move[3])
                found += 1
    assert found > 0
