"""The text picture of a position, for people (``str(state)``, ``state.render()``).

>>> from agnes_rules.core.state import GameState
>>> print(render(GameState.deal("agnes-bernauer", 1)))  # doctest: +NORMALIZE_WHITESPACE
agnes-bernauer, base rank T, stock 16 (2 deals left)
foundations  C: --   D: --   H: TH   S: --
reserve         1   2   3   4   5   6   7
               4H  AC  4D  7S  3S  TD  4S
spare        1: --   2: --
tableau         1   2   3   4   5   6   7
               QH  ##  ##  ##  ##  ##  ##
                   TS  ##  ##  ##  ##  ##
                       5C  ##  ##  ##  ##
                           4C  ##  ##  ##
                               3C  ##  ##
                                   AH  ##
                                       AS
"""

from __future__ import annotations

from agnes_rules.cards import FULL_DECK, SUITS
from agnes_rules.core.position import Position

__all__ = ["render"]

_MARGIN = 13


def render(position: Position) -> str:
    """A text picture of ``position``; face-down cards show as ``##``."""
    variant = position.variant
    stock = len(position._stock)
    lines = [
        f"{variant.name}, base rank {position.base_rank.letter},"
        f" stock {stock} ({_deals_left(variant.deals_from(stock))})"
    ]
    piles = []
    for number, pile in enumerate(position.foundations):
        piles.append(f"{SUITS[number % 4].letter}: {pile[-1] if pile else '--'}")
    lines.append(_label("foundations") + "   ".join(piles))
    if position._reserve:
        lines.append(_label("reserve") + _grid_header(len(position._reserve)))
        lines.extend(_grid([[str(FULL_DECK[c]) for c in pile] for pile in position._reserve]))
    if position._spare:
        spare_cards = ("--" if card < 0 else str(FULL_DECK[card]) for card in position._spare)
        lines.append(
            _label("spare") + "   ".join(f"{n}: {text}" for n, text in enumerate(spare_cards, 1))
        )
    lines.append(_label("tableau") + _grid_header(len(position._up)))
    columns = [
        ["##"] * len(down) + [str(FULL_DECK[card]) for card in column]
        for down, column in zip(position._down, position._up, strict=True)
    ]
    lines.extend(_grid(columns))
    return "\n".join(line.rstrip() for line in lines)


def _label(text: str) -> str:
    return text.ljust(_MARGIN)


def _grid_header(count: int) -> str:
    return "".join(f"{number:>4}" for number in range(1, count + 1))


def _grid(columns: list[list[str]]) -> list[str]:
    height = max((len(column) for column in columns), default=0)
    rows = []
    for row in range(height):
        cells = (column[row] if row < len(column) else "" for column in columns)
        rows.append(" " * _MARGIN + "".join(f"{cell:>4}" for cell in cells))
    return rows


def _deals_left(count: int) -> str:
    return f"{count} deal{'' if count == 1 else 's'} left"
