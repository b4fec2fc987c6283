"""What a worker process runs for each position: validate, solve, and write the result's line.

Workers load this module once (the local pool preloads it before forking its workers; a Dask
worker imports it on its first task) and then receive only `Job`s, plain data: a CP-SAT model
does not pickle, so each position's model is built where it is solved. Each solve runs on one
CP-SAT worker with a fixed seed, as `awaw plan` does, so the plan is the one `awaw plan` prints.
"""

from __future__ import annotations

from models.io import InputError, scenario_from_data
from models.plan import Status
from optimizer.batch.inputs import Job
from optimizer.batch.results import BatchStatus, result_line
from optimizer.solve import solve

# The solver's statuses as batch outcomes. Only the construction planner (rules 27 and 40) exists so
# far: the mobilization and engineer planners are to be chosen here by their scenarios' kind.
PLAN_STATUSES = {
    Status.OPTIMAL: BatchStatus.OPTIMAL,
    Status.FEASIBLE: BatchStatus.FEASIBLE,
    Status.INFEASIBLE: BatchStatus.INFEASIBLE,
    Status.UNKNOWN: BatchStatus.TIMED_OUT,
}


def plan_one(job: Job, time_limit: float | None = None) -> str:
    """The result line of one position. Bad input, infeasible requirements, no plan in time and
    errors of the planner are results with their message, as `awaw plan` would print it."""
    if job.error is not None:
        return result_line(job, BatchStatus.BAD_INPUT, message=job.error)
    try:
        scenario = scenario_from_data(job.data, job.label, job.lines)
        result = solve(scenario, time_limit=time_limit, workers=1)
    except InputError as error:  # invalid fields, or fixed grants that rule 40 forbids (40.3)
        message = InputError(
            job.label, [(*p, line) for p, line in zip(error.problems, error.lines, strict=True)]
        ).render()
        return result_line(job, BatchStatus.BAD_INPUT, message=message)
    except Exception as error:  # a fault of the planner is this position's failure, not the batch's
        return result_line(job, BatchStatus.FAILED, message=f"{job.label}: {type(error).__name__}: {error}")
    status = PLAN_STATUSES[result.status]
    if status is BatchStatus.INFEASIBLE:
        message = f"{job.label}: the requirements cannot all be met\n  " + "\n  ".join(result.explanation)
        return result_line(job, status, message=message)
    if result.plan is None:
        message = f"{job.label}: no plan found within the time limit ({result.status.value})"
        return result_line(job, status, message=message)
    return result_line(
        job,
        status,
        objective=result.objective,
        bound=result.bound,
        gap=result.gap,
        plan_json=result.plan.model_dump_json(),
    )
