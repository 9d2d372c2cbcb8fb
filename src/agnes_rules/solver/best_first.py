"""A best-first pass: the positions nearest a win first, whatever line they are on.

A depth-first search commits to its first choices: when one made early is
wrong, the rest of its budget can go into the game that follows it. Where
gaps can be filled most deals are won, and the deals a depth-first search
leaves undecided are mostly such wins. :class:`BestFirst` searches the same
game (the exact autoplay, the same loss proofs and keys) in another order: it
always expands, of all the positions it has met, the one that looks nearest a
win (:func:`distance`), so a poor choice early costs only the positions that
look worse than the others; with one deck, those that put some card where no
position met before had it come first (:mod:`.novelty`), so that the pass does
not wander on a plateau of that measure. It ends at a win, at its budget, or
when nothing is left to expand; the last is a loss proof as good as the exact search's,
since every move of every position met and not refuted or proved lost by an earlier
pass (:mod:`.carry_over`) was tried, but flips of no use (below; no move is
left out as a repeat: :func:`~.ordering.without_repeats` needs a depth-first
order). It runs only where gaps can be filled, so no move is dominated either
(:func:`~.ordering.undominated` needs gaps that stay empty). Where flips wait for
their use in the exact search (:mod:`.flips`), the pass leaves out the flips no
move could use and settles each step's runs as that search does, but lets any move
follow a flip. What it proves lost is still lost: counting only the moves other
than flips, a won position has a shortest winning line in which each flip is
followed by a move that uses it (see :mod:`.flips`). The pass tries that line's
first move (a flip it leaves out has no use) and, after a flip, the move that uses
it; the first of them that is not a flip reaches a won position nearer a win,
settled or not (settling plays only flips). So each won position it meets leads to
a nearer one it meets too, and none is ever taken for lost.

When it stops at its budget, the exact search starts afresh; but what the pass
proved need not be proved again (:class:`LostPositions`): the positions a loss
proof refuted, and those it expanded from which no line leads to a position it
did not expand, go to the exact search's table of positions seen, which then
never enters them.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from typing import Final

from agnes_rules.solver.autoplay import Autoplay
from agnes_rules.solver.board import (
    DEAL,
    DOWN,
    SPARE_TO_FOUNDATION,
    Board,
    InternalMove,
    Position,
)
from agnes_rules.solver.flips import FlipUses
from agnes_rules.solver.keys import PositionKeys, move_link_key
from agnes_rules.solver.moves import MoveGenerator
from agnes_rules.solver.novelty import Novelty
from agnes_rules.solver.proofs import LossProofs
from agnes_rules.solver.results import Outcome
from agnes_rules.solver.watch import CHECK_EVERY, Watch, next_stop, stop_or_next

__all__ = ["HOME_WEIGHT", "NOT_NOVEL", "BestFirst", "LostPositions", "distance"]

#: What a card not yet home weighs in :func:`distance`, against one card lying above a
#: card its foundation takes next, or one face-down card.
HOME_WEIGHT: Final = 10
#: Added to the distance of a position that puts no card anywhere new (see
#: :mod:`.novelty`): it comes after every one that does, of whatever distance.
NOT_NOVEL: Final = 1 << 20
#: The bits of a heap entry's order below its distance: the count of positions met,
#: so that of two positions as near a win the one met first comes first.
_ORDER_BITS: Final = 40

#: A heap entry: (distance << _ORDER_BITS | order met, position, its link key (empty
#: without link keys), its key in the table of positions met).
_Entry = tuple[int, Position, bytes, bytes]


def distance(board: Board, position: Position) -> int:
    """How far ``position`` looks from a win (smaller is nearer): :data:`HOME_WEIGHT` for
    each card not home, one for each card lying above a card that a foundation takes
    next (both copies of it with two decks), and one for each face-down card.

    >>> from agnes_rules.core.state import GameState
    >>> board = Board(GameState.deal("agnes-bernauer", 1))
    >>> distance(board, board.root) > HOME_WEIGHT * (board.total - sum(board.root[3]))
    True
    """
    columns, reserve, _, found, _ = position
    wanted = bytearray(DOWN)
    for foundation in range(len(found)):
        height = found[foundation]
        if height < 13:
            wanted[board.card_at[foundation % 4 * 13 + height]] = 1
    far = HOME_WEIGHT * (board.total - sum(found))
    for pile in columns:
        top = len(pile) - 1
        for place in range(len(pile)):
            code = pile[place]
            if code >= DOWN:
                far += 1
                code -= DOWN
            if wanted[code]:
                far += top - place
    for pile in reserve:
        top = len(pile) - 1
        for place in range(len(pile)):
            if wanted[pile[place]]:
                far += top - place
    return far


#: The pass's table of positions met: each one's key -> the key of the position it was
#: first met from (empty for the first position) and the moves between.
WayBack = dict[bytes, tuple[bytes, list[InternalMove]]]


class LostPositions:
    """The positions of a best-first pass proved lost, by their keys in the table.

    A position is lost when an earlier pass proved it (``proved``, which the pass never
    enters) or a loss proof refutes it (:meth:`prove`). When the pass
    stops, so is every position it expanded from which no line leads to a position it
    did not expand (:meth:`close`): every line from there stays among positions
    expanded, none of them won, or ends refuted. A line that leaves the expanded
    positions runs backwards, from a position not expanded, along the moves that led
    to positions not refuted: the first to each position (the pass's :data:`WayBack`
    table) and the others (:meth:`lead`).

    >>> met = {b"root": (b"", []), b"A": (b"root", []), b"B": (b"A", []),
    ...        b"C": (b"root", []), b"D": (b"C", [])}
    >>> lost = LostPositions()
    >>> lost.lead(b"B", b"A"); lost.prove(b"D")
    >>> lost.close(met, unexpanded=[b"C"])
    >>> sorted(lost.keys)
    [b'A', b'B', b'D']
    """

    def __init__(self, proved: set[bytes] | None = None) -> None:
        #: The keys of the positions proved lost: ``proved`` (taken, not copied), those
        #: an earlier pass proved, and what this pass proves.
        self.keys: set[bytes] = set() if proved is None else proved
        # Position -> the expanded positions whose moves led to it again.
        self._again: dict[bytes, list[bytes]] = {}

    def prove(self, key: bytes) -> None:
        """A loss proof refuted ``key``."""
        self.keys.add(key)

    def lead(self, parent: bytes, child: bytes) -> None:
        """A move of ``parent`` (expanded) leads to ``child``, met before, not refuted."""
        parents = self._again.get(child)
        if parents is None:
            self._again[child] = [parent]
        else:
            parents.append(parent)

    def close(self, met: WayBack, unexpanded: Iterable[bytes]) -> None:
        """The pass stopped: of the positions ``met``, those not ``unexpanded`` (met but
        their moves not all tried) and from which no line leads to one are lost."""
        self.close_parents({key: way[0] for key, way in met.items()}, unexpanded)

    def close_parents(self, parents: dict[bytes, bytes], unexpanded: Iterable[bytes]) -> None:
        """:meth:`close`, with each position met mapped to the one it was first met from
        (empty for the first position)."""
        reaching = set(unexpanded)
        todo = list(reaching)
        while todo:
            key = todo.pop()
            first = parents[key]
            again = self._again.get(key, [])
            for parent in [first, *again] if first else again:
                if parent not in reaching:
                    reaching.add(parent)
                    todo.append(parent)
        self.keys.update(key for key in parents if key not in reaching)
        self._again.clear()


class BestFirst:
    """The best-first pass over one deal's positions, with the parts of its search."""

    def __init__(
        self,
        board: Board,
        generator: MoveGenerator,
        autoplay: Autoplay,
        proofs: LossProofs,
        keys: PositionKeys,
        novelty: bool = True,
        flips: FlipUses | None = None,
    ) -> None:
        self.board = board
        self.generator = generator
        self.autoplay = autoplay
        self.proofs = proofs
        self.keys = keys
        #: Whether novel positions come first (``Techniques.novelty``; it needs link keys).
        self.novelty = novelty and keys.linked
        #: Where flips wait for their use in the exact search (None: not here): this pass
        #: plays them like other moves but for those of no use, and it settles each
        #: step's runs on the lower of their cards (see :mod:`.flips`).
        self.flips = flips

    def run(
        self,
        root: Position,
        line: list[InternalMove],
        budget: int,
        whole: int,
        watch: Watch | None,
        done: int = 0,
        lost: LostPositions | None = None,
    ) -> tuple[Outcome | None, list[InternalMove], int]:
        """From ``root`` (settled, reached by ``line``, after ``done`` positions examined
        by an earlier pass): the verdict (None when ``budget`` positions in all were
        examined first), the winning line and the positions examined in all. The
        positions proved lost on the way are left in ``lost`` (a new one if None).

        ``whole`` is the budget of the whole search, which the watch is told; it is
        asked as :meth:`.Search.run` asks it, and :attr:`Outcome.UNKNOWN` is returned
        when it says to stop.
        """
        board = self.board
        keys = self.keys
        proofs = self.proofs
        total = board.total
        root_key = keys.key(root)
        # The key each position was first met under, the key of the one it was reached
        # from and the moves between: the way back to the root from a win.
        parents: WayBack = {root_key: (b"", [])}
        link = root_key if keys.linked else b""
        heap: list[_Entry] = [(distance(board, root) << _ORDER_BITS, root, link, root_key)]
        novelty = Novelty() if self.novelty else None
        if novelty is not None:
            novelty.mark(sum(root[3]), link)
        every = CHECK_EVERY if watch is None else watch.every
        examined = done + 1
        limit = budget if watch is None else next_stop(examined, budget, every)
        is_late = watch.is_late if watch is not None and watch.deadline is not None else None
        repeats = 0
        lost = LostPositions() if lost is None else lost
        refuted = lost.keys
        raw_keys = keys.linked
        flips = self.flips
        while heap:
            _, position, key, position_key = heapq.heappop(heap)
            moves = self.generator.moves(position)
            if flips is not None:
                moves = flips.useful(position, moves)
            for move in moves:
                # With link keys a move from a pile or a spare space gets its child's key
                # (before autoplay) unplayed, as in the exact search: a key met is of a
                # settled position, nothing to autoplay, so the move is a repeat and needs
                # no playing (both ways to a repeat end in ``continue`` below).
                raw = b""
                if raw_keys and move[0] < DEAL:
                    raw = move_link_key(board, key, position, move)
                if raw and (raw in parents or raw in refuted):
                    child_key = raw
                else:
                    child, auto, child_link, child_key = self.child(position, key, move, raw)
                if child_key in parents:
                    if child_key not in refuted:
                        lost.lead(position_key, child_key)
                    if is_late is not None:
                        repeats += 1
                        if repeats == every:
                            repeats = 0
                            if is_late():
                                return Outcome.UNKNOWN, [], examined
                    continue
                if child_key in refuted:
                    continue  # proved lost by an earlier pass (its key is in ``lost``)
                parents[child_key] = (position_key, [move, *auto])
                if examined == limit:
                    limit = stop_or_next(watch, examined, budget, every, whole)
                    if not limit:
                        # Stopped short of the budget, or at it with the time up: the
                        # watch said to stop (as for the streamlined pass).
                        late = examined != budget or (watch is not None and watch.is_late())
                        if late:
                            return Outcome.UNKNOWN, [], examined
                        # This position's moves were not all tried, nor the one met searched.
                        lost.close(parents, [position_key, child_key, *(e[3] for e in heap)])
                        return None, [], examined
                examined += 1
                if (move[0] <= SPARE_TO_FOUNDATION or auto) and sum(child[3]) == total:
                    return Outcome.WON, line + _way_back(parents, child_key), examined
                if proofs.active and proofs.newly_refuted(position, child, move, auto):
                    lost.prove(child_key)
                    continue
                far = distance(board, child)
                if novelty is not None and not novelty.mark(sum(child[3]), child_link):
                    far += NOT_NOVEL
                order = far << _ORDER_BITS | examined
                heapq.heappush(heap, (order, child, child_link, child_key))
        return Outcome.LOST, [], examined

    def child(
        self,
        position: Position,
        key: bytes,
        move: InternalMove,
        raw: bytes,
    ) -> tuple[Position, list[InternalMove], bytes, bytes]:
        """The child of ``position`` (of link key ``key``) by ``move``, after its auto-play
        and with its runs settled; the moves played after ``move``, its link key and its
        key in the table (see :meth:`.PositionKeys.settled_keys`; ``raw`` is its link key
        before its auto-play, empty when none was taken)."""
        child, auto = self.autoplay.settle(self.board.apply(position, move), move)
        flips = self.flips
        if flips is not None:
            child, auto = flips.settle(position, move, child, auto)
        child_link, child_key = self.keys.settled_keys(position, key, move, child, raw, auto)
        return child, auto, child_link, child_key


def _way_back(parents: WayBack, key: bytes) -> list[InternalMove]:
    """The moves from the root to the position met under ``key``."""
    steps: list[list[InternalMove]] = []
    while True:
        parent, step = parents[key]
        if not parent:
            break
        steps.append(step)
        key = parent
    return [move for step in reversed(steps) for move in step]
