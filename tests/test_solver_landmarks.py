"""Stranded cards with landmarks (:mod:`agnes_rules.solver.landmarks`): a card cannot be
packed on a target that must go home before the card could move, and a card pinned to
its only host goes home before it."""

from __future__ import annotations

import attrs
import pytest

from agnes_rules import Card, Variant
from agnes_rules.core.state import GameState
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.board import Board
from agnes_rules.solver.landmarks import NEVER, LandmarkProof
from agnes_rules.solver.proofs import LossProofs
from agnes_rules.solver.reach import Reach
from agnes_rules.solver.results import ALL_TECHNIQUES
from agnes_rules.solver.search import Search
from tests.winning_lines import positions_on_winning_lines

_WITHOUT = Techniques(landmarks=False)


def _bit(text: str) -> int:
    """The bit of the card written ``text`` (``"TC"``) in a landmark set."""
    return 1 << Card.parse(text).index


def test_a_card_whose_targets_must_go_home_first_is_stranded() -> None:
    # Parlett's Agnes Bernauer, deal 645 (base 5, packing in alternate colours): the last
    # column is 4C 8C 2C 4S TC 3D 8S from the bottom. The three of diamonds fits only on
    # a black four, both under it, so it leaves the ten of clubs only by going home,
    # after the jack and king of diamonds. The king lies under the three of hearts, which
    # fits only on the same two fours, so it too must go home first, after the jack of
    # hearts. So both red jacks are home before the ten of clubs could move: it must go
    # home itself, after the eight of clubs, which lies under it. The plain proof lets
    # the ten be packed on a red jack at any time, and lets the deal pass.
    state = GameState.deal("agnes-bernauer-parlett", 645)
    board = Board(state)
    assert not Reach(board).stranded(board.root)
    proof = LandmarkProof(board)
    assert proof.stranded(board.root)
    ten = Card.parse("TC").index
    # The ten could be exposed, but only once both red jacks are home; so it is never
    # lifted, and the eight never goes home.
    assert proof.shown[ten] != NEVER
    assert proof.shown[ten] & _bit("JH") and proof.shown[ten] & _bit("JD")
    assert proof.lifted[ten] == NEVER
    assert proof.homeable[Card.parse("8C").index] == NEVER
    result = solve(state)
    assert result.outcome is Outcome.LOST and result.states == 1
    assert solve(state, max_states=2_000, techniques=_WITHOUT).outcome is Outcome.UNKNOWN


def test_a_card_pinned_to_its_only_host() -> None:
    # quagnes's rules, deal 5 (base 8, so a seven is the highest card of the tableau and
    # fits on nothing; packing in the same colour). The seven of spades on top of the
    # third column leaves it only by going home, after every other spade, so the nine
    # and four of clubs under it are exposed only then. The three of clubs lies on the
    # ace and queen of spades, which go home before it, so it must leave its column; of
    # the black fours, the four of clubs comes too late for that, so the four of spades
    # takes it, and holds it until it goes home. But the three goes home after the nine
    # of clubs, so after every spade, that four included: no line wins. The landmark
    # sets alone let the deal pass.
    state = GameState.deal("agnes-sorel-quagnes", 5)
    board = Board(state)
    assert not LandmarkProof(board, hosts=False).stranded(board.root)
    proof = LandmarkProof(board)
    assert proof.stranded(board.root)
    cards = proof.set_up(board.root)
    assert not proof.propagate(cards, stop_early=False)
    three = Card.parse("3C").index
    assert proof.beneath[three] == _bit("AS") | _bit("QS")
    assert proof.only_host(three) == Card.parse("4S").index
    assert proof.homeable[three] & _bit("4S")
    result = solve(state)
    assert result.outcome is Outcome.LOST and result.states == 1
    without = solve(state, techniques=_WITHOUT)  # a search, where the sets alone run
    assert without.outcome is Outcome.LOST and without.states > 1


def test_pinned_cards_in_the_search() -> None:
    # quagnes's rules dealt face up, deal 768,377,215: lost, and every position after
    # its first deal is refuted by pinned cards, none by the landmark sets alone; the
    # search examined 646,471 positions before the hosts.
    variant = attrs.evolve(Variant.named("agnes-sorel-quagnes"), name="face-up", face_down=False)
    state = GameState.deal(variant, 768_377_215)
    result = solve(state)
    assert result.outcome is Outcome.LOST and result.states < 100
    assert solve(state, max_states=2_000, techniques=_WITHOUT).outcome is Outcome.UNKNOWN


def test_a_won_deal_the_plain_proof_left_undecided() -> None:
    # PySolFC's Agnes Bernauer, deal 243: undecided at 1,000,000 positions without the
    # landmarks (its search stayed in lines that are lost); with them, won quickly.
    state = GameState.deal("agnes-bernauer-pysol", 243)
    assert solve(state, max_states=5_000).outcome is Outcome.WON
    assert solve(state, max_states=5_000, techniques=_WITHOUT).outcome is Outcome.UNKNOWN


@pytest.mark.parametrize(
    "name",
    ["agnes-sorel-parlett", "agnes-sorel-quagnes", "agnes-sorel-pysol", "agnes-bernauer-pysol"],
)
def test_no_position_of_a_winning_line_is_stranded(name: str) -> None:
    # Every position on a winning line can be won, so the proof must let each one pass.
    for number, state in positions_on_winning_lines(name, _WITHOUT):
        board = Board(state)
        assert not LandmarkProof(board).stranded(board.root), number


def test_where_the_proof_runs() -> None:
    def landmarks(name: str, techniques: Techniques = ALL_TECHNIQUES) -> object:
        return LossProofs(Board(GameState.deal(name, 1)), techniques).landmarks

    assert isinstance(landmarks("agnes-bernauer"), LandmarkProof)
    assert isinstance(landmarks("agnes-sorel-quagnes"), LandmarkProof)
    assert landmarks("agnes-bernauer", _WITHOUT) is None
    assert landmarks("agnes-bernauer", Techniques(stranded_cards=False)) is None
    assert landmarks("agnes-two") is None  # two decks


def test_each_stock_position_has_its_own_trials() -> None:
    # quagnes's face-down rules, deal 712,356,428 (lost): in its first 5,000 positions
    # the landmarks refute nothing just before the last deal, so those trials rest, but
    # most end-game positions after it, so theirs go on. With one schedule for both the
    # search took 170,367 positions; now 100,812.
    state = GameState.deal("agnes-sorel-quagnes", 712_356_428)
    search = Search(state, Techniques())
    assert search.run(5_000)[2] == 5_000
    trials = search.proofs.landmark_trials
    assert len(trials) == len(state.stock) + 1
    before_last_deal, end_game = trials[-3], trials[-1]  # the last deal brings two cards
    assert before_last_deal.rests == 1 and before_last_deal.resting > 0
    assert end_game.rests == 0 and end_game.hits > 0
