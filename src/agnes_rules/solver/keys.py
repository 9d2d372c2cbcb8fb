"""Transposition keys: one :class:`bytes` per position, equal for interchangeable positions.

The search remembers the key of every position it examined and never
searches one twice. With ``symmetry`` on, piles that no future deal reaches
are sorted in the key, since which of them holds which cards does not matter
to the rest of the game; so are the spare spaces, and the two foundations of a
suit in two-deck games. With one deck the foundations are left out: the cards
elsewhere already tell what they hold.

With ``symmetry`` on, one-deck games use a *link key* instead (:func:`link_key`,
:func:`child_link_key`, :func:`move_link_key`): for each card, what it lies on.
It tells apart exactly what the symmetric key does, needs no sort, and the key
of a child is its parent's with the few codes the step changed: in a search
most of the time of a key went into sorting and joining the piles of every
child anew.
"""

from __future__ import annotations

from typing import Final

from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DOWN,
    FOUNDATION_TO_COLUMN,
    NO_CARD,
    RESERVE_TO_COLUMN,
    RESERVE_TO_FOUNDATION,
    SPARE_TO_FOUNDATION,
    Board,
    InternalMove,
    Position,
)
from agnes_rules.solver.flips import FlipUses, flipped_key, settled_by_flips
from agnes_rules.solver.worryback import worried_key

__all__ = [
    "PositionKeys",
    "child_link_key",
    "link_key",
    "move_link_key",
    "plain_key",
    "symmetric_key",
]

_BYTE: Final = tuple(bytes((value,)) for value in range(256))
#: Between the parts of a key, above every card code (< 128). Before the piles come the
#: stock position, the foundations and the spare spaces (which may hold NO_CARD, 255),
#: each of the same length in every position of a deal, and the number of piles is the
#: same too, so one separator keeps the key one-to-one, and one join builds it.
_SEP: Final = b"\xff"


def plain_key(position: Position) -> bytes:
    """The key of ``position`` as it stands (``symmetry`` off)."""
    columns, reserve, spare, found, stock_at = position
    return _SEP.join((_BYTE[stock_at], found, spare, *columns, *reserve))


def symmetric_key(board: Board, position: Position) -> bytes:
    """The key of ``position`` with its interchangeable parts sorted.

    How many leading piles a deal still reaches follows from the stock position,
    the first byte, so the sorted piles need no marker of their own.
    """
    columns, reserve, spare, found, stock_at = position
    fixed = board.fixed_at[stock_at]
    if len(spare) > 1:
        spare = bytes(sorted(spare))
    if board.decks == 2:
        found = bytes(
            value for suit in range(4) for value in sorted((found[suit], found[suit + 4]))
        )
    else:
        found = b""
    parts = [_BYTE[stock_at], found, spare]
    if board.to_reserve:
        _add_sorted(parts, columns, 0, board.decks)
        parts.extend(reserve[:fixed])
        _add_sorted(parts, reserve, fixed, board.decks)
    else:
        parts.extend(columns[:fixed])
        _add_sorted(parts, columns, fixed, board.decks)
        parts.extend(reserve)
    return _SEP.join(parts)


def _add_sorted(parts: list[bytes], piles: tuple[bytes, ...], start: int, decks: int) -> None:
    """Append ``piles[start:]`` to ``parts`` in sorted order.

    With one deck no two piles begin with the same card, so their first bytes
    (-1 for an empty pile) order them as :func:`sorted` would; an insertion sort
    on those small ints is much cheaper than comparing the bytes objects.
    """
    if decks != 1:
        parts.extend(sorted(piles[start:]))
        return
    first = len(parts)
    for index in range(start, len(piles)):
        pile = piles[index]
        head = pile[0] if pile else -1
        parts.append(pile)
        at = len(parts) - 1
        while at > first:
            before = parts[at - 1]
            if (before[0] if before else -1) <= head:
                break
            parts[at] = before
            at -= 1
        parts[at] = pile


# The codes of a link key: byte 0 is the stock position, byte 1 + c says where card c
# is. On a pile, the card it lies on (0..51), or, at the bottom, the pile's number after
# a mark when a deal still reaches it (its place matters) and the mark alone when none
# does (the piles are interchangeable); a face-down card has _FACE_DOWN added. Off the
# piles, the three places below. A variant has at most 13 columns and 13 reserve piles.
_FIXED_COLUMN: Final = 52
_FIXED_RESERVE: Final = 65
_FREE_COLUMN: Final = 78
_FREE_RESERVE: Final = 79
_FACE_DOWN: Final = 128
_IN_SPARE: Final = 250
_HOME: Final = 251
_IN_STOCK: Final = 252


