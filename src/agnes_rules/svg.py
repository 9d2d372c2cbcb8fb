"""Pictures of a position as SVG, with nothing but the standard library.

:func:`render_svg` draws the whole layout: the stock (a card back with the
number of cards left), the foundations, the spare spaces, the reserve piles
and the tableau, each pile labelled with its name in the move notation
(``t3``, ``r2``, ``s1``), face-down cards as backs.

>>> from agnes_rules.core.state import GameState
>>> picture = render_svg(GameState.deal("agnes-sorel", 1))
>>> picture.startswith("<svg")
True
>>> import xml.etree.ElementTree as ET
>>> root = ET.fromstring(picture)
>>> faces = root.findall(".//{http://www.w3.org/2000/svg}g[@data-card]")
>>> len(faces)  # 28 tableau cards and the base card on its foundation
29

Every card face is a ``<g class="card face">`` group with a ``data-card``
attribute holding its text (``"TH"``) and a ``data-pile`` attribute naming its
pile (``"t7"``, ``"r1"``, ``"s2"``, ``"f3"``); every back is a
``<g class="card back">``. That makes the pictures easy to test and to style.

**Options.** A :class:`~agnes_rules.view.PlayerView` is drawn as well as a
position (the picture of a position shows nothing that its view hides: its
face-down cards and its stock are backs either way). ``last_move`` frames the
source and target piles of the move just played with a
``<rect class="mark last-move" data-pile=...>``, ``highlight`` frames the piles
named (``"t3"``, ``"r1"``, ``"s2"``, ``"f2"``, or ``"f"`` for every foundation,
``"d"`` for the stock) with ``<rect class="mark highlight" ...>``, and ``size``
sets the width in pixels, the height following in proportion:

>>> from agnes_rules.core.moves import Move
>>> picture = render_svg(GameState.deal("agnes-sorel", 1), last_move=Move.parse("t4t3"),
...                      highlight=["f"], size=400)
>>> root = ET.fromstring(picture)
>>> root.get("width"), root.get("height")
('400', '310')
>>> rects = root.iter("{http://www.w3.org/2000/svg}rect")
>>> [(r.get("class"), r.get("data-pile")) for r in rects if r.get("data-pile")]
... # doctest: +NORMALIZE_WHITESPACE
[('mark last-move', 't4'), ('mark last-move', 't3'), ('mark highlight', 'f1'),
 ('mark highlight', 'f2'), ('mark highlight', 'f3'), ('mark highlight', 'f4')]

A move to the foundations marks every foundation as its target, since the
position after it no longer says which card moved.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape

from agnes_rules.cards import Card, Colour, Rank, Suit
from agnes_rules.core import registry
from agnes_rules.core.moves import Area, Move, parse_pile
from agnes_rules.core.state import GameState
from agnes_rules.errors import ArgumentError
from agnes_rules.view import PlayerView, player_view

__all__ = ["render_svg"]

_CARD_WIDTH = 64
_CARD_HEIGHT = 90
_PITCH = 76  # horizontal distance between neighbouring piles
_MARGIN = 16
_HEADER = 30  # height of the title line
_LABEL = 16  # height of the label line over a row of piles
_ROW_GAP = 14
_FACE_UP_STEP = 26  # a face-up card under another still shows its corner index
_FACE_DOWN_STEP = 12

_SUIT_SYMBOLS = {
    Suit.CLUBS: "\N{BLACK CLUB SUIT}",
    Suit.DIAMONDS: "\N{BLACK DIAMOND SUIT}",
    Suit.HEARTS: "\N{BLACK HEART SUIT}",
    Suit.SPADES: "\N{BLACK SPADE SUIT}",
}
_RANK_TEXT = {rank: rank.letter for rank in Rank} | {Rank.TEN: "10"}
_RED = "#c0162b"
_BLACK = "#111111"
_FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"

# Every rule is scoped to the picture's own class, because an SVG shown inline (in
# Jupyter, say) shares one style sheet with the page around it.
_STYLE = f"""
.agnes-board text {{ font-family: {_FONT}; }}
.agnes-board .label {{ font-size: 11px; fill: #e8f3ea; }}
.agnes-board .title {{ font-size: 15px; font-weight: bold; fill: #ffffff; }}
.agnes-board .slot {{ fill: none; stroke: #9fc9a8; stroke-width: 1.5; stroke-dasharray: 5 4; }}
.agnes-board .slot-text {{ font-size: 26px; fill: #9fc9a8; text-anchor: middle; }}
.agnes-board .face rect {{ fill: #ffffff; stroke: #444444; stroke-width: 1; }}
.agnes-board .index {{ font-size: 17px; font-weight: bold; }}
.agnes-board .pip {{ font-size: 34px; text-anchor: middle; }}
.agnes-board .back .outer {{ fill: #1d4f91; stroke: #0d2b55; stroke-width: 1; }}
.agnes-board .back .inner {{ fill: none; stroke: #9dbce6; stroke-width: 1.5; }}
.agnes-board .count {{ font-size: 18px; font-weight: bold; fill: #ffffff; text-anchor: middle; }}
.agnes-board .mark {{ fill: none; stroke-width: 3; }}
.agnes-board .last-move {{ stroke: #ffd23f; }}
.agnes-board .highlight {{ stroke: #4fc3f7; stroke-dasharray: 8 3; }}
"""


def _pile_height(cards: int, face_down: int = 0) -> int:
    """The height of a fanned pile of ``cards`` cards, ``face_down`` of them backs."""
    if cards == 0:
        return _CARD_HEIGHT
    face_up = cards - face_down
    return _CARD_HEIGHT + face_down * _FACE_DOWN_STEP + max(face_up - 1, 0) * _FACE_UP_STEP


class _Canvas:
    """Collects the SVG elements; coordinates are user units (pixels at scale 1)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        #: Where each pile was drawn: its name -> (x, y, height), for the frames of the marks.
        self.piles: dict[str, tuple[float, float, float]] = {}

    def text(self, x: float, y: float, content: str, css: str, extra: str = "") -> None:
        self.parts.append(
            f'<text x="{x:g}" y="{y:g}" class="{css}"{extra}>{escape(content)}</text>'
        )

    def slot(self, x: float, y: float, pile: str, inside: str = "") -> None:
        self.parts.append(
            f'<g class="slot-group" data-pile="{pile}" transform="translate({x:g},{y:g})">'
            f'<rect class="slot" width="{_CARD_WIDTH}" height="{_CARD_HEIGHT}" rx="6"/>'
        )
        if inside:
            self.parts.append(
                f'<text x="{_CARD_WIDTH / 2:g}" y="{_CARD_HEIGHT / 2 + 9:g}"'
                f' class="slot-text">{escape(inside)}</text>'
            )
        self.parts.append("</g>")

    def face(self, x: float, y: float, card: Card, pile: str) -> None:
        colour = _RED if card.colour is Colour.RED else _BLACK
        symbol = _SUIT_SYMBOLS[card.suit]
        index = _RANK_TEXT[card.rank] + symbol
        self.parts.append(
            f'<g class="card face" data-card="{card}" data-pile="{pile}"'
            f' transform="translate({x:g},{y:g})" fill="{colour}">'
            f"<title>{card}</title>"
            f'<rect width="{_CARD_WIDTH}" height="{_CARD_HEIGHT}" rx="6"/>'
            f'<text x="5" y="19" class="index">{escape(index)}</text>'
            f'<text x="{_CARD_WIDTH / 2:g}" y="{_CARD_HEIGHT - 22:g}" class="pip">'
            f"{escape(symbol)}</text>"
            # The same index upside down in the far corner, as on a real card.
            f'<text x="5" y="19" class="index" transform="rotate(180 {_CARD_WIDTH / 2:g}'
            f' {_CARD_HEIGHT / 2:g})">{escape(index)}</text>'
            "</g>"
        )

    def back(self, x: float, y: float, pile: str, count: int | None = None) -> None:
        self.parts.append(
            f'<g class="card back" data-pile="{pile}" transform="translate({x:g},{y:g})">'
            f'<rect class="outer" width="{_CARD_WIDTH}" height="{_CARD_HEIGHT}" rx="6"/>'
            f'<rect class="inner" x="5" y="5" width="{_CARD_WIDTH - 10}"'
            f' height="{_CARD_HEIGHT - 10}" rx="4"/>'
        )
        if count is not None:
            self.parts.append(
                f'<text x="{_CARD_WIDTH / 2:g}" y="{_CARD_HEIGHT / 2 + 6:g}" class="count">'
                f"{count}</text>"
            )
        self.parts.append("</g>")


def _x(slot: float) -> float:
    return _MARGIN + slot * _PITCH


def render_svg(
    state_or_view: GameState | PlayerView,
    *,
    last_move: Move | str | None = None,
    highlight: Iterable[str] = (),
    size: int | float | None = None,
) -> str:
    """An SVG picture of a position or a player's view (a complete ``<svg>`` document as text).

    The top row holds the stock (a back showing how many cards are left), the
    foundations (their top card and how many cards they hold) and the spare
    spaces; under it come the reserve piles, if the variant has them, and the
    tableau. Columns fan downwards so that the corner index of every face-up
    card stays readable; face-down cards are drawn as backs. The options are
    described in the module docstring; a bad one raises an
    :class:`~agnes_rules.errors.ArgumentError` (a bad move text a
    :class:`~agnes_rules.errors.MoveParseError`).
    """
    if isinstance(state_or_view, GameState):
        view = player_view(state_or_view)
        status = " \N{EM DASH} lost" if state_or_view.is_lost else ""
    elif isinstance(state_or_view, PlayerView):
        view = state_or_view
        status = ""
    else:
        raise ArgumentError(
            f"render_svg() needs a GameState or a PlayerView, got {state_or_view!r}"
        )
    if view.is_won:
        status = " \N{EM DASH} won"
    marks = _marks(view, last_move, highlight)
    if size is not None and (
        isinstance(size, bool) or not isinstance(size, int | float) or not size > 0
    ):
        raise ArgumentError(f"size must be a positive width in pixels, got {size!r}")
    canvas = _Canvas()
    width, height, title = _draw(canvas, view, status)
    for css, pile in marks:
        x, y, pile_height = canvas.piles[pile]
        canvas.parts.append(
            f'<rect class="mark {css}" data-pile="{pile}" x="{x - 4:g}" y="{y - 4:g}"'
            f' width="{_CARD_WIDTH + 8}" height="{pile_height + 8:g}" rx="8"/>'
        )
    shown_width, shown_height = float(width), float(height)
    if size is not None:
        shown_width, shown_height = float(size), round(size * height / width)
    label = escape(title, quote=True)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="agnes-board"'
        f' width="{shown_width:g}" height="{shown_height:g}"'
        f' viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{label}">'
        f"<title>{escape(title)}</title>"
        f"<style>{_STYLE}</style>"
        f'<rect width="100%" height="100%" fill="#2e7d43" rx="8"/>'
        + "".join(canvas.parts)
        + "</svg>"
    )


def _marks(
    view: PlayerView, last_move: Move | str | None, highlight: Iterable[str]
) -> list[tuple[str, str]]:
    """The frames to draw: (css class, pile name) for the last move's piles, then the highlights."""
    marks: list[tuple[str, str]] = []
    if last_move is not None:
        move = Move.parse(last_move) if isinstance(last_move, str) else last_move
        if not isinstance(move, Move):
            raise ArgumentError(f"last_move must be a Move or its text, got {move!r}")
        if move.is_deal:
            ends: list[tuple[Area, int | None]] = [(Area.STOCK, None)]
        else:
            assert move.target is not None
            target = None if move.target is Area.FOUNDATION else move.target_index
            ends = [(move.source, move.source_index), (move.target, target)]
        for area, index in ends:
            names = _names(view, area, index)
            if not names:
                raise ArgumentError(f"last_move {move}: {view.variant.name} has no such pile")
            marks += [("last-move", pile) for pile in names]
    if isinstance(highlight, str):
        raise ArgumentError(f"highlight takes a list of pile names, got the text {highlight!r}")
    for text in highlight:
        area, index = parse_pile(text)
        names = _names(view, area, index)
        if not names:
            raise ArgumentError(f"highlight {text!r}: {view.variant.name} has no such pile")
        marks += [("highlight", pile) for pile in names]
    return marks


def _names(view: PlayerView, area: Area, index: int | None) -> list[str]:
    """The names of the piles drawn for ``area`` (one if ``index`` is given and exists)."""
    if area is Area.STOCK:
        return ["d"]
    count = {
        Area.TABLEAU: len(view.tableau),
        Area.RESERVE: len(view.reserve),
        Area.SPARE: len(view.spare),
        Area.FOUNDATION: len(view.foundations),
    }[area]
    numbers = range(count) if index is None else [index] if index < count else []
    return [f"{area.value}{number + 1}" for number in numbers]


def _draw(canvas: _Canvas, view: PlayerView, status: str) -> tuple[int, float, str]:
    """Draw ``view`` on ``canvas``; the picture's width, height and title."""
    variant = view.variant
    columns = view.tableau
    foundations = view.foundations
    spare = view.spare
    reserve = view.reserve
    stock = view.stock_count

    # Top row: stock, a half-pitch gap, foundations, another gap, spare spaces.
    top_slots = 1 + 0.25 + len(foundations) + (0.25 + len(spare) if spare else 0)
    width = 2 * _MARGIN + max(len(columns), top_slots) * _PITCH - (_PITCH - _CARD_WIDTH)
    deals = f"{view.deals_left} deal{'' if view.deals_left == 1 else 's'} left"
    title = (
        f"{variant.name}, base rank {_RANK_TEXT[view.base_rank]}, stock {stock} ({deals}){status}"
    )
    canvas.text(_MARGIN, 21, title, "title")
    # A generous estimate of the bold 15px title's width, so that a long name is not cut off.
    width = math.ceil(max(width, 2 * _MARGIN + 9.5 * len(title)))

    y = _HEADER + _LABEL
    canvas.text(_x(0), y - 4, f"stock {stock}", "label")
    canvas.piles["d"] = (_x(0), y, _CARD_HEIGHT)
    if stock:
        canvas.back(_x(0), y, "d", count=stock)
    else:
        canvas.slot(_x(0), y, "d")
    for number, pile in enumerate(foundations):
        x = _x(1.25 + number)
        suit = tuple(Suit)[number % 4]
        canvas.text(x, y - 4, f"f{number + 1}  {len(pile)}/13", "label")
        canvas.piles[f"f{number + 1}"] = (x, y, _CARD_HEIGHT)
        if pile:
            canvas.face(x, y, pile[-1], f"f{number + 1}")
        else:
            canvas.slot(x, y, f"f{number + 1}", _SUIT_SYMBOLS[suit])
    for number, card in enumerate(spare):
        x = _x(1.5 + len(foundations) + number)
        canvas.text(x, y - 4, f"s{number + 1}", "label")
        canvas.piles[f"s{number + 1}"] = (x, y, _CARD_HEIGHT)
        if card is None:
            canvas.slot(x, y, f"s{number + 1}")
        else:
            canvas.face(x, y, card, f"s{number + 1}")
    y += _CARD_HEIGHT + _ROW_GAP

    if reserve:
        y += _LABEL
        for number, pile in enumerate(reserve):
            x = _x(number)
            canvas.text(x, y - 4, f"r{number + 1}", "label")
            canvas.piles[f"r{number + 1}"] = (x, y, _pile_height(len(pile)))
            if not pile:
                canvas.slot(x, y, f"r{number + 1}")
            for position, card in enumerate(pile):
                canvas.face(x, y + position * _FACE_UP_STEP, card, f"r{number + 1}")
        y += max(_pile_height(len(pile)) for pile in reserve) + _ROW_GAP

    y += _LABEL
    for number, column in enumerate(columns):
        x = _x(number)
        name = f"t{number + 1}"
        canvas.text(x, y - 4, name, "label")
        down = column.face_down_count
        canvas.piles[name] = (x, y, _pile_height(down + len(column.face_up), down))
        if not down and not column.face_up:
            canvas.slot(x, y, name)
            continue
        card_y = float(y)
        for _ in range(down):
            canvas.back(x, card_y, name)
            card_y += _FACE_DOWN_STEP
        for card in column.face_up:
            canvas.face(x, card_y, card, name)
            card_y += _FACE_UP_STEP
    y += max(
        _pile_height(column.face_down_count + len(column.face_up), column.face_down_count)
        for column in columns
    )
    return width, y + _MARGIN, title


registry.register(GameState, "svg", render_svg)
registry.register(PlayerView, "svg", render_svg)
