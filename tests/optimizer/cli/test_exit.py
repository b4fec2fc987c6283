"""How an `awaw` process ends (`optimizer.cli.main`, `quick_exit`): without Python's teardown for the
commands that start no other process, with every byte of its output written and Python's exit codes."""

import json
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from optimizer.cli import NAMES, QUICK, app

ROOT = Path(__file__).resolve().parents[3]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def awaw(*args: str) -> subprocess.CompletedProcess[str]:
    """`awaw ARGS` in a fresh process, run as the `awaw` script runs (`optimizer.cli.main`)."""
    code = f"import sys\nsys.argv = ['awaw', *{list(args)!r}]\nfrom optimizer.cli import main\nmain()\n"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=300
    )


def test_a_plan_ended_without_teardown_writes_the_same_bytes_as_the_command_run_in_process():
    ended = awaw("plan", "--json")
    assert ended.returncode == 0, ended.stderr
    within = CliRunner().invoke(app, ["plan", "--json"])
    assert within.exit_code == 0
    assert ended.stdout == within.stdout
    assert json.loads(ended.stdout)["status"] == "optimal"


def test_bad_input_still_exits_2_with_its_message():
    """Exit code 2 for bad input (optimizer/cli/__init__.py), its line on standard error."""
    ended = awaw("plan", "no/such/file.yaml")
    assert ended.returncode == 2
    assert "no/such/file.yaml" in ended.stderr
    assert ended.stdout == ""


def test_an_exit_with_a_message_ends_as_python_ends_it():
    """`SystemExit("...")`: the message on standard error and code 1, as Python's own exit gives."""
    code = "import sys\nfrom optimizer.cli import quick_exit\nsys.stdout.write('written')\nquick_exit('stopped')\n"
    ended = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60
    )
    assert (ended.returncode, ended.stdout, ended.stderr) == (1, "written", "stopped\n")


def test_output_that_cannot_be_written_ends_with_1():
    """Standard output a pipe whose reader has gone: the bytes left in the buffer (Python's own buffering,
    PYTHONUNBUFFERED unset) cannot be written, and the command does not end with 0 as if they had been."""
    code = "import sys\nfrom optimizer.cli import quick_exit\nsys.stdout.write('lost')\nquick_exit(0)\n"
    read, write = os.pipe()
    os.close(read)
    try:
        ended = subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env={k: v for k, v in ENV.items() if k != "PYTHONUNBUFFERED"},
            stdout=write,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    finally:
        os.close(write)
    assert ended.returncode == 1
    assert ended.stderr == b""  # ended by `quick_exit`, not by a traceback from the write


def test_the_batch_and_the_server_end_with_pythons_teardown():
    """Their clean-up (the workers, the cluster, the server) runs at exit: they are not ended early."""
    assert set(NAMES) - QUICK == {"batch", "serve"}
