"""The checker's placement: country, control, supply, stacking and SW boxes (27.4, 27.47, 27.92)."""

from __future__ import annotations

import copy

from models.scenario import Scenario
from models.tables import Power
from optimizer.checker import check
from optimizer.checker.placement import supplied_sites

from .helpers import ALLIES, AXIS, JAPAN, RUSSIA, line, plan, rules, scenario


def test_dominion_units_only_in_their_country() -> None:
    """27.475 A: Canadian units are built in Canada; 27.472 A: South African units in the South
    Africa box."""
    s = scenario(ALLIES)
    assert check(s, plan(line("britain", "south-african", "infantry", "south_africa_box", 2, 2, 2))) == []
    assert rules(check(s, plan(line("britain", "canadian", "infantry", "london", 1, 1, 1)))) == ["27.475"]
    assert rules(check(s, plan(line("britain", "south-african", "infantry", "canada_box", 1, 1, 1)))) == [
        "27.472"
    ]


def test_french_colonial_units_in_their_colony() -> None:
    """27.477: the French 1-3 infantry may only be rebuilt in the colony where it began."""
    s = scenario(ALLIES)
    assert check(s, plan(line("france", "colonial", "infantry", "algiers", 1, 1, 1))) == []
    assert rules(check(s, plan(line("france", "colonial", "infantry", "tunis", 1, 1, 1)))) == ["27.477"]
    assert rules(check(s, plan(line("france", "colonial", "infantry", "paris", 1, 1, 1)))) == ["27.477"]


def test_home_country() -> None:
    """27.42 A: East Prussia is part of Germany; 27.42 B: Sicily is part of Italy, Sardinia is
    not; 27.42 C: Japan may not build in Karafuto; 27.42 F: Russia not in eastern Europe or
    the Urals box."""
    axis = scenario(AXIS)
    assert check(axis, plan(line("germany", "inf", "infantry", "konigsberg", 1, 1, 1))) == []
    assert check(axis, plan(line("italy", "inf", "infantry", "palermo", 1, 1, 1))) == []
    assert rules(check(axis, plan(line("italy", "inf", "infantry", "cagliari", 1, 1, 1)))) == ["27.42"]
    assert rules(check(axis, plan(line("germany", "inf", "infantry", "paris", 1, 1, 1)))) != []
    assert rules(check(scenario(JAPAN), plan(line("japan", "inf", "infantry", "toyohara", 1, 1, 1)))) == [
        "27.42"
    ]
    russia = scenario(RUSSIA)
    assert rules(check(russia, plan(line("russia", "inf", "infantry", "lvov", 1, 1, 1)))) == ["27.42"]
    assert rules(check(russia, plan(line("russia", "inf", "infantry", "urals_box", 1, 1, 1)))) == ["27.42"]


def test_japanese_infantry_in_korea_and_manchuria() -> None:
    """27.471: Japan may build up to three infantry factors a turn in Korea and Manchuria
    together (2 at Seoul + 1 at Mukden), infantry only."""
    s = scenario(JAPAN)
    legal = plan(
        line("japan", "inf", "infantry", "seoul", 2, 2, 2),
        line("japan", "inf", "infantry", "mukden", 1, 1, 1),
    )
    assert check(s, legal) == []
    four = plan(
        line("japan", "inf", "infantry", "seoul", 2, 2, 2),
        line("japan", "inf", "infantry", "mukden", 2, 2, 2),
    )
    result = check(s, four)
    assert rules(result) == ["27.471"]
    assert "4 infantry factors" in result[0].message
    armor = plan(line("japan", "armor", "armor", "seoul", 1, 2, 4))
    assert rules(check(s, armor)) == ["27.471"]


def test_russia_in_siberia() -> None:
    """27.476: Russia may build up to six BRPs of ground and air units a turn in Siberia at the
    normal cost (a voluntarily eliminated 3-factor armor rebuilt at x2 = 12 still counts 6);
    never in Mongolia or Tannu Tuva; no fortifications there."""
    s = scenario(RUSSIA)
    assert check(s, plan(line("russia", "armor", "armor", "chita", 1, 3, 6))) == []
    assert check(s, plan(line("russia", "armor-iso", "armor", "vladivostok", 1, 3, 12))) == []
    seven = plan(
        line("russia", "armor", "armor", "chita", 1, 3, 6),
        line("russia", "inf", "infantry", "khabarovsk", 1, 1, 1),
    )
    assert rules(check(s, seven)) == ["27.476"]
    assert rules(check(s, plan(line("russia", "inf", "infantry", "ulan_bator", 1, 1, 1)))) == ["27.476"]
    assert rules(check(s, plan(line("russia", "fort", "fortification", "chita", 1, 1, 5)))) == ["27.476"]


def test_enemy_zoc_refused() -> None:
    """27.44: units may not be constructed in hexes in an enemy ZoC."""
    s = scenario(AXIS, map={"sites": {"konigsberg": {"enemy_zoc": True}}})
    result = check(s, plan(line("germany", "inf", "infantry", "konigsberg", 1, 1, 1)))
    assert rules(result) == ["27.44"]
    assert "konigsberg" in result[0].message


def test_cut_off_from_supply_refused() -> None:
    """27.43 A: units may not be built in isolated hexes: with the Berlin-Konigsberg link cut,
    Konigsberg's only other link leads to Russian Lvov."""
    s = scenario(AXIS, map={"cut_links": [["konigsberg", "berlin"]]})
    assert "konigsberg" not in supplied_sites(s, Power.GERMANY)
    result = check(s, plan(line("germany", "inf", "infantry", "konigsberg", 1, 1, 1)))
    assert rules(result) == ["27.43"]


