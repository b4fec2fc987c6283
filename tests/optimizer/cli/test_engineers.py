"""`awaw engineers`: the schedule as tables and JSON, exit codes for bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import scenarios
from models.engineers import load_engineer_scenario
from models.engineers_plan import EngineerPlan
from optimizer.checker.engineers import check_engineers
from optimizer.cli import app

runner = CliRunner()
BUNDLED = scenarios.path("engineers/rail_and_airbase.yaml")


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_engineers_prints_schedule_and_tasks():
    result = run("engineers", BUNDLED)
    assert result.exit_code == 0, result.output
    assert "Schedule (Europa engineers)" in result.output
    assert "Status optimal" in result.output


def test_engineers_json_passes_the_checker_and_is_byte_identical():
    first = run("engineers", BUNDLED, "--json")
    second = run("engineers", BUNDLED, "--json")
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    plan = EngineerPlan.model_validate(json.loads(first.output))
    assert check_engineers(load_engineer_scenario(BUNDLED), plan) == []


def test_engineers_horizon_shortens_the_plan():
    result = run("engineers", BUNDLED, "--json", "--horizon", "2")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["turns"] == 2


BASE = """kind: engineers
name: bad
turns: 1
hexes: [{id: a, terrain: clear, zone: D}]
weather: {D: [clear]}
units: [{id: cons, type: construction, size: regiment, mps: 5, hex: a}]
tasks: []
"""


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("hex: a}", "hex: nowhere}", "units[0].hex: hex 'nowhere' does not exist"),
        ("mps: 5", "mps: -2", "units[0].mps"),
        ("terrain: clear", "terrain: lava", "hexes[0].terrain"),
    ],
)
def test_bad_input_exits_2_naming_file_and_field(tmp_path, old, new, words):
    path = tmp_path / "bad.yaml"
    path.write_text(BASE.replace(old, new), encoding="utf-8")
    result = run("engineers", path)
    assert result.exit_code == 2
    assert "bad.yaml" in result.output
    assert words in result.output
    assert "Traceback" not in result.output


def test_missing_file_exits_2(tmp_path):
    result = run("engineers", tmp_path / "none.yaml")
    assert result.exit_code == 2
    assert "none.yaml" in result.output


def test_horizon_past_the_weather_exits_2():
    """Weather per zone and turn must cover the turns planned."""
    result = run("engineers", BUNDLED, "--horizon", "9")
    assert result.exit_code == 2
    assert "turns given" in result.output  # weather.<zone>: the turns given do not cover the horizon


def test_required_task_that_cannot_be_done_exits_1(tmp_path):
    """A required fort with no resource point: refused (Permanent Airbases and Forts), so exit 1."""
    path = tmp_path / "required.yaml"
    path.write_text(
        BASE.replace("tasks: []", "tasks: [{id: f, kind: fort, hex: a, value: 1, required: true}]")
    )
    result = run("engineers", path)
    assert result.exit_code == 1
    assert "required" in result.output
    assert "f: refused by Permanent Airbases and Forts: no overland supply line to a resource point" in (
        result.output
    )


RAILS = """kind: engineers
name: rails
turns: 1
hexes:
  - {id: a, terrain: clear, zone: D, broken_rail: true}
  - {id: b, terrain: clear, zone: D, broken_rail: true}
  - {id: c, terrain: clear, zone: D, broken_rail: true}
neighbours: [{hexes: [a, b], mps: 1}, {hexes: [b, c], mps: 1}]
weather: {D: [clear]}
units: [{id: cons, type: construction, size: regiment, mps: 5, hex: a}]
tasks:
  - {id: rail-a, kind: repair_rail, hex: a, value: 1, required: true}
  - {id: rail-b, kind: repair_rail, hex: b, value: 1, required: true}
  - {id: rail-c, kind: repair_rail, hex: c, value: 1}
"""


def test_required_tasks_that_cannot_both_be_done_are_named(tmp_path):
    """Rail lines: 4 MPs each. A 5-MP regiment repairs the rail in its hex (4), or moves 1 and repairs the
    next (1 + 4 = 5), but not both in one turn (4 + 1 + 4 = 9)."""
    path = tmp_path / "rails.yaml"
    path.write_text(RAILS)
    result = run("engineers", path)
    assert result.exit_code == 1
    assert "rail-a and rail-b cannot both be done, though each alone can" in result.output


def test_required_task_no_unit_can_reach_in_time_is_named(tmp_path):
    """Rail lines: 4 MPs. Two hexes away (2 MPs) the 5-MP regiment has 3 left, short of the 4 needed."""
    path = tmp_path / "rails.yaml"
    path.write_text(
        RAILS.replace("hex: b, value: 1, required: true}", "hex: b, value: 1}").replace(
            "hex: c, value: 1}", "hex: c, value: 1, required: true}"
        )
    )
    result = run("engineers", path)
    assert result.exit_code == 1
    assert "rail-c: no construction unit can do it by turn 1" in result.output
    assert "rail-a" not in result.output.split("cannot all be done")[1]


def test_explanations_feasibility_test_makes_only_the_tasks_given_required(tmp_path):
    """`can_all_be_done` ignores the scenario's required flags: each rail alone can be done, not both."""
    from optimizer.rules.engineers.explain import can_all_be_done
    from optimizer.rules.engineers.prepare import prepare

    path = tmp_path / "rails.yaml"
    path.write_text(RAILS)
    data = prepare(load_engineer_scenario(path))
    assert can_all_be_done(data, ["rail-a"]).possible
    assert can_all_be_done(data, ["rail-b"]).possible
    assert can_all_be_done(data, []).possible
    assert not can_all_be_done(data, ["rail-a", "rail-b"]).possible


