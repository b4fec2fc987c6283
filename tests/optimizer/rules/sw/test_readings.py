"""The readings of rule 25 that players may take differently, each a setting of the `sw:` section with its
default: the solver (prepare, plan_sw) and the checker both follow it."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from models.sw import Campaign, GroupPlacement, SWBox, SWDeployment
from optimizer.checker.sw import check_deployment, deployment_value, derive, may_enter
from optimizer.rules.sw.deployment import deployment_data
from optimizer.rules.sw.prepare import breakdown, counts_now
from optimizer.rules.sw.solve import plan_sw
from tests.optimizer.rules.sw.positions import FRANCE_GERMAN, group, position, scenario


def lines(s, campaign):
    found = {b.campaign: b for b in breakdown(s, s.sw, counts_now(s.sw))}[campaign]
    return found, {line.key: line.value for line in found.lines}


def axis(*forces, **sw):
    data = position("european_axis", forces=list(forces), **sw)
    data["map"] = {"sites": FRANCE_GERMAN}
    return data


# --- 25.15 A: a factor already past Gibraltar on the map this turn --------------------------------------


def test_a_factor_past_gibraltar_on_the_map_uses_the_turns_one_25_15_a():
    """25.15: one German submarine factor a turn past a Western Allied Gibraltar, whether by A (a
    western front port to a Mediterranean port, on the map) or B (the Atlantic box). With one already
    NRed on the map this turn (`german_submarines_past_gibraltar_on_map: 1`), none of the 3 at Naples
    may reach the Atlantic box now; default 0: one may."""
    forces = [group("med", "germany", "submarine", 3, "naples")]
    one = SWDeployment(placements=[GroupPlacement(group="med", at_base=2, boxes={SWBox.ATLANTIC: 1})])
    s = scenario(axis(*forces))
    assert plan_sw(s).deployment.placements[0].boxes == {SWBox.ATLANTIC: 1}
    assert check_deployment(s, one) == []
    s = scenario(axis(*forces, german_submarines_past_gibraltar_on_map=1))
    assert plan_sw(s).deployment.placements[0].boxes == {}
    assert [v.rule for v in check_deployment(s, one)] == ["25.15"]


# --- 25.15 B, 25.38: transfers between the Indian Ocean and Atlantic boxes -------------------------------


@pytest.mark.parametrize(
    ("setting", "into_atlantic", "into_indian"),
    [("both", ["25.15"], ["25.15"]), ("indian_to_atlantic", ["25.15"], []), ("neither", [], [])],
)
def test_transfers_between_the_indian_ocean_and_atlantic_past_gibraltar_25_15_b(
    setting, into_atlantic, into_indian
):
    """German submarines based at Naples (25.31 C: the Indian Ocean from a Mediterranean port), 3 in
    the Indian Ocean box and 3 in the Atlantic box, Gibraltar British (one factor a turn, 25.15).
    `gibraltar_box_transfers`: both (default: each way leads through the Mediterranean base), only
    Indian Ocean -> Atlantic, or neither (25.38: a transfer between boxes goes round Africa)."""
    forces = [
        group("ind", "germany", "submarine", 3, "naples", "indian"),
        group("atl", "germany", "submarine", 3, "naples", "atlantic"),
    ]
    s = scenario(axis(*forces, gibraltar_box_transfers=setting))
    west = SWDeployment(placements=[GroupPlacement(group="ind", boxes={SWBox.ATLANTIC: 3})])
    east = SWDeployment(placements=[GroupPlacement(group="atl", boxes={SWBox.INDIAN: 3})])
    assert [v.rule for v in check_deployment(s, west)] == into_atlantic
    assert [v.rule for v in check_deployment(s, east)] == into_indian
    # The solver, told the Atlantic is worth much more (Suez British: no Indian Ocean campaign), moves
    # as many as the setting lets past Gibraltar.
    result = plan_sw(s)
    moved = next(p for p in result.deployment.placements if p.group == "ind").boxes.get(SWBox.ATLANTIC, 0)
    assert moved == (1 if into_atlantic else 3)
    assert check_deployment(s, result.deployment) == []


# --- Konigsberg on the western front -----------------------------------------------------------------------


def test_konigsberg_western_front_setting_25_31_a_25_721():
    """25.31 A: German submarines in the Atlantic box are based in a western front or Mediterranean
    port; 25.721: no German SW in the Atlantic without an Axis operational western front port.
    `konigsberg_western_front` (default true) counts Konigsberg, on the Baltic, as one; false: as an
    eastern front port."""
    inoperative = ["hamburg", "kiel", "brest", "lorient", "bordeaux"]
    forces = [
        group("k", "germany", "submarine", 2, "konigsberg"),
        group("u", "germany", "submarine", 4, "konigsberg", "atlantic"),
    ]
    s = scenario(axis(*forces, inoperative_ports=inoperative))
    assert may_enter(s, "k", SWBox.ATLANTIC) is None
    assert lines(s, Campaign.GERMAN_ATLANTIC)[0].possible
    assert derive(s)[Campaign.GERMAN_ATLANTIC].possible
    s = scenario(axis(*forces, inoperative_ports=inoperative, konigsberg_western_front=False))
    assert may_enter(s, "k", SWBox.ATLANTIC).startswith("25.31 A")
    assert [r for r, _ in lines(s, Campaign.GERMAN_ATLANTIC)[0].barred] == ["25.721, 25.51 A"]
    assert derive(s)[Campaign.GERMAN_ATLANTIC].possible is False
    # "u" may withdraw to a location it could have entered the box from (25.37: Hamburg, Naples, ...), but
    # nothing is gained: nothing moves.
    moved = plan_sw(s).deployment.placements
    assert [(p.group, p.at_base, p.boxes) for p in moved] == [("u", 0, {SWBox.ATLANTIC: 4})]


# --- 25.32 A and American CVEs ----------------------------------------------------------------------------


def test_american_cves_within_the_25_32_a_limit_is_a_setting():
    """25.32 A is empty in the rules text; 25.22 C and D name American ASW only. Before war with Germany,
    4 American CVEs in the Atlantic box and 3 at the Atlantic U.S. box, `us_atlantic_asw_per_turn: 1`,
    a CVE step worth 10 a point: by default 2 CVEs go in (6: -1, 25.64 A); with
    `us_cves_within_25_32_a` the CVEs count against the one factor a turn, one more would not reach
    the step, and none goes."""
    forces = [
        group("u", "germany", "submarine", 10, "lorient", "atlantic"),
        group("in", "usa", "cve", 4, "us_atlantic_box", "atlantic"),
        group("out", "usa", "cve", 3, "us_atlantic_box"),
    ]
    weights = {"german_atlantic": {"modifier": 10, "submarine_level": 0, "asw_level": 0}}
    data = position("western_allies", forces=forces, us_atlantic_asw_per_turn=1, weights=weights)
    data["map"] = {"sites": FRANCE_GERMAN}
    two = SWDeployment(placements=[GroupPlacement(group="out", at_base=1, boxes={SWBox.ATLANTIC: 2})])
    s = scenario(data)
    assert next(p for p in plan_sw(s).deployment.placements if p.group == "out").boxes == {SWBox.ATLANTIC: 2}
    assert check_deployment(s, two) == []
    data["sw"]["us_cves_within_25_32_a"] = True
    s = scenario(data)
    assert next(p for p in plan_sw(s).deployment.placements if p.group == "out").boxes == {}
    assert [v.rule for v in check_deployment(s, two)] == ["25.32"]


# --- 25.631, 25.632: research left out ----------------------------------------------------------------------


def test_research_left_out_zero_or_the_start_of_the_game_25_631_25_632():
    """25.631: Germany and Japan begin with a +1 Naval Nationality DRM advantage; 25.632: Japan with one
    torpedo result. A power left out of `sw.research` has 0 by default; with `research_left_out:
    game_start` those starting values: the German Atlantic nationality row +1, the Japanese Pacific
    nationality +1 and torpedo +1."""
    forces = [
        group("u", "germany", "submarine", 4, "lorient", "atlantic"),
        group("j", "japan", "submarine", 4, "tokyo", "pacific"),
    ]
    for setting, german, japanese in (("zero", (0, 0), (0, 0)), ("game_start", (1, 0), (1, 1))):
        data = axis(*forces, research_left_out=setting)
        data["us_at_war"] = {"europe": True, "pacific": True}
        data["sw"]["germany_us_war_turn"] = 3
        s = scenario(data)
        got = lines(s, Campaign.GERMAN_ATLANTIC)[1]
        assert (got["nationality"], got["torpedo"]) == german
        got = lines(s, Campaign.JAPANESE_PACIFIC)[1]
        assert (got["nationality"], got["torpedo"]) == japanese
        d = derive(s)
        assert (
            d[Campaign.JAPANESE_PACIFIC].modifiers["nationality"],
            d[Campaign.JAPANESE_PACIFIC].modifiers["torpedo"],
        ) == japanese
    # Stated research wins over the setting.
    data = axis(*forces, research_left_out="game_start", research={"germany": {"naval_nationality_drm": 0}})
    assert lines(scenario(data), Campaign.GERMAN_ATLANTIC)[1]["nationality"] == 0


# --- 25.66 A in the Indian Ocean -------------------------------------------------------------------------------


def test_german_us_war_rows_in_the_indian_ocean_are_a_setting_25_66():
    """25.66 A: "a pro-German +1 modifier applies to German and Western Allied submarine/ASW SW combat
    dice rolls"; the 25.61 table lists it under the Atlantic. In the first turn of that war (+1, and
    +2 more, 25.66 B) German submarines in the Indian Ocean (Suez Italian) get neither by default,
    both (+3) with `us_war_rows_in_indian_ocean`."""
    forces = [group("gi", "germany", "submarine", 2, "naples", "indian")]
    for setting, extra in ((False, 0), (True, 3)):
        data = axis(*forces, ports={"suez": {"controller": "italy"}}, us_war_rows_in_indian_ocean=setting)
        data["us_at_war"] = {"europe": True}
        data["sw"]["germany_us_war_turn"] = 1
        s = scenario(data)
        found, values = lines(s, Campaign.GERMAN_INDIAN)
        assert values.get("us_war", 0) + values.get("us_war_first_turns", 0) == extra
        base = found.modifier - extra
        assert derive(s)[Campaign.GERMAN_INDIAN].total == base + extra
        assert lines(s, Campaign.GERMAN_ATLANTIC)[1]["us_war"] == 1  # the Atlantic row either way


# --- 25.83 and the CVEs ----------------------------------------------------------------------------------------


def indian_cves(faction="western_allies", **sw):
    data = position(
        faction,
        forces=[
            group("gi", "germany", "submarine", 2, "naples", "indian"),
            group("ji", "japan", "submarine", 3, "tokyo", "indian"),
            group("c", "usa", "cve", 7, "colombo", "indian"),
        ],
        ports={"suez": {"controller": "italy"}},
        **sw,
    )
    data["japan_at_war_with_britain"] = True
    data["us_at_war"] = {"europe": True, "pacific": True}
    data["sw"]["germany_us_war_turn"] = 3
    return data


def test_indian_ocean_cves_split_is_a_setting_25_83():
    """25.83 names the ASW forces; 25.64 B: -1 for every 3 CVEs in the Indian Ocean box. 7 CVEs, both
    German and Japanese submarines operating: by default each campaign reads all 7 (-2); with
    `indian_cves_split` the CVEs are split too, half to the Germans rounded down (3: -1, and 4: -1),
    or as stated (6: -2, and 1: 0)."""
    s = scenario(indian_cves())
    assert lines(s, Campaign.GERMAN_INDIAN)[1]["cves"] == lines(s, Campaign.JAPANESE_INDIAN)[1]["cves"] == -2
    s = scenario(indian_cves(indian_cves_split=True))
    assert (lines(s, Campaign.GERMAN_INDIAN)[0].cves, lines(s, Campaign.JAPANESE_INDIAN)[0].cves) == (3, 4)
    assert (derive(s)[Campaign.GERMAN_INDIAN].cves, derive(s)[Campaign.JAPANESE_INDIAN].cves) == (3, 4)
    s = scenario(indian_cves(indian_cves_split=True, indian_cves_against_germany=6))
    assert lines(s, Campaign.GERMAN_INDIAN)[1]["cves"] == -2
    assert lines(s, Campaign.JAPANESE_INDIAN)[1]["cves"] == 0
    assert derive(s)[Campaign.JAPANESE_INDIAN].modifiers["cves"] == 0


def test_the_allied_planner_splits_the_indian_ocean_cves_25_83():
    """The Western Allies split as they like: with the Japanese modifier worth 10 a point and the
    German one nothing, at least 6 of the 7 CVEs go against the Japanese (-2); the checker agrees on the
    value, and refuses a CVE split above the 7 there, or without the setting."""
    weights = {"japanese_indian": {"modifier": 10}, "german_indian": {"modifier": 0}}
    s = scenario(indian_cves(indian_cves_split=True, weights=weights))
    result = plan_sw(s)
    assert result.status.value == "optimal"
    split = result.deployment.indian_cves_against_germany
    assert split is not None and 7 - split >= 6
    assert check_deployment(s, result.deployment) == []
    assert abs(deployment_value(s, result.deployment) - result.value) < 1e-6
    over = result.deployment.model_copy(update={"indian_cves_against_germany": 8})
    assert [v.rule for v in check_deployment(s, over)] == ["25.83"]
    assert [v.rule for v in check_deployment(scenario(indian_cves()), result.deployment)] == ["25.83"]


def test_a_cve_split_without_the_setting_is_refused():
    with pytest.raises(ValidationError, match=r"indian_cves_against_germany: set, but indian_cves_split"):
        scenario(indian_cves(indian_cves_against_germany=2))


# --- 25.92 B: Manila, "if it controls Manila" -----------------------------------------------------------


@pytest.mark.parametrize(
    ("controller", "any_allied", "expected"),
    [("usa", False, 2), ("britain", False, 0), ("japan", False, 0), ("britain", True, 2), ("japan", True, 0)],
)
def test_manila_counts_when_the_us_controls_it_25_92_b(controller, any_allied, expected):
    """25.92 B: "The U.S. receives a +2 modifier for submarine warfare in the Pacific if it controls
    Manila": "it" is the U.S., so a British-held Manila gives American submarines nothing (both the
    solver and the checker once read any Allied power). `manila_any_allied_control: true` takes the
    25.61 table's row instead ("+2 Allies control Manila"). Control only: no supply is asked."""
    data = position(
        "western_allies",
        forces=[group("us", "usa", "submarine", 3, "pearl_harbor", "pacific")],
        ports={"manila": {"controller": controller, "fully_supplied": False}},
        **({"manila_any_allied_control": True} if any_allied else {}),
    )
    data["us_at_war"] = {"pacific": True}
    s = scenario(data)
    assert lines(s, Campaign.AMERICAN_PACIFIC)[1]["manila"] == expected
    assert derive(s)[Campaign.AMERICAN_PACIFIC].modifiers["manila"] == expected


