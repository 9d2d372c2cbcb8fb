"""The commands that run the solver: ``agnes solve`` (a position) and ``agnes stats`` (many deals).

``agnes solve`` looks at :data:`SOLVE_STATES` positions at most unless told
otherwise, and for ``--max-seconds`` seconds at most when given. ``agnes
stats`` solves the deals in this process or in ``--jobs`` worker processes,
with a progress bar on standard error when that is a terminal; Ctrl-C stops the
workers at once (they ignore it themselves, so that it does not print a
traceback per worker).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import signal
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TextIO

from agnes_rules.batch import ReplacingPool, ResultFile
from agnes_rules.cli.output import EXIT_OK, emit_json, plural, wrapped_moves
from agnes_rules.cli.positions import position_from_arguments
from agnes_rules.core.dealing import MAX_GAME_NUMBER
from agnes_rules.errors import ArgumentError
from agnes_rules.solver import Outcome, solve
from agnes_rules.stats import WinRate, win_rate

__all__ = ["SOLVE_STATES", "CountingExecutor", "Progress", "run_solve", "run_stats", "stop_pool"]

#: The default budget of ``agnes solve``: a verdict on most deals in well under a minute.
SOLVE_STATES = 1_000_000


# ------------------------------------------------------------------ solve


def run_solve(args: argparse.Namespace) -> int:
    """Solve a position: the verdict, and a winning line when there is one."""
    state = position_from_arguments(args)
    result = solve(state, max_states=args.max_states, max_seconds=args.max_seconds)
    if args.json:
        emit_json(
            {
                "outcome": result.outcome.value,
                "moves": [str(move) for move in result.moves],
                "states": result.states,
                "max_states": args.max_states,
                "max_seconds": args.max_seconds,
            }
        )
        return EXIT_OK
    examined = plural(result.states, "position")
    if result.outcome is Outcome.WON:
        print(f"won in {plural(len(result.moves), 'move')} ({examined} examined)")
        print(wrapped_moves(result.moves))
    elif result.outcome is Outcome.LOST:
        print(f"lost: no line wins ({examined} examined)")
    elif args.max_seconds is not None and result.states != args.max_states:
        # Stopped before its budget of positions: the time ran out.
        print(
            f"unknown: no verdict within {args.max_seconds:g} seconds ({examined} examined;"
            " raise --max-seconds)"
        )
    else:
        print(f"unknown: no verdict within {examined} (raise --max-states, or 'none')")
    return EXIT_OK


# ------------------------------------------------------------------ stats


def run_stats(args: argparse.Namespace) -> int:
    """Solve the deals ``--first`` .. ``--first + --deals - 1`` and print the share proved won."""
    last = args.first + args.deals - 1
    if last > MAX_GAME_NUMBER:
        raise ArgumentError(
            f"--first {args.first} --deals {args.deals} runs past the last game number,"
            f" {MAX_GAME_NUMBER}"
        )
    numbers = range(args.first, last + 1)
    # Chunks of a few deals save process round trips; small runs use single deals so
    # that the bar still moves smoothly.
    chunk = max(1, min(4, args.deals // 100))
    progress = Progress(args.deals, chunk, sys.stderr, enabled=not args.quiet)
    if args.out is not None:
        # A resumed run: the deals already in the file count as done.
        decided = ResultFile(args.out, args.variant, args.max_states).decided()
        progress.done = sum(1 for number in numbers if number in decided)
    progress.draw()
    pool = ReplacingPool(_worker_pool(args.jobs)) if args.jobs > 1 else None
    executor = CountingExecutor(pool, progress)
    try:
        rate = win_rate(
            args.variant,
            numbers,
            executor=executor,
            max_states=args.max_states,
            chunk_size=chunk,
            out=args.out,
        )
    except BaseException:
        progress.enabled = False  # the chunks that fail as their workers end are not progress
        if pool is not None:
            stop_pool(pool.current)  # type: ignore[arg-type]
        raise
    executor.shutdown()
    if args.json:
        emit_json(_win_rate_data(args, numbers, rate))
        return EXIT_OK
    low, high = rate.interval
    print(
        f"{args.variant.name}, deals {numbers.start}..{numbers.stop - 1}:"
        f" won {rate.won}, lost {rate.lost}, unknown {rate.unknown}"
    )
    print(
        f"proved won: {rate.rate:.1%} (95% interval {low:.1%} to {high:.1%},"
        " unknown deals counted both ways)"
    )
    return EXIT_OK


def _worker_pool(jobs: int) -> Callable[[], Executor]:
    """What makes the pool of ``jobs`` workers (again, when a dead worker broke the last one)."""
    return lambda: concurrent.futures.ProcessPoolExecutor(jobs, initializer=ignore_interrupts)


def _win_rate_data(args: argparse.Namespace, numbers: range, rate: WinRate) -> dict[str, object]:
    low, high = rate.interval
    return {
        "variant": args.variant.name,
        "first": numbers.start,
        "deals": rate.deals,
        "won": rate.won,
        "lost": rate.lost,
        "unknown": rate.unknown,
        "rate": rate.rate,
        "interval": [low, high],
        "max_states": args.max_states,
    }


def ignore_interrupts() -> None:
    """Run in each worker process: Ctrl-C is the main process's business, not the workers'."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_pool(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: cancel the work not started, end the workers, wait for nothing."""
    # The pool has no public way to end running work before Python 3.14 (kill_workers);
    # without it the interpreter would wait at exit for every running deal to be solved.
    # The workers only compute, so they are killed outright: nothing of theirs needs
    # cleaning up, and no handler they may have inherited can make them linger.
    workers = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    previous = threading.excepthook
    threading.excepthook = _quiet_cancelled_race(previous)
    try:
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.kill()
        if isinstance(manager, threading.Thread):
            # Wait for the pool's thread to see the killed workers, so that the quiet
            # hook is still in place if it stumbles on the race below.
            manager.join(timeout=5)
    finally:
        threading.excepthook = previous


