"""Hypothesis strategies shared by the property tests."""

from __future__ import annotations

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
    VariantError,
)

presets = st.sampled_from(list(VARIANTS.values()))
names = st.text(min_size=1, max_size=12).filter(lambda name: name.strip())


@st.composite
def custom_variants(draw: st.DrawFn) -> Variant:
    """A valid point of the configuration space, with any name (spaces, colons, slashes...)."""
    decks = draw(st.sampled_from([1, 2]))
    piles = draw(st.integers(1, 8 if decks == 1 else 13))
    reserve = draw(st.sampled_from([0, piles]))
    try:
        return Variant(
            name=draw(names),
            decks=decks,
            piles=piles,
            packing=draw(st.sampled_from(Packing)),
            tableau_wrap=draw(st.sampled_from(TableauWrap)),
            movable_runs=draw(st.sampled_from(MovableRuns)),
            split_runs=draw(st.booleans()),
            vacancy=draw(st.sampled_from(Vacancy)),
            reserve=reserve,
            stock_to=draw(st.sampled_from(StockTarget)) if reserve else StockTarget.TABLEAU,
            leftover=draw(st.sampled_from(Leftover)),
            face_down=draw(st.booleans()),
        )
    except VariantError:
        # Too many columns and reserve piles for the cards: not a variant at all.
        return draw(presets)


variants = st.one_of(presets, custom_variants())
game_numbers = st.one_of(st.integers(1, 31999), st.integers(32000, 10**20 - 1))

__all__ = ["custom_variants", "game_numbers", "names", "presets", "variants"]