def _planned(tmp_path):
    """The bundled scenario's schedule as `awaw engineers --json` writes it, and its path."""
    result = run("engineers", BUNDLED, "--json")
    assert result.exit_code == 0, result.output
    path = tmp_path / "schedule.json"
    path.write_text(result.output)
    return json.loads(result.output), path


def test_check_accepts_the_planned_schedule(tmp_path):
    _, path = _planned(tmp_path)
    result = run("engineers", BUNDLED, "--check", path)
    assert result.exit_code == 0, result.output
    assert "keeps the rules" in result.output


def test_check_catches_a_move_past_the_mps(tmp_path):
    """Tampered: a unit spends more MPs than it has (Other repair issues: MPs a turn, carried over
    only as work). The cons III (5 MPs) is given 10 MPs of work on the rail line at the junction."""
    plan, path = _planned(tmp_path)
    line = next(x for x in plan["schedule"] if x["unit"] == "cons_iii" and x["turn"] == 1)
    line["work"] = [*line["work"], {"task": "rail_crossing", "mps": 10.0}]
    path.write_text(json.dumps(plan))
    result = run("engineers", BUNDLED, "--check", path)
    assert result.exit_code == 1
    assert "Europa engineers, Other repair issues: violates" in result.output


def test_check_catches_a_bridge_repaired_from_afar(tmp_path):
    """Tampered: Bridges, "The engineer units must be in a hex adjacent to the bridge hexside". The
    cons II, in the harbour, is given MPs on the river bridge between the crossing and the far bank."""
    plan, path = _planned(tmp_path)
    line = next(x for x in plan["schedule"] if x["unit"] == "cons_ii" and x["turn"] == 1)
    assert line["move_to"] == "harbour"
    line["work"] = [{"task": "bridge", "mps": 1.0}]
    line["mps_left"] = line["mps_available"] - line["move_mps"] - 1.0
    path.write_text(json.dumps(plan))
    result = run("engineers", BUNDLED, "--check", path)
    assert result.exit_code == 1
    assert "Europa engineers, Bridges: violates: 'cons_ii' works on 'bridge' from 'harbour'" in result.output


def test_check_catches_a_claimed_value(tmp_path):
    """Tampered: the plan claims more value than its schedule is worth."""
    plan, path = _planned(tmp_path)
    plan["value"] = plan["value"] + 5
    path.write_text(json.dumps(plan))
    result = run("engineers", BUNDLED, "--check", path)
    assert result.exit_code == 1
    assert "the schedule's own figures are wrong" in result.output


def test_check_of_an_unreadable_schedule_exits_2(tmp_path):
    path = tmp_path / "schedule.json"
    path.write_text('{"status": "optimal", "value": 1, "turns": 6, "schedule": [{"turn": 1}], "tasks": []}')
    result = run("engineers", BUNDLED, "--check", path)
    assert result.exit_code == 2
    assert "schedule.json" in result.output
    assert "schedule[0]" in result.output or "schedule.0" in result.output


def test_engineers_work_limit_reports_the_bound_of_an_unproven_schedule(tmp_path):
    from models.engineers_generate import random_engineer_scenario

    hard = random_engineer_scenario(61002, units=6, tasks=12, turns=6, rows=5, columns=6)
    path = tmp_path / "hard.yaml"
    path.write_text(hard.model_dump_json(exclude_defaults=True))  # JSON is YAML
    text = run("engineers", path, "--work-limit", "0.5")
    assert text.exit_code == 0, text.output
    assert "Status feasible" in text.output
    assert "not proven best" in text.output and "no schedule is worth more than" in text.output
    first = run("engineers", path, "--work-limit", "0.5", "--json")
    second = run("engineers", path, "--work-limit", "0.5", "--json")
    assert first.output == second.output
    plan = EngineerPlan.model_validate(json.loads(first.output))
    assert plan.bound is not None and plan.value <= plan.bound
    assert check_engineers(hard, plan) == []


def test_check_of_a_line_past_the_horizon_exits_2_naming_the_line(tmp_path):
    """A schedule with a line for turn 7 of the bundled scenario's 6 turns is bad input: exit 2 with
    FILE:LINE: field: problem, never a KeyError traceback."""
    plan, path = _planned(tmp_path)
    plan["schedule"].append(dict(plan["schedule"][-1], turn=7))
    text = json.dumps(plan, indent=2)
    path.write_text(text)
    result = run("engineers", BUNDLED, "--check", path)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    index = len(plan["schedule"]) - 1
    # The line of the last `"turn": 7` key in the file.
    line = next(n for n, row in reversed(list(enumerate(text.splitlines(), start=1))) if '"turn": 7' in row)
    assert (
        f"{path}:{line}: schedule[{index}].turn: turn 7 is outside the scenario's turns 1 to 6"
        in " ".join(result.output.split())
    )
