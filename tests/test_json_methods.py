"""The JSON and position-code methods of the core classes (thin wrappers of the serializers).

The core classes get these methods by delegating to :mod:`agnes_rules.serialization`
and :mod:`agnes_rules.core.code`.
"""

from __future__ import annotations

import json

import pytest

from agnes_rules.core.code import state_to_code
from agnes_rules.core.moves import Move
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Variant
from agnes_rules.errors import FormatError
from agnes_rules.records import GameRecord
from agnes_rules.serialization import move_to_json, state_to_json, variant_to_json


def test_variant_json_methods() -> None:
    variant = Variant.named("agnes-bernauer")
    text = variant.to_json()
    assert text == variant_to_json(variant)
    assert Variant.from_json(text) == variant
    with pytest.raises(FormatError):
        Variant.from_json(state_to_json(GameState.deal("agnes-sorel", 1)))


def test_state_json_methods() -> None:
    state = GameState.deal("agnes-two", 4).apply(Move.parse("d"))
    text = state.to_json()
    assert text == state_to_json(state)
    assert GameState.from_json(text) == state
    assert json.loads(state.to_json(indent=2)) == json.loads(text)


def test_move_json_methods() -> None:
    move = Move.parse("t1t4x3")
    text = move.to_json()
    assert text == move_to_json(move)
    assert Move.from_json(text) == move


def test_position_code_methods() -> None:
    state = GameState.deal("agnes-bernauer", 9)
    code = state.to_code()
    assert code == state_to_code(state)
    assert GameState.from_code(code) == state


def test_record_json_methods() -> None:
    record = GameRecord("agnes-sorel", 1, ["t4t3", "d"])
    assert GameRecord.from_json(record.to_json()) == record
