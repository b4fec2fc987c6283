"""The Europa engineers planner: which construction unit repairs or builds what, where and when, over the
scenario's turns (`awaw engineers`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from models.io import Lines, validate
from models.plan import Status
from optimizer.planners.base import Limits, Printables, Result, Verdict, Work

if TYPE_CHECKING:
    from rich.console import RenderableType

    # The engineers' models load when an engineers scenario is read, not with the registry.
    from models.engineers import EngineerScenario
    from models.engineers_plan import EngineerPlan

STATUSES = {"optimal": Status.OPTIMAL, "feasible": Status.FEASIBLE, "infeasible": Status.INFEASIBLE}
NO_SCHEDULE = {
    Status.INFEASIBLE: "the required tasks cannot all be done",
    Status.UNKNOWN: "no schedule found within the limits",
}
_SECTION = re.compile(r"refused by ([^:]+):")


class EngineersPlanner:
    """The schedule of most value: repairs, construction, weather, terrain, battalions, quick construction."""

    name = "engineers"
    title = "Europa engineers schedule"
    scenario_kind = "engineers"

    def refusal(self, data: Any) -> str | None:
        if isinstance(data, dict) and data.get("kind") == "engineers":
            return None
        if isinstance(data, dict) and "mobilization" in data:
            return "a mobilization scenario (rule 14)"
        return "a turn scenario (rules 27 and 40)"

    def claims(self, data: Any) -> bool:
        return self.refusal(data) is None

    def validate(self, data: Any, file: str, lines: Lines | None = None) -> EngineerScenario:
        from models.engineers import EngineerScenario

        return validate(EngineerScenario, data, file, lines)

    def limits(self, given: Limits) -> Limits:
        from optimizer.rules.engineers.solve import WORK_LIMIT

        return given.or_defaults(work_limit=WORK_LIMIT)

    def solve(self, scenario: EngineerScenario, limits: Limits) -> Result[EngineerPlan]:
        from optimizer.rules.engineers.solve import solve_engineers

        limits = self.limits(limits)
        found = solve_engineers(scenario, time_limit=limits.time_limit, work_limit=limits.work_limit)
        status = STATUSES.get(found.status, Status.UNKNOWN)
        plan = found.plan
        bound = gap = None
        if plan is not None:
            bound = plan.value if plan.bound is None else plan.bound
            gap = round(abs(bound - plan.value) / max(1.0, abs(plan.value)), 6)
        explanation = tuple(found.explanation)
        return Result(
            planner=self.name,
            scenario=scenario.name,
            status=status,
            plan=plan,
            objective=None if plan is None else plan.value,
            bound=bound,
            gap=gap,
            work=Work(found.build_seconds, found.solve_seconds, found.deterministic_seconds),
            explanation=explanation,
            rules=tuple(sorted({m.group(1) for line in explanation for m in _SECTION.finditer(line)})),
            message="" if plan is not None else NO_SCHEDULE[status],
        )

    def check(self, scenario: EngineerScenario, text: str, file: str) -> Verdict:
        """A schedule as `awaw engineers --json` writes it, checked against the article; a line for a turn
        outside the scenario is bad input (`InputError` naming the line and field)."""
        from models.engineers_plan import parse_engineer_plan
        from optimizer.checker.engineers import check_engineers
        from optimizer.checker.violations import REPORT, REQUIREMENT

        return Verdict(
            check_engineers(scenario, parse_engineer_plan(text, file, scenario)),
            "the schedule keeps the rules of the Europa engineers article and the scenario's requirements",
            {REQUIREMENT: "requirement not met", REPORT: "the schedule's own figures are wrong"},
        )

    def tables(self, scenario: EngineerScenario, result: Result[EngineerPlan]) -> RenderableType:
        from optimizer.render.engineers import engineer_tables

        assert result.plan is not None
        return engineer_tables(scenario, result.plan)

    def printables(self, scenario: EngineerScenario, result: Result[EngineerPlan]) -> Printables:
        return Printables()  # no order sheet or picture

    def dumps(self, result: Result[EngineerPlan], compact: bool = False) -> str:
        assert result.plan is not None
        return result.plan.model_dump_json() if compact else result.plan.model_dump_json(indent=2) + "\n"


ENGINEERS = EngineersPlanner()
