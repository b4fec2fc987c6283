"""Submarine warfare (rule 25), re-derived from the text: the SW combat modifiers of each campaign
and the legality and worth of a deployment. Shares only the tables of models/sw.py with the solver.

The readings are those of optimizer/rules/sw/prepare.py (listed in the README's SW section); the
arithmetic here is written again, campaign by campaign, from 25.4-25.92.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from models.map_data import SITE_BY_ID
from models.plan import Plan, SWFigures
from models.scenario import Scenario, SupplyOverride
from models.sw import (
    BISCAY_PORTS,
    CVE_LAUNCH_TURNS,
    HAWAIIAN_PORTS,
    IBERIAN_PORTS,
    SUBMARINE_FACTOR_BRPS,
    SW_PORTS,
    TRANSPORT_BRPS,
    Campaign,
    ForceGroup,
    ResultsTable,
    SWBox,
    SWDeployment,
    SWSection,
    SWUnit,
    build_group_id,
    port_front,
)
from models.tables import Power, UnitType
from optimizer.checker.placement import site_controller, site_state, supplied_sites
from optimizer.checker.violations import REPORT, Violation

AXIS = {Power.GERMANY, Power.ITALY, Power.JAPAN}


def _axis(power: Power | None) -> bool:
    return power in AXIS


def _allied(power: Power | None) -> bool:
    return power is not None and power not in AXIS


def _port(scenario: Scenario, sw: SWSection, name: str) -> tuple[Power | None, bool, bool]:
    """(controller, fully supplied, operational) of a port: map ports from the map section with
    supply traced by the checker's own search (27.43); the others from `sw.ports` or their owner."""
    operational = name not in sw.inoperative_ports
    if name in SW_PORTS:
        given = sw.ports.get(name)
        if given is None:
            return SW_PORTS[name].owner, SW_PORTS[name].owner is not None, operational
        return given.controller, given.fully_supplied and given.controller is not None, operational
    controller = site_controller(scenario, name)
    if controller is None:
        return None, False, operational
    full = (
        name in supplied_sites(scenario, controller)
        and site_state(scenario, name).supply is SupplyOverride.TRACED
    )
    return controller, full, operational


def _held_supplied(
    scenario: Scenario, sw: SWSection, names: tuple[str, ...], test: Callable[[Power | None], bool]
) -> bool:
    for name in names:
        controller, full, _ = _port(scenario, sw, name)
        if test(controller) and full:
            return True
    return False


def _ports(scenario: Scenario) -> list[str]:
    return sorted({s.id for s in SITE_BY_ID.values() if s.port} | set(SW_PORTS))


def _wars(scenario: Scenario) -> tuple[bool, bool, int]:
    """(Japan-U.S. war, Japan-Britain war, USJT) as the scenario states them (25.81, 25.91)."""
    japan_us = bool(scenario.us_at_war.get("pacific"))
    britain = scenario.japan_at_war_with_britain
    return japan_us, japan_us if britain is None else britain, scenario.usjt or 0


@dataclass(frozen=True)
class Derived:
    """One campaign re-derived: its levels, each modifier, and whether it may happen."""

    submarines: int
    asw: int
    cves: int
    modifiers: dict[str, int]
    possible: bool
    destroyers: int = 0  # British and American destroyer factors in the box (25.361)
    advanced: int = 0  # German advanced submarine factors rolling on their own (25.73)
    advanced_level: int = 0  # 25.73 A: three table factors each, when the roll may happen
    advanced_transports: int = 0  # 25.73 D: one transport eliminated each

    @property
    def total(self) -> int:
        return sum(self.modifiers.values())


def _cve_steps(cves: int, per: int) -> int:
    """25.64 via the 25.61 table: 0-5 -> 0, 6-11 -> -1, ... 24+ -> -4 (Atlantic); 0-2 -> 0, ... 12+ -> -4."""
    steps = 0
    while steps < 4 and cves >= per * (steps + 1):
        steps += 1
    return -steps


