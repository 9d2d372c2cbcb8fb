"""Restarts of the exact search in other orders, keeping what the runs before proved.

In Agnes Two nearly every deal is won, and the deals the exact depth-first
search leaves undecided are wins it missed by an early choice: the same search
in a slightly different order (a salted :func:`~.ordering.order`) often wins
them within a few hundred positions. So there (two decks, see
:class:`~.search.Search`) the exact search runs in turns: each run stops after
a set number of positions (:func:`run_lengths`, the Luby sequence times
:data:`UNIT`) and the next starts again from the first position in the next
salt's order, until one decides or the budget is spent. With one deck the
wins the exact search finds lie deep in the plain order, where turns miss a
few, so it runs once (docs/solver.md has the measurements).

The runs share their table of positions seen, but for the positions on the
stack when a run stopped (and the one it had just met): every other position
in it was refuted, or *finished* (all its moves tried), and the runs after
skip it. A finished position need not be lost (a line from it may win through
a position that was on the stack then), but while the deal is won some
winning line avoids them all, by induction over the runs. Suppose a winning
line from the first position avoids every position finished before a run,
and let P be the last position on it that this run finishes. When P's moves
were tried, the next position Q on the line was not refuted (it is won), not
finished before this run (the line avoids those) nor in it (P is the last);
so it was on the stack then, or left out as a repeat
(:func:`~.ordering.without_repeats`: then it is a move of the position P was
reached from, and the same holds of that one, up to a position on the
stack). A run whose stack empties finishes everything on it, Q too: so a run
that ends without a win proves the deal lost, as a single search would. A run
that stops leaves that stack position unfinished, out of the table, and the
line down the stack to it and on from it as before avoids every finished
position. The argument needs every move of a finished position tried but
repeats, so the runs never go where cards are worried back or moves are
dominated (:class:`~.search.Search`). What a restart costs is the stack
searched again, so the runs stay long against it (:data:`UNIT`).

>>> list(run_lengths(7))
[1000, 1000, 2000, 1000, 1000, 2000, 4000]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

__all__ = ["UNIT", "luby", "run_lengths"]

#: The positions of the shortest run: the Luby sequence's unit.
UNIT: Final = 1000


def luby(index: int) -> int:
    """The ``index``-th term (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, ...

    Term 2**k - 1 is 2**(k - 1); the terms after it repeat the sequence from its start.

    >>> [luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    while True:
        power = 1
        while (1 << power) - 1 < index:
            power += 1
        if index == (1 << power) - 1:
            return 1 << (power - 1)
        index -= (1 << (power - 1)) - 1


def run_lengths(runs: int | None = None) -> Iterator[int]:
    """The lengths of the runs, in positions (``runs`` of them; None: without end)."""
    index = 0
    while runs is None or index < runs:
        index += 1
        yield UNIT * luby(index)
