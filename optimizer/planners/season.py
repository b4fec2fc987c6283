"""The season planner: this turn and the later turns of a `season:` section planned whole (rules 27 and
40 each turn, BRPs, force pools, oil counters and routes carried from turn to turn): `awaw season`.

A one-turn season is the turn position itself, solved by the turn planner: the scenario with its
`season.leftover` as the turn's value of the BRPs kept (`Scenario.one_turn_position`: README "A season
planned whole", what is left at the end "valued by the player's stated rule for it"), for the solve, the
what-ifs and `--check` alike; with the default leftover its plan and JSON are those of `awaw plan`, byte
for byte. A longer season is the season model (`optimizer.season`); its result's plan
is a `SeasonPlan` whose first turn is this turn's orders; `SeasonPlanner.answer` solves it with what
`--why`, `--why-not` and `--alternatives` ask of it, for the CLI and the web page alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from models.io import Lines
from models.scenario import Scenario
from models.season_plan import SEASON_PLAN_FORMAT, SeasonPlan, SeasonTurn
from optimizer.planners.base import Limits, Printables, Result, Verdict, Work, rules_named
from optimizer.planners.turn import TURN
from optimizer.turn.tolerance import DEFAULT_TOLERANCE

if TYPE_CHECKING:
    from rich.console import RenderableType

    from optimizer.planners.position import Position
    from optimizer.season.decision_forms import SeasonDecision
    from optimizer.turn.solve import Solved
    from optimizer.turn.tolerance import Tolerance

NAME = "season"  # the command's
RULES = "rules 27 and 40 over a season"
NO_PLAN = {
    "infeasible": "the requirements cannot all be met",
    "unknown": "no plan found within the time limit",
}


class SeasonPlanner:
    """A season of whole turns planned whole, this turn's orders first."""

    name = NAME
    title = "season plan (rules 27 and 40 over several turns)"
    scenario_kind = "turn"

    def refusal(self, data: Any) -> str | None:
        if isinstance(data, dict) and data.get("kind") == "engineers":
            return "an engineers scenario"
        if isinstance(data, dict) and "season" not in data:
            return f"a turn scenario with no season: section ({RULES})"
        return None

    def claims(self, data: Any) -> bool:
        return isinstance(data, dict) and self.refusal(data) is None and data.get("season") is not None

    def validate(self, data: Any, file: str, lines: Lines | None = None) -> Scenario:
        """The scenario validated as `awaw plan` validates it, and its `season:` given empty refused."""
        from models.errors import located
        from models.io import InputError, line_of
        from models.io import validate as validated
        from optimizer.rules.grants.prepare import fixed_grant_breaches  # networkx: where a plan is made

        scenario = validated(Scenario, data, file, lines)
        if breaches := fixed_grant_breaches(scenario):
            raise located(file, breaches, lines)
        if scenario.season is None:
            raise InputError(
                file, [("season", f"empty: nothing to plan ({RULES})", line_of(lines, ("season",)))]
            )
        return scenario

    def limits(self, given: Limits) -> Limits:
        return given  # no limit unless asked: every priority proven

    def decisions(
        self, scenario: Scenario, fix: Sequence[str], forbid: Sequence[str]
    ) -> tuple[SeasonDecision, ...]:
        """`--fix` and `--forbid` as `awaw season` reads them (`@turnN` within the scenario's season), for
        `solve`; raises `InputError` for a form it cannot read or a turn out of range."""
        from optimizer.season.decision_forms import parse_season_decisions

        season = scenario.season
        assert season is not None
        return parse_season_decisions(fix, forbid, season.length(scenario.turn))

    def solve(
        self, scenario: Scenario, limits: Limits, decisions: Sequence[SeasonDecision] = ()
    ) -> Result[SeasonPlan]:
        """The best season plan; with `decisions` (`optimizer.season.decisions.parse_season_decisions`:
        `--fix`, `--forbid` with a turn), the best that keeps them, or why none does: the first turn that
        cannot be planned and the rules that block it (`optimizer.season.explain`). Raises `InputError`
        for a decision naming what its turn does not have."""

        season = scenario.season
        assert season is not None
        if season.length(scenario.turn) == 1:
            fixed = _one_turn_position(scenario, decisions)
            return _one_turn(scenario, fixed.solve(limits.left(), keep=False))
        from functools import partial

        from optimizer.season.decisions import with_decisions
        from optimizer.season.solve import solve_season

        # names the season's turns do not have: bad input, raised before the model is built
        adjust = partial(with_decisions, decisions=tuple(decisions))
        solved = solve_season(scenario, limits.time_limit, adjust=adjust)
        if solved.plan is not None and scenario.sw is not None:
            # This turn's plan with its SW figures (rule 25), as `awaw plan` prints them.
            from optimizer.planners.position import with_sw_report
            from optimizer.season.prepare import this_turn

            first = solved.plan.turns[0]
            now = this_turn(scenario, season, season.length(scenario.turn))
            reported = first.model_copy(update={"plan": with_sw_report(now, first.plan)})
            solved.plan = solved.plan.model_copy(update={"turns": [reported, *solved.plan.turns[1:]]})
        objective = solved.plan.objective if solved.plan is not None else None
        explanation: tuple[str, ...] = ()
        if solved.plan is None and solved.status.value == "infeasible":
            from optimizer.season.explain import explain_season

            # The time limit covers the explanation as well as the search, as `awaw plan`'s does.
            spent = solved.build_seconds + solved.solve_seconds
            left = None if limits.time_limit is None else max(0.0, limits.time_limit - spent)
            explanation = tuple(explain_season(scenario, adjust, left))
        return Result(
            planner=self.name,
            scenario=scenario.name,
            status=solved.status,
            plan=solved.plan,
            objective=None if objective is None else objective.value,
            bound=None if objective is None else objective.bound,
            gap=None if objective is None else objective.gap,
            work=Work(solved.build_seconds, solved.solve_seconds, solved.deterministic_seconds),
            explanation=explanation,
            rules=rules_named(explanation),
            message="" if solved.plan is not None else NO_PLAN[solved.status.value],
        )

    def answer(
        self,
        scenario: Scenario,
        limits: Limits,
        decisions: Sequence[SeasonDecision] = (),
        *,
        why: bool = False,
        why_not: Sequence[SeasonDecision] = (),
        alternatives: int | None = None,
        tolerance: str = DEFAULT_TOLERANCE,
    ) -> Result[SeasonPlan]:
        """The best season plan (`solve`, keeping the player's `decisions`) with what `awaw season --why`,
        `--why-not` and `--alternatives` add to it (`_explain`), each re-solve within the time limit. A
        one-turn season is the turn position itself, solved once and asked them as `awaw plan` asks them
        (`Position.answer`), so that its plan and JSON with them are `awaw plan`'s too. Raises
        `InputError` for a tolerance that is none, or a decision or why-not naming what its turn does not
        have."""
        within = _within(tolerance) if alternatives is not None else None
        season = scenario.season
        assert season is not None
        if season.length(scenario.turn) > 1:
            result = self.solve(scenario, limits, decisions)
            return _explain(
                scenario, result, decisions, why, why_not, alternatives, within, limits.time_limit
            )
        position = _one_turn_position(scenario, decisions)
        asked = [d.decision for d in why_not]
        solved = position.answer(
            limits.left(), why=why, why_not=asked, alternatives=alternatives, tolerance=within
        )
        result = _one_turn(scenario, solved)
        if within is not None and result.plan is not None:
            from dataclasses import replace

            # the tolerance the alternatives' table names, as `awaw plan --alternatives` prints it
            result = replace(result, plan=result.plan.model_copy(update={"tolerance": str(within)}))
        return result

    def other_length(self, scenario: Scenario, turns: int) -> str | None:
        """None when a season plan of `turns` turns is one of this scenario's season (of one turn when it
        has no `season:` section); else why it is not, as `awaw season --check` and `awaw next` refuse it
        (bad input: a plan of another season, its first turn planned for other later turns: 27.12, 27.35
        F, what it keeps for them): 'the plan has 1 turns, the season 2'."""
        if turns == scenario.turns_planned:
            return None
        of = (
            f"the season {scenario.turns_planned}"
            if scenario.season is not None
            else "the scenario 1 (no season: section)"
        )
        return f"the plan has {turns} turns, {of}"

    def check(self, scenario: Scenario, text: str, file: str) -> Verdict:
        """A season plan (`awaw season --json`), each turn checked by the season checker; a one-turn
        season's plan is `awaw plan`'s and is checked as the turn planner checks it, against its turn
        position (`Scenario.one_turn_position`: the leftover's value of the BRPs kept)."""
        from models.io import InputError, line_of, parse_json, refuse_other_format, validate
        from optimizer.checker.season import check_season

        season = scenario.season
        assert season is not None
        if season.length(scenario.turn) == 1:
            return TURN.check(scenario.one_turn_position(), text, file)
        data, lines = parse_json(text, file)
        refuse_other_format(data, lines, file, "season plan", SEASON_PLAN_FORMAT, required=True)
        plan = validate(SeasonPlan, data, file, lines)
        if problem := self.other_length(scenario, len(plan.turns)):
            # Bad input, as `awaw next` refuses it: a plan of another season, not a rule it breaks.
            raise InputError(file, [("turns", problem, line_of(lines, ("turns",)))])
        return Verdict(
            check_season(scenario, plan),
            "the season plan is legal in every turn (rules 27 and 40) and meets the scenario's requirements",
            {"requirement": "requirement not met"},
        )

    def tables(self, scenario: Scenario, result: Result[SeasonPlan]) -> RenderableType:
        assert result.plan is not None
        if len(result.plan.turns) == 1:
            return TURN.tables(scenario, _as_turn(result), result.plan.tolerance or DEFAULT_TOLERANCE)
        from optimizer.render.season import season_tables

        return season_tables(scenario, result.plan)

    def printables(self, scenario: Scenario, result: Result[SeasonPlan]) -> Printables:
        """The season's order sheet (this turn's orders, then each later turn's expected orders:
        `optimizer.render.season.season_sheet`) and this turn's route map; a one-turn season's are
        `awaw plan`'s."""
        assert result.plan is not None
        if len(result.plan.turns) == 1:
            return TURN.printables(scenario, _as_turn(result))
        from optimizer.render.route_svg import route_map_svg
        from optimizer.render.season import season_sheet_html

        # this turn's route map as `awaw plan`'s (`TurnPlanner.printables`), without its turn sheet
        now = result.plan.turns[0].plan
        return Printables(season_sheet_html(scenario, result.plan), route_map_svg(scenario, now))

    def sheet(self, scenario: Scenario, result: Result[SeasonPlan]) -> RenderableType:
        """The order sheet as `awaw season --sheet` prints it, the what-ifs asked after it: a one-turn
        season's is `awaw plan --sheet`'s."""
        assert result.plan is not None
        if len(result.plan.turns) == 1:
            from rich.console import Group

            from optimizer.planners.turn import explanation_tables
            from optimizer.render.sheet import sheet

            now = result.plan.turns[0].plan  # the what-ifs asked after the sheet, as `awaw plan --sheet`'s
            explanations = explanation_tables(
                now, result.plan.tolerance or DEFAULT_TOLERANCE, result.objective
            )
            return Group(sheet(scenario, now), *explanations)
        from rich.console import Group

        from optimizer.render.season import answer_tables, season_sheet

        # The what-ifs asked (`--why`, `--why-not`, `--alternatives`) follow the sheet, as `awaw plan`'s do.
        return Group(season_sheet(scenario, result.plan), *answer_tables(result.plan))

    def dumps(self, result: Result[SeasonPlan], compact: bool = False) -> str:
        """A one-turn season prints its turn's plan as `awaw plan --json` does; a longer one its SeasonPlan."""
        assert result.plan is not None
        if len(result.plan.turns) == 1:
            return TURN.dumps(_as_turn(result), compact)
        exclude = result.plan.unasked()  # the what-ifs: only when asked for
        if compact:
            return result.plan.model_dump_json(exclude=exclude)
        return result.plan.model_dump_json(indent=2, exclude=exclude) + "\n"


