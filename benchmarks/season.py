"""Issue 28's figures: the one-turn identity over 200 generated positions, and the four-turn season target.

    python -m benchmarks.season identity [--positions 200]
    python -m benchmarks.season target [--positions 20] [--first 70000] [--entries 48] [--turns 4]
        [--naval-turns 12] [--time-limit SECONDS] [--no-tighten] [--node-limit N]

`identity`: for each generated position (the property tests' generator, `models.generate.scenario_data`,
from seeds 0.., half of them with joint grants), a one-turn horizon planned by `awaw season` (a
`season: {turns: 1}` section) prints the same JSON as `awaw plan` (or, without a plan, the same failure).

`target`: seasons of `--turns` turns for the U.S., Britain, Russia and China with grants, up to
`--entries` force pool entries each and a naval chart for every power with shipyards over a horizon of
`--naval-turns` turns (at least the season's; `models.generate_season.season_data`, joint grants), every
position solved by the season planner: CPU seconds p50 / p95, the share proven optimal, deterministic
time, and the independent season checker's verdict on each plan. The chart is planned whole over its own
horizon in the season's first turn (the issue's 12 turns beside a season of 4). Seeds `--first`,
`--first` + 1, ...: the season solve's settings were chosen on seeds 70000-70021 and 90000-90009 (the
node limit, the tightening) and 100000-100019 (the node limit), so its figures are read on others
(110000 on). `--no-tighten`: without the domains narrowed by presolve first
(`optimizer.season.solve.tighten_domains`, the default), to compare; `--node-limit`: HiGHS's nodes on a
stalled stage (`SEASON_NODE_LIMIT` by default); each position's priority values are printed, to check
that both give the same optima.
"""

from __future__ import annotations

import argparse
import random
import time

from benchmarks.figures import load_average, percentile
from models.generate import scenario_data
from models.generate_season import season_data
from models.plan import Status
from models.scenario import Scenario
from optimizer.checker.season import check_season
from optimizer.planners import Limits
from optimizer.planners.season import SEASON
from optimizer.planners.turn import TURN
from optimizer.season.solve import SEASON_NODE_LIMIT, solve_season


def identity(count: int) -> None:
    same = differ = 0
    for seed in range(count):
        data = scenario_data(random.Random(seed).randint, joint_grants=seed % 2 == 1)
        if "horizon" in data:
            data["horizon"] = {**data["horizon"], "turns": 1}
        plain = TURN.validate(data, f"seed {seed}")
        season = SEASON.validate({**data, "season": {"turns": 1}}, f"seed {seed}")
        turn, whole = TURN.solve(plain, Limits()), SEASON.solve(season, Limits())
        a = TURN.dumps(turn) if turn.plan is not None else turn.failure_json()
        b = SEASON.dumps(whole) if whole.plan is not None else whole.failure_json()
        if a == b:
            same += 1
        else:
            differ += 1
            print(f"seed {seed}: the one-turn season's JSON differs from awaw plan's")
    print(f"one-turn identity: {same} of {count} generated positions byte for byte the same, {differ} differ")


def target(
    count: int,
    entries: int,
    turns: int,
    naval_turns: int,
    time_limit: float | None,
    first: int = 70_000,
    tighten: bool = True,
    node_limit: int = SEASON_NODE_LIMIT,
) -> None:
    cpu: list[float] = []
    work: list[float] = []
    proven = checked = 0
    for k in range(count):
        rng = random.Random(first + k)
        scenario = Scenario.model_validate(
            season_data(
                rng.randint,
                turns=turns,
                naval_turns=naval_turns,
                joint_grants=True,
                requirements=False,
                max_entries=entries,
            )
        )
        started = time.process_time()
        solved = solve_season(scenario, time_limit, tighten=tighten, node_limit=node_limit)
        cpu.append(time.process_time() - started)
        work.append(solved.deterministic_seconds)
        proven += solved.status is Status.OPTIMAL
        legal = solved.plan is not None and not check_season(scenario, solved.plan)
        checked += legal
        values = [] if solved.plan is None else [stage.value for stage in solved.plan.objective.stages]
        print(
            f"seed {first + k}: {solved.status.value}, {cpu[-1]:.2f} s CPU, {work[-1]:.2f} deterministic s, "
            f"{'no plan' if solved.plan is None else 'passes' if legal else 'FAILS'} the season checker, "
            f"values {values}",
            flush=True,
        )
    print(f"{load_average()}")
    print(
        f"season of {turns} turns, 4 powers with grants, <= {entries} entries each, naval charts over "
        f"{max(turns, naval_turns)} turns: {count} positions, {proven} proven optimal, {checked} passed the "
        "season checker"
    )
    print(f"CPU seconds p50 {percentile(cpu, 0.5):.3f} p95 {percentile(cpu, 0.95):.3f} max {max(cpu):.3f}")
    print(
        f"deterministic seconds p50 {percentile(work, 0.5):.3f} p95 {percentile(work, 0.95):.3f} "
        f"max {max(work):.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("identity")
    one.add_argument("--positions", type=int, default=200)
    many = sub.add_parser("target")
    many.add_argument("--positions", type=int, default=20)
    many.add_argument("--entries", type=int, default=48)
    many.add_argument("--turns", type=int, default=4)
    many.add_argument("--naval-turns", type=int, default=12)
    many.add_argument("--time-limit", type=float, default=None, help="Seconds per position (default: none).")
    many.add_argument("--first", type=int, default=70_000, help="The first position's seed.")
    many.add_argument(
        "--no-tighten", dest="tighten", action="store_false", help="Without the domains narrowed first."
    )
    many.add_argument(
        "--node-limit", type=int, default=SEASON_NODE_LIMIT, help="HiGHS's nodes on a stalled stage."
    )
    args = parser.parse_args()
    if args.command == "identity":
        identity(args.positions)
    else:
        target(
            args.positions,
            args.entries,
            args.turns,
            args.naval_turns,
            args.time_limit,
            args.first,
            args.tighten,
            args.node_limit,
        )


if __name__ == "__main__":
    main()
