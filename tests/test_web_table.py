"""The Python half of the web example (examples/web/agnes_web.py), without a browser.

The page only passes clicks to :class:`agnes_web.Table` and draws the JSON it returns,
so the example's logic is tested here on every machine; tests/test_web.py drives the
real page in Chromium when it is there.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from agnes_rules import Area, Game, GameState, solve, winnable_deals

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples" / "web"))
from agnes_web import Table, target_pile  # examples/web/agnes_web.py

VARIANT, DEAL = "agnes-bernauer", 4


def screen_of(text: str) -> dict[str, Any]:
    screen: dict[str, Any] = json.loads(text)
    return screen


def click_move(table: Table, state: GameState, move: Any) -> dict[str, Any]:
    """Click ``move`` as the page does: its pile (the run's first card), then its target."""
    if move.is_deal:
        return screen_of(table.click("d"))
    source = f"{move.source.value}{move.source_index + 1}"
    card = None
    if move.source is Area.TABLEAU:
        card = str(state.tableau[move.source_index].cards[-(move.count or 1)])
    selected = screen_of(table.click(source, card))
    assert selected["selected"] == source
    assert target_pile(move) in selected["targets"]
    target = target_pile(move)
    return screen_of(table.click("f3" if target == "f" else target))


def hidden(state: GameState) -> set[str]:
    return {str(c) for column in state.tableau for c in column.face_down} | {
        str(c) for c in state.stock
    }


@pytest.fixture
def table() -> Table:
    table = Table()
    table.set_autoplay(False)
    table.new_game(VARIANT, DEAL)
    return table


def test_a_won_game_by_clicks_shows_only_the_players_view(table: Table) -> None:
    game = Game(VARIANT, DEAL)
    for move in solve(game.state).moves:
        screen = click_move(table, game.state, move)
        game.push(move)
        assert screen["moves"] == [str(m) for m in game.moves]
        shown = set(re.findall(r'data-card="([^"]+)"', screen["svg"]))
        assert not shown & hidden(game.state)
    assert screen["won"] and game.state.is_won


def test_a_second_click_on_the_selected_pile_cancels(table: Table) -> None:
    state = table.game.state
    source = next(m for m in state.legal_moves() if m.source is Area.TABLEAU)
    pile = f"t{source.source_index + 1}"
    assert screen_of(table.click(pile))["selected"] == pile
    screen = screen_of(table.click(pile))
    assert screen["selected"] is None and screen["moves"] == []


def test_undo_redo_save_and_load(table: Table) -> None:
    game = Game(VARIANT, DEAL)
    for move in solve(game.state).moves[:5]:
        click_move(table, game.state, move)
        game.push(move)
    assert screen_of(table.undo())["can_redo"]
    assert screen_of(table.redo())["moves"] == [str(m) for m in game.moves]
    record = table.save()
    assert json.loads(record)["metadata"]["result"] == "unfinished"
    table.new_game(VARIANT, DEAL + 1)
    screen = screen_of(table.load(record))
    assert screen["moves"] == [str(m) for m in game.moves] and screen["can_undo"]
    assert "cannot load" in screen_of(table.load("{}"))["message"]


def test_autoplay_hint_and_a_random_winnable_deal() -> None:
    table = Table()
    table.new_game("agnes-sorel", 1)
    screen = screen_of(table.click("t4"))
    assert screen["targets"] == ["f", "t3"] and "4C onto 5C" in screen["message"]
    game = Game("agnes-sorel", 1)
    game.push("t4t3")
    game.autoplay()  # the page plays the safe moves after each move
    assert screen_of(table.click("t3"))["moves"] == [str(m) for m in game.moves]
    game.push("d")
    game.autoplay()
    assert screen_of(table.click("d"))["moves"] == [str(m) for m in game.moves]
    assert screen_of(table.hint())["message"].startswith("hint: ")
    screen = screen_of(table.random_winnable("agnes-bernauer"))
    assert "proved winnable" in screen["message"]
    assert screen["deal"] in winnable_deals("agnes-bernauer")
    assert screen_of(table.random_winnable("no-such-game"))["message"].startswith("unknown")


def test_a_card_is_worried_back_by_clicks() -> None:
    # In Aisleriot's Agnes a foundation's top card may come back: a click on the
    # foundation selects it, a click on a column plays it there.
    table = Table()
    table.set_autoplay(False)
    table.new_game("agnes-sorel-aisleriot", 1)
    game = Game("agnes-sorel-aisleriot", 1)
    for text in ("t4f", "f1t3"):
        move = game.state.parse_move(text)
        screen = click_move(table, game.state, move)
        game.push(move)
        assert screen["moves"] == [str(m) for m in game.moves]
    assert str(game.state.tableau[2].exposed) == "4C"