# --- 25.91, 25.38: transfers between the Pacific and Indian Ocean boxes past Singapore -------------------


def japanese_boxes(setting: bool | None):
    """Japanese submarines based at Tokyo, 2 in the Pacific box and 2 in the Indian Ocean box, Singapore
    British, Japan at war with the U.S. and Britain."""
    data = position(
        "japan",
        forces=[
            group("pac", "japan", "submarine", 2, "tokyo", "pacific"),
            group("ind", "japan", "submarine", 2, "tokyo", "indian"),
            group("home", "japan", "submarine", 2, "tokyo"),
        ],
        ports={"singapore": {"controller": "britain"}},
        **({} if setting is None else {"singapore_bars_box_transfers": setting}),
    )
    data["us_at_war"] = {"pacific": True}
    data["japan_at_war_with_britain"] = True
    return scenario(data)


def test_box_transfers_do_not_pass_singapore_by_default_25_91_25_38():
    """25.38: "Naval units and SW units may be transferred between SW boxes during the redeployment
    phase"; 25.91: "Submarines may not pass by an enemy-controlled Singapore (hex EE11)". A transfer
    between the Pacific and Indian Ocean boxes crosses no hex of the map, so with Singapore British the
    Japanese submarines in the Pacific box may transfer to the Indian Ocean box, and those there to the
    Pacific box (the solver and the checker once barred the first and allowed the second). From Tokyo
    to the Indian Ocean box they pass Singapore: barred."""
    s = japanese_boxes(None)
    for group_id, box in (("pac", SWBox.INDIAN), ("ind", SWBox.PACIFIC)):
        assert may_enter(s, group_id, box) is None
        assert box in {g.id: g for g in deployment_data(s, s.sw).groups}[group_id].allowed
    assert may_enter(s, "home", SWBox.INDIAN) == "25.91: enemy-controlled Singapore"
    assert SWBox.INDIAN not in {g.id: g for g in deployment_data(s, s.sw).groups}["home"].allowed
    swap = SWDeployment(
        placements=[
            GroupPlacement(group="pac", boxes={SWBox.INDIAN: 2}),
            GroupPlacement(group="ind", boxes={SWBox.PACIFIC: 2}),
        ]
    )
    assert check_deployment(s, swap) == []


