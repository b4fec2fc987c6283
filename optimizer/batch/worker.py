"""What a worker process runs for each position: validate, solve, and write the result's line.

Workers load this module once (the local pool preloads it before forking its workers; a Dask
worker imports it on its first task) and then receive only `Job`s, plain data: a CP-SAT model
does not pickle, so each position's model is built where it is solved. Each solve runs on one
CP-SAT worker with a fixed seed, as the commands do, so the plan is the one the command prints.

A job's `kind` (inputs.job_kind) names its planner in the registry (`optimizer.planners`): `plan` as
`awaw plan` (rules 27 and 40), `mobilize` as `awaw mobilize` (rule 14), `engineers` as `awaw engineers`;
each position is validated, solved and written by that planner, as its command does; under the job's
decisions (`--fix`, `--forbid`: `optimizer.batch.decisions`), as the command plans with them.
"""

from __future__ import annotations

from optimizer import collect_less
from optimizer.deferred_pandas import defer_pandas

collect_less()  # before the solver loads: the worker is one process that loads much (optimizer/__init__.py)
defer_pandas()  # OR-Tools' CP-SAT layer without pandas, unless the worker has it loaded (a Dask worker)

from models.io import InputError  # noqa: E402
from models.plan import Status  # noqa: E402
from optimizer.batch.decisions import solve as decided  # noqa: E402
from optimizer.batch.inputs import Job  # noqa: E402
from optimizer.batch.results import BatchStatus, result_line  # noqa: E402
from optimizer.planners import Limits, planner, refusal  # noqa: E402

# The turn planner's solver, loaded with this module: the local pool's fork server preloads it, so that
# every worker starts with it. The other planners' solvers (mobilization, SW, engineers) load in a worker
# with its first position of their kind, as the commands load them (optimizer/planners/__init__.py).
from optimizer.planners import position as _turn  # noqa: F401, E402

# The planners' statuses as batch outcomes.
STATUSES = {
    Status.OPTIMAL: BatchStatus.OPTIMAL,
    Status.FEASIBLE: BatchStatus.FEASIBLE,
    Status.INFEASIBLE: BatchStatus.INFEASIBLE,
    Status.UNKNOWN: BatchStatus.TIMED_OUT,
}


def _bad_input(job: Job, error: InputError) -> str:
    """The error renamed to the position (a JSON Lines row or a sweep row has no file of its own)."""
    problems = [(*p, line) for p, line in zip(error.problems, error.lines, strict=True)]
    return result_line(job, BatchStatus.BAD_INPUT, message=InputError(job.label, problems).render())


def plan_one(job: Job, time_limit: float | None = None) -> str:
    """The result line of one position, as its planner's command would plan it (`--json`). Bad input,
    infeasible requirements, no plan in time and errors of the planner are results with their message,
    as the command would print it."""
    if job.error is not None:
        return result_line(job, BatchStatus.BAD_INPUT, message=job.error)
    chosen = planner(job.kind)
    refused = refusal(chosen, job.data, job.label)
    if refused is not None:  # `--planner` asked for a planner the scenario is not for
        return result_line(job, BatchStatus.BAD_INPUT, message=refused)
    try:
        scenario = chosen.validate(job.data, job.label, job.lines)
        result = decided(chosen, scenario, Limits(time_limit), job.fix, job.forbid)
    except InputError as error:  # invalid fields, fixed grants that rule 40 forbids (40.3), unknown names
        return _bad_input(job, error)
    except Exception as error:  # a fault of the planner is this position's failure, not the batch's
        return result_line(job, BatchStatus.FAILED, message=f"{job.label}: {type(error).__name__}: {error}")
    status = STATUSES[result.status]
    if result.plan is None:
        return result_line(job, status, message=result.failure(job.label))
    return result_line(
        job,
        status,
        objective=result.objective,
        bound=result.bound,
        gap=result.gap,
        plan_json=chosen.dumps(result, compact=True),
    )
