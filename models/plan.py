"""Plans: what to build this turn, and the accounting that goes with it.

`awaw plan --json` prints a `Plan`; `awaw check` reads one back. The checker
needs only `builds` and `oil_counters_spent`; the rest is the solver's
accounting, which the checker re-derives and compares when it is present.
The shape is stable: fields are added, never renamed, and `format` changes if
that ever has to happen.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from models.quantities import MAX_COUNTERS, PlanAmount, PlanValue, SignedPlanAmount, Turns
from models.tables import Faction, Power, UnitType

# The SW figures of a scenario with an `sw:` section load their models with it (models/lazy.py).
if TYPE_CHECKING:
    from models.sw import Campaign, SWDeployment
else:
    from models.lazy import lazy_type

    Campaign = lazy_type("models.sw", "Campaign")
    SWDeployment = lazy_type("models.sw", "SWDeployment")

PLAN_FORMAT = "awaw-plan/1"
MAX_ALTERNATIVES = 100  # `awaw plan --alternatives K`: K at most this


class Status(StrEnum):
    OPTIMAL = "optimal"  # proven best on every priority
    FEASIBLE = "feasible"  # legal, but the time limit stopped the proof
    INFEASIBLE = "infeasible"  # the requirements cannot all be met
    UNKNOWN = "unknown"  # the time limit passed before any plan was found


class PlanModel(BaseModel):
    # `defer_build`: a model builds its validator when first used, not when imported (models/lazy.py).
    model_config = ConfigDict(extra="forbid", defer_build=True)


class BuildLine(PlanModel):
    """Counters of one force pool entry placed at one site."""

    power: Power
    entry: str = Field(description="Force pool entry id.")
    unit: UnitType
    site: str | None = Field(description="Site id; null for partisans, placed by 11.3.")
    counters: int = Field(ge=1, le=MAX_COUNTERS)
    factors: PlanAmount = Field(description="Combat factors (counters for works).")
    oil_units: PlanAmount = Field(
        default=0,
        description="Priced units (factors, counters, or pairs of beach defenses) built past the oil threshold (27.35).",
    )
    brps: PlanAmount = Field(description="BRPs paid for the line, multipliers included.")
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
    brps: PlanAmount
    oil_counters: PlanAmount = Field(default=0, description="Oil counters shipped to Russia (40.25).")
    expected_brps: PlanValue | None = Field(
        default=None, description="BRPs expected to arrive, with the scenario's loss rates."
    )


class TransportUse(PlanModel):
    """Transports escorting grants on one sea leg (40.221, 40.222, 40.252)."""

    leg: str
    ocean: str
    transports: PlanAmount


class RouteOpening(PlanModel):
    """Opening the Persian route (40.52) or building the Alaska highway (40.72) this turn."""

    route: str = Field(description="'persia' or 'siberia'.")
    paid_by: Power
    brps: PlanAmount


class NavalAction(PlanModel):
    """One action on a Naval Construction Chart (27.7251, 27.7267, 27.7272)."""

    turn: Turns = Field(description="0 for this turn, 1 for the next, and so on.")
    power: Power
    yard: str
    ship: str
    unit: UnitType
    factors: PlanAmount
    action: str = Field(
        description="lay_down, start_repair, continue, accelerate, accelerate_knight, defer, launch, scuttle."
    )
    before: str = Field(description="'new', 'waiting', or the position: 'row 3 spring', 'launch summer'.")
    after: str = Field(description="The position after, or 'launched', 'scuttled'.")
    sb: PlanAmount
    brps: PlanAmount = Field(description="BRPs before oil effects.")


class SWBuildLine(PlanModel):
    """Submarines, ASW or transports built this turn (27.721 A, 27.9)."""

    power: Power
    build: str
    unit: UnitType
    yard: str = Field(description="Whose shipbuilding points build them.")
    factors: int = Field(ge=1, le=MAX_COUNTERS)
    brps: PlanAmount
    placed: str = Field(description="Where they are placed (27.93).")
    paid_by: dict[Power, PlanAmount] = Field(
        default_factory=dict,
        description="Who paid the BRPs, when not only the builder: U.S. and Britain for transports (27.7322).",
    )
    sw_boxes: list[str] = Field(description="SW boxes they may redeploy to afterwards (27.94).")


class ChartShipView(PlanModel):
    ship: str
    unit: UnitType
    factors: PlanAmount
    row: str = Field(description="'launch' or '2'-'5'.")
    column: str


class ChartSnapshot(PlanModel):
    """A yard's chart at the start of a turn of the horizon (turn = horizon: after the last turn)."""

    power: Power
    yard: str
    turn: Turns
    ships: list[ChartShipView]
    waiting_for_repair: list[str]


