"""Hypothesis strategies for positions reached by random play (shared by the front-end tests)."""

from __future__ import annotations

from hypothesis import strategies as st

from agnes_rules import VARIANTS, GameState, Variant

__all__ = ["playouts", "reached_states"]


@st.composite
def playouts(
    draw: st.DrawFn, variant: Variant | None = None, max_moves: int = 60
) -> list[GameState]:
    """Every position of a random game: a deal of a preset (or ``variant``), then random moves."""
    chosen = variant if variant is not None else draw(st.sampled_from(list(VARIANTS.values())))
    state = GameState.deal(chosen, draw(st.integers(1, 31999)))
    states = [state]
    for _ in range(draw(st.integers(0, max_moves))):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(moves[draw(st.integers(0, len(moves) - 1))])
        states.append(state)
    return states


def reached_states(
    variant: Variant | None = None, max_moves: int = 60
) -> st.SearchStrategy[GameState]:
    """The last position of a random game (see :func:`playouts`)."""
    return playouts(variant, max_moves).map(lambda states: states[-1])
