"""One entry point: `solve(scenario) -> Result`, lexicographic over the player's priorities."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import NamedTuple

from ortools.sat.python import cp_model

from models.io import InputError
from models.plan import ObjectiveReport, Plan, StageResult, Status
from models.scenario import Priority, PriorityKind, Scenario
from optimizer.explain import explain
from optimizer.extract import extract_plan
from optimizer.linear import LinearExpr, value
from optimizer.model import build_model, new_solver
from optimizer.objective import describe_priority, priority_expression
from optimizer.prepare import Prepared, prepare
from optimizer.rules.grants.objective import fewest_granted
from optimizer.rules.grants.prepare import MAX_OIL_SHIPPED, fixed_grant_breaches
from optimizer.variables import Variables


@dataclass
class Result:
    """What a solve returns: status, the plan (when one was found), and why not (when infeasible)."""

    status: Status
    plan: Plan | None
    explanation: list[str] = field(default_factory=list)
    build_seconds: float = 0.0
    solve_seconds: float = 0.0

    @property
    def objective(self) -> float | None:
        return self.plan.objective.value if self.plan and self.plan.objective else None

    @property
    def bound(self) -> float | None:
        return self.plan.objective.bound if self.plan and self.plan.objective else None

    @property
    def gap(self) -> float | None:
        return self.plan.objective.gap if self.plan and self.plan.objective else None


def solve(scenario: Scenario, time_limit: float | None = None, workers: int = 1) -> Result:
    """Plan the turn: the best plan for each priority in order, keeping every earlier optimum.

    With `time_limit` (seconds, shared by all priorities) the best plan found is
    returned with its bound and gap; status is then FEASIBLE unless every
    priority was proven optimal. Raises `InputError` for a fixed grant that rule 40 forbids.
    """
    breaches = fixed_grant_breaches(scenario)
    if breaches:
        raise InputError(scenario.name, breaches)  # 40.3: a fixed grant no rule allows is bad input
    started = time.perf_counter()
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    built = time.perf_counter()
    priorities: list[Priority | None] = list(scenario.objective.priority_list())
    if variables.grants is not None:
        priorities.append(None)  # last: among equal plans, the one that moves the fewest BRPs
    stages: list[StageResult] = []
    proven = True
    last_solver: cp_model.CpSolver | None = None
    for group in _stage_groups(data, variables, priorities):
        remaining = None if time_limit is None else time_limit - (time.perf_counter() - built)
        combined: LinearExpr = sum(member.weight * member.expr for member in group)
        model.maximize(combined)
        solver = new_solver(remaining, workers)
        status = solver.solve(model)
        if status == cp_model.INFEASIBLE:
            return Result(
                Status.INFEASIBLE,
                None,
                explain(data),
                build_seconds=built - started,
                solve_seconds=time.perf_counter() - built,
            )
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            if not stages:
                return Result(
                    Status.UNKNOWN,
                    None,
                    build_seconds=built - started,
                    solve_seconds=time.perf_counter() - built,
                )
            break
        optimal = status == cp_model.OPTIMAL
        proven = proven and optimal
        for member in group:
            best = value(solver, member.expr)
            bound = int(round(solver.best_objective_bound)) if len(group) == 1 else best
            stages.append(
                StageResult(priority=member.name, value=best / member.scale, bound=bound / member.scale)
            )
        # Keep this optimum while the next priority is solved, starting from this plan.
        best_combined = int(round(solver.objective_value))
        model.add(combined >= best_combined)
        model.clear_hints()
        for var in variables.decisions():
            model.add_hint(var, solver.value(var))
        last_solver = solver
    assert last_solver is not None
    first = stages[0]
    gap = abs(first.bound - first.value) / max(1.0, abs(first.value))
    plan = extract_plan(
        data,
        variables,
        last_solver,
        Status.OPTIMAL if proven and len(stages) == len(priorities) else Status.FEASIBLE,
        ObjectiveReport(value=first.value, bound=first.bound, gap=round(gap, 6), stages=stages),
    )
    return Result(plan.status, plan, build_seconds=built - started, solve_seconds=time.perf_counter() - built)


class Member(NamedTuple):
    """One priority within a solve: its name, expression, scale, and lexicographic weight."""

    name: str
    expr: LinearExpr
    scale: int
    weight: int


def _stage_groups(
    data: Prepared, variables: Variables, priorities: list[Priority | None]
) -> list[list[Member]]:
    """The priorities as solves, each a list of members.

    Oil counters kept have a small known range, so a priority followed by
    `oil_kept` is solved once, with exact lexicographic weights (the earlier
    priority times the range of oil kept plus one): the same plans as two
    solves, in one.
    """
    members: list[tuple[str, LinearExpr, int, Priority | None]] = []
    for priority in priorities:
        if priority is None:
            assert variables.grants is not None
            members.append(("fewest_granted", fewest_granted(variables.grants), 1, priority))
        else:
            expr, scale = priority_expression(data, variables, priority)
            members.append((describe_priority(priority), expr, scale, priority))
    groups: list[list[Member]] = []
    oil_range = sum(data.oil_counters.values()) + MAX_OIL_SHIPPED + 1
    i = 0
    while i < len(members):
        name, expr, scale, _ = members[i]
        following = members[i + 1][3] if i + 1 < len(members) else None
        if (
            i > 0
            and following is not None
            and following.kind is PriorityKind.OIL_KEPT
            and not following.powers
        ):
            then = members[i + 1]
            groups.append([Member(name, expr, scale, oil_range), Member(then[0], then[1], then[2], 1)])
            i += 2
        else:
            groups.append([Member(name, expr, scale, 1)])
            i += 1
    return groups
