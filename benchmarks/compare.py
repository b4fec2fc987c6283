"""`awaw compare` against the plain solve, on the bundled rule-27 scenarios.

    python -m benchmarks.compare [--rounds 5] [--whole-process]

In-process (the default): per scenario and round, in turn, the plain `solve(scenario)` and the whole of what
`awaw compare` does after loading: the best plan (`solve`) and the player's plan priced, checked, scored
and diffed (`optimizer.whatif.compare.compare`). The player's plan is the bundled example for the default
scenario (`scenarios/plans/my_axis_spring_1942.yaml`) and, elsewhere, the best plan's own decisions
(`decisions_of`), and with an `sw:` section also those decisions without SW units (so the SW campaigns
after the player's builds are derived, not the best plan's reused); for the default scenario also a plan
that breaks rules, priced in the guarded model.
Times are process CPU seconds (`time.process_time`, every thread of the process: CP-SAT's workers
included), the median of the rounds, so that a busy machine counts less than by wall clock.

With `--whole-process`: `python -m optimizer.cli plan SCENARIO` against `python -m optimizer.cli compare
SCENARIO PLAN`, each a whole process (start-up, loading and printing included), timed by the children's
user + system CPU seconds.

Target (issue 14): `compare` at most 2x the plain solve.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from benchmarks.figures import load_average
from models.decisions import Decisions, decisions_of, parse_decisions
from models.io import load_scenario
from models.scenario import Scenario
from optimizer.planners.position import Position, result_of, solve

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "scenarios" / "plans" / "my_axis_spring_1942.yaml"
DEFAULT = "european_axis_spring_1942.yaml"
# A default-scenario plan that breaks 27.44 (Palermo in an enemy ZoC) and 27.61 (two German naval air factors).
BREAKING = """format: awaw-decisions/1
builds:
  - {power: germany, entry: armor-4-6, site: berlin, counters: 3}
  - {power: germany, entry: army-air-5-4, site: berlin, counters: 3}
  - {power: germany, entry: nas-1, site: kiel, counters: 2}
  - {power: italy, entry: infantry-2-3, site: rome, counters: 5}
  - {power: italy, entry: armor-3-5, site: palermo, counters: 1}
"""
TARGET = 2.0


def positions() -> list[tuple[str, Scenario, Decisions]]:
    """(label, scenario, the player's decisions) for each bundled rule-27 scenario."""
    out = []
    for path in sorted((ROOT / "scenarios").glob("*.yaml")):
        try:
            scenario = load_scenario(path)
        except Exception:  # the mobilization and other planners' files are not rule-27 scenarios
            continue
        if path.name == DEFAULT:
            out.append((path.stem, scenario, parse_decisions(EXAMPLE.read_text(), str(EXAMPLE))[0]))
            out.append((f"{path.stem} (breaks rules)", scenario, parse_decisions(BREAKING, "breaking")[0]))
            continue
        best = solve(scenario)
        if best.plan is not None:
            own = decisions_of(best.plan)
            out.append((path.stem, scenario, own))
            if scenario.sw is not None and own.sw_builds:  # other SW units: their campaigns derived anew
                out.append((f"{path.stem} (no SW units)", scenario, own.model_copy(update={"sw_builds": []})))
    return out


def cpu(action: object) -> float:
    started = time.process_time()
    action()  # type: ignore[operator]
    return time.process_time() - started


def in_process(rounds: int) -> list[tuple[str, float, float]]:
    rows = []
    for label, scenario, decisions in positions():
        plain, both = [], []
        for _ in range(rounds):
            plain.append(cpu(lambda scenario=scenario: solve(scenario)))

            def whole(scenario: Scenario = scenario, decisions: Decisions = decisions) -> None:
                position = Position(scenario)
                best = result_of(scenario, position.solve())
                assert best.plan is not None
                position.compare(decisions, best.plan)

            both.append(cpu(whole))
        rows.append((label, statistics.median(plain), statistics.median(both)))
    return rows


def children_cpu(args: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, *args], cwd=ROOT, check=False, capture_output=True, env=os.environ)
    if done.returncode not in (0, 1):  # 1: the plan breaks a rule, as one of the positions does
        raise SystemExit(f"{' '.join(args)} exited {done.returncode}: {done.stderr.decode()}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def whole_process(rounds: int) -> list[tuple[str, float, float]]:
    rows: list[tuple[str, float, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        for label, _, decisions in positions():
            path = ROOT / "scenarios" / f"{label.split(' ')[0]}.yaml"
            mine = Path(folder) / f"{len(rows)}.yaml"
            mine.write_text(yaml.safe_dump(decisions.model_dump(mode="json", exclude_defaults=False)))
            plain, both = [], []
            for _ in range(rounds):
                plain.append(children_cpu(["-m", "optimizer.cli", "plan", str(path)]))
                both.append(children_cpu(["-m", "optimizer.cli", "compare", str(path), str(mine)]))
            rows.append((label, statistics.median(plain), statistics.median(both)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--whole-process", action="store_true")
    args = parser.parse_args()
    rows = whole_process(args.rounds) if args.whole_process else in_process(args.rounds)
    kind = "whole process, children's user+sys CPU s" if args.whole_process else "in process, CPU s"
    print(f"compare against the plain solve ({kind}, median of {args.rounds}; {load_average()})")
    print(f"{'scenario':<48} {'plain':>8} {'compare':>8} {'ratio':>6}")
    worst = 0.0
    for label, plain, both in rows:
        ratio = both / plain if plain > 0 else float("inf")
        worst = max(worst, ratio)
        print(f"{label:<48} {plain:8.3f} {both:8.3f} {ratio:6.2f}")
    print(f"worst ratio {worst:.2f} (target at most {TARGET:g})")


if __name__ == "__main__":
    main()
