"""The legality of an SW deployment, re-derived from the text (25.12-25.38, 25.83)."""

from __future__ import annotations

from models.map_data import SITE_BY_ID
from models.scenario import Scenario
from models.sw import (
    Campaign,
    ForceGroup,
    GibraltarTransfers,
    GroupPlacement,
    SWBox,
    SWDeployment,
    SWSection,
    SWUnit,
)
from models.tables import Power
from optimizer.checker.sw.derive import indian_split_applies, positions
from optimizer.checker.sw.facts import front, on_allied_side, on_axis_side, port_state, wars
from optimizer.checker.violations import Violation

PLANNERS = {
    "european_axis": {Power.GERMANY, Power.ITALY},
    "japan": {Power.JAPAN},
    "western_allies": {Power.BRITAIN, Power.USA, Power.FRANCE},
}
ATLANTIC_BASES = {"us_atlantic_box", "south_africa_box", "canada_box"}  # + western front ports (25.31 A)
PACIFIC_BASES = {"pearl_harbor", "tahiti", "us_pacific_box", "australia_box"}  # 25.31 B
INDIAN_BASES = {
    "suez",
    "basra",
    "abadan",
    "colombo",
    "madras",
    "south_africa_box",
    "australia_box",
    "india_box",
}


def _held_by_side(scenario: Scenario, sw: SWSection, power: Power, place: str) -> bool:
    """Whether `place` is held by `power`'s side: a base units deploy from (25.31) or withdraw to
    (25.37, "a location from which they were eligible to enter the SW box")."""
    controller = port_state(scenario, sw, place)[0]
    return controller is not None and on_axis_side(controller) == on_axis_side(power)


def _own_base(scenario: Scenario, sw: SWSection, group: ForceGroup) -> bool:
    return _held_by_side(scenario, sw, group.power, group.base)


def place_serves(sw: SWSection, power: Power, place: str, box: SWBox) -> bool:
    """25.31 A-C: `place` is one the power deploys to `box` from (control aside)."""
    where = front(sw, place)
    japan_home = place in SITE_BY_ID and SITE_BY_ID[place].country == "japan"
    if power in (Power.BRITAIN, Power.USA):
        bases = {SWBox.ATLANTIC: ATLANTIC_BASES, SWBox.PACIFIC: PACIFIC_BASES, SWBox.INDIAN: INDIAN_BASES}[
            box
        ]
        return place in bases or (box is SWBox.ATLANTIC and where == "western")
    if power is Power.GERMANY:
        return where == "mediterranean" or (box is SWBox.ATLANTIC and where == "western")
    if power is Power.JAPAN:
        return japan_home or place == ("truk" if box is SWBox.PACIFIC else "singapore")
    return False


def base_serves(sw: SWSection, group: ForceGroup, box: SWBox) -> bool:
    """25.31 A-C: the group's base is one its power deploys to `box` from (control aside)."""
    return place_serves(sw, group.power, group.base, box)


def _withdrawal_barred(
    scenario: Scenario, sw: SWSection, group: ForceGroup, box: SWBox, place: str
) -> tuple[str, str] | None:
    """Why the group's factors may not withdraw from `box` to `place`: (rule, what), or None.

    25.37: "Naval units and SW units must withdraw to a location from which they were eligible to enter
    the SW box in question (25.31)": any such location, the group's base or another, held by its side;
    the wars and tension that time an entry do not bind a withdrawal [reading]. Destroyers stay (25.361)
    [reading]. 25.91: "Submarines may not pass by an enemy-controlled Singapore": Japanese submarines
    going from the Indian Ocean box to a port in Japan pass it, as on their way out."""
    if (
        group.unit is SWUnit.DESTROYER
        or not _held_by_side(scenario, sw, group.power, place)
        or not place_serves(sw, group.power, place, box)
    ):
        return "25.37", "not a place they could have entered it from (25.31)"
    passes_singapore = group.power is Power.JAPAN and box is SWBox.INDIAN and place != "singapore"
    if passes_singapore and on_allied_side(port_state(scenario, sw, "singapore")[0]):
        return "25.91", "past an enemy-controlled Singapore"
    return None


