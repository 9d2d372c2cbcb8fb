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
agnes_rules.state.IllegalMoveError: t2t1 is illegal (packing): TS is not one rank lower than QH \
(that would be a J)

**The order of** :meth:`GameState.legal_moves` is fixed: first the moves to the
foundations (from the columns left to right, then the reserve piles, then the
spare spaces); then the moves onto the tableau, grouped by source in the same
order (columns, reserve piles, spare spaces), for each source by target column
left to right, and for each target by the number of cards, fewest first; the
deal comes last.

Internally a state holds card indices (0..51) in tuples; the public attributes
(:attr:`~GameState.tableau`, :attr:`~GameState.foundations`, ...) turn them into
:class:`Card` objects on request.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NoReturn

import attrs

from agnes_rules.cards import SUITS, Card, Rank, card_from_index
from agnes_rules.dealing import Layout, lay_out, pysol_deck_order
from agnes_rules.errors import AgnesError, PositionError, VariantError
from agnes_rules.moves import Area, Move, interned_move
from agnes_rules.rules import RuleBook
from agnes_rules.variant import Leftover, StockTarget, Vacancy, Variant

__all__ = ["Column", "GameState", "IllegalMoveError", "Rule"]

_CARDS: tuple[Card, ...] = tuple(card_from_index(index) for index in range(52))
_EMPTY: tuple[int, ...] = ()


def _card_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        raise PositionError(f"a column part is a sequence of Card, got {cards!r}")
    result = tuple(cards)
    for card in result:
        if not isinstance(card, Card):
            raise PositionError(f"{card!r} is not a Card")
    return result


def _sequence(value: object, what: str) -> Sequence[Any]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise PositionError(f"{what} must be a sequence, got {value!r}")
    return tuple(value)


def _resolve_variant(variant: Variant | str) -> Variant:
    if isinstance(variant, str):
        return Variant.named(variant)
    if not isinstance(variant, Variant):
        raise VariantError(f"expected a Variant or a preset name, got {variant!r}")
    return variant


@attrs.frozen
class Column:
    """A tableau column: a face-down part (possibly empty) under a face-up part."""

    face_down: tuple[Card, ...] = attrs.field(default=(), converter=_card_tuple)
    face_up: tuple[Card, ...] = attrs.field(default=(), converter=_card_tuple)

    @property
    def cards(self) -> tuple[Card, ...]:
        """All the cards, bottom to top."""
        return self.face_down + self.face_up

    @property
    def exposed(self) -> Card | None:
        """The top card (the only one that may go to a foundation), or None if empty."""
        return self.face_up[-1] if self.face_up else None

    def __len__(self) -> int:
        return len(self.face_down) + len(self.face_up)


class Rule(enum.Enum):
    """The rule that makes a move illegal (:attr:`IllegalMoveError.rule`)."""

    NO_SUCH_PILE = "no-such-pile"
    EMPTY_SOURCE = "empty-source"
    STOCK_EMPTY = "stock-empty"
    FOUNDATION_IS_FINAL = "foundation-is-final"
    NOTHING_ON_RESERVE = "nothing-on-reserve"
    NOTHING_ON_SPARE = "nothing-on-spare"
    SAME_COLUMN = "same-column"
    TOP_CARD_ONLY = "top-card-only"
    FOUNDATION = "foundation"
    NOT_ENOUGH_CARDS = "not-enough-cards"
    NOT_A_RUN = "not-a-run"
    RUN_MAY_NOT_SPLIT = "run-may-not-split"
    PACKING = "packing"
    VACANCY = "vacancy"


