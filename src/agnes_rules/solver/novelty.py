"""Novelty: whether a position puts some card where no position met before had it.

The best-first pass (:mod:`.best_first`) ranks positions by how near a win they
look, and in the hard deals of the Bernauer family that measure is flat over
large parts of the game: many positions with the same cards home and the same
cards above those wanted next, and the pass wanders among them. Width-based
planning (Lipovetzky and Geffner, "Best-First Width Search", AAAI 2017) breaks
such plateaus with *novelty*: a position is novel when it makes some fact true
for the first time in the search, and novel positions are expanded first. The
facts here are the codes of a link key (:func:`~.keys.link_key`): for each
card, what it lies on (a card, the bottom of a pile, home, the stock). They are
counted apart for each number of cards home, so that after a card goes home the
tableau's arrangements are new again.

Novelty only orders the pass. A loss the pass proves needs every position it
meets expanded, in whatever order; so novelty changes which wins the pass finds
within its budget, and what it leaves proved lost when it stops there, never a
verdict.
"""

from __future__ import annotations

from typing import Final

__all__ = ["Novelty"]

#: The values a byte of a link key can take.
_CODES: Final = 256


class Novelty:
    """The facts of the positions met so far, per number of cards home.

    >>> novelty = Novelty()
    >>> novelty.mark(0, bytes([3, 7, 9]))  # byte 0, the stock position, is not a fact
    True
    >>> novelty.mark(0, bytes([5, 7, 9]))
    False
    >>> novelty.mark(0, bytes([3, 7, 8]))  # the second card lies somewhere new
    True
    >>> novelty.mark(1, bytes([3, 7, 9]))  # counted apart once a card more is home
    True
    """

    def __init__(self) -> None:
        # For each number of cards home: byte ``place * 256 + code`` is 1 once some
        # position met had ``code`` at ``place`` of its link key.
        self._seen: dict[int, bytearray] = {}

    def mark(self, home: int, link: bytes) -> bool:
        """Note the facts of a position with ``home`` cards home and link key ``link``;
        whether one of them was new among such positions."""
        seen = self._seen.get(home)
        if seen is None:
            seen = bytearray(len(link) * _CODES)
            self._seen[home] = seen
        new = False
        for place in range(1, len(link)):
            fact = place * _CODES + link[place]
            if not seen[fact]:
                seen[fact] = 1
                new = True
        return new