class NavalReport(PlanModel):
    """A power's naval spending over the horizon."""

    power: Power
    brps_by_turn: list[SignedPlanAmount] = Field(
        description="Naval BRPs in each turn of the horizon, before oil effects."
    )
    oil_steps: PlanAmount = Field(
        description="3-BRP naval steps this turn priced past the oil threshold (27.35)."
    )
    lost_ships: list[str] = Field(
        default_factory=list,
        description=(
            "Ships on the chart of a yard an opposing faction holds: 'yard/ship displaced' (row 2 or Launch, "
            "27.71, 27.7281) or 'yard/ship eliminated' (27.7282)."
        ),
    )


class StageResult(PlanModel):
    """One priority of the objective, in order: its value in the plan and what the search proved."""

    priority: str
    value: PlanValue = Field(description="The priority's value in the plan.")
    bound: PlanValue | None = Field(
        description="Best proven bound on the priority, given the earlier priorities' values; null when the "
        "time limit stopped the search before anything was proven of it."
    )
    proven: bool = Field(
        default=True, description="Whether the value is proven best, given the earlier priorities' values."
    )


class ObjectiveReport(PlanModel):
    value: PlanValue = Field(description="Value of the first priority.")
    bound: PlanValue = Field(description="Best bound on the first priority.")
    gap: PlanValue = Field(description="Relative gap between value and bound (0 when optimal).")
    stages: list[StageResult] = Field(default_factory=list)


class OilReport(PlanModel):
    faction: Faction
    counters_available: PlanAmount
    counters_spent: PlanAmount
    threshold_brps: SignedPlanAmount = Field(description="25 x (counters spent + 1) (27.35 A-C).")
    normal_cost_brps: SignedPlanAmount = Field(description="BRPs of builds counted inside the threshold.")
    oil_affected_brps: SignedPlanAmount = Field(description="BRPs paid for builds past the threshold.")


class PowerReport(PlanModel):
    brps_available: SignedPlanAmount = Field(
        description="BRPs after grants and fixed non-construction spending."
    )
    construction_brps: SignedPlanAmount = Field(description="BRPs this power pays for construction.")
    brps_kept: SignedPlanAmount
    construction_limit: SignedPlanAmount
    limit_used: SignedPlanAmount
    naval_air_rate: PlanAmount
    naval_air_used: PlanAmount
    oil_effect_incurred: bool | None = Field(
        description="27.35 H: true unless the faction spends an oil counter; null for the U.S. (unlimited oil)."
    )


class NotBuilt(PlanModel):
    power: Power
    entry: str
    rule: str
    reason: str


class OneMore(PlanModel):
    """What one more unit of a binding resource is worth: the plan re-solved with it (`awaw plan --why`)."""

    gain: PlanValue = Field(
        description="The first priority's optimum with one more unit, less the plan's (an exact difference "
        "of optima, not a dual value)."
    )
    proven: bool = Field(description="Whether both optima are proven (false after a time limit).")
    changes: list[str] = Field(
        default_factory=list,
        description="What the re-solved plan does differently: counters per power and entry ('+N power entry', "
        "'-N power entry'), this turn's chart actions ('+action yard/ship'), grants ('+N BRPs grantor to "
        "recipient by route'), route openings ('+open persia by usa'). One best plan against another: equally good swaps may show too.",
    )


