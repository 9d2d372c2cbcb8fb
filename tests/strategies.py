"""Hypothesis strategies shared by the property tests."""

from __future__ import annotations

import attrs
from hypothesis import strategies as st

from agnes_rules import (
    VARIANTS,
    Leftover,
    MovableRuns,
    Packing,
    StockTarget,
    TableauWrap,
    Vacancy,
    Variant,
)

presets = st.sampled_from(list(VARIANTS.values()))


@st.composite
def custom_variants(draw: st.DrawFn) -> Variant:
    """Any point of the configuration space (one or two decks, with or without a reserve)."""
    decks = draw(st.sampled_from([1, 1, 2]))
    piles = draw(st.sampled_from([7, 10] if decks == 2 else [5, 6, 7]))
    reserve = draw(st.sampled_from([0, piles]))
    stock_to = draw(st.sampled_from([StockTarget.TABLEAU, StockTarget.RESERVE]))
    return Variant(
        name="custom",
        decks=decks,
        piles=piles,
        packing=draw(st.sampled_from(Packing)),
        tableau_wrap=draw(st.sampled_from(TableauWrap)),
        movable_runs=draw(st.sampled_from(MovableRuns)),
        split_runs=draw(st.booleans()),
        vacancy=draw(st.sampled_from(Vacancy)),
        reserve=reserve,
        stock_to=stock_to if reserve else StockTarget.TABLEAU,
        leftover=draw(st.sampled_from(Leftover)),
        face_down=draw(st.booleans()),
    )


variants = st.one_of(presets, custom_variants())
game_numbers = st.one_of(st.integers(1, 31999), st.integers(32000, 10**20 - 1))

__all__ = ["attrs", "custom_variants", "game_numbers", "presets", "variants"]
