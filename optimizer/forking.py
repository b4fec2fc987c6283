"""Worker processes forked from a server that loaded the planner once: the batch's (`optimizer.batch.local`)
and the web page's (`optimizer.web.workers`), each with its own list of modules the server preloads. Only
the standard library's `multiprocessing` is loaded here, so that a command can start its server before it
loads anything else, and the server loads the solver on the other core meanwhile."""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from multiprocessing.context import ForkServerContext, SpawnContext


def context(preload: Sequence[str]) -> ForkServerContext | SpawnContext:
    """A fork server that loads `preload` before it forks a worker (spawn where there is none, as on
    Windows). Like any spawned process, each worker imports the main module first: a script that starts
    workers keeps its work under `if __name__ == "__main__":`."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        forking = multiprocessing.get_context("forkserver")
        forking.set_forkserver_preload(list(preload))
        return forking
    return multiprocessing.get_context("spawn")


def start(preload: Sequence[str]) -> None:
    """Start that fork server now and return at once (a worker's `start` waits for it); nothing where there
    is no fork server."""
    if isinstance(context(preload), ForkServerContext):
        from multiprocessing import forkserver

        forkserver.ensure_running()
