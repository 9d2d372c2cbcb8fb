"""The player's view of a position: what a player may see, and nothing more.

A :class:`PlayerView` keeps every card that lies face up (the face-up parts of
the columns, the reserve piles, the spare spaces, the foundations) and only
the *number* of the cards that do not: the face-down cards of each column and
the stock. Two positions that look the same to the player give equal views,
with equal hashes, and no form of a view (its attributes, repr, JSON, code,
observation or pickle) holds a hidden card: the view keeps no reference to
the position it was made from.

What a player can know besides is derived from the view, not stored in it:
:attr:`PlayerView.unseen` is the cards not visible anywhere, the complement of
what is seen. In a face-up deal those are exactly the stock's cards, in an
unknown order; in a face-down deal the player cannot tell which of them are
in the stock and which lie face down where. Cards of a reserve pile under its
top card were dealt face up, so the player has seen them: they stay visible.

>>> from agnes_rules.core.state import VIEW, GameState
>>> view = player_view(GameState.deal("agnes-bernauer", 1))
>>> view.tableau[2]
ColumnView(face_down_count=2, face_up=(Card.parse('5C'),))
>>> view.stock_count, len(view.unseen)
(16, 37)
>>> view.to_code()
'agnes-bernauer T f:-/-/TH/- t:QH/??TS/????5C/??????4C/????????3C/??????????AH/????????????AS \
r:4H/AC/4D/7S/3S/TD/4S s:-/- d:16'
>>> PlayerView.from_code(view.to_code()) == view
True

**The observation** (:meth:`PlayerView.observation`), for agents, is a tuple
of ``observation_size(variant) = 2 + piles + 2 * cards`` integers: the base
rank (1..13), the number of cards in the stock, the number of face-down cards
of each column, and then for each card of the variant (card index 0..51 as
:attr:`Card.index <agnes_rules.Card.index>`, then the second deck's copies)
two integers, *where* and *height*. *Where* is 0 for a card not seen, then
1..F for the foundations (F = 4 per deck, in their order), then the tableau
columns, the reserve piles and the spare spaces, numbered on in that order;
*height* is the card's place in its pile from the bottom, face-down cards
included (0 for a card not seen and in a spare space). With two decks the two
copies of a card are listed in order of (where, height), so that equal views
give equal observations. :func:`observation_limits` gives, for each entry,
the number of values it can take (its exclusive upper bound).

>>> len(view.observation()) == observation_size(view.variant) == 2 + 7 + 2 * 52
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from typing import Any, TypeVar

import attrs

from agnes_rules._documents import load_json
from agnes_rules.cards import FULL_DECK, SUITS, Card, Rank
from agnes_rules.core import registry
from agnes_rules.core.code import variant_code, variant_from_code
from agnes_rules.core.state import VIEW, GameState
from agnes_rules.core.variant import Variant
from agnes_rules.errors import AgnesError, ArgumentError, FormatError
from agnes_rules.limits import check as check_limit

__all__ = [
    "PLAYER_VIEW_FORMAT",
    "ColumnView",
    "PlayerView",
    "observation_limits",
    "observation_size",
    "player_view",
]

#: The name of the JSON document of a :class:`PlayerView` (its version is 1).
PLAYER_VIEW_FORMAT = "agnes-rules/player-view"
_VERSION = 1
_HIDDEN = "??"
T = TypeVar("T")


def _tuple(value: Iterable[T]) -> tuple[T, ...]:
    try:
        return tuple(value)
    except TypeError:
        raise ArgumentError(f"expected a sequence, got {value!r}") from None


def _cards(value: Iterable[Card]) -> tuple[Card, ...]:
    return _tuple(value)


def _columns(value: Iterable[ColumnView]) -> tuple[ColumnView, ...]:
    return _tuple(value)


def _spare(value: Iterable[Card | None]) -> tuple[Card | None, ...]:
    return _tuple(value)


def _piles(value: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(_tuple(pile) for pile in _tuple(value))


@attrs.frozen
class ColumnView:
    """A tableau column as the player sees it: how many cards lie face down, and the rest."""

    face_down_count: int
    face_up: tuple[Card, ...] = attrs.field(converter=_cards)


@attrs.frozen
class PlayerView:
    """What a player sees of a position (see the module docstring): make one with
    :func:`player_view`.

    Built from parts, a view is checked for the counts of its variant (piles,
    cards of each kind) and raises :class:`~agnes_rules.ArgumentError` when
    they are wrong.
    """

    variant: Variant
    base_rank: Rank
    foundations: tuple[tuple[Card, ...], ...] = attrs.field(converter=_piles)
    tableau: tuple[ColumnView, ...] = attrs.field(converter=_columns)
    reserve: tuple[tuple[Card, ...], ...] = attrs.field(converter=_piles)
    spare: tuple[Card | None, ...] = attrs.field(converter=_spare)
    stock_count: int

    def __attrs_post_init__(self) -> None:
        problem = _problem(self)
        if problem is not None:
            raise ArgumentError(f"not a view of a position: {problem}")

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards the player has not seen (face down or in the stock), sorted."""
        seen = Counter(self._visible())
        unseen: list[Card] = []
        for card in FULL_DECK:
            unseen.extend([card] * (self.variant.decks - seen[card]))
        return tuple(sorted(unseen))

    @property
    def deals_left(self) -> int:
        """How many more times the stock can be dealt."""
        return self.variant.deals_from(self.stock_count)

    @property
    def is_won(self) -> bool:
        """Every card is on the foundations."""
        return sum(len(pile) for pile in self.foundations) == self.variant.card_count

    def _visible(self) -> Iterable[Card]:
        for pile in self.foundations:
            yield from pile
        for column in self.tableau:
            yield from column.face_up
        for pile in self.reserve:
            yield from pile
        yield from (card for card in self.spare if card is not None)

    # ------------------------------------------------------------ observation

    def observation(self) -> tuple[int, ...]:
        """The view as a fixed-length tuple of integers (layout in the module docstring)."""
        variant = self.variant
        places: dict[Card, list[tuple[int, int]]] = {}
        where = 1
        piles: list[tuple[tuple[Card, ...], int]] = [(pile, 0) for pile in self.foundations]
        piles += [(column.face_up, column.face_down_count) for column in self.tableau]
        piles += [(pile, 0) for pile in self.reserve]
        for cards, below in piles:
            for height, card in enumerate(cards, below):
                places.setdefault(card, []).append((where, height))
            where += 1
        for spare in self.spare:
            if spare is not None:
                places.setdefault(spare, []).append((where, 0))
            where += 1
        located: list[list[int]] = [[] for _ in range(variant.decks)]
        for card in FULL_DECK:
            found = sorted(places.get(card, []))
            found += [(0, 0)] * (variant.decks - len(found))
            for copy, (place, height) in enumerate(found):
                located[copy] += (place, height)
        header = [int(self.base_rank), self.stock_count]
        header += [column.face_down_count for column in self.tableau]
        return tuple(header + [value for copy in located for value in copy])

    # ------------------------------------------------------------ documents

    def to_json(self, *, indent: int | None = None) -> str:
        """The ``agnes-rules/player-view`` JSON document of this view."""
        variant = json.loads(self.variant.to_json())
        del variant["format"], variant["version"]
        document = {
            "format": PLAYER_VIEW_FORMAT,
            "version": _VERSION,
            "variant": variant,
            "base_rank": self.base_rank.letter,
            "foundations": [_texts(pile) for pile in self.foundations],
            "tableau": [
                {"face_down_count": column.face_down_count, "face_up": _texts(column.face_up)}
                for column in self.tableau
            ],
            "reserve": [_texts(pile) for pile in self.reserve],
            "spare": [None if card is None else str(card) for card in self.spare],
            "stock_count": self.stock_count,
        }
        return json.dumps(document, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> PlayerView:
        """Read an ``agnes-rules/player-view`` document; a ``FormatError`` names the bad field."""
        return _from_document(_load(text))

    def to_code(self) -> str:
        """The view on one line, like a position code with hidden cards as ``??`` and the
        stock as its count."""
        variant = self.variant
        fields = [variant_code(variant), self.base_rank.letter]
        fields.append("f:" + "/".join(str(pile[-1]) if pile else "-" for pile in self.foundations))
        fields.append(
            "t:"
            + "/".join(
                _HIDDEN * column.face_down_count + "".join(map(str, column.face_up)) or "-"
                for column in self.tableau
            )
        )
        if variant.reserve:
            fields.append("r:" + "/".join("".join(map(str, pile)) or "-" for pile in self.reserve))
        if variant.spare_spaces:
            fields.append(
                "s:" + "/".join("-" if card is None else str(card) for card in self.spare)
            )
        fields.append(f"d:{self.stock_count}")
        return " ".join(fields)

    @classmethod
    def from_code(cls, text: str) -> PlayerView:
        """Read a view's one-line code; a ``FormatError`` names the bad part."""
        if isinstance(text, str):
            check_limit("code_chars", len(text), "view", "the code's length in characters")
        return _from_code(text)

    def to_svg(self) -> str:
        """An SVG picture of what the player sees (see :func:`agnes_rules.svg.render_svg`)."""
        return registry.writer(PlayerView, "svg")(self)

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows for a view."""
        return self.to_svg()


def player_view(state: GameState) -> PlayerView:
    """What the player sees of ``state``."""
    if not isinstance(state, GameState):
        raise ArgumentError(f"expected a GameState, got {state!r}")
    return PlayerView(
        variant=state.variant,
        base_rank=state.base_rank,
        foundations=state.foundations,
        tableau=tuple(
            ColumnView(len(column.face_down), column.face_up) for column in state.tableau
        ),
        reserve=state.reserve,
        spare=state.spare,
        stock_count=len(state.stock),
    )


def observation_size(variant: Variant) -> int:
    """The length of every observation of ``variant``: ``2 + piles + 2 * cards``."""
    return 2 + variant.piles + 2 * variant.card_count


def observation_limits(variant: Variant) -> tuple[int, ...]:
    """For each entry of an observation of ``variant``, how many values it can take.

    Each entry lies in ``range(limit)``; these are the ``nvec`` of a Gymnasium
    ``MultiDiscrete`` space.
    """
    piles = 1 + variant.foundation_count + variant.piles + variant.reserve + variant.spare_spaces
    header = [14, variant.stock_size + 1] + [variant.piles] * variant.piles
    return tuple(header + [piles, variant.card_count] * variant.card_count)


# ---------------------------------------------------------------- checking


def _problem(view: PlayerView) -> str | None:
    """What is wrong with the counts of ``view``, or None."""
    variant = view.variant
    if not isinstance(variant, Variant) or not isinstance(view.base_rank, Rank):
        return "variant must be a Variant and base_rank a Rank"
    sizes = (
        ("foundations", len(view.foundations), variant.foundation_count),
        ("columns", len(view.tableau), variant.piles),
        ("reserve piles", len(view.reserve), variant.reserve),
        ("spare spaces", len(view.spare), variant.spare_spaces),
    )
    for what, got, expected in sizes:
        if got != expected:
            return f"{variant.name} has {expected} {what}, got {got}"
    if any(not isinstance(column, ColumnView) for column in view.tableau):
        return "every column must be a ColumnView"
    if any(column.face_down_count and not column.face_up for column in view.tableau):
        return "a column with face-down cards has a face-up card on them"
    counts = [view.stock_count] + [column.face_down_count for column in view.tableau]
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in counts):
        return "the stock and face-down counts must be integers of at least 0"
    for number, pile in enumerate(view.foundations):
        wanted = tuple(Card(view.base_rank.plus(step), SUITS[number % 4]) for step in range(13))
        if pile != wanted[: len(pile)]:
            return f"foundation {number + 1} is not built up from the base rank in its suit"
    seen = Counter(view._visible())
    if any(not isinstance(card, Card) for card in seen):
        return "every card must be a Card"
    extra = sorted(card for card, count in seen.items() if count > variant.decks)
    if extra:
        return f"card {extra[0]} is seen more than {variant.decks} time(s)"
    if sum(seen.values()) + sum(counts) != variant.card_count:
        counted = sum(seen.values()) + sum(counts)
        return f"{variant.name} has {variant.card_count} cards, the view counts {counted}"
    return None


# ---------------------------------------------------------------- reading


def _texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _load(text: str | bytes) -> Any:
    return load_json(text)  # strict and bounded, like every document reader


def _card(value: object, path: str) -> Card:
    if isinstance(value, str) and len(value) == 2:
        try:
            card = Card.parse(value)
        except AgnesError:
            pass
        else:
            if str(card) == value:
                return card
    raise FormatError(path, f"expected a card like 'TH', got {value!r}")


def _list(value: object, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise FormatError(path, f"expected an array, got {value!r}")
    return value


def _count(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise FormatError(path, f"expected a count (an integer of at least 0), got {value!r}")
    return value


def _pile(value: object, path: str) -> tuple[Card, ...]:
    return tuple(_card(card, f"{path}[{n}]") for n, card in enumerate(_list(value, path)))


def _from_document(document: Any) -> PlayerView:
    if not isinstance(document, dict):
        raise FormatError("$", f"expected a JSON object ({PLAYER_VIEW_FORMAT})")
    if document.get("format") != PLAYER_VIEW_FORMAT:
        raise FormatError("$.format", f"expected {PLAYER_VIEW_FORMAT!r}")
    if document.get("version") != _VERSION:
        raise FormatError("$.version", f"this library reads version {_VERSION}")
    fields = {"format", "version", "variant", "base_rank", "foundations", "tableau"}
    fields |= {"reserve", "spare", "stock_count"}
    for key in sorted(set(document) ^ fields):
        reason = "unexpected field" if key in document else "required field is missing"
        raise FormatError(f"$.{key}", reason)
    variant_document = document["variant"]
    if not isinstance(variant_document, dict):
        raise FormatError("$.variant", "expected an object")
    try:
        variant = Variant.from_json(
            json.dumps({"format": "agnes-rules/variant", "version": 1, **variant_document})
        )
    except FormatError as error:
        raise FormatError("$.variant" + error.path.removeprefix("$"), error.reason) from None
    rank = document["base_rank"]
    if not isinstance(rank, str) or len(rank) != 1 or rank not in _RANK_LETTERS:
        raise FormatError("$.base_rank", f"expected a rank letter, got {rank!r}")
    tableau = []
    for n, column in enumerate(_list(document["tableau"], "$.tableau")):
        path = f"$.tableau[{n}]"
        if not isinstance(column, dict) or set(column) != {"face_down_count", "face_up"}:
            raise FormatError(path, "expected an object with face_down_count and face_up")
        tableau.append(
            ColumnView(
                _count(column["face_down_count"], f"{path}.face_down_count"),
                _pile(column["face_up"], f"{path}.face_up"),
            )
        )
    spare = [
        None if card is None else _card(card, f"$.spare[{n}]")
        for n, card in enumerate(_list(document["spare"], "$.spare"))
    ]
    return _build(
        "$",
        variant=variant,
        base_rank=Rank(_RANK_LETTERS.index(rank) + 1),
        foundations=tuple(
            _pile(pile, f"$.foundations[{n}]")
            for n, pile in enumerate(_list(document["foundations"], "$.foundations"))
        ),
        tableau=tuple(tableau),
        reserve=tuple(
            _pile(pile, f"$.reserve[{n}]")
            for n, pile in enumerate(_list(document["reserve"], "$.reserve"))
        ),
        spare=tuple(spare),
        stock_count=_count(document["stock_count"], "$.stock_count"),
    )


def _build(path: str, **parts: Any) -> PlayerView:
    try:
        return PlayerView(**parts)
    except ArgumentError as error:
        raise FormatError(path, str(error)) from None


_RANK_LETTERS = "A23456789TJQK"


def _code_cards(text: str, where: str, *, hidden: bool = False) -> tuple[int, tuple[Card, ...]]:
    """The number of ``??`` at the start of ``text`` (when allowed) and the cards after them."""
    if text == "-":
        return 0, ()
    if len(text) % 2:
        raise FormatError(where, f"{text!r} is not a sequence of two-character cards")
    pieces = [text[start : start + 2] for start in range(0, len(text), 2)]
    down = 0
    while hidden and down < len(pieces) and pieces[down] == _HIDDEN:
        down += 1
    return down, tuple(_card(piece, where) for piece in pieces[down:])


def _from_code(text: str) -> PlayerView:
    if not isinstance(text, str):
        raise FormatError("view", f"expected a view code (a string), got {text!r}")
    fields = text.strip().split(" ")
    variant = variant_from_code(fields[0])
    expected = ["f", "t"] + (["r"] if variant.reserve else [])
    expected += (["s"] if variant.spare_spaces else []) + ["d"]
    if len(fields) != 2 + len(expected):
        raise FormatError("view", f"expected the variant, the base rank, then {expected} fields")
    rank = fields[1]
    if len(rank) != 1 or rank not in _RANK_LETTERS:
        raise FormatError("base rank", f"expected one rank letter, got {rank!r}")
    base_rank = Rank(_RANK_LETTERS.index(rank) + 1)
    parts: dict[str, list[str]] = {}
    for prefix, field in zip(expected, fields[2:], strict=True):
        if not field.startswith(prefix + ":"):
            raise FormatError("view", f"expected a field starting {prefix + ':'!r}, got {field!r}")
        parts[prefix] = field[len(prefix) + 1 :].split("/")
    foundations = []
    for number, top in enumerate(parts["f"]):
        where = f"foundation {number + 1}"
        card = None if top == "-" else _card(top, where)
        if card is not None and card.suit is not SUITS[number % 4]:
            raise FormatError(where, f"foundation {number + 1} does not build {card.suit.name}")
        height = 0 if card is None else (card.rank - base_rank) % 13 + 1
        foundations.append(
            tuple(Card(base_rank.plus(step), SUITS[number % 4]) for step in range(height))
        )
    tableau = []
    for number, column in enumerate(parts["t"]):
        down, cards = _code_cards(column, f"tableau column {number + 1}", hidden=True)
        tableau.append(ColumnView(down, cards))
    reserve = [
        _code_cards(pile, f"reserve pile {number + 1}")[1]
        for number, pile in enumerate(parts.get("r", []))
    ]
    spare = [
        None if card == "-" else _card(card, f"spare space {number + 1}")
        for number, card in enumerate(parts.get("s", []))
    ]
    stock = "/".join(parts["d"])
    if not stock.isdigit() or stock != str(int(stock)):
        raise FormatError("stock", f"expected the number of cards in the stock, got {stock!r}")
    return _build(
        "view",
        variant=variant,
        base_rank=base_rank,
        foundations=tuple(foundations),
        tableau=tuple(tableau),
        reserve=tuple(reserve),
        spare=tuple(spare),
        stock_count=int(stock),
    )


# GameState.view() reaches this module through the core's hook (the core may not import it).
VIEW.provide(player_view)