class ResourceUse(PlanModel):
    """One limited resource of a power or faction: its limit, what the plan uses of it, and its slack."""

    holder: str = Field(description="The power or faction whose resource it is.")
    resource: str = Field(
        description="'brps' (27.11), 'construction_limit' (27.31), 'oil_threshold' (27.35), 'naval_air_rate' "
        "(27.61), 'route:NAME' (rule 40) or 'transports:OCEAN' (40.221)."
    )
    rule: str = Field(description="The rule that sets the limit.")
    limit: SignedPlanAmount = Field(description="How much of it the position gives.")
    used: SignedPlanAmount = Field(description="How much of it the plan uses.")
    slack: SignedPlanAmount = Field(description="Limit less use.")
    binding: bool = Field(description="Whether the plan uses all of it (slack 0).")
    one_more: OneMore | None = Field(
        default=None, description="For a binding resource with a what-if: the plan with one more unit."
    )


class PriorityCost(PlanModel):
    """One priority's optimum in the plan and in the best plan that includes a decision (`--why-not`)."""

    priority: str = Field(description="The priority, as in `objective.stages`.")
    plan: PlanValue = Field(description="Its value in the plan.")
    with_it: PlanValue = Field(description="Its value in the best plan that includes the decision.")
    difference: PlanValue = Field(
        description="with_it less plan: an exact difference of optima (negative: what the decision costs)."
    )


class WhyNot(PlanModel):
    """A decision the plan leaves out, priced: the best plan that includes it (`awaw plan --why-not`)."""

    decision: str = Field(
        description="The decision as given: 'power:entry', 'power:ship:action', 'route:NAME'..."
    )
    included: bool = Field(description="Whether the plan already includes it (then nothing is re-solved).")
    possible: bool = Field(description="Whether any legal plan includes it (false: see `explanation`).")
    costs: list[PriorityCost] = Field(
        default_factory=list, description="Per priority, in order: the plan's optimum and the one with it."
    )
    proven: bool = Field(default=True, description="Whether both plans are proven optimal.")
    changes: list[str] = Field(
        default_factory=list,
        description="What the plan that includes it does differently, as in `one_more.changes`.",
    )
    explanation: list[str] = Field(
        default_factory=list, description="When impossible: the requirements and rules that block it."
    )
    reason: str = Field(default="", description="One sentence: why the plan leaves it out.")


class SWFigures(PlanModel):
    """One SW campaign's figures after a deployment (25.41, 25.42, 25.61, 25.64)."""

    submarine_level: PlanAmount = Field(description="The attacker's submarine factors in the box (25.41).")
    asw_level: PlanAmount = Field(
        description="The defender's ASW factors that count against these submarines (25.42, 25.83)."
    )
    cves: PlanAmount = Field(description="The defender's uninverted CVEs in the box (25.362, 25.64).")
    modifier: SignedPlanAmount = Field(description="Net SW combat modifier, every row summed (25.61).")
    possible: bool = Field(description="The campaign may happen (25.13, 25.14, 25.51, 25.721, 25.81, 25.91).")
    advanced_level: PlanAmount = Field(
        default=0,
        description="German advanced submarines' own roll: three table factors each (25.73 A); 0 when none roll.",
    )


class SWCampaignFigures(PlanModel):
    """One SW campaign before and after the plan's builds (27.94)."""

    campaign: Campaign = Field(description="The SW campaign (25.671, 25.7-25.9).")
    before: SWFigures = Field(
        description="After the best deployment of the units there were before the plan."
    )
    after: SWFigures = Field(description="After the best deployment with the plan's new SW units (27.94).")


class SWPlanReport(PlanModel):
    """Submarine warfare before and after the plan's builds (rule 25; with an `sw:` section only).

    The checker re-derives every figure from the two deployments given here (25.4-25.92)."""

    deployment_before: SWDeployment | None = Field(
        description="The best deployment without the plan's new units (null: none found)."
    )
    deployment_after: SWDeployment | None = Field(
        description="The best deployment with the plan's new units as groups at their yards (27.93, 27.94)."
    )
    campaigns: list[SWCampaignFigures] = Field(
        description="Every campaign, in the order of `models.sw.CAMPAIGNS`."
    )


