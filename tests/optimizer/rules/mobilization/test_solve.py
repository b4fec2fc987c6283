"""The mobilization schedule: optimal, legal, deterministic; impossible requirements name their rule."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import scenarios
from models.generate_mobilization import mobilization_scenario
from models.io import load_scenario
from models.mobilization import MobilizedUnit
from models.tables import Power
from optimizer.checker.mobilization import check_mobilization, schedule_value
from optimizer.cli import app
from optimizer.rules.mobilization.handover import reserve_by_turn, seed_force_pool
from optimizer.rules.mobilization.solve import Infeasible, solve_mobilization

BUNDLED = scenarios.path("gathering_storm_mobilization.yaml")


MOBILIZATION_SCENARIOS = [p for p in scenarios.bundled() if "mobilization" in p.stem]


def test_two_bundled_mobilization_scenarios():
    assert {p.name for p in MOBILIZATION_SCENARIOS} == {
        "gathering_storm_mobilization.yaml",
        "western_allies_mobilization_1940.yaml",
    }


@pytest.mark.parametrize("path", MOBILIZATION_SCENARIOS, ids=[p.stem for p in MOBILIZATION_SCENARIOS])
def test_bundled_schedule_is_optimal_legal_and_deterministic(path):
    scenario = load_scenario(path)
    result = solve_mobilization(scenario)
    assert result.status == "optimal"
    assert check_mobilization(scenario, result.schedule) == []
    assert result.schedule.objective == pytest.approx(schedule_value(scenario, result.schedule), abs=0.01)
    again = solve_mobilization(load_scenario(path))
    assert again.schedule.model_dump_json() == result.schedule.model_dump_json()


def test_britain_four_armor_without_research_is_blocked_by_14_736_b():
    """14.736 B: Britain cannot have mobilized four armor (three with the initial one) without research."""
    scenario = mobilization_scenario(
        {"britain": {"factories": {"civilian": 6, "military": 2}}},
        turns=6,
        objective={"minimum": [{"power": "britain", "unit": "armor", "count": 3, "by_turn": 5}]},
    )
    with pytest.raises(Infeasible) as info:
        solve_mobilization(scenario)
    assert any(item.startswith("14.736 B") for item in info.value.blocking)
    assert any(item.startswith("requirement britain") for item in info.value.blocking)


def test_britain_with_research_gets_its_armor_14_736_b():
    scenario = mobilization_scenario(
        {"britain": {"factories": {"civilian": 6, "military": 2}, "armor_research_turn": 0}},
        turns=6,
        objective={"minimum": [{"power": "britain", "unit": "armor", "count": 3, "by_turn": 5}]},
    )
    result = solve_mobilization(scenario)
    assert check_mobilization(scenario, result.schedule) == []
    armor = sum(step.created.armor for step in result.schedule.steps)
    assert armor >= 3


def test_delays_move_arrivals_14_81():
    """14.81: with an armor delay of 2, armor mobilized in turn t reaches the reserve in turn t + 2."""
    scenario = mobilization_scenario(
        {"russia": {"factories": {"idle": 1}}}, turns=1, delays={"armor": 2, "infantry": 1, "air": 0}
    )
    result = solve_mobilization(scenario)
    (step,) = [s for s in result.schedule.steps if s.created.total()]
    assert {(a.unit, a.turn) for a in step.arrivals} == {
        (MobilizedUnit.ARMOR, step.turn + 2),
        (MobilizedUnit.INFANTRY, step.turn + 1),
        (MobilizedUnit.AIR, step.turn),
    }


def test_hand_over_to_the_force_pool_14_82():
    """14.82: the reserve units by a turn become allowable builds in the planned powers' force pools."""
    scenario = load_scenario(BUNDLED)
    result = solve_mobilization(scenario)
    last = result.schedule.horizon - 1
    reserve = reserve_by_turn(scenario, result.schedule, last)
    seeded, problems = seed_force_pool(scenario, result.schedule, last)
    britain_air = reserve[Power.BRITAIN].get(MobilizedUnit.AIR, 0)
    assert britain_air > 0
    pool = {e.id: e.count for e in seeded.powers[Power.BRITAIN].force_pool}
    assert pool["air-5-4"] == britain_air
    assert any(p.startswith("germany") for p in problems)  # Germany is not planned under rule 27 here


runner = CliRunner()


def test_cli_mobilize_json_is_deterministic(tmp_path):
    first = runner.invoke(app, ["mobilize", str(BUNDLED), "--json", "--horizon", "10"])
    second = runner.invoke(app, ["mobilize", str(BUNDLED), "--json", "--horizon", "10"])
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["format"] == "awaw-mobilization/1" and data["horizon"] == 10


