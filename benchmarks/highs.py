"""The planner's CP-SAT models solved by HiGHS beside CP-SAT, for comparison (never asserted in tests).

    python -m benchmarks.highs [--positions 5] [--sizes 20] [--time-limit 60] [--suite TEXT]

For the first `--positions` positions of each suite of `benchmarks/bench.py`,
builds the planner's model and sets the objective of its first solve, as
`optimizer.turn.solve.solve` does (every priority of the first call, with exact weights); then solves it with CP-SAT
(the planner's settings, `optimizer.turn.model.new_solver`) and, translated exactly
into a MILP, with HiGHS (one thread, relative gap 0). Prints per suite the
p50 / p95 wall time of each solver's solve call (the translation is not timed)
and HiGHS / CP-SAT, the MILP's size, and how many positions both solvers
proved optimal with the same objective value; a position where they differ is
named below the table.

The translation is `optimizer.turn.milp.translate`, which the planner itself uses to prove the
stages CP-SAT stalls on (`optimizer.turn.prove`).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from dataclasses import dataclass

import highspy
from ortools.sat.python import cp_model
from rich.console import Console
from rich.table import Table

from benchmarks.bench import suites
from benchmarks.figures import percentile
from models.scenario import Scenario
from optimizer.turn.milp import Milp, model_proto, translate
from optimizer.turn.model import build_model, new_solver
from optimizer.turn.prepare import prepare
from optimizer.turn.solve import naval_search, priority_order, stage_groups


def first_stage_model(scenario: Scenario) -> tuple[cp_model.CpModel, bool]:
    """The planner's model with the objective of its first solve, as `solve()` solves it: every priority
    of the first call, with their exact lexicographic weights; and whether it has naval charts."""
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    group = stage_groups(model, data, variables, priority_order(scenario, variables))[0]
    model.maximize(sum(member.weight * member.expr for member in group))
    return model, variables.naval is not None


@dataclass
class Outcome:
    optimal: bool
    value: float | None
    seconds: float


def solve_cp_sat(model: cp_model.CpModel, naval: bool = False) -> Outcome:
    solver = new_solver(None, 1)
    if naval:
        naval_search(solver)  # as solve() does for models with naval charts
    started = time.perf_counter()
    status = solver.solve(model)
    seconds = time.perf_counter() - started
    found = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    return Outcome(status == cp_model.OPTIMAL, solver.objective_value if found else None, seconds)


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
    parser.add_argument("--time-limit", type=float, default=60.0, help="HiGHS seconds per model (60)")
    parser.add_argument("--suite", action="append", default=[], help="only suites whose name contains this")
    args = parser.parse_args()

    out = Console(width=170)
    table = Table(
        title="The first solve's model: CP-SAT and HiGHS solve wall time (ms)", title_justify="left"
    )
    for column in (
        "suite",
        "cases",
        "MILP size",
        "CP-SAT p50",
        "CP-SAT p95",
        "HiGHS p50",
        "HiGHS p95",
        "ratio p50",
        "ratio p95",
        "same optimum",
    ):
        table.add_column(column, justify="left" if column == "suite" else "right", no_wrap=True)
    differences: list[str] = []
    statuses: Counter[str] = Counter()
    for suite in suites(args.generated, args.sizes):
        if args.suite and not any(text in suite.name for text in args.suite):
            continue
        if suite.kind != "plan":
            continue  # the SW deployment suites plan no turn model
        cp_times: list[float] = []
        highs_times: list[float] = []
        sizes: list[tuple[int, int]] = []
        agreed = 0
        for i, scenario in enumerate(suite.cases(args.positions)):
            model, naval = first_stage_model(scenario)
            milp = translate(model_proto(model))
            sizes.append((len(milp.lower), len(milp.rows)))
            cp = solve_cp_sat(model, naval)
            mip = solve_highs(milp, args.time_limit)
            cp_times.append(cp.seconds)
            highs_times.append(mip.seconds)
            statuses["CP-SAT optimal" if cp.optimal else "CP-SAT not proven"] += 1
            statuses["HiGHS optimal" if mip.optimal else "HiGHS not proven"] += 1
            if cp.optimal and mip.optimal and same(cp.value, mip.value):
                agreed += 1
            else:
                differences.append(
                    f"{suite.name} #{i}: CP-SAT {cp.value} (optimal {cp.optimal}), "
                    f"HiGHS {mip.value} (optimal {mip.optimal})"
                )
        cp50, cp95 = percentile(cp_times, 0.5), percentile(cp_times, 0.95)
        h50, h95 = percentile(highs_times, 0.5), percentile(highs_times, 0.95)
        cols = statistics.median(c for c, _ in sizes)
        rows = statistics.median(r for _, r in sizes)
        table.add_row(
            suite.name,
            str(len(cp_times)),
            f"{cols:.0f} x {rows:.0f}",
            f"{1000 * cp50:.1f}",
            f"{1000 * cp95:.1f}",
            f"{1000 * h50:.1f}",
            f"{1000 * h95:.1f}",
            f"{h50 / cp50:.1f}",
            f"{h95 / cp95:.1f}",
            f"{agreed}/{len(cp_times)}",
        )
    out.print(table)
    out.print(
        "ratio: HiGHS / CP-SAT; MILP size: median columns x rows; "
        + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items()))
    )
    for line in differences:
        out.print(f"[red]different:[/red] {line}")


if __name__ == "__main__":
    main()
