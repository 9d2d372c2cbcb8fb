"""Flips: runs moved between two cards they continue, played only when the next move uses
them, and each run settled on the lower of its two cards."""

from __future__ import annotations

import random
from itertools import pairwise

import attrs
import pytest

from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Packing, PresetName
from agnes_rules.solver import Outcome, Techniques, solve
from agnes_rules.solver.api import checked_line
from agnes_rules.solver.autoplay import Autoplay
from agnes_rules.solver.best_first import BestFirst
from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DEAL,
    DOWN,
    SPARE_TO_FOUNDATION,
    Board,
    InternalMove,
    Position,
)
from agnes_rules.solver.flips import FlipUses
from agnes_rules.solver.keys import PositionKeys, link_key, move_link_key
from agnes_rules.solver.moves import MoveGenerator
from agnes_rules.solver.search import Search

_FLIPPING: list[PresetName] = ["agnes-bernauer-pysol", "agnes-bernauer-parlett"]


def _positions(name: PresetName, seed: int, count: int) -> tuple[Board, list[Position]]:
    """A board of ``name`` and the positions of random play on it (half the moves to the
    foundations where one is legal, few deals), which hold flips to try."""
    chooser = random.Random(seed)
    board = Board(GameState.deal(name, seed))
    generator = MoveGenerator(board)
    position, seen = board.root, [board.root]
    for _ in range(count):
        moves = generator.moves(position)
        home = [move for move in moves if move[0] <= SPARE_TO_FOUNDATION]
        between = [move for move in moves if move[0] != DEAL]
        if home and chooser.random() < 0.5:
            moves = home
        elif between and chooser.random() < 0.9:
            moves = between
        if not moves:
            break
        position = board.apply(position, chooser.choice(moves))
        seen.append(position)
    return board, seen


def _mostly_between_columns(
    generator: MoveGenerator, position: Position, chooser: random.Random
) -> InternalMove | None:
    """A random legal move of ``position``, the deal only once in twenty (or when it is the
    only move), so that runs move about between the columns; None when there is none."""
    moves = generator.moves(position)
    between = [move for move in moves if move[0] != DEAL]
    if between and chooser.random() < 0.95:
        moves = between
    return chooser.choice(moves) if moves else None


def _uses_the_card(move: InternalMove, candidate: InternalMove) -> bool:
    """Whether ``candidate`` uses the card the flip ``move`` uncovered, but undoes it."""
    _, source, target, count = move
    if candidate == (COLUMN_TO_COLUMN, target, source, count):
        return False
    if candidate[0] == COLUMN_TO_FOUNDATION:
        return candidate[1] == source
    return candidate[0] >= COLUMN_TO_COLUMN and candidate[0] != DEAL and candidate[2] == source


def test_flips_wait_only_where_the_argument_holds() -> None:
    techniques = Techniques()

    def applies_to(state: GameState, techniques: Techniques = techniques) -> bool:
        return FlipUses.applies(Board(state), state.variant, techniques)

    applies = {
        name: applies_to(GameState.deal(name, 1))
        for name in ("agnes-bernauer-pysol", "agnes-bernauer-parlett", "agnes-bernauer")
    }
    # Morehead's rules move only whole runs: no run lies on a card it continues and moves.
    assert applies == {
        "agnes-bernauer-pysol": True,
        "agnes-bernauer-parlett": True,
        "agnes-bernauer": False,
    }
    for name in ("agnes-sorel", "agnes-sorel-pysol", "agnes-two", "agnes-sorel-aisleriot"):
        assert not applies_to(GameState.deal(name, 1)), name
    pysol = GameState.deal("agnes-bernauer-pysol", 1)
    assert not applies_to(pysol, Techniques(deferred_flips=False))
    # Packed by colour, a run through all 13 ranks could take the card it lies on.
    same_colour = attrs.evolve(pysol.variant, name="same-colour", packing=Packing.SAME_COLOUR)
    assert not applies_to(GameState.deal(same_colour, 1))


@pytest.mark.parametrize("name", _FLIPPING)
def test_a_flip_is_undone_by_one_move_and_only_moves_that_use_it_follow(
    name: PresetName,
) -> None:
    flips_seen = 0
    for seed in range(1, 13):
        board, positions = _positions(name, seed, 120)
        generator = MoveGenerator(board)
        flips = FlipUses(board, generator)
        for position in positions:
            for move in generator.moves(position):
                if not flips.is_flip(position, move):
                    continue
                flips_seen += 1
                child = board.apply(position, move)
                _, source, target, count = move
                undo = (COLUMN_TO_COLUMN, target, source, count)
                legal = generator.moves(child)
                assert undo in legal
                assert board.apply(child, undo) == position
                assert flips.is_flip(child, undo)
                uses = flips.uses(move, child)
                assert uses == [m for m in legal if _uses_the_card(move, m)]
                if not flips.has_use(position, move):
                    assert uses == []
    assert flips_seen > 100