def test_cli_mobilize_writes_the_force_pool(tmp_path):
    out = tmp_path / "seeded.yaml"
    result = runner.invoke(app, ["mobilize", str(BUNDLED), "--force-pool-out", str(out)])
    assert result.exit_code == 0, result.output
    seeded = load_scenario(out)
    assert any(e.id == "air-5-4" for e in seeded.powers[Power.BRITAIN].force_pool)


def test_cli_mobilize_without_section_exits_2(tmp_path):
    plain = scenarios.path()
    result = runner.invoke(app, ["mobilize", str(plain)])
    assert result.exit_code == 2
    assert "mobilization" in result.output and str(plain) in result.output


def test_cli_mobilize_bad_horizon_exits_2():
    result = runner.invoke(app, ["mobilize", str(BUNDLED), "--horizon", "40"])
    assert result.exit_code == 2
    assert "mobilization.turns" in result.output


def test_cli_mobilize_bad_field_exits_2(tmp_path):
    text = BUNDLED.read_text().replace("delays: {armor: 2,", "delays: {armor: -1,")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    result = runner.invoke(app, ["mobilize", str(bad)])
    assert result.exit_code == 2
    assert "bad.yaml" in result.output and "mobilization.delays.armor" in result.output


def test_cli_mobilize_impossible_requirement_exits_1_naming_the_rule(tmp_path):
    text = BUNDLED.read_text().replace(
        "{power: britain, unit: armor, count: 1, by_turn: 11}",
        "{power: britain, unit: armor, count: 3, by_turn: 11}",
    )
    bad = tmp_path / "four_armor.yaml"
    bad.write_text(text)
    result = runner.invoke(app, ["mobilize", str(bad)])
    assert result.exit_code == 1
    assert "14.736 B" in result.output


def _russia_choice(priorities: list[str]) -> object:
    """One idle Russian factory, 1936 (cost 9 of 20 tile points): mobilizing creates three units worth 1
    each; a tile point kept is worth 1."""
    return mobilization_scenario(
        {"russia": {"factories": {"idle": 1}}},
        turns=1,
        objective={
            "values": {"armor": 1, "infantry": 1, "air": 1, "shipbuilding": 0},
            "maintenance_value": 0,
            "tile_point_value": 1,
            "priorities": priorities,
        },
    )


def test_weighted_sum_keeps_the_tile_points():
    """Without priorities: keeping 9 tile points (9) beats three units (3) and 11 tile points kept."""
    result = solve_mobilization(_russia_choice([]))
    assert [s.conversion.value for s in result.schedule.steps] == ["none"]
    assert result.schedule.objective == pytest.approx(20)


def test_priorities_units_first_mobilizes():
    """Priorities units, then tile points: three units first (14.751), then the 11 tile points left."""
    result = solve_mobilization(_russia_choice(["units", "tile_points"]))
    assert [s.conversion.value for s in result.schedule.steps] == ["idle_to_military"]
    assert result.schedule.stages == {"units": 3, "tile_points": 11}


def test_cli_check_accepts_the_planned_schedule_and_names_breaches(tmp_path):
    """`awaw mobilize --check`: the planned schedule is legal; two German armor units in one turn
    break 14.713 A."""
    planned = runner.invoke(app, ["mobilize", str(BUNDLED), "--json"])
    good = tmp_path / "good.json"
    good.write_text(planned.stdout)
    assert runner.invoke(app, ["mobilize", str(BUNDLED), "--check", str(good)]).exit_code == 0
    data = json.loads(planned.stdout)
    step = next(s for s in data["steps"] if s["power"] == "germany" and s["mobilization_number"])
    step["created"] = {"armor": 2, "infantry": 0, "air": 1, "shipbuilding": 0}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["mobilize", str(BUNDLED), "--check", str(bad)])
    assert result.exit_code == 1
    assert "14.713 A" in result.output


def test_requirement_past_the_horizon_is_reported_as_such(tmp_path):
    """Regression: a requirement dated turn 11 with --horizon 4 was reported as blocked by "14.31
    mobilization cost" and "14.7 units each mobilization creates"; its turn lies past the horizon."""
    result = runner.invoke(app, ["mobilize", str(BUNDLED), "--horizon", "4"])
    assert result.exit_code == 1
    assert "turn 11 lies past the horizon (turns 0-3 planned)" in result.output
    assert "14.31" not in result.output


