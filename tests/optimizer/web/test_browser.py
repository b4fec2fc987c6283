"""The web page in a real browser (the Chromium, server and page of `conftest.py`): the default plan,
the editor's errors, upload, download, the share link and escaping."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import scenarios
from optimizer.cli import app as cli
from optimizer.web.app import MAX_BODY

TIMEOUT_MS = 60_000  # the machine may be shared: generous waits, never sleeps


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
