"""The season's solve (`optimizer.season.solve`): what HiGHS, stopped at its limit on a stage, hands on."""

from pathlib import Path

import optimizer.turn.stages as stages
from models.io import load_scenario
from models.plan import Status
from optimizer.checker.season import check_season
from optimizer.rules.linear import VALUE_SCALE
from optimizer.season.objective import turn_weights
from optimizer.season.solve import solve_season

STALLS = Path(__file__).resolve().parents[3] / "benchmarks" / "positions" / "season_stalls.yaml"


def test_a_stage_highs_stops_on_keeps_its_plan_and_bound(monkeypatch):
    """No work thrown away (issue 26): the kept season whose first stage HiGHS proves in 23,969 nodes, given
    50 here and 8 seconds, ends unproven with a first stage worth at least the plan HiGHS stopped with and
    bounded by HiGHS's bound (CP-SAT searched on between the two from that plan), and the plan passes the
    independent season checker in every turn."""
    handed = []
    real = stages.prove

    def spy(*args, **kwargs):
        proof = real(*args, **kwargs)
        handed.append(proof)
        return proof

    monkeypatch.setattr(stages, "prove", spy)
    scenario = load_scenario(STALLS)
    solved = solve_season(scenario, time_limit=8.0, node_limit=50)
    stopped = handed[0]
    assert stopped is not None and stopped.stopped and stopped.better is not None
    assert solved.status is Status.FEASIBLE and solved.plan is not None
    # The value priority in the season's units: thousandths of a point, times the discount's scale.
    scale = VALUE_SCALE * turn_weights(scenario.season.discount, scenario.season.turns)[1]
    first = solved.plan.objective.stages[0]
    assert round(first.value * scale) >= stopped.better
    assert first.bound is not None and round(first.bound * scale) <= stopped.bound
    assert check_season(scenario, solved.plan) == []
