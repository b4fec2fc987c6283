"""The same surface for every kind of question: one JSON shape when no plan can be made, a file of another
kind refused in one line naming the command that plans it, the same checks on every command's limits and
files, help printed as written, and a schema for every scenario kind."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner
from typer.testing import Result as Run

import scenarios
from models import engineers
from models.plan import Status
from optimizer.cli import app
from optimizer.planners import PLANNERS, Result, planner_for

runner = CliRunner()
ENGINEERS = scenarios.path("engineers/rail_and_airbase.yaml")
DEFAULT = scenarios.path()
MOBILIZATION = scenarios.path("gathering_storm_mobilization.yaml")
SW = scenarios.path("western_allies_1943_sw.yaml")
FAILURE_FIELDS = {"scenario", "status", "message", "explanation", "rules"}

# Required tasks the article lets no unit do: the rail line needs 4 MPs (Rail Lines), and the only
# construction regiment, with 5 MPs, spends 2 reaching it.
UNREACHABLE = """kind: engineers
name: rails out of reach
turns: 1
hexes:
  - {id: a, terrain: clear, zone: D}
  - {id: b, terrain: clear, zone: D}
  - {id: c, terrain: clear, zone: D, broken_rail: true}
neighbours: [{hexes: [a, b], mps: 1}, {hexes: [b, c], mps: 1}]
weather: {D: [clear]}
units: [{id: cons, type: construction, size: regiment, mps: 5, hex: a}]
tasks:
  - {id: rail-c, kind: repair_rail, hex: c, value: 1, required: true}
