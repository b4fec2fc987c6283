"""The page's worker processes: each request's reading, validating, building and solving runs in one, never
on the server's event loop, so the page answers while a worker is busy.

A `Pool` holds `count` workers, each a process with the planner loaded (from a fork server that loaded
the planner once, `PRELOAD`, as the batch's workers are: `optimizer.forking`; spawn where there is
none), running one task at a time (`tasks.run`) and sending back what the solve reports as it goes and
then its answer. A worker that is stopped (the player cancelled, or the time limit ran out) is killed,
which frees its memory and its slot at once, and a fresh one is forked in its place.
"""

from __future__ import annotations

import collections
import signal
import threading
import time
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import Any

from optimizer import forking

Message = tuple[Any, ...]  # ("progress", priority, best, bound) or ("answer", status, body)


# What the fork server loads once, so that every worker forked from it starts warm (`tasks.warm`).
PRELOAD = ("optimizer.web.forkserver",)


def start_fork_server() -> None:
    """Start the fork server now, so that it loads and warms the planner while the page is served (`awaw
    serve` does, as it starts listening); its workers are forked when the app is loaded."""
    forking.start(PRELOAD)


def _serve(connection: Connection) -> None:
    """A worker's loop: a task in, its progress and answer out, until the server closes the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers
    from optimizer.web import tasks

    tasks.warm()
    while True:
        try:
            task, payload, left = connection.recv()
        except (EOFError, OSError):
            return
        deadline = None if left is None else time.perf_counter() + left

        def report(priority: str, best: float, bound: float | None) -> None:
            connection.send(("progress", priority, best, bound))

        status, body = tasks.run(task, payload, deadline, report)
        connection.send(("answer", status, body))


class Worker:
    """One worker process and its end of the pipe; started when first needed."""

    def __init__(self, context: ForkServerContext | SpawnContext) -> None:
        self.context = context
        self.process: BaseProcess | None = None
        self.connection: Connection | None = None
        self.lock = threading.Lock()

    def ready(self) -> Connection:
        """The pipe to a running worker, starting one if there is none (or the last one died)."""
        with self.lock:
            return self._ready()

    def _ready(self) -> Connection:
        if self.process is None or not self.process.is_alive() or self.connection is None:
            self._stop()
            ours, theirs = self.context.Pipe()
            process = self.context.Process(target=_serve, args=(theirs,), name="awaw-web-worker", daemon=True)
            process.start()
            theirs.close()
            self.process, self.connection = process, ours
        return self.connection

    def alive(self) -> bool:
        return self.process is not None and self.process.is_alive()

    def stop(self) -> None:
        """Kill the process (a solve in it stops at once; its memory goes back to the system)."""
        with self.lock:
            self._stop()

    def _stop(self) -> None:
        if self.process is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join(timeout=5)
            self.process = None
        if self.connection is not None:
            self.connection.close()
            self.connection = None


class _Waiter:
    """A task waiting for a worker, in the order it came (`Pool.acquire`)."""

    def __init__(self) -> None:
        self.handed = threading.Event()
        self.worker: Worker | None = None


class Pool:
    """`count` workers; a task takes a free one for its run (`acquire`, `release`), the tasks waiting for one
    served in the order they came."""

    def __init__(self, count: int, context: ForkServerContext | SpawnContext | None = None) -> None:
        self.count = count
        context = context or forking.context(PRELOAD)
        self.workers = [Worker(context) for _ in range(count)]
        self.idle: list[Worker] = list(self.workers)
        self.waiting: collections.deque[_Waiter] = collections.deque()
        self.lock = threading.Lock()

    def acquire(self, wait: float, cancelled: threading.Event | None = None) -> Worker | None:
        """A free worker within `wait` seconds (None if there is none by then, or the task was cancelled)."""
        with self.lock:
            if self.idle:
                return self.idle.pop()  # the one released last: the warmest
            waiter = _Waiter()
            self.waiting.append(waiter)
        until = time.monotonic() + wait
        while not waiter.handed.wait(timeout=max(0.0, min(0.05, until - time.monotonic()))):
            if time.monotonic() >= until or (cancelled is not None and cancelled.is_set()):
                with self.lock:
                    if waiter.worker is None:
                        self.waiting.remove(waiter)
                        return None
                break  # handed a worker just now: take it
        return waiter.worker

    def release(self, worker: Worker) -> None:
        """The worker back: to the task that has waited longest, else to the free ones."""
        with self.lock:
            if self.waiting:
                waiter = self.waiting.popleft()
                waiter.worker = worker
                waiter.handed.set()
            else:
                self.idle.append(worker)

    def start(self) -> None:
        """Start every worker now (they load the planner meanwhile), not with the first request."""
        for worker in self.workers:
            worker.ready()

    def close(self) -> None:
        for worker in self.workers:
            worker.stop()
