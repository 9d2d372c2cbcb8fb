"""Leaves kept out of the table of positions seen (``forget_leaves``), once it is large.

The exact search remembers every position it examined, so as never to search one
twice, and on a large budget that table is what fills memory. Many of its positions
are *leaves*: a position a loss proof refuted, and one whose every move led to a
position seen, refuted or asleep, once all were tried. :class:`Leaves` takes them out
again, from a given count of positions examined on (:data:`~.search.FORGET_FROM`), in
the exact search and in the first pass where cards are worried back (the exact search
of the game without worry-backs, on its own count).

A leaf met again is examined again, and counts again. Its moves mostly lead where
they led before, to positions still in the table: a position stays there once it led
to a new one, and only a position that was on the stack when the leaf was examined
can have left it since, which it did not, having led to the leaf's line (but between
the turns of :mod:`.restarts`, which search the stack's positions again). So it costs
that one position, and one for each child a proof refuted. The moves tried in a
position can depend on the move that reached it (:meth:`.MoveChoice.after`) and on the
moves asleep there, so a leaf met by another move may lead to a new position: then
that is searched, as it would have been from there. "Lost" stays a proof: nothing is
taken for searched that was not, and a position left out is searched again when met.

>>> seen = {b"root", b"a", b"b"}
>>> leaves = Leaves(seen, 1, start_at=0, examined=1)
>>> leaves.enter(1, b"a", 2)  # a, on the root: a leads to b, then b is finished
>>> leaves.enter(2, b"b", 3)
>>> leaves.leave(2)  # b led to no new position: out
>>> leaves.leave(1)  # a led to b: it stays
>>> sorted(seen)
[b'a', b'root']
"""

from __future__ import annotations

__all__ = ["Leaves"]


class Leaves:
    """The frames of one run of the exact search above the stack's ``depth`` at the start,
    while leaves are kept out of ``seen`` (from ``start_at`` positions examined on; -1:
    never). Frames below that depth stay in the table."""

    def __init__(self, seen: set[bytes], depth: int, start_at: int, examined: int) -> None:
        self.seen = seen
        self.start_at = start_at
        #: Whether leaves are being kept out (from the first ``start_at`` positions on).
        self.active = 0 <= start_at <= examined
        #: The lowest frame with an entry; for each frame from there up, its key in the
        #: table and whether it led to a new position.
        self.base = depth
        self.kept: list[bytes] = []
        self.bore: list[bool] = []

    def enter(self, depth: int, key: bytes, examined: int) -> None:
        """A new position, ``examined`` so far, goes on the stack at ``depth``, with ``key``
        in the table; its parent led to a new position."""
        if not self.active:
            if self.start_at < 0 or examined < self.start_at:
                return
            self.active = True
            self.base = depth  # the frames on the stack now have no entries
        if depth > self.base:
            self.bore[-1] = True
        self.kept.append(key)
        self.bore.append(False)

    def refuted(self, key: bytes) -> None:
        """A loss proof refuted the new position of ``key``: a leaf."""
        if self.active:
            self.seen.discard(key)

    def leave(self, depth: int) -> None:
        """The frame at ``depth`` is finished: off the stack, and out of the table if it
        was a leaf."""
        if not self.active:
            return
        if depth < self.base:
            self.base = depth  # a frame from before: the next one there has an entry
        elif self.bore.pop():
            self.kept.pop()
        else:
            self.seen.discard(self.kept.pop())