def test_supply_traced_through_faction_sites_only() -> None:
    """27.43 A: a British-held Naples cuts Messina off from Rome and Milan (Palermo leads only to
    French Tunis)."""
    s = scenario(AXIS, map={"sites": {"naples": {"controller": "britain"}}})
    assert rules(check(s, plan(line("italy", "inf", "infantry", "messina", 1, 1, 1)))) == ["27.43"]


def test_partial_supply_refused() -> None:
    """27.43 A: units may not be built in partially supplied hexes."""
    s = scenario(AXIS, map={"sites": {"munich": {"supply": "partial"}}})
    assert rules(check(s, plan(line("germany", "inf", "infantry", "munich", 1, 1, 1)))) == ["27.43"]


def test_russia_supplied_from_the_urals_box_only() -> None:
    """27.43 B: Russian units are built only where a supply line reaches the Urals box: with
    its western links cut, Moscow is refused and Chita (Siberia) is not."""
    cut = [
        ["urals_box", "gorky"],
        ["urals_box", "stalingrad"],
        ["urals_box", "baku"],
        ["urals_box", "vologda"],
    ]
    s = scenario(RUSSIA, map={"cut_links": cut})
    assert supplied_sites(s, Power.RUSSIA) == {
        "urals_box",
        "chita",
        "khabarovsk",
        "vladivostok",
        "ulan_bator",
        "kyzyl",
    }
    assert rules(check(s, plan(line("russia", "inf", "infantry", "moscow", 1, 1, 1)))) == ["27.43"]
    assert check(s, plan(line("russia", "inf", "infantry", "chita", 1, 1, 1))) == []


def test_hex_control() -> None:
    """27.45: only in hexes controlled at the start of the player turn, not recaptured this turn,
    and controlled by the constructing power."""
    for state in ({"controlled_at_turn_start": False}, {"recaptured_this_turn": True}):
        s = scenario(AXIS, map={"sites": {"munich": state}})
        assert rules(check(s, plan(line("germany", "inf", "infantry", "munich", 1, 1, 1)))) == ["27.45"]
    s = scenario(AXIS, map={"sites": {"trieste": {"controller": "germany"}}})
    result = check(s, plan(line("italy", "inf", "infantry", "trieste", 1, 1, 1)))
    assert rules(result) == ["27.45"]


def test_stacking() -> None:
    """27.46: stacking limits are observed during placement: room for 1 ground and 1 air counter
    at Munich."""
    s = scenario(AXIS, map={"sites": {"munich": {"ground_capacity": 1, "air_capacity": 1}}})
    one_each = plan(
        line("germany", "inf", "infantry", "munich", 1, 1, 1),
        line("germany", "air", "army_air", "munich", 1, 1, 3),
        line("germany", "fort", "fortification", "munich", 1, 1, 5),
    )
    assert check(s, one_each) == []
    assert rules(check(s, plan(line("germany", "inf", "infantry", "munich", 2, 2, 2)))) == ["27.46"]
    assert rules(check(s, plan(line("germany", "air", "army_air", "munich", 2, 2, 6)))) == ["27.46"]


def test_strategic_bombers_to_sw_boxes() -> None:
    """27.92 A: German strategic bombers go to the Atlantic SW box; Italy, not named by 27.92,
    places them as other air units [reading]."""
    s = scenario(AXIS)
    assert check(s, plan(line("germany", "sb", "strategic_bomber", "atlantic_sw_box", 1, 1, 3))) == []
    assert rules(check(s, plan(line("germany", "sb", "strategic_bomber", "berlin", 1, 1, 3)))) == ["27.92"]
    assert rules(check(s, plan(line("germany", "sb", "strategic_bomber", "pacific_sw_box", 1, 1, 3)))) == [
        "27.92"
    ]
    assert check(s, plan(line("italy", "sb", "strategic_bomber", "rome", 1, 1, 3))) == []
    assert rules(check(s, plan(line("italy", "sb", "strategic_bomber", "atlantic_sw_box", 1, 1, 3)))) == [
        "27.42"
    ]
    assert rules(check(s, plan(line("germany", "inf", "infantry", "atlantic_sw_box", 1, 1, 1)))) == ["27.42"]


def test_us_strategic_bombers_in_us_box_where_not_at_war() -> None:
    """27.92 D: U.S. strategic bombers go to the SW box of a theater where the U.S. is at war
    (the Pacific here) and to the U.S. box of a theater where it is not (the Atlantic)."""
    s = scenario(ALLIES)
    assert check(s, plan(line("usa", "sb", "strategic_bomber", "us_atlantic_box", 1, 1, 3))) == []
    assert check(s, plan(line("usa", "sb", "strategic_bomber", "pacific_sw_box", 1, 1, 3))) == []
    assert rules(check(s, plan(line("usa", "sb", "strategic_bomber", "atlantic_sw_box", 1, 1, 3)))) == [
        "27.92"
    ]
    assert rules(check(s, plan(line("usa", "sb", "strategic_bomber", "us_pacific_box", 1, 1, 3)))) == [
        "27.92"
    ]


def test_partisans_have_no_site() -> None:
    """27.48, 11.3: partisans (2 BRPs a factor, 27.11 B) are placed by the partisan rules."""
    data = copy.deepcopy(RUSSIA)
    data["powers"]["russia"]["force_pool"].append({"id": "partisan", "unit": "partisan", "count": 2})
    s = Scenario.model_validate(data)
    assert check(s, plan(line("russia", "partisan", "partisan", None, 1, 1, 2))) == []
    assert rules(check(s, plan(line("russia", "partisan", "partisan", "moscow", 1, 1, 2)))) == ["27.48"]
    assert rules(check(s, plan(line("russia", "inf", "infantry", None, 1, 1, 1)))) == ["27.41"]
