"""The page in a real browser (the Chromium, server and page of `conftest.py`), as a player uses it:
every bundled scenario planned by the planner of its kind, its JSON download the bytes of its command's
`--json`; the plan on screen always for the inputs shown or marked old; broken share links said so; a
what-if of each kind and a comparison, each the CLI's answer; the position form and the YAML in step.

Screenshots of each step go to `AWAW_SHOTS` when set (see `conftest.shots`).
"""

from __future__ import annotations

import json
import re
import zlib
from base64 import urlsafe_b64encode
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

import scenarios
from models.route_data import LEGS
from optimizer.cli import app as cli
from optimizer.planners import planner_for
from optimizer.web.shell import MAX_BODY

runner = CliRunner()
FRESH = """name => document.querySelector('#file-name').textContent === name
  && document.querySelector('#status').className === 'ok' && document.querySelector('#stale').hidden"""


def cli_json(*args: str) -> str:
    result = runner.invoke(cli, list(args))
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def fresh_plan(page: Any, name: str) -> None:
    """Wait until the page shows a plan for the scenario called `name` and the inputs shown."""
    page.wait_for_function(FRESH, arg=name)


def pick(page: Any, name: str) -> None:
    if page.input_value("#bundled") != name:
        page.select_option("#bundled", name)
    fresh_plan(page, name)


def downloaded(page: Any, button: str = "#download-json") -> tuple[str, str]:
    with page.expect_download() as waiting:
        page.click(button)
    download = waiting.value
    return download.suggested_filename, Path(download.path()).read_text(encoding="utf-8")


def shot(page: Any, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)


# --- every planner -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(scenarios.every()))
def test_every_bundled_scenario_plans_in_the_page_as_its_command(page: Any, shots: Path, name: str) -> None:
    """Each bundled scenario of every kind, picked in the page, is planned by the planner of its kind (the
    turn plan with its SW figures, the mobilization schedule, the engineers schedule), and the JSON the
    page downloads is the bytes its command prints with --json."""
    path = scenarios.every()[name]
    command = planner_for(yaml.safe_load(path.read_text(encoding="utf-8"))).name
    pick(page, name)
    assert page.get_attribute("#status", "data-planner") == command
    page.wait_for_selector("#verdict.checked")  # the planner's own checker finds it legal
    shot(page, shots, f"planned-{path.stem}")
    file, text = downloaded(page)
    assert file == f"{path.stem}-plan.json"
    assert text == cli_json(command, str(path), "--json")


def test_an_sw_scenario_is_planned_by_either_of_its_planners(page: Any, shots: Path) -> None:
    """Rule 25: a scenario with an `sw:` section shows the turn plan with its SW table (`awaw plan`), and
    picked as the SW deployment, the deployment and the modifiers (`awaw sw`), each as its command."""
    name = "european_axis_1942_sw.yaml"
    pick(page, name)
    assert page.is_visible("#plan table[data-title^='Submarine warfare: the next SW combats']")
    page.select_option("#planner", "sw")
    page.wait_for_function("() => document.querySelector('#status').dataset.planner === 'sw'")
    fresh_plan(page, name)
    assert page.is_visible("table[data-title='Deployment this turn (25.3)']")
    assert page.is_disabled("input[name=reserve]")  # awaw plan's controls do not apply to awaw sw
    shot(page, shots, "sw-deployment")
    _, text = downloaded(page)
    assert text == cli_json("sw", str(scenarios.every()[name]), "--json")


# --- state that never lies ---------------------------------------------------------------------------