def may_enter(scenario: Scenario, group_id: str, box: SWBox) -> str | None:
    """Why a group of `sw.forces` may not end this turn's deployment in `box`, or None."""
    sw = scenario.sw or SWSection()
    return may_enter_group(scenario, next(g for g in sw.forces if g.id == group_id), box)


def may_enter_group(scenario: Scenario, group: ForceGroup, box: SWBox) -> str | None:
    """Why a group may not end this turn's deployment in `box` (25.22, 25.31, 25.38, 25.81, 25.91), or None.

    25.38: "Naval units and SW units may be transferred between SW boxes during the redeployment
    phase": any side's units, and no base named, so a group already in an SW box needs no base of
    25.31 A-C to go on to another box its power may use [reading]; with `sw.axis_transfers_need_base`
    only the Western Allies' do ("Western Allied naval units may be freely transferred between all
    three SW boxes", 25.31) and a German or Japanese group keeps to its base [setting]."""
    sw = scenario.sw or SWSection()
    if group.box is box:
        return None
    if group.unit is SWUnit.DESTROYER:
        return "25.361: destroyers stay where they are [reading]"
    if group.unit is SWUnit.ADVANCED_SUBMARINE and box is not SWBox.ATLANTIC:
        return "25.73: advanced submarines in the Atlantic box only [reading]"
    own_base = _own_base(scenario, sw, group)
    japan_us, japan_britain, usjt = wars(scenario)
    if group.power in (Power.BRITAIN, Power.USA):
        if group.unit is SWUnit.SUBMARINE:
            if group.power is Power.BRITAIN or box is not SWBox.PACIFIC:
                return "25.13: no SW campaign for these submarines [reading]"
            if not (japan_us or usjt >= 40):
                return "25.91: American submarines not in the Pacific box yet"
        if group.box is not None:
            return None  # 25.31, 25.38: Western Allied units transfer freely between the boxes
        if not own_base or not base_serves(sw, group, box):
            return f"25.31: {group.base} is not a base for the {box.value} box"
        return None
    from_base = group.box is None or sw.axis_transfers_need_base  # 25.38 [reading], or the setting
    if not own_base and from_base:
        return f"25.31: {group.base} is not held by {group.power.value}'s side"
    if group.power is Power.GERMANY:
        if group.unit not in (SWUnit.SUBMARINE, SWUnit.ADVANCED_SUBMARINE) or box is SWBox.PACIFIC:
            return "25.31: Germany deploys submarines to the Atlantic and Indian Ocean only"
        if from_base and not base_serves(sw, group, box):
            where = "a western front or Mediterranean" if box is SWBox.ATLANTIC else "a Mediterranean"
            return f"25.31 {'A' if box is SWBox.ATLANTIC else 'C'}: German submarines there need {where} base"
        return None
    if group.power is Power.JAPAN:
        # 25.91: "Submarines may not pass by an enemy-controlled Singapore (hex EE11)": on the way from a
        # port in Japan to the Indian Ocean box; a 25.38 transfer between the Pacific and Indian Ocean boxes
        # crosses no hex, unless `sw.singapore_bars_box_transfers` says it passes Singapore [setting].
        enemy_singapore = on_allied_side(port_state(scenario, sw, "singapore")[0])
        transfer_barred = enemy_singapore and sw.singapore_bars_box_transfers
        if box is SWBox.ATLANTIC:
            return "25.31: not the Atlantic"
        if box is SWBox.PACIFIC:
            if from_base and not base_serves(sw, group, box):
                return "25.31 B: Japan or Truk"
            if group.unit is SWUnit.SUBMARINE and not (japan_us or usjt >= 40):
                return "25.91"
            if group.unit is SWUnit.ASW and not japan_us:
                return "25.22 E"
            if group.box is SWBox.INDIAN and transfer_barred:
                return "25.91: from the Indian Ocean box past an enemy-controlled Singapore [setting]"
            return None
        if group.unit is not SWUnit.SUBMARINE:
            return "25.31: only Japanese submarines in the Indian Ocean"
        if from_base and not base_serves(sw, group, box):
            return "25.31 C: Japan or Singapore"
        if not japan_britain:
            return "25.81"
        if group.box is None and enemy_singapore:
            return "25.91: enemy-controlled Singapore"
        if group.box is SWBox.PACIFIC and transfer_barred:
            return "25.91: from the Pacific box past an enemy-controlled Singapore [setting]"
        return None
    return f"25.31 D: {group.power.value} units do not enter SW boxes"


