"""`awaw batch` over the other planners: engineers files (`kind: engineers`) as `awaw engineers`
plans them, scenarios with a `mobilization:` section as `awaw mobilize` (rule 14), each line naming
its kind, its plan the one that command prints with `--json`, and its errors as that command's."""

from __future__ import annotations

import json

import yaml
from typer.testing import CliRunner

import scenarios
from models.engineers_plan import EngineerPlan
from models.generate_mobilization import mobilization_scenario
from models.plan import Plan
from optimizer.batch.inputs import job_kind
from optimizer.batch.run import plan_many
from optimizer.cli import app
from tests.optimizer.batch.positions import records, write

runner = CliRunner()
ENGINEERS = scenarios.path("engineers/rail_and_airbase.yaml")
# A small engineers scenario (as tests/optimizer/cli/test_engineers.py's) for its errors.
ENGINEERS_BASE = """kind: engineers
name: small
turns: 1
hexes: [{id: a, terrain: clear, zone: D}]
weather: {D: [clear]}
units: [{id: cons, type: construction, size: regiment, mps: 5, hex: a}]
tasks: []
"""


def awaw(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def mobilization(**objective) -> dict:
    """Britain, 6 civilian and 2 military factories, two turns of rule 14 (six with a requirement),
    and a rule-27 part (Britain with 10 BRPs and nothing in its force pool)."""
    britain = {"britain": {"factories": {"civilian": 6, "military": 2}}}
    if objective:
        scenario = mobilization_scenario(britain, turns=6, objective=objective)
    else:
        scenario = mobilization_scenario(britain, turns=2)
    return scenario.model_dump(mode="json", by_alias=True, exclude_unset=True)


def test_each_kind_is_planned_as_its_command_prints_it(tmp_path):
    """Each line names its kind, and its plan is what `awaw engineers --json` / `awaw mobilize
    --json` / `awaw plan --json` prints, on one line by the same serializer."""
    both = write(tmp_path / "both.yaml", mobilization())
    out = tmp_path / "results.jsonl"
    assert awaw("batch", ENGINEERS, both, "--out", out, "--workers", 1).exit_code == 0
    got = records(out)
    assert [r["kind"] for r in got] == ["engineers", "mobilize"]
    assert [r["status"] for r in got] == ["optimal", "optimal"]

    printed = awaw("engineers", ENGINEERS, "--json")
    assert printed.exit_code == 0
    assert (
        f'"plan":{EngineerPlan.model_validate_json(printed.stdout).model_dump_json()},'
        in (out.read_text(encoding="utf-8").splitlines()[0])
    )
    assert EngineerPlan.model_validate(got[0]["plan"]).model_dump_json(indent=2) + "\n" == printed.stdout
    assert got[0]["objective"] == got[0]["plan"]["value"]

    printed = awaw("mobilize", both, "--json")
    assert printed.exit_code == 0
    assert json.dumps(got[1]["plan"], indent=2) + "\n" == printed.stdout
    assert got[1]["objective"] == got[1]["plan"]["objective"]

    # The same scenario asked for its rule-27 plan: as `awaw plan --json` prints it.
    planned = tmp_path / "planned.jsonl"
    assert awaw("batch", both, "--out", planned, "--planner", "plan", "--workers", 1).exit_code == 0
    (line,) = records(planned)
    assert line["kind"] == "plan"
    printed = awaw("plan", both, "--json")
    assert Plan.model_validate(line["plan"]).model_dump_json(indent=2) + "\n" == printed.stdout


def test_the_kind_of_a_scenario_with_both_a_position_and_a_mobilization_section():
    data = mobilization()
    assert job_kind(data) == "mobilize"  # auto: the section is there to be planned
    assert job_kind(data, "plan") == "plan"
    assert job_kind({"name": "x", "powers": {}}) == "plan"
    assert job_kind({"name": "x", "powers": {}}, "mobilize") == "mobilize"
    assert job_kind({"kind": "engineers"}, "plan") == "engineers"  # an engineers file is always one


def test_errors_of_each_kind_are_results_with_the_commands_codes(tmp_path):
    """Engineers: a negative MP allowance is bad input (exit 2), a required fort with no resource
    point cannot be done (exit 1). Mobilization: 14.736 B, Britain cannot have mobilized four armor
    without research (exit 1); `--planner mobilize` on a scenario without the section is bad input,
    as `awaw mobilize` says."""
    bad = tmp_path / "bad_engineers.yaml"
    bad.write_text(ENGINEERS_BASE.replace("mps: 5", "mps: -2"), encoding="utf-8")
    fort = tmp_path / "fort.yaml"
    fort.write_text(
        ENGINEERS_BASE.replace("tasks: []", "tasks: [{id: f, kind: fort, hex: a, value: 1, required: true}]"),
        encoding="utf-8",
    )
    armor = write(
        tmp_path / "armor.yaml",
        mobilization(minimum=[{"power": "britain", "unit": "armor", "count": 3, "by_turn": 5}]),
    )
    out = tmp_path / "results.jsonl"
    result = awaw("batch", bad, fort, armor, "--out", out, "--workers", 1)
    assert result.exit_code == 1
    got = records(out)
    assert [(r["kind"], r["status"], r["error"]["exit_code"]) for r in got] == [
        ("engineers", "bad_input", 2),
        ("engineers", "infeasible", 1),
        ("mobilize", "infeasible", 1),
    ]
    assert got[0]["error"]["message"].startswith(f"{bad}:")
    assert "units[0].mps" in got[0]["error"]["message"]
    assert got[1]["error"]["message"] == (
        f"{fort}: the required tasks cannot all be done\n"
        "  f: refused by Permanent Airbases and Forts: no overland supply line to a resource point"
    )
    assert got[2]["error"]["message"].startswith(f"{armor}: the requirements cannot all be met")
    assert "14.736 B" in got[2]["error"]["message"]

    plain = scenarios.path()
    forced = tmp_path / "forced.jsonl"
    assert awaw("batch", plain, "--out", forced, "--planner", "mobilize", "--workers", 1).exit_code == 1
    (line,) = records(forced)
    assert (line["kind"], line["status"]) == ("mobilize", "bad_input")
    assert line["error"]["message"] == (
        f"{plain}: a turn scenario with no mobilization: section (rule 14): plan it with awaw plan {plain}"
    )


def test_plan_many_takes_engineers_scenarios_and_names_the_kind():
    data = yaml.safe_load(ENGINEERS.read_text(encoding="utf-8"))
    (result,) = plan_many([data], workers=1)
    assert (result.kind, result.status) == ("engineers", "optimal")
    assert EngineerPlan.model_validate(result.plan).value == result.record["objective"]
