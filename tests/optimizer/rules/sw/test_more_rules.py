"""Rules 25.73 (advanced submarines), 25.14 (declining SW combat), the Winter 1941 note under 25.13 C
and 25.361 (destroyers), as the solver's prepare and the deployment plan read them. Expected numbers
come from the rules text."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from models.plan import Status
from models.sw import Campaign, GroupPlacement, SWBox, SWDeployment
from optimizer.checker.sw import check_deployment, deployment_value, derive
from optimizer.cli import app
from optimizer.rules.sw.prepare import breakdown, counts_now
from optimizer.rules.sw.solve import plan_sw, report_data
from tests.optimizer.rules.sw.positions import FRANCE_GERMAN, group, position, scenario


def atlantic(forces, faction="european_axis", **sw):
    """France German (Brest and Lorient held and supplied: 25.723 +2)."""
    data = position(faction, forces=forces, **sw)
    data["map"] = {"sites": FRANCE_GERMAN}
    return data


def campaigns(data, declined=frozenset(), next_turn=False):
    s = scenario(data)
    return {
        b.campaign: b for b in breakdown(s, s.sw, counts_now(s.sw), declined=declined, next_turn=next_turn)
    }


# --- 25.73 advanced submarines ----------------------------------------------------------------------

ADVANCED = [
    group("u", "germany", "submarine", 10, "lorient", "atlantic"),
    group("x", "germany", "advanced_submarine", 2, "lorient", "atlantic"),
    group("c", "usa", "cve", 6, "us_atlantic_box", "atlantic"),
    group("a", "britain", "asw", 4, "us_atlantic_box", "atlantic"),
]


def test_advanced_submarines_roll_separately_at_three_factors_each_25_73():
    """25.73 A: each advanced factor counts as three on the SW Combat Table: 2 -> level 6. B: no
    modifiers on that roll. C: no Western Allied roll against them (ASW level unchanged). D: one
    transport eliminated per advanced submarine: 2. The conventional campaign is unchanged: level 10,
    ASW 4, +2 Biscay (25.723) -1 for 6 CVEs (25.64 A) = +1."""
    atl = campaigns(atlantic(ADVANCED))[Campaign.GERMAN_ATLANTIC]
    assert (atl.submarine_level, atl.asw_level, atl.modifier) == (10, 4, 1)
    assert atl.advanced_roll == (6, 2)
    d = derive(scenario(atlantic(ADVANCED)))[Campaign.GERMAN_ATLANTIC]
    assert (d.submarines, d.asw, d.total, d.advanced_level, d.advanced_transports) == (10, 4, 1, 6, 2)
    assert any(rule == "25.73" for rule, _ in atl.notes())


def test_advanced_submarines_need_an_axis_western_front_port_25_721():
    """25.721: German submarines in the Atlantic may not be used without an Axis operational western
    front port; the advanced ones are German submarines [reading]: no roll."""
    every_port = ["hamburg", "kiel", "konigsberg", "brest", "lorient", "bordeaux"]
    data = atlantic(ADVANCED, inoperative_ports=every_port)
    assert campaigns(data)[Campaign.GERMAN_ATLANTIC].advanced_roll == (0, 0)
    assert derive(scenario(data))[Campaign.GERMAN_ATLANTIC].advanced_level == 0


def test_advanced_submarines_deploy_to_the_atlantic_only_past_gibraltar_one_a_turn_25_73_25_15():
    """Advanced submarines at Naples: the Atlantic box only (25.73 stands under 25.7, reading), one
    factor a turn past a British Gibraltar (25.15: they are submarine factors)."""
    data = atlantic([group("x", "germany", "advanced_submarine", 3, "naples")])
    s = scenario(data)
    result = plan_sw(s)
    assert result.status is Status.OPTIMAL
    assert result.deployment.placements == [GroupPlacement(group="x", at_base=2, boxes={SWBox.ATLANTIC: 1})]
    assert abs(deployment_value(s, result.deployment) - result.value) < 1e-6
    two = SWDeployment(placements=[GroupPlacement(group="x", at_base=1, boxes={SWBox.ATLANTIC: 2})])
    assert [v.rule for v in check_deployment(s, two)] == ["25.15"]
    indian = SWDeployment(placements=[GroupPlacement(group="x", at_base=2, boxes={SWBox.INDIAN: 1})])
    assert [v.rule for v in check_deployment(s, indian)] == ["25.73"]


def test_advanced_submarines_are_german_25_73():
    with pytest.raises(ValidationError, match=r"advanced submarines are German \(25.73\)"):
        scenario(atlantic([group("x", "italy", "advanced_submarine", 1, "naples")]))


# --- 25.14 declining SW combat ----------------------------------------------------------------------


def test_declined_campaign_leaves_the_transports_unaffected_25_14():
    """25.14: submarines that decline SW combat leave the defender's transports unaffected: the
    campaign does not happen, stated for the enemy (`sw.declined`) or decided for the planner's own."""
    stated = campaigns(atlantic(ADVANCED, declined=["german_atlantic"]))[Campaign.GERMAN_ATLANTIC]
    assert ("25.14", "the submarines decline SW combat") in stated.barred
    assert not stated.possible
    assert stated.advanced_roll == (0, 0)  # the advanced submarines decline with them [reading]
    assert (
        derive(scenario(atlantic(ADVANCED, declined=["german_atlantic"])))[Campaign.GERMAN_ATLANTIC].possible
        is False
    )
    own = campaigns(atlantic(ADVANCED), declined=frozenset({Campaign.GERMAN_ATLANTIC}))
    assert not own[Campaign.GERMAN_ATLANTIC].possible


