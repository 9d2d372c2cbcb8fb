"""JSON documents of variants, positions and moves (the ``agnes-rules/...`` formats).

Every document is a JSON object that names its format and the version of that
format, so that a reader can refuse what it does not understand instead of
guessing:

================================  =====================================================
``agnes-rules/variant``           a :class:`~agnes_rules.Variant`: its fields
``agnes-rules/game-state``        a :class:`~agnes_rules.GameState`, with its full variant
``agnes-rules/move``              a :class:`~agnes_rules.Move`, as its notation text
``agnes-rules/game-record``       a recorded game (:mod:`agnes_rules.records`)
================================  =====================================================

Cards are written as their text (``"TH"``), moves as their notation
(``"t1t4x3"``), enums as their values (``"same-colour"``), the base rank as its
letter (``"4"``, ``"T"``), every pile as an array from bottom to top.

>>> from agnes_rules.core.variant import Variant
>>> text = variant_to_json(Variant.named("agnes-sorel"))
>>> text[:60]
'{"format": "agnes-rules/variant", "version": 1, "name": "agn'
>>> variant_from_json(text) == Variant.named("agnes-sorel")
True

Reading is strict: unknown formats, newer versions, missing or extra fields,
values of the wrong type, non-canonical card texts and impossible positions are
refused with a :class:`~agnes_rules.errors.FormatError` whose ``path`` names the
offending field, as a JSON path:

>>> variant_from_json('{"format": "agnes-rules/variant", "version": 2}')
Traceback (most recent call last):
...
agnes_rules.errors.FormatError: $.version: version 2 of agnes-rules/variant is newer \
than this library reads (up to 1)
>>> state_from_json('{"format": "agnes-rules/move", "version": 1, "move": "d"}')
Traceback (most recent call last):
...
agnes_rules.errors.FormatError: $.format: expected 'agnes-rules/game-state', got \
'agnes-rules/move'
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from agnes_rules._documents import (
    FORMAT_VERSION,
    GAME_RECORD_FORMAT,
    GAME_STATE_FORMAT,
    MOVE_FORMAT,
    VARIANT_FORMAT,
    dump_json,
    envelope,
    load_json,
    make_converter,
    open_document,
)
from agnes_rules._documents import structure as _structure_with
from agnes_rules.core import registry
from agnes_rules.core.moves import Move
from agnes_rules.core.position import PositionParts
from agnes_rules.core.state import GameState
from agnes_rules.core.validity import location_path
from agnes_rules.core.variant import Variant
from agnes_rules.errors import ArgumentError, FormatError, PositionError

__all__ = [
    "FORMAT_VERSION",
    "GAME_RECORD_FORMAT",
    "GAME_STATE_FORMAT",
    "MOVE_FORMAT",
    "VARIANT_FORMAT",
    "move_from_json",
    "move_to_json",
    "state_from_json",
    "state_to_json",
    "variant_from_json",
    "variant_to_json",
]

T = TypeVar("T")

# This module's own converter: the records build theirs (see agnes_rules._documents).
_CONVERTER = make_converter()


def _structure(value: Any, type_: type[T], root: str = "$") -> T:
    """Read parsed JSON as a ``type_`` with this module's converter, or FormatError."""
    return _structure_with(_CONVERTER, value, type_, root)


# ------------------------------------------------------------------ variants


def variant_to_document(variant: Variant) -> dict[str, Any]:
    """The fields of ``variant`` as a JSON object (without the envelope)."""
    if not isinstance(variant, Variant):
        raise ArgumentError(f"expected a Variant, got {variant!r}")
    document: dict[str, Any] = _CONVERTER.unstructure(variant)
    return document


def variant_from_document(value: Any, root: str = "$") -> Variant:
    """Read the fields of a variant (no envelope); :class:`FormatError` names the bad field."""
    return _structure(value, Variant, root)


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
        raise ArgumentError(f"expected a Move, got {move!r}")
    return dump_json(envelope(MOVE_FORMAT, {"move": str(move)}), indent)


@attrs.frozen
class _MoveBody:
    move: Move


def move_from_json(text: str | bytes) -> Move:
    """Read an ``agnes-rules/move`` document."""
    return _structure(open_document(load_json(text), MOVE_FORMAT), _MoveBody).move


# ------------------------------------------------------------------ positions


#: The fields of a game-state document, in the order they are written.
_StateBody = PositionParts


def state_to_document(state: GameState) -> dict[str, Any]:
    """The parts of ``state`` as a JSON object (without the envelope)."""
    if not isinstance(state, GameState):
        raise ArgumentError(f"expected a GameState, got {state!r}")
    document: dict[str, Any] = _CONVERTER.unstructure(state.parts())
    return document


def state_from_document(value: Any, root: str = "$") -> GameState:
    """Read the parts of a position (no envelope); impossible positions are refused by path."""
    body = _structure(value, _StateBody, root)
    try:
        return GameState(**attrs.asdict(body, recurse=False))
    except PositionError as error:
        # The document lays a position out like its attributes, so a location is a JSON path.
        raise FormatError(location_path(error.location, root), error.reason) from None


def state_to_json(state: GameState, *, indent: int | None = None) -> str:
    """The ``agnes-rules/game-state`` document of ``state`` (with its full variant)."""
    return dump_json(envelope(GAME_STATE_FORMAT, state_to_document(state)), indent)


def state_from_json(text: str | bytes) -> GameState:
    """Read an ``agnes-rules/game-state`` document."""
    return state_from_document(open_document(load_json(text), GAME_STATE_FORMAT))


registry.register(Variant, "json", variant_to_json, variant_from_json)
registry.register(Move, "json", move_to_json, move_from_json)
registry.register(GameState, "json", state_to_json, state_from_json)
