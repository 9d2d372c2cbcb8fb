"""The compact representation: views, identity, frozenness, the parts object."""

from __future__ import annotations

import pickle

import attrs
import pytest

from agnes_rules import Card, Column, GameState
from agnes_rules.core.position import Position, PositionParts


def test_the_views_turn_indices_into_cards() -> None:
    state = GameState.deal("agnes-bernauer", 1)
    assert isinstance(state, Position)
    assert state.tableau[1] == Column((Card.parse("7H"),), (Card.parse("TS"),))
    assert state._down[1] == (Card.parse("7H").index,)
    assert state.reserve[0] == (Card.parse("4H"),)
    assert state.spare == (None, None) and state._spare == (-1, -1)
    assert state.foundations[2] == (Card.parse("TH"),) and state._found == (0, 0, 1, 0)
    assert [card.index for card in state.stock] == list(state._stock)


def test_a_successor_shares_the_variant_and_rule_tables() -> None:
    state = GameState.deal("agnes-sorel", 1)
    after = state._successor(
        state._down, state._up, state._reserve, state._spare, state._found, state._stock
    )
    assert type(after) is GameState
    assert after == state and hash(after) == hash(state) and after is not state
    assert after._rules is state._rules and after.variant is state.variant


def test_positions_are_frozen() -> None:
    # The public attributes are read-only properties (AttributeError; before the compiled
    # build, attrs' FrozenInstanceError, a subclass of it).
    state = GameState.deal("agnes-sorel", 1)
    with pytest.raises(AttributeError):
        state.base_rank = state.base_rank  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del state.variant  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.tableau = ()  # type: ignore[misc]
    assert not hasattr(state, "__dict__")


def test_pickling_keeps_the_class_and_the_position() -> None:
    state = GameState.deal("agnes-two", 4).play(["d"])
    copy = pickle.loads(pickle.dumps(state))
    assert type(copy) is GameState and copy == state
    assert copy.legal_moves() == state.legal_moves()


def test_equality_needs_a_position() -> None:
    state = GameState.deal("agnes-sorel", 1)
    assert state != state.to_code()
    assert state != GameState.deal("agnes-sorel", 2)


def test_the_parts_are_in_document_order() -> None:
    names = [field.name for field in attrs.fields(PositionParts)]
    assert names == [
        "variant",
        "base_rank",
        "foundations",
        "tableau",
        "reserve",
        "spare",
        "stock",
    ]
    state = GameState.deal("agnes-bernauer", 2)
    parts = PositionParts(**{name: getattr(state, name) for name in names})
    assert GameState(**attrs.asdict(parts, recurse=False)) == state