def test_the_planner_declines_a_campaign_that_costs_it_25_14():
    """With 10 Allied ASW factors weighed 10 each and the modifier and level worth little, the German
    Atlantic campaign is worth -99 to the Axis: the plan declines it (25.14) and is worth 0; worth
    something (ASW weight 0), it engages."""
    forces = [
        group("u", "germany", "submarine", 4, "lorient", "atlantic"),
        group("a", "britain", "asw", 10, "us_atlantic_box", "atlantic"),
    ]
    weights = {"german_atlantic": {"modifier": 0.5, "submarine_level": 0, "asw_level": 10}}
    s = scenario(atlantic(forces, weights=weights))
    result = plan_sw(s)
    assert result.deployment.declined == [Campaign.GERMAN_ATLANTIC]
    assert result.value == 0 == deployment_value(s, result.deployment)
    assert check_deployment(s, result.deployment) == []
    after = {b.campaign: b for b in result.after}
    assert not after[Campaign.GERMAN_ATLANTIC].possible
    weights["german_atlantic"]["asw_level"] = 0
    result = plan_sw(scenario(atlantic(forces, weights=weights)))
    assert result.deployment.declined == []
    assert result.value == 1  # +2 Biscay (25.723) at 0.5 a point


def test_only_the_owner_of_the_submarines_declines_25_14():
    """25.14: "submarines ... may decline": an Allied deployment cannot decline the German campaign."""
    s = scenario(atlantic([group("a", "britain", "asw", 2, "us_atlantic_box")], "western_allies"))
    declined = SWDeployment(placements=[], declined=[Campaign.GERMAN_ATLANTIC])
    assert [v.rule for v in check_deployment(s, declined)] == ["25.14"]


# --- 25.13 C: Japan attacks the U.S. in Winter 1941 ---------------------------------------------------


def japanese(season, year, **sw):
    data = position(
        "japan",
        forces=[
            group("home", "japan", "submarine", 4, "tokyo"),
            group("out", "japan", "submarine", 3, "tokyo", "pacific"),
        ],
        **sw,
    )
    data["turn"] = {"season": season, "year": year}
    data["us_at_war"] = {"pacific": True}
    return data


def test_winter_1941_first_japanese_attacks_come_in_spring_1942_25_13_c():
    """25.13 C: if Japan attacks the U.S. in Winter 1941, its submarines enter the Pacific and Indian
    Ocean boxes in the redeployment phase of that turn and first attack Western Allied transports in
    Spring 1942. Now: no Japanese campaign; after the deployment (the next SW combats): 4 + 3 = 7."""
    data = japanese("winter", 1941)
    now = campaigns(data)[Campaign.JAPANESE_PACIFIC]
    assert [rule for rule, _ in now.barred] == ["25.13 C"]
    assert derive(scenario(data))[Campaign.JAPANESE_PACIFIC].possible is False
    result = plan_sw(scenario(data))
    after = {b.campaign: b for b in result.after}[Campaign.JAPANESE_PACIFIC]
    assert (after.submarine_level, after.possible) == (7, True)
    assert derive(scenario(data), result.deployment)[Campaign.JAPANESE_PACIFIC].possible is True
    # Spring 1942: the war began earlier, the submarines in the box attack now.
    assert campaigns(japanese("spring", 1942))[Campaign.JAPANESE_PACIFIC].possible


