"""Cost of `awaw plan --alternatives K` against the plain solve, on the bundled scenarios (issue 14).

    python -m benchmarks.alternatives [--count 3] [--tolerance 5%] [--repeat 5]

For each bundled scenario: this process's CPU time (`time.process_time`, the machine being shared) of
the plain solve (`solve`, as `awaw plan` calls it) and of the same solve kept for alternatives followed
by `optimizer.whatif.alternatives.alternatives` (as `awaw plan --alternatives K` runs them), each the median of
`--repeat` runs after one warm-up; the ratio of the two, the number of alternatives found, and
CP-SAT's deterministic time of the alternatives' solves against the plain solve's (a figure the load of
the machine does not move). Wall times and the load average are printed beside them.

Target (issue 14): `--alternatives 3` at most 4x the plain solve.
"""

from __future__ import annotations

import argparse
import statistics
import time
from unittest import mock

from rich.console import Console
from rich.table import Table

import optimizer.turn.solve as planner
import scenarios
from benchmarks.figures import load_average
from models.io import load_scenario
from models.scenario import Scenario
from optimizer.planners.position import Position, solve
from optimizer.turn.tolerance import DEFAULT_TOLERANCE, Tolerance, parse_tolerance

TARGET = 4.0


def _deterministic_time(run: object) -> float:
    """CP-SAT deterministic time of every solve `run` makes (read off each solver after its call)."""
    total = 0.0
    original = planner.new_solver

    def counting(*args: object, **kwargs: object) -> object:
        solver = original(*args, **kwargs)  # type: ignore[arg-type]
        solvers.append(solver)
        return solver

    solvers: list[object] = []
    with mock.patch.object(planner, "new_solver", counting):
        run()  # type: ignore[operator]
    for solver in solvers:
        total += solver.deterministic_time  # type: ignore[attr-defined]
    return total


def measure(scenario: Scenario, count: int, tolerance: Tolerance, repeat: int) -> dict[str, float]:
    def plain() -> None:
        solve(scenario)

    found = 0

    def with_alternatives() -> None:
        nonlocal found
        position = Position(scenario)
        base = position.solve()
        found = len(position.alternatives(base, count, tolerance))

    figures: dict[str, float] = {}
    for name, run in (("plain", plain), ("alternatives", with_alternatives)):
        run()  # warm-up
        cpu, wall = [], []
        for _ in range(repeat):
            started, started_wall = time.process_time(), time.perf_counter()
            run()
            cpu.append(time.process_time() - started)
            wall.append(time.perf_counter() - started_wall)
        figures[f"{name}_cpu"] = statistics.median(cpu)
        figures[f"{name}_wall"] = statistics.median(wall)
        figures[f"{name}_det"] = _deterministic_time(run)
    figures["found"] = found
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--tolerance", default=DEFAULT_TOLERANCE)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    tolerance = parse_tolerance(args.tolerance)
    table = Table(
        title=f"--alternatives {args.count} --tolerance {tolerance} against the plain solve "
        f"(CPU ms, median of {args.repeat}; target <= {TARGET:g}x)",
        title_justify="left",
    )
    for column in ("scenario", "plain", "with alternatives", "ratio", "det. ratio", "found", "wall ratio"):
        table.add_column(column, justify="left" if column == "scenario" else "right")
    ratios = []
    for path in scenarios.bundled():
        scenario = load_scenario(path)
        f = measure(scenario, args.count, tolerance, args.repeat)
        ratio = f["alternatives_cpu"] / f["plain_cpu"]
        ratios.append(ratio)
        table.add_row(
            path.stem,
            f"{f['plain_cpu'] * 1000:.1f}",
            f"{f['alternatives_cpu'] * 1000:.1f}",
            f"{ratio:.2f}",
            f"{f['alternatives_det'] / max(f['plain_det'], 1e-9):.2f}",
            str(int(f["found"])),
            f"{f['alternatives_wall'] / f['plain_wall']:.2f}",
        )
    console = Console(width=140)
    console.print(table)
    console.print(
        f"worst ratio {max(ratios):.2f}, median {statistics.median(ratios):.2f} (target <= {TARGET:g}); "
        f"{load_average()}"
    )


if __name__ == "__main__":
    main()