def _cards(sub: int, asw: int) -> int:
    """25.672-25.673: an unanswered card +1 or -1, never more."""
    if sub > asw:
        return 1
    if asw > sub:
        return -1
    return 0


def positions(sw: SWSection, deployment: SWDeployment | None) -> dict[tuple[SWBox, Power, SWUnit], int]:
    """Factors that count in each box: submarines always (25.121), ASW and CVEs uninverted or new
    (25.34, 25.362, 27.91); groups the deployment does not name stay where they are."""
    placed = {p.group: p for p in deployment.placements} if deployment is not None else {}
    out: dict[tuple[SWBox, Power, SWUnit], int] = {}
    for group in sw.forces:
        submarine = group.unit in (SWUnit.SUBMARINE, SWUnit.ADVANCED_SUBMARINE)
        if not submarine and group.inverted and not group.new:
            continue
        if group.id in placed:
            where = dict(placed[group.id].boxes)
        else:
            where = {group.box: group.factors} if group.box is not None else {}
        for box, factors in where.items():
            out[box, group.power, group.unit] = out.get((box, group.power, group.unit), 0) + factors
    return out


def _japan_attacked_us_this_turn(scenario: Scenario, sw: SWSection) -> bool:
    """25.13 C note: stated, or else Winter 1941 with Japan and the U.S. at war [reading]."""
    if sw.japan_attacked_us_this_turn is not None:
        return sw.japan_attacked_us_this_turn
    turn = scenario.turn
    return turn.season.value == "winter" and turn.year == 1941 and bool(scenario.us_at_war.get("pacific"))


def derive(scenario: Scenario, deployment: SWDeployment | None = None) -> dict[Campaign, Derived]:
    """Every campaign's levels and modifiers (25.4-25.92) for the positions now, or after `deployment`
    (then the next SW combats: the 25.13 C note no longer bars the Japanese). Declined campaigns
    (25.14: `sw.declined`, and the deployment's) cannot happen, their advanced submarines neither."""
    sw = scenario.sw or SWSection()
    base = _derive(scenario, sw, deployment)
    declined = set(sw.declined) | set(deployment.declined if deployment is not None else ())
    first_attack = deployment is None and _japan_attacked_us_this_turn(scenario, sw)
    out = {}
    for campaign, d in base.items():
        japanese = campaign in (Campaign.JAPANESE_INDIAN, Campaign.JAPANESE_PACIFIC)
        if campaign in declined or (japanese and first_attack):
            d = replace(d, possible=False, advanced_level=0, advanced_transports=0)
        out[campaign] = d
    return out


