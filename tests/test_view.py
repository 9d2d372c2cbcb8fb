"""The player's view: hidden cards stay hidden, equal looks give equal views, round trips."""

from __future__ import annotations

import gc
import json
import pickle

import attrs
import pytest
from hypothesis import given, settings

from agnes_rules import Card, Column, FormatError, GameState
from agnes_rules.errors import ArgumentError
from agnes_rules.view import (
    PLAYER_VIEW_FORMAT,
    ColumnView,
    PlayerView,
    observation_limits,
    observation_size,
    player_view,
)
from tests.playouts import reached_states


def _rebuilt(state: GameState, down: list[list[Card]], stock: list[Card]) -> GameState:
    """``state`` with other face-down cards and another stock."""
    return GameState(
        state.variant,
        base_rank=state.base_rank,
        tableau=[
            Column(cards, column.face_up) for cards, column in zip(down, state.tableau, strict=True)
        ],
        foundations=state.foundations,
        reserve=state.reserve,
        spare=state.spare,
        stock=stock,
    )


def _look_alike(state: GameState) -> GameState:
    """Another position that looks the same: the hidden cards shuffled among their places."""
    down = [list(column.face_down) for column in state.tableau]
    hidden = [card for cards in down for card in cards] + list(state.stock)
    hidden = hidden[1:] + hidden[:1]  # every hidden card moves one place on
    places = [len(cards) for cards in down]
    moved: list[list[Card]] = []
    for count in places:
        moved.append(hidden[:count])
        hidden = hidden[count:]
    return _rebuilt(state, moved, hidden)


@pytest.mark.parametrize("name", ["agnes-sorel-quagnes", "agnes-bernauer", "agnes-sorel"])
def test_positions_that_look_the_same_give_equal_views(name: str) -> None:
    state = GameState.deal(name, 7)
    other = _look_alike(state)
    assert other != state
    assert player_view(other) == player_view(state)
    assert hash(player_view(other)) == hash(player_view(state))


def test_a_visible_difference_gives_different_views() -> None:
    state = GameState.deal("agnes-sorel", 1)
    assert player_view(state) != player_view(state.apply(state.legal_moves()[0]))


def _forms(view: PlayerView) -> list[object]:
    return [
        repr(view),
        str(view),
        view.to_json(),
        view.to_json(indent=2),
        view.to_code(),
        view.observation(),
        pickle.dumps(view),
        attrs.asdict(view),
        [
            getattr(view, name)
            for name in dir(view)
            if not name.startswith("__") and not callable(getattr(view, name))
        ],
        [getattr(view, name) for name in type(view).__slots__],
    ]


@pytest.mark.parametrize("name", ["agnes-sorel-quagnes", "agnes-bernauer", "agnes-two"])
def test_hidden_cards_cannot_be_recovered_from_any_form(name: str) -> None:
    state = GameState.deal(name, 11)
    other = _look_alike(state)
    view, other_view = player_view(state), player_view(other)
    # Every form of the view is the same for two positions that differ only in hidden
    # cards: so none of them can tell what the hidden cards are.
    assert _forms(view) == _forms(other_view)
    assert not hasattr(view, "__dict__")
    # No reference leads back to a position.
    seen: set[int] = set()
    todo: list[object] = [view]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen.add(id(item))
        assert not isinstance(item, GameState)
        todo.extend(gc.get_referents(item))


def test_what_is_unseen_is_derived() -> None:
    for name in ("agnes-sorel", "agnes-sorel-quagnes", "agnes-two"):
        state = GameState.deal(name, 3)
        hidden = [card for column in state.tableau for card in column.face_down]
        assert player_view(state).unseen == tuple(sorted(hidden + list(state.stock)))
    face_up = GameState.deal("agnes-sorel", 3)
    assert set(player_view(face_up).unseen) == set(face_up.stock)


@settings(max_examples=30, deadline=None)
@given(reached_states())
def test_documents_round_trip(state: GameState) -> None:
    view = player_view(state)
    assert PlayerView.from_json(view.to_json()) == view
    assert PlayerView.from_json(view.to_json(indent=1).encode()) == view
    assert PlayerView.from_code(view.to_code()) == view
    assert json.loads(view.to_json())["format"] == PLAYER_VIEW_FORMAT
    assert view.deals_left == state.deals_left and view.is_won == state.is_won


@settings(max_examples=30, deadline=None)
@given(reached_states())
def test_the_observation_has_the_variant_length_and_limits(state: GameState) -> None:
    view = player_view(state)
    observation = view.observation()
    limits = observation_limits(state.variant)
    assert len(observation) == observation_size(state.variant) == len(limits)
    assert all(0 <= value < limit for value, limit in zip(observation, limits, strict=True))
    assert observation[:2] == (state.base_rank, len(state.stock))


