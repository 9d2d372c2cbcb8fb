"""Internal: what every JSON document format of the package shares.

The envelope (``format`` and ``version``), strict reading and writing of JSON
text, and a factory of strict cattrs converters whose errors become a
:class:`~agnes_rules.errors.FormatError` naming the JSON path of the bad value.
:mod:`agnes_rules.serialization` and :mod:`agnes_rules.records` each build
their own converter here and add the hooks of their own types to it, so that
importing one format never changes how another reads or writes.

Nothing here is public API: the names are public only inside the package (the
model is attrs, whose private modules hold the machinery of its public ones).

While a value is being structured, a hook refuses bad input with a
:class:`~agnes_rules.errors.FormatError` whose path is *relative* to the value
it was given (``""``, ``".date"``, ``"[3]"``); each enclosing object or array
prefixes its own step, and :func:`structure` finally prefixes the root, so the
error that leaves this module always carries the path from the document root.
"""

from __future__ import annotations

import enum
import json
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from agnes_rules.cards import Card, Rank
from agnes_rules.core.moves import Move
from agnes_rules.core.variant import Variant
from agnes_rules.errors import FormatError, LimitError, MoveParseError
from agnes_rules.limits import check as check_limit
from agnes_rules.limits import current as current_limits

__all__ = [
    "FORMAT_VERSION",
    "GAME_RECORD_FORMAT",
    "GAME_STATE_FORMAT",
    "MOVE_FORMAT",
    "VARIANT_FORMAT",
    "dump_json",
    "envelope",
    "json_type",
    "load_json",
    "make_converter",
    "open_document",
    "structure",
]

#: The version of every document format this library writes (and the newest it reads).
FORMAT_VERSION = 1
VARIANT_FORMAT = "agnes-rules/variant"
GAME_STATE_FORMAT = "agnes-rules/game-state"
MOVE_FORMAT = "agnes-rules/move"
GAME_RECORD_FORMAT = "agnes-rules/game-record"
_KNOWN_FORMATS = (VARIANT_FORMAT, GAME_STATE_FORMAT, MOVE_FORMAT, GAME_RECORD_FORMAT)

T = TypeVar("T")

#: Hooks of a converter: (JSON value, type) -> structured value.
Hook = Callable[[Any, Any], Any]


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


# ----------------------------------------------------------- locating problems


def _locate(error: BaseException) -> tuple[str, str]:
    """The relative path and the reason of the first problem inside a (cattrs) error."""
    if isinstance(error, FormatError):
        return error.path, error.reason
    if isinstance(error, ClassValidationError):
        with_notes, without = error.group_exceptions()
        if with_notes:
            inner, note = with_notes[0]
            path, reason = _locate(inner)
            return f".{note.name}{path}", reason
        return _locate(without[0])
    if isinstance(error, IterableValidationError):
        items, rest = error.group_exceptions()
        if items:
            inner, item_note = items[0]
            path, reason = _locate(inner)
            return f"[{item_note.index!r}]{path}", reason
        return _locate(rest[0])
    if isinstance(error, ForbiddenExtraKeysError):
        extra = sorted(error.extra_fields)[0]
        return f".{extra}", "unexpected field"
    if isinstance(error, KeyError):
        return "", f"required field {error.args[0]!r} is missing"
    return "", str(error)


def _field_of(cls: type, message: str) -> tuple[str, str]:
    """The field a constructor's message is about, and the reason: the message names it first.

    Both ``"date: 'soon' is not a date"`` and ``"decks must be 1 or 2"`` name
    their field; a message that names none is about the object as a whole.
    """
    for field in attrs.fields(cls):
        if message.startswith(f"{field.name}: "):
            return f".{field.name}", message[len(field.name) + 2 :]
        if message.startswith((f"{field.name} ", f"{field.name}=")):
            return f".{field.name}", message
    return "", message


#: What bad input makes the hooks and cattrs raise (anything else is a bug and propagates).
_INPUT_ERRORS = (
    ValueError,  # FormatError and every other AgnesError of bad input
    KeyError,
    ClassValidationError,
    IterableValidationError,
    ForbiddenExtraKeysError,
)


def _nested(error: BaseException, prefix: str) -> FormatError:
    """``error`` as a :class:`FormatError` whose relative path starts with ``prefix``."""
    path, reason = _locate(error)
    return FormatError(prefix + path, reason)


