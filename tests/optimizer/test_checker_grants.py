"""The independent checker on BRP grants (rule 40), rule family by rule family.

Hand-written positions and plans; every number comes from the rules text of rule 40 and the
README's "How rule 40 (BRP grants) is read", and each docstring cites its rule.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from models.plan import BuildLine, GrantLine, Plan, RouteOpening, TransportUse
from models.route_data import LEG_BY_ID, LEGS, RECIPIENT_NODES, Route, leg_id
from models.scenario import Scenario
from models.tables import Faction, Power
from optimizer import checker
from optimizer.checker import (
    Violation,
    brps_available,
    check,
    construction_limit,
    derive_report,
    expected_brps,
    oil_allowed,
    oil_for_construction,
    pair_totals,
    route_capacity,
    route_closure,
    transports_required,
    usat_grant_cap,
)

WA, RU = Faction.WESTERN_ALLIES, Faction.RUSSIA

# --------------------------------------------------------------------------- fixtures

# Every route open and roomy, the U.S. at war in both theaters, Germany and Russia at war for
# four Allied turns (Murmansk at 20): each test closes or tightens what it is about.
ALLIES: dict[str, Any] = {
    "name": "grants test",
    "turn": {"season": "summer", "year": 1942},
    "faction": "western_allies",
    "oil_counters": {"western_allies": 2, "russia": 0},
    "us_at_war": {"europe": True, "pacific": True},
    "powers": {
        "britain": {
            "brps": 100,
            "brp_base": 150,  # limit 50
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 80},
                {"id": "canadian", "unit": "infantry", "count": 12, "nationality": "canadian"},
                {"id": "south-african", "unit": "infantry", "count": 6, "nationality": "south_african"},
                {"id": "indian", "unit": "infantry", "count": 6, "nationality": "indian"},
                {"id": "australian", "unit": "infantry", "count": 12, "nationality": "australian"},
            ],
        },
        "france": {"brps": 30, "brp_base": 45, "force_pool": []},  # limit 15
        "usa": {
            "brps": 200,
            "brp_base": 300,  # limit 100
            "force_pool": [{"id": "inf", "unit": "infantry", "count": 40}],
        },
        "russia": {
            "brps": 60,
            "brp_base": 120,  # limit 40
            "force_pool": [{"id": "inf", "unit": "infantry", "count": 80}],
        },
        "china": {"brps": 10, "brp_base": 30, "force_pool": []},  # limit 10
    },
    "grants": {
        "usat": 50,
        "germany_russia_war_turns": 4,
        "anglo_french_cooperation_lifted": True,
        "transports": {"atlantic": 20, "pacific": 20, "indian": 20},
        "persia": {"opened": True},
        "turkey": {"ankara_allied": True},
        "siberia": {"highway_built": True},
        "china": {"port_recaptured": True, "haiphong": True, "air_transport_factors": 1},
    },
}

AXIS: dict[str, Any] = {
    "name": "axis grants test",
    "turn": {"season": "spring", "year": 1942},
    "faction": "european_axis",
    "powers": {
        "germany": {"brps": 100, "brp_base": 150, "force_pool": []},  # limit 50
        "italy": {
            "brps": 20,
            "brp_base": 30,  # limit 10
            "force_pool": [{"id": "inf", "unit": "infantry", "count": 30}],
        },
    },
    "grants": {},
}

US_BRITAIN = ["us_atlantic_box", "britain"]
US_FRANCE = ["us_atlantic_box", "france"]
US_CANADA = ["us_atlantic_box", "canada_box"]
US_SOUTH_AFRICA = ["us_atlantic_box", "south_africa_box"]
US_INDIA_BY_SOUTH_AFRICA = ["us_atlantic_box", "south_africa_box", "india_box"]
US_INDIA_BY_AUSTRALIA = ["us_pacific_box", "australia_box", "india_box"]
BRITAIN_FRANCE = ["britain", "france"]
BRITAIN_MURMANSK = ["britain", "murmansk_box", "murmansk", "vologda", "russia"]
BRITAIN_ARCHANGEL = ["britain", "murmansk_box", "archangel", "vologda", "russia"]
US_MURMANSK = ["us_atlantic_box", "murmansk_box", "murmansk", "vologda", "russia"]
BRITAIN_PERSIA = ["britain", "south_africa_box", "persian_gulf", "basra_abadan", "tehran", "russia"]
US_PERSIA = ["us_atlantic_box", "south_africa_box", "persian_gulf", "basra_abadan", "tehran", "russia"]
BRITAIN_TURKEY = ["britain", "turkish_port", "russia"]
US_SIBERIA = ["us_pacific_box", "siberia", "russia"]
US_CHINESE_PORT = ["us_pacific_box", "chinese_port", "china"]
US_HUMP = ["us_pacific_box", "burma_port", "indian_airbase", "kunming", "china"]
US_BURMA_ROAD_BY_INDIA = ["us_atlantic_box", "south_africa_box", "india_box", "mandalay", "kunming", "china"]
US_BURMA_ROAD_BY_AUSTRALIA = ["us_pacific_box", "australia_box", "india_box", "mandalay", "kunming", "china"]
GERMANY_ITALY = ["germany", "italy"]
FRANCE_MURMANSK = ["france", "murmansk_box", "murmansk", "vologda", "russia"]
FRANCE_TURKEY = ["france", "turkish_port", "russia"]
FRANCE_PERSIA = ["france", "south_africa_box", "persian_gulf", "basra_abadan", "tehran", "russia"]

RECIPIENT_OF_NODE = {node: recipient for recipient, node in RECIPIENT_NODES.items()}


def scenario(
    base: dict[str, Any] = ALLIES, *, grants: dict[str, Any] | None = None, **changes: Any
) -> Scenario:
    """A copy of `base` with its `grants` section updated (one level deep) and top-level fields
    replaced, validated."""
    data = copy.deepcopy(base)
    for key, value in (grants or {}).items():
        if isinstance(value, dict) and isinstance(data["grants"].get(key), dict):
            data["grants"][key].update(value)
        else:
            data["grants"][key] = value
    data.update(changes)
    return Scenario.model_validate(data)


def edited(base: dict[str, Any], power: str, **fields: Any) -> Scenario:
    """`base` with fields of one power replaced."""
    data = copy.deepcopy(base)
    data["powers"][power].update(fields)
    return Scenario.model_validate(data)


def grant(
    grantor: str,
    path: list[str],
    brps: int,
    *,
    oil: int = 0,
    recipient: str | None = None,
    expected: float | None = None,
) -> GrantLine:
    """A grant line along `path`; the recipient and the route are read off the route map."""
    route = next(
        (
            LEG_BY_ID[f"{a}->{b}"].route
            for a, b in zip(path, path[1:], strict=False)
            if f"{a}->{b}" in LEG_BY_ID and LEG_BY_ID[f"{a}->{b}"].route is not None
        ),
        None,
    )
    return GrantLine(
        grantor=Power(grantor),
        recipient=recipient or RECIPIENT_OF_NODE[path[-1]],
        path=path,
        route=route.value if route is not None else None,
        brps=brps,
        oil_counters=oil,
        expected_brps=expected,
    )


def build(power: str, entry: str, site: str, factors: int) -> BuildLine:
    """Infantry of 1 factor a counter at 1 BRP a factor (27.11 A)."""
    return BuildLine(
        power=Power(power),
        entry=entry,
        unit="infantry",
        site=site,
        counters=factors,
        factors=factors,
        brps=factors,
    )


def plan(
    *grants: GrantLine,
    builds: list[BuildLine] | None = None,
    openings: list[RouteOpening] | None = None,
    transports: list[TransportUse] | None = None,
    spent: dict[Faction, int] | None = None,
) -> Plan:
    return Plan(
        scenario="test",
        grants=list(grants),
        builds=builds or [],
        route_openings=openings or [],
        transports=transports or [],
        oil_counters_spent=spent or {},
    )


def rules(violations: list[Violation]) -> list[str]:
    return [v.rule for v in violations]


# --------------------------------------------------------------------------- grant mode


def test_no_grants_section_no_grant_decisions() -> None:
    """40 (README): without a `grants:` section grants are fixed inputs (`grants_made`), so a plan
    may not grant, escort or open routes; each list is one violation."""
    data = copy.deepcopy(ALLIES)
    del data["grants"]
    s = Scenario.model_validate(data)
    result = check(
        s,
        plan(
            grant("usa", US_BRITAIN, 5),
            openings=[RouteOpening(route="siberia", paid_by=Power.USA, brps=25)],
            transports=[TransportUse(leg="us_atlantic_box->britain", ocean="atlantic", transports=1)],
        ),
    )
    assert rules(result) == ["40", "40", "40"]
    # the fixed grants still work as before: 10 BRPs from the U.S. to Britain (40.23)
    fixed = edited({**ALLIES, "grants": None}, "usa", grants_made=[{"to": "britain", "brps": 10}])
    assert brps_available(fixed, Power.BRITAIN) == 110
    assert construction_limit(fixed, Power.USA) == 100 - 3


def test_empty_plan_is_legal_in_grant_mode() -> None:
    """40.11: granting is optional; a plan without grants breaks nothing."""
    assert check(scenario(), plan()) == []


def test_grants_made_are_minimums() -> None:
    """40.23 (README): with a `grants:` section each `grants_made` entry is a minimum for its pair:
    the U.S. must grant Britain at least 10 BRPs, here split over two lines (6 + 4)."""
    s = edited(ALLIES, "usa", grants_made=[{"to": "britain", "brps": 10}])
    assert check(s, plan(grant("usa", US_BRITAIN, 6), grant("usa", US_BRITAIN, 4))) == []
    assert check(s, plan(grant("usa", US_BRITAIN, 12))) == []
    result = check(s, plan(grant("usa", US_BRITAIN, 9)))
    assert rules(result) == ["40.23"]
    assert result[0].message == "usa -> britain: 9 BRPs granted, the scenario's grants_made require 10"


# --------------------------------------------------------------------------- effects (40.23, 27.334, 27.34, 40.244)


def test_us_grant_to_britain_moves_brps_and_limits() -> None:
    """40.23, 27.334, 27.34: the U.S. grants Britain 20 BRPs: the U.S. loses 20 BRPs and
    floor(20 / 3) = 6 of its limit (100 -> 94), Britain gains 20 BRPs and 6 of limit
    (50 -> 56) and may build with them this turn."""
    s = scenario()
    grants = [grant("usa", US_BRITAIN, 20)]
    p = plan(*grants)
    assert pair_totals(s, p) == {(Power.USA, "britain"): 20}
    assert construction_limit(s, Power.USA, p) == 94
    assert construction_limit(s, Power.BRITAIN, p) == 56
    assert brps_available(s, Power.USA, p) == 180
    assert brps_available(s, Power.BRITAIN, p) == 120
    # two oil counters: a threshold of 75 BRPs, so that only the limit binds (27.35)
    assert check(s, plan(*grants, builds=[build("britain", "inf", "london", 56)], spent={WA: 2})) == []
    result = check(s, plan(*grants, builds=[build("britain", "inf", "london", 57)], spent={WA: 2}))
    assert rules(result) == ["27.31"]
    assert result[0].message == "britain: 57 BRPs count against a construction limit of 56"


def test_limit_effect_is_per_pair_total() -> None:
    """27.334, 27.34 (README: floor(g / 3) per recipient): two lines of 2 BRPs to Russia make one
    grant of 4, so Britain's limit drops by 1 and Russia's rises by 1 (not 0 + 0)."""
    s = scenario()
    p = plan(grant("britain", BRITAIN_MURMANSK, 2), grant("britain", BRITAIN_TURKEY, 2))
    assert construction_limit(s, Power.BRITAIN, p) == 49
    assert construction_limit(s, Power.RUSSIA, p) == 41
    assert check(s, p) == []


def test_us_grant_to_canada_counts_fully_against_the_us() -> None:
    """40.23 A, 40.244: the U.S. grants Canada 9 BRPs by land (40.244 A): the U.S. loses 9 of
    its limit (1:1), Britain neither BRPs nor limit; the grant pays for 9 BRPs of Canadian
    units, which cost Britain nothing, and must not exceed what is spent on them."""
    s = scenario()
    grants = [grant("usa", US_CANADA, 9)]
    p = plan(*grants)
    assert construction_limit(s, Power.USA, p) == 91
    assert construction_limit(s, Power.BRITAIN, p) == 50
    assert brps_available(s, Power.BRITAIN, p) == 100
    assert transports_required(s, p) == {}
    legal = plan(*grants, builds=[build("britain", "canadian", "canada_box", 9)])
    assert check(s, legal) == []
    report = derive_report(s, legal)[Power.BRITAIN]
    assert (report.construction_brps, report.limit_used) == (0, 0)
    result = check(s, plan(*grants, builds=[build("britain", "canadian", "canada_box", 8)]))
    assert rules(result) == ["40.244"]
    assert result[0].message == "canada: the U.S. grants 9 BRPs but only 8 BRPs are spent on its units"


def test_grants_and_openings_may_not_exceed_brps() -> None:
    """40.23 A: the grantor deducts the grant from its BRP total: France (30 BRPs) may grant Russia
    30 (20 by Murmansk, 10 by Turkey) but not 31; 40.521: opening Persia takes 25 of Britain's
    100 BRPs, leaving 75 to grant."""
    s = scenario()
    thirty = [grant("france", FRANCE_MURMANSK, 20), grant("france", FRANCE_TURKEY, 10)]
    assert check(s, plan(*thirty)) == []
    result = check(s, plan(*thirty, grant("france", FRANCE_PERSIA, 1)))
    assert rules(result) == ["40.23 A"]
    assert result[0].message == "france: grants made and routes opened exceed its BRPs (-1 BRPs left)"
    opening = RouteOpening(route="persia", paid_by=Power.BRITAIN, brps=25)
    closed = scenario(grants={"persia": {"opened": False}})
    seventy_five = [
        grant("britain", BRITAIN_MURMANSK, 20),
        grant("britain", BRITAIN_TURKEY, 10),
        grant("britain", BRITAIN_FRANCE, 45),
    ]
    assert check(closed, plan(*seventy_five, openings=[opening])) == []
    more = plan(*seventy_five, grant("britain", BRITAIN_FRANCE, 1), openings=[opening])
    assert rules(check(closed, more)) == ["40.23 A"]


def test_granted_brps_pay_for_the_recipients_builds() -> None:
    """40.23 B: Russia (60 BRPs) receives 12 by Murmansk and may spend 72 this turn; its limit
    rises by floor(12 / 3) = 4."""
    s = edited({**ALLIES, "oil_counters": {"western_allies": 2, "russia": 2}}, "russia", brp_base=300)
    grants = [grant("britain", BRITAIN_MURMANSK, 12)]
    assert construction_limit(s, Power.RUSSIA, plan(*grants)) == 104
    assert brps_available(s, Power.RUSSIA, plan(*grants)) == 72
    assert check(s, plan(*grants, builds=[build("russia", "inf", "moscow", 72)], spent={RU: 2})) == []
    result = check(s, plan(*grants, builds=[build("russia", "inf", "moscow", 73)], spent={RU: 2}))
    assert rules(result) == ["27.11"]
    assert result[0].message == "russia: 73 BRPs spent on construction but 72 BRPs available"


# --------------------------------------------------------------------------- who may grant (40.3)

US_AUSTRALIA = ["us_pacific_box", "australia_box"]
NOT_AT_WAR_WITH_GERMANY = {"us_at_war": {"europe": False, "pacific": True}}
NOT_AT_WAR_WITH_JAPAN = {"us_at_war": {"europe": True, "pacific": False}}
PAIR_CASES = [
    # (grantor, path, brps, changes to the grants section, top-level changes, rule)
    ("britain", BRITAIN_FRANCE, 5, {"anglo_french_cooperation_lifted": False}, {}, "40.34 A"),
    ("britain", BRITAIN_FRANCE, 5, {"paris_allied": False}, {}, "40.34 A"),
    ("britain", BRITAIN_MURMANSK, 5, {"germany_russia_war_turns": 0}, {}, "40.34 B"),
    ("france", FRANCE_MURMANSK, 5, {"germany_russia_war_turns": 0}, {}, "40.35"),
    ("usa", US_FRANCE, 5, {"paris_allied": False}, {}, "40.331 A"),
    ("usa", US_MURMANSK, 5, {}, NOT_AT_WAR_WITH_GERMANY, "40.331 B"),
    ("usa", US_MURMANSK, 5, {"germany_russia_war_turns": 0}, {}, "40.331 B"),
    ("usa", US_INDIA_BY_SOUTH_AFRICA, 3, {}, NOT_AT_WAR_WITH_JAPAN, "40.332 B"),
    ("usa", US_AUSTRALIA, 3, {}, NOT_AT_WAR_WITH_JAPAN, "40.332 B"),
]
DOMINION_BUILDS = {
    "india": [build("britain", "indian", "calcutta", 3)],
    "australia": [build("britain", "australian", "darwin", 3)],
}


@pytest.mark.parametrize(("grantor", "path", "brps", "grants", "changes", "rule"), PAIR_CASES)
def test_pair_restrictions(
    grantor: str, path: list[str], brps: int, grants: dict[str, Any], changes: dict[str, Any], rule: str
) -> None:
    """40.34 A: Britain grants to France only once Anglo-French cooperation restrictions are lifted
    and Paris is Allied; 40.34 B, 40.35: Britain and France grant to Russia once Russia and
    Germany have gone to war; 40.331 A: the U.S. grants to France only with Paris Allied;
    40.331 B: the U.S. grants to Russia only at war with Germany, once Russia and Germany are at
    war; 40.332 B: the U.S. grants to Australia and India only after war with Japan (or a
    British surrender). Each grant is legal in the open fixture and breaks exactly its rule when
    the state bars it."""
    line = grant(grantor, path, brps)
    legal = plan(line, builds=DOMINION_BUILDS.get(line.recipient, []))
    assert check(scenario(), legal) == []
    assert rules(check(scenario(grants=grants, **changes), legal)) == [rule]


def test_who_never_grants() -> None:
    """40.32 A, B: Germany grants to Italy (by land, 40.241); Italy may not grant; 40.34 C: Britain
    may not grant to the U.S.; 40.35: France not to Britain; 40.332 A: only the U.S. grants to
    China; 40.11: only the U.S. grants to Commonwealth countries."""
    axis = scenario(AXIS)
    assert check(axis, plan(grant("germany", GERMANY_ITALY, 9))) == []
    assert construction_limit(axis, Power.ITALY, plan(grant("germany", GERMANY_ITALY, 9))) == 13
    assert rules(check(axis, plan(grant("italy", ["italy", "germany"], 5, recipient="germany")))) == ["40.32"]
    s = scenario()
    assert rules(check(s, plan(grant("britain", ["britain"], 5, recipient="usa")))) == ["40.34 C"]
    assert rules(check(s, plan(grant("france", ["france", "britain"], 5, recipient="britain")))) == ["40.35"]
    assert rules(check(s, plan(grant("britain", ["britain", "chinese_port", "china"], 5)))) == ["40.332 A"]
    assert rules(check(s, plan(grant("britain", ["britain", "south_africa_box"], 5)))) == ["40.11"]
    assert rules(check(s, plan(grant("russia", ["russia", "china"], 5)))) == ["40.36"]
    assert rules(check(s, plan(grant("usa", ["us_atlantic_box"], 5, recipient="russland")))) == ["40.11"]


def test_usat_26_allows_one_brp() -> None:
    """40.331 A: before war with Germany the U.S. grants France and Britain, including Canada and
    South Africa, one BRP per USAT level above 25: USAT 26 allows 1 BRP; at most 25 BRPs a turn
    however high the USAT; no limit at war with Germany."""
    s = scenario(grants={"usat": 26}, us_at_war={"europe": False, "pacific": True})
    assert usat_grant_cap(s) == 1
    assert check(s, plan(grant("usa", US_BRITAIN, 1))) == []
    result = check(
        s,
        plan(
            grant("usa", US_BRITAIN, 1),
            grant("usa", US_CANADA, 1),
            builds=[build("britain", "canadian", "canada_box", 1)],
        ),
    )
    assert rules(result) == ["40.331 A"]
    assert "2 BRPs granted to Britain, France, Canada and South Africa" in result[0].message
    assert usat_grant_cap(scenario(grants={"usat": 60}, us_at_war={"europe": False})) == 25
    assert usat_grant_cap(scenario(grants={"usat": 20}, us_at_war={"europe": False})) == 0
    assert usat_grant_cap(scenario()) is None


def test_us_grants_to_china_limited_by_usjt_before_war_with_japan() -> None:
    """40.332 A, 40.81: before war between Japan and the U.S. grants to China are limited by the
    USJT level (here 3 BRPs); after it only by the routes."""
    s = scenario(grants={"usjt_china_cap": 3}, us_at_war={"europe": True, "pacific": False})
    assert check(s, plan(grant("usa", US_CHINESE_PORT, 3))) == []
    result = check(s, plan(grant("usa", US_CHINESE_PORT, 2), grant("usa", US_HUMP, 2)))
    assert rules(result) == ["40.332 A"]
    assert check(scenario(), plan(grant("usa", US_CHINESE_PORT, 10))) == []


def test_surrender() -> None:
    """40.36: nothing is granted to or by a surrendered power, but the Western Allies may grant to
    Russia even after a Russian surrender; 40.332 B: a British surrender opens grants to
    Australia and India; 40.332 C: no grant to China through the India box once India has
    surrendered; 40.332 D: none to China or India through the Australia box once Australia has."""
    assert (
        check(scenario(grants={"surrendered": ["russia"]}), plan(grant("britain", BRITAIN_MURMANSK, 5))) == []
    )
    assert rules(check(scenario(grants={"surrendered": ["britain"]}), plan(grant("usa", US_BRITAIN, 5)))) == [
        "40.36"
    ]
    assert rules(
        check(
            scenario(grants={"surrendered": ["france"]}),
            plan(grant("france", ["france", "turkish_port", "russia"], 5)),
        )
    ) == ["40.36"]
    indian = [build("britain", "indian", "calcutta", 3)]
    before_war = scenario(grants={"surrendered": ["britain"]}, us_at_war={"europe": True, "pacific": False})
    assert check(before_war, plan(grant("usa", US_INDIA_BY_SOUTH_AFRICA, 3), builds=indian)) == []
    india_down = scenario(grants={"surrendered": ["india"]})
    result = check(india_down, plan(grant("usa", US_BURMA_ROAD_BY_INDIA, 5)))
    assert rules(result) == ["40.332 C"]
    assert check(india_down, plan(grant("usa", US_HUMP, 5))) == []
    australia_down = scenario(grants={"surrendered": ["australia"]})
    assert rules(check(australia_down, plan(grant("usa", US_BURMA_ROAD_BY_AUSTRALIA, 5)))) == ["40.332 D"]
    assert rules(check(australia_down, plan(grant("usa", US_INDIA_BY_AUSTRALIA, 3), builds=indian))) == [
        "40.332 D"
    ]
    assert check(australia_down, plan(grant("usa", US_INDIA_BY_SOUTH_AFRICA, 3), builds=indian)) == []


# --------------------------------------------------------------------------- paths (40.21, 40.24)


def test_path_follows_the_route_map() -> None:
    """40.21, 40.24: a grant traces a path from the grantor's home to the recipient, leg by leg:
    Britain to Russia has no direct leg; a U.S. grant starts in a U.S. box, not in Britain;
    American grants to Britain go by sea (40.243), to Canada by land (40.244 A)."""
    s = scenario()
    assert rules(check(s, plan(grant("britain", ["britain", "russia"], 5)))) == ["40.21"]
    assert rules(check(s, plan(grant("usa", BRITAIN_MURMANSK, 5)))) == ["40.21"]
    assert rules(
        check(s, plan(grant("usa", ["us_atlantic_box", "murmansk_box"], 5, recipient="russia")))
    ) == ["40.21"]
    assert LEG_BY_ID["us_atlantic_box->britain"].mode.value == "sea"
    assert LEG_BY_ID["us_atlantic_box->canada_box"].mode.value == "land"


def test_checker_leg_sets_name_real_legs() -> None:
    """The legs the checker closes by the map's state (40.412, 40.53, 40.62, 40.82 A) are legs of
    the route map."""
    named = (
        checker.MURMANSK_A47_LEGS
        | checker.ARCHANGEL_LEGS
        | checker.VOLOGDA_LEGS
        | checker.PERSIA_SUPPLY_LEGS
        | checker.TURKEY_SUPPLY_LEGS
        | checker.BURMA_PORT_LEGS
    )
    assert named <= {leg_id(leg) for leg in LEGS}


# --------------------------------------------------------------------------- Murmansk (40.4)


@pytest.mark.parametrize(
    ("turns", "capacity"), [(0, 0), (1, 5), (2, 10), (3, 15), (4, 20), (5, 20), (12, 20)]
)
def test_murmansk_capacity_grows_with_the_war(turns: int, capacity: int) -> None:
    """40.411: the Murmansk route carries 5 BRPs in the first Allied player turn after war between
    Russia and Germany, 10 in the second, 15 in the third, and 20 in each turn thereafter;
    nothing before the war."""
    s = scenario(grants={"germany_russia_war_turns": turns})
    assert route_capacity(s, Route.MURMANSK) == capacity
    if turns:
        assert check(s, plan(grant("britain", BRITAIN_MURMANSK, capacity))) == []
        result = check(s, plan(grant("britain", BRITAIN_MURMANSK, capacity), grant("usa", US_MURMANSK, 1)))
        assert rules(result) == ["40.411"]
        assert result[0].message == (
            f"murmansk: {capacity + 1} BRPs (oil counters at 10) sent by a route of capacity {capacity} this turn"
        )


def test_murmansk_one_capacity_for_both_termini() -> None:
    """40.411, 40.412 (README: one capacity for both termini): in the second turn of war 6 BRPs by
    Murmansk and 5 by Archangel exceed the route's 10."""
    s = scenario(grants={"germany_russia_war_turns": 2})
    assert rules(
        check(s, plan(grant("britain", BRITAIN_MURMANSK, 6), grant("britain", BRITAIN_ARCHANGEL, 5)))
    ) == ["40.411"]
    assert check(s, plan(grant("britain", BRITAIN_MURMANSK, 5), grant("britain", BRITAIN_ARCHANGEL, 5))) == []


