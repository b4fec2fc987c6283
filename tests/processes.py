"""Python code run in a fresh process from the project's root, for tests of what a process loads or sets."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_python(code: str, env: dict[str, str] | None = None, unset: tuple[str, ...] = ()) -> str:
    """What `code` prints to standard output, run by `python -c` from the project's root with the project
    importable, the environment's variables `unset` removed and `env` added; a failure raises."""
    base = {k: v for k, v in os.environ.items() if k not in unset}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**base, "PYTHONPATH": str(ROOT), **(env or {})},
        timeout=300,
    )
    return result.stdout
