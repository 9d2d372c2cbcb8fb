"""The search itself: its passes, and the iterative depth-first search over the solver's positions.

:class:`Search` puts the parts together for one deal (the :class:`~.board.Board`,
the :class:`~.moves.MoveGenerator`, :class:`~.autoplay.Autoplay`, the
:class:`~.proofs.LossProofs`, the :class:`~.keys.PositionKeys` and the
:class:`~.choice.MoveChoice`) and
:meth:`Search.run` drives them and its passes (the streamlined one, the
:class:`~.best_first.BestFirst` one, the exact one), each technique switched on or
off by :class:`~.results.Techniques`.
"""

from __future__ import annotations

import attrs

from agnes_rules.core.state import GameState
from agnes_rules.solver.autoplay import Autoplay, GreedyAutoplay
from agnes_rules.solver.best_first import BestFirst, LostPositions
from agnes_rules.solver.board import DEAL, SPARE_TO_FOUNDATION, Board, InternalMove, Position
from agnes_rules.solver.carry_over import PassRecord
from agnes_rules.solver.choice import MoveChoice
from agnes_rules.solver.collector import pause_collector, resume_collector
from agnes_rules.solver.flips import FlipUses
from agnes_rules.solver.keys import PositionKeys, link_key, move_link_key
from agnes_rules.solver.leaves import Leaves
from agnes_rules.solver.moves import MoveGenerator
from agnes_rules.solver.proofs import LossProofs
from agnes_rules.solver.restarts import run_lengths
from agnes_rules.solver.results import Outcome, Techniques
from agnes_rules.solver.sleep import is_asleep, sleeper, still_asleep, touched
from agnes_rules.solver.watch import CHECK_EVERY, Watch, next_stop, stop_or_next
from agnes_rules.solver.worryback import ReversibleAutoplay, WorryBackUses, without_worry_backs

__all__ = [
    "BEST_FIRST_LEAST",
    "BEST_FIRST_SHARE",
    "DEAL_CAPS",
    "FORGET_FROM",
    "STREAMLINE_SHARE",
    "Search",
    "for_worry_back",
]

#: The first, streamlined pass of a search may examine this share of its budget: a quarter.
STREAMLINE_SHARE = 4
#: The best-first pass that follows it may examine this share of the budget: a quarter.
BEST_FIRST_SHARE = 4
#: Where one deck is dealt to the columns, the best-first pass runs only when its share is
#: at least this many positions (a budget of 20,000): with less it decided fewer fresh
#: ``agnes-sorel`` deals than the exact search it takes them from (docs/solver.md).
BEST_FIRST_LEAST = 5_000
#: In the streamlined pass, the positions under the first deal of a line may be at most
#: this share of the budget (a fiftieth), those under its second deal a two-hundredth
#: (see :meth:`Search.run`).
DEAL_CAPS = (50, 200)
#: With ``forget_leaves``, the exact search (and the first pass of :meth:`Search.firm`) keeps
#: leaves out of its table once it has examined this many positions (see :mod:`.leaves`):
#: by then the table takes about 4.5 GB with one deck. Below it a search is the same with
#: the technique or without (the same positions, counts and verdicts), and so is every
#: search of the budgets most callers give; above it the table grows about half as fast,
#: and leaves met again count again (docs/solver.md).
FORGET_FROM = 32_000_000

#: A frame of the search: a position, its untried moves (reversed, popped from the
#: end), the moves that led to it from its parent (the move and its autoplay), its
#: link key when the search uses them (else empty), and the moves asleep there (see
#: :mod:`.sleep`).
_Frame = tuple[Position, list[InternalMove], list[InternalMove], bytes, list[int]]


def _budgets(max_states: int | None, greedy: bool, run_end: int = -1) -> tuple[int, int, list[int]]:
    """The budget of the whole search (-1: no bound; a count never equals it), that of
    this pass (a share of it for the streamlined pass; for the exact search, the end of
    its turn, ``run_end``, when that comes first) and its caps on the positions after
    the first deals of a line (none for the exact search)."""
    whole = max_states if max_states is not None else -1
    if greedy and whole >= 0:
        return whole, whole // STREAMLINE_SHARE, [whole // share for share in DEAL_CAPS]
    return whole, run_end if run_end >= 0 and (whole < 0 or run_end < whole) else whole, []


