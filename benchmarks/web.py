"""Speed of the web page (`awaw serve`) on the default scenario, against the issue's targets.

    python -m benchmarks.web [--rounds 5]

Two figures, each a median over the rounds:

- **first paint**: from starting the `awaw serve` process to the browser's first contentful paint of
  the page (headless Chromium from Debian's `chromium` package, driven by Playwright, started before
  the server and not counted); also when the page was served and when the plan showed, and the whole
  `awaw --help` process in the same rounds for reference (the bare start of Python and Typer on this
  machine at that moment). Target: first paint within 1 s of the server's start. Without Chromium only
  the time to the page served is shown.
- **re-plan**: a changed scenario (the oil counters, alternately 1 and 2) planned by the running server,
  timed from request to answer on 127.0.0.1: solve, check, tables and route map, as the page asks for
  them; against the CLI's solve time of the same scenario (`awaw plan --timing`'s build + solve) and
  against the whole `awaw plan` process. Target: within 1.5 x the CLI's solve time.

The machine's load average is printed beside the figures: on a shared machine they move with it.
`--before DIR` also times the first paint of another checkout of the project (an earlier commit, say),
its rounds interleaved with this one's, so that both see the same load.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2

import scenarios
from benchmarks.figures import load_average

ROOT = Path(__file__).resolve().parents[1]
PAINT_TARGET = 1.0
REPLAN_TARGET = 1.5


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for_port(port: int, started: float, limit: float = 60.0) -> float:
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.05):
                return time.perf_counter() - started
        except OSError:
            if time.perf_counter() - started > limit:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.005)


def _serve(port: int, root: Path = ROOT) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.Popen(
        [sys.executable, "-m", "optimizer.cli", "serve", "--port", str(port)],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def help_seconds() -> float:
    """A reference on the same machine at the same moment: the whole `awaw --help` process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "optimizer.cli", "--help"], cwd=ROOT, env=env, capture_output=True, check=True
    )
    return time.perf_counter() - started


def first_paint(browser: Any | None, root: Path = ROOT) -> dict[str, float]:
    """Seconds from the server's start to: the port open, the page served, first paint, plan shown."""
    port = _free_port()
    page = None
    if browser is not None:  # a browser already open, as a player's is: its tab exists before the server
        page = browser.new_page()
        page.goto("about:blank")
    started = time.perf_counter()
    server = _serve(port, root)
    try:
        out = {"port open": _wait_for_port(port, started)}
        url = f"http://127.0.0.1:{port}/"
        if page is None:
            httpx2.get(url, timeout=60)
            out["page served"] = time.perf_counter() - started
            return out
        before = time.perf_counter() - started
        page.goto(url, wait_until="commit", timeout=60_000)
        out["page served"] = time.perf_counter() - started
        paint = page.evaluate(
            """() => new Promise(resolve => {
                const seen = () => performance.getEntriesByName('first-contentful-paint')[0];
                const check = () => seen() ? resolve(seen().startTime) : setTimeout(check, 5);
                check();
            })"""
        )
        out["first paint"] = before + paint / 1000
        out["(navigation to first paint)"] = paint / 1000
        page.wait_for_selector("#status.ok", timeout=120_000)
        out["plan shown"] = time.perf_counter() - started
        page.close()
        return out
    finally:
        server.terminate()
        server.wait(timeout=30)


def cli_solve_seconds(scenario_file: Path) -> tuple[float, float]:
    """`awaw plan --timing`: its build + solve seconds, and the whole process's wall seconds."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "optimizer.cli", "plan", str(scenario_file), "--timing"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - started
    match = re.search(r"build ([\d.]+) ms, solve ([\d.]+) ms", done.stderr)
    assert match is not None, done.stderr
    return (float(match.group(1)) + float(match.group(2))) / 1000, wall


def replans(rounds: int, scenario_dir: Path) -> tuple[list[float], list[float], list[float]]:
    """Server re-plans, the CLI's solve times and its process times, interleaved round by round."""
    text = scenarios.path().read_text(encoding="utf-8")
    variants = [text.replace("oil_counters: 2", "oil_counters: 1"), text]
    files = []
    for index, variant in enumerate(variants):
        path = scenario_dir / f"variant{index}.yaml"
        path.write_text(variant, encoding="utf-8")
        files.append(path)
    port = _free_port()
    server = _serve(port)
    server_times: list[float] = []
    cli_times: list[float] = []
    cli_walls: list[float] = []
    try:
        _wait_for_port(port, time.perf_counter())
        with httpx2.Client(base_url=f"http://127.0.0.1:{port}", timeout=120) as client:
            client.post("/api/plan", json={"yaml": text}).raise_for_status()  # warm: imports, first map
            for index in range(rounds * 2):
                variant = variants[index % 2]
                started = time.perf_counter()
                answer = client.post("/api/plan", json={"yaml": variant})
                server_times.append(time.perf_counter() - started)
                answer.raise_for_status()
                solve, wall = cli_solve_seconds(files[index % 2])
                cli_times.append(solve)
                cli_walls.append(wall)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return server_times, cli_times, cli_walls


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--before", type=Path, help="another checkout whose first paint to time alongside")
    args = parser.parse_args(argv)
    roots = [ROOT] if args.before is None else [args.before.resolve(), ROOT]
    print(f"before: {load_average()}")

    chromium = shutil.which("chromium") or (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
    )
    paints: dict[Path, dict[str, list[float]]] = {root: {} for root in roots}

    def rounds(browser: Any | None) -> None:
        for _ in range(args.rounds):
            for root in roots:
                for key, seconds in first_paint(browser, root).items():
                    paints[root].setdefault(key, []).append(seconds)
            paints[ROOT].setdefault("awaw --help, for reference", []).append(help_seconds())

    if chromium is None:
        print("Chromium not found (apt-get install chromium): first paint not measured, only the page served")
        rounds(None)
    else:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            rounds(browser)
            browser.close()
    for root in roots:
        print(f"\nFrom `awaw serve` started, {root} (median of", args.rounds, "rounds):")
        for key, values in paints[root].items():
            median = statistics.median(values)
            note = ""
            if key == "first paint":
                note = f"  target {PAINT_TARGET:.1f} s: {'met' if median <= PAINT_TARGET else 'NOT met'}"
            print(f"  {key:28s} {median:6.2f} s  (min {min(values):.2f}, max {max(values):.2f}){note}")

    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        server_times, cli_times, cli_walls = replans(args.rounds, Path(scratch))
    served, solved, whole = (statistics.median(v) for v in (server_times, cli_times, cli_walls))
    ratio = served / solved
    print(f"\nRe-plan after a change (oil counters), median of {len(server_times)}:")
    print(f"  server, request to answer    {served * 1000:7.0f} ms (min {min(server_times) * 1000:.0f})")
    print(f"  CLI build + solve (--timing) {solved * 1000:7.0f} ms (min {min(cli_times) * 1000:.0f})")
    print(f"  CLI whole `awaw plan`        {whole * 1000:7.0f} ms (min {min(cli_walls) * 1000:.0f})")
    print(
        f"  server / CLI solve {ratio:.2f} x: target {REPLAN_TARGET} x "
        f"{'met' if ratio <= REPLAN_TARGET else 'NOT met'}; server / whole CLI {served / whole:.2f} x"
    )
    print(f"after: {load_average()}")


if __name__ == "__main__":
    main()
