"""Fresh deal ranges: every benchmark run measures on deals drawn for it.

Figures measured on a fixed range of deals, one the solver may have been tuned on,
do not carry over to other deals; so each benchmark draws its range at each run
(unless given one) from a random start above 1,000,000 and prints it, so that the
run can be repeated. The benchmark scripts import this module from their own folder
(they are run as ``python benchmarks/NAME.py``, which puts ``benchmarks/`` on the path).
"""

from __future__ import annotations

import random
from typing import Final

__all__ = ["LOWEST", "fresh_start"]

#: Deals below this one are those the project's tests, tables and tuning have used.
LOWEST: Final = 1_000_001
#: PySolFC's game numbers stay below this (nine digits).
_END: Final = 1_000_000_000


def fresh_start(count: int = 1) -> int:
    """A random first deal above 1,000,000 with room for ``count`` deals from it.

    >>> LOWEST <= fresh_start(300) <= _END - 300
    True
    """
    return random.SystemRandom().randrange(LOWEST, _END - count + 1)
