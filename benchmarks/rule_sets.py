"""The rule sets the benchmarks run, defined once: the presets and quagnes's rule sets.

The benchmark scripts import this module from their own folder (they are run as
``python benchmarks/NAME.py``, which puts ``benchmarks/`` on the path).
"""

from __future__ import annotations

import attrs

from agnes_rules.core.variant import VARIANTS, Vacancy, Variant

_QUAGNES = VARIANTS["agnes-sorel-quagnes"]

#: quagnes's default rule set dealt face up (quagnes publishes about 1.1% won).
QUAGNES_NONE_UP = attrs.evolve(_QUAGNES, name="quagnes-none-up", face_down=False)
#: Base-minus-one runs filling gaps, runs by suit (quagnes publishes about 14.5% won).
SOREL_BASE_MINUS_ONE_RUNS = attrs.evolve(
    VARIANTS["agnes-sorel"], name="sorel-base-minus-one-runs", vacancy=Vacancy.BASE_MINUS_ONE_RUN
)

#: Every preset and the rule sets above, by name.
RULE_SETS: dict[str, Variant] = {
    **VARIANTS,
    QUAGNES_NONE_UP.name: QUAGNES_NONE_UP,
    SOREL_BASE_MINUS_ONE_RUNS.name: SOREL_BASE_MINUS_ONE_RUNS,
}


def _quagnes_options(empty: str, same_suit: bool, split: bool, up: bool) -> dict[str, object]:
    """The keyword arguments of ``quagnes.Agnes`` for one rule set."""
    return {
        "move_to_empty_pile": empty,
        "move_same_suit": same_suit,
        "split_runs": split,
        "face_up": up,
    }


#: quagnes's rule sets by short name: its keyword arguments and the equivalent variant.
QUAGNES_RULE_SETS: dict[str, tuple[dict[str, object], Variant]] = {
    "none-up": (_quagnes_options("none", False, True, True), QUAGNES_NONE_UP),
    "none-down": (_quagnes_options("none", False, True, False), _QUAGNES),
    "parlett": (_quagnes_options("none", True, False, True), VARIANTS["agnes-sorel-parlett"]),
    "any1": (_quagnes_options("any 1", True, True, True), VARIANTS["agnes-sorel"]),
}
