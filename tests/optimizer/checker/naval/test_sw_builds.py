"""The checker on SW units built at shipyards (27.721 A, 27.93, 27.94)."""

from __future__ import annotations

from models.plan import SWBuildLine
from models.scenario import MapState, Scenario
from models.tables import Power, UnitType
from optimizer.checker import check
from optimizer.checker.naval.spending import naval_spending
from optimizer.checker.violations import REPORT

from .helpers import GERMANY, USA, plan, rules, scenario, subs


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
    the Pacific box to the Pacific, submarines only once the U.S. and Japan are at war (25.91); a
    wrong list is a report error."""
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
    at_war = scenario(USA, "usa", us_at_war={"europe": False, "pacific": True})
    assert check(at_war, plan(sw=(line,))) == []
    assert rules(check(scenario(USA, "usa"), plan(sw=(line,)))) == [REPORT]


BRITAIN: dict = {
    "name": "british sw",
    "turn": {"season": "spring", "year": 1942},
    "faction": "western_allies",
    "powers": {
        "britain": {
            "brps": 100,
            "brp_base": 150,
            "naval": {
                "shipyards": [{"id": "glasgow"}, {"id": "canada_box"}, {"id": "australia_box"}],
                "sw_units": [{"id": "asw", "unit": "asw", "count": 2}],
            },
        }
    },
}


def british_asw(yard: str, placed: str) -> SWBuildLine:
    """27.711, 27.94 A: one British ASW, built in Britain or Canada: it may redeploy to the Atlantic."""
    return SWBuildLine(
        power=Power.BRITAIN,
        build="asw",
        unit=UnitType.ASW,
        yard=yard,
        factors=1,
        brps=3,
        placed=placed,
        sw_boxes=["atlantic"],
    )


def test_regression_british_asw_built_at_the_australia_yard() -> None:
    """27.711: SW units are built in a controlled, fully supplied home port (A), a U.S. box (B, U.S.
    only) or Canada (C, Britain only); Australia builds only destroyers and cruisers (27.712 D). The
    plan the planner used to give, an ASW paid with the Australia yard's point and 'placed in any
    port in Britain or Ulster', is refused; the same ASW from Glasgow or Canada is accepted."""
    s = Scenario.model_validate(BRITAIN)
    old = british_asw("australia_box", "any port in Britain or Ulster (27.93 D)")
    old = old.model_copy(update={"sw_boxes": []})  # 27.94 opens no box from Australia
    assert rules(check(s, plan(sw=(old,)))) == ["27.711"]
    assert check(s, plan(sw=(british_asw("glasgow", "any port in Britain or Ulster (27.93 D)"),))) == []
    assert check(s, plan(sw=(british_asw("canada_box", "Canada (27.93 E)"),))) == []


def test_sw_units_need_a_controlled_fully_supplied_home_port() -> None:
    """27.711 A, 27.71: with Kiel isolated a submarine paid with Kiel's points is still built in another
    German port; with every German port isolated or in enemy hands (Kiel, Hamburg, Konigsberg) none is."""
    isolated = scenario(GERMANY).model_copy(
        update={"map": MapState.model_validate({"sites": {"kiel": {"supply": "isolated"}}})}
    )
    assert check(isolated, plan(sw=(subs(1),))) == []
    cut = {
        "kiel": {"supply": "isolated"},
        "hamburg": {"controller": "britain"},
        "konigsberg": {"supply": "partial"},
    }
    none_left = scenario(GERMANY).model_copy(update={"map": MapState.model_validate({"sites": cut})})
    assert rules(check(none_left, plan(sw=(subs(1),)))) == ["27.711"]


JAPAN: dict = {
    "name": "japanese sw",
    "turn": {"season": "fall", "year": 1941},
    "faction": "japan",
    "powers": {
        "japan": {
            "brps": 100,
            "brp_base": 150,
            "naval": {
                "shipyards": [{"id": "tokyo"}],
                "sw_units": [
                    {"id": "i", "unit": "submarine", "count": 2},
                    {"id": "asw", "unit": "asw", "count": 2},
                ],
            },
        }
    },
}


