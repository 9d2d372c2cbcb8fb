"""The JSON and position-code methods of the core classes (thin wrappers of the serializers).

The core classes get these methods by delegating to :mod:`agnes_rules.serialization`;
until a method exists its test is skipped.
"""

from __future__ import annotations

import json

import pytest

from agnes_rules.moves import Move
from agnes_rules.records import GameRecord
from agnes_rules.serialization import (
    FormatError,
    move_to_json,
    state_to_code,
    state_to_json,
    variant_to_json,
)
from agnes_rules.state import GameState
from agnes_rules.variant import Variant


def needs(cls: type, *names: str) -> None:
    missing = [name for name in names if not hasattr(cls, name)]
    if missing:
        pytest.skip(f"{cls.__name__} has no {', '.join(missing)} yet")


def test_variant_json_methods() -> None:
    needs(Variant, "to_json", "from_json")
    variant = Variant.named("agnes-bernauer")
    text = variant.to_json()  # type: ignore[attr-defined]
    assert text == variant_to_json(variant)
    assert Variant.from_json(text) == variant  # type: ignore[attr-defined]
    with pytest.raises(FormatError):
        Variant.from_json(state_to_json(GameState.deal("agnes-sorel", 1)))  # type: ignore[attr-defined]


def test_state_json_methods() -> None:
    needs(GameState, "to_json", "from_json")
    state = GameState.deal("agnes-two", 4).apply(Move.parse("d"))
    text = state.to_json()  # type: ignore[attr-defined]
    assert text == state_to_json(state)
    assert GameState.from_json(text) == state  # type: ignore[attr-defined]
    assert json.loads(state.to_json(indent=2)) == json.loads(text)  # type: ignore[attr-defined]


def test_move_json_methods() -> None:
    needs(Move, "to_json", "from_json")
    move = Move.parse("t1t4x3")
    text = move.to_json()  # type: ignore[attr-defined]
    assert text == move_to_json(move)
    assert Move.from_json(text) == move  # type: ignore[attr-defined]


def test_position_code_methods() -> None:
    needs(GameState, "to_code", "from_code")
    state = GameState.deal("agnes-bernauer", 9)
    code = state.to_code()  # type: ignore[attr-defined]
    assert code == state_to_code(state)
    assert GameState.from_code(code) == state  # type: ignore[attr-defined]


def test_record_json_methods() -> None:
    record = GameRecord("agnes-sorel", 1, ["t4t3", "d"])
    assert GameRecord.from_json(record.to_json()) == record
