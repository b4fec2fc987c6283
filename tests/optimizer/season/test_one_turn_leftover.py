"""A one-turn season values the BRPs it keeps by its stated `season.leftover` (issue 28: "What is left at the
horizon's end is valued by the player's stated rule for it: a value per BRP, or a growth rate applied to it
at the year-start sequence and valued as that many BRPs of next year's base"; README "A season planned
whole"). It is still the turn position itself, planned by the turn planner: the scenario with its leftover
as the turn's value of the BRPs kept (`Scenario.one_turn_position`), in the solve, the what-ifs and
`awaw season --check` alike; with the default leftover, `awaw plan`'s plan (tests/optimizer/season/
test_one_turn.py)."""

import json

import pytest
import yaml

from models.io import InputError, parse_scenario
from models.tables import Power
from optimizer.planners import Limits
from optimizer.planners.season import SEASON
from optimizer.planners.turn import TURN
from optimizer.season.decision_forms import parse_season_decisions
from tests.optimizer.cli.test_cli import run

FALL = """
name: fall
turn: {season: fall, year: 1942}
faction: european_axis
powers:
  germany:
    brps: 10
    brp_base: 100
    force_pool:
      - {id: inf, unit: infantry, factors: 1, count: 10}
objective: {preset: max-value, values: {infantry: 0.4}, unspent_brp_value: 0.3}
season: {turns: TURNS, leftover: LEFTOVER}
"""
PER_BRP = "{rule: per_brp, brp_value: 0.5}"
GROWTH = "{rule: growth, growth_rate: 0.5, base_brp_value: 1.0}"


def fall(turns: int, leftover: str) -> str:
    return FALL.replace("TURNS", str(turns)).replace("LEFTOVER", leftover)


def best(text: str):
    result = SEASON.solve(SEASON.validate(yaml.safe_load(text), "s.yaml"), Limits())
    assert result.plan is not None
    return result


@pytest.mark.parametrize("turns", [1, 2])
def test_a_one_turn_season_keeps_the_brps_its_leftover_values_more(turns):
    """Fall 1942, Germany's 10 BRPs and 10 one-factor infantry at 1 BRP a factor (27.11 A), each factor
    worth 0.4, a BRP kept worth 0.3 by the objective but 0.5 by the season's leftover: building all 10 is
    worth 4.0, keeping them 10 x 0.5 = 5.0. One turn or two, the season keeps them (one turn built all 10)."""
    result = best(fall(turns, PER_BRP))
    assert result.objective == 5.0
    assert result.plan.turns[0].plan.builds == []
    assert result.plan.brps_left == {Power.GERMANY: 10}


def test_a_one_turn_seasons_growth_leftover_grows_next_years_base():
    """The same turn with a growth leftover: half the BRPs left, rounded down, each a BRP of next year's
    base at 1.0. Keeping 10 grows it by 5 (5.0), more than building 10 (4.0); the one-turn plan keeps
    them. With 15 BRPs and a factor worth 0.45 (15 one-factor infantry): keeping 15 grows it by 7 (7.0),
    building one keeps 14 which grow it by 7 too (0.45 + 7.0 = 7.45), building two keeps 13, 6 (0.9 + 6.0 =
    6.9): one is built, 14 kept."""
    result = best(fall(1, GROWTH))
    assert result.objective == 5.0 and result.plan.turns[0].plan.builds == []
    fifteen = fall(1, GROWTH).replace("brps: 10", "brps: 15").replace("count: 10", "count: 15")
    result = best(fifteen.replace("infantry: 0.4", "infantry: 0.45"))
    assert result.objective == pytest.approx(7.45)
    assert sum(b.factors for b in result.plan.turns[0].plan.builds) == 1
    assert result.plan.brps_left == {Power.GERMANY: 14}


@pytest.mark.parametrize("leftover", ["{}", "{rule: per_brp}", "{rule: per_brp, brp_value: 0.3}"])
def test_the_default_leftover_is_awaw_plans_turn(leftover, tmp_path):
    """With the leftover at the objective's own value a one-turn season is `awaw plan`'s turn, byte for
    byte: all 10 built (4.0 against 10 x 0.3 = 3.0 kept)."""
    data = yaml.safe_load(fall(1, leftover))
    plain = {key: value for key, value in data.items() if key != "season"}
    turn = TURN.solve(TURN.validate(plain, "plain.yaml"), Limits())
    whole = SEASON.solve(SEASON.validate(data, "season.yaml"), Limits())
    assert SEASON.dumps(whole) == TURN.dumps(turn)
    assert whole.objective == 4.0


