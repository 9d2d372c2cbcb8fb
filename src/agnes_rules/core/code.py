"""The position code: a whole position on one line, like FEN in chess.

A position code is seven or fewer fields separated by single spaces::

    VARIANT BASE f:FOUNDATIONS t:TABLEAU [r:RESERVE] [s:SPARE] d:STOCK

- ``VARIANT``: a preset name (``agnes-sorel``), or for any other variant
  ``custom:`` and its first twelve fields separated by ``:`` in declaration order:
  the name (percent-encoded), decks, piles, packing, tableau wrap, movable runs,
  ``split`` or ``whole`` (split runs), vacancy, reserve piles, deal target,
  leftover, ``down`` or ``up`` (how the triangle is dealt), and a thirteenth,
  ``worry``, only when cards may be worried back from the foundations (so the
  codes of variants without it read as before); enums are written as their
  values (``same-colour``).
- ``BASE``: the letter of the base rank (``A 2 .. 9 T J Q K``).
- ``f:`` the foundations in their order (clubs, diamonds, hearts, spades, and
  again for a second deck), ``/``-separated, each its top card or ``-`` when
  empty. The base rank and the top card fix the whole pile.
- ``t:`` the tableau columns left to right, ``/``-separated; each column its
  cards bottom to top written together (every card is two characters), the
  face-down ones in lower case; ``-`` for an empty column.
- ``r:`` the reserve piles like the columns; present exactly when the variant
  has a reserve.
- ``s:`` the spare spaces, ``/``-separated, a card or ``-``; present exactly
  when the variant has spare spaces.
- ``d:`` the stock, the next card to be dealt first, or ``-`` when empty.

>>> from agnes_rules.core.state import GameState, state_from_code
>>> state = GameState.deal("agnes-sorel", 1)
>>> code = state_to_code(state)
>>> for field in code.split():
...     print(field)
agnes-sorel
4
f:-/-/4H/-
t:QH/7HTS/5D9S5C/JCKCKH4C/9HKDQCKS3C/2D5HAD2SQDAH/JD7C5S3H9DJSAS
d:AC4D7S3STD4STH8H2CJH7D6D8S8DQS6C3D8CTC6S9C2H6H
>>> state_from_code(code) == state
True

Face-down cards are written in lower case:

>>> state_to_code(GameState.deal("agnes-bernauer", 1)).split()[3]
't:QH/7hTS/5d9s5C/jckckh4C/9hkdqcks3C/2d5had2sqdAH/jd7c5s3h9djsAS'

This module works on the parts of a position: :func:`state_to_code` writes any
:class:`~agnes_rules.core.position.Position`, :func:`read_code` reads a code
into the arguments of the :class:`~agnes_rules.GameState` constructor, which
checks the position (``GameState.from_code`` and
:func:`~agnes_rules.core.state.state_from_code` do both). Reading is strict
(canonical text only) and refuses impossible positions with a
:class:`~agnes_rules.errors.FormatError` that names the part of the code:

>>> state_from_code(code.replace("d:AC4D", "d:AC4C"))
Traceback (most recent call last):
...
agnes_rules.errors.FormatError: stock: duplicate card 4C (also at $.tableau[3].face_up[3]); \
agnes-sorel has one of each card
"""

from __future__ import annotations

import enum
import typing
import urllib.parse
from collections.abc import Callable
from typing import Any

import attrs

from agnes_rules.cards import RANK_LETTERS, SUITS, Card, Rank, foundation_pile
from agnes_rules.core.position import Column, Position, PositionParts
from agnes_rules.core.variant import Variant
from agnes_rules.errors import (
    ArgumentError,
    CardParseError,
    FormatError,
    PositionError,
    VariantError,
)
from agnes_rules.limits import check as check_limit

__all__ = [
    "position_error",
    "read_code",
    "state_to_code",
    "variant_code",
    "variant_from_code",
]

_CUSTOM = "custom"
#: The optional last field of a custom variant: cards may be worried back.
_WORRY = "worry"
_VARIANT_FIELD_NAMES = tuple(field.name for field in attrs.fields(Variant))
_VARIANT_TYPES: dict[str, Any] = typing.get_type_hints(Variant)


# ------------------------------------------------------------------ writing


def state_to_code(state: Position) -> str:
    """The one-line position code of ``state`` (see the module docstring)."""
    if not isinstance(state, Position):
        raise ArgumentError(f"expected a GameState, got {state!r}")
    variant = state.variant
    fields = [variant_code(variant), state.base_rank.letter]
    fields.append("f:" + "/".join(str(pile[-1]) if pile else "-" for pile in state.foundations))
    fields.append("t:" + "/".join(_column_code(column) for column in state.tableau))
    if variant.reserve:
        fields.append("r:" + "/".join(_cards_code(pile) for pile in state.reserve))
    if variant.spare_spaces:
        fields.append("s:" + "/".join("-" if card is None else str(card) for card in state.spare))
    fields.append("d:" + _cards_code(state.stock))
    return " ".join(fields)


