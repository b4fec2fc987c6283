"""Issue 9's remaining targets: where a solve spends its time, and whether a change keeps every plan.

    python -m benchmarks.scale profile [--suite TEXT] [--positions 20]
    python -m benchmarks.scale snapshot OUT.json [--positions 20] [--generated 40]
    python -m benchmarks.scale compare BEFORE.json AFTER.json

`profile` splits each position of the chosen suites of `benchmarks/bench.py`
(default: grants + naval, 48 entries, 12 turns) into this process's CPU time
for preparation, model building, the objective's assembly (`stage_groups`),
CP-SAT (each solve call, with its deterministic time) and the rest of
`solve()` (hints between solves, extraction), and prints p50 / p95 of each
with the share of positions proven optimal.

`snapshot` solves every bundled scenario, the first `--positions` positions of
every planning suite of `benchmarks/bench.py` (the first `--generated` of the
older ones) and `--generated` positions drawn by the property tests'
generator (`models.generate.scenario_data`, plain, joint grants, and every
reading setting drawn) from fixed seeds, and writes for each its status, every
priority's value and proof, and the plan's bytes (JSON), and whether the
independent checker accepts it. `compare` prints every position whose
priority values differ (a regression), whose plan bytes differ with the same
values (a tie broken differently), or whose plan fails the checker.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any
from unittest import mock

from ortools.sat.python import cp_model

import optimizer.turn.built as built
import optimizer.turn.solve as stages
from benchmarks.bench import suites
from benchmarks.figures import percentile
from models.generate import scenario_data
from models.plan import Status
from models.scenario import Scenario, Settings
from optimizer.checker import check
from optimizer.planners import position as planner

DEFAULT_SUITE = "grants + naval, 4 powers, 48 entries, 12 turns"


def profile_case(scenario: Scenario) -> tuple[dict[str, float], int, bool]:
    """One solve split into its parts (CPU seconds; "det" is CP-SAT's deterministic time), the number of
    CP-SAT calls, and whether the plan is proven optimal."""
    spent: dict[str, float] = dict.fromkeys(PARTS, 0.0)
    count = [0]
    original_solve = cp_model.CpSolver.solve

    def timed(key: str, fn: Any) -> Any:
        def run(*args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[key] += time.process_time() - started

        return run

    def solve_call(self: cp_model.CpSolver, model: Any, *args: Any) -> Any:
        started = time.process_time()
        try:
            return original_solve(self, model, *args)
        finally:
            spent["cp-sat"] += time.process_time() - started
            spent["det"] += self.response_proto.deterministic_time
            count[0] += 1

    with (
        mock.patch.object(built, "prepare", timed("prepare", built.prepare)),
        mock.patch.object(built, "build_model", timed("build", built.build_model)),
        mock.patch.object(stages, "stage_groups", timed("objective", stages.stage_groups)),
        mock.patch.object(cp_model.CpSolver, "solve", solve_call),
    ):
        started = time.process_time()
        result = planner.solve(scenario)
        spent["total"] = time.process_time() - started
    spent["rest"] = spent["total"] - sum(spent[k] for k in ("prepare", "build", "objective", "cp-sat"))
    return spent, count[0], result.status is Status.OPTIMAL


PARTS = ("prepare", "build", "objective", "cp-sat", "rest", "total", "det")


def profile(names: list[str], positions: int) -> None:
    """Print the split of each chosen suite's solves into their parts (CPU seconds)."""
    for suite in suites(positions, positions):
        if suite.kind != "plan" or not any(name in suite.name for name in names):
            continue
        parts: dict[str, list[float]] = {k: [] for k in PARTS}
        calls: list[int] = []
        proven = 0
        for scenario in suite.cases(positions):
            spent, count, optimal = profile_case(scenario)
            proven += optimal
            calls.append(count)
            for key, value in spent.items():
                parts[key].append(value)
        print(f"{suite.name}: {len(calls)} positions, {proven} proven optimal, solve calls {sorted(calls)}")
        for key, values in parts.items():
            p50 = statistics.median(values)
            print(f"  {key:>9}: p50 {p50 * 1000:7.0f}  p95 {percentile(values, 0.95) * 1000:7.0f}  ms")


def property_positions(count: int) -> list[tuple[str, Scenario]]:
    """Positions drawn by the property tests' generator from fixed seeds: plain, with joint grants, and
    with joint grants and every reading setting drawn."""
    readings = sorted(name for name, f in Settings.model_fields.items() if f.annotation in (bool, "bool"))
    out: list[tuple[str, Scenario]] = []
    for i in range(count):
        for kind in ("plain", "grants", "readings"):
            rng = random.Random(f"{kind}-{i}")
            data = scenario_data(rng.randint, joint_grants=kind != "plain")
            if kind == "readings":
                data["settings"] = {name: bool(rng.randint(0, 1)) for name in readings}
            try:
                out.append((f"property {kind} #{i}", Scenario.model_validate(data)))
            except ValueError:
                continue
    return out


def snapshot(path: Path, positions: int, generated: int) -> None:
    """Write every position's priority values, proofs, plan digest and checker verdict."""
    cases: list[tuple[str, Scenario]] = []
    for suite in suites(generated, positions):
        if suite.kind == "plan":
            cases += [(f"{suite.name} #{i}", s) for i, s in enumerate(suite.cases())]
    cases += property_positions(generated)
    out: dict[str, Any] = {}
    for name, scenario in cases:
        try:
            result = planner.solve(scenario)
        except ValueError as error:
            out[name] = {"error": str(error)[:200]}
            continue
        entry: dict[str, Any] = {"status": result.status.value}
        if result.plan is not None:
            text = result.plan.model_dump_json()
            entry["bytes"] = hashlib.sha256(text.encode()).hexdigest()
            assert result.plan.objective is not None
            entry["values"] = [[s.priority, s.value, s.proven] for s in result.plan.objective.stages]
            entry["checker"] = len(check(scenario, result.plan))
        out[name] = entry
        print(name, entry.get("status"), entry.get("values"), flush=True)
    path.write_text(json.dumps(out, indent=1, sort_keys=True))


def compare(before_path: Path, after_path: Path) -> None:
    """Print the positions whose values, bytes or checker verdict changed."""
    before = json.loads(before_path.read_text())
    after = json.loads(after_path.read_text())
    ties = regressions = failures = 0
    for name in sorted(set(before) | set(after)):
        a, b = before.get(name), after.get(name)
        if a is None or b is None:
            print(f"only in one snapshot: {name}")
            continue
        if b.get("checker"):
            failures += 1
            print(f"CHECKER FAILS: {name}")
        if a.get("values") != b.get("values") or a.get("status") != b.get("status"):
            regressions += 1
            print(f"VALUES DIFFER: {name}: {a.get('values')} -> {b.get('values')}")
        elif a.get("bytes") != b.get("bytes"):
            ties += 1
            print(f"tie broken differently: {name}")
    print(
        f"{len(after)} positions: {regressions} with other values, {ties} other ties, {failures} checker failures"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("profile")
    p.add_argument("--suite", action="append", default=[])
    p.add_argument("--positions", type=int, default=20)
    s = sub.add_parser("snapshot")
    s.add_argument("out", type=Path)
    s.add_argument("--positions", type=int, default=20)
    s.add_argument("--generated", type=int, default=40)
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "profile":
        profile(args.suite or [DEFAULT_SUITE], args.positions)
    elif args.command == "snapshot":
        snapshot(args.out, args.positions, args.generated)
    else:
        compare(args.before, args.after)


if __name__ == "__main__":
    main()