def test_box_transfers_past_singapore_is_a_setting_25_91_25_38():
    """`singapore_bars_box_transfers: true`: a transfer between the Pacific and Indian Ocean boxes passes
    Singapore, so with Singapore British neither way is open (25.91), in the solver and the checker."""
    s = japanese_boxes(True)
    groups = {g.id: g for g in deployment_data(s, s.sw).groups}
    for group_id, box in (("pac", SWBox.INDIAN), ("ind", SWBox.PACIFIC)):
        assert may_enter(s, group_id, box).startswith("25.91")
        assert group_id not in groups or box not in groups[group_id].allowed  # "ind" may not move at all
    one = SWDeployment(placements=[GroupPlacement(group="ind", boxes={SWBox.PACIFIC: 2})])
    assert [v.rule for v in check_deployment(s, one)] == ["25.91"]
    assert check_deployment(s, plan_sw(s).deployment) == []


# --- 25.38: transfers between SW boxes name no base ------------------------------------------------------


def japanese_transfers(truk: str = "japan", **sw):
    """Japanese submarines at war with the U.S. and Britain, Singapore Japanese: 3 Truk-based in the
    Pacific box, 2 Singapore-based in the Indian Ocean box; the Indian Ocean campaign worth 5 a factor,
    the Pacific one 1."""
    data = position(
        "japan",
        forces=[
            group("truk", "japan", "submarine", 3, "truk", "pacific"),
            group("sing", "japan", "submarine", 2, "singapore", "indian"),
        ],
        ports={"singapore": {"controller": "japan"}, "truk": {"controller": truk}},
        weights={
            "japanese_indian": {"submarine_level": 5, "modifier": 0, "asw_level": 0},
            "japanese_pacific": {"submarine_level": 1, "modifier": 0, "asw_level": 0},
        },
        **sw,
    )
    data["us_at_war"] = {"pacific": True}
    data["japan_at_war_with_britain"] = True
    return scenario(data)


