"""Every bundled scenario loads, solves to a proven optimum, and its plan passes the checker."""

import pytest

import scenarios
from models.io import load_scenario
from models.plan import Status
from optimizer.checker import check
from optimizer.planners.position import solve

BUNDLED = scenarios.bundled()


def test_at_least_five_scenarios_and_the_default():
    names = {p.name for p in BUNDLED}
    assert len(names) >= 5
    assert scenarios.DEFAULT in names


@pytest.mark.parametrize("path", BUNDLED, ids=[p.stem for p in BUNDLED])
def test_bundled_scenario_plan_is_optimal_and_legal(path):
    scenario = load_scenario(path)
    result = solve(scenario)
    assert result.status is Status.OPTIMAL, result.explanation
    assert result.plan.objective.gap == 0
    assert check(scenario, result.plan) == []
    assert result.plan.builds, "a bundled position should build something"


@pytest.mark.parametrize("path", BUNDLED, ids=[p.stem for p in BUNDLED])
def test_bundled_scenario_plan_is_deterministic(path):
    scenario = load_scenario(path)
    assert solve(scenario).plan.model_dump_json() == solve(scenario).plan.model_dump_json()
