"""The budget of a solve given none: as many positions as a share of the machine's memory holds.

The search remembers every distinct position it examines (its transposition
table), so its memory grows with the positions examined. Without a budget
(``max_states=None``) :func:`~agnes_rules.solver.solve` examines at most
:func:`default_max_states` positions: :data:`MEMORY_SHARE` of the physical
memory, at :data:`BYTES_PER_STATE` bytes a position. Past it the outcome is
``unknown``, as with any budget, instead of the process running out of memory.

>>> default_max_states(memory=8 * 2**30)
8388608
>>> default_max_states(memory=0) == MINIMUM_STATES
True
"""

from __future__ import annotations

import os

__all__ = [
    "BYTES_PER_STATE",
    "MEMORY_SHARE",
    "MINIMUM_STATES",
    "default_max_states",
    "physical_memory",
]

#: What one examined position costs, in bytes: its key in the table and its share of the
#: search stack (measured: 140 to 160 for one deck; rounded up for two decks and spare room).
BYTES_PER_STATE = 256
#: The share of physical memory a solve without a budget may fill.
MEMORY_SHARE = 0.25
#: The budget when the memory cannot be told (and the least one ever given).
MINIMUM_STATES = 1_000_000


def physical_memory() -> int:
    """The machine's physical memory in bytes, or 0 when the system does not say."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, OSError, ValueError):  # not POSIX, or the names are unknown
        return 0


def default_max_states(memory: int | None = None) -> int:
    """The budget of a solve given none, for ``memory`` bytes (default: this machine's)."""
    total = physical_memory() if memory is None else memory
    return max(MINIMUM_STATES, int(total * MEMORY_SHARE) // BYTES_PER_STATE)