def _on_higher_hosts(board: Board, position: Position) -> list[InternalMove]:
    """Every flip of ``position`` from a card onto a lower one (by index), found by looking
    at every card (what :meth:`FlipUses.settle` finds by looking at what a step changed)."""
    columns = position[0]
    open_at = {column[-1]: number for number, column in enumerate(columns) if column}
    found = []
    for source, column in enumerate(columns):
        for at in range(1, len(column)):
            moved, under = column[at], column[at - 1]
            above = column[at:]
            if under >= DOWN or any(b not in board.links[a] for a, b in pairwise(above)):
                continue
            if moved not in board.links[under]:
                continue
            for lower in board.fits_under[moved]:
                target = open_at.get(lower, source)
                if lower < under and moved in board.links[lower] and target != source:
                    found.append((COLUMN_TO_COLUMN, source, target, len(column) - at))
    return found


@pytest.mark.parametrize("name", _FLIPPING)
def test_settling_puts_each_run_on_the_lower_of_its_cards_by_legal_flips(
    name: PresetName,
) -> None:
    settled_some = 0
    for seed in range(1, 25):
        chooser = random.Random(seed)
        board = Board(GameState.deal(name, seed))
        generator = MoveGenerator(board)
        flips = FlipUses(board, generator)
        position = board.root
        while _on_higher_hosts(board, position):
            position = board.apply(position, _on_higher_hosts(board, position)[0])
        for _ in range(300):
            move = _mostly_between_columns(generator, position, chooser)
            if move is None:
                break
            child = board.apply(position, move)
            settled, played = flips.settle(position, move, child, [])
            if flips.is_flip(position, move):
                # A flip that autoplayed nothing is left as it is: its use comes next.
                assert (settled, played) == (child, [])
                continue
            replayed = child
            for flip in played:
                assert flips.is_flip(replayed, flip)
                assert flip in generator.moves(replayed)
                replayed = board.apply(replayed, flip)
            assert replayed == settled
            assert _on_higher_hosts(board, settled) == []
            settled_some += bool(played)
            position = settled
    assert settled_some > 10


#: Deals whose verdict both passes reach within 100,000 positions, with flips or not.
_VERDICTS: list[tuple[PresetName, int, Outcome]] = [
    ("agnes-bernauer-parlett", 406, Outcome.LOST),
    ("agnes-bernauer-parlett", 1057, Outcome.LOST),
    ("agnes-bernauer-pysol", 941, Outcome.LOST),
    ("agnes-bernauer-pysol", 31, Outcome.LOST),
    ("agnes-bernauer-pysol", 11, Outcome.WON),
    ("agnes-bernauer-pysol", 19, Outcome.WON),
    ("agnes-bernauer-pysol", 34, Outcome.WON),
    ("agnes-bernauer-parlett", 3, Outcome.WON),
]


@pytest.mark.parametrize(("name", "number", "verdict"), _VERDICTS)
def test_deferred_flips_keep_every_verdict(name: PresetName, number: int, verdict: Outcome) -> None:
    state = GameState.deal(name, number)
    plain = solve(state, max_states=100_000, techniques=Techniques(deferred_flips=False))
    deferred = solve(state, max_states=100_000)
    assert deferred.outcome is plain.outcome is verdict
    if verdict is Outcome.WON:
        for move in deferred.moves:  # the won line is legal, flips and all
            state = state.apply(move)
        assert state.is_won


@pytest.mark.parametrize(("name", "number", "verdict"), _VERDICTS)
def test_the_best_first_pass_settles_flips_and_keeps_every_verdict(
    name: PresetName, number: int, verdict: Outcome
) -> None:
    # Alone, the pass expands every position it meets until it wins: it proves what the
    # exact search proves, with flips of no use left out and runs settled (or not).
    state = GameState.deal(name, number)
    search = Search(state, Techniques())
    assert search.best_first is not None
    assert search.best_first.flips is search.flips is not None
    assert isinstance(search.autoplay, Autoplay)
    root, line = search.autoplay.autoplay(search.board.root)
    examined = []
    for flips in (None, search.flips):
        search.proofs.start_pass()  # the trials of the proofs start afresh each run
        keys = PositionKeys(search.board, True)
        alone = BestFirst(
            search.board, search.generator, search.autoplay, search.proofs, keys, flips=flips
        )
        outcome, won_line, count = alone.run(root, line, 100_000, 100_000, None)
        assert outcome is verdict
        if verdict is Outcome.WON:
            assert checked_line(state, won_line)  # the rules engine replays it, flips and all
        examined.append(count)
    if verdict is Outcome.LOST:
        assert examined[1] < examined[0]  # positions one flip apart counted once