"""


def run(*args: object) -> Run:
    result = runner.invoke(app, [str(a) for a in args])
    # Every outcome is a clean exit: never an uncaught exception (a traceback).
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def failure(result: Run, code: int) -> dict[str, Any]:
    """The one JSON object a `--json` command prints when it has no plan, with its exit code."""
    assert result.exit_code == code, result.output
    data = json.loads(result.stdout)
    assert set(data) == FAILURE_FIELDS
    return data


def test_mobilize_json_failure_is_the_one_object(tmp_path: Path) -> None:
    """14.31, 14.7: the bundled Gathering Storm scenario asks for British armor in the reserve by turn 11;
    planning only its first two turns leaves that requirement unmet (exit 1)."""
    data = failure(run("mobilize", MOBILIZATION, "--json", "--horizon", "2"), 1)
    assert data["status"] == "infeasible"
    assert data["message"] == "the requirements cannot all be met"
    assert data["explanation"] and all(str(line).startswith("blocked by ") for line in data["explanation"])


def test_engineers_json_failure_is_the_one_object(tmp_path: Path) -> None:
    """A required task no unit can do by its turn: one JSON object on standard output, exit 1."""
    path = tmp_path / "rails.yaml"
    path.write_text(UNREACHABLE)
    data = failure(run("engineers", path, "--json"), 1)
    assert data["status"] == "infeasible"
    assert data["message"] == "the required tasks cannot all be done"
    assert data["explanation"] == ["rail-c: no construction unit can do it by turn 1"]


def test_sw_json_failure_is_the_one_object(monkeypatch: pytest.MonkeyPatch) -> None:
    """No deployment within the time limit (the search stopped before its first one): exit 3, one object."""
    import optimizer.rules.sw.solve as sw_solve

    real = sw_solve.plan_sw

    def out_of_time(*args: object, **kwargs: object) -> object:
        from dataclasses import replace

        return replace(real(*args, **kwargs), status=Status.UNKNOWN, deployment=None)  # type: ignore[arg-type]

    monkeypatch.setattr(sw_solve, "plan_sw", out_of_time)
    data = failure(run("sw", SW, "--json"), 3)
    assert (data["status"], data["message"]) == ("unknown", "no deployment found within the time limit")


def test_compare_json_failure_is_the_one_object(tmp_path: Path) -> None:
    """27.5: 100 armor factors from a force pool of 5 armor counters: no best plan to compare with."""
    data = yaml.safe_load(DEFAULT.read_text())
    data["objective"]["minimum"] = [{"power": "germany", "unit": "armor", "factors": 100}]
    path = tmp_path / "short.yaml"
    path.write_text(yaml.safe_dump(data))
    mine = scenarios.path("plans/my_axis_spring_1942.yaml")
    found = failure(run("compare", path, mine, "--json"), 1)
    assert found["status"] == "infeasible" and "27.5" in found["rules"]


@pytest.mark.parametrize(
    "command",
    [
        ("plan",),
        ("limits",),
        ("routes",),
        ("sites",),
        ("sw",),
        ("mobilize",),
        ("next", "ignored.json"),  # once eleven lines of the turn scenario's schema
    ],
)
def test_an_engineers_file_is_refused_in_one_line_naming_its_command(command: tuple[str, ...]) -> None:
    name, *rest = command
    result = run(name, ENGINEERS, *rest)
    assert result.exit_code == 2
    assert result.stderr == f"{ENGINEERS}: an engineers scenario: plan it with awaw engineers {ENGINEERS}\n"


@pytest.mark.parametrize("command", ["check", "compare"])
def test_a_plan_of_an_engineers_file_is_sent_to_its_commands_check(command: str) -> None:
    """`awaw check` and `awaw compare` of another kind's scenario name the command that checks its plan,
    `--check` and the plan file, not the command that plans it."""
    result = run(command, ENGINEERS, "ignored.json")
    assert result.exit_code == 2
    assert result.stderr == (
        f"{ENGINEERS}: an engineers scenario: check the plan with awaw engineers {ENGINEERS} "
        "--check ignored.json\n"
    )


@pytest.mark.parametrize(
    ("command", "path", "said"),
    [
        (
            "engineers",
            DEFAULT,
            f"{DEFAULT}: a turn scenario (rules 27 and 40): plan it with awaw plan {DEFAULT}",
        ),
        (
            "engineers",
            MOBILIZATION,
            f"{MOBILIZATION}: a mobilization scenario (rule 14): plan it with awaw mobilize {MOBILIZATION}",
        ),
        (
            "mobilize",
            DEFAULT,
            f"{DEFAULT}: a turn scenario with no mobilization: section (rule 14): plan it with awaw plan {DEFAULT}",
        ),
        (
            "sw",
            DEFAULT,
            f"{DEFAULT}: a turn scenario with no sw: section (rule 25): plan it with awaw plan {DEFAULT}",
        ),
    ],
)
def test_a_file_of_another_kind_is_refused_in_one_line(command: str, path: Path, said: str) -> None:
    result = run(command, path)
    assert result.exit_code == 2
    assert result.stderr == said + "\n"


def test_every_bundled_scenario_goes_to_the_planner_of_its_kind() -> None:
    """The registry reads the kind from the file: engineers, mobilization, or a turn (with or without an
    `sw:` section, planned by `awaw plan`, which reports rule 25's figures)."""
    for name, path in scenarios.every().items():
        data = yaml.safe_load(path.read_text())
        expected = (
            "engineers"
            if name.startswith("engineers/")
            else "season"
            if name.startswith("seasons/")
            else "mobilize"
            if "mobilization" in data
            else "plan"
        )
        assert planner_for(data).name == expected, name
    assert set(PLANNERS) == {"plan", "sw", "mobilize", "engineers", "season"}


@pytest.mark.parametrize(
    ("command", "limit"),
    [
        (("plan",), "--time-limit"),
        (("sw", SW), "--time-limit"),
        (("mobilize", MOBILIZATION), "--time-limit"),
        (("engineers", ENGINEERS), "--time-limit"),
        (("engineers", ENGINEERS), "--work-limit"),
        (("compare", DEFAULT, scenarios.path("plans/my_axis_spring_1942.yaml")), "--time-limit"),
        (("batch", DEFAULT), "--time-limit"),
    ],
)
@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0"])
def test_a_limit_that_is_not_a_positive_finite_number_is_bad_input(
    command: tuple[object, ...], limit: str, value: str
) -> None:
    result = run(*command, limit, value)
    assert result.exit_code == 2, result.output
    assert limit in result.output


def test_a_schedule_of_another_format_is_refused_naming_the_format(tmp_path: Path) -> None:
    planned = run("mobilize", MOBILIZATION, "--json")
    assert planned.exit_code == 0
    schedule = json.loads(planned.stdout) | {"format": "awaw-mobilization/9"}
    path = tmp_path / "schedule.json"
    path.write_text(json.dumps(schedule, indent=2))
    result = run("mobilize", MOBILIZATION, "--check", path)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{path}:")
    assert "format: 'awaw-mobilization/9' is not a schedule format this version reads" in result.stderr


def test_an_empty_mobilization_section_is_refused_at_its_line(tmp_path: Path) -> None:
    """`mobilization: null` is no section: `awaw mobilize` (and the batch asked to mobilize) refuse it at
    its line; the batch left to choose plans the file as the turn scenario it is."""
    text = DEFAULT.read_text() + "mobilization: null\n"
    path = tmp_path / "empty.yaml"
    path.write_text(text)
    line = text.count("\n")  # the section is the file's last line
    said = f"{path}:{line}: mobilization: empty: nothing to plan (rule 14)"
    result = run("mobilize", path)
    assert result.exit_code == 2
    assert result.stderr == said + "\n"
    for planner, status in (("mobilize", "bad_input"), ("auto", "optimal")):
        out = tmp_path / f"{planner}.jsonl"
        run("batch", path, "--out", out, "--workers", 1, "--planner", planner)
        (record,) = [json.loads(line) for line in out.read_text().splitlines()]
        assert record["status"] == status, record
    assert record["kind"] == "plan"
    (refused,) = [json.loads(line) for line in (tmp_path / "mobilize.jsonl").read_text().splitlines()]
    assert refused["error"]["message"] == said


def test_a_sweep_row_with_more_cells_than_its_header_is_refused(tmp_path: Path) -> None:
    table = tmp_path / "sweep.csv"
    table.write_text("name,powers.germany.brps\nlow,100\nhigh,150,7\n")
    result = run("batch", "--sweep", table, "--out", tmp_path / "out.jsonl")
    assert result.exit_code == 2
    assert result.stderr == f"{table}:3: row 2: 3 cells where the header names 2 columns\n"


def test_a_decisions_file_without_its_format_line_says_so(tmp_path: Path) -> None:
    """The decisions-only form (README, "My plan against the best") begins `format: awaw-decisions/1`."""
    text = scenarios.path("plans/my_axis_spring_1942.yaml").read_text()
    without = "\n".join(line for line in text.splitlines() if not line.startswith("format:")) + "\n"
    path = tmp_path / "mine.yaml"
    path.write_text(without)
    result = run("check", DEFAULT, path)
    assert result.exit_code == 2
    first = next(n for n, line in enumerate(without.splitlines(), 1) if line and not line.startswith("#"))
    assert result.stderr.splitlines() == [
        f"{path}:{first}: format: missing: a decisions-only plan says `format: awaw-decisions/1`"
    ]
    as_json = tmp_path / "mine.json"
    as_json.write_text(json.dumps(yaml.safe_load(without)))
    result = run("check", DEFAULT, as_json)
    assert result.exit_code == 2
    assert (
        "format: missing: a decisions-only plan says `format: awaw-decisions/1`"
        in result.stderr.splitlines()[0]
    )


def test_help_prints_the_decision_forms_as_written() -> None:
    text = " ".join(run("plan", "--help").stdout.split())
    for form in ("POWER:ENTRY[@SITE][=COUNTERS]", "POWER:SHIP:ACTION[@TURN]", "FROM>TO[:ROUTE][=BRPS]"):
        assert form in text
    assert "🚢" not in text


def test_schema_of_the_engineers_kind_lists_every_name() -> None:
    """`awaw schema --kind engineers`: every terrain, weather, unit type, size and task kind of the article."""
    schema = json.loads(run("schema", "--kind", "engineers").stdout)
    assert schema["title"] == "EngineerScenario"
    assert {"kind", "hexes", "units", "tasks", "weather"} <= set(schema["properties"])
    reference = run("schema", "--kind", "engineers", "--markdown").stdout
    assert reference.startswith("# Scenario file reference (EngineerScenario)")
    for names in (
        engineers.Terrain,
        engineers.Weather,
        engineers.UnitType,
        engineers.Size,
        engineers.TaskKind,
    ):
        for name in names:
            assert f"`{name.value}`" in reference, name
    turn = run("schema").stdout
    assert json.loads(turn)["title"] == "Scenario" and run("schema", "--kind", "turn").stdout == turn
    refused = run("schema", "--kind", "season")
    assert refused.exit_code == 2 and "'season' is not a scenario kind (turn, engineers)" in refused.stderr


def test_an_engineers_misspelling_points_to_its_own_schema(tmp_path: Path) -> None:
    """A name too far from any choice is answered with the schema of the file's own kind."""
    path = tmp_path / "bad.yaml"
    path.write_text(ENGINEERS.read_text().replace("terrain: clear", "terrain: xyzzy", 1))
    result = run("engineers", path)
    assert result.exit_code == 2
    assert "(`awaw schema --kind engineers` lists them)" in result.stderr


def test_sw_check_reads_the_deployment_json_writes(tmp_path: Path) -> None:
    """`awaw sw --check`: the deployment of `awaw sw --json`, checked against rule 25 (25.12-25.38)."""
    planned = run("sw", SW, "--json")
    assert planned.exit_code == 0
    path = tmp_path / "deployment.json"
    path.write_text(planned.stdout)
    legal = run("sw", SW, "--check", path)
    assert legal.exit_code == 0, legal.output
    assert legal.stdout == f"{path}: the deployment is legal (rule 25).\n"
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(json.loads(planned.stdout) | {"format": "awaw-plan/1"}))
    refused = run("sw", SW, "--check", wrong)
    assert refused.exit_code == 2 and "format: 'awaw-plan/1' is not a deployment report" in refused.stderr


