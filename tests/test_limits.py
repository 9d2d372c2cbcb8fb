"""The stated limits of the readers and of a solve given no budget."""

from __future__ import annotations

import pickle
import threading

import pytest

from agnes_rules import FormatError, GameState, LimitError, Move, Variant
from agnes_rules.errors import ArgumentError
from agnes_rules.limits import DEFAULTS, Limits, configure, current, limited
from agnes_rules.quagnes import read_deck
from agnes_rules.records import GameRecord
from agnes_rules.solver import api, budget, solve
from agnes_rules.view import PlayerView, player_view

STATE = GameState.deal("agnes-sorel", 1)


def test_defaults_are_generous() -> None:
    assert current() == DEFAULTS == Limits()
    assert DEFAULTS.document_bytes == 16 * 2**20
    assert DEFAULTS.json_depth == 64
    assert DEFAULTS.record_moves == 100_000
    assert DEFAULTS.code_chars == 10_000


def test_a_limit_error_is_a_format_error_naming_its_limit() -> None:
    error = LimitError("$", "json_depth", 64, "nested too deeply")
    assert isinstance(error, FormatError) and isinstance(error, ValueError)
    assert (error.limit, error.maximum, error.path) == ("json_depth", 64, "$")
    assert pickle.loads(pickle.dumps(error)).limit == "json_depth"


@pytest.mark.parametrize(
    "reader",
    [
        Variant.from_json,
        GameState.from_json,
        Move.from_json,
        GameRecord.from_json,
        PlayerView.from_json,
    ],
)
@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"a":' * 5000 + "1" + "}" * 5000])
def test_deep_nesting_is_a_limit_error(reader: object, text: str) -> None:
    with pytest.raises(LimitError, match="nested too deeply") as caught:
        reader(text)  # type: ignore[operator]
    assert caught.value.limit == "json_depth"


def test_nesting_just_over_the_limit_is_refused_after_parsing() -> None:
    with pytest.raises(LimitError, match="nested too deeply"):
        Variant.from_json("[" * 65 + "]" * 65)
    with pytest.raises(FormatError) as caught:
        Variant.from_json("[" * 64 + "]" * 64)
    assert not isinstance(caught.value, LimitError)


@pytest.mark.parametrize("number", ["1" * 5000, "-" + "9" * 4301])
def test_numbers_python_cannot_read_are_format_errors(number: str) -> None:
    with pytest.raises(FormatError, match="not a readable JSON number"):
        Variant.from_json(f'{{"format": "agnes-rules/variant", "version": {number}}}')


def test_document_size() -> None:
    text = STATE.to_json()
    with limited(document_bytes=len(text)):
        assert GameState.from_json(text) == STATE
        assert GameState.from_json(text.encode()) == STATE
    with limited(document_bytes=len(text) - 1), pytest.raises(LimitError, match="document_bytes"):
        GameState.from_json(text)
    with limited(document_bytes=len(text) - 1), pytest.raises(LimitError, match="document_bytes"):
        GameState.from_json(text.encode())


def test_document_size_counts_utf8_bytes() -> None:
    text = '"' + "é" * 10 + '"'  # 12 characters, 22 bytes
    with limited(document_bytes=21), pytest.raises(LimitError):
        Variant.from_json(text)
    with limited(document_bytes=22), pytest.raises(FormatError) as caught:
        Variant.from_json(text)
    assert not isinstance(caught.value, LimitError)


def test_record_moves() -> None:
    record = GameRecord("agnes-sorel", 1, ["d", "d"])
    with limited(record_moves=2):
        assert GameRecord.from_json(record.to_json()) == record
    with limited(record_moves=1), pytest.raises(LimitError, match=r"\$\.moves: .*record_moves"):
        GameRecord.from_json(record.to_json())


def test_code_length() -> None:
    code = STATE.to_code()
    view = player_view(STATE).to_code()
    with limited(code_chars=len(code)):
        assert GameState.from_code(code) == STATE
    with limited(code_chars=len(code) - 1), pytest.raises(LimitError, match="code_chars"):
        GameState.from_code(code)
    with limited(code_chars=len(view) - 1), pytest.raises(LimitError, match="code_chars"):
        PlayerView.from_code(view)
    with pytest.raises(LimitError):
        GameState.from_code("x" * 10_001)


def test_configure_and_limited() -> None:
    before = current()
    try:
        assert configure(code_chars=5).code_chars == 5
        assert current().code_chars == 5
    finally:
        configure(code_chars=before.code_chars)
    with pytest.raises(ArgumentError, match="no limit named"):
        configure(bytes=1)
    with pytest.raises(ArgumentError, match="positive integer"):
        configure(json_depth=0)
    with pytest.raises(ArgumentError), limited(record_moves=True):
        pass
    assert current() == before


def test_the_default_solve_budget_follows_the_memory() -> None:
    assert budget.default_max_states(memory=8 * 2**30) == 8 * 2**30 // 4 // 256
    assert budget.default_max_states(memory=0) == budget.MINIMUM_STATES
    assert budget.default_max_states() >= budget.MINIMUM_STATES
    assert budget.physical_memory() >= 0


def test_a_solve_without_budget_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "default_max_states", lambda: 10)
    result = solve(GameState.deal("agnes-bernauer", 1))
    assert result.states <= 10


def test_deck_file_size() -> None:
    with limited(document_bytes=10), pytest.raises(LimitError, match=r"deck file: .*bytes"):
        read_deck("(0, 0)\n" * 52)


def test_limited_blocks_in_two_threads_do_not_undo_each_other() -> None:
    entered, leave_first = threading.Barrier(2), threading.Event()
    seen: dict[str, int] = {}

    def block(name: str, moves: int, wait: bool) -> None:
        with limited(record_moves=moves):
            entered.wait()
            if wait:
                leave_first.wait()
            seen[name] = current().record_moves
        if not wait:
            leave_first.set()

    first = threading.Thread(target=block, args=("first", 10, True))
    second = threading.Thread(target=block, args=("second", 20, False))
    first.start(), second.start()
    first.join(10), second.join(10)
    assert seen == {"first": 10, "second": 20}
    assert current() == DEFAULTS
