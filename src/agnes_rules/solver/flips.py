"""Moves of a run between two cards it continues, played only when the next move uses them.

A *flip* moves a run from a card it continues (the run's bottom card X lies
face up on P, X continues a run on P) onto another card P' it may lie on, the top
of another column. It can be undone at once (the same run back onto P), and it
changes only which of P and P' lies open. Where the deals go to the reserve (they
never cover a column), runs may be split, an empty column takes a run (or none)
and cards are packed by alternate colours (one deck), a flip is followed only by a
move that *uses* P, the card it uncovered: P sent home, or a card or run packed on
P (but X's run back, which undoes it).

Why that loses no win: in a winning line, take a flip f and the first later move
m that uses P or P' or moves X. The moves between touch none of them: f commutes
with each (the same position in either order), so f can wait until just before
m. If m packs a card on P or sends P home, f is followed by a move that uses
it. If m moves X's run (or part of it with X) on, f and m are the one move of X's
run from P, or no move at all. If m moves P (with cards under it, or alone), the
same cards with X's run on P can move instead (P..X is a run, an empty column
takes a run, and with alternate colours the target is not in X's run), and f can
wait further, after that move. If m moves P' with X's run, P' alone can move before
f instead. Nothing else uses P' (X covers it). None of these lengthens the line
(counted in its moves other than flips), so a shortest winning line can be
rearranged so that each flip is followed by a move that uses P, and the arguments
that rest on a shortest line (the moves that only repeat the one before, see
:mod:`.ordering`) still hold. The exact auto-play never sends P or P' home on the
way: X, not at home, could still be packed on them.

The position right after a flip is told apart from the same position reached
otherwise (:func:`flipped_key`), since its moves differ; a flip that no move could
use is not tried (:meth:`FlipUses.useful`). After every other step the runs the
step placed or uncovered are settled on the lower (by index) of their two cards
where that lies open (:meth:`FlipUses.settle`): positions one flip apart are won or
lost together, so the search keeps one of each set (the key of such a step is made
from scratch, see :meth:`.PositionKeys.settled_keys`). The best-first pass
(:mod:`.best_first`) settles runs too and leaves out the flips of no use, but lets
any move follow a flip. In the Bernauer family most of the positions a search made
after the last deal used to differ from others only by flips (see docs/solver.md,
"Effect of each technique").

>>> from agnes_rules import GameState
>>> from agnes_rules.solver.board import Board
>>> state = GameState.deal("agnes-bernauer-pysol", 1)
>>> FlipUses.applies(Board(state), state.variant, Techniques())
True
>>> state = GameState.deal("agnes-bernauer", 1)
>>> FlipUses.applies(Board(state), state.variant, Techniques())
False
"""

from __future__ import annotations

from typing import Final

from agnes_rules.core.variant import Packing, Variant
from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DEAL,
    DOWN,
    Board,
    InternalMove,
    Position,
)
from agnes_rules.solver.moves import MoveGenerator
from agnes_rules.solver.results import Techniques

__all__ = ["FlipUses", "flipped_key", "settled_by_flips"]

#: Marks the key of a position reached by a flip (no key of a position holds this byte).
_FLIPPED: Final = b"\xfd"


