"""The ``agnes`` command as a process: Ctrl-C, closed pipes, the progress bar on a terminal.

Each test runs the real program in a subprocess, as a shell would.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_cli import AGNES, read_until

ROOT = Path(__file__).resolve().parent.parent
ILLEGAL = ROOT / "examples" / "agnes-sorel-illegal-move.json"

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")


def group_is_gone(group: int, timeout: float = 5) -> bool:
    """Whether every process of the process group ``group`` has ended within ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        except PermissionError:  # a zombie of ours still holds the group id
            pass
        time.sleep(0.05)
    return False


# ------------------------------------------------------------------ Ctrl-C


LONG_COMMANDS = {
    # Deals of agnes-bernauer without a budget: minutes of work each.
    "stats-jobs": ["stats", "agnes-bernauer", "--deals", "40", "--jobs", "2"],
    "stats": ["stats", "agnes-bernauer", "--deals", "40"],
    "solve": ["solve", "agnes-bernauer", "1", "--max-states", "none"],
}


@posix_only
@pytest.mark.parametrize("whole_group", [True, False], ids=["terminal-ctrl-c", "kill-int"])
@pytest.mark.parametrize("command", LONG_COMMANDS, ids=list(LONG_COMMANDS))
def test_ctrl_c_stops_any_command_at_once_with_status_130(command: str, whole_group: bool) -> None:
    process = subprocess.Popen(
        [*AGNES, *LONG_COMMANDS[command]],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a shell's foreground job
    )
    try:
        time.sleep(3)  # started, imported, and at work
        assert process.poll() is None, process.communicate()
        start = time.monotonic()
        if whole_group:
            os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C at a terminal does
        else:
            process.send_signal(signal.SIGINT)  # the main process alone
        _out, err = process.communicate(timeout=30)
        elapsed = time.monotonic() - start
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130
    assert elapsed < 2, f"took {elapsed:.1f} s to stop"
    assert "Traceback" not in err
    assert err == "\n"
    assert group_is_gone(process.pid), "worker processes were left running"


# ------------------------------------------------------------------ closed pipes


@posix_only
@pytest.mark.parametrize(
    ("arguments", "status"),
    [
        (["validate", str(ILLEGAL), str(ILLEGAL)], 1),
        (["variants"], 0),
        (["deal", "agnes-sorel", "1", "--svg", "-"], 0),
        (["moves", "--file", "/nonexistent/state.json"], 2),
    ],
    ids=["validate-illegal", "variants", "svg", "error"],
)
def test_a_closed_pipe_ends_quietly_with_the_status_of_the_command(
    arguments: list[str], status: int
) -> None:
    # As `agnes validate ... | head -0`: the reader is gone before the program writes.
    process = subprocess.Popen(
        [*AGNES, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    err = process.stderr.read()
    process.stderr.close()
    assert process.wait(timeout=120) == status
    assert "Traceback" not in err
    assert "BrokenPipeError" not in err
    if status != 2:
        assert err == ""


@posix_only
@pytest.mark.parametrize(
    ("arguments", "status"),
    [
        (["moves", "--file", "/nonexistent/state.json"], 2),
        (["validate", str(ILLEGAL)], 1),
        (["stats", "agnes-sorel", "--deals", "2", "--max-states", "500"], 0),
    ],
    ids=["error", "validate-illegal", "stats-bar"],
)
def test_errors_and_the_bar_into_a_closed_pipe_keep_the_status(
    arguments: list[str], status: int
) -> None:
    # As `agnes ... 2>&1 | head -0`: standard error goes into the closed pipe too.
    process = subprocess.Popen(
        [*AGNES, *arguments], stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    assert process.stdout is not None
    process.stdout.close()
    assert process.wait(timeout=120) == status


@posix_only
def test_head_of_a_pipeline_sees_the_first_line_and_the_status_survives() -> None:
    command = " ".join(f"'{part}'" for part in [*AGNES, "validate", str(ILLEGAL), str(ILLEGAL)])
    result = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command} | head -1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 1
    assert result.stdout.count("\n") == 1
    assert result.stderr == ""


# ------------------------------------------------------------------ the progress bar


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_the_progress_bar_redraws_itself_on_a_terminal_only() -> None:
    import pty

    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [*AGNES, "stats", "agnes-sorel", "--deals", "3", "--max-states", "2000"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=terminal,
        close_fds=True,
    )
    os.close(terminal)
    seen = bytearray()
    try:
        read_until(controller, b"3/3 deals 100%", seen)
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(controller)
    frames = bytes(seen).replace(b"\r\n", b"\n").split(b"\r")[1:]  # the terminal's newlines
    assert frames[0].startswith(b"[------------------------------] 0/3 deals   0%")
    assert len(frames) == 4
