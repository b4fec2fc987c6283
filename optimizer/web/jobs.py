"""The page's requests as jobs run by worker processes: waited for, watched as they go, cancelled.

`Jobs.start(task, payload, received)` gives a `Job` at once and runs it in a thread of its own: the job
waits at most `wait` seconds for a free worker of its pool (else it is answered "busy", 503), sends
the task, and reads what the worker reports until its answer comes. The time limit counts from
`received` (the request's arrival): the worker is given what is left of it, and a worker still busy
`limits.GRACE` seconds after it is killed and the job answered "stopped" (`tasks.stopped`). `cancel`
kills the job's worker at once (its slot is free again as soon as a new worker is forked); the job is
answered 409. Finished jobs are kept a while for the page to collect (`KEEP`, `KEEP_SECONDS`), without
their request's scenario.

The event loop never blocks on a job: `Job.until(...)` is awaited, and the job's thread wakes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from optimizer.web import limits, tasks
from optimizer.web.workers import Pool

KEEP = (
    50  # finished jobs kept for their pages to collect (a started plan's; a one-call request's is not kept)
)
KEEP_SECONDS = 120.0
ABANDONED = 10.0  # seconds a started plan runs with no one asking for its progress before it is cancelled
WAITING, RUNNING, DONE = "waiting", "running", "done"


JOB_BYTES = 12  # a job's id: 12 random bytes, 16 URL-safe characters (`app.JobId`)


@dataclass
class Job:
    """One request's task: its state, what its solve has reported, and its answer once it has one."""

    id: str
    task: str
    payload: Any
    received: float  # time.perf_counter() when the request arrived
    time_limit: float | None
    state: str = WAITING
    # The objective's first priority (the plan's objective), the best plan's value of it found so far and
    # the least bound proven on it; and the priority being solved now (a later one, once it is proven).
    priority: str | None = None
    best: float | None = None
    bound: float | None = None
    solving: str | None = None
    status: int | None = None  # the answer: HTTP status and JSON body
    body: bytes = b""
    finished_at: float | None = None
    cancelled: threading.Event = field(default_factory=threading.Event)
    # A started plan's page asks for its progress every fraction of a second: one not asked for in
    # `ABANDONED` seconds (its page closed) is cancelled. None: a one-call request, cancelled when its
    # client goes away (`app.py`).
    asked_at: float | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    watchers: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = field(default_factory=list, repr=False)

    def elapsed(self) -> float:
        end = self.finished_at if self.finished_at is not None else time.perf_counter()
        return end - self.received

    def progress(self) -> dict[str, Any]:
        """What the page shows while it waits: the state, the seconds since the request, and the best plan's
        objective and bound so far (the turn planner reports them; the others only the time)."""
        return {
            "job": self.id,
            "state": self.state,
            "elapsed": round(self.elapsed(), 1),
            "priority": self.priority,
            "best": self.best,
            "bound": self.bound,
            "solving": self.solving,
        }

    def progress_json(self) -> bytes:
        """The progress, with the answer (`status`, `result`: the same body the one-call request answers)
        once the job is done."""
        head = json.dumps(self.progress())
        if self.state != DONE:
            return head.encode()
        return head[:-1].encode() + f', "status": {self.status}, "result": '.encode() + self.body + b"}"

    def changed(self) -> None:
        """Wake every coroutine waiting on this job (from any thread)."""
        with self.lock:
            watchers, self.watchers = self.watchers, []
        for loop, event in watchers:
            with contextlib.suppress(RuntimeError):  # that loop has closed
                loop.call_soon_threadsafe(event.set)

    async def until(self, ready: Callable[[Job], bool]) -> None:
        """Wait, without blocking the event loop, until `ready(self)`."""
        loop = asyncio.get_running_loop()
        while True:
            event = asyncio.Event()
            with self.lock:
                if ready(self):
                    return
                self.watchers.append((loop, event))
            await event.wait()

    def report(self, priority: str, best: float, bound: float | None) -> None:
        """A better plan of the solve: of the first priority, the best value so far and the least bound (a
        solve of it again, one priority at a time after a joint solve ran out, proves no more than that)."""
        self.solving = priority
        if self.priority is None:
            self.priority = priority
        if priority == self.priority:
            self.best = best if self.best is None else max(self.best, best)
            if bound is not None:
                self.bound = bound if self.bound is None else min(self.bound, bound)
        self.changed()

    def finish(self, status: int, body: bytes) -> None:
        self.status, self.body = status, body
        self.payload = None  # the request's scenario is no longer needed
        self.finished_at = time.perf_counter()
        self.state = DONE
        self.changed()


