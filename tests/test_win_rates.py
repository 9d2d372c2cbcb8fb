"""The win-rate benchmark (benchmarks/): its results file read back, the listing of the
deals a larger budget decided, and the won deals taken from it for the package's list."""

from __future__ import annotations

import csv
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

HEADER = ["variant", "deal", "outcome", "states", "cpu_seconds", "without"]
SOREL = "agnes-sorel"
TWO = "agnes-two"


@pytest.fixture
def win_rates(benchmark_script: Callable[[str], ModuleType]) -> ModuleType:
    return benchmark_script("win_rates")


@pytest.fixture
def results_file(benchmark_script: Callable[[str], ModuleType]) -> ModuleType:
    return benchmark_script("results_file")


@pytest.fixture
def winnable_data(benchmark_script: Callable[[str], ModuleType]) -> ModuleType:
    return benchmark_script("winnable_data")


def write(path: Path, rows: list[list[object]]) -> Path:
    with path.open("w", newline="") as handle:
        csv.writer(handle).writerows([HEADER, *rows])
    return path


def test_a_retry_after_the_budget_is_listed_in_order_of_positions(
    win_rates: ModuleType, tmp_path: Path
) -> None:
    path = write(
        tmp_path / "rates.csv",
        [
            [SOREL, 1, "unknown", 1000, "1.00", ""],
            [SOREL, 2, "unknown", 1000, "1.00", ""],
            [SOREL, 3, "unknown", 1000, "1.00", ""],
            [SOREL, 4, "unknown", 500, "0.50", ""],  # left at another budget
            [SOREL, 5, "won", 10, "0.01", ""],  # never unknown
            [SOREL, 1, "won", 1900, "2.40", ""],
            [SOREL, 2, "lost", 1500, "", ""],  # no CPU time recorded
            [SOREL, 3, "unknown", 2000, "2.00", ""],  # retried, still open
            [SOREL, 4, "lost", 900, "1.00", ""],
        ],
    )
    found = win_rates.decided_after(path, 1000)
    assert found == {SOREL: ([1, 2, 3], [(2, "lost", 1500, None, ""), (1, "won", 1900, 2.4, "")])}
    assert win_rates.decided_tables(path, 1000, [TWO, SOREL]) == "\n".join(
        [
            "`agnes-sorel`: 3 retried after 1,000 (deals 1 to 3), 2 decided: 1 lost, 1 won.",
            "",
            "| deal | outcome | positions | CPU s |",
            "|---:|---|---:|---:|",
            "| 2 | lost | 1,500 |  |",
            "| 1 | won | 1,900 | 2 |",
        ]
    )


def test_a_cheaper_pass_in_between_does_not_hide_the_budget(
    win_rates: ModuleType, tmp_path: Path
) -> None:
    # As in the summary, a row unknown with less than an earlier one does not replace it,
    # so the deal still counts as left at 1,000 when the larger retry decides it.
    path = write(
        tmp_path / "rates.csv",
        [
            [SOREL, 7, "unknown", 1000, "1.00", ""],
            [SOREL, 7, "unknown", 100, "0.10", ""],
            [SOREL, 7, "won", 1200, "1.50", ""],
        ],
    )
    numbers, decisions = win_rates.decided_after(path, 1000)[SOREL]
    assert decisions == [(7, "won", 1200, 1.5, "")]
    assert numbers == [7, 7]  # the cheap pass was a retry too; the deal counts once
    assert win_rates.decided_tables(path, 1000, [SOREL]).startswith(
        "`agnes-sorel`: 1 retried after 1,000 (deals 7 to 7), 1 decided: 0 lost, 1 won."
    )


def test_a_retry_that_switched_techniques_off_names_them(
    win_rates: ModuleType, tmp_path: Path
) -> None:
    # A retry "another way" (--without) is told from one with every technique, per deal.
    path = write(
        tmp_path / "rates.csv",
        [
            [SOREL, 1, "unknown", 1000, "1.00", ""],
            [SOREL, 2, "unknown", 1000, "1.00", ""],
            [SOREL, 1, "lost", 800, "1.00", "best_first+streamline"],
            [SOREL, 2, "won", 900, "1.00", ""],
        ],
    )
    numbers, decisions = win_rates.decided_after(path, 1000)[SOREL]
    assert numbers == [1, 2]
    assert decisions == [(1, "lost", 800, 1.0, "best_first+streamline"), (2, "won", 900, 1.0, "")]
    assert win_rates.decided_tables(path, 1000, [SOREL]).splitlines()[2:] == [
        "| deal | outcome | positions | CPU s | without |",
        "|---:|---|---:|---:|---|",
        "| 1 | lost | 800 | 1 | best_first, streamline |",
        "| 2 | won | 900 | 1 |  |",
    ]


def test_each_rule_set_gets_its_own_table(win_rates: ModuleType, tmp_path: Path) -> None:
    path = write(
        tmp_path / "rates.csv",
        [
            [SOREL, 1, "unknown", 1000, "1.00", ""],
            [TWO, 1, "unknown", 1000, "1.00", ""],
            [TWO, 1, "lost", 1100, "1.00", ""],
            [SOREL, 1, "won", 1300, "1.00", ""],
        ],
    )
    both = win_rates.decided_tables(path, 1000, [SOREL, TWO])
    assert both.count("| deal |") == 2
    assert both.index("`agnes-sorel`") < both.index("`agnes-two`")
    assert "agnes-sorel" not in win_rates.decided_tables(path, 1000, [TWO])


