"""Stranded cards: positions refuted because, even under looser rules, a card never gets home.

The looser game forgets *when* things happen. It asks of each card only
whether it could ever be **lifted** off what it lies on (moved as the bottom
of a run), whether it could ever go home (either way it *leaves* the card
under it), and whether it could ever be **exposed** (lie on top), and it
answers with the least fixpoint of these rules (one deck; :mod:`.reach_two_decks`
has two). A card at home is never a target, unless cards may be worried back:
then a card at home, or one that could go home, is a target when it **could
come back**, and it could come back onto a card it may be packed on that could
be exposed in a column or could come back itself, or into a gap it may fill,
once every card now above it on its foundation could come back (they lie on
it). The other rules:

- a card **could be exposed** when it is in a spare space or still in the stock
  (a dealt card lands on top), when nothing lies on it, or when the card lying
  on it could leave it;
- it **could go home** when it could be exposed and it is the next card of its
  suit, or the card below it in its suit could go home;
- it **could be lifted** when its run is free and a target could take it: a
  card it may be packed on that could be exposed where packing is possible (in
  a column, dealt to one, or wherever it was lifted to, always a column); or an
  empty column, when one is or could be empty (its bottom card could leave)
  and the card may fill a gap. Its run is free when it is in a spare space or
  the stock; in a reserve pile, when it could be exposed; in a column, when
  nothing lies on the top of the run it heads, or the card lying there could
  leave it. Where runs move only whole, a card that continues a run on the
  card under it is never lifted off it, but for the exposed card of a column
  moving alone into a gap where the gap rule allows that.

A card carried along in a run does not leave the card it lies on: the two move
together, and the card under it stays covered. That is what makes the proof
strong where runs may move (to a gap, or onto a target): a run that could only
ever move whole does not expose the cards inside it.

Every real line is a line of the looser game, by induction over its moves:
whatever a card does in it for the first time, counted from the position
checked (leave the card under it, go home, be exposed), the rules allow,
because what they ask had already happened. A card lying on another may leave
it only by being lifted or going home (while carried it stays on it); so a card
is exposed only after the card that lay on it left it, and a run as it lies now
moves only once the card on its top, which does not continue it, has left
(anything of the run leaving before that needs the same). Cards dealt, packed
or worried back later land only on a card already exposed, or in an empty
column, whose bottom card must have left it. A card not home now goes home on a foundation that
has reached its height, so after the cards below it, none of which is home now
either; a card at home now is a target again only if it may be worried back,
after the cards on it came back, and one worried back lands on a target, or in
a gap it may fill. So if some
card not at home could never go home in the looser game, it never does in the
real one, and the position is lost. The proof counts no moves, so it catches
what the stuck-card check of :mod:`.deadends` cannot: cards that are not stuck
one by one but keep each other out of reach wherever they move.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from mypy_extensions import i64

from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    DOWN,
    FOUNDATION_TO_COLUMN,
    NO_CARD,
    RESERVE_TO_COLUMN,
    SPARE_TO_COLUMN,
    Board,
    InternalMove,
    Position,
    mask_of,
)

__all__ = ["ALL_CARDS", "COLUMN_BOTTOM", "IN_STOCK", "RESERVE_BOTTOM", "LaidPile", "Mask", "Reach"]

# What lies under a card, besides another card (0..51, or with two decks a copy, 0..103,
# see :mod:`.reach_two_decks`): nothing, at the bottom of a column or of a reserve pile;
# or nowhere yet, for a card in a spare space or the stock.
COLUMN_BOTTOM: Final = 128
RESERVE_BOTTOM: Final = 129
IN_STOCK: Final = 130
#: Every card of one deck, as a mask (bit ``card`` for 0..51).
ALL_CARDS: Final = (1 << 52) - 1

#: A set of cards of one deck as a bit mask (bit ``card``). Typed ``i64``, the compiled
#: build keeps it in a machine integer, where an ``int`` is a tagged value checked (and
#: its references counted) at each operation: 11% of the exact search's instructions on
#: the Parlett Bernauer deal 9,373. Two rules keep that exact. A card stays an ``int``,
#: so that ``1 << card`` is a Python shift (mypyc compiles ``1 << c`` with an ``i64``
#: ``c`` as a C ``int`` shift, wrong from bit 32 on); and a mask is shifted right only
#: by a card (0..51), since C leaves shifts by 64 or more undefined.
Mask: TypeAlias = i64


class Reach:
    """The stranded-card proof for positions of one board (one deck; the base of
    :class:`~.reach_two_decks.TwoDeckReach`, which overrides what names cards by copy).

    The fixpoint is found by propagation: a card is examined again only when
    something its rules read has changed (the card lying on it, or on the top of
    its run, shown to leave it; a target of it exposed or lifted; a column shown
    emptiable), so a check costs about one look at each card. Sets of cards are
    bit masks (bit ``card``), machine integers in the compiled build (:data:`Mask`).
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        #: The run links as masks: bit ``upper`` of ``link_masks[code]`` when a card
        #: ``upper`` continues a run on the card of ``code`` (none on a face-down one).
        self.link_masks = tuple(mask_of(cards) for cards in board.links)
        #: Bit ``under`` of ``fit_masks[card]`` when ``card`` may be packed on ``under``.
        self.fit_masks = tuple(mask_of(cards) for cards in board.fits_under)
        #: Bit ``packer`` of ``packer_masks[card]`` when ``packer`` may be packed on ``card``.
        self.packer_masks = tuple(mask_of(cards) for cards in board.packers)
        self.card_at = board.card_at
        #: ``home_masks[suit * 14 + count]``: the cards of the suit home when it has
        #: ``count`` on its foundation.
        self.home_masks = _home_masks(board.card_at)
        #: The cards that may fill a gap, as a mask and in order.
        self.gap_fillers: Mask = mask_of(board.vacancy_movable)
        self.gap_filler_cards = tuple(sorted(board.vacancy_movable))
        self.to_reserve = board.to_reserve
        #: Whether cards at home may come back (worried back): then they are targets too.
        self.worry_back = board.worry_back
        #: Where runs move only whole (split_runs off), a card that continues a run on the
        #: card under it never leaves it as the bottom of a run (:attr:`glued`).
        self.whole_runs = not board.split
        #: Whether a gap takes only single cards: then the exposed card of a column may
        #: move alone into one, even from within a run that moves only whole.
        self.gap_takes_one = not board.vacancy_runs
        #: Whether every card may fill a gap and runs may be split: then the gap a whole
        #: column leaves takes each of its cards in turn (:meth:`keeps_open`).
        self.gap_takes_all = board.split and len(board.vacancy_movable) == 52
        # Per card, filled by each call (for the cards not home): what lies under it (a
        # card, or one of the markers below), and the top card of the run it heads.
        self.under = [IN_STOCK] * 52
        self.run_top = [0] * 52
        #: What :meth:`locate` took from each pile (columns first) at the last call: a pile
        #: found there again, the same object, is not laid out again (see :class:`LaidPile`).
        self.laid: list[LaidPile] = []
        #: Whether the tables by card still hold what :attr:`laid` says; not once
        #: :class:`~.reach_deals.DealOrderReach` joined a dealt card to a column's run.
        self.laid_whole = True
        #: The cards that lie where cards may be packed on them (a column, or dealt to
        #: one), and those glued to the card under them.
        self.packable: Mask = 0
        self.glued: Mask = 0
        #: The cards at home; those that could be exposed; those that could be lifted off
        #: what they lie on (and the cards at home: never examined), and those that could
        #: go home. A card is exposed once the card on it leaves it (:meth:`leaves`), so
        #: "could be exposed" is kept as a mask rather than asked of the pile.
        self.home: Mask = 0
        self.shown: Mask = 0
        self.lifted: Mask = 0
        self.homeable: Mask = 0
        #: Where cards may be worried back: the cards at home, or that could go home, that
        #: could come back (:meth:`come_back`), and so are targets.
        self.returnable: Mask = 0
        #: Set by :mod:`.reach_pairs` (none by default): the cards that leave what they
        #: lie on only by going home and never come back (*frozen*); those that go home
        #: only once another suit could be complete (*gated*), and per suit which (-1: none).
        self.frozen: Mask = 0
        self.gated: Mask = 0
        self.gates = [-1] * 4
        #: The cards to examine (again), as a mask: examined lowest first. (A mask, not a
        #: list: every card not home is queued at the start, in one step.)
        self.queued: Mask = 0
        # The state of the call under way: the piles (columns first), how many columns,
        # the foundations, per suit the lowest height not shown to get home, and whether
        # a column could be emptied.
        self.piles: tuple[bytes, ...] = ()
        self.width = 0
        self.found = b""
        self.reach = [0] * (4 * board.decks)
        self.emptiable = False

    def stranded(self, position: Position) -> bool:
        """Whether some card not at home could never get home, even in the looser game."""
        self.start(position)
        return not self.spread()

    def start(self, position: Position) -> None:
        """Set up the looser game of ``position``, every card not home queued."""
        self.lay_out(position)
        columns, _, spare, found, stock_at = position
        reach = self.reach
        for number in range(len(found)):
            reach[number] = found[number]
        self.emptiable = any(not len(column) for column in columns)  # len: see locate
        self.fill_queue(stock_at, spare)

    def lay_out(self, position: Position) -> None:
        """Fill the per-card tables of ``position`` (:meth:`locate`): what lies under each
        card, the run it heads, and the masks of the cards at home, exposed, packable and
        glued, as they are before anything moves."""
        columns, reserve, spare, found, stock_at = position
        self.piles = columns + reserve if reserve else columns
        self.width, self.found = len(columns), found
        self.locate(stock_at, spare)

    def spread(self) -> bool:
        """Apply the rules until nothing changes; whether every card could go home."""
        # Cards going home only expose others: they are taken home whenever the queue
        # runs dry or the next card of a suit is shown exposed, and what they expose is
        # examined again, until neither changes. The fixpoint does not depend on the
        # order, but where every card gets home it is found sooner, often with cards
        # still queued (30% fewer cards examined on a lost face-up quagnes deal). Not
        # where cards may be worried back: each turn then looks for cards that could
        # come back, which costs more than it saves (about 7% more time).
        packer_masks = self.packer_masks
        eager = not self.worry_back
        while True:
            went = self.go_home()
            if self.worry_back and self.come_back():
                went = True
            if self.all_home():
                self.queued = 0
                return True
            if not (went or self.queued):
                return False
            while self.queued:
                queued = self.queued
                bit = queued & -queued
                self.queued = queued ^ bit
                card = int(bit).bit_length() - 1
                if self.lifted & bit or not self.can_lift(card):
                    continue
                self.lifted |= bit
                # A target now, wherever it lands; if a card still lies on it, leaves()
                # of that card queues these when it could leave. (enqueue_packers, inlined
                # in the proof's hottest loop.)
                if self.shown >> card & 1:
                    self.queued |= packer_masks[card] & ~self.lifted
                if not self.homeable & bit:
                    self.leaves(card)
                    under = self.under[card]  # exposed now, if a card
                    if eager and under < COLUMN_BOTTOM and self.takes_next(under):
                        break

    def fill_queue(self, stock_at: int, spare: bytes) -> None:
        """Queue every card not home (those at home count as lifted), in one step: a list
        took each card in turn (until stop 90; 4.7% of the exact search's time on the
        Parlett Bernauer deal 9,373)."""
        self.queued = ALL_CARDS & ~self.lifted

    def all_home(self) -> bool:
        """Whether every card could go home, as far as :meth:`go_home` has taken them."""
        reach = self.reach
        return reach[0] == reach[1] == reach[2] == reach[3] == 13

    def keeps_open(self, position: Position, move: InternalMove) -> bool:
        """Whether ``move`` (played from ``position``, nothing autoplayed after it)
        surely leads to a position that is not stranded when ``position`` is not (by
        this proof; not by the one with the stock dealt in order, :mod:`.reach_deals`).

        True for a move onto a column whose bottom card could be packed, after the
        move, on the top card of another column (the card it left, or any other),
        unless it continues a run where it lands and runs move only whole. In the
        looser game the moved cards could go on there at once, so the card they now
        cover could still be exposed; the pile they left is exposed; every other card
        lies as before, on the same run, or on a run whose top could be exposed before
        and now is. So whatever could happen before still could. True as well for a
        whole column moved where any card may fill a gap and runs may be split
        (:attr:`gap_takes_all`): the gap it leaves could take the moved cards one by
        one, top first, so again the card they cover could be exposed. True for a card
        worried back (one deck) too: it is exposed and the next card of its foundation,
        so in the looser game it could go straight home again, exposing whatever it
        landed on, and until then it is a target, where at home it was one only if it
        could come back; so whatever could happen before still could (move by move, the
        same holds for the chain of worry-backs the search plays after one; with the
        deals in order such a check refutes now and then, see docs/solver.md). Other
        moves (to the foundations, the deal) are not covered.
        """
        kind, source, target, count = move
        if kind == FOUNDATION_TO_COLUMN:
            return True  # one deck: with two, no such proof runs where cards come back
        columns = position[0]
        under = -1  # the card left uncovered in a column by the move, if any
        if kind == COLUMN_TO_COLUMN:
            column = columns[source]
            bottom = column[-count]
            if count < len(column):
                under = column[-count - 1] % DOWN
            elif self.gap_takes_all:
                return True
        elif kind == RESERVE_TO_COLUMN:
            bottom = position[1][source][-1] % DOWN
        elif kind == SPARE_TO_COLUMN:
            bottom = position[2][source]
        else:
            return False
        onto = columns[target]
        if self.whole_runs and len(onto) and self.link_masks[onto[-1]] >> bottom & 1:
            return False  # glued where it lands
        fits = self.fit_masks[bottom]
        if under >= 0 and fits >> under & 1:
            return True
        left = source if kind == COLUMN_TO_COLUMN else -1  # its top is ``under`` now
        for index, pile in enumerate(columns):
            if len(pile) and index != target and index != left and fits >> (pile[-1] % DOWN) & 1:
                return True
        return False

    def can_lift(self, card: int) -> bool:
        """Whether ``card`` (not yet shown to be liftable) could be lifted, given what
        could so far."""
        bit = 1 << card
        if self.frozen & bit:
            return False
        if self.glued & bit:
            return (
                self.gap_takes_one
                and self.emptiable
                and bool(self.gap_fillers & bit)
                and bool(self.shown >> card & 1)
            )
        # Its run is free when the top card of the run could be exposed (in a reserve
        # pile, a spare space or the stock the card is its own run).
        if not self.shown >> self.run_top[card] & 1:
            return False  # a card on its run stays: it cannot move yet
        if self.emptiable and self.gap_fillers & bit:
            return True
        targets = self.fit_masks[card]
        # A card at home (now or later) is a target only where it may come back.
        if self.worry_back and targets & self.returnable:
            return True
        return bool(targets & ~self.home & (self.packable | self.lifted) & self.shown)

    def leaves(self, card: int) -> None:
        """Examine again what ``card`` leaving the card or place under it changes: the
        run it lay on is free, the card under it exposed (a target now), a column
        emptiable."""
        under_of = self.under
        under = under_of[card]
        if under >= COLUMN_BOTTOM:
            if under == COLUMN_BOTTOM and not self.emptiable:
                self.emptiable = True
                self.enqueue_gap_fillers()
            return
        run_top = self.run_top
        self.expose(under)
        self.enqueue_packers(under)
        self.enqueue_one(under)  # exposed now (what a card glued to a run asks)
        # The cards whose run ends under it (in a reserve pile, the card under it alone).
        below = under_of[under]
        while below < COLUMN_BOTTOM and run_top[below] == under:
            self.enqueue_one(below)
            below = under_of[below]

    def expose(self, card: int) -> None:
        """Take ``card`` as one that could be exposed."""
        self.shown |= 1 << card

    def takes_next(self, card: int) -> bool:
        """Whether ``card``'s foundation takes it next, as far as :meth:`go_home` has taken
        its suit."""
        suit = card // 13
        level = self.reach[suit]
        return level < 13 and self.card_at[suit * 13 + level] == card

    def enqueue_one(self, card: int) -> None:
        """Examine ``card`` (again), unless it is shown to be liftable."""
        self.queued |= 1 << card & ~self.lifted

    def enqueue_packers(self, card: int) -> None:
        """Examine (again) the cards that may be packed on ``card``, a target now: one
        mask, where a loop took them card by card (with :meth:`enqueue_one`, 3.4% of the
        exact search's time on the Parlett Bernauer deal 9,373 until stop 91)."""
        self.queued |= self.packer_masks[card] & ~self.lifted

    def enqueue_gap_fillers(self) -> None:
        """Examine (again) the cards that may fill a gap, a column being emptiable now."""
        self.queued |= self.gap_fillers & ~self.lifted

    def go_home(self) -> bool:
        """Take each suit home in order, as far as its cards could be exposed; whether
        any card went."""
        card_at, reach = self.card_at, self.reach
        went = False
        progress = True
        while progress:
            progress = False
            for suit in range(4):
                first = level = reach[suit]
                while level < 13:
                    card = card_at[suit * 13 + level]
                    if not self.shown >> card & 1:
                        break
                    if self.gated >> card & 1 and reach[self.gates[suit]] < 13:
                        break
                    self.homeable |= 1 << card
                    progress = went = True
                    if not self.lifted >> card & 1:
                        self.leaves(card)
                    level += 1
                if level != first:  # a store boxes the int: 1% of the time, stored each turn
                    reach[suit] = level
        return went

    def come_back(self) -> bool:
        """Where cards are worried back: take as :attr:`returnable` each card at home, or
        that could go home, that could come back onto a target; whether any card was.

        A card at home now comes back only after every card above it on its foundation
        has (they lie on it), and onto a card it may be packed on that could be exposed
        in a column (one that lies there, is dealt or lifted there, or came back), or
        into a gap it may fill.
        """
        card_at, found, fit_masks = self.card_at, self.found, self.fit_masks
        changed = False
        progress = True
        while progress:
            progress = False
            open_targets = self.returnable | (
                ~self.home & (self.packable | self.lifted) & self.shown
            )
            gaps: Mask = self.gap_fillers if self.emptiable else 0
            waiting = self.homeable & ~(self.returnable | self.frozen)
            for suit in range(4):
                for level in range(found[suit] - 1, -1, -1):
                    card = card_at[suit * 13 + level]
                    if self.returnable >> card & 1:
                        continue
                    if self.frozen >> card & 1:
                        break  # never comes back, nor can the cards under it
                    if not (fit_masks[card] & open_targets or gaps >> card & 1):
                        break  # nor can the cards under it
                    waiting |= 1 << card
            while waiting:
                low = waiting & -waiting
                waiting ^= low
                card = int(low).bit_length() - 1
                if fit_masks[card] & open_targets or gaps & low:
                    self.returnable |= low
                    self.enqueue_packers(card)  # a target now
                    progress = changed = True
        return changed

    def locate(self, stock_at: int, spare: bytes) -> None:
        """Fill the per-card tables for the piles of the call under way (with the stock
        from ``stock_at`` still to come, and ``spare`` in the spare spaces)."""
        piles, width, found = self.piles, self.width, self.found
        under_of, run_top = self.under, self.run_top
        home_masks = self.home_masks
        home: Mask = 0
        for suit in range(4):
            home |= home_masks[suit * 14 + found[suit]]
        self.home = home
        self.lifted = home  # a card at home counts as lifted: it is never examined
        self.homeable = self.returnable = 0
        packable: Mask = 0
        glued: Mask = 0
        shown: Mask = 0
        laid, whole = self.laid, self.laid_whole
        while len(laid) < len(piles):
            laid.append(LaidPile())
        for index in range(len(piles), len(laid)):
            laid[index].pile = None  # no pile there now: its cards may be anywhere next time
        for index in range(len(piles)):
            pile, lay = piles[index], laid[index]
            if lay.pile is not pile or not whole:
                lay.pile = pile
                if index < width:
                    _lay_column(lay, pile, self.link_masks, self.whole_runs, under_of, run_top)
                else:
                    _lay_reserve_pile(lay, pile, under_of, run_top)
            packable |= lay.packable
            glued |= lay.glued
            shown |= lay.top
        self.laid_whole = True
        shown |= _lay_loose(self.board.stock[stock_at:], under_of, run_top)
        shown |= _lay_loose(spare, under_of, run_top)
        if not self.to_reserve:
            for dealt in self.board.future_cards(stock_at):
                for card in dealt:
                    packable |= 1 << card
        self.packable, self.glued, self.shown = packable, glued, shown


