"""agnes_rules: the rules of Agnes, a one-pack patience, for programs that play, solve or check it.

>>> import agnes_rules as agnes
>>> state = agnes.GameState.deal("agnes-sorel", 1)
>>> move = state.legal_moves()[0]
>>> str(move), state.apply(move).is_won
('t4f', False)
"""

from agnes_rules import quagnes
from agnes_rules.cards import Card, Colour, Rank, Suit
from agnes_rules.dealing import pysol_deck_order
from agnes_rules.errors import (
    AgnesError,
    CardParseError,
    DealError,
    MoveParseError,
    PositionError,
    VariantError,
)
from agnes_rules.moves import Area, Move
from agnes_rules.records import (
    GameRecord,
    Metadata,
    ValidationReport,
    record_schema,
    replay,
    validate,
)
from agnes_rules.serialization import FormatError
from agnes_rules.solver import Hint, Outcome, SolverError, SolveResult, Techniques, hint, solve
from agnes_rules.state import Column, GameState, IllegalMoveError, Rule
from agnes_rules.stats import WinRate, wilson_interval, win_rate
from agnes_rules.svg import render_svg
from agnes_rules.variant import (
    VARIANTS,
    Leftover,
    MovableRuns,
    Packing,
    StockTarget,
    TableauWrap,
    Vacancy,
    Variant,
)

__version__ = "0.1.0"

__all__ = [
    "VARIANTS",
    "AgnesError",
    "Area",
    "Card",
    "CardParseError",
    "Colour",
    "Column",
    "DealError",
    "FormatError",
    "GameRecord",
    "GameState",
    "Hint",
    "IllegalMoveError",
    "Leftover",
    "Metadata",
    "MovableRuns",
    "Move",
    "MoveParseError",
    "Outcome",
    "Packing",
    "PositionError",
    "Rank",
    "Rule",
    "SolveResult",
    "SolverError",
    "StockTarget",
    "Suit",
    "TableauWrap",
    "Techniques",
    "Vacancy",
    "ValidationReport",
    "Variant",
    "VariantError",
    "WinRate",
    "__version__",
    "hint",
    "pysol_deck_order",
    "quagnes",
    "record_schema",
    "render_svg",
    "replay",
    "solve",
    "validate",
    "wilson_interval",
    "win_rate",
]
