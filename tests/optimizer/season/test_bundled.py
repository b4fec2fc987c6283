"""The bundled season (scenarios/seasons/germany_summer_1942_season.yaml): the season plan's first turn
differs from the one-turn plan, and why (the oil counter expected next turn, 27.35), with the figures the
README shows, worked by hand from the rules."""

from pathlib import Path

import yaml

from models.io import load_scenario
from models.scenario import Scenario
from models.tables import Faction, Power
from optimizer.checker.season import check_season
from optimizer.planners.position import solve
from optimizer.season.solve import solve_season

SEASON = Path(__file__).resolve().parents[3] / "scenarios" / "seasons" / "germany_summer_1942_season.yaml"


def armor(plan) -> int:
    return sum(b.counters for b in plan.builds if b.entry == "armor-4-6")


def test_the_one_turn_plan_builds_past_the_threshold():
    """No oil counter for construction: the threshold is 25 BRPs (27.35 A). A 4-factor panzer corps costs
    8 BRPs (27.11 B), 16 past the threshold (27.35 D): 3 inside (24 BRPs) and 3 past (48) fill the 76-BRP
    limit (78 less 2 for bombing, 27.331 B) to 72. Value 24 x 2.2 + 78 x 0.4 = 84.0."""
    plan = solve(load_scenario(SEASON).model_copy(update={"season": None})).plan
    assert armor(plan) == 6
    assert plan.powers[Power.GERMANY].construction_brps == 72
    assert plan.objective.stages[0].value == 84.0


def test_the_season_plan_waits_for_the_counter_of_next_turn():
    """With one counter next turn (threshold 50, 27.35 B): 3 corps now (24 BRPs, inside 25) and 6 next
    turn (48, inside 50), 78 BRPs left: 12 x 2.2 + 0.9 x (24 x 2.2) + 0.9 x 0.4 x 78 = 102.0. Building 6
    now (3 past) and 3 next turn would be worth 96.0, 4 now 100.0."""
    scenario = load_scenario(SEASON)
    season = solve_season(scenario).plan
    assert season is not None and check_season(scenario, season) == []
    first, second = season.turns
    assert (armor(first.plan), armor(second.plan)) == (3, 6)
    assert [t.plan.oil_counters_spent[Faction.EUROPEAN_AXIS] for t in season.turns] == [0, 1]
    assert season.brps_left[Power.GERMANY] == 78
    assert season.objective.stages[0].value == 102.0


def test_without_the_counter_the_season_builds_as_the_one_turn_plan():
    """No counter expected: the threshold stays 25 next turn, so a corps past it costs 16 then as now and
    is worth more now: 6 now, 3 next turn, 54 left: 24 x 2.2 + 0.9 x 12 x 2.2 + 0.9 x 0.4 x 54 = 96.0."""
    data = yaml.safe_load(SEASON.read_text())
    data["season"]["expectations"][0]["oil_counters"] = 0
    season = solve_season(Scenario.model_validate(data)).plan
    assert season is not None
    assert (armor(season.turns[0].plan), armor(season.turns[1].plan)) == (6, 3)
    assert season.objective.stages[0].value == 96.0


def test_why_one_more_oil_counter_now_is_worth_2_64():
    """`--why`: one more counter this turn makes this turn's threshold 50 (27.35 B): 6 corps now inside
    it (48 BRPs), 3 in the fall (24), 78 left: 24 x 2.2 + 0.9 x 12 x 2.2 + 0.9 x 0.4 x 78 = 104.64, 2.64
    more than 102.0. The limits (24 of 76, 48 of 78) do not bind."""
    from optimizer.season.why import season_why

    scenario = load_scenario(SEASON)
    season = solve_season(scenario).plan
    assert season is not None
    uses = {(r.turn, r.resource.split(" (")[0]): r for r in season_why(scenario, season)}
    assert uses[1, "oil counters"].worth == 2.64
    assert not uses[1, "construction limit"].binding and not uses[2, "construction limit"].binding


def test_why_one_more_oil_counter_now_moves_three_corps_from_the_fall_to_this_turn():
    """`--why` shows what the season plan with one more does: one more counter this turn makes its
    threshold 50 (27.35 B), so the 6 corps the plan built in the fall at normal cost are built now and the
    3 it built now wait for the fall (the working of `test_why_one_more_oil_counter_now_is_worth_2_64`):
    3 more corps this turn, 3 fewer in the fall. One more BRP this turn or next changes no build: it is
    kept, worth 0.9 x 0.4 = 0.36 at the season's end (27.11), the plan otherwise the same."""
    from optimizer.season.why import season_why

    scenario = load_scenario(SEASON)
    season = solve_season(scenario).plan
    assert season is not None
    uses = {(r.turn, r.resource.split(" (")[0]): r for r in season_why(scenario, season)}
    counter = uses[1, "oil counters"]
    assert counter.proven
    assert counter.changes == ["turn 1: +3 germany armor-4-6", "turn 2: -3 germany armor-4-6"]
    for turn in (1, 2):
        assert uses[turn, "BRPs"].worth == 0.36 and uses[turn, "BRPs"].changes == []


def test_domains_narrowed_by_presolve_keep_the_season_plan_of_102():
    """`tighten_domains` (the default) keeps every plan of the season: with the domains narrowed first and
    without, the bundled season is worth the same 102.0 (3 corps now, 6 next turn, 78 BRPs left; 27.35 B,
    27.11 B: 12 x 2.2 + 0.9 x (24 x 2.2) + 0.9 x 0.4 x 78, as worked in
    `test_the_season_plan_waits_for_the_counter_of_next_turn`), and the plan passes the checker."""
    scenario = load_scenario(SEASON)
    for tighten in (True, False):
        season = solve_season(scenario, tighten=tighten).plan
        assert season is not None and check_season(scenario, season) == []
        assert (armor(season.turns[0].plan), armor(season.turns[1].plan)) == (3, 6)
        assert season.objective.stages[0].value == 102.0
        assert season.brps_left[Power.GERMANY] == 78


def test_a_season_of_one_priority_is_planned():
    """Regression: a season whose objective has one priority and no grants (so no fewest-granted
    tie-break) was refused with a traceback when its priorities were queued (`season_queue`). With the
    value alone, the bundled season is worth the same 102.0 (3 corps now, 6 next turn, 78 BRPs left;
    27.35 B, 27.11 B, as worked in `test_the_season_plan_waits_for_the_counter_of_next_turn`)."""
    data = yaml.safe_load(SEASON.read_text())
    data["objective"]["priorities"] = [{"kind": "value"}]
    scenario = Scenario.model_validate(data)
    season = solve_season(scenario).plan
    assert season is not None and check_season(scenario, season) == []
    assert [stage.priority for stage in season.objective.stages] == ["value"]
    assert (armor(season.turns[0].plan), armor(season.turns[1].plan)) == (3, 6)
    assert season.objective.stages[0].value == 102.0
