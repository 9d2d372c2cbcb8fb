"""The progress bar of ``agnes stats`` and the executor that ticks it (agnes_rules.cli.solving)."""

from __future__ import annotations

import io
import time
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from agnes_rules.cli import main, show, solving
from agnes_rules.cli.solving import CountingExecutor, Progress
from agnes_rules.core.dealing import MAX_GAME_NUMBER
from agnes_rules.solver import Outcome, SolveResult


class Terminal(io.StringIO):
    """A stream that says it is a terminal, as the bar's frames need."""

    def isatty(self) -> bool:
        return True


def test_the_bar_fills_once_per_percent_and_ends_the_line() -> None:
    stream = Terminal()
    progress = Progress(4, 1, stream, enabled=True)
    progress.draw()
    progress.step()
    progress.step()
    progress.draw()  # a redraw at the same percent draws nothing
    progress.step()
    progress.step()
    frames = stream.getvalue().split("\r")[1:]
    assert len(frames) == 5
    assert frames[0] == "[------------------------------] 0/4 deals   0%"
    assert frames[2] == "[###############---------------] 2/4 deals  50%"
    assert frames[-1] == "[##############################] 4/4 deals 100%\n"


def test_a_short_last_chunk_stops_at_the_total_and_a_quiet_bar_says_nothing() -> None:
    stream = io.StringIO()
    progress = Progress(5, 4, stream, enabled=False)
    progress.step()
    progress.step()
    assert progress.done == 5
    assert stream.getvalue() == ""


def test_tasks_run_at_once_without_a_pool_and_errors_come_through_the_future() -> None:
    progress = Progress(2, 1, io.StringIO(), enabled=False)
    executor = CountingExecutor(None, progress)
    assert executor.submit(pow, 2, 10).result() == 1024
    failed = executor.submit(int, "x")
    with pytest.raises(ValueError, match="invalid literal"):
        failed.result()
    assert progress.done == 2
    executor.shutdown()


def test_tasks_on_a_pool_tick_the_bar_when_done() -> None:
    progress = Progress(3, 1, io.StringIO(), enabled=False)
    with CountingExecutor(ThreadPoolExecutor(2), progress) as executor:
        results = [executor.submit(abs, -number) for number in range(3)]
    assert [future.result() for future in results] == [0, 1, 2]
    assert progress.done == 3


def test_frames_go_to_a_terminal_and_a_file_gets_the_last_line_alone() -> None:
    terminal, file = Terminal(), io.StringIO()
    for stream in (terminal, file):
        progress = Progress(2, 1, stream, enabled=True)
        progress.draw()
        progress.step()
        progress.step()
    assert terminal.getvalue().count("\r") == 3
    assert file.getvalue() == "[##############################] 2/2 deals 100%\n"


def test_stopped_or_failed_chunks_do_not_move_the_bar() -> None:
    progress = Progress(3, 1, Terminal(), enabled=True)
    cancelled: Future[int] = Future()
    cancelled.cancel()
    failed: Future[int] = Future()
    failed.set_exception(RuntimeError("worker ended"))
    done: Future[int] = Future()
    done.set_result(1)
    for future in (cancelled, failed, done):
        progress.step(future)
    assert progress.done == 1


def test_stats_refuses_deals_past_the_last_number_before_starting_work(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_work(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("work started")

    monkeypatch.setattr(solving, "win_rate", no_work)
    monkeypatch.setattr(solving, "Progress", no_work)
    status = main(["stats", "agnes-sorel", "--first", str(MAX_GAME_NUMBER), "--deals", "2"])
    assert status == 2
    assert "runs past the last game number" in capsys.readouterr().err


def _ended(process: Any) -> bool:
    """Whether a worker process has ended (within 5 s)."""
    process.join(5)
    if not process.is_alive():
        return True
    # The pool's own thread may have reaped it first, and then join cannot see its end:
    # ask the system whether the process is gone, or a zombie.
    try:
        state = Path(f"/proc/{process.pid}/stat").read_text().split()[2]
    except FileNotFoundError:
        return True
    return state in ("Z", "X")


def test_a_stopped_pool_ends_its_workers_without_waiting() -> None:
    pool = ProcessPoolExecutor(1, initializer=solving.ignore_interrupts)
    running = pool.submit(time.sleep, 60)
    waiting = pool.submit(time.sleep, 60)
    while not running.running():
        time.sleep(0.01)
    workers = list(pool._processes.values())
    start = time.monotonic()
    solving.stop_pool(pool)
    for worker in workers:
        assert _ended(worker)
    assert time.monotonic() - start < 5
    # Cancelled, or (when the pool had already queued it for the worker) failed with it.
    assert waiting.cancelled() or waiting.exception(timeout=5) is not None


def test_one_position_is_one_position(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def one_position(
        _state: object, max_states: int | None = None, max_seconds: float | None = None
    ) -> SolveResult:
        return SolveResult(Outcome.UNKNOWN, (), 1)

    monkeypatch.setattr(solving, "solve", one_position)
    monkeypatch.setattr(show, "solve", one_position)
    assert main(["solve", "agnes-bernauer", "1", "--max-states", "1"]) == 0
    assert capsys.readouterr().out == (
        "unknown: no verdict within 1 position (raise --max-states, or 'none')\n"
    )
    assert main(["demo", "agnes-bernauer", "1", "--max-states", "1"]) == 0
    out = capsys.readouterr().out
    assert "Solving (looking at up to 1 position)..." in out
    assert "No verdict within 1 position;" in out
