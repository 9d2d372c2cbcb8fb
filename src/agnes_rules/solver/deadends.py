"""Dead ends: positions refuted at once, because some card can never get home.

A card is *stuck* when it can leave its pile only to its foundation: no card
that could carry it away can ever move (see :meth:`DeadEnds.stuck_candidates`).
A stuck card reaches its foundation only after the lower cards of its suit,
and every card under it only after it. A cycle of such "must come after"
relations (a stuck card over a lower card of its own suit is the shortest)
means the game cannot be won. Cards still to be dealt onto a pile count too,
when they will be stuck there (:meth:`DeadEnds.dealt_stuck`), and so does a
card *glued* to the card under it (:meth:`DeadEnds.glued`), which buries just
that card. A place where a card would be glued over a lower card of its own
suit is no place to go (:meth:`DeadEnds.wrapped`).

One-deck games only: with two decks the other copy of a buried card could
take its place on a foundation. Where cards may be worried back, nothing is
home for good, and the checks see empty foundations. Every refutation is
exact, so "lost" stays a proof.
"""

from __future__ import annotations

from typing import Final

from agnes_rules.solver.board import COLUMN_TO_COLUMN, DOWN, Board, InternalMove, Position

__all__ = ["DeadEnds", "Stuck", "has_cycle"]

#: A stuck card: (suit, height, the targets as (suit, highest height) pairs that must
#: all be home for it to be stuck, the lowest height of each suit among the cards under
#: it, the same including itself).
Stuck = tuple[int, int, tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...]]

_NOTHING_UNDER: Final[tuple[int, ...]] = (13, 13, 13, 13)
_UNCACHED: Final = object()


