"""Game records: validation that names the first illegal move, replay, JSON and its schema."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from agnes_rules.cards import Card
from agnes_rules.core.dealing import pysol_deck_order
from agnes_rules.core.moves import Move
from agnes_rules.core.state import GameState
from agnes_rules.core.variant import VARIANTS, Variant
from agnes_rules.errors import (
    ArgumentError,
    DealError,
    FormatError,
    IllegalMoveError,
    MoveParseError,
    Rule,
    VariantError,
)
from agnes_rules.records import (
    GameRecord,
    Metadata,
    ValidationReport,
    record_from_json,
    record_schema,
    record_to_json,
    replay,
    validate,
)
from tests.strategies import game_numbers, variants
from tests.test_serialization import random_line

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCHEMA_VALIDATOR = jsonschema.Draft202012Validator(record_schema())


def example(name: str) -> GameRecord:
    return GameRecord.from_json((EXAMPLES / name).read_text(encoding="utf-8"))


def won_examples() -> list[str]:
    return sorted(path.name for path in EXAMPLES.glob("*-won.json"))


def an_illegal_move(state: GameState) -> str:
    """Some well-formed move that is illegal in ``state``."""
    candidates = [f"t{a}t{b}" for a in range(1, 8) for b in range(1, 8) if a != b]
    candidates += [f"t{a}f" for a in range(1, 8)] + ["d", "f1t1"]
    for text in candidates:
        if not state.is_legal(Move.parse(text)):
            return text
    raise AssertionError("every candidate move is legal")


def assert_schema_valid(record: GameRecord) -> None:
    document = json.loads(record.to_json())
    errors = list(SCHEMA_VALIDATOR.iter_errors(document))
    assert not errors, [error.message for error in errors]


# ------------------------------------------------------------------ won games


def test_there_is_a_won_example_per_family() -> None:
    # The Bernauer family deals its stock to reserve piles; the Sorel family has none.
    families = {
        "bernauer" if example(name).game_variant.reserve else "sorel" for name in won_examples()
    }
    assert families == {"sorel", "bernauer"}


@pytest.mark.parametrize("name", won_examples())
def test_won_examples_are_complete_won_games(name: str) -> None:
    record = example(name)
    report = validate(record)
    assert report.ok, str(report)
    assert report.won
    assert report.final_state.is_won
    assert report.error_index is None
    assert report.move_number is None
    assert (report.error, report.error_move, report.rule) == (None, None, None)
    assert report.unreached == ()
    assert report.moves_played == len(record.moves)
    assert [str(move) for move in report.played] == list(record.moves)
    assert report.initial_state == record.initial_state()
    assert str(report) == f"ok: {len(record.moves)} legal moves, won"
    assert record.metadata.result == "won"
    assert_schema_valid(record)
    # The document on disk is exactly what the library writes.
    on_disk = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    assert on_disk == json.loads(record.to_json())


def test_moves_after_the_game_was_won_are_reported() -> None:
    record = example("agnes-sorel-won.json")
    after = attrs.evolve(record, moves=(*record.moves, "d", "t1f"))
    report = validate(after)
    assert not report.ok
    assert report.won  # the last legal position is the won one
    assert report.error_index == len(record.moves)
    assert report.error_move == "d"
    assert report.rule is Rule.STOCK_EMPTY
    assert report.error is not None
    assert report.error.startswith(
        f"d comes after the game was won (after move {len(record.moves)})"
    )
    assert report.unreached == ("t1f",)


# ------------------------------------------------------------------ illegal moves


@pytest.fixture(scope="module")
def won_line() -> GameRecord:
    return example("agnes-bernauer-pysol-won.json")


@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_the_first_illegal_move_is_named(won_line: GameRecord, where: str) -> None:
    moves = list(won_line.moves)
    index = {"start": 0, "middle": len(moves) // 2, "end": len(moves) - 1}[where]
    states = list(replay(won_line))
    bad = an_illegal_move(states[index])
    moves[index] = bad
    if index + 1 < len(moves):
        moves[index + 1] = "t9t9x9"  # a later bad move is never reached, hence not reported
    report = validate(attrs.evolve(won_line, moves=moves))
    assert not report.ok
    assert not report.won
    assert report.error_index == index
    assert report.move_number == index + 1
    assert report.error_move == bad
    assert report.final_state == states[index]
    assert report.moves_played == index
    assert report.unreached == tuple(moves[index + 1 :])
    expected = states[index].why_illegal(Move.parse(bad))
    assert expected is not None
    assert report.rule is expected.rule
    assert report.error == str(expected)
    assert str(report) == f"move {index + 1}: {expected}"


@pytest.mark.parametrize("text", ["t1t4x1", "T1F", "", "t0f", "deal", "t1 t4", "x"])
def test_a_malformed_move_text_is_reported(text: str) -> None:
    record = GameRecord("agnes-sorel", 1, ["t4t3", text, "d"])
    report = validate(record)
    assert (report.ok, report.error_index, report.error_move) == (False, 1, text)
    assert report.rule is None
    assert report.error is not None
    assert report.error.startswith("not a move:")
    assert report.final_state == GameState.deal("agnes-sorel", 1).apply(Move.parse("t4t3"))


def test_the_illegal_move_example_is_reported() -> None:
    record = example("agnes-sorel-illegal-move.json")
    report = validate(record)
    assert not report.ok
    assert report.error_index == 6
    assert report.error_move == "t1t3"
    assert report.rule is Rule.PACKING
    assert report.unreached == record.moves[7:]
    assert_schema_valid(record)


@given(
    variants,
    game_numbers,
    st.lists(
        st.text(max_size=8) | st.sampled_from(["d", "t1f", "t2t1", "r1f", "s1t2"]), max_size=12
    ),
)
def test_validate_never_raises_on_bad_moves(
    variant: Variant, number: int, texts: list[str]
) -> None:
    report = validate(GameRecord(variant, number, texts))
    if report.ok:
        assert report.moves_played == len(texts)
    else:
        assert report.error_index is not None
        assert report.moves_played == report.error_index
        assert report.error_move == texts[report.error_index]
        with pytest.raises((MoveParseError, IllegalMoveError)):
            report.final_state.apply(Move.parse(texts[report.error_index]))


# ------------------------------------------------------------------ replay


def test_replay_yields_every_state(won_line: GameRecord) -> None:
    states = list(replay(won_line))
    assert len(states) == len(won_line.moves) + 1
    assert states[0] == won_line.initial_state()
    for index, text in enumerate(won_line.moves):
        assert states[index].apply(Move.parse(text)) == states[index + 1]
    assert states[-1].is_won


def test_replay_raises_at_the_bad_move_with_its_number() -> None:
    record = GameRecord("agnes-sorel", 1, ["t4t3", "t2t1"])
    states = replay(record)
    assert next(states) == GameState.deal("agnes-sorel", 1)
    next(states)
    with pytest.raises(IllegalMoveError) as caught:
        next(states)
    assert caught.value.__notes__ == ["move 2 of the record ('t2t1')"]


# ------------------------------------------------------------------ input


def test_validate_reads_json_and_refuses_what_is_not_a_record() -> None:
    record = GameRecord("agnes-sorel", 1, ["t4t3"])
    assert validate(record.to_json()).ok
    assert validate(json.loads(record.to_json())).ok
    for not_a_record in [42, None, ["t4t3"], GameState.deal("agnes-sorel", 1)]:
        with pytest.raises(FormatError) as caught:
            validate(not_a_record)  # type: ignore[arg-type]
        assert caught.value.path == "$"
    with pytest.raises(FormatError, match=r"^\$: not valid JSON"):
        validate(record.to_json()[:-1])
    with pytest.raises(FormatError, match=r"^\$\.format: expected 'agnes-rules/game-record'"):
        validate('{"format": "agnes-rules/game-state", "version": 1}')


def test_records_built_in_python_refuse_a_bad_field_with_the_error_of_the_situation() -> None:
    with pytest.raises(VariantError, match=r"^unknown variant 'agnes'"):
        GameRecord("agnes", 1)
    with pytest.raises(VariantError, match=r"^expected a Variant or a preset name, got 7"):
        GameRecord(7, 1)  # type: ignore[arg-type]
    with pytest.raises(DealError, match=r"^game number 0 is out of range"):
        GameRecord("agnes-sorel", 0)
    deck = list(pysol_deck_order(1))
    deck[40] = deck[3]
    with pytest.raises(DealError, match=rf"^card {deck[3]} appears 2 times in a 1-deck game"):
        GameRecord("agnes-sorel", deck)
    with pytest.raises(DealError, match=r"^agnes-two is played with 104 cards, the deck has 52"):
        GameRecord("agnes-two", pysol_deck_order(1))
    with pytest.raises(DealError, match=r"^deck position 2: 3 is not a Card"):
        GameRecord("agnes-sorel", [Card.parse("AC"), Card.parse("2C"), 3])
    with pytest.raises(ArgumentError, match=r"^deal: expected a game number or a deck order"):
        GameRecord("agnes-sorel", "1")
    with pytest.raises(ArgumentError, match=r"^moves: expected a sequence of move texts"):
        GameRecord("agnes-sorel", 1, "t4t3 d")
    with pytest.raises(ArgumentError, match=r"^moves\[1\]: expected a move text"):
        GameRecord("agnes-sorel", 1, ["d", 5])
    with pytest.raises(ArgumentError, match=r"^date: 'soon' is not an ISO 8601"):
        GameRecord("agnes-sorel", 1, metadata={"date": "soon"})
    with pytest.raises(ArgumentError, match=r"^metadata: unexpected field 'winner'"):
        GameRecord("agnes-sorel", 1, metadata={"winner": "me"})
    with pytest.raises(ArgumentError, match=r"^metadata: expected Metadata or a mapping"):
        GameRecord("agnes-sorel", 1, metadata="me")


def test_metadata_built_in_python_refuses_a_bad_field_naming_it() -> None:
    with pytest.raises(ArgumentError, match=r"^player: expected a string or None, got 5"):
        Metadata(player=5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^date: 'soon' is not an ISO 8601"):
        Metadata(date="soon")
    with pytest.raises(ArgumentError, match=r"^extra: expected a mapping of texts"):
        Metadata(extra=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^extra: the key 'a' is given twice"):
        Metadata(extra=[("a", "1"), ("a", "2")])
    with pytest.raises(ArgumentError, match=r"^extra: keys and values are strings"):
        Metadata(extra={"a": 1})  # type: ignore[dict-item]


def test_records_read_from_json_refuse_the_same_problems_at_their_path() -> None:
    document: dict[str, Any] = json.loads(GameRecord("agnes-sorel", 1).to_json())
    for change, path, reason in [
        ({"variant": "agnes"}, "$.variant", "unknown variant 'agnes'"),
        ({"deal": 0}, "$.deal", "game number 0 is out of range"),
        (
            {"deal": [str(card) for card in pysol_deck_order(1)], "variant": "agnes-two"},
            "$.deal",
            "agnes-two is played with 104 cards",
        ),
        ({"metadata": {"date": "soon"}}, "$.metadata.date", "'soon' is not an ISO 8601"),
        ({"metadata": {"player": 5}}, "$.metadata.player", "expected a string"),
        ({"metadata": {"winner": "me"}}, "$.metadata.winner", "unexpected field"),
    ]:
        with pytest.raises(FormatError) as caught:
            GameRecord.from_json(json.dumps({**document, **change}))
        assert (caught.value.path, caught.value.reason[: len(reason)]) == (path, reason)


def test_records_accept_moves_and_metadata_in_convenient_forms() -> None:
    record = GameRecord(
        Variant.named("agnes-sorel"),
        pysol_deck_order(1),
        [Move.parse("t4t3"), "d"],
        metadata={"player": "Ann", "extra": {"b": "2", "a": "1"}},
    )
    assert record.moves == ("t4t3", "d")
    assert record.metadata == Metadata(player="Ann", extra=(("a", "1"), ("b", "2")))
    assert record.metadata.extra_dict == {"a": "1", "b": "2"}
    assert record.initial_state() == GameState.deal("agnes-sorel", 1)
    assert validate(record).ok


# ------------------------------------------------------------------ JSON


@st.composite
def records(draw: st.DrawFn) -> GameRecord:
    """A record of random legal play (by preset name or full variant, number or deck order)."""
    variant = draw(variants)
    number = draw(game_numbers)
    rng = draw(st.randoms(use_true_random=False))
    moves = random_line(GameState.deal(variant, number), draw(st.integers(0, 60)), rng)
    named = variant.name in VARIANTS and VARIANTS[variant.name] == variant and draw(st.booleans())
    texts = st.text(max_size=10)
    metadata = Metadata(
        player=draw(st.none() | texts),
        date=draw(st.none() | st.dates().map(str) | st.datetimes().map(lambda d: d.isoformat())),
        program=draw(st.none() | texts),
        result=draw(st.none() | st.sampled_from(["won", "lost", "unfinished"])),
        extra=draw(st.dictionaries(texts, texts, max_size=3)),
    )
    deal: int | tuple[Card, ...] = (
        number if draw(st.booleans()) else pysol_deck_order(number, variant.decks)
    )
    return GameRecord(variant.name if named else variant, deal, moves, metadata)


@given(records())
def test_record_json_round_trip_and_schema(record: GameRecord) -> None:
    text = record_to_json(record)
    assert record_from_json(text) == record
    assert GameRecord.from_json(record.to_json(indent=2)) == record
    assert_schema_valid(record)
    assert validate(record).ok


def test_every_preset_writes_records_that_the_schema_accepts() -> None:
    rng = random.Random(5)
    for name, variant in VARIANTS.items():
        moves = random_line(GameState.deal(name, 11), 40, rng)
        for record in (
            GameRecord(name, 11, moves),
            GameRecord(variant, pysol_deck_order(11, variant.decks), moves),
        ):
            assert_schema_valid(record)
            assert GameRecord.from_json(record.to_json()) == record


def test_the_schema_is_packaged_valid_and_in_step_with_the_presets() -> None:
    schema = record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$defs"]["presetName"]["enum"] == list(VARIANTS)
    assert schema["properties"]["format"]["const"] == "agnes-rules/game-record"
    variant_fields = schema["$defs"]["variant"]["required"]
    # worry_back came later: optional in documents, False when absent.
    assert variant_fields + ["worry_back"] == [field.name for field in attrs.fields(Variant)]
    assert "worry_back" in schema["$defs"]["variant"]["properties"]


def test_the_schema_refuses_what_the_reader_refuses() -> None:
    document: dict[str, Any] = json.loads(GameRecord("agnes-sorel", 1, ["d"]).to_json())
    for change in [
        {"variant": "agnes"},
        {"deal": "1"},
        {"deal": 0},
        {"moves": "d"},
        {"extra": 1},
        {"version": 2},
        {"metadata": {"winner": "me"}},
    ]:
        bad = {**document, **change}
        assert not SCHEMA_VALIDATOR.is_valid(bad), change
        with pytest.raises(FormatError):
            GameRecord.from_json(json.dumps(bad))


@pytest.mark.parametrize(
    ("text", "path", "reason"),
    [
        (
            '{"format": "agnes-rules/game-record", "version": 1, "variant": "agnes-sorel", "de',
            "$",
            "not valid JSON (truncated or malformed)",
        ),
        (
            '{"format": "agnes-rules/game-record", "version": 1, "variant": 3, "deal": 1,'
            ' "moves": [], "metadata": {}}',
            "$.variant",
            "expected a preset name or a variant",
        ),
        (
            '{"format": "agnes-rules/game-record", "version": 1, "variant": "agnes", "deal": 1,'
            ' "moves": [], "metadata": {}}',
            "$.variant",
            "unknown variant 'agnes'",
        ),
        (
            '{"format": "agnes-rules/game-record", "version": 1, "variant": "agnes-sorel",'
            ' "deal": 1.5, "moves": [], "metadata": {}}',
            "$.deal",
            "expected a game number",
        ),
        (
            '{"format": "agnes-rules/game-record", "version": 1, "variant": "agnes-sorel",'
            ' "deal": 1, "moves": ["d", null], "metadata": {}}',
            "$.moves[1]",
            "expected a string",
        ),
        (
            '{"format": "agnes-rules/game-record", "version": 1, "variant": "agnes-sorel",'
            ' "deal": 1}',
            "$.moves",
            "required field is missing",
        ),
        (
            '{"format": "agnes-rules/game-record", "version": 1, "variant": "agnes-sorel",'
            ' "deal": 1, "moves": [], "metadata": {"extra": {"a": 1}}}',
            "$.metadata.extra['a']",
            "expected a string",
        ),
    ],
)
def test_bad_record_documents_are_refused(text: str, path: str, reason: str) -> None:
    with pytest.raises(FormatError) as caught:
        GameRecord.from_json(text)
    assert caught.value.path == path
    assert reason in caught.value.reason


def test_a_deck_with_a_duplicate_is_refused_by_position() -> None:
    document = json.loads(GameRecord("agnes-sorel", pysol_deck_order(2)).to_json())
    document["deal"][17] = document["deal"][5]
    with pytest.raises(FormatError) as caught:
        GameRecord.from_json(json.dumps(document))
    assert caught.value.path == "$.deal[17]"
    assert f"duplicate card {document['deal'][5]} (also at $.deal[5])" in caught.value.reason
    document["deal"][17] = "AX"
    with pytest.raises(FormatError, match=r"^\$\.deal\[17\]: 'AX' is not a card"):
        GameRecord.from_json(json.dumps(document))


def test_report_type() -> None:
    report = validate(GameRecord("agnes-sorel", 1))
    assert isinstance(report, ValidationReport)
    assert report.ok and not report.won
    assert str(report) == "ok: 0 legal moves, unfinished"


def test_a_record_document_without_metadata_is_read_with_empty_metadata() -> None:
    record = GameRecord("agnes-sorel", 1, ["t4t3"])
    document = json.loads(record.to_json())
    del document["metadata"]
    assert GameRecord.from_json(json.dumps(document)) == record