def _end_game(name: PresetName, seed: int) -> tuple[Search, Position]:
    """A search of ``name``'s deal ``seed`` and a position of random play from it, most
    cards sent home where they can go, taken at the empty stock or before: a small game
    in which runs are shuffled between columns, as flips do."""
    chooser = random.Random(seed)
    search = Search(GameState.deal(name, seed), Techniques())
    board, generator, autoplay = search.board, search.generator, search.autoplay
    assert isinstance(autoplay, Autoplay)
    position, _ = autoplay.autoplay(board.root)
    for _ in range(400):
        moves = generator.moves(position)
        if not moves:
            break
        home = [move for move in moves if move[0] <= SPARE_TO_FOUNDATION]
        deals = [move for move in moves if move[0] == DEAL]
        if home and chooser.random() < 0.7:
            moves = home
        elif deals and chooser.random() < 0.3:
            moves = deals
        else:
            moves = [move for move in moves if move[0] != DEAL] or moves
        move = chooser.choice(moves)
        position, _ = autoplay.settle(board.apply(position, move), move)
        if position[4] == len(board.stock) and chooser.random() < 0.1:
            break
    return search, position


@pytest.mark.parametrize(
    ("name", "seeds"),
    [
        ("agnes-bernauer-pysol", [143, *range(1, 13)]),
        ("agnes-bernauer-parlett", [18, *range(1, 13)]),
    ],
)
def test_end_games_keep_their_verdicts_with_flips_in_each_pass(
    name: PresetName, seeds: list[int]
) -> None:
    # Each pass alone, from end games of random play, with flips as they are and with
    # flips as any other move: the same verdict wherever both decide. (A first form of
    # the best-first pass took a position met again before settling as the settled one
    # even after the flip back from it, and lost the won end game of PySol 143.)
    decided = 0
    for seed in seeds:
        search, position = _end_game(name, seed)
        board, generator, autoplay = search.board, search.generator, search.autoplay
        assert isinstance(autoplay, Autoplay)
        verdicts = []
        for flips in (None, search.flips):
            search.proofs.start_pass()
            keys = PositionKeys(board, True)
            alone = BestFirst(board, generator, autoplay, search.proofs, keys, flips=flips)
            verdicts.append(alone.run(position, [], 40_000, 40_000, None)[0])
        for techniques in (Techniques(deferred_flips=False), Techniques()):
            exact = Search(search.state, techniques)
            verdicts.append(exact.exact(position, [], 200_000, None, 0)[0])
        known = {verdict for verdict in verdicts if verdict in (Outcome.WON, Outcome.LOST)}
        assert len(known) <= 1, (seed, verdicts)
        decided += bool(known)
    assert decided >= len(seeds) - 2


@pytest.mark.parametrize("name", _FLIPPING)
def test_the_keys_of_settled_positions_are_those_made_from_scratch(name: PresetName) -> None:
    # Settling may take cards off a column and put others on it in one step; the link
    # key made from the parent's must still be the position's own.
    settled_some = 0
    for seed in range(1, 25):
        chooser = random.Random(seed)
        board = Board(GameState.deal(name, seed))
        generator = MoveGenerator(board)
        flips = FlipUses(board, generator)
        keys = PositionKeys(board, True, flips)
        autoplay = Autoplay(board)
        position, _ = autoplay.autoplay(board.root)
        key = link_key(board, position)
        for _ in range(300):
            move = _mostly_between_columns(generator, position, chooser)
            if move is None:
                break
            child, auto = autoplay.settle(board.apply(position, move), move)
            child, auto = flips.settle(position, move, child, auto)
            unplayed = move_link_key(board, key, position, move) if move[0] != DEAL else b""
            link, seen_as = keys.settled_keys(position, key, move, child, unplayed, auto)
            assert link == link_key(board, child)
            if flips.is_flip(position, move) and not auto:
                assert seen_as != link  # told apart: its moves differ
            else:
                assert seen_as == link
            settled_some += bool(auto) and auto[-1][0] == COLUMN_TO_COLUMN
            position, key = child, link
    assert settled_some > 10