def us_limits(scenario: Scenario) -> dict[SWBox, int | None]:
    """25.22 C, D: American ASW is held to 25.32 "until the U.S. is at war in both theaters": the
    Atlantic `sw.us_atlantic_asw_per_turn` (25.32 A, the player's figure), the Pacific one factor a
    turn at USJT 40 or more (25.32 B), none to the Indian Ocean [reading]; at war in both, no limit."""
    sw = scenario.sw or SWSection()
    japan_us, _, usjt = wars(scenario)
    if scenario.us_at_war.get("europe") and japan_us:
        return dict.fromkeys(SWBox)
    return {
        SWBox.ATLANTIC: sw.us_atlantic_asw_per_turn,
        SWBox.PACIFIC: 1 if usjt >= 40 else 0,
        SWBox.INDIAN: 0,
    }


def _gibraltar(sw: SWSection, group: ForceGroup, placement: GroupPlacement) -> int:
    """German factors that pass Gibraltar (25.15 B, "Between the Atlantic SW box and a Mediterranean
    port"): withdrawn from the Atlantic box to a Mediterranean port; from a Mediterranean base to the
    Atlantic box; and between the Indian Ocean and Atlantic boxes as `sw.gibraltar_box_transfers` says
    [setting], whatever the base (25.38 names none)."""
    if group.power is not Power.GERMANY:
        return 0
    boxes = placement.boxes
    rule = sw.gibraltar_box_transfers
    if group.box is SWBox.ATLANTIC:
        place = placement.withdraw_to or group.base
        withdrawn = placement.at_base if front(sw, place) == "mediterranean" else 0
        return withdrawn + (boxes.get(SWBox.INDIAN, 0) if rule is GibraltarTransfers.BOTH else 0)
    if group.box is SWBox.INDIAN:
        return boxes.get(SWBox.ATLANTIC, 0) if rule is not GibraltarTransfers.NEITHER else 0
    return boxes.get(SWBox.ATLANTIC, 0) if front(sw, group.base) == "mediterranean" else 0