def test_japanese_transfers_between_boxes_need_no_base_25_38():
    """25.38: "Naval units and SW units may be transferred between SW boxes during the redeployment
    phase, whether or not they were employed ..., are not inverted after transfer": no base named, for
    any side. 25.31 C ("Japanese submarines deployed to the Indian Ocean SW box must be based in Japan or
    Singapore") is the way in from a base. So the 3 Truk-based submarines in the Pacific box may transfer
    to the Indian Ocean box, and the 2 Singapore-based ones there to the Pacific box (25.31 B names Japan
    or Truk); the solver and the checker once barred both. With the Indian Ocean worth more, the solver
    moves the 3 there. A transfer does not need the base held either: with Truk American, the same."""
    for truk in ("japan", "usa"):
        s = japanese_transfers(truk)
        groups = {g.id: g for g in deployment_data(s, s.sw).groups}
        assert may_enter(s, "truk", SWBox.INDIAN) is None
        assert may_enter(s, "sing", SWBox.PACIFIC) is None
        assert SWBox.INDIAN in groups["truk"].allowed and SWBox.PACIFIC in groups["sing"].allowed
        swap = SWDeployment(
            placements=[
                GroupPlacement(group="truk", boxes={SWBox.INDIAN: 3}),
                GroupPlacement(group="sing", boxes={SWBox.PACIFIC: 2}),
            ]
        )
        assert check_deployment(s, swap) == []
        placed = {p.group: p for p in plan_sw(s).deployment.placements}
        assert placed["truk"].boxes == {SWBox.INDIAN: 3}
        assert check_deployment(s, plan_sw(s).deployment) == []


