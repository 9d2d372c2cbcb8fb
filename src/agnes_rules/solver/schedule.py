"""When a costly loss proof runs: in trials, rested while it finds nothing.

Two proofs run after the stranded-card proof (:mod:`.reach`), on the positions it
lets pass: the dead-end check of :mod:`.deadends` and the same proof with
landmarks (:mod:`.landmarks`). With quagnes's rule sets the proof leaves the
dead-end check nothing to refute, and the check then costs a fifth of a search;
with PySolFC's Sorel, whose tableau wraps, it refutes many positions the proof
lets pass. The landmarks cost several times the plain proof and refute nothing in
most deals, but nearly every position of the lost lines where some searches
spend their budget. Which one a deal is like can change as its search goes on
(after the last deal, say), so each runs in trials: after each :data:`TRIAL`
positions that it let pass, it is rested for the next :data:`REST` positions if it
refuted fewer than one for every :data:`YIELD` of them, and then tried again.
Switching a proof off never changes a verdict (each is sound on its own), and
counts, not the clock, decide, so a search is the same on every run.

>>> schedule = TrialSchedule()
>>> def search(positions: int) -> None:  # positions the proof would refute none of
...     for _ in range(positions):
...         if schedule.due():
...             schedule.record(False)
>>> search(TRIAL)
>>> schedule.rests, schedule.resting
(1, 90000)
>>> search(REST + TRIAL)
>>> schedule.rests, schedule.resting
(2, 90000)
"""

from __future__ import annotations

from typing import Final

__all__ = ["REST", "TRIAL", "YIELD", "TrialSchedule"]

#: The positions a trial lasts, counted among those the proof lets pass.
TRIAL: Final = 10_000
#: A trial that refutes fewer than one position for every this many it lets pass fails.
YIELD: Final = 1_000
#: The positions the proof skips after a failed trial, before the next one: with the
#: trial, it then runs on a tenth of the positions.
REST: Final = 90_000


class TrialSchedule:
    """Whether a proof runs on the next position, for one search: trials of ``trial``
    positions, rests of ``rest`` positions (by default :data:`TRIAL` and :data:`REST`)."""

    def __init__(self, trial: int = TRIAL, rest: int = REST) -> None:
        self.trial = trial
        self.rest = rest
        #: The positions the proof let pass, and those it refuted, in this trial.
        self.passes = 0
        self.hits = 0
        #: The positions left to skip (0: the proof runs).
        self.resting = 0
        #: How many trials failed so far (each followed by a rest).
        self.rests = 0

    def due(self) -> bool:
        """Whether to run the proof on this position (a position skipped counts)."""
        if not self.resting:
            return True
        self.resting -= 1
        return False

    def record(self, refuted: bool) -> None:
        """Count what the proof said of a position, and end the trial when it is due."""
        if refuted:
            self.hits += 1
            return
        self.passes += 1
        if self.passes == self.trial:
            if self.hits * YIELD < self.trial:
                self.resting = self.rest
                self.rests += 1
            self.passes = self.hits = 0
