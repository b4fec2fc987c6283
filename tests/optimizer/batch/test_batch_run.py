"""`awaw batch` and `plan_many`: one result per position, in input order, resumable, the plans
exactly those of `awaw plan --json`, and failures isolated to their position."""

from __future__ import annotations

import csv
import json

from typer.testing import CliRunner

import scenarios
from models.generate import random_scenario
from models.io import load_scenario
from models.plan import Plan
from optimizer.batch.inputs import open_inputs, read_inputs
from optimizer.batch.run import plan_many, run_batch, run_jobs
from optimizer.checker import check
from optimizer.cli import app
from tests.optimizer.batch import faults
from tests.optimizer.batch.positions import (
    germany,
    infeasible,
    mixed_positions,
    records,
    write,
    write_lines,
)
from tests.processes import run_python

runner = CliRunner()


def awaw(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_a_mixed_batch_gives_one_correct_result_for_each_position(tmp_path):
    """Good, infeasible and malformed positions: a result each, in input order, exit code 1."""
    good = write(tmp_path / "good.yaml", germany("good"))
    blocked = write(tmp_path / "blocked.yaml", infeasible())
    broken = tmp_path / "broken.yaml"
    broken.write_text("powers: [unclosed\n")
    negative = germany("negative")
    negative["powers"]["germany"]["brps"] = -5
    invalid = write(tmp_path / "invalid.yaml", negative)
    lines = write_lines(tmp_path / "more.jsonl", [germany("line one"), "{not json"])
    out = tmp_path / "results.jsonl"

    result = awaw("batch", good, blocked, broken, invalid, lines, "--out", out, "--workers", 2)

    assert result.exit_code == 1  # some positions were not planned
    got = records(out)
    assert [(r["input"], r["row"]) for r in got] == [
        (str(good), None),
        (str(blocked), None),
        (str(broken), None),
        (str(invalid), None),
        (str(lines), 1),
        (str(lines), 2),
    ]
    assert [r["status"] for r in got] == [
        "optimal",
        "infeasible",
        "bad_input",
        "bad_input",
        "optimal",
        "bad_input",
    ]
    # 27.32 A, B: a BRP base of 30 gives a limit of 10 BRPs; at 1 BRP a factor (27.12), 10 factors.
    assert (got[0]["objective"], got[0]["bound"], got[0]["gap"]) == (10.0, 10.0, 0.0)
    assert got[0]["plan"]["powers"]["germany"]["construction_brps"] == 10
    assert got[0]["error"] is None
    # 27.31: 12 factors required against a limit of 10; the message names the rule, as awaw plan's does.
    assert got[1]["plan"] is None
    assert got[1]["error"]["exit_code"] == 1
    assert got[1]["error"]["message"].startswith(f"{blocked}: the requirements cannot all be met")
    assert "27.31 construction limit (germany): limit 10 BRPs" in got[1]["error"]["message"]
    # Bad input is the exit-2 kind, naming the file, the field and the problem.
    assert got[2]["error"]["exit_code"] == 2
    assert "YAML syntax error" in got[2]["error"]["message"]
    assert got[3]["error"]["message"].startswith(f"{invalid}:")  # FILE:LINE: field: problem, as awaw plan
    assert "powers.germany.brps:" in got[3]["error"]["message"]
    assert got[5]["error"]["message"].startswith(f"{lines} row 2: ")
    assert "bad input" in result.stdout

    all_good = awaw("batch", good, good, "--out", out)
    assert all_good.exit_code == 0  # every position planned
    assert [r["status"] for r in records(out)] == ["optimal", "optimal"]


def test_each_plan_is_byte_identical_to_awaw_plan_json(tmp_path):
    """The bundled default and a generated position: the line's plan is the plan `awaw plan --json`
    prints, from the same serializer (only the indentation differs)."""
    generated = tmp_path / "generated.yaml"
    generated.write_text(
        random_scenario(7, requirements=False, naval=False).model_dump_json(by_alias=True, exclude_unset=True)
    )
    out = tmp_path / "results.jsonl"
    assert awaw("batch", scenarios.path(), generated, "--out", out).exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    for path, line in zip((scenarios.path(), generated), lines, strict=True):
        printed = awaw("plan", path, "--json")
        assert printed.exit_code == 0
        assert f'"plan":{Plan.model_validate_json(printed.stdout).model_dump_json()},' in line
        assert (
            Plan.model_validate(json.loads(line)["plan"]).model_dump_json(indent=2) + "\n" == printed.stdout
        )


def test_results_are_in_input_order_whatever_finishes_first(tmp_path):
    paths = [write(tmp_path / f"p{i}.yaml", germany(name)) for i, name in enumerate(["slow", "a", "b", "c"])]
    jobs = read_inputs(paths)
    finished = [index for index, _ in run_jobs(enumerate(jobs), workers=2, task=faults.slow_on_slow)]
    assert finished[0] != 0 and sorted(finished) == [0, 1, 2, 3]  # the slow first position finished later
    out = tmp_path / "results.jsonl"
    run_batch(jobs, out, workers=2, task=faults.slow_on_slow)
    assert [r["input"] for r in records(out)] == [str(p) for p in paths]


def test_workers_1_and_2_write_the_same_bytes(tmp_path):
    """The same positions as the Dask comparison of test_batch_cluster."""
    jobs = read_inputs(mixed_positions(tmp_path))
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    run_batch(jobs, one, workers=1)
    run_batch(jobs, two, workers=2)
    assert one.read_bytes() == two.read_bytes()
    assert [r["status"] for r in records(one)] == ["optimal"] * 4 + ["infeasible", "bad_input"]


def test_resume_after_an_interrupted_run_completes_it_without_duplicates(tmp_path):
    paths = [write(tmp_path / f"p{i}.yaml", germany(f"p{i}")) for i in range(4)]
    paths.append(write(tmp_path / "p4.yaml", infeasible("p4")))
    jobs = read_inputs(paths)
    complete = tmp_path / "complete.jsonl"
    run_batch(jobs, complete, workers=2)
    # An interrupted run: two lines written, the third cut short mid-line.
    out = tmp_path / "results.jsonl"
    text = complete.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    out.write_text(lines[0] + lines[1] + lines[2][:40], encoding="utf-8")

    totals = run_batch(jobs, out, workers=2, resume=True)

    assert (totals.skipped, totals.planned) == (2, 3)
    assert out.read_text(encoding="utf-8") == text
    again = run_batch(jobs, out, workers=2, resume=True)
    assert (again.skipped, again.planned) == (5, 0)
    assert out.read_text(encoding="utf-8") == text
    # A position whose file changed is planned again; its old line goes, the others stay.
    write(paths[1], germany("p1 changed"))
    changed = run_batch(read_inputs(paths), out, workers=1, resume=True)
    assert (changed.skipped, changed.planned, changed.dropped) == (4, 1, 1)
    got = records(out)
    assert [r["input"] for r in got] == [str(p) for p in paths]
    assert got[1]["plan"]["scenario"] == "p1 changed"


def test_resume_from_the_command_line(tmp_path):
    good = write(tmp_path / "good.yaml", germany("good"))
    out = tmp_path / "results.jsonl"
    assert awaw("batch", good, "--out", out).exit_code == 0
    first = out.read_bytes()
    resumed = awaw("batch", good, "--out", out, "--resume")
    assert resumed.exit_code == 0
    assert "already in the output (--resume)" in resumed.stdout
    assert out.read_bytes() == first


def test_resume_refuses_a_file_that_is_no_batch_output_and_leaves_it_whole(tmp_path):
    """`--resume` with `--out` naming a file no batch wrote (not JSON objects, not UTF-8, objects of other
    fields) is bad input (exit 2) and the file is left as it was (its last line, with no newline, was cut
    before); lines that are no result in a batch's own output are left out of what is done."""
    good = write(tmp_path / "good.yaml", germany("good"))
    for content in (
        b"[1, 2]\n",
        b"null\n",
        b'{"input": [1], "row": null, "hash": "x"}\n',
        b"\xff\xfe\n",
        b"a\nb",
    ):
        out = tmp_path / "other.jsonl"
        out.write_bytes(content)
        refused = awaw("batch", good, "--out", out, "--resume")
        assert refused.exit_code == 2
        assert "not the output of awaw batch (no line is a result)" in refused.output
        assert out.read_bytes() == content
    out = tmp_path / "results.jsonl"
    assert awaw("batch", good, "--out", out).exit_code == 0
    first = out.read_bytes()
    out.write_bytes(b"[1, 2]\n" + first + b'{"input": "cut sh')
    resumed = awaw("batch", good, "--out", out, "--resume")
    assert resumed.exit_code == 0 and "already in the output (--resume)" in resumed.stdout


def batch_with_a_crash(tmp_path, workers: int):
    """Four positions, the second crashing its worker (`faults.crash_on_crash`): the paths, the batch's
    totals and its output's records."""
    paths = [write(tmp_path / f"p{i}.yaml", germany(name)) for i, name in enumerate(["a", "crash", "b", "c"])]
    out = tmp_path / "results.jsonl"
    totals = run_batch(read_inputs(paths), out, workers=workers, task=faults.crash_on_crash)
    return paths, totals, records(out)


def batch_with_a_hang(tmp_path, workers: int):
    """Three positions, the first hanging its worker (`faults.hang_on_hang`) past a 1 s limit: the
    output's records."""
    paths = [write(tmp_path / f"p{i}.yaml", germany(name)) for i, name in enumerate(["hang", "a", "b"])]
    out = tmp_path / "results.jsonl"
    run_batch(read_inputs(paths), out, workers=workers, task=faults.hang_on_hang, hang_after=1.0)
    return records(out)


def test_a_crashed_worker_is_replaced_and_only_its_position_fails(tmp_path):
    paths, totals, got = batch_with_a_crash(tmp_path, workers=2)
    assert [r["status"] for r in got] == ["optimal", "failed", "optimal", "optimal"]
    assert "exit code 7" in got[1]["error"]["message"]
    assert got[1]["error"]["message"].startswith(str(paths[1]))
    assert not totals.all_planned


def test_the_position_a_crashed_worker_held_next_is_planned_not_failed(tmp_path):
    """One worker holds the crashing position and the next one behind it: the next one is given again to
    the worker that replaces it, and planned."""
    _, _, got = batch_with_a_crash(tmp_path, workers=1)
    assert [r["status"] for r in got] == ["optimal", "failed", "optimal", "optimal"]


def test_the_position_a_hung_worker_held_next_is_planned_not_failed(tmp_path):
    """One worker holds the hanging position and the next one behind it: the next one is given again to
    the worker that replaces it, and planned."""
    got = batch_with_a_hang(tmp_path, workers=1)
    assert [r["status"] for r in got] == ["failed", "optimal", "optimal"]
    assert "no result within 1 s" in got[0]["error"]["message"]


def test_a_hung_worker_is_stopped_and_replaced(tmp_path):
    got = batch_with_a_hang(tmp_path, workers=2)
    assert [r["status"] for r in got] == ["failed", "optimal", "optimal"]
    assert "no result within 1 s" in got[0]["error"]["message"]


def test_csv_summary_has_one_row_per_position_with_its_figures(tmp_path):
    """A sweep over Germany's BRP base: the limit is ⌊base ÷ 3⌋ (27.32 B), and with ample BRPs and
    1-BRP infantry factors the plan spends all of it (27.12); 12 factors required pass the limit of
    10 and cannot be met (27.31)."""
    base = write(tmp_path / "base.yaml", germany("base"))
    table = tmp_path / "sweep.csv"
    table.write_text("powers.germany.brp_base,objective.minimum.0.factors\n30,\n45,\n30,12\n")
    base_data = germany("base")
    base_data["objective"]["minimum"] = [{"power": "germany", "unit": "infantry", "factors": 1}]
    write(base, base_data)
    summary, out = tmp_path / "summary.csv", tmp_path / "results.jsonl"
    result = awaw("batch", base, "--sweep", table, "--out", out, "--csv", summary)
    assert result.exit_code == 1
    rows = list(csv.DictReader(summary.read_text(encoding="utf-8").splitlines()))
    assert [r["powers.germany.brp_base"] for r in rows] == ["30", "45", "30"]
    assert [r["status"] for r in rows] == ["optimal", "optimal", "infeasible"]
    assert [r["germany.construction_limit"] for r in rows[:2]] == ["10", "15"]
    assert [r["construction_brps"] for r in rows[:2]] == ["10", "15"]
    assert [r["factors_built"] for r in rows[:2]] == ["10", "15"]
    assert rows[2]["objective"] == "" and "cannot all be met" in rows[2]["error"]


def test_sweep_with_a_misspelt_path_exits_2_naming_table_and_column(tmp_path):
    table = tmp_path / "sweep.csv"
    table.write_text("powers.germany.brpz\n10\n")
    result = awaw("batch", "--sweep", table, "--out", tmp_path / "r.jsonl")
    assert result.exit_code == 2
    assert f"{table}: powers.germany.brpz: 'brpz' is not a field of powers.germany" in result.stderr
    assert "did you mean 'brps'?" in result.stderr
    assert not (tmp_path / "r.jsonl").exists()


def test_plan_many_yields_every_index_and_plans_that_pass_the_checker():
    """The Python API, on generated one-turn positions: every plan is legal (the independent checker)."""
    positions = [random_scenario(seed, requirements=False, naval=False) for seed in range(100, 106)]
    positions.append(load_scenario(scenarios.path()))
    seen = {}
    for result in plan_many(positions, workers=2):
        seen[result.index] = result
    assert sorted(seen) == list(range(len(positions)))
    for index, result in seen.items():
        assert result.plan is not None, result.error
        assert check(positions[index], Plan.model_validate(result.plan)) == []


def test_a_position_with_no_plan_in_time_is_timed_out_with_awaw_plans_exit_code_3(tmp_path):
    """A millisecond is too short for any plan of the default scenario (as test_cli's exit-3 test):
    the line says `timed_out` with the exit code `awaw plan --time-limit 0.001` exits with, 3."""
    out = tmp_path / "results.jsonl"
    result = awaw("batch", scenarios.path(), "--out", out, "--time-limit", 0.001, "--workers", 1)
    assert result.exit_code == 1  # the batch's own code: a position was not planned
    (line,) = records(out)
    assert (line["status"], line["plan"]) == ("timed_out", None)
    assert line["error"]["exit_code"] == 3 == awaw("plan", scenarios.path(), "--time-limit", 0.001).exit_code
    assert "no plan found within the time limit" in line["error"]["message"]


def test_positions_go_to_the_workers_as_they_are_read(tmp_path):
    """`awaw batch` streams its inputs (`open_inputs`): with one worker, which holds the position it plans
    and the next (`optimizer.batch.local.DEPTH`), the second position is read before the first is written,
    the third only once the first is written, and the output is the same as from the inputs read first."""
    paths = [write(tmp_path / f"p{i}.yaml", germany(name)) for i, name in enumerate(["a", "b", "c"])]
    count, jobs = open_inputs(paths)
    out = tmp_path / "results.jsonl"
    written_when_read: list[int] = []

    def reading():
        for job in jobs:
            written_when_read.append(len(out.read_text().splitlines()) if out.exists() else 0)
            yield job

    run_batch(reading(), out, workers=1, count=count)
    assert count == 3
    assert written_when_read[:2] == [0, 0]
    assert written_when_read[2] >= 1  # (both may be written: the worker may answer twice before it is read)
    read_first = tmp_path / "read_first.jsonl"
    run_batch(read_inputs(paths), read_first, workers=1)
    assert out.read_bytes() == read_first.read_bytes()


def test_the_progress_bar_is_redrawn_on_a_terminal_only():
    """To a pipe or a file Rich writes the bar once, at the end: it is not laid out ten times a second in
    the batch's own process in between; on a terminal it is."""
    import io

    from rich.console import Console

    from optimizer.batch.output import progress_bar

    assert not progress_bar(Console(file=io.StringIO())).live.auto_refresh
    assert progress_bar(Console(file=io.StringIO(), force_terminal=True)).live.auto_refresh


def test_a_script_s_batch_workers_load_numpy_with_one_blas_thread():
    """A script that calls the batch, with OPENBLAS_NUM_THREADS unset, gets workers whose numpy runs one
    OpenBLAS thread: the fork server they come from sets it before it loads the solver
    (`optimizer.batch.warm`, `optimizer.one_blas_thread`), while the script's own process is left as it was."""
    code = (
        "import os\n"
        "from optimizer.batch.inputs import Job\n"
        "from optimizer.batch.local import LocalPool\n"
        "from tests.optimizer.batch.probes import blas_threads\n"
        "pool = LocalPool(1, blas_threads)\n"
        "print(*[line for _, line in pool.run([(0, Job('probe', None, None))])])\n"
        "print(os.environ.get('OPENBLAS_NUM_THREADS', 'unset'))\n"
    )
    assert run_python(code, unset=("OPENBLAS_NUM_THREADS",)).split() == ["1", "unset"]


def test_the_batch_workers_have_the_solver_without_pandas():
    """The fork server loads OR-Tools' CP-SAT layer without pandas (`optimizer.batch.warm`,
    `optimizer.deferred_pandas`), so every worker forked from it starts with the solver and without pandas."""
    code = (
        "from optimizer.batch.inputs import Job\n"
        "from optimizer.batch.local import LocalPool\n"
        "from tests.optimizer.batch.probes import solver_and_pandas\n"
        "pool = LocalPool(1, solver_and_pandas)\n"
        "print(*[line for _, line in pool.run([(0, Job('probe', None, None))])])\n"
    )
    assert run_python(code).split() == ["True/False"]


def test_awaw_batch_starts_the_workers_server_before_it_loads_the_rest(tmp_path, monkeypatch):
    """`awaw batch` starts the fork server before it imports the inputs' reader and the models (about 0.2 s
    of its start), so that the server loads the solver on the other core meanwhile; with `--fix` given,
    the decisions' syntax is checked first, and the server is not started for a mistake (exit 2)."""
    code = (
        "import sys\n"
        "import optimizer.batch.server as server\n"
        "def probe():\n"
        "    print('models.io' in sys.modules, 'optimizer.batch.inputs' in sys.modules)\n"
        "    raise SystemExit(0)\n"
        "server.start_server = probe\n"
        "from optimizer.cli import main\n"
        "sys.argv = ['awaw', 'batch', 'scenarios/european_axis_spring_1942.yaml', '--out', sys.argv[1]]\n"
        "main()\n"
    )
    out = tmp_path / "out.jsonl"
    assert run_python(code.replace("sys.argv[1]", repr(str(out)))).split() == ["False", "False"]
    import optimizer.batch.server as server

    started: list[bool] = []
    monkeypatch.setattr(server, "start_server", lambda: started.append(True))
    result = CliRunner().invoke(
        app, ["batch", scenarios.path().as_posix(), "--out", str(out), "--fix", "germany:armor-4-6=x"]
    )
    assert result.exit_code == 2
    assert started == []