def test_archangel_closed_in_winter() -> None:
    """40.412 B: Archangel (A50) receives convoys in summer and fall turns only (not in winter or
    spring); 40.412 A: Murmansk (A47) year round."""
    winter = scenario(turn={"season": "winter", "year": 1942})
    result = check(winter, plan(grant("britain", BRITAIN_ARCHANGEL, 5)))
    assert rules(result) == ["40.412 B"]
    assert "summer and fall only" in result[0].message
    assert check(winter, plan(grant("britain", BRITAIN_MURMANSK, 5))) == []
    for season, closed in (("spring", ["40.412 B"]), ("summer", []), ("fall", [])):
        s = scenario(turn={"season": season, "year": 1942})
        assert rules(check(s, plan(grant("britain", BRITAIN_ARCHANGEL, 5)))) == closed


def test_murmansk_terminus_and_vologda() -> None:
    """40.412 A: without A47 no convoy through Murmansk; 40.412 C: with Vologda Axis, in an Axis
    ZoC or cut from the eastern edge, no convoy at all."""
    lost_a47 = scenario(grants={"murmansk": {"murmansk_a47": False}})
    assert rules(check(lost_a47, plan(grant("britain", BRITAIN_MURMANSK, 5)))) == ["40.412 A"]
    assert check(lost_a47, plan(grant("britain", BRITAIN_ARCHANGEL, 5))) == []
    vologda = scenario(grants={"murmansk": {"vologda_open": False}})
    assert rules(check(vologda, plan(grant("britain", BRITAIN_ARCHANGEL, 5)))) == ["40.412 C"]