class IllegalMoveError(AgnesError, ValueError):
    """A move was applied that the rules forbid.

    :attr:`move` and :attr:`state` are the move and the position it was tried
    in; :attr:`rule` is the :class:`Rule` it breaks and :attr:`reason` says how.
    """

    def __init__(self, move: Move, state: GameState, rule: Rule, reason: str) -> None:
        self.move = move
        self.state = state
        self.rule = rule
        self.reason = reason
        super().__init__(f"{move} is illegal ({rule.value}): {reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.move, self.state, self.rule, self.reason))


class _RefusedError(Exception):
    """Internal: carries a rule and a reason out of the move checker."""

    def __init__(self, rule: Rule, reason: str) -> None:
        self.rule = rule
        self.reason = reason


def _refuse(rule: Rule, reason: str) -> NoReturn:
    raise _RefusedError(rule, reason)


def _cards(indices: Iterable[int]) -> tuple[Card, ...]:
    return tuple(_CARDS[index] for index in indices)


def _indices(cards: Iterable[Card], where: str) -> tuple[int, ...]:
    result = []
    for position, card in enumerate(cards):
        if not isinstance(card, Card):
            raise PositionError(f"{where}[{position}]: {card!r} is not a Card")
        result.append(card.index)
    return tuple(result)


class GameState:
    """An immutable, hashable position of a game of Agnes.

    Make one with :meth:`deal` (a PySolFC game number), :meth:`from_deck` (an
    explicit deck order) or from its parts with the constructor, which checks
    that the position is possible (every card once per deck, foundations in
    sequence from the base rank, face-down cards under face-up ones, a stock
    size that some game reaches) and raises :class:`PositionError` naming the
    first problem. ``spare`` defaults to empty spare spaces. Equal positions
    compare and hash equal.
    """

    __slots__ = (
        "_down",
        "_found",
        "_hash",
        "_moves",
        "_reserve",
        "_rules",
        "_spare",
        "_stock",
        "_up",
        "base_rank",
        "variant",
    )

    variant: Variant
    base_rank: Rank
    _rules: RuleBook
    _down: tuple[tuple[int, ...], ...]
    _up: tuple[tuple[int, ...], ...]
    _reserve: tuple[tuple[int, ...], ...]
    _spare: tuple[int, ...]
    _found: tuple[int, ...]
    _stock: tuple[int, ...]
    _hash: int | None
    _moves: tuple[Move, ...] | None

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
        if not isinstance(variant, Variant):
            raise PositionError(f"variant must be a Variant, got {variant!r}")
        if isinstance(base_rank, bool) or base_rank not in range(1, 14):
            raise PositionError(f"base_rank must be a rank 1..13, got {base_rank!r}")
        tableau = _sequence(tableau, "tableau")
        foundations = [
            _sequence(pile, f"foundation {n}")
            for n, pile in enumerate(_sequence(foundations, "foundations"), 1)
        ]
        reserve = [
            _sequence(pile, f"reserve pile {n}")
            for n, pile in enumerate(_sequence(reserve, "reserve"), 1)
        ]
        stock = _sequence(stock, "stock")
        down, up = [], []
        for number, column in enumerate(tableau, 1):
            if not isinstance(column, Column):
                raise PositionError(f"tableau column {number}: {column!r} is not a Column")
            down.append(_indices(column.face_down, f"tableau column {number} face_down"))
            up.append(_indices(column.face_up, f"tableau column {number} face_up"))
        spare = [None] * variant.spare_spaces if spare is None else _sequence(spare, "spare")
        spare_indices = tuple(
            -1 if card is None else _indices([card], f"spare space {number}")[0]
            for number, card in enumerate(spare, 1)
        )
        founds = []
        for number, pile in enumerate(foundations, 1):
            founds.append(_indices(pile, f"foundation {number}"))
        rank = Rank(base_rank)
        self._set(
            variant,
            rank,
            RuleBook.of(variant, rank),
            tuple(down),
            tuple(up),
            tuple(_indices(pile, f"reserve pile {n}") for n, pile in enumerate(reserve, 1)),
            spare_indices,
            tuple(len(pile) for pile in founds),
            _indices(stock, "stock"),
        )
        _check_position(self, founds)

    def _set(
        self,
        variant: Variant,
        base_rank: Rank,
        rules: RuleBook,
        down: tuple[tuple[int, ...], ...],
        up: tuple[tuple[int, ...], ...],
        reserve: tuple[tuple[int, ...], ...],
        spare: tuple[int, ...],
        found: tuple[int, ...],
        stock: tuple[int, ...],
    ) -> None:
        setter = object.__setattr__
        setter(self, "variant", variant)
        setter(self, "base_rank", base_rank)
        setter(self, "_rules", rules)
        setter(self, "_down", down)
        setter(self, "_up", up)
        setter(self, "_reserve", reserve)
        setter(self, "_spare", spare)
        setter(self, "_found", found)
        setter(self, "_stock", stock)
        setter(self, "_hash", None)
        setter(self, "_moves", None)

    def _successor(
        self,
        down: tuple[tuple[int, ...], ...],
        up: tuple[tuple[int, ...], ...],
        reserve: tuple[tuple[int, ...], ...],
        spare: tuple[int, ...],
        found: tuple[int, ...],
        stock: tuple[int, ...],
    ) -> GameState:
        state = object.__new__(GameState)
        state._set(
            self.variant, self.base_rank, self._rules, down, up, reserve, spare, found, stock
        )
        return state

    # ----------------------------------------------------------------- making

    @classmethod
    def from_deck(cls, variant: Variant | str, cards: Iterable[Card]) -> GameState:
        """The opening position dealt from an explicit deck order (its last card is dealt first).

        >>> from agnes_rules.cards import FULL_DECK
        >>> GameState.from_deck(Variant.named("agnes-sorel"), FULL_DECK).base_rank
        <Rank.JACK: 11>
        """
        variant = _resolve_variant(variant)
        return cls._from_layout(variant, lay_out(variant, _sequence(cards, "the deck")))

    @classmethod
    def deal(cls, variant: Variant | str, number: int) -> GameState:
        """The opening position of PySolFC's game ``number`` for ``variant`` (a preset name too).

        >>> GameState.deal("agnes-bernauer", 1).reserve[0]
        (Card.parse('4H'),)
        """
        variant = _resolve_variant(variant)
        return cls.from_deck(variant, pysol_deck_order(number, variant.decks))

    @classmethod
    def _from_layout(cls, variant: Variant, layout: Layout) -> GameState:
        base = layout.base_card
        columns = [tuple(card.index for card in column) for column in layout.columns]
        if variant.face_down:
            down = tuple(column[:-1] for column in columns)
            up = tuple(column[-1:] for column in columns)
        else:
            down = tuple(_EMPTY for _ in columns)
            up = tuple(columns)
        found = [0] * variant.foundation_count
        found[base.suit.position] = 1
        spare = [-1] * variant.spare_spaces
        spare[: len(layout.spare)] = [card.index for card in layout.spare]
        state = object.__new__(cls)
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

    # ------------------------------------------------ other forms of a state

    def to_json(self, *, indent: int | None = None) -> str:
        """The ``agnes-rules/game-state`` JSON document of this position."""
        from agnes_rules.serialization import state_to_json  # it imports this module

        return state_to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        """Read an ``agnes-rules/game-state`` document; a ``FormatError`` names the bad field."""
        from agnes_rules.serialization import state_from_json

        return state_from_json(text)

    def to_code(self) -> str:
        """The one-line position code (see :mod:`agnes_rules.notation`).

        >>> GameState.deal("agnes-sorel", 1).to_code()[:40]
        'agnes-sorel 4 f:-/-/4H/- t:QH/7HTS/5D9S5'
        """
        from agnes_rules.notation import state_to_code

        return state_to_code(self)

    @classmethod
    def from_code(cls, text: str) -> GameState:
        """Read a one-line position code; a ``FormatError`` names what is wrong."""
        from agnes_rules.notation import state_from_code

        return state_from_code(text)

    def to_svg(self) -> str:
        """An SVG picture of the position (see :func:`agnes_rules.svg.render_svg`).

        >>> GameState.deal("agnes-sorel", 1).to_svg().startswith("<svg")
        True
        """
        from agnes_rules.svg import render_svg  # svg imports this module

        return render_svg(self)

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows for a position."""
        return self.to_svg()

    # ------------------------------------------------------- public views

    @property
    def tableau(self) -> tuple[Column, ...]:
        """The columns, left to right."""
        return tuple(
            Column(_cards(down), _cards(up)) for down, up in zip(self._down, self._up, strict=True)
        )

    @property
    def reserve(self) -> tuple[tuple[Card, ...], ...]:
        """The reserve piles, left to right, each bottom to top (empty without a reserve)."""
        return tuple(_cards(pile) for pile in self._reserve)

    @property
    def spare(self) -> tuple[Card | None, ...]:
        """The spare spaces: a card or None while the space is empty."""
        return tuple(None if index < 0 else _CARDS[index] for index in self._spare)

    @property
    def foundations(self) -> tuple[tuple[Card, ...], ...]:
        """The foundations: clubs, diamonds, hearts, spades (then the second deck's)."""
        base = self.base_rank
        return tuple(
            tuple(Card(base.plus(step), SUITS[number % 4]) for step in range(held))
            for number, held in enumerate(self._found)
        )

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, the next one to be dealt first."""
        return _cards(self._stock)

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

    # ------------------------------------------------------------ equality

    def _key(self) -> tuple[Any, ...]:
        return (
            self.variant,
            self.base_rank,
            self._down,
            self._up,
            self._reserve,
            self._spare,
            self._found,
            self._stock,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        cached = self._hash
        if cached is None:
            cached = hash(self._key())
            object.__setattr__(self, "_hash", cached)
        return cached

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, self._key())

    def __repr__(self) -> str:
        return (
            f"<GameState {self.variant.name} base {self.base_rank.letter},"
            f" {sum(self._found)} on foundations, stock {len(self._stock)}>"
        )

    def __str__(self) -> str:
        return self.render()

    # ---------------------------------------------------------- the rules

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, in the documented order (see the module docstring)."""
        moves = self._moves
        if moves is None:
            moves = tuple(self._generate())
            object.__setattr__(self, "_moves", moves)
        return moves

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` may be played here."""
        try:
            self._check(move)
        except _RefusedError:
            return False
        return True

    def why_illegal(self, move: Move) -> IllegalMoveError | None:
        """The error that applying ``move`` would raise, or None when it is legal."""
        try:
            self._check(move)
        except _RefusedError as refusal:
            return IllegalMoveError(move, self, refusal.rule, refusal.reason)
        return None

    def apply(self, move: Move) -> GameState:
        """The position after ``move``; this one is left as it was.

        Raises :class:`IllegalMoveError` naming the rule when the move is illegal.
        """
        try:
            foundation = self._check(move)
        except _RefusedError as refusal:
            raise IllegalMoveError(move, self, refusal.rule, refusal.reason) from None
        return self._perform(move, foundation)

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
            yield move, self._perform(move, self._foundation_for(self._top(move)))

    # ------------------------------------------------------- generation

    def _foundation_for(self, card: int) -> int:
        """The first foundation that accepts ``card``, or -1."""
        if card < 0:
            return -1
        suit = card // 13
        wants = self._rules.foundation_wants[suit]
        found = self._found
        for number in range(suit, len(found), 4):
            if wants[found[number]] == card:
                return number
        return -1

    def _top(self, move: Move) -> int:
        """The index of the top card of the move's source pile, or -1."""
        source = move.source
        if source is Area.TABLEAU:
            column = self._up[move.source_index]
            return column[-1] if column else -1
        if source is Area.RESERVE:
            pile = self._reserve[move.source_index]
            return pile[-1] if pile else -1
        if source is Area.SPARE:
            return self._spare[move.source_index]
        return -1

    def _run_length(self, column: tuple[int, ...]) -> int:
        links = self._rules.run_links
        length = 1
        position = len(column) - 1
        while position > 0 and column[position] in links[column[position - 1]]:
            length += 1
            position -= 1
        return length

    def _generate(self) -> Iterator[Move]:
        rules = self._rules
        variant = self.variant
        up = self._up
        reserve = self._reserve
        spare = self._spare
        accepts = self._foundation_for
        tableau, reserve_area, spare_area = Area.TABLEAU, Area.RESERVE, Area.SPARE
        move = interned_move

        for index, column in enumerate(up):
            if column and accepts(column[-1]) >= 0:
                yield move(tableau, index, Area.FOUNDATION)
        for index, pile in enumerate(reserve):
            if pile and accepts(pile[-1]) >= 0:
                yield move(reserve_area, index, Area.FOUNDATION)
        for index, card in enumerate(spare):
            if card >= 0 and accepts(card) >= 0:
                yield move(spare_area, index, Area.FOUNDATION)

        fits_on = rules.fits_on
        packs_onto = rules.packs_onto
        heads = rules.vacancy_heads
        vacancy_runs = rules.vacancy_takes_runs
        split = variant.split_runs
        # Which columns each exposed card tops: a card finds its targets by lookup
        # instead of being tried against every column.
        topped_by: dict[int, list[int]] = {}
        empty: list[int] = []
        for index, column in enumerate(up):
            if column:
                topped_by.setdefault(column[-1], []).append(index)
            else:
                empty.append(index)
        for source, column in enumerate(up):
            if not column:
                continue
            run = self._run_length(column)
            options: list[tuple[int, int]] = []
            for count in range(1, run + 1) if split else (run,):
                card = column[-count]
                for upper in packs_onto[card]:
                    for target in topped_by.get(upper, ()):
                        if target != source:
                            options.append((target, count))
                if empty and card in heads and (vacancy_runs or count == 1):
                    options.extend((target, count) for target in empty)
            if empty and not vacancy_runs and not split and run > 1 and column[-1] in heads:
                # The single-card vacancy rules free the exposed card of an unsplittable run.
                options.extend((target, 1) for target in empty)
            if len(options) > 1:
                options.sort()
            for target, count in options:
                yield move(tableau, source, tableau, target, count)
        tops = [column[-1] if column else -1 for column in up]
        targets = range(len(up))
        for area, cards in (
            (reserve_area, [pile[-1] if pile else -1 for pile in reserve]),
            (spare_area, spare),
        ):
            for source, card in enumerate(cards):
                if card < 0:
                    continue
                for target in targets:
                    top = tops[target]
                    if card in (fits_on[top] if top >= 0 else heads):
                        yield move(area, source, tableau, target, 1)
        if self._stock:
            yield Move.deal()

    # --------------------------------------------------------- checking

    def _check(self, move: Move) -> int:
        """Refuse an illegal move with its rule; for a legal one, return its foundation or -1."""
        if not isinstance(move, Move):
            raise TypeError(f"expected a Move, got {move!r}")
        source, target = move.source, move.target
        if source is Area.STOCK:
            if not self._stock:
                _refuse(Rule.STOCK_EMPTY, "the stock is empty: every card has been dealt")
            return -1
        if source is Area.FOUNDATION:
            _refuse(Rule.FOUNDATION_IS_FINAL, "cards never leave a foundation")
        if target is Area.RESERVE:
            _refuse(Rule.NOTHING_ON_RESERVE, "nothing may be placed on a reserve pile by a player")
        if target is Area.SPARE:
            _refuse(Rule.NOTHING_ON_SPARE, "nothing may be placed on a spare space by a player")
        card = self._source_card(move)
        if target is Area.FOUNDATION:
            foundation = self._foundation_for(card)
            if foundation < 0:
                _refuse(Rule.FOUNDATION, self._foundation_problem(card))
            return foundation
        self._check_onto_column(move, card)
        return -1

    def _source_card(self, move: Move) -> int:
        """The bottom card of what the move takes from its source, after checking the source."""
        source, index, count = move.source, move.source_index, move.count
        if source is Area.TABLEAU:
            self._check_pile_exists("tableau column", index, len(self._up))
            column = self._up[index]
            if not column:
                _refuse(Rule.EMPTY_SOURCE, f"column {index + 1} is empty")
            if count > len(column):
                _refuse(
                    Rule.NOT_ENOUGH_CARDS,
                    f"column {index + 1} has {len(column)} face-up card(s), not {count}",
                )
            if move.target is Area.FOUNDATION:
                return column[-1]
            run = self._run_length(column)
            if count > run:
                under, card = column[-run - 1], column[-run]
                _refuse(
                    Rule.NOT_A_RUN,
                    f"only the top {run} card(s) of column {index + 1} move together: "
                    + self._rules.run_link_problem(_CARDS[card], _CARDS[under]),
                )
            if count < run and not self.variant.split_runs and not self._single_into_vacancy(move):
                _refuse(
                    Rule.RUN_MAY_NOT_SPLIT,
                    f"the run of {run} cards on column {index + 1} must move whole"
                    " (split_runs=False)",
                )
            return column[-count]
        if source is Area.RESERVE:
            self._check_pile_exists("reserve pile", index, len(self._reserve))
            pile = self._reserve[index]
            if not pile:
                _refuse(Rule.EMPTY_SOURCE, f"reserve pile {index + 1} is empty")
            if count != 1:
                _refuse(Rule.TOP_CARD_ONLY, "only the top card of a reserve pile is available")
            return pile[-1]
        self._check_pile_exists("spare space", index, len(self._spare))
        card = self._spare[index]
        if card < 0:
            _refuse(Rule.EMPTY_SOURCE, f"spare space {index + 1} is empty")
        if count != 1:
            _refuse(Rule.TOP_CARD_ONLY, "a spare space holds one card")
        return card

    def _single_into_vacancy(self, move: Move) -> bool:
        # Under the single-card vacancy rules the exposed card may always move alone
        # into an empty column, even out of a run that split_runs keeps whole.
        return (
            move.count == 1
            and not self._rules.vacancy_takes_runs
            and move.target is Area.TABLEAU
            and 0 <= move.target_index < len(self._up)
            and not self._up[move.target_index]
        )

    def _check_pile_exists(self, what: str, index: int, count: int) -> None:
        if index >= count:
            if count == 0:
                _refuse(Rule.NO_SUCH_PILE, f"{self.variant.name} has no {what}s")
            _refuse(
                Rule.NO_SUCH_PILE,
                f"there is no {what} {index + 1}; {self.variant.name} has {count}",
            )

    def _check_onto_column(self, move: Move, card: int) -> None:
        target = move.target_index
        self._check_pile_exists("tableau column", target, len(self._up))
        if move.source is Area.TABLEAU and move.source_index == target:
            _refuse(Rule.SAME_COLUMN, "a column cannot move onto itself")
        column = self._up[target]
        rules = self._rules
        if column:
            if card not in rules.fits_on[column[-1]]:
                problem = rules.packing_problem(_CARDS[card], _CARDS[column[-1]])
                assert problem is not None
                _refuse(Rule.PACKING, problem)
            return
        if card in rules.vacancy_heads and (move.count == 1 or rules.vacancy_takes_runs):
            return
        vacancy = self.variant.vacancy
        if vacancy is Vacancy.NONE:
            _refuse(
                Rule.VACANCY,
                f"column {target + 1} is empty and only a deal may fill it (vacancy=NONE)",
            )
        if move.count > 1 and not rules.vacancy_takes_runs:
            _refuse(
                Rule.VACANCY,
                f"only a single card may fill an empty column (vacancy={vacancy.name})",
            )
        if card not in rules.vacancy_heads:
            _refuse(
                Rule.VACANCY,
                f"{_CARDS[card]} may not fill an empty column: vacancy={vacancy.name} admits"
                f" only a {rules.vacancy_rank.letter} (one below the base rank)"
                + (" or a run headed by one" if rules.vacancy_takes_runs else ""),
            )

    def _foundation_problem(self, card: int) -> str:
        suit = card // 13
        wants = self._rules.foundation_wants[suit]
        held = [self._found[number] for number in range(suit, len(self._found), 4)]
        wanted = [wants[count] for count in held if count < 13]
        if not wanted:
            return f"the {SUITS[suit].name.lower()} foundations are complete"
        texts = " or ".join(sorted({str(_CARDS[index]) for index in wanted}))
        return (
            f"{_CARDS[card]} does not fit: the {SUITS[suit].name.lower()} foundation wants {texts}"
        )

    # -------------------------------------------------------- performing

    def _perform(self, move: Move, foundation: int) -> GameState:
        down, up, reserve, spare, found, stock = (
            self._down,
            self._up,
            self._reserve,
            self._spare,
            self._found,
            self._stock,
        )
        source = move.source
        if source is Area.STOCK:
            return self._deal()
        count = move.count
        index = move.source_index
        if source is Area.TABLEAU:
            column = up[index]
            moving = column[-count:]
            remaining = column[:-count]
            new_up = list(up)
            if not remaining and down[index]:
                new_down = list(down)
                remaining = new_down[index][-1:]
                new_down[index] = new_down[index][:-1]
                down = tuple(new_down)
            new_up[index] = remaining
        elif source is Area.RESERVE:
            pile = reserve[index]
            moving = pile[-1:]
            new_reserve = list(reserve)
            new_reserve[index] = pile[:-1]
            reserve = tuple(new_reserve)
            new_up = list(up)
        else:
            moving = (spare[index],)
            new_spare = list(spare)
            new_spare[index] = -1
            spare = tuple(new_spare)
            new_up = list(up)
        if move.target is Area.FOUNDATION:
            new_found = list(found)
            new_found[foundation] += 1
            found = tuple(new_found)
        else:
            new_up[move.target_index] += moving
        return self._successor(down, tuple(new_up), reserve, spare, found, stock)

    def _deal(self) -> GameState:
        variant = self.variant
        width = variant.deal_width
        stock = self._stock
        dealt, rest = stock[:width], stock[width:]
        up, reserve, spare = self._up, self._reserve, self._spare
        if variant.stock_to is StockTarget.RESERVE:
            reserve = tuple(
                pile + (dealt[n],) if n < len(dealt) else pile for n, pile in enumerate(reserve)
            )
        else:
            up = tuple(
                column + (dealt[n],) if n < len(dealt) else column for n, column in enumerate(up)
            )
        if variant.leftover is Leftover.SPARE_SPACES and len(rest) < width:
            spare = rest + spare[len(rest) :]
            rest = _EMPTY
        return self._successor(self._down, up, reserve, spare, self._found, rest)

    # --------------------------------------------------------- rendering

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
        variant = self.variant
        lines = [
            f"{variant.name}, base rank {self.base_rank.letter},"
            f" stock {len(self._stock)} ({self.deals_left} deals left)"
        ]
        piles = []
        for number, pile in enumerate(self.foundations):
            suit = SUITS[number % 4].value
            piles.append(f"{suit}: {pile[-1] if pile else '--'}")
        lines.append("foundations  " + "   ".join(piles))
        if self._reserve:
            lines.append("reserve      " + _grid_header(len(self._reserve)))
            lines.extend(_grid([[str(_CARDS[c]) for c in pile] for pile in self._reserve]))
        if self._spare:
            spare_cards = ("--" if card < 0 else str(_CARDS[card]) for card in self._spare)
            lines.append(
                "spare        "
                + "   ".join(f"{n}: {text}" for n, text in enumerate(spare_cards, 1))
            )
        lines.append("tableau      " + _grid_header(len(self._up)))
        columns = [
            ["##"] * len(down) + [str(_CARDS[card]) for card in column]
            for down, column in zip(self._down, self._up, strict=True)
        ]
        lines.extend(_grid(columns))
        return "\n".join(line.rstrip() for line in lines)


def _grid_header(count: int) -> str:
    return "".join(f"{number:>4}" for number in range(1, count + 1))


def _grid(columns: list[list[str]]) -> list[str]:
    height = max((len(column) for column in columns), default=0)
    rows = []
    for row in range(height):
        cells = (column[row] if row < len(column) else "" for column in columns)
        rows.append(" " * 13 + "".join(f"{cell:>4}" for cell in cells))
    return rows


def _rebuild(
    variant: Variant,
    base_rank: Rank,
    down: tuple[tuple[int, ...], ...],
    up: tuple[tuple[int, ...], ...],
    reserve: tuple[tuple[int, ...], ...],
    spare: tuple[int, ...],
    found: tuple[int, ...],
    stock: tuple[int, ...],
) -> GameState:
    state = object.__new__(GameState)
    rules = RuleBook.of(variant, base_rank)
    state._set(variant, base_rank, rules, down, up, reserve, spare, found, stock)
    return state


def _check_position(state: GameState, foundations: list[tuple[int, ...]]) -> None:
    """Refuse a position that no game can reach, naming the first problem found."""
    variant = state.variant
    _check_count("tableau columns", len(state._up), variant.piles)
    _check_count("reserve piles", len(state._reserve), variant.reserve)
    _check_count("spare spaces", len(state._spare), variant.spare_spaces)
    _check_count("foundations", len(foundations), variant.foundation_count)
    for number, (down, up) in enumerate(zip(state._down, state._up, strict=True), 1):
        if down and not variant.face_down:
            raise PositionError(
                f"tableau column {number} has face-down cards, but {variant.name} is dealt face up"
            )
        if down and not up:
            raise PositionError(
                f"tableau column {number} has face-down cards and no face-up card over them"
            )
    rules = state._rules
    for number, pile in enumerate(foundations):
        suit = number % 4
        if len(pile) > 13:
            raise PositionError(f"foundation {number + 1} holds {len(pile)} cards, at most 13")
        for step, card in enumerate(pile):
            wanted = rules.foundation_wants[suit][step]
            if card != wanted:
                raise PositionError(
                    f"foundation {number + 1} ({SUITS[suit].name.lower()}): card {step + 1} is"
                    f" {_CARDS[card]}, but from base rank {state.base_rank.letter} it must be"
                    f" {_CARDS[wanted]}"
                )
    if not any(foundations):
        raise PositionError("every foundation is empty, but the base card starts one")
    stock = len(state._stock)
    filled_spares = [card for card in state._spare if card >= 0]
    if stock and filled_spares:
        raise PositionError("the spare spaces are filled only when the stock runs out")
    possible = _possible_stock_sizes(variant)
    if stock not in possible:
        raise PositionError(
            f"a stock of {stock} cards cannot occur in {variant.name};"
            f" possible sizes: {sorted(possible, reverse=True)}"
        )
    everything = Counter(
        [card for column in state._down for card in column]
        + [card for column in state._up for card in column]
        + [card for pile in state._reserve for card in pile]
        + filled_spares
        + [card for pile in foundations for card in pile]
        + list(state._stock)
    )
    for index in range(52):
        count = everything[index]
        if count != variant.decks:
            problem = "missing" if count < variant.decks else f"present {count} times"
            raise PositionError(
                f"card {_CARDS[index]} is {problem}; {variant.name} has {variant.decks} of each"
            )


def _check_count(what: str, got: int, expected: int) -> None:
    if got != expected:
        raise PositionError(f"expected {expected} {what}, got {got}")


def _possible_stock_sizes(variant: Variant) -> set[int]:
    size = variant.stock_size
    width = variant.deal_width
    sizes = {size}
    while size > 0:
        size = max(size - width, 0)
        if variant.leftover is Leftover.SPARE_SPACES and size < width:
            size = 0
        sizes.add(size)
    if variant.leftover is Leftover.SPARE_SPACES and variant.stock_size < width:
        sizes = {0}
    return sizes