def test_the_observation_places_each_card() -> None:
    state = GameState.deal("agnes-sorel", 1)
    observation = player_view(state).observation()
    offset = 2 + 7

    def place(text: str) -> tuple[int, int]:
        index = offset + 2 * Card.parse(text).index
        return observation[index], observation[index + 1]

    assert place("4H") == (3, 0)  # the base card: foundation 3 (hearts), at the bottom
    assert place("QH") == (5, 0)  # column 1 is place 4 + 1 after the foundations
    assert place("TS") == (6, 1)  # on top of the 7H in column 2
    assert place("AC") == (0, 0)  # in the stock


def test_two_deck_observations_sort_the_copies() -> None:
    state = GameState.deal("agnes-two", 1)
    assert player_view(state).observation() == player_view(_look_alike(state)).observation()


def test_views_built_from_parts_are_checked() -> None:
    view = player_view(GameState.deal("agnes-sorel", 1))
    from_lists = PlayerView(
        view.variant,
        view.base_rank,
        [list(pile) for pile in view.foundations],
        list(view.tableau),
        [],
        [],
        view.stock_count,
    )
    assert from_lists == view and hash(from_lists) == hash(view)
    with pytest.raises(ArgumentError, match="sequence"):
        attrs.evolve(view, reserve=3)
    with pytest.raises(ArgumentError, match="7 columns"):
        attrs.evolve(view, tableau=view.tableau[:-1])
    with pytest.raises(ArgumentError, match="52 cards"):
        attrs.evolve(view, stock_count=3)
    with pytest.raises(ArgumentError, match="face-up card"):
        attrs.evolve(view, tableau=(ColumnView(1, ()),) + view.tableau[1:], stock_count=23)
    with pytest.raises(ArgumentError, match="more than 1"):
        attrs.evolve(
            view,
            spare=(),
            reserve=(),
            stock_count=22,
            tableau=(ColumnView(0, (Card.parse("QH"), Card.parse("QH"))),) + view.tableau[1:],
        )
    with pytest.raises(ArgumentError, match="foundation 1"):
        attrs.evolve(view, foundations=((Card.parse("5C"),),) + view.foundations[1:])
    with pytest.raises(ArgumentError):
        player_view("agnes-sorel")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("[]", "$"),
        ('{"format": "agnes-rules/game-state", "version": 1}', "$.format"),
        ('{"format": "agnes-rules/player-view", "version": 9}', "$.version"),
        ("not json", "$"),
    ],
)
def test_bad_documents_are_refused(text: str, path: str) -> None:
    with pytest.raises(FormatError) as caught:
        PlayerView.from_json(text)
    assert caught.value.path == path


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.pop("stock_count"), "$.stock_count"),
        (lambda d: d.update(extra=1), "$.extra"),
        (lambda d: d["variant"].update(piles="7"), "$.variant.piles"),
        (lambda d: d.update(base_rank="10"), "$.base_rank"),
        (lambda d: d["tableau"][1].update(face_up=["th"]), "$.tableau[1].face_up[0]"),
        (lambda d: d["tableau"][1].update(face_down_count=-1), "$.tableau[1].face_down_count"),
        (lambda d: d["tableau"].append({}), "$.tableau[7]"),
        (lambda d: d.update(stock_count=2), "$"),
        (lambda d: d.update(spare=["1S"]), "$.spare[0]"),
    ],
)
def test_bad_fields_are_named(change: object, path: str) -> None:
    document = json.loads(player_view(GameState.deal("agnes-sorel", 1)).to_json())
    change(document)  # type: ignore[operator]
    with pytest.raises(FormatError) as caught:
        PlayerView.from_json(json.dumps(document))
    assert caught.value.path == path


@pytest.mark.parametrize(
    "code",
    [
        "agnes-sorel 4 f:-/-/4H/- t:QH d:23",
        "agnes-sorel X f:-/-/4H/- t:QH/?? d:23",
        "agnes-sorel 4 f:-/-/4H/- t:QH/??TS/????5C/??????4C/????????3C/??????????AH/?? d:x",
        "agnes-sorel 4 f:-/-/4S/- t:QH/??TS/????5C/??????4C/????????3C/??????????AH/?? d:1",
        "agnes-sorel 4 f:-/-/4H/- x:QH/??TS/????5C/??????4C/????????3C/??????????AH/?? d:1",
        "agnes-sorel 4 f:-/-/4H/- t:QH/??TS/????5C/??????4C/????????3C/??????????AH/?A d:1",
        "agnes-sorel 4 f:-/-/4H/- t:QH/TS??/????5C/??????4C/????????3C/??????????AH/?? d:1",
        "agnes 4 f:-/-/4H/- t:QH d:23",
    ],
)
def test_bad_codes_are_refused(code: str) -> None:
    with pytest.raises(FormatError):
        PlayerView.from_code(code)
    with pytest.raises(FormatError):
        PlayerView.from_code(3)  # type: ignore[arg-type]
