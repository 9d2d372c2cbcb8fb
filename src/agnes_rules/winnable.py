"""Deals proved winnable: for every preset, the PySolFC game numbers of 1..10,000 the solver won.

A front-end that offers only games that can be won draws one with
:func:`random_winnable_deal`; :func:`winnable_deals` gives the whole list. The
numbers come from the win-rate survey of the documentation (the solver page):
each was won by :func:`~agnes_rules.solve`, with a winning line replayed by
the rules engine, so every one of them can be won by a player who sees every
card (face-down cards and the stock included; see :mod:`agnes_rules.solver`).
The deals the survey left undecided are not listed, so a deal missing from
the list may still be winnable. Only the presets have a list: a custom
variant's deals were never surveyed.

The list ships with the package (``agnes_rules/data/winnable.json``, written
by ``benchmarks/winnable_data.py``) and is read on first use.

>>> deals = winnable_deals("agnes-sorel")
>>> len(deals), deals[:5]
(5869, (1, 3, 4, 7, 12))
>>> import random
>>> random_winnable_deal("agnes-bernauer", random.Random(1)) in winnable_deals("agnes-bernauer")
True
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import random
from collections.abc import Mapping

from agnes_rules.core.variant import PresetName, Variant
from agnes_rules.errors import ArgumentError

__all__ = ["SURVEYED_DEALS", "random_winnable_deal", "winnable_deals"]

#: The game numbers the lists cover: a deal outside this range is not in any list.
SURVEYED_DEALS = range(1, 10_001)

_RESOURCE = "data/winnable.json"


@functools.cache
def _lists() -> Mapping[str, tuple[int, ...]]:
    """Every preset's list, read once from the package's data file (numbers stored as gaps)."""
    text = importlib.resources.files("agnes_rules").joinpath(_RESOURCE).read_text("utf-8")
    lists = {}
    for name, entry in json.loads(text)["variants"].items():
        numbers = []
        number = 0
        for gap in entry["gaps"]:
            number += gap
            numbers.append(number)
        lists[name] = tuple(numbers)
    return lists


def winnable_deals(variant: Variant | PresetName) -> tuple[int, ...]:
    """The game numbers of :data:`SURVEYED_DEALS` proved winnable under the preset ``variant``,
    in increasing order (see the module docstring).

    ``variant`` is a preset or its name. An unknown name raises a
    :class:`~agnes_rules.errors.VariantError`; a custom variant, or anything
    else, an :class:`~agnes_rules.errors.ArgumentError`.

    >>> winnable_deals("agnes-sorel-parlett")[:4]
    (37, 720, 736, 1420)
    """
    preset = Variant.resolve(variant).preset_name
    if preset is None:
        raise ArgumentError(
            f"only the presets have a list of winnable deals; {variant!r} is a custom variant"
        )
    lists = _lists()
    if preset not in lists:  # a preset newer than the data file
        raise ArgumentError(f"no list of winnable deals for the preset {preset!r} yet")
    return lists[preset]


def random_winnable_deal(variant: Variant | PresetName, rng: random.Random | None = None) -> int:
    """A game number drawn at random from :func:`winnable_deals` of ``variant``.

    ``rng`` (a :class:`random.Random`) makes the draw reproducible; without
    it a fresh generator seeded by the system is used. Bad arguments raise an
    :class:`~agnes_rules.errors.ArgumentError` (a
    :class:`~agnes_rules.errors.VariantError` for an unknown preset name).

    >>> import random
    >>> first = random_winnable_deal("agnes-sorel", random.Random(7))
    >>> first == random_winnable_deal("agnes-sorel", random.Random(7))
    True
    """
    if rng is not None and not isinstance(rng, random.Random):
        raise ArgumentError(f"rng must be a random.Random or None, got {rng!r}")
    return (rng or random.Random()).choice(winnable_deals(variant))