def _told_to_stop(
    examined: int, max_states: int, watch: Watch | None, own: Watch | None = None
) -> bool:
    """Whether a first pass that gave no verdict after ``examined`` positions was stopped
    by ``watch``: short of its share of ``max_states`` (but by the deadline of its ``own``
    watch, a :meth:`~.watch.Watch.share` of ``watch``), or at it with the time up or
    the work cancelled."""
    if watch is not None and (watch.is_late() or watch.is_cancelled()):
        return True
    short = examined < max_states // STREAMLINE_SHARE
    return short and not (own is not None and own.is_late())


def for_worry_back(techniques: Techniques) -> Techniques:
    """The techniques that stay sound when cards may be worried back from the foundations.

    ``auto_foundation`` and ``dead_ends`` use their exact forms for these variants
    (see :mod:`~agnes_rules.solver.worryback`), and ``stranded_cards`` counts a card
    at home as a target when it could come back (see :mod:`~agnes_rules.solver.reach`);
    ``dominated_moves`` holds as it is (see :func:`~.ordering.undominated`);
    ``streamline`` is off (a card sent home may come back, so sending every card
    home restricts nothing), and with it ``best_first``: ``streamline`` runs a first
    pass of another kind there, the search of the game without worry-backs
    (:meth:`Search.firm`); the
    transposition table, which keeps the search finite once positions can repeat, is
    always on.
    """
    return attrs.evolve(
        techniques,
        streamline=False,
        best_first=False,
        transpositions=True,
    )


def _settled(
    parent: Position,
    move: InternalMove,
    child: Position,
    safe: Autoplay | None,
    reversible: ReversibleAutoplay | None,
    flips: FlipUses | None,
) -> tuple[Position, list[InternalMove]]:
    """``child``, reached from ``parent`` by ``move``, after the auto-play in use
    (``safe``, or ``reversible`` where cards are worried back, or none) and, where flips
    wait for their use, with its runs on the lower of their cards (see :mod:`.flips`);
    and the moves played on the way."""
    if safe is not None:
        child, auto = safe.settle(child, move)
    elif reversible is not None:
        child, auto = reversible.settle(child, move)
    else:
        auto = []
    if flips is not None:
        return flips.settle(parent, move, child, auto)
    return child, auto


def _pass_autoplay(
    search: Search, greedy: bool
) -> tuple[Autoplay | None, ReversibleAutoplay | None]:
    """The auto-play of a pass of ``search`` (the streamlined one with ``greedy``), as the
    safe one or the one where cards are worried back: the search loop calls them directly,
    not through bound methods kept in locals, since in the compiled build a call to a
    native method is a C call, a bound method a Python one."""
    techniques = search.techniques
    autoplay = search.greedy if greedy else search.autoplay if techniques.auto_foundation else None
    return (
        autoplay if isinstance(autoplay, Autoplay) else None,
        autoplay if isinstance(autoplay, ReversibleAutoplay) else None,
    )


def _give_up_line(stack: list[_Frame], at: int, record: PassRecord | None, met: bytes) -> None:
    """The streamlined pass gives up on the line from ``stack[at]`` on, where it met the
    position ``met`` last: those positions stay open in ``record``."""
    if record is not None:
        record.give_up([met, *(frame[3] for frame in stack[at:])])
    del stack[at:]


