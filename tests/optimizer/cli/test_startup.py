"""Start-up: the commands that need no solver import neither ortools nor matplotlib (optimizer/cli/)."""

import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from tests.processes import run_python

ROOT = Path(__file__).resolve().parents[3]
HEAVY = ("ortools", "matplotlib")


@cache
def loaded_by(*args: str) -> frozenset[str]:
    """Every module (full names) a fresh process that runs `awaw ARGS` has loaded when it ends (output
    discarded)."""
    code = (
        "import sys\n"
        "from optimizer.cli import app\n"
        f"try:\n    app({list(args)!r})\n"
        "except SystemExit:\n    pass\n"
        "sys.__stdout__.write('\\n=MODULES=' + ' '.join(sorted(sys.modules)))\n"
    )
    return frozenset(run_python(code).rpartition("=MODULES=")[2].split())


def modules_after(*args: str) -> set[str]:
    """Top-level modules loaded by a fresh process that runs `awaw ARGS`."""
    return {module.split(".")[0] for module in loaded_by(*args)}


@pytest.mark.parametrize(
    "args",
    [
        ("--help",),
        ("schema",),
        ("schema", "--markdown"),
        ("legs",),
        ("sites",),
        ("new", "--faction", "japan", "--turn", "fall 1941"),
        ("plan", "--help"),
    ],
)
def test_commands_without_a_solver_import_no_solver_nor_matplotlib(args):
    loaded = modules_after(*args)
    assert "typer" in loaded  # the probe saw the command run
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_help_imports_no_models():
    """`awaw --help` reads no scenario: it needs neither pydantic nor networkx."""
    loaded = modules_after("--help")
    assert not loaded & {"pydantic", "networkx", "models"}


def test_plan_imports_the_solver_but_not_matplotlib():
    loaded = modules_after("plan", "--json")
    assert "ortools" in loaded
    assert "matplotlib" not in loaded


@pytest.mark.parametrize(
    "args",
    [
        ("plan", "--json"),
        ("plan", "scenarios/britain_usa_summer_1942_naval.yaml"),
        ("season", "scenarios/seasons/germany_summer_1942_season.yaml"),
        ("mobilize", "scenarios/gathering_storm_mobilization.yaml"),
        ("engineers", "scenarios/engineers/rail_and_airbase.yaml"),
    ],
)
def test_solving_commands_load_the_solver_without_pandas(args):
    """OR-Tools' CP-SAT layer imports pandas for helpers the planner never calls; a command loads it
    without (`optimizer.deferred_pandas`), about 0.2 s of CPU of every solving command."""
    loaded = loaded_by(*args)
    assert "ortools.sat.python.cp_model" in loaded
    assert "pandas" not in loaded


# The families a scenario has only when it has their section or kind, and the surfaces `awaw plan` never uses.
SECTION_MODULES = (
    "models.sw",
    "models.mobilization",
    "models.engineers",
    "optimizer.rules.sw",
    "optimizer.rules.mobilization",
    "optimizer.rules.engineers",
    "optimizer.checker.sw",
    "optimizer.checker.mobilization",
    "optimizer.checker.engineers",
    "optimizer.render.sw",
    "optimizer.render.mobilization",
    "optimizer.render.engineers",
    "optimizer.web",
    "dask",
    "distributed",
)


def modules_of_plan(scenario: str) -> set[str]:
    """Every module (full names) a fresh `awaw plan --json SCENARIO` process has loaded when it ends."""
    return set(loaded_by("plan", "--json", scenario))


def loaded_of(modules: set[str], prefixes: tuple[str, ...]) -> list[str]:
    return sorted(
        m for m in modules if any(m == p or m.startswith(p + ".") or m.startswith(p + "_") for p in prefixes)
    )


def test_plan_of_a_plain_turn_loads_no_sw_mobilization_engineers_web_nor_dask():
    """A rule 27 turn with neither an `sw:` (rule 25) nor a `mobilization:` (rule 14) section: `awaw plan`
    loads the turn's families only, not the models and modelling code of the sections it does not have."""
    loaded = modules_of_plan("scenarios/european_axis_spring_1942.yaml")
    assert "optimizer.turn.solve" in loaded  # the probe saw the plan solved
    assert loaded_of(loaded, SECTION_MODULES) == []


def test_plan_of_a_turn_with_an_sw_section_loads_the_sw_family():
    """The same probe on a turn with an `sw:` section sees the SW family load (rule 25 figures, 27.94)."""
    loaded = modules_of_plan("scenarios/european_axis_1942_sw.yaml")
    assert {"models.sw", "optimizer.rules.sw.turn"} <= loaded


