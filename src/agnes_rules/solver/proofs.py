"""The loss proofs a search runs on its positions, and when it runs each.

Three proofs refute positions: the dead-end check of :mod:`.deadends`, the
stranded-card proof of :mod:`.reach` (:func:`stranded_card_proof` picks its form:
:mod:`.reach_deals`, :mod:`.reach_two_decks`) and the pairs of base-1 cards of
:mod:`.base_pairs`. :class:`LossProofs` holds them for one
deal, with the choices of when they run (after which moves, from which stock
position, the dead-end check in trials: :mod:`.schedule`), so that every pass
of a search (:mod:`.search`, :mod:`.best_first`) refutes the same way. Each
proof is sound on its own, so running one less often never changes a verdict.
"""

from __future__ import annotations

from typing import Final

from agnes_rules.solver.base_pairs import BasePairs
from agnes_rules.solver.board import DEAL, SPARE_TO_FOUNDATION, Board, InternalMove, Position
from agnes_rules.solver.deadends import DeadEnds
from agnes_rules.solver.landmarks import LandmarkProof
from agnes_rules.solver.reach import Reach
from agnes_rules.solver.reach_deals import DealOrderReach
from agnes_rules.solver.reach_pairs import PairedReach
from agnes_rules.solver.reach_two_decks import TwoDeckReach
from agnes_rules.solver.results import ALL_TECHNIQUES, Techniques
from agnes_rules.solver.schedule import TrialSchedule

__all__ = ["LANDMARK_REST", "LANDMARK_TRIAL", "LossProofs", "deals_in_order", "stranded_card_proof"]

#: The trials of the landmarks, far shorter than the dead-end check's: a check costs
#: several positions' worth of work, and where it refutes at all (the lost lines of a
#: deal, pinned cards) it refutes most positions, so a short trial tells.
LANDMARK_TRIAL: Final = 100
LANDMARK_REST: Final = 19_900


def stranded_card_proof(board: Board, techniques: Techniques = ALL_TECHNIQUES) -> Reach | None:
    """The stranded-card proof for the positions of ``board``, as ``techniques`` say: none
    when it is off, or with two decks where cards may be worried back (a card sent home
    may be either copy); the stock dealt in its order (:mod:`.reach_deals`) unless
    ``deal_order`` is off, where :func:`deals_in_order` says."""
    if not techniques.stranded_cards:
        return None
    if board.decks == 2:
        return None if board.worry_back else TwoDeckReach(board)
    if techniques.deal_order and deals_in_order(board):
        return DealOrderReach(board)
    return Reach(board)


def deals_in_order(board: Board) -> bool:
    """Whether the stranded-card proof deals the stock in its order for ``board``'s game.

    Where it goes to the columns (one deck; since 2026-11-29 also where cards may be
    worried back, as in GNOME Aisleriot's Agnes). Where the stock goes
    to the reserve, the proof cost more than it saved, even with floors (see
    docs/solver.md, "Effect of each technique"); where gaps can be filled it pays since
    the proof runs after every move there (:attr:`LossProofs.check_every_move`).
    """
    return not board.to_reserve