class DeadEnds:
    """The dead-end proofs for positions of one board, with their caches."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.height = board.height
        self.fits_under = board.fits_under
        self.links = board.links
        self.decks = board.decks
        self.width = board.width
        self.to_reserve = board.to_reserve
        self.vacancy_movable = board.vacancy_movable
        #: For each card, the card of its own suit it may be packed on although that card
        #: goes home first (where packing wraps: a three on the four, base 4), else -1.
        self.wrap_carrier = _wrap_carriers(board)
        #: What must be home for a dealt card to be stuck: ``board.card_needs``, less
        #: the wrap carrier, the only card of its suit there (see :meth:`wrapped`).
        self.card_needs = tuple(
            needs
            if needs is None or self.wrap_carrier[card] < 0
            else tuple(need for need in needs if need[0] != card // 13)
            for card, needs in enumerate(board.card_needs)
        )
        self.undealt_low = board.undealt_low
        self.position_in_stock = board.position_in_stock
        #: With worry_back nothing is home for good: the checks see empty foundations,
        #: so a card is stuck only when all that could take it lies under it.
        self.nothing_home: bytes | None = bytes(len(board.root[3])) if board.worry_back else None
        self.column_cache: dict[bytes, tuple[Stuck, ...]] = {}
        self.reserve_cache: dict[bytes, tuple[Stuck, ...]] = {}
        self.cycle_cache: dict[tuple[Stuck, ...], bool] = {}
        self.stuck_cache: dict[tuple[bytes, bool, bytes, bytes, int], tuple[Stuck, ...] | None] = {}

    def is_dead(self, position: Position) -> bool:
        """Whether the stuck cards bury each other in a cycle, so that some card never gets home."""
        columns, reserve, _, found, stock_at = position
        if self.nothing_home is not None:
            found = self.nothing_home
        stuck: list[Stuck] = []
        future = self.board.future_cards(stock_at)
        pile_stuck = self.pile_stuck
        for piles, carried in ((columns, True), (reserve, False)):
            dealt_on = carried is not self.to_reserve
            for index, pile in enumerate(piles):
                coming = future[index] if dealt_on and index < len(future) else b""
                if len(pile) < 2 and not coming:
                    continue
                entries = pile_stuck(pile, carried, found, coming, stock_at)
                if entries is None:
                    return True
                stuck.extend(entries)
        if len(stuck) < 2:
            return False
        nodes = tuple(stuck)
        cached = self.cycle_cache.get(nodes)
        if cached is None:
            cached = has_cycle(nodes)
            if len(self.cycle_cache) > 500_000:
                self.cycle_cache.clear()
            self.cycle_cache[nodes] = cached
        return cached

    def newly_dead(
        self, parent: Position, child: Position, move: InternalMove, auto: list[InternalMove]
    ) -> bool:
        """:meth:`is_dead` for ``child``, knowing that ``parent`` was not dead.

        A move between columns that plays nothing to the foundations changes the
        stuck cards only where the cards arrive (the cards it took were movable, so
        none of them was stuck); when that pile's stuck cards stay the same, or it has
        none, so does the answer.
        """
        if move[0] != COLUMN_TO_COLUMN or auto:
            return self.is_dead(child)
        target = move[2]
        found, stock_at = child[3], child[4]
        if self.nothing_home is not None:
            found = self.nothing_home
        coming = b""
        if not self.to_reserve:
            future = self.board.future_cards(stock_at)
            if target < len(future):
                coming = future[target]
        after = self.pile_stuck(child[0][target], True, found, coming, stock_at)
        if after is None:
            return True
        # With no stuck card where the cards arrived, the child's stuck cards are some of
        # the parent's, among which there was no cycle.
        if not after or after == self.pile_stuck(parent[0][target], True, found, coming, stock_at):
            return False
        return self.is_dead(child)

    def stuck_candidates(self, pile: bytes, carried: bool) -> tuple[Stuck, ...]:
        """For each card of ``pile`` with cards under it: when it is stuck, and what it buries.

        A card H can leave its pile only to its foundation (it is *stuck*) when no
        card that could carry it away can ever move: H itself and, if runs can
        carry it (``carried``, a tableau column), every card under it down to the
        first that H's potential run could not link to. Such a card can move
        neither into an empty column nor onto a card that will ever be exposed: its
        possible targets are all on the foundations or lie under it in this pile
        (both for good). The entries are :data:`Stuck` tuples, whose targets must
        all be home for the card to be stuck (cached by pile); a card linked to the
        card under it also has an entry for being :meth:`glued` to it.
        """
        cache = self.column_cache if carried else self.reserve_cache
        cached = cache.get(pile)
        if cached is not None:
            return cached
        cards = [code & (DOWN - 1) for code in pile]
        height = self.height
        entries: list[Stuck] = []
        lowest = 0
        for top in range(1, len(cards)):
            if not carried or cards[top] not in self.links[cards[top - 1]]:
                lowest = top
            else:
                # It may be glued to the card under it. (Unlinked, its stuck entry below
                # always holds when it is glued, and buries more.)
                glued = self.glued(cards[top - 1], cards[top])
                if glued is not None:
                    entries.append(glued)
            needs: dict[int, int] = {}
            for position in range(lowest, top + 1):
                card = cards[position]
                if card in self.vacancy_movable:
                    break
                below = cards[:position]
                for upper in self.fits_under[card]:
                    if below.count(upper) < self.decks and not self.wrapped(card, upper, below):
                        suit = upper // 13
                        needs[suit] = max(needs.get(suit, -1), height[upper])
            else:
                under = [13, 13, 13, 13]
                for card in cards[:top]:
                    suit = card // 13
                    under[suit] = min(under[suit], height[card])
                high = cards[top]
                with_it = list(under)
                with_it[high // 13] = min(with_it[high // 13], height[high])
                entries.append(
                    (
                        high // 13,
                        height[high],
                        tuple(sorted(needs.items())),
                        tuple(under),
                        tuple(with_it),
                    )
                )
        result = tuple(entries)
        if len(cache) > 300_000:
            cache.clear()
        cache[pile] = result
        return result

    def wrapped(self, card: int, upper: int, below: list[int]) -> bool:
        """Whether ``upper``, a card that ``card`` may be packed on, is of no use to it
        while the other cards it may be packed on are home, all of which the caller
        then requires (none lies in ``below``).

        That is its :attr:`wrap_carrier`: the card of its own suit that goes home
        first. Packed there, the card would be :meth:`glued` to a lower card of its
        suit, a dead end.
        """
        return upper == self.wrap_carrier[card] and not any(
            other in below for other in self.fits_under[card] if other != upper
        )

    def glued(self, under: int, card: int) -> Stuck | None:
        """``card``, lying on ``under`` in a column, as a stuck entry that buries only
        ``under`` (None if it can move to an empty column).

        Once every card it could be packed on is home, except perhaps ``under``, the
        card can leave ``under`` only to its foundation: a run taken from lower down
        carries both together. So ``under`` reaches its foundation only after it, even
        where the cards below could move (which a stuck card of
        :meth:`stuck_candidates` needs).
        """
        if card in self.vacancy_movable:
            return None
        height = self.height
        needs: dict[int, int] = {}
        for upper in self.fits_under[card]:
            if upper != under:
                suit = upper // 13
                needs[suit] = max(needs.get(suit, -1), height[upper])
        buried = [13, 13, 13, 13]
        buried[under // 13] = height[under]
        with_it = list(buried)
        with_it[card // 13] = min(with_it[card // 13], height[card])
        return (
            card // 13,
            height[card],
            tuple(sorted(needs.items())),
            tuple(buried),
            tuple(with_it),
        )

    def pile_stuck(
        self, pile: bytes, carried: bool, found: bytes, coming: bytes, stock_at: int
    ) -> tuple[Stuck, ...] | None:
        """The stuck cards of one pile (with those still to be dealt on it); None if it is dead."""
        cache = self.stuck_cache
        cache_key = (pile, carried, found, coming, stock_at)
        cached = cache.get(cache_key, _UNCACHED)
        if cached is not _UNCACHED:
            return cached  # type: ignore[return-value]
        result: tuple[Stuck, ...] | None = None
        stuck: list[Stuck] = []
        for entry in self.stuck_candidates(pile, carried) if len(pile) >= 2 else ():
            if all(found[suit] > high for suit, high in entry[2]):
                if entry[3][entry[0]] < entry[1]:
                    break
                stuck.append(entry)
        else:
            result = self.dealt_stuck(pile, carried, found, coming, stock_at, stuck)
        if len(cache) > 500_000:
            cache.clear()
        cache[cache_key] = result
        return result

    def dealt_stuck(
        self,
        pile: bytes,
        carried: bool,
        found: bytes,
        coming: bytes,
        stock_at: int,
        stuck: list[Stuck],
    ) -> tuple[Stuck, ...] | None:
        """``stuck`` with the cards still to be dealt on the pile that will be stuck there.

        A dealt card that can never be packed can leave only to its foundation, so
        it buries for good whatever surely lies under it when it arrives: the pile
        up to its highest card that can neither go home nor move before that deal
        (see :meth:`floor_at_deal`), and the stuck cards dealt there before that
        cannot go home before it either. None if one of them buries a lower card of
        its own suit.
        """
        dealt: list[Stuck] = []
        for number, card in enumerate(coming):
            needs = self.card_needs[card]
            if needs is None or not all(found[suit] > high for suit, high in needs):
                continue
            deal_at = stock_at + number * self.width
            floor = self.floor_at_deal(pile, carried, found, deal_at)
            undealt = self.undealt_low[deal_at]
            for earlier in dealt:
                if undealt[earlier[0]] < earlier[1]:
                    floor = tuple(map(min, floor, earlier[4]))
            suit, high = card // 13, self.height[card]
            if floor[suit] < high:
                return None
            with_it = list(floor)
            with_it[suit] = min(with_it[suit], high)
            entry = (suit, high, needs, floor, tuple(with_it))
            dealt.append(entry)
        return tuple(stuck + dealt)

    def floor_at_deal(
        self, pile: bytes, carried: bool, found: bytes, deal_at: int
    ) -> tuple[int, ...]:
        """The lowest height of each suit among the cards surely in ``pile`` at the deal
        from stock position ``deal_at``.

        A card surely stays until then when a lower card of its suit is still in the
        stock at that deal (so it cannot go home before it) and it cannot be moved
        off before it: every card it could be packed on is on the foundations, under
        it in the pile or not dealt yet, and the same holds for every card that could
        carry it away in a run (as in :meth:`stuck_candidates`). All the cards under
        such a card stay too.
        """
        cards = [code & (DOWN - 1) for code in pile]
        height = self.height
        undealt = self.undealt_low[deal_at]
        links = self.links
        # Where cards may be worried back, a card that goes home may come back anywhere.
        pins = self.nothing_home is None
        highest = -1
        lowest = 0
        for top, card in enumerate(cards):
            if top and (not carried or card not in links[cards[top - 1]]):
                lowest = top
            if undealt[card // 13] >= height[card]:
                continue
            for at in range(lowest, top + 1):
                if not self.stays_before(cards, at, carried, found, deal_at, pins):
                    break
            else:
                highest = top
        floor = list(_NOTHING_UNDER)
        for card in cards[: highest + 1]:
            suit = card // 13
            floor[suit] = min(floor[suit], height[card])
        return tuple(floor)

    def stays_before(
        self, cards: list[int], at: int, carried: bool, found: bytes, deal_at: int, pins: bool
    ) -> bool:
        """Whether ``cards[at]`` surely cannot be moved off the pile before the deal from
        stock position ``deal_at``: it may not fill a gap, and every card it could be
        packed on is home, under it, still in the stock then, or (with ``pins``)
        :meth:`pinned` above it."""
        if cards[at] in self.vacancy_movable:
            return False
        height, in_stock = self.height, self.position_in_stock
        return all(
            found[target // 13] > height[target]
            or in_stock[target] >= deal_at
            or target in cards[:at]
            or (pins and self.pinned(cards, at, target, carried, found, deal_at))
            for target in self.fits_under[cards[at]]
        )

    def pinned(
        self, cards: list[int], at: int, upper: int, carried: bool, found: bytes, deal_at: int
    ) -> bool:
        """Whether ``upper`` lies above ``cards[at]`` in the pile and surely leaves it
        before the deal from stock position ``deal_at`` only to its foundation, where it
        is no target any more: no card that could carry it off (itself, or the bottom of
        a run it lies in, above ``cards[at]``) could be moved before that deal (see
        :meth:`stays_before`). So ``cards[at]`` will never be packed on it.
        """
        if upper not in cards[at + 1 :]:
            return False
        where = cards.index(upper)
        for mover_at in range(where, at, -1):
            if mover_at < where and (
                not carried or cards[mover_at + 1] not in self.links[cards[mover_at]]
            ):
                break  # the cards from here up to ``upper`` are no run
            if not self.stays_before(cards, mover_at, carried, found, deal_at, pins=False):
                return False
        return True


def _wrap_carriers(board: Board) -> tuple[int, ...]:
    """:attr:`DeadEnds.wrap_carrier` for every card."""
    height = board.height
    return tuple(
        next(
            (
                u
                for u in board.fits_under[card]
                if u // 13 == card // 13 and height[u] < height[card]
            ),
            -1,
        )
        for card in range(52)
    )


def has_cycle(stuck: tuple[Stuck, ...]) -> bool:
    """Whether the "must come after" relation among stuck cards has a cycle.

    Edge a -> b: some card under a is of b's suit and not higher than b, so b
    must reach its foundation before a can leave, and a before that card.
    """
    successors = [
        [other for other, b in enumerate(stuck) if other != this and a[3][b[0]] <= b[1]]
        for this, a in enumerate(stuck)
    ]
    state = [0] * len(stuck)  # 0 unvisited, 1 on the path, 2 done
    for start in range(len(stuck)):
        if state[start]:
            continue
        path = [(start, iter(successors[start]))]
        state[start] = 1
        while path:
            node, following = path[-1]
            for nxt in following:
                if state[nxt] == 1:
                    return True
                if state[nxt] == 0:
                    state[nxt] = 1
                    path.append((nxt, iter(successors[nxt])))
                    break
            else:
                state[node] = 2
                path.pop()
    return False
