"""Batch planning: many positions, one result each, on worker processes or a Dask cluster.

`awaw batch` (optimizer/cli/batch.py) and `plan_many` (optimizer/batch/run.py) share it: `inputs`
reads files, folders, JSON Lines and sweeps into jobs; `worker` plans one job into its result
line; `local` and `cluster` run jobs on processes of this machine or on Dask; `output` writes the
results in input order, resumes, and writes the CSV summary.

`plan_many` loads `run` when first asked for: a worker process imports `worker` (and through it this
package) without the batch's files, progress bar and Rich.
"""

from typing import Any

__all__ = ["plan_many"]


def __getattr__(name: str) -> Any:
    if name == "plan_many":
        from optimizer.batch.run import plan_many

        return plan_many
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
