"""The rule axes of Agnes and the named presets.

A :class:`Variant` is one point of the configuration space: every rule on which
the sources differ is a field. The presets of the two families are in
:data:`VARIANTS`:

>>> sorel = Variant.named("agnes-sorel")
>>> sorel.packing, sorel.vacancy
(<Packing.SAME_COLOUR: 'same-colour'>, <Vacancy.ANY_CARD: 'any-card'>)
>>> sorel.stock_size, sorel.spare_spaces
(23, 0)

Custom variants are made from a preset with :func:`attrs.evolve`; the result is
validated like any other:

>>> import attrs
>>> attrs.evolve(sorel, name="my-sorel", vacancy=Vacancy.NONE).vacancy
<Vacancy.NONE: 'none'>
>>> attrs.evolve(sorel, stock_to=StockTarget.RESERVE)
Traceback (most recent call last):
...
agnes_rules.errors.VariantError: stock_to=RESERVE needs reserve piles, but reserve=0
"""

from __future__ import annotations

import enum
import types
from collections.abc import Mapping
from typing import Any, Literal, cast

import attrs

from agnes_rules.core import registry
from agnes_rules.errors import VariantError

__all__ = [
    "VARIANTS",
    "Leftover",
    "MovableRuns",
    "Packing",
    "PresetName",
    "StockTarget",
    "TableauWrap",
    "Vacancy",
    "Variant",
]


class Packing(enum.Enum):
    """Which card may be packed on a tableau card one rank higher."""

    SAME_COLOUR = "same-colour"
    ALTERNATE_COLOUR = "alternate-colour"
    SAME_SUIT = "same-suit"
    ANY_SUIT = "any-suit"


class TableauWrap(enum.Enum):
    """What "one rank lower" means on the tableau.

    ``CIRCULAR``: a King is one lower than an Ace. ``BASE``: circular, except that
    nothing is one lower than the base rank. ``NONE``: nothing is one lower than an Ace.
    ``BASE_RUNS``: circular for packing (a King goes on an Ace, a card of rank base-1
    on one of the base rank), but a movable run stops at the base rank, as under
    ``BASE`` (GNOME Aisleriot's Agnes).
    """

    CIRCULAR = "circular"
    BASE = "base"
    NONE = "none"
    BASE_RUNS = "base-runs"


class MovableRuns(enum.Enum):
    """Which face-up tails of a column may move together."""

    SINGLE_CARD = "single-card"
    SAME_SUIT = "same-suit"
    PACKED = "packed"


class Vacancy(enum.Enum):
    """What a player may move into an empty tableau column."""

    NONE = "none"
    ANY_CARD = "any-card"
    ANY_RUN = "any-run"
    BASE_MINUS_ONE_CARD = "base-minus-one-card"
    BASE_MINUS_ONE_RUN = "base-minus-one-run"


class StockTarget(enum.Enum):
    """Where a deal from the stock puts its cards."""

    TABLEAU = "tableau"
    RESERVE = "reserve"


class Leftover(enum.Enum):
    """What happens to the cards of the stock that are too few for a full deal."""

    NEXT_PILES = "next-piles"
    SPARE_SPACES = "spare-spaces"


