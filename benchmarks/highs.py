"""The planner's CP-SAT models solved by HiGHS beside CP-SAT, for comparison (never asserted in tests).

    python -m benchmarks.highs [--positions 5] [--sizes 20] [--time-limit 60] [--suite TEXT]
                               [--seed-offset N]

For the first `--positions` positions of each suite of `benchmarks/bench.py`, builds the planner's
model and sets the objective of its first solve, as `optimizer.turn.solve.solve` does (every priority
of the first call, with exact weights); then solves it three ways:

- CP-SAT in one call (the planner's settings, `optimizer.turn.solve.stage_solver`), with no budget;
- as the planner does (`run_stages`): CP-SAT within its deterministic budgets, a call that runs out
  split, and each stage it stalls on proven by HiGHS;
- translated exactly into a MILP, by HiGHS alone (one thread, relative gap 0).

Each is given at most `--time-limit` seconds but the planner's, which has no limit, as `awaw plan`.
Prints per suite the p50 / p95 wall time of each (the translation is not timed), HiGHS / CP-SAT and
HiGHS / the planner, the MILP's size, and how many positions all three proved optimal with the same
objective value; a position where they differ is named below the table. `--seed-offset N` draws every
generated suite from its seeds plus N: positions no setting was measured on (the issue's targets ask
for at least 500 of each family: `--positions 500 --generated 500 --sizes 500`).

The translation is `optimizer.turn.milp.translate`, which the planner itself uses to prove the
stages CP-SAT stalls on (`optimizer.turn.prove`).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from dataclasses import dataclass
from functools import partial

import highspy
from ortools.sat.python import cp_model
from rich.console import Console
from rich.table import Table

from benchmarks.bench import suites
from benchmarks.figures import percentile
from models.plan import Status
from models.scenario import Scenario
from optimizer.turn.milp import Milp, model_proto, translate
from optimizer.turn.model import build_model
from optimizer.turn.prepare import prepare
from optimizer.turn.solve import TURN_STAGES, priority_order, stage_groups, stage_solver
from optimizer.turn.stages import Member, run_stages
from optimizer.turn.variables import Variables


@dataclass
class FirstStage:
    """The planner's model with the objective of its first solve, as `solve()` solves it: every priority
    of the first call (`group`), with their exact lexicographic weights; its variables, and whether it
    has naval charts."""

    model: cp_model.CpModel
    variables: Variables
    group: list[Member]

    @property
    def naval(self) -> bool:
        return self.variables.naval is not None


def first_stage_model(scenario: Scenario) -> FirstStage:
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    group = stage_groups(model, data, variables, priority_order(scenario, variables))[0]
    model.maximize(sum(member.weight * member.expr for member in group))
    return FirstStage(model, variables, group)


@dataclass
class Outcome:
    optimal: bool
    value: float | None
    seconds: float


def solve_cp_sat(model: cp_model.CpModel, naval: bool = False, time_limit: float | None = None) -> Outcome:
    """One CP-SAT call on the model, to its optimum or `time_limit` seconds: the first solve alone,
    without the planner's budgets and HiGHS's proofs (`solve_as_planner`)."""
    solver = stage_solver(time_limit, 1, naval)  # the planner's settings
    started = time.perf_counter()
    status = solver.solve(model)
    seconds = time.perf_counter() - started
    found = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    return Outcome(status == cp_model.OPTIMAL, solver.objective_value if found else None, seconds)


def solve_as_planner(stage: FirstStage) -> Outcome:
    """The first call's priorities solved as the planner solves them (`run_stages` with the turn's
    policy, `TURN_STAGES`): CP-SAT within its deterministic budgets, a call that runs out split, and a
    stage it stalls on proven by HiGHS (`optimizer.turn.prove`). Its value is the weighted objective of
    the plan it ends with, so that it compares with both solvers' optimum. On a copy of the model: the
    stages add each optimum to the model they solve."""
    model = stage.model.clone()

    configured = partial(stage_solver, workers=1, naval=stage.naval)
    started = time.perf_counter()
    run = run_stages(
        model, stage.variables, [list(stage.group)], None, started, configured, policy=TURN_STAGES
    )
    seconds = time.perf_counter() - started
    if run.solver is None:
        return Outcome(False, None, seconds)
    value = sum(member.weight * run.solver.value(member.expr) for member in stage.group)
    return Outcome(run.status is Status.OPTIMAL, float(value), seconds)


def solve_highs(milp: Milp, time_limit: float) -> Outcome:
    highs = highspy.Highs()
    highs.setOptionValue("output_flag", False)
    highs.setOptionValue("threads", 1)
    highs.setOptionValue("random_seed", 0)
    highs.setOptionValue("mip_rel_gap", 0.0)
    highs.setOptionValue("time_limit", float(time_limit))
    highs.passModel(milp.to_highs())
    started = time.perf_counter()
    highs.run()
    seconds = time.perf_counter() - started
    status = highs.getModelStatus()
    info = highs.getInfo()
    found = info.primal_solution_status == int(highspy.SolutionStatus.kSolutionStatusFeasible)
    value = info.objective_function_value if found else None
    return Outcome(status == highspy.HighsModelStatus.kOptimal, value, seconds)


def same(a: float | None, b: float | None) -> bool:
    return a is not None and b is not None and abs(a - b) <= 1e-6 * max(1.0, abs(a))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=5, help="positions per suite (5)")
    parser.add_argument("--generated", type=int, default=200, help="as in bench.py (only the seeds matter)")
    parser.add_argument("--sizes", type=int, default=20, help="as in bench.py (only the seeds matter)")
    parser.add_argument(
        "--time-limit",
        type=float,
        default=60.0,
        help="seconds per model for CP-SAT's one call and for HiGHS (60)",
    )
    parser.add_argument("--suite", action="append", default=[], help="only suites whose name contains this")
    parser.add_argument(
        "--seed-offset", type=int, default=0, help="added to every generated suite's seeds (fresh positions)"
    )
    args = parser.parse_args()

    out = Console(width=230)
    table = Table(
        title="The first solve's model: CP-SAT and HiGHS solve wall time (ms)", title_justify="left"
    )
    for column in (
        "suite",
        "cases",
        "MILP size",
        "CP-SAT p50",
        "CP-SAT p95",
        "planner p50",
        "planner p95",
        "HiGHS p50",
        "HiGHS p95",
        "ratio p50",
        "ratio p95",
        "planner ratio p95",
        "same optimum",
    ):
        table.add_column(column, justify="left" if column == "suite" else "right", no_wrap=True)
    differences: list[str] = []
    statuses: Counter[str] = Counter()
    for suite in suites(args.generated, args.sizes, args.seed_offset):
        if args.suite and not any(text in suite.name for text in args.suite):
            continue
        if suite.kind != "plan":
            continue  # the SW deployment suites plan no turn model
        cp_times: list[float] = []
        planner_times: list[float] = []
        highs_times: list[float] = []
        sizes: list[tuple[int, int]] = []
        agreed = 0
        for i, scenario in enumerate(suite.cases(args.positions)):
            stage = first_stage_model(scenario)
            milp = translate(model_proto(stage.model))
            sizes.append((len(milp.lower), len(milp.rows)))
            cp = solve_cp_sat(stage.model, stage.naval, args.time_limit)
            planner = solve_as_planner(stage)
            mip = solve_highs(milp, args.time_limit)
            cp_times.append(cp.seconds)
            planner_times.append(planner.seconds)
            highs_times.append(mip.seconds)
            statuses["CP-SAT optimal" if cp.optimal else "CP-SAT not proven"] += 1
            statuses["planner optimal" if planner.optimal else "planner not proven"] += 1
            statuses["HiGHS optimal" if mip.optimal else "HiGHS not proven"] += 1
            if (
                all(o.optimal for o in (cp, planner, mip))
                and same(cp.value, mip.value)
                and same(planner.value, mip.value)
            ):
                agreed += 1
            else:
                differences.append(
                    f"{suite.name} #{i}: CP-SAT {cp.value} (optimal {cp.optimal}), "
                    f"planner {planner.value} (optimal {planner.optimal}), "
                    f"HiGHS {mip.value} (optimal {mip.optimal})"
                )
        cp50, cp95 = percentile(cp_times, 0.5), percentile(cp_times, 0.95)
        p50, p95 = percentile(planner_times, 0.5), percentile(planner_times, 0.95)
        h50, h95 = percentile(highs_times, 0.5), percentile(highs_times, 0.95)
        cols = statistics.median(c for c, _ in sizes)
        rows = statistics.median(r for _, r in sizes)
        table.add_row(
            suite.name,
            str(len(cp_times)),
            f"{cols:.0f} x {rows:.0f}",
            f"{1000 * cp50:.1f}",
            f"{1000 * cp95:.1f}",
            f"{1000 * p50:.1f}",
            f"{1000 * p95:.1f}",
            f"{1000 * h50:.1f}",
            f"{1000 * h95:.1f}",
            f"{h50 / cp50:.1f}",
            f"{h95 / cp95:.1f}",
            f"{h95 / p95:.1f}",
            f"{agreed}/{len(cp_times)}",
        )
    out.print(table)
    out.print(
        "ratio: HiGHS / CP-SAT (one call); planner ratio: HiGHS / the planner's stages; "
        "MILP size: median columns x rows; " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items()))
    )
    for line in differences:
        out.print(f"[red]different:[/red] {line}")


if __name__ == "__main__":
    main()
