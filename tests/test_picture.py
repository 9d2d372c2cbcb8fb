"""The text picture of a position."""

from __future__ import annotations

from agnes_rules import GameState
from agnes_rules.core.picture import render


def test_the_header_counts_the_stock_and_the_deals_left() -> None:
    state = GameState.deal("agnes-sorel", 1)
    assert render(state).splitlines()[0] == "agnes-sorel, base rank 4, stock 23 (4 deals left)"
    dealt = state.play(["d", "d", "d", "d"])
    assert render(dealt).splitlines()[0] == "agnes-sorel, base rank 4, stock 0 (0 deals left)"


def test_every_part_of_the_layout_has_its_line() -> None:
    lines = render(GameState.deal("agnes-bernauer", 1).play(["d", "d"])).splitlines()
    assert lines[1] == "foundations  C: --   D: --   H: TH   S: --"
    assert lines[2] == "reserve         1   2   3   4   5   6   7"
    assert lines[3].split() == ["4H", "AC", "4D", "7S", "3S", "TD", "4S"]
    assert lines[6] == "spare        1: 2H   2: 6H"
    assert lines[7] == "tableau         1   2   3   4   5   6   7"
    assert "##" in lines[8] and all(not line.endswith(" ") for line in lines)


def test_a_variant_without_reserve_or_spares_shows_neither() -> None:
    picture = render(GameState.deal("agnes-sorel", 9))
    assert "reserve" not in picture and "spare" not in picture
    assert str(GameState.deal("agnes-sorel", 9)) == picture


def test_two_decks_show_eight_foundations() -> None:
    line = render(GameState.deal("agnes-two", 1)).splitlines()[1]
    assert line.count(":") == 8
