"""The turn planner (rules 27 and 40, with the rule 25 figures of an `sw:` section): `TURN`, the planner
every surface uses (`awaw plan`, `awaw check`, the batch, the web page). A position built once and asked
its what-ifs is `optimizer.planners.position.Position`; the solver loads only when a plan is solved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from models.errors import located
from models.io import Lines, validate
from models.scenario import Scenario
from optimizer.planners.base import Limits, Printables, Result, Verdict
from optimizer.turn.tolerance import DEFAULT_TOLERANCE

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from models.plan import Plan
    from optimizer.turn.decision_forms import Decision


class TurnPlanner:
    """The turn plan: unit builds, construction limits, oil, naval air, placement, shipyards and the Naval
    Construction Chart (rule 27), BRP grants (rule 40), and the SW figures of rule 25 when the scenario
    has an `sw:` section."""

    name = "plan"
    title = "turn plan (rules 27 and 40)"
    scenario_kind = "turn"

    def refusal(self, data: Any) -> str | None:
        if isinstance(data, dict) and data.get("kind") == "engineers":
            return "an engineers scenario"
        if isinstance(data, dict) and data.get("season") is not None:
            return "a season scenario (its later turns are planned with this one)"
        return None

    def claims(self, data: Any) -> bool:
        return self.refusal(data) is None  # any turn scenario, the planners of its sections before it

    def validate(self, data: Any, file: str, lines: Lines | None = None) -> Scenario:
        """The scenario, validated; fixed grants that rule 40 forbids are bad input too (40.3)."""
        from optimizer.rules.grants.prepare import fixed_grant_breaches  # networkx: where a plan is made

        scenario = validate(Scenario, data, file, lines)
        breaches = fixed_grant_breaches(scenario)
        if breaches:
            raise located(file, breaches, lines)
        return scenario

    def limits(self, given: Limits) -> Limits:
        return given  # no limit unless asked: every priority proven

    def decisions(
        self, scenario: Scenario, fix: Sequence[str], forbid: Sequence[str]
    ) -> tuple[Decision, ...]:
        """`--fix` and `--forbid` as `awaw plan` reads them, for `solve`; raises `InputError` for a form it
        cannot read (whether the position has the names is `solve`'s to say)."""
        from optimizer.turn.decision_forms import parse_decisions

        return tuple(parse_decisions(list(fix), list(forbid)))

    def solve(self, scenario: Scenario, limits: Limits, decisions: Sequence[Decision] = ()) -> Result[Plan]:
        """The best plan; with `decisions` (`optimizer.turn.decision_forms.parse_decisions`: `--fix`,
        `--forbid`), the best that keeps them, as `awaw plan --fix/--forbid` plans it. Raises `InputError`
        for a decision naming what the position does not have."""
        from optimizer.planners.position import solve

        return solve(
            scenario,
            limits.time_limit,
            deadline=limits.deadline,
            on_progress=limits.on_progress,
            decisions=decisions,
        )

    def check(self, scenario: Scenario, text: str, file: str) -> Verdict:
        """A plan JSON (`awaw plan --json`, perhaps edited) checked against every rule, or a decisions-only
        plan priced by the planner and its priced plan checked."""
        from models.decisions import Decisions, parse_player_plan
        from optimizer.checker import check
        from optimizer.planners.position import Position

        given = parse_player_plan(scenario, text, file)
        if isinstance(given, Decisions):
            violations: list[Any] = Position(scenario).assess(given).findings
        else:
            violations = check(scenario, given)
        rules = "rules 25, 27 and 40" if scenario.sw is not None else "rules 27 and 40"
        return Verdict(
            violations,
            f"the plan is legal ({rules}) and meets the scenario's requirements",
            {"requirement": "requirement not met"},
        )

    def tables(
        self, scenario: Scenario, result: Result[Plan], tolerance: str = DEFAULT_TOLERANCE
    ) -> RenderableType:
        """The plan's tables, what `--why`, `--why-not` and `--alternatives` found, and with an `sw:`
        section the SW campaigns before and after the plan's builds."""
        from optimizer.render.plain import Group  # Rich's own Group where a Rich console prints it
        from optimizer.render.tables import plan_tables

        assert result.plan is not None
        parts = [
            plan_tables(scenario, result.plan),
            *explanation_tables(result.plan, tolerance, result.objective),
        ]
        if scenario.sw is not None:
            from optimizer.render.sw import sw_plan_table
            from optimizer.rules.sw.solve import plan_sw_after_builds, report_data

            before, after = plan_sw_after_builds(scenario, result.plan)
            parts.append(sw_plan_table(*(report_data(scenario.name, r, None) for r in (before, after))))
        return Group(*parts)

    def printables(self, scenario: Scenario, result: Result[Plan]) -> Printables:
        """The order sheet (`awaw plan --sheet --format html`) and the route map with this turn's grants."""
        from optimizer.render.route_svg import route_map_svg
        from optimizer.render.sheet import sheet_html

        assert result.plan is not None
        return Printables(sheet_html(scenario, result.plan), route_map_svg(scenario, result.plan))

    def dumps(self, result: Result[Plan], compact: bool = False) -> str:
        assert result.plan is not None
        return result.plan.model_dump_json() if compact else result.plan.model_dump_json(indent=2) + "\n"


def explanation_tables(plan: Plan, tolerance: str, objective: float | None) -> list[RenderableType]:
    """What `--why`, `--why-not` and `--alternatives` found, after the plan or its order sheet."""
    parts: list[RenderableType] = []
    if plan.why is not None:
        from optimizer.render.why import why_table

        parts.append(why_table(plan.why))
    if plan.why_not:
        from optimizer.render.why import why_not_table

        parts.append(why_not_table(plan.why_not))
    if plan.alternatives is not None:
        from optimizer.render.alternatives import alternatives_table

        parts.append(alternatives_table(plan.alternatives, tolerance, objective or 0.0))
    return parts


TURN = TurnPlanner()


def section_refusal(data: Any, section: str, rule: str) -> str | None:
    """For the planner of a turn scenario's section (`sw:`, `mobilization:`): None when the file is a turn
    scenario with the section, else what it is instead. A section given empty (`sw: null`) is the
    validation's to refuse at its line (`validate_section`)."""
    refused = TURN.refusal(data)
    if refused is None and isinstance(data, dict) and section not in data:
        return f"a turn scenario with no {section}: section ({rule})"
    return refused


def validate_section(data: Any, file: str, lines: Lines | None, section: str, rule: str) -> Scenario:
    """The turn scenario validated as `awaw plan` validates it, and its section given empty refused at
    its line."""
    from models.io import InputError, line_of

    scenario = TURN.validate(data, file, lines)
    if getattr(scenario, section) is None:
        where = line_of(lines, (section,))
        raise InputError(file, [(section, f"empty: nothing to plan ({rule})", where)])
    return scenario
