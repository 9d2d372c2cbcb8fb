"""The ``agnes`` command, run as a real program in a subprocess."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS
from agnes_rules.records import GameRecord
from agnes_rules.solver import solve
from agnes_rules.winnable import winnable_deals

ROOT = Path(__file__).resolve().parent.parent

# The installed console script when there is one (it is what users run), else the module.
_SCRIPT = Path(sys.executable).with_name("agnes")
AGNES = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "agnes_rules"]
COMMANDS = ["demo", "variants", "deal", "moves", "play", "validate", "solve", "stats"]


def agnes(
    *arguments: str, stdin: str = "", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, COLUMNS="100")
    return subprocess.run(
        [*AGNES, *arguments],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=environment,
        check=False,
    )


def one_line_error(stderr: str) -> str:
    """The error message, which must be a single line."""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("agnes"), lines[0]
    assert "error: " in lines[0]
    return lines[0]


# ------------------------------------------------------------------ conventions


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_every_command_has_help(command: str | None) -> None:
    result = agnes(*([command] if command else []), "--help")
    assert result.returncode == 0
    assert result.stdout.startswith(f"usage: agnes{' ' + command if command else ''}")
    assert result.stderr == ""


def test_the_top_level_help_lists_every_command() -> None:
    listed = agnes("--help").stdout
    for command in COMMANDS:
        assert f"    {command} " in listed


def test_the_module_runs_the_same_program() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "agnes_rules", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
    assert result.stdout.startswith("agnes ")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((), "the following arguments are required: COMMAND"),
        (("shuffle",), "invalid choice: 'shuffle'"),
        (("deal", "agnes", "1"), "unknown variant 'agnes'; the presets are: agnes-sorel"),
        (("deal", "agnes-sorel", "0"), "game numbers run from 1"),
        (("deal", "agnes-sorel", "one"), "not a game number: 'one'"),
        (("deal", "agnes-sorel"), "give a game NUMBER, or --winnable for a deal proved winnable"),
        (("deal", "agnes-sorel", "7", "--winnable"), "give either a game NUMBER (7) or --winnable"),
        (("deal", "agnes-sorel", "7", "--seed", "1"), "--seed only goes with --winnable"),
        (("play", "agnes-sorel", "7", "--winnable"), "give either a game NUMBER (7) or --winnable"),
        (("play", "--resume", "x.json", "--winnable"), "give either --winnable or --resume FILE"),
        (("solve", "agnes-sorel", "1", "--max-seconds", "-1"), "not a number of seconds"),
        (("moves", "agnes-sorel"), "a game number is needed after the variant"),
        (("moves",), "give the position as VARIANT NUMBER, --code CODE or --file FILE"),
        (("moves", "agnes-sorel", "1", "--after", "t1t2"), "--after: t1t2 is illegal (packing)"),
        (("moves", "agnes-sorel", "1", "--after", "t1x"), "--after: not a move: 't1x'"),
        (("moves", "--code", "agnes-sorel 4 nonsense"), "error: "),
        (("moves", "--file", "/nonexistent/state.json"), "cannot read /nonexistent/state.json"),
        (("stats", "agnes-sorel", "--deals", "0"), "must be at least 1, got 0"),
        (("deal", "agnes-sorel", "1", "--svg", "-", "--json"), "it cannot go with --json"),
        (("deal", "agnes-sorel", "1", "--svg", "-", "--code"), "it cannot go with --code"),
        (("deal", "agnes-sorel", "1", "--svg", ""), "argument --svg: an empty file name"),
    ],
)
def test_bad_usage_exits_2_with_one_line_on_stderr(
    arguments: tuple[str, ...], message: str
) -> None:
    result = agnes(*arguments)
    assert result.returncode == 2
    assert result.stdout == ""
    assert message in one_line_error(result.stderr)


# ------------------------------------------------------------------ variants, deal, moves


def test_variants_lists_every_preset_with_its_rules() -> None:
    result = agnes("variants")
    assert result.returncode == 0
    for name in VARIANTS:
        assert f"\n{name}: " in "\n" + result.stdout
    assert "packing alternate-colour" in result.stdout
    assert "stock 16 (2 deals, 2 spare spaces)" in result.stdout


def test_variants_json_gives_every_field() -> None:
    data = json.loads(agnes("variants", "--json").stdout)
    assert list(data) == list(VARIANTS)
    for name, variant in VARIANTS.items():
        assert data[name]["vacancy"] == variant.vacancy.value
        assert data[name]["split_runs"] is variant.split_runs
        assert data[name]["stock_size"] == variant.stock_size
    one = json.loads(agnes("variants", "agnes-two", "--json").stdout)
    assert list(one) == ["agnes-two"]
    assert one["agnes-two"]["decks"] == 2


@pytest.mark.parametrize("name", ["agnes-sorel", "agnes-bernauer", "agnes-two"])
def test_deal_shows_the_opening_layout(name: str) -> None:
    result = agnes("deal", name, "1")
    assert result.returncode == 0
    assert result.stdout == GameState.deal(name, 1).render() + "\n"


def test_deal_as_json_code_and_svg(tmp_path: Path) -> None:
    state = GameState.deal("agnes-bernauer", 5)
    as_json = agnes("deal", "agnes-bernauer", "5", "--json").stdout
    assert GameState.from_json(as_json) == state
    code = agnes("deal", "agnes-bernauer", "5", "--code").stdout
    assert len(code.splitlines()) == 1
    assert GameState.from_code(code.strip()) == state
    picture = tmp_path / "deal.svg"
    result = agnes("deal", "agnes-bernauer", "5", "--svg", str(picture))
    assert result.returncode == 0
    root = ET.fromstring(picture.read_text(encoding="utf-8"))
    cards = {g.attrib["data-card"] for g in root.iter() if "data-card" in g.attrib}
    assert {str(pile[-1]) for pile in state.reserve} <= cards
    to_stdout = agnes("deal", "agnes-bernauer", "5", "--svg", "-").stdout
    assert to_stdout.startswith("<svg")


def test_deal_winnable_draws_a_proved_winnable_deal_and_says_which() -> None:
    result = agnes("deal", "agnes-bernauer", "--winnable", "--seed", "12")
    assert result.returncode == 0
    first, rest = result.stdout.split("\n", 1)
    number = int(first.split()[2].rstrip(","))
    assert number in winnable_deals("agnes-bernauer")
    assert first == (
        f"game number {number}, drawn from the {len(winnable_deals('agnes-bernauer')):,} deals"
        " of 1..10,000 proved winnable"
    )
    assert rest == GameState.deal("agnes-bernauer", number).render() + "\n"
    # The same seed, the same deal; with --code the note goes to standard error.
    code = agnes("deal", "agnes-bernauer", "--winnable", "--seed", "12", "--code")
    assert GameState.from_code(code.stdout.strip()) == GameState.deal("agnes-bernauer", number)
    assert code.stderr == first + "\n"


def test_moves_of_a_numbered_deal_after_some_moves() -> None:
    result = agnes("moves", "agnes-sorel", "1", "--after", "t4t3 d")
    assert result.returncode == 0
    expected = GameState.deal("agnes-sorel", 1).play(["t4t3", "d"]).legal_moves()
    assert [line.split()[0] for line in result.stdout.splitlines()] == [str(m) for m in expected]
    assert "t2f      4D to its foundation" in result.stdout


def test_moves_of_a_position_code_and_of_json_files(tmp_path: Path) -> None:
    state = GameState.deal("agnes-bernauer", 2).play(["d"])
    expected = [str(move) for move in state.legal_moves()]
    code = agnes("deal", "agnes-bernauer", "2", "--code").stdout.strip()
    from_code = json.loads(agnes("moves", "--code", code, "--after", "d", "--json").stdout)
    assert from_code["moves"] == expected
    assert len(from_code["descriptions"]) == len(expected)

    state_file = tmp_path / "state.json"
    state_file.write_text(state.to_json(), encoding="utf-8")
    from_state = json.loads(agnes("moves", "--file", str(state_file), "--json").stdout)
    assert from_state["moves"] == expected

    record_file = tmp_path / "game.json"
    record_file.write_text(GameRecord("agnes-bernauer", 2, ["d"]).to_json(), encoding="utf-8")
    from_record = json.loads(agnes("moves", "--file", str(record_file), "--json").stdout)
    assert from_record["moves"] == expected
    from_stdin = agnes("moves", "--file", "-", "--json", stdin=record_file.read_text())
    assert json.loads(from_stdin.stdout)["moves"] == expected


def test_moves_of_a_finished_game_say_so(tmp_path: Path) -> None:

    start = GameState.deal("agnes-sorel", 3)
    line = " ".join(str(move) for move in solve(start).moves)
    result = agnes("moves", "agnes-sorel", "3", "--after", line)
    assert result.stdout == "no legal move: the game is won\n"


# ------------------------------------------------------------------ play and validate


def test_a_scripted_game_then_validate_the_saved_record(tmp_path: Path) -> None:
    session = "\n".join(
        [
            "help",
            "t4t3",  # legal: 4C onto 5C
            "t1t2",  # illegal: QH on TS
            "t9f",  # there is no column 9
            "x",  # not a move
            "moves",
            "undo",  # back to the opening
            "hint",
            "t4f",
            "d",
            "save game.json",
            "quit",
            "d",  # never read: the player left
        ]
    )
    result = agnes("play", "agnes-sorel", "1", stdin=session + "\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "t4t3: 4C onto 5C" in out
    assert "refused: t1t2 is illegal (packing): QH is not one rank lower than TS" in out
    assert "refused: t9f is illegal (no-such-pile)" in out
    assert "refused: not a move: 'x'" in out
    assert "took back t4t3" in out
    hints = [line for line in out.splitlines() if line.startswith("hint: ")]
    assert len(hints) == 1
    opening = GameState.deal("agnes-sorel", 1)
    assert hints[0].split()[1] in [str(move) for move in opening.legal_moves()]
    assert "saved 2 moves to game.json" in out
    assert out.rstrip().endswith("bye")

    record = GameRecord.from_json((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert record.moves == ("t4f", "d")
    assert record.deal == 1
    assert record.metadata.result == "unfinished"

    checked = agnes("validate", str(tmp_path / "game.json"))
    assert checked.returncode == 0
    assert checked.stdout == f"{tmp_path / 'game.json'}: ok, 2 moves, unfinished\n"


def test_playing_to_the_end_says_won_and_the_record_says_so(tmp_path: Path) -> None:

    line = [str(move) for move in solve(GameState.deal("agnes-sorel", 3)).moves]
    session = "\n".join([*line, "save won.json"]) + "\n"  # end of input ends the game too
    result = agnes("play", "agnes-sorel", "3", stdin=session, cwd=tmp_path)
    assert f"You won in {len(line)} moves!" in result.stdout
    record = GameRecord.from_json((tmp_path / "won.json").read_text(encoding="utf-8"))
    assert record.metadata.result == "won"
    report = agnes("validate", "--json", str(tmp_path / "won.json"))
    assert report.returncode == 0
    assert json.loads(report.stdout)[0]["won"] is True


def test_play_without_a_number_deals_a_random_game() -> None:
    result = agnes("play", "agnes-bernauer", stdin="quit\n")
    assert result.returncode == 0
    first = result.stdout.splitlines()[0]
    number = int(first.split("game number ")[1].split(".")[0])
    assert GameState.deal("agnes-bernauer", number).render() in result.stdout


def test_play_winnable_deals_a_game_proved_winnable() -> None:
    result = agnes("play", "agnes-sorel-parlett", "--winnable", stdin="quit\n")
    assert result.returncode == 0
    first = result.stdout.splitlines()[0]
    assert first.endswith(", proved winnable. 'help' lists the commands.")
    number = int(first.split("game number ")[1].split(",")[0])
    assert number in winnable_deals("agnes-sorel-parlett")
    assert GameState.deal("agnes-sorel-parlett", number).render() in result.stdout


def test_validate_reports_each_file_and_exits_1_on_an_illegal_game(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(GameRecord("agnes-sorel", 1, ["t4t3", "d"]).to_json(), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text(GameRecord("agnes-sorel", 1, ["t4t3", "t2t1", "d"]).to_json(), encoding="utf-8")
    result = agnes("validate", str(good), str(bad))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{good}: ok, 2 moves, unfinished",
        f"{bad}: move 2 (t2t1): t2t1 is illegal (packing): TS is not one rank"
        " lower than QH (that would be a J)",
    ]
    reports = json.loads(agnes("validate", "--json", str(good), str(bad)).stdout)
    assert [report["ok"] for report in reports] == [True, False]
    assert reports[1]["error_index"] == 1
    assert reports[1]["rule"] == "packing"


def test_validate_exits_2_on_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(GameRecord("agnes-sorel", 1, ["d"]).to_json(), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "agnes-rules/game-record", "version": 1}', encoding="utf-8")
    result = agnes("validate", str(broken), str(good))
    assert result.returncode == 2
    # The good file is still checked and reported.
    assert result.stdout == f"{good}: ok, 1 move, unfinished\n"
    assert one_line_error(result.stderr).startswith(f"agnes: error: {broken}: $")


# ------------------------------------------------------------------ solve, demo, stats


def test_solve_prints_the_verdict_and_a_winning_line_that_wins() -> None:
    result = agnes("solve", "agnes-sorel", "3")
    assert result.returncode == 0
    first, *rest = result.stdout.splitlines()
    assert first.startswith("won in ")
    moves = " ".join(rest).split()
    assert GameState.deal("agnes-sorel", 3).play(moves).is_won
    as_json = json.loads(agnes("solve", "agnes-sorel", "3", "--json").stdout)
    assert as_json["outcome"] == "won"
    assert as_json["moves"] == moves


def test_solve_lost_and_unknown() -> None:
    lost = agnes("solve", "agnes-sorel-parlett", "9")
    assert lost.returncode == 0
    assert lost.stdout.startswith("lost: no line wins")
    # A hard deal (no verdict within 50000 positions) and a tiny budget.
    unknown = json.loads(
        agnes("solve", "agnes-bernauer", "1", "--max-states", "100", "--json").stdout
    )
    assert unknown["outcome"] == "unknown"
    assert unknown["moves"] == []
    assert 0 < unknown["states"] <= 100
    # And out of time: a time limit of 0 stops it before it starts.
    late = agnes("solve", "agnes-bernauer", "1", "--max-seconds", "0")
    assert late.stdout == (
        "unknown: no verdict within 0 seconds (0 positions examined; raise --max-seconds)\n"
    )


def test_demo_deals_shows_and_solves() -> None:
    result = agnes("demo")
    assert result.returncode == 0
    assert GameState.deal("agnes-sorel", 3).render() in result.stdout
    assert "Won in " in result.stdout
    other = agnes("demo", "agnes-sorel-parlett", "9")
    assert "This deal cannot be won" in other.stdout


def test_stats_counts_every_deal_with_a_progress_bar() -> None:
    from agnes_rules.solver import Outcome

    budget = 3000
    expected = [
        solve(GameState.deal("agnes-sorel", number), max_states=budget).outcome
        for number in range(1, 7)
    ]
    result = agnes(
        "stats", "agnes-sorel", "--deals", "6", "--jobs", "2", "--max-states", str(budget), "--json"
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["won"], data["lost"], data["unknown"]) == (
        expected.count(Outcome.WON),
        expected.count(Outcome.LOST),
        expected.count(Outcome.UNKNOWN),
    )
    low, high = data["interval"]
    assert 0 <= low <= data["won"] / 6 <= high <= 1
    # Standard error is a pipe here, not a terminal: the bar's last frame alone, no \r frames.
    assert result.stderr == "[##############################] 6/6 deals 100%\n"

    quiet = agnes("stats", "agnes-sorel", "--deals", "6", "--max-states", "3000", "--quiet")
    assert quiet.stderr == ""
    assert quiet.stdout.splitlines() == [
        f"agnes-sorel, deals 1..6: won {data['won']}, lost {data['lost']},"
        f" unknown {data['unknown']}",
        # The proved-won share, not a "win rate": the unknown deals may be won too.
        f"proved won: {data['won'] / 6:.1%} (95% interval {low:.1%} to {high:.1%},"
        " unknown deals counted both ways)",
    ]


def test_stats_checks_the_deal_numbers_before_any_work() -> None:
    start = time.monotonic()
    result = agnes("stats", "agnes-bernauer", "--first", "99999999999999999999", "--deals", "2")
    assert result.returncode == 2
    assert result.stdout == ""
    assert one_line_error(result.stderr) == (
        "agnes: error: --first 99999999999999999999 --deals 2 runs past the last game number,"
        " 99999999999999999999"
    )
    assert time.monotonic() - start < 30  # no deal was solved


# ------------------------------------------------------------------ words


def test_one_of_a_thing_is_singular() -> None:
    state = GameState.deal("agnes-sorel", 3)
    line = solve(state).moves
    last = state.play(line[:-1]).to_code()
    won = agnes("solve", "--code", last)
    assert won.stdout.startswith("won in 1 move (")
    # One position examined: tests/test_cli_solving.py (the solver examines more at once).


def test_the_last_deal_is_one_deal_left() -> None:
    result = agnes("moves", "agnes-sorel", "1", "--after", "d d d", "--show")
    assert "(1 deal left)" in result.stdout.splitlines()[0]


def test_the_demo_suggests_playing_the_variant_it_showed() -> None:
    result = agnes("demo", "agnes-bernauer-pysol", "2", "--max-states", "100")
    assert result.returncode == 0
    assert "Next: 'agnes play agnes-bernauer-pysol' to play one" in result.stdout
    assert "agnes play agnes-sorel" not in result.stdout


def test_solve_reports_its_default_budget() -> None:
    result = json.loads(agnes("solve", "agnes-sorel", "3", "--json").stdout)
    assert (result["outcome"], result["max_states"]) == ("won", 1_000_000)


# ------------------------------------------------------------------ the documentation


def documented_sessions() -> list[tuple[str, str]]:
    """The ``$ agnes ...`` commands written out in docs/cli.md, each with the output shown."""
    page = ROOT / "docs" / "cli.md"
    if not page.exists():
        return []
    sessions: list[tuple[str, str]] = []
    for block in page.read_text(encoding="utf-8").split("```text\n")[1:]:
        for part in block.split("```")[0].split("$ agnes ")[1:]:
            command, _, output = part.partition("\n")
            sessions.append((command, output))
    return sessions


@pytest.mark.parametrize(("command", "output"), documented_sessions())
def test_the_documented_examples_are_what_the_program_prints(command: str, output: str) -> None:
    result = agnes(*shlex.split(command), cwd=ROOT)
    assert result.stderr + result.stdout == output


def test_a_saved_game_can_be_resumed(tmp_path: Path) -> None:
    agnes("play", "agnes-bernauer", "4", stdin="d\nd\nsave first.json\n", cwd=tmp_path)
    result = agnes("play", "--resume", "first.json", stdin="undo\nsave second.json\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "2 moves of first.json replayed" in result.stdout
    assert "took back d" in result.stdout
    record = GameRecord.from_json((tmp_path / "second.json").read_text(encoding="utf-8"))
    assert (record.variant, record.deal, record.moves) == ("agnes-bernauer", 4, ("d",))


def read_until(controller: int, marker: bytes, seen: bytearray, timeout: float = 60) -> None:
    """Read the terminal into ``seen`` until ``marker`` appears after what was there before."""
    import select
    import time

    start = len(seen)
    deadline = time.monotonic() + timeout
    while marker not in seen[start:]:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"no {marker!r} from the program; it wrote: {bytes(seen)!r}"
        ready, _, _ = select.select([controller], [], [], remaining)
        if not ready:
            continue
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the program ended and the terminal closed
            chunk = b""
        assert chunk, f"the program ended before {marker!r}; it wrote: {bytes(seen)!r}"
        seen.extend(chunk)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.parametrize("leave", [b"quit\n", b"\x04"], ids=["quit", "end-of-input"])
def test_play_at_a_terminal_prompts_for_moves(leave: bytes) -> None:
    import pty

    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [*AGNES, "play", "agnes-sorel", "1"],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        close_fds=True,
    )
    os.close(terminal)
    seen = bytearray()
    try:
        # Type each line only once the prompt asks for it, as a person would.
        read_until(controller, b"move> ", seen)
        os.write(controller, b"t4f\n")
        read_until(controller, b"move> ", seen)
        os.write(controller, leave)
        read_until(controller, b"bye", seen)
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(controller)
    text = seen.decode()
    assert "t4f: 4C to its foundation" in text
    assert "move> bye" not in text  # end of input ends the prompt's line first
