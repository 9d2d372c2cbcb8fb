"""What the search does differently when cards may be worried back from the foundations.

With ``worry_back`` a card at home may come back onto the tableau, so the
usual auto-play ("no card will ever need it") and the usual dead ends ("its
targets are home for good") no longer hold. The search then uses:

- **Reversible auto-play** (:class:`ReversibleAutoplay`, one deck): a column's
  exposed card that its foundation accepts, lying face up on a card it may be
  packed on, goes home at once. Whatever a line does with the card left in
  place, a line with the card at home can do too, by worrying it back onto the
  card it lay on (or wherever the line moved it to) just before a card is
  packed on it, a deal covers it, or the card under it in its foundation is
  worried back: so the two positions are won or lost together.
- **Dead ends** with nothing counted as home for good (see
  :mod:`~agnes_rules.solver.deadends`): a card is stuck only when every card
  that could take it lies under it in its own pile.
- **Worry-backs only when used** (:class:`WorryBackUses`): a worry-back is
  followed only by a move that uses its card (one onto it, the deal when it covers
  it, or the next card of its foundation worried back too) or by a worry-back
  independent of it that comes after it in a fixed order. In a winning line the
  moves between a worry-back of card c onto column T and the first later move that
  touches column T or c's foundation touch neither, so the worry-back can be played
  just before that move; if that move sends c home again, the pair is no move at
  all; if it moves c alone onto another column, the pair is one worry-back there;
  if it moves c with cards under it, the same cards without c and then the
  worry-back onto them do the same. Worry-backs that touch different columns and
  foundations give the same position in either order, so one order is enough.
  Rearranged so, a shortest winning line follows the rule. With one deck it is
  narrower still: two independent worry-backs in a row come before one move that
  touches both, which is the deal (covering both cards) or the next card of one's
  foundation worried back onto the other; and the next card of a foundation comes
  back onto the card before it only while a card further down could be used (a
  card could be packed on it, or it could come back elsewhere, see
  :meth:`WorryBackUses.goes_on`).
  The position right after a worry-back is neither auto-played (that would
  undo it) nor keyed like the same position reached otherwise
  (:func:`worried_key`), since its moves differ.
- **No worry-back of no use** (one deck, :meth:`WorryBackUses.useful`): a
  worry-back after which no move may follow leads to a position with no move,
  which is lost; it is not tried (the test, :meth:`WorryBackUses.has_use`, holds
  wherever the rule above keeps a move).
- **Chains of worry-backs as one step** (one deck): where the only move that may
  follow a worry-back is the next card of its foundation onto it, the search
  plays it at once, as auto-play plays the cards it sends home, and keeps no
  position between (:meth:`WorryBackUses.chain`): a card deep in a foundation
  that a card of the tableau needs comes back with every card above it, in one
  step. Where searches go after the last deal, most positions reached by a
  worry-back used to be such positions between.
- **The transposition table** always: positions can repeat (a card goes up and
  comes back), and the table keeps the search finite.
- **A first pass without worry-backs** (with ``streamline``): the same deal in
  the game where no card comes back (:func:`without_worry_backs`), on a quarter of
  the budget (and of the time left, with a deadline: its positions cost more, its
  proof dealing the stock in order and counting landmarks). Every line of that
  game is a line of this one, so a win it finds is a win; a loss there says
  nothing, and the exact
  search follows. With one deck and gaps that stay empty the usual auto-play,
  dead ends and stranded-card proofs hold there, and a deal that needs no
  worry-back is often won in a few hundred positions where the exact search,
  with the worry-backs to try, needs far more.

Every verdict stays exact; the tests check them against a plain search of the
rules engine's positions.
"""

from __future__ import annotations

from typing import Final

import attrs

