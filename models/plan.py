"""Plans: what to build this turn, and the accounting that goes with it.

`awaw plan --json` prints a `Plan`; `awaw check` reads one back. The checker
needs only `builds` and `oil_counters_spent`; the rest is the solver's
accounting, which the checker re-derives and compares when it is present.
The shape is stable: fields are added, never renamed, and `format` changes if
that ever has to happen.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt

from models.tables import Faction, Power, UnitType

PLAN_FORMAT = "awaw-plan/1"


class Status(StrEnum):
    OPTIMAL = "optimal"  # proven best on every priority
    FEASIBLE = "feasible"  # legal, but the time limit stopped the proof
    INFEASIBLE = "infeasible"  # the requirements cannot all be met
    UNKNOWN = "unknown"  # the time limit passed before any plan was found


class PlanModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BuildLine(PlanModel):
    """Counters of one force pool entry placed at one site."""

    power: Power
    entry: str = Field(description="Force pool entry id.")
    unit: UnitType
    site: str | None = Field(description="Site id; null for partisans, placed by 11.3.")
    counters: int = Field(ge=1)
    factors: NonNegativeInt = Field(description="Combat factors (counters for works).")
    oil_units: NonNegativeInt = Field(
        default=0,
        description="Priced units (factors, counters, or pairs of beach defenses) built past the oil threshold (27.35).",
    )
    brps: NonNegativeInt = Field(description="BRPs paid for the line, multipliers included.")
    alternatives: list[str] = Field(
        default_factory=list,
        description="Other sites where these counters may be placed instead, the plan unchanged otherwise.",
    )


class GrantLine(PlanModel):
    """BRPs (and oil counters) granted along one path of the route map (rule 40)."""

    grantor: Power
    recipient: str
    path: list[str] = Field(description="Nodes of the route map, grantor to recipient.")
    route: str | None = Field(description="Named route whose capacity the path uses, if any.")
    brps: NonNegativeInt
    oil_counters: NonNegativeInt = Field(default=0, description="Oil counters shipped to Russia (40.25).")
    expected_brps: float | None = Field(
        default=None, description="BRPs expected to arrive, with the scenario's loss rates."
    )


class TransportUse(PlanModel):
    """Transports escorting grants on one sea leg (40.221, 40.222, 40.252)."""

    leg: str
    ocean: str
    transports: NonNegativeInt


class RouteOpening(PlanModel):
    """Opening the Persian route (40.52) or building the Alaska highway (40.72) this turn."""

    route: str = Field(description="'persia' or 'siberia'.")
    paid_by: Power
    brps: NonNegativeInt


class StageResult(PlanModel):
    priority: str
    value: float
    bound: float


class ObjectiveReport(PlanModel):
    value: float = Field(description="Value of the first priority.")
    bound: float = Field(description="Best bound on the first priority.")
    gap: float = Field(description="Relative gap between value and bound (0 when optimal).")
    stages: list[StageResult] = Field(default_factory=list)


class OilReport(PlanModel):
    faction: Faction
    counters_available: int
    counters_spent: int
    threshold_brps: int = Field(description="25 x (counters spent + 1) (27.35 A-C).")
    normal_cost_brps: int = Field(description="BRPs of builds counted inside the threshold.")
    oil_affected_brps: int = Field(description="BRPs paid for builds past the threshold.")


class PowerReport(PlanModel):
    brps_available: int = Field(description="BRPs after grants and fixed non-construction spending.")
    construction_brps: int = Field(description="BRPs this power pays for construction.")
    brps_kept: int
    construction_limit: int
    limit_used: int
    naval_air_rate: int
    naval_air_used: int
    oil_effect_incurred: bool | None = Field(
        description="27.35 H: true unless the faction spends an oil counter; null for the U.S. (unlimited oil)."
    )


class NotBuilt(PlanModel):
    power: Power
    entry: str
    rule: str
    reason: str


class Plan(PlanModel):
    format: str = PLAN_FORMAT
    scenario: str
    status: Status = Status.OPTIMAL
    objective: ObjectiveReport | None = None
    oil_counters_spent: dict[Faction, NonNegativeInt] = Field(
        default_factory=dict, description="Oil counters each faction spends on construction (27.35)."
    )
    builds: list[BuildLine] = Field(default_factory=list)
    powers: dict[Power, PowerReport] = Field(default_factory=dict)
    oil: list[OilReport] = Field(default_factory=list)
    not_buildable: list[NotBuilt] = Field(default_factory=list)
    grants: list[GrantLine] = Field(default_factory=list)
    transports: list[TransportUse] = Field(default_factory=list)
    route_openings: list[RouteOpening] = Field(default_factory=list)
