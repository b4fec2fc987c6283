"""The SW Combat Modifiers Table (25.61), row by row, as the solver's prepare derives it.

Expected numbers come from the table and rules 25.62-25.92."""

from __future__ import annotations

import pytest

from models.sw import Campaign, SWBox, SWDeployment
from models.sw_modifiers import cve_modifier
from optimizer.checker.sw import derive
from optimizer.rules.sw.prepare import breakdown, counts_after, counts_now
from optimizer.rules.sw.solve import plan_sw
from tests.optimizer.rules.sw.positions import FRANCE_GERMAN, group, position, scenario


def lines_of(data, campaign=Campaign.GERMAN_ATLANTIC, split=None):
    s = scenario(data)
    found = {b.campaign: b for b in breakdown(s, s.sw, counts_now(s.sw), split)}[campaign]
    return found, {line.key: line.value for line in found.lines}


def atlantic(**sw):
    """German submarines and Allied units in the Atlantic box, France German."""
    sw.setdefault("forces", [group("u", "germany", "submarine", 10, "lorient", "atlantic")])
    data = position(**sw)
    data["map"] = {"sites": FRANCE_GERMAN}
    return data


@pytest.mark.parametrize(
    ("cves", "expected"),
    [(0, 0), (5, 0), (6, -1), (11, -1), (12, -2), (17, -2), (18, -3), (23, -3), (24, -4), (40, -4)],
)
def test_cve_steps_atlantic_per_six_capped_at_four_25_64_a(cves, expected):
    """25.61 table, 25.64 A: -1 for every 6 CVEs in the Atlantic (0-5: 0 ... 24+: -4)."""
    assert cve_modifier(SWBox.ATLANTIC, cves) == expected
    forces = [group("u", "germany", "submarine", 10, "lorient", "atlantic")]
    if cves:
        forces.append(group("c", "usa", "cve", cves, "us_atlantic_box", "atlantic"))
    assert lines_of(atlantic(forces=forces))[1]["cves"] == expected


@pytest.mark.parametrize(
    ("cves", "expected"),
    [(0, 0), (2, 0), (3, -1), (5, -1), (6, -2), (8, -2), (9, -3), (11, -3), (12, -4), (30, -4)],
)
@pytest.mark.parametrize("box", [SWBox.INDIAN, SWBox.PACIFIC])
def test_cve_steps_indian_and_pacific_per_three_capped_at_four_25_64_b(box, cves, expected):
    """25.61 table, 25.64 B: -1 for every 3 CVEs in the Indian Ocean and Pacific (12+: -4)."""
    assert cve_modifier(box, cves) == expected


def test_inverted_cves_do_not_count_25_362():
    """25.362: the number of uninverted CVEs modifies SW combat: 6 CVEs of which 1 inverted -> 0."""
    forces = [
        group("u", "germany", "submarine", 10, "lorient", "atlantic"),
        group("c", "usa", "cve", 5, "us_atlantic_box", "atlantic"),
        group("ci", "usa", "cve", 1, "us_atlantic_box", "atlantic", inverted=True),
    ]
    assert lines_of(atlantic(forces=forces))[1]["cves"] == 0


def test_inverted_submarines_count_next_turn_not_this_turn_25_121():
    """25.121: submarines redeployed into an SW box after attacking on the board "remain inverted until the
    end of the following enemy player turn, and are thus available for SW only during the owning
    player's next player turn": inverted, a submarine is not available for SW. 6 uninverted and 4
    inverted German factors in the Atlantic box: this turn's submarine level is 6 (the solver and the
    checker once counted 10); at the next SW combat, the inversion over, all 10 count."""
    forces = [
        group("u", "germany", "submarine", 6, "lorient", "atlantic"),
        group("ui", "germany", "submarine", 4, "lorient", "atlantic", inverted=True),
    ]
    s = scenario(atlantic(forces=forces))
    assert lines_of(atlantic(forces=forces))[0].submarine_level == 6
    assert derive(s)[Campaign.GERMAN_ATLANTIC].submarines == 6
    stay = SWDeployment(placements=[])
    assert derive(s, stay)[Campaign.GERMAN_ATLANTIC].submarines == 10
    after = {b.campaign: b for b in breakdown(s, s.sw, counts_after(s.sw, stay), next_turn=True)}
    assert after[Campaign.GERMAN_ATLANTIC].submarine_level == 10
    result = plan_sw(s)
    assert {b.campaign: b for b in result.now}[Campaign.GERMAN_ATLANTIC].submarine_level == 6
    assert {b.campaign: b for b in result.after}[Campaign.GERMAN_ATLANTIC].submarine_level == 10


