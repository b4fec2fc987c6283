"""Regressions of rule 25: when and whether a campaign happens (25.11, 25.22 C, 25.32, 25.83), which CVEs
count (27.721 B, 27.81, 27.82 B, 25.34, 25.362) and the phantom ASW roll against advanced submarines
(25.73 C). Each is checked in the solver (prepare, plan_sw) and, separately, in the checker, which
refuses the faulty answer. Expected numbers come from the rules text."""

from __future__ import annotations

from models.plan import Plan, Status
from models.sw import Campaign, GroupPlacement, SWBox, SWDeployment
from models.sw_results import ResultsRow, ResultsTable
from optimizer.checker.sw import check_deployment, check_sw_report, deployment_value, derive
from optimizer.rules.sw.prepare import breakdown, counts_now
from optimizer.rules.sw.solve import plan_sw, sw_plan_report
from tests.optimizer.rules.sw.positions import FRANCE_GERMAN, group, position, scenario


def now(s):
    return {b.campaign: b for b in breakdown(s, s.sw, counts_now(s.sw))}


def after(result):
    return {b.campaign: b for b in result.after}


def tampered_report(s, campaign, stage="after", **figures):
    """The solver's own `plan.sw` report, with one campaign's figures changed to `figures`."""
    report = sw_plan_report(s, Plan(scenario=s.name))
    items = [
        item.model_copy(update={stage: getattr(item, stage).model_copy(update=figures)})
        if item.campaign is campaign
        else item
        for item in report.campaigns
    ]
    return Plan(scenario=s.name, sw=report.model_copy(update={"campaigns": items}))


# --- 25.22 C, 25.32: American ASW until the U.S. is at war in both theaters -------------------------


def us_asw(us_at_war, box, base, **sw):
    data = position(
        "western_allies",
        forces=[
            group(
                "enemy",
                "japan" if box == "pacific" else "germany",
                "submarine",
                4,
                "tokyo" if box == "pacific" else "lorient",
                box,
            ),
            group("asw", "usa", "asw", 3, base),
        ],
        **sw,
    )
    data["map"] = {"sites": FRANCE_GERMAN}
    data["us_at_war"] = us_at_war
    if us_at_war.get("europe"):
        data["sw"]["germany_us_war_turn"] = 3
    return data


def test_regression_american_asw_freed_at_war_with_japan_alone_25_22_c_25_32_b():
    """25.22 C: American ASW is subject to 25.32 "until the U.S. is at war in both theaters"; 25.32 B:
    at USJT 40 or more one ASW factor a turn to the Pacific box. At war with Japan only, USJT 45, 1 of
    the 3 factors at the Pacific U.S. box may enter; the planner once sent all 3, and the checker
    accepted it."""
    data = us_asw({"pacific": True}, "pacific", "us_pacific_box")
    data["usjt"] = 45
    s = scenario(data)
    result = plan_sw(s)
    assert result.deployment.placements == [GroupPlacement(group="asw", at_base=2, boxes={SWBox.PACIFIC: 1})]
    assert check_deployment(s, result.deployment) == []
    three = SWDeployment(placements=[GroupPlacement(group="asw", boxes={SWBox.PACIFIC: 3})])
    assert [v.rule for v in check_deployment(s, three)] == ["25.32"]
    # At war in both theaters the limit is gone: all 3 go (25.22 C).
    data = us_asw({"europe": True, "pacific": True}, "pacific", "us_pacific_box")
    s = scenario(data)
    assert plan_sw(s).deployment.placements[0].boxes == {SWBox.PACIFIC: 3}
    assert check_deployment(s, three) == []


def test_regression_american_asw_freed_at_war_with_germany_alone_25_22_c_25_32_a():
    """25.22 C with 25.32 A (empty in the text: the player's `sw.us_atlantic_asw_per_turn`): at war
    with Germany but not Japan, the stated 2 factors a turn still hold in the Atlantic; the planner
    once ignored the stated limit from the outbreak of war with Germany."""
    data = us_asw(
        {"europe": True, "pacific": False}, "atlantic", "us_atlantic_box", us_atlantic_asw_per_turn=2
    )
    s = scenario(data)
    result = plan_sw(s)
    assert result.deployment.placements == [GroupPlacement(group="asw", at_base=1, boxes={SWBox.ATLANTIC: 2})]
    three = SWDeployment(placements=[GroupPlacement(group="asw", boxes={SWBox.ATLANTIC: 3})])
    assert [v.rule for v in check_deployment(s, three)] == ["25.32"]


