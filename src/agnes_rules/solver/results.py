"""The public values of the solver: its verdicts, its results, its switches, its hints."""

from __future__ import annotations

import enum

import attrs

from agnes_rules.core.moves import Move

__all__ = ["ALL_TECHNIQUES", "Hint", "Outcome", "SolveResult", "Techniques"]


class Outcome(enum.Enum):
    """The verdict of :func:`~agnes_rules.solver.solve`."""

    #: A winning line was found.
    WON = "won"
    #: No line wins: the whole reachable game was searched (a proof).
    LOST = "lost"
    #: The ``max_states`` budget ran out before either was shown.
    UNKNOWN = "unknown"


@attrs.frozen
class SolveResult:
    """What :func:`~agnes_rules.solver.solve` found.

    :attr:`moves` is a complete winning line from the solved position when
    :attr:`outcome` is :attr:`Outcome.WON` (empty otherwise, and empty when the
    position is already won); :attr:`states` counts the positions the search
    examined (each once per pass: see ``streamline`` in :class:`Techniques`).
    """

    outcome: Outcome
    moves: tuple[Move, ...]
    states: int

    @property
    def won(self) -> bool:
        """Shorthand for ``outcome is Outcome.WON``."""
        return self.outcome is Outcome.WON


@attrs.frozen(kw_only=True)
class Techniques:
    """Which pruning techniques :func:`~agnes_rules.solver.solve` uses; all on by default.

    Switching one off never changes a won or lost verdict (each is exact); within a
    budget it changes how long a search takes, and so which deals it decides. The
    flags exist to measure each technique, and ``move_ordering=False`` also gives a
    second search order, which wins many deals the ordered search leaves undecided
    (``benchmarks/win_rates.py --without move_ordering``).

    - ``transpositions``: remember every examined position and never search one twice.
    - ``symmetry``: in the remembered key, sort the piles that no future deal reaches
      (and the foundations of one suit in two-deck games), since they are interchangeable.
    - ``auto_foundation``: play a card to its foundation at once when no card could ever
      be packed on it (see the documentation for the exact condition).
    - ``dead_ends``: refute a position in which a card lies above a lower card of its own
      suit and neither it nor any card between them can ever be moved off (after the
      stranded-card proof, in trials: it rests while it finds nothing the proof missed).
    - ``stranded_cards``: refute a position in which some card could never get home even
      under looser rules that forget when things happen (two decks: not where cards are
      worried back; see the documentation).
    - ``deal_order``: in that proof, where the stock goes to the columns (one deck),
      deal the stock in its order: a dealt card covers the top card
      of its column when nothing could leave that column before the deal, else the
      highest card that could not (its floor), until it leaves.
    - ``base_pairs``: refute a position where what lies under the base-1 cards orders
      their last trips home in a circle, or after a base-1 card home that cannot come
      back: the last time a base-1 card goes home it has never been lifted (what lies
      under it is not home) or lies on the other base card of its colour (that suit is
      empty) (one deck, same-colour packing, a base-1 card never moved into an empty
      column).
    - ``paired_reach``: with ``stranded_cards`` and ``base_pairs``, where the
      stranded-card proof lets a position pass, run it again per case: in a winning
      line one base-1 card of each colour never again lies on a base card, so for each
      pair either both are kept off them (never lifted nor worried back), or one is and
      goes home only once the other's suit could be complete (every combination over
      the pairs), as does each card of its suit that could not come back (that suit is
      empty at some moment; with cards worried back, only where there is no reserve
      and no spare space). The position is lost when every case strands a card or is
      ruled out at once. A base-1 card that may lie on no base card but its own is always
      kept off.
    - ``landmarks``: where that proof lets a position pass (one deck, no card worried
      back), run it again counting, for each thing that could happen, the cards that
      must be home before it: a card cannot be packed on a target that must go home
      before the card could move, and a card that can only ever lie on one host goes
      home before that host (at a search's first position, and in short trials in the
      search).
    - ``move_ordering``: try the moves that tend to win first (foundation moves, moves
      that turn a card or empty a column); otherwise the rules engine's order.
    - ``dominated_moves``: skip moves that provably never help: with ``vacancy=NONE``,
      moving all the cards of a column onto another column that no deal will reach.
    - ``streamline``: where gaps can be filled, first a quick search on a quarter of the
      budget that plays every card its foundation accepts at once, safe or not, and
      gives up on a line after a deal once it has taken a set share of the budget; it
      may miss wins, so a win it finds counts, and a loss only when it was in fact the
      exact search; else the exact search follows, with the rest of the budget. Where
      cards may be worried back (whatever the vacancy), the first pass is instead a
      search of the same deal in the game without worry-backs, on a quarter of the
      budget (and of the time, with a limit): a win it finds counts.
    - ``best_first``: where that streamlined pass runs (and with ``transpositions``),
      after it, a search on another quarter of the budget that always expands the position that
      looks nearest a win (cards home, cards above those the foundations take next,
      face-down cards), whatever line it is on, so that an early wrong choice cannot take
      the whole budget; its win or loss counts, else the exact search follows.
    - ``novelty``: in that best-first pass, with one deck, expand first the positions
      that put some card where no position met before (with as many cards home) had it,
      nearest a win first, then the others (width-based search: the measure of nearness
      is flat over large parts of a hard deal).
    - ``carry_over``: where that streamlined pass runs with one deck dealt to the columns
      (and with ``transpositions``), the positions it proved lost (refuted, or searched to
      the end with no card sent home unsafely and no line given up below them) are not
      entered by the best-first pass and start the exact search's table of positions
      seen, so that neither searches them again.
    - ``restarts``: in two-deck games where the streamlined pass runs (with
      ``move_ordering`` and ``transpositions``), the exact search runs in turns of
      growing length, each starting again from the first position in another order,
      and each skipping the positions the turns before it finished (sound: some winning
      line avoids them all); an early wrong choice costs one turn, not the budget.
    - ``sleep_sets``: a move whose position a loss proof refuted is not tried again
      further down while the moves played since change none of the piles it changes
      (it would lead to a position reached from the refuted one, so lost too).
    - ``deferred_flips``: in the exact search, with one deck packed by alternate colours
      whose deals go to the reserve, runs that may be split and gaps that take runs, a run
      moved from a card it continues onto another card it may lie on (a *flip*, undone
      by one move) is followed only by a move that uses the card it uncovered: that card
      sent home, or a card packed on it (in a winning line a flip can always wait for
      that one); and after every other step each run is moved onto the lower (by index)
      of its two cards where that lies open, which keeps one of the positions a flip
      apart (they are won or lost together). The best-first pass settles runs so too,
      and leaves out the flips no move could use, but plays the others like any move.
    - ``forget_leaves``: with ``transpositions``, once the exact search (or, where cards
      are worried back, the first pass) has examined 32,000,000 positions, keep out of
      the table of positions seen those a loss proof refuted and those whose every move
      led to a position seen, refuted or asleep (*leaves*): met again, such a position
      is examined again, and counts again. The table then grows about half as fast, so a
      budget that fits in memory goes about twice as far; below that count nothing
      changes.
    """

    transpositions: bool = True
    symmetry: bool = True
    auto_foundation: bool = True
    dead_ends: bool = True
    stranded_cards: bool = True
    deal_order: bool = True
    base_pairs: bool = True
    paired_reach: bool = True
    landmarks: bool = True
    move_ordering: bool = True
    dominated_moves: bool = True
    streamline: bool = True
    best_first: bool = True
    novelty: bool = True
    carry_over: bool = True
    restarts: bool = True
    sleep_sets: bool = True
    deferred_flips: bool = True
    forget_leaves: bool = True


#: The default of :func:`~agnes_rules.solver.solve`: every technique on.
ALL_TECHNIQUES = Techniques()


@attrs.frozen
class Hint:
    """A suggested move and why; :attr:`move` is None only when no move is legal."""

    move: Move | None
    reason: str

    def __str__(self) -> str:
        return f"{self.move if self.move is not None else '-'}: {self.reason}"
