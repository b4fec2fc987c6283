"""The season solved: each priority in order over the whole season, each optimum kept while the next is
solved (as the turn model's stages are, `optimizer.turn.solve`), then every turn's plan read off.

A one-turn season is the turn position itself and is solved by the turn planner
(`optimizer.planners.position.solve`): its prepared turn is the scenario unchanged
(`optimizer.season.prepare.this_turn`), so its plan is `awaw plan`'s, byte for byte."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ortools.sat.python import cp_model

from models.plan import ObjectiveReport, Plan, StageResult, Status
from models.scenario import Scenario
from models.season import turn_after
from models.season_plan import SeasonPlan, SeasonTurn
from models.tables import Faction
from optimizer.rules.linear import LinearExpr, value
from optimizer.season.chart import later_naval_reports
from optimizer.season.model import SeasonVariables, build_season
from optimizer.season.objective import season_members
from optimizer.season.prepare import SeasonData, prepare_season
from optimizer.turn.extract import extract_plan
from optimizer.turn.model import new_solver
from optimizer.turn.prepare import Relaxation
from optimizer.turn.solve import EXACT_LIMIT, ONE_CALL_BUDGET, expression_range, naval_search


@dataclass
class SeasonSolved:
    status: Status
    plan: SeasonPlan | None
    build_seconds: float = 0.0
    solve_seconds: float = 0.0
    deterministic_seconds: float = 0.0
    proven: bool = False


def solve_season(
    scenario: Scenario,
    time_limit: float | None = None,
    workers: int = 1,
    relax: dict[int, Relaxation] | None = None,
    adjust: Callable[[SeasonData], SeasonData] | None = None,
) -> SeasonSolved:
    """The best season plan, priority by priority (a season of two turns or more); with `relax`, with
    more of some resources in some turns (`optimizer.season.why`); with `adjust`, of the prepared season
    it returns: the player's decisions fixed or forbidden (`optimizer.season.decisions.with_decisions`),
    a route's capacity raised (`optimizer.season.why`)."""
    started = time.perf_counter()
    data = prepare_season(scenario, relax)
    if adjust is not None:
        data = adjust(data)
    model, variables = build_season(data)
    built = time.perf_counter()
    members = season_members(model, variables)
    stages: list[StageResult] = []
    work = 0.0
    last: cp_model.CpSolver | None = None
    together = _one_call(model, variables, members, time_limit, workers)
    if together is not None:
        last, work, stages = together
        if not stages:  # the one call did not prove the optimum within its budget: one by one instead
            last = None
    for k, (name, expr, scale) in enumerate(members if not stages else []):
        remaining = None if time_limit is None else time_limit - (time.perf_counter() - built)
        model.maximize(expr)
        solver = new_solver(remaining, workers)
        if variables.turns[0].naval is not None:
            naval_search(solver)
        status = solver.solve(model)
        work += solver.deterministic_time
        if status == cp_model.INFEASIBLE:
            return SeasonSolved(Status.INFEASIBLE, None, built - started, time.perf_counter() - built, work)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            if last is None:
                return SeasonSolved(Status.UNKNOWN, None, built - started, time.perf_counter() - built, work)
            break
        optimal = status == cp_model.OPTIMAL
        best = value(solver, expr)
        bound = best if optimal else int(round(solver.best_objective_bound))
        stages.append(StageResult(priority=name, value=best / scale, bound=bound / scale, proven=optimal))
        last = solver
        if k + 1 < len(members):
            model.add(expr >= best)
            _hint(model, variables, solver)
    assert last is not None
    for name, expr, scale in members[len(stages) :]:
        stages.append(StageResult(priority=name, value=value(last, expr) / scale, bound=None, proven=False))
    proven = all(stage.proven for stage in stages)
    first = stages[0]
    assert first.bound is not None
    gap = abs(first.bound - first.value) / max(1.0, abs(first.value))
    report = ObjectiveReport(value=first.value, bound=first.bound, gap=round(gap, 6), stages=stages)
    status_of = Status.OPTIMAL if proven else Status.FEASIBLE
    plan = season_plan(scenario, variables, last, status_of, report)
    return SeasonSolved(status_of, plan, built - started, time.perf_counter() - built, work, proven)


