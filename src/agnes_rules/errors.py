"""The exceptions of the package, every one of them (the base layer: it imports nothing).

Every error that bad input can cause is an :class:`AgnesError` and a
:class:`ValueError` subclass, so that callers who only care about "was this
input acceptable" can catch one type, and callers who care about the reason can
catch the precise one. Each class names one situation:

- :class:`CardParseError`, :class:`MoveParseError`: a text is not a card, a move;
- :class:`MoveFieldError`: a :class:`~agnes_rules.Move` built from fields that name no move;
- :class:`VariantError`: an inconsistent variant or an unknown preset name;
- :class:`DealError`: a deck or game number that cannot be dealt;
- :class:`PositionError`: an impossible position built from parts;
- :class:`FormatError`: a document, record or position code that cannot be read;
- :class:`IllegalMoveError`: a move the rules forbid, with the :class:`Rule` it breaks;
- :class:`ArgumentError`: a function was called with an argument of the wrong
  type or out of range (``max_states=0``, a string where a position is needed);
- :class:`SolverError`: the solver contradicted the rules engine (a bug, never bad input);
- :class:`NotRegisteredError`: a core object's document method found no format module
  (a packaging bug, never bad input).
- :class:`HistoryError`: a play session was asked to undo or redo with nothing to undo or redo.
- :class:`LimitError`: input larger than a reader takes (a :class:`FormatError`; see
  :mod:`agnes_rules.limits`).
"""

from __future__ import annotations

import enum
from typing import Any


class AgnesError(Exception):
    """Base class of every exception raised on purpose by :mod:`agnes_rules`."""


def shown(text: object, limit: int = 40) -> str:
    """The repr of ``text`` for a message, shortened when it is long."""
    shown_text = repr(text)
    return shown_text if len(shown_text) <= limit else shown_text[: limit - 5] + "...'"


class CardParseError(AgnesError, ValueError):
    """A text is not a card (``"TH"``, ``"10h"`` and ``"as"`` are; ``"1H"`` is not).

    The offending text is kept in :attr:`text`.
    """

    def __init__(self, text: object, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"not a card: {shown(text)} ({reason})")

    def __reduce__(self) -> tuple[type[CardParseError], tuple[object, str]]:
        return (type(self), (self.text, self.reason))


class VariantError(AgnesError, ValueError):
    """A variant configuration is inconsistent, or a preset name is unknown."""


class DealError(AgnesError, ValueError):
    """A deal cannot be made: wrong number of cards, duplicates, a bad game number."""


class MoveParseError(AgnesError, ValueError):
    """A text is not a move in the notation (see :mod:`agnes_rules.core.moves`)."""

    def __init__(self, text: object, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"not a move: {shown(text)} ({reason})")

    def __reduce__(self) -> tuple[type[MoveParseError], tuple[object, str]]:
        return (type(self), (self.text, self.reason))


class MoveFieldError(AgnesError, ValueError):
    """A :class:`~agnes_rules.Move` was built from fields that name no move.

    Not a parse error: no text was read. :attr:`fields` shows the fields as
    given, :attr:`reason` says which one is wrong.
    """

    def __init__(self, fields: str, reason: str) -> None:
        self.fields = fields
        self.reason = reason
        super().__init__(f"not a move: {fields} ({reason})")

    def __reduce__(self) -> tuple[type[MoveFieldError], tuple[str, str]]:
        return (type(self), (self.fields, self.reason))


class PositionError(AgnesError, ValueError):
    """A position (a :class:`~agnes_rules.GameState` built from parts) is impossible.

    :attr:`location` names the offending part as a path of keys and indices,
    such as ``("tableau", 2, "face_up", 0)`` (empty when the problem is the
    position as a whole), so that a reader can point at the same place in its
    own document; :attr:`reason` says what is wrong.
    """

    def __init__(self, reason: str, location: tuple[str | int, ...] = ()) -> None:
        self.reason = reason
        self.location = location
        super().__init__(reason)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.reason, self.location))


class FormatError(AgnesError, ValueError):
    """Input that is not a valid document (or record, or position code) of this library.

    :attr:`path` says where the problem is: a JSON path such as
    ``$.tableau[2].face_up[0]`` for JSON documents, ``$`` for the document as a
    whole, or the name of the part of a position code. :attr:`reason` says what
    is wrong.
    """

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.path, self.reason))


class Rule(enum.Enum):
    """The rule that makes a move illegal (:attr:`IllegalMoveError.rule`)."""

    NO_SUCH_PILE = "no-such-pile"
    EMPTY_SOURCE = "empty-source"
    STOCK_EMPTY = "stock-empty"
    FOUNDATION_IS_FINAL = "foundation-is-final"
    NOTHING_ON_RESERVE = "nothing-on-reserve"
    NOTHING_ON_SPARE = "nothing-on-spare"
    SAME_COLUMN = "same-column"
    TOP_CARD_ONLY = "top-card-only"
    FOUNDATION = "foundation"
    NOT_ENOUGH_CARDS = "not-enough-cards"
    NOT_A_RUN = "not-a-run"
    RUN_MAY_NOT_SPLIT = "run-may-not-split"
    PACKING = "packing"
    VACANCY = "vacancy"


class IllegalMoveError(AgnesError, ValueError):
    """A move was applied that the rules forbid.

    :attr:`move` and :attr:`state` are the :class:`~agnes_rules.Move` and the
    :class:`~agnes_rules.GameState` it was tried in (typed loosely here because
    this module sits below the core that defines them); :attr:`rule` is the
    :class:`Rule` it breaks and :attr:`reason` says how.
    """

    def __init__(self, move: Any, state: Any, rule: Rule, reason: str) -> None:
        self.move = move
        self.state = state
        self.rule = rule
        self.reason = reason
        super().__init__(f"{move} is illegal ({rule.value}): {reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.move, self.state, self.rule, self.reason))


class ArgumentError(AgnesError, ValueError, TypeError):
    """A function was called with an argument of the wrong type or out of range.

    It is both a :class:`ValueError` and a :class:`TypeError`, the two errors
    Python itself raises for such calls, so code that catches either keeps working.
    """


class SolverError(AgnesError, AssertionError):
    """The solver's line broke the rules engine: a bug in the solver, never bad input."""


class NotRegisteredError(AgnesError, LookupError):
    """No format module has registered this format for this type (a packaging bug)."""


class HistoryError(AgnesError, IndexError):
    """:meth:`Game.undo <agnes_rules.Game.undo>` with no move played, or ``redo`` with none undone.

    An :class:`IndexError`, like popping an empty list (python-chess's ``Board.pop``).
    """


class LimitError(FormatError):
    """Input larger than a reader takes (see :mod:`agnes_rules.limits`).

    A :class:`FormatError`, so that code catching unreadable input catches it too;
    :attr:`limit` names the limit (``"document_bytes"``, ``"record_moves"``, ...)
    and :attr:`maximum` is its value.
    """

    def __init__(self, path: str, limit: str, maximum: int, reason: str) -> None:
        self.limit = limit
        self.maximum = maximum
        super().__init__(path, reason)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.path, self.limit, self.maximum, self.reason))