def test_maintenance_saved_is_reported_per_military_factory_14_62():
    """14.62: each military factory saves one maintenance point. Germany starts with three (14.92: three
    mobilizations) and gains one with each mobilization of the schedule, from its turn."""
    scenario = load_scenario(BUNDLED)
    schedule = solve_mobilization(scenario).schedule
    german = [m for m in schedule.maintenance if m.power is Power.GERMANY]
    assert len(german) == schedule.horizon
    made = 3
    for line in german:
        step = next(s for s in schedule.steps if s.power is Power.GERMANY and s.turn == line.turn)
        made += step.mobilization_number is not None
        assert line.military_factories == line.points == made
    assert german[0].points == 4  # the spring 1936 mobilization (mobilization 4) saves from its turn


def test_a_power_that_cannot_mobilize_is_told_why_14_12():
    """A schedule never plans nothing without saying why: Germany with no idle or civilian factory left
    mobilizes nowhere, and the schedule names 14.12 (no factory is created)."""
    scenario = mobilization_scenario({"germany": {"factories": {}}}, turns=2)
    schedule = solve_mobilization(scenario).schedule
    assert not any(s.mobilization_number for s in schedule.steps)
    (note,) = schedule.notes
    assert note.startswith("germany: no mobilization is possible") and "14.12" in note


def test_a_power_that_chooses_not_to_mobilize_is_told_why():
    """With every unit worth nothing and maintenance worth nothing, Russia may mobilize but does not: the
    note says the objective chose so."""
    scenario = mobilization_scenario(
        {"russia": {"factories": {"idle": 1}}},
        turns=1,
        objective={
            "values": {"armor": 0, "infantry": 0, "air": 0, "shipbuilding": 0},
            "maintenance_value": 0,
        },
    )
    (note,) = solve_mobilization(scenario).schedule.notes
    assert "one was possible" in note


def test_a_power_s_own_delays_set_its_arrivals_14_81_14_83():
    """14.81: units wait from mobilization to the turn they may be built; 14.83: the delays are A World
    at War's, which may differ by power. With the section's armor delay of 1 and France's own of 3, each
    power's armor mobilized in turn 0 reaches the reserve in turn 1 (Germany) and turn 3 (France), and
    the schedule passes the checker."""
    scenario = mobilization_scenario(
        {
            "germany": {"factories": {"civilian": 1}},
            "france": {"factories": {"civilian": 1}, "delays": {"armor": 3}},
        },
        turns=1,
        delays={"armor": 1, "infantry": 1, "air": 1},
    )
    schedule = solve_mobilization(scenario).schedule
    arrivals = {
        (step.power, a.unit): a.turn
        for step in schedule.steps
        for a in step.arrivals
        if a.unit is MobilizedUnit.ARMOR
    }
    assert arrivals == {(Power.GERMANY, MobilizedUnit.ARMOR): 1, (Power.FRANCE, MobilizedUnit.ARMOR): 3}
    assert check_mobilization(scenario, schedule) == []


def test_units_in_delay_meet_a_requirement_without_mobilizing_14_81():
    """14.81: an armor unit in its delay at the start reaching the reserve in turn 1 meets "one armor by
    turn 1" though no tile point allows a mobilization."""
    scenario = mobilization_scenario(
        {
            "france": {
                "factories": {"civilian": 1},
                "tile_points": [0, 0],
                "in_delay": [{"unit": "armor", "count": 1, "arrives": 1}],
            }
        },
        turns=2,
        delays={"armor": 2, "infantry": 1, "air": 1},
        objective={"minimum": [{"power": "france", "unit": "armor", "count": 1, "by_turn": 1}]},
    )
    result = solve_mobilization(scenario)
    assert check_mobilization(scenario, result.schedule) == []
    assert [(a.turn, a.unit, a.count) for a in result.schedule.reserve_additions] == [
        (1, MobilizedUnit.ARMOR, 1)
    ]


def test_western_allies_france_keeps_within_its_counter_mix_14_61_14_743():
    """Regression: in the bundled 1940-1941 scenario France mobilized a third armor after its additions
    had used both armor counters. Its counter mix holds 2 armor, 3 infantry and 2 air: every unit it
    creates, mobilized or added (14.743), takes one."""
    scenario = load_scenario(scenarios.path("western_allies_mobilization_1940.yaml"))
    schedule = solve_mobilization(scenario).schedule
    taken = {u: 0 for u in (MobilizedUnit.ARMOR, MobilizedUnit.INFANTRY, MobilizedUnit.AIR)}
    for step in schedule.steps:
        if step.power is Power.FRANCE:
            for unit in taken:
                taken[unit] += step.created.of(unit) + (step.addition is unit)
    assert (
        taken[MobilizedUnit.ARMOR] <= 2
        and taken[MobilizedUnit.INFANTRY] <= 3
        and taken[MobilizedUnit.AIR] <= 2
    )