def _derive(scenario: Scenario, sw: SWSection, deployment: SWDeployment | None) -> dict[Campaign, Derived]:
    pos = positions(sw, deployment)

    def count(box: SWBox, unit: SWUnit, axis: bool) -> int:
        return sum(n for (b, p, u), n in pos.items() if b is box and u is unit and _axis(p) == axis)

    def subs(box: SWBox, power: Power) -> int:
        return pos.get((box, power, SWUnit.SUBMARINE), 0)

    def destroyers(box: SWBox) -> int:
        """25.361: British and American destroyers only."""
        return sum(pos.get((box, power, SWUnit.DESTROYER), 0) for power in (Power.BRITAIN, Power.USA))

    japan_us, japan_britain, usjt = _wars(scenario)
    pacific_open = japan_us or usjt >= 40
    cards = sw.codebreaking
    ultra = _cards(cards.axis_ultra_sw, cards.british_ultra_asw)
    japanese_magic = _cards(cards.japanese_magic_sw, cards.american_magic_asw)
    american_magic = _cards(cards.american_magic_sw, cards.japanese_magic_asw)

    def general(attacker: Power, defender: Power) -> dict[str, int]:
        a, d = sw.research_of(attacker), sw.research_of(defender)
        return {
            "nationality": a.naval_nationality_drm - d.naval_nationality_drm,  # 25.621
            "air_range": a.air_range - d.air_range,  # 25.623
            "torpedo": a.torpedo,  # 25.622
            "asw_research": -d.asw,  # 25.622
        }

    out: dict[Campaign, Derived] = {}
    # 25.7: German submarines in the Atlantic.
    mods = general(Power.GERMANY, sw.defender_power(SWBox.ATLANTIC))
    atlantic_cves = count(SWBox.ATLANTIC, SWUnit.CVE, axis=False)
    mods["cves"] = _cve_steps(atlantic_cves, 6)
    mods["biscay_ports"] = 2 if _held_supplied(scenario, sw, BISCAY_PORTS, _axis) else 0
    mods["iberian_ports"] = 1 if _held_supplied(scenario, sw, IBERIAN_PORTS, _axis) else 0
    mods["gibraltar"] = 1 if _held_supplied(scenario, sw, ("gibraltar",), _axis) else 0
    war = sw.germany_us_war_turn
    mods["us_war"] = 1 if war >= 1 else 0
    mods["us_war_first_turns"] = 2 if war == 1 else 1 if war == 2 else 0
    ireland = sw.ireland_diplomatic_result
    mods["ireland"] = 1 if ireland is not None and ireland >= 7 else 0
    mods["ultra"] = ultra
    western_port = False
    for name in _ports(scenario):
        controller, _, operational = _port(scenario, sw, name)
        if port_front(name) == "western" and _axis(controller) and operational:
            western_port = True
    german_atlantic = subs(SWBox.ATLANTIC, Power.GERMANY)
    advanced = pos.get((SWBox.ATLANTIC, Power.GERMANY, SWUnit.ADVANCED_SUBMARINE), 0)
    out[Campaign.GERMAN_ATLANTIC] = Derived(
        german_atlantic,
        count(SWBox.ATLANTIC, SWUnit.ASW, axis=False),
        atlantic_cves,
        mods,
        western_port and german_atlantic > 0,
        destroyers(SWBox.ATLANTIC),
        advanced,
        3 * advanced if western_port else 0,  # 25.73 A; 25.721 holds for all German submarines
        advanced if western_port else 0,  # 25.73 D
    )
    # 25.8: the Indian Ocean, German and Japanese submarines resolved separately (25.83).
    indian_asw = count(SWBox.INDIAN, SWUnit.ASW, axis=False)
    indian_cves = count(SWBox.INDIAN, SWUnit.CVE, axis=False)
    german, japanese = subs(SWBox.INDIAN, Power.GERMANY), subs(SWBox.INDIAN, Power.JAPAN)
    german_asw, japanese_asw = indian_asw, indian_asw
    if german > 0 and japanese > 0:
        stated = deployment.indian_asw_against_germany if deployment is not None else None
        if stated is None:
            stated = sw.indian_asw_against_germany
        german_asw = min(indian_asw, indian_asw // 2 if stated is None else stated)
        japanese_asw = indian_asw - german_asw
    mods = general(Power.GERMANY, sw.defender_power(SWBox.INDIAN))
    mods["cves"] = _cve_steps(indian_cves, 3)
    mods["ultra"] = ultra
    suez, _, suez_operational = _port(scenario, sw, "suez")
    out[Campaign.GERMAN_INDIAN] = Derived(
        german,
        german_asw,
        indian_cves,
        mods,
        _axis(suez) and suez_operational and german > 0,
        destroyers(SWBox.INDIAN),
    )
    japan_port = any(
        _port(scenario, sw, name)[0] is Power.JAPAN and _port(scenario, sw, name)[2]
        for name in _ports(scenario)
    )
    mods = general(Power.JAPAN, sw.defender_power(SWBox.INDIAN))
    mods["cves"] = _cve_steps(indian_cves, 3)
    mods["colombo"] = 1 if _held_supplied(scenario, sw, ("colombo",), lambda p: p is Power.JAPAN) else 0
    mods["magic"] = japanese_magic
    out[Campaign.JAPANESE_INDIAN] = Derived(
        japanese,
        japanese_asw,
        indian_cves,
        mods,
        japan_britain and japan_port and japanese > 0,
        destroyers(SWBox.INDIAN),
    )
    # 25.9: the Pacific.
    pacific_cves_allied = count(SWBox.PACIFIC, SWUnit.CVE, axis=False)
    mods = general(Power.JAPAN, sw.defender_power(SWBox.PACIFIC))
    mods["cves"] = _cve_steps(pacific_cves_allied, 3)
    pacific_ports = ("townsville", "noumea", "suva", *HAWAIIAN_PORTS)
    mods["pacific_ports"] = (
        1 if _held_supplied(scenario, sw, pacific_ports, lambda p: p is Power.JAPAN) else 0
    )
    mods["magic"] = japanese_magic
    japanese_pacific = subs(SWBox.PACIFIC, Power.JAPAN)
    out[Campaign.JAPANESE_PACIFIC] = Derived(
        japanese_pacific,
        count(SWBox.PACIFIC, SWUnit.ASW, axis=False),
        pacific_cves_allied,
        mods,
        pacific_open and japan_port and japanese_pacific > 0,
        destroyers(SWBox.PACIFIC),
    )
    pacific_cves_japanese = count(SWBox.PACIFIC, SWUnit.CVE, axis=True)
    mods = general(Power.USA, Power.JAPAN)
    mods["cves"] = _cve_steps(pacific_cves_japanese, 3)
    mods["manila"] = 2 if _allied(_port(scenario, sw, "manila")[0]) else 0  # 25.92 B: control only
    mods["magic"] = american_magic
    american_base = _allied(_port(scenario, sw, "australia_box")[0]) or any(
        port_front(name) == "pacific"
        and _allied(_port(scenario, sw, name)[0])
        and _port(scenario, sw, name)[2]
        for name in _ports(scenario)
    )
    american = subs(SWBox.PACIFIC, Power.USA)
    out[Campaign.AMERICAN_PACIFIC] = Derived(
        american,
        count(SWBox.PACIFIC, SWUnit.ASW, axis=True),
        pacific_cves_japanese,
        mods,
        pacific_open and american_base and american > 0,
    )
    return out


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
    controller = _port(scenario, sw, group.base)[0]
    own_base = controller is not None and _axis(controller) == _axis(group.power)
    japan_us, japan_britain, usjt = _wars(scenario)
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
        if _allied(_port(scenario, sw, "singapore")[0]):
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
    japan_us, _, usjt = _wars(scenario)
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
    if not _axis(_port(scenario, sw, "gibraltar")[0]) and gibraltar_passing > 1:
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
            if b is SWBox.INDIAN and u is SWUnit.ASW and _allied(p)
        )
        if split > total:
            out.append(
                Violation(
                    "25.83", f"{split} ASW factors set against the Germans; {total} in the Indian Ocean"
                )
            )
    return out


