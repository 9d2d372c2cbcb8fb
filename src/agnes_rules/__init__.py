"""agnes_rules: the rules of Agnes, a one-pack patience, for programs that play, solve or check it.

>>> import agnes_rules as agnes
>>> state = agnes.GameState.deal("agnes-sorel", 1)
>>> move = state.legal_moves()[0]
>>> str(move), state.apply(move).is_won
('t4f', False)
"""

# Every format module is imported here, so the core's registry of documents is full
# whenever agnes_rules is (docs/architecture.md).
from agnes_rules import quagnes
from agnes_rules import serialization as serialization
from agnes_rules._build import COMPILED
from agnes_rules.actions import ActionSpace
from agnes_rules.cards import Card, Colour, Rank, Suit
from agnes_rules.core.dealing import pysol_deck_order
from agnes_rules.core.moves import Area, Move
from agnes_rules.core.state import Column, GameState
from agnes_rules.core.variant import (
    VARIANTS,
    Leftover,
    MovableRuns,
    Packing,
    PresetName,
    StockTarget,
    TableauWrap,
    Vacancy,
    Variant,
)
from agnes_rules.errors import (
    AgnesError,
    ArgumentError,
    CardParseError,
    DealError,
    FormatError,
    HistoryError,
    IllegalMoveError,
    LimitError,
    MoveFieldError,
    MoveParseError,
    NotRegisteredError,
    PositionError,
    Rule,
    SolverError,
    VariantError,
)
from agnes_rules.game import Game
from agnes_rules.records import (
    GameRecord,
    Metadata,
    ValidationReport,
    record_schema,
    replay,
    validate,
)
from agnes_rules.solver import Hint, Outcome, SolveResult, Techniques, hint, solve
from agnes_rules.stats import WinRate, wilson_interval, win_rate
from agnes_rules.svg import render_svg
from agnes_rules.view import PlayerView
from agnes_rules.winnable import random_winnable_deal, winnable_deals

__version__ = "0.1.0"

__all__ = [
    "COMPILED",
    "VARIANTS",
    "ActionSpace",
    "AgnesError",
    "Area",
    "ArgumentError",
    "Card",
    "CardParseError",
    "Colour",
    "Column",
    "DealError",
    "FormatError",
    "Game",
    "GameRecord",
    "GameState",
    "Hint",
    "HistoryError",
    "IllegalMoveError",
    "Leftover",
    "LimitError",
    "Metadata",
    "MovableRuns",
    "Move",
    "MoveFieldError",
    "MoveParseError",
    "NotRegisteredError",
    "Outcome",
    "Packing",
    "PlayerView",
    "PositionError",
    "PresetName",
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
    "random_winnable_deal",
    "record_schema",
    "render_svg",
    "replay",
    "solve",
    "validate",
    "wilson_interval",
    "win_rate",
    "winnable_deals",
]