@pytest.mark.parametrize("leftover", [PER_BRP, GROWTH])
def test_a_one_turn_seasons_what_ifs_value_the_brps_kept_by_its_leftover(leftover):
    """`--fix`, `--why`, `--why-not` and `--alternatives` of a one-turn season ask its turn position, the
    leftover's value of the BRPs kept included: two infantry fixed, 2 x 0.4 + 8 x 0.5 (per BRP) = 4.8, or
    + 4 BRPs of growth = 4.8; the why-not of 10 built, 4.0, 1.0 behind the best 5.0."""
    scenario = SEASON.validate(yaml.safe_load(fall(1, leftover)), "s.yaml")
    fixed = parse_season_decisions(["germany:inf=2"], [], 1)
    assert SEASON.solve(scenario, Limits(), fixed).objective == pytest.approx(4.8)
    asked = parse_season_decisions(["germany:inf=10"], [], 1)
    result = SEASON.answer(scenario, Limits(), why=True, why_not=asked, alternatives=1, tolerance="2")
    assert result.objective == 5.0
    plan = result.plan.turns[0].plan
    assert plan.builds == []
    cost = plan.why_not[0].costs[0]
    assert (cost.plan, cost.with_it, cost.difference) == pytest.approx((5.0, 4.0, -1.0))
    assert plan.why and plan.alternatives is not None


@pytest.mark.parametrize("leftover", [PER_BRP, GROWTH])
def test_awaw_season_check_of_a_one_turn_season_checks_its_leftovers_value(leftover, tmp_path):
    """`awaw season --check` of a one-turn season checks its plan against the turn position with the
    leftover's value: the season's plan (5.0) passes, and the same plan stating 5.5 is refused."""
    path = tmp_path / "s.yaml"
    path.write_text(fall(1, leftover))
    planned = run("season", str(path), "--json")
    assert planned.exit_code == 0, planned.stdout
    (tmp_path / "p.json").write_text(planned.stdout)
    assert run("season", str(path), "--check", str(tmp_path / "p.json")).exit_code == 0
    data = json.loads(planned.stdout)
    data["objective"]["value"] = 5.5
    data["objective"]["stages"][0]["value"] = 5.5
    (tmp_path / "edited.json").write_text(json.dumps(data))
    refused = run("season", str(path), "--check", str(tmp_path / "edited.json"))
    assert refused.exit_code == 1
    assert "5.5 in the plan, 5 by the scenario's objective" in refused.stdout


def test_a_season_states_its_leftover_not_a_turn_growth():
    """`objective.unspent_brp_growth` beside a `season:` section is refused: the season values what is left
    at its end by `season.leftover`."""
    text = fall(1, "{}").replace(
        "unspent_brp_value: 0.3}", "unspent_brp_growth: {growth_rate: 0.5, base_brp_value: 1.0}}"
    )
    with pytest.raises(InputError) as refused:
        parse_scenario(text)
    assert ":11: objective.unspent_brp_growth: with a season: section" in refused.value.render()


@pytest.mark.parametrize("leftover", [PER_BRP, GROWTH])
def test_solve_season_called_on_a_one_turn_season_values_the_leftover_once(leftover):
    """The Python API's `solve_season` on a one-turn season: the turn position already values the BRPs
    kept by the leftover, so the season counts them once: 10 kept x 0.5 = 5.0, or 5 BRPs of growth at 1.0
    = 5.0 (it read 10.0, the leftover twice)."""
    from optimizer.season.solve import solve_season

    solved = solve_season(SEASON.validate(yaml.safe_load(fall(1, leftover)), "s.yaml"))
    assert solved.plan is not None
    assert solved.plan.objective is not None and solved.plan.objective.value == 5.0
    assert solved.plan.brps_left == {Power.GERMANY: 10}
