"""Dead ends: positions refuted at once, and only when no line can win them."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agnes_rules import winnable_deals
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Variant
from agnes_rules.solver import Outcome, SolveResult, Techniques, solve
from agnes_rules.solver.board import Board
from agnes_rules.solver.deadends import DeadEnds, Stuck, has_cycle
from tests.playouts import reached_states
from tests.positions import position

_PARLETT = Variant.named("agnes-sorel-parlett")
#: Every club, spade and heart home, and the four of diamonds (base 4).
_HOME = {"C": 13, "S": 13, "H": 13, "D": 1}
#: The other diamonds, the six on top: they go home in turn once the five is home.
_LADDER = "2D AD KD QD JD TD 9D 8D 7D 6D"


def _diamonds(first_column: str) -> GameState:
    return position(_PARLETT, base="4", columns={1: first_column, 2: _LADDER}, foundations=_HOME)


def test_a_top_card_over_a_lower_card_of_its_suit_is_a_dead_end() -> None:
    # The three of diamonds is the top rank with base 4: it is never packed, and no
    # card may fill an empty column, so it leaves only to its foundation, after the
    # five it buries.
    state = _diamonds("5D 3D")
    board = Board(state)
    dead_ends = DeadEnds(board)
    assert dead_ends.is_dead(board.root)
    assert solve(state) == SolveResult(Outcome.LOST, (), 1)
    # The proof only shortens the search: without it the verdict is the same.
    assert solve(state, techniques=Techniques(dead_ends=False)).outcome is Outcome.LOST


def test_the_same_cards_the_other_way_up_are_no_dead_end() -> None:
    state = _diamonds("3D 5D")
    board = Board(state)
    assert not DeadEnds(board).is_dead(board.root)
    result = solve(state)
    assert result.won and state.play(result.moves).is_won


def test_a_stuck_card_buries_the_cards_under_it() -> None:
    board = Board(_diamonds("5D 3D"))
    entries = DeadEnds(board).stuck_candidates(board.root[0][0], True)
    # One entry, for the three (suit 1 = diamonds, height 12), which buries the five
    # (height 1); nothing needs to be home for it to be stuck.
    assert len(entries) == 1
    suit, height, needs, under, with_it = entries[0]
    assert (suit, height, needs) == (1, 12, ())
    assert under == (13, 1, 13, 13) and with_it == (13, 1, 13, 13)


#: PySolFC's Agnes Sorel: packing wraps (a three may go on a four), gaps stay empty.
_PYSOL = Variant.named("agnes-sorel-pysol")
#: Every heart but the four and the three, from the ace down, so that only they matter.
_HEARTS = "2H AH KH QH JH TH 9H 8H 7H 6H 5H"


def _glued_three(diamonds_home: int) -> GameState:
    # Base 4: the three of hearts is the top rank, packed on the four of hearts, the
    # lowest. The three may also go on the four of diamonds, the only other card it fits.
    return position(
        _PYSOL,
        base="4",
        columns={1: "4H 3H", 2: _HEARTS},
        foundations={"C": 13, "S": 13, "D": diamonds_home},
    )


def test_a_card_glued_to_a_lower_card_of_its_suit_is_a_dead_end() -> None:
    # With the four of diamonds home, the three can leave the four of hearts only to
    # its foundation, after that four: a run taken with the four carries both. The
    # stuck-card check alone misses it, since that run could move onto a five.
    state = _glued_three(diamonds_home=1)
    board = Board(state)
    dead_ends = DeadEnds(board)
    assert dead_ends.is_dead(board.root)
    glued, stuck = dead_ends.stuck_candidates(board.root[0][0], True)
    # Glued: the three (hearts, height 12) buries only the four under it (height 0),
    # once the four of diamonds (diamonds, height 0) is home. Stuck, it would bury the
    # whole pile, but only once both fives (height 1) are home.
    assert glued[:4] == (2, 12, ((1, 0),), (13, 13, 0, 13))
    assert stuck[:3] == (2, 12, ((1, 1), (2, 1)))
    assert solve(state) == SolveResult(Outcome.LOST, (), 1)
    assert solve(state, techniques=Techniques(dead_ends=False)).outcome is Outcome.LOST


def test_a_card_with_somewhere_else_to_go_is_not_glued() -> None:
    # With the four of diamonds still in play, the three moves onto it: won.
    state = _glued_three(diamonds_home=0)
    board = Board(state)
    assert not DeadEnds(board).is_dead(board.root)
    result = solve(state)
    assert result.won and state.play(result.moves).is_won


def _three_of_spades(clubs_home: int) -> GameState:
    # Base 4: the three of spades may go on the four of spades, which goes home first,
    # or on the four of clubs.
    return position(
        _PYSOL,
        base="4",
        columns={1: "5S 3S", 2: "2S AS KS QS JS TS 9S 8S 7S 6S 4S"},
        foundations={"H": 13, "D": 13, "C": clubs_home},
    )


def test_a_card_packed_on_the_base_of_its_suit_is_no_better_off() -> None:
    # With the four of clubs home, the three of spades packed on the four of spades
    # would be glued there, under the card that must go home first. So only the four
    # of clubs (clubs, height 0) must be home for it to be stuck, and it buries the five.
    state = _three_of_spades(clubs_home=1)
    board = Board(state)
    dead_ends = DeadEnds(board)
    assert dead_ends.wrap_carrier[board.root[0][0][1]] == board.root[0][1][-1]
    (stuck,) = dead_ends.stuck_candidates(board.root[0][0], True)
    assert stuck[:4] == (3, 12, ((0, 0),), (13, 13, 13, 1))
    assert solve(state) == SolveResult(Outcome.LOST, (), 1)
    assert solve(state, techniques=Techniques(dead_ends=False)).outcome is Outcome.LOST
    # With the four of clubs in play, the three goes there: won.
    state = _three_of_spades(clubs_home=0)
    assert solve(state).won


def test_a_king_with_only_the_ace_of_its_suit_to_go_to_is_stuck() -> None:
    # PySolFC's deal 3 (base ace, the ace of clubs home): the king of spades on top of
    # column 7 could go only on the ace of spades, a dead end, so it buries the jack
    # of spades for good. Refuted at the opening position.
    assert solve(GameState.deal(_PYSOL, 3)) == SolveResult(Outcome.LOST, (), 1)


#: quagnes's rules dealt face up: packing in colour, runs by colour, gaps stay empty.
_NONE_UP = attrs.evolve(Variant.named("agnes-sorel-quagnes"), face_down=False)


def _two_of_spades(first_column: str, three_of_clubs_alone: bool) -> GameState:
    # Base 4, spades next, the five still in the stock; the last deal brings the three
    # of spades, the top rank (never packed), onto the first column. The two of spades
    # fits only on the three of spades (in the stock until then) and the three of clubs.
    # The ace of spades keeps the two of clubs, the next club, covered until the deal.
    columns = {1: first_column, 2: "KS QS JS TS 9S 8S 7S 6S", 3: "2C AS"}
    if three_of_clubs_alone:
        columns[4] = "3C"
    return position(
        _NONE_UP,
        base="4",
        columns=columns,
        foundations={"H": 13, "D": 13, "C": 10, "S": 1},
        stock="3S 5S",
    )


def test_a_target_above_a_card_that_leaves_only_for_home_is_no_way_out() -> None:
    # The three of clubs lies on the two of spades. It can never be packed, nor go
    # home before the deal (the two of clubs stays covered), so the two can never be
    # packed on it: the two surely lies in the first column at the deal, and the
    # three of spades buries it for good. Refuted before the deal.
    state = _two_of_spades("2S 3C", three_of_clubs_alone=False)
    board = Board(state)
    assert DeadEnds(board).is_dead(board.root)
    assert solve(state).states == 1
    assert solve(state, techniques=Techniques(dead_ends=False)).outcome is Outcome.LOST


def test_a_target_that_could_be_exposed_elsewhere_is_a_way_out() -> None:
    # With the three of clubs on a column of its own, the two moves onto it before the
    # deal, and the three of spades lands on an empty column: won.
    state = _two_of_spades("2S", three_of_clubs_alone=True)
    board = Board(state)
    assert not DeadEnds(board).is_dead(board.root)
    result = solve(state)
    assert result.won and state.play(result.moves).is_won


@pytest.mark.parametrize(
    "name", ["agnes-sorel-quagnes", "agnes-sorel-parlett", "agnes-sorel-pysol", "agnes-bernauer"]
)
def test_no_position_of_a_winning_line_is_a_dead_end(name: str) -> None:
    # Every position on a winning line can be won, so the check must let each pass,
    # with the cards still to come counted as it counts them. Lines found without it.
    checked = 0
    for number in winnable_deals(name)[:10]:
        state = GameState.deal(name, number)
        result = solve(state, max_states=100_000, techniques=Techniques(dead_ends=False))
        if not result.won:
            continue
        for move in result.moves:
            board = Board(state)
            assert not DeadEnds(board).is_dead(board.root), (name, number, str(move))
            state = state.apply(move)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@pytest.mark.parametrize("name", ["agnes-sorel-pysol", "agnes-bernauer", "agnes-sorel-quagnes"])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_refuted_position_is_never_won(name: str, data: st.DataObject) -> None:
    state = data.draw(reached_states(Variant.named(name), max_moves=80))
    board = Board(state)
    if not DeadEnds(board).is_dead(board.root):
        return
    # The search without the proofs may run out of budget, but never win.
    bare = Techniques(dead_ends=False, stranded_cards=False)
    without = solve(state, max_states=3_000, techniques=bare)
    assert not without.won


def test_two_deck_games_are_never_refuted_this_way() -> None:
    # The other copy of a buried card could go home in its place. (The generator's
    # order of moves wins this deal within the budget; the heuristic order needs more.)
    state = GameState.deal("agnes-two", 9)
    assert solve(state, max_states=5000, techniques=Techniques(move_ordering=False)).won


# Stuck cards as :data:`Stuck` tuples, by height (13: no card of the suit under it).
#: A club of height 5, with a diamond of height 3 under it.
_CLUB_OVER_DIAMOND: Stuck = (0, 5, (), (13, 3, 13, 13), (5, 3, 13, 13))
#: A diamond of height 7, with a club of height 4 under it.
_DIAMOND_OVER_LOW_CLUB: Stuck = (1, 7, (), (4, 13, 13, 13), (4, 7, 13, 13))
#: A diamond of height 7, with a club of height 6 under it.
_DIAMOND_OVER_HIGH_CLUB: Stuck = (1, 7, (), (6, 13, 13, 13), (6, 7, 13, 13))


def test_two_stuck_cards_that_wait_for_each_other_make_a_cycle() -> None:
    # Stuck cards leave only to their foundations. The diamond 7 goes home after the
    # diamond 3, which is free only once the club 5 above it has gone home; the club
    # 5 goes home after the club 4, free only once the diamond 7 has gone.
    assert has_cycle((_CLUB_OVER_DIAMOND, _DIAMOND_OVER_LOW_CLUB))


def test_one_way_waiting_is_no_cycle() -> None:
    # The diamond still waits for the club, but the club 6 under the diamond goes
    # home after the club 5, which therefore does not wait for the diamond.
    assert not has_cycle((_CLUB_OVER_DIAMOND, _DIAMOND_OVER_HIGH_CLUB))
    assert not has_cycle((_CLUB_OVER_DIAMOND,))
