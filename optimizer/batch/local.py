"""Worker processes on this machine, each planning one position at a time.

The workers are forked from a server process that has loaded the planner once (multiprocessing's
`forkserver`, preloading `optimizer.batch.warm`: `optimizer.batch.worker` and one plan made to warm it), so
a worker starts at once with the code loaded and receives only `Job`s. `optimizer.batch.server.start_server`
starts that server without waiting for it: `awaw batch` calls it before it imports its inputs' reader, so
that the server loads the solver while the batch's own process loads the rest and reads and checks the
positions, and the workers are ready when the first position is. Each worker has its own pipe
and holds at most two positions (`DEPTH`): the one it plans and the next, so that it never waits for the
batch's process between two. The pool knows which positions a worker holds, in order: a worker that dies
(a solver fault) or plans one position past `hang_after` seconds is stopped and replaced, the position it
was planning is recorded as failed, the one it held behind it is given again, and no other position's
result is lost.
"""

from __future__ import annotations

import contextlib
import itertools
import signal
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess

from optimizer.batch.inputs import Job
from optimizer.batch.results import failure_line
from optimizer.batch.server import context

Task = Callable[[Job], str]


def _serve(connection: Connection, task: Task) -> None:
    """A worker's loop: a position in, its result line out, until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the batch's main process, which stops us
    while True:
        try:
            item = connection.recv()
        except EOFError:
            return
        if item is None:
            return
        index, job = item
        connection.send((index, task(job)))


# Positions a worker holds at once: the one it plans and the next, waiting in its pipe, so that it starts
# the next as soon as it has sent a result instead of waiting for the batch's process to read the result and
# answer (which, on a machine whose cores are all busy, waits for that process to be given a core).
DEPTH = 2


@dataclass
class _Worker:
    process: BaseProcess
    connection: Connection
    holding: list[tuple[int, Job]] = field(
        default_factory=list
    )  # given, in order; the first is being planned
    since: float = 0.0  # when the worker started on the first it holds (time.monotonic)


class LocalPool:
    """`workers` processes running `task` (picklable: a module-level function or a partial of one)."""

    def __init__(self, workers: int, task: Task, hang_after: float | None = None) -> None:
        self.size = max(1, workers)
        self.task = task
        self.hang_after = hang_after
        self.context = context()
        self.workers: list[_Worker] = []

    def _start(self) -> _Worker:
        parent, child = self.context.Pipe()
        process = self.context.Process(target=_serve, args=(child, self.task), daemon=True)
        process.start()
        child.close()
        worker = _Worker(process, parent)
        self.workers.append(worker)
        return worker

    def _stop(self, worker: _Worker) -> None:
        self.workers.remove(worker)
        worker.connection.close()
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join()

    def run(self, jobs: Iterable[tuple[int, Job]]) -> Iterator[tuple[int, str]]:
        """Each (index, job)'s (index, result line), in the order they finish. Each worker holds up to
        `DEPTH` positions; the input is read as the workers take it, at most that many ahead of them."""
        pending = iter(jobs)
        first = next(pending, None)
        if first is None:  # nothing to plan: no worker is started
            return
        pending = itertools.chain([first], pending)
        again: deque[tuple[int, Job]] = deque()  # held behind a position whose worker died or hung
        exhausted = False

        def take() -> tuple[int, Job] | None:
            nonlocal exhausted
            if again:
                return again.popleft()
            if exhausted:
                return None
            item = next(pending, None)
            exhausted = item is None
            return item

        try:
            for _ in range(self.size):
                self._start()
            while True:
                # Every worker is given one position before any is given a second.
                for depth in range(1, DEPTH + 1):
                    for worker in self.workers:
                        if len(worker.holding) < depth:
                            item = take()
                            if item is None:
                                break
                            worker.connection.send(item)
                            if not worker.holding:
                                worker.since = time.monotonic()
                            worker.holding.append(item)
                busy = [w for w in self.workers if w.holding]
                if not busy:
                    return
                timeout = None
                if self.hang_after is not None:
                    earliest = min(w.since for w in busy)
                    timeout = max(0.0, earliest + self.hang_after - time.monotonic())
                wait([w.connection for w in busy] + [w.process.sentinel for w in busy], timeout)
                for worker in busy:
                    yield from self._collect(worker, again)
        finally:
            for worker in list(self.workers):
                if worker.process.is_alive() and not worker.holding:
                    with contextlib.suppress(OSError):
                        worker.connection.send(None)
                    worker.process.join(timeout=1)
                self._stop(worker)

    def _collect(self, worker: _Worker, again: deque[tuple[int, Job]]) -> Iterator[tuple[int, str]]:
        """The worker's results so far; if it died or hung, a failure for the position it was planning and
        a new worker, the positions it held behind that one given again (to `again`), not failed."""
        try:
            while worker.holding and worker.connection.poll():
                done, line = worker.connection.recv()
                worker.holding.pop(0)
                worker.since = time.monotonic()
                yield done, line
            if not worker.holding:
                return
        except (EOFError, OSError):
            worker.process.join(timeout=5)  # the pipe closed: the process is ending
        if not worker.process.is_alive():
            code = worker.process.exitcode
            message = f"the worker process stopped (exit code {code}) while planning this position"
        elif self.hang_after is not None and time.monotonic() - worker.since >= self.hang_after:
            message = f"no result within {self.hang_after:g} s; the worker was stopped and replaced"
        else:
            return
        (index, job), behind = worker.holding[0], worker.holding[1:]
        self._stop(worker)
        self._start()
        again.extend(behind)
        yield index, failure_line(job, message)
