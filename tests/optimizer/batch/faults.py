"""Faulty worker tasks for the batch tests: each plans normally except the position it is named for.

They live in a module of their own so that worker processes can import them by name.
"""

from __future__ import annotations

import os
import time

from optimizer.batch.inputs import Job
from optimizer.batch.run import plan_task


def _name(job: Job) -> str:
    return str(job.data.get("name")) if isinstance(job.data, dict) else ""


def crash_on_crash(job: Job) -> str:
    """The worker process dies, as on a fault of the solver's native code."""
    if _name(job) == "crash":
        os._exit(7)
    return plan_task(job)


def hang_on_hang(job: Job) -> str:
    """The worker never answers, as a solve that ignores its time limit would."""
    if _name(job) == "hang":
        time.sleep(120)
    return plan_task(job)


def slow_on_slow(job: Job) -> str:
    """The position finishes well after the ones given after it."""
    if _name(job) == "slow":
        time.sleep(0.8)
    return plan_task(job)
