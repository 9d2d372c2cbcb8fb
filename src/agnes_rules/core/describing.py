"""The words for presets and moves, for people.

What a preset is, in one line (its rules come from the :class:`Variant` itself):

>>> preset_origin("agnes-bernauer")
'Agnes Bernauer after Morehead (1949) and the commercial rules sheet'
>>> preset_origin("my-sorel")
'a custom variant'

and what a move does, naming its cards:

>>> from agnes_rules.core.state import GameState
>>> state = GameState.deal("agnes-sorel", 1)
>>> [describe_move(state, move) for move in state.legal_moves()]
['4C to its foundation', '4C onto 5C', 'deal 7 cards to the tableau']

Both read only the public API of the core objects;
:meth:`GameState.describe <agnes_rules.GameState.describe>` is the public way
to the second.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from agnes_rules.cards import Card
from agnes_rules.core.moves import Area, Move
from agnes_rules.core.position import Position
from agnes_rules.core.variant import Leftover, StockTarget

__all__ = ["PRESET_ORIGINS", "describe_move", "preset_origin"]

_ORIGINS = {
    "agnes-sorel": "Agnes Sorel as Dalton (1909) gives it",
    "agnes-sorel-parlett": "Agnes Sorel after Parlett (1979): runs move whole, gaps stay empty",
    "agnes-sorel-pysol": "PySolFC's Agnes Sorel",
    "agnes-sorel-quagnes": "the quagnes solver's default rules (its reading of GNOME Aisleriot)",
    "agnes-sorel-aisleriot": "GNOME Aisleriot's Agnes: cards may be worried back from the"
    " foundations",
    "agnes-bernauer": "Agnes Bernauer after Morehead (1949) and the commercial rules sheet",
    "agnes-bernauer-parlett": "Agnes Bernauer with Parlett's laxer rule: runs may be split",
    "agnes-bernauer-pysol": "PySolFC's Agnes Bernauer",
    "agnes-two": "PySolFC's Agnes Two, with two decks",
}
#: What each preset is, in one line: where its rules come from (read-only).
PRESET_ORIGINS: Mapping[str, str] = MappingProxyType(_ORIGINS)

#: The origin of a variant that is not a preset.
CUSTOM_ORIGIN = "a custom variant"


def preset_origin(name: str) -> str:
    """What the preset called ``name`` is, in one line; ``'a custom variant'`` for other names.

    >>> preset_origin("agnes-two")
    "PySolFC's Agnes Two, with two decks"
    """
    return PRESET_ORIGINS.get(name, CUSTOM_ORIGIN)


def describe_move(state: Position, move: Move) -> str:
    """What ``move`` does in ``state``, in words (for a legal move).

    Cards moving together are named by their ends (``9H..7H``); a move whose
    source is empty (an illegal one) is given in the notation.

    >>> from agnes_rules.core.state import GameState
    >>> state = GameState.deal("agnes-bernauer", 1)
    >>> describe_move(state, Move.parse("r1t3")), describe_move(state, Move.parse("r6f"))
    ('4H onto 5C', 'TD to its foundation')
    >>> describe_move(state, Move.parse("d"))
    'deal 7 cards to the reserve'
    >>> describe_move(GameState.deal("agnes-sorel-pysol", 28), Move.parse("t7t6x2"))
    'AH..KH onto 2H'
    """
    if move.source is Area.STOCK:
        return _describe_deal(state)
    moving = _moving_cards(state, move)
    if not moving:
        return str(move)
    what = str(moving[0]) if len(moving) == 1 else f"{moving[0]}..{moving[-1]}"
    if move.target is Area.FOUNDATION:
        return f"{what} to its foundation"
    if move.source is Area.FOUNDATION:
        what += " back from its foundation"
    target = state.tableau[move.target_index].exposed
    if target is None:
        return f"{what} into empty column {move.target_index + 1}"
    return f"{what} onto {target}"


def _describe_deal(state: Position) -> str:
    """A deal from the stock: how many cards go where (a short last deal may fill spare spaces)."""
    variant = state.variant
    count = min(len(state.stock), variant.deal_width)
    where = "reserve" if variant.stock_to is StockTarget.RESERVE else "tableau"
    text = f"deal {count} card{'s' if count != 1 else ''} to the {where}"
    left = len(state.stock) - count
    if variant.leftover is Leftover.SPARE_SPACES and 0 < left < variant.deal_width:
        text += f" and {left} to the spare spaces"
    return text


def _moving_cards(state: Position, move: Move) -> tuple[Card, ...]:
    """The cards that ``move`` takes from its source pile, bottom first (none if it is empty)."""
    if move.source is Area.TABLEAU:
        return state.tableau[move.source_index].face_up[-move.count :]
    if move.source is Area.RESERVE:
        return state.reserve[move.source_index][-1:]
    if move.source is Area.SPARE:
        card = state.spare[move.source_index]
        return () if card is None else (card,)
    pile = (
        state.foundations[move.source_index] if move.source_index < len(state.foundations) else ()
    )
    return pile[-1:]  # worried back
