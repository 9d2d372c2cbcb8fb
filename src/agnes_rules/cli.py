"""The ``agnes`` command line (also ``python -m agnes_rules``).

Every subcommand takes ``--help``. Exit status: 0 on success, 1 when the
command finds a problem it was asked to look for (a recorded game with an
illegal move), 2 on bad usage or unreadable input; error messages go to
standard error in one line starting with ``agnes: error:``.

>>> main(["moves", "agnes-sorel", "1"])
t4f      4C to its foundation
t4t3     4C onto 5C
d        deal 7 cards to the tableau
0
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any, NoReturn, TextIO

import attrs

from agnes_rules.cards import Card
from agnes_rules.dealing import MAX_GAME_NUMBER
from agnes_rules.errors import AgnesError
from agnes_rules.moves import Area, Move
from agnes_rules.state import GameState
from agnes_rules.variant import VARIANTS, Leftover, StockTarget, Variant

__all__ = ["build_parser", "describe_move", "main"]

_PROGRAM = "agnes"

#: The search budget of ``agnes demo``: a few seconds at most, so the demo stays a demo.
DEMO_STATES = 50_000
#: The game ``agnes demo`` deals by default: one the solver wins at once.
DEMO_DEAL = 3

#: What each preset is, in one line (the rules themselves come from the Variant).
_ORIGINS = {
    "agnes-sorel": "Agnes Sorel as Dalton (1909) gives it",
    "agnes-sorel-parlett": "Agnes Sorel after Parlett (1979): runs move whole, gaps stay empty",
    "agnes-sorel-pysol": "PySolFC's Agnes Sorel",
    "agnes-sorel-quagnes": "the quagnes solver's default rules (its reading of GNOME Aisleriot)",
    "agnes-bernauer": "Agnes Bernauer after Morehead (1949) and the commercial rules sheet",
    "agnes-bernauer-parlett": "Agnes Bernauer with Parlett's laxer rule: runs may be split",
    "agnes-bernauer-pysol": "PySolFC's Agnes Bernauer",
    "agnes-two": "PySolFC's Agnes Two, with two decks",
}


class UsageError(Exception):
    """Bad input from the user: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on standard error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


# ------------------------------------------------------------------ helpers


def _version() -> str:
    from agnes_rules import __version__

    return __version__


def _variant(text: str) -> Variant:
    try:
        return Variant.named(text)
    except AgnesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _game_number(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a game number: {text!r}") from None
    if not 1 <= number <= MAX_GAME_NUMBER:
        raise argparse.ArgumentTypeError(f"game numbers run from 1 to 10**20 - 1, not {number}")
    return number


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {number}")
    return number


def _emit_json(data: object) -> None:
    print(json.dumps(data, indent=2))


def describe_move(state: GameState, move: Move) -> str:
    """What ``move`` does in ``state``, in words (for a legal move).

    >>> state = GameState.deal("agnes-sorel", 1)
    >>> [describe_move(state, move) for move in state.legal_moves()]
    ['4C to its foundation', '4C onto 5C', 'deal 7 cards to the tableau']
    """
    variant = state.variant
    if move.source is Area.STOCK:
        count = min(len(state.stock), variant.deal_width)
        where = "reserve" if variant.stock_to is StockTarget.RESERVE else "tableau"
        text = f"deal {count} card{'s' if count != 1 else ''} to the {where}"
        left = len(state.stock) - count
        if variant.leftover is Leftover.SPARE_SPACES and 0 < left < variant.deal_width:
            text += f" and {left} to the spare spaces"
        return text
    if move.source is Area.TABLEAU:
        moving = state.tableau[move.source_index].face_up[-move.count :]
    elif move.source is Area.RESERVE:
        moving = state.reserve[move.source_index][-1:]
    else:
        card = state.spare[move.source_index]
        moving = () if card is None else (card,)
    if not moving:
        return str(move)
    what = str(moving[0]) if len(moving) == 1 else f"{moving[0]}..{moving[-1]}"
    if move.target is Area.FOUNDATION:
        return f"{what} to its foundation"
    target = state.tableau[move.target_index].exposed
    if target is None:
        return f"{what} into empty column {move.target_index + 1}"
    return f"{what} onto {target}"


def _read_text(path: str) -> str:
    try:
        return sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {path}: not a UTF-8 text file") from None


def _write(path: str, text: str) -> None:
    if path == "-":
        sys.stdout.write(text + "\n")
        return
    try:
        Path(path).write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror or error}") from None


