"""The season plan through the registry: `awaw plan` names `awaw season` for a season scenario, the batch
plans it with one summary line, the web page shows its turns."""

import json

import yaml

from optimizer.planners import planner_for
from optimizer.planners.season import SEASON
from tests.optimizer.cli.test_cli import run
from tests.optimizer.season.test_bundled import SEASON as PATH


def test_a_season_scenario_is_the_season_planners():
    assert planner_for(yaml.safe_load(PATH.read_text())) is SEASON


def test_awaw_plan_names_awaw_season_for_a_season_scenario():
    refused = run("plan", PATH)
    assert refused.exit_code == 2
    assert "plan it with awaw season" in refused.stdout + refused.stderr


def test_awaw_check_of_a_season_scenario_names_awaw_season_check():
    """`awaw check` of a season scenario said 'plan it with awaw season'; a season plan is checked with
    `awaw season FILE --check PLAN`, which it names now."""
    refused = run("check", PATH, "season.json")
    assert refused.exit_code == 2
    said = refused.stderr.strip()
    assert said.endswith(f"check the plan with awaw season {PATH} --check season.json"), said


def test_the_batch_plans_a_season_with_one_line(tmp_path):
    out = tmp_path / "results.jsonl"
    assert run("batch", PATH, "--out", out).exit_code == 0
    [line] = out.read_text().splitlines()
    row = json.loads(line)
    assert row["kind"] == "season" and row["status"] == "optimal" and row["objective"] == 102.0
    assert row["plan"]["format"] == "awaw-season/1"


def test_the_web_page_shows_every_turn():
    from optimizer.web.service import plan_view, read_scenario

    view = plan_view(read_scenario(PATH.read_text()), 60)
    assert view.status == "optimal"
    assert json.loads(view.plan_json)["format"] == "awaw-season/1"
    text = " ".join(str(block) for block in view.blocks)
    assert "Turn 2 of 2, fall 1942" in text


def test_this_turns_plan_of_a_season_with_an_sw_section_has_its_sw_figures():
    """A season over the bundled SW position: turn 1's plan carries rule 25's figures, as `awaw plan`'s
    does, and the season checker passes it (the figures checked by the turn checker, 27.94)."""
    import scenarios
    from models.scenario import Scenario
    from optimizer.checker.season import check_season
    from optimizer.planners import Limits

    data = yaml.safe_load(scenarios.path("european_axis_1942_sw.yaml").read_text())
    data.pop("horizon", None)
    data["season"] = {"turns": 2}
    scenario = Scenario.model_validate(data)
    result = SEASON.solve(scenario, Limits())
    assert result.plan is not None and result.plan.turns[0].plan.sw is not None
    assert check_season(scenario, result.plan) == []
