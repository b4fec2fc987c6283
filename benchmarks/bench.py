"""Speed of the turn planner, measured (never asserted in tests).

    python benchmarks/bench.py [--generated 200] [--sizes 20] [--cli-runs 5] [--suite TEXT]

Prints, for the bundled scenarios and for generated positions: build time
(preparation + model) and solve time (every priority, and the plan's
extraction), each as wall time and as this process's CPU time, p50 / p95 / max
in milliseconds, and the share of positions proven optimal (with the other
statuses); then the wall time of `awaw plan` on the default scenario against
the bare import of ortools, networkx and pydantic, and peak memory: this
process's, and that of an `awaw plan` process alone (read with `os.wait4` from a small
launcher process, since a child counts the memory of the process it was forked from).

`--generated` sets the positions of the older generated suites, `--sizes` those
of the larger ones (grants with 24 to 96 force pool entries a power, grants with
naval construction); every suite draws fixed seeds. `--suite TEXT` (repeatable)
runs only the suites whose name contains TEXT; `--cli-runs 0` skips `awaw plan`.
`--engineers N` sets the positions of the Europa engineers suites (issue 13; `--suite engineers`
runs only them, 0 skips them), each solved within `--engineers-time-limit` seconds.

The CPU time is read from hooks on `optimizer.turn.built`'s `prepare` and
`build_model` (the planner itself is unchanged), so that build and solve are
split as in `Result.work` (`build_seconds`, `solve_seconds`).

`python -m benchmarks.highs` (the `bench` extra) solves a sample of the same
positions' first-priority models with HiGHS beside CP-SAT.

Targets: every case proven optimal; solve p95 <= 50 ms (one turn of builds);
p95 <= 100 ms for a joint plan of four powers with grants; naval 12-turn
horizon p95 <= 0.5 s; SW deployment planning (`--suite sw`) p95 <= 50 ms; `awaw plan` within
1.5 x the bare import; a Gathering Storm mobilization schedule (rule 14) of five powers over 12 turns
p95 <= 0.5 s (`--mobilization N` positions, 0 skips); Europa engineers, 6 units, 12 tasks, 6 turns:
p95 <= 1 s.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

from rich.console import Console
from rich.table import Table

import optimizer.turn.built as planner
import scenarios
from benchmarks.figures import percentile
from models.generate import random_scenario
from models.io import load_scenario
from models.scenario import Scenario
from optimizer.planners.position import solve
from optimizer.rules.sw.solve import plan_sw


@dataclass(frozen=True)
class Suite:
    """A named list of positions, made on demand: `make(i)` for i in range(count)."""

    name: str
    count: int
    make: Callable[[int], Scenario]
    kind: str = "plan"  # "plan": the turn planner (solve); "sw": SW deployment planning (plan_sw)

    def cases(self, limit: int | None = None) -> list[Scenario]:
        return [self.make(i) for i in range(self.count if limit is None else min(limit, self.count))]


def generated(name: str, first_seed: int, count: int, offset: int = 0, **options: Any) -> Suite:
    """Generated positions from seeds first_seed + offset, first_seed + offset + 1, ...; no minimum
    builds."""
    first = first_seed + offset
    return Suite(name, count, lambda i: random_scenario(first + i, requirements=False, **options))


def random_sw_scenario(seed: int) -> Scenario:
    """A generated SW position (rule 25): German, Japanese and Allied groups in and around the boxes,
    wars, ports and the planning side drawn from `seed`."""
    rng = random.Random(seed)
    faction = rng.choice(["western_allies", "european_axis", "japan"])
    power = {"european_axis": "germany", "western_allies": "britain", "japan": "japan"}[faction]
    boxes = [None, "atlantic", "indian", "pacific"]
    forces = [
        {
            "id": "ge",
            "power": "germany",
            "unit": "submarine",
            "factors": rng.randint(0, 30),
            "base": "lorient",
            "box": rng.choice([None, "atlantic"]),
        },
        {
            "id": "gm",
            "power": "germany",
            "unit": "submarine",
            "factors": rng.randint(0, 6),
            "base": "naples",
            "box": rng.choice([None, "atlantic", "indian"]),
        },
        {
            "id": "jp",
            "power": "japan",
            "unit": "submarine",
            "factors": rng.randint(0, 15),
            "base": "tokyo",
            "box": rng.choice([None, "indian", "pacific"]),
        },
        {
            "id": "ja",
            "power": "japan",
            "unit": "asw",
            "factors": rng.randint(0, 6),
            "base": "tokyo",
            "box": rng.choice([None, "pacific"]),
        },
    ]
    allied = [("britain", "asw"), ("usa", "asw"), ("usa", "cve"), ("usa", "submarine"), ("britain", "cve")]
    bases = ["liverpool", "us_atlantic_box", "pearl_harbor", "colombo", "us_pacific_box", "south_africa_box"]
    for i in range(rng.randint(2, 10)):
        who, unit = rng.choice(allied)
        forces.append(
            {
                "id": f"a{i}",
                "power": who,
                "unit": unit,
                "factors": rng.randint(0, 20),
                "base": rng.choice(bases),
                "box": rng.choice(boxes),
                "inverted": rng.random() < 0.2,
            }
        )
    europe, pacific = rng.random() < 0.7, rng.random() < 0.7
    data = {
        "name": f"sw {seed}",
        "turn": {"season": "spring", "year": 1942},
        "faction": faction,
        "powers": {power: {"brps": 50, "brp_base": 150}},
        "us_at_war": {"europe": europe, "pacific": pacific},
        "usjt": rng.choice([None, 40, 45]),
        "map": {
            "sites": {s: {"controller": "germany"} for s in ("paris", "lille", "metz", "brest", "lorient")}
        },
        "sw": {
            "forces": forces,
            "germany_us_war_turn": rng.randint(1, 4) if europe else 0,
            "us_atlantic_asw_per_turn": rng.randint(0, 3),
            "ports": {
                "suez": {"controller": rng.choice(["britain", "italy"])},
                "singapore": {"controller": rng.choice(["britain", "japan"])},
            },
            "codebreaking": {"axis_ultra_sw": rng.randint(0, 2), "british_ultra_asw": rng.randint(0, 2)},
        },
    }
    return Scenario.model_validate(data)


def suites(generated_count: int = 200, sizes: int = 20, seed_offset: int = 0) -> list[Suite]:
    """Every suite, in the order printed; `seed_offset` added to every generated suite's first seed
    (fresh positions: the fixed seeds are those the planner's settings were measured on)."""
    paths = scenarios.bundled()
    sw_paths = [p for p in paths if p.stem.endswith("_sw")]
    return [
        Suite("bundled", len(paths), lambda i: load_scenario(paths[i])),
        generated("builds (6 entries, 4 counters)", 0, generated_count, seed_offset, naval=False),
        generated(
            "builds (12 entries, 8 counters)",
            10_000,
            generated_count,
            seed_offset,
            naval=False,
            max_entries=12,
            max_count=8,
        ),
        generated(
            "grants: U.S., Britain, Russia, China, one turn",
            20_000,
            generated_count,
            seed_offset,
            joint_grants=True,
            naval=False,
        ),
        *(
            generated(
                f"naval, {turns}-turn horizon",
                30_000,
                generated_count,
                seed_offset,
                one_power=True,
                naval_turns=turns,
            )
            for turns in (1, 4, 12)
        ),
        # The larger sizes of issue 9: the four powers of rule 40 planned together, each with
        # 1..N force pool entries; then with naval construction for every power with shipyards.
        *(
            generated(
                f"grants, 4 powers, {entries} entries",
                40_000 + 1_000 * k,
                sizes,
                seed_offset,
                joint_grants=True,
                naval=False,
                max_entries=entries,
            )
            for k, entries in enumerate((24, 48, 96))
        ),
        *(
            generated(
                f"grants + naval, 4 powers, {entries} entries, {turns} turns",
                50_000 + 1_000 * k,
                sizes,
                seed_offset,
                joint_grants=True,
                max_entries=entries,
                naval_turns=turns,
            )
            for k, (entries, turns) in enumerate((e, t) for e in (12, 48) for t in (4, 12))
        ),
        # Issue 11: SW deployment planning (rule 25), bundled SW positions and generated ones.
        Suite("sw: bundled SW positions", len(sw_paths), lambda i: load_scenario(sw_paths[i]), kind="sw"),
        Suite(
            "sw: generated positions",
            generated_count,
            lambda i: random_sw_scenario(60_000 + seed_offset + i),
            kind="sw",
        ),
    ]


MOBILIZATION_SUITE = "mobilization: 5 powers, 12 turns"


def measure_mobilization(count: int) -> tuple[list[float], list[float], Counter[str]]:
    """Wall and CPU seconds of `solve_mobilization` (build and solve) on generated five-power, 12-turn
    positions from fixed seeds (no minimums), and their statuses."""
    from models.generate_mobilization import seeded_mobilization
    from optimizer.rules.mobilization.solve import Infeasible, solve_mobilization

    wall, cpu, statuses = [], [], Counter[str]()
    for seed in range(60_000, 60_000 + count):
        scenario = seeded_mobilization(seed, turns=12)
        started, started_cpu = time.perf_counter(), time.process_time()
        try:
            statuses[solve_mobilization(scenario).status] += 1
        except Infeasible:
            statuses["infeasible"] += 1
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    return wall, cpu, statuses


QUANTILES = ("p50", "p95", "max")


@dataclass
class Times:
    """Seconds per position: build and solve, wall and CPU; and the statuses."""

    build_wall: list[float] = field(default_factory=list)
    build_cpu: list[float] = field(default_factory=list)
    solve_wall: list[float] = field(default_factory=list)
    solve_cpu: list[float] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)


