"""Submarine warfare (rule 25): the plain data of the deployment decision: which boxes each group may
end this turn's deployment in, whether it may withdraw, the limits on what enters the boxes, and the
fixed rest (25.12, 25.15, 25.21, 25.22, 25.31, 25.32, 25.34, 25.37, 25.38, 27.94).

Readings taken here are listed in the README's SW section and in each function's docstring.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from models.map_data import EUROPEAN_COUNTRIES, SITE_BY_ID, Country
from models.scenario import Scenario
from models.sw import Campaign, GibraltarTransfers, SWBox, SWSection, SWUnit, is_allied, is_axis
from models.sw_modifiers import US_PACIFIC_ASW_PER_TURN, US_PACIFIC_ASW_USJT
from models.tables import Power, UnitType
from optimizer.rules.sw.prepare import Counts, Situation, breakdown, campaign_barred, counts_in_box, situation

# 25.31 A-C: the bases from which British and American units deploy to each box. Reading: the Canada
# box faces the Atlantic like the Atlantic U.S. box (British ASW built in Canada, 25.22 B).
ALLIED_BOX_BASES: dict[SWBox, frozenset[str]] = {
    SWBox.ATLANTIC: frozenset({"us_atlantic_box", "south_africa_box", "canada_box"}),  # + western front ports
    SWBox.PACIFIC: frozenset({"pearl_harbor", "tahiti", "us_pacific_box", "australia_box"}),
    SWBox.INDIAN: frozenset(
        {"suez", "basra", "abadan", "colombo", "madras", "south_africa_box", "australia_box", "india_box"}
    ),
}
JAPANESE_PACIFIC_BASES = frozenset({"truk"})  # + ports in Japan (25.31 B)
JAPANESE_INDIAN_BASES = frozenset({"singapore"})  # + ports in Japan (25.31 C)


def in_japan(port: str) -> bool:
    site = SITE_BY_ID.get(port)
    return site is not None and site.country == "japan"


def planning_powers(scenario: Scenario) -> frozenset[Power]:
    """The powers whose SW units the planning faction moves this turn (25.31): the European Axis
    moves German submarines; Japan its units; the Western Allies British and American units."""
    faction = scenario.faction.value
    if faction == "european_axis":
        return frozenset({Power.GERMANY, Power.ITALY})
    if faction == "japan":
        return frozenset({Power.JAPAN})
    if faction == "western_allies":
        return frozenset({Power.BRITAIN, Power.USA, Power.FRANCE})
    return frozenset()


def eligible_boxes(
    group_power: Power, unit: SWUnit, base: str, box: SWBox | None, where: Situation
) -> dict[SWBox, str]:
    """For each SW box, why a group may not be there after this turn's deployment ("" if it may).

    25.31 D: only British and American units among the Western Allies; 25.31: Germany only
    submarines, to the Atlantic and Indian Ocean; Japan only the Pacific, its submarines also the
    Indian Ocean; Italy not at all (25.151 and 25.31 name no Italian deployment) [reading]. 25.31
    A-C: the base; a unit must be based at a port its side controls.

    25.31, 25.38: units in an SW box transfer between the boxes whatever their base. 25.38 ("Naval
    units and SW units may be transferred between SW boxes during the redeployment phase") names no
    base and no side [reading]: a Truk-based Japanese submarine in the Pacific box may go on to the
    Indian Ocean box, a German one of a western front port from the Atlantic box to the Indian Ocean
    box, as Western Allied units "may be freely transferred between all three SW boxes" (25.31). With
    `sw.axis_transfers_need_base`, 25.31's sentence is for the Western Allies alone and German and
    Japanese transfers keep to 25.31 A-C's bases [setting].

    25.22 E: Japanese ASW not in the Pacific before war between Japan and the U.S. 25.81: Japanese
    submarines not in the Indian Ocean before war between Japan and Britain; 25.91: Japanese and
    American submarines not in the Pacific before that war or USJT 40, nor past an enemy-controlled
    Singapore: from a port in Japan to the Indian Ocean box; a 25.38 transfer between the Pacific and
    Indian Ocean boxes passes no hex of the map [reading], unless `sw.singapore_bars_box_transfers`,
    when it passes Singapore either way [setting]. Submarines of Britain (25.13 D is empty) and
    American submarines outside the Pacific have no campaign and stay [reading]. Destroyers stay where
    they are: they change no SW modifier or level (25.361) [reading]. 25.73: advanced submarines to
    the Atlantic box only [reading]. 25.16 (one Western Allied submarine factor a turn between the
    western front and a Mediterranean port past an Axis Gibraltar) constrains nothing here: no Western
    Allied submarine goes to the Atlantic or Indian Ocean box (above), and Pacific bases are not
    reached through Gibraltar [reading].
    """
    ports = where.ports
    reasons: dict[SWBox, str] = {}
    base_fact = ports.get(base)
    held = (
        base_fact is not None
        and base_fact.controller is not None
        and (is_axis(base_fact.controller) == is_axis(group_power))
    )
    # 25.91 with 25.38: a transfer between the Pacific and Indian Ocean boxes passes Singapore [setting].
    singapore_barred = where.singapore_bars_box_transfers and is_allied(ports["singapore"].controller)
    # 25.38: a transfer between the boxes names no base; 25.31 A-C bind an Axis one only by the setting.
    axis_transfer = box is not None and not where.axis_transfers_need_base
    for target in SWBox:
        if target is box:
            reasons[target] = ""  # staying where it is is always allowed (25.37: withdrawing is optional)
            continue
        reason = ""
        if unit is SWUnit.DESTROYER:
            reason = "25.361: destroyers change no SW modifier; they stay [reading]"
        elif unit is SWUnit.ADVANCED_SUBMARINE and target is not SWBox.ATLANTIC:
            reason = "25.73: advanced submarines are an Atlantic rule [reading]"
        elif group_power in (Power.BRITAIN, Power.USA):
            transfer = box is not None  # 25.31, 25.38: free transfers between the boxes
            front = where.front(base)
            base_ok = base in ALLIED_BOX_BASES[target] or (target is SWBox.ATLANTIC and front == "western")
            if unit is SWUnit.SUBMARINE and (group_power is Power.BRITAIN or target is not SWBox.PACIFIC):
                reason = "25.13: no SW campaign for these submarines [reading]"
            elif unit is SWUnit.SUBMARINE and not where.pacific_submarines:
                reason = "25.91: Japan and the U.S. not at war and USJT below 40"
            elif not transfer and not (base_ok and held):
                reason = f"25.31 {'ABC'[list(SWBox).index(target)]}: not based where units deploy to the {target.value} box"
        elif group_power is Power.GERMANY:
            front = where.front(base)
            if unit not in (SWUnit.SUBMARINE, SWUnit.ADVANCED_SUBMARINE):
                reason = "25.31: Germany deploys only submarines"
            elif target is SWBox.PACIFIC:
                reason = "25.31: German submarines deploy to the Atlantic and Indian Ocean only"
            elif axis_transfer:
                reason = ""  # 25.38: from the other box, whatever the base
            elif not held:
                reason = "25.31: based at a port the Axis do not control"
            elif target is SWBox.ATLANTIC and front not in ("western", "mediterranean"):
                reason = "25.31 A: German submarines in the Atlantic are based in a western front or Mediterranean port"
            elif target is SWBox.INDIAN and front != "mediterranean":
                reason = "25.31 C: German submarines in the Indian Ocean are based in a Mediterranean port"
        elif group_power is Power.JAPAN:
            if not held and not axis_transfer:
                reason = "25.31: based at a port Japan does not control"
            elif target is SWBox.ATLANTIC:
                reason = "25.31: Japan deploys to the Pacific and (submarines) the Indian Ocean only"
            elif target is SWBox.PACIFIC:
                if not axis_transfer and not (in_japan(base) or base in JAPANESE_PACIFIC_BASES):
                    reason = "25.31 B: Japanese units in the Pacific box are based in Japan or Truk"
                elif unit is SWUnit.SUBMARINE and not where.pacific_submarines:
                    reason = "25.91: Japan and the U.S. not at war and USJT below 40"
                elif box is SWBox.INDIAN and singapore_barred:
                    reason = "25.91: submarines may not pass an enemy-controlled Singapore [setting]"
                elif unit is SWUnit.ASW and not where.japan_us_war:
                    reason = "25.22 E: Japanese ASW not in the Pacific before war between Japan and the U.S."
            elif unit is not SWUnit.SUBMARINE:
                reason = "25.31: only Japanese submarines deploy to the Indian Ocean"
            elif not axis_transfer and not (in_japan(base) or base in JAPANESE_INDIAN_BASES):
                reason = "25.31 C: Japanese submarines in the Indian Ocean are based in Japan or Singapore"
            elif not where.japan_britain_war:
                reason = "25.81: Japan and Britain are not at war"
            elif box is None and is_allied(ports["singapore"].controller):
                reason = "25.91: submarines may not pass an enemy-controlled Singapore"
            elif box is SWBox.PACIFIC and singapore_barred:
                reason = "25.91: submarines may not pass an enemy-controlled Singapore [setting]"
        else:
            reason = f"25.31 D: {group_power.value} units do not enter SW boxes"
        reasons[target] = reason
    return reasons


def enters_from(group_power: Power, place: str, box: SWBox, where: Situation) -> bool:
    """Whether `place` is a location from which the power's units deploy to `box` (25.31 A-C), control
    aside: for the U.S. and Britain the bases 25.31 A-C lists (and, for the Atlantic, western front
    ports); for German submarines a Mediterranean port, or for the Atlantic a western front port too;
    for Japan a port in Japan, or Truk (the Pacific), or Singapore (the Indian Ocean)."""
    front = where.front(place)
    if group_power in (Power.BRITAIN, Power.USA):
        return place in ALLIED_BOX_BASES[box] or (box is SWBox.ATLANTIC and front == "western")
    if group_power is Power.GERMANY:
        return front == "mediterranean" or (box is SWBox.ATLANTIC and front == "western")
    if group_power is Power.JAPAN:
        return in_japan(place) or place in (
            JAPANESE_PACIFIC_BASES if box is SWBox.PACIFIC else JAPANESE_INDIAN_BASES
        )
    return False


def withdrawal_places(group_power: Power, unit: SWUnit, box: SWBox, where: Situation) -> list[str]:
    """25.37: "Naval units and SW units must withdraw to a location from which they were eligible to
    enter the SW box in question (25.31)": any such location (`enters_from`), not only the group's base,
    held by its side [reading: the wars and tension that time an entry (25.22 E, 25.81, 25.91) do not bind
    a withdrawal]. Destroyers stay where they are (25.361) [reading]. Japanese submarines going from the
    Indian Ocean box to a port in Japan pass Singapore, which they may not pass enemy-controlled (25.91,
    a way, not a time)."""
    if unit is SWUnit.DESTROYER:
        return []
    enemy_singapore = is_allied(where.ports["singapore"].controller)
    places = []
    for place, fact in sorted(where.ports.items()):
        if fact.controller is None or is_axis(fact.controller) != is_axis(group_power):
            continue
        if not enters_from(group_power, place, box, where):
            continue
        if group_power is Power.JAPAN and box is SWBox.INDIAN and in_japan(place) and enemy_singapore:
            continue  # 25.91: home to Japan past an enemy-controlled Singapore
        places.append(place)
    return places


def withdrawal_passes_gibraltar(group_power: Power, box: SWBox, place: str, where: Situation) -> bool:
    """25.15 B: German submarines from the Atlantic box to a Mediterranean port pass Gibraltar (counted
    when the Western Allies control it)."""
    return group_power is Power.GERMANY and box is SWBox.ATLANTIC and where.front(place) == "mediterranean"


def withdrawal_destination(
    group_power: Power, unit: SWUnit, base: str, box: SWBox, where: Situation
) -> str | None:
    """Where the planner withdraws a group from its SW box to, or None if it may not withdraw (25.37):
    among `withdrawal_places`, one that uses no factor past a Western Allied Gibraltar first (25.15 B),
    then the group's base, then by name [reading: the base is where the player means to go; another
    place of the box only when the base is none, or when it spares the one factor a turn past Gibraltar]."""
    gibraltar_allied = not is_axis(where.ports["gibraltar"].controller)

    def order(place: str) -> tuple[bool, bool, str]:
        passes = gibraltar_allied and withdrawal_passes_gibraltar(group_power, box, place, where)
        return passes, place != base, place

    places = withdrawal_places(group_power, unit, box, where)
    return min(places, key=order) if places else None


# 27.94: the SW boxes new SW units may redeploy to, by where they were built. A: the Atlantic from
# Europe (`EUROPEAN_COUNTRIES`) or the Atlantic U.S. box (and Canada, an Atlantic base of 25.31 A
# [reading]); B: the Pacific from Japan or the Pacific U.S. box; C: the Indian Ocean for Japanese
# submarines built in Japan.


def redeploy_boxes_27_94(power: Power, unit: SWUnit | UnitType, site: str) -> frozenset[SWBox]:
    """The boxes 27.94 lets SW units built at `site` redeploy to after construction."""
    country = SITE_BY_ID[site].country if site in SITE_BY_ID else None
    out = set()
    if country in EUROPEAN_COUNTRIES or country in (Country.US_ATLANTIC_BOX, Country.CANADA):
        out.add(SWBox.ATLANTIC)
    if country in (Country.JAPAN, Country.US_PACIFIC_BOX):
        out.add(SWBox.PACIFIC)
    if power is Power.JAPAN and country == Country.JAPAN and unit.value == "submarine":
        out.add(SWBox.INDIAN)
    return frozenset(out)


@dataclass(frozen=True)
class GroupData:
    id: str
    power: Power
    unit: SWUnit
    factors: int
    base: str
    box: SWBox | None
    counts: bool  # counts in a box after deployment (25.34, 27.91)
    allowed: tuple[SWBox, ...]  # boxes it may end in
    mediterranean: bool  # based at a Mediterranean port (25.15)
    withdraw_to: str | None = None  # in a box: where it withdraws to; None: it may not (25.37)
    withdraw_passes_gibraltar: bool = False  # that withdrawal passes Gibraltar (25.15 B)

    @property
    def withdraws(self) -> bool:
        """In a box: it may withdraw (25.37)."""
        return self.withdraw_to is not None


@dataclass(frozen=True)
class DeploymentData:
    """Plain data of the deployment decision, from the scenario."""

    groups: tuple[GroupData, ...]  # the planning side's groups
    fixed: Counts  # what counts in the boxes from the other side's units (and destroyers)
    us_asw_limit: dict[SWBox, int | None]  # 25.32: American ASW factors that may enter each box; None: any
    gibraltar_limit: int | None  # 25.15: German submarine factors past Gibraltar; None: any (25.151)
    campaigns_open: dict[Campaign, bool]  # campaign_barred is empty
    split_stated: int | None  # 25.83 split when the planner is the Axis
    where: Situation  # wars, tension and ports, traced once
    fixed_modifiers: dict[Campaign, int]  # every row but the CVEs', which the deployment moves (25.61)
    us_cves_limited: bool = False  # 25.32 A [setting]: American CVEs entering the Atlantic count too
    gibraltar_transfers: GibraltarTransfers = GibraltarTransfers.BOTH  # 25.15 B, 25.38 [setting]
    cve_split_stated: int | None = None  # 25.83 CVE split when the planner is the Axis [setting]
    cves_split: bool = False  # `sw.indian_cves_split` [setting]


def us_asw_limits(sw: SWSection, where: Situation) -> dict[SWBox, int | None]:
    """American-built ASW entering each box this turn (25.22 C, D; 25.32): until the U.S. is at war
    in both theaters, at war in one of them or in neither, the Pacific one factor a turn at USJT 40
    or more (25.32 B), the Atlantic `sw.us_atlantic_asw_per_turn` (25.32 A is empty: the player's
    input), the Indian Ocean none [reading: neither 25.32 A nor B opens it]; then any."""
    if where.germany_us_war and where.japan_us_war:
        return dict.fromkeys(SWBox)
    return {
        SWBox.ATLANTIC: sw.us_atlantic_asw_per_turn,
        SWBox.PACIFIC: US_PACIFIC_ASW_PER_TURN if where.usjt >= US_PACIFIC_ASW_USJT else 0,
        SWBox.INDIAN: 0,
    }


def new_unit_boxes(
    scenario: Scenario, where: Situation | None = None
) -> Callable[[Power, UnitType, str], list[str]]:
    """A function (power, unit, site) -> the SW boxes new units built at `site` may redeploy to this
    turn, as the deployment allows them (27.94 with 25.22, 25.31, 25.32, 25.81, 25.91): the boxes of
    `eligible_boxes` from their yard that 27.94 opens, less those 25.32 closes to American ASW this
    turn (a limit of 0). Transports, which the deployment does not move, by 27.94 and 25.31 alone:
    the U.S., Britain and Japan (the Pacific only) deploy them [reading]. The plan's report of each
    SW build (`sw_boxes`) is this list."""
    sw = scenario.sw or SWSection()
    where = where or situation(scenario, sw)
    limits = us_asw_limits(sw, where)

    def boxes(power: Power, unit: UnitType, site: str) -> list[str]:
        opened = redeploy_boxes_27_94(power, unit, site)
        if unit is UnitType.TRANSPORT:
            allowed = {Power.USA: set(SWBox), Power.BRITAIN: set(SWBox), Power.JAPAN: {SWBox.PACIFIC}}
            return [b.value for b in SWBox if b in opened and b in allowed.get(power, set())]
        if unit not in (UnitType.SUBMARINE, UnitType.ASW):
            return []
        sw_unit = SWUnit(unit.value)
        reasons = eligible_boxes(power, sw_unit, site, None, where)
        out = []
        for box in SWBox:
            if reasons[box] or box not in opened:
                continue
            if power is Power.USA and sw_unit is SWUnit.ASW and limits[box] == 0:
                continue
            out.append(box.value)
        return out

    return boxes


def deployment_data(scenario: Scenario, sw: SWSection) -> DeploymentData:
    """The groups the planning side moves, with the boxes each may end in, and the fixed rest."""
    where = situation(scenario, sw)
    planners = planning_powers(scenario)
    fixed_modifiers = {
        b.campaign: sum(line.value for line in b.lines if line.key != "cves")
        for b in breakdown(scenario, sw, {}, where=where, next_turn=True)  # the combats it is planned for
    }
    groups = []
    fixed: Counts = {}
    for group in sw.forces:
        counted = counts_in_box(group.unit, group.inverted, group.new)
        reasons = eligible_boxes(group.power, group.unit, group.base, group.box, where)
        allowed = tuple(b for b in SWBox if not reasons[b])
        withdraw_to = (
            withdrawal_destination(group.power, group.unit, group.base, group.box, where)
            if group.box is not None
            else None
        )
        moves = any(b is not group.box for b in allowed) or withdraw_to is not None
        if group.power in planners and group.factors and moves:
            groups.append(
                GroupData(
                    group.id,
                    group.power,
                    group.unit,
                    group.factors,
                    group.base,
                    group.box,
                    counted,
                    allowed,
                    where.front(group.base) == "mediterranean",
                    withdraw_to,
                    group.box is not None
                    and withdraw_to is not None
                    and withdrawal_passes_gibraltar(group.power, group.box, withdraw_to, where),
                )
            )
        elif group.box is not None and counted:
            key = (group.box, group.power, group.unit)
            fixed[key] = fixed.get(key, 0) + group.factors
    gibraltar = where.ports["gibraltar"]
    gibraltar_limit = None
    if not is_axis(gibraltar.controller):  # 25.15: one factor a turn, less those past it on the map (A)
        gibraltar_limit = max(0, 1 - sw.german_submarines_past_gibraltar_on_map)
    return DeploymentData(
        groups=tuple(groups),
        fixed=fixed,
        us_asw_limit=us_asw_limits(sw, where),
        gibraltar_limit=gibraltar_limit,
        campaigns_open={c: not campaign_barred(c, where) for c in Campaign},
        split_stated=sw.indian_asw_against_germany,
        where=where,
        fixed_modifiers=fixed_modifiers,
        us_cves_limited=sw.us_cves_within_25_32_a and not where.germany_us_war,
        gibraltar_transfers=sw.gibraltar_box_transfers,
        cve_split_stated=sw.indian_cves_against_germany,
        cves_split=sw.indian_cves_split,
    )
