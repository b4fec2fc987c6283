"""Start-up time of `awaw`, measured side by side with the bare import of its libraries.

    python -m benchmarks.startup [--rounds 15]

Runs, in each round and in turn (interleaved, so that a busy machine slows all
of them alike): the bare `python -c "import ortools.sat.python.cp_model, networkx,
pydantic"`, `awaw --help`, `awaw schema`, `awaw legs`, `awaw sites`, and `awaw plan`
on the default scenario, and the imports of `awaw plan` alone. Each is a whole process (`python -m optimizer.cli ...`),
timed by wall clock from start to exit. Prints each command's median and its ratio
to the bare import's median.

Targets: `awaw plan` within 1.25 x the bare import; `awaw --help` within 0.5 x.
`python -X importtime -m optimizer.cli ...` shows where the rest goes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BARE = "bare import"
COMMANDS: dict[str, list[str]] = {
    BARE: ["-c", "import ortools.sat.python.cp_model, networkx, pydantic"],
    "awaw --help": ["-m", "optimizer.cli", "--help"],
    "awaw schema": ["-m", "optimizer.cli", "schema"],
    "awaw legs": ["-m", "optimizer.cli", "legs"],
    "awaw sites": ["-m", "optimizer.cli", "sites"],
    "awaw plan": ["-m", "optimizer.cli", "plan"],
    # What `awaw plan` imports, without running: the rest of its time is loading, solving and printing.
    "plan imports": ["-c", "import optimizer.cli, optimizer.turn.solve, optimizer.render.tables, models.io"],
}
TARGETS = {"awaw plan": 1.25, "awaw --help": 0.5}


def run_once(args: list[str]) -> float:
    """Wall seconds of one process, from start to exit."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def measure(rounds: int) -> dict[str, list[float]]:
    """Every command once per round, in turn; one warm-up round first (not counted)."""
    for args in COMMANDS.values():
        run_once(args)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(rounds):
        for name, args in COMMANDS.items():
            times[name].append(run_once(args))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=15, help="rounds of every command (default 15)")
    rounds = parser.parse_args().rounds
    times = measure(rounds)
    bare = statistics.median(times[BARE])
    print(f"start-up, median of {rounds} interleaved runs (whole processes)")
    print(f"{'command':<14} {'median ms':>10} {'x bare':>7}  target")
    for name, samples in times.items():
        median = statistics.median(samples)
        target = TARGETS.get(name)
        verdict = ""
        if target is not None:
            verdict = f"<= {target:.2f} x: {'met' if median / bare <= target else 'MISSED'}"
        print(f"{name:<14} {median * 1000:>10.0f} {median / bare:>7.2f}  {verdict}")


if __name__ == "__main__":
    main()
