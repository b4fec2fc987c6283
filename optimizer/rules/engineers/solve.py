"""Engineers: one entry point, `solve_engineers(scenario) -> EngineerResult`."""

from __future__ import annotations

import time
from dataclasses import dataclass

from ortools.sat.python import cp_model

from models.engineers import EngineerScenario
from models.engineers_plan import EngineerPlan
from models.errors import indented
from optimizer.rules.engineers.constraints import add_engineers
from optimizer.rules.engineers.extract import extract
from optimizer.rules.engineers.objective import value_expression
from optimizer.rules.engineers.prepare import Prepared, prepare
from optimizer.rules.engineers.solvers import base_solver, configured_solver
from optimizer.rules.engineers.tidy import fewest_mps, tidy
from optimizer.rules.engineers.variables import EngineerVariables, make_variables

# The search stops after this much work, in CP-SAT's deterministic seconds, unless told otherwise: a
# position it cannot prove by then gets the best schedule found and the bound, the same on every run and
# the same from `awaw engineers`, `awaw batch` and this function.
WORK_LIMIT = 30.0
# The proof's share of the limits; the rest, if it is not done, goes to a better schedule. Two thirds:
# on generated positions of 12 units and 24 tasks some proofs take 10 to 20 deterministic seconds (one
# of 12 tuning positions, 14.9 s), which a third of the default limit cut short (issue 26).
PROOF_SHARE = 2 / 3


@dataclass(frozen=True)
class EngineerResult:
    status: str  # optimal, feasible, infeasible, unknown
    plan: EngineerPlan | None
    build_seconds: float
    solve_seconds: float
    # CP-SAT's deterministic time of the search, both phases, and of the tie-break's fewest MPs;
    # infeasible, the proof's and the explanation's tests'
    deterministic_seconds: float = 0.0
    explanation: tuple[str, ...] = ()  # infeasible: what blocks the required tasks

    def failure(self, label: str) -> str:
        """No schedule: why, as `awaw engineers` and `awaw batch` say it, after the file's label."""
        reason = (
            "the required tasks cannot all be done" if self.status == "infeasible" else "no schedule found"
        )
        return f"{label}: {reason} ({self.status}){indented(self.explanation)}"


def solve_engineers(
    scenario: EngineerScenario, time_limit: float | None = None, work_limit: float | None = WORK_LIMIT
) -> EngineerResult:
    """The schedule of most value; `optimal` when proven. One search worker, so the same scenario
    gives the same schedule.

    `time_limit` stops the search after so many seconds of the clock; `work_limit` after so many of
    CP-SAT's deterministic seconds (its count of work done, the same on every run), so a schedule
    stopped by it is the same every time. Stopped before the proof, the schedule is `feasible` and
    carries the bound: no schedule is worth more."""
    started = time.perf_counter()
    data, model, variables = build_model(scenario)
    built = time.perf_counter()
    solver = configured_solver(_share(time_limit, PROOF_SHARE), _share(work_limit, PROOF_SHARE))
    code = solver.solve(model)
    if code == cp_model.INFEASIBLE:
        from optimizer.rules.engineers.explain import explain_infeasible

        lines, tests = explain_infeasible(data)
        work = solver.deterministic_time + tests
        return EngineerResult(
            "infeasible", None, built - started, time.perf_counter() - built, work, tuple(lines)
        )
    if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return EngineerResult("unknown", None, built - started, time.perf_counter() - built)
    deterministic = solver.deterministic_time
    bound = solver.best_objective_bound
    best: cp_model.CpSolver = solver
    if code == cp_model.FEASIBLE:
        improved = _improve(model, solver, time_limit, work_limit, time.perf_counter() - built)
        if improved is not None:
            second, better = improved
            deterministic += better.deterministic_time
            bound = min(bound, better.best_objective_bound)
            if second == cp_model.OPTIMAL or better.objective_value > solver.objective_value:
                code, best = second, better
    status = "optimal" if code == cp_model.OPTIMAL else "feasible"
    # Second, at that value, the fewest MPs spent with the units where the search put them, then moved
    # (the tie-break, tidy.py: it never does a task later, so never lowers the value).
    found = extract(best, data, variables, status)
    fewest, tidying = fewest_mps(data, found)
    plan = tidy(data, found, fewest)
    deterministic += tidying
    if status == "feasible":
        # The objective counts thousandths (models.engineers.value_points).
        plan = plan.model_copy(update={"bound": round(bound / 1000, 3)})
    ended = time.perf_counter()
    return EngineerResult(status, plan, built - started, ended - built, deterministic)


def _improve(
    model: cp_model.CpModel,
    first: cp_model.CpSolver,
    time_limit: float | None,
    work_limit: float | None,
    elapsed: float,
) -> tuple[cp_model.CpSolverStatus, cp_model.CpSolver] | None:
    """The proof did not finish within its share: the rest of the limits go to CP-SAT's portfolio of
    searches (large neighbourhoods, the linear relaxation among them) interleaved on the one worker,
    deterministically, started from the schedule found. On the benchmark's hardest position it found
    schedules worth far more than the core search alone, and a tighter bound. None when no limit is
    left (an unlimited search only stops once proven)."""
    rest_time = None if time_limit is None else time_limit - elapsed
    rest_work = _share(work_limit, 1 - PROOF_SHARE)
    if (rest_time is None and rest_work is None) or (rest_time is not None and rest_time <= 0):
        return None
    model.clear_hints()
    for index in range(len(model.proto.variables)):
        var = model.get_int_var_from_proto_index(index)
        model.add_hint(var, first.value(var))
    solver = base_solver(rest_time, rest_work)
    solver.parameters.interleave_search = True
    solver.parameters.linearization_level = 1
    code = solver.solve(model)
    if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return code, solver


def _share(limit: float | None, share: float) -> float | None:
    return None if limit is None else limit * share


def build_model(scenario: EngineerScenario) -> tuple[Prepared, cp_model.CpModel, EngineerVariables]:
    """The prepared data, and the model with every rule and the value to maximize."""
    data = prepare(scenario)
    model = cp_model.CpModel()
    variables = make_variables(model, data)
    add_engineers(model, data, variables)
    model.maximize(value_expression(data, variables))
    return data, model, variables
