"""The best-first pass: its measure of how near a win a position is, its wins, its proofs."""

from __future__ import annotations

import attrs
import pytest

from agnes_rules.core.moves import Move
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Vacancy, Variant
from agnes_rules.solver import Outcome, SolveResult, Techniques, solve
from agnes_rules.solver.api import checked_line
from agnes_rules.solver.autoplay import Autoplay
from agnes_rules.solver.best_first import (
    HOME_WEIGHT,
    BestFirst,
    LostPositions,
    WayBack,
    distance,
)
from agnes_rules.solver.board import Board
from agnes_rules.solver.search import (
    BEST_FIRST_LEAST,
    BEST_FIRST_SHARE,
    STREAMLINE_SHARE,
    Search,
)
from agnes_rules.solver.watch import CHECK_EVERY
from tests.positions import position

_SOREL = Variant.named("agnes-sorel")
_FACE_DOWN = Variant.named("agnes-sorel-quagnes")


def test_the_distance_counts_cards_away_cards_above_those_wanted_and_cards_face_down() -> None:
    # Base 4: the foundations want the three of clubs (face down under the three of
    # hearts), the ace of hearts (under the two) and the three of diamonds (under two cards).
    state = position(
        _FACE_DOWN,
        base="4",
        columns={1: "3D AH 2H", 2: "3H"},
        down={2: "3C"},
        foundations={"C": 12, "S": 13, "H": 10, "D": 12},
    )
    board = Board(state)
    away = board.total - sum(board.root[3])
    assert away == 5
    above_wanted = 2 + 1 + 1
    assert distance(board, board.root) == HOME_WEIGHT * away + above_wanted + 1


def test_a_won_position_is_at_distance_zero() -> None:
    state = position(_SOREL, base="4", foundations={"C": 13, "S": 13, "H": 13, "D": 13})
    board = Board(state)
    assert distance(board, board.root) == 0


def test_the_pass_wins_a_deal_the_depth_first_search_leaves_undecided() -> None:
    # PySolFC's Agnes Bernauer deal 36: no depth-first search decides it within 1,000,000
    # positions (the win-rate run); the best-first pass wins it within its quarter.
    state = GameState.deal("agnes-bernauer-pysol", 36)
    budget = 20_000
    without = solve(state, max_states=budget, techniques=Techniques(best_first=False))
    assert without == SolveResult(Outcome.UNKNOWN, (), budget)
    result = solve(state, max_states=budget)  # the line is replayed by the rules engine
    assert result.won
    assert result.states <= budget // STREAMLINE_SHARE + budget // BEST_FIRST_SHARE


@pytest.mark.parametrize(
    ("name", "runs"),
    [
        ("agnes-sorel", True),  # one deck dealt to the columns
        ("sorel-base-minus-one", True),
        ("agnes-bernauer", True),  # dealt to the reserve
        ("agnes-bernauer-pysol", True),
        ("agnes-two", True),  # two decks
        ("agnes-sorel-pysol", False),  # gaps stay empty: no streamlined pass either
        ("agnes-sorel-aisleriot", False),  # and cards worried back
    ],
)
def test_the_pass_runs_where_the_streamlined_pass_does(name: str, runs: bool) -> None:
    variant = (
        attrs.evolve(_SOREL, vacancy=Vacancy.BASE_MINUS_ONE_RUN)
        if name == "sorel-base-minus-one"
        else Variant.named(name)
    )
    search = Search(GameState.deal(variant, 1), Techniques())
    assert (search.best_first is not None) is runs
    assert Search(GameState.deal(variant, 1), Techniques(best_first=False)).best_first is None


def _best_first_alone(
    name: str, number: int, budget: int = -1, novelty: bool = True
) -> tuple[Outcome | None, tuple[Move, ...], int]:
    """A best-first search of a deal alone (no budget: -1), novel positions first or not:
    its verdict, its winning line replayed by the rules engine, and its count."""
    state = GameState.deal(name, number)
    search = Search(state, Techniques())
    assert isinstance(search.autoplay, Autoplay)
    root, line = search.autoplay.autoplay(search.board.root)
    alone = BestFirst(
        search.board, search.generator, search.autoplay, search.proofs, search.keys, novelty
    )
    outcome, won_line, examined = alone.run(root, line, budget, budget, None)
    moves = checked_line(state, won_line) if outcome is Outcome.WON else ()
    return outcome, moves, examined


