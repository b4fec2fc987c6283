"""Speed of the Europa engineers planner (issue 13), measured, never asserted in tests.

    python -m benchmarks.engineers [--count 20] [--time-limit 30] [--json FILE] [--check]

Solves the bundled engineers scenario and the benchmark's generated positions (the same fixed
seeds as `benchmarks/bench.py`'s engineers suites: a 5 x 6 hex grid; 3 units, 6 tasks, 4 turns and
the issue's target size, 6 units, 12 tasks, 6 turns) and prints, per suite, p50 / p95 / max of the
wall time and of this process's CPU time (build and solve), CP-SAT's deterministic time, the share
proven optimal, and the load average. `--json FILE` writes every position's status, value, CPU and
deterministic time, so that two versions of the planner can be compared position by position (the
proven optima must be equal). Target: 6 units, 12 tasks, 6 turns in p95 <= 1 s, every position proven optimal.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.figures import load_average, percentile
from models.engineers import EngineerScenario, load_engineer_scenario
from models.engineers_generate import random_engineer_scenario

SIZES = ((3, 6, 4), (6, 12, 6))  # units, tasks, turns (bench.py's engineers suites)
BUNDLED = Path(__file__).resolve().parent.parent / "scenarios" / "engineers"


def suites(count: int) -> list[tuple[str, list[tuple[str, EngineerScenario]]]]:
    """The bundled scenarios, then bench.py's generated suites (same seeds)."""
    bundled = [(p.name, load_engineer_scenario(p)) for p in sorted(BUNDLED.glob("*.yaml"))]
    found: list[tuple[str, list[tuple[str, EngineerScenario]]]] = [("bundled", bundled)]
    for k, (units, tasks, turns) in enumerate(SIZES):
        seeds = [60_000 + 1_000 * k + i for i in range(count)]
        found.append(
            (
                f"{units} units, {tasks} tasks, {turns} turns",
                [
                    (
                        str(s),
                        random_engineer_scenario(s, units=units, tasks=tasks, turns=turns, rows=5, columns=6),
                    )
                    for s in seeds
                ],
            )
        )
    return found


def main() -> None:
    from optimizer.rules.engineers import solve as engineer_solve

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="positions of each generated suite (20)")
    parser.add_argument("--time-limit", type=float, default=30.0, help="seconds per position (30)")
    parser.add_argument("--suite", action="append", default=[], help="only suites whose name contains this")
    parser.add_argument("--json", type=Path, help="write every position's status and value here")
    parser.add_argument("--check", action="store_true", help="pass every plan through the checker (untimed)")
    args = parser.parse_args()
    record: dict[str, Any] = {}
    print(f"at start: {load_average()}")
    for name, cases in suites(args.count):
        if args.suite and not any(t in name for t in args.suite):
            continue
        wall, cpu, det = [], [], []
        statuses: Counter[str] = Counter()
        for key, scenario in cases:
            started, cpu_started = time.perf_counter(), time.process_time()
            result = engineer_solve.solve_engineers(scenario, time_limit=args.time_limit)
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - cpu_started)
            det.append(result.deterministic_seconds)
            statuses[result.status] += 1
            value = result.plan.value if result.plan else None
            record[f"{name}/{key}"] = {
                "status": result.status,
                "value": value,
                "cpu": cpu[-1],
                "deterministic": det[-1],
            }
            if result.plan is not None and result.plan.bound is not None:
                record[f"{name}/{key}"]["bound"] = result.plan.bound
                print(f"{name}/{key}: not proven; value {value:g}, bound {result.plan.bound:g}")
            if args.check and result.plan is not None:
                from optimizer.checker.engineers import check_engineers

                broken = check_engineers(scenario, result.plan)
                record[f"{name}/{key}"]["violations"] = [f"{v.rule}: {v.message}" for v in broken]
                if broken:
                    print(f"{name}/{key}: the checker finds {broken}")
        print(
            f"{name}: {len(cases)} cases; wall p50 {statistics.median(wall):.3f} s, "
            f"p95 {percentile(wall, 0.95):.3f} s, max {max(wall):.3f} s; "
            f"CPU p50 {statistics.median(cpu):.3f} s, p95 {percentile(cpu, 0.95):.3f} s, "
            f"max {max(cpu):.3f} s; deterministic p95 {percentile(det, 0.95):.3f}; "
            f"optimal {statuses['optimal']}/{len(cases)} {dict(statuses)}; {load_average()}"
        )
    if args.json:
        args.json.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
