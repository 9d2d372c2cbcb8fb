"""The deals a player cannot rule out: completions of the hidden cards of a view.

A player sees the face-up cards and only the number of the others (see
:mod:`agnes_rules.view`). :func:`completions` deals the unseen cards at random
into the hidden places (the face-down cards of each column, then the stock)
and so makes positions that look exactly like the view. The random numbers
are seeded from a digest of the view's code (:func:`view_seed`), never from
Python's salted ``hash()``, so equal views give the same completions in every
process.

>>> from agnes_rules.core.state import GameState
>>> from agnes_rules.view import player_view
>>> view = player_view(GameState.deal("agnes-sorel-quagnes", 5))
>>> deals = completions(view, 3)
>>> len(deals), all(player_view(deal) == view for deal in deals)
(3, True)
>>> completions(view, 3) == deals
True
"""

from __future__ import annotations

import hashlib
import random

from agnes_rules.core.position import Column
from agnes_rules.core.state import GameState
from agnes_rules.view import PlayerView

__all__ = ["completions", "is_complete", "view_seed"]


def view_seed(view: PlayerView) -> int:
    """A seed that depends only on ``view``: the first 8 bytes of the SHA-256 of its code."""
    return int.from_bytes(hashlib.sha256(view.to_code().encode()).digest()[:8], "big")


def is_complete(view: PlayerView) -> bool:
    """Whether only one position looks like ``view`` (no two unseen cards can trade places)."""
    return len(set(view.unseen)) <= 1


def completions(view: PlayerView, count: int) -> list[GameState]:
    """``count`` positions that look like ``view``, its unseen cards dealt at random."""
    rng = random.Random(view_seed(view))
    unseen = list(view.unseen)
    deals = []
    for _ in range(count):
        rng.shuffle(unseen)
        cards = iter(unseen)
        tableau = [
            Column([next(cards) for _ in range(column.face_down_count)], column.face_up)
            for column in view.tableau
        ]
        deals.append(
            GameState(
                view.variant,
                base_rank=view.base_rank,
                tableau=tableau,
                foundations=view.foundations,
                reserve=view.reserve,
                spare=view.spare,
                stock=list(cards),
            )
        )
    return deals
