"""The player's objective in a scenario: values, minimum builds, reserves, deliveries and the priorities
solved in order."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import AfterValidator, Field, model_validator

from models.base import Strict
from models.powers import GrantRecipient
from models.quantities import (
    MAX_COUNTERS,
    Brps,
)
from models.tables import (
    Power,
    UnitType,
)


class MinimumBuild(Strict):
    """A requirement: build at least this many factors (counters for works)."""

    factors: int = Field(
        ge=1, le=MAX_COUNTERS, description="At least this many factors (counters for works)."
    )
    unit: UnitType | None = Field(default=None, description="Of this unit type; any if unset.")
    power: Power | None = Field(default=None, description="By this power; any planned power if unset.")

    def describe(self) -> str:
        who = self.power.value if self.power else "the faction"
        what = f"{self.unit.value} " if self.unit else ""
        return f"{who}: at least {self.factors} {what}factors"


class PriorityKind(StrEnum):
    VALUE = "value"  # weighted value: factors x value + unspent BRPs + oil counters kept
    FACTORS = "factors"  # combat factors built
    UNSPENT_BRPS = "unspent_brps"
    OIL_KEPT = "oil_kept"
    DELIVERED = "delivered"  # BRPs delivered by grants (expected, with loss rates)


class Priority(Strict):
    """One objective in the lexicographic order."""

    kind: PriorityKind = Field(
        description="value, factors, unspent_brps, oil_kept or delivered: what this priority maximizes."
    )
    units: list[UnitType] | None = Field(default=None, description="Only these unit types (factors).")
    powers: list[Power] | None = Field(default=None, description="Only these powers.")


class Preset(StrEnum):
    MAX_FACTORS = "max-factors"
    MAX_VALUE = "max-value"


# Default value per factor (per counter for works) by unit type: a rough worth
# in play, documented in the README. Players set their own in `values:`.
DEFAULT_VALUES: dict[UnitType, float] = {
    UnitType.INFANTRY: 1.0,
    UnitType.REPLACEMENT: 0.8,
    UnitType.NAVAL_AIR: 1.5,
    UnitType.KAMIKAZE: 1.2,
    UnitType.FLAK: 0.6,
    UnitType.ARMOR: 2.2,
    UnitType.PARTISAN: 1.5,
    UnitType.AIRBORNE: 2.5,
    UnitType.CHINDIT: 2.5,
    UnitType.MARINE: 2.5,
    UnitType.COMMANDO: 2.5,
    UnitType.ARMY_AIR: 3.2,
    UnitType.JET: 3.6,
    UnitType.STRATEGIC_BOMBER: 2.4,
    UnitType.INTERCEPTOR: 2.4,
    UnitType.DESTROYER: 3.0,
    UnitType.ESCORT_CARRIER: 3.0,
    UnitType.CRUISER: 3.0,
    UnitType.CAPITAL_SHIP: 3.0,
    UnitType.CARRIER: 3.0,
    UnitType.TRANSPORT: 3.0,
    UnitType.SUBMARINE: 3.0,
    UnitType.ASW: 3.0,
    UnitType.FORTIFICATION: 4.0,
    UnitType.RAILHEAD: 3.0,
    UnitType.BEACH_DEFENSE: 2.0,
    UnitType.PORT: 6.0,
}

PRESET_PRIORITIES: dict[Preset, tuple[PriorityKind, ...]] = {
    Preset.MAX_FACTORS: (PriorityKind.FACTORS, PriorityKind.UNSPENT_BRPS, PriorityKind.OIL_KEPT),
    Preset.MAX_VALUE: (PriorityKind.VALUE, PriorityKind.UNSPENT_BRPS, PriorityKind.OIL_KEPT),
}

Value = Annotated[float, Field(ge=-1000, le=1000)]


def _in_thousandths(rate: float) -> float:
    """A growth rate is planned exactly in thousandths (the solver's floor of rate x BRPs kept is an integer
    constraint); a finer one is refused rather than rounded, so that the plan and its check agree."""
    if abs(rate * 1000 - round(rate * 1000)) > 1e-9:
        raise ValueError(f"a growth rate is given in thousandths at most (such as 0.125), not {rate}")
    return rate


GrowthRate = Annotated[float, Field(ge=0, le=1), AfterValidator(_in_thousandths)]


class KeptGrowth(Strict):
    """BRPs kept valued as the growth of next year's base they make at the year-start sequence (not in the
    seeds): `growth_rate` of each power's BRPs kept, rounded down, each at `base_brp_value`."""

    growth_rate: GrowthRate = Field(
        description="Share of a power's BRPs kept added to next year's base (for example 0.5) [input].",
    )
    base_brp_value: float = Field(ge=0, le=100, description="Value of each BRP of next year's base.")


class Objective(Strict):
    """What the player wants from this turn (section 3 of the planner's design)."""

    preset: Preset = Field(
        default=Preset.MAX_VALUE,
        description="max-value: most value, then most BRPs kept; max-factors: most combat factors, then most BRPs kept.",
    )
    values: dict[UnitType, Value] = Field(
        default_factory=dict,
        description="Value per factor (per counter for works) by unit type; unset types take the defaults.",
    )
    unspent_brp_value: Value = Field(default=0.0, description="Value of each BRP not spent.")
    unspent_brp_growth: KeptGrowth | None = Field(
        default=None,
        description=(
            "BRPs not spent valued as the growth of next year's base they make at the year-start sequence, in "
            "place of unspent_brp_value: per planned power, its BRPs kept x growth_rate, rounded down, each at "
            "base_brp_value (a winter turn, say; a one-turn season's `season.leftover` of rule growth sets "
            "it) [input: the growth rule is outside the seeds]."
        ),
    )
    oil_counter_value: Value = Field(default=0.0, description="Value of each oil counter kept.")
    minimum: list[MinimumBuild] = Field(default_factory=list, description="Builds that must be made.")
    reserve: dict[Power, Brps] = Field(default_factory=dict, description="BRPs each power must keep unspent.")
    deliver: dict[GrantRecipient, Brps] = Field(
        default_factory=dict, description="Requirement: deliver at least these BRPs by grants (rule 40)."
    )
    delivered_brp_value: dict[GrantRecipient, Value] = Field(
        default_factory=dict,
        description="Value of each BRP delivered by grant to a recipient (expected, with loss rates).",
    )
    avoid_oil_effect: bool = Field(
        default=False,
        description="Require each planned faction to spend at least one oil counter on construction (27.35 H).",
    )
    priorities: list[Priority] | None = Field(
        default=None, description="Ordered objectives solved lexicographically; the preset's if unset."
    )

    @model_validator(mode="after")
    def _kept_valued_once(self) -> Objective:
        if self.unspent_brp_growth is not None and self.unspent_brp_value:
            raise ValueError(
                "unspent_brp_value: with unspent_brp_growth the BRPs kept are valued by their growth; leave "
                "unspent_brp_value out"
            )
        return self

    def value_of(self, unit: UnitType) -> float:
        return self.values.get(unit, DEFAULT_VALUES[unit])

    def priority_list(self) -> list[Priority]:
        if self.priorities:
            return list(self.priorities)
        return [Priority(kind=kind) for kind in PRESET_PRIORITIES[self.preset]]
