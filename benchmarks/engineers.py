"""Speed of the Europa engineers planner (issue 13), measured, never asserted in tests.

    python -m benchmarks.engineers [--count 20] [--sizes 6x12x6,12x24x6] [--seeds 900000]
        [--time-limit S] [--json FILE] [--check]

Solves the bundled engineers scenario and the benchmark's generated positions on a 5 x 6 hex grid, by
default the same fixed seeds as `benchmarks/bench.py`'s engineers suites: 3 units, 6 tasks, 4 turns
(seeds 60000...) and the issue-13 target size, 6 units, 12 tasks, 6 turns (seeds 61000..., so 61002 is
that suite's third position); and the issue-26 size, 12 units, 24 tasks, 6 turns (seeds 62000...).
`--sizes` picks the sizes (units x tasks x turns, comma separated; `--sizes 12x24x6 --count 6`, a
position of that size taking up to a minute); `--seeds START` draws every suite's positions from seeds
START, START + 1, ... instead, positions never tuned on (the bundled scenarios are then skipped).
It prints, per suite, p50 / p95 / max of the wall time, of this process's CPU time (build and solve)
and of CP-SAT's deterministic time, the share proven optimal, and the load average. Each position
stops at the planner's default work limit (`solve.WORK_LIMIT` deterministic seconds, the same work on
every run whatever the load); `--time-limit S` adds a clock limit. `--json FILE` writes every
position's status, value, CPU and deterministic time, so that two versions of the planner can be
compared position by position (the proven optima must be equal). Targets: 6 units, 12 tasks, 6 turns
in p95 <= 1 s of CPU, every position proven optimal (issue 13); 12 units, 24 tasks, 6 turns every
position proven within the default work limit (issue 26).
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

# units, tasks, turns: bench.py's engineers suites, then issue 26's larger size
SIZES = ((3, 6, 4), (6, 12, 6), (12, 24, 6))
BUNDLED = Path(__file__).resolve().parent.parent / "scenarios" / "engineers"


def parse_sizes(text: str) -> list[tuple[int, int, int]]:
    """`6x12x6,12x24x6` -> [(6, 12, 6), (12, 24, 6)]: units x tasks x turns."""
    sizes = []
    for item in text.split(","):
        parts = item.strip().lower().split("x")
        if len(parts) != 3 or not all(p.isdigit() and int(p) > 0 for p in parts):
            raise argparse.ArgumentTypeError(f"{item!r} is not UNITSxTASKSxTURNS, e.g. 6x12x6")
        sizes.append((int(parts[0]), int(parts[1]), int(parts[2])))
    return sizes


def default_seed(units: int, tasks: int, turns: int) -> int:
    """The first seed of a size's default suite: 60000 + 1000 x its place in SIZES (61000 for 6 x 12 x 6,
    as bench.py draws them), 69000 for a size not in SIZES."""
    size = (units, tasks, turns)
    return 60_000 + 1_000 * (SIZES.index(size) if size in SIZES else 9)


def suites(
    count: int, sizes: list[tuple[int, int, int]] | None = None, start: int | None = None
) -> list[tuple[str, list[tuple[str, EngineerScenario]]]]:
    """The bundled scenarios (unless `start` is given), then the generated suites of `sizes` (SIZES),
    each from its default seed, or from `start`."""
    found: list[tuple[str, list[tuple[str, EngineerScenario]]]] = []
    if start is None:
        bundled = [(p.name, load_engineer_scenario(p)) for p in sorted(BUNDLED.glob("*.yaml"))]
        found.append(("bundled", bundled))
    for units, tasks, turns in sizes or SIZES:
        first = default_seed(units, tasks, turns) if start is None else start
        seeds = [first + i for i in range(count)]
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
    parser.add_argument(
        "--sizes", type=parse_sizes, help="UNITSxTASKSxTURNS,... (default 3x6x4,6x12x6,12x24x6)"
    )
    parser.add_argument("--seeds", type=int, help="draw each suite from seeds START, START+1, ...")
    parser.add_argument("--time-limit", type=float, help="clock seconds per position (none: work limit only)")
    parser.add_argument("--suite", action="append", default=[], help="only suites whose name contains this")
    parser.add_argument("--json", type=Path, help="write every position's status and value here")
    parser.add_argument("--check", action="store_true", help="pass every plan through the checker (untimed)")
    args = parser.parse_args()
    record: dict[str, Any] = {}
    print(f"at start: {load_average()}")
    for name, cases in suites(args.count, args.sizes, args.seeds):
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
                print(f"{name}/{key}: not proven; value {value:g}, bound {result.plan.bound:g}", flush=True)
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
            f"max {max(cpu):.3f} s; deterministic p50 {statistics.median(det):.3f}, "
            f"p95 {percentile(det, 0.95):.3f}, max {max(det):.3f}; "
            f"optimal {statuses['optimal']}/{len(cases)} {dict(statuses)}; {load_average()}"
        )
    if args.json:
        args.json.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
