"""The same batch on a Dask distributed cluster (`--scheduler tcp://HOST:PORT`).

Each position is one task, `plan_one(job)`, submitted by reference: the cluster's workers must
have the project installed (`pip install 'awaw-planner[cluster]'`) and import the planner on their
first task. One task per worker thread is in flight: a long batch never sits whole in the
scheduler's memory, and no task waits on a worker behind another, so a task's clock starts when it
is submitted (each worker loads the planner first, `preload`), and a worker that dies held only the position it was planning. Dask replaces the
worker and gives that task to another, and after `distributed.scheduler.allowed-failures` deaths
(3 by default) records it as failed, which becomes this position's failed result.

A task still running `hang_after` seconds after it was submitted (the local pool's limit: twice
the time limit plus 30 s) is taken to hang: it is cancelled, the worker planning it is restarted
(a cancelled task's thread runs on until its process ends), and its position is recorded as
failed. No other result is lost: the positions on other workers run on, and the batch goes on.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable, Iterator
from typing import Any

from optimizer.batch.inputs import Job
from optimizer.batch.local import Task
from optimizer.batch.results import failure_line


def preload() -> None:
    """Run on each worker before its tasks: the planner is loaded, so that a task's clock (which
    starts when it is submitted) counts its solve, not the import."""
    import optimizer.batch.worker  # noqa: F401


def run_on_cluster(
    address: str, task: Task, jobs: Iterable[tuple[int, Job]], hang_after: float | None = None
) -> Iterator[tuple[int, str]]:
    """Each (index, job)'s (index, result line), in the order the cluster finishes them."""
    from distributed import Client, wait

    with Client(address, set_as_default=False) as client:
        client.run(preload)
        threads = max(1, sum(client.nthreads().values()))
        pending = iter(jobs)
        held: dict[Any, tuple[int, Job, float]] = {}  # future → index, job, when submitted

        def submit() -> None:
            item = next(pending, None)
            if item is not None:
                index, job = item
                future = client.submit(task, job, key=f"awaw-plan-{index}-{job.hash}", pure=False)
                held[future] = (index, job, time.monotonic())

        for _ in range(threads):
            submit()
        while held:
            timeout = None
            if hang_after is not None:
                first = min(started for _, _, started in held.values())
                timeout = max(0.0, first + hang_after - time.monotonic())
            # `wait` uses the current client; a timeout means a task reached its limit (see below).
            with client.as_current(), contextlib.suppress(TimeoutError):
                wait(list(held), timeout=timeout, return_when="FIRST_COMPLETED")
            for future in [f for f in held if f.done()]:
                index, job, _ = held.pop(future)
                try:
                    line = future.result()
                except Exception as error:  # KilledWorker, or a task lost with its worker
                    line = failure_line(
                        job, f"the cluster could not plan this position: {type(error).__name__}"
                    )
                future.release()
                submit()
                yield index, line
            if hang_after is None:
                continue
            now = time.monotonic()
            late = [f for f, (_, _, started) in held.items() if now - started >= hang_after]
            if late:
                yield from _stop(client, late, held, hang_after)
                for _ in late:
                    submit()


def _stop(
    client: Any, late: list[Any], held: dict[Any, tuple[int, Job, float]], hang_after: float
) -> Iterator[tuple[int, str]]:
    """Cancel the late tasks, restart the workers planning them, and fail their positions."""
    keys = {future.key for future in late}
    workers = sorted(w for w, running in client.processing().items() if keys & set(running))
    for future in late:
        future.cancel()
    if workers:
        client.restart_workers(workers, raise_for_error=False)
        client.run(preload)  # the restarted worker loads the planner before its next task
    for future in late:
        index, job, _ = held.pop(future)
        message = f"no result within {hang_after:g} s; the cluster worker was restarted"
        yield index, failure_line(job, message)
