"""One entry point: `solve(scenario) -> Result`, lexicographic over the player's priorities."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from ortools.sat.python import cp_model

from models.io import InputError
from models.plan import ObjectiveReport, Plan, StageResult, Status
from models.scenario import Priority, Scenario
from optimizer.rules.grants.objective import fewest_granted
from optimizer.rules.grants.prepare import fixed_grant_breaches
from optimizer.rules.guards import Guards
from optimizer.rules.limits.constraints import raise_limits
from optimizer.rules.linear import LinearExpr, value
from optimizer.rules.naval_air.constraints import raise_rates
from optimizer.turn.decision_forms import Decision
from optimizer.turn.explain import explain
from optimizer.turn.extract import extract_plan
from optimizer.turn.fix import post_decisions, raise_bad_decisions
from optimizer.turn.model import build_model, new_solver
from optimizer.turn.objective import describe_priority, priority_expression
from optimizer.turn.prepare import Prepared, Relaxation, prepare, relax_prepared
from optimizer.turn.variables import Variables


@dataclass
class Result:
    """What a solve returns: status, the plan (when one was found), and why not (when infeasible)."""

    status: Status
    plan: Plan | None
    explanation: list[str] = field(default_factory=list)
    build_seconds: float = 0.0
    solve_seconds: float = 0.0
    decisions: dict[str, int] = field(default_factory=dict)  # with `keep_decisions`: a hint for a what-if
    # With `keep_decisions`: the data, variables and solver of the plan, to read what it uses of each limit.
    prepared: Prepared | None = None
    variables: Variables | None = None
    solver: cp_model.CpSolver | None = None
    # With `keep_decisions`: a copy of the model as built, before `constrain`, for `copy_of` to start from.
    model: cp_model.CpModel | None = None

    @property
    def objective(self) -> float | None:
        return self.plan.objective.value if self.plan and self.plan.objective else None

    @property
    def bound(self) -> float | None:
        return self.plan.objective.bound if self.plan and self.plan.objective else None

    @property
    def gap(self) -> float | None:
        return self.plan.objective.gap if self.plan and self.plan.objective else None


def solve(
    scenario: Scenario,
    time_limit: float | None = None,
    workers: int = 1,
    *,
    relax: Relaxation | None = None,
    hint: dict[str, int] | None = None,
    keep_decisions: bool = False,
    constrain: Callable[[cp_model.CpModel, Prepared, Variables], None] | None = None,
    explain_infeasible: bool = True,
    fixes: tuple[Decision, ...] = (),
    prepared: Prepared | None = None,
    one_call: bool = False,
    guarded: bool = False,
    sw_report: bool = True,
    copy_of: Result | None = None,
    light_presolve: bool = False,
    keep_model: bool = True,
) -> Result:
    """Plan the turn: the best plan for each priority in order, keeping every earlier optimum.

    With `time_limit` (seconds, shared by all priorities and by the explanation of an
    infeasible position) the best plan found is
    returned with its bound and gap; status is then FEASIBLE unless every
    priority was proven optimal. Raises `InputError` for a fixed grant that rule 40 forbids.
    With `relax`, the what-if position with more of some resources (`Relaxation`); `hint` starts the
    search from another solve's decisions (by variable name), which `keep_decisions` returns.
    `constrain` posts constraints of its own on the built model (alternative plans' cuts); without
    `explain_infeasible`, an infeasible position is returned without the explanation's extra solves.
    With `fixes`, the player's fixed and forbidden decisions (`optimizer.turn.fix`); raises `InputError`
    for one naming what the position does not have. `prepared`: the plain position's prepared data
    (another solve's `Result.prepared`), relaxed and given these fixes instead of preparing again.
    `one_call`: every priority in one call with exact weights when they fit, as with naval charts (the
    what-ifs of `--why`, started from a whole plan, are faster so; the optima are the same).
    `guarded` builds the model with a literal per rule family and subject (`ExplainGuards`, named
    `guard[RULE|SUBJECT]`), for a `constrain` that decides which to hold (`awaw compare`); without
    `sw_report` the plan's `sw` figures (rule 25) are left for the caller to add.
    `copy_of`: another solve's `Result` with `keep_decisions`, whose model is copied instead of preparing
    and building again, with `fixes` past its own posted on the copy (`optimizer.turn.fix.post_decisions`,
    the model then the same as built with them), and a `relax` the copy takes (`copyable`) raised in the
    copy; not with `prepared` or `guarded`.
    `light_presolve`: one round of presolve instead of CP-SAT's default, on models without naval charts
    (`light_presolve_search`); for the re-solves of `--alternatives`. Without `keep_model`, a solve
    with `keep_decisions` keeps no copy of its model (`Result.model`, for a later `copy_of` only).
    """
    breaches = fixed_grant_breaches(scenario)
    if breaches:
        raise InputError(scenario.name, breaches)  # 40.3: a fixed grant no rule allows is bad input
    started = time.perf_counter()
    if copy_of is not None:
        assert prepared is None and not guarded
        model, data, variables = _copy_built(copy_of, fixes, relax)
    elif prepared is not None:
        data = replace(prepared if relax is None else relax_prepared(prepared, relax), decisions=fixes)
    else:
        data = prepare(scenario, relax, fixes)
    if copy_of is None:
        raise_bad_decisions(data)
        model, variables, _ = build_model(data, explain=guarded)
    kept_model = model.clone() if keep_decisions and keep_model else None
    if constrain is not None:
        constrain(model, data, variables)
    if hint:
        for var in variables.decisions():
            if var.name in hint:
                model.add_hint(var, hint[var.name])
    built = time.perf_counter()
    priorities = priority_order(scenario, variables)
    stages: list[StageResult] = []
    last_solver: cp_model.CpSolver | None = None
    queue = stage_groups(model, data, variables, priorities, one_call)
    while queue:
        group = queue.pop(0)
        remaining = None if time_limit is None else time_limit - (time.perf_counter() - built)
        combined: LinearExpr = sum(member.weight * member.expr for member in group)
        model.maximize(combined)
        solver = new_solver(remaining, workers)
        if variables.naval is not None:
            naval_search(solver)
        elif light_presolve:
            light_presolve_search(solver)
        if len(group) > 1:
            # A deterministic budget: past it, the priorities are solved one by one instead.
            solver.parameters.max_deterministic_time = ONE_CALL_BUDGET
        status = solver.solve(model)
        if status == cp_model.INFEASIBLE:
            left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - built))
            return Result(
                Status.INFEASIBLE,
                None,
                explain(data, left) if explain_infeasible else [],
                build_seconds=built - started,
                solve_seconds=time.perf_counter() - built,
            )
        out_of_time = time_limit is not None and time.perf_counter() - built >= time_limit
        if len(group) > 1 and status != cp_model.OPTIMAL and not out_of_time:
            queue[:0] = [[member._replace(weight=1)] for member in group]
            if status == cp_model.FEASIBLE:
                _hint(model, variables, solver)
            continue
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            if not stages:
                return Result(
                    Status.UNKNOWN,
                    None,
                    build_seconds=built - started,
                    solve_seconds=time.perf_counter() - built,
                )
            queue.insert(0, group)
            break
        optimal = status == cp_model.OPTIMAL
        bounds = _member_bounds(solver, group, optimal)
        for member, bound in zip(group, bounds, strict=True):
            best = value(solver, member.expr)
            stages.append(
                StageResult(
                    priority=member.name,
                    value=best / member.scale,
                    bound=None if bound is None else bound / member.scale,
                    proven=optimal,
                )
            )
        # Keep this optimum while the next priority is solved, starting from this plan.
        best_combined = sum(member.weight * value(solver, member.expr) for member in group)
        last_solver = solver
        if queue and not out_of_time:
            model.add(combined >= best_combined)
            _hint(model, variables, solver)
        elif queue:
            break
    assert last_solver is not None
    # Priorities the time limit left unsolved: their values in the plan, nothing proven of them.
    for member in (member for group in queue for member in group):
        stages.append(
            StageResult(
                priority=member.name,
                value=value(last_solver, member.expr) / member.scale,
                bound=None,
                proven=False,
            )
        )
    first = stages[0]
    assert first.bound is not None  # the first priority is solved first, and its bound always known
    gap = abs(first.bound - first.value) / max(1.0, abs(first.value))
    plan = extract_plan(
        data,
        variables,
        last_solver,
        Status.OPTIMAL if all(stage.proven for stage in stages) else Status.FEASIBLE,
        ObjectiveReport(value=first.value, bound=first.bound, gap=round(gap, 6), stages=stages),
    )
    if scenario.sw is not None and sw_report:
        from optimizer.rules.sw.solve import sw_plan_report

        plan = plan.model_copy(update={"sw": sw_plan_report(scenario, plan)})
    decisions = {var.name: last_solver.value(var) for var in variables.decisions()} if keep_decisions else {}
    return Result(
        plan.status,
        plan,
        build_seconds=built - started,
        solve_seconds=time.perf_counter() - built,
        decisions=decisions,
        prepared=data if keep_decisions else None,
        variables=variables if keep_decisions else None,
        solver=last_solver if keep_decisions else None,
        model=kept_model,
    )


def _copy_built(
    built: Result, fixes: tuple[Decision, ...], relax: Relaxation | None
) -> tuple[cp_model.CpModel, Prepared, Variables]:
    """A copy of `built`'s model with the decisions of `fixes` past its own posted and `relax`'s naval air
    rates raised, its prepared data so relaxed and given `fixes`, and its variables (a copy keeps every
    index)."""
    assert built.model is not None and built.prepared is not None and built.variables is not None
    assert relax is None or copyable(built, relax), "a relaxation the copy cannot take"
    kept = built.prepared.decisions
    assert fixes[: len(kept)] == kept, "fixes start with the built model's own"
    data = replace(
        built.prepared if relax is None else relax_prepared(built.prepared, relax), decisions=fixes
    )
    raise_bad_decisions(data, fixes[len(kept) :])
    model = built.model.clone()
    if relax is not None:
        raise_rates(model, relax.naval_air)
        if relax.limit:
            raise_limits(model, built.variables, relax.limit)
    post_decisions(model, data, built.variables, Guards(), fixes[len(kept) :])
    return model, data, replace(built.variables, data=data)


def copyable(built: Result, relax: Relaxation) -> bool:
    """Whether `copy_of=built` takes this relaxation: naval air rates (27.61), and construction limits
    (27.31, 27.34) when no naval chart reads them; each then one constant of the copy."""
    assert built.variables is not None
    limits = relax.limit if built.variables.naval is None else {}
    return relax == Relaxation(naval_air=relax.naval_air, limit=limits)


def priority_order(scenario: Scenario, variables: Variables) -> list[Priority | None]:
    """The player's priorities in order; with grants, last, None: among equal plans, the one that moves
    the fewest BRPs."""
    priorities: list[Priority | None] = list(scenario.objective.priority_list())
    if variables.grants is not None:
        priorities.append(None)
    return priorities


def _hint(model: cp_model.CpModel, variables: Variables, solver: cp_model.CpSolver) -> None:
    """Start the next solve from this solve's plan."""
    model.clear_hints()
    for var in variables.decisions():
        model.add_hint(var, solver.value(var))


def _member_bounds(solver: cp_model.CpSolver, group: list[Member], optimal: bool) -> list[int | None]:
    """Each member's proven bound: its value when the solve is optimal; otherwise, for the first member,
    what the weighted bound leaves it with every later member at its least (a valid upper bound), and
    for the rest None (nothing is proven of them)."""
    values = [int(solver.value(member.expr)) for member in group]
    if optimal:
        return list(values)
    rest = sum(member.weight * member.low for member in group[1:])
    first = (int(round(solver.best_objective_bound)) - rest) // group[0].weight
    return [max(first, values[0]), *(None for _ in group[1:])]


class Member(NamedTuple):
    """One priority within a solve: its name, expression, scale, and lexicographic weight."""

    name: str
    expr: LinearExpr
    scale: int
    weight: int
    low: int  # the least value expr can take (from its variables' domains)


# Exact integers only: a solve's weighted objective stays within what a double holds exactly, so its
# value, its bound and the optimum kept for the next solve are never rounded.
EXACT_LIMIT = 2**53
# Deterministic time (about seconds of one core) a one-call solve of several priorities may take before
# they are solved one by one: the one call is faster on most positions, and the budget bounds the rest.
ONE_CALL_BUDGET = 0.5


def naval_search(solver: cp_model.CpSolver) -> None:
    """Search settings for models with naval charts: every LP row from the start (the charts' state
    machines are what bound the later priorities, and adding them lazily costs more rounds of the LP),
    and the LP solution rounded into plans early (a first plan sooner). Measured in benchmarks/scale.py:
    deterministic time p50 0.059 -> 0.044, p95 0.180 -> 0.163 on grants + naval, 48 entries, 12 turns;
    on models without charts (builds alone) the same settings are slower, so they are kept to these."""
    solver.parameters.add_lp_constraints_lazily = False
    solver.parameters.polish_lp_solution = True


def light_presolve_search(solver: cp_model.CpSolver) -> None:
    """One round of presolve for a model without naval charts: the later rounds find little in these
    small models, and on the alternatives' re-solves, a copy of a model already solved once, they were
    much of each call's CPU time (measured in benchmarks/alternatives.py; the plans of every bundled
    scenario the same, byte for byte). Not for naval models, where the presolved model, and so the plan
    among equal ones, differs."""
    solver.parameters.max_presolve_iterations = 1


def expression_range(model: cp_model.CpModel, expr: LinearExpr) -> tuple[int, int]:
    """The least and greatest values `expr` can take over its variables' domains."""
    if isinstance(expr, int):
        return expr, expr
    model.minimize(expr)  # the proto then holds expr's terms as the objective, unscaled
    proto = model.proto
    terms = list(zip(list(proto.objective.vars), list(proto.objective.coeffs), strict=True))
    low = high = int(proto.objective.offset)
    for var, coeff in terms:
        domain = list(proto.variables[var].domain)
        ends = (coeff * domain[0], coeff * domain[-1])
        low += min(ends)
        high += max(ends)
    return low, high


def stage_groups(
    model: cp_model.CpModel,
    data: Prepared,
    variables: Variables,
    priorities: list[Priority | None],
    one_call: bool = False,
) -> list[list[Member]]:
    """The priorities as solves, each a list of members with exact lexicographic weights.

    The priorities are solved in one call whenever exact weights
    exist within EXACT_LIMIT: each priority's weight is the product of (range + 1) of every later
    priority of the call, read off the variables' domains, so no gain in a later priority can
    outweigh one unit of an earlier one. The optima are those of solving them one after the other,
    in fewer solves; a call that would pass the limit starts a new one.
    """
    members: list[tuple[str, LinearExpr, int]] = []
    for priority in priorities:
        if priority is None:
            assert variables.grants is not None
            members.append(("fewest_granted", fewest_granted(variables.grants), 1))
        else:
            expr, scale = priority_expression(data, variables, priority)
            members.append((describe_priority(priority), expr, scale))
    ranges = [expression_range(model, expr) for _, expr, _ in members]
    groups: list[list[Member]] = []
    start = 0
    while start < len(members):
        end = start + 1
        # With naval charts, one presolve and one search for every priority: presolving the charts' state
        # machines is much of each solve. Without them presolve is cheap, and the first priority alone,
        # then the rest hinted from its plan, is faster (both measured in benchmarks/).
        while (
            (start > 0 or one_call or variables.naval is not None)
            and end < len(members)
            and _weights(ranges[start : end + 1]) is not None
        ):
            end += 1
        weights = _weights(ranges[start:end]) or [1]
        groups.append(
            [
                Member(*members[k], weight, ranges[k][0])
                for k, weight in zip(range(start, end), weights, strict=True)
            ]
        )
        start = end
    return groups


def _weights(ranges: list[tuple[int, int]]) -> list[int] | None:
    """Exact lexicographic weights for expressions of these ranges, first most important; None when
    the weighted sum could pass EXACT_LIMIT."""
    weights = [1]
    for low, high in reversed(ranges[1:]):
        weights.insert(0, weights[0] * (high - low + 1))
    magnitude = sum(w * max(abs(low), abs(high)) for w, (low, high) in zip(weights, ranges, strict=True))
    return weights if magnitude < EXACT_LIMIT else None


def solve_side_by_side(
    calls: dict[int, Callable[[], Result]], threads: int | None = None
) -> dict[int, Result]:
    """Each call's result, the calls run side by side on `threads` threads (the machine's cores by
    default; CP-SAT solves outside Python's lock). Each solve uses one worker with a fixed seed, so the
    results do not depend on how many run at once: the what-ifs of `--why` and `--why-not`."""
    with ThreadPoolExecutor(max_workers=threads or os.cpu_count() or 1) as pool:
        futures = {key: pool.submit(call) for key, call in calls.items()}
        return {key: future.result() for key, future in futures.items()}
