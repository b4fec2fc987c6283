"""Running jobs: on worker processes of this machine, or on a Dask cluster; and `plan_many`."""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console

from optimizer.batch.inputs import Job, data_hash, with_decisions, with_kind
from optimizer.batch.local import LocalPool, Task
from optimizer.batch.output import (
    OrderedWriter,
    Totals,
    progress_bar,
    read_done,
    read_records,
    rewrite_in_order,
    summary_row,
    write_csv,
)
from optimizer.batch.results import BatchResult

if TYPE_CHECKING:
    from models.scenario import Scenario

# A worker still holding a position this long past its time limit is stopped (the time limit counts
# the solve; building the model comes before it, and on the largest positions takes seconds).
HANG_FACTOR = 2.0
HANG_GRACE = 30.0


def plan_task(job: Job, time_limit: float | None = None) -> str:
    """The task workers run: `worker.plan_one`, imported on first use, so that the main process
    never loads the solver itself."""
    from optimizer.batch.worker import plan_one

    return plan_one(job, time_limit)


def default_workers() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def hang_limit(time_limit: float | None) -> float | None:
    """Seconds after which a worker holding one position is taken to hang (None: never)."""
    return None if time_limit is None else HANG_FACTOR * time_limit + HANG_GRACE


def run_jobs(
    jobs: Iterable[tuple[int, Job]],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    time_limit: float | None = None,
    task: Task | None = None,
    hang_after: float | None = None,
) -> Iterator[tuple[int, str]]:
    """Each job's (index, result line) in the order they finish: on a Dask cluster when `scheduler`
    is given, else on `workers` local processes (default: the machine's cores). `task` and
    `hang_after` replace the planner and the hang limit (tests give faulty tasks)."""
    task = task or partial(plan_task, time_limit=time_limit)
    if scheduler is not None:
        from optimizer.batch.cluster import run_on_cluster

        yield from run_on_cluster(scheduler, task, jobs, hang_after or hang_limit(time_limit))
        return
    pool = LocalPool(workers or default_workers(), task, hang_after or hang_limit(time_limit))
    yield from pool.run(jobs)


def scenario_job(index: int, scenario: Scenario | Mapping[str, Any], planner: str = "auto") -> Job:
    """A scenario given in Python as a job, named by its place in the input, sent to its planner."""
    from models.scenario import Scenario

    if isinstance(scenario, Scenario):
        data: Any = scenario.model_dump(mode="json", by_alias=True, exclude_unset=True)
    else:
        data = dict(scenario)
    return with_kind(Job(f"scenarios[{index}]", None, data_hash(data), data), planner)


def plan_many(
    scenarios: Iterable[Scenario | Mapping[str, Any]],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    time_limit: float | None = None,
    planner: str = "auto",
    fix: Sequence[str] = (),
    forbid: Sequence[str] = (),
) -> Iterator[BatchResult]:
    """Plan many positions, yielding each result as it finishes, with its input index.

    `scenarios` are `Scenario`s or scenario data (mappings, as in a scenario file, engineers
    scenarios included). Each result is the line `awaw batch` writes for that position:
    `result.kind`, `result.status`, `result.plan` (the plan as the command of its kind prints it
    with `--json`), `result.error`; `result.index` is its place in `scenarios`. `planner` is
    `awaw batch --planner` (inputs.job_kind); `fix` and `forbid` are `awaw batch --fix/--forbid`, applied
    to every position (`optimizer.batch.decisions`: a mistake of their syntax raises `InputError` before
    any position is planned; a name a position does not have is that position's bad input).
    """
    from optimizer.batch.decisions import check_options

    check_options(fix, forbid, planner)
    decided = partial(with_decisions, fix=tuple(fix), forbid=tuple(forbid))
    jobs = ((index, decided(scenario_job(index, s, planner))) for index, s in enumerate(scenarios))
    for index, line in run_jobs(jobs, workers=workers, scheduler=scheduler, time_limit=time_limit):
        yield BatchResult(index, line)


def run_batch(
    jobs: Iterable[Job],
    out: Path,
    *,
    csv_path: Path | None = None,
    resume: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    time_limit: float | None = None,
    console: Console | None = None,
    task: Task | None = None,
    hang_after: float | None = None,
    planner: str = "auto",
    count: int | None = None,
    fix: Sequence[str] = (),
    forbid: Sequence[str] = (),
) -> Totals:
    """`awaw batch`: plan the jobs into `out` (JSON Lines, input order), each by the planner of its
    kind (inputs.job_kind), skipping with `resume` those already there; then the CSV summary.
    Returns the totals; the output holds one line per job. Given `count` (how many `jobs` yields,
    `inputs.open_inputs`), each job goes to a worker as soon as it is read; with `resume`, or without
    `count`, every job is read first. `fix` and `forbid` (`awaw batch --fix/--forbid`, their syntax
    checked by the caller: `optimizer.batch.decisions.check_options`) are every position's decisions,
    before its own."""
    totals = Totals()
    done = read_done(out) if resume else {}
    given = (tuple(fix), tuple(forbid))
    kinded: Iterator[Job] = (with_kind(with_decisions(job, *given), planner) for job in jobs)
    if done or count is None:
        listed = list(kinded)
        kinded = iter(listed)
        count = sum(1 for job in listed if job.key not in done)
    seen: list[Job] = []  # every job, in input order, as read

    def todo(writer: OrderedWriter) -> Iterator[tuple[int, Job]]:
        for index, job in enumerate(kinded):
            seen.append(job)
            if job.key in done:
                totals.skipped += 1
                continue
            writer.expect(index)
            yield index, job

    with out.open("a" if done else "w", encoding="utf-8") as file:
        writer = OrderedWriter(file)
        progress = progress_bar(console or Console(stderr=True))
        with progress:
            bar = progress.add_task("planning", total=count)
            for index, line in run_jobs(
                todo(writer),
                workers=min(workers or default_workers(), max(1, count)),
                scheduler=scheduler,
                time_limit=time_limit,
                task=task,
                hang_after=hang_after,
            ):
                writer.add(index, line)
                totals.planned += 1
                progress.advance(bar)
    totals.seconds = time.perf_counter() - totals.started
    if done:
        totals.dropped = rewrite_in_order(out, seen)
    rows = []
    for record in read_records(out):
        totals.statuses[record["status"]] += 1
        if csv_path is not None:
            rows.append(summary_row(record))
    if csv_path is not None:
        write_csv(csv_path, rows)
    return totals
