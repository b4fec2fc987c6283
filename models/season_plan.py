"""A season plan: this turn's orders, exactly the plan `awaw plan` prints, then each later turn of the
season as the plan expects it (`awaw season --json` prints a `SeasonPlan`; a one-turn season prints the
turn's `Plan` itself)."""

from __future__ import annotations

from pydantic import Field

from models.plan import MAX_ALTERNATIVES, ObjectiveReport, Plan, PlanModel, Status, WhyNot
from models.powers import Season
from models.quantities import PlanValue, SignedPlanAmount
from models.tables import Faction, Power

SEASON_PLAN_FORMAT = "awaw-season/1"


class SeasonTurn(PlanModel):
    """One turn of the season and its plan."""

    turn: int = Field(ge=1, description="Turn of the season: 1 is this turn, 2 the next.")
    season: Season
    year: int
    expected: bool = Field(description="False for this turn's orders; true for a later turn's expectation.")
    brps_start: dict[Power, SignedPlanAmount] = Field(
        description=(
            "BRPs each power starts the turn with, before the grants the plan decides: with grants received "
            "from powers not planned, less fixed spending (27.11, 27.12, 40.23; later turns: the flow)."
        )
    )
    oil_counters: dict[Faction, SignedPlanAmount] = Field(
        description="Oil counters each faction has for construction at the start of the turn (27.35)."
    )
    plan: Plan = Field(
        description=(
            "The turn's plan; a later turn's chart actions are in turn 1's `naval_actions`, by their `turn`, "
            "since the naval chart is planned whole (27.7); a later turn's `naval` gives per power that turn's "
            "naval BRPs (its one `brps_by_turn`) and their 3-BRP steps past that turn's oil threshold (27.35)."
        )
    )


class SeasonResource(PlanModel):
    """A limited resource of one turn of the season, and what one more of it is worth (`--why`)."""

    turn: int = Field(ge=1, description="Turn of the season.")
    resource: str = Field(
        description="'construction limit (27.31)', 'oil counters (27.35)', 'route capacity (RULE)' (the "
        "route's capacity rule, 40.411-40.85) or 'BRPs (27.11)'."
    )
    subject: str = Field(description="The power or faction whose resource it is, or the route.")
    used: SignedPlanAmount
    available: SignedPlanAmount
    worth: float = Field(
        description="What one more unit of it in that turn adds to the season's first priority (re-solved)."
    )
    proven: bool = Field(
        default=True,
        description="Whether both optima are proven (false after a time limit): the worth is then the "
        "difference of the best values found, not of optima.",
    )
    changes: list[str] = Field(
        default_factory=list,
        description="What the season plan with one more does differently, per turn ('turn 1: +3 germany "
        "armor-4-6', 'turn 2: -3 germany armor-4-6'), as `--why-not`'s `changes` word them. One best plan "
        "against another: equally good swaps may show too, and a resource worth nothing may still change "
        "the plan.",
    )

    @property
    def binding(self) -> bool:
        return self.worth > 0


class SeasonWhyNot(WhyNot):
    """A decision of one turn of the season the plan leaves out, priced by the best season plan that
    includes it (`awaw season --why-not`): `awaw plan --why-not`'s answer, its `changes` per turn
    ('turn 2: +1 germany armor-4-6'), its `explanation` the season's (the first turn that cannot be
    planned and the rules that block it)."""

    turn: int = Field(ge=1, description="The turn of the season the decision is for (1 this turn).")
    binds: list[str] = Field(
        default_factory=list,
        description="Per turn, each limit the plan with it meets that the best season plan does not: a "
        "construction limit used whole (27.31), BRPs paid past an oil threshold (27.35 D), a route closed "
        "at the season's start opened in another turn, carrying grants from the turn after (40.54, "
        "40.71), a force pool entry's counters all built by then (27.5; the decision's own entry even "
        "when the best plan builds them all too); when no plan includes it, the explanation's lines "
        "naming the turn and the rule that block it.",
    )


class SeasonAlternative(PlanModel):
    """Another season plan within the player's tolerance of the best (`awaw season --alternatives K`):
    its objective, what differs per turn, and its turns (the season plan's shape, which the season
    checker reads)."""

    rank: int = Field(ge=1, le=MAX_ALTERNATIVES, description="1 for the best alternative, then in order.")
    objective: ObjectiveReport = Field(description="The alternative's value of each priority, as the plan's.")
    behind: PlanValue = Field(description="The best plan's first priority less this one's (0 for a tie).")
    differences: list[str] = Field(
        description="What differs from the best season plan, per turn ('turn 2: +1 germany armor-4-6 at "
        "berlin'), as `awaw plan --alternatives` words a turn's."
    )
    turns: list[SeasonTurn] = Field(description="Every turn of the alternative, as the season plan's.")
    brps_left: dict[Power, SignedPlanAmount] = Field(
        description="BRPs each power has left after the last turn."
    )
    oil_left: dict[Faction, SignedPlanAmount] = Field(description="Oil counters left after the last turn.")


class SeasonPlan(PlanModel):
    format: str = SEASON_PLAN_FORMAT
    scenario: str
    status: Status
    objective: ObjectiveReport
    turns: list[SeasonTurn]
    brps_left: dict[Power, SignedPlanAmount] = Field(
        description="BRPs each power has left after the last turn."
    )
    oil_left: dict[Faction, SignedPlanAmount] = Field(description="Oil counters left after the last turn.")
    why: list[SeasonResource] | None = Field(
        default=None,
        description="With `awaw season --why`: each turn's limits, oil counters, open routes and BRPs, binding "
        "ones first, with what one more is worth and what it changes. Left out of the JSON when not asked "
        "for.",
    )
    why_not: list[SeasonWhyNot] | None = Field(
        default=None,
        description="With `awaw season --why-not`: each decision asked, priced by the best season plan that "
        "includes it. Left out of the JSON when not asked for.",
    )
    alternatives: list[SeasonAlternative] | None = Field(
        default=None,
        description="With `awaw season --alternatives K`: up to K other season plans within the tolerance "
        "of the best, best first. Left out of the JSON when not asked for.",
    )
    tolerance: str | None = Field(
        default=None,
        description="With `--alternatives`: the tolerance they were asked within ('2' points of the first "
        "priority, or '5%' of the best). Left out of the JSON when not asked for.",
    )

    def unasked(self) -> set[str]:
        """The what-ifs not asked for (`why`, `why_not`, `alternatives`, `tolerance` left None): what the
        plan's JSON leaves out (`optimizer.planners.season`)."""
        return {
            name for name in ("why", "why_not", "alternatives", "tolerance") if getattr(self, name) is None
        }

    def alternative_plan(self, alternative: SeasonAlternative) -> SeasonPlan:
        """An alternative as a season plan of its own (what the season checker checks)."""
        return SeasonPlan(
            scenario=self.scenario,
            status=self.status,
            objective=alternative.objective,
            turns=alternative.turns,
            brps_left=alternative.brps_left,
            oil_left=alternative.oil_left,
        )