def deployment_value(
    scenario: Scenario, deployment: SWDeployment, table: ResultsTable | None = None
) -> float:
    """What the deployment is worth to the planning player, computed again from `derive`: per
    campaign that may happen and that the planner's submarines could join or enemy submarines are
    in (25.13), + for its own attacks and - for the enemy's, the weighted modifier and levels, or the
    expected BRP value lost from the player's table (3 BRPs a transport or submarine factor)."""
    sw = scenario.sw or SWSection()
    planners = PLANNERS.get(scenario.faction.value, set())
    planner_axis = any(_axis(p) for p in planners)
    derived = derive(scenario, deployment)
    attacker = {
        Campaign.GERMAN_ATLANTIC: (Power.GERMANY, SWBox.ATLANTIC),
        Campaign.GERMAN_INDIAN: (Power.GERMANY, SWBox.INDIAN),
        Campaign.JAPANESE_INDIAN: (Power.JAPAN, SWBox.INDIAN),
        Campaign.JAPANESE_PACIFIC: (Power.JAPAN, SWBox.PACIFIC),
        Campaign.AMERICAN_PACIFIC: (Power.USA, SWBox.PACIFIC),
    }
    rules_open = {c: _rules_open(scenario, c) for c in Campaign}
    total = 0.0
    for campaign, d in derived.items():
        power, box = attacker[campaign]
        could_join = any(
            g.power is power
            and g.power in planners
            and g.unit is SWUnit.SUBMARINE
            and g.factors
            and may_enter(scenario, g.id, box) is None
            for g in sw.forces
        )
        could_join = could_join or any(
            g.power is Power.GERMANY
            and g.power in planners
            and g.unit is SWUnit.ADVANCED_SUBMARINE
            and g.factors
            and may_enter(scenario, g.id, box) is None
            for g in sw.forces
        )
        if not rules_open[campaign] or not (d.submarines > 0 or d.advanced > 0 or could_join):
            continue
        if campaign in sw.declined or campaign in deployment.declined:
            continue  # 25.14: the transports are unaffected by these submarines
        sign = 1 if _axis(power) == planner_axis else -1
        if table is None:
            w = sw.weights_of(campaign)
            worth = (
                round(w.modifier * 100) * d.total
                + round(w.submarine_level * 100) * (d.submarines + 3 * d.advanced)
                - round(w.asw_level * 100) * d.asw
            ) / 100
        else:
            sub, asw = table.submarine_row(d.submarines, d.total), table.asw_row(d.asw, d.total)
            worth = (
                round((TRANSPORT_BRPS * sub.transports_lost + sub.brps_lost) * 100)
                - round(SUBMARINE_FACTOR_BRPS * asw.submarines_lost * 100)
            ) / 100
            if d.advanced:
                # 25.73: a roll at three times the factors, modifier 0, no Allied roll; +1 transport each.
                roll = table.submarine_row(3 * d.advanced, 0)
                worth += (
                    round((TRANSPORT_BRPS * roll.transports_lost + roll.brps_lost) * 100)
                    + round(TRANSPORT_BRPS * d.advanced * 100)
                ) / 100
        total += sign * worth
    return total