# ------------------------------------------------------------------ hooks


def _is_homogeneous_tuple(type_: Any) -> bool:
    args = typing.get_args(type_)
    return typing.get_origin(type_) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_plain_enum(type_: Any) -> bool:
    return isinstance(type_, type) and issubclass(type_, enum.Enum) and type_ is not Rank


def _is_tuple_type(type_: Any) -> bool:
    return bool(type_ is tuple or typing.get_origin(type_) is tuple)


def _structure_str(value: Any, _: Any) -> str:
    if not isinstance(value, str):
        raise FormatError("", f"expected a string, got {json_type(value)}")
    return value


def _structure_int(value: Any, _: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FormatError("", f"expected an integer, got {json_type(value)}")
    return value


def _structure_bool(value: Any, _: Any) -> bool:
    if not isinstance(value, bool):
        raise FormatError("", f"expected true or false, got {json_type(value)}")
    return value


def _structure_card(value: Any, _: Any) -> Card:
    if not isinstance(value, str):
        raise FormatError("", f"expected a card text like 'TH', got {json_type(value)}")
    try:
        card = Card.parse(value)
    except ValueError:
        raise FormatError(
            "", f"{value!r} is not a card (a rank A23456789TJQK and a suit CDHS)"
        ) from None
    if str(card) != value:
        raise FormatError("", f"card {value!r} must be written in its canonical form {str(card)!r}")
    return card


def _structure_rank(value: Any, _: Any) -> Rank:
    if not isinstance(value, str):
        raise FormatError("", f"expected a rank letter like 'T', got {json_type(value)}")
    rank = Rank.from_letter(value)
    if rank is None:
        raise FormatError("", f"{value!r} is not a rank letter (A 2 3 4 5 6 7 8 9 T J Q K)")
    return rank


def _structure_move(value: Any, _: Any) -> Move:
    if not isinstance(value, str):
        raise FormatError("", f"expected a move text like 't1t4x3', got {json_type(value)}")
    try:
        move = Move.parse(value)
    except MoveParseError as error:
        raise FormatError("", error.reason) from None
    if str(move) != value:
        raise FormatError("", f"move {value!r} must be written in its canonical form {str(move)!r}")
    return move


def _enum_hook(enum_type: type[enum.Enum]) -> Hook:
    by_value = {member.value: member for member in enum_type}
    allowed = ", ".join(repr(value) for value in by_value)

    def structure(value: Any, _: Any) -> enum.Enum:
        if not isinstance(value, str):
            raise FormatError("", f"expected one of {allowed}, got {json_type(value)}")
        member = by_value.get(value)
        if member is None:
            raise FormatError("", f"expected one of {allowed}, got {value!r}")
        return member

    return structure


def _tuple_hook(converter: cattrs.Converter, type_: Any) -> Hook:
    item_type = typing.get_args(type_)[0]

    def structure(value: Any, _: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise FormatError("", f"expected an array, got {json_type(value)}")
        items = []
        for index, item in enumerate(value):
            try:
                items.append(converter.structure(item, item_type))
            except _INPUT_ERRORS as error:
                raise _nested(error, f"[{index}]") from None
        return tuple(items)

    return structure


def _attrs_hook(converter: cattrs.Converter, cls: type, optional: frozenset[str]) -> Hook:
    generated: Hook = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
    names = [field.name for field in attrs.fields(cls)]

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            raise FormatError("", f"expected an object, got {json_type(value)}")
        for name in names:
            if name not in value and name not in optional:
                raise FormatError(f".{name}", "required field is missing")
        for key in value:
            if key not in names:
                raise FormatError(f".{key}", "unexpected field")
        try:
            return generated(value, cls)
        except ClassValidationError as error:
            refusal = _refused_by_class(error)
            if refusal is not None:
                raise FormatError(*_field_of(cls, str(refusal))) from None
            raise _nested(error, "") from None
        except (IterableValidationError, FormatError) as error:
            raise _nested(error, "") from None

    return structure


def _refused_by_class(error: ClassValidationError) -> ValueError | None:
    """The class's own refusal of values that were each well formed, or None.

    cattrs reports it as a problem of the whole object (no field noted),
    while the class's message names the field.
    """
    with_notes, without = error.group_exceptions()
    if with_notes or len(without) != 1:
        return None
    refusal = without[0]
    if isinstance(refusal, ValueError) and not isinstance(refusal, FormatError):
        return refusal
    return None

    return structure


#: Variant fields added after version 1 of the documents, optional in every document.
_LATER_VARIANT_FIELDS = frozenset({"worry_back"})


def make_converter(optional: Mapping[type, frozenset[str]] | None = None) -> cattrs.Converter:
    """A new strict converter for the document formats.

    Every field of an attrs class must be in a document unless ``optional``
    lists it for its class (then the class default applies). The caller adds
    the hooks of its own types to the converter it gets.
    """
    # A variant's worry_back came after the first documents: absent means False, and
    # it is written only when True, so that every other variant's document is unchanged.
    optional_fields = {Variant: _LATER_VARIANT_FIELDS, **(optional or {})}
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
    converter.register_structure_hook_factory(
        attrs.has, lambda t: _attrs_hook(converter, t, optional_fields.get(t, frozenset()))
    )

    converter.register_unstructure_hook(Card, str)
    converter.register_unstructure_hook(Move, str)
    converter.register_unstructure_hook(Rank, lambda rank: rank.letter)
    converter.register_unstructure_hook(
        Variant,
        make_dict_unstructure_fn(Variant, converter, worry_back=override(omit_if_default=True)),
    )
    converter.register_unstructure_hook_func(
        _is_tuple_type, lambda items: [converter.unstructure(item) for item in items]
    )
    return converter


def structure(converter: cattrs.Converter, value: Any, type_: type[T], root: str = "$") -> T:
    """Read parsed JSON as a ``type_``; bad input is a :class:`FormatError` at ``root`` + path."""
    try:
        return converter.structure(value, type_)
    except _INPUT_ERRORS as error:
        raise _nested(error, root) from None


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
    """Parse JSON text strictly (no duplicate keys, no NaN), or :class:`FormatError` at ``$``.

    Text beyond the limits of :mod:`agnes_rules.limits` (its size in bytes, its
    nesting) is refused with a :class:`~agnes_rules.errors.LimitError`; so are
    numbers too long for Python to read, and nesting too deep for its parser.
    """
    if isinstance(text, bytes | bytearray):
        check_limit("document_bytes", len(text), "$", "the document's size in bytes")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise FormatError("$", f"not UTF-8 text: {error.reason}") from None
    if not isinstance(text, str):
        raise FormatError("$", f"expected JSON text, got {type(text).__name__}")
    _check_size(text)
    try:
        data = json.loads(
            text, object_pairs_hook=_refuse_duplicate_keys, parse_constant=_refuse_constant
        )
    except json.JSONDecodeError as error:
        where = f"line {error.lineno} column {error.colno}"
        # Some messages of the json module end in "at" and expect the position to follow.
        problem = f"{error.msg} {where}" if error.msg.endswith(" at") else f"{error.msg} at {where}"
        if error.pos >= len(text.rstrip()):
            problem += " (the end of the text)"
        raise FormatError("$", f"not valid JSON (truncated or malformed): {problem}") from None
    except RecursionError:
        # The json module's parser recurses once per level of nesting.
        maximum = current_limits().json_depth
        raise LimitError(
            "$", "json_depth", maximum, f"nested too deeply (the limit is {maximum} levels)"
        ) from None
    except ValueError as error:
        # Not a JSONDecodeError: an integer of more digits than int() converts (sys.int_info).
        raise FormatError("$", f"not a readable JSON number: {error}") from None
    _check_depth(data)
    return data


def _check_size(text: str) -> None:
    """Refuse text whose UTF-8 encoding is over the limit (encoding it only when it could be)."""
    maximum = current_limits().document_bytes
    size = len(text)
    if size <= maximum < 4 * size:  # one to four bytes a character: measure
        size = len(text.encode("utf-8", "surrogatepass"))
    check_limit("document_bytes", size, "$", "the document's size in bytes")


def _check_depth(data: Any) -> None:
    """Refuse arrays and objects nested deeper than the limit (walked without recursion)."""
    maximum = current_limits().json_depth
    if not isinstance(data, list | dict):
        return
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, dict) else value
        if depth > maximum:
            raise LimitError(
                "$", "json_depth", maximum, f"nested too deeply (the limit is {maximum} levels)"
            )
        stack.extend((child, depth + 1) for child in children if isinstance(child, list | dict))
    # Only arrays and objects are pushed, so the walk visits each container once.


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
