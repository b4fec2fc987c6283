"""A one-turn season is `awaw plan`'s turn: the same JSON, byte for byte, on every bundled turn scenario
(with a one-turn naval horizon) and on generated positions (200 of them in benchmarks/season.py)."""

import random

import pytest
import yaml

import scenarios
from models.generate import scenario_data
from models.scenario import Scenario
from optimizer.planners import Limits
from optimizer.planners.season import SEASON
from optimizer.planners.turn import TURN
from tests.optimizer.cli.test_cli import run


def one_turn(data: dict) -> tuple[dict, dict]:
    """The position with a one-turn horizon, without and with `season: {turns: 1}`."""
    data = dict(data)
    data.pop("season", None)
    if "horizon" in data:
        data["horizon"] = {**data["horizon"], "turns": 1, "future": []}
    return data, {**data, "season": {"turns": 1}}


def both(data: dict) -> tuple[str, str]:
    plain, season = one_turn(data)
    turn = TURN.solve(TURN.validate(plain, "plain.yaml"), Limits())
    whole = SEASON.solve(SEASON.validate(season, "season.yaml"), Limits())
    if turn.plan is None:  # requirements that cannot be met: the same answer, explanation and all
        return turn.failure_json(), whole.failure_json()
    assert whole.plan is not None
    return TURN.dumps(turn), SEASON.dumps(whole)


TURN_SCENARIOS = [
    path for path in scenarios.bundled() if "season" not in (yaml.safe_load(path.read_text()) or {})
]


@pytest.mark.parametrize("path", TURN_SCENARIOS, ids=lambda p: p.name)
def test_a_one_turn_season_prints_the_turn_plans_json(path):
    plain, season = both(yaml.safe_load(path.read_text()))
    assert season == plain


@pytest.mark.parametrize("seed", range(8))
def test_a_one_turn_season_of_a_generated_position_prints_the_turn_plans_json(seed):
    plain, season = both(scenario_data(random.Random(seed).randint))
    assert season == plain


def test_awaw_season_json_of_one_turn_is_awaw_plan_json(tmp_path):
    """The commands themselves: `awaw season --json` of a one-turn season prints `awaw plan --json`."""
    data = yaml.safe_load(scenarios.path("russia_summer_1942.yaml").read_text())
    plain, season = one_turn(data)
    (tmp_path / "plain.yaml").write_text(yaml.safe_dump(plain))
    (tmp_path / "season.yaml").write_text(yaml.safe_dump(season))
    turn = run("plan", str(tmp_path / "plain.yaml"), "--json")
    whole = run("season", str(tmp_path / "season.yaml"), "--json")
    assert turn.exit_code == whole.exit_code == 0
    assert whole.stdout == turn.stdout
    Scenario.model_validate(season)
