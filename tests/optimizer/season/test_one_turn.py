"""A one-turn season is `awaw plan`'s turn: the same JSON, byte for byte, on every bundled turn scenario
(with a one-turn naval horizon) and on generated positions (200 of them in benchmarks/season.py)."""

import json
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


WHAT_IFS = ("--why", "--why-not", "germany:armor-4-6", "--alternatives", "2", "--tolerance", "5")


def test_a_one_turn_seasons_what_ifs_are_awaw_plans(tmp_path):
    """A one-turn season was refused its what-ifs by both commands: `awaw season --why` sent the player to
    `awaw plan --why`, which refuses a season scenario. `awaw season` asks them of the turn position as
    `awaw plan` does: the same JSON, byte for byte, with --why, --why-not and --alternatives; and `awaw
    plan` of the season file still names `awaw season`."""
    data = yaml.safe_load(scenarios.path("seasons/germany_summer_1942_season.yaml").read_text())
    plain, season = one_turn(data)
    (tmp_path / "plain.yaml").write_text(yaml.safe_dump(plain))
    (tmp_path / "season.yaml").write_text(yaml.safe_dump(season))
    turn = run("plan", str(tmp_path / "plain.yaml"), "--json", *WHAT_IFS)
    whole = run("season", str(tmp_path / "season.yaml"), "--json", *WHAT_IFS)
    assert turn.exit_code == whole.exit_code == 0, whole.stderr
    assert whole.stdout == turn.stdout
    assert {"why", "why_not", "alternatives"} <= set(json.loads(whole.stdout))
    refused = run("plan", str(tmp_path / "season.yaml"), "--why")
    assert refused.exit_code == 2 and "plan it with awaw season" in refused.stderr


def test_the_last_turn_awaw_next_writes_gets_its_what_ifs(tmp_path):
    """The file `awaw next` writes for a season's last turn is a one-turn season: `awaw season --why` and
    `--alternatives` of it answer as `awaw plan`'s tables do (they exited 2, 'use awaw plan --why')."""
    path = scenarios.path("seasons/germany_summer_1942_season.yaml")
    planned = run("season", str(path), "--json")
    (tmp_path / "s.json").write_text(planned.stdout)
    written = run("next", str(path), str(tmp_path / "s.json"), "--out", str(tmp_path / "n.yaml"))
    assert written.exit_code == 0, written.stderr
    why = run("season", str(tmp_path / "n.yaml"), "--why", "--alternatives", "1")
    assert why.exit_code == 0, why.stderr
    assert "What binds" in why.stdout and "Alternatives within 5%" in why.stdout


def test_a_one_turn_seasons_what_ifs_solve_its_position_once(tmp_path, monkeypatch):
    """`awaw season --why --why-not --alternatives` of a one-turn season solved its turn position twice:
    once for the plan (`SEASON.solve`), then again to keep its model for the what-ifs. It is solved once
    now (`SEASON.answer`, `Position.answer`); the what-ifs' own solves (each from a hint or under
    constraints of its own) aside. The JSON is what the two solves gave, byte for byte: the turn position's
    best plan (27.11 B, 27.35 A and D, 27.331 B: six corps, 84.0, tests/optimizer/season/test_bundled.py)
    with the what-ifs asked of it as `awaw plan` asks them."""
    from optimizer.planners.position import Position, result_of
    from optimizer.turn.built import Built
    from optimizer.turn.decision_forms import parse_decision
    from optimizer.turn.tolerance import parse_tolerance

    data = yaml.safe_load(scenarios.path("seasons/germany_summer_1942_season.yaml").read_text())
    plain, season = one_turn(data)
    (tmp_path / "season.yaml").write_text(yaml.safe_dump(season))
    # What the season's answer was: the position solved keeping its model, then asked the what-ifs.
    scenario = TURN.validate(plain, "plain.yaml")
    position = Position(scenario)
    best = position.solve(keep=True)
    assert best.plan is not None and best.objective == 84.0
    position.explain(best, True, [parse_decision("--why-not", "germany:armor-4-6")])
    found = position.alternatives(best, 2, parse_tolerance("5"))
    best.plan.alternatives = [alternative for alternative, _ in found]
    expected = TURN.dumps(result_of(scenario, best))

    solved: list[bool] = []  # each solve of a position's own best plan (no hint, no constraints of its own)
    real = Built.solve

    def counted(self, *args, **kwargs):
        if kwargs.get("hint") is None and kwargs.get("constrain") is None:
            solved.append(True)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Built, "solve", counted)
    whole = run("season", str(tmp_path / "season.yaml"), "--json", *WHAT_IFS)
    assert whole.exit_code == 0, whole.stderr
    assert len(solved) == 1
    assert whole.stdout == expected


@pytest.mark.parametrize("path", TURN_SCENARIOS, ids=lambda p: p.stem)
def test_solve_season_on_a_one_turn_season_is_worth_the_turns_plan(path):
    """`solve_season` called directly on a one-turn season (the Python API) values the plan as the turn
    planner does: the chart's later turns, the routes' later grants and the BRPs and oil kept once each."""
    from optimizer.season.solve import solve_season

    plain, season = one_turn(yaml.safe_load(path.read_text()))
    turn = TURN.solve(TURN.validate(plain, "plain.yaml"), Limits())
    solved = solve_season(Scenario.model_validate(season))
    if turn.plan is None:
        assert solved.plan is None
        return
    assert solved.plan is not None and solved.plan.objective is not None
    assert solved.plan.objective.value == turn.objective