# --------------------------------------------------------------------------- Persia, Turkey, Siberia, China


def test_persia_with_one_partisan_carries_five_and_no_oil() -> None:
    """40.51 B: each Persian partisan adjacent to Abadan, Ahwaz or Tehran reduces the route by 5
    BRPs: one partisan leaves 5; 40.51 C: no oil by a reduced Persian route; without partisans
    the route carries 10, or one oil counter (40.25 B, 40.251)."""
    s = scenario(grants={"persia": {"partisans": 1}})
    assert route_capacity(s, Route.PERSIA) == 5
    assert not oil_allowed(s, Route.PERSIA)
    assert check(s, plan(grant("britain", BRITAIN_PERSIA, 5))) == []
    assert rules(check(s, plan(grant("britain", BRITAIN_PERSIA, 6)))) == ["40.51"]
    result = check(s, plan(grant("britain", BRITAIN_PERSIA, 0, oil=1), spent={RU: 1}))
    assert rules(result) == ["40.251", "40.51"]
    full = scenario()
    assert route_capacity(full, Route.PERSIA) == 10
    assert check(full, plan(grant("britain", BRITAIN_PERSIA, 0, oil=1), spent={RU: 1})) == []
    assert route_capacity(scenario(grants={"persia": {"partisans": 3}}), Route.PERSIA) == 0


