"""Stranded cards with the stock dealt in order (:mod:`agnes_rules.solver.reach_deals`):
a dealt card covers the top card of its pile when nothing could reach that card first."""

from __future__ import annotations

import attrs
import pytest

from agnes_rules import Card
from agnes_rules.cards import card_from_index
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Vacancy, Variant
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.board import Board
from agnes_rules.solver.proofs import stranded_card_proof
from agnes_rules.solver.reach import COLUMN_BOTTOM, IN_STOCK, Reach
from agnes_rules.solver.reach_deals import DealOrderReach
from tests.positions import position
from tests.winning_lines import positions_on_winning_lines

#: quagnes's default rules dealt face up: runs by colour, gaps stay empty, 7 columns.
_NONE_UP = attrs.evolve(Variant.named("agnes-sorel-quagnes"), face_down=False)
#: The proof with the stock loose, as :mod:`.reach` states it.
_LOOSE = Techniques(deal_order=False)
#: Base ace (nothing is packed on an ace, and kings take nothing): hearts and diamonds
#: home, clubs up to their jacks, spades up to their tens.
_TENS_HOME = {"H": 13, "D": 13, "C": 11, "S": 10}


def _proofs(state: GameState) -> tuple[bool, bool]:
    """Whether the proof strands ``state`` with the deals in order, and with the stock
    loose."""
    board = Board(state)
    in_order, loose = stranded_card_proof(board), stranded_card_proof(board, _LOOSE)
    assert in_order is not None and loose is not None
    return in_order.stranded(board.root), loose.stranded(board.root)


def _kings(columns: dict[int, str], stock: str) -> GameState:
    return position(_NONE_UP, base="A", columns=columns, foundations=_TENS_HOME, stock=stock)


def _lies_on(state: GameState, dealt: str) -> str | None:
    """The card the proof with the deals in order takes ``dealt`` to lie on once it is
    dealt (None: loose, covering nothing)."""
    board = Board(state)
    proof = DealOrderReach(board)
    proof.stranded(board.root)
    under = proof.under[Card.parse(dealt).index]
    return None if under == IN_STOCK else str(card_from_index(under))


@pytest.mark.parametrize(
    ("columns", "stock"),
    [
        # The king of clubs tops the first column, on the queen of spades, and the last
        # deal puts the king of spades on it. Before the deal the king of clubs cannot
        # go home (its queen is in the stock), nor move (a king takes no card and goes
        # on none), and no card can be packed on it: so the king of spades lands on it,
        # and waits for its queen, under the king of clubs. With the stock loose, the
        # queen of clubs goes home, then the king of clubs, and the spades follow.
        ({1: "QS KC", 2: "JS"}, "KS QC"),
        # The queen of spades could be packed on the king of clubs before the deal; the
        # king of spades, dealt on top, then lies on the queen. It continues no run on
        # either, so the king of clubs is exposed only once it leaves: it never does (it
        # waits for the queen of spades, which waits for the jack, under the king of
        # clubs).
        ({1: "JS KC", 2: "QS"}, "KS QC"),
    ],
    ids=["on the top card", "on a card packed there"],
)
def test_a_dealt_card_buries_the_card_it_must_follow_home(
    columns: dict[int, str], stock: str
) -> None:
    state = _kings(columns, stock=stock)
    assert _proofs(state) == (True, False)
    assert _lies_on(state, "KS") == "KC"
    assert solve(state).states == 1
    assert solve(state, techniques=_LOOSE).outcome is Outcome.LOST


@pytest.mark.parametrize(
    ("columns", "stock", "dealt"),
    [
        # The queen of spades, which waits for its jack in the stock, could be packed on
        # the king of clubs before the deal: where the king of spades lands is not known,
        # so it covers nothing. (Covering the queen would strand it under a king that
        # waits for it; but the game is won: the queen goes onto the king of clubs, the
        # queen of clubs home, and the king of spades into the emptied column.)
        ({1: "QC QS", 2: "KC"}, "KS JS", "KS"),
        # The jack of spades could continue a run on the queen of spades, once that is
        # packed on the king of clubs, and leave with it: it covers nothing. (Here the
        # game is won with the queen left where it is.)
        ({1: "KS KC", 2: "QS"}, "JS QC", "JS"),
    ],
    ids=["the top card could leave first", "it could continue a run packed there"],
)
def test_a_dealt_card_is_loose(columns: dict[int, str], stock: str, dealt: str) -> None:
    state = _kings(columns, stock=stock)
    assert _proofs(state) == (False, False)
    assert _lies_on(state, dealt) is None
    result = solve(state)
    assert result.won and state.play(result.moves).is_won


@pytest.mark.parametrize("name", ["agnes-sorel-parlett", "agnes-sorel-quagnes"])
def test_with_the_stock_dealt_the_proof_is_the_loose_one(name: str) -> None:
    state = GameState.deal(name, 3)
    while state.stock:
        state = state.apply(next(move for move in state.legal_moves() if move.is_deal))
    board = Board(state)
    proof = stranded_card_proof(board)
    assert proof is not None
    assert proof.stranded(board.root) == Reach(board).stranded(board.root)