def test_axis_transfers_from_their_bases_is_a_setting_25_31_25_38():
    """`axis_transfers_need_base: true`: 25.31's "Western Allied naval units may be freely transferred
    between all three SW boxes" read as for the Western Allies alone, so a Japanese transfer keeps to
    25.31 B and C's bases: Truk serves no Indian Ocean entry, Singapore no Pacific one."""
    s = japanese_transfers(axis_transfers_need_base=True)
    assert may_enter(s, "truk", SWBox.INDIAN).startswith("25.31 C")
    assert may_enter(s, "sing", SWBox.PACIFIC).startswith("25.31 B")
    groups = {g.id: g for g in deployment_data(s, s.sw).groups}
    assert SWBox.INDIAN not in groups["truk"].allowed
    move = SWDeployment(placements=[GroupPlacement(group="truk", boxes={SWBox.INDIAN: 3})])
    assert [v.rule for v in check_deployment(s, move)] == ["25.31 C"]
    result = plan_sw(s)
    placed = {p.group: p.boxes for p in result.deployment.placements}
    assert SWBox.INDIAN not in placed.get("truk", {})
    assert check_deployment(s, result.deployment) == []


@pytest.mark.parametrize(("setting", "violations"), [("both", ["25.15"]), ("neither", [])])
def test_german_transfer_from_a_western_front_base_to_the_indian_ocean_25_38_25_15(setting, violations):
    """25.38 names no base: 3 Lorient-based German submarines in the Atlantic box may transfer to the
    Indian Ocean box (25.31 C's Mediterranean base is the way in from a port), Suez Italian. With
    Gibraltar British, one factor a turn passes it (25.15 B); whether the transfer does is
    `gibraltar_box_transfers`, whatever the base: both (default) lets one of the 3 go, neither all 3.
    The solver and the checker once barred the transfer (25.31 C); with `axis_transfers_need_base` they
    still do."""
    forces = [group("atl", "germany", "submarine", 3, "lorient", "atlantic")]
    weights = {
        "german_indian": {"submarine_level": 5, "modifier": 0, "asw_level": 0},
        "german_atlantic": {"submarine_level": 1, "modifier": 0, "asw_level": 0},
    }
    ports = {"suez": {"controller": "italy"}}
    s = scenario(axis(*forces, ports=ports, weights=weights, gibraltar_box_transfers=setting))
    assert may_enter(s, "atl", SWBox.INDIAN) is None
    three = SWDeployment(placements=[GroupPlacement(group="atl", boxes={SWBox.INDIAN: 3})])
    assert [v.rule for v in check_deployment(s, three)] == violations
    result = plan_sw(s)
    assert result.deployment.placements[0].boxes.get(SWBox.INDIAN) == (1 if violations else 3)
    assert check_deployment(s, result.deployment) == []
    s = scenario(
        axis(
            *forces,
            ports=ports,
            weights=weights,
            gibraltar_box_transfers=setting,
            axis_transfers_need_base=True,
        )
    )
    assert may_enter(s, "atl", SWBox.INDIAN).startswith("25.31 C")
    assert [v.rule for v in check_deployment(s, three)] == ["25.31 C", *violations]
    assert [p.boxes for p in plan_sw(s).deployment.placements] == [{SWBox.ATLANTIC: 3}]


