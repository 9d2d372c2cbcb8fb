"""The position of a game of Agnes, which knows its legal moves.

>>> state = GameState.deal(Variant.named("agnes-sorel"), 1)
>>> state.base_rank
<Rank.FOUR: 4>
>>> [str(move) for move in state.legal_moves()]
['t4f', 't4t3', 'd']
>>> after = state.apply(Move.parse("t4t3"))
>>> after.tableau[2].face_up[-1], state.tableau[2].face_up[-1]
(Card.parse('4C'), Card.parse('5C'))
>>> state.apply(Move.parse("t2t1"))
Traceback (most recent call last):
...
agnes_rules.errors.IllegalMoveError: t2t1 is illegal (packing): TS is not one rank lower than QH \
(that would be a J)

**The order of** :meth:`GameState.legal_moves` is fixed: first the moves to the
foundations (from the columns left to right, then the reserve piles, then the
spare spaces); then the moves onto the tableau, grouped by source in the same
order (columns, reserve piles, spare spaces), for each source by target column
left to right, and for each target by the number of cards, fewest first; the
deal comes last.

Internally a state holds card indices (0..51) in tuples; the public attributes
(:attr:`~GameState.tableau`, :attr:`~GameState.foundations`, ...) turn them into
:class:`Card` objects on request. The class is thin: the representation is
:class:`~agnes_rules.core.position.Position`, and the rules are plain functions
in :mod:`~agnes_rules.core.validity` (which positions exist),
:mod:`~agnes_rules.core.generation` (the legal moves),
:mod:`~agnes_rules.core.legality` (why a move is illegal),
:mod:`~agnes_rules.core.applying` (the next position) and
:mod:`~agnes_rules.core.picture` (the text picture).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import attrs

from agnes_rules.cards import Card, Rank
from agnes_rules.core import code, picture, registry, validity
from agnes_rules.core.applying import perform
from agnes_rules.core.dealing import lay_out, pysol_deck_order
from agnes_rules.core.describing import describe_move
from agnes_rules.core.generation import foundation_for, top_card
from agnes_rules.core.generation import legal_moves as generate_moves
from agnes_rules.core.legality import Refusal, check_move
from agnes_rules.core.moves import Area, Move
from agnes_rules.core.piles import moves_between
from agnes_rules.core.position import Column, Position
from agnes_rules.core.rulebook import RuleBook
from agnes_rules.core.variant import PresetName, Variant
from agnes_rules.errors import IllegalMoveError, PositionError

__all__ = ["VIEW", "Column", "GameState", "state_from_code"]


class GameState(Position):
    """An immutable, hashable position of a game of Agnes.

    Make one with :meth:`deal` (a PySolFC game number), :meth:`from_deck` (an
    explicit deck order) or from its parts with the constructor, which checks
    that the position is possible (every card once per deck, foundations in
    sequence from the base rank, face-down cards under face-up ones, a stock
    size that some game reaches) and raises :class:`PositionError` naming the
    first problem and its location. ``spare`` defaults to empty spare spaces.
    Equal positions compare and hash equal.
    """

    __slots__ = ()

    def __init__(
        self,
        variant: Variant,
        *,
        base_rank: Rank | int,
        tableau: Sequence[Column],
        foundations: Sequence[Sequence[Card]],
        reserve: Sequence[Sequence[Card]] = (),
        spare: Sequence[Card | None] | None = None,
        stock: Sequence[Card] = (),
    ) -> None:
        parts = validity.check_position(
            variant, base_rank, tableau, foundations, reserve, spare, stock
        )
        rank = parts.base_rank
        self._set(
            variant,
            rank,
            RuleBook.of(variant, rank),
            parts.down,
            parts.up,
            parts.reserve,
            parts.spare,
            parts.found,
            parts.stock,
        )

    # ----------------------------------------------------------------- making

    @classmethod
    def from_deck(cls, variant: Variant | PresetName, cards: Iterable[Card]) -> GameState:
        """The opening position dealt from an explicit deck order (its last card is dealt first).

        >>> from agnes_rules.cards import FULL_DECK
        >>> GameState.from_deck(Variant.named("agnes-sorel"), FULL_DECK).base_rank
        <Rank.JACK: 11>
        """
        variant = Variant.resolve(variant)
        layout = lay_out(variant, cards)
        base = layout.base_card
        columns = [tuple(card.index for card in column) for column in layout.columns]
        if variant.face_down:
            down = tuple(column[:-1] for column in columns)
            up = tuple(column[-1:] for column in columns)
        else:
            down = tuple(() for _ in columns)
            up = tuple(columns)
        found = [0] * variant.foundation_count
        found[base.suit.position] = 1
        spare = [-1] * variant.spare_spaces
        spare[: len(layout.spare)] = [card.index for card in layout.spare]
        state = cls.__new__(cls)
        state._set(
            variant,
            base.rank,
            RuleBook.of(variant, base.rank),
            down,
            up,
            tuple(tuple(card.index for card in pile) for pile in layout.reserve),
            tuple(spare),
            tuple(found),
            tuple(card.index for card in layout.stock),
        )
        return state

    @classmethod
    def deal(cls, variant: Variant | PresetName, number: int) -> GameState:
        """The opening position of PySolFC's game ``number`` for ``variant`` (a preset name too).

        >>> GameState.deal("agnes-bernauer", 1).reserve[0]
        (Card.parse('4H'),)
        """
        variant = Variant.resolve(variant)
        return cls.from_deck(variant, pysol_deck_order(number, variant.decks))

    # ------------------------------------------------ other forms of a state

    def to_json(self, *, indent: int | None = None) -> str:
        """The ``agnes-rules/game-state`` JSON document of this position."""
        return registry.writer(GameState, "json")(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        """Read an ``agnes-rules/game-state`` document; a ``FormatError`` names the bad field."""
        return registry.reader(GameState, "json")(text)

    def to_code(self) -> str:
        """The one-line position code (see :mod:`agnes_rules.core.code`).

        >>> GameState.deal("agnes-sorel", 1).to_code()[:40]
        'agnes-sorel 4 f:-/-/4H/- t:QH/7HTS/5D9S5'
        """
        return code.state_to_code(self)

    @classmethod
    def from_code(cls, text: str) -> GameState:
        """Read a one-line position code; a ``FormatError`` names what is wrong.

        >>> GameState.from_code("agnes-sorel 4 f:-/-/4H/-")
        Traceback (most recent call last):
        ...
        agnes_rules.errors.FormatError: position: agnes-sorel needs the fields f: t: d: after \
