"""A play session for front-ends: the current position, the moves played, undo and redo.

:class:`Game` is to :class:`~agnes_rules.GameState` what python-chess's
``Board`` move stack is to a position: a mutable session around immutable
states. It keeps every position reached, so undo is instant and exact.

>>> game = Game("agnes-sorel", 1)
>>> game.push("t4t3")
>>> game.push(Move.deal())
>>> [str(move) for move in game.moves], len(game.state.stock)
(['t4t3', 'd'], 16)
>>> game.undo(), game.can_redo
(Move.parse('d'), True)
>>> game.redo()
Move.parse('d')

An illegal move changes nothing:

>>> game.push("t2t1")
Traceback (most recent call last):
...
agnes_rules.errors.IllegalMoveError: t2t1 is illegal (packing): 4D is not one rank lower than AC \
(that would be a K)
>>> len(game.moves)
2

**Autoplay** (:meth:`Game.autoplay`) moves a card to its foundation only when
no line of play could still want it on the tableau, so it never turns a won
game into a lost one. A card ``c`` (the exposed card of a column, the top of a
reserve pile or a spare card, that its foundation accepts) is *safe* when

1. every card that could ever lie on ``c`` in a column is on the foundations:
   each card that packs onto ``c`` (one lower per ``tableau_wrap``, a suit that
   ``packing`` allows) or continues a movable run on it (per ``movable_runs``),
   and with two decks both copies of it; and
2. with ``split_runs = false`` and deals onto the tableau, ``c`` does not lie
   on another card of its column while the stock is not empty.

Why that suffices: by (1) no card can ever be put on ``c``, nor be part of a
run with ``c`` under it, so ``c`` can only be moved, and wherever a line of
play would move ``c``, the same line without that move works with ``c`` home
(every run that held ``c`` on top holds the same cards without it, with the
same bottom card; every pile and foundation accepts what it accepted, and
the foundation of ``c`` accepts the next card sooner). Only one thing differs
in the position with ``c`` home: a card dealt onto its column lands on the
card that was under ``c``, with which it may form a run. With split runs it
can still move alone; without (condition 2) it could not, so ``c`` stays
while deals onto the tableau remain. The rule reads only the foundations, so
it uses nothing that the player cannot see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agnes_rules.cards import Card
from agnes_rules.core.moves import Area, Move
from agnes_rules.core.rulebook import RuleBook
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import PresetName, StockTarget, Variant
from agnes_rules.errors import ArgumentError, HistoryError
from agnes_rules.records import GameRecord, Metadata
from agnes_rules.solver import Hint, hint

__all__ = ["Game", "is_safe"]


class Game:
    """A game being played: its positions, the moves between them, and the moves undone.

    ``Game(variant, deal)`` starts the deal ``deal`` (a PySolFC game number or
    an explicit deck order) of ``variant`` (a :class:`~agnes_rules.Variant` or
    a preset name). A game is mutable, so it is not hashable; two games are
    equal when they have the same positions, moves and moves to redo.
    """

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, variant: Variant | PresetName, deal: int | Sequence[Card]) -> None:
        if isinstance(deal, int) and not isinstance(deal, bool):
            initial = GameState.deal(variant, deal)
            self._deal: int | tuple[Card, ...] | None = deal
        elif isinstance(deal, Sequence) and not isinstance(deal, str):
            self._deal = tuple(deal)
            initial = GameState.from_deck(variant, self._deal)
        else:
            raise ArgumentError(f"deal must be a game number or a deck of cards, got {deal!r}")
        self._variant: Variant | PresetName = variant
        self._start(initial)

    def _start(self, initial: GameState) -> None:
        self._states: list[GameState] = [initial]
        self._moves: list[Move] = []
        self._undone: list[Move] = []
        self._metadata = Metadata()

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game that starts at ``state`` (it has no deal, so it cannot be recorded)."""
        if not isinstance(state, GameState):
            raise ArgumentError(f"expected a GameState, got {state!r}")
        game = cls.__new__(cls)
        game._deal = None
        game._variant = state.variant
        game._start(state)
        return game

    @classmethod
    def from_record(cls, record: GameRecord | str | bytes) -> Game:
        """The recorded game with its history: its moves replayed, so they can be undone.

        ``record`` is a :class:`~agnes_rules.GameRecord` or its JSON text.
        A move of the record that cannot be read or played raises its
        :class:`~agnes_rules.MoveParseError` or :class:`~agnes_rules.IllegalMoveError`
        (check a record with :func:`~agnes_rules.validate` first). The record's
        metadata is kept for :meth:`to_record`.
        """
        if isinstance(record, str | bytes):
            record = GameRecord.from_json(record)
        if not isinstance(record, GameRecord):
            raise ArgumentError(f"expected a GameRecord or its JSON text, got {record!r}")
        game = cls(record.variant, record.deal)
        for text in record.moves:
            game.push(text)
        game._metadata = record.metadata
        return game

    def to_record(self, metadata: Metadata | dict[str, Any] | None = None) -> GameRecord:
        """The :class:`~agnes_rules.GameRecord` of the moves played (not those undone).

        ``metadata`` defaults to the metadata of the record the game was loaded from.
        """
        if self._deal is None:
            raise ArgumentError("a game started from a position has no deal to record")
        return GameRecord(
            self._variant,
            self._deal,
            [str(move) for move in self._moves],
            metadata=self._metadata if metadata is None else metadata,
        )

    # ------------------------------------------------------------ reading

    @property
    def state(self) -> GameState:
        """The current position."""
        return self._states[-1]

    @property
    def initial_state(self) -> GameState:
        """The position the game started from."""
        return self._states[0]

    @property
    def variant(self) -> Variant:
        """The rules the game is played with."""
        return self._states[0].variant

    @property
    def deal(self) -> int | tuple[Card, ...] | None:
        """The game number or deck order dealt, or None for a game started from a position."""
        return self._deal

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played, first to last (without those undone)."""
        return tuple(self._moves)

    @property
    def can_undo(self) -> bool:
        """Whether a move has been played that :meth:`undo` can take back."""
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        """Whether a move has been undone that :meth:`redo` can play again."""
        return bool(self._undone)

    # ------------------------------------------------------------ playing

    def push(self, move: Move | str) -> None:
        """Play ``move`` (a :class:`~agnes_rules.Move` or its text); the moves undone are dropped.

        Text that is not a move raises :class:`~agnes_rules.MoveParseError`, an
        illegal move :class:`~agnes_rules.IllegalMoveError`; either way the game
        is left as it was.
        """
        if isinstance(move, str):
            move = Move.parse(move)
        elif not isinstance(move, Move):
            raise ArgumentError(f"expected a Move or its text, got {move!r}")
        self._states.append(self.state.apply(move))
        self._moves.append(move)
        self._undone.clear()

    def undo(self) -> Move:
        """Take back the last move and return it; :class:`~agnes_rules.HistoryError` if none."""
        if not self._moves:
            raise HistoryError("nothing to undo: no move has been played")
        self._states.pop()
        move = self._moves.pop()
        self._undone.append(move)
        return move

    def redo(self) -> Move:
        """Replay the last move undone, and return it; ``HistoryError`` if none."""
        if not self._undone:
            raise HistoryError("nothing to redo: no move has been undone since the last move")
        move = self._undone.pop()
        self._states.append(self.state.apply(move))
        self._moves.append(move)
        return move

    def autoplay(self) -> tuple[Move, ...]:
        """Play every safe move to the foundations (see the module docstring); return them.

        >>> game = Game("agnes-sorel", 1)
        >>> game.push("t4t3"); game.push("d")
        >>> game.autoplay()
        (Move.parse('t2f'), Move.parse('t6f'))
        """
        played: list[Move] = []
        while True:
            move = next((m for m in self.state.legal_moves() if is_safe(self.state, m)), None)
            if move is None:
                return tuple(played)
            self.push(move)
            played.append(move)

    def hint(self, **options: Any) -> Hint:
        """A move to play now, and why: :func:`agnes_rules.hint` on :attr:`state`, with its
        options (``max_states``, ``max_seconds``)."""
        return hint(self.state, **options)

    # ------------------------------------------------------------ identity

    def _key(self) -> tuple[Any, ...]:
        return (self._states[0], self._deal, self._moves, self._undone)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._key() == other._key()

    def __repr__(self) -> str:
        start = "a position" if self._deal is None else f"deal {_deal_text(self._deal)}"
        return (
            f"<Game {self.variant.name} from {start}, {len(self._moves)} moves played,"
            f" {len(self._undone)} to redo>"
        )


def _deal_text(deal: int | tuple[Card, ...]) -> str:
    return str(deal) if isinstance(deal, int) else "of a deck order"


def is_safe(state: GameState, move: Move) -> bool:
    """Whether ``move`` is a legal move to the foundations that no line of play could regret.

    The rule is in the module docstring; it reads only what the player sees.
    """
    if move.target is not Area.FOUNDATION or not state.is_legal(move):
        return False
    card, under = _moved_card(state, move)
    variant = state.variant
    if (
        under
        and move.source is Area.TABLEAU
        and not variant.split_runs
        and variant.stock_to is StockTarget.TABLEAU
        and state.stock
    ):
        return False
    rules = RuleBook.of(variant, state.base_rank)
    heights = [len(pile) for pile in state.foundations]
    base = state.base_rank
    for guard in rules.fits_on[card.index] | rules.run_links[card.index]:
        suit, rank = divmod(guard, 13)
        position = (rank + 1 - base) % 13
        if any(heights[f] <= position for f in range(suit, len(heights), 4)):
            return False
    return True


def _moved_card(state: GameState, move: Move) -> tuple[Card, bool]:
    """The card a legal foundation move takes, and whether a card lies under it."""
    index = move.source_index
    if move.source is Area.TABLEAU:
        column = state.tableau[index]
        return column.cards[-1], len(column.cards) > 1
    if move.source is Area.RESERVE:
        pile = state.reserve[index]
        return pile[-1], len(pile) > 1
    spare = state.spare[index]
    assert spare is not None
    return spare, False
