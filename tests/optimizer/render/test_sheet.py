"""`awaw plan --sheet` (and `--format html`, the web page's order sheet): one printable page of the orders,
its figures checked against the rules on the default scenario; user text escaped; the same bytes every run."""

from __future__ import annotations

import re

from typer.testing import CliRunner

import scenarios
from models.io import load_scenario
from models.tables import UNIT_SPECS, Category, Power
from optimizer.cli import app
from optimizer.planners.position import solve
from optimizer.render.blocks import TableBlock, TextBlock, blocks
from optimizer.render.sheet import inversion_lines, sheet, sheet_html


def default_sheet():
    scenario = load_scenario(scenarios.path())
    result = solve(scenario)
    assert result.plan is not None
    return scenario, result.plan, blocks(sheet(scenario, result.plan))


def table(found, title: str) -> list[dict[str, str]]:
    (block,) = [b for b in found if isinstance(b, TableBlock) and b.title == title]
    return [dict(zip(block.columns, row, strict=True)) for row in block.rows]


def brps(cell: str) -> int:
    return int(cell.split()[0])


def test_default_sheet_builds_and_pay_follow_the_rules():
    """27.12: armor costs 2 BRPs a factor; 27.35 D: a factor past the oil threshold pays twice. Germany's
    three armor-4-6 (12 factors, 4 past the threshold) cost 12 x 2 + 4 x 2 = 32 BRPs. 27.11: what a power
    pays is the sum of its lines (no naval construction in this position), and it keeps the rest of what
    it has: the Pay rows add up, and each equals the plan's accounting."""
    scenario, plan, found = default_sheet()
    rows = table(found, "Builds")
    armor = next(r for r in rows if r["power"] == "germany" and r["entry"] == "armor-4-6")
    assert (armor["counters"], armor["factors"]) == ("3", "12")
    assert armor["BRPs"] == f"{12 * 2 + 4 * 2} (4 past oil)"
    assert armor["site"].startswith("berlin (or ") and "kiel" in armor["site"]
    pay = {r["power"]: r for r in table(found, "Pay")}
    assert set(pay) == {"germany", "italy"}
    for power, row in pay.items():
        lines = sum(brps(r["BRPs"]) for r in rows if r["power"] == power)
        assert int(row["pay"]) == lines == plan.powers[Power(power)].construction_brps
        assert int(row["available"]) - int(row["pay"]) == int(row["keep"])
        used, limit = (int(x) for x in row["limit used"].split(" / "))
        assert used <= limit  # 27.31


def test_default_sheet_oil_and_inversion_lines():
    """27.35 B: two oil counters spent give a threshold of 25 x (2 + 1) = 75 BRPs. 27.81: every new air and
    naval air unit is inverted; 27.82 A says how it is uninverted: one line for that rule, naming each of
    them, and no other inversion line (no ship launched, no SW unit)."""
    _, plan, found = default_sheet()
    texts = [b.text for b in found if isinstance(b, TextBlock)]
    (oil,) = [t for t in texts if t.startswith("Oil (27.35)")]
    assert "spends 2 of 2 counters" in oil and "threshold of 75" in oil
    inversion = [t for t in texts if t.startswith("Inversion")]
    assert len(inversion) == 1 and inversion[0].startswith("Inversion 27.81, 27.82 A: inverted;")
    air = [b for b in plan.builds if UNIT_SPECS[b.unit].category in (Category.AIR, Category.NAVAL_AIR)]
    assert len(air) == 4
    for b in air:
        assert f"{b.power.value} {b.entry} ({b.unit.value})" in inversion[0]
    assert not any(b.title.startswith("Chart moves") for b in found if isinstance(b, TableBlock))


def test_inversion_notes_collapse_to_one_line_per_rule():
    notes = [
        "germany a (army_air): inverted (27.81); may be uninverted with oil at the end of the turn (27.82 A)",
        "japan z (carrier): launched inverted (27.81); may be uninverted unless naval-redeployed (27.82 B)",
        "italy b (naval_air): inverted (27.81); may be uninverted with oil at the end of the turn (27.82 A)",
    ]
    assert inversion_lines(notes) == [
        "27.81, 27.82 A: inverted; may be uninverted with oil at the end of the turn — germany a (army_air), "
        "italy b (naval_air)",
        "27.81, 27.82 B: launched inverted; may be uninverted unless naval-redeployed — japan z (carrier)",
    ]