def test_stale_plan_sequence_of_the_issue(page: Any, shots: Path) -> None:
    """Reserve `britain=20` on the Allies' grants scenario, then Japan's naval scenario picked: the reserve
    is cleared with a note, and the plan shown and downloaded is Japan's. Set again where it does not
    apply, the plan fails visibly, the old plan is marked old with its downloads off; the field cleared,
    the red box goes and the plan is fresh again."""
    allies = "allies_summer_1942_grants.yaml"
    japan = "japan_fall_1941_naval.yaml"
    pick(page, allies)
    page.fill("input[name=reserve]", "britain=20")
    page.press("input[name=reserve]", "Enter")
    fresh_plan(page, allies)
    _, text = downloaded(page)
    assert text == cli_json("plan", str(scenarios.path(allies)), "--reserve", "britain=20", "--json")
    shot(page, shots, "stale-1-allies-reserve")

    page.select_option("#bundled", japan)
    fresh_plan(page, japan)
    assert page.input_value("input[name=reserve]") == ""
    note = page.text_content("#notice")
    assert page.is_visible("#notice") and 'Reserve "britain=20"' in note and "not a planned power" in note
    assert page.is_hidden("#option-errors") and page.is_hidden("#errors")
    shot(page, shots, "stale-2-japan-reserve-cleared")
    file, text = downloaded(page)
    assert file == "japan_fall_1941_naval-plan.json"
    assert text == cli_json("plan", str(scenarios.path(japan)), "--json")
    file, sheet = downloaded(page, "#download-orders")
    assert file == "japan_fall_1941_naval-orders.html" and "Japan" in sheet

    page.fill("input[name=reserve]", "britain=20")
    assert page.is_visible("#stale") and page.is_disabled("#download-json")  # marked old as soon as typed
    assert page.is_disabled("#plan td.ask button >> nth=0")  # its lines' what-ifs too
    page.press("input[name=reserve]", "Enter")
    page.wait_for_selector("#status.bad")
    assert page.text_content("#status").startswith("No plan")
    assert "not a planned power" in page.text_content("#option-errors")
    assert page.is_visible("#stale") and "old" in (page.get_attribute("#plan", "class") or "")
    assert page.is_disabled("#download-json") and page.is_disabled("#download-orders")
    shot(page, shots, "stale-3-failed-plan-marked-old")

    page.fill("input[name=reserve]", "")
    page.press("input[name=reserve]", "Enter")
    fresh_plan(page, japan)
    assert page.is_hidden("#option-errors") and page.is_enabled("#download-json")
    shot(page, shots, "stale-4-field-cleared")


def test_an_invalid_editor_marks_the_plan_old(page: Any, shots: Path) -> None:
    name = scenarios.DEFAULT
    fresh_plan(page, name)
    page.fill(
        "#editor", page.input_value("#editor").replace("faction: european_axis", "faction: [european_axis")
    )
    page.wait_for_function("() => document.querySelector('#validity').textContent === 'invalid'")
    assert page.is_visible("#stale") and page.is_disabled("#download-json")
    assert page.is_visible("#errors")
    # The gutter marks the line and keeps its width (it grew to 45 % of the editor, cutting text off).
    line = int(page.get_attribute("#problems li[data-line]", "data-line") or 0)
    assert page.text_content("#gutter").splitlines()[line - 1] == f"{line} ⚠"
    share = page.evaluate(
        "() => document.querySelector('#gutter').getBoundingClientRect().width"
        " / document.querySelector('.editor').getBoundingClientRect().width"
    )
    assert share < 0.15
    # The form follows the text: no fields while the YAML cannot be read, and why.
    page.wait_for_selector("#form-error:not([hidden])")
    assert "the YAML cannot be read" in page.text_content("#form-error")
    assert page.eval_on_selector_all("#position-form input", "found => found.length") == 0
    shot(page, shots, "invalid-editor-plan-old")
    assert page.text_content("#status").startswith("No plan: the scenario has problems")
    page.fill("#editor", scenarios.path().read_text(encoding="utf-8"))
    page.wait_for_function("() => document.querySelector('#validity').textContent === 'valid'")
    fresh_plan(page, name)
    assert page.is_hidden("#errors")  # fixed: the problems go
    page.wait_for_selector("#position-form [aria-label='germany BRPs']")
    assert page.is_hidden("#form-error")


def _link(state: bytes) -> str:
    return "#s=" + urlsafe_b64encode(zlib.compress(state)).decode().rstrip("=")


