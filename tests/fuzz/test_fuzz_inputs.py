"""Fuzzing the readers of text and the constructors that take outside values.

Each test feeds one entry point hostile input and checks the contract of
:mod:`tests.fuzz.contract`: a result or a package error with a message, in
bounded time; an accepted input round-trips exactly; a refused move leaves
the position as it was.
"""

from __future__ import annotations

import copy
import pickle

from hypothesis import given
from hypothesis import strategies as st

from agnes_rules import Card, GameState, Move, Variant
from agnes_rules.core.moves import Area
from agnes_rules.errors import AgnesError
from agnes_rules.quagnes import read_deck
from agnes_rules.view import PlayerView, player_view
from tests.fuzz.contract import any_value, mutated_text, outcome

PRESETS = ("agnes-sorel", "agnes-bernauer", "agnes-sorel-quagnes")
STATES = {name: [GameState.deal(name, number) for number in (1, 2, 77)] for name in PRESETS}
#: Positions a few moves into a game too, where more moves are legal.
for states in STATES.values():
    state = states[0]
    for _ in range(6):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(moves[-1])
    states.append(state)
ALL_STATES = [state for states in STATES.values() for state in states]
CODES = [state.to_code() for state in ALL_STATES]
MOVE_TEXTS = sorted({str(move) for state in ALL_STATES for move in state.legal_moves()})

texts = st.one_of(
    st.text(max_size=30),
    st.sampled_from(MOVE_TEXTS).flatmap(mutated_text),
    st.sampled_from(["TH", "10h", "as", "1H", "KS", "??"]).flatmap(mutated_text),
    any_value,
)


@given(texts)
def test_card_parse(text: object) -> None:
    card = outcome(Card.parse, text)
    if isinstance(card, Card):
        assert Card.parse(str(card)) == card


@given(texts)
def test_move_parse(text: object) -> None:
    move = outcome(Move.parse, text)
    if isinstance(move, Move):
        assert Move.parse(str(move)) == move
        assert Move.from_json(move.to_json()) == move


@given(st.sampled_from(ALL_STATES), texts)
def test_parse_move_in_a_position(state: GameState, text: object) -> None:
    move = outcome(state.parse_move, text)
    if isinstance(move, Move):
        assert state.parse_move(str(move)) == move


fields = st.one_of(st.integers(-3, 12), any_value)


@given(
    st.sampled_from(ALL_STATES),
    st.one_of(st.sampled_from(list(Area)), any_value),
    fields,
    st.one_of(st.none(), st.sampled_from(list(Area)), any_value),
    fields,
    fields,
)
def test_move_fields_and_apply(
    state: GameState, source: object, index: object, target: object, column: object, count: object
) -> None:
    move = outcome(Move, source, index, target, column, count)
    if not isinstance(move, Move):
        return
    assert Move.parse(str(move)) == move
    before, code = pickle.dumps(state), state.to_code()
    after = outcome(state.apply, move)
    # Nothing half-applied: the position is what it was, applied or refused.
    assert state.to_code() == code and pickle.dumps(state) == before
    if isinstance(after, GameState):
        assert move in state.legal_moves()
        assert GameState.from_code(after.to_code()) == after


@given(st.one_of(st.sampled_from(CODES).flatmap(mutated_text), st.text(max_size=60), any_value))
def test_position_code(text: object) -> None:
    state = outcome(GameState.from_code, text)
    if isinstance(state, GameState):
        assert GameState.from_code(state.to_code()) == state
        assert GameState.from_json(state.to_json()) == state


VIEW_CODES = [player_view(state).to_code() for state in ALL_STATES]


@given(st.one_of(st.sampled_from(VIEW_CODES).flatmap(mutated_text), any_value))
def test_player_view_code(text: object) -> None:
    view = outcome(PlayerView.from_code, text)
    if isinstance(view, PlayerView):
        assert PlayerView.from_code(view.to_code()) == view


def _deck_text() -> str:
    lines = [f"({rank}, {suit})" for suit in range(4) for rank in range(13)]
    return "\n".join(lines) + "\n"


@given(st.one_of(st.just(_deck_text()).flatmap(mutated_text), any_value))
def test_quagnes_deck(text: object) -> None:
    deck = outcome(read_deck, text)
    if isinstance(deck, tuple):
        assert sorted(deck) == sorted(read_deck(_deck_text()))
        outcome(GameState.from_deck, "agnes-sorel-quagnes", deck)


@given(
    st.one_of(st.sampled_from(PRESETS), any_value),
    st.one_of(st.integers(), st.integers(-5, 40_000), any_value),
)
def test_deal_numbers(variant: object, number: object) -> None:
    state = outcome(GameState.deal, variant, number)
    if isinstance(state, GameState):
        assert GameState.from_code(state.to_code()) == state
        assert copy.deepcopy(state) == state


@given(st.one_of(st.sampled_from(PRESETS).flatmap(mutated_text), any_value))
def test_variant_names(name: object) -> None:
    variant = outcome(Variant.named, name)
    assert isinstance(variant, Variant | AgnesError)