def test_retries_that_decided_nothing_get_no_table(win_rates: ModuleType, tmp_path: Path) -> None:
    path = write(
        tmp_path / "rates.csv",
        [[SOREL, 1, "unknown", 1000, "1.00", ""], [SOREL, 1, "unknown", 2000, "2.00", ""]],
    )
    assert win_rates.decided_tables(path, 1000, [SOREL]) == (
        "`agnes-sorel`: 1 retried after 1,000 (deals 1 to 1), 0 decided: 0 lost, 0 won."
    )


def test_nothing_retried_says_so(win_rates: ModuleType, tmp_path: Path) -> None:
    path = write(tmp_path / "rates.csv", [[SOREL, 1, "unknown", 1000, "1.00", ""]])
    assert win_rates.decided_tables(path, 1000, [SOREL]) == "No deal was retried after 1,000."
    missing = tmp_path / "absent.csv"
    assert win_rates.decided_tables(missing, 1000, [SOREL]) == "No deal was retried after 1,000."


def test_the_option_prints_and_runs_nothing(
    win_rates: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = write(
        tmp_path / "rates.csv",
        [[SOREL, 1, "unknown", 1000, "1.00", ""], [SOREL, 1, "lost", 1500, "3.00", ""]],
    )
    before = path.read_bytes()
    monkeypatch.setattr(
        sys,
        "argv",
        ["win_rates.py", "--decided-after", "1000", "--variant", SOREL, "--out", str(path)],
    )
    win_rates.main()
    assert capsys.readouterr().out.endswith("| 1 | lost | 1,500 | 3 |\n")
    assert path.read_bytes() == before


def test_a_tally_takes_each_deals_latest_verdict_and_sums_the_cpu(
    results_file: ModuleType, tmp_path: Path
) -> None:
    path = write(
        tmp_path / "rates.csv",
        [
            [SOREL, 1, "unknown", 1000, "1.00", ""],
            [SOREL, 1, "unknown", 100, "0.10", ""],  # a cheaper pass: the 1,000 stands
            [SOREL, 2, "unknown", 100, "0.50", ""],
            [SOREL, 2, "lost", 400, "", ""],  # decided; no CPU time recorded
            [TWO, 3, "won", 30, "2.00", "dead-ends"],
        ],
    )
    latest, cpu = results_file.tally(path)
    assert latest == {SOREL: {1: ("unknown", 1000), 2: ("lost", 400)}, TWO: {3: ("won", 30)}}
    assert cpu == pytest.approx({SOREL: 1.6, TWO: 2.0})
    assert results_file.tally(tmp_path / "absent.csv") == ({}, {})


def test_the_won_list_reads_each_deals_verdict_as_the_summary_does(
    winnable_data: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(winnable_data, "LAST", 2)  # a range of two deals
    presets = list(winnable_data.VARIANTS)
    rows: list[list[object]] = [[name, 1, "won", 10, "", ""] for name in presets]
    rows += [[name, 2, "lost", 10, "", ""] for name in presets]
    rows += [
        [SOREL, 2, "unknown", 1000, "1.00", ""],  # a retry left it open ...
        [SOREL, 2, "won", 1200, "1.50", ""],  # ... and a larger one won it
        [TWO, 1, "unknown", 5, "0.01", ""],  # the last row counts: no longer won
        ["quagnes-none-up", 1, "won", 10, "", ""],  # not a preset: left out
        [SOREL, 3, "won", 10, "", ""],  # outside the range
    ]
    won = winnable_data.won_deals(write(tmp_path / "rates.csv", rows))
    assert list(won) == presets
    assert won[SOREL] == [1, 2]
    assert won[TWO] == []
    assert all(won[name] == [1] for name in presets if name not in (SOREL, TWO))


def test_the_won_list_needs_a_verdict_for_every_deal(
    winnable_data: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(winnable_data, "LAST", 2)
    rows: list[list[object]] = [[name, 1, "won", 10, "", ""] for name in winnable_data.VARIANTS]
    path = write(tmp_path / "rates.csv", rows)
    with pytest.raises(SystemExit, match="agnes-sorel has no verdict for 1 deals of the range"):
        winnable_data.won_deals(path)
    with pytest.raises(SystemExit, match=r"absent\.csv: no such results file"):
        winnable_data.won_deals(tmp_path / "absent.csv")


def test_a_row_cut_short_is_named_with_its_line(results_file: ModuleType, tmp_path: Path) -> None:
    path = write(tmp_path / "rates.csv", [[SOREL, 1, "lost", 400, "1.00", ""]])
    with path.open("a", newline="") as handle:
        handle.write("agnes-sorel,2,unkn")  # a run killed while it wrote
    with pytest.raises(SystemExit, match=r"rates\.csv:3: not a whole row"):
        results_file.tally(path)