@pytest.mark.parametrize(
    ("season", "year", "attacked", "barred"),
    [("winter", 1941, False, False), ("summer", 1942, True, True), ("winter", 1941, None, True)],
)
def test_the_attack_turn_is_a_setting_25_13_c(season, year, attacked, barred):
    """`sw.japan_attacked_us_this_turn`: the player says in which turn Japan attacked the U.S.; unset,
    Winter 1941 at war (the note's case) [reading]."""
    data = japanese(season, year, japan_attacked_us_this_turn=attacked)
    assert (not campaigns(data)[Campaign.JAPANESE_PACIFIC].possible) is barred
    assert (not derive(scenario(data))[Campaign.JAPANESE_PACIFIC].possible) is barred


# --- 25.361 destroyers ----------------------------------------------------------------------------------


def test_destroyers_are_shown_and_change_no_level_or_modifier_25_361():
    """25.361: British and American destroyers in an SW box absorb losses from enemy onboard submarine
    attacks only: the breakdown counts them (5 British + 2 American; not the Japanese 3) and the
    levels and modifier are those without them."""
    destroyers = [
        group("db", "britain", "destroyer", 5, "us_atlantic_box", "atlantic"),
        group("du", "usa", "destroyer", 2, "us_atlantic_box", "atlantic"),
        group("dj", "japan", "destroyer", 3, "tokyo", "pacific"),
    ]
    without = campaigns(atlantic(ADVANCED))[Campaign.GERMAN_ATLANTIC]
    atl = campaigns(atlantic(ADVANCED + destroyers))
    assert atl[Campaign.GERMAN_ATLANTIC].destroyers == 7
    assert atl[Campaign.AMERICAN_PACIFIC].destroyers == 0
    assert (atl[Campaign.GERMAN_ATLANTIC].submarine_level, atl[Campaign.GERMAN_ATLANTIC].asw_level) == (
        without.submarine_level,
        without.asw_level,
    )
    assert atl[Campaign.GERMAN_ATLANTIC].modifier == without.modifier
    assert derive(scenario(atlantic(ADVANCED + destroyers)))[Campaign.GERMAN_ATLANTIC].destroyers == 7


def test_awaw_sw_says_what_destroyers_do_25_361(tmp_path):
    """`awaw sw --json` and the table carry a 25.361 line for the destroyers in the box."""
    import yaml

    data = atlantic(ADVANCED + [group("db", "britain", "destroyer", 5, "us_atlantic_box", "atlantic")])
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data))
    runner = CliRunner()
    out = runner.invoke(app, ["sw", str(path), "--json"])
    assert out.exit_code == 0, out.output
    atl = next(c for c in json.loads(out.output)["now"] if c["campaign"] == "german_atlantic")
    assert atl["destroyers"] == 5
    assert [n["rule"] for n in atl["notes"]] == ["25.361", "25.73"]
    table = runner.invoke(app, ["sw", str(path)], env={"COLUMNS": "200"})
    assert "absorb losses from enemy onboard submarine attacks" in table.output
    s = scenario(data)
    assert report_data("x", plan_sw(s), None) == report_data("x", plan_sw(s), None)


def test_regression_the_axis_planner_declined_japanese_campaigns_25_14():
    """25.14: only the owner of the submarines declines. The European Axis planner once declined the
    Japanese Pacific campaign (Japanese submarines, not its own), which the checker rightly refused."""
    data = atlantic(
        [
            group("ji", "japan", "submarine", 2, "tokyo", "pacific"),
            group("g0", "britain", "asw", 6, "liverpool", "pacific"),
        ],
        weights={"german_atlantic": {"modifier": 0, "asw_level": 0}},
    )
    data["us_at_war"] = {"europe": True, "pacific": True}
    data["sw"]["germany_us_war_turn"] = 1
    s = scenario(data)
    result = plan_sw(s)
    assert result.deployment.declined == []
    assert check_deployment(s, result.deployment) == []
    assert abs(deployment_value(s, result.deployment) - result.value) < 1e-6


def test_regression_no_advanced_factors_made_no_advanced_roll_25_73():
    """25.73: no advanced submarine in the box, no advanced roll. With a table whose level-0 row loses a
    transport, the solver once counted an advanced roll for 0 factors (value 6 against the checker's 3)."""
    from models.sw_results import ResultsRow, ResultsTable

    rows = [ResultsRow(level=0, modifier=0, transports_lost=1), ResultsRow(level=1, modifier=0)]
    asw = [ResultsRow(level=0, modifier=0), ResultsRow(level=1, modifier=0)]
    table = ResultsTable(
        format="awaw-sw-results/1",
        max_level=1,
        min_modifier=0,
        max_modifier=0,
        submarine_rows=rows,
        asw_rows=asw,
    )
    data = atlantic([group("ga", "germany", "advanced_submarine", 1, "lorient")])
    s = scenario(data)
    result = plan_sw(s, table)
    assert abs(deployment_value(s, result.deployment, table) - result.value) < 1e-6