class Jobs:
    """The jobs of one app: each task's pool, the wait for a worker, the time limit, the jobs kept."""

    def __init__(self, pools: dict[str, Pool], wait: float, time_limit: float | None, busy: str) -> None:
        self.pools = pools  # task -> the pool that runs it
        self.wait = wait
        self.time_limit = time_limit
        self.busy = busy  # the message of a job that found no free worker
        self.waits: dict[str, float] = {}  # a task's own wait for a worker, where it is not `wait`
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()

    def start(self, task: str, payload: Any, received: float, watched: bool = False) -> Job:
        """A job for the task, run at once; `watched`: a started plan, whose page asks for its progress."""
        job = Job(secrets.token_urlsafe(JOB_BYTES), task, payload, received, self.time_limit)
        if watched:
            job.asked_at = time.perf_counter()
        with self.lock:
            self._forget()
            self.jobs[job.id] = job
        threading.Thread(target=self._run, args=(job,), name=f"awaw-job-{task}", daemon=True).start()
        return job

    def get(self, job_id: str) -> Job | None:
        with self.lock:
            return self.jobs.get(job_id)

    def forget(self, job: Job) -> None:
        """Drop a job whose answer has been given (a one-call request's)."""
        with self.lock:
            self.jobs.pop(job.id, None)

    def cancel(self, job_id: str) -> Job | None:
        job = self.get(job_id)
        if job is not None:
            job.cancelled.set()
        return job

    def _forget(self) -> None:
        """Drop finished jobs past `KEEP_SECONDS`, and the oldest past `KEEP`."""
        now = time.perf_counter()
        finished = [j for j in self.jobs.values() if j.finished_at is not None]
        for job in finished:
            if now - (job.finished_at or now) > KEEP_SECONDS:
                del self.jobs[job.id]
        finished = sorted(
            (j for j in self.jobs.values() if j.finished_at is not None), key=lambda j: j.received
        )
        for job in finished[: max(0, len(finished) - KEEP)]:
            del self.jobs[job.id]

    def _run(self, job: Job) -> None:
        pool = self.pools[job.task]
        wait = max(0.0, self.waits.get(job.task, self.wait) - (time.perf_counter() - job.received))
        worker = pool.acquire(wait, job.cancelled)
        if worker is not None and job.cancelled.is_set():  # handed one as it was cancelled: pass it on
            pool.release(worker)
            worker = None
        if worker is None:
            if job.cancelled.is_set():
                job.finish(*self._cancelled(job))
            else:
                job.finish(*tasks.answer(503, {"error": self.busy}))
            return
        try:
            job.state = RUNNING
            job.changed()
            answer = self._work(job, worker)
        except Exception:  # a bug here must still answer the request
            logging.getLogger(__name__).exception("the %s job failed", job.task)
            worker.stop()
            answer = tasks.answer(500, {"error": "the server failed"})
        finally:
            if not worker.alive():
                try:
                    worker.ready()  # a fresh worker forked at once, warm from the fork server
                except Exception:
                    worker.stop()  # started by the next job that takes it
            pool.release(worker)  # before the answer: the client's next request finds this warm worker
        job.finish(*answer)

    def _cancelled(self, job: Job) -> tasks.Answer:
        return tasks.answer(409, {"error": f"cancelled after {job.elapsed():.0f} s: the server stopped it"})

    def _work(self, job: Job, worker: Any) -> tasks.Answer:
        """Send the task to `worker` and read its reports until its answer; kill it when cancelled, when
        past the time limit and `GRACE`, or when it dies."""
        deadline = None if job.time_limit is None else job.received + job.time_limit
        try:
            connection = worker.ready()
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            connection.send((job.task, job.payload, left))
        except Exception:  # no process could be started (out of memory, no fork server)
            logging.getLogger(__name__).exception("a worker could not be started")
            worker.stop()
            return tasks.answer(500, {"error": "the server's worker could not be started"})
        while True:
            if job.asked_at is not None and time.perf_counter() - job.asked_at > ABANDONED:
                job.cancelled.set()  # no page is waiting for it any more
            if job.cancelled.is_set():
                worker.stop()
                return self._cancelled(job)
            if deadline is not None and time.perf_counter() > deadline + limits.GRACE:
                worker.stop()
                why = (
                    f"the time limit of {job.time_limit:g} s ran out (it counts reading and building the "
                    "model as well as solving), and the server stopped the work"
                )
                return tasks.stopped(job.task, self._file(job), why)
            try:
                if not connection.poll(0.05):
                    if not worker.alive():
                        raise EOFError
                    continue
                message = connection.recv()
            except (OSError, EOFError):
                worker.stop()
                return tasks.answer(500, {"error": "the server's worker stopped (out of memory?)"})
            if message[0] == "progress":
                job.report(*message[1:])
            else:
                return message[1], message[2]

    @staticmethod
    def _file(job: Job) -> str:
        if job.task == "upload":
            return str(job.payload[0])
        return tasks.request_file(job.payload)
