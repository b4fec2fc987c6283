"""The fork server the local pool's workers come from (`optimizer.batch.local`), in a module that loads
nothing but the standard library's `multiprocessing`: `awaw batch` starts the server before it imports
anything of its own (the inputs' reader and the models take about 0.2 s), so that the server loads the
solver on the other core meanwhile."""

from __future__ import annotations

import multiprocessing
from multiprocessing.context import ForkServerContext, SpawnContext

# What the server loads before it forks a worker: the worker's code and one plan to warm it.
PRELOAD = ["optimizer.batch.warm"]


def context() -> ForkServerContext | SpawnContext:
    """A fork server that has loaded the planner (spawn where there is none, as on Windows). Like any
    spawned process, each worker imports the main module first: a script calling `plan_many` keeps
    its work under `if __name__ == "__main__":`."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        forking = multiprocessing.get_context("forkserver")
        forking.set_forkserver_preload(PRELOAD)
        return forking
    return multiprocessing.get_context("spawn")


def start_server() -> None:
    """Start the fork server the workers come from, preloading the planner, and return at once (the
    workers' `start` waits for it); nothing where there is no fork server."""
    if isinstance(context(), ForkServerContext):
        from multiprocessing import forkserver

        forkserver.ensure_running()
