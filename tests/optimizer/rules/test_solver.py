"""The solver every planner starts from (`optimizer.rules.solver`)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from optimizer.rules.engineers.solvers import base_solver, configured_solver
from optimizer.rules.mobilization.solve import _solver as mobilization_solver
from optimizer.rules.solver import deterministic_solver
from optimizer.turn.model import new_solver


def test_a_seed_is_fixed_and_inprocessing_is_off() -> None:
    solver = deterministic_solver()
    assert solver.parameters.num_workers == 1
    assert solver.parameters.random_seed == cp_model.CpSolver().parameters.random_seed
    assert not solver.parameters.use_sat_inprocessing
    assert deterministic_solver(2, seed=0).parameters.num_workers == 2
    assert deterministic_solver(seed=0).parameters.random_seed == 0


def test_every_planner_s_solver_starts_from_it() -> None:
    """The turn and the season (`new_solver`), the engineers and mobilization keep the setting; their own
    search settings come on top."""
    for solver in (
        new_solver(None, 1),
        base_solver(None, 30.0),
        configured_solver(None, 30.0),
        mobilization_solver(1.0),
    ):
        assert not solver.parameters.use_sat_inprocessing
        assert solver.parameters.num_workers == 1
    assert new_solver(None, 1).parameters.random_seed == 0
