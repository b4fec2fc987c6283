"""Which teams can have paid a task counted in MPs by each turn (`reachable.py`), from the article's
costs, and the redundant bound built on it cutting no schedule (issue 26)."""

from __future__ import annotations

from typing import Any

import pytest

from models.engineers import EngineerScenario
from models.engineers_generate import random_engineer_scenario
from optimizer.rules.engineers import constraints, solve, teams
from optimizer.rules.engineers.prepare import prepare
from optimizer.rules.engineers.reachable import completing_teams, most_work
from optimizer.rules.engineers.solvers import configured_solver


def rail_scenario(units: list[dict[str, Any]], weather: str = "clear", rail: str = "a") -> EngineerScenario:
    """Hexes a - b, 1 MP apart, in clear terrain; a broken rail line in `rail`; two turns."""
    return EngineerScenario.model_validate(
        {
            "kind": "engineers",
            "name": "rail",
            "turns": 2,
            "hexes": [{"id": h, "zone": "D", "broken_rail": h == rail} for h in "ab"],
            "neighbours": [{"hexes": ["a", "b"], "mps": 1}],
            "weather": {"D": [weather] * 2},
            "units": units,
            "tasks": [{"id": "rail", "kind": "repair_rail", "hex": rail, "value": 5}],
        }
    )


def regiment(name: str, mps: float, hex_id: str = "a") -> dict[str, Any]:
    return {"id": name, "type": "construction", "size": "regiment", "mps": mps, "hex": hex_id}


def test_rail_line_4_mps_takes_a_3_mp_regiment_two_turns():
    """Rail lines: "repair a rail line by expending 4 MPs in the hex"; the full cost may take more
    than one turn (Other repair issues). A regiment (one RE) of 3 MPs has paid 3 of the 4 by the end
    of turn 1 and all of them in turn 2."""
    data = prepare(rail_scenario([regiment("u", 3)]))
    task = data.tasks["rail"]
    assert most_work(data, task, "u", 1) * 4 == 3 * task.need  # 3 MPs of the 4
    assert completing_teams(data, "rail", 1) == []
    assert completing_teams(data, "rail", 2) == [frozenset({"u"})]


def test_the_path_to_the_task_comes_out_of_the_turn_s_mps():
    """A 4-MP regiment 1 MP from the rail line has 3 MPs left for it in turn 1 (4 needed, Rail lines),
    so it pays it in turn 2, not turn 1."""
    data = prepare(rail_scenario([regiment("u", 4, hex_id="b")]))
    assert completing_teams(data, "rail", 1) == []
    assert completing_teams(data, "rail", 2) == [frozenset({"u"})]


def test_two_res_each_pay_half_and_a_third_adds_nothing():
    """Quick Construction: "Two construction unit REs operating together each pay only half the MPs";
    "the maximum number of construction capable REs that may participate in a construction task is
    two". Two 2-MP regiments pay a 4-MP rail line in turn 1 together, neither alone. Three 1-MP
    regiments cannot: any two of them pay 2 MPs each, and a third RE has no effect."""
    data = prepare(rail_scenario([regiment("a1", 2), regiment("a2", 2)]))
    assert completing_teams(data, "rail", 1) == [frozenset({"a1", "a2"})]
    three = prepare(rail_scenario([regiment(f"r{i}", 1) for i in range(3)]))
    assert completing_teams(three, "rail", 1) == []
    assert len(completing_teams(three, "rail", 2)) == 3  # any two, 1 + 1 MPs each


def test_poor_weather_doubles_the_rail_line_to_8_mps():
    """Other repair issues: "all repair costs are doubled during poor weather ... a rail line, which
    normally costs 4 MPs, would instead cost 8 MPs". A 5-MP regiment pays it in turn 2 in mud, in
    turn 1 in clear weather."""
    assert completing_teams(prepare(rail_scenario([regiment("u", 5)], "mud")), "rail", 1) == []
    assert completing_teams(prepare(rail_scenario([regiment("u", 5)], "mud")), "rail", 2) == [
        frozenset({"u"})
    ]
    assert completing_teams(prepare(rail_scenario([regiment("u", 5)])), "rail", 1) == [frozenset({"u"})]


def _optimum(scenario: EngineerScenario) -> float:
    _, model, _ = solve.build_model(scenario)
    solver = configured_solver(60, None)
    assert solver.status_name(solver.solve(model)) == "OPTIMAL"
    return solver.objective_value


@pytest.mark.parametrize("seed", [3, 17, 29, 41, 58, 73])
def test_the_teams_in_reach_cut_no_schedule(seed, monkeypatch):
    """The bound is redundant: on generated positions (with the article's edges: civilian labour,
    railroad engineers, temporary airbases on the map, random settings) the proven optimum is the
    same with it and without it."""
    scenario = random_engineer_scenario(seed, units=3, tasks=5, turns=3, rows=3, columns=3, edges=True)
    with_bound = _optimum(scenario)
    monkeypatch.setattr(constraints, "add_teams_in_reach", lambda model, data, v: None)
    assert _optimum(scenario) == with_bound


def test_a_unit_pays_no_less_than_its_share_of_the_largest_team():
    """Quick Construction: "Two construction unit REs operating together each pay only half the MPs";
    at most two REs take part. Two 2-MP regiments and a 2-MP battalion by a 4-MP rail line (Rail lines):
    the largest team is two REs, where a regiment pays half the cost, 2 MPs, the least it pays in any
    team; the two regiments still pay it in turn 1, worth its value of 5 undiscounted."""
    battalion = dict(regiment("b", 2), size="battalion")
    scenario = rail_scenario([regiment("r1", 2), regiment("r2", 2), battalion])
    task = prepare(scenario).tasks["rail"]
    assert teams.share(task.need, 2, max(task.sizes), task.labour) * 2 == task.need
    assert _optimum(scenario) == 5 * 1000  # thousandths (models.engineers.value_points)


@pytest.mark.parametrize("seed", [2, 5, 9, 17, 29, 41])
def test_the_least_shares_cut_no_schedule(seed, monkeypatch):
    """The least shares (`constraints.add_least_shares`) are implied: on generated positions (with the
    article's edges; each of these has a task two or more units may share) the proven optimum is the same
    with them and without them."""
    scenario = random_engineer_scenario(seed, units=3, tasks=5, turns=3, rows=3, columns=3, edges=True)
    with_bound = _optimum(scenario)
    monkeypatch.setattr(constraints, "add_least_shares", lambda *args: None)
    assert _optimum(scenario) == with_bound
