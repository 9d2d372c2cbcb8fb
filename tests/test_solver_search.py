"""The search driver: the budget is honoured exactly, and a decided search is complete."""

from __future__ import annotations

import gc

import pytest

from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Variant
from agnes_rules.solver import Outcome, SolveResult, Techniques, solve
from agnes_rules.solver.schedule import TRIAL
from agnes_rules.solver.search import STREAMLINE_SHARE, Search
from tests.positions import position

_PARLETT = Variant.named("agnes-sorel-parlett")


def _one_card_to_go() -> GameState:
    """A position won by one foundation move (the three of diamonds, base 4)."""
    return position(
        _PARLETT, base="4", columns={1: "3D"}, foundations={"C": 13, "S": 13, "H": 13, "D": 12}
    )


#: Deals that need thousands of positions, of several presets: a small budget stops each.
_HARD_DEALS = [
    ("agnes-sorel", 1),
    ("agnes-sorel", 3),
    ("agnes-sorel-pysol", 5),
    ("agnes-bernauer", 1),
    ("agnes-bernauer-pysol", 3),
    ("agnes-two", 9),
]


@pytest.mark.parametrize("budget", [1, 2, 3])
@pytest.mark.parametrize(("name", "number"), _HARD_DEALS)
def test_a_small_budget_is_never_exceeded(name: str, number: int, budget: int) -> None:
    result = solve(GameState.deal(name, number), max_states=budget)
    assert result == SolveResult(Outcome.UNKNOWN, (), budget)


@pytest.mark.parametrize("budget", [1, 2, 3, 63, 64, 65, 200])
@pytest.mark.parametrize(("name", "number"), _HARD_DEALS[::2])
def test_the_budget_is_as_exact_with_a_time_limit(name: str, number: int, budget: int) -> None:
    # A time limit makes the search stop at a check every 64 positions (and every 64
    # repeated ones): the budget still stops it at exactly max_states, between the checks
    # or on one. A time limit no test reaches leaves the count and verdict unchanged.
    state = GameState.deal(name, number)
    result = solve(state, max_states=budget, max_seconds=3600)
    assert result == SolveResult(Outcome.UNKNOWN, (), budget)
    assert solve(state, max_states=budget, max_seconds=float("inf")) == result


@pytest.mark.parametrize("budget", [1, 2, 3])
def test_a_search_decided_within_the_budget_gives_its_verdict(budget: int) -> None:
    # Refuted at the root (see test_solver_deadends), and won at the root by autoplay.
    lost = GameState.deal("agnes-sorel-parlett", 131)
    assert solve(lost, max_states=budget) == SolveResult(Outcome.LOST, (), 1)
    won = solve(_one_card_to_go(), max_states=budget)
    assert won.won and won.states == 1


def test_the_last_position_of_the_budget_is_still_examined() -> None:
    # Without autoplay (nor the streamlined pass, which sends every card home) the win is
    # the second position: a budget of 2 is enough, 1 is not.
    bare = Techniques(auto_foundation=False, streamline=False)
    state = _one_card_to_go()
    assert solve(state, max_states=1, techniques=bare) == SolveResult(Outcome.UNKNOWN, (), 1)
    for budget in (2, 3, None):
        result = solve(state, max_states=budget, techniques=bare)
        assert result.won and result.states == 2
        assert [str(move) for move in result.moves] == ["t1f"]


@pytest.mark.parametrize(("name", "number"), [("agnes-sorel", 3), ("agnes-sorel", 10)])
def test_a_time_limit_not_reached_changes_nothing(name: str, number: int) -> None:
    state = GameState.deal(name, number)
    assert solve(state, max_seconds=3600) == solve(state)


def test_an_unbounded_run_counts_the_same_positions_as_a_generous_budget() -> None:
    # Without a budget there is no streamlined pass (it takes a share of the budget).
    state = GameState.deal("agnes-sorel", 5)
    outcome, line, examined = Search(state, Techniques()).run(None)
    assert (outcome, line) == (Outcome.LOST, [])
    exact = Techniques(streamline=False)
    result = SolveResult(Outcome.LOST, (), examined)
    assert solve(state, max_states=examined, techniques=exact) == result
    assert solve(state, max_states=examined - 1, techniques=exact).outcome is Outcome.UNKNOWN


