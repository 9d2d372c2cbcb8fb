"""The argument tree of ``agnes``, in this process: help, options, argument types, version."""

from __future__ import annotations

import argparse
import importlib.metadata

import pytest

from agnes_rules._build import build_name
from agnes_rules.cli import check, parser, play, show, solving
from agnes_rules.cli.output import program_version
from agnes_rules.cli.parser import (
    budget_argument,
    build_parser,
    game_number_argument,
    positive_argument,
    seconds_argument,
    seed_argument,
    variant_argument,
)
from agnes_rules.core.dealing import MAX_GAME_NUMBER
from agnes_rules.core.variant import VARIANTS

COMMANDS = ["demo", "variants", "deal", "moves", "play", "validate", "solve", "stats"]


def parse(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(argv)


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_every_help_prints_usage_and_exits_0(
    command: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse(*([command] if command else []), "--help")
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: agnes{' ' + command if command else ''}")


def test_the_commands_are_listed_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse("--help")
    listed = [
        line.split()[0] for line in capsys.readouterr().out.splitlines() if line[:4] == " " * 4
    ]
    assert listed == COMMANDS


def test_each_command_runs_its_own_handler() -> None:
    handlers = {
        "demo": show.run_demo,
        "variants": show.run_variants,
        "deal": show.run_deal,
        "moves": show.run_moves,
        "play": play.run_play,
        "validate": check.run_validate,
        "solve": solving.run_solve,
        "stats": solving.run_stats,
    }
    samples = {"deal": ["agnes-sorel", "1"], "validate": ["game.json"], "stats": ["agnes-two"]}
    for command, handler in handlers.items():
        assert parse(command, *samples.get(command, [])).handler is handler


def test_the_demo_defaults() -> None:
    args = parse("demo")
    assert args.variant == VARIANTS["agnes-sorel"]
    assert (args.number, args.max_states) == (show.DEMO_DEAL, show.DEMO_STATES)


def test_the_options_of_deal_and_stats_parse() -> None:
    deal = parse("deal", "agnes-bernauer", "12", "--json", "--svg", "out.svg")
    assert (deal.variant, deal.number, deal.json, deal.code, deal.svg) == (
        VARIANTS["agnes-bernauer"],
        12,
        True,
        False,
        "out.svg",
    )
    assert (deal.winnable, deal.seed) == (False, None)
    drawn = parse("deal", "agnes-two", "--winnable", "--seed", "-5")
    assert (drawn.number, drawn.winnable, drawn.seed) == (None, True, -5)
    stats = parse("stats", "agnes-two", "--deals", "50", "--first", "7", "--jobs", "2", "--quiet")
    assert (stats.deals, stats.first, stats.jobs, stats.max_states, stats.quiet, stats.json) == (
        50,
        7,
        2,
        None,
        True,
        False,
    )


def test_the_position_options_parse() -> None:
    for command in ("moves", "solve"):
        args = parse(command, "--code", "CODE", "--after", "t1f d")
        assert (args.variant, args.number, args.code, args.file, args.after) == (
            None,
            None,
            "CODE",
            None,
            "t1f d",
        )
    assert parse("solve", "agnes-sorel", "3", "--max-states", "10").max_states == 10
    assert parse("solve", "agnes-sorel", "3").max_seconds is None
    assert parse("solve", "agnes-sorel", "3", "--max-seconds", "0.5").max_seconds == 0.5
    assert parse("moves", "--file", "-", "--show").show is True


def test_play_and_validate_options_parse() -> None:
    resume = parse("play", "--resume", "game.json")
    assert (resume.variant, resume.number, resume.resume) == (None, None, "game.json")
    assert parse("play", "agnes-two", "5").number == 5
    checked = parse("validate", "a.json", "b.json", "--json")
    assert (checked.files, checked.show, checked.json) == (["a.json", "b.json"], False, True)
    assert parse("validate", "a.json", "--show").show is True


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("validate", "a.json", "--show", "--json"), "argument --json: not allowed with"),
        (("moves", "agnes-sorel", "1", "--show", "--json"), "argument --json: not allowed with"),
        (("deal", "agnes-sorel", "1", "--svg", ""), "argument --svg: an empty file name"),
        (("moves", "--file", ""), "argument --file: an empty file name"),
        (("play", "--resume", " "), "argument --resume: an empty file name"),
        (("validate", ""), "argument FILE: an empty file name"),
        (("solve", "agnes-sorel", "1", "--max-states", "0"), "or 'none': '0'"),
        (("solve", "agnes-sorel", "1", "--max-seconds", "soon"), "seconds (at least 0): 'soon'"),
        (("solve", "agnes-sorel", "1", "--max-seconds", "nan"), "seconds (at least 0): 'nan'"),
        (("deal", "agnes-sorel", "--winnable", "--seed", "1.5"), "not a whole number: '1.5'"),
    ],
)
def test_contradictory_or_empty_options_are_usage_errors(
    arguments: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse(*arguments)
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert message in error


def test_solve_has_a_default_budget_that_none_lifts() -> None:
    assert parse("solve", "agnes-sorel", "1").max_states == solving.SOLVE_STATES == 1_000_000
    assert parse("solve", "agnes-sorel", "1", "--max-states", "none").max_states is None
    assert parse("stats", "agnes-sorel", "--max-states", "None").max_states is None
    assert budget_argument("25") == 25


def test_no_help_text_shows_a_doubled_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    for command in [None, *COMMANDS]:
        with pytest.raises(SystemExit):
            parse(*([command] if command else []), "--help")
        assert "%%" not in capsys.readouterr().out


def test_deal_json_and_code_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse("deal", "agnes-sorel", "1", "--json", "--code")
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert error.startswith("agnes deal: error: argument --code: not allowed with argument --json")
    assert error.endswith("(see 'agnes deal --help')\n")


# ------------------------------------------------------------------ argument types


def test_variant_names_are_the_presets() -> None:
    for name, variant in VARIANTS.items():
        assert variant_argument(name) == variant
    with pytest.raises(argparse.ArgumentTypeError, match="unknown variant 'sorel'; the presets"):
        variant_argument("sorel")


def test_game_numbers_run_over_the_range_the_core_allows() -> None:
    assert game_number_argument("1") == 1
    assert game_number_argument(str(MAX_GAME_NUMBER)) == MAX_GAME_NUMBER
    # The message spells the bound out: it must be the core's.
    assert MAX_GAME_NUMBER == 10**20 - 1
    for text in ("0", "-3", str(MAX_GAME_NUMBER + 1)):
        with pytest.raises(argparse.ArgumentTypeError, match="game numbers run from 1 to 10"):
            game_number_argument(text)
    with pytest.raises(argparse.ArgumentTypeError, match="not a game number: 'x1'"):
        game_number_argument("x1")


def test_positive_numbers() -> None:
    assert positive_argument("12") == 12
    with pytest.raises(argparse.ArgumentTypeError, match=r"not a whole number: '1\.5'"):
        positive_argument("1.5")
    with pytest.raises(argparse.ArgumentTypeError, match="must be at least 1, got -1"):
        positive_argument("-1")


def test_seconds_and_seeds() -> None:
    assert (seconds_argument("0"), seconds_argument("2"), seconds_argument("inf")) == (
        0.0,
        2.0,
        float("inf"),
    )
    for text in ("-0.1", "nan", "", "1s"):
        with pytest.raises(argparse.ArgumentTypeError, match="not a number of seconds"):
            seconds_argument(text)
    assert seed_argument("0") == 0
    with pytest.raises(argparse.ArgumentTypeError, match="not a whole number: 'x'"):
        seed_argument("x")


# ------------------------------------------------------------------ version


def test_version_is_the_installed_distributions(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse("--version")
    assert exit_.value.code == 0
    # The build is named too, so a user can tell whether the compiled modules are loaded.
    assert capsys.readouterr().out == f"agnes {program_version()} ({build_name()})\n"


def test_the_version_comes_from_the_metadata(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.metadata, "version", lambda name: f"9.9 of {name}")
    assert program_version() == "9.9 of agnes-rules"

    def not_installed(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    assert program_version() == "unknown (not installed)"


def test_the_parser_module_is_the_one_that_builds_it() -> None:
    assert build_parser is parser.build_parser
    assert build_parser().prog == "agnes"
