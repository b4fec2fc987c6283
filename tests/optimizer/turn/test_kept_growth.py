"""`objective.unspent_brp_growth`: the BRPs a turn keeps valued as the growth of next year's base they make
at the year-start sequence (an input: the growth rule is outside the seeds), per planned power its BRPs kept
x `growth_rate`, rounded down, each at `base_brp_value`, in place of `unspent_brp_value` (models/objective.py;
README "A season planned whole": what is left "valued by the player's stated rule for it ... a growth rate
applied to it at the year-start sequence and valued as that many BRPs of next year's base")."""

import pytest

from models.io import parse_scenario
from models.tables import Power
from optimizer.checker import check
from optimizer.planners.position import solve

WINTER = """
name: winter
turn: {season: winter, year: 1942}
faction: european_axis
powers:
  germany:
    brps: 15
    brp_base: 100
    force_pool:
      - {id: inf, unit: infantry, factors: 1, count: 15}
objective:
  preset: max-value
  values: {infantry: 0.45}
  unspent_brp_growth: {growth_rate: 0.5, base_brp_value: 1.0}
"""


def test_the_odd_brp_that_grows_nothing_is_spent_27_11():
    """15 BRPs, infantry 1 BRP a factor (27.11 A), a factor worth 0.45, the base growing by half the BRPs
    kept, rounded down, at 1.0 a BRP: keeping all 15 grows it by 7 (7.0); building one keeps 14, which grow
    it by 7 as well (0.45 + 7.0 = 7.45); building two keeps 13, growing it by 6 (0.9 + 6.0 = 6.9); building
    all 15 is 6.75. The best builds one factor and keeps 14 BRPs."""
    plan = solve(parse_scenario(WINTER)).plan
    assert plan is not None and plan.objective is not None
    assert sum(b.factors for b in plan.builds) == 1
    assert plan.powers[Power.GERMANY].brps_kept == 14
    assert plan.objective.stages[0].value == pytest.approx(7.45)
    assert check(parse_scenario(WINTER), plan) == []


def test_without_the_growth_the_brps_kept_are_worth_unspent_brp_value():
    """The same turn valuing a BRP kept at 0.5 (`unspent_brp_value`): each factor built (0.45) is worth
    less than the BRP it costs, so all 15 are kept: 7.5."""
    text = WINTER.replace(
        "unspent_brp_growth: {growth_rate: 0.5, base_brp_value: 1.0}", "unspent_brp_value: 0.5"
    )
    plan = solve(parse_scenario(text)).plan
    assert plan is not None and plan.objective is not None
    assert plan.builds == []
    assert plan.objective.stages[0].value == pytest.approx(7.5)
