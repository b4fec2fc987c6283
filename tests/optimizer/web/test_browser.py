"""The web page in a real browser: headless Chromium from Debian's `chromium` package, driven by
Playwright's Python API through the browser's executable path (no browser download).

Without Chromium these tests skip on a developer's machine, saying how to install it; in CI (`CI` set,
as `.ci/run` does) a missing browser fails them instead.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import scenarios
from optimizer.cli import app as cli
from optimizer.web.app import MAX_BODY
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


@pytest.fixture(scope="module")
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


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """`awaw serve`'s app (the page shell in front of the Starlette app) on a free port of 127.0.0.1,
    in a thread of this process."""
    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    running = uvicorn.Server(uvicorn.Config(front(30.0), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start within 30 s"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    running.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(accept_downloads=True, viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(TIMEOUT_MS)
    opened = context.new_page()
    opened.goto(server)
    yield opened
    context.close()


def planned(page: Any) -> None:
    """Wait until the page shows a plan (the status line after a solve)."""
    page.wait_for_selector("#status.ok")


def table_rows(page: Any, title: str) -> list[list[str]]:
    return page.eval_on_selector(
        f'table[data-title="{title}"] tbody',
        "body => [...body.rows].map(row => [...row.cells].map(cell => cell.textContent))",
    )


def cli_plan(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["plan", *args, "--json"])
    assert result.exit_code == 0, result.stdout
    return json.loads(result.stdout)


def test_default_scenario_planned_and_builds_read(page: Any, tmp_path: Path) -> None:
    """The page plans the default scenario on opening; its Builds table lists the CLI's build lines."""
    planned(page)
    assert page.text_content("#status") == "Planned: status optimal, objective " + str(
        cli_plan()["objective"]["value"]
    )
    rows = table_rows(page, "Builds")
    expected = [
        [b["power"], b["unit"], b["entry"], str(b["counters"]), str(b["factors"]), str(b["brps"])]
        for b in cli_plan()["builds"]
    ]
    assert [[r[0], r[1], r[2], r[4], r[5], r[6]] for r in rows] == expected
    assert page.is_visible("figure.map svg")
    page.wait_for_selector("#verdict.checked")  # the independent checker's verdict follows the plan
    page.screenshot(path=str(tmp_path / "default-plan.png"), full_page=True)
    assert (tmp_path / "default-plan.png").stat().st_size > 10_000


def test_oil_counters_changed_in_the_editor_change_the_plan(page: Any) -> None:
    """27.35 C: one oil counter spent buys a threshold of 25 × 2 = 50 BRPs (two: 75)."""
    planned(page)
    assert "2 of 2 counters spent; threshold 75 BRPs" in page.text_content("#plan")
    before = table_rows(page, "Builds")
    text = page.input_value("#editor").replace("oil_counters: 2", "oil_counters: 1")
    page.fill("#editor", text)
    page.wait_for_function(
        "() => document.querySelector('#plan').textContent.includes('1 of 1 counters spent; threshold 50 BRPs')"
    )
    planned(page)
    assert table_rows(page, "Builds") != before


def test_typo_shows_its_error_at_its_line(page: Any) -> None:
    planned(page)
    text = page.input_value("#editor")
    line = text.splitlines().index("faction: european_axis") + 1
    page.fill("#editor", text.replace("faction: european_axis", "faction: european_axis: russia"))
    marker = page.wait_for_selector(f'#problems li[data-line="{line}"]')
    assert marker.text_content().startswith(f"line {line}: ")
    assert "YAML syntax error" in marker.text_content()
    gutter = page.text_content("#gutter").splitlines()
    assert gutter[line - 1].startswith(f"{line} ⚠")
    assert page.text_content("#error-text").startswith(f"european_axis_spring_1942.yaml:{line}: ")
    assert page.text_content("#validity") == "invalid"


def test_upload_plan_download_json_and_check_it(page: Any, tmp_path: Path) -> None:
    """An uploaded scenario is planned; the downloaded plan JSON passes `awaw check`."""
    planned(page)
    source = scenarios.path("russia_summer_1942.yaml")
    upload = tmp_path / "mine.yaml"
    upload.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    page.set_input_files("#upload", str(upload))
    page.wait_for_function("() => document.querySelector('#file-name').textContent === 'mine.yaml'")
    page.wait_for_function("() => document.querySelector('#plan').textContent.includes('russia')")
    planned(page)
    with page.expect_download() as waiting:
        page.click("#download-json")
    download = waiting.value
    assert download.suggested_filename == "mine-plan.json"
    saved = tmp_path / "plan.json"
    download.save_as(str(saved))
    assert json.loads(saved.read_text())["scenario"] == cli_plan(str(source))["scenario"]
    checked = CliRunner().invoke(cli, ["check", str(upload), str(saved)])
    assert checked.exit_code == 0, checked.stdout
    assert "the plan is legal" in checked.stdout
    with page.expect_download() as waiting:
        page.click("#download-orders")
    orders = tmp_path / "orders.html"
    waiting.value.save_as(str(orders))
    assert "<caption>Builds</caption>" in orders.read_text(encoding="utf-8")


def test_share_link_in_a_fresh_page_gives_the_same_plan(page: Any, browser: Any) -> None:
    planned(page)
    page.fill("input[name=reserve]", "italy=10")
    page.click("#plan-button")
    page.wait_for_function("() => document.querySelector('#plan').textContent.includes('Status')")
    planned(page)
    tables = page.inner_html("#plan .tables")
    page.click("#share")
    # the link is written once the state is compressed, which the page does asynchronously
    page.wait_for_function("() => document.querySelector('#share-link').value.includes('#s=')")
    link = page.input_value("#share-link")
    assert re.search(r"#s=[A-Za-z0-9_-]+$", link)
    fresh = browser.new_context()
    fresh.set_default_timeout(TIMEOUT_MS)
    other = fresh.new_page()
    other.goto(link)
    planned(other)
    assert other.input_value("input[name=reserve]") == "italy=10"
    assert other.input_value("#editor") == page.input_value("#editor")
    assert other.inner_html("#plan .tables") == tables
    fresh.close()


def test_script_in_a_scenario_name_shows_as_text(page: Any) -> None:
    dialogs: list[str] = []

    def record(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", record)
    planned(page)
    name = "<script>alert(1)</script>"
    text = page.input_value("#editor").replace("name: European Axis, Spring 1942", f"name: {name}")
    page.fill("#editor", text)
    page.wait_for_function("name => document.querySelector('#plan').textContent.includes(name)", arg=name)
    assert page.eval_on_selector_all("#plan script", "found => found.length") == 0
    assert dialogs == []


def test_oversized_upload_is_refused_with_a_message(page: Any, tmp_path: Path) -> None:
    planned(page)
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_BODY + 1))
    page.set_input_files("#upload", str(big))
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('over 1 MB')")
    assert page.text_content("#status").startswith("big.yaml: request refused")
