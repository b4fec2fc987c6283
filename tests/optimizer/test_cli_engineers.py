"""`awaw engineers`: the schedule as tables and JSON, exit codes for bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import scenarios
from models.engineers import EngineerPlan, load_engineer_scenario
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
