"""The browser tests' Chromium, server and page (`test_browser*.py`): headless Chromium from Debian's
`chromium` package, driven by Playwright's Python API through the browser's executable path (no browser
download), against `awaw serve`'s app in a thread of the test process.

Without Chromium the browser tests skip on a developer's machine, saying how to install it; in CI (`CI`
set, as `.ci/run` does) a missing browser fails them instead.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from optimizer.web.serve import front

INSTALL = (
    "install it with `apt-get install chromium` (Debian's package; Playwright downloads no browser here)"
)
TIMEOUT_MS = 60_000  # the machine may be shared: generous waits, never sleeps


def chromium_path() -> str | None:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    executable = chromium_path()
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is missing in CI: {INSTALL}")
        pytest.skip(f"Chromium is not installed: {INSTALL}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield launched
        launched.close()


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """`app` served by uvicorn on a free port of 127.0.0.1, in a thread of this process: its address."""
    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    running = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start within 30 s"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    running.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """`awaw serve`'s app (the page shell in front of the Starlette app), `serving`."""
    with serving(front(30.0)) as address:
        yield address


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(accept_downloads=True, viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(TIMEOUT_MS)
    opened = context.new_page()
    opened.goto(server)
    yield opened
    context.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where the browser tests write their screenshots: `AWAW_SHOTS` when set (a folder outside the
    repository, to look at them), else the test's temporary folder."""
    folder = Path(os.environ["AWAW_SHOTS"]) if os.environ.get("AWAW_SHOTS") else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder
