"""Small scenarios built in code, for tests whose numbers come from the rules text."""

from __future__ import annotations

import copy
import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import settings
from ortools.sat.python import cp_model

from models.scenario import Scenario

# The property tests draw the same examples on every run: the suite is the README's test command and CI's,
# and some generated positions take minutes to prove (a three-turn season with 15 force pool entries drawn
# on one run: HiGHS stopped at its 20,000 nodes after 47 s, and CP-SAT went on alone for minutes, in C++,
# where pytest-timeout's signal cannot stop it), so a new draw could stall a run that passed before.
# `HYPOTHESIS_PROFILE=explore` draws new examples each run, to look for such positions on purpose.
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


class AbortingSettings(AssertionError):
    """A CP-SAT solve asked to search with settings that OR-Tools 9.15 may abort the process on."""


def refuse_aborting_settings(solver: cp_model.CpSolver) -> None:
    """`fill_tightened_domains_in_response` on a search (not stopped after presolve): OR-Tools 9.15 then
    aborts the process on some models solved from a hint, "Infeasible solution! source: 'main [hint]'"
    (OR-Tools issue 5001; it did so on the re-solves of `--alternatives`, `optimizer/turn/prove.py`'s
    trials). An abort is no exception a player's command can report, so no planner may ask for it."""
    parameters = solver.parameters
    if parameters.fill_tightened_domains_in_response and not parameters.stop_after_presolve:
        raise AbortingSettings("fill_tightened_domains_in_response on a search")


@pytest.fixture(autouse=True)
def no_aborting_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every CP-SAT solve the tests make in their own process is checked first
    (`refuse_aborting_settings`)."""
    real = cp_model.CpSolver.solve

    def checked(solver: cp_model.CpSolver, *args: Any, **kwargs: Any) -> cp_model.CpSolverStatus:
        refuse_aborting_settings(solver)
        return real(solver, *args, **kwargs)

    monkeypatch.setattr(cp_model.CpSolver, "solve", checked)


BASE: dict[str, Any] = {
    "name": "test position",
    "turn": {"season": "spring", "year": 1942},
    "faction": "european_axis",
    "powers": {},
}

# A power with ample BRPs and a limit far above its force pool unless a test says otherwise.
POWER: dict[str, Any] = {"brps": 300, "brp_base": 600, "force_pool": []}


def merge(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def make_scenario(powers: dict[str, dict[str, Any]], **fields: Any) -> Scenario:
    """A scenario with the given powers (each merged over POWER) and top-level fields."""
    data = merge(BASE, fields)
    data["powers"] = {name: merge(POWER, state) for name, state in powers.items()}
    return Scenario.model_validate(data)


@pytest.fixture
def scenario_of() -> Callable[..., Scenario]:
    return make_scenario