def test_biscay_ports_need_control_and_full_supply_25_723():
    """25.723: +2 if the Axis control and fully supply Brest, Lorient, St. Nazaire or La Rochelle."""
    assert lines_of(atlantic())[1]["biscay_ports"] == 2
    # Lorient and Brest German but isolated (Paris Allied: no supply line from the Ruhr), and the
    # others French: no +2.
    data = atlantic()
    data["map"]["sites"] = {"brest": {"controller": "germany"}, "lorient": {"controller": "germany"}}
    assert lines_of(data)[1]["biscay_ports"] == 0
    # Controlled but marked partially supplied on the map: no +2.
    data = atlantic()
    data["map"]["sites"] = dict(FRANCE_GERMAN, brest={"controller": "germany", "supply": "partial"})
    data["map"]["sites"]["lorient"] = {"controller": "germany", "supply": "isolated"}
    assert lines_of(data)[1]["biscay_ports"] == 0
    # A port of sw.ports, controlled and fully supplied, is enough.
    data["sw"]["ports"] = {"st_nazaire": {"controller": "germany"}}
    assert lines_of(data)[1]["biscay_ports"] == 2
    data["sw"]["ports"] = {"st_nazaire": {"controller": "germany", "fully_supplied": False}}
    assert lines_of(data)[1]["biscay_ports"] == 0


def test_iberian_ports_and_gibraltar_25_723():
    """25.723: +1 for La Coruna, Vigo, Lisbon or Cadiz; +1 for Gibraltar; each controlled and
    fully supplied by the Axis. Neutral Spain and British Gibraltar: 0."""
    assert lines_of(atlantic())[1]["iberian_ports"] == 0
    assert lines_of(atlantic())[1]["gibraltar"] == 0
    data = atlantic(ports={"vigo": {"controller": "germany"}, "gibraltar": {"controller": "italy"}})
    found = lines_of(data)[1]
    assert (found["iberian_ports"], found["gibraltar"]) == (1, 1)
    data = atlantic(ports={"vigo": {"controller": "germany", "fully_supplied": False}})
    assert lines_of(data)[1]["iberian_ports"] == 0


@pytest.mark.parametrize(("turn", "every", "first"), [(0, 0, 0), (1, 1, 2), (2, 1, 1), (3, 1, 0), (9, 1, 0)])
def test_german_us_war_first_second_and_later_turns_25_66(turn, every, first):
    """25.66 A: +1 each turn of war between Germany and the U.S.; 25.66 B: +2 more in its first
    turn, +1 more in its second: totals +3, +2, then +1."""
    data = atlantic(germany_us_war_turn=turn)
    if turn:
        data["us_at_war"] = {"europe": True}
    found = lines_of(data)[1]
    assert (found["us_war"], found["us_war_first_turns"]) == (every, first)


@pytest.mark.parametrize(("result", "expected"), [(None, 0), (6, 0), (7, 1), (9, 1)])
def test_ireland_seven_or_more_25_725(result, expected):
    """25.725: +1 if a diplomatic result for Ireland of 7 or more is in effect."""
    assert lines_of(atlantic(ireland_diplomatic_result=result))[1]["ireland"] == expected


@pytest.mark.parametrize(
    ("sw_cards", "asw_cards", "expected"),
    [(0, 0, 0), (1, 0, 1), (3, 0, 1), (0, 1, -1), (0, 4, -1), (2, 2, 0), (3, 1, 1)],
)
def test_codebreaking_capped_at_one_25_673(sw_cards, asw_cards, expected):
    """25.672-25.673: an unanswered SW card +1, an unanswered ASW card -1; two or more cards more
    than the opponent still only +/-1."""
    cards = {"axis_ultra_sw": sw_cards, "british_ultra_asw": asw_cards}
    assert lines_of(atlantic(codebreaking=cards))[1]["ultra"] == expected


def test_general_comparisons_25_62():
    """25.621-25.623: DRMs compared, torpedo against ASW research, air range compared. Germany +1
    DRM (25.631), 2 torpedo, 1 air range; Britain 0 DRM, 3 ASW, 2 air range: +1 +2 -3 -1 = -1."""
    research = {
        "germany": {"naval_nationality_drm": 1, "torpedo": 2, "air_range": 1, "asw": 4},
        "britain": {"asw": 3, "air_range": 2, "torpedo": 5},
    }
    found = lines_of(atlantic(research=research))[1]
    assert (found["nationality"], found["torpedo"], found["asw_research"], found["air_range"]) == (
        1,
        2,
        -3,
        -1,
    )