class Alternative(PlanModel):
    """Another plan within the player's tolerance of the best (`awaw plan --alternatives K`): its objective,
    what differs from the best plan, and its decisions (the shape of a plan's, which `awaw check` reads)."""

    rank: int = Field(ge=1, le=MAX_ALTERNATIVES, description="1 for the best alternative, then in order.")
    objective: ObjectiveReport = Field(description="The alternative's value of each priority, as the plan's.")
    behind: PlanValue = Field(description="The best plan's first priority less this one's (0 for a tie).")
    differences: list[str] = Field(
        description="What differs from the best plan: counters per power, entry and site ('+N power entry "
        "at site', '-N ...'), this turn's chart actions ('+action yard/ship'), SW builds, grants per route "
        "('+N BRPs grantor to recipient by route'), route openings."
    )
    oil_counters_spent: dict[Faction, PlanAmount] = Field(
        default_factory=dict, description="Oil counters each faction spends on construction (27.35)."
    )
    builds: list[BuildLine] = Field(default_factory=list, description="The alternative's build lines.")
    grants: list[GrantLine] = Field(default_factory=list, description="The alternative's grants (rule 40).")
    route_openings: list[RouteOpening] = Field(
        default_factory=list, description="Route openings this turn (40.52, 40.72)."
    )
    naval_actions: list[NavalAction] = Field(
        default_factory=list, description="This turn's chart actions (27.7272)."
    )
    sw_builds: list[SWBuildLine] = Field(default_factory=list, description="SW units built (27.9).")


class Plan(PlanModel):
    format: str = PLAN_FORMAT
    scenario: str
    notes: list[str] = Field(
        default_factory=list,
        description="What the scenario leaves out that defaults to the game's starting state (models/notes.py).",
    )
    status: Status = Status.OPTIMAL
    objective: ObjectiveReport | None = None
    oil_counters_spent: dict[Faction, PlanAmount] = Field(
        default_factory=dict, description="Oil counters each faction spends on construction (27.35)."
    )
    builds: list[BuildLine] = Field(default_factory=list)
    powers: dict[Power, PowerReport] = Field(default_factory=dict)
    oil: list[OilReport] = Field(default_factory=list)
    not_buildable: list[NotBuilt] = Field(default_factory=list)
    grants: list[GrantLine] = Field(default_factory=list)
    transports: list[TransportUse] = Field(default_factory=list)
    route_openings: list[RouteOpening] = Field(default_factory=list)
    naval_actions: list[NavalAction] = Field(default_factory=list)
    sw_builds: list[SWBuildLine] = Field(default_factory=list)
    charts: list[ChartSnapshot] = Field(default_factory=list)
    naval: list[NavalReport] = Field(default_factory=list)
    inverted: list[str] = Field(
        default_factory=list,
        description="New air and naval units, inverted when built (27.81), and how they may be uninverted (27.82, 27.91).",
    )
    sw: SWPlanReport | None = Field(
        default=None,
        description="Each SW campaign's levels and net modifier before and after the builds (rule 25, 27.94).",
    )
    why: list[ResourceUse] | None = Field(
        default=None,
        description="With `awaw plan --why`: every limited resource, binding ones first, with what one more "
        "unit of each binding one is worth. Left out of the JSON when not asked for.",
    )
    alternatives: list[Alternative] | None = Field(
        default=None,
        description="With `awaw plan --alternatives K`: up to K other plans within the tolerance, best first. "
        "Left out of the JSON when not asked for.",
    )

    why_not: list[WhyNot] | None = Field(
        default=None,
        description="With `awaw plan --why-not` (and `--why`, for the ships deferred and routes not opened): "
        "each decision the plan leaves out, with the best plan that includes it. Left out when not asked for.",
    )

    @model_serializer(mode="wrap")
    def _leave_out_unasked(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """The plan without `why` unless it was asked for, and without `sw` for a scenario with no `sw:`
        section: plans without them stay byte for byte as before."""
        data: dict[str, Any] = handler(self)
        if self.why is None:
            data.pop("why", None)
        if self.why_not is None:
            data.pop("why_not", None)
        if self.alternatives is None:
            data.pop("alternatives", None)
        if self.sw is None:
            data.pop("sw", None)
        return data