def _one_turn(scenario: Scenario, solved: Solved) -> Result[SeasonPlan]:
    """A one-turn season's result from its turn position's solve: the turn's plan (with its SW figures,
    and what the what-ifs added to it) as the season plan's one turn, `awaw plan`'s result otherwise."""
    from models.season import turn_after
    from optimizer.planners.position import result_of

    result = result_of(scenario, solved)
    plan = None
    if result.plan is not None and result.plan.objective is not None:
        when = turn_after(scenario.turn, 0)
        first = SeasonTurn(
            turn=1,
            season=when.season,
            year=when.year,
            expected=False,
            brps_start={p: r.brps_available for p, r in result.plan.powers.items()},
            oil_counters={o.faction: o.counters_available for o in result.plan.oil},
            plan=result.plan,
        )
        plan = SeasonPlan(
            scenario=scenario.name,
            status=result.status,
            objective=result.plan.objective,
            turns=[first],
            brps_left={p: r.brps_kept for p, r in result.plan.powers.items()},
            oil_left={},
        )
    return result.carried(NAME, plan)


def _within(tolerance: str) -> Tolerance:
    """The tolerance of `--alternatives`; raises `InputError` naming `--tolerance` for one that is none."""
    from models.io import InputError
    from optimizer.turn.decision_forms import SOURCE
    from optimizer.turn.tolerance import parse_tolerance

    try:
        return parse_tolerance(tolerance)
    except ValueError as error:
        raise InputError(SOURCE, [("--tolerance", str(error))]) from None


