"""A route opened in the season, valued in the horizon's turns past the season's end
(optimizer/season/objective.py, `opened_past_season`), each figure worked by hand from the rules.

The position: Britain alone, 25 BRPs and nothing to build, Germany and Russia at war (40.525 A), the
Murmansk route cut at Vologda (40.412 C), Persia not opened (40.54). Opening Persia costs 25 BRPs
(40.521) and lets 10 BRPs a turn go to Russia from the next turn on (40.51 A, 40.54). A BRP delivered to
Russia is worth 1.0 (`delivered_brp_value`), a BRP left at the season's end 0.5 (`season.leftover`).
The season is summer and fall 1942; `horizon.turns` sets the chart's horizon, the turns past the season
in which the turn model's estimate values an opened route: its full capacity at 1.0 a BRP, each turn t
weighted `season.discount`**t (40.52, 40.72 reading, as `awaw plan` values an opening's later turns).
"""

import pytest

from models.io import parse_scenario
from models.route_data import Route
from models.tables import Power
from optimizer.checker.season import check_season
from optimizer.season.solve import solve_season

POSITION = """
name: persia past the season
turn: {season: summer, year: 1942}
faction: western_allies
oil_counters: 0
powers:
  britain:
    brps: BRPS
    brp_base: 100
    force_pool: []
grants:
  germany_russia_war_turns: 5
  transports: {atlantic: 8, indian: 3}
  murmansk: {vologda_open: false}
horizon: {turns: HORIZON}
objective: {delivered_brp_value: {russia: 1.0}}
season:
  turns: 2
  discount: DISCOUNT
  leftover: {rule: per_brp, brp_value: 0.5}
  expectations:
    - turn: 2
      powers: {britain: {gains: GAINS}}
"""


def planned(horizon: int, brps: int = 25, gains: int = 0, discount: float = 1.0):
    text = (
        POSITION.replace("BRPS", str(brps))
        .replace("HORIZON", str(horizon))
        .replace("DISCOUNT", str(discount))
        .replace("GAINS", str(gains))
    )
    scenario = parse_scenario(text)
    result = solve_season(scenario)
    assert result.plan is not None
    assert check_season(scenario, result.plan) == []
    return result.plan


def opened(plan) -> list[tuple[int, Route]]:
    return [(turn.turn, o.route) for turn in plan.turns for o in turn.plan.route_openings]


def routes_opened(plan) -> list[Route]:
    """The routes opened in the season, whichever turn: with the 25 BRPs kept to the fall, Persia opened
    then is worth the same past the season (40.54), a tie the solver may break either way."""
    return [route for _, route in opened(plan)]


@pytest.mark.parametrize(
    ("horizon", "value", "routes"),
    [
        (2, 12.5, []),  # no turn past the season: opening gains nothing; 25 kept x 0.5
        (3, 12.5, []),  # one turn past it: 10 x 1.0 = 10 < 12.5
        (4, 20.0, [Route.PERSIA]),  # two: 2 x 10 x 1.0 = 20 > 12.5
    ],
)
def test_an_opening_in_the_season_is_worth_its_capacity_in_each_turn_past_it_40_521(horizon, value, routes):
    """Opened this summer, Persia carries 10 BRPs a turn from the fall (40.54); Britain has none left in
    the fall (all 25 paid, 40.521), so within the season it carries nothing, and its worth is the turns
    past the season's end, 10 x 1.0 each, against the 25 BRPs kept at 0.5 (12.5). Kept to the fall and
    opened then, it is worth the same (a tie, `routes_opened`)."""
    plan = planned(horizon)
    assert routes_opened(plan) == routes
    assert plan.objective.value == pytest.approx(value)
    assert plan.brps_left[Power.BRITAIN] == (0 if routes else 25)


def test_an_opening_in_the_seasons_last_turn_is_worth_the_same_past_it_40_54():
    """No BRPs this summer, 25 gained in the fall: opened in the fall, Persia serves from the turn after
    (40.54), the first past the season, so over a four-turn horizon it is worth 2 x 10 x 1.0 = 20 > 12.5
    kept: opened in turn 2."""
    plan = planned(4, brps=0, gains=25)
    assert opened(plan) == [(2, Route.PERSIA)]
    assert plan.objective.value == pytest.approx(20.0)


def test_the_turns_past_the_season_are_weighted_by_the_seasons_discount():
    """At `season.discount` 0.9 the turns past the season (chart turns 2 and 3) weigh 0.81 and 0.729:
    the opening is worth 10 x (0.81 + 0.729) = 15.39, the 25 BRPs kept 0.9 x 0.5 x 25 = 11.25 (the leftover
    valued at the season's last turn's weight): opened (this turn or the next, a tie), 15.39."""
    plan = planned(4, discount=0.9)
    assert routes_opened(plan) == [Route.PERSIA]
    assert plan.objective.value == pytest.approx(15.39)


def test_grants_in_the_season_and_the_turns_past_it_are_both_counted_40_51():
    """With 10 BRPs gained in the fall and a three-turn horizon: opened this summer (25), Persia carries
    the fall's 10 to Russia (10 x 1.0, planned) and is worth 10 more in the winter (the estimate): 20,
    against 35 kept x 0.5 = 17.5 without it. (Without the winter's worth: 10 < 17.5, not opened.)"""
    plan = planned(3, gains=10)
    assert opened(plan) == [(1, Route.PERSIA)]
    assert sum(g.brps for g in plan.turns[1].plan.grants) == 10
    assert plan.objective.value == pytest.approx(20.0)
