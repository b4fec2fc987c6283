"""The page under hostile input and a long solve, in headless Chromium (Debian's `chromium`, driven by
Playwright as in `test_browser.py`; skipped without it on a developer's machine, failed in CI): the page
answered while an alias bomb is refused and while a 950 kB upload is read, and a long solve's progress
shown ("Planning… 3 s, best 301.6, bound 304.9") and cancelled from the page, on the server.

Each test notes how long `GET /` took from the page (printed: figures belong in benchmarks/, the tests
hold the order of events, not their times)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from optimizer.web.serve import front
from tests.optimizer.web.conftest import serving
from tests.optimizer.web.positions import BOMB, BOMB_LINE, long_solve_text, oversized_text
from tests.optimizer.web.test_browser import TIMEOUT_MS, planned

# From the page: a GET / sent while `path` is asked for with `body`; both answers, and how long the page
# took (milliseconds).
PAGE_DURING = """async ([path, body]) => {
  const other = fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body });
  const started = performance.now();
  const page = await fetch("/");
  const ms = performance.now() - started;
  const text = await page.text();
  return { ms, status: page.status, page: text.includes("<title>awaw"), other: await (await other).json() };
}"""


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, Any]]:
    """`awaw serve`'s app on a free port of 127.0.0.1 in a thread of this process, with its front (to look
    at the jobs the server runs)."""
    app: Any = front(30.0)
    with serving(app) as address:
        yield address, app.app.app  # SameSite(BodyLimit(Front)): the Front


@pytest.fixture
def page(browser: Any, served: tuple[str, Any]) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(TIMEOUT_MS)
    opened = context.new_page()
    opened.goto(served[0])
    yield opened
    context.close()


def jobs(served: tuple[str, Any]) -> list[Any]:
    """The jobs the server holds now (its Starlette app is loaded by the page's first request)."""
    return list(served[1].app.state.jobs.jobs.values())


def test_the_page_answers_while_an_alias_bomb_is_refused(page: Any, tmp_path: Path) -> None:
    planned(page)
    seen = page.evaluate(
        PAGE_DURING, ["/api/validate", f'{{"yaml": {BOMB!r}, "file": "bomb.yaml"}}'.replace("'", '"')]
    )
    print(f"GET / during an alias bomb: {seen['ms']:.0f} ms")
    assert seen["status"] == 200 and seen["page"]
    assert seen["other"]["ok"] is False and seen["other"]["problems"][0]["line"] == BOMB_LINE
    # In the editor: the refusal at its line, as for any mistake.
    page.fill("#editor", BOMB)
    marker = page.wait_for_selector(f'#problems li[data-line="{BOMB_LINE}"]')
    assert "YAML aliases repeat more than 100,000 values (an alias bomb?)" in marker.text_content()
    assert page.text_content("#validity") == "invalid"
    page.screenshot(path=str(tmp_path / "bomb.png"), full_page=True)


def test_the_page_answers_while_a_large_upload_is_read(
    page: Any, served: tuple[str, Any], tmp_path: Path, browser: Any
) -> None:
    planned(page)
    big = tmp_path / "big.yaml"
    big.write_text(oversized_text(15_000), encoding="utf-8")
    page.set_input_files("#upload", str(big))
    deadline = time.monotonic() + 60
    while not any(j.task == "upload" and j.state == "running" for j in jobs(served)):
        assert time.monotonic() < deadline, "the upload was never read"
        time.sleep(0.005)
    other = browser.new_page()
    started = time.perf_counter()
    answer = other.goto(served[0])
    seconds = time.perf_counter() - started
    reading = any(j.task == "upload" and j.state == "running" for j in jobs(served))
    print(f"GET / during a 950 kB upload: {seconds * 1000:.0f} ms (upload still being read: {reading})")
    assert answer is not None and answer.status == 200
    assert reading, "the page was answered only once the upload had been read"
    other.close()
    page.wait_for_function(
        "() => document.querySelector('#error-text').textContent.includes('values: more than the 5,000')"
    )
    assert page.text_content("#error-text") == (
        "big.yaml: 75,122 values: more than the 5,000 the web page plans (plan it with the command line)"
    )


def test_a_long_solve_shows_its_progress_and_is_cancelled_on_the_server(
    page: Any, served: tuple[str, Any], tmp_path: Path
) -> None:
    planned(page)
    page.fill("#editor", long_solve_text())
    page.wait_for_function(
        "() => /, best [0-9.]+, bound [0-9.]+$/.test(document.querySelector('#status').textContent)"
    )
    shown = page.text_content("#status")
    assert re.fullmatch(r"Planning… \d+ s, best [0-9.]+, bound [0-9.]+", shown), shown
    best, bound = (float(x) for x in re.findall(r"(?:best|bound) ([0-9.]+)", shown))
    assert best <= bound
    assert page.is_visible("#cancel-plan")
    page.screenshot(path=str(tmp_path / "progress.png"), full_page=True)
    seen = page.evaluate(PAGE_DURING, ["/api/validate", '{"yaml": "name: x"}'])
    print(f"GET / during a long solve: {seen['ms']:.0f} ms")
    assert seen["status"] == 200
    running = [j for j in jobs(served) if j.task == "plan" and j.state == "running"]
    assert len(running) == 1, "the solve ended before it could be cancelled"
    page.click("#cancel-plan")
    page.wait_for_function(
        "() => document.querySelector('#status').textContent.startsWith('No plan: cancelled after ')"
    )
    assert not page.is_visible("#cancel-plan")
    assert running[0].state == "done" and running[0].status == 409
    assert not any(j.task == "plan" and j.state == "running" for j in jobs(served))
    page.screenshot(path=str(tmp_path / "cancelled.png"), full_page=True)
    # The slot is free: the next plan is solved at once, not refused as busy.
    page.click("#plan-button")
    page.wait_for_function(
        "() => /^Planning… \\d+ s, best /.test(document.querySelector('#status').textContent)"
    )
    page.click("#cancel-plan")
    page.wait_for_function(
        "() => document.querySelector('#status').textContent.startsWith('No plan: cancelled after ')"
    )