def test_the_line_of_a_won_search_is_made_of_internal_moves_from_the_root() -> None:
    state = GameState.deal("agnes-sorel", 3)
    search = Search(state, Techniques())
    outcome, line, _ = search.run(None)
    assert outcome is Outcome.WON
    position = search.board.root
    for move in line:
        position = search.board.apply(position, move)
    assert search.board.is_won(position)


@pytest.mark.parametrize(
    ("name", "number", "budget"),
    [
        ("agnes-sorel", 1, 20_000),
        ("agnes-sorel", 3, 20_000),
        ("agnes-sorel-quagnes", 5, 20_000),
        ("agnes-sorel-parlett", 5, 20_000),
        ("agnes-sorel-pysol", 2, 20_000),
        # Aisleriot's positions cost most, every move checked by the stranded-card proof.
        ("agnes-sorel-aisleriot", 3, 5_000),
        ("agnes-bernauer", 2, 20_000),
        ("agnes-bernauer-parlett", 2, 20_000),
    ],
)
def test_link_keys_search_exactly_as_sorted_keys_do(name: str, number: int, budget: int) -> None:
    # Link keys, made from the parent's and known before a move is played, tell apart
    # what the sorted keys tell apart: the same search, position for position.
    state = GameState.deal(name, number)
    linked = Search(state, Techniques())
    assert linked.keys.linked
    sorted_keys = Search(state, Techniques())
    sorted_keys.keys.linked = False
    assert linked.run(budget) == sorted_keys.run(budget)


def _first_pass(name: str, number: int, budget: int) -> tuple[Search, Outcome, int]:
    """The streamlined pass alone of a search of a deal (see Search.run): the search, the
    pass's verdict and its count."""
    search = Search(GameState.deal(name, number), Techniques())
    assert search.greedy is not None
    root, line = search.autoplay.autoplay(search.board.root)
    root, more = search.greedy.autoplay(root)
    frame = search.root_frame(root, line + more)
    outcome, _, examined = search.depth_first([frame], budget, greedy=True)
    return search, outcome, examined


def test_the_streamlined_pass_finds_wins_the_exact_search_needs_more_for() -> None:
    state = GameState.deal("agnes-sorel", 29)
    exact = solve(state, max_states=20_000, techniques=Techniques(streamline=False))
    assert exact.outcome is Outcome.UNKNOWN
    streamlined = solve(state, max_states=20_000)
    # Won within the pass's share of the budget; solve replays the line (it is legal).
    assert streamlined.won and streamlined.states <= 20_000 // STREAMLINE_SHARE


def test_a_loss_of_the_streamlined_pass_proves_nothing() -> None:
    # The pass sends home cards the deal needs, and gives up on lines: it finds no win.
    search, outcome, _ = _first_pass("agnes-sorel", 13, 20_000)
    assert outcome is Outcome.LOST and search.greedy is not None and search.greedy.unsafe
    # The exact search that follows wins.
    assert solve(GameState.deal("agnes-sorel", 13), max_states=20_000).won


def test_a_pass_that_gave_up_on_a_line_proves_nothing_either() -> None:
    # A deal whose pass gives up on a line, sends nothing unsafe home, and finds no win.
    search, outcome, first = _first_pass("agnes-sorel", 6, 20_000)
    assert outcome is Outcome.LOST and search.gave_up
    assert search.greedy is not None and not search.greedy.unsafe
    exact = solve(GameState.deal("agnes-sorel", 6), techniques=Techniques(streamline=False))
    # The exact search alone after the pass (no best-first pass between).
    apart = Techniques(carry_over=False, best_first=False)
    result = solve(GameState.deal("agnes-sorel", 6), max_states=20_000, techniques=apart)
    assert result == SolveResult(Outcome.LOST, (), first + exact.states)
    # What the pass proved lost, the exact search after it does not search again.
    carried = solve(
        GameState.deal("agnes-sorel", 6), max_states=20_000, techniques=Techniques(best_first=False)
    )
    assert carried.outcome is Outcome.LOST and first < carried.states < result.states