from agnes_rules.core.state import GameState
from agnes_rules.errors import PositionError
from agnes_rules.solver.board import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DEAL,
    DOWN,
    FOUNDATION_TO_COLUMN,
    NO_CARD,
    SPARE_TO_COLUMN,
    Board,
    InternalMove,
    Position,
    mask_of,
)
from agnes_rules.solver.moves import MoveGenerator

__all__ = ["ReversibleAutoplay", "WorryBackUses", "without_worry_backs", "worried_key"]

#: What :meth:`WorryBackUses.survey` reads of a position.
Survey = tuple[list[int], list[int], int, list[int], list[int]]
#: The cache of :meth:`WorryBackUses.takers` is cleared when it grows past this many entries.
_CACHE_LIMIT: Final = 200_000
#: Marks the key of a position reached by a worry-back (above every byte a key holds).
_WORRIED: Final = b"\xfc"


class ReversibleAutoplay:
    """The foundation moves that a worry-back could undo exactly, played at once; and
    with one deck, after a worry-back, the chain of worry-backs that follows it
    (:meth:`WorryBackUses.chain`)."""

    def __init__(self, board: Board, uses: WorryBackUses | None = None) -> None:
        self.board = board
        self.fits_under = board.fits_under
        self.chains = uses if uses is not None and board.decks == 1 else None

    def autoplay(self, position: Position) -> tuple[Position, list[InternalMove]]:
        """``position`` after every such move, and the moves played (until none is left)."""
        board = self.board
        fits_under = self.fits_under
        played: list[InternalMove] = []
        # With two decks the other copy of the card could take its place on the
        # foundation meanwhile, and the card could not come back the same way.
        changed = board.decks == 1
        while changed:
            changed = False
            for index, column in enumerate(position[0]):
                if len(column) < 2:
                    continue
                card, under = column[-1], column[-2]
                if under >= DOWN or under not in fits_under[card]:
                    continue
                if board.accepts(position[3], card) < 0:
                    continue
                move = (COLUMN_TO_FOUNDATION, index, 0, 1)
                position = board.apply(position, move)
                played.append(move)
                changed = True
        return position, played

    def settle(self, position: Position, move: InternalMove) -> tuple[Position, list[InternalMove]]:
        """:meth:`autoplay` after ``move``; after a worry-back (auto-play would undo it)
        the chain of worry-backs that follows it, if any."""
        if move[0] == FOUNDATION_TO_COLUMN:
            return (position, []) if self.chains is None else self.chains.chain(position, move)
        return self.autoplay(position)


