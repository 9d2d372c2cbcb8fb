"""Batch runs that lose nothing: results streamed to a file, resumed, and a broken pool replaced.

:func:`~agnes_rules.stats.win_rate` and ``agnes stats`` solve deals by the
thousand, for hours. This module keeps such a run safe:

- with a **result file** (``out=``, ``--out FILE``) each deal's verdict is
  appended as one JSON line the moment its chunk is decided, and flushed::

      {"deal": 7, "outcome": "won", "states": 1234, "variant": "agnes-sorel", "max_states": 100000}

- the same run started again **resumes**: the deals already in the file are not
  solved again (their verdicts are read back), so Ctrl-C or a crash loses only
  the chunks that were running; a last line cut short by a crash is dropped;
- a worker process that dies (``kill -9``, out of memory) breaks a
  :class:`~concurrent.futures.ProcessPoolExecutor` for good; when the executor
  is a :class:`ReplacingPool`, the broken pool is replaced by a new one and the
  chunks that were not finished are sent again, up to :data:`RETRIES` times, so
  the run ends with the same totals as an undisturbed one. (On ``dask.distributed``
  the scheduler itself retries the tasks of a lost worker, up to its
  ``allowed-failures`` setting: nothing to do here.)

The file names the variant and the budget on each line: resuming with another
variant or budget is refused, since its verdicts would not be comparable.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, wait
from pathlib import Path
from typing import Any, TextIO

from agnes_rules.core.code import variant_code
from agnes_rules.core.variant import Variant
from agnes_rules.errors import ArgumentError, FormatError
from agnes_rules.solver import Outcome

__all__ = ["RETRIES", "ReplacingPool", "ResultFile", "run_chunks"]

#: How many times the chunks of a broken pool are sent again before the run gives up.
RETRIES = 3

#: The unit of work: (variant, deal numbers, budget) -> (number, outcome, states) for each deal.
Work = Callable[[Variant, Sequence[int], "int | None"], list[tuple[int, Outcome, int]]]


class ResultFile:
    """The JSON-lines file of one run's verdicts (see the module doc).

    ``decided()`` reads the verdicts already in the file; ``append()`` writes
    those of a finished chunk and flushes them at once.
    """

    def __init__(self, path: str | Path, variant: Variant, max_states: int | None) -> None:
        self.path = Path(path)
        self.variant = variant
        self.max_states = max_states
        self._stream: TextIO | None = None

    def decided(self) -> dict[int, Outcome]:
        """The verdicts in the file (none when there is no file yet)."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return {}
        except OSError as error:
            raise ArgumentError(f"cannot read {self.path}: {error.strerror or error}") from None
        if data and not data.endswith(b"\n"):
            # A last line without its newline was cut short as it was written: drop it.
            data = data[: data.rfind(b"\n") + 1]
            try:
                with self.path.open("r+b") as stream:
                    stream.truncate(len(data))
            except OSError as error:
                raise ArgumentError(f"cannot mend {self.path}: {error.strerror or error}") from None
        try:
            lines = data.decode("utf-8").splitlines()
        except UnicodeDecodeError:
            raise FormatError(str(self.path), "not a UTF-8 text file") from None
        results: dict[int, Outcome] = {}
        for number, line in enumerate(lines, 1):
            if line.strip():
                deal, outcome = self._read_line(line, number)
                results[deal] = outcome
        return results

    def _read_line(self, line: str, number: int) -> tuple[int, Outcome]:
        where = f"{self.path} line {number}"
        try:
            data = json.loads(line)
            deal, outcome = data["deal"], Outcome(data["outcome"])
            variant, budget = data["variant"], data["max_states"]
        except (ValueError, KeyError, TypeError, RecursionError):
            raise FormatError(where, "not a result line of agnes stats") from None
        if isinstance(deal, bool) or not isinstance(deal, int):
            raise FormatError(where, f"the deal must be an integer, got {deal!r}")
        if variant != variant_code(self.variant) or budget != self.max_states:
            raise ArgumentError(
                f"{where}: the results of another run ({variant}, max_states {budget});"
                f" this one is {variant_code(self.variant)}, max_states {self.max_states}"
            )
        return deal, outcome

    def append(self, results: Sequence[tuple[int, Outcome, int]]) -> None:
        """Write these verdicts, one line each, and flush them to the file."""
        if self._stream is None:
            try:
                self._stream = self.path.open("a", encoding="utf-8")
            except OSError as error:
                raise ArgumentError(
                    f"cannot write {self.path}: {error.strerror or error}"
                ) from None
        code = variant_code(self.variant)
        lines = "".join(
            json.dumps(
                {
                    "deal": deal,
                    "outcome": outcome.value,
                    "states": states,
                    "variant": code,
                    "max_states": self.max_states,
                }
            )
            + "\n"
            for deal, outcome, states in results
        )
        try:
            self._stream.write(lines)
            self._stream.flush()
        except OSError as error:  # a full disk, a file system gone
            raise ArgumentError(f"cannot write {self.path}: {error.strerror or error}") from None

    def close(self) -> None:
        """Close the file (appending opens it again)."""
        if self._stream is not None:
            self._stream.close()
            self._stream = None