@pytest.mark.parametrize(
    ("name", "number", "verdict"),
    [("agnes-sorel", 10, Outcome.LOST), ("agnes-bernauer", 2, Outcome.WON)],
)
def test_a_search_that_expands_everything_it_meets_proves_what_the_exact_search_proves(
    name: str, number: int, verdict: Outcome
) -> None:
    exact = solve(GameState.deal(name, number), techniques=Techniques(best_first=False))
    assert exact.outcome is verdict
    outcome, moves, examined = _best_first_alone(name, number)
    assert outcome is verdict
    assert (len(moves) > 0) is (verdict is Outcome.WON)  # checked_line replayed them
    # The count is exact: one position fewer, and the pass stops short of its verdict.
    assert _best_first_alone(name, number, examined - 1) == (None, (), examined - 1)
    # Novelty orders the pass; the verdict is the same without it.
    assert _best_first_alone(name, number, novelty=False)[0] is verdict


def test_the_pass_reports_progress_and_is_cancelled_like_the_others() -> None:
    state = GameState.deal("agnes-bernauer", 1)  # undecided at 2,000,000 positions
    budget = 4 * CHECK_EVERY  # the best-first pass's quarter holds one report at least
    search = Search(state, Techniques())
    assert search.greedy is not None
    root, line = search.autoplay.autoplay(search.board.root)
    first = search.streamlined(search.greedy, root, line, budget, None)
    assert first[0] is None
    # The best-first pass examines the positions after the first pass's, up to this one.
    last = first[2] + budget // BEST_FIRST_SHARE
    reports: list[tuple[int, int]] = []
    result = solve(state, max_states=budget, progress=lambda *report: reports.append(report))
    assert result == SolveResult(Outcome.UNKNOWN, (), budget)
    assert reports == [(count, budget) for count in range(CHECK_EVERY, budget, CHECK_EVERY)]
    inside = next(count for count, _ in reports if first[2] < count <= last)
    # Cancelled at the pass's first report: unknown at that count.
    seen: list[int] = []
    stopped = solve(
        state,
        max_states=budget,
        progress=lambda done, _: seen.append(done),
        cancel=lambda: bool(seen) and seen[-1] == inside,
    )
    assert stopped == SolveResult(Outcome.UNKNOWN, (), inside)


@pytest.mark.parametrize("budget", [8, 9, 10, 11, 12, 100, 3_000])
@pytest.mark.parametrize(("name", "number"), [("agnes-bernauer", 1), ("agnes-two", 9)])
def test_the_budget_is_exact_across_the_passes(name: str, number: int, budget: int) -> None:
    # The streamlined pass ends at a quarter of the budget, the best-first one at a half
    # or sooner; the exact search takes the rest, and the count never passes the budget.
    state = GameState.deal(name, number)
    result = solve(state, max_states=budget)
    assert result == SolveResult(Outcome.UNKNOWN, (), budget)
    assert solve(state, max_states=budget, max_seconds=3600) == result


def test_a_cycle_with_a_way_out_to_a_position_not_expanded_is_not_proved_lost() -> None:
    # root -> A -> B -> A (met again) and B -> C, met again too; C is not expanded.
    met: WayBack = {b"root": (b"", []), b"A": (b"root", []), b"B": (b"A", []), b"C": (b"root", [])}
    lost = LostPositions()
    lost.lead(b"B", b"A")
    lost.lead(b"B", b"C")
    lost.close(met, unexpanded=[b"C"])
    assert lost.keys == set()
    # Without B -> C the cycle is closed: A and B are lost, and so is D, refuted.
    closed = LostPositions()
    closed.lead(b"B", b"A")
    closed.prove(b"D")
    closed.close({**met, b"D": (b"root", [])}, unexpanded=[b"C"])
    assert closed.keys == {b"A", b"B", b"D"}


