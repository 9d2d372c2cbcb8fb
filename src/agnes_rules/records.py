"""Recorded games: what was played, checking it move by move, and replaying it.

A :class:`GameRecord` names the rules (a preset name or a full
:class:`~agnes_rules.Variant`), the deal (a PySolFC game number or an explicit
deck order), the moves as notation texts, and optional :class:`Metadata`.
:func:`validate` replays it and reports the first illegal move instead of
raising:

>>> record = GameRecord("agnes-sorel", 1, ["t4t3", "t2t1", "d"])
>>> report = validate(record)
>>> report.ok, report.error_index, report.move_number, report.error_move
(False, 1, 2, 't2t1')
>>> print(report.error)
t2t1 is illegal (packing): TS is not one rank lower than QH (that would be a J)
>>> report.unreached, report.moves_played
(('d',), 1)

Records are written and read as ``agnes-rules/game-record`` JSON documents
(the schema is :func:`record_schema`):

>>> text = record.to_json()
>>> print(text)  # doctest: +NORMALIZE_WHITESPACE
{"format": "agnes-rules/game-record", "version": 1, "variant": "agnes-sorel", "deal": 1,
 "moves": ["t4t3", "t2t1", "d"], "metadata": {}}
>>> GameRecord.from_json(text) == record
True
"""

from __future__ import annotations

import datetime
import importlib.resources
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, cast

import attrs
import cattrs

from agnes_rules._documents import (
    GAME_RECORD_FORMAT,
    dump_json,
    envelope,
    json_type,
    load_json,
    make_converter,
    open_document,
    structure,
)
from agnes_rules.cards import Card
from agnes_rules.core.dealing import check_deck, check_game_number
from agnes_rules.core.moves import Move
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import PresetName, Variant
from agnes_rules.errors import (
    ArgumentError,
    DealError,
    FormatError,
    IllegalMoveError,
    MoveParseError,
    Rule,
    VariantError,
)
from agnes_rules.limits import check as check_limit
from agnes_rules.serialization import variant_from_document, variant_to_document

__all__ = [
    "GameRecord",
    "Metadata",
    "ValidationReport",
    "record_from_json",
    "record_schema",
    "record_to_json",
    "replay",
    "validate",
]

#: The type of :attr:`Metadata.extra`: (key, value) pairs sorted by key.
Extra = tuple[tuple[str, str], ...]

# Built in Python, a record or its metadata refuses a bad field with the error of the
# situation (ArgumentError, VariantError, DealError) whose message names the field first;
# the JSON reader turns the same problems into a FormatError at the field's JSON path.


# ------------------------------------------------------------------ metadata