def variant_code(variant: Variant) -> str:
    """A preset's name, or ``custom:`` and every field of any other variant.

    >>> import attrs
    >>> from agnes_rules.core.variant import Vacancy
    >>> variant_code(attrs.evolve(Variant.named("agnes-sorel"), name="my sorel",
    ...                           vacancy=Vacancy.NONE))
    'custom:my%20sorel:1:7:same-colour:base:same-suit:split:none:0:tableau:next-piles:up'
    """
    if variant.preset_name is not None:
        return variant.preset_name
    parts = [_CUSTOM]
    for name in _VARIANT_FIELD_NAMES:
        value = getattr(variant, name)
        if name == "name":
            parts.append(urllib.parse.quote(value, safe=""))
        elif name == "split_runs":
            parts.append("split" if value else "whole")
        elif name == "face_down":
            parts.append("down" if value else "up")
        elif name == "worry_back":
            if value:
                parts.append(_WORRY)
        elif isinstance(value, enum.Enum):
            parts.append(value.value)
        else:
            parts.append(str(value))
    return ":".join(parts)


def _cards_code(cards: tuple[Card, ...]) -> str:
    return "".join(str(card) for card in cards) or "-"


def _column_code(column: Column) -> str:
    text = "".join(str(card).lower() for card in column.face_down)
    text += "".join(str(card) for card in column.face_up)
    return text or "-"


# ------------------------------------------------------------------ reading


def read_code(text: str) -> PositionParts:
    """The parts written in ``text`` (white space around it is ignored); bad syntax is a
    :class:`FormatError` naming the part of the code."""
    if not isinstance(text, str):
        raise FormatError("position", f"expected a position code (a string), got {text!r}")
    check_limit("code_chars", len(text), "position", "the code's length in characters")
    fields = text.strip().split(" ")
    if len(fields) < 2:
        raise FormatError("position", "expected at least a variant and a base rank")
    variant = variant_from_code(fields[0])
    base_rank = _read_rank(fields[1])
    expected = ["f", "t"] + (["r"] if variant.reserve else [])
    expected += (["s"] if variant.spare_spaces else []) + ["d"]
    rest = fields[2:]
    if len(rest) != len(expected):
        raise FormatError(
            "position",
            f"{variant.name} needs the fields {' '.join(p + ':' for p in expected)} after the"
            f" base rank, found {len(rest)} field(s)",
        )
    parts: dict[str, str] = {}
    for prefix, field in zip(expected, rest, strict=True):
        if not field.startswith(prefix + ":"):
            raise FormatError(
                _FIELD_NAMES[prefix], f"expected a field starting {prefix + ':'!r}, got {field!r}"
            )
        parts[prefix] = field[len(prefix) + 1 :]
    return PositionParts(
        variant=variant,
        base_rank=base_rank,
        foundations=tuple(
            _foundation(index, top, base_rank)
            for index, top in enumerate(_split(parts["f"], "foundation"))
        ),
        tableau=tuple(
            _column(index, column) for index, column in enumerate(_split(parts["t"], "column"))
        ),
        reserve=tuple(
            _cards(pile, f"reserve pile {index + 1}")
            for index, pile in enumerate(_split(parts.get("r", ""), "reserve pile"))
        ),
        spare=tuple(
            None if card == "-" else _cards(card, f"spare space {index + 1}", single=True)[0]
            for index, card in enumerate(_split(parts.get("s", ""), "spare space"))
        ),
        stock=_cards(parts["d"], "stock"),
    )


_FIELD_NAMES = {"f": "foundations", "t": "tableau", "r": "reserve", "s": "spare", "d": "stock"}
#: How a position code names one pile of each part of a position.
_PILE_NAMES = {
    "foundations": "foundation",
    "tableau": "tableau column",
    "reserve": "reserve pile",
    "spare": "spare space",
}


def position_error(error: PositionError) -> FormatError:
    """The :class:`FormatError` of a code whose parts make an impossible position.

    The path names the part of the code where the problem lies (``tableau column 3``,
    ``stock``), or ``position`` when it lies in the position as a whole.
    """
    location = error.location
    if not location:
        path = "position"
    elif len(location) > 1 and location[0] in _PILE_NAMES:
        path = f"{_PILE_NAMES[str(location[0])]} {int(location[1]) + 1}"
    else:
        path = str(location[0]).replace("_", " ")
    return FormatError(path, error.reason)


