"""The registry through which core objects reach the format modules above them."""

from __future__ import annotations

import pytest

import agnes_rules  # noqa: F401  (the package root imports every format module)
from agnes_rules.core import registry
from agnes_rules.core.moves import Move
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import Variant
from agnes_rules.errors import AgnesError, NotRegisteredError


class Thing:
    """A type no format module knows."""


def test_the_formats_register_what_the_core_promises() -> None:
    for kind in (Variant, Move, GameState):
        assert registry.writer(kind, "json").__module__ == "agnes_rules.serialization"
        assert registry.reader(kind, "json").__module__ == "agnes_rules.serialization"
    assert registry.writer(GameState, "svg").__module__ == "agnes_rules.svg"


def test_core_methods_go_through_the_registry() -> None:
    state = GameState.deal("agnes-sorel", 2)
    assert GameState.from_json(state.to_json()) == state
    assert state.to_svg() == registry.writer(GameState, "svg")(state)


def test_an_unknown_format_is_a_packaging_error() -> None:
    with pytest.raises(NotRegisteredError, match="no json writer for Thing") as caught:
        registry.writer(Thing, "json")
    assert isinstance(caught.value, AgnesError) and isinstance(caught.value, LookupError)
    with pytest.raises(NotRegisteredError, match="no yaml reader for Variant"):
        registry.reader(Variant, "yaml")


def test_registering_a_writer_and_a_reader() -> None:
    try:
        registry.register(Thing, "text", lambda thing: "a thing", lambda text: Thing())
        assert registry.writer(Thing, "text")(Thing()) == "a thing"
        assert isinstance(registry.reader(Thing, "text")("a thing"), Thing)
        registry.register(Thing, "only-written", lambda thing: "x")
        with pytest.raises(NotRegisteredError):
            registry.reader(Thing, "only-written")
    finally:
        for table in (registry._WRITERS, registry._READERS):
            for key in [key for key in table if key[0] is Thing]:
                del table[key]
