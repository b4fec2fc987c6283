"""Submarine warfare (rule 25): port facts, the wars and tension of the turn, and the SW combat
modifiers of each campaign line by line. The deployment decision's data is in deployment.py.

Readings taken here (each also in the README's SW section):
- 25.11, 25.91: submarines operate against enemy transports: a campaign needs a war between its
  attacker and its defender (Germany and Britain at war throughout; Germany and the U.S. as
  `us_at_war.europe`; Japan and the U.S. as `us_at_war.pacific`; Japan and Britain as
  `japan_at_war_with_britain`). USJT 40 lets submarines into the Pacific box (25.91), not attack.
- 25.13, 25.121: submarines in an SW box count for the owner's next SW combat whether inverted or
  not; ASW and CVEs count only uninverted (25.34, 25.362); new submarines and ASW redeployed to a
  box count (27.91); new CVEs never count at the next SW combats (27.721 B, 27.81, 27.82 B, 25.34).
  In this turn's combats nothing inverted counts, submarines included: inverted, they are "available
  for SW only during the owning player's next player turn" (25.121).
- 25.61: the CVEs that count are the defender's (25.722: the Western Allied CVEs against German
  submarines; the Japanese CVEs against American submarines).
- 25.62: "compared" is the attacker's value less the defender's; the Western Allied defender's DRM
  and research are those of `sw.allied_defender` (default Britain, the U.S. in the Pacific); a
  power left out of `sw.research` has 0, or the 25.631/25.632 starting values (`research_left_out`).
- 25.66: the German-U.S. war rows are Atlantic rows, as the table lists them; with
  `sw.us_war_rows_in_indian_ocean` German Indian Ocean rolls take them too [setting].
- 25.65: "The control of specified operational ports modifies submarine warfare, as set out in 25.723
  (Atlantic Ocean), 25.811 (Indian Ocean) and 25.92 (Pacific Ocean)": every port row (Biscay, Iberian,
  Gibraltar, Colombo, the Pacific ports, Manila) counts a port only while it is operational (not in
  `sw.inoperative_ports`), on top of what 25.723, 25.811 and 25.92 ask [reading].
- 25.811, 25.92 A: Colombo and the Pacific ports need control and full supply (the text); Manila
  (25.92 B: "if it controls Manila", "it" the U.S.) needs U.S. control only (neither the text nor the
  table asks supply); any Allied power's control with `sw.manila_any_allied_control` (the 25.61
  table's "Allies control Manila") [setting].
- 25.83: when the German and the Japanese campaigns both operate in the Indian Ocean (submarines
  there, the campaign possible, not declined), the Allied ASW is split
  (`sw.indian_asw_against_germany`, default half to the Germans rounded down); otherwise the one
  campaign that operates faces it all. The CVEs are split too only with `sw.indian_cves_split`.
- 25.73: German advanced submarines are an Atlantic rule (it stands under 25.7): they deploy like
  German submarines but to the Atlantic box only, count against the one factor a turn past an
  Allied Gibraltar (25.15: they are submarine factors), need what the Atlantic campaign needs
  (25.721) and make their own roll at three times their factors, without modifiers and without a
  Western Allied roll; one transport is eliminated per factor (25.73 D).
- 25.14: a campaign whose submarines decline SW combat does not happen; its advanced submarines
  decline too. The enemy's declines are stated (`sw.declined`), the planner's own are decided.
- 25.13 C note: when Japan attacks the U.S. this turn (`sw.japan_attacked_us_this_turn`, unset:
  Winter 1941 at war), no Japanese SW attack this turn; the next SW combats (Spring 1942) are open.
- 25.361: destroyers change no level or modifier; the breakdown counts the British and American
  destroyer factors in the box, which absorb onboard submarine losses (22.9432) only.
- Konigsberg is a western front port unless `sw.konigsberg_western_front` is false [setting].
- Gibraltar is a western front port (25.65: the ports of 25.723, Gibraltar among them, are the Atlantic
  campaign's submarine bases; 25.51 A: those are western front ports), a Mediterranean one with
  `sw.gibraltar_western_front: false` [setting].
- 25.91, 25.38: an enemy-controlled Singapore (hex EE11) bars Japanese submarines between Japan and the
  Indian Ocean box, either way; a transfer between the Pacific and Indian Ocean boxes passes no hex and
  is not barred, unless `sw.singapore_bars_box_transfers` [setting] (deployment.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from models.map_data import SITE_BY_ID
from models.scenario import Scenario, Season
from models.sw import (
    CAMPAIGNS,
    Campaign,
    Codebreaking,
    Research,
    SWBox,
    SWDeployment,
    SWSection,
    SWUnit,
    is_allied,
    is_axis,
    transports_of,
)
from models.sw_modifiers import (
    BISCAY_PORTS,
    IBERIAN_PORTS,
    IRELAND_THRESHOLD,
    JAPANESE_PACIFIC_PORTS,
    PACIFIC_SUBMARINE_USJT,
    PORT_MODIFIERS,
    advanced_submarine_roll,
    codebreaking_modifier,
    cve_modifier,
    rows_of,
    us_war_modifier,
)
from models.sw_ports import SW_PORTS, port_front
from models.tables import Power
from optimizer.rules.placement.supply import build_map, supplied_sites


@dataclass(frozen=True)
class PortFact:
    controller: Power | None
    fully_supplied: bool
    operational: bool


def port_facts(scenario: Scenario, sw: SWSection) -> dict[str, PortFact]:
    """Control, full supply and operation of every port rule 25 may read (25.51, 25.723, 25.811,
    25.92). Map ports: the `map` section, supply traced over the map (27.43) for their controller;
    other ports: `sw.ports`, or their owner at the start of the war, fully supplied."""
    graph = build_map(scenario.map)
    supplied: dict[Power, frozenset[str]] = {}
    facts: dict[str, PortFact] = {}
    for node, data in graph.nodes(data=True):
        if not data["port"]:
            continue
        controller = data["controller"]
        if controller is not None and controller not in supplied:
            supplied[controller] = supplied_sites(graph, controller)
        full = controller is not None and node in supplied[controller]
        facts[node] = PortFact(controller, full, node not in sw.inoperative_ports)
    for name, info in SW_PORTS.items():
        given = sw.ports.get(name)
        controller = given.controller if given else info.owner
        full = (given.fully_supplied if given else True) and controller is not None
        facts[name] = PortFact(controller, full, name not in sw.inoperative_ports)
    return facts


# --- Forces in the boxes ---------------------------------------------------------------------------

Counts = dict[tuple[SWBox, Power, SWUnit], int]  # factors that count in each box, by power and unit


def counts_now(sw: SWSection) -> Counts:
    """What counts in each SW box in this turn's combats (25.13, 25.121, 25.34, 25.362): nothing
    inverted, submarines included (25.121: inverted submarines "are thus available for SW only during
    the owning player's next player turn")."""
    counts: Counts = {}
    for group in sw.forces:
        if group.box is not None and not group.inverted and counts_in_box(group.unit, False, group.new):
            key = (group.box, group.power, group.unit)
            counts[key] = counts.get(key, 0) + group.factors
    return counts


def counts_after(sw: SWSection, deployment: SWDeployment) -> Counts:
    """What counts in each SW box after a deployment; groups it does not name stay."""
    placed = {p.group: p for p in deployment.placements}
    counts: Counts = {}
    for group in sw.forces:
        if not counts_in_box(group.unit, group.inverted, group.new):
            continue
        where = (
            placed[group.id].boxes
            if group.id in placed
            else ({group.box: group.factors} if group.box else {})
        )
        for box, factors in where.items():
            key = (box, group.power, group.unit)
            counts[key] = counts.get(key, 0) + factors
    return counts


def counts_in_box(unit: SWUnit, inverted: bool, new: bool) -> bool:
    """At the next SW combat (`counts_after`): submarines (advanced ones too) count inverted or not,
    their inversion ending before the owner's next player turn (25.121); ASW and CVEs only uninverted
    (25.34, 25.362). New ASW redeployed to a box are uninverted at the end of the turn (27.91); new
    CVEs (launched this turn) are not: inverted when built (27.81), moved to a box they stay inverted
    through the next opposing player turn (27.82 B, 25.34), so they count in no SW combat next."""
    if unit in (SWUnit.SUBMARINE, SWUnit.ADVANCED_SUBMARINE):
        return True
    if unit is SWUnit.CVE:
        return not inverted and not new
    return not inverted or new


def side_total(counts: Counts, box: SWBox, unit: SWUnit, axis: bool) -> int:
    return sum(n for (b, p, u), n in counts.items() if b is box and u is unit and is_axis(p) == axis)


# --- Wars, tension and ports ------------------------------------------------------------------------


@dataclass(frozen=True)
class Situation:
    """Facts of the turn every campaign reads: wars, tension, ports (25.11, 25.13, 25.5, 25.8, 25.9)."""

    japan_us_war: bool
    japan_britain_war: bool
    usjt: int
    ports: dict[str, PortFact]
    japan_attacked_us_this_turn: bool = False  # 25.13 C note
    germany_us_war: bool = False
    konigsberg_western: bool = True  # `sw.konigsberg_western_front` [setting]
    gibraltar_western: bool = True  # `sw.gibraltar_western_front` [setting]
    singapore_bars_box_transfers: bool = False  # `sw.singapore_bars_box_transfers` (25.91, 25.38) [setting]
    axis_transfers_need_base: bool = False  # `sw.axis_transfers_need_base` (25.31, 25.38) [setting]
    defenders: dict[Campaign, Power] = field(default_factory=dict)  # 25.62: the defender of each campaign

    @property
    def pacific_submarines(self) -> bool:
        """25.91: Japanese and American submarines in the Pacific box from war between Japan and the
        U.S. or USJT 40."""
        return self.japan_us_war or self.usjt >= PACIFIC_SUBMARINE_USJT

    def at_war(self, one: Power, other: Power) -> bool:
        """Whether two powers are at war (25.11) [reading: Germany and Britain throughout; the others
        as the scenario's `us_at_war` and `japan_at_war_with_britain` state]."""
        pair = {one, other}
        if pair == {Power.GERMANY, Power.BRITAIN}:
            return True
        if pair == {Power.GERMANY, Power.USA}:
            return self.germany_us_war
        if pair == {Power.JAPAN, Power.USA}:
            return self.japan_us_war
        if pair == {Power.JAPAN, Power.BRITAIN}:
            return self.japan_britain_war
        return False

    def front(self, port: str) -> str | None:
        """The front of a port (25.31, 25.51), Konigsberg as `sw.konigsberg_western_front` says and
        Gibraltar as `sw.gibraltar_western_front`."""
        if port == "konigsberg" and not self.konigsberg_western:
            return "eastern"
        if port == "gibraltar" and not self.gibraltar_western:
            return "mediterranean"
        return port_front(port)


def situation(scenario: Scenario, sw: SWSection) -> Situation:
    """Wars read from the scenario's `us_at_war` and `japan_at_war_with_britain` (unset: as
    `us_at_war.pacific`, the reading the naval rules take), USJT from `usjt`."""
    japan_us = bool(scenario.us_at_war.get("pacific"))
    stated = scenario.japan_at_war_with_britain
    return Situation(
        japan_us_war=japan_us,
        japan_britain_war=japan_us if stated is None else stated,
        usjt=scenario.usjt or 0,
        ports=port_facts(scenario, sw),
        japan_attacked_us_this_turn=japan_attacked_us_this_turn(scenario, sw),
        germany_us_war=bool(scenario.us_at_war.get("europe")),
        konigsberg_western=sw.konigsberg_western_front,
        gibraltar_western=sw.gibraltar_western_front,
        singapore_bars_box_transfers=sw.singapore_bars_box_transfers,
        axis_transfers_need_base=sw.axis_transfers_need_base,
        defenders={c: defender_of(sw, c) for c in Campaign},
    )


def defender_of(sw: SWSection, campaign: Campaign) -> Power:
    """Whose transports a campaign attacks and whose DRM and research defend (25.62): the Western
    Allied `sw.allied_defender` of the box against Axis submarines, Japan against American ones."""
    spec = CAMPAIGNS[campaign]
    return sw.defender_power(spec.box) if spec.axis_attacks else Power.JAPAN


def japan_attacked_us_this_turn(scenario: Scenario, sw: SWSection) -> bool:
    """25.13 C note: Japan attacks the U.S. this turn. The player's `sw.japan_attacked_us_this_turn`;
    unset, the note's own case: Winter 1941 with Japan and the U.S. at war [reading]."""
    if sw.japan_attacked_us_this_turn is not None:
        return sw.japan_attacked_us_this_turn
    winter_1941 = scenario.turn.season is Season.WINTER and scenario.turn.year == 1941
    return winter_1941 and bool(scenario.us_at_war.get("pacific"))


def campaign_barred(campaign: Campaign, where: Situation) -> list[tuple[str, str]]:
    """Why a campaign cannot happen this turn, whatever the forces (25.11, 25.5, 25.721, 25.81, 25.91)."""
    ports = where.ports
    spec = CAMPAIGNS[campaign]
    barred: list[tuple[str, str]] = []
    # 25.11, 25.71: submarines attack "enemy transports": the box's Western Allied transports' owner
    # (`transports_of`) or the power set to defend it (`sw.allied_defender`, 25.62, a setting of whose
    # DRMs count, which does not take the box's own transports away), Japan's for the U.S.
    defender = where.defenders[campaign]  # Japan for the U.S.'s campaign (`defender_of`)
    enemies = dict.fromkeys((transports_of(spec.box), defender) if spec.axis_attacks else (defender,))
    if not any(where.at_war(spec.attacker, enemy) for enemy in enemies):
        named = " or ".join(enemy.value for enemy in enemies)
        barred.append(
            ("25.11", f"{spec.attacker.value} is not at war with {named}: no enemy transports to attack")
        )
    if campaign is Campaign.GERMAN_ATLANTIC:
        if not any(
            where.front(p) == "western" and is_axis(f.controller) and f.operational for p, f in ports.items()
        ):
            barred.append(("25.721, 25.51 A", "the Axis control no operational port on the western front"))
    elif campaign is Campaign.GERMAN_INDIAN:
        suez = ports["suez"]
        if not (is_axis(suez.controller) and suez.operational):
            barred.append(("25.51 A", "the Axis do not control an operational Suez"))
    else:
        if campaign is Campaign.JAPANESE_INDIAN and not where.japan_britain_war:
            barred.append(("25.81", "Japan and Britain are not at war"))
        if (
            campaign in (Campaign.JAPANESE_PACIFIC, Campaign.AMERICAN_PACIFIC)
            and not where.pacific_submarines
        ):
            barred.append(("25.91", "Japan and the U.S. are not at war and USJT is below 40"))
        if campaign is Campaign.AMERICAN_PACIFIC:
            australia = ports["australia_box"]
            if not is_allied(australia.controller) and not any(
                port_front(p) == "pacific" and is_allied(f.controller) and f.operational
                for p, f in ports.items()
            ):
                barred.append(
                    (
                        "25.51 C",
                        "no Australia box nor an operational Pacific-front port under Western Allied control",
                    )
                )
        elif not any(f.controller is Power.JAPAN and f.operational for f in ports.values()):
            barred.append(("25.51 B", "Japan controls no operational port"))
    return barred


def _held(ports: dict[str, PortFact], names: tuple[str, ...], who: str, supply: bool) -> list[str]:
    """The ports of `names` held by the Axis / Japan / the U.S. / the Allies, fully supplied if `supply`."""
    test = {
        "axis": is_axis,
        "japan": lambda p: p is Power.JAPAN,
        "usa": lambda p: p is Power.USA,
        "allies": is_allied,
    }[who]
    return [n for n in names if test(ports[n].controller) and (ports[n].fully_supplied or not supply)]


# --- Modifiers ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ModifierLine:
    key: str
    rule: str
    text: str
    value: int
    why: str


@dataclass(frozen=True)
class CampaignBreakdown:
    campaign: Campaign
    box: SWBox
    attacker: Power
    defender: Power
    barred: tuple[tuple[str, str], ...]  # (rule, reason) the campaign cannot happen
    submarine_level: int
    asw_level: int
    cves: int
    lines: tuple[ModifierLine, ...] = field(default=())
    destroyers: int = 0  # British and American destroyer factors in the box (25.361)
    advanced: int = 0  # German advanced submarine factors in the box (25.73)
    advanced_possible: bool = False  # their separate roll may happen (25.73, 25.721, 25.14)

    @property
    def modifier(self) -> int:
        return sum(line.value for line in self.lines)

    @property
    def advanced_roll(self) -> tuple[int, int]:
        """(level, transports eliminated) of the advanced submarines' roll (25.73 A, D)."""
        return advanced_submarine_roll(self.advanced) if self.advanced_possible else (0, 0)

    def notes(self) -> list[tuple[str, str]]:
        """What else is in the box, with its rule: destroyers (25.361), advanced submarines (25.73)."""
        out = []
        if self.destroyers:
            out.append(
                (
                    "25.361",
                    f"{self.destroyers} British and American destroyer factors in the box absorb losses from "
                    "enemy onboard submarine attacks (22.9432) only; no level or modifier",
                )
            )
        if self.advanced:
            level, transports = advanced_submarine_roll(self.advanced)
            state = "" if self.advanced_possible else " (not this time: the campaign cannot happen)"
            out.append(
                (
                    "25.73",
                    f"{self.advanced} advanced submarine factors: a separate roll at level {level}, no "
                    f"modifiers, no Western Allied roll; {transports} transports eliminated{state}",
                )
            )
        return out

    @property
    def possible(self) -> bool:
        return not self.barred


def indian_split(stated: int | None, total: int) -> int:
    """Allied Indian Ocean ASW or CVEs set against the German submarines (25.83): the stated number,
    at most all; unset, half rounded down."""
    return min(total, total // 2 if stated is None else stated)


def next_combat(sw: SWSection) -> SWSection:
    """The SW section as the next turn's SW combats read it: those of the units this turn's deployment puts
    in a box, which "must begin their player turn in that SW box" to attack (25.13), so a turn later. Its
    war with the U.S. a turn older (25.66 B: "+2 first turn; +1 second turn"; not at war stays so [reading:
    a war not yet declared is not foreseen]), and no codebreaking card (25.672: a card's modifier is "for
    that turn"; the next turn's are not drawn yet [reading])."""
    war = sw.germany_us_war_turn
    return sw.model_copy(
        update={"germany_us_war_turn": war + 1 if war else 0, "codebreaking": Codebreaking()}
    )


def breakdown(
    scenario: Scenario,
    sw: SWSection,
    counts: Counts,
    against_germany: int | None = None,
    where: Situation | None = None,
    declined: frozenset[Campaign] = frozenset(),
    next_turn: bool = False,
    cves_against_germany: int | None = None,
) -> list[CampaignBreakdown]:
    """Every campaign's levels and modifiers, line by line with rule numbers (25.4-25.9).

    `against_germany`, `cves_against_germany`: the Indian Ocean split (25.83); None reads the
    scenario's. `declined`: the planner's campaigns that decline SW combat (25.14), on top of
    `sw.declined`. `next_turn`: the SW combats after this turn's deployment, in the next turn
    (`next_combat`: the 25.13 C note bars only this turn's).
    """
    if next_turn:
        sw = next_combat(sw)
    where = where or situation(scenario, sw)
    ports = where.ports
    cards = sw.codebreaking

    def subs_of(box: SWBox, power: Power) -> int:
        return counts.get((box, power, SWUnit.SUBMARINE), 0)

    barred_of: dict[Campaign, list[tuple[str, str]]] = {}
    for campaign, spec in CAMPAIGNS.items():
        barred = campaign_barred(campaign, where)
        if campaign in declined or campaign in sw.declined:
            barred.append(("25.14", "the submarines decline SW combat"))
        if spec.attacker is Power.JAPAN and where.japan_attacked_us_this_turn and not next_turn:
            barred.append(
                ("25.13 C", "Japan attacked the U.S. this turn: its first SW attacks come next turn")
            )
        barred_of[campaign] = barred
    # 25.83: the split only when both the German and the Japanese submarines operate there.
    split = all(
        subs_of(SWBox.INDIAN, CAMPAIGNS[c].attacker) and not barred_of[c]
        for c in (Campaign.GERMAN_INDIAN, Campaign.JAPANESE_INDIAN)
    )
    out = []
    for campaign, spec in CAMPAIGNS.items():
        box = spec.box
        defender = where.defenders[campaign]
        subs = subs_of(box, spec.attacker)
        asw = side_total(counts, box, SWUnit.ASW, axis=not spec.axis_attacks)
        cves = side_total(counts, box, SWUnit.CVE, axis=not spec.axis_attacks)
        if box is SWBox.INDIAN and split:
            german_asw = indian_split(
                sw.indian_asw_against_germany if against_germany is None else against_germany, asw
            )
            asw = german_asw if campaign is Campaign.GERMAN_INDIAN else asw - german_asw
            if sw.indian_cves_split:
                german_cves = indian_split(
                    sw.indian_cves_against_germany if cves_against_germany is None else cves_against_germany,
                    cves,
                )
                cves = german_cves if campaign is Campaign.GERMAN_INDIAN else cves - german_cves
        attacker_r, defender_r = sw.research_of(spec.attacker), sw.research_of(defender)
        lines = []
        for row in rows_of(campaign, sw):
            value, why = _row_value(row.key, campaign, box, attacker_r, defender_r, cves, ports, sw, cards)
            lines.append(ModifierLine(row.key, row.rule, row.text, value, why))
        barred = barred_of[campaign]
        advanced = 0
        if campaign is Campaign.GERMAN_ATLANTIC:
            advanced = counts.get((box, Power.GERMANY, SWUnit.ADVANCED_SUBMARINE), 0)
        advanced_possible = advanced > 0 and not barred
        if not subs:
            barred = [*barred, ("25.13", f"no {spec.attacker.value} submarines in the {box.value} SW box")]
        destroyers = (
            sum(counts.get((box, p, SWUnit.DESTROYER), 0) for p in (Power.BRITAIN, Power.USA))
            if spec.axis_attacks
            else 0
        )
        out.append(
            CampaignBreakdown(
                campaign,
                box,
                spec.attacker,
                defender,
                tuple(barred),
                subs,
                asw,
                cves,
                tuple(lines),
                destroyers,
                advanced,
                advanced_possible,
            )
        )
    return out


def _row_value(
    key: str,
    campaign: Campaign,
    box: SWBox,
    att: Research,
    dfn: Research,
    cves: int,
    ports: dict[str, PortFact],
    sw: SWSection,
    cards: Codebreaking,
) -> tuple[int, str]:
    """The value of one table row for one campaign, and why (25.61-25.92)."""
    if key == "nationality":
        return att.naval_nationality_drm - dfn.naval_nationality_drm, (
            f"{att.naval_nationality_drm:+d} vs {dfn.naval_nationality_drm:+d}"
        )
    if key == "air_range":
        return att.air_range - dfn.air_range, f"{att.air_range} vs {dfn.air_range}"
    if key == "torpedo":
        return att.torpedo, f"{att.torpedo} results"
    if key == "asw_research":
        return -dfn.asw, f"{dfn.asw} results"
    if key == "cves":
        return cve_modifier(box, cves), f"{cves} uninverted CVEs"
    if key in ("biscay_ports", "iberian_ports", "gibraltar", "colombo", "pacific_ports", "manila"):
        names, who, supply = {
            "biscay_ports": (BISCAY_PORTS, "axis", True),
            "iberian_ports": (IBERIAN_PORTS, "axis", True),
            "gibraltar": (("gibraltar",), "axis", True),
            "colombo": (("colombo",), "japan", True),
            "pacific_ports": (JAPANESE_PACIFIC_PORTS, "japan", True),
            "manila": (("manila",), "allies" if sw.manila_any_allied_control else "usa", False),
        }[key]
        held = _held(ports, names, who, supply)
        # 25.65: "The control of specified operational ports modifies submarine warfare".
        operational = [p for p in held if ports[p].operational]
        if operational:
            return PORT_MODIFIERS[key], f"held: {', '.join(_name(p) for p in operational)}"
        if held:
            return 0, f"not operational (25.65): {', '.join(_name(p) for p in held)}"
        return 0, "none held" + (" and fully supplied" if supply else "")
    if key == "us_war":
        every, _ = us_war_modifier(sw.germany_us_war_turn)
        return every, f"turn {sw.germany_us_war_turn} of war" if every else "not at war"
    if key == "us_war_first_turns":
        _, first = us_war_modifier(sw.germany_us_war_turn)
        return first, f"turn {sw.germany_us_war_turn} of war" if sw.germany_us_war_turn else "not at war"
    if key == "ireland":
        result = sw.ireland_diplomatic_result
        return (1 if result is not None and result >= IRELAND_THRESHOLD else 0), f"result {result}"
    if key == "ultra":
        return codebreaking_modifier(cards.axis_ultra_sw, cards.british_ultra_asw), (
            f"{cards.axis_ultra_sw} Axis SW vs {cards.british_ultra_asw} British ASW cards"
        )
    if campaign is Campaign.AMERICAN_PACIFIC:
        return codebreaking_modifier(cards.american_magic_sw, cards.japanese_magic_asw), (
            f"{cards.american_magic_sw} American SW vs {cards.japanese_magic_asw} Japanese ASW cards"
        )
    return codebreaking_modifier(cards.japanese_magic_sw, cards.american_magic_asw), (
        f"{cards.japanese_magic_sw} Japanese SW vs {cards.american_magic_asw} American ASW cards"
    )


def _name(port: str) -> str:
    if port in SW_PORTS:
        return SW_PORTS[port].name
    return SITE_BY_ID[port].name