def variant_from_code(text: str) -> Variant:
    """Read the variant field of a position code (a preset name or a ``custom:`` encoding)."""
    if not text.startswith(_CUSTOM + ":"):
        try:
            return Variant.named(text)
        except VariantError as error:
            raise FormatError("variant", str(error)) from None
    values = text.split(":")[1:]
    fixed = _VARIANT_FIELD_NAMES[:-1]  # every field but worry_back, which is optional
    if len(values) not in (len(fixed), len(fixed) + 1):
        raise FormatError(
            "variant",
            f"a custom variant has {len(fixed)} fields ({', '.join(fixed)}), and"
            f" '{_WORRY}' after them when cards may be worried back; got {len(values)}",
        )
    fields: dict[str, Any] = {}
    attributes: tuple[attrs.Attribute[Any], ...] = attrs.fields(Variant)
    for attribute, value in zip(attributes[: len(fixed)], values, strict=False):
        fields[attribute.name] = _read_variant_field(attribute, value)
    if len(values) > len(fixed):
        if values[-1] != _WORRY:
            raise FormatError(
                "variant worry_back", f"expected '{_WORRY}' or nothing, got {values[-1]!r}"
            )
        fields["worry_back"] = True
    try:
        return Variant(**fields)
    except VariantError as error:
        raise FormatError("variant", str(error)) from None


def _read_variant_field(attribute: attrs.Attribute[Any], value: str) -> Any:
    where = f"variant {attribute.name}"
    readers: dict[str, Callable[[str], Any]] = {
        "name": lambda text: urllib.parse.unquote(text, errors="strict"),
        "split_runs": lambda text: {"split": True, "whole": False}[text],
        "face_down": lambda text: {"down": True, "up": False}[text],
    }
    try:
        if attribute.name in readers:
            result = readers[attribute.name](value)
        elif _VARIANT_TYPES[attribute.name] is int:
            if not value.isdigit() or value != str(int(value)):
                raise ValueError(value)
            result = int(value)
        else:
            result = _VARIANT_TYPES[attribute.name](value)
    except (KeyError, ValueError, UnicodeDecodeError):
        raise FormatError(where, f"{value!r} is not a valid {attribute.name}") from None
    if attribute.name == "name" and urllib.parse.quote(result, safe="") != value:
        raise FormatError(where, f"{value!r} is not the canonical percent-encoding of a name")
    return result


def _read_rank(text: str) -> Rank:
    rank = Rank.from_letter(text)
    if rank is None:
        raise FormatError("base rank", f"expected one rank letter ({RANK_LETTERS}), got {text!r}")
    return rank


def _split(text: str, what: str) -> list[str]:
    if not text:
        return []
    pieces = text.split("/")
    for number, piece in enumerate(pieces, 1):
        if not piece:
            raise FormatError(f"{what} {number}", "empty; an empty pile is written '-'")
    return pieces


def _read_card(text: str, where: str) -> tuple[Card, bool]:
    """A two-character card and whether it is written face down (in lower case)."""
    try:
        card = Card.parse(text)
    except CardParseError:
        card = None
    if card is None or text not in (str(card), str(card).lower()):
        raise FormatError(where, f"{text!r} is not a card like 'TH' (or 'th' when face down)")
    return card, text.islower()


def _cards(text: str, where: str, *, single: bool = False) -> tuple[Card, ...]:
    if text == "-":
        return ()
    if len(text) % 2 or (single and len(text) != 2):
        raise FormatError(where, f"{text!r} is not a sequence of two-character cards")
    cards = []
    for start in range(0, len(text), 2):
        card, face_down = _read_card(text[start : start + 2], where)
        if face_down:
            raise FormatError(
                where,
                f"{card} is written face down (lower case), but only"
                " tableau cards can be face down",
            )
        cards.append(card)
    return tuple(cards)


def _column(index: int, text: str) -> Column:
    where = f"tableau column {index + 1}"
    if text == "-":
        return Column()
    if len(text) % 2:
        raise FormatError(where, f"{text!r} is not a sequence of two-character cards")
    face_down: list[Card] = []
    face_up: list[Card] = []
    for start in range(0, len(text), 2):
        card, down = _read_card(text[start : start + 2], where)
        if down and face_up:
            raise FormatError(where, f"face-down {card} lies over a face-up card")
        (face_down if down else face_up).append(card)
    return Column(face_down, face_up)


def _foundation(index: int, text: str, base_rank: Rank) -> tuple[Card, ...]:
    where = f"foundation {index + 1}"
    suit = SUITS[index % 4]
    if text == "-":
        return ()
    # A foundation is written as its top card in upper case: say so, rather than the
    # tableau's wording (which mentions face-down cards, which a foundation never has).
    try:
        top: Card | None = Card.parse(text)
    except CardParseError:
        top = None
    if top is None or str(top) != text:
        raise FormatError(
            where, f"{text!r} is not a top card like {Card(base_rank, suit)!s} (or '-' when empty)"
        )
    if top.suit is not suit:
        raise FormatError(where, f"builds {suit.name.lower()} from the base rank, not {top}")
    return foundation_pile(suit, base_rank, (top.rank - base_rank) % 13 + 1)
