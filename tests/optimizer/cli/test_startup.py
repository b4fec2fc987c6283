"""Start-up: the commands that need no solver import neither ortools nor matplotlib (optimizer/cli/)."""

import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
HEAVY = ("ortools", "matplotlib")


@cache
def modules_after(*args: str) -> set[str]:
    """Top-level modules loaded by a fresh process that runs `awaw ARGS` (output discarded)."""
    code = (
        "import sys\n"
        "from optimizer.cli import app\n"
        f"try:\n    app({list(args)!r})\n"
        "except SystemExit:\n    pass\n"
        "sys.__stdout__.write('\\n=MODULES=' + ' '.join(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return set(result.stdout.rpartition("=MODULES=")[2].split())


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