def _state_from_file(path: str) -> GameState:
    """A position from a JSON file: a game state, or a game record (its last position)."""
    from agnes_rules.records import validate
    from agnes_rules.serialization import GAME_RECORD_FORMAT

    text = _read_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise UsageError(f"{path}: not JSON ({error.msg}, line {error.lineno})") from None
    try:
        if isinstance(data, dict) and data.get("format") == GAME_RECORD_FORMAT:
            report = validate(text)
            if not report.ok:
                raise UsageError(f"{path}: {report}")
            return report.final_state
        return GameState.from_json(text)
    except AgnesError as error:
        raise UsageError(f"{path}: {error}") from None


def _position(args: argparse.Namespace) -> GameState:
    """The position named by ``VARIANT NUMBER``, ``--code`` or ``--file``, then ``--after``."""
    given = sum(value is not None for value in (args.variant, args.code, args.file))
    if given != 1:
        raise UsageError("give the position as VARIANT NUMBER, --code CODE or --file FILE")
    if args.variant is not None:
        if args.number is None:
            raise UsageError("a game number is needed after the variant")
        state = GameState.deal(args.variant, args.number)
    elif args.code is not None:
        state = GameState.from_code(args.code.strip())
    else:
        state = _state_from_file(args.file)
    for text in args.after.split() if args.after else ():
        try:
            move = Move.parse(text)
        except AgnesError as error:
            raise UsageError(f"--after: {error}") from None
        problem = state.why_illegal(move)
        if problem is not None:
            raise UsageError(f"--after: {problem}")
        state = state.apply(move)
    return state


def _add_position_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "variant", nargs="?", type=_variant, metavar="VARIANT", help="a preset name"
    )
    command.add_argument(
        "number", nargs="?", type=_game_number, metavar="NUMBER", help="a PySolFC game number"
    )
    command.add_argument("--code", metavar="CODE", help="a one-line position code")
    command.add_argument(
        "--file", metavar="FILE", help="a JSON game state or game record ('-' for stdin)"
    )
    command.add_argument(
        "--after", metavar="MOVES", help="play these moves first (quoted, space-separated)"
    )


def _wrapped_moves(moves: Sequence[Move]) -> str:
    return textwrap.fill(" ".join(str(move) for move in moves), width=79)


# ------------------------------------------------------------------ commands


def _variant_data(variant: Variant) -> dict[str, object]:
    fields = attrs.asdict(
        variant, value_serializer=lambda _i, _a, value: getattr(value, "value", value)
    )
    fields.update(
        origin=_ORIGINS.get(variant.name, "a custom variant"),
        stock_size=variant.stock_size,
        deals=variant.deals,
        spare_spaces=variant.spare_spaces,
    )
    return fields


def _variant_text(variant: Variant) -> str:
    yes_no = {True: "yes", False: "no"}
    spare = f", {variant.spare_spaces} spare spaces" if variant.spare_spaces else ""
    return "\n".join(
        [
            f"{variant.name}: {_ORIGINS.get(variant.name, 'a custom variant')}",
            f"  packing {variant.packing.value}, tableau wrap {variant.tableau_wrap.value},"
            f" movable runs {variant.movable_runs.value},"
            f" split runs {yes_no[variant.split_runs]}, vacancy {variant.vacancy.value}",
            f"  {variant.decks} deck{'s' if variant.decks > 1 else ''}, {variant.piles} columns,"
            f" {variant.reserve or 'no'} reserve piles, deals to the {variant.stock_to.value},"
            f" leftover {variant.leftover.value},"
            f" {'face down' if variant.face_down else 'face up'};"
            f" stock {variant.stock_size} ({variant.deals} deals{spare})",
        ]
    )


def _cmd_variants(args: argparse.Namespace) -> int:
    chosen = [args.name] if args.name else list(VARIANTS.values())
    if args.json:
        _emit_json({variant.name: _variant_data(variant) for variant in chosen})
    else:
        print("\n\n".join(_variant_text(variant) for variant in chosen))
    return 0