def check_deployment(scenario: Scenario, deployment: SWDeployment) -> list[Violation]:
    """Every breach of the deployment rules by `deployment` (25.12-25.38, 25.83)."""
    sw = scenario.sw or SWSection()
    groups = {g.id: g for g in sw.forces}
    planners = PLANNERS.get(scenario.faction.value, set())
    out: list[Violation] = []
    seen: set[str] = set()
    us_entering = dict.fromkeys(SWBox, 0)
    us_cves_atlantic = 0
    gibraltar_passing = sw.german_submarines_past_gibraltar_on_map  # 25.15 A, on the map this turn
    for placement in deployment.placements:
        group = groups.get(placement.group)
        if group is None or placement.group in seen:
            out.append(Violation("25.3", f"{placement.group}: unknown or repeated group"))
            continue
        seen.add(placement.group)
        if group.power not in planners:
            out.append(Violation("25.31", f"{group.id}: {group.power.value} is not the planning side's"))
        if placement.at_base + sum(placement.boxes.values()) != group.factors:
            out.append(
                Violation(
                    "25.37",
                    f"{group.id}: {group.factors} factors, placed {placement.at_base} + {sum(placement.boxes.values())}",
                )
            )
        # 25.37: withdrawn only to a location from which they could have entered that box (25.31).
        left = group.box
        place = placement.withdraw_to or group.base
        if left is None and placement.withdraw_to is not None:
            out.append(Violation("25.37", f"{group.id}: withdraw_to, but the group is in no SW box"))
        barred = (
            None
            if left is None or not placement.at_base
            else _withdrawal_barred(scenario, sw, group, left, place)
        )
        if left is not None and barred is not None:
            out.append(
                Violation(
                    barred[0],
                    f"{group.id}: {placement.at_base} factors withdraw from the {left.value} box to "
                    f"{place}, {barred[1]}",
                )
            )
        for box, factors in placement.boxes.items():
            if factors and (why := may_enter(scenario, group.id, box)):
                out.append(Violation(why.split(":")[0], f"{group.id} in the {box.value} box: {why}"))
            if group.power is Power.USA and box is not group.box:
                if group.unit is SWUnit.ASW:
                    us_entering[box] += factors
                elif group.unit is SWUnit.CVE and box is SWBox.ATLANTIC:
                    us_cves_atlantic += factors
        gibraltar_passing += _gibraltar(sw, group, placement)
    # 25.32: American-built ASW until the U.S. is at war in both theaters; American CVEs in the
    # Atlantic before war with Germany too, with `sw.us_cves_within_25_32_a` [setting].
    if sw.us_cves_within_25_32_a and not scenario.us_at_war.get("europe"):
        us_entering[SWBox.ATLANTIC] += us_cves_atlantic
    for box, limit in us_limits(scenario).items():
        if limit is not None and us_entering[box] > limit:
            out.append(
                Violation(
                    "25.32",
                    f"{us_entering[box]} American ASW factors enter the {box.value} box; at most {limit}",
                )
            )
    # 25.15, 25.151: one German submarine factor a turn past an Allied-controlled Gibraltar.
    if not on_axis_side(port_state(scenario, sw, "gibraltar")[0]) and gibraltar_passing > 1:
        out.append(
            Violation("25.15", f"{gibraltar_passing} German submarine factors pass Gibraltar; at most 1")
        )
    # 25.14: submarines may decline SW combat; the planner declines only for its own submarines.
    attackers = {
        Campaign.GERMAN_ATLANTIC: Power.GERMANY,
        Campaign.GERMAN_INDIAN: Power.GERMANY,
        Campaign.JAPANESE_INDIAN: Power.JAPAN,
        Campaign.JAPANESE_PACIFIC: Power.JAPAN,
        Campaign.AMERICAN_PACIFIC: Power.USA,
    }
    for campaign in deployment.declined:
        if attackers[campaign] not in planners:
            out.append(
                Violation("25.14", f"{campaign.value}: only the owner of the submarines declines SW combat")
            )
    out += _indian_split(scenario, deployment)
    return out


def _indian_split(scenario: Scenario, deployment: SWDeployment) -> list[Violation]:
    """25.83: a split sets some of the Allied ASW (and CVEs, `sw.indian_cves_split`) in the Indian
    Ocean against the Germans, and only when German and Japanese submarines both operate there; it is
    the Western Allies' to make."""
    sw = scenario.sw or SWSection()
    out = []
    pos = positions(sw, deployment)
    applies = indian_split_applies(scenario, deployment)
    for name, unit, stated in (
        ("ASW factors", SWUnit.ASW, deployment.indian_asw_against_germany),
        ("CVEs", SWUnit.CVE, deployment.indian_cves_against_germany),
    ):
        if stated is None:
            continue
        if unit is SWUnit.CVE and not sw.indian_cves_split:
            out.append(
                Violation("25.83", f"{stated} CVEs set against the Germans: sw.indian_cves_split is off")
            )
            continue
        if not applies:
            out.append(
                Violation(
                    "25.83",
                    f"{stated} {name} set against the Germans, but German and Japanese submarines do not both "
                    "operate in the Indian Ocean: there is no split",
                )
            )
            continue
        if scenario.faction.value != "western_allies":
            out.append(Violation("25.83", f"the split of the {name} is the Western Allies'"))
        total = sum(
            n for (b, p, u), n in pos.items() if b is SWBox.INDIAN and u is unit and on_allied_side(p)
        )
        if stated > total:
            out.append(
                Violation("25.83", f"{stated} {name} set against the Germans; {total} in the Indian Ocean")
            )
    return out
