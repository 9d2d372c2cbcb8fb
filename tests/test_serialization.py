"""JSON documents and the one-line position code: exact round trips and strict reading."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from cattrs.errors import StructureHandlerNotFoundError
from hypothesis import given
from hypothesis import strategies as st

from agnes_rules import records, serialization
from agnes_rules.cards import Card
from agnes_rules.core.code import state_to_code, variant_code
from agnes_rules.core.moves import Area, Move
from agnes_rules.core.state import GameState, state_from_code
from agnes_rules.core.variant import (
    VARIANTS,
    PresetName,
    Vacancy,
    Variant,
)
from agnes_rules.errors import AgnesError, ArgumentError, FormatError
from agnes_rules.serialization import (
    FORMAT_VERSION,
    move_from_json,
    move_to_json,
    state_from_json,
    state_to_json,
    variant_from_json,
    variant_to_json,
)
from tests.strategies import game_numbers, presets, variants

# ------------------------------------------------------------------ strategies


def random_line(state: GameState, moves: int, rng: random.Random) -> list[Move]:
    """Up to ``moves`` random legal moves played one after the other from ``state``."""
    line = []
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        line.append(rng.choice(legal))
        state = state.apply(line[-1])
    return line


def play_randomly(state: GameState, moves: int, rng: random.Random) -> list[GameState]:
    """The positions of up to ``moves`` random legal moves from ``state``, ``state`` first."""
    states = [state]
    for move in random_line(state, moves, rng):
        states.append(states[-1].apply(move))
    return states


@st.composite
def reachable_states(draw: st.DrawFn, variant_strategy: Any = variants) -> GameState:
    """A position reached by random legal play on a random deal."""
    variant = draw(variant_strategy)
    start = GameState.deal(variant, draw(game_numbers))
    rng = draw(st.randoms(use_true_random=False))
    return play_randomly(start, draw(st.integers(0, 150)), rng)[-1]


any_moves = (
    st.builds(
        Move,
        st.sampled_from([Area.TABLEAU, Area.RESERVE, Area.SPARE, Area.FOUNDATION]),
        st.integers(0, 12),
        st.sampled_from([Area.TABLEAU, Area.RESERVE, Area.SPARE]),
        st.integers(0, 12),
        st.integers(1, 13),
    )
    | st.builds(Move.to_foundation, st.sampled_from(list(Area)[1:4]), st.integers(0, 12))
    | st.just(Move.deal())
)


# ------------------------------------------------------------------ round trips


@given(reachable_states())
def test_state_json_round_trip(state: GameState) -> None:
    assert state_from_json(state_to_json(state)) == state


@given(reachable_states(presets))
def test_state_json_round_trip_in_every_preset(state: GameState) -> None:
    text = state_to_json(state, indent=2)
    assert state_from_json(text) == state
    assert state_from_json(text.encode("utf-8")) == state


@pytest.mark.parametrize("name", list(VARIANTS))
def test_round_trips_along_a_random_game_of_each_preset(name: str) -> None:
    rng = random.Random(name)
    for state in play_randomly(GameState.deal(name, 7), 300, rng):
        assert state_from_json(state_to_json(state)) == state
        assert state_from_code(state_to_code(state)) == state
        for move in state.legal_moves():
            assert move_from_json(move_to_json(move)) == move


@given(reachable_states())
def test_position_code_round_trip(state: GameState) -> None:
    code = state_to_code(state)
    assert "\n" not in code
    assert state_from_code(code) == state
    assert state_to_code(state_from_code(code)) == code


@given(variants)
def test_variant_json_round_trip(variant: Variant) -> None:
    assert variant_from_json(variant_to_json(variant)) == variant


@given(any_moves)
def test_move_json_round_trip(move: Move) -> None:
    text = move_to_json(move)
    assert move_from_json(text) == move
    assert json.loads(text)["move"] == str(move)


@given(reachable_states())
def test_every_document_names_its_format_and_version(state: GameState) -> None:
    documents = {
        "agnes-rules/game-state": state_to_json(state),
        "agnes-rules/variant": variant_to_json(state.variant),
        "agnes-rules/move": move_to_json(Move.deal()),
    }
    for format_name, text in documents.items():
        document = json.loads(text)
        assert (document["format"], document["version"]) == (format_name, FORMAT_VERSION)


def test_state_document_shape() -> None:
    state = GameState.deal("agnes-bernauer", 1)
    document = json.loads(state_to_json(state))
    assert list(document) == [
        "format",
        "version",
        "variant",
        "base_rank",
        "foundations",
        "tableau",
        "reserve",
        "spare",
        "stock",
    ]
    assert document["variant"]["packing"] == "alternate-colour"
    assert document["base_rank"] == "T"
    assert document["foundations"] == [[], [], ["TH"], []]
    assert document["tableau"][1] == {"face_down": ["7H"], "face_up": ["TS"]}
    assert document["reserve"][0] == ["4H"]
    assert document["spare"] == [None, None]
    assert len(document["stock"]) == 16


def test_custom_variant_code_embeds_every_field() -> None:
    variant = attrs.evolve(
        Variant.named("agnes-bernauer"), name="club: rules/2 ü", vacancy=Vacancy.ANY_RUN
    )
    code = variant_code(variant)
    assert code.startswith("custom:club%3A%20rules%2F2%20%C3%BC:1:7:alternate-colour:")
    state = GameState.deal(variant, 99)
    assert state_from_code(state_to_code(state)) == state
    # A preset changed but keeping its name is not mistaken for the preset.
    same_name = attrs.evolve(Variant.named("agnes-sorel"), vacancy=Vacancy.NONE)
    assert variant_code(same_name).startswith("custom:agnes-sorel:")


# ------------------------------------------------------------------ refusals


def document(state: GameState | None = None) -> dict[str, Any]:
    state = state or GameState.deal("agnes-bernauer", 1)
    result: dict[str, Any] = json.loads(state_to_json(state))
    return result


def refusal(data: object) -> FormatError:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(FormatError) as caught:
        state_from_json(text)
    return caught.value


def test_format_error_is_a_value_error_with_a_path() -> None:
    error = refusal("{")
    assert isinstance(error, ValueError)
    assert isinstance(error, AgnesError)
    assert error.path == "$"
    assert str(error).startswith("$: not valid JSON")


@pytest.mark.parametrize("cut", [1, 40, 200, -2])
def test_truncated_json_is_refused(cut: int) -> None:
    text = state_to_json(GameState.deal("agnes-sorel", 3))
    error = refusal(text[:cut])
    assert error.path == "$"
    assert "not valid JSON (truncated or malformed)" in error.reason


def test_envelope_problems_are_named() -> None:
    data = document()
    assert refusal({**data, "format": "agnes-rules/variant"}).path == "$.format"
    unknown = refusal({**data, "format": "chess/fen"})
    assert "the formats are" in unknown.reason
    newer = refusal({**data, "version": 2})
    assert newer.path == "$.version"
    assert newer.reason == (
        "version 2 of agnes-rules/game-state is newer than this library reads (up to 1)"
    )
    assert refusal({**data, "version": "1"}).reason == "expected an integer, got a string"
    assert refusal({**data, "version": 0}).path == "$.version"
    without = dict(data)
    del without["format"]
    assert refusal(without).path == "$.format"
    assert refusal([data]).reason.startswith("expected a JSON object")


@pytest.mark.parametrize(
    ("change", "path", "reason"),
    [
        (lambda d: d.pop("stock"), "$.stock", "required field is missing"),
        (lambda d: d.update(extra=1), "$.extra", "unexpected field"),
        (lambda d: d["variant"].pop("face_down"), "$.variant.face_down", "required field"),
        (lambda d: d["variant"].update(colour="red"), "$.variant.colour", "unexpected field"),
        (lambda d: d["variant"].update(decks="1"), "$.variant.decks", "expected an integer"),
        (lambda d: d["variant"].update(decks=True), "$.variant.decks", "expected an integer"),
        (lambda d: d["variant"].update(split_runs=0), "$.variant.split_runs", "true or false"),
        (lambda d: d["variant"].update(packing="red"), "$.variant.packing", "expected one of"),
        (lambda d: d["variant"].update(reserve=3), "$.variant.reserve", "reserve must be 0"),
        (lambda d: d.update(base_rank=10), "$.base_rank", "expected a rank letter"),
        (lambda d: d.update(base_rank="10"), "$.base_rank", "not a rank letter"),
        (lambda d: d.update(stock="AC 2C"), "$.stock", "expected an array"),
        (lambda d: d["stock"].__setitem__(3, "10C"), "$.stock[3]", "canonical form 'TC'"),
        (lambda d: d["stock"].__setitem__(3, "th"), "$.stock[3]", "canonical form 'TH'"),
        (lambda d: d["stock"].__setitem__(3, 7), "$.stock[3]", "expected a card text"),
        (lambda d: d["stock"].__setitem__(3, "1H"), "$.stock[3]", "is not a card"),
        (lambda d: d["tableau"].__setitem__(2, []), "$.tableau[2]", "expected an object"),
        (lambda d: d["tableau"][2].pop("face_up"), "$.tableau[2].face_up", "required field"),
        (lambda d: d["spare"].__setitem__(1, ["AC"]), "$.spare[1]", "expected a card text"),
    ],
)
def test_wrong_fields_and_types_are_named(change: Any, path: str, reason: str) -> None:
    data = document()
    change(data)
    error = refusal(data)
    assert error.path == path
    assert reason in error.reason


def test_impossible_positions_are_refused_by_path() -> None:
    data = document()
    data["tableau"][2]["face_up"][0] = "QH"  # QH is also the card of column 1
    error = refusal(data)
    assert error.path == "$.tableau[2].face_up[0]"
    assert error.reason.startswith("duplicate card QH (also at $.tableau[0].face_up[0])")

    data = document()
    data["stock"].pop()
    error = refusal(data)
    assert (error.path, error.reason) == ("$", "the position lacks card(s) 6H")

    data = document()
    data["foundations"][2] = ["TH", "QH"]
    data["tableau"][0]["face_up"] = []
    error = refusal(data)
    assert error.path == "$.foundations[2][1]"
    assert "card 2 is QH, but from base rank T it must be JH" in error.reason

    data = document()
    data["foundations"][1] = ["TH"]
    data["foundations"][2] = []
    assert refusal(data).path == "$.foundations[1][0]"

    data = document()
    data["tableau"].pop()
    assert refusal(data).reason == "expected 7 tableau columns, got 6 (variant agnes-bernauer)"

    data = document(GameState.deal("agnes-sorel", 1))
    data["tableau"][3]["face_down"] = data["tableau"][3]["face_up"][:1]
    data["tableau"][3]["face_up"] = data["tableau"][3]["face_up"][1:]
    assert refusal(data).path == "$.tableau[3].face_down"


def test_positions_that_only_the_rules_forbid_are_refused_at_the_root() -> None:
    data = document()
    # A full stock, and yet cards in the spare spaces: every card is there once, but no
    # game can reach it.
    data["spare"] = [data["reserve"][0][0], None]
    data["reserve"][0] = []
    error = refusal(data)
    assert error.path == "$"
    assert "spare spaces are filled only when the stock runs out" in error.reason


def test_duplicate_keys_and_constants_are_refused() -> None:
    text = state_to_json(GameState.deal("agnes-sorel", 1))
    assert "appears twice" in refusal(text.replace('{"format"', '{"stock": [], "format"')).reason
    assert "NaN" in refusal('{"format": NaN}').reason


def test_variant_and_move_documents_are_strict_too() -> None:
    data = json.loads(variant_to_json(Variant.named("agnes-sorel")))
    with pytest.raises(FormatError, match=r"^\$\.piles: piles must be an integer in 1\.\.13"):
        variant_from_json(json.dumps({**data, "piles": 20}))
    with pytest.raises(FormatError, match=r"^\$\.move: a count of 1 is written without 'x1'"):
        move_from_json('{"format": "agnes-rules/move", "version": 1, "move": "t1t4x1"}')
    with pytest.raises(FormatError, match=r"^\$\.move: move ' d' must be written"):
        move_from_json('{"format": "agnes-rules/move", "version": 1, "move": " d"}')
    with pytest.raises(FormatError, match=r"^\$: expected JSON text"):
        move_from_json(42)  # type: ignore[arg-type]


# ------------------------------------------------------------------ position code refusals


@pytest.mark.parametrize(
    ("change", "path", "reason"),
    [
        (lambda c: "agnes " + c.split(" ", 1)[1], "variant", "unknown variant 'agnes'"),
        (lambda c: c.replace("agnes-sorel 4", "agnes-sorel 10"), "base rank", "one rank letter"),
        (lambda c: c.replace(" d:", " x:"), "stock", "starting 'd:'"),
        (lambda c: c.replace("t:QH/", "t:QH//"), "column 2", "an empty pile is written '-'"),
        (lambda c: c.replace("t:QH/", "t:Qh/"), "tableau column 1", "is not a card"),
        (lambda c: c.replace("t:QH/7HTS", "t:QH/7H9"), "tableau column 2", "two-character"),
        (lambda c: c.replace("t:QH/7HTS", "t:QH/7Hts"), "tableau column 2", "lies over"),
        (lambda c: c.replace("f:-/-/4H/-", "f:-/4H/-/-"), "foundation 2", "builds diamonds"),
        (lambda c: c.replace("d:AC", "d:ac"), "stock", "only tableau cards can be face down"),
        (lambda c: c.replace("d:AC", "d:AS"), "stock", "duplicate card AS"),
        (lambda c: c + " r:-", "position", "found 4 field(s)"),
        (lambda c: "custom:x:1:7" + c[11:], "variant", "a custom variant has 12 fields"),
    ],
)
def test_bad_position_codes_are_named(change: Any, path: str, reason: str) -> None:
    code = state_to_code(GameState.deal("agnes-sorel", 1))
    with pytest.raises(FormatError) as caught:
        state_from_code(change(code))
    assert caught.value.path == path
    assert reason in caught.value.reason


def test_custom_variant_fields_in_a_code_are_checked() -> None:
    variant = attrs.evolve(Variant.named("agnes-sorel"), name="x")
    code = state_to_code(GameState.deal(variant, 1))
    assert code.startswith("custom:x:1:7:same-colour:base:same-suit:split:any-card:0:")
    variant_text, rest = code.split(" ", 1)
    for index, value, field in [
        (2, "one", "variant decks"),
        (3, "07", "variant piles"),
        (4, "red", "variant packing"),
        (7, "yes", "variant split_runs"),
        (1, "%zz", "variant name"),
        (1, "a%3ab", "variant name"),
    ]:
        parts = variant_text.split(":")
        parts[index] = value
        with pytest.raises(FormatError) as caught:
            state_from_code(":".join(parts) + " " + rest)
        assert caught.value.path == field
    with pytest.raises(FormatError, match="reserve must be 0"):
        state_from_code(code.replace(":0:tableau:", ":3:tableau:"))


def test_face_down_cards_are_lower_case_in_the_code() -> None:
    state = GameState.deal("agnes-sorel-quagnes", 1)
    tableau = state_to_code(state).split()[3]
    assert tableau == "t:QH/7hTS/5d9s5C/jckckh4C/9hkdqcks3C/2d5had2sqdAH/jd7c5s3h9djsAS"
    assert state_from_code(state_to_code(state)).tableau[6].face_down == tuple(
        Card.parse(text) for text in ["JD", "7C", "5S", "3H", "9D", "JS"]
    )


def test_writers_refuse_what_they_cannot_write_with_an_argument_error() -> None:
    for write in (variant_to_json, move_to_json, state_to_json):
        with pytest.raises(ArgumentError, match=r"^expected a"):
            write("agnes-sorel")  # type: ignore[arg-type]


def test_each_format_module_reads_with_its_own_converter() -> None:
    # The records add hooks for their union fields to their own converter only, so importing
    # agnes_rules.records leaves the readers of variants, moves and positions as they were.
    assert records._CONVERTER is not serialization._CONVERTER
    record_variant = Variant | PresetName
    assert records._CONVERTER.structure("agnes-sorel", record_variant) == "agnes-sorel"
    with pytest.raises(StructureHandlerNotFoundError):
        serialization._CONVERTER.structure("agnes-sorel", record_variant)