def _quiet_cancelled_race(
    previous: Callable[[threading.ExceptHookArgs], object],
) -> Callable[[threading.ExceptHookArgs], object]:
    """A thread exception hook that drops the pool's known race and passes on the rest."""

    # Python 3.11's pool thread marks the futures of a broken pool failed without
    # checking whether they were cancelled meanwhile, and prints InvalidStateError from
    # its thread (3.12 ignores it, as this does); every other error still shows.
    def hook(args: threading.ExceptHookArgs) -> object:
        if args.exc_type is concurrent.futures.InvalidStateError:
            return None
        return previous(args)

    return hook


class Progress:
    """A progress bar on ``stream``, redrawn as the chunks of deals finish.

    The bar is redrawn in place (``\\r``) only on a terminal; into a file or a
    pipe it writes its last frame alone, as one line, when the work is done.
    """

    def __init__(self, total: int, chunk: int, stream: TextIO, enabled: bool) -> None:
        self.total = total
        self.chunk = chunk
        self.done = 0
        self.stream = stream
        self.enabled = enabled
        self.frames = enabled and stream.isatty()
        self._drawn = -1

    def step(self, future: Future[Any] | None = None) -> None:
        """One chunk is finished (the last one may be short: the count stops at the total)."""
        if future is not None and (future.cancelled() or future.exception() is not None):
            return  # stopped or failed, not finished
        self.done = min(self.done + self.chunk, self.total)
        self.draw()

    def draw(self) -> None:
        if not self.enabled:
            return
        width = 30
        total = max(self.total, 1)
        percent = 100 * self.done // total
        finished = self.done >= self.total
        if not self.frames and not finished:
            return
        if percent == self._drawn and not finished:
            return  # redraw once per percent, not once per chunk
        self._drawn = percent
        filled = width * self.done // total
        bar = "#" * filled + "-" * (width - filled)
        start = "\r" if self.frames else ""
        self.stream.write(f"{start}[{bar}] {self.done}/{self.total} deals {percent:3d}%")
        if finished:
            self.stream.write("\n")
        self.stream.flush()


class CountingExecutor(Executor):
    """Runs each task on an inner executor (or at once, in this process) and ticks the bar."""

    def __init__(self, inner: Executor | None, progress: Progress) -> None:
        self.inner = inner
        self.progress = progress

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self.inner is None:
            future: Future[Any] = Future()
            try:
                future.set_result(fn(*args, **kwargs))
            except Exception as error:  # the caller sees it through the future, as with a pool
                future.set_exception(error)
            self.progress.step()
            return future
        future = self.inner.submit(fn, *args, **kwargs)
        future.add_done_callback(self.progress.step)
        return future

    def replace(self) -> None:
        """Replace the inner pool after a worker died (see :func:`agnes_rules.batch.run_chunks`)."""
        if not isinstance(self.inner, ReplacingPool):
            raise concurrent.futures.BrokenExecutor("a worker process died")
        self.inner.replace()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if self.inner is not None:
            self.inner.shutdown(wait=wait, cancel_futures=cancel_futures)
