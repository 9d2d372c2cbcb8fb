"""Win rates: the interval, the counts, and the same verdicts on every executor."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Variant
from agnes_rules.errors import ArgumentError, DealError, VariantError
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.stats import WinRate, solve_deals, wilson_interval, win_rate

SOREL = Variant.named("agnes-sorel")
#: Deals of agnes-sorel, each decided within the budget below.
NUMBERS = (2, 3, 7, 10, 13, 27)
BUDGET = 30_000


def test_wilson_interval_matches_known_values() -> None:
    # 1.1% of 10,000 and the textbook 8 of 10 (Wilson 1927 / Newcombe 1998, method 3).
    low, high = wilson_interval(110, 10_000)
    assert (round(low, 4), round(high, 4)) == (0.0091, 0.0132)
    low, high = wilson_interval(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.490, 0.943)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 5)[0] == 0.0
    assert wilson_interval(5, 5)[1] == 1.0


@pytest.mark.parametrize(("successes", "trials"), [(-1, 3), (4, 3), (0, -1)])
def test_wilson_interval_refuses_impossible_counts(successes: int, trials: int) -> None:
    with pytest.raises(ArgumentError, match="successes"):
        wilson_interval(successes, trials)


def test_counts_and_interval_match_solving_each_deal() -> None:
    with ThreadPoolExecutor(2) as pool:
        rate = win_rate(SOREL, NUMBERS, executor=pool, max_states=BUDGET)
    expected = [solve(GameState.deal(SOREL, n), max_states=BUDGET).outcome for n in NUMBERS]
    assert [outcome for _, outcome in rate.outcomes] == expected
    assert rate.won == expected.count(Outcome.WON) > 0
    assert rate.lost == expected.count(Outcome.LOST) > 0
    assert rate.unknown == 0 and rate.deals == len(NUMBERS)
    assert rate.interval == wilson_interval(rate.won, rate.deals)
    assert rate.winnable == tuple(
        n for n, o in zip(NUMBERS, expected, strict=True) if o.name == "WON"
    )
    assert f"{rate.won} won" in str(rate)


def test_unknown_deals_widen_the_interval_both_ways() -> None:
    rate = WinRate(SOREL, ((1, Outcome.WON), (2, Outcome.LOST), (3, Outcome.UNKNOWN)), 10)
    low, high = rate.interval
    assert low == wilson_interval(1, 3)[0]
    assert high == wilson_interval(2, 3)[1]
    assert rate.rate == pytest.approx(1 / 3)


def test_default_process_pool_gives_the_same_result() -> None:
    numbers = [3, 10, 27]
    with ThreadPoolExecutor(1) as pool:
        threaded = win_rate("agnes-sorel", numbers, executor=pool, max_states=BUDGET)
    assert win_rate("agnes-sorel", numbers, max_states=BUDGET, chunk_size=2) == threaded


def test_the_budget_reaches_each_deal() -> None:
    assert solve_deals(SOREL, [3], max_states=5) == [(3, Outcome.UNKNOWN, 5)]


def test_the_techniques_reach_each_deal() -> None:
    # Deal 27 is won either way, in 41 positions with the move ordering, 150 without.
    plain = Techniques(move_ordering=False)
    state = GameState.deal(SOREL, 27)
    alone = solve(state, max_states=BUDGET, techniques=plain)
    assert alone.states != solve(state, max_states=BUDGET).states
    assert solve_deals(SOREL, [27], BUDGET, plain) == [(27, Outcome.WON, alone.states)]


def test_bad_arguments_are_refused_before_any_work() -> None:
    with pytest.raises(ValueError, match=r"deal|game number"):
        win_rate(SOREL, [1, 0])
    with pytest.raises(ValueError, match="chunk_size"):
        win_rate(SOREL, [1], chunk_size=0)
    with pytest.raises(ValueError, match="unknown variant"):
        win_rate("agnes", [1])
    with pytest.raises(VariantError, match="Variant or a preset name"):
        win_rate(7, [1])  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="chunk_size"):
        win_rate(SOREL, [1], chunk_size=2.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="max_states"):
        win_rate(SOREL, [1], max_states=0)
    with pytest.raises(DealError, match="game number"):
        win_rate(SOREL, [1, "2"])  # type: ignore[list-item]


def test_runs_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    numbers = [3, 10, 27, 2]
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        rate = win_rate(SOREL, numbers, executor=client.get_executor(), max_states=BUDGET)
    with ThreadPoolExecutor(2) as pool:
        assert rate == win_rate(SOREL, numbers, executor=pool, max_states=BUDGET)


def test_an_error_during_the_run_cancels_the_chunks_not_started() -> None:
    def fail(done: int, total: int) -> None:
        raise RuntimeError("the front-end went away")

    with ThreadPoolExecutor(1) as pool:
        submitted = []
        submit = pool.submit

        def recording_submit(*args: object, **kwargs: object) -> object:
            future = submit(*args, **kwargs)  # type: ignore[arg-type]
            submitted.append(future)
            return future

        pool.submit = recording_submit  # type: ignore[method-assign]
        with pytest.raises(RuntimeError, match="went away"):
            win_rate(
                SOREL, range(1, 21), executor=pool, chunk_size=1, max_states=2_000, progress=fail
            )
    assert any(future.cancelled() for future in submitted)


def test_without_a_budget_each_deal_gets_one_fixed_and_recorded() -> None:
    with ThreadPoolExecutor(1) as pool:
        rate = win_rate(SOREL, [3], executor=pool)
    assert isinstance(rate.max_states, int) and rate.max_states > 0