def test_naval_sheet_has_this_turns_chart_moves_only():
    """27.7: the sheet lists this turn's chart actions (turn 0), not the horizon's later ones."""
    scenario = load_scenario(scenarios.path("japan_fall_1941_naval.yaml"))
    result = solve(scenario)
    assert result.plan is not None
    found = blocks(sheet(scenario, result.plan))
    moves = table(found, "Chart moves (27.7)")
    this_turn = [a for a in result.plan.naval_actions if a.turn == 0]
    assert [(r["ship"], r["action"]) for r in moves] == [(a.ship, a.action) for a in this_turn]
    assert len(this_turn) < len(result.plan.naval_actions)


def test_grants_sheet_lists_grants_transports_and_openings():
    scenario = load_scenario(scenarios.path("allies_summer_1942_grants.yaml"))
    result = solve(scenario)
    assert result.plan is not None
    found = blocks(sheet(scenario, result.plan))
    grants = table(found, "Grants (rule 40)")
    assert sum(int(r["BRPs"]) for r in grants) == sum(g.brps for g in result.plan.grants)
    texts = [b.text for b in found if isinstance(b, TextBlock)]
    transports = sum(t.transports for t in result.plan.transports)
    (line,) = [t for t in texts if t.startswith("Transports (40.221)")]
    assert sum(int(n) for n in re.findall(r" (\d+)(?:;|$)", line)) == transports
    assert len([t for t in texts if "(40.72)" in t or "(40.52)" in t]) == len(result.plan.route_openings)


def test_html_escapes_user_text(scenario_of):
    """A scenario's name is the player's text: in the HTML page it shows as text, never as markup."""
    scenario = scenario_of(
        {"germany": {"force_pool": [{"id": "inf", "unit": "infantry", "factors": 1, "count": 1}]}},
        name='<script>alert("x")</script> & co',
    )
    result = solve(scenario)
    assert result.plan is not None
    page = sheet_html(scenario, result.plan)
    assert "<script>" not in page
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; co" in page
    assert page.startswith("<!doctype html>") and "<caption>Builds</caption>" in page


def test_cli_sheet_is_the_same_bytes_every_run_in_both_formats():
    runner = CliRunner()
    for options in (["--sheet"], ["--sheet", "--format", "html"]):
        runs = [runner.invoke(app, ["plan", *options]) for _ in range(2)]
        assert runs[0].exit_code == 0, runs[0].output
        assert runs[0].stdout == runs[1].stdout
    html = runner.invoke(app, ["plan", "--sheet", "--format", "html"]).stdout
    assert "<caption>Pay</caption>" in html and "Orders — " in html


def test_cli_sheet_options_that_do_not_go_together_exit_2():
    runner = CliRunner()
    both = runner.invoke(app, ["plan", "--sheet", "--json"])
    assert both.exit_code == 2 and "--sheet" in both.output
    alone = runner.invoke(app, ["plan", "--format", "html"])
    assert alone.exit_code == 2 and "--format" in alone.output
    html_why = runner.invoke(app, ["plan", "--sheet", "--format", "html", "--why"])
    assert html_why.exit_code == 2 and "--why" in html_why.output


def test_cli_text_sheet_is_followed_by_what_why_and_alternatives_found():
    """Asked with --sheet, --why and --alternatives show after the sheet as they do after the plan: the
    oil threshold binds in the default scenario (27.35: 75 BRPs of 75)."""
    runner = CliRunner()
    result = runner.invoke(app, ["plan", "--sheet", "--why", "--alternatives", "1"])
    assert result.exit_code == 0, result.output
    sheet_at = result.stdout.index("Orders — ")
    why_at = result.stdout.index("What binds")
    alternatives_at = result.stdout.index("Alternatives within")
    assert sheet_at < why_at < alternatives_at
    assert re.search(r"oil_threshold\s*│\s*27\.35\s*│\s*75\s*│\s*75\s*│\s*0", result.stdout)


def test_web_order_sheet_is_the_sheet():
    """The web page's "Download order sheet" is the same page as `awaw plan --sheet --format html`."""
    from optimizer.planners.turn import TURN
    from optimizer.web.service import Loaded, plan_view

    scenario = load_scenario(scenarios.path())
    view = plan_view(Loaded(TURN, scenario), None)
    result = solve(scenario)
    assert result.plan is not None
    assert view.sheet == sheet_html(scenario, result.plan)