def test_one_result_shape_for_every_planner() -> None:
    """Every planner answers its bundled scenario with the same fields, proven optimal (bound = objective)."""
    cases = {"plan": DEFAULT, "sw": SW, "mobilize": MOBILIZATION, "engineers": ENGINEERS}
    for name, path in cases.items():
        chosen = PLANNERS[name]
        data = yaml.safe_load(path.read_text())
        from optimizer.planners import Limits

        result = chosen.solve(chosen.validate(data, str(path)), Limits())
        assert isinstance(result, Result) and result.planner == name
        assert result.status is Status.OPTIMAL and result.plan is not None, name
        assert result.objective is not None and result.bound == pytest.approx(result.objective), name
        assert result.gap == 0.0 and result.exit_code == 0
        assert json.loads(chosen.dumps(result)) == json.loads(chosen.dumps(result, compact=True))


def test_the_batch_serves_every_planner_of_a_turn_scenario(tmp_path: Path) -> None:
    """`--planner` names every planner of turn scenarios in the registry; an SW scenario planned as its
    deployment (`awaw sw`) gives the bytes of `awaw sw --json`, compact; a scenario without `sw:` is bad
    input naming the command that plans it."""
    from optimizer.cli.batch import BatchPlanner

    turn_planners = {name for name, p in PLANNERS.items() if p.scenario_kind == "turn"}
    assert {p.value for p in BatchPlanner} == {"auto", *turn_planners}
    out = tmp_path / "sw.jsonl"
    run("batch", SW, DEFAULT, "--planner", "sw", "--out", out, "--workers", 1)
    deployed, refused = [json.loads(line) for line in out.read_text().splitlines()]
    assert (deployed["kind"], deployed["status"]) == ("sw", "optimal")
    assert deployed["plan"] == json.loads(run("sw", SW, "--json").stdout)
    assert refused["status"] == "bad_input" and refused["error"]["message"].endswith(
        f"plan it with awaw plan {DEFAULT}"
    )


@pytest.mark.parametrize(
    "command",
    [("plan", "--why"), ("season", str(scenarios.path("seasons/germany_summer_1942_season.yaml")), "--why")],
)
def test_a_tolerance_without_alternatives_is_refused(command: tuple[str, ...]) -> None:
    """`--tolerance` measures `--alternatives`; without them it was silently left out (the plan printed,
    exit 0): refused now, in one line, before anything is solved."""
    result = run(*command, "--tolerance", "1")
    assert result.exit_code == 2 and result.stdout == ""
    assert (
        result.stderr
        == "command line: --tolerance: only with --alternatives K (how far below the best they are)\n"
    )