# --- Gibraltar's front (25.31, 25.51 A, 25.65, 25.723) ---------------------------------------------------


def gibraltar_position(**sw):
    """The Axis hold Gibraltar and every other western front port is inoperative; German submarines are
    based there, 2 at the port and 2 in the Atlantic box; Suez is Italian."""
    inoperative = ["hamburg", "kiel", "konigsberg", "brest", "lorient", "bordeaux"]
    return scenario(
        axis(
            group("gib", "germany", "submarine", 2, "gibraltar"),
            group("atl", "germany", "submarine", 2, "gibraltar", "atlantic"),
            ports={"gibraltar": {"controller": "germany"}, "suez": {"controller": "italy"}},
            inoperative_ports=inoperative,
            **sw,
        )
    )


def test_gibraltar_is_a_western_front_port_25_51_a_25_65():
    """25.65 ("DISTANCE FROM SUBMARINE BASES"): "The control of specified operational ports modifies
    submarine warfare, as set out in 25.723", whose ports, Gibraltar among them, are thus the Atlantic
    campaign's submarine bases; 25.51 A: German submarines "may conduct SW in the Atlantic SW box only from
    an Axis-controlled operational port on the western front". So Gibraltar is a western front port: held
    by the Axis, it alone keeps the Atlantic campaign possible (25.721), with its +1 (25.723); German
    submarines based there deploy to the Atlantic box (25.31 A) but not the Indian Ocean box (25.31 C: "must
    be based in a Mediterranean port"). The solver and the checker agree; this pins the default."""
    s = gibraltar_position()
    found, values = lines(s, Campaign.GERMAN_ATLANTIC)
    assert found.possible and values["gibraltar"] == 1
    assert derive(s)[Campaign.GERMAN_ATLANTIC].possible
    assert may_enter(s, "gib", SWBox.ATLANTIC) is None
    assert may_enter(s, "gib", SWBox.INDIAN).startswith("25.31 C")
    groups = {g.id: g for g in deployment_data(s, s.sw).groups}
    assert groups["gib"].allowed == (SWBox.ATLANTIC,)
    assert check_deployment(s, plan_sw(s).deployment) == []


def test_gibraltar_as_a_mediterranean_port_is_a_setting():
    """`gibraltar_western_front: false`: Gibraltar a Mediterranean port. With no other operational western
    front port the Atlantic campaign cannot happen (25.721, 25.51 A), though Gibraltar's +1 row still reads
    Axis control (25.723); German submarines based there may deploy to the Indian Ocean box (25.31 C)."""
    s = gibraltar_position(gibraltar_western_front=False)
    found, values = lines(s, Campaign.GERMAN_ATLANTIC)
    assert not found.possible and values["gibraltar"] == 1
    assert derive(s)[Campaign.GERMAN_ATLANTIC].possible is False
    assert may_enter(s, "gib", SWBox.INDIAN) is None
    groups = {g.id: g for g in deployment_data(s, s.sw).groups}
    assert SWBox.INDIAN in groups["gib"].allowed
    assert check_deployment(s, plan_sw(s).deployment) == []