def measure(cases: list[Scenario]) -> Times:
    """Solve each case as the planner does, timing build and solve in wall and CPU time."""
    marks: dict[str, float] = {}
    real_prepare, real_build = planner.prepare, planner.build_model

    def prepare(*args: Any, **kwargs: Any) -> Any:
        marks["started"] = time.process_time()
        return real_prepare(*args, **kwargs)

    def build_model(*args: Any, **kwargs: Any) -> Any:
        built = real_build(*args, **kwargs)
        marks["built"] = time.process_time()
        return built

    times = Times()
    # patch.object fails loudly if `optimizer.turn.built` no longer has these names.
    with (
        mock.patch.object(planner, "prepare", prepare),
        mock.patch.object(planner, "build_model", build_model),
    ):
        for scenario in cases:
            marks.clear()
            result = solve(scenario)
            ended = time.process_time()
            assert marks.keys() == {"started", "built"}, "solve() no longer prepares and builds once"
            times.build_wall.append(result.work.build_seconds)
            times.solve_wall.append(result.work.solve_seconds)
            times.build_cpu.append(marks["built"] - marks["started"])
            times.solve_cpu.append(ended - marks["built"])
            times.statuses[result.status.value] += 1
    return times


def measure_sw(cases: list[Scenario]) -> Times:
    """Plan each case's SW deployment (optimizer.rules.sw.solve.plan_sw): build (modifiers, data, model) and solve."""
    times = Times()
    for scenario in cases:
        started = time.process_time()
        result = plan_sw(scenario)
        ended = time.process_time()
        times.build_wall.append(result.build_seconds)
        times.solve_wall.append(result.solve_seconds)
        share = result.build_seconds / max(1e-9, result.build_seconds + result.solve_seconds)
        times.build_cpu.append((ended - started) * share)
        times.solve_cpu.append((ended - started) * (1 - share))
        times.statuses[result.status.value] += 1
    return times


