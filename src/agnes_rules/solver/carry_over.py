"""What the streamlined pass proved lost, carried over to the exact search after it.

The streamlined pass (:meth:`.Search.streamlined`) plays every card its
foundation accepts and gives up on lines, so its "lost" proves nothing about the
deal. But much of what it searched, it searched exactly: wherever no card went
home that the exact autoplay keeps, a position's children are the exact search's,
and where it gave up on no line below a position, every move of that position was
tried. :class:`PassRecord` notes, as the pass goes, what it needs to tell those
positions apart; when the pass ends without a verdict, the positions it proved lost
start the exact search's table of positions seen (as the best-first pass's do, see
:class:`~.best_first.LostPositions`), so the exact search never enters them.

A position of the pass is proved lost when a loss proof refuted it, or when its
moves were all tried and no line from it leads to a position of the pass that is
*open*: one whose moves were not all tried (a line given up at a cap, or the pass
stopped at its share), or one of whose moves sent a card home that the exact
autoplay keeps (the child that move leads to in the exact search was not searched).
A move that led to a position met before links the two (:meth:`~.best_first.LostPositions.lead`);
so does a move that :func:`~.ordering.without_repeats` left out, to the position the
search came from, where one move gives the same child. A move asleep (see
:mod:`.sleep`) leads to a lost position, provided the refuted position it stands for
was reached without an unsafe card sent home: the pass adds no other sleepers while
it keeps a record.
"""

from __future__ import annotations

from collections.abc import Iterable

from agnes_rules.solver.autoplay import GreedyAutoplay
from agnes_rules.solver.best_first import LostPositions

__all__ = ["PassRecord"]


class PassRecord(LostPositions):
    """The streamlined pass's record of what it proved lost, from its first position's
    key and its autoplay (whose flag of a card sent home unsafely it takes over).

    >>> from agnes_rules.core.state import GameState
    >>> from agnes_rules.solver.board import Board
    >>> record = PassRecord(b"root", GreedyAutoplay(Board(GameState.deal("agnes-sorel", 1))))
    >>> record.met(b"root", b"A", False); record.met(b"A", b"B", False)
    >>> record.met(b"root", b"C", False)
    >>> record.refuted(b"B")
    True
    >>> record.give_up([b"C"])
    >>> sorted(record.proved())
    [b'A', b'B']
    """

    def __init__(self, root: bytes, greedy: GreedyAutoplay) -> None:
        super().__init__()
        #: Each position met -> the position it was first met from (empty for the first).
        self.parents: dict[bytes, bytes] = {root: b""}
        #: The positions whose moves were not all tried, or not all exactly.
        self.open: set[bytes] = set()
        #: Whether the last move settled sent home a card the exact autoplay keeps.
        self.unsafe = False
        #: Whether any did, or the autoplay to the first position (the pass was then not
        #: the exact search).
        self.went_unsafe = greedy.unsafe
        greedy.unsafe = False
        self.greedy = greedy

    def met(self, parent: bytes, key: bytes, repeated: bool) -> None:
        """A move of ``parent`` was played and auto-played, to ``key``, met before when
        ``repeated`` (the two are then linked). Where it sent home a card the exact
        autoplay keeps, ``parent`` is open. The autoplay's flag is cleared, so that it
        tells of the next move alone."""
        greedy = self.greedy
        self.unsafe = greedy.unsafe
        if greedy.unsafe:
            greedy.unsafe = False
            self.went_unsafe = True
            self.open.add(parent)
        if repeated:
            self.lead(parent, key)
        else:
            self.parents[key] = parent

    def refuted(self, key: bytes) -> bool:
        """A loss proof refuted ``key``, just met: whether that was the exact search's
        position (no card went home unsafely on the way), which a sleeper may then stand
        for (see :mod:`.sleep`)."""
        self.prove(key)
        return not self.unsafe

    def give_up(self, keys: Iterable[bytes]) -> None:
        """The moves of these positions were not all tried."""
        self.open.update(keys)

    def proved(self) -> set[bytes]:
        """The pass has ended: the keys of the positions it proved lost."""
        self.close_parents(self.parents, self.open)
        return self.keys