class Search:
    """The search of one deal with the given techniques."""

    def __init__(self, state: GameState, techniques: Techniques) -> None:
        self.state = state
        #: Where cards may be worried back, whether a first pass searches the same deal in
        #: the game where none is (:meth:`firm`), with these techniques.
        self.firm_pass = state.variant.worry_back and techniques.streamline
        self.firm_techniques = techniques
        if state.variant.worry_back:
            techniques = for_worry_back(techniques)
        self.techniques = techniques
        self.board = Board(state)
        self.generator = MoveGenerator(self.board)
        #: Which moves may follow a worry-back.
        self.worry_uses = WorryBackUses(self.board, self.generator)
        #: Which moves may follow a flip (None: flips are moves like any other).
        self.flips = (
            FlipUses(self.board, self.generator)
            if FlipUses.applies(self.board, state.variant, techniques)
            else None
        )
        #: Which moves the search tries, in what order (and the salt of that order).
        self.choice = MoveChoice(
            self.board, self.generator, self.worry_uses, techniques, self.flips
        )
        self.autoplay: Autoplay | ReversibleAutoplay = (
            ReversibleAutoplay(self.board, self.worry_uses)
            if self.board.worry_back
            else Autoplay(self.board)
        )
        #: The autoplay of the streamlined first pass (None: no such pass). Where gaps stay
        #: empty, almost every deal is lost and the exact search is quick to say so: there
        #: a pass that can only find wins costs more than it saves (see docs/solver.md).
        #: Without ``auto_foundation`` there is none either: an exact pass would autoplay.
        self.greedy = (
            GreedyAutoplay(self.board)
            if techniques.streamline and techniques.auto_foundation and not self.board.vacancy_none
            else None
        )
        #: The loss proofs, and when each runs.
        self.proofs = LossProofs(self.board, techniques)
        #: Whether the last streamlined pass gave up on a line (see :meth:`run`).
        self.gave_up = False
        #: The keys of positions (link keys with one deck: see :mod:`.keys`).
        self.keys = PositionKeys(self.board, techniques.symmetry, self.flips)
        #: Whether the streamlined pass hands on what it proved lost (see :mod:`.carry_over`):
        #: with one deck dealt to the columns (with deals to the reserve it changed nothing).
        self.carry_over = techniques.carry_over and self.keys.linked and not self.board.to_reserve
        #: Whether the exact search runs in turns, each in another order (see
        #: :mod:`.restarts`): where the streamlined pass runs, with two decks; the runs
        #: share the table of positions seen, and need an order to salt. With one deck the
        #: wins the exact search finds lie deep in the plain order, and turns miss a few.
        self.restarts = (
            techniques.restarts
            and techniques.move_ordering
            and techniques.transpositions
            and self.greedy is not None
            and self.board.decks == 2
        )
        #: The best-first pass (None: no such pass). Like the streamlined pass it can only
        #: pay where most deals are won, so it runs where that one does (one deck dealt to
        #: the columns too, since novelty: see docs/solver.md). It keeps a table of the
        #: positions it met, so not with ``transpositions`` off. It settles runs as the
        #: exact search does and leaves out the flips of no use, but plays the others like
        #: any move, so its keys do not tell them apart.
        self.best_first = (
            BestFirst(
                self.board,
                self.generator,
                self.autoplay,
                self.proofs,
                PositionKeys(self.board, techniques.symmetry),
                novelty=techniques.novelty,
                flips=self.flips,
            )
            if techniques.best_first
            and techniques.transpositions
            and self.greedy is not None
            and isinstance(self.autoplay, Autoplay)
            else None
        )
        #: The least share of the budget the best-first pass runs on (see
        #: :data:`BEST_FIRST_LEAST`): any where the stock goes to a reserve or with two decks.
        self.best_first_least = (
            0 if self.board.to_reserve or self.board.decks == 2 else BEST_FIRST_LEAST
        )
        #: From how many positions the exact search forgets leaves (-1: never). Tests set it lower.
        self.forget_from = (
            FORGET_FROM if techniques.forget_leaves and techniques.transpositions else -1
        )

    def run(
        self, max_states: int | None, watch: Watch | None = None
    ) -> tuple[Outcome, list[InternalMove], int]:
        """The verdict, the winning line (moves from the root) and the positions examined.

        At most ``max_states`` positions are examined (None: no bound here;
        :func:`~agnes_rules.solver.solve` always gives one);
        the verdict is :attr:`Outcome.UNKNOWN` when the search needs more, or
        when ``watch`` says to stop (it is asked every :attr:`Watch.every
        <agnes_rules.solver.watch.Watch.every>` positions: :data:`CHECK_EVERY`,
        fewer with a deadline).

        With ``streamline`` the exact search comes second: a first pass, on a
        :data:`STREAMLINE_SHARE` of the budget, plays every card its foundation
        accepts at once. It searches a much smaller game, in which most won deals
        are still won, and it gives up on the line after a deal once it has
        examined a set share of the budget there (:data:`DEAL_CAPS`): a wrong choice
        before a deal then costs little, where a depth-first search would spend all
        its budget after it. A win it finds is returned. So is a loss when no card
        went home that the exact autoplay would have kept and no line was given up
        (the pass was then the exact search). Else, with ``best_first``, a
        :class:`~.best_first.BestFirst` pass on another :data:`BEST_FIRST_SHARE` of the
        budget (with one deck dealt to the columns, when that is at least
        :data:`BEST_FIRST_LEAST` positions) expands the positions that look nearest a
        win first, whatever line they are on; its win or loss is returned. Else the
        exact search goes on with what is left of the budget, its table of positions
        seen starting with those the pass proved lost
        (:class:`~.best_first.LostPositions`). Where cards may be worried back, the
        first pass searches the game without worry-backs instead
        (:meth:`firm`, on the same share of the positions and a quarter of the time
        left, if there is a deadline); a win it finds is returned, and so is
        :attr:`Outcome.UNKNOWN` when the watch stopped it. The counts of the passes
        add up.

        Python's cycle collector is paused meanwhile (see :mod:`.collector`).
        """
        pause_collector()
        try:
            return self.search(max_states, watch)
        finally:
            resume_collector()

    def search(
        self, max_states: int | None, watch: Watch | None
    ) -> tuple[Outcome, list[InternalMove], int]:
        """:meth:`run`, with the cycle collector paused."""
        self.choice.salt = 0
        opening, root, line = self.opening()
        if opening is not None:
            return opening, line, 1
        examined = 0
        # The positions a first pass proved lost: the exact search's table starts with them.
        proved: set[bytes] | None = None
        firm = self.firm() if max_states is not None and max_states >= STREAMLINE_SHARE else None
        if firm is not None and max_states is not None:
            # A quarter of the positions, and of the time when there is a deadline: a
            # position of that game costs more (its proofs run after every move).
            own = watch.share(STREAMLINE_SHARE) if watch is not None else None
            verdict, path, examined = firm.first_pass(max_states, own)
            if verdict is Outcome.WON or (
                verdict is Outcome.UNKNOWN and _told_to_stop(examined, max_states, watch, own)
            ):
                return verdict, path, examined
        if self.greedy is not None and max_states is not None and max_states >= STREAMLINE_SHARE:
            outcome, path, examined, proved = self.streamlined(
                self.greedy, root, line, max_states, watch
            )
            if outcome is not None:
                return outcome, path, examined
            share = max_states // BEST_FIRST_SHARE
            if self.best_first is not None and share >= self.best_first_least:
                # A quarter of the budget, after the streamlined pass's quarter at most: the
                # exact search keeps at least half.
                self.proofs.start_pass()
                budget = examined + share
                # What the streamlined pass proved lost (with carry_over) the pass skips.
                lost = LostPositions(proved)
                outcome, path, examined = self.best_first.run(
                    root, line, budget, max_states, watch, examined, lost
                )
                if outcome is not None:
                    return outcome, path, examined
                proved = lost.keys  # the pass runs only with transpositions
            self.proofs.start_pass()
        return self.exact(root, line, max_states, watch, examined, proved)

    def firm(self) -> Search | None:
        """Where cards may be worried back, the search of the first pass: the same deal in
        the game where none is (see :mod:`.worryback`), every line of which is a line of
        this one, so that a win it finds stands. None: no such pass (or no such position,
        see :func:`~.worryback.without_worry_backs`)."""
        firm = without_worry_backs(self.state) if self.firm_pass else None
        return None if firm is None else Search(firm, self.firm_techniques)

    def opening(self) -> tuple[Outcome | None, Position, list[InternalMove]]:
        """The first position of a search, after auto-play, and the moves auto-played to
        it; with the verdict when that position is won or refuted (else None)."""
        board = self.board
        if self.techniques.auto_foundation:
            root, line = self.autoplay.autoplay(board.root)
        else:
            root, line = board.root, []
        if board.is_won(root):
            return Outcome.WON, root, line
        if self.proofs.refuted(root):
            return Outcome.LOST, root, []
        return None, root, line

    def first_pass(
        self, max_states: int, watch: Watch | None
    ) -> tuple[Outcome, list[InternalMove], int]:
        """This search as the first pass of one where cards are worried back (:meth:`firm`):
        on a :data:`STREAMLINE_SHARE` of ``max_states``, the budget of the whole search,
        which the watch is told of. Its verdict, its line and the positions it examined."""
        self.choice.salt = 0
        opening, root, line = self.opening()
        if opening is not None:
            return opening, line, 1
        share = max_states // STREAMLINE_SHARE
        return self.depth_first([self.root_frame(root, line)], max_states, watch, run_end=share)

    def exact(
        self,
        root: Position,
        line: list[InternalMove],
        max_states: int | None,
        watch: Watch | None,
        done: int,
        proved: set[bytes] | None = None,
    ) -> tuple[Outcome, list[InternalMove], int]:
        """The exact search from ``root``, reached by ``line``, after ``done`` positions
        examined by earlier passes: one depth-first run, or with :attr:`restarts` runs
        in salted orders that share what they proved (see :mod:`.restarts`). Its table
        of positions seen starts with ``proved``, keys of positions proved lost."""
        seen: set[bytes] = set() if proved is None else proved
        # The proof of the turns covers neither cards worried back nor dominated moves.
        if not self.restarts or self.board.worry_back or self.choice.prune_dominated:
            return self.depth_first(
                [self.root_frame(root, line)], max_states, watch, done, seen=seen
            )
        for salt, length in enumerate(run_lengths()):
            self.choice.salt = salt
            run_end = done + length  # the loop stops at the budget if that comes first
            stack = [self.root_frame(root, line)]
            outcome, path, examined = self.depth_first(
                stack, max_states, watch, done, seen=seen, run_end=run_end
            )
            # Decided, stopped by the watch, or at the end of the budget.
            if outcome is not Outcome.UNKNOWN or examined != run_end or examined == max_states:
                return outcome, path, examined
            if watch is not None and (watch.is_late() or watch.is_cancelled()):
                return outcome, path, examined  # at a turn's end the watch was not heeded
            # The positions on the stack were not finished: the next turn searches them again.
            for frame in stack:
                seen.discard(frame[3] if self.keys.linked else self.keys.key(frame[0]))
            done = examined
        raise AssertionError("run_lengths() has no end")

    def streamlined(
        self,
        greedy: GreedyAutoplay,
        root: Position,
        line: list[InternalMove],
        max_states: int,
        watch: Watch | None,
    ) -> tuple[Outcome | None, list[InternalMove], int, set[bytes] | None]:
        """The streamlined pass of :meth:`run` (with ``greedy``, :attr:`greedy`) from
        ``root``, reached by ``line``: its verdict when it stands (None when the exact
        search must follow), its line, the positions it examined, and with
        :attr:`carry_over` the keys of those it proved lost (see :mod:`.carry_over`)."""
        greedy.unsafe = self.gave_up = False
        greedy_root, greedy_line = greedy.autoplay(root)
        if self.board.is_won(greedy_root):
            return Outcome.WON, line + greedy_line, 1, None
        if self.proofs.refuted(greedy_root):
            return None, [], 0, None  # cards went home too early: nothing to search
        # Flips are moves like any other here: waiting for their use cost this pass wins
        # it found otherwise (docs/solver.md, "Effect of each technique").
        flips = self.flips
        if flips is not None:
            flips.active = False
        try:
            frame = self.root_frame(greedy_root, line + greedy_line)
            record = PassRecord(frame[3], greedy) if self.carry_over else None
            stack = [frame]
            outcome, path, examined = self.depth_first(
                stack, max_states, watch, greedy=True, record=record
            )
        finally:
            if flips is not None:
                flips.active = True
        if record is not None:
            record.give_up(frame[3] for frame in stack)  # those it had not finished
        # A pass that never sent home a card the exact autoplay keeps, nor gave up on a
        # line, was the exact search.
        exact = not (greedy.unsafe or self.gave_up or (record is not None and record.went_unsafe))
        if outcome is Outcome.WON or (outcome is Outcome.LOST and exact):
            return outcome, path, examined, None
        if outcome is Outcome.UNKNOWN and _told_to_stop(examined, max_states, watch):
            return outcome, [], examined, None
        return None, [], examined, None if record is None else record.proved()

    def root_frame(self, root: Position, line: list[InternalMove]) -> _Frame:
        """The first frame of a search from ``root``, reached by ``line``."""
        moves = self.choice.candidates(root)
        moves.reverse()
        return root, moves, line, link_key(self.board, root) if self.keys.linked else b"", []

    def depth_first(
        self,
        stack: list[_Frame],
        max_states: int | None,
        watch: Watch | None = None,
        done: int = 0,
        greedy: bool = False,
        seen: set[bytes] | None = None,
        run_end: int = -1,
        record: PassRecord | None = None,
    ) -> tuple[Outcome, list[InternalMove], int]:
        """The search loop from the root frame ``stack[0]``, after ``done`` positions of an
        earlier pass or turn (the count goes on, the root one more): the streamlined pass
        with ``greedy`` (``record`` notes what it proves lost), else the exact search or a
        turn of it (to ``run_end``, sharing ``seen``: :meth:`exact`), which keeps leaves out
        of ``seen`` from :attr:`forget_from` positions on (:mod:`.leaves`). Locals first: a
        hot loop. Stopped, it leaves the frames not finished on ``stack``."""
        techniques = self.techniques
        board = self.board
        whole, budget, caps = _budgets(max_states, greedy, run_end)
        # For each capped deal of the line: (where it led in the stack, the count then, cap).
        capped: list[tuple[int, int, int]] = []
        every = CHECK_EVERY if watch is None else watch.every
        examined = done + 1
        limit = budget if watch is None else next_stop(examined, budget, every)  # or the next check
        safe, reversible = _pass_autoplay(self, greedy)
        use_table = techniques.transpositions
        linked = self.keys.linked and use_table
        proofs = self.proofs
        refutes = proofs.active  # whether any loss proof runs
        # With a deadline the clock is also read every ``every`` moves that only lead back to
        # a position seen (most moves, with two decks). Without one: a test of None a repeat.
        is_late = watch.is_late if watch is not None and watch.deadline is not None else None
        repeats = 0
        seen = set() if seen is None else seen
        seen.add(self.keys.key(stack[0][0]))
        leaves = Leaves(seen, len(stack), -1 if greedy else self.forget_from, examined)
        while stack:
            position, untried, _, key, asleep = stack[-1]
            if not untried:
                stack.pop()
                if capped and capped[-1][0] == len(stack):
                    capped.pop()
                leaves.leave(len(stack))
                continue
            move = untried.pop()
            if asleep and is_asleep(asleep, move):
                continue
            # With link keys a move from a pile or spare space gets its child's key (before
            # autoplay) unplayed; a key found is of a position searched (nothing to autoplay).
            raw = move_link_key(board, key, position, move) if linked and move[0] < DEAL else b""
            repeated = len(raw) > 0 and raw in seen
            child_key = raw
            if not repeated:
                child = board.apply(position, move)
                child, auto = _settled(position, move, child, safe, reversible, self.flips)
                child_link = b""
                if use_table:
                    child_link, child_key = self.keys.settled_keys(
                        position, key, move, child, raw, auto
                    )
                    repeated = child_key in seen
            if record is not None:
                record.met(key, child_key, repeated)
            if repeated:
                if is_late is not None:
                    repeats += 1
                    if repeats % every == 0 and is_late():
                        return Outcome.UNKNOWN, [], examined
                continue
            if examined == limit:
                limit = stop_or_next(watch, examined, budget, every, whole)
                if not limit:
                    if record is not None:
                        record.give_up([child_key])  # met, not searched (nor its parent)
                    return Outcome.UNKNOWN, [], examined
            seen.add(child_key)
            examined += 1
            step = [move, *auto]
            # Only a move to the foundations, or its autoplay, can win.
            if (move[0] <= SPARE_TO_FOUNDATION or auto) and sum(child[3]) == board.total:
                return Outcome.WON, [m for frame in stack for m in frame[2]] + step, examined
            if capped and examined - capped[-1][1] > capped[-1][2]:
                self.gave_up = True
                _give_up_line(stack, capped.pop()[0], record, child_key)
                continue
            if refutes and proofs.newly_refuted(position, child, move, auto):
                if (record is None or record.refuted(child_key)) and techniques.sleep_sets:
                    asleep.append(sleeper(move, touched(position, child)))
                leaves.refuted(child_key)
                continue
            moves, left_out = self.choice.after(position, move, child, bool(auto))
            if left_out and record is not None:
                record.lead(child_key, key)  # what was left out, one move from ``key`` gives
            if move[0] == DEAL and len(capped) < len(caps):
                capped.append((len(stack), examined, caps[len(capped)]))
            awake = still_asleep(asleep, touched(position, child)) if asleep else []
            leaves.enter(len(stack), child_key, examined)
            stack.append((child, moves, step, child_link, awake))
        return Outcome.LOST, [], examined
