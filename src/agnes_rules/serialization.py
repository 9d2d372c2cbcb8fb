"""JSON documents for variants, positions and moves, and the :class:`FormatError` of bad input.

Every document is a JSON object that names its format and the version of that
format, so that a reader can refuse what it does not understand instead of
guessing:

================================  =====================================================
``agnes-rules/variant``           a :class:`~agnes_rules.Variant`: its twelve fields
``agnes-rules/game-state``        a :class:`~agnes_rules.GameState`, with its full variant
``agnes-rules/move``              a :class:`~agnes_rules.Move`, as its notation text
``agnes-rules/game-record``       a recorded game (:mod:`agnes_rules.records`)
================================  =====================================================

Cards are written as their text (``"TH"``), moves as their notation
(``"t1t4x3"``), enums as their values (``"same-colour"``), the base rank as its
letter (``"4"``, ``"T"``), every pile as an array from bottom to top.

>>> from agnes_rules.variant import Variant
>>> text = variant_to_json(Variant.named("agnes-sorel"))
>>> text[:60]
'{"format": "agnes-rules/variant", "version": 1, "name": "agn'
>>> variant_from_json(text) == Variant.named("agnes-sorel")
True

Reading is strict: unknown formats, newer versions, missing or extra fields,
values of the wrong type, non-canonical card texts and impossible positions are
refused with a :class:`FormatError` whose :attr:`~FormatError.path` names the
offending field, as a JSON path:

>>> variant_from_json('{"format": "agnes-rules/variant", "version": 2}')
Traceback (most recent call last):
...
agnes_rules.serialization.FormatError: $.version: version 2 of agnes-rules/variant is newer \
than this library reads (up to 1)
>>> state_from_json('{"format": "agnes-rules/move", "version": 1, "move": "d"}')
Traceback (most recent call last):
...
agnes_rules.serialization.FormatError: $.format: expected 'agnes-rules/game-state', got \
'agnes-rules/move'
"""

from __future__ import annotations

import enum
import json
import typing
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_structure_fn

from agnes_rules.cards import SUITS, Card, Rank
from agnes_rules.errors import AgnesError, MoveParseError, PositionError, VariantError
from agnes_rules.moves import Move
from agnes_rules.state import Column, GameState
from agnes_rules.variant import Variant

__all__ = [
    "FORMAT_VERSION",
    "GAME_RECORD_FORMAT",
    "GAME_STATE_FORMAT",
    "MOVE_FORMAT",
    "VARIANT_FORMAT",
    "FormatError",
    "move_from_json",
    "move_to_json",
    "state_from_code",
    "state_from_json",
    "state_to_code",
    "state_to_json",
    "variant_from_json",
    "variant_to_json",
]

#: The version of every document format this library writes (and the newest it reads).
FORMAT_VERSION = 1
VARIANT_FORMAT = "agnes-rules/variant"
GAME_STATE_FORMAT = "agnes-rules/game-state"
MOVE_FORMAT = "agnes-rules/move"
GAME_RECORD_FORMAT = "agnes-rules/game-record"
_KNOWN_FORMATS = (VARIANT_FORMAT, GAME_STATE_FORMAT, MOVE_FORMAT, GAME_RECORD_FORMAT)

T = TypeVar("T")


class FormatError(AgnesError, ValueError):
    """Input that is not a valid document (or record, or position code) of this library.

    :attr:`path` says where the problem is: a JSON path such as
    ``$.tableau[2].face_up[0]`` for JSON documents, ``$`` for the document as a
    whole, or the name of the part of a position code. :attr:`reason` says what
    is wrong.
    """

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")


class LocatedError(Exception):
    """Internal: a problem found while structuring, with the path relative to the current value."""

    def __init__(self, reason: str, path: str = "") -> None:
        self.reason = reason
        self.path = path
        super().__init__(reason)