class FlipUses:
    """Which moves are flips, and which moves may follow one, for one board."""

    def __init__(self, board: Board, generator: MoveGenerator) -> None:
        self.board = board
        self.fits_under = board.fits_under
        self.generator = generator
        #: Whether a code continues a run on another: the generator's table (a byte read,
        #: where the rules' sets cost an ``in`` of a boxed int).
        self.continues = generator.continues
        #: Per card T, as two bytes (H, X), each card X that continues a run on T and on a
        #: higher card H, lying on H: what :meth:`onto_open` looks for. Empty for half the
        #: cards, the higher of the two of their rank and colour: no column is searched.
        self.on_higher = [
            [
                bytes((under, moved))
                for moved in board.packers[top]
                if moved in board.links[top]
                for under in board.fits_under[moved]
                if top < under < DOWN and moved in board.links[under]
            ]
            for top in range(len(board.packers))
        ]
        #: Whether flips wait for their use in the pass that runs now: the exact search.
        #: The streamlined pass plays them like other moves (see :meth:`.Search.streamlined`).
        self.active = True

    @staticmethod
    def applies(board: Board, variant: Variant, techniques: Techniques) -> bool:
        """Whether flips wait for their use on ``board`` (of ``variant``) with
        ``techniques``: one deck, packing by alternate colours, the deals to the reserve,
        runs that may be split, an empty column that takes a run or nothing, and no card
        back from the foundations. (With alternate colours no run that holds X can take
        the card X lies on, which would need a run through all 13 ranks whose ends are of
        one colour.)"""
        return (
            techniques.deferred_flips
            and variant.packing is Packing.ALTERNATE_COLOUR
            and board.decks == 1
            and board.to_reserve
            and board.split
            and (board.vacancy_runs or board.vacancy_none)
            and not board.worry_back
        )

    def is_flip(self, position: Position, move: InternalMove) -> bool:
        """Whether ``move``, legal in ``position``, is a flip."""
        kind, source, target, count = move
        if kind != COLUMN_TO_COLUMN or not self.active:
            return False
        columns = position[0]
        column = columns[source]
        if len(column) <= count or not len(columns[target]):
            return False
        under = column[-count - 1]
        moved = column[-count]
        return (
            under < DOWN
            and bool(self.continues[under << 8 | moved])
            and under in self.fits_under[moved]
        )

    def useful(self, position: Position, moves: list[InternalMove]) -> list[InternalMove]:
        """``moves`` without the flips that no move could use: the card a flip would
        uncover can neither go home nor take a card (none of the cards that may be packed
        on it lies open, at the top of a reserve pile, in a spare space or in the movable
        run of a column, but the one moved). Such a flip leads to a position with no
        move (:meth:`uses`), which is lost."""
        if not self.active:
            return moves
        kept: list[InternalMove] | None = None  # a copy only once a move is dropped
        for place, move in enumerate(moves):
            if self.is_flip(position, move) and not self.has_use(position, move):
                if kept is None:
                    kept = moves[:place]
                continue
            if kept is not None:
                kept.append(move)
        return moves if kept is None else kept

    def has_use(self, position: Position, flip: InternalMove) -> bool:
        """Whether some move could use the card ``flip`` would uncover (true of more flips
        than :meth:`uses` keeps a move after; one deck, as :meth:`applies` requires)."""
        columns, reserve, spare, found, _ = position
        _, source, _, count = flip
        column = columns[source]
        uncovered = column[-count - 1]
        if self.board.accepts(found, uncovered) >= 0:
            return True
        moved = column[-count]
        for card in self.board.packers[uncovered]:
            if card == moved:
                continue
            if card in spare:
                return True
            # len(), not the bytes' truth: compiled, that is a call into the C API.
            for pile in reserve:
                if len(pile) and pile[-1] == card:
                    return True
            for other in columns:
                if len(other) and self.generator.run_holds(other, card):
                    return True
        return False

    def settle(
        self, parent: Position, move: InternalMove, child: Position, auto: list[InternalMove]
    ) -> tuple[Position, list[InternalMove]]:
        """``child``, reached from ``parent`` by ``move`` and its auto-play ``auto``, with
        each run the step put on, or left on, the higher (by index) of two cards it
        continues moved to the lower one where that lies open, and ``auto`` with those
        flips added; but not after a flip that autoplayed nothing, whose use must come
        next. Positions one flip apart are won or lost together, so the search keeps one.

        Only the cards the step placed or uncovered are looked at (and after a flip, the
        two columns it changed, one of them enough): where every run of ``parent`` lies on
        the lower of its cards, so does nearly always every run of the result (a test
        checks it along random play). A run left on its higher card costs the search a
        position it could have shared, never a verdict. A flip moves a run between the
        two cards it may lie on and changes which of them lies open, and nothing else, so
        such flips never make or undo one another.
        """
        if not self.active or (not auto and self.is_flip(parent, move)):
            return child, auto
        played: list[InternalMove] | None = None
        before = parent[0]
        for number in range(len(before)):
            if child[0][number] == before[number]:
                continue
            flip = self.step_flip(child, number, before[number])
            while flip is not None:
                played = list(auto) if played is None else played
                played.append(flip)
                child = self.board.apply(child, flip)
                # The run it moved may hold more such runs (rare: look at both columns).
                source, target = flip[1], flip[2]
                flip = self.column_flip(child, source)
                if flip is None:
                    flip = self.column_flip(child, target)
        return child, (auto if played is None else played)

    def step_flip(self, position: Position, number: int, old: bytes) -> InternalMove | None:
        """A flip onto a lower card that a step which changed ``position``'s column
        ``number`` from ``old`` may have made possible: its top may take a run lying on a
        higher card (:meth:`onto_open`); a run placed on it, or a run it uncovered, may
        lie on a higher card (:meth:`to_lower_host`). None if there is none."""
        column = position[0][number]
        if not len(column):
            return None
        flip = self.onto_open(position, number)
        if flip is not None:
            return flip
        if len(column) > len(old) and column.startswith(old):
            return self.to_lower_host(position, number, len(old))
        if old.startswith(column) and len(old) - self.generator.run_length(old) < len(column):
            return None  # only cards of the run it had left: nothing newly movable
        return self.run_flip(position, number)

    def column_flip(self, position: Position, number: int) -> InternalMove | None:
        """A flip onto a lower card that ``position``'s column ``number`` gives, looked for
        in its top and in its whole movable run; else None."""
        if not position[0][number]:
            return None
        flip = self.onto_open(position, number)
        return flip if flip is not None else self.run_flip(position, number)

    def run_flip(self, position: Position, number: int) -> InternalMove | None:
        """The flip of a run in the movable run of ``position``'s column ``number`` that
        lies on a higher card onto the lower one, if it lies open; else None."""
        column = position[0][number]
        at = len(column) - self.generator.run_length(column)
        for start in range(at, len(column)):
            flip = self.to_lower_host(position, number, start)
            if flip is not None:
                return flip
        return None

    def to_lower_host(self, position: Position, number: int, at: int) -> InternalMove | None:
        """The flip of the run from ``position``'s column ``number`` at ``at`` (up to its
        top, a run) onto the lower card it continues, if that lies open and the run lies
        on a higher one; else None."""
        columns = position[0]
        column = columns[number]
        moved = column[at]
        under = column[at - 1] if at else DOWN
        continues = self.continues
        if under >= DOWN or not continues[under << 8 | moved]:
            return None
        for lower in self.fits_under[moved]:
            if lower < under and continues[lower << 8 | moved]:
                for target, other in enumerate(columns):
                    if len(other) and other[-1] == lower and target != number:
                        return (COLUMN_TO_COLUMN, number, target, len(column) - at)
        return None

    def onto_open(self, position: Position, number: int) -> InternalMove | None:
        """The flip of a run that lies on a higher card than the top of ``position``'s
        column ``number``, which it continues too, onto that top; else None."""
        columns = position[0]
        for pair in self.on_higher[columns[number][-1]]:
            # X's column first, by the card alone: compiled, ``find`` is a call by name
            # with a tuple of arguments, and ``enumerate`` makes a tuple per column; a card
            # (an int) ``in`` bytes is a direct C call. (A bytes ``in`` bytes costs more: it
            # tries the needle as an int first and formats the error it then clears.)
            moved = pair[1]
            for source in range(len(columns)):
                column = columns[source]
                if moved not in column:
                    continue
                at = column.find(pair)
                if at >= 0 and source != number and self.generator.run_holds(column, moved):
                    return (COLUMN_TO_COLUMN, source, number, len(column) - at - 1)
                break  # one deck: X lies nowhere else
        return None

    def uses(self, move: InternalMove, child: Position) -> list[InternalMove]:
        """The legal moves of ``child``, reached by the flip ``move``, that use the card it
        uncovered: that card home, or a card or run onto it, but the flip undone."""
        _, source, target, count = move
        undo = (COLUMN_TO_COLUMN, target, source, count)
        kept: list[InternalMove] = []
        for candidate in self.generator.moves(child):
            kind = candidate[0]
            if kind == COLUMN_TO_FOUNDATION:
                used = candidate[1] == source
            else:
                used = kind >= COLUMN_TO_COLUMN and kind != DEAL and candidate[2] == source
            if used and candidate != undo:
                kept.append(candidate)
        return kept


def flipped_key(key: bytes, child: Position, move: InternalMove) -> bytes:
    """The key of ``child``, reached by the flip ``move``, apart from the same position
    reached otherwise: marked with the card the flip uncovered."""
    return key + _FLIPPED + bytes((child[0][move[1]][-1],))


def settled_by_flips(auto: list[InternalMove]) -> bool:
    """Whether :meth:`FlipUses.settle` played flips at the end of ``auto``, the moves
    played after a step: an auto-play moves cards to or from the foundations, never
    between columns, so a move between columns there is a flip that settling played."""
    return bool(auto) and auto[-1][0] == COLUMN_TO_COLUMN