def test_a_pass_that_was_the_exact_search_gives_its_loss() -> None:
    # Nothing unsafe went home and no line was given up: the pass was the exact search.
    search, outcome, examined = _first_pass("agnes-sorel", 5, 20_000)
    assert search.greedy is not None and not (search.greedy.unsafe or search.gave_up)
    exact = solve(GameState.deal("agnes-sorel", 5), techniques=Techniques(streamline=False))
    assert outcome is Outcome.LOST and examined == exact.states
    assert solve(GameState.deal("agnes-sorel", 5), max_states=20_000) == exact


def test_there_is_no_streamlined_pass_where_gaps_stay_empty_or_cards_come_back() -> None:
    for name in ("agnes-sorel-parlett", "agnes-sorel-quagnes", "agnes-sorel-aisleriot"):
        assert Search(GameState.deal(name, 1), Techniques()).greedy is None
    for name in ("agnes-sorel", "agnes-bernauer", "agnes-two"):
        assert Search(GameState.deal(name, 1), Techniques()).greedy is not None
        assert Search(GameState.deal(name, 1), Techniques(streamline=False)).greedy is None
        # Without auto_foundation the exact search autoplays nothing, which the pass would.
        bare = Techniques(auto_foundation=False)
        assert Search(GameState.deal(name, 1), bare).greedy is None


def test_the_progress_due_where_the_streamlined_pass_ends_is_reported() -> None:
    # The pass of this search takes all of its share, 4,096 positions, a count at which a
    # report is due; the exact search goes on from there.
    state = GameState.deal("agnes-sorel", 15)
    search = Search(state, Techniques())
    assert search.greedy is not None
    root, line = search.autoplay.autoplay(search.board.root)
    assert search.streamlined(search.greedy, root, line, 16_384, None)[:3] == (None, [], 4096)
    reports: list[tuple[int, int]] = []
    result = solve(state, max_states=16_384, progress=lambda *report: reports.append(report))
    assert result == SolveResult(Outcome.UNKNOWN, (), 16_384)
    assert reports == [(4096, 16_384), (8192, 16_384), (12_288, 16_384)]


def test_the_dead_end_check_rests_where_the_stranded_card_proof_leaves_it_nothing() -> None:
    # Quagnes's rules: the check refutes nothing in its first trial, so it rests (for
    # the rest of this search); the search is the one made without it.
    state = GameState.deal("agnes-sorel-quagnes", 1455)
    search = Search(state, Techniques())
    outcome, _, examined = search.run(None)
    assert search.proofs.schedule.rests == 1
    without = solve(state, techniques=Techniques(dead_ends=False))
    assert (outcome, examined) == (without.outcome, without.states) == (Outcome.LOST, 13_456)


def test_the_dead_end_check_goes_on_where_it_still_refutes() -> None:
    # PySol's Sorel (its tableau wraps): the check refutes enough of what the proofs let
    # pass never to rest (deal 217, lost at its first position since stop 67 gated the
    # suit that must be empty in `paired_reach`, was used before).
    search = Search(GameState.deal("agnes-sorel-pysol", 235), Techniques())
    assert search.run(None)[0] is Outcome.LOST
    assert search.proofs.schedule.rests == 0 and search.proofs.schedule.passes > 0


def test_the_dead_end_check_always_runs_when_it_is_the_only_loss_proof() -> None:
    # Three trials' worth of positions (the whole search, lost, takes 145,210).
    search = Search(GameState.deal("agnes-sorel-quagnes", 1287), Techniques(stranded_cards=False))
    assert search.run(3 * TRIAL)[2] == 3 * TRIAL
    assert search.proofs.schedule.rests == 0 and search.proofs.schedule.passes == 0


@pytest.mark.parametrize("collecting", [True, False])
def test_the_cycle_collector_is_paused_for_a_search_and_left_as_it_was(collecting: bool) -> None:
    seen: list[bool] = []
    state = GameState.deal("agnes-sorel", 11)  # lost, in 10,872 positions
    was = gc.isenabled()
    try:
        if not collecting:
            gc.disable()
        result = solve(state, max_states=5_000, progress=lambda *_: seen.append(gc.isenabled()))
        assert gc.isenabled() is collecting
    finally:
        if was:
            gc.enable()
    assert result.states == 5_000 and seen and not any(seen)
