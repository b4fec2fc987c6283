"""A worker task that reports on the worker's process instead of planning, for the batch tests (a module of its
own, so that worker processes can import it by name)."""

from __future__ import annotations

import os
import sys

from optimizer.batch.inputs import Job


def blas_threads(job: Job) -> str:
    """OPENBLAS_NUM_THREADS as the worker's process has it."""
    return os.environ.get("OPENBLAS_NUM_THREADS", "unset")


def solver_and_pandas(job: Job) -> str:
    """Whether the worker's process has OR-Tools' CP-SAT layer loaded, and whether pandas."""
    return f"{'ortools.sat.python.cp_model' in sys.modules}/{'pandas' in sys.modules}"
