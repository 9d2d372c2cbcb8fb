"""The benchmark of two installs side by side (benchmarks/bench_versions.py)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture
def bench(benchmark_script: Callable[[str], ModuleType]) -> ModuleType:
    return benchmark_script("bench_versions")


def test_the_totals_count_verdicts_positions_and_time(bench: ModuleType) -> None:
    answers = [bench.Solved.parse("won 10 0.250"), bench.Solved.parse("lost 30 1.030")]
    assert answers[0] == bench.Solved("won", 10, 0.25)
    assert bench.totals(answers) == "won 1, lost 1, unknown 0; 40 positions; 1.3 s"


def test_only_two_decided_verdicts_disagree(bench: ModuleType) -> None:
    won, lost, unknown = (bench.Solved(kind, 1, 0.0) for kind in ("won", "lost", "unknown"))
    assert bench.disagree(won, lost) and bench.disagree(lost, won)
    assert not bench.disagree(won, unknown) and not bench.disagree(unknown, lost)
    assert not bench.disagree(won, won)


def test_one_install_against_itself_agrees_deal_by_deal(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--before", sys.executable, "--after", sys.executable, "--variant"]
    argv += ["agnes-bernauer-pysol", "--first", "1", "--count", "2", "--max-states", "3000"]
    assert bench.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "agnes-bernauer-pysol 1..+1 at 3000 positions"
    # The same search both ways: no deal printed, the same totals but for the time.
    assert len(lines) == 3
    assert lines[1].startswith("before: ") and lines[2].startswith("after:  ")
    assert lines[1].split("positions")[0][8:] == lines[2].split("positions")[0][8:]


def _fake_install(tmp_path: Path, script: str) -> str:
    """A stand-in for an install's Python: a shell script run as the worker would be."""
    fake = tmp_path / "python"
    fake.write_text(f"#!/bin/sh\n{script}\n")
    fake.chmod(0o755)
    return str(fake)


def test_a_decided_verdict_that_differs_is_printed_and_fails(
    bench: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # PySolFC's Agnes Bernauer deal 11 is won within 3,000 positions; the stand-in says lost.
    fake = _fake_install(tmp_path, 'while read line; do echo "lost 7 0.5"; done')
    argv = ["--before", sys.executable, "--after", fake, "--variant", "agnes-bernauer-pysol"]
    assert bench.main([*argv, "--first", "11", "--count", "1", "--max-states", "3000"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("  11: won ") and lines[1].endswith("| lost 7 0.50 s")
    assert lines[-1] == "1 decided verdicts differ"


def test_a_worker_that_stops_is_named(
    bench: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = _fake_install(tmp_path, "exit 3")
    argv = ["--before", fake, "--after", sys.executable, "--first", "5", "--count", "2"]
    assert bench.main(argv) == 2
    assert capsys.readouterr().err == f"error: the worker of {fake} stopped at deal 5\n"