def test_atlantic_sum_of_rows_25_61():
    """Every row summed: +1 DRM, +1 torpedo, -1 ASW, -1 (6 CVEs), +2 Biscay, +1 +1 second turn of war,
    +1 Ireland 7, +1 Ultra = +6."""
    data = atlantic(
        research={"germany": {"naval_nationality_drm": 1, "torpedo": 1}, "britain": {"asw": 1}},
        germany_us_war_turn=2,
        ireland_diplomatic_result=7,
        codebreaking={"axis_ultra_sw": 1},
        forces=[
            group("u", "germany", "submarine", 10, "lorient", "atlantic"),
            group("c", "usa", "cve", 6, "us_atlantic_box", "atlantic"),
        ],
    )
    data["us_at_war"] = {"europe": True}
    assert lines_of(data)[0].modifier == 6


def test_japanese_only_and_american_only_rows_25_811_25_92():
    """25.811: +1 to Japanese submarines in the Indian Ocean if Japan controls and fully supplies
    Colombo; 25.92 A: +1 to Japanese submarines in the Pacific for Townsville, Noumea, Suva or a
    Hawaiian port; 25.92 B: +2 to American submarines if the Allies control Manila. None applies to
    the other campaigns of the box."""
    forces = [
        group("gi", "germany", "submarine", 2, "naples", "indian"),
        group("ji", "japan", "submarine", 3, "tokyo", "indian"),
        group("jp", "japan", "submarine", 3, "tokyo", "pacific"),
        group("us", "usa", "submarine", 3, "pearl_harbor", "pacific"),
    ]
    data = atlantic(
        forces=forces, ports={"colombo": {"controller": "japan"}, "suva": {"controller": "japan"}}
    )
    data["us_at_war"] = {"europe": True, "pacific": True}
    data["sw"]["germany_us_war_turn"] = 3
    s = scenario(data)
    found = {
        b.campaign: {line.key: line.value for line in b.lines} for b in breakdown(s, s.sw, counts_now(s.sw))
    }
    assert found[Campaign.JAPANESE_INDIAN]["colombo"] == 1
    assert "colombo" not in found[Campaign.GERMAN_INDIAN]
    assert found[Campaign.JAPANESE_PACIFIC]["pacific_ports"] == 1
    assert "pacific_ports" not in found[Campaign.AMERICAN_PACIFIC]
    assert found[Campaign.AMERICAN_PACIFIC]["manila"] == 2  # Manila American at the start
    assert "manila" not in found[Campaign.JAPANESE_PACIFIC]
    data["sw"]["ports"]["colombo"] = {"controller": "japan", "fully_supplied": False}
    data["sw"]["ports"]["manila"] = {"controller": "japan"}
    s = scenario(data)
    found = {
        b.campaign: {line.key: line.value for line in b.lines} for b in breakdown(s, s.sw, counts_now(s.sw))
    }
    assert found[Campaign.JAPANESE_INDIAN]["colombo"] == 0
    assert found[Campaign.AMERICAN_PACIFIC]["manila"] == 0
    # 25.671: Ultra for German submarines only in the Indian Ocean, Magic for the Japanese.
    assert "ultra" in found[Campaign.GERMAN_INDIAN] and "magic" not in found[Campaign.GERMAN_INDIAN]
    assert "magic" in found[Campaign.JAPANESE_INDIAN] and "ultra" not in found[Campaign.JAPANESE_INDIAN]


def test_no_atlantic_sw_without_an_axis_operational_western_front_port_25_721():
    """25.721: no German SW in the Atlantic if the Axis control no operational western front port."""
    found, _ = lines_of(atlantic())
    assert found.possible
    every_port = [
        "hamburg",
        "kiel",
        "konigsberg",
        "brest",
        "lorient",
        "bordeaux",
        "st_nazaire",
        "la_rochelle",
    ]
    found, _ = lines_of(atlantic(inoperative_ports=every_port))
    assert not found.possible
    assert any(rule.startswith("25.721") for rule, _ in found.barred)
    found, _ = lines_of(atlantic(inoperative_ports=every_port[:-1]))  # La Rochelle is French here
    assert not found.possible
    found, _ = lines_of(
        atlantic(inoperative_ports=every_port[:-1], ports={"la_rochelle": {"controller": "germany"}})
    )
    assert found.possible


