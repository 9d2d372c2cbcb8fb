"""The solver's move generator against the rules engine, and its two paths against each other."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS, Variant
from agnes_rules.solver.api import public_move
from agnes_rules.solver.board import DOWN, Board
from agnes_rules.solver.moves import MoveGenerator
from tests.positions import position
from tests.strategies import custom_variants


def _private_state(board: Board) -> tuple[object, ...]:
    return _as_private(board, board.root)


def _as_private(board: Board, position: tuple[object, ...]) -> tuple[object, ...]:
    columns, reserve, spare, found, stock_at = position  # type: ignore[misc]
    return (columns, reserve, spare, found, board.stock[stock_at:])  # type: ignore[index]


@given(
    variant=st.one_of(st.sampled_from(list(VARIANTS.values())), custom_variants()),
    number=st.integers(1, 31999),
    choices=st.lists(st.integers(0, 10_000), min_size=0, max_size=60),
)
def test_move_generator_and_moves_agree_with_the_rules_engine(
    variant: Variant, number: int, choices: list[int]
) -> None:
    state = GameState.deal(variant, number)
    for choice in choices:
        board = Board(state)
        internal = MoveGenerator(board).moves(board.root)
        assert sorted(map(str, map(public_move, internal))) == sorted(map(str, state.legal_moves()))
        if not internal:
            break
        move = internal[choice % len(internal)]
        after = state.apply(public_move(move))
        mine = board.apply(board.root, move)
        assert _as_private(board, mine) == _private_state(Board(after))
        state = after


def test_with_two_decks_a_card_may_go_onto_either_copy_of_its_target() -> None:
    # Alternate colours: the five of spades fits on both sixes of hearts.
    state = position(
        Variant.named("agnes-two"), columns={1: "6H", 2: "6H", 3: "9C 5S"}, reserve=[""] * 10
    )
    board = Board(state)
    moves = [str(public_move(move)) for move in MoveGenerator(board).moves(board.root)]
    onto_sixes = [text for text in moves if text.startswith("t3t")]
    assert "t3t1" in onto_sixes and "t3t2" in onto_sixes
    assert sorted(moves) == sorted(map(str, state.legal_moves()))


def test_a_run_ends_at_a_face_down_card() -> None:
    board = Board(GameState.deal("agnes-sorel", 1))
    generator = MoveGenerator(board)
    # Find two cards that link into a run: the lower one ends a run only face down.
    under, upper = next(
        (lower, card) for lower in range(52) for card in board.links[lower] if card != lower
    )
    assert generator.run_length(bytes((under, upper))) == 2
    assert generator.run_length(bytes((under + DOWN, upper))) == 1


@given(
    variant=st.one_of(st.sampled_from(list(VARIANTS.values())), custom_variants()),
    cards=st.lists(st.tuples(st.integers(0, 51), st.booleans()), min_size=1, max_size=14),
)
def test_run_length_and_run_holds_follow_the_rules_links(
    variant: Variant, cards: list[tuple[int, bool]]
) -> None:
    board = Board(GameState.deal(variant, 1))
    generator = MoveGenerator(board)
    column = bytes(card + DOWN if down else card for card, down in cards)
    # The run as the rules' sets link it, counted down from the top card.
    length = 1
    while length < len(column) and column[-length] in board.links[column[-length - 1]]:
        length += 1
    assert generator.run_length(column) == length
    for card in range(52):
        assert generator.run_holds(column, card) == (card in column[-length:])
