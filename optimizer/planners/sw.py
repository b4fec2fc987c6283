"""The submarine warfare planner (rule 25): each SW campaign's modifiers now, the best deployment of the
planning side's submarines, ASW and CVEs, and the modifiers after it (`awaw sw`)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from models.io import Lines, parse_json, validate
from models.scenario import Scenario
from optimizer.planners.base import Limits, Printables, Result, Verdict, Work
from optimizer.planners.turn import section_refusal, validate_section

if TYPE_CHECKING:
    from rich.console import RenderableType

    from models.sw_results import AnyResultsTable

TIME_LIMIT = 10.0  # seconds for the deployment search unless told otherwise
REPORT_FORMAT = "awaw-sw/1"


class SWPlanner:
    """Where the planning side's submarines, ASW and CVEs do most good (rule 25), by the weights of the
    scenario's `sw:` section or by the player's SW combat results table."""

    name = "sw"
    title = "submarine warfare deployment (rule 25)"
    scenario_kind = "turn"

    def refusal(self, data: Any) -> str | None:
        return section_refusal(data, "sw", "rule 25")

    def claims(self, data: Any) -> bool:
        return False  # a scenario with an `sw:` section is a turn plan's, with its SW figures (awaw plan)

    def validate(self, data: Any, file: str, lines: Lines | None = None) -> Scenario:
        return validate_section(data, file, lines, "sw", "rule 25")

    def limits(self, given: Limits) -> Limits:
        return given.or_defaults(time_limit=TIME_LIMIT)

    def solve(
        self, scenario: Scenario, limits: Limits, table: AnyResultsTable | None = None
    ) -> Result[dict[str, Any]]:
        """The deployment, planned for the weights of the `sw:` section, or with `table` (the player's SW
        combat results table) for the expected results; its report is the plan (`awaw sw --json`)."""
        from optimizer.rules.sw.solve import plan_sw, report_data

        time_limit = self.limits(limits).time_limit
        assert time_limit is not None
        found = plan_sw(scenario, table, time_limit=time_limit)
        report = report_data(scenario.name, found, table, scenario.sw)
        has_plan = found.deployment is not None
        gap = None
        if has_plan and found.value is not None and found.bound is not None:
            gap = round(abs(found.bound - found.value) / max(1.0, abs(found.value)), 6)
        return Result(
            planner=self.name,
            scenario=scenario.name,
            status=found.status,
            plan=report if has_plan else None,
            objective=found.value,
            bound=found.bound,
            gap=gap,
            work=Work(found.build_seconds, found.solve_seconds),
            message="" if has_plan else "no deployment found within the time limit",
        )

    def check(self, scenario: Scenario, text: str, file: str) -> Verdict:
        """The deployment of a report as `awaw sw --json` writes it, checked against rule 25."""
        from models.io import InputError, line_of
        from models.sw import SWDeployment
        from optimizer.checker.sw import check_deployment

        data, lines = parse_json(text, file)
        if not isinstance(data, dict) or data.get("format") != REPORT_FORMAT:
            given = data.get("format") if isinstance(data, dict) else None
            problem = f"{given!r} is not a deployment report (it reads '{REPORT_FORMAT}', as `awaw sw --json` writes it)"
            raise InputError(file, [("format", problem, line_of(lines, ("format",)))])
        if data.get("deployment") is None:
            raise InputError(
                file,
                [("deployment", "missing: no deployment to check", line_of(lines, ("deployment",)))],
            )
        inner = {key[1:]: line for key, line in lines.items() if key[:1] == ("deployment",)}
        deployment = validate(SWDeployment, data["deployment"], file, inner)
        return Verdict(check_deployment(scenario, deployment), "the deployment is legal (rule 25)", {})

    def tables(self, scenario: Scenario, result: Result[dict[str, Any]]) -> RenderableType:
        from optimizer.render.sw import sw_tables

        assert result.plan is not None
        return sw_tables(result.plan)

    def printables(self, scenario: Scenario, result: Result[dict[str, Any]]) -> Printables:
        return Printables()  # no order sheet or picture

    def dumps(self, result: Result[dict[str, Any]], compact: bool = False) -> str:
        assert result.plan is not None
        if compact:
            return json.dumps(result.plan, separators=(",", ":"))
        return json.dumps(result.plan, indent=2) + "\n"


SW = SWPlanner()
