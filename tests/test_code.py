"""The position code on parts: writing any position, reading into constructor arguments."""

from __future__ import annotations

import ast
import inspect

import attrs
import pytest

from agnes_rules import ArgumentError, Card, Column, FormatError, GameState, PositionError, Rank
from agnes_rules.core import code
from agnes_rules.core.code import position_error, read_code, state_to_code
from agnes_rules.core.position import PositionParts
from agnes_rules.core.state import state_from_code


def test_the_code_module_sits_below_the_state() -> None:
    tree = ast.parse(inspect.getsource(code))
    imported = {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    }
    assert "agnes_rules.core.state" not in imported
    assert "agnes_rules.core.position" in imported


@pytest.mark.parametrize("name", ["agnes-sorel", "agnes-bernauer", "agnes-two"])
def test_reading_gives_the_parts_that_make_the_position(name: str) -> None:
    state = GameState.deal(name, 11).play(["d"])
    parts = read_code(state_to_code(state))
    assert isinstance(parts, PositionParts)
    assert parts.variant == state.variant and parts.base_rank is state.base_rank
    assert parts.tableau == state.tableau and parts.stock == state.stock
    assert parts.foundations == state.foundations
    assert parts.reserve == state.reserve and parts.spare == state.spare
    assert GameState(**attrs.asdict(parts, recurse=False)) == state
    assert GameState.from_code(state.to_code()) == state == state_from_code(state.to_code())


def test_reading_does_not_check_the_position() -> None:
    # Syntax is the reader's business; whether the position exists is the constructor's.
    parts = read_code("agnes-sorel 4 f:-/-/4H/- t:QH/-/-/-/-/-/- d:-")
    assert parts.tableau[0] == Column((), (Card.parse("QH"),))
    with pytest.raises(FormatError) as caught:
        GameState.from_code("agnes-sorel 4 f:-/-/4H/- t:QH/-/-/-/-/-/- d:-")
    assert caught.value.path == "position"
    assert caught.value.reason.startswith("the position lacks card(s) AC 2C")


def test_foundations_are_read_from_their_top_card() -> None:
    parts = read_code("agnes-sorel Q f:-/-/AH/- t:-/-/-/-/-/-/- d:-")
    assert parts.base_rank is Rank.QUEEN
    assert [str(card) for card in parts.foundations[2]] == ["QH", "KH", "AH"]


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("agnes-sorel 10 f:-", "base rank"),
        ("agnes-sorel 4 f:-/-/4H/- t:QH/Th/-/-/-/-/- d:-", "tableau column 2"),
        ("agnes-sorel 4 f:-/-/4H/- t:QH/1H/-/-/-/-/- d:-", "tableau column 2"),
        ("agnes-sorel 4 f:-/-/4H/- t:QH d:AC2c", "stock"),
    ],
)
def test_cards_and_ranks_must_be_canonical(text: str, path: str) -> None:
    with pytest.raises(FormatError) as caught:
        read_code(text)
    assert caught.value.path == path


@pytest.mark.parametrize(
    ("location", "path"),
    [
        ((), "position"),
        (("tableau", 2, "face_up", 0), "tableau column 3"),
        (("foundations", 0, 1), "foundation 1"),
        (("reserve", 6, 0), "reserve pile 7"),
        (("spare", 1), "spare space 2"),
        (("stock", 4), "stock"),
        (("stock",), "stock"),
        (("base_rank",), "base rank"),
    ],
)
def test_a_position_error_is_named_by_the_part_of_the_code(
    location: tuple[str | int, ...], path: str
) -> None:
    error = position_error(PositionError("the reason", location))
    assert (error.path, error.reason) == (path, "the reason")


def test_only_positions_are_written() -> None:
    with pytest.raises(ArgumentError, match="expected a GameState"):
        state_to_code("agnes-sorel")  # type: ignore[arg-type]
    with pytest.raises(FormatError, match="expected a position code"):
        read_code(7)  # type: ignore[arg-type]


def test_rank_letters_are_read_strictly() -> None:
    assert [Rank.from_letter(letter) for letter in "A2TK"] == [
        Rank.ACE,
        Rank.TWO,
        Rank.TEN,
        Rank.KING,
    ]
    assert [Rank.from_letter(text) for text in ("10", "t", "", "1", "AA")] == [None] * 5


@pytest.mark.parametrize(
    ("foundations", "message"),
    [
        ("f:-/-/4H/XS", "foundation 4: 'XS' is not a top card like 4S (or '-' when empty)"),
        # A foundation is never face down: the message does not suggest lower case.
        ("f:-/-/4h/-", "foundation 3: '4h' is not a top card like 4H (or '-' when empty)"),
        ("f:-/-/4H/4H", "foundation 4: builds spades from the base rank, not 4H"),
    ],
)
def test_a_bad_foundation_is_named_once_and_plainly(foundations: str, message: str) -> None:
    text = GameState.deal("agnes-sorel", 1).to_code().replace("f:-/-/4H/-", foundations)
    with pytest.raises(FormatError) as raised:
        GameState.from_code(text)
    assert str(raised.value) == message
