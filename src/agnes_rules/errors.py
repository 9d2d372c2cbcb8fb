"""The exceptions of the package.

Every error that bad input can cause is a :class:`ValueError` subclass, so that
callers who only care about "was this input acceptable" can catch one type, and
callers who care about the reason can catch the precise one.
"""

from __future__ import annotations


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
    """A text is not a move in the notation (see :mod:`agnes_rules.moves`)."""

    def __init__(self, text: object, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"not a move: {shown(text)} ({reason})")

    def __reduce__(self) -> tuple[type[MoveParseError], tuple[object, str]]:
        return (type(self), (self.text, self.reason))


class PositionError(AgnesError, ValueError):
    """A position (a :class:`~agnes_rules.GameState` built from parts) is impossible."""
