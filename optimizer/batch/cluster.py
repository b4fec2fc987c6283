"""The same batch on a Dask distributed cluster (`--scheduler tcp://HOST:PORT`).

Each position is one task, `plan_one(job)`, submitted by reference: the cluster's workers must
have the project installed (`pip install 'awaw-planner[cluster]'`) and import the planner on their
first task. One task per worker thread is in flight: a long batch never sits whole in the
scheduler's memory, and no task waits on a worker behind another, so a worker that dies held only
the position it was planning. Dask replaces the worker and gives that task to another, and after
`distributed.scheduler.allowed-failures` deaths (3 by default) records it as failed, which becomes
this position's failed result; no other result is lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from optimizer.batch.inputs import Job
from optimizer.batch.local import Task
from optimizer.batch.results import failure_line


def run_on_cluster(address: str, task: Task, jobs: Iterable[tuple[int, Job]]) -> Iterator[tuple[int, str]]:
    """Each (index, job)'s (index, result line), in the order the cluster finishes them."""
    from distributed import Client, as_completed

    with Client(address, set_as_default=False) as client:
        threads = max(1, sum(client.nthreads().values()))
        pending = iter(jobs)
        held = {}
        finished = as_completed(loop=client.loop)

        def submit() -> bool:
            item = next(pending, None)
            if item is None:
                return False
            index, job = item
            future = client.submit(task, job, key=f"awaw-plan-{index}-{job.hash}", pure=False)
            held[future.key] = item
            finished.add(future)
            return True

        for _ in range(threads):
            if not submit():
                break
        for future in finished:
            index, job = held.pop(future.key)
            try:
                line = future.result()
            except Exception as error:  # KilledWorker, or a task lost with its worker
                line = failure_line(job, f"the cluster could not plan this position: {type(error).__name__}")
            future.release()
            submit()
            yield index, line
