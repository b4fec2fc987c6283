"""Submarine warfare (rule 25), re-derived from the text: the SW combat modifiers of each campaign and
what counts in each box. Shares only the tables of models/sw.py with the solver.

The readings are those listed in the README's SW section; the arithmetic here is written again,
campaign by campaign, from 25.4-25.92.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from models.scenario import Scenario
from models.sw import Campaign, Codebreaking, SWBox, SWDeployment, SWSection, SWUnit, transports_of
from models.sw_modifiers import BISCAY_PORTS, HAWAIIAN_PORTS, IBERIAN_PORTS
from models.sw_ports import port_front
from models.tables import Power
from optimizer.checker.sw.facts import (
    at_war,
    front,
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
    """Factors that count in each box. With no deployment, this turn's SW combats: only uninverted
    units (25.121: inverted submarines "are thus available for SW only during the owning player's next
    player turn"; 25.34, 25.362). After a deployment, the next SW combats: submarines inverted or not
    (25.121), ASW uninverted or new (25.34, 27.91), CVEs uninverted and not new: a CVE launched this
    turn is inverted (27.81) and, moved to a box, stays so through the next opposing player turn
    (27.82 B, 25.34; 25.362); groups the deployment does not name stay where they are."""
    placed = {p.group: p for p in deployment.placements} if deployment is not None else {}
    out: dict[tuple[SWBox, Power, SWUnit], int] = {}
    for group in sw.forces:
        if deployment is None and group.inverted:
            continue
        submarine = group.unit in (SWUnit.SUBMARINE, SWUnit.ADVANCED_SUBMARINE)
        if group.unit is SWUnit.CVE and (group.inverted or group.new):
            continue
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


ATTACKERS = {
    Campaign.GERMAN_ATLANTIC: (Power.GERMANY, SWBox.ATLANTIC),
    Campaign.GERMAN_INDIAN: (Power.GERMANY, SWBox.INDIAN),
    Campaign.JAPANESE_INDIAN: (Power.JAPAN, SWBox.INDIAN),
    Campaign.JAPANESE_PACIFIC: (Power.JAPAN, SWBox.PACIFIC),
    Campaign.AMERICAN_PACIFIC: (Power.USA, SWBox.PACIFIC),
}


def defender(sw: SWSection, campaign: Campaign) -> Power:
    """25.62: the Western Allied defender of the box (`sw.allied_defender`) against Axis submarines,
    Japan against the American ones."""
    power, box = ATTACKERS[campaign]
    return Power.JAPAN if power is Power.USA else sw.defender_power(box)


def rules_allow(scenario: Scenario, campaign: Campaign) -> bool:
    """The campaign's own conditions, whatever the submarines: a war between the attacker and a power
    whose transports it attacks (25.11), the bases of 25.51 and 25.721, Japan at war with Britain for the
    Indian Ocean (25.81), war between Japan and the U.S. or USJT 40 for the Pacific (25.91)."""
    sw = scenario.sw or SWSection()
    attacker = ATTACKERS[campaign][0]
    # 25.11 "enemy transports", 25.71 "the Western Allied Atlantic transports": the Axis attack the box's
    # transports (`transports_of`: Britain's but in the Pacific, the U.S.'s), or the power set to defend
    # the box (25.62's DRMs, `sw.allied_defender`); the U.S. attacks Japan's.
    box = ATTACKERS[campaign][1]
    enemies = (Power.JAPAN,) if attacker is Power.USA else (transports_of(box), defender(sw, campaign))
    if not any(at_war(scenario, attacker, enemy) for enemy in enemies):
        return False
    japan_us, japan_britain, usjt = wars(scenario)
    facts = {name: port_state(scenario, sw, name) for name in port_names(scenario)}
    if campaign is Campaign.GERMAN_ATLANTIC:
        return any(front(sw, n) == "western" and on_axis_side(c) and op for n, (c, _, op) in facts.items())
    if campaign is Campaign.GERMAN_INDIAN:
        return on_axis_side(facts["suez"][0]) and facts["suez"][2]
    japan_port = any(c is Power.JAPAN and op for c, _, op in facts.values())
    if campaign is Campaign.JAPANESE_INDIAN:
        return japan_britain and japan_port
    pacific = japan_us or usjt >= 40
    if campaign is Campaign.JAPANESE_PACIFIC:
        return pacific and japan_port
    return pacific and (
        on_allied_side(facts["australia_box"][0])
        or any(port_front(n) == "pacific" and on_allied_side(c) and op for n, (c, _, op) in facts.items())
    )


def derive(scenario: Scenario, deployment: SWDeployment | None = None) -> dict[Campaign, Derived]:
    """Every campaign's levels and modifiers (25.4-25.92) for the positions now, or after `deployment`
    (then the next SW combats: the 25.13 C note no longer bars the Japanese). A campaign may happen
    when its rules allow it (`rules_allow`), its submarines are there and do not decline (25.14:
    `sw.declined`, and the deployment's); else neither may its advanced submarines' roll."""
    sw = scenario.sw or SWSection()
    pos = positions(sw, deployment)
    allowed = _allowed(scenario, deployment)
    out = _derive(scenario, sw, deployment, pos, indian_split_applies(scenario, deployment))
    for campaign, d in out.items():
        if not allowed[campaign]:
            out[campaign] = replace(d, possible=False, advanced_level=0, advanced_transports=0)
    return out


def _allowed(scenario: Scenario, deployment: SWDeployment | None) -> dict[Campaign, bool]:
    """Whether each campaign may happen, submarines aside: its rules (`rules_allow`), not declined
    (25.14), not the Japanese in the turn Japan attacks the U.S. (25.13 C note, now only)."""
    sw = scenario.sw or SWSection()
    declined = set(sw.declined) | set(deployment.declined if deployment is not None else ())
    first_attack = deployment is None and _japan_attacked_us_this_turn(scenario, sw)
    return {
        campaign: rules_allow(scenario, campaign)
        and campaign not in declined
        and not (power is Power.JAPAN and first_attack)
        for campaign, (power, _) in ATTACKERS.items()
    }


def indian_split_applies(scenario: Scenario, deployment: SWDeployment | None) -> bool:
    """25.83: the Allies split their Indian Ocean ASW (and CVEs, with `indian_cves_split`) only "if
    both German and Japanese submarines are operating" there: both campaigns may happen and both
    have submarines in the box."""
    sw = scenario.sw or SWSection()
    pos = positions(sw, deployment)
    allowed = _allowed(scenario, deployment)
    return all(
        allowed[c] and pos.get((SWBox.INDIAN, ATTACKERS[c][0], SWUnit.SUBMARINE), 0) > 0
        for c in (Campaign.GERMAN_INDIAN, Campaign.JAPANESE_INDIAN)
    )


def _share(total: int, stated: int | None) -> int:
    """25.83: the part set against the Germans: as stated (at most all), else half rounded down."""
    if stated is None:
        return total // 2
    return min(stated, total)


def _derive(
    scenario: Scenario,
    sw: SWSection,
    deployment: SWDeployment | None,
    pos: dict[tuple[SWBox, Power, SWUnit], int],
    both: bool,
) -> dict[Campaign, Derived]:
    """Levels and modifiers, campaign by campaign; `possible` here is only "submarines there"."""

    def count(box: SWBox, unit: SWUnit, axis: bool) -> int:
        return sum(n for (b, p, u), n in pos.items() if b is box and u is unit and on_axis_side(p) == axis)

    def subs(box: SWBox, power: Power) -> int:
        return pos.get((box, power, SWUnit.SUBMARINE), 0)

    def destroyers(box: SWBox) -> int:
        """25.361: British and American destroyers only."""
        return sum(pos.get((box, power, SWUnit.DESTROYER), 0) for power in (Power.BRITAIN, Power.USA))

    # After a deployment, the next turn's combats: the units it moves in attack a turn later (25.13: they
    # "must begin their player turn in that SW box"), a turn further into the war with the U.S. (25.66 B,
    # none if not at war), with no card played yet (25.672: "for that turn") [reading].
    later = deployment is not None
    cards = Codebreaking() if later else sw.codebreaking
    ultra = _cards(cards.axis_ultra_sw, cards.british_ultra_asw)
    japanese_magic = _cards(cards.japanese_magic_sw, cards.american_magic_asw)
    american_magic = _cards(cards.american_magic_sw, cards.japanese_magic_asw)
    war = sw.germany_us_war_turn + (1 if later and sw.germany_us_war_turn else 0)

    def general(campaign: Campaign) -> dict[str, int]:
        a, d = sw.research_of(ATTACKERS[campaign][0]), sw.research_of(defender(sw, campaign))
        return {
            "nationality": a.naval_nationality_drm - d.naval_nationality_drm,  # 25.621
            "air_range": a.air_range - d.air_range,  # 25.623
            "torpedo": a.torpedo,  # 25.622
            "asw_research": -d.asw,  # 25.622
        }

    out: dict[Campaign, Derived] = {}
    # 25.7: German submarines in the Atlantic.
    mods = general(Campaign.GERMAN_ATLANTIC)
    atlantic_cves = count(SWBox.ATLANTIC, SWUnit.CVE, axis=False)
    mods["cves"] = _cve_steps(atlantic_cves, 6)
    mods["biscay_ports"] = 2 if held_supplied(scenario, sw, BISCAY_PORTS, on_axis_side) else 0
    mods["iberian_ports"] = 1 if held_supplied(scenario, sw, IBERIAN_PORTS, on_axis_side) else 0
    mods["gibraltar"] = 1 if held_supplied(scenario, sw, ("gibraltar",), on_axis_side) else 0
    mods["us_war"] = 1 if war >= 1 else 0
    mods["us_war_first_turns"] = 2 if war == 1 else 1 if war == 2 else 0
    ireland = sw.ireland_diplomatic_result
    mods["ireland"] = 1 if ireland is not None and ireland >= 7 else 0
    mods["ultra"] = ultra
    german_atlantic = subs(SWBox.ATLANTIC, Power.GERMANY)
    advanced = pos.get((SWBox.ATLANTIC, Power.GERMANY, SWUnit.ADVANCED_SUBMARINE), 0)
    out[Campaign.GERMAN_ATLANTIC] = Derived(
        german_atlantic,
        count(SWBox.ATLANTIC, SWUnit.ASW, axis=False),
        atlantic_cves,
        mods,
        german_atlantic > 0,
        destroyers(SWBox.ATLANTIC),
        advanced,
        3 * advanced,  # 25.73 A (when the campaign's rules allow it: derive)
        advanced,  # 25.73 D
    )
    # 25.8: the Indian Ocean, German and Japanese submarines resolved separately (25.83).
    indian_asw = count(SWBox.INDIAN, SWUnit.ASW, axis=False)
    indian_cves = count(SWBox.INDIAN, SWUnit.CVE, axis=False)
    german_asw = japanese_asw = indian_asw
    german_cves = japanese_cves = indian_cves
    if both:
        stated = deployment.indian_asw_against_germany if deployment is not None else None
        german_asw = _share(indian_asw, sw.indian_asw_against_germany if stated is None else stated)
        japanese_asw = indian_asw - german_asw
        if sw.indian_cves_split:
            stated = deployment.indian_cves_against_germany if deployment is not None else None
            german_cves = _share(indian_cves, sw.indian_cves_against_germany if stated is None else stated)
            japanese_cves = indian_cves - german_cves
    mods = general(Campaign.GERMAN_INDIAN)
    mods["cves"] = _cve_steps(german_cves, 3)
    mods["ultra"] = ultra
    if sw.us_war_rows_in_indian_ocean:  # 25.66 A, B on German Indian Ocean rolls [setting]
        mods["us_war"] = 1 if war >= 1 else 0
        mods["us_war_first_turns"] = 2 if war == 1 else 1 if war == 2 else 0
    german = subs(SWBox.INDIAN, Power.GERMANY)
    out[Campaign.GERMAN_INDIAN] = Derived(
        german, german_asw, german_cves, mods, german > 0, destroyers(SWBox.INDIAN)
    )
    mods = general(Campaign.JAPANESE_INDIAN)
    mods["cves"] = _cve_steps(japanese_cves, 3)
    mods["colombo"] = 1 if held_supplied(scenario, sw, ("colombo",), lambda p: p is Power.JAPAN) else 0
    mods["magic"] = japanese_magic
    japanese = subs(SWBox.INDIAN, Power.JAPAN)
    out[Campaign.JAPANESE_INDIAN] = Derived(
        japanese, japanese_asw, japanese_cves, mods, japanese > 0, destroyers(SWBox.INDIAN)
    )
    # 25.9: the Pacific.
    pacific_cves_allied = count(SWBox.PACIFIC, SWUnit.CVE, axis=False)
    mods = general(Campaign.JAPANESE_PACIFIC)
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
        japanese_pacific > 0,
        destroyers(SWBox.PACIFIC),
    )
    pacific_cves_japanese = count(SWBox.PACIFIC, SWUnit.CVE, axis=True)
    mods = general(Campaign.AMERICAN_PACIFIC)
    mods["cves"] = _cve_steps(pacific_cves_japanese, 3)
    # 25.92 B: "The U.S. receives a +2 modifier ... if it controls Manila": the U.S.'s control, no supply
    # asked; with `sw.manila_any_allied_control`, any Allied power's, as the 25.61 table's row reads.
    # 25.65: "The control of specified operational ports modifies submarine warfare": Manila operational.
    manila, _, manila_operational = port_state(scenario, sw, "manila")
    us_holds = manila is Power.USA or (sw.manila_any_allied_control and on_allied_side(manila))
    mods["manila"] = 2 if us_holds and manila_operational else 0
    mods["magic"] = american_magic
    american = subs(SWBox.PACIFIC, Power.USA)
    out[Campaign.AMERICAN_PACIFIC] = Derived(
        american, count(SWBox.PACIFIC, SWUnit.ASW, axis=True), pacific_cves_japanese, mods, american > 0
    )
    return out