class LaidPile:
    """One pile as :meth:`Reach.locate` laid it out: what it adds to the call's masks,
    kept with the pile, so that a later call that finds the same pile object at the same
    place adds them again and leaves the pile's cards' entries in the tables by card as
    they are.

    That is sound because each call lays out every place: whatever writes a card's
    entries after ``pile`` was laid (another place of a later call holding the card,
    the stock or a spare space) means that a later call found another pile at this
    place, or none, and forgot this one; and :attr:`Reach.laid_whole` stops the reuse
    where the proof with the deals in order has written over entries of column cards.
    Most calls follow the last one by a move or two (the search checks a position's
    children in turn, and with the same piles): in the Parlett Bernauer deal 9,373 the
    piles found again hold 70% of the cards laid out.
    """

    def __init__(self) -> None:
        #: The pile, None if none (or it was forgotten).
        self.pile: bytes | None = None
        #: The cards of the pile where cards may be packed on them (a column's); those
        #: glued to the card under them; its top card (exposed), as masks.
        self.packable: Mask = 0
        self.glued: Mask = 0
        self.top: Mask = 0


def _lay_column(
    lay: LaidPile,
    column: bytes,
    link_masks: tuple[int, ...],
    whole_runs: bool,
    under_of: list[int],
    run_top: list[int],
) -> None:
    """:meth:`Reach.locate` for one column: its cards' entries, and ``lay``'s masks."""
    size = len(column)
    packable: Mask = 0
    glued: Mask = 0
    lay.top = 0
    if size:  # len, not the bytes' truth: compiled, that is a C-API call
        # Down the column from its top, each code read once (reading three a card, and a
        # remainder for each, this took 8% of the exact search's instructions). The run
        # a card heads goes up as far as each card continues it (a face-down code links
        # with nothing).
        code = column[size - 1]
        top = code & (DOWN - 1)
        lay.top = 1 << top
        upper = -1  # the code of the card lying on it: none for the top card
        at = size - 1
        while True:
            card = code & (DOWN - 1)
            packable |= 1 << card
            if upper >= 0:
                if link_masks[code] >> upper & 1:
                    if whole_runs:
                        glued |= 1 << upper
                else:
                    top = card
            run_top[card] = top
            if not at:
                under_of[card] = COLUMN_BOTTOM
                break
            at -= 1
            upper = code
            code = column[at]
            under_of[card] = code & (DOWN - 1)
    lay.packable, lay.glued = packable, glued


