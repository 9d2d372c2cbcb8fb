"""Fuzzing the JSON readers with broken documents of every format.

Every reader is fed every kind of document (a variant document given to the
record reader is hostile input too); an accepted document must round-trip.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from agnes_rules import GameState, Move, Variant
from agnes_rules.records import GameRecord, validate
from agnes_rules.view import PlayerView, player_view
from tests.fuzz.contract import any_value, mutated_document, outcome

STATE = GameState.deal("agnes-sorel", 3)
LINE = []
_state = STATE
for _ in range(8):
    _moves = _state.legal_moves()
    if not _moves:
        break
    LINE.append(_moves[0])
    _state = _state.apply(_moves[0])
RECORD = GameRecord("agnes-sorel", 3, LINE)
DOCUMENTS = [
    Variant.named("agnes-bernauer").to_json(),
    GameState.deal("agnes-bernauer", 5).to_json(),
    _state.to_json(),
    Move.parse("t1t4x3").to_json(),
    RECORD.to_json(),
    GameRecord("agnes-sorel", STATE.deck_order(), LINE).to_json()
    if hasattr(STATE, "deck_order")
    else RECORD.to_json(indent=2),
    player_view(_state).to_json(),
]

READERS: list[Callable[[Any], Any]] = [
    Variant.from_json,
    GameState.from_json,
    Move.from_json,
    GameRecord.from_json,
    PlayerView.from_json,
]

documents = st.one_of(st.sampled_from(DOCUMENTS).flatmap(mutated_document), any_value)


@given(documents, st.sampled_from(READERS))
def test_readers(document: object, reader: Callable[[Any], Any]) -> None:
    value = outcome(reader, document)
    if not isinstance(value, Exception):
        assert type(value).from_json(value.to_json()) == value
        assert type(value).from_json(value.to_json(indent=2)) == value


@given(documents)
def test_validate(document: object) -> None:
    report = outcome(validate, document)
    if not isinstance(report, Exception) and report.ok:
        assert report.moves_played >= 0
