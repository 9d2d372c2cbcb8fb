"""The ``agnes`` command ends cleanly on every failure: one line, a documented status, no traceback.

Also ``agnes stats --out``: results streamed to a file and resumed.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agnes_rules import GameState
from agnes_rules.cli import main

STATE = GameState.deal("agnes-sorel", 2)


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("bad")
    files = {
        "missing": folder / "missing.json",
        "directory": folder / "a-directory",
        "unreadable": folder / "unreadable.json",
        "not UTF-8": folder / "latin1.json",
        "huge": folder / "huge.json",
        "deep": folder / "deep.json",
        "empty": folder / "empty.json",
        "long number": folder / "number.json",
    }
    files["directory"].mkdir()
    files["unreadable"].write_text(STATE.to_json())
    os.chmod(files["unreadable"], 0)
    files["not UTF-8"].write_bytes(b'{"format": "caf\xe9"}')
    files["huge"].write_text(" " * (16 * 2**20 + 1) + STATE.to_json())
    files["deep"].write_text("[" * 100_000 + "]" * 100_000)
    files["empty"].write_text("")
    files["long number"].write_text(
        '{"format": "agnes-rules/game-state", "version": ' + "9" * 5000 + "}"
    )
    return {name: str(path) for name, path in files.items()}


def _one_line_error(
    capsys: pytest.CaptureFixture[str], status: int, expected: tuple[int, ...] = (2,)
) -> str:
    err = capsys.readouterr().err
    assert status in expected, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("agnes"), err
    return lines[0]


KINDS = ["missing", "directory", "unreadable", "not UTF-8", "huge", "deep", "empty", "long number"]
FILE_COMMANDS = [
    ["validate", "{}"],
    ["moves", "--file", "{}"],
    ["solve", "--file", "{}", "--max-states", "10"],
    ["play", "--resume", "{}"],
    ["deal", "agnes-sorel", "1", "--json"],  # reads no file: must succeed
]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads unreadable files")
def test_unreadable_file_as_a_user(
    bad_files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    line = _one_line_error(capsys, main(["validate", bad_files["unreadable"]]), (1, 2))
    assert "Permission denied" in line


@pytest.mark.parametrize("command", FILE_COMMANDS[:4], ids=lambda c: c[0])
def test_unreadable_file_even_as_root(
    bad_files: dict[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: list[str],
) -> None:
    def refuse(path: Path, *args: object, **kwargs: object) -> str:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(Path, "read_text", refuse)
    argv = [bad_files["unreadable"] if word == "{}" else word for word in command]
    line = _one_line_error(capsys, main(argv), (1, 2))
    assert f"cannot read {bad_files['unreadable']}: Permission denied" in line


@pytest.mark.parametrize("kind", [kind for kind in KINDS if kind != "unreadable"])
@pytest.mark.parametrize("command", FILE_COMMANDS[:4], ids=lambda c: c[0])
def test_bad_files(
    bad_files: dict[str, str], capsys: pytest.CaptureFixture[str], kind: str, command: list[str]
) -> None:
    argv = [bad_files[kind] if word == "{}" else word for word in command]
    # validate reports a file it reads but finds bad with 1, like a bad game in it.
    expected = (1, 2) if command[0] == "validate" else (2,)
    line = _one_line_error(capsys, main(argv), expected)
    assert bad_files[kind] in line or kind in ("huge", "deep", "long number"), line


BAD_ARGUMENTS = [
    ["demo", "--seed", "x"],
    ["demo", "nope"],
    ["variants", "nope"],
    ["variants", "--json", "x", "y"],
    ["deal", "agnes-sorel", "0"],
    ["deal", "agnes-sorel", "1e9"],
    ["deal", "nope", "1"],
    ["moves"],
    ["moves", "--code", "x" * 20_000],
    ["moves", "--code", "\ud800"],
    ["moves", "agnes-sorel", "1", "--after", "t9t9x999"],
    ["play", "agnes-sorel", "1", "--code", "x"],
    ["validate"],
    ["solve", "agnes-sorel", "1", "--max-states", "0"],
    ["solve", "agnes-sorel", "1", "--max-states", "-5"],
    ["stats", "agnes-sorel", "--deals", "0"],
    ["stats", "agnes-sorel", "--first", "99999999999999999999"],
    ["stats", "agnes-sorel", "--jobs", "x"],
    ["stats", "agnes-sorel", "--out", ""],
    ["nope"],
    [],
]


@pytest.mark.parametrize("argv", BAD_ARGUMENTS, ids=lambda argv: " ".join(argv)[:40])
def test_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    _one_line_error(capsys, main(argv))


# ------------------------------------------------------------------ stats --out


def test_stats_out_streams_and_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results.jsonl"
    argv = ["stats", "agnes-sorel", "--deals", "4", "--max-states", "2000", "--quiet", "--json"]
    assert main([*argv, "--out", str(out)]) == 0
    first = json.loads(capsys.readouterr().out)
    assert len(out.read_text().splitlines()) == 4
    assert main([*argv, "--out", str(out)]) == 0  # nothing left to solve
    assert json.loads(capsys.readouterr().out) == first
    assert len(out.read_text().splitlines()) == 4
    assert main([*argv[:3], "6", *argv[4:], "--out", str(out)]) == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 6
    assert len(out.read_text().splitlines()) == 6


def test_stats_out_of_another_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results.jsonl"
    argv = ["stats", "agnes-sorel", "--deals", "2", "--quiet", "--out", str(out)]
    assert main([*argv, "--max-states", "100"]) == 0
    capsys.readouterr()
    line = _one_line_error(capsys, main([*argv, "--max-states", "200"]))
    assert "the results of another run" in line


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_stats_ctrl_c_keeps_the_finished_deals(tmp_path: Path, jobs: str) -> None:
    out = tmp_path / "results.jsonl"
    argv = [sys.executable, "-m", "agnes_rules", "stats", "agnes-bernauer", "--deals", "400"]
    argv += ["--max-states", "500", "--quiet", "--out", str(out), "--jobs", jobs]
    process = subprocess.Popen(argv, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not out.exists() or out.stat().st_size < 400):
        time.sleep(0.1)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    kept = out.read_text().splitlines()
    assert 0 < len(kept) < 400
    assert all(json.loads(line)["variant"] == "agnes-bernauer" for line in kept)


def _children(pid: int) -> list[int]:
    found = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(child) for child in (task / "children").read_text().split()]
    except OSError:  # the process or one of its threads ended meanwhile
        pass
    return found


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc")
def test_stats_survives_a_worker_killed_mid_run(tmp_path: Path) -> None:
    argv = [sys.executable, "-m", "agnes_rules", "stats", "agnes-sorel", "--deals", "16"]
    argv += ["--max-states", "2000", "--quiet", "--json", "--jobs", "2"]
    undisturbed = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    out = tmp_path / "results.jsonl"
    process = subprocess.Popen([*argv, "--out", str(out)], stdout=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not out.exists() or not out.read_text()):
        time.sleep(0.05)
    workers = [pid for pid in _children(process.pid) if _is_worker(pid)]
    assert workers
    os.kill(workers[0], signal.SIGKILL)
    replaced = False
    while process.poll() is None and not replaced:
        # The pool replaced: worker processes that were not there before.
        replaced = any(_is_worker(pid) for pid in set(_children(process.pid)) - set(workers))
        time.sleep(0.02)
    stdout, _ = process.communicate(timeout=300)
    assert process.returncode == 0
    assert replaced
    assert json.loads(stdout) == json.loads(undisturbed)
    assert len(out.read_text().splitlines()) == 16


def _is_worker(pid: int) -> bool:
    """Whether ``pid`` is a pool's worker (forked: not multiprocessing's resource tracker)."""
    try:
        return b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
