"""Throughput and memory of `awaw batch`, measured (never asserted in tests).

    python benchmarks/batch.py [--positions 1000] [--plan-sample 30] [--memory-positions 10000]
                               [--rounds 1] [--against DIR]

On generated one-turn positions (`--suite builds`, the default: the "builds" suite of bench.py,
`random_scenario(seed, requirements=False, naval=False)`; `--suite joint`: issue 26's joint plans with grants
and a 12-turn naval chart; seeds from `--first`, 0 by default), written to a JSON Lines file:

- positions a second of `awaw batch --workers 1` and `--workers 2` over `--positions`, each a whole
  process from start to exit (start-up included), and of one `awaw plan` process per position
  (timed on the first `--plan-sample` positions, each written to its own file);
- the peak resident memory (VmHWM) of each local worker process after 1,000 positions and at the
  end of a `--memory-positions` run on two workers (Linux: read from /proc; 0 skips).

With `--rounds N` the two throughput runs alternate N times (`--workers 1`, `--workers 2`, `--workers 1`,
...), so that a busy machine slows both alike, and the medians are compared. With `--against DIR` (another
checkout of the project, e.g. `git archive main | tar -x -C DIR`) every round runs both from that tree too,
interleaved with this one's: the before and after of a change, measured alike. Each run is a whole process
(`python -m optimizer.cli batch ...` from the tree's folder), start-up included; 0 for `--plan-sample` or
`--memory-positions` skips that part.

With the throughput runs, each round also times `--workers 1` and `--workers 2` over the first position
alone: the batch's start-up (its process, the fork server loading the solver and its warm-up plan, the
first worker), paid once whatever the count. From it the table's last line says the most any batch with
that start-up could reach: with S the start-up and P = T1 - S the planning of `--workers 1` (T1 its whole
run), two workers that halve P exactly take S + P / 2, so the ratio is at most T1 / (S + P / 2).

Targets (issue 15): `--workers 2` plans at least 1.7 times as many positions a second as
`--workers 1`, and `--workers 1` at least 5 times as many as one `awaw plan` per position; memory
per worker flat from 1,000 to 10,000 positions. The load average is printed with each figure: the
ratio of two workers to one only means something on a machine with two cores to spare.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from benchmarks.figures import load_average
from benchmarks.tail import SUITES as TAIL_SUITES
from models.generate import scenario_data
from optimizer.batch.inputs import Job
from optimizer.batch.local import LocalPool
from optimizer.batch.run import plan_task, scenario_job

# The positions a batch may plan: `builds`, small one-turn positions of a few milliseconds each (bench.py's builds
# suite), where the batch's start-up outweighs the planning; `joint`, the joint plans of issue 26, benchmarks/tail.py's
# naval suite (four powers with grants, up to 48 force pool entries each, a 12-turn naval chart), a quarter of a
# second each at the median.
SUITES: dict[str, dict[str, Any]] = {
    "builds": {"requirements": False, "naval": False},
    "joint": {"requirements": False, **TAIL_SUITES["naval"]},
}


def position(seed: int, suite: str = "builds") -> dict[str, Any]:
    """The generated one-turn position of this seed in `suite`."""
    return scenario_data(random.Random(seed).randint, **SUITES[suite])


def awaw() -> str:
    return str(Path(sys.executable).with_name("awaw"))


ROOT = Path(__file__).resolve().parents[1]


def timed(command: list[str], root: Path | None = None) -> float:
    """Wall seconds of one process, from start to exit; run from `root` (its own code) when given."""
    env = None
    if root is not None:  # its compiled modules written once and read after, as an installed awaw's are
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPATH"] = str(root)
    started = time.perf_counter()
    subprocess.run(
        command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=root, env=env
    )
    return time.perf_counter() - started


def batch_command(positions: Path, out: Path, workers: int) -> list[str]:
    """`awaw batch` over the positions, as `python -m optimizer.cli` (the same from any tree)."""
    return [
        sys.executable, "-m", "optimizer.cli", "batch", str(positions), "--out", str(out),
        "--workers", str(workers),
    ]  # fmt: skip


def peak_rss_mb(pid: int) -> float:
    """A process's peak resident memory (VmHWM), in MB; 0 where /proc is not there."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def memory_run(count: int) -> tuple[list[float], list[float]]:
    """Peak RSS of each of two workers after 1,000 positions and after `count` (workers that were
    replaced are not counted: none are, unless a worker fails)."""
    pool = LocalPool(2, partial(plan_task))
    jobs: Iterator[tuple[int, Job]] = ((i, scenario_job(i, position(i))) for i in range(count))
    at_thousand: list[float] = []
    at_end: list[float] = []
    for done, _ in enumerate(pool.run(jobs), start=1):
        if done == min(1000, count):
            at_thousand = [peak_rss_mb(w.process.pid or 0) for w in pool.workers]
        if done == count:
            at_end = [peak_rss_mb(w.process.pid or 0) for w in pool.workers]
    return at_thousand, at_end


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000, help="positions of the throughput runs")
    parser.add_argument("--plan-sample", type=int, default=30, help="positions planned by one awaw plan each")
    parser.add_argument("--memory-positions", type=int, default=10_000, help="positions of the memory run")
    parser.add_argument("--rounds", type=int, default=1, help="alternating runs of --workers 1 and 2")
    parser.add_argument("--against", type=Path, help="another checkout, measured interleaved with this one")
    parser.add_argument("--suite", choices=sorted(SUITES), default="builds", help="the positions (builds)")
    parser.add_argument("--first", type=int, default=0, help="the first position's seed (0)")
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.positions)
    out = Console(width=120)
    table = Table(
        title=f"awaw batch on {args.positions} generated one-turn positions ({args.suite}, seeds from {args.first})",
        title_justify="left",
    )
    for column in ("run", "positions", "seconds", "positions/s", "load during the run"):
        table.add_column(column, justify="left" if column in ("run", "load during the run") else "right")

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        positions = root / "positions.jsonl"
        positions.write_text("".join(json.dumps(position(i, args.suite)) + "\n" for i in seeds))
        trees = {"this": ROOT} if args.against is None else {"before": args.against.resolve(), "this": ROOT}
        seconds_of: dict[tuple[str, int], list[float]] = {(t, w): [] for t in trees for w in (1, 2)}
        loads: list[float] = []  # the 1-minute load average after each run
        first = root / "first.jsonl"  # the first position alone: the batch's start-up
        first.write_text(positions.read_text().splitlines(keepends=True)[0])
        startup_of: dict[tuple[str, int], list[float]] = {(t, w): [] for t in trees for w in (1, 2)}
        for _ in range(args.rounds):
            for workers in (1, 2):
                for tree, tree_root in trees.items():
                    command = batch_command(positions, root / f"{tree}-{workers}.jsonl", workers)
                    seconds_of[tree, workers].append(timed(command, tree_root))
                    loads.append(os.getloadavg()[0])
                    command = batch_command(first, root / f"{tree}-{workers}-first.jsonl", workers)
                    startup_of[tree, workers].append(timed(command, tree_root))
        rates: dict[str, float] = {}
        for (tree, workers), samples in seconds_of.items():
            seconds = statistics.median(samples)
            name = f"workers {workers}" if tree == "this" else f"{tree} workers {workers}"
            rates[name] = args.positions / seconds
            table.add_row(
                f"{'' if tree == 'this' else tree + ': '}awaw batch --workers {workers}",
                str(args.positions),
                f"{seconds:.2f} (median of {len(samples)})",
                f"{rates[name]:.1f}",
                f"1-minute load {min(loads):.2f} to {max(loads):.2f} after the runs",
            )
        if args.against is not None:
            before = rates["before workers 2"] / rates["before workers 1"]
            out.print(f"before: --workers 2 / --workers 1: {before:.2f}")
        files = []
        for i in range(min(args.plan_sample, args.positions)):
            files.append(root / f"p{i}.yaml")
            files[-1].write_text(json.dumps(position(seeds[i], args.suite)))
        if files:
            seconds = sum(timed([awaw(), "plan", str(f), "--json"]) for f in files)
            rates["plan"] = len(files) / seconds
            table.add_row(
                "one awaw plan per position",
                str(len(files)),
                f"{seconds:.1f}",
                f"{rates['plan']:.2f}",
                load_average(),
            )
    out.print(table)
    two_over_one = rates["workers 2"] / rates["workers 1"]
    out.print(f"--workers 2 / --workers 1: {two_over_one:.2f} (target >= 1.7)")
    start_1 = statistics.median(startup_of["this", 1])
    start_2 = statistics.median(startup_of["this", 2])
    whole_1 = statistics.median(seconds_of["this", 1])
    planning = max(0.0, whole_1 - start_1)
    ceiling = whole_1 / (start_2 + planning / 2)
    out.print(
        f"start-up (the first position alone): {start_1:.2f} s on --workers 1, {start_2:.2f} s on --workers 2; "
        f"planning {planning:.2f} s on one worker; so --workers 2 / --workers 1 is at most {ceiling:.2f} "
        f"on {args.positions} positions with this start-up (T1 / (S + P / 2))"
    )
    if "plan" in rates:
        one_over_plan = rates["workers 1"] / rates["plan"]
        out.print(f"--workers 1 / one awaw plan per position: {one_over_plan:.1f} (target >= 5)")

    if args.memory_positions > 0:
        started = time.perf_counter()
        at_thousand, at_end = memory_run(args.memory_positions)
        seconds = time.perf_counter() - started
        out.print(
            f"peak RSS per worker (MB), 2 workers: after {min(1000, args.memory_positions)} positions "
            f"{', '.join(f'{m:.0f}' for m in at_thousand)}; after {args.memory_positions} "
            f"{', '.join(f'{m:.0f}' for m in at_end)} ({seconds:.0f} s, {load_average()})"
        )


if __name__ == "__main__":
    main()
