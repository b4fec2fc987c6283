"""`awaw batch --fix/--forbid` and a position's own decisions (optimizer/batch/decisions.py): every position
planned under them as its planner's command plans it (`awaw plan --fix`, `awaw season --fix ...@turnN`),
byte for byte, on local workers and on a Dask cluster; a name a position does not have is that position's
bad input; bad option syntax is refused before any work (exit 2).

The turn position (`positions.germany`): a BRP base of 30, so a construction limit of 10 BRPs (27.32 A,
B), twenty 1-factor infantry at 1 BRP a factor (27.12), most factors first: 10 factors. The season is the
bundled one (scenarios/seasons/germany_summer_1942_season.yaml), whose what-ifs its README works by hand:
`--fix germany:armor-4-6=6` 96.0, `--forbid germany:armor-4-6@turn2` 80.88."""

from __future__ import annotations

import json

import pytest
import yaml

import scenarios
from models.plan import Plan
from models.season_plan import SeasonPlan
from optimizer.batch.inputs import read_inputs, sweep_jobs
from optimizer.batch.run import plan_many, run_batch
from tests.optimizer.batch.positions import germany, records, write, write_lines
from tests.optimizer.batch.test_batch_cluster import scheduler  # noqa: F401 (the Dask cluster fixture)
from tests.optimizer.batch.test_batch_kinds import mobilization
from tests.optimizer.batch.test_batch_run import awaw

SEASON = scenarios.path("seasons/germany_summer_1942_season.yaml")


def season_json(line: str) -> str:
    """A season line's plan as `awaw season --json` prints it (no what-if unless asked)."""
    plan = SeasonPlan.model_validate(json.loads(line)["plan"])
    return plan.model_dump_json(indent=2, exclude=plan.unasked()) + "\n"


def test_fix_on_every_position_is_awaw_plans_and_awaw_seasons_byte_for_byte(tmp_path):
    """`--fix germany:inf=4` on the turn position: exactly 4 counters, 4 factors (the limit of 10 no longer
    reached); on the season, `--forbid germany:armor-4-6@turn2`: 80.88. Each line's plan is the one the
    command prints with the same decisions and `--json`."""
    turn = write(tmp_path / "turn.yaml", germany("turn"))
    out = tmp_path / "out.jsonl"
    assert awaw("batch", turn, "--out", out, "--workers", 1, "--fix", "germany:inf=4").exit_code == 0
    [line] = out.read_text(encoding="utf-8").splitlines()
    printed = awaw("plan", turn, "--json", "--fix", "germany:inf=4")
    assert printed.exit_code == 0
    assert json.loads(line)["objective"] == 4.0
    assert f'"plan":{Plan.model_validate_json(printed.stdout).model_dump_json()},' in line
    assert Plan.model_validate(json.loads(line)["plan"]).model_dump_json(indent=2) + "\n" == printed.stdout

    out = tmp_path / "season.jsonl"
    forbid = ["--forbid", "germany:armor-4-6@turn2"]
    assert awaw("batch", SEASON, "--out", out, "--workers", 1, *forbid).exit_code == 0
    [line] = out.read_text(encoding="utf-8").splitlines()
    printed = awaw("season", SEASON, "--json", *forbid)
    assert printed.exit_code == 0
    assert json.loads(line)["objective"] == pytest.approx(80.88)
    shown = SeasonPlan.model_validate_json(printed.stdout)
    assert f'"plan":{shown.model_dump_json(exclude=shown.unasked())},' in line
    assert season_json(line) == printed.stdout
    assert json.loads(line)["decisions"] == {"fix": [], "forbid": ["germany:armor-4-6@turn2"]}


def test_an_unknown_entry_is_that_positions_bad_input_and_the_others_are_planned(tmp_path):
    """`--fix germany:armor-4-6=6` on the season (96.0) and on the turn position, which has no such entry:
    the turn position's line and CSV row say so, the season is planned, the batch exits 1."""
    turn = write(tmp_path / "turn.yaml", germany("turn"))
    out, csv_file = tmp_path / "out.jsonl", tmp_path / "out.csv"
    result = awaw("batch", turn, SEASON, "--out", out, "--csv", csv_file, "--fix", "germany:armor-4-6=6")
    assert result.exit_code == 1
    first, second = records(out)
    assert first["status"] == "bad_input" and first["error"]["exit_code"] == 2
    problem = "--fix: 'germany:armor-4-6=6': no force pool entry 'armor-4-6' for germany; one of inf"
    assert first["error"]["message"] == f"{turn}: {problem}"
    printed = awaw("plan", turn, "--fix", "germany:armor-4-6=6")  # the same problem as awaw plan's
    assert printed.exit_code == 2 and printed.stderr.strip() == f"command line: {problem}"
    assert (second["status"], second["objective"]) == ("optimal", 96.0)
    summary = csv_file.read_text(encoding="utf-8").splitlines()
    assert summary[0].startswith("input,row,name,fix,forbid,kind,status")
    assert "no force pool entry 'armor-4-6' for germany" in summary[1]