@pytest.mark.parametrize(
    ("name", "number", "budget", "verdict"),
    [
        ("agnes-bernauer-pysol", 31, 2_000, Outcome.LOST),
        ("agnes-bernauer", 55, 500, Outcome.LOST),
        ("agnes-bernauer-pysol", 19, 300, Outcome.WON),
        ("agnes-two", 38, 3_000, Outcome.WON),
    ],
)
def test_the_exact_search_skips_what_the_pass_proved_lost(
    name: str, number: int, budget: int, verdict: Outcome
) -> None:
    # The pass stops at its budget with positions proved lost; the exact search that
    # starts with them reaches the same verdict (a won deal stays won: no position proved
    # lost lies on every winning line), and a lost one with fewer positions.
    state = GameState.deal(name, number)
    search = Search(state, Techniques())
    assert isinstance(search.autoplay, Autoplay)
    root, line = search.autoplay.autoplay(search.board.root)
    lost = LostPositions()
    alone = BestFirst(search.board, search.generator, search.autoplay, search.proofs, search.keys)
    outcome, _, examined = alone.run(root, line, budget, budget, None, 0, lost)
    assert outcome is None and examined == budget
    assert lost.keys
    seeded = search.exact(root, line, None, None, examined, set(lost.keys))
    plain = Search(state, Techniques()).exact(root, line, None, None, examined)
    assert seeded[0] is plain[0] is verdict
    if verdict is Outcome.LOST:
        assert seeded[2] < plain[2]
    else:
        assert checked_line(state, seeded[1])  # the rules engine replays the line


def test_novel_positions_first_win_a_deal_the_plain_order_does_not() -> None:
    # PySolFC's Agnes Bernauer deal 5,971: the exact search alone won it at 2,402,410
    # positions; the pass without novelty had not won it at 1,000,000 (2026-11-29).
    assert _best_first_alone("agnes-bernauer-pysol", 5971, 5_000, True)[0] is Outcome.WON
    assert _best_first_alone("agnes-bernauer-pysol", 5971, 5_000, False)[0] is None


def test_novelty_needs_link_keys() -> None:
    one_deck = Search(GameState.deal("agnes-bernauer-pysol", 1), Techniques())
    assert one_deck.best_first is not None and one_deck.best_first.novelty
    two_decks = Search(GameState.deal("agnes-two", 1), Techniques())
    assert two_decks.best_first is not None and not two_decks.best_first.novelty
    off = Search(GameState.deal("agnes-bernauer-pysol", 1), Techniques(novelty=False))
    assert off.best_first is not None and not off.best_first.novelty


def test_the_pass_skips_what_an_earlier_pass_proved_lost() -> None:
    # Every position one move from the root proved lost (as the streamlined pass hands
    # on with carry_over): the pass meets nothing new, and the deal is lost.
    state = GameState.deal("agnes-sorel", 1)
    search = Search(state, Techniques())
    assert isinstance(search.autoplay, Autoplay) and search.best_first is not None
    board, keys = search.board, search.keys
    root, line = search.autoplay.autoplay(board.root)
    root_key = keys.key(root)
    proved = set()
    for move in search.generator.moves(root):
        child, _ = search.autoplay.settle(board.apply(root, move), move)
        proved.add(keys.child_keys(root, root_key, move, child)[1])
    lost = LostPositions(proved)
    assert lost.keys is proved
    outcome, moves, examined = search.best_first.run(root, line, 1_000, 1_000, None, 0, lost)
    assert (outcome, moves, examined) == (Outcome.LOST, [], 1)


def test_with_one_deck_dealt_to_the_columns_the_pass_needs_a_share_of_its_own() -> None:
    # Agnes Sorel deal 12: with a share of BEST_FIRST_LEAST positions the pass wins it
    # sooner than the exact search; with a budget a little smaller the pass does not run.
    state = GameState.deal("agnes-sorel", 12)
    without = Techniques(best_first=False)
    budget = BEST_FIRST_LEAST * BEST_FIRST_SHARE
    with_pass = solve(state, max_states=budget)
    assert with_pass.won
    assert with_pass.states < solve(state, max_states=budget, techniques=without).states
    smaller = budget - BEST_FIRST_SHARE
    assert solve(state, max_states=smaller) == solve(state, max_states=smaller, techniques=without)