def _lay_reserve_pile(lay: LaidPile, pile: bytes, under_of: list[int], run_top: list[int]) -> None:
    """:meth:`Reach.locate` for one reserve pile, whose cards each move alone."""
    size = len(pile)
    lay.packable = lay.glued = lay.top = 0
    if size:
        lay.top = 1 << (pile[size - 1] & (DOWN - 1))
    under = RESERVE_BOTTOM
    for at in range(size):
        card = pile[at] & (DOWN - 1)
        under_of[card] = under
        run_top[card] = card
        under = card


def _home_masks(card_at: tuple[int, ...]) -> tuple[int, ...]:
    """:attr:`Reach.home_masks` of a deal whose suits go home in ``card_at``'s order."""
    return tuple(
        mask_of(card_at[suit * 13 + level] for level in range(count))
        for suit in range(4)
        for count in range(14)
    )


def _lay_loose(cards: bytes, under_of: list[int], run_top: list[int]) -> int:
    """:meth:`Reach.locate` for cards in the stock or the spare spaces (each alone, lying
    nowhere yet; :data:`NO_CARD` skipped); the mask of those cards, exposed."""
    shown = 0
    for card in cards:
        if card != NO_CARD:
            under_of[card] = IN_STOCK
            run_top[card] = card
            shown |= 1 << card
    return shown
