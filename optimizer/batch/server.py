"""The fork server the local pool's workers come from (`optimizer.batch.local`), in a module that loads
nothing but the standard library (`optimizer.forking`): `awaw batch` starts the server before it imports
anything of its own (the inputs' reader and the models take about 0.2 s), so that the server loads the
solver on the other core meanwhile."""

from __future__ import annotations

from multiprocessing.context import ForkServerContext, SpawnContext

from optimizer import forking

# What the server loads before it forks a worker: the worker's code and one plan to warm it. A script
# calling `plan_many` keeps its work under `if __name__ == "__main__":` (`forking.context`).
PRELOAD = ("optimizer.batch.warm",)


def context() -> ForkServerContext | SpawnContext:
    """The batch's fork server, or spawn where there is none."""
    return forking.context(PRELOAD)


def start_server() -> None:
    """Start the batch's fork server and return at once."""
    forking.start(PRELOAD)
