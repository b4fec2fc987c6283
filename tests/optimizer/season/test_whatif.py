"""What-ifs over the season (`awaw season --fix/--forbid` with a turn, `--why` over routes and BRPs, and
which turn makes an infeasible season fail), on the bundled season
(scenarios/seasons/germany_summer_1942_season.yaml) and the bundled grants position, each figure worked by
hand from the rules.

The bundled season's arithmetic (its README section): a 4-factor panzer corps costs 8 BRPs (27.11 B) and
is worth 4 x 2.2 = 8.8; this summer the European Axis has no oil counter for construction, so its
threshold is 25 BRPs (27.35 A) and a corps past it costs 16 (27.35 D); in the fall one counter comes
(threshold 50, 27.35 B). Germany has 150 BRPs, limits 76 this turn (78 less 2 for bombing, 27.331 B) and
78 in the fall, nine corps in the pool (27.5). A fall build is worth 0.9 of a summer one, a BRP left
after the fall 0.9 x 0.4 = 0.36.
"""

from functools import partial

import pytest

from models.io import InputError, load_scenario
from models.plan import Status
from models.scenario import Scenario
from optimizer.checker.season import check_season
from optimizer.planners import Limits
from optimizer.planners.season import SEASON
from optimizer.season.decision_forms import parse_season_decision, parse_season_decisions
from optimizer.season.decisions import with_decisions
from optimizer.season.solve import solve_season
from tests.optimizer.cli.test_cli import run
from tests.optimizer.season.test_bundled import SEASON as PATH
from tests.optimizer.season.test_bundled import armor


def solved(fix=(), forbid=(), scenario: Scenario | None = None):
    scenario = scenario or load_scenario(PATH)
    decisions = parse_season_decisions(list(fix), list(forbid), 2)
    result = solve_season(scenario, adjust=partial(with_decisions, decisions=decisions))
    if result.plan is not None:
        assert check_season(scenario, result.plan) == []
    return result


def test_fixing_six_corps_this_turn_is_worth_96_27_35():
    """--fix germany:armor-4-6=6 (this turn): 3 inside the 25-BRP threshold (24) and 3 past it (48), 72
    BRPs, 78 left; in the fall the other 3 (24 BRPs, inside the 50-BRP threshold of the counter), 54 left:
    6 x 8.8 + 0.9 x 3 x 8.8 + 0.36 x 54 = 52.8 + 23.76 + 19.44 = 96.0."""
    season = solved(fix=["germany:armor-4-6=6"]).plan
    assert season is not None
    assert [armor(turn.plan) for turn in season.turns] == [6, 3]
    assert season.brps_left[season.turns[0].plan.builds[0].power] == 54
    assert season.objective.stages[0].value == 96.0


def test_forbidding_the_fall_build_of_panzer_corps_is_worth_80_88_27_35():
    """--forbid germany:armor-4-6@turn2: all the season's corps are built this summer. Each of the first 3
    (8 BRPs) adds 8.8 - 0.36 x 8 = 5.92, each of the next 3 past the threshold (16 BRPs) 8.8 - 0.36 x 16
    = 3.04, and a seventh would pass the 76-BRP limit (24 + 4 x 16 = 88, 27.31): 6 corps for 72 BRPs, 78
    left: 6 x 8.8 + 0.36 x 78 = 52.8 + 28.08 = 80.88; the fall's oil counter is not spent (worth 0 by the
    objective's oil_counter_value)."""
    season = solved(forbid=["germany:armor-4-6@turn2"]).plan
    assert season is not None
    assert [armor(turn.plan) for turn in season.turns] == [6, 0]
    assert season.objective.stages[0].value == 80.88


def test_a_name_without_a_turn_is_this_turns():
    """--forbid germany:armor-4-6 is turn 1's: nothing this summer; in the fall 6 corps inside the 50-BRP
    threshold (48), a seventh with one factor inside it (2 BRPs: a factor is not split across the
    threshold, rules-notes 27.35) and three past (12), an eighth past (16): 78 BRPs, the whole 78-BRP
    limit (27.31); 72 left: 0.9 x 8 x 8.8 + 0.36 x 72 = 63.36 + 25.92 = 89.28."""
    season = solved(forbid=["germany:armor-4-6"]).plan
    assert season is not None
    assert [armor(turn.plan) for turn in season.turns] == [0, 8]
    assert season.objective.stages[0].value == 89.28
    same = solved(forbid=["germany:armor-4-6@turn1"]).plan
    assert same is not None and same.objective.stages[0].value == 89.28


