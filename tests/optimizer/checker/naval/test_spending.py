"""The checker's pricing of this turn's naval construction for BRPs, limits and oil (27.72, 27.31, 27.35)."""

from __future__ import annotations

from models.plan import NavalReport
from models.tables import Power
from optimizer.checker import check
from optimizer.checker.report import derive_oil, derive_report

from .helpers import USA, act, plan, reported, rules, scenario


def test_naval_brps_count_against_brps_and_the_construction_limit() -> None:
    """27.72: each naval factor costs three BRPs, construction like any other (27.11, 27.31): with
    a limit of 6 (BRP base 18) two lay-downs fit, three do not; with 5 BRPs one fits."""
    three = plan(
        act(0, "graf#1", "lay_down", "new", "row 3 spring"),
        act(0, "graf#2", "lay_down", "new", "row 3 spring"),
        act(0, "cruiser#1", "lay_down", "new", "row 2 fall"),
    )
    s = scenario(brp_base=18)
    assert rules(check(s, three)) == ["27.31"]
    assert check(s, plan(*three.naval_actions[:2])) == []
    poor = scenario(brps=5)
    result = check(poor, plan(*three.naval_actions[:2]))
    assert rules(result) == ["27.11"]
    assert "6 BRPs spent on construction but 5 BRPs available" in result[0].message
    report = derive_report(scenario(), three)[Power.GERMANY]
    assert (report.construction_brps, report.limit_used, report.brps_kept) == (9, 9, 191)


def test_naval_steps_past_the_oil_threshold_cost_6_brps() -> None:
    """27.35 [reading]: this turn's naval BRPs enter the 25-BRP oil threshold (no oil counter spent)
    in 3-BRP steps; 12 lay-downs are 12 steps, 8 fit inside (24 BRPs), the other 4 are past it and
    cost 6 BRPs each: 24 + 24 = 48 BRPs paid."""
    s = scenario(
        shipyards=[{"id": "kiel", "rate": 12}],
        designs=[{"id": "cruiser", "unit": "cruiser", "factors": 2, "count": 12}],
    )
    actions = [act(0, f"cruiser#{n}", "lay_down", "new", "row 2 fall") for n in range(1, 13)]
    inside = plan(*actions, naval=[NavalReport(power=Power.GERMANY, brps_by_turn=[36], oil_steps=0)])
    result = check(s, inside)
    assert rules(result) == ["27.35"]
    assert "36 BRPs of builds inside an oil threshold of 25 BRPs" in result[0].message
    past = inside.model_copy(
        update={"naval": [NavalReport(power=Power.GERMANY, brps_by_turn=[36], oil_steps=4)]}
    )
    assert check(s, reported(s, past)) == []
    report = derive_report(s, past)[Power.GERMANY]
    assert (report.construction_brps, report.limit_used) == (48, 48)
    [oil] = derive_oil(s, past)
    assert (oil.normal_cost_brps, oil.oil_affected_brps) == (24, 24)
    too_many = inside.model_copy(
        update={"naval": [NavalReport(power=Power.GERMANY, brps_by_turn=[36], oil_steps=5)]}
    )
    result = check(s, too_many)
    assert rules(result) == ["27.35"]
    assert "one more step (3 BRPs) fits inside it (21 of 25 BRPs used)" in result[0].message


def test_us_naval_steps_ignore_oil() -> None:
    """27.35 J: U.S. builds ignore the oil threshold: no U.S. naval step is past it."""
    s = scenario(USA, "usa")
    p = plan(
        act(0, "essex#1", "lay_down", "new", "row 3 winter", yard="us_pacific_box", power="usa"),
        naval=[NavalReport(power=Power.USA, brps_by_turn=[3], oil_steps=1)],
    )
    assert rules(check(s, p)) == ["27.35 J"]
