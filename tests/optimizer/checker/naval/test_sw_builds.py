"""The checker on SW units built at shipyards (27.721 A, 27.93, 27.94)."""

from __future__ import annotations

from models.plan import SWBuildLine
from models.tables import Power, UnitType
from optimizer.checker import check
from optimizer.checker.naval.spending import naval_spending
from optimizer.checker.violations import REPORT

from .helpers import USA, plan, rules, scenario, subs


def test_sw_units_are_launched_at_once_for_1_sb_and_3_brps_a_factor() -> None:
    """27.721 A: submarines, ASW and transports are launched immediately, at a cost of one
    shipbuilding point and three BRPs for each factor; at most the build's count."""
    s = scenario()
    assert check(s, plan(sw=(subs(2),))) == []
    assert naval_spending(s, plan(sw=(subs(2),)))[Power.GERMANY].brps == 6
    assert rules(check(s, plan(sw=(subs(2, brps=3),)))) == ["27.721 A"]
    over = scenario(shipyards=[{"id": "kiel", "rate": 12}])
    result = check(over, plan(sw=(subs(3), subs(2))))
    assert rules(result) == ["27.721 A"]
    assert "5 factors built, count 4" in result[0].message


def test_germany_builds_only_submarines() -> None:
    """27.93 A: Germany builds only submarines among SW units (a line of ASW breaks it, and does not
    match the submarine build)."""
    result = check(scenario(), plan(sw=(subs(1, unit="asw", sw_boxes=[]),)))
    assert sorted(rules(result)) == ["27.721 A", "27.93"]


def test_sw_units_need_a_shipyard_of_the_power() -> None:
    """27.711, 27.72: SW units are built with a shipyard's points, at a yard of the power."""
    assert rules(check(scenario(), plan(sw=(subs(1, yard="genoa"),)))) == ["27.711"]


def test_sw_boxes_of_27_94() -> None:
    """27.94 [reading]: German submarines may redeploy to the Atlantic SW box; U.S. units built in
    the Pacific box to the Pacific; a wrong list is a report error."""
    assert rules(check(scenario(), plan(sw=(subs(1, sw_boxes=["pacific"]),)))) == [REPORT]
    line = SWBuildLine(
        power=Power.USA,
        build="subs",
        unit=UnitType.SUBMARINE,
        yard="us_pacific_box",
        factors=2,
        brps=6,
        placed="either U.S. box (27.93 F)",
        sw_boxes=["pacific"],
    )
    assert check(scenario(USA, "usa"), plan(sw=(line,))) == []
