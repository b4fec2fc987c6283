"""Speed of the turn planner, measured (never asserted in tests).

    python benchmarks/bench.py [--generated 200] [--cli-runs 5]

Prints, for the bundled scenarios and for generated positions: build time
(preparation + model) and solve time as p50 / p95 / max, and the status
counts; then the wall time of `awaw plan` on the default scenario against the
bare import of ortools, networkx and pydantic, and peak memory.

Targets: every case proven optimal; solve p95 <= 50 ms (one turn of builds);
p95 <= 100 ms for a joint plan of four powers with grants; naval 12-turn
horizon p95 <= 0.5 s; `awaw plan` within 1.5 x the bare import.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from rich.console import Console
from rich.table import Table

import scenarios
from models.generate import random_scenario
from models.io import load_scenario
from models.scenario import Scenario
from optimizer.solve import solve


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(cases: list[Scenario]) -> tuple[list[float], list[float], Counter[str]]:
    builds: list[float] = []
    solves: list[float] = []
    statuses: Counter[str] = Counter()
    for scenario in cases:
        result = solve(scenario)
        builds.append(result.build_seconds)
        solves.append(result.solve_seconds)
        statuses[result.status.value] += 1
    return builds, solves, statuses


def wall_time(command: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generated", type=int, default=200, help="generated positions (default 200)")
    parser.add_argument("--cli-runs", type=int, default=5, help="runs of each command timed (median)")
    args = parser.parse_args()

    count = args.generated
    suites = {
        "bundled": [load_scenario(p) for p in scenarios.bundled()],
        "builds (6 entries, 4 counters)": [
            random_scenario(seed, requirements=False, naval=False) for seed in range(count)
        ],
        "builds (12 entries, 8 counters)": [
            random_scenario(10_000 + seed, requirements=False, naval=False, max_entries=12, max_count=8)
            for seed in range(count)
        ],
        "grants: U.S., Britain, Russia, China, one turn": [
            random_scenario(20_000 + seed, requirements=False, joint_grants=True, naval=False)
            for seed in range(count)
        ],
        **{
            f"naval, {turns}-turn horizon": [
                random_scenario(30_000 + seed, requirements=False, one_power=True, naval_turns=turns)
                for seed in range(count)
            ]
            for turns in (1, 4, 12)
        },
    }
    solve(suites["bundled"][0])  # warm up: first-call costs are not the planner's
    out = Console(width=120)
    table = Table(title="Build and solve times (ms)", title_justify="left")
    for column in (
        "suite",
        "cases",
        "build p50",
        "build p95",
        "build max",
        "solve p50",
        "solve p95",
        "solve max",
        "statuses",
    ):
        table.add_column(column, justify="left" if column in ("suite", "statuses") else "right")
    for name, cases in suites.items():
        builds, solves, statuses = measure(cases)
        ms = [
            f"{1000 * f(v):.1f}"
            for v in (builds, solves)
            for f in (lambda x: percentile(x, 0.5), lambda x: percentile(x, 0.95), max)
        ]
        table.add_row(name, str(len(cases)), *ms, ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
    out.print(table)

    python = sys.executable
    awaw = str(Path(python).with_name("awaw"))
    bare = wall_time([python, "-c", "import ortools.sat.python.cp_model, networkx, pydantic"], args.cli_runs)
    plan = wall_time([awaw, "plan"], args.cli_runs)
    plan_json = wall_time([awaw, "plan", "--json"], args.cli_runs)
    out.print(
        f"awaw plan (default scenario): {plan * 1000:.0f} ms; --json {plan_json * 1000:.0f} ms; "
        f"bare import {bare * 1000:.0f} ms; ratio {plan / bare:.2f} (target <= 1.5)"
    )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    out.print(f"peak memory: this process {peak:.0f} MB; largest child (awaw plan) {child:.0f} MB")


if __name__ == "__main__":
    main()
