"""Batch runs that lose nothing: the result file, resuming, a killed worker, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Sequence
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from agnes_rules import ArgumentError, FormatError, Variant
from agnes_rules.batch import ReplacingPool, ResultFile, run_chunks
from agnes_rules.solver import Outcome
from agnes_rules.stats import solve_deals, win_rate

SOREL = Variant.named("agnes-sorel")
DEALS = [2, 3, 10, 15, 27, 31]
BUDGET = 20_000


def _totals(rate: object) -> tuple[int, int, int]:
    return (rate.won, rate.lost, rate.unknown)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def undisturbed() -> object:
    with ThreadPoolExecutor(2) as pool:
        return win_rate(SOREL, DEALS, executor=pool, max_states=BUDGET, chunk_size=2)


def test_results_are_streamed_and_resumed(tmp_path: Path, undisturbed: object) -> None:
    out = tmp_path / "results.jsonl"
    with ThreadPoolExecutor(2) as pool:
        first = win_rate(SOREL, DEALS[:3], executor=pool, max_states=BUDGET, out=out)
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(line["deal"] for line in lines) == DEALS[:3]
    assert lines[0]["variant"] == "agnes-sorel" and lines[0]["max_states"] == BUDGET
    assert {line["outcome"] for line in lines} <= {"won", "lost", "unknown"}
    solved: list[int] = []

    def counting(variant: Variant, numbers: Sequence[int], budget: int | None) -> object:
        solved.extend(numbers)
        return solve_deals(variant, numbers, budget)

    with ThreadPoolExecutor(2) as pool:
        # The whole run again: only the deals not in the file are solved.
        pool_submit = pool.submit
        pool.submit = lambda fn, *a, **k: pool_submit(counting, *a, **k)  # type: ignore[method-assign]
        rate = win_rate(SOREL, DEALS, executor=pool, max_states=BUDGET, out=out)
    assert sorted(solved) == DEALS[3:]
    assert rate == undisturbed
    assert _totals(first) == _totals(win_rate(SOREL, DEALS[:3], max_states=BUDGET, out=out))
    assert len(out.read_text().splitlines()) == len(DEALS)


def test_a_line_cut_short_is_dropped(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    file = ResultFile(out, SOREL, BUDGET)
    file.append([(2, Outcome.WON, 10)])
    file.close()
    with out.open("a") as stream:
        stream.write('{"deal": 3, "outc')  # killed while writing
    assert ResultFile(out, SOREL, BUDGET).decided() == {2: Outcome.WON}
    assert out.read_text().endswith("}\n")


def test_a_file_of_another_run_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    ResultFile(out, SOREL, BUDGET).append([(2, Outcome.WON, 10)])
    with pytest.raises(ArgumentError, match="the results of another run"):
        ResultFile(out, SOREL, 5).decided()
    with pytest.raises(ArgumentError, match="the results of another run"):
        ResultFile(out, Variant.named("agnes-bernauer"), BUDGET).decided()
    out.write_text("not json\n")
    with pytest.raises(FormatError, match="line 1: not a result line"):
        ResultFile(out, SOREL, BUDGET).decided()
    out.write_bytes(b'\xff{"a"}\n')
    with pytest.raises(FormatError, match="not a UTF-8"):
        ResultFile(out, SOREL, BUDGET).decided()


def test_an_unwritable_file_is_an_argument_error(tmp_path: Path) -> None:
    with pytest.raises(ArgumentError, match="cannot write"):
        win_rate(
            SOREL,
            [2],
            max_states=10,
            out=tmp_path / "no" / "such" / "dir.jsonl",
            executor=ThreadPoolExecutor(1),
        )


# ------------------------------------------------------------------ a worker killed


def killed_once(variant: Variant, numbers: Sequence[int], budget: int | None) -> object:
    """Solve the deals, but the first worker to meet deal 15 dies of SIGKILL (once per run)."""
    marker = Path(os.environ["AGNES_TEST_KILL_MARKER"])
    if 15 in numbers and not marker.exists():
        marker.write_text("killed")
        os.kill(os.getpid(), signal.SIGKILL)
    return solve_deals(variant, numbers, budget)


def test_a_killed_worker_is_replaced_and_its_deals_retried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, undisturbed: object
) -> None:
    monkeypatch.setenv("AGNES_TEST_KILL_MARKER", str(tmp_path / "killed"))
    out = tmp_path / "results.jsonl"
    found: dict[int, Outcome] = {}
    file = ResultFile(out, SOREL, BUDGET)

    def done(results: list[tuple[int, Outcome, int]]) -> None:
        file.append(results)
        found.update((number, outcome) for number, outcome, _ in results)

    pool = ReplacingPool(lambda: ProcessPoolExecutor(2))
    try:
        chunks = [DEALS[i : i + 2] for i in range(0, len(DEALS), 2)]
        run_chunks(killed_once, SOREL, chunks, BUDGET, pool, done)
    finally:
        pool.shutdown()
    file.close()
    assert (tmp_path / "killed").exists() and pool.replacements >= 1
    assert tuple((n, found[n]) for n in DEALS) == undisturbed.outcomes  # type: ignore[attr-defined]
    assert sorted(ResultFile(out, SOREL, BUDGET).decided()) == DEALS


def test_a_pool_that_cannot_be_replaced_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AGNES_TEST_KILL_MARKER", str(tmp_path / "killed"))
    with ProcessPoolExecutor(1) as pool, pytest.raises(BrokenExecutor, match="worker process died"):
        run_chunks(killed_once, SOREL, [[15]], 10, pool, lambda results: None)


def test_interrupted_runs_keep_what_was_finished(tmp_path: Path, undisturbed: object) -> None:
    out = tmp_path / "results.jsonl"
    calls = 0

    def interrupted(results: list[tuple[int, Outcome, int]]) -> None:
        nonlocal calls
        calls += 1
        file.append(results)
        if calls == 2:
            raise KeyboardInterrupt

    file = ResultFile(out, SOREL, BUDGET)
    chunks = [DEALS[i : i + 2] for i in range(0, len(DEALS), 2)]
    with ThreadPoolExecutor(1) as pool, pytest.raises(KeyboardInterrupt):
        run_chunks(solve_deals, SOREL, chunks, BUDGET, pool, interrupted)
    file.close()
    assert len(ResultFile(out, SOREL, BUDGET).decided()) == 4
    with ThreadPoolExecutor(2) as pool:
        rate = win_rate(SOREL, DEALS, executor=pool, max_states=BUDGET, chunk_size=2, out=out)
    assert rate == undisturbed


class _AtOnce(ThreadPoolExecutor):
    """An executor that runs the work in the calling thread when it is submitted."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        from concurrent.futures import Future

        future: Future[object] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_work_run_at_once_is_streamed_at_once(tmp_path: Path) -> None:
    """With an executor that solves on submit (agnes stats --jobs 1), Ctrl-C keeps each chunk."""
    out = tmp_path / "results.jsonl"
    solved: list[int] = []
    file = ResultFile(out, SOREL, BUDGET)

    def counting(variant: Variant, numbers: Sequence[int], budget: int | None) -> object:
        solved.extend(numbers)
        return solve_deals(variant, numbers, budget)

    def interrupted(results: list[tuple[int, Outcome, int]]) -> None:
        file.append(results)
        if len(solved) == 4:
            raise KeyboardInterrupt

    chunks = [DEALS[i : i + 2] for i in range(0, len(DEALS), 2)]
    with pytest.raises(KeyboardInterrupt):
        run_chunks(counting, SOREL, chunks, BUDGET, _AtOnce(1), interrupted)  # type: ignore[arg-type]
    file.close()
    assert solved == DEALS[:4]
    assert sorted(ResultFile(out, SOREL, BUDGET).decided()) == DEALS[:4]
