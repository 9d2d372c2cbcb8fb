"""``agnes play``: a game in the terminal, with hints, undo, saving and resuming.

At a terminal the moves are typed at a ``move>`` prompt (with line editing
where the platform has it); piped in, each line is echoed after the prompt so
that a scripted session reads like a transcript.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

from agnes_rules.cards import Card
from agnes_rules.cli.files import read_text
from agnes_rules.cli.output import EXIT_OK, plural, program_version
from agnes_rules.cli.positions import winnable_deal_number
from agnes_rules.core.describing import describe_move
from agnes_rules.core.moves import Move
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Variant
from agnes_rules.errors import AgnesError, ArgumentError
from agnes_rules.records import GameRecord, validate
from agnes_rules.solver import hint

__all__ = ["PLAY_HELP", "Session", "run_play"]

#: The game numbers a game without a number is dealt from (those of the Microsoft games).
RANDOM_DEALS = range(1, 32000)

PLAY_HELP = """\
Type a move in the notation, or a command:
  d             deal from the stock
  t3f           the exposed card of column 3 to its foundation (r2f, s1f: reserve, spare)
  t1t4, t1t4x3  one card / three cards from column 1 onto column 4 (r2t5, s2t5 too)
  moves         list the legal moves         hint    suggest a move
  undo          take back the last move      show    show the position again
  save FILE     save the game record         quit    leave (end of input too)"""


class Session:
    """An interactive game: the position, the moves played, and the conversation."""

    def __init__(
        self, variant: Variant, deal: int | tuple[Card, ...], start: GameState, out: TextIO
    ) -> None:
        self.variant = variant
        self.deal = deal  # a game number or a deck order, as the record will say
        self.out = out
        self.history: list[tuple[Move, GameState]] = []  # each move and the state before it
        self.state = start

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def show(self) -> None:
        self.say(self.state.render())
        if self.state.is_won:
            self.say(f"You won in {plural(len(self.history), 'move')}!")
        elif self.state.is_lost:
            self.say("No legal move is left: the game is lost ('undo' to go back).")

    def handle(self, line: str) -> bool:
        """Act on one line of input; False when the player leaves."""
        words = line.split()
        if not words:
            return True
        command = words[0].lower()
        if command in ("quit", "exit", "q"):
            return False
        handlers: dict[str, Callable[[list[str]], None]] = {
            "help": self.help,
            "?": self.help,
            "moves": self.moves,
            "hint": self.hint,
            "undo": self.undo,
            "show": self.show_again,
            "save": self.save,
        }
        handler = handlers.get(command)
        if handler is not None:
            handler(words[1:])
        elif len(words) > 1:
            self.say(f"refused: one move at a time, not {line.strip()!r} ('help' lists commands)")
        else:
            self.move(words[0])
        return True

    def help(self, _words: list[str]) -> None:
        self.say(PLAY_HELP)

    def show_again(self, _words: list[str]) -> None:
        self.show()

    def moves(self, _words: list[str]) -> None:
        legal = self.state.legal_moves()
        if not legal:
            self.say("no legal move")
        for move in legal:
            self.say(f"  {move!s:<8} {describe_move(self.state, move)}")

    def move(self, text: str) -> None:
        try:
            move = Move.parse(text)
        except AgnesError as error:
            self.say(f"refused: {error}; 'help' shows the notation")
            return
        problem = self.state.why_illegal(move)
        if problem is not None:
            self.say(f"refused: {problem}")
            return
        self.say(f"{move}: {describe_move(self.state, move)}")
        self.history.append((move, self.state))
        self.state = self.state.apply(move)
        self.show()

    def undo(self, _words: list[str]) -> None:
        if not self.history:
            self.say("nothing to undo")
            return
        move, self.state = self.history.pop()
        self.say(f"took back {move}")
        self.show()

    def hint(self, _words: list[str]) -> None:
        suggestion = hint(self.state)
        if suggestion.move is None:
            self.say(f"no hint: {suggestion.reason}")
        else:
            self.say(
                f"hint: {suggestion.move} ({describe_move(self.state, suggestion.move)}):"
                f" {suggestion.reason}"
            )

    def save(self, words: list[str]) -> None:
        if len(words) != 1:
            self.say("usage: save FILE")
            return
        try:
            Path(words[0]).write_text(self.record().to_json(indent=2) + "\n", encoding="utf-8")
        except OSError as error:
            self.say(f"could not save to {words[0]}: {error.strerror or error}")
            return
        self.say(f"saved {plural(len(self.history), 'move')} to {words[0]}")

    def record(self) -> GameRecord:
        """The game so far as a record: a preset by its name, the moves, who wrote it and when."""
        result = "won" if self.state.is_won else "lost" if self.state.is_lost else "unfinished"
        return GameRecord(
            self.variant.preset_name or self.variant,
            self.deal,
            [str(move) for move, _before in self.history],
            metadata={
                "program": f"agnes-rules {program_version()} (agnes play)",
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "result": result,
            },
        )


def run_play(args: argparse.Namespace) -> int:
    """Play a new game, or go on with a saved one, until the player leaves."""
    if args.resume is not None:
        if args.variant is not None or args.winnable:
            given = "--winnable" if args.winnable else "VARIANT [NUMBER]"
            raise ArgumentError(f"give either {given} or --resume FILE, not both")
        session = resumed_session(args.resume)
        replayed = plural(len(session.history), "move")
        session.say(
            f"Agnes ({session.variant.name}): {replayed} of {args.resume}"
            " replayed. 'help' lists the commands."
        )
    else:
        if args.variant is None:
            raise ArgumentError("give the variant to play (agnes variants lists them)")
        number = _game_number(args)
        session = Session(args.variant, number, GameState.deal(args.variant, number), sys.stdout)
        proved = ", proved winnable" if args.winnable else ""
        session.say(
            f"Agnes ({args.variant.name}), game number {number}{proved}. 'help' lists the commands."
        )
    session.show()
    converse(session, interactive=sys.stdin.isatty())
    session.say("bye")
    return EXIT_OK


def _game_number(args: argparse.Namespace) -> int:
    """The game to play: NUMBER, a random deal proved winnable (``--winnable``), or any."""
    if args.winnable:
        return winnable_deal_number(args)
    return int(args.number) if args.number is not None else random.choice(RANDOM_DEALS)


def resumed_session(path: str) -> Session:
    """A session at the end of the game saved in ``path``, with its moves to undo."""
    text = read_text(path)
    try:
        record = GameRecord.from_json(text)
    except AgnesError as error:
        raise ArgumentError(f"{path}: {error}") from None
    report = validate(record)
    if not report.ok:
        raise ArgumentError(
            f"{path}: move {report.move_number} ({report.error_move}): {report.error}"
        )
    session = Session(record.game_variant, record.deal, report.initial_state, sys.stdout)
    state = report.initial_state
    for move in report.played:
        session.history.append((move, state))
        state = state.apply(move)
    session.state = state
    return session


def converse(session: Session, *, interactive: bool) -> None:
    """Hand each line of standard input to ``session`` until the player leaves or input ends."""
    for line in _input_lines("move> ", interactive):
        if not interactive:
            # Echo piped input so that the transcript reads like a session.
            session.say(f"move> {line.strip()}")
        if not session.handle(line):
            return
    if interactive:
        session.say()  # end of input (Ctrl-D) left the cursor after the prompt


def _input_lines(prompt: str, interactive: bool) -> Iterator[str]:
    if interactive:
        # Importing readline gives input() line editing and history, where the platform has it.
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401
    while True:
        try:
            yield input(prompt) if interactive else _next_line()
        except EOFError:
            return


def _next_line() -> str:
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line