def _as_turn(result: Result[SeasonPlan]) -> Result[Any]:
    """The result with this turn's plan as its plan (the turn planner's shape)."""
    assert result.plan is not None
    return result.carried(result.planner, result.plan.turns[0].plan)


SEASON = SeasonPlanner()


def _explain(
    scenario: Scenario,
    result: Result[SeasonPlan],
    decisions: Sequence[SeasonDecision],
    why: bool,
    why_not: Sequence[SeasonDecision],
    alternatives: int | None,
    within: Tolerance | None,
    time_limit: float | None,
) -> Result[SeasonPlan]:
    """A longer season's result with what `awaw season --why`, `--why-not` and `--alternatives` add to its
    plan: `why` (`optimizer.season.why`), `why_not` (`optimizer.season.why_not`: `why_not` decisions from
    `parse_why_not`) and up to `alternatives` other season plans within `within`
    (`optimizer.season.alternatives`), each re-solve within `time_limit`, with the player's `decisions`
    kept. Raises `InputError` for a why-not naming what its turn does not have."""
    from dataclasses import replace

    plan = result.plan
    if plan is None or not (why or why_not or alternatives is not None):
        return result
    update: dict[str, Any] = {}
    if why_not:
        from optimizer.season.why_not import check_why_not, season_why_not

        check_why_not(scenario, why_not)
        update["why_not"] = season_why_not(scenario, plan, why_not, time_limit, decisions)
    if why:
        from optimizer.season.why import season_why

        update["why"] = season_why(scenario, plan, time_limit, decisions)
    if within is not None and alternatives is not None:
        from optimizer.season.alternatives import season_alternatives

        found = season_alternatives(scenario, plan, alternatives, within, time_limit, decisions)
        update |= {"alternatives": found, "tolerance": str(within)}
    return replace(result, plan=plan.model_copy(update=update))


def _one_turn_position(scenario: Scenario, decisions: Sequence[SeasonDecision]) -> Position:
    """A one-turn season's turn position: the scenario with its leftover as the value of the BRPs kept
    (`Scenario.one_turn_position`), the player's decisions kept; the solve and the what-ifs alike."""
    from optimizer.planners.position import Position

    return Position(scenario.one_turn_position(), tuple(d.decision for d in decisions))
