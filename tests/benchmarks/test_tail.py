"""benchmarks/tail.py's split of a position's CPU (`--split`): every solver call counted, nothing left patched."""

import pytest
from ortools.sat.python import cp_model

from benchmarks.tail import SPLIT, run_one
from optimizer.turn import stages as turn_stages


def test_split_counts_the_solver_calls_and_restores_them():
    solve, prove = cp_model.CpSolver.solve, turn_stages.prove
    row = run_one("grants", 5, split=True)
    assert set(row["split"]) == set(SPLIT)
    assert row["split"]["one call"] + row["split"]["one stage"] > 0  # the solves were timed
    assert row["split"]["rest"] >= 0
    assert sum(row["split"].values()) == pytest.approx(row["cpu"], abs=1e-3)
    assert (cp_model.CpSolver.solve, turn_stages.prove) == (solve, prove)


def test_no_split_unless_asked():
    assert "split" not in run_one("grants", 5)