def _cmd_deal(args: argparse.Namespace) -> int:
    state = GameState.deal(args.variant, args.number)
    if args.svg:
        from agnes_rules.svg import render_svg

        _write(args.svg, render_svg(state))
        if args.svg == "-":
            return 0  # the picture is the output
    if args.json:
        print(state.to_json(indent=2))
    elif args.code:
        print(state.to_code())
    else:
        print(state.render())
    return 0


def _cmd_moves(args: argparse.Namespace) -> int:
    state = _position(args)
    moves = state.legal_moves()
    if args.json:
        _emit_json(
            {
                "moves": [str(move) for move in moves],
                "descriptions": [describe_move(state, move) for move in moves],
                "won": state.is_won,
                "lost": state.is_lost,
            }
        )
        return 0
    if args.show:
        print(state.render())
        print()
    if not moves:
        print("no legal move: the game is " + ("won" if state.is_won else "lost"))
    for move in moves:
        print(f"{move!s:<8} {describe_move(state, move)}")
    return 0


def _cmd_solve(args: argparse.Namespace) -> int:
    from agnes_rules.solver import Outcome, solve

    state = _position(args)
    result = solve(state, max_states=args.max_states)
    if args.json:
        _emit_json(
            {
                "outcome": result.outcome.value,
                "moves": [str(move) for move in result.moves],
                "states": result.states,
            }
        )
        return 0
    if result.outcome is Outcome.WON:
        print(f"won in {len(result.moves)} moves ({result.states} positions examined)")
        print(_wrapped_moves(result.moves))
    elif result.outcome is Outcome.LOST:
        print(f"lost: no line wins ({result.states} positions examined)")
    else:
        print(f"unknown: no verdict within {result.states} positions (raise --max-states)")
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    from agnes_rules.solver import Outcome, solve

    state = GameState.deal(args.variant, args.number)
    print(f"Agnes ({args.variant.name}), PySolFC game number {args.number}:")
    print()
    print(state.render())
    print()
    legal = " ".join(f"{move} ({describe_move(state, move)})" for move in state.legal_moves())
    print(textwrap.fill(f"Legal moves: {legal}", width=79))
    print()
    print(f"Solving (looking at up to {args.max_states} positions)...")
    result = solve(state, max_states=args.max_states)
    if result.outcome is Outcome.WON:
        print(f"Won in {len(result.moves)} moves ({result.states} positions examined):")
        print(_wrapped_moves(result.moves))
        print()
        print(state.play(result.moves).render())
    elif result.outcome is Outcome.LOST:
        print(f"This deal cannot be won (proved by a search of {result.states} positions).")
    else:
        print(
            f"No verdict within {result.states} positions; for a longer search try:"
            f" agnes solve {args.variant.name} {args.number} --max-states 5000000"
        )
    print()
    print("Next: 'agnes play agnes-sorel' to play a game, 'agnes --help' for every command.")
    return 0


# ------------------------------------------------------------------ play


_PLAY_HELP = """\
Type a move in the notation, or a command:
  d             deal from the stock
  t3f           the exposed card of column 3 to its foundation (r2f, s1f: reserve, spare)
  t1t4, t1t4x3  one card / three cards from column 1 onto column 4 (r2t5, s2t5 too)
  moves         list the legal moves         hint    suggest a move
  undo          take back the last move      show    show the position again
  save FILE     save the game record         quit    leave (end of input too)"""


