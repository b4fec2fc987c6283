"""The Gathering Storm mobilization planner (rule 14): factory conversion and mobilization over the
scenario's `mobilization:` turns, and the units each power's reserve gains (`awaw mobilize`)."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from models.io import Lines
from models.plan import Status
from models.scenario import Scenario
from optimizer.planners.base import Limits, Printables, Result, Verdict, Work, rules_named
from optimizer.planners.turn import section_refusal, validate_section

if TYPE_CHECKING:
    from rich.console import RenderableType

    from models.mobilization import MobilizationSchedule

TIME_LIMIT = 10.0  # seconds the search may take unless told otherwise
SCHEDULE_FORMAT = "awaw-mobilization/1"


class MobilizationPlanner:
    """The best conversion and mobilization schedule of each power (14.1-14.8)."""

    name = "mobilize"
    title = "Gathering Storm mobilization schedule (rule 14)"
    scenario_kind = "turn"

    def refusal(self, data: Any) -> str | None:
        return section_refusal(data, "mobilization", "rule 14")

    def claims(self, data: Any) -> bool:
        """A scenario with a `mobilization:` section is planned as `awaw mobilize` plans it unless asked
        otherwise; `mobilization: null` is no section (a turn scenario written with every field)."""
        return isinstance(data, dict) and self.refusal(data) is None and data.get("mobilization") is not None

    def validate(self, data: Any, file: str, lines: Lines | None = None) -> Scenario:
        return validate_section(data, file, lines, "mobilization", "rule 14")

    def limits(self, given: Limits) -> Limits:
        return given.or_defaults(time_limit=TIME_LIMIT)

    def solve(
        self, scenario: Scenario, limits: Limits, horizon: int | None = None
    ) -> Result[MobilizationSchedule]:
        """The schedule of the first `horizon` turns of the section (all of them by default)."""
        from optimizer.rules.mobilization.solve import Infeasible, NoScheduleInTime, solve_mobilization

        time_limit = self.limits(limits).time_limit
        assert time_limit is not None
        started = time.perf_counter()
        try:
            schedule = solve_mobilization(scenario, horizon=horizon, time_limit=time_limit).schedule
        except NoScheduleInTime as error:
            return self._failure(
                scenario, Status.UNKNOWN, "no schedule found within the time limit", error.blocking, started
            )
        except Infeasible as error:
            lines = [f"blocked by {item}" for item in error.blocking]
            return self._failure(
                scenario, Status.INFEASIBLE, "the requirements cannot all be met", lines, started
            )
        status = Status.OPTIMAL if schedule.status == "optimal" else Status.FEASIBLE
        proven = status is Status.OPTIMAL
        return Result(
            planner=self.name,
            scenario=scenario.name,
            status=status,
            plan=schedule,
            objective=schedule.objective,
            bound=schedule.objective if proven else None,
            gap=0.0 if proven else None,
            work=Work(solve_seconds=time.perf_counter() - started),
        )

    def _failure(
        self, scenario: Scenario, status: Status, message: str, lines: list[str], started: float
    ) -> Result[MobilizationSchedule]:
        return Result(
            planner=self.name,
            scenario=scenario.name,
            status=status,
            work=Work(solve_seconds=time.perf_counter() - started),
            explanation=tuple(lines),
            rules=rules_named(lines),
            message=message,
        )

    def check(self, scenario: Scenario, text: str, file: str) -> Verdict:
        """A schedule as `awaw mobilize --json` writes it, checked against rule 14."""
        from models.io import parse_json, refuse_other_format, validate
        from optimizer.checker.mobilization import check_mobilization

        data, lines = parse_json(text, file)
        refuse_other_format(data, lines, file, "schedule", SCHEDULE_FORMAT)
        from models.mobilization import MobilizationSchedule

        schedule = validate(MobilizationSchedule, data, file, lines)
        return Verdict(
            check_mobilization(scenario, schedule),
            "the schedule is legal (rule 14) and meets the scenario's requirements",
            {"requirement": "requirement not met"},
        )

    def tables(self, scenario: Scenario, result: Result[MobilizationSchedule]) -> RenderableType:
        from optimizer.render.mobilization import mobilization_tables

        assert result.plan is not None
        return mobilization_tables(scenario, result.plan)

    def printables(self, scenario: Scenario, result: Result[MobilizationSchedule]) -> Printables:
        return Printables()  # no order sheet or picture

    def dumps(self, result: Result[MobilizationSchedule], compact: bool = False) -> str:
        assert result.plan is not None
        data = result.plan.model_dump(mode="json")
        if compact:
            return json.dumps(data, separators=(",", ":"))
        return json.dumps(data, indent=2) + "\n"


MOBILIZATION = MobilizationPlanner()
