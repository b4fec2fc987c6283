"""Engineers: one entry point, `solve_engineers(scenario) -> EngineerResult`."""

from __future__ import annotations

import time
from dataclasses import dataclass

from ortools.sat.python import cp_model

from models.engineers import EngineerPlan, EngineerScenario
from optimizer.rules.engineers.constraints import add_engineers
from optimizer.rules.engineers.extract import extract
from optimizer.rules.engineers.objective import add_objective
from optimizer.rules.engineers.prepare import prepare
from optimizer.rules.engineers.variables import make_variables


@dataclass(frozen=True)
class EngineerResult:
    status: str  # optimal, feasible, infeasible, unknown
    plan: EngineerPlan | None
    build_seconds: float
    solve_seconds: float


def solve_engineers(scenario: EngineerScenario, time_limit: float | None = None) -> EngineerResult:
    """The schedule of most value; `optimal` when proven. One search worker, so the same scenario
    gives the same schedule."""
    started = time.perf_counter()
    data = prepare(scenario)
    model = cp_model.CpModel()
    variables = make_variables(model, data)
    add_engineers(model, data, variables)
    add_objective(model, data, variables)
    built = time.perf_counter()
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    code = solver.solve(model)
    ended = time.perf_counter()
    if code == cp_model.INFEASIBLE:
        return EngineerResult("infeasible", None, built - started, ended - built)
    if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return EngineerResult("unknown", None, built - started, ended - built)
    status = "optimal" if code == cp_model.OPTIMAL else "feasible"
    return EngineerResult(status, extract(solver, data, variables, status), built - started, ended - built)
