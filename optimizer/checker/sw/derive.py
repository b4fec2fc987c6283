"""Submarine warfare (rule 25), re-derived from the text: the SW combat modifiers of each campaign and
what counts in each box. Shares only the tables of models/sw.py with the solver.

The readings are those listed in the README's SW section; the arithmetic here is written again,
campaign by campaign, from 25.4-25.92.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from models.scenario import Scenario
from models.sw import (
    BISCAY_PORTS,
    HAWAIIAN_PORTS,
    IBERIAN_PORTS,
    Campaign,
    SWBox,
    SWDeployment,
    SWSection,
    SWUnit,
)
from models.sw_ports import port_front
from models.tables import Power
from optimizer.checker.sw.facts import (
    held_supplied,
    on_allied_side,
    on_axis_side,
    port_names,
    port_state,
    wars,
)


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
        return sum(n for (b, p, u), n in pos.items() if b is box and u is unit and on_axis_side(p) == axis)

    def subs(box: SWBox, power: Power) -> int:
        return pos.get((box, power, SWUnit.SUBMARINE), 0)

    def destroyers(box: SWBox) -> int:
        """25.361: British and American destroyers only."""
        return sum(pos.get((box, power, SWUnit.DESTROYER), 0) for power in (Power.BRITAIN, Power.USA))

    japan_us, japan_britain, usjt = wars(scenario)
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
    mods["biscay_ports"] = 2 if held_supplied(scenario, sw, BISCAY_PORTS, on_axis_side) else 0
    mods["iberian_ports"] = 1 if held_supplied(scenario, sw, IBERIAN_PORTS, on_axis_side) else 0
    mods["gibraltar"] = 1 if held_supplied(scenario, sw, ("gibraltar",), on_axis_side) else 0
    war = sw.germany_us_war_turn
    mods["us_war"] = 1 if war >= 1 else 0
    mods["us_war_first_turns"] = 2 if war == 1 else 1 if war == 2 else 0
    ireland = sw.ireland_diplomatic_result
    mods["ireland"] = 1 if ireland is not None and ireland >= 7 else 0
    mods["ultra"] = ultra
    western_port = False
    for name in port_names(scenario):
        controller, _, operational = port_state(scenario, sw, name)
        if port_front(name) == "western" and on_axis_side(controller) and operational:
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
    suez, _, suez_operational = port_state(scenario, sw, "suez")
    out[Campaign.GERMAN_INDIAN] = Derived(
        german,
        german_asw,
        indian_cves,
        mods,
        on_axis_side(suez) and suez_operational and german > 0,
        destroyers(SWBox.INDIAN),
    )
    japan_port = any(
        port_state(scenario, sw, name)[0] is Power.JAPAN and port_state(scenario, sw, name)[2]
        for name in port_names(scenario)
    )
    mods = general(Power.JAPAN, sw.defender_power(SWBox.INDIAN))
    mods["cves"] = _cve_steps(indian_cves, 3)
    mods["colombo"] = 1 if held_supplied(scenario, sw, ("colombo",), lambda p: p is Power.JAPAN) else 0
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
    mods["pacific_ports"] = 1 if held_supplied(scenario, sw, pacific_ports, lambda p: p is Power.JAPAN) else 0
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
    mods["manila"] = (
        2 if on_allied_side(port_state(scenario, sw, "manila")[0]) else 0
    )  # 25.92 B: control only
    mods["magic"] = american_magic
    american_base = on_allied_side(port_state(scenario, sw, "australia_box")[0]) or any(
        port_front(name) == "pacific"
        and on_allied_side(port_state(scenario, sw, name)[0])
        and port_state(scenario, sw, name)[2]
        for name in port_names(scenario)
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
