"""Batch planning: many positions, one result each, on worker processes or a Dask cluster.

`awaw batch` (optimizer/cli/batch.py) and `plan_many` (optimizer/batch/run.py) share it: `inputs`
reads files, folders, JSON Lines and sweeps into jobs; `worker` plans one job into its result
line; `local` and `cluster` run jobs on processes of this machine or on Dask; `output` writes the
results in input order, resumes, and writes the CSV summary.
"""

from optimizer.batch.run import plan_many

__all__ = ["plan_many"]
