"""A season plan: this turn's orders, exactly the plan `awaw plan` prints, then each later turn of the
season as the plan expects it (`awaw season --json` prints a `SeasonPlan`; a one-turn season prints the
turn's `Plan` itself)."""

from __future__ import annotations

from pydantic import Field

from models.plan import ObjectiveReport, Plan, PlanModel, Status
from models.powers import Season
from models.quantities import SignedPlanAmount
from models.tables import Faction, Power

SEASON_PLAN_FORMAT = "awaw-season/1"


class SeasonTurn(PlanModel):
    """One turn of the season and its plan."""

    turn: int = Field(ge=1, description="Turn of the season: 1 is this turn, 2 the next.")
    season: Season
    year: int
    expected: bool = Field(description="False for this turn's orders; true for a later turn's expectation.")
    brps_start: dict[Power, SignedPlanAmount] = Field(
        description="BRPs each power starts the turn with, before its grants (27.11; later turns: the flow)."
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

    @property
    def binding(self) -> bool:
        return self.worth > 0


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
        "ones first, with what one more is worth. Left out of the JSON when not asked for.",
    )
