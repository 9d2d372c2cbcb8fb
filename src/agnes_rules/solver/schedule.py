"""When the dead-end check runs: in trials, rested while it finds nothing.

Where the stranded-card proof runs (:mod:`.reach`), the dead-end check of
:mod:`.deadends` runs after it, on the positions it lets pass. With quagnes's
rule sets the proof leaves it nothing to refute, and the check then costs a
fifth of a search; with PySolFC's Sorel, whose tableau wraps, it refutes many
positions the proof lets pass. Which one a deal is like can change as its search
goes on (after the last deal, say), so the check runs in trials: after each
:data:`TRIAL` positions that it let pass, it is rested for the next :data:`REST`
positions if it refuted fewer than one for every :data:`YIELD` of them, and then
tried again. Switching a proof off never changes a verdict (each is sound on its
own), and counts, not the clock, decide, so a search is the same on every run.

>>> schedule = DeadEndSchedule()
>>> for _ in range(TRIAL):
...     schedule.record(False)
>>> schedule.due(), schedule.rests
(False, 1)
"""

from __future__ import annotations

from typing import Final

__all__ = ["REST", "TRIAL", "YIELD", "DeadEndSchedule"]

#: The positions a trial lasts, counted among those the check lets pass.
TRIAL: Final = 10_000
#: A trial that refutes fewer than one position for every this many it lets pass fails.
YIELD: Final = 1_000
#: The positions the check skips after a failed trial, before the next one: with the
#: trial, it then runs on a tenth of the positions.
REST: Final = 90_000


class DeadEndSchedule:
    """Whether the dead-end check runs on the next position, for one search."""

    def __init__(self) -> None:
        #: The positions the check let pass, and those it refuted, in this trial.
        self.passes = 0
        self.hits = 0
        #: The positions left to skip (0: the check runs).
        self.resting = 0
        #: How many trials failed so far (each followed by a rest).
        self.rests = 0

    def due(self) -> bool:
        """Whether to run the check on this position (a position skipped counts)."""
        if not self.resting:
            return True
        self.resting -= 1
        return False

    def record(self, refuted: bool) -> None:
        """Count what the check said of a position, and end the trial when it is due."""
        if refuted:
            self.hits += 1
            return
        self.passes += 1
        if self.passes == TRIAL:
            if self.hits * YIELD < TRIAL:
                self.resting = REST
                self.rests += 1
            self.passes = self.hits = 0