def test_persia_usable_from_the_turn_after_opening() -> None:
    """40.54: grants go through Persia starting in the turn after the route is opened; opening it
    in this plan does not make it usable now; 40.53: not without the supply line through Tehran."""
    s = scenario(grants={"persia": {"opened": False}})
    opening = RouteOpening(route="persia", paid_by=Power.BRITAIN, brps=25)
    assert check(s, plan(openings=[opening])) == []
    result = check(s, plan(grant("britain", BRITAIN_PERSIA, 5), openings=[opening]))
    assert rules(result) == ["40.54"]
    assert route_closure(s, Route.PERSIA) == ("40.54", "the Persian route was not opened in an earlier turn")
    cut = scenario(grants={"persia": {"supply_line": False}})
    assert rules(check(cut, plan(grant("usa", US_PERSIA, 5)))) == ["40.53"]


@pytest.mark.parametrize(("partisans", "capacity"), [(0, 10), (1, 8), (3, 4), (4, 4), (9, 4)])
def test_turkey_reduced_by_partisans(partisans: int, capacity: int) -> None:
    """40.61 B, 40.65: each Axis Turkish partisan reduces the Turkish route by 2 BRPs, at most 6."""
    s = scenario(grants={"turkey": {"partisans": partisans}})
    assert route_capacity(s, Route.TURKEY) == capacity
    assert oil_allowed(s, Route.TURKEY) is (partisans == 0)
    assert check(s, plan(grant("britain", BRITAIN_TURKEY, capacity))) == []
    assert rules(check(s, plan(grant("britain", BRITAIN_TURKEY, capacity + 1)))) == ["40.61"]