class LossProofs:
    """The loss proofs of one deal's search, as ``techniques`` switch them on."""

    def __init__(self, board: Board, techniques: Techniques) -> None:
        self.dead_ends = DeadEnds(board)
        #: Whether positions are checked for dead ends (their proofs need one deck); the
        #: other loss proof, the stranded cards, is :attr:`reach`.
        self.refutes = techniques.dead_ends and board.decks == 1
        #: When the dead-end check runs where the stranded-card proof runs before it (see
        #: :mod:`.schedule`); alone, it always runs. Each pass of a search starts a new
        #: one (:meth:`start_pass`).
        self.schedule = TrialSchedule()
        #: The stranded-card proof (None: off, or two decks where cards are worried back).
        self.reach = stranded_card_proof(board, techniques)
        #: The same proof with landmark sets (:mod:`.landmarks`), run where it lets a
        #: position pass: one deck, no card worried back (None: off).
        self.landmarks = (
            LandmarkProof(board)
            if techniques.landmarks
            and self.reach is not None
            and board.decks == 1
            and not board.worry_back
            else None
        )
        #: When the landmarks run, but at the first position (see :mod:`.schedule`):
        #: they cost several times the plain proof, and refute nothing in most deals.
        #: One schedule per stock position (how many cards were dealt), since what they
        #: refute changes with it: in the lost deal 712,356,428 of quagnes's face-down
        #: rules they refuted 1 in 60 of the positions they ran on just before the last
        #: deal and 7 in 10 after it, and one schedule for both kept them resting through
        #: most of the end games (see docs/solver.md).
        self.landmark_trials = self._landmark_schedules(len(board.stock) + 1)
        pairs = BasePairs(board)
        #: The proof of :mod:`.base_pairs` (None: off, or no pair of suits it holds for).
        self.base_pairs = pairs if techniques.base_pairs and pairs.active else None
        #: The stranded-card proof with base-1 cards kept off the base cards
        #: (:mod:`.reach_pairs`), run where the plain one lets a position pass.
        self.paired_reach = (
            PairedReach(self.reach, pairs)
            if techniques.paired_reach and self.reach is not None and self.base_pairs is not None
            else None
        )
        #: Whether any proof runs.
        self.active = self.refutes or self.reach is not None or self.base_pairs is not None
        #: Whether the stranded-card proof runs after every move that could strand a
        #: position (see :meth:`.Reach.keeps_open`), not only after deals and cards sent
        #: home. Where the deals go to the reserve (the Bernauer family) that decides far
        #: more deals within a budget, and where gaps stay empty it takes less time than
        #: it saves. Where gaps can be filled (Agnes Sorel), or cards worried back
        #: (Aisleriot's), it takes more time than it saves, but refutes lost lines in
        #: fewer positions, which is what a budget counts, and so decides more deals
        #: within one. Not where runs move only whole (nearly every move that builds a
        #: run must be checked): there it costs more, positions included (see
        #: docs/solver.md), except once only the last deal is left (:attr:`last_deal`).
        self.check_every_move = board.to_reserve or board.split
        #: The stock position of the last deal (-1: no stock): where
        #: :attr:`check_every_move` is off, the proof runs after every move that could
        #: strand a position there all the same. A lost deal may spend most of its search
        #: there, on arrangements of the columns that are each lost as the last cards
        #: fall, and the proof, run after the moves that make them, refutes most of them
        #: before the deal: on Parlett's fresh deals about a quarter fewer positions and a
        #: few per cent less CPU, compiled (see docs/solver.md). These checks share that
        #: stock position's landmark trials with the positions the deal before leads to;
        #: measured with them, not apart.
        self.last_deal = board.last_deal_from()
        #: Whether cards auto-played home may strand a position (the proof then runs after
        #: them, as after a deal): not where cards are worried back. There auto-play sends
        #: a card home only off a card it could come back onto (see
        #: :class:`~.worryback.ReversibleAutoplay`), so in the looser game it is a target
        #: still and the card it lay on is exposed either way: what could happen before
        #: still could. Until stop 64 the proof ran after those too, and on Aisleriot's
        #: deal 1,044 it refuted none of the 10,753 positions it was run on so.
        self.sent_home_strands = not board.worry_back
        #: The stock position from which the stranded-card proof runs after moves (it
        #: always runs at the root). With two decks, only for the last two deals: before
        #: them a check costs several positions' worth of work and refutes next to
        #: nothing, with two copies of every target and most cards still to come (see
        #: docs/solver.md); with one deck, from the start.
        self.proof_from = max(len(board.stock) - 2 * board.width, 0) if board.decks == 2 else 0

    def start_pass(self) -> None:
        """Start the trials of the dead-end check and of the landmarks anew, for a new
        pass of the search.

        A pass searches another game (the streamlined one) or in another order, and
        what a proof found in one says little of the next: a schedule carried over
        from a pass where it refuted nothing would rest it through the start of the
        next, where it may refute what that pass needs refuted (see docs/solver.md,
        "Effect of each technique").
        """
        self.schedule = TrialSchedule()
        self.landmark_trials = self._landmark_schedules(len(self.landmark_trials))

    @staticmethod
    def _landmark_schedules(stock_positions: int) -> list[TrialSchedule]:
        """New trials of the landmarks, one for each of ``stock_positions``."""
        return [TrialSchedule(LANDMARK_TRIAL, LANDMARK_REST) for _ in range(stock_positions)]

    def refuted(self, position: Position) -> bool:
        """Whether a loss proof refutes ``position`` (the first position of a search)."""
        if self.base_pairs is not None and self.base_pairs.refutes(position):
            return True
        if self.refutes and self.dead_ends.is_dead(position):
            return True
        return self.reach is not None and self.stranded(position, always=True)

    def stranded(self, position: Position, always: bool) -> bool:
        """Whether the stranded-card proof refutes ``position`` (:attr:`reach` runs), or,
        where it lets it pass, the same with base-1 cards kept off the base cards
        (:attr:`paired_reach`), then with landmarks: ``always`` (the first position of a
        search), else in the trials of :attr:`landmark_trials` for its stock position."""
        if self.reach is not None and self.reach.stranded(position):
            return True
        if self.paired_reach is not None and self.paired_reach.refutes(position):
            return True
        landmarks = self.landmarks
        if landmarks is None:
            return False
        if always:
            return landmarks.stranded(position)
        trials = self.landmark_trials[position[4]]
        if not trials.due():
            return False
        refuted = landmarks.stranded(position)
        trials.record(refuted)
        return refuted

    def newly_refuted(
        self, parent: Position, child: Position, move: InternalMove, auto: list[InternalMove]
    ) -> bool:
        """Whether a loss proof refutes ``child``, reached from ``parent`` (not refuted) by
        ``move`` and its autoplay ``auto`` (the cards it sent home, then any flips that
        put runs on their lower card, see :mod:`.flips`).

        The stranded-card proof (:meth:`stranded`, with its landmarks) runs (from the
        stock position :attr:`proof_from` on) after a deal or a card sent home (by
        auto-play only where :attr:`sent_home_strands`), and where
        :attr:`check_every_move` (or :attr:`last_deal`) says so after every other move
        that could strand ``child`` (``parent`` is not stranded: it was checked, or
        reached by moves that keep the game open; with the stock dealt in order,
        :mod:`.reach_deals`, such a move may yet strand ``child``, and skipping its
        check only leaves that for a later one): a check costs about one position's
        worth of work. It runs first, and the dead-end check, on what it lets pass, as
        :attr:`schedule` says: with some rules it leaves that check nothing. The pairs
        of base-1 cards come before both, after the moves that may change their verdict
        (it costs next to nothing).
        """
        pairs = self.base_pairs
        if pairs is not None and pairs.may_change(parent, child, move) and pairs.refutes(child):
            return True
        reach = self.reach
        if reach is not None and child[4] >= self.proof_from:
            # After a worry-back ``auto`` is the chain that followed it (no card went home).
            if (
                move[0] <= SPARE_TO_FOUNDATION
                or move[0] == DEAL
                or (
                    auto
                    and auto[0][0] <= SPARE_TO_FOUNDATION
                    and move[0] < DEAL
                    and self.sent_home_strands
                )
            ):
                if self.stranded(child, False):
                    return True
            elif (
                (self.check_every_move or child[4] == self.last_deal)
                and not reach.keeps_open(parent, move)
                and self.stranded(child, False)
            ):
                return True
        if not self.refutes:
            return False
        if reach is None:
            return self.dead_ends.newly_dead(parent, child, move, auto)
        schedule = self.schedule
        if not schedule.due():
            return False
        refuted = self.dead_ends.newly_dead(parent, child, move, auto)
        schedule.record(refuted)
        return refuted
