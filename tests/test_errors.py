"""Every error class: in errors.py, public, an AgnesError, picklable, with its built-in base."""

from __future__ import annotations

import inspect
import pickle

import pytest

import agnes_rules
from agnes_rules import errors
from agnes_rules.core.moves import Move
from agnes_rules.core.state import GameState

ERROR_CLASSES = [
    value
    for value in vars(errors).values()
    if inspect.isclass(value)
    and issubclass(value, Exception)
    and value.__module__ == errors.__name__
]

BUILT_IN_BASE = {
    "AgnesError": Exception,
    "CardParseError": ValueError,
    "VariantError": ValueError,
    "DealError": ValueError,
    "MoveParseError": ValueError,
    "MoveFieldError": ValueError,
    "PositionError": ValueError,
    "FormatError": ValueError,
    "IllegalMoveError": ValueError,
    "ArgumentError": (ValueError, TypeError),
    "SolverError": AssertionError,
    "NotRegisteredError": LookupError,
    "HistoryError": IndexError,
    "LimitError": ValueError,
}

STATE = GameState.deal("agnes-sorel", 1)
EXAMPLES: dict[str, Exception] = {
    "AgnesError": errors.AgnesError("something"),
    "CardParseError": errors.CardParseError("1H", "unknown rank '1'"),
    "VariantError": errors.VariantError("unknown variant 'agnes'"),
    "DealError": errors.DealError("game number 0 is out of range"),
    "MoveParseError": errors.MoveParseError("t1t4x1", "a count of 1 is written without 'x1'"),
    "MoveFieldError": errors.MoveFieldError("Move(...)", "count must be positive"),
    "PositionError": errors.PositionError("duplicate card QH", ("stock", 3)),
    "FormatError": errors.FormatError("$.stock[3]", "duplicate card QH"),
    "IllegalMoveError": errors.IllegalMoveError(
        Move.parse("t2t1"), STATE, errors.Rule.PACKING, "TS is not one rank lower than QH"
    ),
    "ArgumentError": errors.ArgumentError("max_states must be positive"),
    "SolverError": errors.SolverError("the solver's line broke the rules"),
    "NotRegisteredError": errors.NotRegisteredError("no json writer for Variant"),
    "HistoryError": errors.HistoryError("nothing to undo"),
    "LimitError": errors.LimitError("$", "json_depth", 64, "nested too deeply"),
}


def test_the_tables_cover_every_error_class() -> None:
    names = {cls.__name__ for cls in ERROR_CLASSES}
    assert names == set(BUILT_IN_BASE) == set(EXAMPLES)


@pytest.mark.parametrize("cls", ERROR_CLASSES, ids=lambda cls: cls.__name__)
def test_every_error_is_public_and_an_agnes_error(cls: type[Exception]) -> None:
    assert getattr(agnes_rules, cls.__name__) is cls
    assert cls.__name__ in agnes_rules.__all__
    assert issubclass(cls, errors.AgnesError)
    bases = BUILT_IN_BASE[cls.__name__]
    for base in bases if isinstance(bases, tuple) else (bases,):
        assert issubclass(cls, base)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_error_survives_pickling(name: str) -> None:
    error = EXAMPLES[name]
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    for attribute in ("text", "reason", "fields", "location", "path", "rule", "move", "state"):
        if hasattr(error, attribute):
            assert getattr(copy, attribute) == getattr(error, attribute)


def test_located_errors_keep_their_location() -> None:
    error = EXAMPLES["PositionError"]
    assert isinstance(error, errors.PositionError)
    assert (error.reason, error.location, str(error)) == (
        "duplicate card QH",
        ("stock", 3),
        "duplicate card QH",
    )
    assert errors.PositionError("the whole").location == ()
    assert str(EXAMPLES["FormatError"]) == "$.stock[3]: duplicate card QH"


def test_long_texts_are_shortened_in_messages() -> None:
    error = errors.CardParseError("X" * 100, "a card is a rank and a suit")
    assert len(str(error)) < 100
    assert error.text == "X" * 100