def test_turkey_needs_ankara_and_its_supply_line() -> None:
    """40.61 A: the Turkish route needs Ankara under Allied control; 40.62: a supply line from the
    Turkish port to Russia."""
    assert rules(
        check(
            scenario(grants={"turkey": {"ankara_allied": False}}), plan(grant("britain", BRITAIN_TURKEY, 5))
        )
    ) == ["40.61"]
    assert rules(
        check(scenario(grants={"turkey": {"supply_line": False}}), plan(grant("britain", BRITAIN_TURKEY, 5)))
    ) == ["40.62"]


def test_siberia_at_five_when_japan_holds_vladivostok() -> None:
    """40.73 A: 10 BRPs by Siberia once the Alaska highway is built; 40.73 B: 5 if Japan controls
    Vladivostok or Dutch Harbor, or is at war with Russia; 40.73 C: then no oil."""
    s = scenario(grants={"siberia": {"japan_controls_vladivostok_or_dutch_harbor": True}})
    assert route_capacity(s, Route.SIBERIA) == 5
    assert (
        route_capacity(scenario(grants={"siberia": {"japan_at_war_with_russia": True}}), Route.SIBERIA) == 5
    )
    assert route_capacity(scenario(), Route.SIBERIA) == 10
    assert check(s, plan(grant("usa", US_SIBERIA, 5))) == []
    assert rules(check(s, plan(grant("usa", US_SIBERIA, 6)))) == ["40.73"]
    assert rules(check(s, plan(grant("usa", US_SIBERIA, 0, oil=1), spent={RU: 1}))) == ["40.251", "40.73"]
    assert check(scenario(), plan(grant("usa", US_SIBERIA, 0, oil=1), spent={RU: 1})) == []
    not_built = scenario(grants={"siberia": {"highway_built": False}})
    assert rules(check(not_built, plan(grant("usa", US_SIBERIA, 5)))) == ["40.71"]


