"""Start-up time of `awaw`, measured side by side with the bare import of its libraries.

    python -m benchmarks.startup [--rounds 15] [--against DIR]

Runs, in each round and in turn (interleaved, so that a busy machine slows all
of them alike): the bare `python -c "import ortools.sat.python.cp_model, networkx,
pydantic"`, `awaw --help`, `awaw schema`, `awaw legs`, `awaw sites`, and `awaw plan`
on the default scenario, the imports of `awaw plan` alone, and what a batch worker loads. Each is a whole process
(`python -m optimizer.cli ...`), timed by its CPU (user and system, read from `os.wait4`:
the figure a busy machine disturbs least) and by wall clock from start to exit. Prints
each command's median and its ratio to the bare import's median.

With `--against DIR` (another checkout of the project, e.g. `git archive main | tar -x -C DIR`)
every command runs from both trees in each round, one after the other, and the table holds
both: the before and after of a change, measured alike.

Targets: `awaw plan` within 1.25 x the bare import; `awaw --help` within 0.5 x. Every `awaw` process loads numpy
with one OpenBLAS thread (optimizer.one_blas_thread), which takes about a fifth off the bare import's CPU on
two cores; so each ratio is also given against the bare import with one thread ("x 1 BLAS"), the floor like
for like. The commands that start no other process end without Python's teardown (`optimizer.cli.quick_exit`),
which for these libraries is about a tenth of the bare import; so each ratio is also given against the bare
import with one thread ended so ("x quick"), and a target is met only when it holds against all of them.
Every solving process also loads OR-Tools' CP-SAT layer without pandas (optimizer.deferred_pandas), which
takes about a third off the bare import; the last floor ("x lean") is the bare import with one thread, ended
quick, with pandas deferred too: the strictest, always run from this tree (the tree given by `--against` may
not have the hook), and a target is judged against it as well.
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

from benchmarks.figures import load_average

ROOT = Path(__file__).resolve().parents[1]
BARE = "bare import"
# The same import with one OpenBLAS thread, as every `awaw` process now loads numpy (optimizer.one_blas_thread):
# the floor measured like for like, which the project's own code cannot go below.
BARE_ONE = "bare, 1 BLAS"
# The same import ended as the commands end, without Python's teardown.
BARE_QUICK = "bare, quick"
ONE_THREAD = "import os; os.environ['OPENBLAS_NUM_THREADS'] = '1'; import ortools.sat.python.cp_model, networkx, pydantic"
# The strictest: the quick one with OR-Tools' CP-SAT layer loaded without pandas, as every solving process
# loads it now.
BARE_LEAN = "bare, lean"
COMMANDS: dict[str, list[str]] = {
    BARE: ["-c", "import ortools.sat.python.cp_model, networkx, pydantic"],
    BARE_ONE: ["-c", ONE_THREAD],
    # The same, ended without Python's teardown as the commands are (`optimizer.cli.quick_exit`).
    BARE_QUICK: ["-c", f"{ONE_THREAD}; os._exit(0)"],
    BARE_LEAN: [
        "-c",
        f"from optimizer.deferred_pandas import defer_pandas; defer_pandas(); {ONE_THREAD}; os._exit(0)",
    ],
    # The bare import and the other libraries `awaw plan` needs (Typer, YAML, pydantic's models; not Rich,
    # whose tables it writes without Rich to a pipe): what no change to the project's own code can take off.
    "+ libraries": [
        "-c",
        "import ortools.sat.python.cp_model, networkx, pydantic, pydantic.main, typer, yaml",
    ],
    "awaw --help": ["-m", "optimizer.cli", "--help"],
    "awaw schema": ["-m", "optimizer.cli", "schema"],
    "awaw legs": ["-m", "optimizer.cli", "legs"],
    "awaw sites": ["-m", "optimizer.cli", "sites"],
    "awaw plan": ["-m", "optimizer.cli", "plan"],
    # What `awaw plan` imports, without running: the rest of its time is loading, solving and printing.
    "plan imports": [
        "-c",
        "import optimizer.cli, optimizer.cli.plan, optimizer.turn.solve, optimizer.render.tables, models.io",
    ],
    # What the fork server of `awaw batch` loads before its first worker starts.
    "batch worker": ["-c", "import optimizer.batch.worker"],
}
TARGETS = {"awaw plan": 1.25, "awaw --help": 0.5}


def run_once(args: list[str], root: Path) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one process run from `root`, from start to exit.
    Python writes its compiled modules (`__pycache__`) in the warm-up round and reads them after, as an
    installed `awaw` does, whatever PYTHONDONTWRITEBYTECODE says."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, *args], cwd=root, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise subprocess.CalledProcessError(process.returncode, args)
    return usage.ru_utime + usage.ru_stime, wall


def tree_of(name: str, root: Path) -> Path:
    """Where a command runs from: the lean floor always from this tree (another may not have the hook)."""
    return ROOT if name == BARE_LEAN else root


def measure(rounds: int, roots: dict[str, Path]) -> dict[tuple[str, str], list[tuple[float, float]]]:
    """Every command from every tree once per round, in turn; one warm-up round first (not counted)."""
    for root in roots.values():
        for name, args in COMMANDS.items():
            run_once(args, tree_of(name, root))
    times: dict[tuple[str, str], list[tuple[float, float]]] = {
        (tree, name): [] for name in COMMANDS for tree in roots
    }
    for _ in range(rounds):
        for name, args in COMMANDS.items():
            for tree, root in roots.items():
                times[tree, name].append(run_once(args, tree_of(name, root)))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=15, help="rounds of every command (default 15)")
    parser.add_argument("--against", type=Path, help="another checkout, measured interleaved with this one")
    args = parser.parse_args()
    roots = {"this": ROOT} if args.against is None else {"before": args.against.resolve(), "this": ROOT}
    print(f"start-up, median of {args.rounds} interleaved runs (whole processes); {load_average()}")
    times = measure(args.rounds, roots)
    print(f"after the runs: {load_average()}")
    print(
        f"{'tree':<7} {'command':<14} {'CPU ms':>7} {'x bare':>7} {'x 1 BLAS':>8} {'x quick':>8} {'x lean':>7} "
        f"{'wall ms':>8} {'x bare':>7}  target (CPU, against all four)"
    )
    for (tree, name), samples in times.items():
        cpu = statistics.median(s[0] for s in samples)
        wall = statistics.median(s[1] for s in samples)
        bare_cpu = statistics.median(s[0] for s in times[tree, BARE])
        one_cpu = statistics.median(s[0] for s in times[tree, BARE_ONE])
        quick_cpu = statistics.median(s[0] for s in times[tree, BARE_QUICK])
        lean_cpu = statistics.median(s[0] for s in times[tree, BARE_LEAN])
        bare_wall = statistics.median(s[1] for s in times[tree, BARE])
        target = TARGETS.get(name)
        verdict = ""
        if target is not None:
            met = all(cpu / floor <= target for floor in (bare_cpu, one_cpu, quick_cpu, lean_cpu))
            verdict = f"<= {target:.2f} x: {'met' if met else 'MISSED'}"
        print(
            f"{tree:<7} {name:<14} {cpu * 1000:>7.0f} {cpu / bare_cpu:>7.2f} {cpu / one_cpu:>8.2f} "
            f"{cpu / quick_cpu:>8.2f} {cpu / lean_cpu:>7.2f} {wall * 1000:>8.0f} {wall / bare_wall:>7.2f}  {verdict}"
        )


if __name__ == "__main__":
    main()
