"""The action space: a bijection with the moves a variant can name, and masks of legal moves."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agnes_rules import VARIANTS, ActionSpace, GameState, Move, Variant
from agnes_rules.actions import longest_run
from agnes_rules.errors import ArgumentError
from tests.playouts import playouts
from tests.strategies import custom_variants


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_numbering_is_a_bijection(name: str) -> None:
    space = ActionSpace(name)
    assert len(set(space.moves)) == space.size == len(space.moves)
    for action, move in enumerate(space.moves):
        assert space.decode(action) == move
        assert space.encode(move) == action
        assert space.encode(str(move)) == action
    assert space.decode(0) == Move.deal()


@pytest.mark.parametrize("name", list(VARIANTS))
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_every_legal_move_of_random_play_is_an_action(name: str, data: st.DataObject) -> None:
    space = ActionSpace(name)
    for state in data.draw(playouts(VARIANTS[name], max_moves=120)):
        legal = state.legal_moves()
        mask = space.mask(state)
        assert len(mask) == space.size
        assert {space.decode(action) for action, ok in enumerate(mask) if ok} == set(legal)
        assert space.legal_actions(state) == tuple(sorted(space.encode(m) for m in legal))


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_custom_variants_too(data: st.DataObject) -> None:
    variant = data.draw(custom_variants())
    space = ActionSpace(variant)
    for state in data.draw(playouts(variant, max_moves=80)):
        for move in state.legal_moves():
            assert space.decode(space.encode(move)) == move
            assert move.count <= longest_run(variant)


@pytest.mark.parametrize("action", [-1, 554, True, "3", 1.5, None])
def test_bad_actions_are_refused(action: object) -> None:
    with pytest.raises(ArgumentError):
        ActionSpace("agnes-sorel").decode(action)  # type: ignore[arg-type]


@pytest.mark.parametrize("move", ["t1r2", "f1t2", "t8f", "t1t1", "t1t2x14", "r1t2", "s1f"])
def test_moves_the_variant_cannot_name_are_refused(move: str) -> None:
    with pytest.raises(ArgumentError, match="action space"):
        ActionSpace("agnes-sorel").encode(move)


def test_positions_of_another_variant_are_refused() -> None:
    space = ActionSpace("agnes-sorel")
    with pytest.raises(ArgumentError, match="agnes-bernauer"):
        space.mask(GameState.deal("agnes-bernauer", 1))
    with pytest.raises(ArgumentError):
        space.mask("agnes-sorel")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        space.encode(3)  # type: ignore[arg-type]


def test_spaces_are_values() -> None:
    space = ActionSpace("agnes-two")
    assert space == ActionSpace(Variant.named("agnes-two")) != ActionSpace("agnes-sorel")
    assert hash(space) == hash(ActionSpace("agnes-two"))
    assert pickle.loads(pickle.dumps(space)) == space
    assert repr(space) == "<ActionSpace agnes-two: 9391 actions>"
    assert space != "agnes-two"
    with pytest.raises(AttributeError):
        space.variant = Variant.named("agnes-sorel")  # type: ignore[misc]


def test_longest_runs() -> None:
    assert [longest_run(variant) for variant in VARIANTS.values()] == [
        13,
        13,
        26,
        13,
        13,
        51,
        51,
        51,
        103,
    ]