def test_routes_to_china() -> None:
    """40.83: 10 BRPs by a recaptured Chinese port (40.831 A) or by Haiphong (40.831 B); 40.84: 10
    by the Burma Road, closed without its supply lines (40.841); 40.85: 5 over the Hump, which
    needs an uninverted air transport factor (40.851)."""
    s = scenario()
    assert [
        route_capacity(s, r) for r in (Route.CHINESE_PORT, Route.HAIPHONG, Route.BURMA_ROAD, Route.HUMP)
    ] == [10, 10, 10, 5]
    assert check(s, plan(grant("usa", US_HUMP, 5), grant("usa", US_CHINESE_PORT, 10))) == []
    assert rules(check(s, plan(grant("usa", US_HUMP, 6)))) == ["40.85"]
    assert rules(check(s, plan(grant("usa", US_CHINESE_PORT, 11)))) == ["40.83"]
    no_transport = scenario(grants={"china": {"air_transport_factors": 0}})
    assert route_capacity(no_transport, Route.HUMP) == 0
    assert rules(check(no_transport, plan(grant("usa", US_HUMP, 1)))) == ["40.85"]
    no_port = scenario(grants={"china": {"port_recaptured": False}})
    assert rules(check(no_port, plan(grant("usa", US_CHINESE_PORT, 1)))) == ["40.83"]
    no_road = scenario(grants={"china": {"burma_road": False}})
    assert rules(check(no_road, plan(grant("usa", US_BURMA_ROAD_BY_INDIA, 1)))) == ["40.84"]
    assert rules(check(s, plan(grant("usa", US_BURMA_ROAD_BY_INDIA, 11)))) == ["40.84"]


# --------------------------------------------------------------------------- transports (40.22)


def test_twelve_brps_by_sea_need_three_transports() -> None:
    """40.221: grants by sea need one transport per five BRPs, rounded up: 12 BRPs from the U.S.
    to Britain need 3 Atlantic transports; 2 are not enough."""
    p = plan(grant("usa", US_BRITAIN, 12))
    assert transports_required(scenario(), p) == {"us_atlantic_box->britain": 3}
    assert check(scenario(grants={"transports": {"atlantic": 3}}), p) == []
    result = check(scenario(grants={"transports": {"atlantic": 2}}), p)
    assert rules(result) == ["40.221"]
    assert result[0].message == "atlantic: 3 transports needed (us_atlantic_box->britain 3), 2 available"


def test_transports_shared_between_two_boxes() -> None:
    """40.222: grants to different destinations share transports between the same two mapboard
    boxes: the U.S. grants South Africa 3 and India 2 through the South Africa box; the
    U.S. Atlantic box -> South Africa box leg carries 5 BRPs on 1 transport (2 if each grant
    rounded up its own), then 2 BRPs go on to India on 1 Indian Ocean transport."""
    s = scenario(grants={"transports": {"atlantic": 1, "indian": 1}})
    builds = [
        build("britain", "south-african", "south_africa_box", 3),
        build("britain", "indian", "calcutta", 2),
    ]
    p = plan(grant("usa", US_SOUTH_AFRICA, 3), grant("usa", US_INDIA_BY_SOUTH_AFRICA, 2), builds=builds)
    assert transports_required(s, p) == {
        "us_atlantic_box->south_africa_box": 1,
        "south_africa_box->india_box": 1,
    }
    assert check(s, p) == []


def test_transports_not_shared_off_the_boxes() -> None:
    """40.221, 40.222: from the South Africa box to the Persian Gulf (not a mapboard box) each
    grant rounds up its own: Britain's 3 BRPs and the U.S.'s 2 need 2 Indian Ocean transports,
    not 1; one more for an oil counter (40.252)."""
    s = scenario(grants={"transports": {"indian": 1}})
    p = plan(grant("britain", BRITAIN_PERSIA, 3), grant("usa", US_PERSIA, 2))
    required = transports_required(s, p)
    assert required["south_africa_box->persian_gulf"] == 2
    assert required["us_atlantic_box->south_africa_box"] == 1
    assert required["britain->south_africa_box"] == 1
    assert rules(check(s, p)) == ["40.221"]
    assert check(scenario(grants={"transports": {"atlantic": 2, "indian": 2}}), p) == []
    with_oil = plan(grant("britain", BRITAIN_PERSIA, 0, oil=1), spent={RU: 1})
    assert transports_required(s, with_oil) == {
        "britain->south_africa_box": 1,
        "south_africa_box->persian_gulf": 1,
    }