def _check_optional_text(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not isinstance(value, str):
        raise ArgumentError(f"{attribute.name}: expected a string or None, got {value!r}")


def _check_date(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    try:
        datetime.datetime.fromisoformat(str(value))
    except ValueError:
        raise ArgumentError(
            f"date: {value!r} is not an ISO 8601 date or time"
            " (like 2024-05-17 or 2024-05-17T20:15:00Z)"
        ) from None


def _to_extra(value: object) -> Extra:
    if isinstance(value, Mapping):
        pairs = list(value.items())
    elif isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentError(f"extra: expected a mapping of texts, got {value!r}")
    else:
        pairs = list(value)
    seen: dict[str, str] = {}
    for pair in pairs:
        if not (isinstance(pair, tuple | list) and len(pair) == 2):
            raise ArgumentError(f"extra: expected (key, value) pairs, got {pair!r}")
        key, text = pair
        if not isinstance(key, str) or not isinstance(text, str):
            raise ArgumentError(f"extra: keys and values are strings, got {key!r}: {text!r}")
        if key in seen:
            raise ArgumentError(f"extra: the key {key!r} is given twice")
        seen[key] = text
    return tuple(sorted(seen.items()))


@attrs.frozen(kw_only=True)
class Metadata:
    """Who played a recorded game, when, with what, and how it ended (every field optional).

    ``date`` is an ISO 8601 date or date and time; ``result`` is free text (the
    library writes ``won``, ``lost`` or ``unfinished``); ``extra`` holds any
    other texts, as (key, value) pairs sorted by key (a mapping is accepted).
    A bad field is an :class:`~agnes_rules.errors.ArgumentError` naming it:

    >>> Metadata(player="Agnes", extra={"event": "club night"}).extra
    (('event', 'club night'),)
    >>> Metadata(date="soon")
    Traceback (most recent call last):
    ...
    agnes_rules.errors.ArgumentError: date: 'soon' is not an ISO 8601 date or time \
(like 2024-05-17 or 2024-05-17T20:15:00Z)
    """

    player: str | None = attrs.field(default=None, validator=_check_optional_text)
    date: str | None = attrs.field(default=None, validator=[_check_optional_text, _check_date])
    program: str | None = attrs.field(default=None, validator=_check_optional_text)
    result: str | None = attrs.field(default=None, validator=_check_optional_text)
    extra: Extra = attrs.field(default=(), converter=_to_extra)

    @property
    def extra_dict(self) -> dict[str, str]:
        """:attr:`extra` as a new dictionary."""
        return dict(self.extra)


_METADATA_FIELDS = tuple(field.name for field in attrs.fields(Metadata))


def _to_metadata(value: Metadata | Mapping[str, str] | None) -> Metadata:
    if value is None:
        return Metadata()
    if isinstance(value, Metadata):
        return value
    if isinstance(value, Mapping):
        for key in value:
            if key not in _METADATA_FIELDS:
                raise ArgumentError(
                    f"metadata: unexpected field {key!r} (the fields are"
                    f" {', '.join(_METADATA_FIELDS)})"
                )
        return Metadata(**value)
    raise ArgumentError(f"metadata: expected Metadata or a mapping, got {value!r}")


# ------------------------------------------------------------------ the record


def _to_moves(value: Iterable[str | Move]) -> tuple[str, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentError(f"moves: expected a sequence of move texts, got {value!r}")
    texts = []
    for index, move in enumerate(value):
        if isinstance(move, Move):
            texts.append(str(move))
        elif isinstance(move, str):
            texts.append(move)
        else:
            raise ArgumentError(f"moves[{index}]: expected a move text or a Move, got {move!r}")
    return tuple(texts)


def _to_deal(value: int | Iterable[Card]) -> int | tuple[Card, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentError(f"deal: expected a game number or a deck order (cards), got {value!r}")
    return tuple(value)


@attrs.frozen
class GameRecord:
    """A recorded game: the rules, the deal, the moves as texts, and optional metadata.

    The moves are kept as texts, exactly as recorded, so that a record with a
    malformed move can still be stored and checked (:func:`validate` reports
    it). :class:`~agnes_rules.Move` objects are accepted and turned into their
    text. A bad variant or deal is refused here, with a
    :class:`~agnes_rules.errors.VariantError` or
    :class:`~agnes_rules.errors.DealError` (and a field of the wrong type with
    an :class:`~agnes_rules.errors.ArgumentError` naming it):

    >>> GameRecord("agnes", 1)
    Traceback (most recent call last):
    ...
    agnes_rules.errors.VariantError: unknown variant 'agnes'; the presets are: \
agnes-sorel, agnes-sorel-parlett, agnes-sorel-pysol, agnes-sorel-quagnes, agnes-sorel-aisleriot, \
agnes-bernauer, agnes-bernauer-parlett, agnes-bernauer-pysol, agnes-two
    """

    variant: Variant | PresetName
    deal: int | tuple[Card, ...] = attrs.field(converter=_to_deal)
    moves: tuple[str, ...] = attrs.field(default=(), converter=_to_moves)
    metadata: Metadata = attrs.field(factory=Metadata, converter=_to_metadata)

    def __attrs_post_init__(self) -> None:
        variant = self.game_variant
        if isinstance(self.deal, int):
            check_game_number(self.deal)
        else:
            check_deck(variant, self.deal)

    @property
    def game_variant(self) -> Variant:
        """The :class:`~agnes_rules.Variant` the game is played with (a preset name resolved)."""
        return Variant.resolve(self.variant)

    def initial_state(self) -> GameState:
        """The opening position of the recorded deal."""
        variant = self.game_variant
        if isinstance(self.deal, int):
            return GameState.deal(variant, self.deal)
        return GameState.from_deck(variant, self.deal)

    def to_document(self) -> dict[str, Any]:
        """The ``agnes-rules/game-record`` document as a JSON-ready dictionary."""
        body: dict[str, Any] = _CONVERTER.unstructure(self)
        body["metadata"] = {
            key: value for key, value in body["metadata"].items() if value not in (None, {})
        }
        return envelope(GAME_RECORD_FORMAT, body)

    def to_json(self, *, indent: int | None = None) -> str:
        """The ``agnes-rules/game-record`` JSON text."""
        return dump_json(self.to_document(), indent)

    @classmethod
    def from_document(cls, document: Any) -> GameRecord:
        """Read a parsed ``agnes-rules/game-record`` document."""
        fields = open_document(document, GAME_RECORD_FORMAT)
        moves = fields.get("moves")
        if isinstance(moves, list):
            check_limit("record_moves", len(moves), "$.moves", "the record's number of moves")
        body = structure(_CONVERTER, fields, _RecordBody)
        variant = Variant.resolve(body.variant)
        if not isinstance(body.deal, int):
            _check_deck_document(variant, body.deal)
        return cls(body.variant, body.deal, body.moves, body.metadata)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read an ``agnes-rules/game-record`` JSON text; bad input is a :class:`FormatError`."""
        return cls.from_document(load_json(text))


# ------------------------------------------------------------------ JSON


@attrs.frozen
class _RecordBody:
    """The fields of a game-record document, read but not yet checked against each other."""

    variant: Variant | PresetName
    deal: int | tuple[Card, ...]
    moves: tuple[str, ...]
    metadata: Metadata = attrs.field(factory=Metadata)


def _check_deck_document(variant: Variant, deck: tuple[Card, ...]) -> None:
    """:func:`~agnes_rules.core.dealing.check_deck`, its refusal located in the document."""
    try:
        check_deck(variant, deck)
    except DealError as error:
        # check_deck names a wrong count first; with the count right, a card appears too often.
        places: dict[Card, list[int]] = {}
        for index, card in enumerate(deck if len(deck) == variant.card_count else ()):
            places.setdefault(card, []).append(index)
            if len(places[card]) > variant.decks:
                each = "one" if variant.decks == 1 else "two"
                others = ", ".join(f"$.deal[{i}]" for i in places[card][:-1])
                raise FormatError(
                    f"$.deal[{index}]",
                    f"duplicate card {card} (also at {others}); {variant.name} has {each}"
                    " of each card",
                ) from None
        raise FormatError("$.deal", str(error)) from None


def _structure_variant_field(value: Any, _: Any) -> Variant | PresetName:
    if isinstance(value, str):
        try:
            return cast("PresetName", Variant.named(value).name)
        except VariantError as error:
            raise FormatError("", str(error)) from None
    if isinstance(value, dict):
        return variant_from_document(value, "")
    raise FormatError("", f"expected a preset name or a variant object, got {json_type(value)}")


def _structure_extra(value: Any, _: Any) -> Extra:
    if not isinstance(value, dict):
        raise FormatError("", f"expected an object of texts, got {json_type(value)}")
    for key, text in value.items():
        if not isinstance(text, str):
            raise FormatError(f"[{key!r}]", f"expected a string, got {json_type(text)}")
    return _to_extra(value)


def _make_record_converter() -> cattrs.Converter:
    """The converter of record documents: the strict one, with hooks for the union fields."""
    converter = make_converter(
        optional={
            Metadata: frozenset(_METADATA_FIELDS),
            # A record without metadata is still a record, as in Python.
            _RecordBody: frozenset({"metadata"}),
        }
    )

    def structure_deal(value: Any, _: Any) -> int | tuple[Card, ...]:
        if isinstance(value, int) and not isinstance(value, bool):
            try:
                return check_game_number(value)
            except DealError as error:
                raise FormatError("", str(error)) from None
        if isinstance(value, list):
            cards: tuple[Card, ...] = converter.structure(value, tuple[Card, ...])
            return cards
        raise FormatError(
            "",
            f"expected a game number or an array of cards (a deck order), got {json_type(value)}",
        )

    def unstructure_variant(value: Variant | PresetName) -> Any:
        return value if isinstance(value, str) else variant_to_document(value)

    def unstructure_deal(value: int | tuple[Card, ...]) -> Any:
        return value if isinstance(value, int) else [str(card) for card in value]

    converter.register_structure_hook_func(
        lambda t: t == Variant | PresetName, _structure_variant_field
    )
    converter.register_structure_hook_func(lambda t: t == int | tuple[Card, ...], structure_deal)
    converter.register_structure_hook_func(lambda t: t == Extra, _structure_extra)
    converter.register_unstructure_hook_func(
        lambda t: t == Variant | PresetName, unstructure_variant
    )
    converter.register_unstructure_hook_func(
        lambda t: t == int | tuple[Card, ...], unstructure_deal
    )
    converter.register_unstructure_hook_func(lambda t: t == Extra, dict)
    return converter


_CONVERTER = _make_record_converter()


def record_to_json(record: GameRecord, *, indent: int | None = None) -> str:
    """The ``agnes-rules/game-record`` JSON text of ``record`` (:meth:`GameRecord.to_json`)."""
    return record.to_json(indent=indent)


def record_from_json(text: str | bytes) -> GameRecord:
    """Read an ``agnes-rules/game-record`` JSON text (:meth:`GameRecord.from_json`)."""
    return GameRecord.from_json(text)


def record_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the ``agnes-rules/game-record`` document."""
    resource = importlib.resources.files("agnes_rules").joinpath("schemas/game-record.schema.json")
    schema: dict[str, Any] = json.loads(resource.read_text(encoding="utf-8"))
    return schema


# ------------------------------------------------------------------ validation


@attrs.frozen
class ValidationReport:
    """What :func:`validate` found when it replayed a record.

    :attr:`final_state` is the last legal position: after every move when
    :attr:`ok`, otherwise just before the first illegal move, whose 0-based
    :attr:`error_index`, text :attr:`error_move`, reason :attr:`error` and
    broken :attr:`rule` (None for text that is not a move at all) are given.
    """

    record: GameRecord
    initial_state: GameState
    final_state: GameState
    played: tuple[Move, ...]
    error_index: int | None = None
    error_move: str | None = None
    error: str | None = None
    rule: Rule | None = None

    @property
    def ok(self) -> bool:
        """Every move of the record is legal."""
        return self.error_index is None

    @property
    def won(self) -> bool:
        """The last legal position is won (moves recorded after the win make the record not ok)."""
        return self.final_state.is_won

    @property
    def moves_played(self) -> int:
        """How many moves were legal and played."""
        return len(self.played)

    @property
    def move_number(self) -> int | None:
        """The 1-based number of the first illegal move, or None."""
        return None if self.error_index is None else self.error_index + 1

    @property
    def unreached(self) -> tuple[str, ...]:
        """The recorded moves after the first illegal one, never checked."""
        if self.error_index is None:
            return ()
        return self.record.moves[self.error_index + 1 :]

    def __str__(self) -> str:
        if self.ok:
            outcome = "won" if self.won else "lost" if self.final_state.is_lost else "unfinished"
            return f"ok: {self.moves_played} legal moves, {outcome}"
        return f"move {self.move_number}: {self.error}"


def _as_record(record: object) -> GameRecord:
    if isinstance(record, GameRecord):
        return record
    if isinstance(record, str | bytes):
        return GameRecord.from_json(record)
    if isinstance(record, Mapping):
        return GameRecord.from_document(dict(record))
    raise FormatError(
        "$", f"expected a GameRecord (or its JSON text or document), got {type(record).__name__}"
    )


def validate(record: GameRecord | str | bytes | Mapping[str, Any]) -> ValidationReport:
    """Replay ``record`` and report the first illegal or unreadable move, without raising.

    ``record`` is a :class:`GameRecord`, or its JSON text or parsed document.
    Anything that is not a record at all raises :class:`FormatError`.
    """
    record = _as_record(record)
    initial = state = record.initial_state()
    played: list[Move] = []
    for index, text in enumerate(record.moves):
        try:
            move = Move.parse(text)
        except MoveParseError as error:
            return ValidationReport(
                record, initial, state, tuple(played), index, text, str(error), None
            )
        try:
            next_state = state.apply(move)
        except IllegalMoveError as error:
            reason = str(error)
            if state.is_won:
                reason = f"{move} comes after the game was won (after move {index}); {reason}"
            return ValidationReport(
                record, initial, state, tuple(played), index, text, reason, error.rule
            )
        played.append(move)
        state = next_state
    return ValidationReport(record, initial, state, tuple(played))


def replay(record: GameRecord | str | bytes | Mapping[str, Any]) -> Iterator[GameState]:
    """Each position of the recorded game in turn: the opening one, then one after each move.

    Meant for front-ends that animate a game. An illegal or unreadable move
    raises its :class:`~agnes_rules.IllegalMoveError` or
    :class:`~agnes_rules.MoveParseError` (with a note giving the move number)
    when it is reached; :func:`validate` a record first to avoid that.

    >>> [len(state.stock) for state in replay(GameRecord("agnes-sorel", 1, ["t4t3", "d"]))]
    [23, 23, 16]
    """
    record = _as_record(record)
    state = record.initial_state()
    yield state
    for index, text in enumerate(record.moves):
        try:
            state = state.apply(Move.parse(text))
        except (MoveParseError, IllegalMoveError) as error:
            error.add_note(f"move {index + 1} of the record ({text!r})")
            raise
        yield state
