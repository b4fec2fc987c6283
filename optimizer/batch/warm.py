"""What the local pool's fork server loads before it forks a worker: `optimizer.batch.worker`, and one
plan of the bundled default scenario, thrown away.

Pydantic builds each model's validator when the model is first used (models/lazy.py), and the solver's
code runs its first position slower than the next; planned once here, in the server, every worker forked
from it starts with that done, instead of each worker doing it again on its first position.
"""

from __future__ import annotations

from optimizer import one_blas_thread
from optimizer.deferred_pandas import defer_pandas

one_blas_thread()  # the fork server is a process of the project's own, started before numpy loads in it
defer_pandas()  # and before the solver loads in it (optimizer/deferred_pandas.py)

import scenarios  # noqa: E402
from models.io import read_yaml  # noqa: E402
from optimizer.batch.inputs import Job  # noqa: E402
from optimizer.batch.worker import plan_one  # noqa: E402


def warm_up() -> None:
    """Plan the bundled default scenario once, as a batch position, and forget the result."""
    data, lines = read_yaml(scenarios.path())
    plan_one(Job("warm-up", None, None, data, lines=lines))


warm_up()