def _rules_open(scenario: Scenario, campaign: Campaign) -> bool:
    """The campaign's own conditions, whatever the submarines (25.51, 25.721, 25.81, 25.91)."""
    sw = scenario.sw or SWSection()
    japan_us, japan_britain, usjt = _wars(scenario)
    facts = {name: _port(scenario, sw, name) for name in _ports(scenario)}
    if campaign is Campaign.GERMAN_ATLANTIC:
        return any(port_front(n) == "western" and _axis(c) and op for n, (c, _, op) in facts.items())
    if campaign is Campaign.GERMAN_INDIAN:
        return _axis(facts["suez"][0]) and facts["suez"][2]
    japan_port = any(c is Power.JAPAN and op for c, _, op in facts.values())
    if campaign is Campaign.JAPANESE_INDIAN:
        return japan_britain and japan_port
    pacific = japan_us or usjt >= 40
    if campaign is Campaign.JAPANESE_PACIFIC:
        return pacific and japan_port
    return pacific and (
        _allied(facts["australia_box"][0])
        or any(port_front(n) == "pacific" and _allied(c) and op for n, (c, _, op) in facts.items())
    )


# --- The SW figures of a turn plan (27.94, 25.4-25.92) ---------------------------------------------


def with_builds(scenario: Scenario, plan: Plan) -> Scenario:
    """The scenario with the plan's new SW units as groups at their yards, written again from 27.93
    and 27.94: submarines and ASW built this turn, and CVEs launched this turn or next
    (CVE_LAUNCH_TURNS) [reading, as the solver's]. New units count in the box they go to (27.91)."""
    sw = scenario.sw or SWSection()
    groups = list(sw.forces)
    for line in plan.sw_builds:
        if line.unit in (UnitType.SUBMARINE, UnitType.ASW):
            unit = SWUnit.SUBMARINE if line.unit is UnitType.SUBMARINE else SWUnit.ASW
            group_id = build_group_id(line.power, unit.value, line.build, line.yard)
            groups.append(
                ForceGroup(
                    id=group_id, power=line.power, unit=unit, factors=line.factors, base=line.yard, new=True
                )
            )
    cves: dict[tuple[Power, str], int] = {}
    for action in plan.naval_actions:
        if (
            action.unit is UnitType.ESCORT_CARRIER
            and action.after == "launched"
            and action.turn < CVE_LAUNCH_TURNS
        ):
            cves[action.power, action.yard] = cves.get((action.power, action.yard), 0) + 1
    for (power, yard), count in sorted(cves.items(), key=lambda item: (item[0][0].value, item[0][1])):
        groups.append(
            ForceGroup(
                id=build_group_id(power, "cve", "launched", yard),
                power=power,
                unit=SWUnit.CVE,
                factors=count,
                base=yard,
                new=True,
            )
        )
    return scenario.model_copy(update={"sw": sw.model_copy(update={"forces": groups})})


