"""Cost of `awaw plan --why` against the plain solve, per bundled scenario (issue 14: at most 5x).

    python -m benchmarks.why [--repeats 3] [--threads 1] [--scenario TEXT]

For each bundled scenario that `awaw plan` plans, the plain solve (`solve`) and the solve with
`--why` as `awaw plan --why` does it (`Position.solve` then `Position.explain`: the
one-more what-ifs and the declined decisions priced) are each run `--repeats` times in this
process; the figure kept is the least CPU time of this process (`time.process_time`, every thread
counted, so the what-ifs solved side by side cost what they would one after the other) and the
wall time beside it. Both are printed with their ratio, and the machine's load average, since
timings on a shared machine are noisy. `--threads` is the what-ifs' thread count (1 by default:
the CPU time is then the whole cost, whatever the cores; `awaw plan --why` uses every core, which
`--threads 2` on two cores measures in the wall columns). `re-solves` counts the what-ifs and the
declined decisions priced, and `each / plain` is one re-solve's CPU time against the plain solve. `--scenario TEXT` keeps only the files
whose name contains TEXT. Nothing here is asserted; the target is read off the ratio column.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console
from rich.table import Table

import scenarios
from benchmarks.figures import load_average
from models.io import InputError, load_scenario
from models.scenario import Scenario
from optimizer.planners.position import Position, result_of, solve

TARGET = 5.0


def plannable(path: Path) -> Scenario | None:
    """The scenario of a bundled file `awaw plan` plans (not the mobilization or engineers files)."""
    try:
        scenario = load_scenario(path)
    except (InputError, ValueError):
        return None
    return scenario if scenario.powers else None


def plannable_bundled(names: list[str]) -> Iterator[tuple[Path, Scenario]]:
    """The bundled files `awaw plan` plans, with their scenarios; only those whose file name contains
    one of `names` when any are given (`--scenario`)."""
    for path in scenarios.bundled():
        if names and not any(text in path.name for text in names):
            continue
        scenario = plannable(path)
        if scenario is not None:
            yield path, scenario


def measure(run: object, repeats: int) -> tuple[float, float]:
    """Least CPU and least wall seconds of `repeats` runs of `run()`."""
    assert callable(run)
    cpu, wall = [], []
    for _ in range(repeats):
        c0, w0 = time.process_time(), time.perf_counter()
        run()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return min(cpu), min(wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--scenario", action="append", default=[])
    args = parser.parse_args()
    table = Table(title=f"--why against the plain solve (target <= {TARGET:g}x)", title_justify="left")
    columns = ("scenario", "plain CPU ms", "--why CPU ms", "ratio CPU", "re-solves", "each / plain")
    for column in (*columns, "plain wall ms", "--why wall ms", "ratio wall"):
        table.add_column(column, justify="left" if column == "scenario" else "right")
    worst_cpu = worst_wall = 0.0
    for path, scenario in plannable_bundled(args.scenario):
        resolves: list[int] = []

        def plain(scenario: Scenario = scenario) -> None:
            solve(scenario)

        def why(scenario: Scenario = scenario, resolves: list[int] = resolves) -> None:
            position = Position(scenario)
            base = position.solve()
            if base.plan is not None:
                position.explain(base, True, [], threads=args.threads)
                result_of(scenario, base)  # the plan's SW figures, as `awaw plan --why` adds them
                one_more = sum(use.one_more is not None for use in base.plan.why or [])
                priced = sum(not answer.included for answer in base.plan.why_not or [])
                resolves[:] = [one_more + priced]

        plain_cpu, plain_wall = measure(plain, args.repeats)
        why_cpu, why_wall = measure(why, args.repeats)
        ratio, wall_ratio = why_cpu / plain_cpu, why_wall / plain_wall
        worst_cpu, worst_wall = max(worst_cpu, ratio), max(worst_wall, wall_ratio)
        count = resolves[0] if resolves else 0
        each = (why_cpu - plain_cpu) / count / plain_cpu if count else 0.0
        table.add_row(
            path.name,
            f"{plain_cpu * 1000:.0f}",
            f"{why_cpu * 1000:.0f}",
            f"{ratio:.2f}",
            str(count),
            f"{each:.2f}" if count else "",
            f"{plain_wall * 1000:.0f}",
            f"{why_wall * 1000:.0f}",
            f"{wall_ratio:.2f}",
        )
    console = Console(width=160)
    console.print(table)
    console.print(
        f"worst ratio: CPU {worst_cpu:.2f}, wall {worst_wall:.2f} (target {TARGET:g}; what-ifs on "
        f"{args.threads} thread(s)); {load_average()}"
    )


if __name__ == "__main__":
    main()
