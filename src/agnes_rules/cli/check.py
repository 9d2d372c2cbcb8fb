"""``agnes validate``: check recorded games, one report per file.

The exit status is the worst over the files: 0 when every game is legal, 1
when one has an illegal move, 2 when a file cannot be read as a game record
(the other files are still checked).
"""

from __future__ import annotations

import argparse

from agnes_rules.cli.files import read_text
from agnes_rules.cli.output import EXIT_FOUND, EXIT_OK, EXIT_USAGE, emit_json, plural, print_error
from agnes_rules.errors import AgnesError, ArgumentError
from agnes_rules.records import GameRecord, ValidationReport, validate

__all__ = ["read_record", "report_data", "report_line", "run_validate"]


def run_validate(args: argparse.Namespace) -> int:
    """Check each file of ``args.files``, printing a line (or JSON) per file."""
    status = EXIT_OK
    results: list[dict[str, object]] = []
    for path in args.files:
        try:
            record = read_record(path)
        except AgnesError as error:
            print_error(str(error))
            results.append({"file": path, "error": str(error)})
            status = EXIT_USAGE
            continue
        report = validate(record)
        if not report.ok:
            status = max(status, EXIT_FOUND)
        results.append(report_data(path, report))
        if not args.json:
            print(report_line(path, report))
            if args.show:
                print(report.final_state.render())
    if args.json:
        emit_json(results)
    return status


def read_record(path: str) -> GameRecord:
    """The game record in the file at ``path``; an error's message starts with the path."""
    text = read_text(path)  # its errors name the file already
    try:
        return GameRecord.from_json(text)
    except AgnesError as error:
        raise ArgumentError(f"{path}: {error}") from None


def report_line(path: str, report: ValidationReport) -> str:
    """The verdict on the game in ``path``, one line: length and outcome, or the first bad move."""
    if not report.ok:
        return f"{path}: move {report.move_number} ({report.error_move}): {report.error}"
    final = report.final_state
    outcome = "won" if final.is_won else "lost" if final.is_lost else "unfinished"
    return f"{path}: ok, {plural(report.moves_played, 'move')}, {outcome}"


def report_data(path: str, report: ValidationReport) -> dict[str, object]:
    """The report on the game in ``path`` as a JSON object."""
    return {
        "file": path,
        "ok": report.ok,
        "won": report.won,
        "moves_played": report.moves_played,
        "error_index": report.error_index,
        "error_move": report.error_move,
        "error": report.error,
        "rule": None if report.rule is None else report.rule.value,
    }