class ReplacingPool(Executor):
    """An executor made by ``make`` that :func:`run_chunks` may replace when it breaks.

    ``make`` is called once now and once for each replacement, e.g.
    ``ReplacingPool(lambda: ProcessPoolExecutor(4))``.
    """

    def __init__(self, make: Callable[[], Executor]) -> None:
        self.make = make
        self.current = make()
        self.replacements = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Run ``fn`` with these arguments on the current executor."""
        return self.current.submit(fn, *args, **kwargs)

    def replace(self) -> None:
        """Shut the broken executor down and make a new one."""
        self.current.shutdown(wait=False, cancel_futures=True)
        self.current = self.make()
        self.replacements += 1

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Shut the current executor down (see :meth:`concurrent.futures.Executor.shutdown`)."""
        self.current.shutdown(wait=wait, cancel_futures=cancel_futures)


def run_chunks(
    work: Work,
    variant: Variant,
    chunks: Sequence[Sequence[int]],
    max_states: int | None,
    executor: Executor,
    done: Callable[[list[tuple[int, Outcome, int]]], None],
    stop: Callable[[], bool] | None = None,
) -> bool:
    """Run ``work`` on every chunk on ``executor``, calling ``done`` with each chunk's results.

    ``done`` is called in this thread as each chunk finishes, in any order.
    ``stop``, if given, is asked every tenth of a second and after each chunk:
    when it answers True the chunks not started are cancelled and the call
    returns True at once (the chunks being solved are left to the executor). When
    a worker process dies, the pool breaks: an executor with a ``replace()``
    method (:class:`ReplacingPool`, or a wrapper that passes it on) is replaced
    and the unfinished chunks are sent again (up to :data:`RETRIES` times); with
    any other executor, or past the retries, a
    :class:`~concurrent.futures.BrokenExecutor` is raised.
    """
    pending: list[Sequence[int]] = list(chunks)
    attempt = 0
    while True:
        broken, stopped = _run_once(work, variant, pending, max_states, executor, done, stop)
        if stopped or not broken:
            return stopped
        replace = getattr(executor, "replace", None)
        if replace is None or attempt == RETRIES:
            raise BrokenExecutor(
                f"a worker process died; {len(broken)} chunk(s) of deals were not solved"
            )
        replace()
        pending = broken
        attempt += 1


#: The results of one chunk, as a future.
_Results = Future[list[tuple[int, Outcome, int]]]


def _run_once(
    work: Work,
    variant: Variant,
    chunks: Sequence[Sequence[int]],
    max_states: int | None,
    executor: Executor,
    done: Callable[[list[tuple[int, Outcome, int]]], None],
    stop: Callable[[], bool] | None,
) -> tuple[list[Sequence[int]], bool]:
    """Run every chunk once, calling ``done`` as each finishes: the chunks a dead worker
    lost, and whether ``stop`` ended the run early."""
    futures: dict[_Results, Sequence[int]] = {}
    broken: list[Sequence[int]] = []

    def collect(future: _Results) -> None:
        chunk = futures.pop(future)
        try:
            results = future.result()
        except BrokenExecutor:  # a worker died (BrokenProcessPool)
            broken.append(chunk)
            return
        done(results)

    try:
        for chunk in chunks:
            future = executor.submit(work, variant, chunk, max_states)
            futures[future] = chunk
            if future.done():
                # An executor that runs the work at once, in this thread: stream its result
                # now, not after every chunk is solved.
                collect(future)
        timeout = None if stop is None else 0.1
        while futures:
            if stop is not None and stop():
                _cancel(futures)
                return broken, True
            finished, _ = wait(futures, timeout=timeout, return_when=FIRST_COMPLETED)
            for future in finished:
                collect(future)
    except BaseException:
        # Ctrl-C, or an error in ``done``: the chunks not started are not wanted any more.
        _cancel(futures)
        raise
    return broken, False


def _cancel(futures: Iterable[_Results]) -> None:
    for future in futures:
        future.cancel()
