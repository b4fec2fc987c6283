"""A player's plan written as decisions only (`awaw compare`, `awaw check`): what to build where, the
Naval Construction Chart actions, SW units, grants by route and route openings. Nothing is priced here:
the planner prices the decisions with every multiplier (BRPs, construction limit, oil, naval air).

The format (`format: awaw-decisions/1`, YAML or JSON) is documented in the README ("My plan against the
best"); `scenarios/plans/my_axis_spring_1942.yaml` is an example. `decision_problems` names the entries,
sites, ships, yards and SW units the scenario does not have (`models.order_names`), each with its
field, for a `FILE:LINE` error (exit 2); a known name the rules bar this turn (an ineligible site, a
ship that cannot take an action) is not bad input but a rule the plan breaks, reported by the checker.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from models.base import Strict
from models.errors import located
from models.io import InputError, Lines, line_of, parse_json, parse_yaml, read_text, validate
from models.order_names import build_problems, chart_problems, unknown, yard_problem
from models.orders import (
    MAX_NAME,
    BuildDecision,
    ChartDecision,
    GrantDecision,
    OpeningDecision,
    SWBuildDecision,
)
from models.plan import PLAN_FORMAT, Plan
from models.quantities import Counters
from models.scenario import Scenario
from models.tables import POWER_FACTION, Faction, Power

DECISIONS_FORMAT = "awaw-decisions/1"


class Decisions(Strict):
    """A player's plan as decisions only; the planner prices it."""

    format: Literal["awaw-decisions/1"] = Field(description="The format: 'awaw-decisions/1'.")
    scenario: str | None = Field(
        default=None,
        max_length=MAX_NAME,
        description="The scenario's `name`; a plan naming another scenario is refused.",
    )
    builds: list[BuildDecision] = Field(
        default_factory=list, description="Counters built, per entry and site."
    )
    naval: list[ChartDecision] = Field(default_factory=list, description="Naval Construction Chart actions.")
    sw_builds: list[SWBuildDecision] = Field(default_factory=list, description="SW units built (27.9).")
    grants: list[GrantDecision] = Field(default_factory=list, description="BRP grants by route (rule 40).")
    route_openings: list[OpeningDecision] = Field(
        default_factory=list, description="Route openings paid this turn (40.52, 40.72)."
    )
    oil_counters_spent: dict[Faction, Counters] | None = Field(
        default=None,
        description="Oil counters each faction spends on construction (27.35); if left out, the number "
        "that prices the builds best.",
    )


def is_decisions(data: Any) -> bool:
    """Whether parsed file data is the decisions-only form (its `format` says so)."""
    return isinstance(data, dict) and data.get("format") == DECISIONS_FORMAT


def decision_problems(scenario: Scenario, decisions: Decisions) -> list[tuple[str, str]]:
    """Names the scenario does not have, as (field path, problem): a power it does not plan, a force
    pool entry, a site of the map, a yard, a ship (on a chart, waiting for repair, sunk in port, or a
    copy of a design) and an SW units line."""
    problems: list[tuple[str, str]] = []
    planned = [p.value for p in scenario.powers]

    def power_known(power: Power, path: str) -> bool:
        """Whether the scenario plans `power`; if not, the problem at field `path`."""
        if power in scenario.powers:
            return True
        problems.append((path, f"{power.value!r} is not planned in this scenario ({', '.join(planned)})"))
        return False

    for i, build in enumerate(decisions.builds):
        where = f"builds[{i}]"
        if not power_known(build.power, f"{where}.power"):
            continue
        problems += build_problems(where, build, [e.id for e in scenario.powers[build.power].force_pool])
    for i, action in enumerate(decisions.naval):
        where = f"naval[{i}]"
        if not power_known(action.power, f"{where}.power"):
            continue
        problems += chart_problems(where, action, scenario.powers[action.power].naval)
    seen: dict[tuple[str, str, str, int], int] = {}
    for i, action in enumerate(decisions.naval):
        key = (action.power.value, action.yard, action.ship, action.turn)
        if key in seen:
            problem = f"{action.ship} at {action.yard} already has an action for turn {action.turn} (naval[{seen[key]}])"
            problems.append((f"naval[{i}].ship", problem))
        seen.setdefault(key, i)
    for i, sw in enumerate(decisions.sw_builds):
        where = f"sw_builds[{i}]"
        if not power_known(sw.power, f"{where}.power"):
            continue
        naval = scenario.powers[sw.power].naval
        builds = [b.id for b in naval.sw_units] if naval else []
        if sw.build not in builds:
            problems.append(
                (f"{where}.build", unknown(sw.build, f"an sw_units line of {sw.power.value}", builds))
            )
        if bad_yard := yard_problem(f"{where}.yard", sw.yard, naval, sw.power.value):
            problems.append(bad_yard)
    routes: dict[tuple[str, str, str | None], int] = {}
    for i, grant in enumerate(decisions.grants):
        by = (grant.grantor.value, grant.recipient.value, grant.route.value if grant.route else None)
        if by in routes:
            problem = f"a grant from {by[0]} to {by[1]} by this route is already given (grants[{routes[by]}])"
            problems.append((f"grants[{i}].route", problem))
        routes.setdefault(by, i)
        power_known(grant.grantor, f"grants[{i}].grantor")
    for i, opening in enumerate(decisions.route_openings):
        power_known(opening.paid_by, f"route_openings[{i}].paid_by")
    if decisions.oil_counters_spent:
        for faction in decisions.oil_counters_spent:
            if not _faction_planned(scenario, faction):
                problems.append(
                    (
                        f"oil_counters_spent.{faction.value}",
                        f"{faction.value!r} is not a faction planned here",
                    )
                )
    return problems


