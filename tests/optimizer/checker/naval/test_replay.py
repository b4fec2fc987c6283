"""The checker's replay of the charts: yards, designs, CVEs and Australian ships over the horizon (27.712-27.7325)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from models.plan import ChartShipView, ChartSnapshot, NavalAction, NavalReport
from models.scenario import Scenario
from models.tables import Power, UnitType
from optimizer.checker import check
from optimizer.checker.naval.actions import shipyard_info
from optimizer.checker.violations import REPORT

from .helpers import (
    AX,
    AXIS_BREST,
    GERMANY,
    UNITS,
    USA,
    act,
    bcve,
    british_cves,
    kiel,
    plan,
    reported,
    rules,
    scenario,
    ship,
    subs,
)


def test_shipbuilding_points_are_at_most_the_rate() -> None:
    """27.724 A: the shipbuilding rate is the number of points which may be expended in that port in
    a single turn: Kiel at rate 4 lays down 4 ships, not 5."""
    s = scenario()
    four = [
        act(0, "graf#1", "lay_down", "new", "row 3 spring"),
        act(0, "graf#2", "lay_down", "new", "row 3 spring"),
        act(0, "cruiser#1", "lay_down", "new", "row 2 fall"),
        act(0, "cruiser#2", "lay_down", "new", "row 2 fall"),
    ]
    assert check(s, plan(*four)) == []
    result = check(s, plan(*four, act(0, "H-class#1", "lay_down", "new", "row 5 spring")))
    assert rules(result) == ["27.724 A"]
    assert "5 shipbuilding points used, rate 4" in result[0].message


def test_a_later_turns_breach_is_named_by_its_season_and_year() -> None:
    """27.724 A in the horizon's later turn (27.7): Kiel at rate 4 lays down 5 points' worth in the
    turn after spring 1942, and the breach names that turn summer 1942 (the plan's `turn` 1); an
    action past a 2-turn horizon names its turn and the horizon's by season and year."""
    s = scenario(horizon={"turns": 2})
    five = [
        act(1, "graf#1", "lay_down", "new", "row 3 summer"),
        act(1, "graf#2", "lay_down", "new", "row 3 summer"),
        act(1, "cruiser#1", "lay_down", "new", "row 2 winter"),
        act(1, "cruiser#2", "lay_down", "new", "row 2 winter"),
        act(1, "H-class#1", "lay_down", "new", "row 5 summer"),
    ]
    result = check(s, plan(*five))
    assert rules(result) == ["27.724 A"]
    assert result[0].message == "germany kiel in summer 1942: 5 shipbuilding points used, rate 4"
    late = check(s, plan(act(2, "graf#1", "lay_down", "new", "row 3 fall")))
    assert rules(late) == ["27.7"]
    assert late[0].message == (
        "naval action 1: germany kiel 'graf#1' lay_down in fall 1942: past the horizon of 2 turns "
        "(spring 1942 to summer 1942)"
    )


def test_starting_rate_from_27_731_when_the_scenario_gives_none() -> None:
    """27.731: Kiel starts at rate 2 (capacity 4, 27.741)."""
    s = scenario(shipyards=[{"id": "kiel"}])
    yard = shipyard_info(Power.GERMANY, s.powers[Power.GERMANY].naval.shipyards[0])  # type: ignore[union-attr]
    assert (yard.rate, yard.capacity) == (2, 4)
    three = plan(
        act(0, "graf#1", "lay_down", "new", "row 3 spring"),
        act(0, "graf#2", "lay_down", "new", "row 3 spring"),
        act(0, "cruiser#1", "lay_down", "new", "row 2 fall"),
    )
    assert rules(check(s, three)) == ["27.724 A"]


def test_rate_3_yard_builds_at_most_two_one_factor_units_a_turn() -> None:
    """27.7221 A: "no more than half (round up) of each major power's shipbuilding rate may be used
    to construct destroyers, CVEs, submarines, ASW and transports": 2 of a rate of 3, destroyers
    and submarines together; 27.7221 B: no such limit on cruisers and named ships."""
    s = scenario(shipyards=[{"id": "kiel", "rate": 3}])
    two = plan(
        act(0, "dd#1", "lay_down", "new", "launch summer"),
        act(0, "cruiser#1", "lay_down", "new", "row 2 fall"),
        sw=(subs(1),),
    )
    assert check(s, two) == []
    three = plan(
        act(0, "dd#1", "lay_down", "new", "launch summer"),
        act(0, "dd#2", "lay_down", "new", "launch summer"),
        sw=(subs(1),),
    )
    result = check(s, three)
    assert rules(result) == ["27.7221 A"]
    assert (
        "3 shipbuilding points on one-factor units, at most 2 (half of rate 3, rounded up)"
        in result[0].message
    )
    assert rules(check(s, plan(sw=(subs(3),)))) == ["27.7221 A"]


@pytest.mark.parametrize(("rate", "half"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_one_factor_points_are_half_the_rate_rounded_up(rate: int, half: int) -> None:
    """27.7221 A: half (round up) of a yard's rate on one-factor units: submarines here."""
    s = scenario(
        shipyards=[{"id": "kiel", "rate": rate}],
        sw_units=[{"id": "u-boats", "unit": "submarine", "count": 9}],
    )
    assert check(s, plan(sw=(subs(half),))) == []
    assert "27.7221 A" in rules(check(s, plan(sw=(subs(half + 1),))))


def test_full_yard_refuses_a_lay_down_until_a_launch_frees_room() -> None:
    """27.741: capacity is twice the rate, "New ships may not be laid down ... in excess of this
    limit"; 27.742: when a ship is launched "the construction of a new ship ... may be started in
    the same unit construction phase". Kiel at rate 1 holds 2 ships, and holds 2 already."""
    chart = [ship("Z40", "destroyer", 1, "launch", "spring"), ship("Hipper", "cruiser", 2, 2, "summer")]
    s = scenario(shipyards=[{"id": "kiel", "rate": 1, "chart": chart}])
    lay = act(0, "cruiser#1", "lay_down", "new", "row 2 fall")
    z40: dict[str, Any] = {"unit": "destroyer", "factors": 1}
    # Deferring the destroyer instead of launching it (itself barred: 27.7273) keeps the yard full.
    refused = check(s, plan(act(0, "Z40", "defer", "launch spring", "launch summer", **z40), lay))
    assert rules(refused) == ["27.7273", "27.741"]
    assert any(
        "3 ships on the Naval Construction Chart after the phase, capacity 2" in v.message for v in refused
    )
    assert check(s, plan(act(0, "Z40", "launch", "launch spring", "launched", **z40), lay)) == []


def test_us_box_capacity_is_ten_until_its_rate_passes_five() -> None:
    """27.724 B, 27.743: each U.S. box holds 10 ships though its starting rate is 1; once the rate
    exceeds 5 the capacity is twice the rate."""
    s = scenario(USA, "usa")
    naval = s.powers[Power.USA].naval
    assert naval is not None
    assert shipyard_info(Power.USA, naval.shipyards[0]).capacity == 10  # rate 4
    assert shipyard_info(Power.USA, naval.shipyards[1]).capacity == 20  # rate 10
    rate_1 = scenario(USA, "usa", shipyards=[{"id": "us_atlantic_box"}])
    yard = shipyard_info(Power.USA, rate_1.powers[Power.USA].naval.shipyards[0])  # type: ignore[union-attr]
    assert (yard.rate, yard.capacity) == (1, 10)


def test_captured_yard_only_repairs_at_rate_1_and_capacity_2() -> None:
    """27.713: captured shipyards may repair cruisers and named ships, "but not to build new ships";
    "Each captured shipyard has a shipbuilding rate of one and a shipyard capacity of two"."""
    data = copy.deepcopy(GERMANY)
    data["powers"]["germany"]["naval"]["shipyards"].append(
        {
            "id": "brest",
            "captured": True,
            "rate": 3,
            "waiting_for_repair": [
                {"id": "Prinz Eugen", "unit": "cruiser", "factors": 2},
                {"id": "Scharnhorst", "unit": "capital_ship", "factors": 3},
                {"id": "Gneisenau", "unit": "capital_ship", "factors": 3},
            ],
        }
    )
    data["map"] = AXIS_BREST
    s = Scenario.model_validate(data)
    yard = shipyard_info(Power.GERMANY, s.powers[Power.GERMANY].naval.shipyards[1])  # type: ignore[union-attr]
    assert (yard.rate, yard.capacity, yard.captured) == (1, 2, True)
    repairs = [
        act(
            0,
            "Prinz Eugen",
            "start_repair",
            "waiting",
            "launch summer",
            unit="cruiser",
            factors=2,
            yard="brest",
            cost=(0, 0),
        ),
        act(
            0,
            "Scharnhorst",
            "start_repair",
            "waiting",
            "launch fall",
            unit="capital_ship",
            factors=3,
            yard="brest",
        ),
    ]
    assert check(s, plan(*repairs)) == []
    third = act(
        0, "Gneisenau", "start_repair", "waiting", "launch fall", unit="capital_ship", factors=3, yard="brest"
    )
    assert rules(check(s, plan(*repairs, third))) == ["27.713", "27.724 A"]
    built = check(s, plan(act(0, "cruiser#1", "lay_down", "new", "row 2 fall", yard="brest")))
    assert rules(built) == ["27.713"]
    assert rules(check(s, plan(sw=(subs(1, yard="brest"),)))) == ["27.713"]


def test_new_ships_come_from_the_designs() -> None:
    """27.7251, 27.7224 [input]: counters never limit construction; the scenario's designs say
    what the player would lay down: '<design>#<n>' with n at most the design's count, laid down at
    most `count` times over the horizon, only at the design's yards (27.712)."""
    s = scenario(horizon={"turns": 2})
    assert rules(check(s, plan(act(0, "H-class#2", "lay_down", "new", "row 5 spring")))) == ["27.7251"]
    assert rules(
        check(s, plan(act(0, "Bismarck", "lay_down", "new", "row 5 spring", unit="capital_ship", factors=5)))
    ) == ["27.7251"]
    data = copy.deepcopy(GERMANY)
    data["powers"]["germany"]["naval"]["shipyards"].append({"id": "hamburg", "rate": 2})
    two_yards = Scenario.model_validate(data)
    both = plan(
        act(0, "H-class#1", "lay_down", "new", "row 5 spring"),
        act(0, "H-class#1", "lay_down", "new", "row 5 spring", yard="hamburg"),
    )
    result = check(two_yards, both)
    assert rules(result) == ["27.7251"]
    assert "laid down 2 times over the horizon, count 1" in result[0].message
    data["powers"]["germany"]["naval"]["designs"][0]["yards"] = ["hamburg"]
    restricted = Scenario.model_validate(data)
    assert rules(check(restricted, plan(both.naval_actions[0]))) == ["27.712"]
    assert check(restricted, plan(both.naval_actions[1])) == []


def test_canada_and_australia_yards_build_small_ships() -> None:
    """27.712 C: Canada builds "British destroyers, cruisers and two-factor named ships"; D:
    Australia "Australian destroyers and cruisers". Both may repair (27.7264)."""
    data = {
        "name": "commonwealth yards",
        "turn": {"season": "spring", "year": 1942},
        "faction": "western_allies",
        "powers": {
            "britain": {
                "brps": 100,
                "brp_base": 120,
                "naval": {
                    "shipyards": [
                        {"id": "canada_box"},
                        {
                            "id": "australia_box",
                            "rate": 2,
                            "waiting_for_repair": [{"id": "Hood", "unit": "capital_ship", "factors": 4}],
                        },
                    ],
                    "designs": [
                        {"id": "cl", "unit": "capital_ship", "factors": 2, "count": 2},
                        {"id": "kgv", "unit": "capital_ship", "factors": 4, "count": 1},
                        {"id": "town", "unit": "cruiser", "factors": 2, "count": 2},
                    ],
                },
            }
        },
    }
    s = Scenario.model_validate(data)

    def lay(name: str, after: str, yard: str) -> NavalAction:
        return act(0, name, "lay_down", "new", after, yard=yard, power="britain")

    assert check(s, plan(lay("cl#1", "row 2 spring", "canada_box"))) == []
    assert check(s, plan(lay("town#1", "row 2 fall", "australia_box"))) == []
    assert rules(check(s, plan(lay("cl#1", "row 2 spring", "australia_box")))) == ["27.712"]
    result = check(s, plan(lay("kgv#1", "row 4 spring", "canada_box")))
    assert rules(result) == ["27.712"]
    assert "Canada builds destroyers, cruisers and two-factor named ships, not a 4-factor capital_ship" in (
        result[0].message
    )
    hood = act(
        0, "Hood", "start_repair", "waiting", "launch fall", unit="capital_ship", factors=4, power="britain"
    )
    assert check(s, plan(hood.model_copy(update={"yard": "australia_box"}))) == []


def test_ship_laid_down_twice() -> None:
    """27.7251: only a new ship is laid down; once on the chart it continues (27.7272)."""
    s = scenario(horizon={"turns": 2})
    p = plan(
        act(0, "cruiser#1", "lay_down", "new", "row 2 fall"),
        act(1, "cruiser#1", "lay_down", "new", "row 2 winter"),
    )
    assert "27.7251" in rules(check(s, p))


def test_us_fast_carriers_before_war_with_japan() -> None:
    """27.7325: before war between the U.S. and Japan, American fast carrier construction is
    prohibited except one per permitting event (`fast_carrier_permits`: 1 here); not at war's
    outbreak (27.7222 A: the U.S. builds CVs, CVBs and CVLs)."""
    essex = [
        act(0, "essex#1", "lay_down", "new", "row 3 winter", yard="us_pacific_box", power="usa"),
        act(0, "essex#2", "lay_down", "new", "row 3 winter", yard="us_pacific_box", power="usa"),
    ]
    assert check(scenario(USA, "usa"), plan(essex[0])) == []
    result = check(scenario(USA, "usa"), plan(*essex))
    assert rules(result) == ["27.7325"]
    assert "2 fast carriers laid down before war with Japan, 1 permitted" in result[0].message
    at_war = scenario(USA, "usa", us_at_war={"europe": False, "pacific": True})
    assert check(at_war, plan(*essex)) == []


def test_american_cves_need_usat_35_and_fit_the_naval_air_rate() -> None:
    """27.7223 C: "The U.S. may build American CVEs once USAT reach 35. Construction of American
    CVEs is limited by the American naval air training rate" (4, 27.61, + 1 RP increase here)."""
    s = scenario(USA, "usa", naval_air={"rp_increase": 1})

    def cve(n: int, yard: str) -> NavalAction:
        return act(0, f"cve#{n}", "lay_down", "new", "launch spring", yard=yard, power="usa")

    five = [
        cve(1, "us_atlantic_box"),
        cve(2, "us_atlantic_box"),
        *(cve(n, "us_pacific_box") for n in (1, 2, 3)),
    ]
    assert check(s, plan(*five)) == []
    result = check(s, plan(*five, cve(4, "us_pacific_box")))
    assert rules(result) == ["27.7223 C"]
    assert "6 CVEs laid down, naval air training rate 5" in result[0].message
    early = scenario(USA, "usa", usat=34)
    assert rules(check(early, plan(five[0]))) == ["27.7223 C"]


def test_minimum_builds_count_sw_units_and_ships_launched_this_turn() -> None:
    """Requirement [reading]: minimum builds count SW units built (27.721 A: launched at once) and
    ships launched this turn (Tirpitz, 4 factors, continued from row 2), not ships laid down."""
    chart = [ship("Tirpitz", "capital_ship", 4, 2, "spring")]
    data = copy.deepcopy(GERMANY)
    data["powers"]["germany"]["naval"]["shipyards"] = kiel(chart)
    data["objective"] = {
        "minimum": [
            {"factors": 2, "unit": "submarine", "power": "germany"},
            {"factors": 4, "unit": "capital_ship"},
        ]
    }
    s = Scenario.model_validate(data)
    tirpitz = act(0, "Tirpitz", "continue", "row 2 spring", "launched", unit="capital_ship", factors=4)
    assert check(s, plan(tirpitz, sw=(subs(2),))) == []
    short = check(
        s,
        plan(
            act(0, "Tirpitz", "defer", "row 2 spring", "row 2 summer", unit="capital_ship", factors=4),
            act(0, "graf#1", "lay_down", "new", "row 3 spring"),
            sw=(subs(1),),
        ),
    )
    assert [(v.rule, v.kind) for v in short] == [("objective.minimum", "requirement")] * 2
    assert "germany: at least 2 submarine factors): 1 built" in short[0].message
    assert "the faction: at least 4 capital_ship factors): 0 built" in short[1].message


def test_actions_outside_the_naval_powers_yards_and_horizon() -> None:
    """27.7: naval actions need a power with naval construction, a turn of the horizon, and a yard
    with a Naval Construction Chart (27.723)."""
    s = scenario()
    assert rules(check(s, plan(act(1, "cruiser#1", "lay_down", "new", "row 2 winter")))) == ["27.7"]
    assert rules(check(s, plan(act(0, "cruiser#1", "lay_down", "new", "row 2 fall", yard="hamburg")))) == [
        "27.723"
    ]
    italy = act(0, "cruiser#1", "lay_down", "new", "row 2 fall", yard="genoa", power="italy")
    assert rules(check(s, plan(italy))) == ["27.7"]
    data = copy.deepcopy(GERMANY)
    data["powers"]["italy"] = {"brps": 50, "brp_base": 60}
    assert rules(check(Scenario.model_validate(data), plan(italy))) == ["27.7"]


def test_solver_plan_over_four_turns_passes() -> None:
    """27.7 as a whole: the plan `awaw plan` made for this German position over 4 turns (Kiel rate
    4; Tirpitz in row 2 and Z40 in the Launch row of spring, Hipper in row 2 of summer, Scharnhorst
    waiting) passes, chart snapshots, reports and accounting included."""
    chart = [
        ship("Tirpitz", "capital_ship", 4, 2, "spring"),
        ship("Hipper", "cruiser", 2, 2, "summer"),
        ship("Z40", "destroyer", 1, "launch", "spring"),
    ]
    designs = [
        {"id": "H-class", "unit": "capital_ship", "factors": 5, "count": 1},
        {"id": "cruiser", "unit": "cruiser", "factors": 2, "count": 2},
        {"id": "destroyer", "unit": "destroyer", "factors": 1, "count": 2},
    ]
    s = scenario(
        shipyards=kiel(chart, [{"id": "Scharnhorst", "unit": "capital_ship", "factors": 3}]),
        designs=designs,
        horizon={"turns": 4, "discount": 0.9},
    )
    named: dict[str, Any] = {"unit": "capital_ship"}
    actions = [
        act(0, "Scharnhorst", "start_repair", "waiting", "launch fall", factors=3, **named),
        act(0, "Tirpitz", "continue", "row 2 spring", "launched", factors=4, **named),
        act(0, "Z40", "launch", "launch spring", "launched", unit="destroyer", factors=1),
        act(1, "Hipper", "continue", "row 2 summer", "launched", unit="cruiser", factors=2),
        act(1, "cruiser#1", "lay_down", "new", "row 2 winter"),
        act(1, "cruiser#2", "lay_down", "new", "row 2 winter"),
        act(1, "destroyer#1", "lay_down", "new", "launch fall"),
        act(2, "H-class#1", "lay_down", "new", "row 5 fall"),
        act(2, "Scharnhorst", "launch", "launch fall", "launched", factors=3, **named),
        act(2, "destroyer#1", "launch", "launch fall", "launched"),
        act(2, "destroyer#2", "lay_down", "new", "launch winter"),
        act(3, "cruiser#1", "continue", "row 2 winter", "launched"),
        act(3, "cruiser#2", "continue", "row 2 winter", "launched"),
        act(3, "destroyer#2", "launch", "launch winter", "launched"),
    ]

    def view(name: str, row: str, column: str) -> ChartShipView:
        unit, factors = {
            "Tirpitz": ("capital_ship", 4),
            "Hipper": ("cruiser", 2),
            "Z40": ("destroyer", 1),
            "Scharnhorst": ("capital_ship", 3),
        }.get(name) or UNITS[name.split("#")[0]]
        return ChartShipView(ship=name, unit=UnitType(unit), factors=factors, row=row, column=column)

    snapshots = [
        (
            [("Tirpitz", "2", "spring"), ("Hipper", "2", "summer"), ("Z40", "launch", "spring")],
            ["Scharnhorst"],
        ),
        ([("Hipper", "2", "summer"), ("Scharnhorst", "launch", "fall")], []),
        (
            [
                ("Scharnhorst", "launch", "fall"),
                ("cruiser#1", "2", "winter"),
                ("cruiser#2", "2", "winter"),
                ("destroyer#1", "launch", "fall"),
            ],
            [],
        ),
        (
            [
                ("H-class#1", "5", "fall"),
                ("cruiser#1", "2", "winter"),
                ("cruiser#2", "2", "winter"),
                ("destroyer#2", "launch", "winter"),
            ],
            [],
        ),
        ([("H-class#1", "5", "fall")], []),
    ]
    charts = [
        ChartSnapshot(
            power=Power.GERMANY,
            yard="kiel",
            turn=t,
            ships=[view(*v) for v in ships],
            waiting_for_repair=waiting,
        )
        for t, (ships, waiting) in enumerate(snapshots)
    ]
    p = plan(
        *actions,
        sw=(subs(2),),
        charts=charts,
        naval=[NavalReport(power=Power.GERMANY, brps_by_turn=[12, 12, 6, 6], oil_steps=0)],
        oil_counters_spent={AX: 0},
    )
    full = reported(s, p)
    assert check(s, full) == []
    report = full.powers[Power.GERMANY]
    assert (report.construction_brps, report.limit_used, report.brps_kept) == (12, 12, 188)
    assert full.oil[0].normal_cost_brps == 12
    # Dropping Z40's launch leaves it in the spring column in spring (and on the later snapshots).
    dropped = check(s, full.model_copy(update={"naval_actions": [a for a in actions if a.ship != "Z40"]}))
    assert [v.rule for v in dropped if v.kind != REPORT] == ["27.7272"]
    assert any("charts.germany.kiel.turn 1.ships" in v.message for v in dropped)


def test_british_cves_from_usat_28() -> None:
    """27.7223 B: "The U.S. may build British CVEs once USAT reach 28" (American CVEs only from 35,
    C): refused at USAT 27, allowed at 28, where the grant limit is 28 - 25 = 3 BRPs, one lay-down."""
    refused = check(british_cves(27, europe=False), plan(bcve(1)))
    assert rules(refused) == ["27.7223 B", "27.7223 B"]
    assert "1 British CVEs laid down, but USAT 27 is below 28" in refused[0].message
    assert check(british_cves(28, europe=False), plan(bcve(1))) == []
    assert rules(
        check(
            british_cves(28, europe=False),
            plan(act(0, "cve#1", "lay_down", "new", "launch spring", yard="us_pacific_box", power="usa")),
        )
    ) == ["27.7223 C"]


def test_british_cves_fit_britains_naval_air_rate() -> None:
    """27.7223 B: "Construction of British CVEs is limited by the British naval air training rate"
    (2, 27.61; 3 with one RP increase when Britain is planned), counted apart from the American
    CVEs and their rate (4, 27.7223 C). At war with Germany, no grant limit."""
    s = british_cves(40, europe=True)
    two = [bcve(1), bcve(2, "us_atlantic_box")]
    american = [
        act(0, f"cve#{n}", "lay_down", "new", "launch spring", yard="us_pacific_box", power="usa")
        for n in (1, 2, 3, 4)
    ]
    assert check(s, plan(*two, *american)) == []
    result = check(s, plan(*two, bcve(3)))
    assert rules(result) == ["27.7223 B"]
    assert "3 British CVEs laid down, British naval air training rate 2" in result[0].message
    with_britain = british_cves(
        40, europe=True, britain={"brps": 50, "brp_base": 60, "naval_air": {"rp_increase": 1}}
    )
    assert check(with_britain, plan(*two, bcve(3))) == []
    # A later turn has its own rate: two more in spring, as the first two launch.
    later = british_cves(40, europe=True)
    later = later.model_copy(update={"horizon": later.horizon.model_copy(update={"turns": 2})})
    launches = [
        act(1, "bcve#1", "launch", "launch spring", "launched", yard="us_pacific_box", power="usa"),
        act(1, "bcve#2", "launch", "launch spring", "launched", yard="us_atlantic_box", power="usa"),
    ]
    spring = [
        act(1, f"bcve#{n}", "lay_down", "new", "launch summer", yard="us_pacific_box", power="usa")
        for n in (3, 4, 5)
    ]
    assert check(later, plan(*two, *launches, *spring[:2])) == []
    assert rules(check(later, plan(*two, *launches, *spring))) == ["27.7223 B"]


def australia(destroyers: int = 0, cruisers: int = 0, turns: int = 1) -> Scenario:
    """Britain with the Australia yard (rate 2: one point on one-factor units a turn, 27.7221 A)."""
    return Scenario.model_validate(
        {
            "name": "australian ships",
            "turn": {"season": "spring", "year": 1942},
            "faction": "western_allies",
            "horizon": {"turns": turns},
            "powers": {
                "britain": {
                    "brps": 100,
                    "brp_base": 120,
                    "naval": {
                        "shipyards": [{"id": "australia_box", "rate": 2}],
                        "designs": [
                            {"id": "dd", "unit": "destroyer", "factors": 1, "count": 3},
                            {"id": "town", "unit": "cruiser", "factors": 2, "count": 3},
                        ],
                        "australian_destroyers_in_play": destroyers,
                        "australian_cruisers_in_play": cruisers,
                    },
                }
            },
        }
    )


def aus(turn: int, name: str, after: str) -> NavalAction:
    return act(turn, name, "lay_down", "new", after, yard="australia_box", power="britain")


def test_australian_ships_in_play() -> None:
    """27.712 D: "No more than two Australian destroyer factors and two Australian CA2s may be in
    play at any time": with 2 destroyer factors in play a destroyer lay-down is refused; with 1, one
    over the horizon; with 2 CA2s in play no cruiser; with 1, one."""
    result = check(australia(destroyers=2), plan(aus(0, "dd#1", "launch summer")))
    assert rules(result) == ["27.712 D"]
    assert "1 Australian destroyer factors laid down over the horizon, at most 2 - 2 in play = 0" in (
        result[0].message
    )
    one = australia(destroyers=1, turns=2)
    launch = act(1, "dd#1", "launch", "launch summer", "launched", yard="australia_box", power="britain")
    assert check(one, plan(aus(0, "dd#1", "launch summer"), launch)) == []
    both = plan(aus(0, "dd#1", "launch summer"), launch, aus(1, "dd#2", "launch fall"))
    assert rules(check(one, both)) == ["27.712 D"]
    assert check(australia(turns=2), both) == []
    assert rules(check(australia(cruisers=2), plan(aus(0, "town#1", "row 2 fall")))) == ["27.712 D"]
    cruisers = australia(cruisers=1, turns=2)
    assert check(cruisers, plan(aus(0, "town#1", "row 2 fall"))) == []
    assert rules(check(cruisers, plan(aus(0, "town#1", "row 2 fall"), aus(1, "town#2", "row 2 winter")))) == [
        "27.712 D"
    ]