def spread(values: list[float]) -> list[str]:
    """p50, p95 and max, in milliseconds."""
    return [f"{1000 * v:.1f}" for v in (percentile(values, 0.5), percentile(values, 0.95), max(values))]


def optimal_share(statuses: Counter[str]) -> str:
    total = sum(statuses.values())
    text = f"{100 * statuses['optimal'] / total:.0f}%"
    others = ", ".join(f"{k} {v}" for k, v in sorted(statuses.items()) if k != "optimal")
    return f"{text} ({others})" if others else text


def wall_time(command: list[str], runs: int) -> float:
    """The median wall seconds of `runs` runs of `command`."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


# Starts the command and prints its peak resident memory (KiB) as `os.wait4` reads it. The
# command is started from this small process, not from the benchmark: on Linux a child's
# ru_maxrss counts the memory of the process it was forked from, up to its exec, so a child
# of the benchmark would report at least the benchmark's own peak.
LAUNCHER = """
import os, subprocess, sys
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
print(usage.ru_maxrss)
sys.exit(os.waitstatus_to_exitcode(status))
"""


def peak_memory(command: list[str]) -> float:
    """The peak resident memory of one run of `command`, that process alone, in MB."""
    printed = subprocess.run(
        [sys.executable, "-c", LAUNCHER, *command], check=True, capture_output=True, text=True
    ).stdout
    return int(printed) / 1024


def engineer_suites(count: int) -> list[tuple[str, list[Any]]]:
    """Europa engineers (issue 13): generated positions on a 5 x 6 hex grid, fixed seeds."""
    from models.engineers_generate import random_engineer_scenario

    sizes = ((3, 6, 4), (6, 12, 6))  # units, tasks, turns; the second is the target size
    return [
        (
            f"engineers: {units} units, {tasks} tasks, {turns} turns",
            [
                random_engineer_scenario(
                    60_000 + 1_000 * k + i, units=units, tasks=tasks, turns=turns, rows=5, columns=6
                )
                for i in range(count)
            ],
        )
        for k, (units, tasks, turns) in enumerate(sizes)
    ]


def measure_engineers(out: Console, count: int, time_limit: float) -> None:
    """Build and solve (wall and CPU), p50 / p95 / max, and the share proven optimal. Target of
    issue 13: 6 units, 12 tasks, 6 turns in p95 <= 1 s."""
    from optimizer.rules.engineers.solve import solve_engineers

    table = Table(title="Europa engineers: build and solve (ms)", title_justify="left")
    for column in ("suite", "cases", "wall p50", "wall p95", "wall max", "CPU p95", "optimal"):
        table.add_column(column, justify="left" if column == "suite" else "right", no_wrap=column == "suite")
    for name, cases in engineer_suites(count):
        wall, cpu = [], []
        statuses: Counter[str] = Counter()
        for scenario in cases:
            started, cpu_started = time.perf_counter(), time.process_time()
            result = solve_engineers(scenario, time_limit=time_limit)
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - cpu_started)
            statuses[result.status] += 1
        table.add_row(
            name,
            str(len(cases)),
            *spread(wall),
            f"{1000 * percentile(cpu, 0.95):.1f}",
            optimal_share(statuses),
        )
    out.print(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--generated", type=int, default=200, help="positions of the older suites (200)")
    parser.add_argument("--sizes", type=int, default=20, help="positions of the larger suites (20)")
    parser.add_argument(
        "--cli-runs", type=int, default=5, help="runs of each command timed (median); 0 skips"
    )
    parser.add_argument("--suite", action="append", default=[], help="only suites whose name contains this")
    parser.add_argument(
        "--mobilization", type=int, default=100, help="positions of the mobilization suite (100); 0 skips"
    )
    parser.add_argument(
        "--engineers", type=int, default=20, help="positions of each engineers suite (20); 0 skips"
    )
    parser.add_argument(
        "--engineers-time-limit", type=float, default=60.0, help="seconds per engineers position (60)"
    )
    args = parser.parse_args()
    if args.engineers > 0 and (not args.suite or any(t in "engineers" for t in args.suite)):
        measure_engineers(Console(width=150), args.engineers, args.engineers_time_limit)
        if args.suite and all(t in "engineers" for t in args.suite):
            return

    chosen = [
        s
        for s in suites(args.generated, args.sizes)
        if not args.suite or any(t in s.name for t in args.suite)
    ]
    solve(load_scenario(scenarios.bundled()[0]))  # warm up: first-call costs are not the planner's
    out = Console(width=150)
    tables = {
        clock: Table(title=f"Build and solve, {clock} (ms)", title_justify="left")
        for clock in ("wall time", "CPU time of this process")
    }
    for table in tables.values():
        for column in (
            "suite",
            "cases",
            *(f"{phase} {q}" for phase in ("build", "solve") for q in QUANTILES),
        ):
            table.add_column(
                column, justify="left" if column == "suite" else "right", no_wrap=column == "suite"
            )
        table.add_column("optimal", no_wrap=True)
    for suite in chosen:
        times = measure_sw(suite.cases()) if suite.kind == "sw" else measure(suite.cases())
        share = optimal_share(times.statuses)
        for table, build, solved in (
            (tables["wall time"], times.build_wall, times.solve_wall),
            (tables["CPU time of this process"], times.build_cpu, times.solve_cpu),
        ):
            table.add_row(suite.name, str(suite.count), *spread(build), *spread(solved), share)
    for table in tables.values():
        out.print(table)

    if args.mobilization > 0 and (not args.suite or any(t in MOBILIZATION_SUITE for t in args.suite)):
        wall, cpu, statuses = measure_mobilization(args.mobilization)
        table = Table(title="Mobilization schedule, build and solve (ms)", title_justify="left")
        for column in ("suite", "cases", *(f"wall {q}" for q in QUANTILES), *(f"CPU {q}" for q in QUANTILES)):
            table.add_column(
                column, justify="left" if column == "suite" else "right", no_wrap=column == "suite"
            )
        table.add_column("optimal", no_wrap=True)
        table.add_row(
            MOBILIZATION_SUITE, str(args.mobilization), *spread(wall), *spread(cpu), optimal_share(statuses)
        )
        out.print(table)

    if args.cli_runs > 0:
        python = sys.executable
        awaw = str(Path(python).with_name("awaw"))
        bare_import = [python, "-c", "import ortools.sat.python.cp_model, networkx, pydantic"]
        bare = wall_time(bare_import, args.cli_runs)
        plan = wall_time([awaw, "plan"], args.cli_runs)
        plan_json = wall_time([awaw, "plan", "--json"], args.cli_runs)
        out.print(
            f"awaw plan (default scenario): {plan * 1000:.0f} ms; --json {plan_json * 1000:.0f} ms; "
            f"bare import {bare * 1000:.0f} ms; ratio {plan / bare:.2f} (target <= 1.5)"
        )
        out.print(
            f"peak memory: awaw plan {peak_memory([awaw, 'plan']):.0f} MB "
            f"(bare import {peak_memory(bare_import):.0f} MB), each child alone"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out.print(f"peak memory: this process {peak:.0f} MB")


if __name__ == "__main__":
    main()