@pytest.mark.parametrize(
    ("row", "campaign", "ports", "inoperative", "value"),
    [
        ("biscay_ports", Campaign.GERMAN_ATLANTIC, {}, ["brest", "lorient"], 2),
        ("iberian_ports", Campaign.GERMAN_ATLANTIC, {"lisbon": {"controller": "germany"}}, ["lisbon"], 1),
        ("gibraltar", Campaign.GERMAN_ATLANTIC, {"gibraltar": {"controller": "germany"}}, ["gibraltar"], 1),
        ("colombo", Campaign.JAPANESE_INDIAN, {"colombo": {"controller": "japan"}}, ["colombo"], 1),
        ("pacific_ports", Campaign.JAPANESE_PACIFIC, {"suva": {"controller": "japan"}}, ["suva"], 1),
        ("manila", Campaign.AMERICAN_PACIFIC, {}, ["manila"], 2),
    ],
)
def test_port_rows_count_only_operational_ports_25_65(row, campaign, ports, inoperative, value):
    """25.65: "The control of specified operational ports modifies submarine warfare, as set out in
    25.723 (Atlantic Ocean), 25.811 (Indian Ocean) and 25.92 (Pacific Ocean)". A port held (and fully
    supplied where 25.723, 25.811 and 25.92 A ask it) gives its row's value (+2 Brest or Lorient, +1
    Lisbon, +1 Gibraltar, +1 Colombo, +1 Suva, +2 Manila) while operational, and 0 when the player
    lists it in `sw.inoperative_ports`. The solver's breakdown and the checker once both gave the full
    value for an inoperative port."""
    forces = [
        group("u", "germany", "submarine", 10, "lorient", "atlantic"),
        group("ji", "japan", "submarine", 3, "tokyo", "indian"),
        group("jp", "japan", "submarine", 3, "tokyo", "pacific"),
        group("us", "usa", "submarine", 3, "pearl_harbor", "pacific"),
    ]
    for listed, expected in (([], value), (inoperative, 0)):
        data = atlantic(forces=forces, ports=ports, inoperative_ports=listed)
        data["us_at_war"] = {"pacific": True}
        found, values = lines_of(data, campaign)
        assert values[row] == expected
        assert derive(scenario(data))[campaign].modifiers[row] == expected
    why = next(line.why for line in found.lines if line.key == row)
    assert why.startswith("not operational (25.65)")


def test_campaigns_barred_by_war_and_bases_25_11_25_51_25_81_25_91():
    """25.51 A: German Indian Ocean SW only from an Axis-controlled operational Suez; 25.81: Japanese
    submarines in the Indian Ocean only once Japan and Britain are at war; 25.91: Japanese and
    American submarines in the Pacific only once Japan and the U.S. are at war or USJT is 40; 25.11:
    submarines attack enemy transports, so each needs its attacker at war with its defender (Britain
    in the Indian Ocean, the U.S. in the Pacific). USJT 40 lets the Japanese into the Pacific box, but
    at peace with the U.S. they have nothing to attack there."""
    forces = [
        group("gi", "germany", "submarine", 2, "naples", "indian"),
        group("ji", "japan", "submarine", 3, "tokyo", "indian"),
        group("jp", "japan", "submarine", 3, "tokyo", "pacific"),
    ]
    data = atlantic(forces=forces)
    s = scenario(data)
    found = {b.campaign: b for b in breakdown(s, s.sw, counts_now(s.sw))}
    assert [r for r, _ in found[Campaign.GERMAN_INDIAN].barred] == ["25.51 A"]
    assert [r for r, _ in found[Campaign.JAPANESE_INDIAN].barred] == ["25.11", "25.81"]
    assert [r for r, _ in found[Campaign.JAPANESE_PACIFIC].barred] == ["25.11", "25.91"]
    data["sw"]["ports"] = {"suez": {"controller": "italy"}}
    data["usjt"] = 40
    data["japan_at_war_with_britain"] = True
    s = scenario(data)
    found = {b.campaign: b for b in breakdown(s, s.sw, counts_now(s.sw))}
    assert found[Campaign.GERMAN_INDIAN].possible
    assert found[Campaign.JAPANESE_INDIAN].possible
    assert [r for r, _ in found[Campaign.JAPANESE_PACIFIC].barred] == ["25.11"]
    data["us_at_war"] = {"pacific": True}
    s = scenario(data)
    assert {b.campaign: b for b in breakdown(s, s.sw, counts_now(s.sw))}[Campaign.JAPANESE_PACIFIC].possible