def test_a_fixed_count_of_a_later_turn_is_kept():
    """--fix germany:armor-4-6=2@turn2: two corps in the fall (16 BRPs), so this summer 3 inside the
    threshold (5.92 each) and 3 past it (3.04 each; the fall has no room left to save on them), 150 - 72 -
    16 = 62 left: 52.8 + 0.9 x 2 x 8.8 + 0.36 x 62 = 52.8 + 15.84 + 22.32 = 90.96."""
    season = solved(fix=["germany:armor-4-6=2@turn2"]).plan
    assert season is not None
    assert [armor(turn.plan) for turn in season.turns] == [6, 2]
    assert season.objective.stages[0].value == 90.96


def test_the_season_planner_serves_the_decisions():
    """The registry's season planner takes the decisions (the batch and the web page's way in)."""
    scenario = load_scenario(PATH)
    decisions = parse_season_decisions(["germany:armor-4-6=6"], [], 2)
    result = SEASON.solve(scenario, Limits(), decisions)
    assert result.status is Status.OPTIMAL and result.objective == 96.0


def test_a_one_turn_season_takes_the_decisions_as_awaw_plan_does():
    """A one-turn season is planned by the turn planner, with the decisions: --fix germany:armor-4-6=2
    builds 2 corps (16 BRPs inside the threshold), and the one-turn plan's remaining best is the same as
    `awaw plan --fix`'s (the README's one-turn 84.0 less what the fix gives up)."""
    from optimizer.planners.position import Position
    from optimizer.turn.decision_forms import parse_decisions

    scenario = load_scenario(PATH)
    one = scenario.model_copy(update={"season": scenario.season.model_copy(update={"turns": 1})})
    result = SEASON.solve(one, Limits(), parse_season_decisions(["germany:armor-4-6=2"], [], 1))
    assert result.plan is not None and armor(result.plan.turns[0].plan) == 2
    plain = scenario.model_copy(update={"season": None})
    turn = Position(plain, parse_decisions(["germany:armor-4-6=2"], [])).solve()
    assert result.objective == turn.objective
    # 2 x 8.8 + 0.4 x (150 - 16) = 17.6 + 53.6 = 71.2 (one turn: a BRP left is worth 0.4)
    assert result.objective == 71.2


