"""Pictures of a position as SVG, with nothing but the standard library.

:func:`render_svg` draws the whole layout: the stock (a card back with the
number of cards left), the foundations, the spare spaces, the reserve piles
and the tableau, each pile labelled with its name in the move notation
(``t3``, ``r2``, ``s1``), face-down cards as backs.

>>> from agnes_rules.state import GameState
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
"""

from __future__ import annotations

import math
from html import escape

from agnes_rules.cards import Card, Colour, Rank, Suit
from agnes_rules.state import GameState

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


def render_svg(state: GameState) -> str:
    """An SVG picture of ``state`` (a complete ``<svg>`` document as text).

    The top row holds the stock (a back showing how many cards are left), the
    foundations (their top card and how many cards they hold) and the spare
    spaces; under it come the reserve piles, if the variant has them, and the
    tableau. Columns fan downwards so that the corner index of every face-up
    card stays readable; face-down cards are drawn as backs.
    """
    variant = state.variant
    canvas = _Canvas()
    columns = state.tableau
    foundations = state.foundations
    spare = state.spare
    reserve = state.reserve
    stock = len(state.stock)

    # Top row: stock, a half-pitch gap, foundations, another gap, spare spaces.
    top_slots = 1 + 0.25 + len(foundations) + (0.25 + len(spare) if spare else 0)
    width = 2 * _MARGIN + max(len(columns), top_slots) * _PITCH - (_PITCH - _CARD_WIDTH)

    if state.is_won:
        status = " \N{EM DASH} won"
    elif state.is_lost:
        status = " \N{EM DASH} lost"
    else:
        status = ""
    title = (
        f"{variant.name}, base rank {_RANK_TEXT[state.base_rank]}, "
        f"stock {stock} ({state.deals_left} deals left){status}"
    )
    canvas.text(_MARGIN, 21, title, "title")
    # A generous estimate of the bold 15px title's width, so that a long name is not cut off.
    width = math.ceil(max(width, 2 * _MARGIN + 9.5 * len(title)))

    y = _HEADER + _LABEL
    canvas.text(_x(0), y - 4, f"stock {stock}", "label")
    if stock:
        canvas.back(_x(0), y, "d", count=stock)
    else:
        canvas.slot(_x(0), y, "d")
    for number, pile in enumerate(foundations):
        x = _x(1.25 + number)
        suit = tuple(Suit)[number % 4]
        canvas.text(x, y - 4, f"f{number + 1}  {len(pile)}/13", "label")
        if pile:
            canvas.face(x, y, pile[-1], f"f{number + 1}")
        else:
            canvas.slot(x, y, f"f{number + 1}", _SUIT_SYMBOLS[suit])
    for number, card in enumerate(spare):
        x = _x(1.5 + len(foundations) + number)
        canvas.text(x, y - 4, f"s{number + 1}", "label")
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
        if not len(column):
            canvas.slot(x, y, name)
            continue
        card_y = float(y)
        for _ in column.face_down:
            canvas.back(x, card_y, name)
            card_y += _FACE_DOWN_STEP
        for card in column.face_up:
            canvas.face(x, card_y, card, name)
            card_y += _FACE_UP_STEP
    y += max(_pile_height(len(column), len(column.face_down)) for column in columns)
    height = y + _MARGIN

    label = escape(title, quote=True)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="agnes-board"'
        f' width="{width:g}" height="{height:g}"'
        f' viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{label}">'
        f"<title>{escape(title)}</title>"
        f"<style>{_STYLE}</style>"
        f'<rect width="100%" height="100%" fill="#2e7d43" rx="8"/>'
        + "".join(canvas.parts)
        + "</svg>"
    )