# The rule each figure of a plan's SW report follows from.
FIGURE_RULES = {
    "submarine_level": "25.41",
    "asw_level": "25.42",
    "cves": "25.64",
    "modifier": "25.61",
    "possible": "25.51",
    "advanced_level": "25.73",
}


def _stated(figures: SWFigures) -> dict[str, int | bool]:
    return {name: getattr(figures, name) for name in FIGURE_RULES}


def _derived(d: Derived) -> dict[str, int | bool]:
    return {
        "submarine_level": d.submarines,
        "asw_level": d.asw,
        "cves": d.cves,
        "modifier": d.total,
        "possible": d.possible,
        "advanced_level": d.advanced_level,
    }


def check_sw_report(scenario: Scenario, plan: Plan) -> list[Violation]:
    """The plan's SW figures (`plan.sw`) re-derived: both deployments legal (25.12-25.38), and each
    campaign's submarine level (25.41), ASW level (25.42, 25.83), CVEs (25.64), net modifier (25.61)
    and whether it may happen (25.51) equal to what `derive` finds, before the builds on the scenario's
    units and after them with the plan's new SW units (27.94). A plan without `sw` states nothing."""
    report = plan.sw
    if report is None:
        return []
    if scenario.sw is None:
        return [Violation("25", "the plan states SW figures, but the scenario has no sw: section", REPORT)]
    out: list[Violation] = []
    stages = {"before": scenario, "after": with_builds(scenario, plan)}
    deployments = {"before": report.deployment_before, "after": report.deployment_after}
    derived: dict[str, dict[Campaign, Derived]] = {}
    for stage, position in stages.items():
        deployment = deployments[stage]
        if deployment is not None:
            for breach in check_deployment(position, deployment):
                out.append(Violation(breach.rule, f"SW deployment {stage} the builds: {breach.message}"))
        derived[stage] = derive(position, deployment)
    named = [item.campaign for item in report.campaigns]
    for campaign in Campaign:
        if named.count(campaign) != 1:
            out.append(
                Violation(
                    "25.61", f"{campaign.value}: stated {named.count(campaign)} times, not once", REPORT
                )
            )
    for item in report.campaigns:
        for stage in stages:
            stated = _stated(getattr(item, stage))
            for name, value in _derived(derived[stage][item.campaign]).items():
                if stated[name] != value:
                    out.append(
                        Violation(
                            FIGURE_RULES[name],
                            f"{item.campaign.value} {stage} the builds: {name} stated {stated[name]}, derived {value}",
                            REPORT,
                        )
                    )
    return out