def _faction_planned(scenario: Scenario, faction: Faction) -> bool:
    return any(POWER_FACTION[p] is faction for p in scenario.powers)


def scenario_mismatch(scenario: Scenario, named: str | None) -> tuple[str, str] | None:
    """(field, problem) when a plan's `scenario` names another scenario than the one given."""
    if named is None or named == scenario.name:
        return None
    return ("scenario", f"the plan is for {named!r}, not for this scenario ({scenario.name!r})")


def parse_decisions(text: str, file: str) -> tuple[Decisions, Lines]:
    """Parse and validate a decisions file (YAML, or JSON, which YAML reads), with each field's line."""
    data, lines = parse_yaml(text, file)
    return validate(Decisions, data, file, lines), lines


def read_plan_file(path: str | Path) -> tuple[Decisions | Plan, Lines]:
    """A player's plan: the decisions-only form (`format: awaw-decisions/1`, YAML or JSON) or the full plan
    JSON that `awaw plan --json` writes; with each field's line."""
    return parse_plan_file(read_text(path), str(path))


def parse_plan_file(text: str, file: str) -> tuple[Decisions | Plan, Lines]:
    """A player's plan from its text (`file` names it, and its suffix says JSON or YAML): the decisions-only
    form or the full plan JSON; with each field's line. A file that says no `format` is read as a plan JSON
    when it is JSON (the `format` is optional there) and refused when it is YAML (only the decisions-only
    form is YAML, and it says its format)."""
    is_json = Path(file).suffix.lower() == ".json"
    data, lines = parse_json(text, file) if is_json else parse_yaml(text, file)
    if is_decisions(data):
        return validate(Decisions, data, file, lines), lines
    if not is_json and not isinstance(data, dict):
        raise InputError(file, [("", "expected a mapping of fields at the top level", line_of(lines, ()))])
    if isinstance(data, dict) and "format" in data and data["format"] != PLAN_FORMAT:
        problem = (
            f"{data['format']!r} is not a plan format this version reads "
            f"('{PLAN_FORMAT}' or '{DECISIONS_FORMAT}')"
        )
        raise InputError(file, [("format", problem, line_of(lines, ("format",)))])
    said = isinstance(data, dict) and "format" in data
    unsaid = f"missing: a decisions-only plan says `format: {DECISIONS_FORMAT}`"
    if not said and not is_json:
        raise InputError(file, [("format", unsaid, line_of(lines, ()))])
    try:
        return validate(Plan, data, file, lines), lines
    except InputError as error:
        if said:
            raise
        # Not said: a plan JSON, whose problems follow the word on `format`.
        read_as = f"{unsaid}; read as a plan JSON ('{PLAN_FORMAT}'), it has these problems"
        found = [
            (field, problem, line) for (field, problem), line in zip(error.problems, error.lines, strict=True)
        ]
        raise InputError(file, [("format", read_as, line_of(lines, ())), *found]) from None


def read_player_plan(scenario: Scenario, path: str | Path) -> Decisions | Plan:
    """A player's plan file read (`read_plan_file`), see `parse_player_plan`."""
    return parse_player_plan(scenario, read_text(path), str(path))


def parse_player_plan(scenario: Scenario, text: str, file: str) -> Decisions | Plan:
    """A player's plan (`parse_plan_file`) refused (InputError) when its `scenario` names another scenario
    or its decisions name what the scenario does not have."""
    given, lines = parse_plan_file(text, file)
    check_scenario_name(scenario, given.scenario, file, lines)
    if isinstance(given, Decisions):
        check_names(scenario, given, file, lines)
    return given


def check_scenario_name(scenario: Scenario, named: str | None, file: str, lines: Lines) -> None:
    """Refuse (InputError) a plan whose `scenario` names another scenario than the one given."""
    mismatch = scenario_mismatch(scenario, named)
    if mismatch is not None:
        raise InputError(file, [(mismatch[0], mismatch[1], line_of(lines, ("scenario",)))])


def check_names(scenario: Scenario, decisions: Decisions, file: str, lines: Lines) -> None:
    """Refuse (InputError) decisions naming what the scenario does not have (`decision_problems`)."""
    problems = decision_problems(scenario, decisions)
    if problems:
        raise located(file, problems, lines)


def decisions_of(plan: Plan) -> Decisions:
    """A plan's decisions (its builds, every chart action of the horizon, SW units, grants by route, route
    openings and oil counters spent), in the decisions-only form: `awaw compare` of a plan's own decisions
    scores it exactly."""
    grants: dict[tuple[str, str, str | None], tuple[int, int]] = {}
    for line in plan.grants:
        key = (line.grantor.value, line.recipient, line.route)
        brps, oil = grants.get(key, (0, 0))
        grants[key] = (brps + line.brps, oil + line.oil_counters)
    return Decisions.model_validate(
        {
            "format": "awaw-decisions/1",
            "scenario": plan.scenario,
            "builds": [
                {"power": b.power, "entry": b.entry, "site": b.site, "counters": b.counters}
                for b in plan.builds
            ],
            "naval": [
                {"power": a.power, "yard": a.yard, "ship": a.ship, "turn": a.turn, "action": a.action}
                for a in plan.naval_actions
            ],
            "sw_builds": [
                {"power": s.power, "build": s.build, "yard": s.yard, "factors": s.factors}
                for s in plan.sw_builds
            ],
            "grants": [
                {"grantor": g, "recipient": r, "route": route, "brps": brps, "oil_counters": oil}
                for (g, r, route), (brps, oil) in grants.items()
            ],
            "route_openings": [{"route": o.route, "paid_by": o.paid_by} for o in plan.route_openings],
            "oil_counters_spent": dict(plan.oil_counters_spent),
        }
    )
