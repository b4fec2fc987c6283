"""The web page's server under load and hostile input (issue 27), each figure from a fresh `awaw serve`.

    python -m benchmarks.web_safety [--before DIR] [--clients 20] [--requests 300]

- **first plan, cold**: from starting `awaw serve` to the answer of the first `POST /api/plan` of the
  default scenario (sent as soon as the port is open);
- **warm plan**: the median (and p95) of 10 plans one after another once the server is warm, the oil
  counters alternately 1 and 2;
- **20 clients**: `--requests` plans of the default scenario sent by `--clients` clients at once; the
  p50 and p95 of every answer's latency, and how many were refused as busy (503, the designed answer);
- **GET / during ...**: the slowest of the `GET /` requests sent one after another (each with a 10 s
  timeout) while the server reads a 486-byte alias bomb, a 950 kB upload, or solves a long position
  (the tests' `long_solve_text`), and how long that request itself took;
- **time limit 3 s**: the long position planned by a server started with `--time-limit 3`, request to
  answer.

`--before DIR` runs the same against another checkout (an earlier commit, e.g. `git archive main`),
each of its figures beside this one's. The machine's load average is printed before and after: on a
shared machine the figures move with it.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2

import scenarios
from benchmarks.figures import load_average
from benchmarks.web import ROOT, _free_port, _wait_for_port
from tests.optimizer.web.positions import BOMB, long_solve_text, oversized_text

TIMEOUT = 10.0  # seconds a request of the page is given here before it counts as unanswered


def _serve(root: Path, time_limit: float = 30.0) -> tuple[subprocess.Popen[bytes], str, float]:
    port = _free_port()
    env = {"PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1", "PATH": "/usr/bin:/bin"}
    started = time.perf_counter()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "optimizer.cli",
            "serve",
            "--port",
            str(port),
            "--time-limit",
            str(time_limit),
        ],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _wait_for_port(port, started)
    return server, f"http://127.0.0.1:{port}", started


def _stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=10)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def first_and_warm(root: Path) -> dict[str, str]:
    text = scenarios.path().read_text(encoding="utf-8")
    variants = [text.replace("oil_counters: 2", "oil_counters: 1"), text]
    server, base, started = _serve(root)
    try:
        with httpx2.Client(base_url=base, timeout=120) as client:
            client.post("/api/plan", json={"yaml": text}).raise_for_status()
            cold = time.perf_counter() - started
            times = []
            for index in range(10):
                asked = time.perf_counter()
                client.post("/api/plan", json={"yaml": variants[index % 2]}).raise_for_status()
                times.append(time.perf_counter() - asked)
    finally:
        _stop(server)
    return {
        "first plan, cold": f"{cold:.2f} s",
        "warm plan": f"median {statistics.median(times) * 1000:.0f} ms, p95 {_percentile(times, 0.95) * 1000:.0f} ms",
    }


def concurrent(root: Path, clients: int, requests: int) -> dict[str, str]:
    text = scenarios.path().read_text(encoding="utf-8")
    server, base, _ = _serve(root)
    latencies: list[float] = []
    codes: list[int] = []
    lock = threading.Lock()
    try:
        with httpx2.Client(base_url=base, timeout=120) as warmup:
            warmup.post("/api/plan", json={"yaml": text}).raise_for_status()

        def client(count: int) -> None:
            with httpx2.Client(base_url=base, timeout=120) as own:
                for _ in range(count):
                    asked = time.perf_counter()
                    code = own.post("/api/plan", json={"yaml": text}).status_code
                    with lock:
                        latencies.append(time.perf_counter() - asked)
                        codes.append(code)

        shares = [requests // clients + (1 if i < requests % clients else 0) for i in range(clients)]
        threads = [threading.Thread(target=client, args=(share,)) for share in shares]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        _stop(server)
    answered = [t for t, c in zip(latencies, codes, strict=True) if c == 200]
    other = sorted({c for c in codes if c not in (200, 503)})
    return {
        f"{clients} clients, {requests} plans": (
            f"p50 {statistics.median(latencies) * 1000:.0f} ms, p95 {_percentile(latencies, 0.95) * 1000:.0f} ms; "
            f"{len(answered)} planned (p95 {_percentile(answered, 0.95) * 1000:.0f} ms), "
            f"{codes.count(503)} busy (503)" + (f", other answers {other}" if other else "")
        )
    }


def page_during(root: Path, name: str, send: Callable[[httpx2.Client], Any]) -> dict[str, str]:
    """The slowest GET / while `send` is being answered (at most 60 s of it), and that request's time."""
    server, base, _ = _serve(root)
    try:
        with httpx2.Client(base_url=base, timeout=120) as warmup:
            warmup.get("/api/scenarios").raise_for_status()  # the app loaded, as after the page's first check
            time.sleep(3)  # the workers (or the solver) loaded
        done: dict[str, float | str] = {}

        def other() -> None:
            asked = time.perf_counter()
            try:
                with httpx2.Client(base_url=base, timeout=60) as own:
                    done["status"] = str(send(own).status_code)
            except httpx2.HTTPError as error:
                done["status"] = type(error).__name__
            done["seconds"] = time.perf_counter() - asked

        thread = threading.Thread(target=other, daemon=True)
        thread.start()
        time.sleep(0.05)
        slowest = 0.0
        unanswered = 0
        gets = 0
        with httpx2.Client(base_url=base, timeout=TIMEOUT) as page:
            while thread.is_alive() and gets < 20 and unanswered < 2:
                asked = time.perf_counter()
                try:
                    page.get("/").raise_for_status()
                except httpx2.HTTPError:
                    unanswered += 1
                slowest = max(slowest, time.perf_counter() - asked)
                gets += 1
                time.sleep(0.05)
        thread.join(timeout=60)
    finally:
        _stop(server)
    seconds = done.get("seconds")
    took = f"{seconds:.2f} s ({done.get('status')})" if isinstance(seconds, float) else "no answer in 60 s"
    page_figure = f"slowest of {gets} GET / {slowest * 1000:.0f} ms" + (
        f", {unanswered} unanswered in {TIMEOUT:.0f} s" if unanswered else ""
    )
    return {f"GET / during {name}": f"{page_figure}; the {name} itself {took}"}