class _Session:
    """An interactive game: the position, the moves played, and the conversation."""

    def __init__(
        self, variant: Variant, deal: int | tuple[Card, ...], start: GameState, out: TextIO
    ) -> None:
        self.variant = variant
        self.deal = deal  # a game number or a deck order, as the record will say
        self.out = out
        self.history: list[tuple[Move, GameState]] = []
        self.state = start

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def show(self) -> None:
        self.say(self.state.render())
        if self.state.is_won:
            self.say(f"You won in {len(self.history)} moves!")
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
        self.say(_PLAY_HELP)

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
        except ValueError as error:
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
        from agnes_rules.solver import hint

        suggestion = hint(self.state)
        if suggestion.move is None:
            self.say(f"no hint: {suggestion.reason}")
        else:
            self.say(
                f"hint: {suggestion.move} ({describe_move(self.state, suggestion.move)}):"
                f" {suggestion.reason}"
            )

    def save(self, words: list[str]) -> None:
        import datetime

        from agnes_rules.records import GameRecord

        if len(words) != 1:
            self.say("usage: save FILE")
            return
        result = "won" if self.state.is_won else "lost" if self.state.is_lost else "unfinished"
        preset = VARIANTS.get(self.variant.name) == self.variant
        record = GameRecord(
            self.variant.name if preset else self.variant,
            self.deal,
            [str(move) for move, _before in self.history],
            metadata={
                "program": f"agnes-rules {_version()} (agnes play)",
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "result": result,
            },
        )
        try:
            Path(words[0]).write_text(record.to_json(indent=2) + "\n", encoding="utf-8")
        except OSError as error:
            self.say(f"could not save to {words[0]}: {error.strerror or error}")
            return
        count = len(self.history)
        self.say(f"saved {count} move{'s' if count != 1 else ''} to {words[0]}")


def _input_lines(prompt: str, interactive: bool) -> Iterator[str]:
    if interactive:
        # Line editing and history for input(), where the platform has it.
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


def _resumed_session(path: str) -> _Session:
    from agnes_rules.records import GameRecord, validate

    try:
        record = GameRecord.from_json(_read_text(path))
    except AgnesError as error:
        raise UsageError(f"{path}: {error}") from None
    report = validate(record)
    if not report.ok:
        raise UsageError(f"{path}: move {report.move_number} ({report.error_move}): {report.error}")
    session = _Session(record.game_variant, record.deal, report.initial_state, sys.stdout)
    state = report.initial_state
    for move in report.played:
        session.history.append((move, state))
        state = state.apply(move)
    session.state = state
    return session


def _cmd_play(args: argparse.Namespace) -> int:
    if args.resume is not None:
        if args.variant is not None:
            raise UsageError("give either VARIANT [NUMBER] or --resume FILE, not both")
        session = _resumed_session(args.resume)
        session.say(
            f"Agnes ({session.variant.name}): {len(session.history)} moves of {args.resume}"
            " replayed. 'help' lists the commands."
        )
    else:
        if args.variant is None:
            raise UsageError("give the variant to play (agnes variants lists them)")
        number = args.number if args.number is not None else random.randint(1, 31999)
        session = _Session(args.variant, number, GameState.deal(args.variant, number), sys.stdout)
        session.say(
            f"Agnes ({args.variant.name}), game number {number}. 'help' lists the commands."
        )
    session.show()
    interactive = sys.stdin.isatty()
    for line in _input_lines("move> ", interactive):
        if not interactive:
            # Echo piped input so that the transcript reads like a session.
            session.say(f"move> {line.strip()}")
        if not session.handle(line):
            break
    else:
        if interactive:
            session.say()  # end of input (Ctrl-D) left the cursor after the prompt
    session.say("bye")
    return 0


# ------------------------------------------------------------------ validate


def _cmd_validate(args: argparse.Namespace) -> int:
    from agnes_rules.records import GameRecord, validate

    status = 0
    results: list[dict[str, object]] = []
    for path in args.files:
        try:
            record = GameRecord.from_json(_read_text(path))
        except (UsageError, ValueError) as error:
            message = str(error) if isinstance(error, UsageError) else f"{path}: {error}"
            print(f"{_PROGRAM}: error: {message}", file=sys.stderr)
            results.append({"file": path, "error": message})
            status = 2
            continue
        report = validate(record)
        if not report.ok:
            status = max(status, 1)
        results.append(
            {
                "file": path,
                "ok": report.ok,
                "won": report.won,
                "moves_played": report.moves_played,
                "error_index": report.error_index,
                "error_move": report.error_move,
                "error": report.error,
                "rule": None if report.rule is None else report.rule.value,
            }
        )
        if not args.json:
            if report.ok:
                final = report.final_state
                outcome = "won" if final.is_won else "lost" if final.is_lost else "unfinished"
                count = report.moves_played
                print(f"{path}: ok, {count} move{'s' if count != 1 else ''}, {outcome}")
            else:
                print(f"{path}: move {report.move_number} ({report.error_move}): {report.error}")
            if args.show:
                print(report.final_state.render())
    if args.json:
        _emit_json(results)
    return status


