"""The moves the search tries from a position, in order: the legal ones less those it may skip.

:class:`MoveChoice` puts together, for one search, what decides that list: the
:class:`~.moves.MoveGenerator`, the worry-backs of no use
(:class:`~.worryback.WorryBackUses`), the flips of no use and the moves that may
follow a flip (:class:`~.flips.FlipUses`), the dominated moves and the moves that
only repeat the one before (:mod:`.ordering`), each dropped only where its
technique is on and its argument holds, and the order (with the salt of the
current turn, see :mod:`.restarts`).

>>> from agnes_rules import GameState
>>> from agnes_rules.solver.board import Board
>>> from agnes_rules.solver.results import Techniques
>>> board = Board(GameState.deal("agnes-sorel", 1))
>>> generator = MoveGenerator(board)
>>> choice = MoveChoice(board, generator, WorryBackUses(board, generator), Techniques())
>>> len(choice.candidates(board.root)) <= len(generator.moves(board.root))
True
"""

from __future__ import annotations

from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    FOUNDATION_TO_COLUMN,
    SPARE_TO_COLUMN,
    Board,
    InternalMove,
    Position,
)
from agnes_rules.solver.flips import FlipUses
from agnes_rules.solver.moves import MoveGenerator
from agnes_rules.solver.ordering import order, undominated, without_repeats
from agnes_rules.solver.results import Techniques
from agnes_rules.solver.worryback import WorryBackUses

__all__ = ["MoveChoice"]


class MoveChoice:
    """Which moves one search tries from a position, in the order to try them."""

    def __init__(
        self,
        board: Board,
        generator: MoveGenerator,
        worry_uses: WorryBackUses,
        techniques: Techniques,
        flips: FlipUses | None = None,
    ) -> None:
        self.board = board
        self.generator = generator
        self.worry_uses = worry_uses
        #: Which moves may follow a flip (None: flips are moves like any other).
        self.flips = flips
        #: Whether positions are remembered, so that moves that only repeat the one
        #: before may be left out (see :func:`~.ordering.without_repeats`).
        self.remembers = techniques.transpositions
        #: Whether worry-backs of no use are dropped (one deck, see :mod:`.worryback`).
        self.drop_useless = board.worry_back and board.decks == 1
        #: Whether dominated moves are dropped: where gaps stay empty (see
        #: :func:`~.ordering.undominated`).
        self.prune_dominated = techniques.dominated_moves and board.vacancy_none
        self.ordered = techniques.move_ordering
        #: The salt of the order the moves are tried in (0: the plain order).
        self.salt = 0

    def candidates(
        self, position: Position, moves: list[InternalMove] | None = None
    ) -> list[InternalMove]:
        """The moves to try from ``position``, in the order to try them: of its legal
        ``moves`` (or of those given), those neither dominated nor worry-backs or flips
        of no use."""
        if moves is None:
            moves = self.generator.moves(position)
        if self.drop_useless:
            moves = self.worry_uses.useful(position, moves)
        if self.flips is not None:
            moves = self.flips.useful(position, moves)
        if self.prune_dominated:
            moves = undominated(self.board, position, moves)
        if self.ordered:
            moves = order(self.board, position, moves, self.salt)
        return moves

    def after(
        self, position: Position, move: InternalMove, child: Position, auto_played: bool
    ) -> tuple[list[InternalMove], bool]:
        """The moves to try from ``child``, reached from ``position`` by ``move`` and its
        auto-play (which played some move if ``auto_played``), reversed (popped from the
        end): :meth:`candidates`, without those that only repeat ``move`` when it
        autoplayed nothing and positions are remembered; after a worry-back, of the
        moves that may follow it (see :meth:`.WorryBackUses.uses`), and after a flip that
        autoplayed nothing, of those that use it (:meth:`.FlipUses.uses`). And whether
        some were left out as repeats."""
        left_out = False
        flips = self.flips
        if move[0] == FOUNDATION_TO_COLUMN:
            moves = self.candidates(child, self.worry_uses.uses_after(child, move))
        elif flips is not None and not auto_played and flips.is_flip(position, move):
            moves = self.candidates(child, flips.uses(move, child))
        else:
            moves = self.candidates(child)
            no_repeats = self.remembers and not auto_played
            if no_repeats and COLUMN_TO_COLUMN <= move[0] <= SPARE_TO_COLUMN:
                kept = without_repeats(position, move, moves)
                left_out, moves = kept is not moves, kept
        moves.reverse()
        return moves, left_out