def test_land_and_air_legs_need_no_transports() -> None:
    """40.244 A: Canada by land; 40.85: the Hump is flown; 40.241: Germany to Italy by land; only
    the sea legs need transports (the Hump's sea leg to the Burma port does, Pacific)."""
    s = scenario()
    assert transports_required(s, plan(grant("usa", US_CANADA, 9))) == {}
    assert transports_required(s, plan(grant("usa", US_HUMP, 5))) == {"us_pacific_box->burma_port": 1}
    assert transports_required(scenario(AXIS), plan(grant("germany", GERMANY_ITALY, 9))) == {}


# --------------------------------------------------------------------------- oil to Russia (40.25)


def test_oil_shipped_moves_from_the_western_allies_to_russia() -> None:
    """40.25, 40.253: the Western Allies ship one oil counter to Russia by Murmansk (10 BRPs of its
    capacity, one Atlantic transport, 40.252): the Western Allies have 1 oil counter left for
    construction and Russia 1; no BRP level or limit changes."""
    s = scenario()
    line = grant("britain", BRITAIN_MURMANSK, 0, oil=1)
    p = plan(line, spent={WA: 1, RU: 1})
    assert oil_for_construction(s, WA, p) == 1
    assert oil_for_construction(s, RU, p) == 1
    assert transports_required(s, p) == {"britain->murmansk_box": 1}
    assert check(s, p) == []
    report = derive_report(s, p)
    assert (report[Power.BRITAIN].brps_available, report[Power.BRITAIN].construction_limit) == (100, 50)
    assert (report[Power.RUSSIA].brps_available, report[Power.RUSSIA].construction_limit) == (60, 40)
    result = check(s, plan(line, spent={WA: 2, RU: 1}))
    assert rules(result) == ["27.35"]
    assert (
        result[0].message
        == "western_allies: 2 oil counters spent but 1 available (1 shipped to Russia, 40.25)"
    )
    assert rules(check(s, plan(spent={RU: 1}))) == ["27.35"]


def test_oil_only_to_russia_by_the_four_routes() -> None:
    """40.25: oil counters go only to Russia, from the Western Allies, by Murmansk (at most 2),
    Persia, Turkey or Siberia (1 each)."""
    s = scenario()
    assert rules(check(s, plan(grant("usa", US_CHINESE_PORT, 0, oil=1)))) == ["40.25"]
    assert rules(check(s, plan(grant("usa", US_BRITAIN, 0, oil=1)))) == ["40.25"]
    assert rules(check(scenario(AXIS), plan(grant("germany", GERMANY_ITALY, 0, oil=1)))) == ["40.25"]
    two = plan(
        grant("britain", BRITAIN_MURMANSK, 0, oil=1), grant("usa", US_MURMANSK, 0, oil=1), spent={RU: 2}
    )
    assert check(s, two) == []
    three = plan(grant("britain", BRITAIN_MURMANSK, 0, oil=2), grant("usa", US_MURMANSK, 0, oil=1))
    assert rules(check(scenario(oil_counters={"western_allies": 3}), three)) == ["40.25", "40.411"]
    two_by_turkey = plan(grant("britain", BRITAIN_TURKEY, 0, oil=2))
    assert rules(check(s, two_by_turkey)) == ["40.25", "40.61"]


def test_no_oil_by_a_route_under_ten() -> None:
    """40.251: oil may not go by a route with a capacity under 10 BRPs a turn: Murmansk carries 5
    in the first turn of war, 10 in the second."""
    first = scenario(grants={"germany_russia_war_turns": 1})
    assert not oil_allowed(first, Route.MURMANSK)
    assert rules(check(first, plan(grant("britain", BRITAIN_MURMANSK, 0, oil=1)))) == ["40.251", "40.411"]
    second = scenario(grants={"germany_russia_war_turns": 2})
    assert oil_allowed(second, Route.MURMANSK)
    assert check(second, plan(grant("britain", BRITAIN_MURMANSK, 0, oil=1))) == []


# --------------------------------------------------------------------------- opening routes (40.52, 40.72)


def test_opening_the_persian_route() -> None:
    """40.521: a Western Allied major power pays 25 BRPs to open Persia, outside its construction
    limit; 40.522: 15 once war has been declared on Persia; 40.525: not before Germany and
    Russia are at war (unless Russia has surrendered), nor while the Axis control Tehran, nor
    while Persia is unconquered after an Allied declaration of war."""
    s = scenario(grants={"persia": {"opened": False}})
    opening = RouteOpening(route="persia", paid_by=Power.BRITAIN, brps=25)
    p = plan(openings=[opening])
    assert check(s, p) == []
    assert brps_available(s, Power.BRITAIN, p) == 75
    assert construction_limit(s, Power.BRITAIN, p) == 50
    cheaper = scenario(grants={"persia": {"opened": False, "war_declared_on_persia": True}})
    assert rules(check(cheaper, p)) == ["40.522"]
    assert check(cheaper, plan(openings=[opening.model_copy(update={"brps": 15})])) == []
    assert rules(check(s, plan(openings=[opening.model_copy(update={"brps": 15})]))) == ["40.521"]
    for state in (
        {"germany_russia_war_turns": 0},
        {"persia": {"opened": False, "axis_controls_tehran": True}},
        {"persia": {"opened": False, "unconquered_after_allied_declaration": True}},
        {"persia": {"opened": True}},
    ):
        barred = scenario(grants={"persia": {"opened": False}} | state)
        assert rules(check(barred, p)) == ["40.525"], state
    russia_down = scenario(
        grants={"persia": {"opened": False}, "germany_russia_war_turns": 0, "surrendered": ["russia"]}
    )
    assert check(russia_down, p) == []
    by_russia = plan(openings=[RouteOpening(route="persia", paid_by=Power.RUSSIA, brps=25)])
    assert rules(check(s, by_russia)) == ["40.521"]


