"""The hard tail of joint plans (issue 26), measured on fresh generated positions (never asserted in tests).

    python -m benchmarks.tail [--suite naval|grants] [--first 700000] [--count 500] [--json FILE]
    python -m benchmarks.tail compare BEFORE.json AFTER.json

Draws `--count` positions the way `models/generate.py` draws them, from seeds `--first`,
`--first + 1`, ... (choose a range no change was tuned on), and solves each with the turn planner's
one-call `solve` as `awaw plan` does (no time limit):

- `naval`: four powers planned together with grants, up to 48 force pool entries each, a 12-turn naval
  chart (the suite "grants + naval, 4 powers, 48 entries, 12 turns" of `benchmarks/bench.py`);
- `grants`: the four powers with grants only, up to 96 entries each.

Prints p50 / p95 / max of this process's CPU time per position (preparation, model, every solve call and
the extraction), CP-SAT's deterministic time, the number of positions proven optimal and the slowest
seeds, with the load average. With `--split`, also where the CPU of the positions over 1 s goes: CP-SAT's
one-call solves of several priorities (`optimizer.turn.stages.ONE_CALL_BUDGET`), its solves of one stage (one
priority, or the later priorities together, within `STAGE_BUDGET` or again after HiGHS), HiGHS's proofs (`optimizer.turn.prove`), and the rest
(preparation, model, extraction). `--json FILE` writes each seed's status, every priority's value and
proof, the plan's bytes (a hash) and the times, so that `compare` can show that a change keeps every
optimum (a differing value is a regression; differing bytes with the same values a tie broken
differently).

Targets: `naval` every position proven, p95 <= 0.5 s, max <= 2 s of CPU; `grants` every position
proven, p95 <= 0.3 s.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any
from unittest.mock import patch

from ortools.sat.python import cp_model

from benchmarks.figures import load_average, percentile
from models.generate import random_scenario
from models.plan import Status
from optimizer.planners.position import solve
from optimizer.turn import stages as turn_stages
from optimizer.turn.stages import ONE_CALL_BUDGET

SUITES: dict[str, dict[str, Any]] = {
    "naval": {"joint_grants": True, "max_entries": 48, "naval_turns": 12},
    "grants": {"joint_grants": True, "naval": False, "max_entries": 96},
}


SPLIT = ("one call", "one stage", "HiGHS", "rest")


@contextmanager
def split_clock() -> Iterator[dict[str, float]]:
    """CPU seconds by kind of call while inside (`SPLIT`, but "rest", which the caller works out): every
    CP-SAT solve and HiGHS proof is timed through a wrapper, the planner itself unchanged."""
    spent: dict[str, float] = defaultdict(float)
    cp_solve, prove = cp_model.CpSolver.solve, turn_stages.prove

    def timed_solve(solver: cp_model.CpSolver, *args: Any, **kwargs: Any) -> cp_model.CpSolverStatus:
        started = time.process_time()
        try:
            return cp_solve(solver, *args, **kwargs)
        finally:
            kind = "one call" if solver.parameters.max_deterministic_time == ONE_CALL_BUDGET else "one stage"
            spent[kind] += time.process_time() - started

    def timed_prove(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return prove(*args, **kwargs)
        finally:
            spent["HiGHS"] += time.process_time() - started

    with (
        patch.object(cp_model.CpSolver, "solve", timed_solve),
        patch.object(turn_stages, "prove", timed_prove),
    ):
        yield spent


def run_one(suite: str, seed: int, split: bool = False) -> dict[str, Any]:
    """One position solved: its times, status, priorities and plan hash; with `split`, where its CPU went."""
    scenario = random_scenario(seed, requirements=False, **SUITES[suite])
    clock: AbstractContextManager[dict[str, float]] = split_clock() if split else nullcontext({})
    with clock as spent:
        started = time.process_time()
        result = solve(scenario)
        cpu = time.process_time() - started
        spent["rest"] = cpu - sum(spent.values())
    plan = result.plan
    stages = [] if plan is None or plan.objective is None else plan.objective.stages
    text = "" if plan is None else plan.model_dump_json()
    return {
        "seed": seed,
        "status": result.status.value,
        "cpu": round(cpu, 4),
        "det": round(result.work.deterministic_seconds, 4),
        "stages": [[stage.priority, stage.value, stage.proven] for stage in stages],
        "plan": hashlib.sha256(text.encode()).hexdigest()[:16],
        **({"split": {kind: round(spent.get(kind, 0.0), 4) for kind in SPLIT}} if split else {}),
    }


def summary(rows: list[dict[str, Any]]) -> str:
    cpu = [row["cpu"] for row in rows]
    det = [row["det"] for row in rows]
    proven = sum(row["status"] == Status.OPTIMAL.value for row in rows)
    slowest = sorted(rows, key=lambda row: -row["cpu"])[:5]
    return "\n".join(
        [
            f"{len(rows)} positions, {proven} proven optimal",
            f"CPU s: p50 {percentile(cpu, 0.5):.3f}  p95 {percentile(cpu, 0.95):.3f}  max {max(cpu):.3f}",
            f"det s: p50 {percentile(det, 0.5):.3f}  p95 {percentile(det, 0.95):.3f}  max {max(det):.3f}",
            f"over 1 s: {sum(c > 1 for c in cpu)}; over 2 s: {sum(c > 2 for c in cpu)}",
            "slowest: "
            + ", ".join(f"{row['seed']} ({row['cpu']:.2f} s, {row['status']})" for row in slowest),
            *_split_line(rows),
            load_average(),
        ]
    )


def _split_line(rows: list[dict[str, Any]]) -> list[str]:
    """Where the CPU of the positions over 1 s went, when it was measured (`--split`)."""
    slow = [row for row in rows if row["cpu"] > 1 and "split" in row]
    if not slow:
        return []
    total = sum(row["cpu"] for row in slow)
    parts = ", ".join(f"{kind} {sum(row['split'].get(kind, 0.0) for row in slow):.1f} s" for kind in SPLIT)
    return [f"the {len(slow)} positions over 1 s: {total:.1f} s of CPU: {parts}"]


def compare(before: Path, after: Path) -> int:
    """Print every seed whose priority values or proofs differ (regressions), and count ties broken
    differently (same values, other plan bytes); exit 1 on a regression."""
    old = {row["seed"]: row for row in json.loads(before.read_text())["rows"]}
    new = {row["seed"]: row for row in json.loads(after.read_text())["rows"]}
    regressions = ties = 0
    for seed in sorted(old.keys() & new.keys()):
        a, b = old[seed], new[seed]
        values_a = [(name, value) for name, value, proven in a["stages"] if proven]
        values_b = [(name, value) for name, value, proven in b["stages"] if proven]
        both = [pair for pair in zip(a["stages"], b["stages"], strict=False) if pair[0][2] and pair[1][2]]
        if any(x[1] != y[1] for x, y in both):
            regressions += 1
            print(f"seed {seed}: proven values differ: {values_a} -> {values_b}")
        elif a["plan"] != b["plan"]:
            ties += 1
            print(f"seed {seed}: same values, other plan (a tie broken differently)")
    print(
        f"{len(old.keys() & new.keys())} seeds compared: {regressions} regressions, {ties} ties broken differently"
    )
    return 1 if regressions else 0


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    if args[:1] == ["compare"]:
        return compare(Path(args[1]), Path(args[2]))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", choices=sorted(SUITES), default="naval")
    parser.add_argument("--first", type=int, default=700_000, help="the first seed (700000)")
    parser.add_argument("--count", type=int, default=500, help="positions (500)")
    parser.add_argument("--json", type=Path, help="write every position's figures here")
    parser.add_argument("--split", action="store_true", help="where the slow positions' CPU goes")
    options = parser.parse_args(args)
    rows = []
    for seed in range(options.first, options.first + options.count):
        rows.append(run_one(options.suite, seed, options.split))
    print(f"suite {options.suite}, seeds {options.first}..{options.first + options.count - 1}")
    print(summary(rows))
    if options.json:
        options.json.write_text(json.dumps({"suite": options.suite, "rows": rows}, indent=0))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
