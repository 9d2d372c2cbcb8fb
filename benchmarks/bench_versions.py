"""Two installs of agnes-rules side by side, in one run, on fresh deals: a solver change
measured against the build before it.

Each install is a virtual environment (for instance the compiled wheel of main and one
of a change, each made with ``HATCH_BUILD_HOOKS_ENABLE=1 pip install .``). This script
runs itself in each as a long-lived worker and hands each deal to both, one after the
other (they take turns to go first), so that both see the same machine load; each
answers with the verdict, the positions examined and its own CPU time for each deal
with every technique on, as the win-rate table counts them (``win_rates.solve_timed``):

    .venv/bin/python benchmarks/bench_versions.py --before /tmp/main/bin/python \
        --after /tmp/change/bin/python --variant agnes-bernauer-pysol --count 150

A fresh random start above 1,000,000 is drawn each run (and printed) unless ``--first``
is given. The deals whose verdict or positions differ are printed, then each install's
totals. It fails (exit status 1) where two decided verdicts differ: a change of the
search may find a win later or sooner, never turn a win into a loss; and with status 2
where a worker stops (an install that does not import or solve).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterable

import attrs
from fresh import fresh_start
from rule_sets import RULE_SETS
from win_rates import solve_timed

from agnes_rules.solver import Techniques

_DECIDED = ("won", "lost")


@attrs.frozen
class Solved:
    """One install's answer for one deal."""

    outcome: str
    states: int
    cpu: float

    @classmethod
    def parse(cls, line: str) -> Solved:
        """An answer as the worker prints it: ``outcome states cpu``."""
        outcome, states, cpu = line.split()
        return cls(outcome, int(states), float(cpu))


def work() -> None:
    """The worker: solve each ``variant deal budget`` line read, print the answer."""
    for line in sys.stdin:
        name, deal, budget = line.split()
        [(_, outcome, states, cpu)] = solve_timed(
            RULE_SETS[name], [int(deal)], int(budget), Techniques()
        )
        print(outcome, states, f"{cpu:.3f}", flush=True)


def totals(answers: Iterable[Solved]) -> str:
    """One install's totals: the verdicts counted, positions and CPU seconds.

    >>> totals([Solved("won", 10, 0.5), Solved("unknown", 100, 2.0)])
    'won 1, lost 0, unknown 1; 110 positions; 2.5 s'
    """
    answers = list(answers)
    counts = {kind: sum(a.outcome == kind for a in answers) for kind in (*_DECIDED, "unknown")}
    shown = ", ".join(f"{kind} {count}" for kind, count in counts.items())
    positions = sum(a.states for a in answers)
    return f"{shown}; {positions} positions; {sum(a.cpu for a in answers):.1f} s"


def disagree(before: Solved, after: Solved) -> bool:
    """Whether two answers for one deal are both decided and differ.

    >>> disagree(Solved("won", 5, 0.1), Solved("unknown", 9, 0.2))
    False
    >>> disagree(Solved("won", 5, 0.1), Solved("lost", 9, 0.2))
    True
    """
    decided = before.outcome in _DECIDED and after.outcome in _DECIDED
    return decided and before.outcome != after.outcome


class WorkerStoppedError(RuntimeError):
    """A worker ended before it answered (its install failed to import or to solve)."""


class Worker:
    """One install's worker: this script run with ``--worker`` by that install's Python."""

    def __init__(self, python: str) -> None:
        self.python = python
        self.process = subprocess.Popen(
            [python, __file__, "--worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def solve(self, variant: str, deal: int, budget: int) -> Solved:
        """The answer for ``variant``'s ``deal`` at ``budget`` positions."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(f"{variant} {deal} {budget}\n")
            stdin.flush()
            line = stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            raise WorkerStoppedError(f"the worker of {self.python} stopped at deal {deal}")
        return Solved.parse(line)

    def stop(self) -> None:
        """End the worker (idle between deals, or stopped already)."""
        self.process.kill()
        self.process.wait()


def compare(workers: list[Worker], variant: str, deals: range, budget: int) -> int:
    """Solve each deal with both workers, the first by turns, print the deals that differ
    and the totals; the count of decided verdicts that differ."""
    answers: list[list[Solved]] = [[], []]
    differ = 0
    for turn, deal in enumerate(deals):
        order = (0, 1) if turn % 2 == 0 else (1, 0)  # neither always runs first
        for index in order:
            answers[index].append(workers[index].solve(variant, deal, budget))
        before, after = answers[0][-1], answers[1][-1]
        if before != attrs.evolve(after, cpu=before.cpu):
            print(
                f"  {deal}: {before.outcome} {before.states} {before.cpu:.2f} s | "
                f"{after.outcome} {after.states} {after.cpu:.2f} s",
                flush=True,
            )
        differ += disagree(before, after)
    print(f"before: {totals(answers[0])}")
    print(f"after:  {totals(answers[1])}")
    if differ:
        print(f"{differ} decided verdicts differ")
    return differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--before", help="the Python of the install measured against")
    parser.add_argument("--after", help="the Python of the install of the change")
    parser.add_argument("--variant", choices=list(RULE_SETS), default="agnes-bernauer-pysol")
    parser.add_argument("--first", type=int, help="the first deal (default: a fresh one)")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--max-states", type=int, default=1_000_000)
    args = parser.parse_args(argv)
    if args.worker:
        work()
        return 0
    if not (args.before and args.after):
        parser.error("--before and --after name the two installs' Python")
    if args.count < 1 or args.max_states < 1:
        parser.error("--count and --max-states must be at least 1")
    first = args.first if args.first is not None else fresh_start(args.count)
    print(f"{args.variant} {first}..+{args.count - 1} at {args.max_states} positions")
    workers = [Worker(args.before), Worker(args.after)]
    try:
        differ = compare(workers, args.variant, range(first, first + args.count), args.max_states)
    except WorkerStoppedError as stopped:
        print(f"error: {stopped}", file=sys.stderr)
        return 2
    finally:
        for worker in workers:
            worker.stop()
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
