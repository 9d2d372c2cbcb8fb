"""The ``--without`` option of the benchmark scripts: techniques switched off.

The benchmark scripts import this module from their own folder (they are run as
``python benchmarks/NAME.py``, which puts ``benchmarks/`` on the path).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable

import attrs

from agnes_rules.solver import Techniques

__all__ = ["TECHNIQUE_NAMES", "add_without", "techniques_without"]

#: The switches of ``Techniques``, in their order.
TECHNIQUE_NAMES = [field.name for field in attrs.fields(Techniques)]


def add_without(parser: argparse.ArgumentParser) -> None:
    """Add ``--without NAME`` (repeatable) to ``parser``: a technique switched off."""
    parser.add_argument(
        "--without",
        action="append",
        default=[],
        choices=TECHNIQUE_NAMES,
        help="switch this technique off (every verdict stays exact)",
    )


def techniques_without(names: Iterable[str]) -> Techniques:
    """Every technique on but ``names``.

    >>> techniques_without(["streamline"]).streamline
    False
    """
    return Techniques(**dict.fromkeys(names, False))