def test_a_lost_parlett_deal_takes_a_fifth_of_the_positions() -> None:
    # Parlett's rules, deal 188 (lost): refuted in 378 positions with the deals in
    # order, in 2,062 with the stock loose (most lines are refuted only after a deal).
    state = GameState.deal("agnes-sorel-parlett", 188)
    in_order, loose = solve(state), solve(state, techniques=_LOOSE)
    assert in_order.outcome is loose.outcome is Outcome.LOST
    assert in_order.states * 5 < loose.states


@pytest.mark.parametrize(
    ("vacancy", "under"),
    [
        (Vacancy.NONE, COLUMN_BOTTOM),  # gaps stay empty: it lies at the bottom
        (Vacancy.ANY_CARD, IN_STOCK),  # the jack of spades could fill the gap first
    ],
)
def test_a_card_dealt_into_a_gap_lies_at_the_bottom_only_where_gaps_stay_empty(
    vacancy: Vacancy, under: int
) -> None:
    # The first column is empty, and the last deal puts the king of spades there.
    variant = attrs.evolve(_NONE_UP, vacancy=vacancy)
    columns = {2: "QS KC", 3: "JS"}
    state = position(variant, base="A", columns=columns, foundations=_TENS_HOME, stock="KS QC")
    board = Board(state)
    proof = stranded_card_proof(board)
    assert type(proof) is DealOrderReach
    assert not proof.stranded(board.root)
    assert proof.under[Card.parse("KS").index] == under
    assert solve(state).won


@pytest.mark.parametrize("worry_back", [False, True])
def test_a_card_that_could_come_back_onto_the_top_card_first_makes_the_dealt_card_loose(
    worry_back: bool,
) -> None:
    # The king of clubs tops the first column and cannot leave before the deal (its queen
    # is in the stock, and a king goes on no card). The queen of spades is home; where
    # cards may be worried back it could come back onto the king first, and the jack of
    # clubs, dealt there, would continue a run on it: then the jack covers nothing.
    variant = attrs.evolve(_NONE_UP, worry_back=worry_back)
    foundations = {"H": 13, "D": 13, "C": 10, "S": 12}
    state = position(
        variant, base="A", columns={1: "KS KC"}, foundations=foundations, stock="JC QC"
    )
    assert type(stranded_card_proof(Board(state))) is DealOrderReach
    assert _lies_on(state, "JC") == (None if worry_back else "KC")
    result = solve(state)
    assert result.won and state.play(result.moves).is_won


@pytest.mark.parametrize(
    "name",
    [
        "agnes-sorel-parlett",
        "agnes-sorel-quagnes",
        "agnes-sorel-pysol",
        "agnes-sorel",
        "agnes-sorel-aisleriot",
    ],
)
def test_no_position_of_a_winning_line_is_stranded(name: str) -> None:
    # Deals known to be won, their lines found with the stock loose: every position on
    # them can be won, so the proof must let each one pass.
    for number, state in positions_on_winning_lines(name, _LOOSE):
        board = Board(state)
        assert not DealOrderReach(board).stranded(board.root), number


def test_a_dealt_card_covers_the_floor_under_a_card_that_could_leave() -> None:
    # The queen of hearts tops the first column and could go home before the deal; under
    # it the king of clubs could not (its queen is in the stock) nor move (a king goes on
    # no card when the base is the ace): it is the column's floor. The king of spades,
    # dealt there, lies on the queen of hearts or on the king, and continues no run on
    # either, so the king of clubs stays covered until the king of spades leaves, which
    # waits for the queen of spades under the king of clubs. With the king of spades loose
    # (the top card could leave) the king of clubs would come up once the queen of
    # hearts went home, and the proof would let the position pass.
    state = position(
        _NONE_UP,
        base="A",
        columns={1: "QS KC QH", 2: "JS", 3: "KH"},
        foundations={"H": 11, "D": 13, "C": 11, "S": 10},
        stock="KS QC",
    )
    assert _proofs(state) == (True, False)
    assert _lies_on(state, "KS") == "KC"
    assert solve(state).states == 1
    assert solve(state, techniques=_LOOSE).outcome is Outcome.LOST


def test_a_card_dealt_above_a_floor_it_could_continue_a_run_above_is_loose() -> None:
    # The king of clubs is the floor again, under the queen of hearts. The queen of
    # spades could be packed on it before the deal, and the jack of spades, dealt there,
    # would continue a run on the queen: the two could then leave together, exposing
    # the king with the jack still on the queen. So the jack covers nothing.
    state = position(
        _NONE_UP,
        base="A",
        columns={1: "KS KC QH", 2: "QS"},
        foundations={"H": 11, "D": 13, "C": 11, "S": 10},
        stock="JS QC",
    )
    assert _lies_on(state, "JS") is None
    result = solve(state)
    assert result.won and state.play(result.moves).is_won