# ------------------------------------------------------------------ stats


class _Progress:
    """A progress bar on standard error, redrawn as the chunks of deals finish."""

    def __init__(self, total: int, chunk: int, stream: TextIO, enabled: bool) -> None:
        self.total = total
        self.chunk = chunk
        self.done = 0
        self.stream = stream
        self.enabled = enabled
        self._drawn = -1

    def step(self, _future: object = None) -> None:
        """One chunk is finished (the last one may be short: the count stops at the total)."""
        self.done = min(self.done + self.chunk, self.total)
        self.draw()

    def draw(self) -> None:
        if not self.enabled:
            return
        width = 30
        total = max(self.total, 1)
        percent = 100 * self.done // total
        if percent == self._drawn and self.done < self.total:
            return  # redraw once per percent, not once per chunk
        self._drawn = percent
        filled = width * self.done // total
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} deals {percent:3d}%")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


class _CountingExecutor(Executor):
    """Runs each task on an inner executor (or at once, in this process) and ticks the bar."""

    def __init__(self, inner: Executor | None, progress: _Progress) -> None:
        self.inner = inner
        self.progress = progress

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self.inner is None:
            future: Future[Any] = Future()
            try:
                future.set_result(fn(*args, **kwargs))
            except Exception as error:
                future.set_exception(error)
            self.progress.step()
            return future
        future = self.inner.submit(fn, *args, **kwargs)
        future.add_done_callback(self.progress.step)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if self.inner is not None:
            self.inner.shutdown(wait=wait, cancel_futures=cancel_futures)


