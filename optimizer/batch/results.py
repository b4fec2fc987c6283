"""One result per position, as one line of JSON Lines.

A line holds, in this order: `input` (the file), `row` (of a JSON Lines file or a sweep; null for a
scenario file), `name` (a sweep row's name), `overrides` (a sweep row's dotted paths and values),
`hash` (sha256 of the scenario data), `decisions` (`fix` and `forbid`, the decisions it was planned
under, the command line's then its own, `optimizer.batch.decisions`; null when none), `kind` (the
planner: `plan`, `season`, `sw`, `mobilize` or `engineers`),
`status`, `objective`, `bound`, `gap`, `plan` (the plan the command of that kind prints with
`--json`, written by the same serializer without the indentation) and `error` (`kind`, `exit_code`
and `message`: that command's code and message, except that no plan within the time limit is 3 for
every kind, as `awaw plan` exits). It never holds timings, so the same positions give the same
bytes on one worker, on several or on a cluster.

This module imports no solver: the batch's main process writes the lines of positions whose
worker failed with the same function the workers use.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any

from optimizer.batch.inputs import Job


class BatchStatus(StrEnum):
    """A position's outcome: the plan statuses, and the outcomes without a plan."""

    OPTIMAL = "optimal"  # proven best on every priority
    FEASIBLE = "feasible"  # legal, but the time limit stopped the proof
    INFEASIBLE = "infeasible"  # the requirements cannot all be met (awaw plan exits 1)
    TIMED_OUT = "timed_out"  # the time limit passed before any plan was found (no plan)
    BAD_INPUT = "bad_input"  # the scenario cannot be read or is invalid (awaw plan exits 2)
    FAILED = "failed"  # the worker crashed or hung, or the planner raised an error


PLANNED = (BatchStatus.OPTIMAL, BatchStatus.FEASIBLE)
EXIT_CODES = {
    BatchStatus.INFEASIBLE: 1,
    BatchStatus.TIMED_OUT: 3,  # as `awaw plan`: no plan found within the time limit
    BatchStatus.BAD_INPUT: 2,
    BatchStatus.FAILED: 1,
}


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def result_line(
    job: Job,
    status: BatchStatus,
    *,
    objective: float | None = None,
    bound: float | None = None,
    gap: float | None = None,
    plan_json: str | None = None,
    message: str | None = None,
) -> str:
    """The JSON Lines record of one position (no newline). `plan_json` is the plan's own JSON text,
    spliced in unchanged."""
    head = {
        "input": job.input,
        "row": job.row,
        "name": job.name,
        "overrides": job.overrides,
        "hash": job.hash,
        "decisions": {"fix": list(job.fix), "forbid": list(job.forbid)} if job.fix or job.forbid else None,
        "kind": job.kind,
        "status": status.value,
        "objective": objective,
        "bound": bound,
        "gap": gap,
    }
    error = None
    if status not in PLANNED:
        error = {"kind": status.value, "exit_code": EXIT_CODES[status], "message": message or ""}
    return f'{_dumps(head)[:-1]},"plan":{plan_json or "null"},"error":{_dumps(error)}}}'


def failure_line(job: Job, message: str) -> str:
    """The record of a position whose worker gave no result."""
    return result_line(job, BatchStatus.FAILED, message=f"{job.label}: {message}")


@dataclass(frozen=True)
class BatchResult:
    """One position's result as `plan_many` yields it: its input index and its record."""

    index: int
    line: str

    @cached_property
    def record(self) -> dict[str, Any]:
        """The line, parsed (once)."""
        return dict(json.loads(self.line))

    @property
    def kind(self) -> str:
        """The planner: `plan`, `mobilize` or `engineers`."""
        return str(self.record["kind"])

    @property
    def status(self) -> BatchStatus:
        return BatchStatus(self.record["status"])

    @property
    def plan(self) -> dict[str, Any] | None:
        """The plan as the command of its kind prints it with `--json`, parsed: for `plan`,
        `models.plan.Plan.model_validate` reads it."""
        return self.record["plan"]

    @property
    def error(self) -> dict[str, Any] | None:
        return self.record["error"]