def _one_call(
    model: cp_model.CpModel,
    variables: SeasonVariables,
    members: list[tuple[str, LinearExpr, int]],
    time_limit: float | None,
    workers: int,
) -> tuple[cp_model.CpSolver, float, list[StageResult]] | None:
    """Every priority in one solve with exact lexicographic weights when they fit (as the turn model's
    stages are solved with naval charts, `optimizer.turn.solve.stage_groups`): each weight the product of
    (range + 1) of every later priority, so no gain in a later one outweighs one unit of an earlier one.
    None when the weights do not fit a double exactly; no stages when the optimum was not proven within
    the one call's deterministic budget (its plan is then the hint of the solves one by one)."""
    ranges = [expression_range(model, expr) for _, expr, _ in members]
    weights = [1]
    for low, high in reversed(ranges[1:]):
        weights.insert(0, weights[0] * (high - low + 1))
    if sum(w * max(abs(lo), abs(hi)) for w, (lo, hi) in zip(weights, ranges, strict=True)) >= EXACT_LIMIT:
        return None
    combined: LinearExpr = sum(w * expr for w, (_, expr, _) in zip(weights, members, strict=True))
    model.maximize(combined)
    solver = new_solver(time_limit, workers)
    if variables.turns[0].naval is not None:
        naval_search(solver)
    solver.parameters.max_deterministic_time = ONE_CALL_BUDGET
    status = solver.solve(model)
    if status != cp_model.OPTIMAL:
        if status == cp_model.FEASIBLE:
            _hint(model, variables, solver)
        return solver, solver.deterministic_time, []
    stages = []
    for name, expr, scale in members:
        best = value(solver, expr)
        stages.append(StageResult(priority=name, value=best / scale, bound=best / scale, proven=True))
    return solver, solver.deterministic_time, stages


def _hint(model: cp_model.CpModel, variables: SeasonVariables, solver: cp_model.CpSolver) -> None:
    model.clear_hints()
    for var in variables.decisions():
        model.add_hint(var, solver.value(var))


def season_plan(
    scenario: Scenario,
    variables: SeasonVariables,
    solver: cp_model.CpSolver,
    status: Status,
    objective: ObjectiveReport,
) -> SeasonPlan:
    """Every turn's plan, read off the solved season model by the turn model's own extraction."""
    data = variables.data
    turns: list[SeasonTurn] = []
    for t, (prepared, turn) in enumerate(zip(data.turns, variables.turns, strict=True)):
        plan = extract_plan(prepared, turn, solver, status, objective)
        carried = {f: value(solver, n) for f, n in variables.oil_carried[t].items()}
        if t > 0:
            # As the turn's extraction reports them: oil counters shipped to Russia this turn move (40.25).
            shipped = value(solver, turn.grants.oil_shipped()) if turn.grants is not None else 0
            moved = {Faction.RUSSIA: shipped, Faction.WESTERN_ALLIES: -shipped}
            plan = _later_accounts(plan, {f: n + moved.get(f, 0) for f, n in carried.items()})
            plan = plan.model_copy(update={"naval": later_naval_reports(turn, solver)})
        when = turn_after(scenario.turn, t)
        start: dict = {}
        for power in prepared.powers:
            flow: LinearExpr = turn.inflow[power] if t > 0 else prepared.powers[power].brps_available
            start[power] = value(solver, flow)
        turns.append(
            SeasonTurn(
                turn=t + 1,
                season=when.season,
                year=when.year,
                expected=t > 0,
                brps_start=start,
                oil_counters=carried,
                plan=plan,
            )
        )
    return SeasonPlan(
        scenario=scenario.name,
        status=status,
        objective=objective,
        turns=turns,
        brps_left={p: value(solver, variables.kept_at_end(p)) for p in data.turns[-1].powers},
        oil_left={f: value(solver, n) for f, n in variables.oil_left.items()},
    )


def _later_accounts(plan: Plan, carried: dict) -> Plan:
    """A later turn's oil reports with the counters it really has (its prepared data holds a bound); the
    notes on the scenario's defaults are turn 1's."""
    oil = [
        report.model_copy(
            update={"counters_available": carried.get(report.faction, report.counters_available)}
        )
        for report in plan.oil
    ]
    return plan.model_copy(update={"oil": oil, "notes": []})