def test_building_the_alaska_highway() -> None:
    """40.72: the Alaska highway costs the U.S. 25 BRPs outside its construction limit, only while
    the U.S. and Germany are at war; it serves from the next turn (40.71); 40.225: no other
    route is opened by paying."""
    s = scenario(grants={"siberia": {"highway_built": False}})
    highway = RouteOpening(route="siberia", paid_by=Power.USA, brps=25)
    p = plan(openings=[highway])
    assert check(s, p) == []
    assert brps_available(s, Power.USA, p) == 175
    assert construction_limit(s, Power.USA, p) == 100
    assert rules(check(s, plan(grant("usa", US_SIBERIA, 5), openings=[highway]))) == ["40.71"]
    at_peace = scenario(
        grants={"siberia": {"highway_built": False}}, us_at_war={"europe": False, "pacific": True}
    )
    assert rules(check(at_peace, p)) == ["40.72"]
    assert rules(check(s, plan(openings=[highway.model_copy(update={"paid_by": Power.BRITAIN})]))) == [
        "40.72"
    ]
    assert rules(check(scenario(), p)) == ["40.72"]  # already built
    assert rules(check(s, plan(openings=[RouteOpening(route="turkey", paid_by=Power.USA, brps=25)]))) == [
        "40.225"
    ]


# --------------------------------------------------------------------------- requirements and the plan's accounting


def test_deliver_requirement_counts_brps_sent() -> None:
    """Objective `deliver` (README): at least 10 BRPs to Russia, counted as sent, not as expected
    to arrive: 10 BRPs by Murmansk with a 50 % loss rate still meet it; 9 do not."""
    s = scenario(grants={"loss_rates": {"britain->murmansk_box": 0.5}}, objective={"deliver": {"russia": 10}})
    assert check(s, plan(grant("britain", BRITAIN_MURMANSK, 10))) == []
    result = check(s, plan(grant("britain", BRITAIN_MURMANSK, 9)))
    assert [(v.rule, v.kind) for v in result] == [("objective.deliver", "requirement")]
    assert result[0].message == "russia: 9 BRPs sent by grants, 10 required"


def test_expected_brps_report() -> None:
    """40.223 (README, Losses): a path's BRPs are expected to arrive in the proportion of its legs'
    survival: 10 BRPs through Britain -> Murmansk box at a 20 % loss rate arrive as 8."""
    s = scenario(grants={"loss_rates": {"britain->murmansk_box": 0.2}})
    line = grant("britain", BRITAIN_MURMANSK, 10, expected=8.0)
    assert expected_brps(s, line) == pytest.approx(8.0)
    assert check(s, plan(line)) == []
    result = check(s, plan(line.model_copy(update={"expected_brps": 10.0})))
    assert [(v.rule, v.kind) for v in result] == [("report", "report")]
    assert result[0].message.startswith("grants[0].expected_brps: 10.0 in the plan, 8.000000")


def test_route_field_report() -> None:
    """A grant line's `route` names its path's route (here Murmansk), or is null for a path
    through no named route."""
    s = scenario()
    line = grant("britain", BRITAIN_MURMANSK, 5)
    assert line.route == "murmansk"
    result = check(s, plan(line.model_copy(update={"route": None})))
    assert [(v.rule, v.message) for v in result] == [
        ("report", "grants[0].route: None in the plan, murmansk by its path")
    ]
    assert rules(check(s, plan(grant("usa", US_BRITAIN, 5).model_copy(update={"route": "persia"})))) == [
        "report"
    ]


def test_transports_report() -> None:
    """40.221, 40.222: the plan's `transports`, when listed, are those each sea leg needs."""
    s = scenario()
    grants = [grant("usa", US_BRITAIN, 12), grant("usa", US_HUMP, 5)]
    right = [
        TransportUse(leg="us_atlantic_box->britain", ocean="atlantic", transports=3),
        TransportUse(leg="us_pacific_box->burma_port", ocean="pacific", transports=1),
    ]
    assert check(s, plan(*grants, transports=right)) == []
    assert check(s, plan(*grants)) == []  # not listed: not checked
    short = [right[0].model_copy(update={"transports": 2}), right[1]]
    assert [v.message for v in check(s, plan(*grants, transports=short))] == [
        "transports.us_atlantic_box->britain: 2 in the plan, 3 by the rules"
    ]
    missing = check(s, plan(*grants, transports=right[:1]))
    assert [v.message for v in missing] == [
        "transports.us_pacific_box->burma_port: missing from the plan, 1 by the rules"
    ]
    wrong_ocean = [right[0].model_copy(update={"ocean": "indian"}), right[1]]
    assert rules(check(s, plan(*grants, transports=wrong_ocean))) == ["report"]


def test_full_solver_shaped_plan_passes() -> None:
    """A plan with builds, grants, transports, oil shipped and the whole accounting agrees with the
    derivation (40.23, 40.221, 40.25, 27.31, 27.35)."""
    s = scenario()
    grants = [
        grant("usa", US_BRITAIN, 20),
        grant("britain", BRITAIN_MURMANSK, 10, oil=1),
        grant("usa", US_CANADA, 6),
    ]
    builds = [
        build("britain", "inf", "london", 25),
        build("britain", "canadian", "canada_box", 6),
        build("russia", "inf", "moscow", 25),
    ]
    p = plan(*grants, builds=builds, spent={WA: 1, RU: 0})
    required = transports_required(s, p)
    assert required == {"us_atlantic_box->britain": 4, "britain->murmansk_box": 3}
    transports = [
        TransportUse(leg=lid, ocean=LEG_BY_ID[lid].ocean.value, transports=n)  # type: ignore[union-attr]
        for lid, n in required.items()
    ]
    full = p.model_copy(
        update={
            "transports": transports,
            "powers": derive_report(s, p),
            "oil": checker.derive_oil(s, p),
        }
    )
    assert check(s, full) == []
    report = full.powers
    assert (report[Power.USA].brps_available, report[Power.USA].construction_limit) == (174, 100 - 6 - 6)
    assert (report[Power.BRITAIN].brps_available, report[Power.BRITAIN].construction_limit) == (
        110,
        50 + 6 - 3,
    )
    assert (report[Power.BRITAIN].construction_brps, report[Power.BRITAIN].limit_used) == (25, 25)
    assert (report[Power.RUSSIA].brps_available, report[Power.RUSSIA].construction_limit) == (70, 43)
    assert [(o.faction, o.counters_available, o.counters_spent) for o in full.oil] == [
        (WA, 1, 1),
        (RU, 1, 0),
        (Faction.CHINA, 0, 0),
    ]
