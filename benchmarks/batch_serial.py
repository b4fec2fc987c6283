"""The serial work of `awaw batch`, in CPU seconds: what keeps its workers waiting (never asserted in tests).

    python -m benchmarks.batch_serial [--positions 200] [--rounds 3]

Runs `awaw batch --workers 1` and `--workers 2` in turn, `--rounds` times each, on the generated one-turn
positions of benchmarks/batch.py (the "builds" suite: `random_scenario(seed, requirements=False,
naval=False)`, seeds from 0), each a whole process (`python -m optimizer.cli batch FILE --out OUT`) whose
pool is watched from inside (the same code, with its pipes timed):

- the batch's own process: its CPU seconds before the first position is sent to a worker, its CPU seconds
  per position after that (reading, pickling, receiving, writing, the progress bar), and its CPU in all;
- the workers: seconds from the batch's start until each worker has its first position, and each worker's
  idle seconds between positions (waiting on its pipe for the next position after sending a result),
  beside its busy seconds;
- wall seconds of each run, and the ratio of the `--workers 1` and `--workers 2` medians, with the load
  average before and after each run: on a machine whose two cores are shared, CPU seconds are the figures
  to compare, the wall ratio only where the load leaves two cores free.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


class _TimedConnection:
    """A worker's or the batch's end of a pipe, with the time it spends waiting in `recv` summed."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.waited = 0.0
        self.received = 0
        self.first_item: float | None = None  # wall clock of the first `recv`'s return
        self.first_send: tuple[float, float] | None = None  # (CPU, wall) of the first `send`

    def recv(self) -> Any:
        started = time.perf_counter()
        item = self.connection.recv()
        if self.received:  # the wait for the first position is the start-up's, counted apart
            self.waited += time.perf_counter() - started
        else:
            self.first_item = time.time()
        self.received += 1
        return item

    def send(self, item: Any) -> None:
        if self.first_send is None:
            self.first_send = (time.process_time(), time.time())
        self.connection.send(item)

    def poll(self, timeout: float = 0.0) -> bool:
        return bool(self.connection.poll(timeout))

    def fileno(self) -> int:
        return int(self.connection.fileno())

    def close(self) -> None:
        self.connection.close()


def serve_timed(connection: Any, task: Any, report: str) -> None:
    """`optimizer.batch.local._serve` on a timed pipe; at its end, one line of figures in `report`."""
    from optimizer.batch.local import _serve

    timed = _TimedConnection(connection)
    _serve(timed, task)  # type: ignore[arg-type]
    ended = time.time()
    first = timed.first_item if timed.first_item is not None else ended
    line = {
        "pid": os.getpid(),
        "first_item": first,
        "idle": timed.waited,
        "busy": ended - first - timed.waited,
    }
    with open(report, "a", encoding="utf-8") as file:
        file.write(json.dumps(line) + "\n")


def child(report: str, args: list[str], started_wall: float) -> None:
    """`awaw ARGS` (a batch, its process started at `started_wall`) with its pool's pipes timed; figures
    appended to `report` at its end."""
    from optimizer.batch import local

    sends: list[_TimedConnection] = []
    original_start = local.LocalPool._start

    def start(self: Any) -> Any:
        real_process = self.context.Process

        def process(target: Any, args: tuple[Any, ...], daemon: bool) -> Any:
            return real_process(target=serve_timed, args=(*args, report), daemon=daemon)

        self.context.Process = process
        try:
            worker = original_start(self)
        finally:
            self.context.Process = real_process
        timed = _TimedConnection(worker.connection)
        worker.connection = timed  # type: ignore[assignment]  # the same calls the pool makes, timed
        sends.append(timed)
        return worker

    local.LocalPool._start = start  # type: ignore[method-assign]
    sys.argv = ["awaw", *args]
    from optimizer.cli import main

    with contextlib.suppress(SystemExit):
        main()
    firsts = [c.first_send for c in sends if c.first_send is not None]
    first_cpu, first_wall = min(firsts) if firsts else (time.process_time(), time.time())
    line = {
        "batch": True,
        "start": started_wall,
        "cpu_before_first": first_cpu,
        "wall_before_first": first_wall - started_wall,
        "cpu": time.process_time(),
        "wall": time.time() - started_wall,
    }
    with open(report, "a", encoding="utf-8") as file:
        file.write(json.dumps(line) + "\n")


def run(root: Path, positions: Path, out: Path, workers: int, report: Path) -> dict[str, Any]:
    """One batch process from `root`, watched; its figures."""
    report.unlink(missing_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(root)
    code = (
        "import sys; from benchmarks.batch_serial import child; "
        f"child({str(report)!r}, ['batch', {str(positions)!r}, '--out', {str(out)!r}, '--workers', '{workers}'], "
        f"{time.time()!r})"
    )
    subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, check=True, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    lines = [json.loads(line) for line in report.read_text().splitlines()]
    batch = next(line for line in lines if line.get("batch"))
    workers_seen = [line for line in lines if not line.get("batch")]
    return {
        "cpu_before_first": batch["cpu_before_first"],
        "wall_before_first": batch["wall_before_first"],
        "cpu": batch["cpu"],
        "wall": batch["wall"],
        "first_position": [w["first_item"] - batch["start"] for w in workers_seen],
        "idle": [w["idle"] for w in workers_seen],
        "busy": [w["busy"] for w in workers_seen],
    }


def main() -> None:
    from benchmarks.batch import position
    from benchmarks.figures import load_average

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="generated positions (default 200)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each of --workers 1 and 2 (default 3)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose awaw batch runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        positions = where / "positions.jsonl"
        positions.write_text("".join(json.dumps(position(i)) + "\n" for i in range(args.positions)))
        runs: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
        print(f"awaw batch on {args.positions} positions, {args.root}; {load_average()}")
        for _ in range(args.rounds):
            for workers in (1, 2):
                before = os.getloadavg()[0]
                figures = run(args.root, positions, where / f"out{workers}.jsonl", workers, where / "report")
                figures["load"] = (before, os.getloadavg()[0])
                runs[workers].append(figures)
                n = args.positions
                print(
                    f"--workers {workers}: wall {figures['wall']:.2f} s; batch CPU {figures['cpu']:.3f} s, "
                    f"{figures['cpu_before_first']:.3f} s of it (and {figures['wall_before_first']:.2f} s of wall) "
                    f"before the first position is sent, "
                    f"{1000 * (figures['cpu'] - figures['cpu_before_first']) / n:.2f} ms per position after; "
                    f"each worker's first position at "
                    f"{', '.join(f'{s:.2f}' for s in figures['first_position'])} s, idle "
                    f"{', '.join(f'{s:.2f}' for s in figures['idle'])} s, busy "
                    f"{', '.join(f'{s:.2f}' for s in figures['busy'])} s; "
                    f"load {figures['load'][0]:.2f} -> {figures['load'][1]:.2f}"
                )
        one = statistics.median(f["wall"] for f in runs[1])
        two = statistics.median(f["wall"] for f in runs[2])
        print(
            f"median wall: --workers 1 {one:.2f} s, --workers 2 {two:.2f} s: ratio {one / two:.2f} "
            f"(target >= 1.7); {load_average()}"
        )


if __name__ == "__main__":
    main()
