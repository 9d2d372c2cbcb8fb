"""The move notation: every form of the table, canonical printing, malformed texts refused."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agnes_rules import Area, Move, MoveFieldError, MoveParseError

NOTATION = {
    "d": Move.deal(),
    "t3f": Move.to_foundation(Area.TABLEAU, 2),
    "r2f": Move.to_foundation(Area.RESERVE, 1),
    "s1f": Move.to_foundation(Area.SPARE, 0),
    "t1t4": Move.to_tableau(Area.TABLEAU, 0, 3),
    "t1t4x3": Move.to_tableau(Area.TABLEAU, 0, 3, 3),
    "r2t5": Move.to_tableau(Area.RESERVE, 1, 4),
    "s2t5": Move.to_tableau(Area.SPARE, 1, 4),
    "t10t1x12": Move.to_tableau(Area.TABLEAU, 9, 0, 12),
    # Forms that name moves the rules never allow, so they can be refused with a reason.
    "t1r2": Move(Area.TABLEAU, 0, Area.RESERVE, 1),
    "f1t2": Move(Area.FOUNDATION, 0, Area.TABLEAU, 1),
}


@pytest.mark.parametrize(("text", "move"), NOTATION.items())
def test_notation(text: str, move: Move) -> None:
    assert Move.parse(text) == move
    assert str(move) == text
    assert move.uci() == text
    assert repr(move) == f"Move.parse({text!r})"


@pytest.mark.parametrize(
    "text",
    ["t1t4x1", "t01f", "T1F", "t1fx2", "x", "t0f", "d1", "t1", "", "t1t4x", "t1t4x0", "f", "dd"],
)
def test_malformed_texts_are_refused(text: str) -> None:
    with pytest.raises(MoveParseError) as caught:
        Move.parse(text)
    assert repr(text) in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_huge_numbers_are_refused_briefly() -> None:
    text = "t" + "9" * 5000 + "f"
    with pytest.raises(MoveParseError) as caught:
        Move.parse(text)
    assert len(str(caught.value)) < 300
    assert Move.parse("t999t1x999").count == 999


def test_white_space_around_is_allowed() -> None:
    assert Move.parse("  t1t4x3\n") == Move.parse("t1t4x3")


def test_non_strings_are_refused() -> None:
    with pytest.raises(MoveParseError, match="expected a string"):
        Move.parse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ((Area.STOCK, 1), "a deal (source STOCK) has no target"),
        ((Area.TABLEAU, 0, None), "target must be TABLEAU, FOUNDATION, RESERVE or SPARE"),
        ((Area.TABLEAU, -1, Area.FOUNDATION), "cannot be negative"),
        ((Area.TABLEAU, 0, Area.TABLEAU, 1, 0), "count must be at least 1"),
        ((Area.TABLEAU, 0, Area.FOUNDATION, 0, 2), "moves one card"),
        (("t", 0, Area.FOUNDATION), "source must be an Area"),
        ((Area.TABLEAU, 1.5, Area.FOUNDATION), "source_index must be an integer"),
    ],
)
def test_moves_that_are_no_moves_at_all_are_refused(
    fields: tuple[object, ...], problem: str
) -> None:
    with pytest.raises(MoveFieldError, match=re.escape(problem)) as raised:
        Move(*fields)  # type: ignore[arg-type]
    # Built from fields, not read from text: not a parse error, and the fields are shown whole.
    assert not isinstance(raised.value, MoveParseError)
    assert raised.value.fields.startswith("Move(source=") and raised.value.fields.endswith(")")


moves = st.one_of(
    st.just(Move.deal()),
    st.builds(
        Move.to_foundation,
        st.sampled_from([Area.TABLEAU, Area.RESERVE, Area.SPARE]),
        st.integers(0, 12),
    ),
    st.builds(
        Move.to_tableau,
        st.sampled_from([Area.TABLEAU, Area.RESERVE, Area.SPARE]),
        st.integers(0, 12),
        st.integers(0, 12),
        st.integers(1, 30),
    ),
)


@given(moves)
def test_every_move_round_trips_through_its_text(move: Move) -> None:
    assert Move.parse(str(move)) == move
    assert hash(Move.parse(str(move))) == hash(move)