def link_key(board: Board, position: Position) -> bytes:
    """The link key of ``position`` (one deck; ``symmetry`` on), from scratch.

    Two positions of a deal have the same link key exactly when they have the
    same :func:`symmetric_key`: the piles can be rebuilt from what each card lies
    on, those no deal reaches only as a set.
    """
    columns, reserve, spare, _, stock_at = position
    codes = bytearray(_BYTE[_HOME] * 53)
    codes[0] = stock_at
    stock = board.stock
    for at in range(stock_at, len(stock)):
        codes[1 + stock[at]] = _IN_STOCK
    _mark_spare(codes, spare)
    column_fixed, reserve_fixed = _fixed_piles(board, stock_at, len(reserve))
    for index in range(len(columns)):
        _link_pile(codes, columns[index], 0, index, column_fixed, _FIXED_COLUMN, _FREE_COLUMN)
    for index in range(len(reserve)):
        _link_pile(codes, reserve[index], 0, index, reserve_fixed, _FIXED_RESERVE, _FREE_RESERVE)
    return bytes(codes)


def child_link_key(board: Board, key: bytes, parent: Position, child: Position) -> bytes:
    """The link key of ``child``, a position reached from ``parent`` (whose link key is
    ``key``) by one move and its autoplay.

    Only what changed is coded again. Piles the step did not touch are the same
    objects in both positions; a pile it touched kept its bottom cards, but for
    the card a move uncovered, which may have been turned face up.
    """
    columns, reserve, spare, found, stock_at = child
    codes = bytearray(key)
    before = parent[3]
    if found is not before:
        card_at = board.card_at
        for suit in range(4):
            for height in range(before[suit], found[suit]):
                codes[1 + card_at[suit * 13 + height]] = _HOME
    if spare is not parent[2]:
        _mark_spare(codes, spare)
    column_fixed, reserve_fixed = _fixed_piles(board, stock_at, len(reserve))
    _relink(codes, parent[0], columns, column_fixed, _FIXED_COLUMN, _FREE_COLUMN)
    _relink(codes, parent[1], reserve, reserve_fixed, _FIXED_RESERVE, _FREE_RESERVE)
    if stock_at != parent[4]:
        codes[0] = stock_at
        # The piles the deal no longer reaches: their bottom cards lose their place.
        was_fixed = board.fixed_at[parent[4]]
        if board.to_reserve:
            _free_bottoms(codes, reserve, reserve_fixed, was_fixed, _FREE_RESERVE)
        else:
            _free_bottoms(codes, columns, column_fixed, was_fixed, _FREE_COLUMN)
    return bytes(codes)


def move_link_key(board: Board, key: bytes, position: Position, move: InternalMove) -> bytes:
    """The link key of the position ``move`` leads to from ``position`` (whose link key is
    ``key``), before any autoplay, without playing it.

    ``move`` is a foundation move or a move onto a column, from a pile or a spare
    space: one card changes place, and the card it uncovers may turn face up.
    """
    columns, reserve, spare, _, stock_at = position
    kind, source, target, count = move
    uncovered = 0
    if kind in (COLUMN_TO_FOUNDATION, COLUMN_TO_COLUMN):
        pile = columns[source]
        at = len(pile) - count
        card = pile[at]
        if at and pile[at - 1] >= DOWN:
            # The uncovered card turns face up: it keeps what it lies on.
            uncovered = 1 + pile[at - 1] - DOWN
    elif kind in (RESERVE_TO_FOUNDATION, RESERVE_TO_COLUMN):
        card = reserve[source][-1]
    else:
        card = spare[source]
    if kind <= SPARE_TO_FOUNDATION:
        code = _HOME
    else:
        onto = columns[target]
        if len(onto):  # not the bytes' truth: compiled, that is a call into the C API
            code = onto[-1] & (DOWN - 1)
        else:
            column_fixed = _fixed_piles(board, stock_at, len(reserve))[0]
            code = _FIXED_COLUMN + target if target < column_fixed else _FREE_COLUMN
    # One join of slices: cheaper than a bytearray and back for one or two new codes.
    moved = 1 + card
    if not uncovered:
        return b"".join((key[:moved], _BYTE[code], key[moved + 1 :]))
    turned = _BYTE[key[uncovered] - _FACE_DOWN]
    if uncovered < moved:
        parts = (key[:uncovered], turned, key[uncovered + 1 : moved], _BYTE[code], key[moved + 1 :])
    else:
        parts = (key[:moved], _BYTE[code], key[moved + 1 : uncovered], turned, key[uncovered + 1 :])
    return b"".join(parts)


def _fixed_piles(board: Board, stock_at: int, reserves: int) -> tuple[int, int]:
    """How many leading columns and reserve piles keep their place in the key: those a
    deal reaches, and all reserve piles when deals go to the columns (as in
    :func:`symmetric_key`)."""
    fixed = board.fixed_at[stock_at]
    if board.to_reserve:
        return 0, fixed
    return fixed, reserves