def _check_name(instance: Variant, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise VariantError(f"name must be a non-empty string, got {value!r}")


def _check_choice(allowed: range) -> Any:
    def check(instance: Variant, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
            raise VariantError(
                f"{attribute.name} must be an integer in {allowed.start}..{allowed.stop - 1},"
                f" got {value!r}"
            )

    return check


def _check_enum(instance: Variant, attribute: attrs.Attribute[Any], value: Any) -> None:
    enum_type = _ENUM_FIELDS[attribute.name]
    if not isinstance(value, enum_type):
        names = ", ".join(f"{enum_type.__name__}.{member.name}" for member in enum_type)
        raise VariantError(f"{attribute.name} must be one of {names}; got {value!r}")


def _check_bool(instance: Variant, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise VariantError(f"{attribute.name} must be True or False, got {value!r}")


@attrs.frozen(cache_hash=True, kw_only=True)
class Variant:
    """One rule set of Agnes; immutable, hashable and validated at construction.

    The fields follow the rules specification and are keyword-only; the defaults are those of the
    presets (one deck, seven columns, no reserve, deals to the tableau).
    Derived figures (:attr:`stock_size`, :attr:`spare_spaces`, ...) are properties.
    """

    name: str = attrs.field(validator=_check_name)
    decks: int = attrs.field(default=1, validator=_check_choice(range(1, 3)))
    piles: int = attrs.field(default=7, validator=_check_choice(range(1, 14)))
    packing: Packing = attrs.field(validator=_check_enum)
    tableau_wrap: TableauWrap = attrs.field(validator=_check_enum)
    movable_runs: MovableRuns = attrs.field(validator=_check_enum)
    split_runs: bool = attrs.field(validator=_check_bool)
    vacancy: Vacancy = attrs.field(validator=_check_enum)
    reserve: int = attrs.field(default=0, validator=_check_choice(range(14)))
    stock_to: StockTarget = attrs.field(default=StockTarget.TABLEAU, validator=_check_enum)
    leftover: Leftover = attrs.field(default=Leftover.NEXT_PILES, validator=_check_enum)
    face_down: bool = attrs.field(default=False, validator=_check_bool)
    #: Whether the top card of a foundation may be moved back onto the tableau
    #: ("worrying back"), wherever a single card from a column could go.
    worry_back: bool = attrs.field(default=False, validator=_check_bool)

    def __attrs_post_init__(self) -> None:
        if self.reserve not in (0, self.piles):
            raise VariantError(
                f"reserve must be 0 or equal to piles ({self.piles}), got {self.reserve}"
            )
        if self.stock_to is StockTarget.RESERVE and self.reserve == 0:
            raise VariantError("stock_to=RESERVE needs reserve piles, but reserve=0")
        if self.stock_size < 0:
            raise VariantError(
                f"{self.piles} columns ({self.tableau_size} cards), {self.reserve} reserve"
                f" piles and the base card need {self.tableau_size + self.reserve + 1} cards,"
                f" but {self.decks} deck(s) have only {self.card_count}"
            )

    @classmethod
    def named(cls, name: str) -> Variant:
        """The preset with this name.

        >>> Variant.named("agnes-bernauer").reserve
        7
        >>> Variant.named("agnes")
        Traceback (most recent call last):
        ...
        agnes_rules.errors.VariantError: unknown variant 'agnes'; the presets are: agnes-sorel, \
agnes-sorel-parlett, agnes-sorel-pysol, agnes-sorel-quagnes, agnes-sorel-aisleriot, \
agnes-bernauer, agnes-bernauer-parlett, agnes-bernauer-pysol, agnes-two
        """
        try:
            return VARIANTS[name]
        except (KeyError, TypeError):
            known = ", ".join(VARIANTS)
            raise VariantError(f"unknown variant {name!r}; the presets are: {known}") from None

    @classmethod
    def resolve(cls, variant: Variant | PresetName) -> Variant:
        """``variant`` itself, or the preset it names (how every API reads a variant argument).

        >>> Variant.resolve("agnes-two").decks
        2
        >>> Variant.resolve(7)
        Traceback (most recent call last):
        ...
        agnes_rules.errors.VariantError: expected a Variant or a preset name, got 7
        """
        if isinstance(variant, str):
            return cls.named(variant)
        if not isinstance(variant, Variant):
            raise VariantError(f"expected a Variant or a preset name, got {variant!r}")
        return variant

    @property
    def preset_name(self) -> PresetName | None:
        """The name of the preset this variant is exactly, or None for a custom variant.

        >>> import attrs
        >>> sorel = Variant.named("agnes-sorel")
        >>> sorel.preset_name, attrs.evolve(sorel, decks=2).preset_name
        ('agnes-sorel', None)
        """
        if VARIANTS.get(self.name) != self:
            return None
        return cast("PresetName", self.name)

    def to_json(self, *, indent: int | None = None) -> str:
        """The ``agnes-rules/variant`` JSON document of this variant."""
        return registry.writer(Variant, "json")(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Variant:
        """Read an ``agnes-rules/variant`` document; a ``FormatError`` names the bad field."""
        return registry.reader(Variant, "json")(text)

    @property
    def card_count(self) -> int:
        """52 per deck."""
        return 52 * self.decks

    @property
    def foundation_count(self) -> int:
        """One foundation per suit per deck."""
        return 4 * self.decks

    @property
    def tableau_size(self) -> int:
        """Cards dealt to the tableau triangle: 1 + 2 + ... + piles."""
        return self.piles * (self.piles + 1) // 2

    @property
    def stock_size(self) -> int:
        """Cards left in the stock after the layout (tableau, reserve, base card)."""
        return self.card_count - self.tableau_size - self.reserve - 1

    @property
    def deal_width(self) -> int:
        """How many piles one deal from the stock covers."""
        return self.reserve if self.stock_to is StockTarget.RESERVE else self.piles

    @property
    def spare_spaces(self) -> int:
        """How many spare spaces the short last deal fills (0 unless ``SPARE_SPACES``)."""
        if self.leftover is Leftover.NEXT_PILES:
            return 0
        return self.stock_size % self.deal_width

    @property
    def deals(self) -> int:
        """How many deals from the stock a game has (the spare spaces need no deal of their own)."""
        return self.deals_from(self.stock_size)

    def deals_from(self, stock: int) -> int:
        """How many deals a stock of ``stock`` cards makes under this variant.

        >>> bernauer, sorel = Variant.named("agnes-bernauer"), Variant.named("agnes-sorel")
        >>> bernauer.deals_from(9), sorel.deals_from(9)
        (1, 2)
        """
        if self.leftover is Leftover.SPARE_SPACES:
            return stock // self.deal_width
        return -(-stock // self.deal_width)

    def fills_spares(self, stock: int) -> bool:
        """Whether a stock of ``stock`` cards, too short for a deal, goes into the spare spaces.

        >>> bernauer, sorel = Variant.named("agnes-bernauer"), Variant.named("agnes-sorel")
        >>> bernauer.fills_spares(2), sorel.fills_spares(2)
        (True, False)
        """
        return self.leftover is Leftover.SPARE_SPACES and stock < self.deal_width

    @property
    def stock_sizes(self) -> tuple[int, ...]:
        """The sizes the stock has in a game, deal after deal, from the full stock down to 0.

        >>> Variant.named("agnes-sorel").stock_sizes, Variant.named("agnes-bernauer").stock_sizes
        ((23, 16, 9, 2, 0), (16, 9, 0))
        """
        size = 0 if self.fills_spares(self.stock_size) else self.stock_size
        sizes = [size]
        while size > 0:
            size = max(size - self.deal_width, 0)
            if self.fills_spares(size):
                size = 0
            sizes.append(size)
        return tuple(sizes)


_ENUM_FIELDS: dict[str, type[enum.Enum]] = {
    "packing": Packing,
    "tableau_wrap": TableauWrap,
    "movable_runs": MovableRuns,
    "vacancy": Vacancy,
    "stock_to": StockTarget,
    "leftover": Leftover,
}


def _presets() -> dict[str, Variant]:
    sorel = Variant(
        name="agnes-sorel",
        packing=Packing.SAME_COLOUR,
        tableau_wrap=TableauWrap.BASE,
        movable_runs=MovableRuns.SAME_SUIT,
        split_runs=True,
        vacancy=Vacancy.ANY_CARD,
    )
    bernauer = Variant(
        name="agnes-bernauer",
        packing=Packing.ALTERNATE_COLOUR,
        tableau_wrap=TableauWrap.CIRCULAR,
        movable_runs=MovableRuns.PACKED,
        split_runs=False,
        vacancy=Vacancy.BASE_MINUS_ONE_RUN,
        reserve=7,
        stock_to=StockTarget.RESERVE,
        leftover=Leftover.SPARE_SPACES,
        face_down=True,
    )
    bernauer_pysol = attrs.evolve(
        bernauer,
        name="agnes-bernauer-pysol",
        split_runs=True,
        leftover=Leftover.NEXT_PILES,
        face_down=False,
    )
    presets = [
        sorel,
        attrs.evolve(sorel, name="agnes-sorel-parlett", split_runs=False, vacancy=Vacancy.NONE),
        attrs.evolve(
            sorel,
            name="agnes-sorel-pysol",
            tableau_wrap=TableauWrap.CIRCULAR,
            movable_runs=MovableRuns.PACKED,
            vacancy=Vacancy.NONE,
        ),
        attrs.evolve(
            sorel,
            name="agnes-sorel-quagnes",
            movable_runs=MovableRuns.PACKED,
            vacancy=Vacancy.NONE,
            face_down=True,
        ),
        attrs.evolve(
            sorel,
            name="agnes-sorel-aisleriot",
            tableau_wrap=TableauWrap.BASE_RUNS,
            movable_runs=MovableRuns.PACKED,
            vacancy=Vacancy.NONE,
            face_down=True,
            worry_back=True,
        ),
        bernauer,
        attrs.evolve(bernauer, name="agnes-bernauer-parlett", split_runs=True),
        bernauer_pysol,
        attrs.evolve(bernauer_pysol, name="agnes-two", decks=2, piles=10, reserve=10),
    ]
    return {variant.name: variant for variant in presets}


#: The presets, by name, in a fixed order (the Sorel family first). Read-only.
VARIANTS: Mapping[str, Variant] = types.MappingProxyType(_presets())

#: The name of a preset, as a type: functions that take "a Variant or a preset name"
#: take ``Variant | PresetName``, so that mypy catches a misspelt name. A name only
#: known at run time goes through :meth:`Variant.named`, which checks it.
PresetName = Literal[
    "agnes-sorel",
    "agnes-sorel-parlett",
    "agnes-sorel-pysol",
    "agnes-sorel-quagnes",
    "agnes-sorel-aisleriot",
    "agnes-bernauer",
    "agnes-bernauer-parlett",
    "agnes-bernauer-pysol",
    "agnes-two",
]
