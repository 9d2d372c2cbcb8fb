"""The quagnes-cpp benchmark's report of a long run cut into ranges (benchmarks/)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest


@pytest.fixture
def bench(benchmark_script: Callable[[str], ModuleType]) -> ModuleType:
    return benchmark_script("bench_quagnes_cpp")


def _rows(bench: ModuleType, ours: list[float], cpp: list[float]) -> list[object]:
    return [
        bench.Row(
            "none-up",
            1_000_000 + index,
            bench.Timing("lost", mine, mine, 1),
            bench.Timing("lost", theirs, theirs, 1),
        )
        for index, (mine, theirs) in enumerate(zip(ours, cpp, strict=True))
    ]


def test_a_run_of_one_range_has_no_range_report(bench: ModuleType) -> None:
    assert bench.range_report("none-up", _rows(bench, [1.0] * 3, [1.0] * 3), 3) == ""


def test_each_range_has_its_ratio_and_slowest_deals(bench: ModuleType) -> None:
    # First range: ours 1+1+8 = 10 against 20 (ratio 0.50, slowest deal 80%); second:
    # ours 3 against 1.5 (ratio 2.00, each deal a third); a partial third range is left out.
    ours = [1.0, 1.0, 8.0, 1.0, 1.0, 1.0, 5.0]
    cpp = [4.0, 4.0, 12.0, 0.5, 0.5, 0.5, 1.0]
    report = bench.range_report("none-up", _rows(bench, ours, cpp), 3)
    lines = report.splitlines()
    assert lines[0] == "  none-up in ranges of 3 deals (CPU):"
    assert lines[1].startswith("    1000000..+2: 10.00 / 20.00 s = 0.50;")
    assert "ours 1000002 80%, quagnes-cpp 60%" in lines[1]
    assert lines[2].startswith("    1000003..+2: 3.00 / 1.50 s = 2.00;")
    assert lines[3] == (
        "    ranges at a ratio of 1 or less: 1 of 2; with no deal over 20%: ours 0, quagnes-cpp 0"
    )
    assert len(lines) == 4
