"""`--scheduler`: the same batch on a Dask cluster, here a `LocalCluster` of two worker processes
started by the test, gives byte for byte the output of the local workers."""

from __future__ import annotations

from collections.abc import Iterator

import dask
import pytest
from distributed import LocalCluster

from optimizer.batch.inputs import read_inputs
from optimizer.batch.run import run_batch
from tests.optimizer.batch import faults
from tests.optimizer.batch.positions import germany, mixed_positions, records, write


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    # A task whose worker dies is failed at once instead of being retried on other workers (Dask's
    # default is 3 retries), so that the crash test costs one worker's restart, not four.
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
    ):
        yield cluster.scheduler_address


def test_dask_output_is_byte_identical_to_the_local_run(tmp_path, scheduler):
    """The same positions as test_batch_run's one-worker and two-worker comparison."""
    jobs = read_inputs(mixed_positions(tmp_path))
    local, on_dask = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    run_batch(jobs, local, workers=1)
    totals = run_batch(jobs, on_dask, scheduler=scheduler)
    assert on_dask.read_bytes() == local.read_bytes()
    assert [r["status"] for r in records(on_dask)][-2:] == ["infeasible", "bad_input"]
    assert totals.planned == len(jobs)


def test_dask_resume_plans_only_the_missing_positions(tmp_path, scheduler):
    paths = [write(tmp_path / f"p{i}.yaml", germany(f"p{i}")) for i in range(4)]
    jobs = read_inputs(paths)
    complete = tmp_path / "complete.jsonl"
    run_batch(jobs, complete, workers=1)
    out = tmp_path / "results.jsonl"
    out.write_text(complete.read_text(encoding="utf-8").splitlines(keepends=True)[0], encoding="utf-8")
    totals = run_batch(jobs, out, scheduler=scheduler, resume=True)
    assert (totals.skipped, totals.planned) == (1, 3)
    assert out.read_bytes() == complete.read_bytes()


def test_a_worker_dying_on_the_cluster_fails_only_its_position(tmp_path, scheduler):
    paths = [write(tmp_path / f"p{i}.yaml", germany(name)) for i, name in enumerate(["a", "crash", "b"])]
    out = tmp_path / "results.jsonl"
    totals = run_batch(read_inputs(paths), out, scheduler=scheduler, task=faults.crash_on_crash)
    got = records(out)
    assert [r["status"] for r in got] == ["optimal", "failed", "optimal"]
    assert "KilledWorker" in got[1]["error"]["message"]
    assert not totals.all_planned


def test_a_position_hanging_on_the_cluster_fails_and_the_batch_goes_on(tmp_path, scheduler):
    """A task past its limit (here 5 s instead of 2 × --time-limit + 30 s) is cancelled, its worker
    restarted, its position failed; the others' results are kept, and the cluster plans on after."""
    names = ["hang", "a", "b", "c"]
    paths = [write(tmp_path / f"p{i}.yaml", germany(name)) for i, name in enumerate(names)]
    # First the three good positions alone: the workers load the planner (its first task's clock
    # would count that), and their lines are what the batch with the hang must give them.
    alone = tmp_path / "alone.jsonl"
    run_batch(read_inputs(paths[1:]), alone, scheduler=scheduler)
    out = tmp_path / "results.jsonl"
    totals = run_batch(read_inputs(paths), out, scheduler=scheduler, task=faults.hang_on_hang, hang_after=5.0)
    got = records(out)
    assert [r["status"] for r in got] == ["failed", "optimal", "optimal", "optimal"]
    assert "no result within 5 s" in got[0]["error"]["message"]
    assert out.read_text(encoding="utf-8").splitlines()[1:] == alone.read_text(encoding="utf-8").splitlines()
    assert not totals.all_planned
    again = tmp_path / "again.jsonl"
    run_batch(read_inputs(paths[1:]), again, scheduler=scheduler)
    assert again.read_bytes() == alone.read_bytes()