# Bad input: exit 2, one line naming the option and the problem.


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--fix", "germany:armor-4-6@turn3"], "turn 3 is out of the season's 2 turns"),
        (["--forbid", "germany:armor-4-6@turn0"], "turn 0 is out of the season's 2 turns"),
        (["--fix", "germany:armor-4-6@turn"], "no number after '@turn'"),
        # once read as a site named 'turn-1' ("did you mean 'turin'?")
        (["--fix", "germany:armor-4-6@turn-1"], "'-1' after '@turn' is not a turn number (turn1 to turn2)"),
        (["--forbid", "germany:armor-4-6@turn1.5"], "'1.5' after '@turn' is not a turn number"),
        (["--fix", "germany:panzer@turn2"], "no force pool entry 'panzer' for germany"),
        (["--forbid", "germany:armor-4-6=2@turn2"], "=COUNTERS is for --fix and --why-not only"),
        (["--fix", "germany:armor-4-6@turn1@turn2"], "give @turnN once"),
        (["--fix", "usa:iowa:continue"], "the scenario has no naval construction"),
        (["--fix", "britain>russia@turn2"], "the scenario plans no grants"),
    ],
)
def test_a_bad_decision_is_refused_in_one_line(args, problem):
    result = run("season", PATH, *args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and problem in lines[0] and args[0] in lines[0]
    assert "Traceback" not in result.stderr


def test_a_later_turns_name_says_its_turn():
    """An entry not in a later turn's force pool is bad input, the problem naming the turn."""
    result = run("season", PATH, "--fix", "germany:panzer@turn2")
    assert "(turn 2 of the season)" in result.stderr


def test_a_chart_action_takes_its_turn_once():
    """A chart action's @K (the chart's turn, as awaw plan's) and @turnN (the season's) are one turn:
    both at once is bad input; @turn2 is the chart's turn 1 (27.7: the chart is planned whole in turn
    1's model)."""
    with pytest.raises(InputError, match="takes its turn once"):
        parse_season_decision("--fix", "usa:iowa:continue@1@turn2", 2)
    action = parse_season_decision("--fix", "usa:iowa:continue@turn2", 2)
    assert action.decision.turn == 1 and action.model_turn == 0 and action.turn == 1
    assert parse_season_decision("--fix", "usa:iowa:continue@1", 2).decision.turn == 1
    # past the season a chart action is the chart's, held to its horizon once the season is prepared
    # (tests/optimizer/season/test_chart_decisions.py)
    assert parse_season_decision("--fix", "usa:iowa:continue@2", 2).decision.turn == 2


def test_check_takes_no_decisions(tmp_path):
    plan = tmp_path / "p.json"
    plan.write_text("{}")
    result = run("season", PATH, "--check", plan, "--fix", "germany:armor-4-6")
    assert result.exit_code == 2 and "--check" in result.stderr


@pytest.mark.parametrize("asked", [["--why"], ["--alternatives", "2"], ["--why-not", "germany:armor-4-6"]])
def test_check_refuses_every_what_if_rather_than_leave_it_out(tmp_path, asked):
    """`--check` checks a plan as it is: a what-if beside it is bad input (exit 2), never silently left
    out (`--why` and `--alternatives` were)."""
    plan = tmp_path / "p.json"
    plan.write_text("{}")
    result = run("season", PATH, "--check", plan, *asked)
    assert result.exit_code == 2, result.output
    assert "--check: checks a plan as it is" in result.stderr


# An infeasible season: the turn, and the rule that blocks it.


def test_a_fix_past_the_force_pool_names_the_fall_and_27_5():
    """--fix germany:armor-4-6=6 and --fix germany:armor-4-6=6@turn2: each turn alone can build 6 corps
    (72 BRPs of the 76 limit this turn, 48 of 78 in the fall), but the pool holds 9 (27.5): the summer
    can be planned, the fall after it cannot."""
    result = run("season", PATH, "--fix", "germany:armor-4-6=6", "--fix", "germany:armor-4-6=6@turn2")
    assert result.exit_code == 1
    text = result.stderr
    assert "turn 2 (fall 1942) is the first turn the season cannot plan" in text
    assert "turn 2 (fall 1942): blocked by 27.5 force pool (germany/armor-4-6)" in text
    assert "fix germany:armor-4-6=6 (turn 1); fix germany:armor-4-6=6@turn2 (turn 2)" in text


def test_a_fix_past_this_turns_limit_names_this_turn_27_31_and_27_35():
    """--fix germany:armor-4-6=7: 3 inside the 25-BRP threshold and 4 past it cost 24 + 64 = 88 BRPs, over
    the 76-BRP limit (27.31) because of the threshold (27.35): this turn fails."""
    result = SEASON.solve(
        load_scenario(PATH), Limits(), parse_season_decisions(["germany:armor-4-6=7"], [], 2)
    )
    assert result.status is Status.INFEASIBLE and result.exit_code == 1
    assert result.explanation[0].startswith("turn 1 (summer 1942) cannot be planned")
    assert "turn 1 (summer 1942): blocked by 27.31 construction limit (germany): limit 76 BRPs" in (
        result.explanation
    )
    assert result.rules == ("27.31", "27.35")


def test_a_fix_past_the_falls_limit_names_the_fall_27_31():
    """--fix germany:armor-4-6=9@turn2: all nine corps in the fall: 6 inside the 50-BRP threshold (48),
    one factor of the seventh inside (2) and the other 11 factors past it (44) cost 94 BRPs, over the
    fall's 78-BRP limit (27.31); the summer alone is plannable."""
    result = SEASON.solve(
        load_scenario(PATH), Limits(), parse_season_decisions(["germany:armor-4-6=9@turn2"], [], 2)
    )
    assert result.status is Status.INFEASIBLE
    assert result.explanation[0].startswith("turn 2 (fall 1942) is the first turn")
    assert "turn 2 (fall 1942): blocked by 27.31 construction limit (germany): limit 78 BRPs" in (
        result.explanation
    )
    assert "27.31" in result.rules


def test_an_infeasible_season_prints_its_explanation_as_json():
    result = run("season", PATH, "--json", "--fix", "germany:armor-4-6=7")
    assert result.exit_code == 1
    import json

    data = json.loads(result.stdout)
    assert data["status"] == "infeasible" and "27.31" in data["rules"]
    assert data["explanation"][0].startswith("turn 1 (summer 1942)")


# --why over BRPs and routes.


def test_why_values_one_more_brp_at_what_it_carries_to_the_end_27_11():
    """One more BRP in either turn is not spent (no turn's limit or threshold is relaxed by it) and is
    left at the season's end: 0.9 x 0.4 = 0.36 (season.discount x leftover value)."""
    from optimizer.season.why import season_why

    scenario = load_scenario(PATH)
    season = solve_season(scenario).plan
    assert season is not None
    uses = {(r.turn, r.resource): r for r in season_why(scenario, season)}
    assert uses[1, "BRPs (27.11)"].worth == 0.36 and uses[2, "BRPs (27.11)"].worth == 0.36
    assert (uses[1, "BRPs (27.11)"].used, uses[1, "BRPs (27.11)"].available) == (24, 150)
    assert (uses[2, "BRPs (27.11)"].used, uses[2, "BRPs (27.11)"].available) == (48, 126)


def test_why_under_a_fix_one_more_counter_now_is_worth_8_64_27_35():
    """With --fix germany:armor-4-6=6 (96.0), one more oil counter this turn raises the threshold to 50
    (27.35 B): the 6 corps cost 48 instead of 72, the 24 BRPs saved left at the end: 0.36 x 24 = 8.64."""
    from optimizer.season.why import season_why

    scenario = load_scenario(PATH)
    decisions = parse_season_decisions(["germany:armor-4-6=6"], [], 2)
    season = SEASON.solve(scenario, Limits(), decisions).plan
    assert season is not None
    uses = {(r.turn, r.resource): r for r in season_why(scenario, season, decisions=decisions)}
    assert uses[1, "oil counters (27.35)"].worth == 8.64


def _allies_season():
    import yaml

    from scenarios import path

    data = yaml.safe_load(path("allies_summer_1942_grants.yaml").read_text())
    data.pop("horizon", None)
    data["objective"] = {"priorities": [{"kind": "delivered", "powers": ["russia"]}]}
    data["season"] = {"turns": 2}
    return Scenario.model_validate(data)


def test_why_values_one_more_brp_of_a_routes_capacity_rule_40():
    """Most BRPs delivered to Russia over two turns: the U.S. fills Murmansk (20, 40.411) and Persia (10,
    40.51) each turn and builds the Alaska highway this turn (40.72) to send 10 by Siberia in the next
    (40.71, 40.73). One more BRP of Murmansk's capacity delivers 1 x (1 - 0.15) = 0.85 (the scenario's
    loss rate of the U.S. Atlantic leg), of Persia's 1; Siberia is no open route this turn, only the next."""
    from optimizer.season.why import season_why

    scenario = _allies_season()
    season = solve_season(scenario).plan
    assert season is not None and check_season(scenario, season) == []
    uses = {(r.turn, r.subject): r for r in season_why(scenario, season) if r.resource.startswith("route")}
    assert uses[1, "murmansk"].resource == "route capacity (40.411)"
    assert (uses[1, "murmansk"].used, uses[1, "murmansk"].available) == (20, 20)
    assert uses[1, "murmansk"].worth == 0.85 and uses[2, "murmansk"].worth == 0.85
    assert uses[1, "persia"].worth == 1.0 and uses[2, "persia"].worth == 1.0
    assert (1, "siberia") not in uses and uses[2, "siberia"].worth == 1.0


def test_an_impossible_minimum_of_this_turn_names_turn_1_and_27_5():
    """A minimum of 40 armor factors this turn is 10 panzer corps; the pool holds 9 (27.5): the season fails
    in its first turn (the player's minimums are this turn's)."""
    import yaml

    data = yaml.safe_load(PATH.read_text())
    data["objective"]["minimum"] = [{"power": "germany", "unit": "armor", "factors": 40}]
    result = SEASON.solve(Scenario.model_validate(data), Limits())
    assert result.status is Status.INFEASIBLE
    assert (
        result.explanation[0] == "turn 1 (summer 1942) cannot be planned: the season fails in its first turn"
    )
    assert "cannot be met: germany: at least 40 armor factors (turn 1)" in result.explanation
    assert result.rules == ("27.5",)


def test_a_grant_by_a_route_not_opened_before_names_40_71():
    """The Siberian route carries grants from the turn after the Alaska highway is built (40.71, 40.72):
    forbidding the route this turn (no highway built) and fixing a U.S. grant by it next turn cannot both
    be met, and the fall is the turn that fails."""
    scenario = _allies_season()
    decisions = parse_season_decisions(["usa>russia:siberia@turn2"], ["route:siberia"], 2)
    result = SEASON.solve(scenario, Limits(), decisions)
    assert result.status is Status.INFEASIBLE
    assert result.explanation[0].startswith("turn 2 (fall 1942) is the first turn")
    assert "cannot be met: forbid route:siberia (turn 1); fix usa>russia:siberia@turn2 (turn 2)" in (
        result.explanation
    )
    assert result.rules == ("40.71",)
    alone = SEASON.solve(scenario, Limits(), parse_season_decisions(["usa>russia:siberia@turn2"], [], 2))
    assert alone.plan is not None and check_season(scenario, alone.plan) == []
