"""Fuzzing the ``agnes`` command: every command with bad arguments and bad files.

The command is run in this process (``main(argv)``); whatever the arguments, it
must end with a documented status (0, 1, 2), and a failure must be said on
standard error without a traceback.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import os
import shutil
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from agnes_rules import GameState
from agnes_rules.cli import main
from agnes_rules.records import GameRecord
from tests.fuzz.contract import mutated_document, time_limit

COMMANDS = ["demo", "variants", "deal", "moves", "play", "validate", "solve", "stats"]

_FILES = Path(tempfile.mkdtemp(prefix="agnes-fuzz-"))
atexit.register(shutil.rmtree, _FILES, ignore_errors=True)
_STATE = GameState.deal("agnes-sorel", 2)
_GOOD = {
    "state.json": _STATE.to_json(),
    "record.json": GameRecord("agnes-sorel", 2, _STATE.legal_moves()[:1]).to_json(),
}
for _name, _text in _GOOD.items():
    (_FILES / _name).write_text(_text, encoding="utf-8")
(_FILES / "latin1.json").write_bytes(b'{"caf\xe9": 1}')
(_FILES / "empty.json").write_text("", encoding="utf-8")
(_FILES / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
(_FILES / "huge.json").write_text(" " * (17 * 1024 * 1024) + "{}", encoding="utf-8")
(_FILES / "a-directory").mkdir()
(_FILES / "unreadable.json").write_text("{}", encoding="utf-8")
os.chmod(_FILES / "unreadable.json", 0)
FILES = [str(path) for path in sorted(_FILES.iterdir())] + [str(_FILES / "missing.json")]

words = st.one_of(
    st.sampled_from(
        [
            "agnes-sorel",
            "agnes-bernauer",
            "nope",
            "1",
            "0",
            "-1",
            "99999999999",
            "x",
            "",
            "-",
            "--json",
            "--show",
            "--code",
            "--file",
            "--after",
            "--resume",
            "--deals",
            "--first",
            "--jobs",
            "--max-states",
            "none",
            "--quiet",
            "--seed",
            "--help",
            "t1t4",
            "d",
            "\ud800",
            "1e9",
        ]
    ),
    st.sampled_from(FILES),
    st.sampled_from([_STATE.to_code()]).map(lambda code: code[: len(code) // 2]),
    st.text(max_size=8),
)


def _run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        contextlib.ExitStack() as stack,
    ):
        stack.enter_context(_stdin(""))
        with time_limit(20):
            try:
                status = main(argv)
            except SystemExit as exit_:  # --help and --version exit through argparse
                status = exit_.code if isinstance(exit_.code, int) else 2
    return status, err.getvalue()


@contextlib.contextmanager
def _stdin(text: str):  # type: ignore[no-untyped-def]
    import sys

    saved = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = saved


def _check(argv: list[str]) -> None:
    status, err = _run(argv)
    assert status in (0, 1, 2), (argv, status, err)
    assert "Traceback" not in err, (argv, err)
    if status == 2:
        assert err.strip(), argv


@given(st.sampled_from(COMMANDS), st.lists(words, max_size=5))
def test_commands_with_bad_arguments(command: str, arguments: list[str]) -> None:
    if command in ("solve", "stats"):
        arguments = [*arguments, "--max-states", "30"]
        if command == "stats":
            arguments += ["--deals", "2", "--jobs", "1", "--quiet"]
    _check([command, *arguments])


@given(
    st.sampled_from(list(_GOOD.values())).flatmap(mutated_document),
    st.sampled_from(["validate", "solve", "moves", "play"]),
)
def test_commands_with_bad_files(text: str | bytes, command: str) -> None:
    path = _FILES / "mutated.json"
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogatepass")
    path.write_bytes(text)
    option = {"validate": [], "play": ["--resume"]}.get(command, ["--file"])
    extra = ["--max-states", "30"] if command == "solve" else []
    _check([command, *option, str(path), *extra])
