"""The bundled season (scenarios/seasons/): the season plan's first turn differs from the one-turn plan,
and why (the oil counter expected next turn, 27.35), with the figures the README shows."""

from pathlib import Path

import yaml

from models.io import load_scenario
from models.scenario import Scenario
from models.tables import Faction
from optimizer.checker.season import check_season
from optimizer.planners.position import solve
from optimizer.season.solve import solve_season

SEASON = (
    Path(__file__).resolve().parents[3] / "scenarios" / "seasons" / "european_axis_summer_1942_season.yaml"
)


def test_the_one_turn_plan_builds_past_the_threshold_the_season_plan_waits():
    """No oil counter for construction this turn: the shared threshold is 25 BRPs (27.35 A, I). The
    one-turn plan builds past it at double cost (27.35 D); the season plan builds inside it this turn
    (25 BRPs at normal cost, nothing past) and the rest in the later turns, the counter expected next
    turn raising one later turn's threshold to 50 (27.35 B)."""
    scenario = load_scenario(SEASON)
    one = solve(scenario.model_copy(update={"season": None})).plan
    [axis_now] = [o for o in one.oil if o.faction is Faction.EUROPEAN_AXIS]
    assert axis_now.threshold_brps == 25 and axis_now.oil_affected_brps > 0
    season = solve_season(scenario).plan
    assert season is not None and check_season(scenario, season) == []
    [first] = [o for o in season.turns[0].plan.oil if o.faction is Faction.EUROPEAN_AXIS]
    assert first.oil_affected_brps == 0 and first.normal_cost_brps <= 25
    assert {(b.entry, b.counters) for b in season.turns[0].plan.builds} != {
        (b.entry, b.counters) for b in one.builds
    }
    spent = [t.plan.oil_counters_spent[Faction.EUROPEAN_AXIS] for t in season.turns]
    assert spent[0] == 0 and sum(spent) == 1


def test_the_counter_expected_next_turn_is_what_makes_the_season_wait():
    """Without the counter expected in turn 2 the season plan builds past this turn's threshold too, and
    is worth less: the counter is what the first turn waits for."""
    data = yaml.safe_load(SEASON.read_text())
    with_counter = solve_season(Scenario.model_validate(data)).plan
    data["season"]["expectations"][0]["oil_counters"] = 0
    without = solve_season(Scenario.model_validate(data)).plan
    assert with_counter is not None and without is not None
    [first] = [o for o in without.turns[0].plan.oil if o.faction is Faction.EUROPEAN_AXIS]
    assert first.oil_affected_brps > 0
    assert with_counter.objective.stages[0].value > without.objective.stages[0].value
