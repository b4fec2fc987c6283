"""Submarine warfare planning (rule 25): the SW combat modifiers now and the best deployment.

`plan_sw(scenario, table)` builds and solves the deployment of the planning side's submarines, ASW
and CVEs (optimizer/rules/sw), and returns the modifiers of every campaign now and after it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from models.plan import Plan, Status, SWCampaignFigures, SWFigures, SWPlanReport
from models.scenario import Scenario
from models.sw import ForceGroup, SWDeployment, SWSection, SWUnit, build_group_id
from models.sw_results import AnyResultsTable
from optimizer.rules.solver import deterministic_solver
from optimizer.rules.sw.constraints import add_sw
from optimizer.rules.sw.deployment import deployment_data
from optimizer.rules.sw.extract import breakdown_data, extract_deployment
from optimizer.rules.sw.objective import SCALE, campaign_terms, moved_factors, value_expression
from optimizer.rules.sw.prepare import CampaignBreakdown, breakdown, counts_after, counts_now
from optimizer.rules.sw.variables import SWVariables


@dataclass(frozen=True)
class SWResult:
    status: Status
    deployment: SWDeployment | None
    value: float | None  # the objective, in the weights' units or in BRPs expected
    bound: float | None
    now: list[CampaignBreakdown]
    after: list[CampaignBreakdown]
    build_seconds: float
    solve_seconds: float


def plan_sw(scenario: Scenario, table: AnyResultsTable | None = None, time_limit: float = 10.0) -> SWResult:
    """The modifiers now, and the deployment that is best for the planning player (rule 25)."""
    sw = scenario.sw or SWSection()
    started = time.perf_counter()
    data = deployment_data(scenario, sw)
    now = breakdown(scenario, sw, counts_now(sw), where=data.where)
    model = cp_model.CpModel()
    variables = SWVariables.create(model, data)
    add_sw(model, variables)
    terms = campaign_terms(model, scenario, sw, variables)
    # The value first, then the fewest factors moved: value x (most movable + 1) - moved.
    moved, most = moved_factors(variables)
    weight = most + 1
    model.maximize(weight * value_expression(model, sw, terms, table) - moved)
    built = time.perf_counter()
    solver = deterministic_solver()  # one worker: the same input gives the same deployment
    solver.parameters.max_time_in_seconds = time_limit
    code = solver.solve(model)
    status = {
        cp_model.OPTIMAL: Status.OPTIMAL,
        cp_model.FEASIBLE: Status.FEASIBLE,
        cp_model.INFEASIBLE: Status.INFEASIBLE,
    }.get(code, Status.UNKNOWN)
    deployment = value = bound = None
    after = now
    if status in (Status.OPTIMAL, Status.FEASIBLE):
        deployment = extract_deployment(solver, variables)
        moved_now = int(solver.value(moved))
        value = (solver.objective_value + moved_now) / weight / SCALE
        bound = (solver.best_objective_bound + moved_now) / weight / SCALE
        split = deployment.indian_asw_against_germany
        after = breakdown(
            scenario,
            sw,
            counts_after(sw, deployment),
            split,
            data.where,
            frozenset(deployment.declined),
            next_turn=True,
            cves_against_germany=deployment.indian_cves_against_germany,
        )
    return SWResult(
        status, deployment, value, bound, now, after, built - started, time.perf_counter() - built
    )


def report_data(
    scenario_name: str, result: SWResult, table: AnyResultsTable | None, sw: SWSection | None = None
) -> dict[str, Any]:
    """`awaw sw --json`: the modifiers now and after the deployment, and the deployment."""
    return {
        "format": "awaw-sw/1",
        "scenario": scenario_name,
        "status": result.status.value,
        "objective": "expected results" if table is not None else "weights",
        "value": result.value,
        "bound": result.bound,
        "now": [breakdown_data(item, table, sw) for item in result.now],
        "deployment": result.deployment.model_dump(mode="json") if result.deployment else None,
        "after": [breakdown_data(item, table, sw) for item in result.after],
    }


def with_plan_builds(scenario: Scenario, plan: Plan) -> Scenario:
    """The scenario with the plan's new SW units as groups at their yards (27.93, 27.94): submarines
    and ASW built this turn, `new`: they count in the box they redeploy to (27.91). The plan's CVEs
    count at no next SW combats (27.721 B, 27.81, 27.82 B, 25.34; optimizer/rules/sw/builds.py)."""
    sw = scenario.sw or SWSection()
    groups = list(sw.forces)
    for line in plan.sw_builds:
        if line.unit.value in ("submarine", "asw"):
            groups.append(
                ForceGroup(
                    id=build_group_id(line.power, line.unit.value, line.build, line.yard),
                    power=line.power,
                    unit=SWUnit(line.unit.value),
                    factors=line.factors,
                    base=line.yard,
                    new=True,
                )
            )
    return scenario.model_copy(update={"sw": sw.model_copy(update={"forces": groups})})


def plan_sw_after_builds(scenario: Scenario, plan: Plan) -> tuple[SWResult, SWResult]:
    """The SW deployment and modifiers before the build plan, and with its new SW units (27.94)."""
    return plan_sw(scenario), plan_sw(with_plan_builds(scenario, plan))


def _figures(item: CampaignBreakdown) -> SWFigures:
    return SWFigures(
        submarine_level=item.submarine_level,
        asw_level=item.asw_level,
        cves=item.cves,
        modifier=item.modifier,
        possible=item.possible,
        advanced_level=item.advanced_roll[0],
    )


def sw_plan_report(scenario: Scenario, plan: Plan) -> SWPlanReport:
    """The plan's `sw` field: each campaign after the best deployment, without and with the plan's
    new SW units (27.94), and the two deployments the figures follow from."""
    before, after = plan_sw_after_builds(scenario, plan)
    was = {item.campaign: item for item in before.after}
    return SWPlanReport(
        deployment_before=before.deployment,
        deployment_after=after.deployment,
        campaigns=[
            SWCampaignFigures(
                campaign=item.campaign, before=_figures(was[item.campaign]), after=_figures(item)
            )
            for item in after.after
        ],
    )