def _mark_spare(codes: bytearray, spare: bytes) -> None:
    for card in spare:
        if card != NO_CARD:
            codes[1 + card] = _IN_SPARE


def _relink(
    codes: bytearray,
    before: tuple[bytes, ...],
    after: tuple[bytes, ...],
    fixed: int,
    fixed_mark: int,
    free_mark: int,
) -> None:
    """Code again the cards of the piles of ``after`` that changed since ``before``."""
    if after is before:
        return
    for index in range(len(after)):
        pile = after[index]
        old = before[index]
        if pile is old:
            continue
        # A step only takes cards off the top of a pile or puts cards on it, and may
        # turn up the card it uncovers: the first card to code again is the first new
        # one, or that turned card. (A step that settled flips may do both to one pile;
        # its key is made from scratch instead, see PositionKeys.settled_keys.)
        start = min(len(pile), len(old))
        if start and pile[start - 1] != old[start - 1]:
            start -= 1
        _link_pile(codes, pile, start, index, fixed, fixed_mark, free_mark)


def _link_pile(
    codes: bytearray,
    pile: bytes,
    start: int,
    index: int,
    fixed: int,
    fixed_mark: int,
    free_mark: int,
) -> None:
    """Code the cards of ``pile`` (the ``index``-th of its kind) from ``start`` up."""
    for at in range(start, len(pile)):
        card = pile[at]
        if at:
            code = pile[at - 1] & (DOWN - 1)
        elif index < fixed:
            code = fixed_mark + index
        else:
            code = free_mark
        if card >= DOWN:
            codes[1 + card - DOWN] = code + _FACE_DOWN
        else:
            codes[1 + card] = code


def _free_bottoms(
    codes: bytearray, piles: tuple[bytes, ...], start: int, stop: int, free_mark: int
) -> None:
    """Code the bottom cards of ``piles[start:stop]`` as those of interchangeable piles."""
    for index in range(start, stop):
        pile = piles[index]
        if pile:
            card = pile[0]
            if card >= DOWN:
                codes[1 + card - DOWN] = free_mark + _FACE_DOWN
            else:
                codes[1 + card] = free_mark


class PositionKeys:
    """The keys of one deal's positions under the ``symmetry`` switch: link keys (one
    deck), symmetric keys (two decks) or, with ``symmetry`` off, plain keys."""

    def __init__(self, board: Board, symmetry: bool, flips: FlipUses | None = None) -> None:
        self.board = board
        self.symmetry = symmetry
        #: Which moves are flips, whose positions are told apart (None: flips are not).
        self.flips = flips
        #: Whether keys are link keys, each made from its parent's.
        self.linked = symmetry and board.decks == 1

    def key(self, position: Position) -> bytes:
        """The key of ``position``, from scratch."""
        if self.linked:
            return link_key(self.board, position)
        if self.symmetry:
            return symmetric_key(self.board, position)
        return plain_key(position)

    def child_keys(
        self, parent: Position, key: bytes, move: InternalMove, child: Position
    ) -> tuple[bytes, bytes]:
        """The link key of ``child`` (empty without link keys) and its key in the table of
        positions seen, for a ``child`` reached from ``parent`` (of link key ``key``) by
        ``move`` and its autoplay.

        A position reached by worrying a card back is told apart from the same position
        reached otherwise (:func:`~.worryback.worried_key`): the moves that may follow differ.
        """
        if self.linked:
            link = seen_as = child_link_key(self.board, key, parent, child)
        else:
            link, seen_as = b"", self.key(child)
        if move[0] == FOUNDATION_TO_COLUMN:
            seen_as = worried_key(seen_as, move)
        return link, seen_as

    def settled_keys(
        self,
        parent: Position,
        key: bytes,
        move: InternalMove,
        child: Position,
        unplayed: bytes,
        auto: list[InternalMove],
    ) -> tuple[bytes, bytes]:
        """:meth:`child_keys`, given ``unplayed``, the link key :func:`move_link_key` gave
        ``move`` before it was played (empty when none was taken), and ``auto``, the moves
        autoplayed after it: with nothing autoplayed that key is the child's, both ways.

        A position reached by a flip that autoplayed nothing is told apart from the same
        position reached otherwise (:func:`~.flips.flipped_key`): the moves that may
        follow differ."""
        if unplayed and not auto:
            link, seen_as = unplayed, unplayed
        elif self.linked and settled_by_flips(auto):
            # Settling flips (see :mod:`.flips`) may take cards off a column and put others
            # on it in one step, which a link key made from its parent's does not follow.
            link = seen_as = link_key(self.board, child)
        else:
            link, seen_as = self.child_keys(parent, key, move, child)
        flips = self.flips
        if flips is not None and not auto and flips.is_flip(parent, move):
            seen_as = flipped_key(seen_as, child, move)
        return link, seen_as