def test_indian_ocean_asw_split_25_83():
    """25.83: with German and Japanese submarines both operating in the Indian Ocean (an Axis Suez,
    25.51 A; Japan at war with Britain, 25.81), the Allied ASW is split: 7 factors, 5 against the
    Germans -> 5 and 2; unset -> 3 (half rounded down) and 4."""
    forces = [
        group("gi", "germany", "submarine", 2, "naples", "indian"),
        group("ji", "japan", "submarine", 3, "tokyo", "indian"),
        group("asw", "britain", "asw", 7, "colombo", "indian"),
    ]
    data = atlantic(forces=forces, ports={"suez": {"controller": "italy"}})
    data["japan_at_war_with_britain"] = True
    assert lines_of(data, Campaign.GERMAN_INDIAN, 5)[0].asw_level == 5
    assert lines_of(data, Campaign.JAPANESE_INDIAN, 5)[0].asw_level == 2
    assert lines_of(data, Campaign.GERMAN_INDIAN)[0].asw_level == 3
    assert lines_of(data, Campaign.JAPANESE_INDIAN)[0].asw_level == 4


def test_whose_drms_defend_does_not_decide_who_may_be_attacked_25_11_25_71():
    """25.71: German submarines in the Atlantic box attack "the Western Allied Atlantic transports"; 25.62
    compares the defender's DRMs and research, whoever the player sets to stand for the Allies there
    (`sw.allied_defender`). Set to the U.S. before Germany and the U.S. are at war, the campaign is
    still on, against Britain's transports; it was once barred by 25.11 as a war with no one. The
    checker agrees."""
    from optimizer.checker.sw.derive import rules_allow

    data = atlantic(allied_defender={"atlantic": "usa"})
    data["us_at_war"] = {"europe": False, "pacific": False}
    s = scenario(data)
    found = {b.campaign: b for b in breakdown(s, s.sw, counts_now(s.sw))}
    assert found[Campaign.GERMAN_ATLANTIC].possible and not found[Campaign.GERMAN_ATLANTIC].barred
    assert rules_allow(s, Campaign.GERMAN_ATLANTIC)
    # The Pacific's transports are the U.S.'s: at war with Britain alone, nothing there for Japan.
    pacific = position("japan", forces=[group("jp", "japan", "submarine", 3, "tokyo", "pacific")])
    pacific["usjt"] = 40
    pacific["japan_at_war_with_britain"] = True
    s = scenario(pacific)
    found = {b.campaign: b for b in breakdown(s, s.sw, counts_now(s.sw))}
    assert [r for r, _ in found[Campaign.JAPANESE_PACIFIC].barred] == ["25.11"]
    assert not rules_allow(s, Campaign.JAPANESE_PACIFIC)


def test_a_deployment_is_valued_at_the_next_turns_combat_25_13_25_66_b_25_672():
    """25.13: to attack, submarines "must begin their player turn in that SW box", so the units a turn's
    deployment sends in attack the next turn. In the first turn of war with the U.S. the Atlantic takes
    +1 and +2 (25.66 A, B: "+2 first turn; +1 second turn"), with one Axis Ultra card +1 "for that turn"
    (25.672): the combat now; the next one is the second turn of war (+1 and +1) with no card yet played
    [reading]. The planner's table after the deployment and the checker's agree."""
    from models.sw import SWDeployment
    from optimizer.checker.sw.derive import derive

    data = atlantic(germany_us_war_turn=1, codebreaking={"axis_ultra_sw": 1})
    data["us_at_war"] = {"europe": True}
    s = scenario(data)
    now = {b.campaign: b for b in breakdown(s, s.sw, counts_now(s.sw))}[Campaign.GERMAN_ATLANTIC]
    later = {b.campaign: b for b in breakdown(s, s.sw, counts_now(s.sw), next_turn=True)}[
        Campaign.GERMAN_ATLANTIC
    ]
    rows = ("us_war", "us_war_first_turns", "ultra")
    assert [{line.key: line.value for line in now.lines}[k] for k in rows] == [1, 2, 1]
    assert [{line.key: line.value for line in later.lines}[k] for k in rows] == [1, 1, 0]
    assert later.modifier == now.modifier - 2
    checked_now = derive(s)[Campaign.GERMAN_ATLANTIC]
    checked_later = derive(s, SWDeployment(placements=[]))[Campaign.GERMAN_ATLANTIC]
    assert (checked_now.total, checked_later.total) == (now.modifier, later.modifier)
    assert [checked_later.modifiers[k] for k in rows] == [1, 1, 0]
