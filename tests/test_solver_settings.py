"""The settings every CP-SAT solve of the suite is checked against (`tests/conftest.py`)."""

from __future__ import annotations

import pytest
from ortools.sat.python import cp_model

from optimizer.season.solve import tighten_domains


def small_model() -> cp_model.CpModel:
    """x + y <= 3 over 0..3 each, maximize x + 2y: the best is y = 3 (6)."""
    model = cp_model.CpModel()
    x, y = model.new_int_var(0, 3, "x"), model.new_int_var(0, 3, "y")
    model.add(x + y <= 3)
    model.maximize(x + 2 * y)
    return model


def test_a_search_asked_for_its_tightened_domains_is_refused() -> None:
    solver = cp_model.CpSolver()
    solver.parameters.fill_tightened_domains_in_response = True
    with pytest.raises(AssertionError, match="fill_tightened_domains_in_response on a search"):
        solver.solve(small_model())


def test_a_solve_without_them_runs() -> None:
    solver = cp_model.CpSolver()
    assert solver.solve(small_model()) == cp_model.OPTIMAL
    assert solver.objective_value == 6


def test_the_season_s_presolve_reads_them_and_runs() -> None:
    """`tighten_domains` asks for them with `stop_after_presolve` only, which does not abort: with y >= 2
    too, x + y <= 3 leaves x in 0..1, and y in 2..3."""
    model = small_model()
    y = model.get_int_var_from_proto_index(1)
    model.add(y >= 2)
    tighten_domains(model)
    assert [list(v.domain) for v in model.proto.variables] == [[0, 1], [2, 3]]