# --- 25.11, 25.91: a campaign needs a war between attacker and defender ------------------------------


def fall_1941_at_peace():
    """Fall 1941: Japan at war with neither the U.S. nor Britain, USJT 45 (25.91 lets submarines into
    the Pacific box). Japanese submarines in the box and at Tokyo, American ones in the box."""
    data = position(
        "japan",
        forces=[
            group("out", "japan", "submarine", 3, "tokyo", "pacific"),
            group("home", "japan", "submarine", 4, "tokyo"),
            group("us", "usa", "submarine", 2, "pearl_harbor", "pacific"),
        ],
    )
    data["turn"] = {"season": "fall", "year": 1941}
    data["us_at_war"] = {"europe": False, "pacific": False}
    data["japan_at_war_with_britain"] = False
    data["usjt"] = 45
    return scenario(data)


def test_regression_campaigns_between_powers_at_peace_25_11_25_91():
    """25.11: submarines operate "against enemy transports"; 25.91 only lets them enter the box at
    USJT 40. At peace, neither the Japanese nor the American Pacific campaign can happen, and the
    Japanese planner gains nothing by sending the 4 factors at Tokyo in: it sends none (value 0). The
    planner once listed both campaigns as possible and sent the submarines."""
    s = fall_1941_at_peace()
    found = now(s)
    for campaign in (Campaign.JAPANESE_PACIFIC, Campaign.AMERICAN_PACIFIC):
        assert ("25.11" in [rule for rule, _ in found[campaign].barred]) and not found[campaign].possible
        assert derive(s)[campaign].possible is False
    result = plan_sw(s)
    assert result.status is Status.OPTIMAL
    assert result.value == 0
    placed = {p.group: p.boxes for p in result.deployment.placements}
    assert placed["home"] == {} and placed.get("out", {SWBox.PACIFIC: 3}) == {SWBox.PACIFIC: 3}
    assert not after(result)[Campaign.JAPANESE_PACIFIC].possible
    sent = SWDeployment(placements=[GroupPlacement(group="home", boxes={SWBox.PACIFIC: 4})])
    assert check_deployment(s, sent) == []  # entering is legal (25.91) ...
    assert deployment_value(s, sent) == 0  # ... but worth nothing
    stated = tampered_report(s, Campaign.JAPANESE_PACIFIC, possible=True)
    assert [(v.rule, v.message.split(":")[0]) for v in check_sw_report(s, stated)] == [
        ("25.11, 25.51", "japanese_pacific after the builds")
    ]


# --- 25.83: the Indian Ocean split only when both campaigns operate -----------------------------------


def indian(faction="western_allies", **sw):
    data = position(
        faction,
        forces=[
            group("gi", "germany", "submarine", 2, "naples", "indian"),
            group("ji", "japan", "submarine", 3, "tokyo", "indian"),
            group("asw", "britain", "asw", 4, "colombo", "indian"),
        ],
        **sw,
    )
    data["japan_at_war_with_britain"] = True
    return data


def test_regression_indian_ocean_asw_split_when_the_german_campaign_is_barred_25_83():
    """25.83: "If both German and Japanese submarines are operating in the Indian Ocean SW box, the
    Western Allies split their ASW". With Suez British the German submarines cannot operate (25.51 A),
    so the Japanese face all 4 ASW factors, not 4 - 2; the same when the Germans decline (25.14). The
    planner once split the ASW whenever both were in the box; a deployment stating a split now breaks
    25.83."""
    for data in (indian(), indian(ports={"suez": {"controller": "italy"}}, declined=["german_indian"])):
        s = scenario(data)
        assert now(s)[Campaign.JAPANESE_INDIAN].asw_level == 4
        assert derive(s)[Campaign.JAPANESE_INDIAN].asw == 4
        result = plan_sw(s)
        assert result.deployment.indian_asw_against_germany is None
        assert after(result)[Campaign.JAPANESE_INDIAN].asw_level == 4
        split = SWDeployment(placements=[], indian_asw_against_germany=2)
        assert [v.rule for v in check_deployment(s, split)] == ["25.83"]
    # Both operating (Suez Italian): the split happens, half to the Germans by default.
    s = scenario(indian(ports={"suez": {"controller": "italy"}}))
    assert (now(s)[Campaign.GERMAN_INDIAN].asw_level, now(s)[Campaign.JAPANESE_INDIAN].asw_level) == (2, 2)


