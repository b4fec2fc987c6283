"""Where the Europa engineers planner spends its proof (issue 13): three measurements, never asserted.

    python -m benchmarks.engineers_probe seeds [--positions 61007,61008] [--solver-seeds 4]
    python -m benchmarks.engineers_probe subset 61002 t0+t1+t2 [--work-limit 10]
    python -m benchmarks.engineers_probe teams 900093,900009 [--work-limit 60] [--size 6x12x6]

`seeds`: CP-SAT's deterministic time of the planner's own model and parameters
(`solve.build_model`, `solvers.configured_solver`) on generated positions of the 6-unit suite
(`benchmarks/engineers.py`'s sizes and seeds), under several solver seeds, with the mean. On these
positions the time under one seed moves by a third either way with any change to the model, even
one that leaves the search space alone (the search path moves), so a change is judged on the mean
over seeds, never on seed 0 alone. The planner itself always uses seed 0 (the same schedule every run).

`subset`: whether the units can complete every one of the given tasks, value ignored (the
explanation's feasibility solve, `explain.can_all_be_done`, with the proof's parameters). On 61002
the planner's proof stalls on a question of this kind: t0+t1+t10+t11+t2+t6+t7+t3+t9 together are
neither done nor refuted within 10 deterministic s, while without t7, t3 or t9 a schedule doing the
other eight is found in 0.04, 0.14 and 0.54 s.

`teams`: where the proof's time goes, by taking a family of decisions away: the proof of the planner's
model, of the same model with every task counted in turns (forts, permanent airbases, augmenting) begun
by one unit alone, and with none begun at all. The last two are other problems (their optima may be
lower), so they only show what the search stalls on. Issue 26: on the slowest positions of seeds
900000-900099 the proof takes 47.1 (900093), 7.5 (900009) and 4.0 (900059) deterministic s, with
one-unit teams only 2.7, 2.8 and 2.1 (the optimum the same on 900009 and 900059), without those tasks
0.2, 1.6 and 0.1: the teams of two or more units that begin a fort or an airbase together are what the
proof spends its time on.
"""

from __future__ import annotations

import argparse
import statistics

from benchmarks.figures import load_average
from models.engineers import EngineerScenario
from models.engineers_generate import random_engineer_scenario
from optimizer.rules.engineers.explain import can_all_be_done
from optimizer.rules.engineers.prepare import prepare
from optimizer.rules.engineers.solve import build_model
from optimizer.rules.engineers.solvers import configured_solver

UNITS, TASKS, TURNS = 6, 12, 6  # the target size (benchmarks/engineers.py)
HARD = (61007, 61008, 61013, 61004, 61014)  # the slowest proven positions of the 6-unit suite


def _scenario(seed: int, size: tuple[int, int, int] = (UNITS, TASKS, TURNS)) -> EngineerScenario:
    units, tasks, turns = size
    return random_engineer_scenario(seed, units=units, tasks=tasks, turns=turns, rows=5, columns=6)


def seeds(positions: list[int], solver_seeds: int, work_limit: float) -> None:
    total = 0.0
    for position in positions:
        _, model, _ = build_model(_scenario(position))
        times, statuses = [], set()
        for seed in range(solver_seeds):
            solver = configured_solver(None, work_limit, seed=seed)
            statuses.add(solver.status_name(solver.solve(model)))
            times.append(solver.deterministic_time)
        mean = statistics.mean(times)
        total += mean
        shown = " ".join(f"{t:.2f}" for t in times)
        print(f"{position}: mean {mean:.2f} deterministic s [{shown}] {sorted(statuses)}", flush=True)
    print(f"total of means {total:.2f}; {load_average()}")


def subset(position: int, tasks: list[str], work_limit: float) -> None:
    data = prepare(_scenario(position))
    for k in tasks:
        if k not in data.tasks or data.tasks[k].refused is not None:
            raise SystemExit(f"{k}: no such task, or refused by the article ({position})")
    test = can_all_be_done(data, tasks, configured_solver(None, work_limit))
    print(f"{position} {'+'.join(tasks)}: {test.status} after {test.work:.2f} deterministic s")


def teams(positions: list[int], size: tuple[int, int, int], work_limit: float) -> None:
    for position in positions:
        scenario = _scenario(position, size)
        shown = []
        for variant in ("planner", "one-unit teams", "no turn tasks"):
            _, model, variables = build_model(scenario)
            for option, var in variables.option.items():
                if variant == "no turn tasks" or (variant == "one-unit teams" and len(option.team) > 1):
                    model.add(var == 0)
            solver = configured_solver(None, work_limit)
            status = solver.status_name(solver.solve(model))
            value = solver.objective_value / 1000 if status in ("OPTIMAL", "FEASIBLE") else None
            shown.append(f"{variant}: {status} {value} after {solver.deterministic_time:.2f}")
        print(f"{position}: " + "; ".join(shown), flush=True)
    print(load_average())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    over_seeds = commands.add_parser("seeds", help="deterministic time over several solver seeds")
    over_seeds.add_argument("--positions", default=",".join(map(str, HARD)), help="generator seeds")
    over_seeds.add_argument("--solver-seeds", type=int, default=4, help="solver seeds 0..N-1 (4)")
    over_seeds.add_argument("--work-limit", type=float, default=15.0, help="deterministic s per solve")
    together = commands.add_parser("subset", help="can these tasks all be completed?")
    together.add_argument("position", type=int, help="generator seed, e.g. 61002")
    together.add_argument("tasks", help="task ids joined by +, e.g. t0+t1+t10")
    together.add_argument("--work-limit", type=float, default=10.0, help="deterministic s (10)")
    by_team = commands.add_parser("teams", help="the proof with turn tasks' teams limited, or none")
    by_team.add_argument("positions", help="generator seeds, comma separated, e.g. 900093,900009")
    by_team.add_argument("--size", default=f"{UNITS}x{TASKS}x{TURNS}", help="UNITSxTASKSxTURNS (6x12x6)")
    by_team.add_argument("--work-limit", type=float, default=60.0, help="deterministic s per proof (60)")
    args = parser.parse_args()
    if args.command == "teams":
        units, tasks, turns = (int(x) for x in args.size.lower().split("x"))
        teams([int(p) for p in args.positions.split(",")], (units, tasks, turns), args.work_limit)
    elif args.command == "seeds":
        seeds([int(p) for p in args.positions.split(",")], args.solver_seeds, args.work_limit)
    else:
        subset(args.position, args.tasks.split("+"), args.work_limit)


if __name__ == "__main__":
    main()