class WorryBackUses:
    """Which moves may follow a worry-back, for the positions of one board."""

    def __init__(self, board: Board, generator: MoveGenerator) -> None:
        self.board = board
        self.generator = generator
        self.one_deck = board.decks == 1
        self.card_at = board.card_at
        #: Bit ``under`` of ``fit_masks[card]`` when ``card`` may be packed on ``under``
        #: (only where cards may be worried back: nothing else reads them).
        self.fit_masks = (
            tuple(mask_of(cards) for cards in board.fits_under) if board.worry_back else ()
        )
        #: The cards that may fill a gap, as a mask, where a card may be worried back
        #: into one (0: nowhere).
        self.gap_masks = 0 if board.vacancy_none else mask_of(board.heads)
        #: For a column, the cards its movable cards may be packed on, as a mask.
        self.taker_cache: dict[bytes, int] = {}
        #: Where the last :meth:`chain` ended, and the moves that may follow there.
        self.chained: Position | None = None
        self.follow: list[InternalMove] = []

    def uses(
        self, position: Position, worry: InternalMove, moves: list[InternalMove]
    ) -> list[InternalMove]:
        """The ``moves`` from ``position`` that may follow ``worry``, the worry-back that
        reached it: those that use its card (a move onto it; the next card of its
        foundation worried back, onto it only while a card further down could be used),
        the deal when it covers the card, and the worry-backs independent of it (after it
        in (foundation, column)) that one next move could use together with it.

        With two decks every independent worry-back and every deal may follow, and every
        next card of the foundation (the other copy of a card can go home on the other
        foundation of its suit).
        """
        foundation, column = worry[1], worry[2]
        if not self.one_deck:
            return [
                move
                for move in moves
                if (
                    move[0] == FOUNDATION_TO_COLUMN
                    and (move[1] == foundation or move[2] == column or move[1:3] > worry[1:3])
                )
                or move[0] == DEAL
                or (COLUMN_TO_COLUMN <= move[0] <= SPARE_TO_COLUMN and move[2] == column)
            ]
        dealt = self.board.dealt_on[position[4]]
        kept = []
        for move in moves:
            kind = move[0]
            if kind == FOUNDATION_TO_COLUMN:
                if move[1] == foundation:
                    keep = move[2] != column or self.goes_on(position, worry, dealt)
                else:
                    keep = move[2] == column or (
                        move[1:3] > worry[1:3] and self.used_together(position, worry, move, dealt)
                    )
            elif kind == DEAL:
                keep = column < dealt
            else:
                keep = COLUMN_TO_COLUMN <= kind <= SPARE_TO_COLUMN and move[2] == column
            if keep:
                kept.append(move)
        return kept

    def chain(self, position: Position, worry: InternalMove) -> tuple[Position, list[InternalMove]]:
        """``position``, reached by ``worry``, after the worry-backs that are then the only
        move, one after the other (one deck), and those worry-backs. The moves that may
        follow the last are kept for :meth:`uses_after`.

        Where the only move that may follow a worry-back is the next card of its
        foundation worried back onto it, a position is won exactly when the one after
        that move is: the search plays the move with the first, as one step (as
        auto-play does with the cards it sends home), and keeps no position between.
        """
        played: list[InternalMove] = []
        board, generator = self.board, self.generator
        while True:
            moves = self.uses(position, worry, generator.moves(position))
            if len(moves) != 1 or moves[0] != worry:
                self.chained, self.follow = position, moves
                return position, played
            position = board.apply(position, worry)
            played.append(worry)

    def uses_after(self, position: Position, worry: InternalMove) -> list[InternalMove]:
        """:meth:`uses` of ``position``, reached by ``worry`` (or by the chain that
        followed it): as :meth:`chain` found them, when it ended there."""
        if position is self.chained:
            return self.follow
        return self.uses(position, worry, self.generator.moves(position))

    def goes_on(self, position: Position, worry: InternalMove, dealt: int) -> bool:
        """Whether the cards left on the foundation of ``worry`` could be worried back one
        by one onto the card it brought back, each onto the last, with a use at the end
        (one deck): whether the deal covers them, or one of them could take a card that
        could be packed on it, or could be worried back elsewhere.

        In a shortest winning line, rearranged as the module's text says, the last of
        such a chain is followed by a move that touches its column or its foundation: a
        card packed on it, from a column, a reserve pile, a spare space or another
        foundation (or the card under the top of another foundation, once that top is
        worried back); the deal; the next card of its foundation worried back onto
        another column, or onto a card worried back from another foundation. A move of
        the chain's cards themselves rearranges away (see the module's text), and one
        home undoes the last worry-back. The other piles are as they are now until then.
        """
        if worry[2] < dealt:
            return True
        takers, places, _, _ = self.openings(self.survey(position), worry)
        return self.deeper_use(worry[1], position[3][worry[1]], takers, places)

    def useful(self, position: Position, moves: list[InternalMove]) -> list[InternalMove]:
        """``moves`` without the worry-backs after which no move may follow (see
        :meth:`uses` and :meth:`has_use`): they lead to a position with no move, which is
        lost (one deck).

        Such a worry-back is no move of a winning line rearranged as the module's text
        says, and the position it leads to is no longer kept and counted.
        """
        kept: list[InternalMove] | None = None  # a copy only once a move is dropped
        survey: Survey | None = None  # taken at the first worry-back
        for place, move in enumerate(moves):
            if move[0] == FOUNDATION_TO_COLUMN:
                if survey is None:
                    survey = self.survey(position)
                if not self.has_use(position, move, survey):
                    if kept is None:
                        kept = moves[:place]
                    continue
            if kept is not None:
                kept.append(move)
        return moves if kept is None else kept

    def has_use(
        self, position: Position, worry: InternalMove, survey: Survey | None = None
    ) -> bool:
        """Whether some move may follow ``worry``, a worry-back from ``position`` (one deck;
        true of more worry-backs than :meth:`uses` keeps a move after): the deal covers
        its card, a card could be packed on it, :meth:`deeper_use` holds, or an
        independent worry-back could be used together with it (see
        :meth:`used_together`). Read from ``position`` (its :meth:`survey`, if given):
        the worry-back changes only its column and its foundation, and neither is read
        but for its card."""
        foundation, column = worry[1], worry[2]
        if column < self.board.dealt_on[position[4]]:
            return True
        found, card_at, fit_masks = position[3], self.card_at, self.fit_masks
        held = found[foundation] - 1  # once its card came back
        card = card_at[foundation * 13 + held]
        if survey is None:
            survey = self.survey(position)
        takers, places, tops, gaps = self.openings(survey, worry)
        if takers >> card & 1 or self.deeper_use(foundation, held, takers, places):
            return True
        for number, other_held in enumerate(found):
            if number == foundation or not other_held:
                continue
            other = card_at[number * 13 + other_held - 1]
            if not (fit_masks[other] & tops or gaps >> other & 1):
                continue  # it cannot come back onto another column
            if self.pair_fits(foundation, held, number, other_held):
                return True
        return False

    def survey(self, position: Position) -> Survey:
        """What :meth:`openings` reads of ``position``: per column, the cards its movable
        cards may be packed on (for an empty one, the cards that may be worried back
        into it) and its exposed card as a mask (0: empty); the cards the reserve and
        spare cards may be packed on; per foundation, its top card as a mask and the
        cards its top two cards may be packed on."""
        columns, reserve, spare, found, _ = position
        fit_masks, card_at = self.fit_masks, self.card_at
        column_takers: list[int] = []
        column_tops: list[int] = []
        for pile in columns:
            if pile:
                column_takers.append(self.takers(pile))
                column_tops.append(1 << (pile[-1] % DOWN))
            else:
                column_takers.append(self.gap_masks)
                column_tops.append(0)
        loose = 0
        for pile in reserve:
            if pile:
                loose |= fit_masks[pile[-1] % DOWN]
        for card in spare:
            if card != NO_CARD:
                loose |= fit_masks[card]
        home_tops: list[int] = []
        home_takers: list[int] = []
        for number, held in enumerate(found):
            top = card_at[number * 13 + held - 1] if held else -1
            home_tops.append(1 << top if held else 0)
            takers = fit_masks[top] if held else 0
            if held > 1:
                takers |= fit_masks[card_at[number * 13 + held - 2]]
            home_takers.append(takers)
        return column_takers, column_tops, loose, home_tops, home_takers

    def openings(self, survey: Survey, worry: InternalMove) -> tuple[int, int, int, int]:
        """For ``worry``, from the position of ``survey`` or the one it reached (they
        differ only in its column and its foundation), as masks: the cards something
        could be packed on, from the other columns, a reserve pile, a spare space or
        another foundation (its top, or the card under it), with the cards that may be
        worried back into an empty column; the cards a card could be worried back onto,
        the exposed cards of the other columns and the tops of the other foundations;
        those exposed cards alone; and the cards that may be worried back into an empty
        column, if another column is empty."""
        foundation, column = worry[1], worry[2]
        column_takers, column_tops, takers, home_tops, home_takers = survey
        tops = gaps = 0
        for index in range(len(column_takers)):
            if index != column:
                takers |= column_takers[index]
                top = column_tops[index]
                if top:
                    tops |= top
                else:
                    gaps = self.gap_masks
        places = tops
        for number in range(len(home_tops)):
            if number != foundation:
                places |= home_tops[number]
                takers |= home_takers[number]
        return takers, places, tops, gaps

    def deeper_use(self, foundation: int, held: int, takers: int, places: int) -> bool:
        """Whether one of the ``held`` cards on ``foundation`` could be used once it came
        back: a card could be packed on it (``takers``), or it could come back onto one of
        ``places`` (see :meth:`openings`)."""
        card_at, fit_masks = self.card_at, self.fit_masks
        for level in range(held - 1, -1, -1):
            card = card_at[foundation * 13 + level]
            if takers >> card & 1 or fit_masks[card] & places:
                return True
        return False

    def takers(self, column: bytes) -> int:
        """The cards the movable cards of ``column`` may be packed on, as a mask (cached
        by column)."""
        mask = self.taker_cache.get(column)
        if mask is None:
            mask = 0
            for upper, _ in self.generator.wanted_tops(column):
                mask |= 1 << upper
            if len(self.taker_cache) > _CACHE_LIMIT:
                self.taker_cache.clear()
            self.taker_cache[column] = mask
        return mask

    def used_together(
        self, position: Position, first: InternalMove, second: InternalMove, dealt: int
    ) -> bool:
        """Whether one move could use both ``first``, the worry-back that reached
        ``position``, and ``second``, an independent one (one deck): the deal, when it
        covers both cards, or the next card of one's foundation worried back onto the
        other.

        In a shortest winning line, rearranged so that each worry-back comes just before
        the first move that touches its column or its foundation (see the module's
        text), two independent worry-backs in a row come before one move that touches
        both: a move between columns touches two columns, but where it carries one of
        the two cards onto the other pile the pair rearranges into worry-backs that
        follow the rule; a move home touches one foundation and the card it sends is
        its own; what is left is the deal, or a worry-back from one's foundation onto
        the other's column.
        """
        if first[2] < dealt and second[2] < dealt:
            return True
        found = position[3]
        held, other_held = found[first[1]], found[second[1]]
        return bool(other_held) and self.pair_fits(first[1], held, second[1], other_held)

    def pair_fits(self, foundation: int, held: int, other: int, other_held: int) -> bool:
        """Whether, with ``held`` cards left on ``foundation`` (its next card worried back)
        and the top of ``other`` (holding ``other_held``, at least one) worried back
        next, one foundation's next card may be packed on the other's card: the next
        card of ``foundation`` on the top of ``other``, or the card under that top on the
        card worried back from ``foundation``."""
        card_at, fit_masks = self.card_at, self.fit_masks
        card = card_at[foundation * 13 + held]
        top = card_at[other * 13 + other_held - 1]
        if held and fit_masks[card_at[foundation * 13 + held - 1]] >> top & 1:
            return True  # the next card of the first foundation onto the other's card
        return other_held > 1 and bool(fit_masks[card_at[other * 13 + other_held - 2]] >> card & 1)


def worried_key(key: bytes, worry: InternalMove) -> bytes:
    """The key of the position that ``worry`` reached, apart from the same position
    reached otherwise (the moves that may follow differ)."""
    return key + _WORRIED + bytes((worry[1], worry[2]))


def without_worry_backs(state: GameState) -> GameState | None:
    """``state`` in the game of its variant where no card is worried back: the same cards
    in the same places, with fewer moves (every line of it is a line of ``state``).

    None when that game has no such position: every foundation empty, the base cards
    worried back too, where a game without worry-backs always has one at home.
    """
    parts = attrs.evolve(state.parts(), variant=attrs.evolve(state.variant, worry_back=False))
    try:
        return GameState(**attrs.asdict(parts, recurse=False))
    except PositionError:
        return None
