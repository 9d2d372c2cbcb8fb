"""The pairs of base-1 cards (:mod:`agnes_rules.solver.base_pairs`): what lies under a
base-1 card says which suits' base-1 cards go home the last time after it; a position
where that order goes round, or puts a card at home after it, is lost."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agnes_rules import Variant
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import TableauWrap, Vacancy
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.base_pairs import HOME, BasePairs
from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DEAL_MOVE,
    FOUNDATION_TO_COLUMN,
    Board,
    Position,
)
from agnes_rules.solver.moves import MoveGenerator
from agnes_rules.solver.search import Search
from tests.playouts import reached_states
from tests.strategies import custom_variants
from tests.winning_lines import positions_on_winning_lines

_WITHOUT = Techniques(base_pairs=False)


def _refuted(state: GameState) -> bool:
    board = Board(state)
    return BasePairs(board).refutes(board.root)


def _lost_at_once(name: str, number: int) -> None:
    """Deal ``number`` of ``name`` is lost at its first position, and left undecided at
    2,000 positions without the proof (all of these are undecided at 1,000,000 in the
    win-rate table of docs/solver.md)."""
    state = GameState.deal(name, number)
    assert _refuted(state)
    result = solve(state)
    assert result.outcome is Outcome.LOST and result.states == 1
    assert solve(state, max_states=2_000, techniques=_WITHOUT).outcome is Outcome.UNKNOWN


def test_both_base_minus_one_cards_of_a_colour_pinned() -> None:
    # Aisleriot's rules, deal 58, base Jack: the ten of clubs lies on the seven of clubs,
    # the ten of spades on the ace, six and nine of spades. Each goes home last from the
    # Jack of the other black suit, which leaves that suit empty then: whichever goes
    # home last empties the other's suit.
    _lost_at_once("agnes-sorel-aisleriot", 58)


def test_one_pinned_and_a_card_of_its_suit_under_the_other() -> None:
    # Aisleriot's rules, deal 79, base Queen: the Jack of clubs lies on the nine of
    # clubs, so it goes home last from the Queen of spades, with no spade home; the Jack
    # of spades then has not moved (the ten of clubs under it is home by then), nor
    # moved onto a black Queen (the spade one is under the Jack of clubs, the club one
    # home).
    _lost_at_once("agnes-sorel-aisleriot", 79)
    # Deal 54, base Ace: the same with the suits exchanged (the King of spades lies on
    # the six of spades, the King of clubs on the ten of spades).
    _lost_at_once("agnes-sorel-aisleriot", 54)
    # PySolFC's rules (packing wraps round the King), deal 1,012.
    _lost_at_once("agnes-sorel-pysol", 1012)


def test_one_above_the_other_base_card() -> None:
    # Deal 69, base Seven: the six of spades lies on the seven of clubs, so when it goes
    # home the last time no club is home (that seven is still under it, or it has moved
    # and lies on it). The six of clubs lies on the ace of spades, home by then, so it
    # has moved onto a black Seven: the spade one is home, the club one has the six of
    # spades on it or over it. Aisleriot's rules (undecided at 1,200,000 positions before
    # this case) and PySolFC's (lost in 461,776).
    _lost_at_once("agnes-sorel-aisleriot", 69)
    _lost_at_once("agnes-sorel-pysol", 69)


def test_each_above_a_card_of_the_other_suit() -> None:
    # PySolFC's rules, deal 8,010, base Ace: the King of clubs lies above the five of
    # spades, the King of spades above the three of clubs, neither above a card of its
    # own suit. When the King of clubs goes home the last time, it has not been lifted
    # (the five of spades still lies under it, so the King of spades is not home), or it
    # lies on the ace of spades (no spade is home): the King of spades goes home the last
    # time after it, and by the same token before it. Undecided at 12,000,000 positions
    # before this case.
    _lost_at_once("agnes-sorel-pysol", 8010)


def test_where_a_base_minus_one_card_may_lie_on_nothing() -> None:
    # Quagnes's rules, deal 9,998, base Four: packing stops at the base, so a Three is
    # never lifted and goes home from where it lies. The three of hearts lies above a
    # spade and the three of spades above a heart: neither card under them is home then,
    # so each Three goes home after the other.
    state = GameState.deal("agnes-sorel-quagnes", 9998)
    assert _refuted(state)
    assert solve(state, max_states=2_000, techniques=_WITHOUT).outcome is Outcome.LOST


def test_pinned_where_the_partner_base_card_is_home() -> None:
    # PySolFC's rules, deal 9,999, base Jack: the ten of diamonds lies above the five of
    # diamonds, so it must be lifted, and may then lie only on a red Jack; the Jack of
    # diamonds goes home before it, and the Jack of hearts is home from the start.
    state = GameState.deal("agnes-sorel-pysol", 9999)
    assert _refuted(state)
    assert solve(state, max_states=2_000, techniques=_WITHOUT).outcome is Outcome.LOST
    # Where cards may come back from the foundations the Jack of hearts could come back
    # to take it: the case does not hold.
    variant = attrs.evolve(Variant.named("agnes-sorel-pysol"), name="returns", worry_back=True)
    assert not _refuted(GameState.deal(variant, 9999))


def test_in_the_search_after_the_moves_that_bring_a_base_minus_one_card() -> None:
    # PySolFC's rules, deal 3,519: left undecided at 12,000,000 positions before the
    # proof (the win-rate table), it is lost in 1,316 with it, each line refuted once a
    # deal or a move has put a base-1 card where the proof catches it.
    state = GameState.deal("agnes-sorel-pysol", 3519)
    assert not _refuted(state)
    result = solve(state)
    assert result.outcome is Outcome.LOST and result.states < 2_000
    assert solve(state, max_states=10_000, techniques=_WITHOUT).outcome is Outcome.UNKNOWN


def test_one_pinned_and_the_other_home() -> None:
    # Aisleriot's rules, base Queen, every spade home (the Jack of spades last): the Jack
    # of clubs lies on the nine of clubs, so it goes home last from the Queen of spades,
    # with no spade home; the Jack of spades must then have come back onto a black Queen,
    # but the spade one has the Jack of clubs on it and the club one is home.
    state = GameState.from_code(
        "agnes-sorel-aisleriot Q f:-/-/QH/JS t:6CAHAD/7cAC9HTH/jh6H3C5H/4c8C7HTD"
        "/9d3h2dkc2H6D2C/8h9cjckh3D7DQD/tckd4d5d8D4HJD d:QC5C"
    )
    board = Board(state)
    assert BasePairs(board).place(board.root[0], board.root[3], 3) == HOME
    assert _refuted(state)
    assert solve(state).states == 1
    without = solve(state, techniques=_WITHOUT)  # the whole game searched
    assert without.outcome is Outcome.LOST and without.states > 2_000


def test_the_pairs_of_each_game() -> None:
    def pairs(name: str) -> tuple[tuple[int, int], ...]:
        return BasePairs(Board(GameState.deal(name, 1))).pairs

    # Clubs with spades, diamonds with hearts, where a base-1 card may lie on either
    # base card of its colour and never fill a gap.
    assert pairs("agnes-sorel-pysol") == pairs("agnes-sorel-aisleriot") == ((0, 3), (1, 2))
    state = GameState.deal("agnes-sorel-aisleriot", 1)
    assert Search(state, Techniques()).proofs.base_pairs is not None
    assert Search(state, _WITHOUT).proofs.base_pairs is None
    # Where nothing lies on a base card, each suit alone: a pinned base-1 card never
    # gets home.
    assert pairs("agnes-sorel-quagnes") == ((0, 0), (1, 1), (2, 2), (3, 3))
    # None where a base-1 card may fill a gap, or lie on a base card of either other
    # suit (packing in alternate colours).
    for name in ("agnes-sorel", "agnes-bernauer", "agnes-bernauer-pysol", "agnes-two"):
        assert pairs(name) == ()
        assert Search(GameState.deal(name, 1), Techniques()).proofs.base_pairs is None
    variant = attrs.evolve(Variant.named("agnes-sorel-pysol"), vacancy=Vacancy.BASE_MINUS_ONE_CARD)
    assert BasePairs(Board(GameState.deal(variant, 1))).pairs == ()
    # Packing stops at the base but runs wrap: the proof stands.
    variant = attrs.evolve(Variant.named("agnes-sorel-pysol"), tableau_wrap=TableauWrap.BASE)
    assert BasePairs(Board(GameState.deal(variant, 1))).pairs == ((0, 0), (1, 1), (2, 2), (3, 3))


def test_the_verdict_changes_only_where_a_base_minus_one_card_moves() -> None:
    board = Board(GameState.deal("agnes-sorel-aisleriot", 79))
    pairs = BasePairs(board)
    root = board.root
    columns, reserve, spare, found, _ = root

    def heights(*values: int) -> Position:
        return (columns, reserve, spare, bytes(values), 0)

    # Base Queen, the Queen of hearts home. A card sent home or worried back matters
    # when it is a base-1 card; a base card (a suit starts, or has nothing home again)
    # only where no card is worried back, unlike here.
    assert list(found) == [0, 0, 1, 0]
    assert not pairs.may_change(root, heights(0, 0, 2, 0), (COLUMN_TO_FOUNDATION, 0, 0, 1))
    assert not pairs.may_change(root, heights(1, 0, 1, 0), (COLUMN_TO_FOUNDATION, 0, 0, 1))
    assert pairs.may_change(
        heights(0, 0, 12, 0), heights(0, 0, 13, 0), (COLUMN_TO_FOUNDATION, 0, 0, 1)
    )
    assert not pairs.may_change(heights(0, 0, 2, 0), root, (FOUNDATION_TO_COLUMN, 2, 1, 1))
    assert not pairs.may_change(root, heights(0, 0, 0, 0), (FOUNDATION_TO_COLUMN, 2, 1, 1))
    assert pairs.may_change(
        heights(0, 0, 13, 0), heights(0, 0, 12, 0), (FOUNDATION_TO_COLUMN, 2, 1, 1)
    )
    pysol = Board(GameState.deal("agnes-sorel-pysol", 79))
    empty = (*pysol.root[:3], bytes(4), 0)
    started = (*pysol.root[:3], bytes((1, 0, 0, 0)), 0)
    firm = BasePairs(pysol)
    assert firm.may_change(empty, started, (COLUMN_TO_FOUNDATION, 0, 0, 1))
    # A deal, when it brings a base-1 card: the first (six of clubs to seven of
    # diamonds) brings none, the third the Jack of diamonds.
    first = board.deal(root)
    assert not pairs.may_change(root, first, DEAL_MOVE)
    second = board.deal(first)
    assert pairs.may_change(second, board.deal(second), DEAL_MOVE)
    # A move between columns, when its cards (the top ``count`` of the target) hold
    # one: the first column's eight of spades is no base-1 card, the Jack of spades
    # (base Queen) is; and when cards were sent home after it, as above.
    assert not pairs.may_change(root, root, (COLUMN_TO_COLUMN, 1, 0, 1))
    assert pairs.may_change(heights(0, 0, 12, 0), heights(0, 0, 13, 0), (COLUMN_TO_COLUMN, 1, 0, 1))
    jack = bytes([pairs.last[3]])
    moved = ((columns[0] + jack, *columns[1:]), *root[1:])
    assert pairs.may_change(root, moved, (COLUMN_TO_COLUMN, 6, 0, 1))
    assert pairs.may_change(root, moved, (COLUMN_TO_COLUMN, 6, 0, 2))


@pytest.mark.parametrize(
    "name",
    ["agnes-sorel-pysol", "agnes-sorel-aisleriot", "agnes-sorel-quagnes", "agnes-sorel-parlett"],
)
def test_no_position_of_a_winning_line_is_refuted(name: str) -> None:
    # Every position on a winning line can be won: the proof must let each one pass.
    checked = 0
    for number, state in positions_on_winning_lines(name, _WITHOUT):
        assert not _refuted(state), (name, number)
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", ["agnes-sorel-pysol", "agnes-sorel-aisleriot"])
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_the_verdict_stays_after_a_move_that_may_not_change_it(
    name: str, data: st.DataObject
) -> None:
    # What the search skips (it checks a child only where may_change says so) changes
    # nothing: after every other legal move the verdict is the parent's.
    _verdict_stays(data.draw(reached_states(Variant.named(name), max_moves=80)))


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_the_verdict_stays_in_custom_variants(data: st.DataObject) -> None:
    variant = attrs.evolve(data.draw(custom_variants()), worry_back=data.draw(st.booleans()))
    _verdict_stays(data.draw(reached_states(variant, max_moves=60)))


def _verdict_stays(state: GameState) -> None:
    board = Board(state)
    pairs = BasePairs(board)
    parent = board.root
    verdict = pairs.refutes(parent)
    for move in MoveGenerator(board).moves(parent):
        child = board.apply(parent, move)
        if not pairs.may_change(parent, child, move):
            assert pairs.refutes(child) == verdict, move


@pytest.mark.parametrize("name", ["agnes-sorel-pysol", "agnes-sorel-aisleriot"])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_refuted_position_is_never_won(name: str, data: st.DataObject) -> None:
    state = data.draw(reached_states(Variant.named(name), max_moves=80))
    if not _refuted(state):
        return
    # The search without the proof may run out of budget, but never win.
    assert not solve(state, max_states=3_000, techniques=_WITHOUT).won


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_refuted_position_of_a_custom_variant_is_never_won(data: st.DataObject) -> None:
    variant = data.draw(custom_variants())
    state = data.draw(reached_states(variant, max_moves=60))
    if not _refuted(state):
        return
    assert not solve(state, max_states=2_000, techniques=_WITHOUT).won