def test_the_batchs_own_process_loads_no_solver_nor_networkx(tmp_path):
    """`awaw batch`: only the workers solve, so the batch's own process (reading, ordering and writing the
    results) loads neither ortools nor networkx; the workers' fork server loads them."""
    out = tmp_path / "results.jsonl"
    loaded = modules_after(
        "batch", "scenarios/european_axis_spring_1942.yaml", "--out", str(out), "--workers", "1"
    )
    assert '"status":"optimal"' in out.read_text()  # the workers planned the position
    assert not loaded & {"ortools", "networkx", "matplotlib"}, sorted(loaded & {"ortools", "networkx"})


def modules_of_main(*args: str) -> frozenset[str]:
    """Every module (full names) a fresh `awaw ARGS` process has loaded when it ends, run as the `awaw` script
    runs (`optimizer.cli.main`), its standard output a pipe. The probe is called as the process ends, through
    `os._exit` (`optimizer.cli.quick_exit`) or Python's own exit."""
    code = (
        "import atexit, os, sys\n"
        "def probe():\n    sys.__stderr__.write('\\n=MODULES=' + ' '.join(sorted(sys.modules)))\n"
        "    sys.__stderr__.flush()\n"
        "atexit.register(probe)\n"
        "end = os._exit\n"
        "os._exit = lambda status: (probe(), end(status))\n"
        f"sys.argv = ['awaw', *{list(args)!r}]\n"
        "from optimizer.cli import main\n"
        "main()\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout  # the probe saw the command print
    return frozenset(result.stderr.rpartition("=MODULES=")[2].split())


def test_plan_into_a_pipe_loads_no_rich():
    """`awaw plan` on the bundled default, printed to a pipe: its tables are written without Rich
    (optimizer/render/plain.py), the very bytes Rich would write (tests/optimizer/render/test_plain.py)."""
    loaded = modules_of_main("plan")
    assert "optimizer.turn.solve" in loaded
    assert "optimizer.render.plain" in loaded
    assert not {m for m in loaded if m.split(".")[0] == "rich"}, sorted(
        m for m in loaded if m.startswith("rich")
    )


def test_a_command_loads_and_builds_no_other_command():
    """`optimizer.cli.main` gives Typer the named command alone (`app_for`): no other command's module is
    loaded nor asked for its parameters, so `awaw plan` builds the parameters of one command, not sixteen."""
    from optimizer.cli import COMMANDS, app_for, command

    group = app_for(["plan", "--json"])
    assert [info.callback for info in group.registered_commands] == [command("plan")]
    assert len(app_for(["--help"]).registered_commands) == len(COMMANDS)
    assert len(app_for(["nosuchcommand"]).registered_commands) == len(COMMANDS)
    loaded = modules_of_main("plan")
    others = {f"optimizer.cli.{module}" for _, module, _ in COMMANDS} - {"optimizer.cli.plan"}
    assert not loaded & others, sorted(loaded & others)


@pytest.mark.parametrize(
    "args",
    [
        ("plan", "--help"),
        ("plan", "--no-such-option"),
        ("plan", "no/such/file.yaml"),
        ("plan", "--time-limit", "nan"),
        ("next", "--help"),
        ("limits", "--help"),
        ("batch", "--workers", "0"),
        ("schema", "--kind", "nosuchkind"),
        ("engineers",),
        ("nosuchcommand",),
        (),
    ],
)
def test_one_command_group_prints_and_fails_as_the_whole_group(args):
    """The group of one command (`app_for`) parses, prints its help and refuses bad arguments exactly as the
    whole group does: the same output, the same exit code."""
    from typer.testing import CliRunner

    from optimizer.cli import app, app_for

    runner = CliRunner()
    whole = runner.invoke(app, list(args), prog_name="awaw")
    alone = runner.invoke(app_for(list(args)), list(args), prog_name="awaw")
    assert (alone.exit_code, alone.output) == (whole.exit_code, whole.output)


def blas_threads_after(code: str, **env: str) -> str:
    """OPENBLAS_NUM_THREADS as a fresh process sees it after running `code`, with `env` set and the
    variable otherwise unset."""
    shown = code + "\nimport os\nprint(os.environ.get('OPENBLAS_NUM_THREADS', 'unset'))"
    return run_python(shown, env, unset=("OPENBLAS_NUM_THREADS",)).split()[-1]


def test_awaw_asks_for_one_blas_thread_before_numpy_loads():
    """A command's process loads numpy with one OpenBLAS thread (optimizer.one_blas_thread): set before
    numpy is imported, else OpenBLAS has already started its threads."""
    code = "import sys\nimport optimizer.cli\nassert 'numpy' not in sys.modules"
    assert blas_threads_after(code) == "1"


def test_a_user_setting_of_blas_threads_is_kept():
    assert blas_threads_after("import optimizer.cli", OPENBLAS_NUM_THREADS="2") == "2"


def test_importing_the_planner_leaves_blas_threads_to_the_script():
    """A script that imports the planner keeps its numpy as it set it up."""
    assert blas_threads_after("import optimizer.planners.position") == "unset"