def time_limited(root: Path) -> dict[str, str]:
    server, base, _ = _serve(root, time_limit=3.0)
    try:
        with httpx2.Client(base_url=base, timeout=120) as client:
            client.post("/api/plan", json={"yaml": scenarios.path().read_text(encoding="utf-8")})
            asked = time.perf_counter()
            answer = client.post("/api/plan", json={"yaml": long_solve_text()})
            seconds = time.perf_counter() - asked
    finally:
        _stop(server)
    return {"long solve, time limit 3 s": f"{seconds:.2f} s, status {answer.json().get('status')}"}


def figures(root: Path, clients: int, requests: int) -> dict[str, str]:
    big = oversized_text(15_000).encode()
    out: dict[str, str] = {}
    out.update(first_and_warm(root))
    out.update(concurrent(root, clients, requests))
    out.update(page_during(root, "an alias bomb", lambda c: c.post("/api/validate", json={"yaml": BOMB})))
    out.update(
        page_during(
            root,
            "a 950 kB upload",
            lambda c: c.post("/api/upload", files={"file": ("big.yaml", big, "text/yaml")}),
        )
    )
    out.update(
        page_during(root, "a long solve", lambda c: c.post("/api/plan", json={"yaml": long_solve_text()}))
    )
    out.update(time_limited(root))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", type=Path, help="another checkout to measure alongside")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=300)
    args = parser.parse_args(argv)
    print(f"before: {load_average()}")
    roots = [ROOT] if args.before is None else [args.before.resolve(), ROOT]
    results = {root: figures(root, args.clients, args.requests) for root in roots}
    for key in results[ROOT]:
        print(f"\n{key}:")
        for root in roots:
            print(f"  {'before' if root != ROOT else 'this'}: {results[root].get(key, '-')}")
    print(f"\nafter: {load_average()}")


if __name__ == "__main__":
    main()
