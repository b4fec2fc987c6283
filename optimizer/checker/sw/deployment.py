"""The legality of an SW deployment, re-derived from the text (25.12-25.38, 25.83)."""

from __future__ import annotations

from models.map_data import SITE_BY_ID
from models.scenario import Scenario
from models.sw import Campaign, SWBox, SWDeployment, SWSection, SWUnit
from models.sw_ports import port_front
from models.tables import Power
from optimizer.checker.sw.derive import positions
from optimizer.checker.sw.facts import on_allied_side, on_axis_side, port_state, wars
from optimizer.checker.violations import Violation

# --- Deployment legality (25.12-25.38) ----------------------------------------------------------

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


def may_enter(scenario: Scenario, group_id: str, box: SWBox) -> str | None:
    """Why a group may not end this turn's deployment in `box` (25.22, 25.31, 25.81, 25.91), or None."""
    sw = scenario.sw or SWSection()
    group = next(g for g in sw.forces if g.id == group_id)
    if group.box is box:
        return None
    if group.unit is SWUnit.DESTROYER:
        return "25.361: destroyers stay where they are [reading]"
    if group.unit is SWUnit.ADVANCED_SUBMARINE and box is not SWBox.ATLANTIC:
        return "25.73: advanced submarines in the Atlantic box only [reading]"
    controller = port_state(scenario, sw, group.base)[0]
    own_base = controller is not None and on_axis_side(controller) == on_axis_side(group.power)
    japan_us, japan_britain, usjt = wars(scenario)
    front = port_front(group.base)
    japan_home = group.base in SITE_BY_ID and SITE_BY_ID[group.base].country == "japan"
    if group.power in (Power.BRITAIN, Power.USA):
        if group.unit is SWUnit.SUBMARINE:
            if group.power is Power.BRITAIN or box is not SWBox.PACIFIC:
                return "25.13: no SW campaign for these submarines [reading]"
            if not (japan_us or usjt >= 40):
                return "25.91: American submarines not in the Pacific box yet"
        if group.box is not None:
            return None  # 25.31, 25.38: Western Allied units transfer freely between the boxes
        bases = {SWBox.ATLANTIC: ATLANTIC_BASES, SWBox.PACIFIC: PACIFIC_BASES, SWBox.INDIAN: INDIAN_BASES}[
            box
        ]
        if not own_base or not (group.base in bases or (box is SWBox.ATLANTIC and front == "western")):
            return f"25.31: {group.base} is not a base for the {box.value} box"
        return None
    if not own_base:
        return f"25.31: {group.base} is not held by {group.power.value}'s side"
    if group.power is Power.GERMANY:
        if group.unit not in (SWUnit.SUBMARINE, SWUnit.ADVANCED_SUBMARINE) or box is SWBox.PACIFIC:
            return "25.31: Germany deploys submarines to the Atlantic and Indian Ocean only"
        if box is SWBox.ATLANTIC and front not in ("western", "mediterranean"):
            return "25.31 A: German submarines in the Atlantic need a western front or Mediterranean base"
        if box is SWBox.INDIAN and front != "mediterranean":
            return "25.31 C: German submarines in the Indian Ocean need a Mediterranean base"
        return None
    if group.power is Power.JAPAN:
        if box is SWBox.ATLANTIC:
            return "25.31: not the Atlantic"
        if box is SWBox.PACIFIC:
            if not (japan_home or group.base == "truk"):
                return "25.31 B: Japan or Truk"
            if group.unit is SWUnit.SUBMARINE and not (japan_us or usjt >= 40):
                return "25.91"
            if group.unit is SWUnit.ASW and not japan_us:
                return "25.22 E"
            return None
        if group.unit is not SWUnit.SUBMARINE:
            return "25.31: only Japanese submarines in the Indian Ocean"
        if not (japan_home or group.base == "singapore"):
            return "25.31 C: Japan or Singapore"
        if not japan_britain:
            return "25.81"
        if on_allied_side(port_state(scenario, sw, "singapore")[0]):
            return "25.91: enemy-controlled Singapore"
        return None
    return f"25.31 D: {group.power.value} units do not enter SW boxes"


def check_deployment(scenario: Scenario, deployment: SWDeployment) -> list[Violation]:
    """Every breach of the deployment rules by `deployment` (25.12-25.38, 25.83)."""
    sw = scenario.sw or SWSection()
    groups = {g.id: g for g in sw.forces}
    planners = PLANNERS.get(scenario.faction.value, set())
    out: list[Violation] = []
    seen: set[str] = set()
    us_entering = dict.fromkeys(SWBox, 0)
    gibraltar_passing = 0
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
        for box, factors in placement.boxes.items():
            if factors and (why := may_enter(scenario, group.id, box)):
                out.append(Violation(why.split(":")[0], f"{group.id} in the {box.value} box: {why}"))
            if group.power is Power.USA and group.unit is SWUnit.ASW and box is not group.box:
                us_entering[box] += factors
        if group.power is Power.GERMANY and port_front(group.base) == "mediterranean":
            atlantic = placement.boxes.get(SWBox.ATLANTIC, 0)
            gibraltar_passing += (
                (
                    group.factors
                    - atlantic
                    - sum(n for b, n in placement.boxes.items() if b is not SWBox.ATLANTIC)
                )
                if group.box is SWBox.ATLANTIC
                else atlantic
            )
    # 25.32: American-built ASW until the U.S. is at war in both theaters.
    japan_us, _, usjt = wars(scenario)
    europe = bool(scenario.us_at_war.get("europe"))
    if not (europe and japan_us):
        limits = {
            SWBox.ATLANTIC: None if europe else sw.us_atlantic_asw_per_turn,
            SWBox.PACIFIC: None if japan_us else (1 if usjt >= 40 else 0),
            SWBox.INDIAN: 0,
        }
        for box, limit in limits.items():
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
    # 25.83: the split sets some of the Allied ASW in the Indian Ocean against the Germans.
    split = deployment.indian_asw_against_germany
    if split is not None:
        total = sum(
            n
            for (b, p, u), n in positions(sw, deployment).items()
            if b is SWBox.INDIAN and u is SWUnit.ASW and on_allied_side(p)
        )
        if split > total:
            out.append(
                Violation(
                    "25.83", f"{split} ASW factors set against the Germans; {total} in the Indian Ocean"
                )
            )
    return out
