"""The checker on each grant line: who may grant (40.3), paths (40.21), oil lines (40.25), totals (40.23)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from models.route_data import LEG_BY_ID
from models.scenario import Scenario
from models.tables import Power
from optimizer.checker import check
from optimizer.checker.grants.lines import usat_grant_cap
from optimizer.checker.limits import construction_limit

from .helpers import (
    ALLIES,
    AXIS,
    BRITAIN_FRANCE,
    BRITAIN_MURMANSK,
    BRITAIN_TURKEY,
    FRANCE_MURMANSK,
    GERMANY_ITALY,
    RU,
    US_BRITAIN,
    US_BURMA_ROAD_BY_AUSTRALIA,
    US_BURMA_ROAD_BY_INDIA,
    US_CANADA,
    US_CHINESE_PORT,
    US_FRANCE,
    US_HUMP,
    US_INDIA_BY_AUSTRALIA,
    US_INDIA_BY_SOUTH_AFRICA,
    US_MURMANSK,
    build,
    edited,
    grant,
    plan,
    rules,
    scenario,
)


def test_grants_made_are_minimums() -> None:
    """40.23 (README): with a `grants:` section each `grants_made` entry is a minimum for its pair:
    the U.S. must grant Britain at least 10 BRPs, here split over two lines (6 + 4)."""
    s = edited(ALLIES, "usa", grants_made=[{"to": "britain", "brps": 10}])
    assert check(s, plan(grant("usa", US_BRITAIN, 6), grant("usa", US_BRITAIN, 4))) == []
    assert check(s, plan(grant("usa", US_BRITAIN, 12))) == []
    result = check(s, plan(grant("usa", US_BRITAIN, 9)))
    assert rules(result) == ["40.23"]
    assert result[0].message == "usa -> britain: 9 BRPs granted, the scenario's grants_made require 10"


# --------------------------------------------------------------------------- who may grant (40.3)

US_AUSTRALIA = ["us_pacific_box", "australia_box"]


NOT_AT_WAR_WITH_GERMANY = {"us_at_war": {"europe": False, "pacific": True}}


NOT_AT_WAR_WITH_JAPAN = {"us_at_war": {"europe": True, "pacific": False}}


# Paris not Allied: the map says so too, or the scenario is refused (models.grant_state.map_disagreement).
PARIS_GERMAN = {"map": {"sites": {"paris": {"controller": "germany"}}}}


PAIR_CASES = [
    # (grantor, path, brps, changes to the grants section, top-level changes, rule)
    ("britain", BRITAIN_FRANCE, 5, {"anglo_french_cooperation_lifted": False}, {}, "40.34 A"),
    ("britain", BRITAIN_FRANCE, 5, {"paris_allied": False}, PARIS_GERMAN, "40.34 A"),
    ("britain", BRITAIN_MURMANSK, 5, {"germany_russia_war_turns": 0}, {}, "40.34 B"),
    ("france", FRANCE_MURMANSK, 5, {"germany_russia_war_turns": 0}, {}, "40.35"),
    ("usa", US_FRANCE, 5, {"paris_allied": False}, PARIS_GERMAN, "40.331 A"),
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
    s = scenario(usat=26, us_at_war={"europe": False, "pacific": True})
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
    assert usat_grant_cap(scenario(usat=60, us_at_war={"europe": False})) == 25
    assert usat_grant_cap(scenario(usat=20, us_at_war={"europe": False})) == 0
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


def test_grantor_needs_a_supply_source_at_home() -> None:
    """40.21: grants "require the tracing of a supply line from an unlimited supply source controlled by
    the grantor in its home country": France's is Paris, Britain's London. With Paris held by Germany
    France may not grant 5 BRPs to Russia by Murmansk, though Germany and Russia are at war (40.35);
    Britain, holding London, may. With London German, Britain may not. The checker used to accept
    the French grant."""
    lost = scenario(grants={"paris_allied": False}, **PARIS_GERMAN)
    result = check(lost, plan(grant("france", FRANCE_MURMANSK, 5)))
    assert rules(result) == ["40.21"]
    assert "france controls no unlimited supply source in its home country (Paris)" in result[0].message
    assert check(lost, plan(grant("britain", BRITAIN_MURMANSK, 5))) == []
    assert check(scenario(), plan(grant("france", FRANCE_MURMANSK, 5))) == []
    london = scenario(map={"sites": {"london": {"controller": "germany"}}})
    assert rules(check(london, plan(grant("britain", BRITAIN_MURMANSK, 5)))) == ["40.21"]


def test_no_grant_through_a_third_powers_home_country() -> None:
    """40.21: a grant traces its supply line "from an unlimited supply source controlled by the grantor
    in its home country to any hex in the recipient"; no leg of rule 40 carries BRPs on from a third
    power's home [reading, as the planner's grant_network]: the U.S. may not send 5 BRPs to Russia by
    way of France (us_atlantic_box > france > murmansk_box), though each leg is on the map; it may by
    the Murmansk box directly. The checker used to accept the path through France."""
    s = scenario()
    through_france = ["us_atlantic_box", "france", "murmansk_box", "murmansk", "vologda", "russia"]
    result = check(s, plan(grant("usa", through_france, 5)))
    assert rules(result) == ["40.21"]
    assert "passes through france, a third power's home country" in result[0].message
    assert check(s, plan(grant("usa", US_MURMANSK, 5))) == []


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


def test_fixed_grants_are_checked() -> None:
    """40.32 B: Italy may not grant BRPs, so the plan the planner used to give for a fixed Italian
    grant of 30 to Germany (Germany's limit raised by 10, 27.34) is refused; 40.331 A: before war
    with Germany the U.S. grants Britain at most USAT - 25 = 25 at USAT 50, so 30 is refused."""
    italy = copy.deepcopy(AXIS)
    del italy["grants"]
    italy["powers"]["italy"].update(brps=40, grants_made=[{"to": "germany", "brps": 30}])
    axis = Scenario.model_validate(italy)
    assert construction_limit(axis, Power.GERMANY) == 50 + 10  # the fixed grant's effect, as given
    violations = check(axis, plan())
    assert rules(violations) == ["40.32"]
    assert "powers.italy.grants_made[0]" in violations[0].message
    allies = copy.deepcopy(ALLIES)
    del allies["grants"]
    allies["us_at_war"] = {"europe": False, "pacific": False}
    allies["powers"]["usa"]["grants_made"] = [{"to": "britain", "brps": 30}]
    over = Scenario.model_validate(allies)
    assert rules(check(over, plan())) == ["40.331 A"]
    allies["powers"]["usa"]["grants_made"] = [{"to": "britain", "brps": 25}]
    assert check(Scenario.model_validate(allies), plan()) == []


def test_post_election_result_caps_us_grants_at_war() -> None:
    """40.333: after an election result of -7 or below the USAT and USJT levels govern American grants
    to the Western Allies and China (62.421, read as the caps of 40.331 A and 40.332 A) even at war:
    USAT 30 allows 5 BRPs to Britain, a USJT cap of 3 allows 3 to China; a result of -6 limits neither,
    nor does a result of -7 with the setting `post_election_grant_caps` off."""
    s = scenario(usat=30, us_election_result=-7, grants={"usjt_china_cap": 3})
    assert usat_grant_cap(s) == 5
    assert check(s, plan(grant("usa", US_BRITAIN, 5), grant("usa", US_CHINESE_PORT, 3))) == []
    result = check(s, plan(grant("usa", US_BRITAIN, 6), grant("usa", US_CHINESE_PORT, 4)))
    assert rules(result) == ["40.333", "40.333"]
    messages = sorted(v.message for v in result)
    assert (
        "6 BRPs granted to Britain, France, Canada and South Africa after an election result of -7"
        in (messages[1])
    )
    assert "4 BRPs granted to China after an election result of -7" in messages[0]
    milder = scenario(usat=30, us_election_result=-6, grants={"usjt_china_cap": 3})
    assert usat_grant_cap(milder) is None
    assert check(milder, plan(grant("usa", US_BRITAIN, 6), grant("usa", US_CHINESE_PORT, 4))) == []
    off = scenario(
        usat=30,
        us_election_result=-7,
        grants={"usjt_china_cap": 3},
        settings={"post_election_grant_caps": False},
    )
    assert check(off, plan(grant("usa", US_BRITAIN, 6), grant("usa", US_CHINESE_PORT, 4))) == []


def test_fixed_grants_after_election_result_capped_at_war() -> None:
    """40.333: a fixed U.S. grant (no `grants:` section) after an election result of -7 or below is held
    to the USAT cap at war too: USAT 30 allows 5 BRPs to Britain, not 6."""
    data = copy.deepcopy(ALLIES)
    del data["grants"]
    data.update(usat=30, us_election_result=-7)
    data["powers"]["usa"]["grants_made"] = [{"to": "britain", "brps": 6}]
    s = Scenario.model_validate(data)
    result = check(s, plan())
    assert "40.333" in rules(result)
    data["powers"]["usa"]["grants_made"] = [{"to": "britain", "brps": 5}]
    assert "40.333" not in rules(check(Scenario.model_validate(data), plan()))


def test_planned_grant_reduction_per_turn_total_by_the_setting() -> None:
    """27.334: the plan has the U.S. (limit 100) grant Britain 4 and France 2: the U.S. limit falls by
    floor(4 / 3) + floor(2 / 3) = 1, or with the setting `grant_limit_reduction_per_turn_total` by
    floor(6 / 3) = 2; Britain gains floor(4 / 3) = 1 either way (27.34)."""
    grants = plan(grant("usa", US_BRITAIN, 4), grant("usa", US_FRANCE, 2))
    per_grant = scenario()
    assert construction_limit(per_grant, Power.USA, grants) == 99
    assert construction_limit(per_grant, Power.BRITAIN, grants) == 51
    per_turn = scenario(settings={"grant_limit_reduction_per_turn_total": True})
    assert construction_limit(per_turn, Power.USA, grants) == 98
    assert construction_limit(per_turn, Power.BRITAIN, grants) == 51
