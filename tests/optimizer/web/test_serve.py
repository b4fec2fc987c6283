"""`awaw serve`: prints the address it serves, on 127.0.0.1 unless asked, and serves the page there."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2

ROOT = Path(__file__).resolve().parents[3]


def test_serve_prints_its_address_and_serves_the_page_on_loopback():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "optimizer.cli", "serve", "--port", str(port)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        address = f"http://127.0.0.1:{port}/"
        assert address in line
        deadline = time.monotonic() + 60
        while True:
            try:
                page = httpx2.get(address, timeout=10)
                break
            except httpx2.ConnectError:
                assert time.monotonic() < deadline, "the server did not answer within 60 s"
                time.sleep(0.1)
        assert page.status_code == 200 and "<title>awaw" in page.text
    finally:
        server.terminate()
        server.wait(timeout=30)
