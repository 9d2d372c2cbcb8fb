"""What ``agnes`` prints and the exit statuses of :func:`agnes_rules.cli.main`, in this process."""

from __future__ import annotations

import argparse
import io
import json
import sys

import pytest

import agnes_rules.cli.parser
from agnes_rules.cli import main
from agnes_rules.cli.output import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    ClosedPipeGuard,
    emit_json,
    plural,
    print_error,
)
from agnes_rules.errors import DealError


def test_errors_are_one_line_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    print_error("cannot read x.json: No such file or directory")
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == (
        "",
        "agnes: error: cannot read x.json: No such file or directory\n",
    )


def test_json_is_indented(capsys: pytest.CaptureFixture[str]) -> None:
    emit_json({"moves": ["d"], "won": False})
    out = capsys.readouterr().out
    assert json.loads(out) == {"moves": ["d"], "won": False}
    assert out.startswith('{\n  "moves"')


def test_plurals() -> None:
    assert [plural(count, "move") for count in (0, 1, 2)] == ["0 moves", "1 move", "2 moves"]


def raising(error: BaseException) -> object:
    def handler(_args: argparse.Namespace) -> int:
        raise error

    return handler


@pytest.mark.parametrize(
    ("error", "status", "stderr"),
    [
        (DealError("no such deal"), EXIT_USAGE, "agnes: error: no such deal\n"),
        (ValueError("bad value"), EXIT_USAGE, "agnes: error: bad value\n"),
        (KeyboardInterrupt(), EXIT_INTERRUPTED, "\n"),
    ],
)
def test_main_turns_errors_into_exit_statuses(
    error: BaseException,
    status: int,
    stderr: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(agnes_rules.cli.parser, "run_variants", raising(error))
    assert main(["variants"]) == status
    assert capsys.readouterr().err == stderr


def test_main_returns_the_usage_status_of_argparse(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "agnes-sorel", "0"]) == EXIT_USAGE
    assert capsys.readouterr().err.startswith("agnes deal: error: argument NUMBER:")
    assert main(["--help"]) == EXIT_OK


class ClosedPipe(io.StringIO):
    """A stream whose reader has gone: every write fails as on a closed pipe."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_guarded_stream_throws_the_rest_away_once_the_reader_is_gone() -> None:
    guard = ClosedPipeGuard(ClosedPipe())
    assert guard.write("first line\n") == 11
    assert guard.reader_gone
    assert guard.write("second line\n") == 12  # not even tried
    guard.flush()


def test_main_keeps_the_status_when_output_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    monkeypatch.setattr(sys, "stderr", ClosedPipe())
    assert main(["moves", "agnes-sorel", "1"]) == EXIT_OK
    assert main(["moves", "--file", "/nonexistent/state.json"]) == EXIT_USAGE
    assert main(["deal", "agnes-sorel", "0"]) == EXIT_USAGE
