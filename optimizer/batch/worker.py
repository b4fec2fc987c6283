"""What a worker process runs for each position: validate, solve, and write the result's line.

Workers load this module once (the local pool preloads it before forking its workers; a Dask
worker imports it on its first task) and then receive only `Job`s, plain data: a CP-SAT model
does not pickle, so each position's model is built where it is solved. Each solve runs on one
CP-SAT worker with a fixed seed, as the commands do, so the plan is the one the command prints.

A job's `kind` (inputs.job_kind) picks its planner: `plan` as `awaw plan` (rules 27 and 40),
`mobilize` as `awaw mobilize` (rule 14), `engineers` as `awaw engineers`.
"""

from __future__ import annotations

import json

from models.engineers import EngineerScenario
from models.io import InputError, located, scenario_from_data, validate
from models.plan import Status
from models.scenario import Scenario
from optimizer.batch.inputs import Job
from optimizer.batch.results import BatchStatus, result_line
from optimizer.rules.engineers.solve import solve_engineers
from optimizer.rules.grants.prepare import fixed_grant_breaches
from optimizer.rules.mobilization.solve import Infeasible, NoScheduleInTime, solve_mobilization
from optimizer.turn.solve import solve

# The solver's statuses as batch outcomes.
PLAN_STATUSES = {
    Status.OPTIMAL: BatchStatus.OPTIMAL,
    Status.FEASIBLE: BatchStatus.FEASIBLE,
    Status.INFEASIBLE: BatchStatus.INFEASIBLE,
    Status.UNKNOWN: BatchStatus.TIMED_OUT,
}
ENGINEER_STATUSES = {
    "optimal": BatchStatus.OPTIMAL,
    "feasible": BatchStatus.FEASIBLE,
    "infeasible": BatchStatus.INFEASIBLE,
    "unknown": BatchStatus.TIMED_OUT,
}
MOBILIZE_TIME_LIMIT = 10.0  # `awaw mobilize`'s default --time-limit, used when the batch gives none


def _bad_input(job: Job, error: InputError) -> str:
    """The error renamed to the position (a JSON Lines row or a sweep row has no file of its own)."""
    problems = [(*p, line) for p, line in zip(error.problems, error.lines, strict=True)]
    return result_line(job, BatchStatus.BAD_INPUT, message=InputError(job.label, problems).render())


def plan_one(job: Job, time_limit: float | None = None) -> str:
    """The result line of one position. Bad input, infeasible requirements, no plan in time and
    errors of the planner are results with their message, as the command would print it."""
    if job.error is not None:
        return result_line(job, BatchStatus.BAD_INPUT, message=job.error)
    try:
        if job.kind == "engineers":
            return _engineers(job, validate(EngineerScenario, job.data, job.label, job.lines), time_limit)
        scenario = scenario_from_data(job.data, job.label, job.lines)
        if job.kind == "mobilize":
            return _mobilize(job, scenario, time_limit)
        return _plan(job, scenario, time_limit)
    except InputError as error:  # invalid fields, or fixed grants that rule 40 forbids (40.3)
        return _bad_input(job, error)
    except Exception as error:  # a fault of the planner is this position's failure, not the batch's
        return result_line(job, BatchStatus.FAILED, message=f"{job.label}: {type(error).__name__}: {error}")


def _plan(job: Job, scenario: Scenario, time_limit: float | None) -> str:
    """As `awaw plan --json`."""
    result = solve(scenario, time_limit=time_limit, workers=1)
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


def _mobilize(job: Job, scenario: Scenario, time_limit: float | None) -> str:
    """As `awaw mobilize --json`: the schedule by `json.dumps` of its JSON data, as that command
    prints it (there with `indent=2`); bad input and blocked requirements as it reports them."""
    breaches = fixed_grant_breaches(scenario)  # `awaw mobilize` loads its scenario as `awaw plan` does
    if breaches:
        raise located(job.label, breaches, job.lines)
    if scenario.mobilization is None:  # only under `--planner mobilize`
        raise InputError(job.label, [("mobilization", "missing: nothing to plan (rule 14)")])
    limit = MOBILIZE_TIME_LIMIT if time_limit is None else time_limit
    try:
        schedule = solve_mobilization(scenario, time_limit=limit).schedule
    except NoScheduleInTime as error:
        message = f"{job.label}: no schedule found within the time limit\n  " + "\n  ".join(error.blocking)
        return result_line(job, BatchStatus.TIMED_OUT, message=message)
    except Infeasible as error:
        lines = "\n".join(f"  {item}" for item in error.blocking)
        message = f"{job.label}: the requirements cannot all be met\n  blocked by:\n{lines}"
        return result_line(job, BatchStatus.INFEASIBLE, message=message)
    plan_json = json.dumps(schedule.model_dump(mode="json"), separators=(",", ":"))
    status = BatchStatus.OPTIMAL if schedule.status == "optimal" else BatchStatus.FEASIBLE
    return result_line(job, status, objective=schedule.objective, plan_json=plan_json)


def _engineers(job: Job, scenario: EngineerScenario, time_limit: float | None) -> str:
    """As `awaw engineers --json`."""
    result = solve_engineers(scenario, time_limit=time_limit)
    status = ENGINEER_STATUSES[result.status]
    if result.plan is None:
        return result_line(job, status, message=result.failure(job.label))
    return result_line(job, status, objective=result.plan.value, plan_json=result.plan.model_dump_json())