def json_type(value: object) -> str:
    """How JSON would call the type of ``value``, for messages ("a string", "null", ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


# ----------------------------------------------------------- structuring errors


def _locate(error: BaseException) -> tuple[str, str]:
    """The relative path and the reason of the first problem inside a (cattrs) error."""
    if isinstance(error, LocatedError):
        return error.path, error.reason
    if isinstance(error, ClassValidationError):
        with_notes, without = error.group_exceptions()
        if with_notes:
            inner, note = with_notes[0]
            path, reason = _locate(inner)
            return _join(f".{note.name}", path), reason
        return _locate(without[0])
    if isinstance(error, IterableValidationError):
        items, rest = error.group_exceptions()
        if items:
            inner, item_note = items[0]
            path, reason = _locate(inner)
            return _join(f"[{item_note.index!r}]", path), reason
        return _locate(rest[0])
    if isinstance(error, ForbiddenExtraKeysError):
        extra = sorted(error.extra_fields)[0]
        return f".{extra}", "unexpected field"
    if isinstance(error, KeyError):
        return "", f"required field {error.args[0]!r} is missing"
    if isinstance(error, FormatError):
        return error.path, error.reason
    if isinstance(error, VariantError):
        return _variant_error_path(str(error), ""), str(error)
    return "", str(error)


def _join(prefix: str, path: str) -> str:
    # A FormatError raised by a constructor already carries the path from the document root.
    return path if path.startswith("$") else prefix + path


#: What bad input makes the hooks and cattrs raise (anything else is a bug and propagates).
_INPUT_ERRORS = (
    LocatedError,
    FormatError,
    ValueError,
    KeyError,
    ClassValidationError,
    IterableValidationError,
    ForbiddenExtraKeysError,
)


def _nest(error: BaseException, prefix: str) -> LocatedError:
    path, reason = _locate(error)
    return LocatedError(reason, _join(prefix, path))


# ------------------------------------------------------------------ the converter


def _is_homogeneous_tuple(type_: Any) -> bool:
    args = typing.get_args(type_)
    return typing.get_origin(type_) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_plain_enum(type_: Any) -> bool:
    return isinstance(type_, type) and issubclass(type_, enum.Enum) and type_ is not Rank


def _is_tuple_type(type_: Any) -> bool:
    return bool(type_ is tuple or typing.get_origin(type_) is tuple)


def _list_of(converter: cattrs.Converter, items: tuple[Any, ...]) -> list[Any]:
    return [converter.unstructure(item) for item in items]


def _structure_str(value: Any, _: Any) -> str:
    if not isinstance(value, str):
        raise LocatedError(f"expected a string, got {json_type(value)}")
    return value


def _structure_int(value: Any, _: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise LocatedError(f"expected an integer, got {json_type(value)}")
    return value


def _structure_bool(value: Any, _: Any) -> bool:
    if not isinstance(value, bool):
        raise LocatedError(f"expected true or false, got {json_type(value)}")
    return value


def _structure_card(value: Any, _: Any) -> Card:
    if not isinstance(value, str):
        raise LocatedError(f"expected a card text like 'TH', got {json_type(value)}")
    try:
        card = Card.parse(value)
    except ValueError:
        raise LocatedError(
            f"{value!r} is not a card (a rank A23456789TJQK and a suit CDHS)"
        ) from None
    if str(card) != value:
        raise LocatedError(f"card {value!r} must be written in its canonical form {str(card)!r}")
    return card


def _structure_rank(value: Any, _: Any) -> Rank:
    if not isinstance(value, str):
        raise LocatedError(f"expected a rank letter like 'T', got {json_type(value)}")
    for rank in Rank:
        if rank.letter == value:
            return rank
    raise LocatedError(f"{value!r} is not a rank letter (A 2 3 4 5 6 7 8 9 T J Q K)")


def _structure_move(value: Any, _: Any) -> Move:
    if not isinstance(value, str):
        raise LocatedError(f"expected a move text like 't1t4x3', got {json_type(value)}")
    try:
        move = Move.parse(value)
    except MoveParseError as error:
        raise LocatedError(error.reason) from None
    if str(move) != value:
        raise LocatedError(f"move {value!r} must be written in its canonical form {str(move)!r}")
    return move


def _enum_hook(enum_type: type[enum.Enum]) -> Callable[[Any, Any], enum.Enum]:
    by_value = {member.value: member for member in enum_type}
    allowed = ", ".join(repr(value) for value in by_value)

    def structure(value: Any, _: Any) -> enum.Enum:
        if not isinstance(value, str):
            raise LocatedError(f"expected one of {allowed}, got {json_type(value)}")
        member = by_value.get(value)
        if member is None:
            raise LocatedError(f"expected one of {allowed}, got {value!r}")
        return member

    return structure


def _tuple_hook(converter: cattrs.Converter, type_: Any) -> Callable[[Any, Any], tuple[Any, ...]]:
    item_type = typing.get_args(type_)[0]

    def structure(value: Any, _: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise LocatedError(f"expected an array, got {json_type(value)}")
        items = []
        for index, item in enumerate(value):
            try:
                items.append(converter.structure(item, item_type))
            except _INPUT_ERRORS as error:
                raise _nest(error, f"[{index}]") from None
        return tuple(items)

    return structure


#: Classes whose fields may be left out of a document (the others must all be present).
OPTIONAL_FIELDS: dict[type, frozenset[str]] = {}


def _attrs_hook(converter: cattrs.Converter, cls: type) -> Callable[[Any, Any], Any]:
    generated: Callable[[Any, Any], Any] = make_dict_structure_fn(
        cls, converter, _cattrs_forbid_extra_keys=True
    )
    names = [field.name for field in attrs.fields(cls)]
    optional = OPTIONAL_FIELDS.get(cls, frozenset())

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            raise LocatedError(f"expected an object, got {json_type(value)}")
        for name in names:
            if name not in value and name not in optional:
                raise LocatedError("required field is missing", f".{name}")
        for key in value:
            if key not in names:
                raise LocatedError("unexpected field", f".{key}")
        try:
            return generated(value, cls)
        except (ClassValidationError, IterableValidationError, LocatedError) as error:
            raise _nest(error, "") from None

    return structure


def make_converter() -> cattrs.Converter:
    """The strict cattrs converter of the document formats (records register their classes too)."""
    converter = cattrs.Converter(forbid_extra_keys=True)
    # Exact classes are dispatched before predicates, so these win over cattrs' lenient defaults.
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(bool, _structure_bool)
    converter.register_structure_hook(Card, _structure_card)
    converter.register_structure_hook(Rank, _structure_rank)
    converter.register_structure_hook(Move, _structure_move)
    converter.register_structure_hook_factory(_is_plain_enum, _enum_hook)
    converter.register_structure_hook_factory(
        _is_homogeneous_tuple, lambda t: _tuple_hook(converter, t)
    )
    converter.register_structure_hook_factory(attrs.has, lambda t: _attrs_hook(converter, t))

    converter.register_unstructure_hook(Card, str)
    converter.register_unstructure_hook(Move, str)
    converter.register_unstructure_hook(Rank, lambda rank: rank.letter)
    converter.register_unstructure_hook_func(
        _is_tuple_type, lambda items: _list_of(converter, items)
    )
    return converter


CONVERTER = make_converter()


def structure(value: Any, type_: type[T], root: str = "$") -> T:
    """Read parsed JSON as a ``type_``; bad input is a :class:`FormatError` naming its path."""
    try:
        return CONVERTER.structure(value, type_)
    except _INPUT_ERRORS as error:
        path, reason = _locate(error)
        raise FormatError(_join(root, path), reason) from None


# ------------------------------------------------------------------ documents


def _refuse_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise FormatError("$", f"the key {key!r} appears twice in one object")
        result[key] = value
    return result


def _refuse_constant(name: str) -> Any:
    raise FormatError("$", f"{name} is not allowed in a document")


def load_json(text: str | bytes) -> Any:
    """Parse JSON text strictly (no duplicate keys, no NaN), or :class:`FormatError` at ``$``."""
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise FormatError("$", f"not UTF-8 text: {error.reason}") from None
    if not isinstance(text, str):
        raise FormatError("$", f"expected JSON text, got {type(text).__name__}")
    try:
        return json.loads(
            text, object_pairs_hook=_refuse_duplicate_keys, parse_constant=_refuse_constant
        )
    except json.JSONDecodeError as error:
        where = f"line {error.lineno} column {error.colno}"
        # Some messages of the json module end in "at" and expect the position to follow.
        problem = f"{error.msg} {where}" if error.msg.endswith(" at") else f"{error.msg} at {where}"
        if error.pos >= len(text.rstrip()):
            problem += " (the end of the text)"
        raise FormatError("$", f"not valid JSON (truncated or malformed): {problem}") from None


def open_document(data: Any, format_name: str) -> dict[str, Any]:
    """Check the envelope (format and version) of a parsed document; return the other fields."""
    if not isinstance(data, dict):
        raise FormatError("$", f"expected a JSON object ({format_name}), got {json_type(data)}")
    if "format" not in data:
        raise FormatError("$.format", f"required field is missing (expected {format_name!r})")
    found = data["format"]
    if found != format_name:
        hint = "" if found in _KNOWN_FORMATS else f"; the formats are {', '.join(_KNOWN_FORMATS)}"
        raise FormatError("$.format", f"expected {format_name!r}, got {found!r}{hint}")
    if "version" not in data:
        raise FormatError("$.version", "required field is missing")
    version = data["version"]
    if isinstance(version, bool) or not isinstance(version, int):
        raise FormatError("$.version", f"expected an integer, got {json_type(version)}")
    if version > FORMAT_VERSION:
        raise FormatError(
            "$.version",
            f"version {version} of {format_name} is newer than this library reads"
            f" (up to {FORMAT_VERSION})",
        )
    if version < 1:
        raise FormatError("$.version", f"versions start at 1, got {version}")
    return {key: value for key, value in data.items() if key not in ("format", "version")}


def envelope(format_name: str, body: Mapping[str, Any]) -> dict[str, Any]:
    """A document: the format name and version first, then ``body``."""
    return {"format": format_name, "version": FORMAT_VERSION, **body}


def dump_json(document: Mapping[str, Any], indent: int | None = None) -> str:
    """The JSON text of a document (UTF-8 characters kept, keys in the order given)."""
    return json.dumps(document, indent=indent, ensure_ascii=False)


# ------------------------------------------------------------------ variants


def variant_to_document(variant: Variant) -> dict[str, Any]:
    """The fields of ``variant`` as a JSON object (without the envelope)."""
    if not isinstance(variant, Variant):
        raise TypeError(f"expected a Variant, got {variant!r}")
    document: dict[str, Any] = CONVERTER.unstructure(variant)
    return document


def variant_from_document(value: Any, root: str = "$") -> Variant:
    """Read the fields of a variant (no envelope); :class:`FormatError` names the bad field."""
    return structure(value, Variant, root)


def _variant_error_path(message: str, root: str) -> str:
    for field in attrs.fields(Variant):
        if message.startswith(field.name + " ") or message.startswith(field.name + "="):
            return f"{root}.{field.name}"
    return root


def variant_to_json(variant: Variant, *, indent: int | None = None) -> str:
    """The ``agnes-rules/variant`` document of ``variant``."""
    return dump_json(envelope(VARIANT_FORMAT, variant_to_document(variant)), indent)


def variant_from_json(text: str | bytes) -> Variant:
    """Read an ``agnes-rules/variant`` document."""
    return variant_from_document(open_document(load_json(text), VARIANT_FORMAT))


# ------------------------------------------------------------------ moves


def move_to_json(move: Move, *, indent: int | None = None) -> str:
    """The ``agnes-rules/move`` document of ``move``: ``{..., "move": "t1t4x3"}``."""
    if not isinstance(move, Move):
        raise TypeError(f"expected a Move, got {move!r}")
    return dump_json(envelope(MOVE_FORMAT, {"move": str(move)}), indent)


@attrs.frozen
class _MoveBody:
    move: Move


def move_from_json(text: str | bytes) -> Move:
    """Read an ``agnes-rules/move`` document."""
    return structure(open_document(load_json(text), MOVE_FORMAT), _MoveBody).move


# ------------------------------------------------------------------ positions


@attrs.frozen
class _StateBody:
    """The fields of a game-state document, in the order they are written."""

    variant: Variant
    base_rank: Rank
    foundations: tuple[tuple[Card, ...], ...]
    tableau: tuple[Column, ...]
    reserve: tuple[tuple[Card, ...], ...]
    spare: tuple[Card | None, ...]
    stock: tuple[Card, ...]


def state_to_document(state: GameState) -> dict[str, Any]:
    """The parts of ``state`` as a JSON object (without the envelope)."""
    if not isinstance(state, GameState):
        raise TypeError(f"expected a GameState, got {state!r}")
    body = _StateBody(
        variant=state.variant,
        base_rank=state.base_rank,
        foundations=state.foundations,
        tableau=state.tableau,
        reserve=state.reserve,
        spare=state.spare,
        stock=state.stock,
    )
    document: dict[str, Any] = CONVERTER.unstructure(body)
    return document


def state_from_document(value: Any, root: str = "$") -> GameState:
    """Read the parts of a position (no envelope); impossible positions are refused by path."""
    body = structure(value, _StateBody, root)
    _check_state_body(body, root)
    try:
        return GameState(
            body.variant,
            base_rank=body.base_rank,
            tableau=body.tableau,
            foundations=body.foundations,
            reserve=body.reserve,
            spare=body.spare,
            stock=body.stock,
        )
    except PositionError as error:
        raise FormatError(root, str(error)) from None


def state_to_json(state: GameState, *, indent: int | None = None) -> str:
    """The ``agnes-rules/game-state`` document of ``state`` (with its full variant)."""
    return dump_json(envelope(GAME_STATE_FORMAT, state_to_document(state)), indent)


def state_from_json(text: str | bytes) -> GameState:
    """Read an ``agnes-rules/game-state`` document."""
    return state_from_document(open_document(load_json(text), GAME_STATE_FORMAT))


def _card_places(body: _StateBody, root: str) -> Iterator[tuple[str, Card]]:
    for number, column in enumerate(body.tableau):
        for part in ("face_down", "face_up"):
            for position, card in enumerate(getattr(column, part)):
                yield f"{root}.tableau[{number}].{part}[{position}]", card
    for number, pile in enumerate(body.reserve):
        for position, card in enumerate(pile):
            yield f"{root}.reserve[{number}][{position}]", card
    for number, spare in enumerate(body.spare):
        if spare is not None:
            yield f"{root}.spare[{number}]", spare
    for number, pile in enumerate(body.foundations):
        for position, card in enumerate(pile):
            yield f"{root}.foundations[{number}][{position}]", card
    for position, card in enumerate(body.stock):
        yield f"{root}.stock[{position}]", card


def _check_state_body(body: _StateBody, root: str) -> None:
    """Refuse impossible positions, naming the path of the first offending value."""
    variant = body.variant
    for name, got, expected, what in (
        ("foundations", len(body.foundations), variant.foundation_count, "foundations"),
        ("tableau", len(body.tableau), variant.piles, "columns"),
        ("reserve", len(body.reserve), variant.reserve, "reserve piles"),
        ("spare", len(body.spare), variant.spare_spaces, "spare spaces"),
    ):
        if got != expected:
            raise FormatError(
                f"{root}.{name}", f"{variant.name} has {expected} {what}, the document has {got}"
            )
    for number, pile in enumerate(body.foundations):
        suit = SUITS[number % 4]
        if len(pile) > 13:
            raise FormatError(
                f"{root}.foundations[{number}]",
                f"a foundation holds at most 13 cards, not {len(pile)}",
            )
        for step, card in enumerate(pile):
            expected_card = Card(body.base_rank.plus(step), suit)
            if card != expected_card:
                raise FormatError(
                    f"{root}.foundations[{number}][{step}]",
                    f"foundation {number + 1} builds {suit.name.lower()} up from base rank"
                    f" {body.base_rank.letter}, so card {step + 1} must be {expected_card},"
                    f" not {card}",
                )
    if not variant.face_down:
        for number, column in enumerate(body.tableau):
            if column.face_down:
                raise FormatError(
                    f"{root}.tableau[{number}].face_down",
                    f"{variant.name} is dealt face up, so no card can be face down",
                )
    first_seen: dict[Card, str] = {}
    counts: Counter[Card] = Counter()
    for path, card in _card_places(body, root):
        counts[card] += 1
        if counts[card] > variant.decks:
            each = "one" if variant.decks == 1 else "two"
            raise FormatError(
                path,
                f"duplicate card {card} (also at {first_seen[card]});"
                f" {variant.name} has {each} of each card",
            )
        first_seen.setdefault(card, path)
    missing = [card for card in _all_cards() if counts[card] < variant.decks]
    if missing:
        raise FormatError(
            root, "the position lacks card(s) " + " ".join(str(card) for card in missing)
        )


def _all_cards() -> tuple[Card, ...]:
    return tuple(Card(rank, suit) for suit in SUITS for rank in Rank)


# ------------------------------------------------------------------ position codes


def state_to_code(state: GameState) -> str:
    """The one-line position code of ``state`` (:mod:`agnes_rules.notation`)."""
    from agnes_rules.notation import state_to_code as to_code  # notation imports this module

    return to_code(state)


def state_from_code(text: str) -> GameState:
    """The position written as a one-line position code (:mod:`agnes_rules.notation`)."""
    from agnes_rules.notation import state_from_code as from_code

    return from_code(text)
