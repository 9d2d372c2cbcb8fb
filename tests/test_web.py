"""The web example (examples/web) in a real browser: headless Chromium driven by Playwright.

Marked ``browser``; they skip, not fail, when Playwright, Chromium or the built page
(``python examples/web/build.py``) is missing. The browser is Debian's chromium
(``AGNES_CHROMIUM`` names another executable); the screenshot and the saved record are
kept under ``AGNES_BROWSER_ARTIFACTS`` (default: agnes-browser-artifacts in the temp folder).
The solver's line is computed here and played on the page by clicks, as a player would.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agnes_rules import Area, Game, GameState, Move, solve, winnable_deals

# One worker runs them all (pytest-xdist, `--dist loadgroup`): one Chromium and Pyodide at
# a time, so the start-up the tests time is not slowed by a second one.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "examples" / "web"
CHROMIUM = os.environ.get("AGNES_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(
    os.environ.get("AGNES_BROWSER_ARTIFACTS")
    or Path(tempfile.gettempdir()) / "agnes-browser-artifacts"
)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# A deal the solver wins at once, and that uses every kind of pile: reserve, spare spaces,
# foundations, runs of several cards, and deals from the stock.
VARIANT, DEAL = "agnes-bernauer", 4
#: Pyodide starts in a few seconds; a loaded CI machine gets much longer.
STARTUP_TIMEOUT_MS = 120_000


def _skip_reason() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install playwright)"
    if not os.access(CHROMIUM, os.X_OK):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if not (WEB / "dist" / "index.html").exists():
        return "the web example is not built (python examples/web/build.py)"
    return None


if (_reason := _skip_reason()) is not None:
    pytest.skip(_reason, allow_module_level=True)

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

sys.path.insert(0, str(WEB))
import serve  # noqa: E402  (examples/web/serve.py)


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    """The page, started on the test deal with autoplay off, in one browser for the module."""
    httpd = serve.server(0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1000, "height": 900})
            page.on("pageerror", lambda error: errors.append(str(error)))
            port = httpd.server_address[1]
            page.goto(f"http://127.0.0.1:{port}/?variant={VARIANT}&deal={DEAL}&autoplay=0")
            page.wait_for_selector("body[data-ready='1']", timeout=STARTUP_TIMEOUT_MS)
            yield page
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert not errors, errors


def moves_on(page: Page) -> list[str]:
    return str(page.locator("body").get_attribute("data-moves") or "").split()


def new_deal(page: Page, variant: str, number: int) -> None:
    page.select_option("#variant", variant)
    page.fill("#deal", str(number))
    page.click("#new-deal")
    expect(page.locator("#message")).to_have_text(f"{variant}, deal {number}")
    assert moves_on(page) == []


def pile_name(area: Area, index: int | None) -> str:
    return "f1" if area is Area.FOUNDATION else f"{area.value}{(index or 0) + 1}"


def click_pile(page: Page, pile: str, card: str | None = None) -> None:
    """Click the pile (its top card or empty slot), or the face-up ``card`` of it."""
    selector = f'#board g[data-pile="{pile}"]'
    if card is not None:
        selector += f'[data-card="{card}"]'
    # Near the top-left corner: the part of a card of a fanned column left uncovered.
    page.locator(selector).last.click(position={"x": 8, "y": 8})


def play_by_clicks(page: Page, state: GameState, move: Move) -> None:
    """Play ``move`` as a player does: click its pile (its run's first card), then the target."""
    if move.is_deal:
        click_pile(page, "d")
        return
    assert move.source is not None and move.target is not None
    source = pile_name(move.source, move.source_index)
    card = None
    if move.source is Area.TABLEAU:
        card = str(state.tableau[move.source_index or 0].cards[-(move.count or 1)])
    click_pile(page, source, card)
    assert page.locator("body").get_attribute("data-selected") == source
    click_pile(page, pile_name(move.target, move.target_index))


def hidden_cards(state: GameState) -> set[str]:
    """The cards whose faces the player may not see: face down in the columns, and the stock."""
    hidden = {str(card) for column in state.tableau for card in column.face_down}
    return hidden | {str(card) for card in state.stock}


def check_player_view(page: Page, state: GameState) -> None:
    """The page shows the cards of the player's view and no face of a hidden card."""
    html = page.content()
    shown = re.findall(r'data-card="([^"]+)"', html)
    for card in hidden_cards(state):
        assert card not in shown and f"<title>{card}</title>" not in html, card
    view = state.view()
    visible = [str(card) for column in view.tableau for card in column.face_up]
    visible += [str(pile[-1]) for pile in view.foundations if pile]
    visible += [str(card) for pile in view.reserve for card in pile]
    visible += [str(card) for card in view.spare if card is not None]
    assert sorted(shown) == sorted(visible)
    # Every face drawn is one of these: no other card face hides in the picture.
    assert html.count('class="card face"') == len(visible)


def test_starts_quickly_on_the_deal_asked_for(page: Page) -> None:
    startup = page.evaluate("window.agnesStartup")
    print(f"startup (page load to first deal drawn): {startup:.2f} s")
    (ARTIFACTS / "startup.txt").write_text(f"{startup:.3f}\n")
    assert startup < STARTUP_TIMEOUT_MS / 1000
    assert page.locator("#variant").input_value() == VARIANT
    check_player_view(page, GameState.deal(VARIANT, DEAL))


def test_plays_a_won_game_by_clicking(page: Page) -> None:
    new_deal(page, VARIANT, DEAL)
    line = solve(GameState.deal(VARIANT, DEAL)).moves
    game = Game(VARIANT, DEAL)
    started = time.perf_counter()
    for number, move in enumerate(line, 1):
        play_by_clicks(page, game.state, move)
        game.push(move)
        assert moves_on(page) == [str(m) for m in game.moves]
        check_player_view(page, game.state)
        if number == len(line) // 3:
            # A game in progress, with a pile selected and its targets framed: the artifact.
            state = game.state
            source = next(m for m in state.legal_moves() if m.source is Area.TABLEAU)
            click_pile(page, pile_name(Area.TABLEAU, source.source_index))
            page.locator("#board svg").screenshot(path=ARTIFACTS / "game-in-progress.png")
            page.screenshot(path=ARTIFACTS / "page-in-progress.png")
            click_pile(page, pile_name(Area.TABLEAU, source.source_index))  # unselect
            assert page.locator("body").get_attribute("data-selected") == ""
    print(f"{len(line)} moves clicked in {time.perf_counter() - started:.1f} s")
    assert game.state.is_won
    expect(page.locator("#message")).to_contain_text("Won!")
    assert "won" in (page.locator("body").get_attribute("class") or "")


def test_undo_and_redo(page: Page) -> None:
    new_deal(page, VARIANT, DEAL)
    line = solve(GameState.deal(VARIANT, DEAL)).moves[:6]
    game = Game(VARIANT, DEAL)
    for move in line:
        play_by_clicks(page, game.state, move)
        game.push(move)
    page.click("#undo")
    page.click("#undo")
    game.undo()
    game.undo()
    assert moves_on(page) == [str(m) for m in game.moves]
    check_player_view(page, game.state)
    page.click("#redo")
    game.redo()
    assert moves_on(page) == [str(m) for m in game.moves]
    check_player_view(page, game.state)
    expect(page.locator("#redo")).to_be_enabled()
    page.click("#redo")
    game.redo()
    expect(page.locator("#redo")).to_be_disabled()
    assert moves_on(page) == [str(move) for move in line]


def test_saves_and_reloads_a_record(page: Page) -> None:
    new_deal(page, VARIANT, DEAL)
    line = solve(GameState.deal(VARIANT, DEAL)).moves[:10]
    game = Game(VARIANT, DEAL)
    for move in line:
        play_by_clicks(page, game.state, move)
        game.push(move)
    with page.expect_download() as download:
        page.click("#save")
    saved = ARTIFACTS / download.value.suggested_filename
    download.value.save_as(saved)
    record: dict[str, Any] = json.loads(saved.read_text())
    assert record["moves"] == [str(move) for move in line]
    assert Game.from_record(saved.read_text()) == Game.from_record(game.to_record())
    new_deal(page, VARIANT, DEAL + 1)
    page.set_input_files("#load", saved)
    expect(page.locator("#message")).to_have_text(f"loaded {len(line)} moves")
    assert moves_on(page) == [str(move) for move in line]
    check_player_view(page, game.state)
    page.click("#undo")  # the history came back with the record
    game.undo()
    check_player_view(page, game.state)


def test_hint_autoplay_and_a_random_winnable_deal(page: Page) -> None:
    new_deal(page, "agnes-sorel", 1)
    page.click("#hint")
    expect(page.locator("#message")).to_contain_text("hint: ", timeout=60_000)
    page.click("#autoplay")
    expect(page.locator("#message")).to_contain_text("autoplay: ")
    page.click("#random-deal")
    expect(page.locator("#message")).to_contain_text("proved winnable", timeout=60_000)
    number = int(page.locator("#deal").input_value())
    assert number in winnable_deals("agnes-sorel")
    check_player_view(page, GameState.deal("agnes-sorel", number))
