"""A player's plan against the best (`awaw compare --json`): the plan priced, its violations (root
causes first, knock-on violations under them), its score on each priority with the gap to the optimum,
and what the best plan does differently."""

from __future__ import annotations

from pydantic import Field

from models.plan import Plan, PlanModel
from models.quantities import MAX_COUNTERS, MAX_TURNS, PlanValue, SignedPlanAmount
from models.tables import Power

COMPARISON_FORMAT = "awaw-compare/1"


class Finding(PlanModel):
    """One breach the checker finds in the player's plan."""

    rule: str = Field(description="The rule number ('report' for the plan's own accounting).")
    kind: str = Field(description="'rule', 'requirement' or 'report'.")
    message: str = Field(description="What breaks it, as the checker says.")


class RootCause(Finding):
    """A breach that follows from no other, with the breaches that follow from it."""

    knock_on: list[Finding] = Field(
        default_factory=list,
        description="Breaches that follow from this one: the same power's spending counted again by a later "
        "rule (27.31 limit, 27.35 oil threshold, 27.61), or a requirement it leaves unmet.",
    )


class PriorityScore(PlanModel):
    """One priority of the scenario's objective: the player's plan, the best plan, and the gap."""

    priority: str = Field(description="The priority, as `awaw plan` names it.")
    mine: PlanValue | None = Field(description="Its value in the player's plan (null: not priced).")
    best: PlanValue = Field(description="Its value in the best plan.")
    gap: PlanValue | None = Field(description="best - mine (null: not priced).")


class BuildChange(PlanModel):
    """Counters of one entry at one site that the best plan builds and the player's does not (or the reverse)."""

    power: Power = Field(description="The power building.")
    entry: str = Field(description="Force pool entry id.")
    site: str | None = Field(description="Site id; null for partisans.")
    counters: int = Field(ge=1, le=MAX_COUNTERS, description="Counters added (or removed) there.")


class ActionChange(PlanModel):
    """A ship whose chart action in one turn differs between the two plans."""

    turn: int = Field(ge=0, le=MAX_TURNS, description="0 for this turn, 1 for the next, and so on.")
    when: str = Field(description="The turn as a player names it, by its season and year ('winter 1942').")
    power: Power = Field(description="The yard's owner.")
    yard: str = Field(description="Shipyard id.")
    ship: str = Field(description="The ship.")
    mine: str | None = Field(description="The player's action (null: none, the ship stays).")
    best: str | None = Field(description="The best plan's action (null: none).")


class GrantChange(PlanModel):
    """BRPs (and oil counters) from one grantor to one recipient by one route that differ."""

    grantor: Power = Field(description="The power granting.")
    recipient: str = Field(description="The recipient.")
    route: str | None = Field(description="The named route; null for none.")
    mine: SignedPlanAmount = Field(description="BRPs in the player's plan.")
    best: SignedPlanAmount = Field(description="BRPs in the best plan.")
    mine_oil: SignedPlanAmount = Field(default=0, description="Oil counters in the player's plan.")
    best_oil: SignedPlanAmount = Field(default=0, description="Oil counters in the best plan.")


class PlanDiff(PlanModel):
    """What the best plan does differently from the player's: builds added and removed, chart actions
    changed, grants moved, route openings and oil counters spent."""

    builds_added: list[BuildChange] = Field(default_factory=list, description="In the best plan only.")
    builds_removed: list[BuildChange] = Field(default_factory=list, description="In the player's plan only.")
    actions_changed: list[ActionChange] = Field(
        default_factory=list, description="Chart actions that differ."
    )
    grants_moved: list[GrantChange] = Field(default_factory=list, description="Grants that differ.")
    other: list[str] = Field(
        default_factory=list, description="SW units, route openings and oil counters spent that differ."
    )


class Comparison(PlanModel):
    """The player's plan against the best plan of the same scenario and objective."""

    format: str = COMPARISON_FORMAT
    scenario: str = Field(description="The scenario's name.")
    legal: bool = Field(description="The player's plan breaks no rule and meets every requirement.")
    out_of_time: bool = Field(
        default=False, description="The time limit passed before the planner could price the plan (exit 3)."
    )
    priced: bool = Field(description="Every decision could be priced by the planner.")
    not_priced: list[str] = Field(
        default_factory=list,
        description="Decisions the planner could not price (no such choice this turn), with the rule.",
    )
    causes: list[RootCause] = Field(
        default_factory=list, description="Root causes first, knock-on under each."
    )
    scores: list[PriorityScore] = Field(default_factory=list, description="Each priority in order.")
    diff: PlanDiff = Field(description="What the best plan does differently.")
    mine: Plan | None = Field(description="The player's plan, priced (null when it could not be).")
    best: Plan = Field(description="The best plan, as `awaw plan --json` prints it.")