def test_a_rows_own_decisions_come_after_the_command_lines(tmp_path):
    """A JSON Lines file of five positions, each row's own decisions: `fix: [germany:inf=4]` (4 factors),
    `forbid: germany:inf` (nothing built: 0), a misspelt entry (that row's bad input naming it, the others
    planned), a `fix` that is no list (bad input naming the field), none (the limit's 10). With the command
    line's `--fix germany:inf` (at least one counter) too: 4, then infeasible (at least one and none
    cannot both hold), the same two bad inputs, and 10."""
    rows = [
        {**germany("four"), "fix": ["germany:inf=4"]},
        {**germany("none"), "forbid": "germany:inf"},
        {**germany("misspelt"), "fix": ["germany:infantry=4"]},
        {**germany("number"), "fix": 4},
        germany("plain"),
    ]
    lines = write_lines(tmp_path / "rows.jsonl", rows)
    out = tmp_path / "out.jsonl"
    assert awaw("batch", lines, "--out", out, "--workers", 2).exit_code == 1
    got = records(out)
    assert [r["status"] for r in got] == ["optimal", "optimal", "bad_input", "bad_input", "optimal"]
    assert [r["objective"] for r in got] == [4.0, 0.0, None, None, 10.0]
    assert got[0]["decisions"] == {"fix": ["germany:inf=4"], "forbid": []}
    assert got[4]["decisions"] is None
    assert got[2]["error"]["message"] == (
        f"{lines} row 3: --fix: 'germany:infantry=4': no force pool entry 'infantry' for germany; did you "
        "mean 'inf'?"
    )
    assert got[3]["error"]["message"].startswith(f"{lines} row 4: fix: expected a list of decisions")

    again = tmp_path / "again.jsonl"
    assert awaw("batch", lines, "--out", again, "--fix", "germany:inf").exit_code == 1
    both = records(again)
    assert both[0]["decisions"] == {"fix": ["germany:inf", "germany:inf=4"], "forbid": []}
    assert [r["status"] for r in both] == ["optimal", "infeasible", "bad_input", "bad_input", "optimal"]
    assert [r["objective"] for r in both] == [4.0, None, None, None, 10.0]
    assert "fix germany:inf" in both[1]["error"]["message"]


def test_the_hash_of_a_row_with_decisions_is_its_scenarios():
    """`fix` and `forbid` are taken off a row before its scenario is hashed and validated."""
    from optimizer.batch.inputs import _json_lines_jobs

    plain, decided = _json_lines_jobs(
        "rows.jsonl", [json.dumps(germany("g")), json.dumps({**germany("g"), "fix": "germany:inf=4"})]
    )
    assert plain.hash == decided.hash and "fix" not in decided.data
    assert decided.fix == ("germany:inf=4",) and plain.key != decided.key


def test_a_sweeps_fix_column_is_each_variants_decisions(tmp_path):
    """A sweep of the turn position: `fix` column cells `germany:inf=3` (3 factors), `germany:inf=2;
    germany:inf` (`;` separates decisions: exactly 2, and at least one: 2 factors), and empty (the
    base's 10)."""
    base = write(tmp_path / "base.yaml", germany("base"))
    table = tmp_path / "sweep.csv"
    table.write_text(
        "name,fix\nthree,germany:inf=3\ntwo,germany:inf=2; germany:inf\nbase,\n", encoding="utf-8"
    )
    out = tmp_path / "out.jsonl"
    assert awaw("batch", base, "--sweep", table, "--out", out).exit_code == 0
    got = records(out)
    assert [r["objective"] for r in got] == [3.0, 2.0, 10.0]
    assert got[1]["decisions"] == {"fix": ["germany:inf=2", "germany:inf"], "forbid": []}
    assert got[1]["overrides"] == {}
    assert [job.fix for job in sweep_jobs([base], table)] == [
        ("germany:inf=3",),
        ("germany:inf=2", "germany:inf"),
        (),
    ]