@pytest.mark.parametrize(
    ("fragment", "says"),
    [
        (_link(b'{"yaml": "name: x", "file": "x.yaml"}')[:-12], "cut short"),
        ("#s=eJzT!not*base64", "garbled"),
        ("#s=" + "A" * (MAX_BODY * 4 // 3 + 100), "too long"),
        (_link(b" " * (MAX_BODY + 10)), "unpacks to more than"),
        (_link(b'["not", "a", "state"]'), "holds no scenario"),
    ],
    ids=["cut", "garbled", "oversized", "unpacks-too-large", "not-a-state"],
)
def test_a_broken_share_link_says_so(
    browser: Any, server: str, shots: Path, fragment: str, says: str
) -> None:
    """A share link cut short, garbled or oversized opens the default scenario and says why in a notice
    that stays after the first validation and plan (the message used to be cleared by them)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(60_000)
    opened = context.new_page()
    opened.goto(server + fragment)
    fresh_plan(opened, scenarios.DEFAULT)
    assert opened.is_visible("#notice")
    text = opened.text_content("#notice-text")
    assert text.startswith("The share link could not be opened:") and says in text
    shot(opened, shots, f"share-link-{says.split()[0]}")
    context.close()


# --- what-ifs -----------------------------------------------------------------------------------------


def _ask_and_download(page: Any) -> str:
    page.click("#ask")
    page.wait_for_selector("#whatif-status.ok")
    page.wait_for_function("() => !document.querySelector('#download-whatif').disabled")
    return downloaded(page, "#download-whatif")[1]


def test_a_whatif_of_each_kind_is_the_cli_answer(page: Any, shots: Path) -> None:
    """Beside each line: 'why not more' (`--fix` one more), 'fix' and 'forbid'; and `--why-not`, `--why`
    and `--alternatives` asked from the form: each download the bytes of `awaw plan ... --json`."""
    default = str(scenarios.path())
    fresh_plan(page, scenarios.DEFAULT)
    builds = page.locator("#plan table[data-title=Builds] tbody tr")
    line = builds.filter(has_text="army-air-5-4").filter(has_text="germany")
    assert line.locator("td").nth(4).text_content() == "2"  # two counters built in Berlin's class of sites
    line.get_by_role("button", name="why not more").click()
    page.wait_for_selector("#whatif-status.ok")
    command = "awaw plan european_axis_spring_1942.yaml --fix germany:army-air-5-4@berlin=3"
    assert command in page.text_content("#whatif-result")
    best = json.loads(cli_json("plan", default, "--json"))["objective"]["value"]  # `awaw plan`'s own
    assert f"the best plan without the fixes and forbids: {best:g}" in page.text_content("#whatif-result")
    shot(page, shots, "whatif-why-not-more")
    _, text = downloaded(page, "#download-whatif")
    assert text == cli_json("plan", default, "--fix", "germany:army-air-5-4@berlin=3", "--json")

    page.click("#clear-asked")
    builds.filter(has_text="nas-1").filter(has_text="germany").get_by_role("button", name="forbid").click()
    page.wait_for_function(
        "() => document.querySelector('#whatif-result').textContent.includes('--forbid germany:nas-1@berlin')"
    )
    page.wait_for_selector("#whatif-status.ok")
    _, text = downloaded(page, "#download-whatif")
    assert text == cli_json("plan", default, "--forbid", "germany:nas-1@berlin", "--json")

    page.click("#clear-asked")
    page.fill("#decision", "germany:infantry-3-3")
    page.click("button[data-add=why_not]")
    assert _ask_and_download(page) == cli_json("plan", default, "--why-not", "germany:infantry-3-3", "--json")
    why_not = json.loads(cli_json("plan", default, "--why-not", "germany:infantry-3-3", "--json"))
    assert why_not["why_not"][0]["reason"] in page.text_content("#whatif-result")  # `awaw plan`'s reason
    shot(page, shots, "whatif-why-not")

    page.click("#clear-asked")
    page.check("#why")
    assert _ask_and_download(page) == cli_json("plan", default, "--why", "--json")
    assert page.is_visible("#whatif-result table[data-title^='What binds']")
    shot(page, shots, "whatif-why")

    page.uncheck("#why")
    page.check("#want-alternatives")
    page.fill("#alternatives", "2")
    expected = cli_json("plan", default, "--alternatives", "2", "--tolerance", "5%", "--json")
    assert _ask_and_download(page) == expected
    assert page.is_visible("#whatif-result table[data-title^='Alternatives within 5%']")
    shot(page, shots, "whatif-alternatives")


def test_compare_my_plan_uploaded_and_edited(page: Any, shots: Path, tmp_path: Path) -> None:
    """`awaw compare` from the page: a decisions file uploaded, and the plan shown's decisions edited."""
    default = str(scenarios.path())
    mine = scenarios.path().parent / "plans" / "my_axis_spring_1942.yaml"
    fresh_plan(page, scenarios.DEFAULT)
    page.set_input_files("#decisions-upload", str(mine))
    page.wait_for_function("() => document.querySelector('#decisions').value.includes('awaw-decisions/1')")
    page.click("#compare")
    page.wait_for_function("() => !document.querySelector('#download-compare').disabled")
    _, text = downloaded(page, "#download-compare")
    assert text == cli_json("compare", default, str(mine), "--json")
    shot(page, shots, "compare-uploaded")

    page.click("#from-plan")
    page.wait_for_function("() => document.querySelector('#decisions').value.includes('army-air-5-4')")
    edited = page.input_value("#decisions").replace(
        "entry: army-air-5-4, site: berlin, counters: 2", "entry: army-air-5-4, site: berlin, counters: 3"
    )
    assert edited != page.input_value("#decisions")
    page.fill("#decisions", edited)
    assert page.is_disabled("#download-compare")  # the comparison shown is for the text before
    page.click("#compare")
    page.wait_for_function("() => !document.querySelector('#download-compare').disabled")
    written = tmp_path / "edited.yaml"
    written.write_text(edited, encoding="utf-8")
    _, text = downloaded(page, "#download-compare")
    assert text == cli_json("compare", default, str(written), "--json")
    shot(page, shots, "compare-edited")


# --- the position form ------------------------------------------------------------------------------


def test_form_and_yaml_stay_in_step(page: Any, shots: Path) -> None:
    """27.35 C: one oil counter set in the form is written into the YAML (comment kept) and re-planned
    (threshold 50 BRPs); BRPs typed in the YAML show in the form; a force pool row added in the form is a
    line of the YAML."""
    fresh_plan(page, scenarios.DEFAULT)
    shot(page, shots, "form-0-default")
    oil = page.locator("[aria-label='Oil counters']")
    oil.fill("1")
    oil.press("Tab")
    page.wait_for_function(
        "() => document.querySelector('#editor').value.includes('oil_counters: 1  # Romanian oil')"
    )
    page.wait_for_function(
        "() => document.querySelector('#plan').textContent.includes('1 of 1 counters spent; threshold 50 BRPs')"
    )
    fresh_plan(page, scenarios.DEFAULT)
    shot(page, shots, "form-1-oil-from-form")

    text = page.input_value("#editor").replace("    brps: 240  #", "    brps: 250  #", 1)
    page.fill("#editor", text)
    page.wait_for_function("() => document.querySelector(\"[aria-label='germany BRPs']\").value === '250'")
    shot(page, shots, "form-2-brps-from-yaml")

    italy = page.locator("fieldset[data-power=italy] tr.adding")
    italy.locator("[aria-label='entry id']").fill("armor-3-5-extra")
    italy.locator("[aria-label='unit']").select_option("armor")
    italy.locator("[aria-label='factors']").fill("3")
    italy.locator("[aria-label='count']").fill("1")
    italy.get_by_role("button", name="add the entry").click()
    page.wait_for_function(
        "() => document.querySelector('#editor').value.includes('- {id: armor-3-5-extra, unit: armor, factors: 3, count: 1}')"
    )
    fresh_plan(page, scenarios.DEFAULT)
    assert page.locator("fieldset[data-power=italy] input[aria-label='entry id']").nth(-2).input_value() == (
        "armor-3-5-extra"
    )
    shot(page, shots, "form-3-row-added")


# --- the route map ------------------------------------------------------------------------------------


def test_route_map_is_legible_at_the_default_zoom_with_each_leg_told_on_hover(page: Any, shots: Path) -> None:
    """Rule 40's route map in the page: SVG text (no raster), each label at least 11 px high on a 1400 px
    wide window (they were about 5 px), each leg with its state and rule to hover, the closed ones
    dashed."""
    pick(page, "allies_summer_1942_grants.yaml")
    heights = page.eval_on_selector_all(
        "figure.map svg g.node text", "labels => labels.map(l => l.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 11
    hovers = page.eval_on_selector_all(
        "figure.map svg g.leg",
        "legs => legs.map(l => [l.dataset.state, l.querySelector('title').textContent])",
    )
    assert len(hovers) == len(LEGS) and all(re.search(r"\(40\.\d", text) for _, text in hovers)
    closed = [text for state, text in hovers if state == "closed"]
    assert closed and all(", closed (40." in text for text in closed)
    assert page.eval_on_selector_all("figure.map img", "found => found.length") == 0
    page.hover("figure.map svg g.leg[data-state=closed]")
    shot(page, shots, "route-map-hover")


def test_why_not_more_of_a_grant_and_of_a_chart_action(page: Any, shots: Path) -> None:
    """A grant line's 'why not more' is `--fix FROM>TO:ROUTE=BRPS+1` (40.41: one more BRP by Murmansk);
    a continuing ship's is `--why-not` of accelerating it (27.7272 B); each the bytes of the CLI's JSON."""
    allies = "allies_summer_1942_grants.yaml"
    pick(page, allies)
    grants = page.locator("#plan table[data-title='Grants (rule 40)'] tbody tr")
    row = grants.filter(has_text="murmansk").filter(has_text="britain")
    brps = int(row.locator("td").nth(4).text_content() or 0)
    row.get_by_role("button", name="why not more").click()
    decision = f"britain>russia:murmansk={brps + 1}"
    page.wait_for_function(
        "d => document.querySelector('#whatif-result').textContent.includes(d)", arg=decision
    )
    page.wait_for_selector("#whatif-status.ok")
    _, text = downloaded(page, "#download-whatif")
    assert text == cli_json("plan", str(scenarios.path(allies)), "--fix", decision, "--json")
    shot(page, shots, "whatif-grant-more")

    japan = "japan_fall_1941_naval.yaml"
    pick(page, japan)
    assert page.eval_on_selector_all("#asked li", "found => found.length") == 0  # a new scenario: none asked
    naval = page.locator("#plan table[data-title='Naval construction this turn (27.7)'] tbody tr")
    naval.filter(has_text="yamato").get_by_role("button", name="why not more").click()
    page.wait_for_function(
        "() => document.querySelector('#whatif-result').textContent.includes('--why-not japan:tokyo/yamato:accelerate')"
    )
    page.wait_for_selector("#whatif-status.ok")
    _, text = downloaded(page, "#download-whatif")
    assert text == cli_json(
        "plan", str(scenarios.path(japan)), "--why-not", "japan:tokyo/yamato:accelerate", "--json"
    )
    shot(page, shots, "whatif-chart-more")


def test_an_sw_line_picked_in_the_form_is_the_cli_answer(page: Any, shots: Path) -> None:
    """27.9, 27.711, 27.7221 A: the what-if form's "SW build" lists the naval scenario's SW lines with the
    yards that build them; picking the Liberty ships at the Pacific box puts their CLI form in Decision,
    and three factors there fixed (half the box's rate 6, 27.7221 A) answer as `awaw plan --fix ...
    --json`, byte for byte. A line of the SW units table has its buttons too (forbid the merchant tonnage
    at Glasgow). A line's name is shown as text, never as HTML."""
    name = "britain_usa_summer_1942_naval.yaml"
    path = str(scenarios.path(name))
    pick(page, name)
    page.wait_for_selector("#sw-row:not([hidden])")
    page.select_option("#sw-line", "usa:liberty-ship@us_pacific_box")
    assert page.input_value("#decision") == "usa:liberty-ship@us_pacific_box"
    page.fill("#decision", "usa:liberty-ship@us_pacific_box=3")
    page.click("button[data-add=fix]")
    decision = "usa:liberty-ship@us_pacific_box=3"
    assert _ask_and_download(page) == cli_json("plan", path, "--fix", decision, "--json")
    assert f"awaw plan {name} --fix {decision}" in page.text_content("#whatif-result")
    shot(page, shots, "whatif-sw-line")

    page.click("#clear-asked")
    rows = page.locator("#plan table[data-title='SW units built (27.9)'] tbody tr")
    button = rows.filter(has_text="glasgow").get_by_role("button", name="forbid")
    assert button.get_attribute("data-decision") == "britain:merchant-tonnage@glasgow"
    button.click()
    page.wait_for_function(
        "() => document.querySelector('#whatif-result').textContent"
        ".includes('--forbid britain:merchant-tonnage@glasgow')"
    )
    page.wait_for_selector("#whatif-status.ok")
    _, text = downloaded(page, "#download-whatif")
    assert text == cli_json("plan", path, "--forbid", "britain:merchant-tonnage@glasgow", "--json")

    # an entity and a tag's start (a name has no '>'), shown as typed: as HTML they would not be
    marked = page.input_value("#editor").replace("id: liberty-ship", 'id: "&lt;<i liberty"', 1)
    page.fill("#editor", marked)
    page.wait_for_function(
        "() => [...document.querySelectorAll('#sw-line option')]"
        ".some((o) => o.textContent.startsWith('usa &lt;<i liberty (transport'))"
    )
    assert page.eval_on_selector_all("#sw-line i", "found => found.length") == 0


def test_a_season_line_is_forbidden_in_its_turn(page: Any, shots: Path) -> None:
    """A season plan's lines, each turn's in one table with its buttons in `awaw season`'s forms: the fall's
    panzer corps forbidden (`--forbid ...@turn2`) is the bytes of `awaw season ... --json`, and its
    objective the hand-worked 80.88 (tests/optimizer/season/test_whatif.py)."""
    name = "seasons/germany_summer_1942_season.yaml"
    pick(page, name)
    rows = page.locator("#lines table[data-title='Season lines'] tbody tr")
    fall = rows.filter(has_text="turn 2: build germany:armor-4-6")
    button = fall.get_by_role("button", name="forbid")
    decision = button.get_attribute("data-decision") or ""
    assert decision.startswith("germany:armor-4-6") and decision.endswith("@turn2")
    button.click()
    page.wait_for_function(
        "d => document.querySelector('#whatif-result').textContent.includes('--forbid ' + d)", arg=decision
    )
    page.wait_for_selector("#whatif-status.ok")
    assert "objective 80.88" in page.text_content("#whatif-status")
    shot(page, shots, "whatif-season-forbid")
    _, text = downloaded(page, "#download-whatif")
    assert text == cli_json("season", str(scenarios.every()[name]), "--forbid", decision, "--json")


def test_a_season_lines_why_not_more_asks_the_seasons_why_not(page: Any, shots: Path) -> None:
    """A season line's "why not more" asks the season's why-not of one more in its turn (`--why-not
    germany:armor-4-6@berlin=7@turn2`, the fall's six corps and one more): its answer is the bytes of
    `awaw season ... --why-not ... --json`, and its cost the hand-worked -3.04 of value (moving a corps
    from the summer, inside the 25-BRP threshold, to past the fall's 50-BRP one, 27.35 D and 27.5:
    tests/optimizer/season/test_why_not.py)."""
    name = "seasons/germany_summer_1942_season.yaml"
    pick(page, name)
    rows = page.locator("#lines table[data-title='Season lines'] tbody tr")
    fall = rows.filter(has_text="turn 2: build germany:armor-4-6")
    button = fall.get_by_role("button", name="why not more")
    decision = button.get_attribute("data-decision") or ""
    assert button.get_attribute("data-kind") == "why_not"
    assert decision == "germany:armor-4-6@berlin=7@turn2"
    button.click()
    page.wait_for_function(
        "d => document.querySelector('#whatif-result').textContent.includes('--why-not ' + d)", arg=decision
    )
    page.wait_for_selector("#whatif-status.ok")
    assert "including it costs 3.04 of value" in page.text_content("#whatif-result")
    shot(page, shots, "whatif-season-why-not-more")
    _, text = downloaded(page, "#download-whatif")
    assert text == cli_json("season", str(scenarios.every()[name]), "--why-not", decision, "--json")
    assert json.loads(text)["why_not"][0]["costs"][0]["difference"] == -3.04