the base rank, found 1 field(s)
        """
        parts = code.read_code(text)
        try:
            return cls(**attrs.asdict(parts, recurse=False))
        except PositionError as error:
            raise code.position_error(error) from None

    def to_svg(self) -> str:
        """An SVG picture of the position (see :func:`agnes_rules.svg.render_svg`).

        >>> GameState.deal("agnes-sorel", 1).to_svg().startswith("<svg")
        True
        """
        return registry.writer(GameState, "svg")(self)

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows for a position."""
        return self.to_svg()

    def render(self) -> str:
        """A text picture of the position; face-down cards show as ``##``.

        >>> print(GameState.deal("agnes-sorel", 1).render())  # doctest: +NORMALIZE_WHITESPACE
        agnes-sorel, base rank 4, stock 23 (4 deals left)
        foundations  C: --   D: --   H: 4H   S: --
        tableau         1   2   3   4   5   6   7
                       QH  7H  5D  JC  9H  2D  JD
                           TS  9S  KC  KD  5H  7C
                               5C  KH  QC  AD  5S
                                   4C  KS  2S  3H
                                       3C  QD  9D
                                           AH  JS
                                               AS
        """
        return picture.render(self)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return (
            f"<GameState {self.variant.name} base {self.base_rank.letter},"
            f" {sum(self._found)} on foundations, stock {len(self._stock)}>"
        )

    # ---------------------------------------------------------- the rules

    @property
    def is_won(self) -> bool:
        """Every card is on the foundations."""
        return sum(self._found) == self.variant.card_count

    @property
    def is_lost(self) -> bool:
        """Not won, and no move is legal (the stock is then empty)."""
        return not self.is_won and not self.legal_moves()

    @property
    def is_over(self) -> bool:
        """Won or lost."""
        return not self.legal_moves()

    @property
    def deals_left(self) -> int:
        """How many more times the stock can be dealt."""
        return self.variant.deals_from(len(self._stock))

    # ``source`` and ``target`` are not keyword-only: Python handles keyword-only defaults
    # more slowly, and the call without arguments is the hot path.
    def legal_moves(
        self, source: str | Area | None = None, target: str | Area | None = None
    ) -> tuple[Move, ...]:
        """Every legal move, in the documented order (see the module docstring).

        ``source`` and ``target`` keep only the moves from, or to, one pile
        named by its text (``"t3"``, ``"r1"``, ``"s2"``, ``"f2"``; ``"f"`` for
        any foundation, ``"d"`` for the stock) or every pile of an
        :class:`~agnes_rules.Area`. A move to the foundations goes to
        ``"fN"`` when its card lands on foundation N (see
        :meth:`foundation_for`). Text that names no pile, or a pile this
        variant does not have, raises an :class:`~agnes_rules.errors.ArgumentError`.

        >>> state = GameState.deal("agnes-sorel", 1)
        >>> state.legal_moves(source="t4")
        (Move.parse('t4f'), Move.parse('t4t3'))
        >>> state.legal_moves(target="f"), state.legal_moves(target="f3")
        ((Move.parse('t4f'),), ())
        >>> state.legal_moves(source="t9")
        Traceback (most recent call last):
        ...
        agnes_rules.errors.ArgumentError: source 't9': agnes-sorel has 7 tableau columns
        """
        moves = self._moves
        if moves is None:
            moves = generate_moves(self)
            object.__setattr__(self, "_moves", moves)
        if source is None and target is None:
            return moves
        return moves_between(self, moves, source, target)

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` (a :class:`Move` or its text) may be played here.

        Text that is not a move raises a :class:`~agnes_rules.errors.MoveParseError`.
        """
        if isinstance(move, str):
            move = Move.parse(move)
        try:
            check_move(self, move)
        except Refusal:
            return False
        return True

    def why_illegal(self, move: Move | str) -> IllegalMoveError | None:
        """The error that applying ``move`` would raise, or None when it is legal."""
        if isinstance(move, str):
            move = Move.parse(move)
        try:
            check_move(self, move)
        except Refusal as refusal:
            return IllegalMoveError(move, self, refusal.rule, refusal.reason)
        return None

    def apply(self, move: Move | str) -> GameState:
        """The position after ``move`` (a :class:`Move` or its text); this one is left as it was.

        Raises :class:`IllegalMoveError` naming the rule when the move is illegal,
        and :class:`~agnes_rules.errors.MoveParseError` for text that is not a move.

        >>> GameState.deal("agnes-sorel", 1).apply("t4t3").tableau[2].exposed
        Card.parse('4C')
        """
        move, foundation = self._checked(move)
        return perform(self, move, foundation)

    def foundation_for(self, move: Move | str) -> int | None:
        """The foundation (0-based) that a move to the foundations puts its card on.

        None for a move elsewhere; an illegal move raises :class:`IllegalMoveError`.
        A front-end draws the card there (with two decks, the first of the two
        foundations of its suit that accepts it).

        >>> GameState.deal("agnes-sorel", 1).foundation_for("t4f")
        0
        """
        move, foundation = self._checked(move)
        return foundation if move.target is Area.FOUNDATION else None

    def _checked(self, move: Move | str) -> tuple[Move, int]:
        """The move (read from its text if need be) and its foundation, if it is legal."""
        if isinstance(move, str):
            move = Move.parse(move)
        try:
            return move, check_move(self, move)
        except Refusal as refusal:
            raise IllegalMoveError(move, self, refusal.rule, refusal.reason) from None

    def describe(self, move: Move | str) -> str:
        """What ``move`` (a :class:`Move` or its text) does here, in words, naming its cards.

        An illegal move raises :class:`IllegalMoveError`.

        >>> state = GameState.deal("agnes-sorel", 1)
        >>> [state.describe(move) for move in state.legal_moves()]
        ['4C to its foundation', '4C onto 5C', 'deal 7 cards to the tableau']
        """
        if isinstance(move, str):
            move = Move.parse(move)
        error = self.why_illegal(move)
        if error is not None:
            raise error
        return describe_move(self, move)

    def view(self) -> registry.SeenPosition:
        """What the player sees here: a :class:`~agnes_rules.view.PlayerView`.

        Face-down cards and the order of the stock are hidden, their counts kept
        (see :mod:`agnes_rules.view`).

        >>> GameState.deal("agnes-sorel-quagnes", 5).view().to_code()[:40]
        'agnes-sorel-quagnes 8 f:-/-/8H/- t:7H/??'
        """
        return VIEW(self)

    def parse_move(self, text: str) -> Move:
        """Read a move in the notation (it is not checked for legality here)."""
        return Move.parse(text)

    def play(self, moves: Iterable[Move | str]) -> GameState:
        """The position after playing ``moves`` (texts or :class:`Move`) in turn."""
        state = self
        for move in moves:
            state = state.apply(Move.parse(move) if isinstance(move, str) else move)
        return state

    def successors(self) -> Iterator[tuple[Move, GameState]]:
        """Each legal move with the position it leads to."""
        for move in self.legal_moves():
            foundation = foundation_for(self, top_card(self, move))
            yield move, perform(self, move, foundation)


#: Makes the player's view of a position; :mod:`agnes_rules.view` provides it.
VIEW: registry.Hook[GameState, registry.SeenPosition] = registry.Hook("GameState.view")


def state_from_code(text: str) -> GameState:
    """The position written in a position code (see :mod:`agnes_rules.core.code`).

    The same as :meth:`GameState.from_code`.
    """
    return GameState.from_code(text)
