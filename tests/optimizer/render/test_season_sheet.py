"""`awaw season --sheet` (and `--format html`, the web page's order sheet of a season): this turn's orders,
then each later turn's expected orders, on the bundled season whose figures tests/optimizer/season/
test_bundled.py works by hand (27.35 B, 27.11 B: 3 panzer corps now, 6 in the fall)."""

from __future__ import annotations

from pathlib import Path

import yaml
from typer.testing import CliRunner

from models.io import load_scenario
from models.scenario import Scenario
from optimizer.cli import app
from optimizer.planners import Limits
from optimizer.planners.season import SEASON
from optimizer.render.blocks import TableBlock, TextBlock, blocks
from optimizer.render.season import season_sheet, season_sheet_html

FILE = Path(__file__).resolve().parents[3] / "scenarios" / "seasons" / "germany_summer_1942_season.yaml"


def sheet_blocks():
    scenario = load_scenario(FILE)
    result = SEASON.solve(scenario, Limits())
    assert result.plan is not None
    return scenario, result, blocks(season_sheet(scenario, result.plan))


def builds(found) -> list[list[dict[str, str]]]:
    """Each turn's Builds table, in order, as rows by column."""
    return [
        [dict(zip(b.columns, row, strict=True)) for row in b.rows]
        for b in found
        if isinstance(b, TableBlock) and b.title == "Builds"
    ]


def test_season_sheet_gives_this_turns_orders_then_the_falls_expected_ones():
    """27.35 B: with the oil counter expected in the fall, 3 corps now (24 BRPs inside the 25-BRP
    threshold) and 6 in the fall (48 BRPs inside 50): the sheet's two Builds tables say so, the fall's
    under its own heading, and the season's objective, 102.0, closes it."""
    _, _, found = sheet_blocks()
    now, fall = builds(found)
    assert [(r["entry"], r["counters"], r["BRPs"]) for r in now] == [("armor-4-6", "3", "24")]
    assert [(r["entry"], r["counters"], r["BRPs"]) for r in fall] == [("armor-4-6", "6", "48")]
    texts = [b.text for b in found if isinstance(b, TextBlock)]
    assert texts[0].startswith("Orders — ") and texts[0].endswith("summer 1942)")
    (heading,) = [t for t in texts if t.startswith("Expected orders")]
    assert heading.startswith("Expected orders, turn 2 of 2 — ") and heading.endswith("fall 1942)")
    assert texts[-1] == "Season plan optimal; objective 102"


def test_season_sheet_pay_rows_follow_the_brp_flow():
    """27.11: Germany keeps 150 - 24 = 126 BRPs of this turn; with nothing else expected they are what it
    has in the fall, where it pays 48 and keeps 78, the BRPs the season leaves."""
    _, result, found = sheet_blocks()
    pays = [
        [dict(zip(b.columns, row, strict=True)) for row in b.rows]
        for b in found
        if isinstance(b, TableBlock) and b.title == "Pay"
    ]
    assert [(r["available"], r["pay"], r["keep"]) for (r,) in pays] == [
        ("150", "24", "126"),
        ("126", "48", "78"),
    ]
    assert result.plan is not None and result.plan.brps_left


def test_season_sheet_html_is_the_web_pages_and_escapes_user_text():
    scenario, result, _ = sheet_blocks()
    assert result.plan is not None
    page = season_sheet_html(scenario, result.plan)
    assert SEASON.printables(scenario, result).sheet_html == page
    assert page.count("<caption>Builds</caption>") == 2 and "Expected orders, turn 2 of 2" in page
    data = yaml.safe_load(FILE.read_text())
    data["name"] = '<script>alert("x")</script>'
    hostile = Scenario.model_validate(data)
    solved = SEASON.solve(hostile, Limits())
    assert solved.plan is not None
    shown = season_sheet_html(hostile, solved.plan)
    assert "<script>" not in shown and "&lt;script&gt;" in shown


def test_cli_season_sheet_is_the_same_bytes_every_run_in_both_formats():
    runner = CliRunner()
    for options in (["--sheet"], ["--sheet", "--format", "html"]):
        runs = [runner.invoke(app, ["season", str(FILE), *options]) for _ in range(2)]
        assert runs[0].exit_code == 0, runs[0].output
        assert runs[0].stdout == runs[1].stdout
    text = runner.invoke(app, ["season", str(FILE), "--sheet"]).stdout
    assert "Expected orders, turn 2 of 2" in text and text.count("armor-4-6") == 2


def test_one_turn_season_sheet_is_awaw_plans_sheet(tmp_path):
    """A one-turn season is the turn position itself: its sheet is `awaw plan --sheet`'s, byte for byte."""
    data = yaml.safe_load(FILE.read_text())
    data["season"] = {"turns": 1}
    one = tmp_path / "one.yaml"
    one.write_text(yaml.safe_dump(data))
    plain = dict(data)
    del plain["season"]
    turn = tmp_path / "turn.yaml"
    turn.write_text(yaml.safe_dump(plain))
    runner = CliRunner()
    for options in (["--sheet"], ["--sheet", "--format", "html"]):
        season = runner.invoke(app, ["season", str(one), *options])
        plan = runner.invoke(app, ["plan", str(turn), *options])
        assert season.exit_code == plan.exit_code == 0, season.output
        assert season.stdout == plan.stdout


def test_cli_season_sheet_options_that_do_not_go_together_exit_2():
    runner = CliRunner()
    for options, word in (
        (["--sheet", "--json"], "--sheet"),
        (["--format", "html"], "--format"),
        (["--sheet", "--format", "html", "--why"], "--format html"),
        (["--sheet", "--check", str(FILE)], "--sheet"),
    ):
        result = runner.invoke(app, ["season", str(FILE), *options])
        assert result.exit_code == 2 and word in result.output


def test_cli_text_season_sheet_is_followed_by_the_why_not_asked():
    """A seventh corps in the fall (27.5, 27.35 D) is worth less than the best season: the text sheet is
    followed by the why-not table, as `awaw plan --sheet --why-not` is by its own."""
    runner = CliRunner()
    result = runner.invoke(app, ["season", str(FILE), "--sheet", "--why-not", "germany:armor-4-6=7@turn2"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert (
        text.index("Expected orders, turn 2 of 2") < text.index("Season plan optimal") < text.index("7@turn2")
    )
