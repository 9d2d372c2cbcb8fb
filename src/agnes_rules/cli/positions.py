"""The position a command works on: ``VARIANT NUMBER``, ``--code`` or ``--file``, then ``--after``.

The arguments themselves are declared by :func:`agnes_rules.cli.parser.add_position_arguments`;
this module turns their values into a :class:`GameState`, raising an
:class:`ArgumentError` with a one-line message when they do not name one.
"""

from __future__ import annotations

import argparse
import json
import random

from agnes_rules.cli.files import read_text
from agnes_rules.core.moves import Move
from agnes_rules.core.state import GameState
from agnes_rules.errors import AgnesError, ArgumentError
from agnes_rules.records import validate
from agnes_rules.serialization import GAME_RECORD_FORMAT
from agnes_rules.winnable import random_winnable_deal

__all__ = ["position_from_arguments", "state_from_file", "winnable_deal_number"]


def position_from_arguments(args: argparse.Namespace) -> GameState:
    """The position named by ``VARIANT NUMBER``, ``--code`` or ``--file``, after ``--after``."""
    given = sum(value is not None for value in (args.variant, args.code, args.file))
    if given != 1:
        raise ArgumentError("give the position as VARIANT NUMBER, --code CODE or --file FILE")
    if args.variant is not None:
        if args.number is None:
            raise ArgumentError("a game number is needed after the variant")
        state = GameState.deal(args.variant, args.number)
    elif args.code is not None:
        state = GameState.from_code(args.code.strip())
    else:
        state = state_from_file(args.file)
    return _after(state, args.after or "")


def winnable_deal_number(args: argparse.Namespace, rng: random.Random | None = None) -> int:
    """A deal of ``args.variant`` drawn among those proved winnable (``--winnable``); a
    game NUMBER given as well is a usage error."""
    if args.number is not None:
        raise ArgumentError(
            f"give either a game NUMBER ({args.number}) or --winnable (a random one), not both"
        )
    return random_winnable_deal(args.variant, rng)


def _after(state: GameState, moves: str) -> GameState:
    """``state`` after the space-separated ``moves`` of ``--after``, each checked first."""
    for text in moves.split():
        try:
            move = Move.parse(text)
        except AgnesError as error:
            raise ArgumentError(f"--after: {error}") from None
        problem = state.why_illegal(move)
        if problem is not None:
            raise ArgumentError(f"--after: {problem}")
        state = state.apply(move)
    return state


def state_from_file(path: str) -> GameState:
    """A position from a JSON file: a game state, or a game record (its last position)."""
    text = read_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ArgumentError(f"{path}: not JSON ({error.msg}, line {error.lineno})") from None
    except (RecursionError, ValueError):
        data = None  # nested too deeply, a number too long: the reader below says which
    if isinstance(data, dict) and data.get("format") == GAME_RECORD_FORMAT:
        return _final_state_of_record(path, text)
    try:
        return GameState.from_json(text)
    except AgnesError as error:
        raise ArgumentError(f"{path}: {error}") from None


def _final_state_of_record(path: str, text: str) -> GameState:
    """The position after the moves of the game record ``text``, which must all be legal."""
    try:
        report = validate(text)
    except AgnesError as error:
        raise ArgumentError(f"{path}: {error}") from None
    if not report.ok:
        raise ArgumentError(f"{path}: {report}")
    return report.final_state