def japanese(unit: str, boxes: list[str]) -> SWBuildLine:
    return SWBuildLine(
        power=Power.JAPAN,
        build="i" if unit == "submarine" else "asw",
        unit=UnitType(unit),
        yard="tokyo",
        factors=1,
        brps=3,
        placed="any port in Japan (27.93 C)",
        sw_boxes=boxes,
    )


def test_regression_japanese_submarines_offered_boxes_before_war() -> None:
    """25.91: Japanese submarines may not enter the Pacific SW box until war between Japan and the U.S.
    or USJT 40; 25.81: nor the Indian Ocean SW box until war between Japan and Britain, and not past an
    enemy-controlled Singapore (25.91); 25.22 E: Japanese ASW not the Pacific before war with the U.S.
    The plan the planner used to give at peace (submarines to the Pacific and Indian Ocean) is a
    report error; at USJT 40 the Pacific opens to submarines only; at war with both and with Singapore
    Japanese every box of 27.94 B, C opens."""
    peace = Scenario.model_validate(JAPAN)
    old = plan(sw=(japanese("submarine", ["pacific", "indian"]), japanese("asw", ["pacific"])))
    assert rules(check(peace, old)) == [REPORT, REPORT]
    assert check(peace, plan(sw=(japanese("submarine", []), japanese("asw", [])))) == []
    tension = Scenario.model_validate({**JAPAN, "usjt": 40})
    assert check(tension, plan(sw=(japanese("submarine", ["pacific"]), japanese("asw", [])))) == []
    war = {**JAPAN, "us_at_war": {"pacific": True}, "japan_at_war_with_britain": True}
    assert rules(check(Scenario.model_validate(war), old)) == [REPORT]  # Singapore British
    singapore = {**war, "sw": {"ports": {"singapore": {"controller": "japan"}}}}
    assert check(Scenario.model_validate(singapore), old) == []


def test_regression_british_asw_offered_every_sw_box_27_94() -> None:
    """27.94 A: SW units built in Europe redeploy to the Atlantic SW box; B and C give the Pacific and
    the Indian Ocean to units built in Japan or the Pacific U.S. box and to Japanese submarines. The
    planner's report once offered British ASW built at Glasgow all three boxes (while its deployment
    allowed the Atlantic only); that list is a report error, the Atlantic alone is right."""
    s = Scenario.model_validate(BRITAIN)
    every_box = british_asw("glasgow", "any port in Britain or Ulster (27.93 D)").model_copy(
        update={"sw_boxes": ["atlantic", "pacific", "indian"]}
    )
    assert rules(check(s, plan(sw=(every_box,)))) == [REPORT]
    assert check(s, plan(sw=(british_asw("glasgow", "any port in Britain or Ulster (27.93 D)"),))) == []


def test_regression_sw_units_not_placed_where_27_44_or_27_45_bars_new_units() -> None:
    """27.41: "The placement of newly constructed units is subject to the following limitations";
    27.44: "Units may not be constructed in hexes which are in an enemy ZoC"; 27.45: only in hexes
    "controlled by the constructing major power at the beginning of the player turn of construction",
    not in hexes "recaptured from the enemy until the player turn following their recapture". A
    submarine paid with Kiel's points is placed in a German port (27.93 A): with Kiel in an enemy ZoC it
    goes to another; with Kiel in an enemy ZoC, Hamburg recaptured this turn and Konigsberg taken
    during the turn, no German port is left and each breach is named. The checker had accepted it."""
    zoc = scenario(GERMANY).model_copy(
        update={"map": MapState.model_validate({"sites": {"kiel": {"enemy_zoc": True}}})}
    )
    assert check(zoc, plan(sw=(subs(1),))) == []
    sites = {
        "kiel": {"enemy_zoc": True},
        "hamburg": {"recaptured_this_turn": True},
        "konigsberg": {"controlled_at_turn_start": False},
    }
    none_left = scenario(GERMANY).model_copy(update={"map": MapState.model_validate({"sites": sites})})
    result = check(none_left, plan(sw=(subs(1),)))
    assert sorted(rules(result)) == ["27.44", "27.45", "27.45"]
    assert "no home port left to place it: hamburg was recaptured this turn" in " ".join(
        v.message for v in result
    )
