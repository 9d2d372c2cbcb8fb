"""Stranded cards: positions refuted because a card could never get home, even under
looser rules; never a position that can be won."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agnes_rules import winnable_deals
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Variant
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.board import COLUMN_TO_COLUMN, DOWN, NO_CARD, Board, Position
from agnes_rules.solver.deadends import DeadEnds
from agnes_rules.solver.moves import MoveGenerator
from agnes_rules.solver.reach import Reach
from agnes_rules.solver.search import Search
from tests.playouts import playouts, reached_states
from tests.positions import position
from tests.strategies import custom_variants

#: quagnes's default rules dealt face up: runs by colour, gaps stay empty.
_NONE_UP = attrs.evolve(Variant.named("agnes-sorel-quagnes"), face_down=False)
#: Without the proof: the verdicts must be the same, only the searches larger.
_WITHOUT = Techniques(stranded_cards=False)
#: The one-deck presets (the proof's domain).
_ONE_DECK = [
    "agnes-sorel-aisleriot",
    "agnes-sorel",
    "agnes-sorel-parlett",
    "agnes-sorel-pysol",
    "agnes-sorel-quagnes",
    "agnes-bernauer",
    "agnes-bernauer-parlett",
    "agnes-bernauer-pysol",
]


def _stranded(state: GameState) -> bool:
    board = Board(state)
    return Reach(board).stranded(board.root)


#: Base 4, every heart and diamond home, clubs and spades home up to their jacks.
_JACKS_HOME = {"H": 13, "D": 13, "C": 8, "S": 8}


def _queens_next(columns: dict[int, str]) -> GameState:
    return position(_NONE_UP, base="4", columns=columns, foundations=_JACKS_HOME)


def test_cards_that_keep_each_other_out_of_reach_strand_the_game() -> None:
    # The queens are next. The queen of clubs lies under the two of spades, which
    # could go only on a three; both threes lie under the kings. The kings could go
    # only on the aces, under the two of clubs, which could go only on a three. No
    # card is stuck on its own (each has a target in another pile), so the stuck-card
    # check lets the position pass; but no queen can ever be uncovered.
    state = _queens_next({1: "QC 2S", 2: "3S 3C KS KC", 3: "QS AS AC 2C"})
    board = Board(state)
    assert not DeadEnds(board).is_dead(board.root)
    assert Reach(board).stranded(board.root)
    assert solve(state).states == 1
    assert solve(state, techniques=_WITHOUT).outcome is Outcome.LOST


def test_a_run_moved_whole_leaves_its_cards_covered() -> None:
    # Clubs want the eight, under the nine of spades, which could go only on a black
    # ten: the ten of clubs lies under the eight, the ten of spades under the nine of
    # clubs, which could leave it only for the ten of clubs or to go home after the
    # eight. The ten of spades and the nine could move together onto a jack, but the
    # nine travels on the ten and never uncovers it: carried along, a card does not
    # leave the card it lies on.
    spades_next = {"H": 13, "D": 13, "C": 4, "S": 4}
    columns = {1: "TS 9C", 2: "TC 8S 8C 9S", 3: "JS", 4: "3C 2C AC KC QC JC", 5: "3S 2S AS KS QS"}
    state = position(_NONE_UP, base="4", columns=columns, foundations=spades_next)
    board = Board(state)
    assert not DeadEnds(board).is_dead(board.root)
    assert Reach(board).stranded(board.root)
    assert solve(state, techniques=_WITHOUT).outcome is Outcome.LOST


@pytest.mark.parametrize(
    ("name", "won"), [("agnes-bernauer", False), ("agnes-bernauer-parlett", True)]
)
def test_a_run_that_moves_only_whole_never_uncovers_a_card_within_it(name: str, won: bool) -> None:
    # Clubs want the three, under the two of diamonds and the ace of clubs: a run on
    # it. Morehead's rules move runs only whole, and this one has nowhere to go (the
    # gap takes only a run from a two), so the three is never uncovered. Parlett's let
    # the two and the ace into the gap as a run of their own, and the game is won.
    home = {"H": 13, "S": 13, "D": 12, "C": 0}
    columns = {1: "3C 2D AC", 2: "", 3: "2C KC QC JC TC 9C 8C 7C 6C 5C 4C"}
    state = position(
        Variant.named(name),
        base="3",
        columns=columns,
        foundations=home,
        reserve=[""] * 7,
        spare=[None, None],
    )
    assert _stranded(state) is not won
    assert solve(state, techniques=_WITHOUT).won is won


def test_a_game_that_can_be_won_is_not_stranded() -> None:
    state = _queens_next({1: "AC", 2: "3C QS KC", 3: "QC 3S 2C AS 2S KS"})
    assert not _stranded(state)
    result = solve(state)
    assert result.won and state.play(result.moves).is_won


def test_a_deal_whose_cards_never_get_home_after_the_last_deal_is_refuted_at_once() -> None:
    # quagnes's face-up rules, deal 416,257,079: after the deals no card goes home
    # again; the search without the proof examines every order of the columns.
    state = GameState.deal(_NONE_UP, 416_257_079)
    result = solve(state)
    assert result.outcome is Outcome.LOST and result.states < 100
    without = solve(state, techniques=_WITHOUT)
    assert without.outcome is Outcome.LOST and without.states > 30_000


@pytest.mark.parametrize("name", _ONE_DECK)
def test_no_position_of_a_winning_line_is_stranded(name: str) -> None:
    # Every position on a winning line can be won: the proof must let each one pass.
    # (Three deals known to be won, among the first that the search wins again within
    # the budget: a search finds some of them only with more.)
    checked = 0
    for number in winnable_deals(name)[:10]:
        state = GameState.deal(name, number)
        # Lines found without the proof, so that they do not depend on it.
        result = solve(state, max_states=100_000, techniques=_WITHOUT)
        if not result.won:
            continue
        for move in result.moves:
            assert not _stranded(state), (name, number, str(move))
            state = state.apply(move)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@pytest.mark.parametrize(
    "name", ["agnes-sorel-pysol", "agnes-bernauer-pysol", "agnes-sorel", "agnes-sorel-aisleriot"]
)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_stranded_position_is_never_won(name: str, data: st.DataObject) -> None:
    state = data.draw(reached_states(Variant.named(name), max_moves=80))
    if not _stranded(state):
        return
    # The search without the proof may run out of budget, but never win.
    assert not solve(state, max_states=3_000, techniques=_WITHOUT).won


def test_where_deals_go_to_the_reserve_every_move_is_checked() -> None:
    # Parlett's Agnes Bernauer, deal 691: checked only after deals and cards sent home,
    # the search spends 100,000 positions in lost lines between them; checked after
    # every move, it refutes those lines at once and finds the win.
    state = GameState.deal("agnes-bernauer-parlett", 691)
    assert Search(state, Techniques()).check_every_move
    result = solve(state, max_states=2_000)
    assert result.won and state.play(result.moves).is_won


@pytest.mark.parametrize(
    ("name", "every_move"),
    [
        ("agnes-bernauer", True),  # deals to the reserve
        ("agnes-sorel-quagnes", True),  # gaps stay empty
        ("agnes-sorel-pysol", True),
        ("agnes-sorel-parlett", False),  # gaps stay empty, but runs move only whole
        ("agnes-sorel", False),  # any card fills a gap
        ("agnes-sorel-aisleriot", False),  # gaps stay empty, but cards come back
    ],
)
def test_which_searches_check_every_move(name: str, every_move: bool) -> None:
    assert Search(GameState.deal(name, 1), Techniques()).check_every_move is every_move


def test_the_proof_needs_one_deck() -> None:
    assert Search(GameState.deal("agnes-sorel", 1), Techniques()).reach is not None
    assert Search(GameState.deal("agnes-sorel", 1), _WITHOUT).reach is None
    assert Search(GameState.deal("agnes-two", 1), Techniques()).reach is None
    assert Search(GameState.deal("agnes-sorel-aisleriot", 1), Techniques()).reach is not None


def test_cards_worried_back_are_targets_again() -> None:
    # Base 4, the queen of spades next, under the king, which could go only on an ace.
    # The ace of spades lies under the queen, and the ace of clubs is home: home for
    # good, that strands the queen. Under Aisleriot's rules the clubs above the ace can
    # come back from their foundation, and the ace after them, and the game is won.
    aisleriot = Variant.named("agnes-sorel-aisleriot")
    home = {"H": 13, "D": 13, "C": 7, "S": 8}
    columns = {1: "AS QS KS", 2: "2S 3S"}
    state = position(aisleriot, base="4", columns=columns, foundations=home)
    board = Board(state)
    assert not Reach(board).stranded(board.root)
    result = solve(state)
    assert result.won and state.play(result.moves).is_won
    for_good = attrs.evolve(aisleriot, worry_back=False)
    state = position(for_good, base="4", columns=columns, foundations=home)
    board = Board(state)
    assert Reach(board).stranded(board.root)
    assert solve(state, techniques=_WITHOUT).outcome is Outcome.LOST


def _reference_fixpoint(board: Board, position: Position) -> tuple[bool, set[int], set[int]]:
    """The looser game's fixpoint computed the plain way, from the rules as the module
    states them, every rule applied to every card until nothing changes: whether a card
    is stranded, the cards not home that could be lifted, those that could go home."""
    columns, reserve, spare, found, stock_at = position
    piles = list(columns) + list(reserve)
    width = len(columns)
    where = {
        code % DOWN: (index, at) for index, pile in enumerate(piles) for at, code in enumerate(pile)
    }
    loose = {card for card in spare if card != NO_CARD} | set(board.stock[stock_at:])
    to_columns = set()
    if not board.to_reserve:
        to_columns = {card for cards in board.future_cards(stock_at) for card in cards}
    lifted: set[int] = set()
    homeable: set[int] = set()

    def home(card: int) -> bool:
        return found[card // 13] > board.height[card]

    def leaves(card: int) -> bool:
        return card in lifted or card in homeable

    def lies_on(index: int, at: int) -> bool:
        """Whether a card lies on place ``at`` of pile ``index`` that could not leave it."""
        pile = piles[index]
        return at + 1 < len(pile) and not leaves(pile[at + 1] % DOWN)

    def exposed(card: int) -> bool:
        return card in loose or not lies_on(*where[card])

    def glued(card: int) -> bool:
        if board.split or card in loose:
            return False
        index, at = where[card]
        pile = piles[index]
        return (
            index < width and at > 0 and pile[at] < DOWN and pile[at] in board.links[pile[at - 1]]
        )

    def run_free(card: int) -> bool:
        if card in loose:
            return True
        index, at = where[card]
        if index >= width:
            return exposed(card)
        pile = piles[index]
        while at + 1 < len(pile) and pile[at + 1] < DOWN and pile[at + 1] in board.links[pile[at]]:
            at += 1
        return not lies_on(index, at)

    def target(card: int) -> bool:
        if home(card) or card in homeable:
            if board.worry_back:
                return True
            if home(card):
                return False
        in_column = (card in where and where[card][0] < width) or card in to_columns
        return (in_column or card in lifted) and exposed(card)

    cards = [card for card in [*where, *loose] if not home(card)]
    changed = True
    while changed:
        changed = False
        emptiable = any(
            not piles[index] or leaves(piles[index][0] % DOWN) for index in range(width)
        )
        for card in cards:
            level, suit = board.height[card], card // 13
            below = board.card_at[suit * 13 + level - 1] if level else -1
            next_up = found[suit] == level or below in homeable
            if card not in homeable and next_up and exposed(card):
                homeable.add(card)
                changed = True
            if card in lifted:
                continue
            gap = emptiable and card in board.vacancy_movable
            if glued(card):
                can = gap and not board.vacancy_runs and exposed(card)
            else:
                can = run_free(card) and (
                    gap or any(target(under) for under in board.fits_under[card])
                )
            if can:
                lifted.add(card)
                changed = True
    return any(not home(card) and card not in homeable for card in range(52)), lifted, homeable


def _same_fixpoint(state: GameState) -> None:
    board = Board(state)
    reach = Reach(board)
    stranded, lifted, homeable = _reference_fixpoint(board, board.root)
    assert reach.stranded(board.root) == stranded
    if stranded:
        # No early stop: the whole fixpoint is there to compare, card by card.
        found, height = board.root[3], board.height
        left = [card for card in range(52) if found[card // 13] <= height[card]]
        assert {card for card in left if reach.lifted >> card & 1} == lifted
        assert {card for card in left if reach.homeable >> card & 1} == homeable


def _keeps_open_holds(state: GameState) -> None:
    board = Board(state)
    reach = Reach(board)
    position = board.root
    if reach.stranded(position):
        return
    for move in MoveGenerator(board).moves(position):
        if reach.keeps_open(position, move):
            assert not reach.stranded(board.apply(position, move)), move


#: What holds at every position of a random game: the propagation finds the plain
#: fixpoint (Reach examines a card again only when something it reads has changed; a
#: change it failed to notice would strand cards wrongly), and a move that keeps the
#: game open never strands it.
_AT_EVERY_POSITION = [_same_fixpoint, _keeps_open_holds]


@pytest.mark.parametrize("check", _AT_EVERY_POSITION)
@pytest.mark.parametrize("name", _ONE_DECK)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_position_of_a_random_game(
    check: Callable[[GameState], None], name: str, data: st.DataObject
) -> None:
    for state in data.draw(playouts(Variant.named(name), max_moves=120)):
        check(state)


@pytest.mark.parametrize("check", _AT_EVERY_POSITION)
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_every_position_of_a_random_game_in_custom_variants(
    check: Callable[[GameState], None], data: st.DataObject
) -> None:
    variant = data.draw(custom_variants().filter(lambda v: v.decks == 1))
    for state in data.draw(playouts(variant, max_moves=120)):
        check(state)


@pytest.mark.parametrize(
    ("first_column", "third_column", "keeps_open"),
    [
        ("3S 2S", "QS", True),  # the two could go straight back onto the three of spades
        ("KS 2S", "3S QS", False),  # it fits neither the king nor any other top card
        ("KS 2S", "QS 3S", True),  # the three of spades, on top elsewhere, could take it
    ],
)
def test_a_move_keeps_the_game_open_when_its_cards_could_go_on_at_once(
    first_column: str, third_column: str, keeps_open: bool
) -> None:
    # The two of spades moves from the first column onto the three of clubs: in the
    # looser game the three of clubs is then still exposed if the two could go on.
    state = _queens_next({1: first_column, 2: "3C", 3: third_column})
    board = Board(state)
    move = (COLUMN_TO_COLUMN, 0, 1, 1)
    assert move in MoveGenerator(board).moves(board.root)
    assert Reach(board).keeps_open(board.root, move) is keeps_open