def _cmd_stats(args: argparse.Namespace) -> int:
    from concurrent.futures import ProcessPoolExecutor

    from agnes_rules.stats import win_rate

    numbers = range(args.first, args.first + args.deals)
    # Chunks of a few deals save process round trips; small runs use single deals so
    # that the bar still moves smoothly.
    chunk = max(1, min(4, args.deals // 100))
    progress = _Progress(args.deals, chunk, sys.stderr, enabled=not args.quiet)
    progress.draw()
    inner = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    executor = _CountingExecutor(inner, progress)
    try:
        rate = win_rate(
            args.variant,
            numbers,
            executor=executor,
            max_states=args.max_states,
            chunk_size=chunk,
        )
    finally:
        executor.shutdown()
    low, high = rate.interval
    if args.json:
        _emit_json(
            {
                "variant": args.variant.name,
                "first": numbers.start,
                "deals": rate.deals,
                "won": rate.won,
                "lost": rate.lost,
                "unknown": rate.unknown,
                "rate": rate.rate,
                "interval": [low, high],
                "max_states": args.max_states,
            }
        )
        return 0
    print(
        f"{args.variant.name}, deals {numbers.start}..{numbers.stop - 1}:"
        f" won {rate.won}, lost {rate.lost}, unknown {rate.unknown}"
    )
    print(f"win rate {rate.rate:.1%} (95% interval {low:.1%} to {high:.1%})")
    return 0


# ------------------------------------------------------------------ parser


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``agnes`` command, with every subcommand."""
    parser = _Parser(
        prog=_PROGRAM,
        description="Agnes, the patience: deal, play, check and solve games.",
        epilog="Run 'agnes COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = commands.add_parser(
        "demo",
        help="deal a game, show it and solve it",
        description="Deal a game, show it, solve it and show the winning line or the verdict.",
    )
    demo.add_argument(
        "variant",
        nargs="?",
        type=_variant,
        default=VARIANTS["agnes-sorel"],
        metavar="VARIANT",
        help="a preset name (default agnes-sorel)",
    )
    demo.add_argument(
        "number",
        nargs="?",
        type=_game_number,
        default=DEMO_DEAL,
        metavar="NUMBER",
        help=f"a PySolFC game number (default {DEMO_DEAL}, won in a few hundred positions)",
    )
    demo.add_argument(
        "--max-states",
        type=_positive,
        default=DEMO_STATES,
        metavar="N",
        help=f"give up after N positions (default {DEMO_STATES})",
    )
    demo.set_defaults(handler=_cmd_demo)

    variants = commands.add_parser(
        "variants",
        help="list the presets and their rules",
        description="List the presets (or one) with every rule.",
    )
    variants.add_argument("name", nargs="?", type=_variant, metavar="VARIANT")
    variants.add_argument("--json", action="store_true", help="print JSON")
    variants.set_defaults(handler=_cmd_variants)

    deal = commands.add_parser(
        "deal",
        help="show the opening layout of a game",
        description="Show the opening layout of PySolFC's game NUMBER under VARIANT.",
    )
    deal.add_argument("variant", type=_variant, metavar="VARIANT", help="a preset name")
    deal.add_argument("number", type=_game_number, metavar="NUMBER", help="a game number")
    output = deal.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the position as JSON")
    output.add_argument("--code", action="store_true", help="print the one-line position code")
    deal.add_argument("--svg", metavar="FILE", help="also write an SVG picture ('-': stdout)")
    deal.set_defaults(handler=_cmd_deal)

    moves = commands.add_parser(
        "moves",
        help="list the legal moves of a position",
        description="List the legal moves of a position, given as VARIANT NUMBER (an"
        " opening deal), --code CODE or --file FILE, after the moves of --after.",
    )
    _add_position_arguments(moves)
    moves.add_argument("--show", action="store_true", help="show the position first")
    moves.add_argument("--json", action="store_true", help="print JSON")
    moves.set_defaults(handler=_cmd_moves)

    play = commands.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game interactively: type moves in the notation; 'help' at the"
        " prompt lists the commands (moves, hint, undo, save FILE, quit). A saved game"
        " goes on with --resume FILE.",
    )
    play.add_argument("variant", nargs="?", type=_variant, metavar="VARIANT", help="a preset name")
    play.add_argument(
        "number", nargs="?", type=_game_number, metavar="NUMBER", help="default: a random deal"
    )
    play.add_argument("--resume", metavar="FILE", help="go on with a game saved with 'save FILE'")
    play.set_defaults(handler=_cmd_play)

    validate = commands.add_parser(
        "validate",
        help="check recorded games",
        description="Check recorded games (JSON game records). Exit status 1 if any"
        " has an illegal move, 2 if a file cannot be read as a record.",
    )
    validate.add_argument("files", nargs="+", metavar="FILE", help="a game record ('-': stdin)")
    validate.add_argument("--show", action="store_true", help="show each final position")
    validate.add_argument("--json", action="store_true", help="print the reports as JSON")
    validate.set_defaults(handler=_cmd_validate)

    solve = commands.add_parser(
        "solve",
        help="solve a deal: the verdict and a winning line",
        description="Solve a position (VARIANT NUMBER, --code or --file): print whether it"
        " can be won, and a winning line when it can.",
    )
    _add_position_arguments(solve)
    solve.add_argument(
        "--max-states", type=_positive, metavar="N", help="give up after N positions (unknown)"
    )
    solve.add_argument("--json", action="store_true", help="print JSON")
    solve.set_defaults(handler=_cmd_solve)

    stats = commands.add_parser(
        "stats",
        help="the win rate of a variant over many deals",
        description="Solve the deals FIRST..FIRST+N-1 and print the win rate with its 95%%"
        " confidence interval; a progress bar goes to standard error.",
    )
    stats.add_argument("variant", type=_variant, metavar="VARIANT", help="a preset name")
    stats.add_argument("--deals", type=_positive, default=100, metavar="N", help="default 100")
    stats.add_argument("--first", type=_game_number, default=1, metavar="FIRST", help="default 1")
    stats.add_argument(
        "--jobs", type=_positive, default=1, metavar="J", help="worker processes (default 1)"
    )
    stats.add_argument(
        "--max-states", type=_positive, metavar="N", help="per deal; beyond it, unknown"
    )
    stats.add_argument("--quiet", action="store_true", help="no progress bar")
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.set_defaults(handler=_cmd_stats)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``agnes`` command with ``argv`` (default: the process arguments)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 2
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except (UsageError, AgnesError, ValueError) as error:
        print(f"{_PROGRAM}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (agnes variants | head): nothing worth a traceback.
        with contextlib.suppress(OSError):
            sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