def test_a_sweep_cell_that_no_planner_reads_is_an_error_of_the_table(tmp_path):
    base = write(tmp_path / "base.yaml", germany("base"))
    table = tmp_path / "sweep.csv"
    table.write_text("name,forbid\nbad,germany:inf=3\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = awaw("batch", base, "--sweep", table, "--out", out)
    assert result.exit_code == 2
    assert (
        f"{table} row 1: forbid: 'germany:inf=3': =COUNTERS is for --fix and --why-not only" in result.stderr
    )
    assert not out.exists()


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--fix", "germany:armor-4-6@turn"], "no number after '@turn'"),
        (["--fix", "germany:armor-4-6@turn1@turn2"], "give @turnN once"),
        (["--forbid", "germany:inf=2"], "=COUNTERS is for --fix and --why-not only"),
        (["--fix", "gremany:inf"], "'gremany' is not a power"),
        (["--fix", "usa:iowa:continue@1@turn2"], "takes its turn once"),
        (["--planner", "plan", "--fix", "usa:iowa:continue@turn2"], "'turn2' is not a turn"),
        (["--planner", "mobilize", "--fix", "germany:inf"], "awaw mobilize takes no decisions"),
    ],
)
def test_bad_option_syntax_is_refused_before_any_work(tmp_path, args, problem):
    turn = write(tmp_path / "turn.yaml", germany("turn"))
    out = tmp_path / "out.jsonl"
    result = awaw("batch", turn, "--out", out, *args)
    assert result.exit_code == 2
    assert problem in result.stderr and result.stderr.startswith("command line: ")
    assert not out.exists()  # nothing planned, nothing written


def test_decisions_given_to_a_planner_that_takes_none_are_that_positions_bad_input(tmp_path):
    """Under `--planner auto` a mobilization scenario goes to `awaw mobilize`, which takes no decisions:
    its line says so; the turn position is planned under them."""
    mobilize = write(tmp_path / "mobilize.yaml", mobilization())
    turn = write(tmp_path / "turn.yaml", germany("turn"))
    out = tmp_path / "out.jsonl"
    assert awaw("batch", mobilize, turn, "--out", out, "--fix", "germany:inf=4").exit_code == 1
    first, second = records(out)
    assert first["kind"] == "mobilize" and first["status"] == "bad_input"
    assert "awaw mobilize takes no decisions" in first["error"]["message"]
    assert second["objective"] == 4.0


def test_resume_plans_again_a_position_whose_decisions_changed(tmp_path):
    turn = write(tmp_path / "turn.yaml", germany("turn"))
    out = tmp_path / "out.jsonl"
    run_batch(read_inputs([turn]), out, workers=1, fix=["germany:inf=4"])
    same = run_batch(read_inputs([turn]), out, workers=1, resume=True, fix=["germany:inf=4"])
    assert (same.skipped, same.planned) == (1, 0)
    changed = run_batch(read_inputs([turn]), out, workers=1, resume=True, fix=["germany:inf=3"])
    assert (changed.skipped, changed.planned, changed.dropped) == (0, 1, 1)
    assert [r["objective"] for r in records(out)] == [3.0]


def test_plan_many_takes_the_decisions():
    [result] = plan_many([germany("g")], workers=1, fix=["germany:inf=4"])
    assert result.record["objective"] == 4.0
    from models.io import InputError

    with pytest.raises(InputError, match="is not a power"):
        list(plan_many([germany("g")], workers=1, fix=["gremany:inf"]))


def test_on_dask_the_decided_lines_are_the_local_ones_byte_for_byte(tmp_path, scheduler):  # noqa: F811
    """The season and a JSON Lines row with its own decisions, under `--forbid germany:armor-4-6@turn2`:
    the cluster's output is the local workers' byte for byte (the season 80.88, as `awaw season` prints
    it; the row, which has no panzer entry, its bad input naming it)."""
    rows = write_lines(tmp_path / "rows.jsonl", [{**germany("row"), "fix": ["germany:inf=4"]}])
    season = tmp_path / "season.yaml"
    season.write_text(SEASON.read_text(encoding="utf-8"), encoding="utf-8")
    season_data = yaml.safe_load(season.read_text(encoding="utf-8"))
    assert season_data["season"]["turns"] == 2
    jobs = read_inputs([season, rows])
    local, on_dask = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    given = {"forbid": ["germany:armor-4-6@turn2"]}
    run_batch(jobs, local, workers=1, **given)
    run_batch(jobs, on_dask, scheduler=scheduler, **given)
    assert on_dask.read_bytes() == local.read_bytes()
    first, second = records(on_dask)
    assert first["objective"] == pytest.approx(80.88)
    printed = awaw("season", season, "--json", "--forbid", "germany:armor-4-6@turn2")
    assert season_json(on_dask.read_text(encoding="utf-8").splitlines()[0]) == printed.stdout
    assert second["status"] == "bad_input"
    assert "no force pool entry 'armor-4-6' for germany" in second["error"]["message"]