def test_regression_axis_planner_faced_half_the_asw_of_a_barred_german_campaign_25_83():
    """The Japanese planner, Suez British: its submarines in the Indian Ocean meet all 4 Allied ASW
    factors (25.83 needs the German submarines operating too); the solver and the checker value the
    deployment alike."""
    s = scenario(indian("japan"))
    result = plan_sw(s)
    assert after(result)[Campaign.JAPANESE_INDIAN].asw_level == 4
    assert abs(deployment_value(s, result.deployment) - result.value) < 1e-6


# --- 27.721 B, 27.81, 27.82 B, 25.34, 25.362: CVEs of this turn ---------------------------------------


def test_regression_a_cve_launched_this_turn_counts_at_the_next_sw_combats_27_82_b():
    """A CVE launched this turn is inverted (27.81) and, moved to an SW box, stays inverted through the
    next opposing player turn (27.82 B, 25.34); only uninverted CVEs count (25.362). 5 CVEs in the
    Atlantic and a sixth just launched: still 5 at the next SW combats, the modifier 0 (25.64 A:
    -1 only from 6). The planner once counted 6 (a step of -1)."""
    data = position(
        "western_allies",
        forces=[
            group("u", "germany", "submarine", 10, "lorient", "atlantic"),
            group("old", "usa", "cve", 5, "us_atlantic_box", "atlantic"),
            group("launched", "usa", "cve", 1, "us_atlantic_box", new=True),
        ],
    )
    data["map"] = {"sites": FRANCE_GERMAN}
    data["us_at_war"] = {"europe": True, "pacific": True}
    data["sw"]["germany_us_war_turn"] = 3
    s = scenario(data)
    result = plan_sw(s)
    atlantic = after(result)[Campaign.GERMAN_ATLANTIC]
    cves = next(line for line in atlantic.lines if line.key == "cves")
    assert (atlantic.cves, cves.value) == (5, 0)
    moved = SWDeployment(placements=[GroupPlacement(group="launched", boxes={SWBox.ATLANTIC: 1})])
    derived = derive(s, moved)[Campaign.GERMAN_ATLANTIC]
    assert (derived.cves, derived.modifiers["cves"]) == (5, 0)


# --- 25.73 C: no Allied roll against advanced submarines alone ---------------------------------------


def advanced_alone(faction):
    data = position(
        faction,
        forces=[
            group("x", "germany", "advanced_submarine", 2, "lorient", "atlantic"),
            group("asw", "britain", "asw", 4, "liverpool"),
        ],
    )
    data["map"] = {"sites": FRANCE_GERMAN}
    return scenario(data)


def asw_table():
    """A table of the old form whose ASW rows sink 1 submarine factor at every level from 1."""
    rows = [ResultsRow(level=n, modifier=m) for n in range(4) for m in range(-1, 4)]
    asw = [ResultsRow(level=n, modifier=m, submarines_lost=min(n, 1)) for n in range(4) for m in range(-1, 4)]
    return ResultsTable(
        format="awaw-sw-results/1",
        max_level=3,
        min_modifier=-1,
        max_modifier=3,
        submarine_rows=rows,
        asw_rows=asw,
    )


def test_regression_advanced_submarines_alone_faced_an_allied_asw_roll_25_73_c():
    """25.73 C: "No SW combat dice roll is made by the Western Allies" against the advanced submarines,
    and with no conventional submarines in the box there is no other roll. So the British ASW at
    Liverpool sinks nothing by going to the Atlantic: the Allied planner leaves it at its base
    (objective: the table's expected losses, or the weights), and its worth is the advanced roll's
    alone: 2 transports eliminated (25.73 D) at 3 BRPs each, -6 for the Allies. The planner once moved
    the ASW in to sink submarines that were not there."""
    s = advanced_alone("western_allies")
    table = asw_table()
    for objective in (table, None):
        result = plan_sw(s, objective)
        assert result.deployment.placements == [GroupPlacement(group="asw", at_base=4)]
        moved = SWDeployment(placements=[GroupPlacement(group="asw", boxes={SWBox.ATLANTIC: 4})])
        assert deployment_value(s, moved, objective) == deployment_value(s, result.deployment, objective)
    assert plan_sw(s, table).value == deployment_value(s, plan_sw(s, table).deployment, table) == -6
