"""Feasible/infeasible checks for the rule families' model-level tests (the CP-SAT Primer's
`AssertModelFeasible` and `AssertModelInfeasible`).

A test builds the turn model of a tiny scenario, fixes a decision with the family's
`fix(...)`, and asks whether the model accepts it. The checks are plain functions and,
under the same names, fixtures, so that test files need no import path to this module.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from ortools.sat.python import cp_model

from optimizer.turn.model import new_solver

TIME_LIMIT = 10.0  # seconds; these models solve in milliseconds
WORKERS = 1

ModelCheck = Callable[[cp_model.CpModel], None]
Verdict = Callable[[cp_model.CpModel, bool], None]


def solve_status(model: cp_model.CpModel) -> cp_model.CpSolverStatus:
    """The status of the model solved with the planner's own solver settings."""
    return new_solver(TIME_LIMIT, WORKERS).solve(model)


def status_name(status: cp_model.CpSolverStatus) -> str:
    return str(status.name)


def assert_feasible(model: cp_model.CpModel) -> None:
    """The model has a solution (OPTIMAL or FEASIBLE): the fixed decisions are allowed."""
    status = solve_status(model)
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE), (
        f"expected a feasible model, got {status_name(status)}"
    )


def assert_infeasible(model: cp_model.CpModel) -> None:
    """The model is proved INFEASIBLE: the fixed decisions break a rule."""
    status = solve_status(model)
    assert status == cp_model.INFEASIBLE, f"expected an infeasible model, got {status_name(status)}"


def assert_accepts(model: cp_model.CpModel, accepted: bool) -> None:
    """`assert_feasible` when `accepted`, else `assert_infeasible` (boundary pairs in one parametrized test)."""
    if accepted:
        assert_feasible(model)
    else:
        assert_infeasible(model)


@pytest.fixture(name="assert_feasible")
def assert_feasible_fixture() -> ModelCheck:
    return assert_feasible


@pytest.fixture(name="assert_infeasible")
def assert_infeasible_fixture() -> ModelCheck:
    return assert_infeasible


@pytest.fixture(name="assert_accepts")
def assert_accepts_fixture() -> Verdict:
    return assert_accepts
