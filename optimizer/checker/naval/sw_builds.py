"""SW units built at shipyards in turn 0 (27.721 A, 27.711, 27.713, 27.93, 27.94)."""

from __future__ import annotations

from collections import defaultdict

from models.map_data import EUROPEAN_COUNTRIES, HOME_COUNTRIES, SITE_BY_ID, SITES, Country
from models.naval_tables import SW_BRPS_PER_FACTOR, SW_SB_PER_FACTOR
from models.plan import Plan, SWBuildLine
from models.scenario import Scenario, SupplyOverride
from models.sw import ForceGroup, SWBox, SWUnit
from models.tables import Power, UnitType
from optimizer.checker.naval.actions import YardInfo
from optimizer.checker.naval.charts import NavalReplay, naval_state_of, record_dominion_brps
from optimizer.checker.naval.standing import new_unit_breaches
from optimizer.checker.placement import site_state, supplied_sites
from optimizer.checker.sw.deployment import may_enter_group, us_limits
from optimizer.checker.violations import REPORT, Violation

# 27.94: where SW units built in each place may redeploy to. A: Europe (the countries of
# `models.map_data.EUROPEAN_COUNTRIES`) or the Atlantic U.S. box (and Canada, which 25.31 A's reading
# makes an Atlantic base) -> the Atlantic; B: Japan or the Pacific U.S. box -> the Pacific; C: Japanese
# submarines built in Japan -> the Indian Ocean.


def _boxes_27_94(power: Power, unit: UnitType, yard: str) -> list[str]:
    country = SITE_BY_ID[yard].country if yard in SITE_BY_ID else None
    boxes = []
    if country in EUROPEAN_COUNTRIES or country in (Country.US_ATLANTIC_BOX, Country.CANADA):
        boxes.append("atlantic")
    if country in (Country.JAPAN, Country.US_PACIFIC_BOX):
        boxes.append("pacific")
    if power is Power.JAPAN and country == Country.JAPAN and unit is UnitType.SUBMARINE:
        boxes.append("indian")
    return boxes


def sw_redeploy_boxes(scenario: Scenario, power: Power, unit: UnitType, yard: str) -> list[str]:
    """SW boxes new submarines, ASW and transports may redeploy to, in the order atlantic, indian,
    pacific: those 27.94 opens from the yard that the entry rules allow this turn, the same list the
    deployment works with. Submarines and ASW: a new group at the yard may enter the box
    (`may_enter_group`: 25.22 E, 25.31, 25.81, 25.91, and the reading that British and non-Pacific
    American submarines have no campaign), and American ASW only where 25.32 lets at least one
    factor in this turn (25.22 C, D). Transports, which no SW deployment moves: the U.S. and Britain
    to any box 27.94 opens, Japan to the Pacific (25.31) [reading]."""
    opened = _boxes_27_94(power, unit, yard)
    if unit is UnitType.TRANSPORT:
        allowed = {Power.USA: opened, Power.BRITAIN: opened, Power.JAPAN: ["pacific"]}.get(power, [])
        return [b for b in ("atlantic", "indian", "pacific") if b in opened and b in allowed]
    if unit not in (UnitType.SUBMARINE, UnitType.ASW):
        return []
    group = ForceGroup(id="new", power=power, unit=SWUnit(unit.value), factors=1, base=yard, new=True)
    limits = us_limits(scenario)
    out = []
    for box in (SWBox.ATLANTIC, SWBox.INDIAN, SWBox.PACIFIC):
        if box.value not in opened or may_enter_group(scenario, group, box) is not None:
            continue
        if power is Power.USA and unit is UnitType.ASW and limits[box] == 0:
            continue
        out.append(box.value)
    return out


def sw_yard_breaches(scenario: Scenario, power: Power, yard: str) -> list[tuple[str, str]]:
    """Why SW units may not be built with the points of `yard` (rule, reason), empty if they may.

    27.711: in any controlled, fully supplied port of the power's home country (A), either U.S.
    box for the U.S. (B), Canada for Britain (C); nowhere else, so never with the Australia yard's
    points. Reading (README, "How rule 27.7 is read"): a home-country yard's points pay for SW
    units in any such home port, the yard's own port held or not (27.71: losing a yard leaves SW
    construction in other ports), so at least one must be left. The units are placed in that port
    or box (27.93), so it must also be one where 27.44 and 27.45 let a newly constructed unit be
    placed this turn (27.41; `new_unit_breaches`): with every such place barred, each breach found.
    """
    country = SITE_BY_ID[yard].country if yard in SITE_BY_ID else None
    if country in (Country.US_ATLANTIC_BOX, Country.US_PACIFIC_BOX):
        if power is not Power.USA:
            return [("27.711", "a U.S. box builds SW units for the U.S. only (27.711 B)")]
        return list(new_unit_breaches(scenario, yard))
    if country == Country.CANADA:
        if power is not Power.BRITAIN:
            return [("27.711", "Canada builds SW units for Britain only (27.711 C)")]
        return list(new_unit_breaches(scenario, yard))
    if country in HOME_COUNTRIES[power]:
        held = held_home_ports(scenario, power)
        if not held:
            return [
                (
                    "27.711",
                    f"{power.value} holds no controlled, fully supplied port in its home country (27.711 A)",
                )
            ]
        barred = [new_unit_breaches(scenario, port) for port in held]
        if all(barred):
            return [
                (rule, f"no home port left to place it: {reason}")
                for breaches in barred
                for rule, reason in breaches
            ]
        return []
    return [("27.711", f"{yard} is not a place where submarines, ASW or transports are built (27.711)")]


def home_sw_ports(scenario: Scenario, power: Power) -> list[str]:
    """The home-country ports where the power may place new submarines, ASW and transports this turn:
    controlled and fully supplied (27.711 A, 27.43), not in an enemy ZoC (27.44), controlled since the
    start of the player turn and not recaptured this turn (27.45)."""
    return [port for port in held_home_ports(scenario, power) if not new_unit_breaches(scenario, port)]


def held_home_ports(scenario: Scenario, power: Power) -> list[str]:
    """The power's home-country ports it controls that are fully supplied (27.711 A, 27.43)."""
    supplied = supplied_sites(scenario, power)
    return [
        site.id
        for site in SITES
        if site.port
        and site.country in HOME_COUNTRIES[power]
        and site.id in supplied
        and scenario.map.controller_of(site.id) is power
        and site_state(scenario, site.id).supply is SupplyOverride.TRACED
    ]


def describe_sw_build(index: int, line: SWBuildLine) -> str:
    return f"SW build {index + 1}: {line.power.value} '{line.build}' {line.factors} x {line.unit.value} at {line.yard}"


def sw_build_points(
    scenario: Scenario, plan: Plan, replay: NavalReplay, yards: dict[tuple[Power, str], YardInfo]
) -> dict[tuple[Power, str], int]:
    """Check the SW builds of turn 0 (27.721 A, 27.711, 27.713, 27.93, 27.94), add their BRPs to
    turn 0, and return the shipbuilding points they use at each yard.

    Each line: a `sw_units` build of a naval power, of its unit (Germany and Italy only submarines,
    27.93 A, B), with the points of a shipyard of the power that is not captured (27.713) and may
    pay for SW units (`sw_yard_breaches`, 27.711, 27.44, 27.45), for 3 BRPs a
    factor (27.721 A); its `sw_boxes` those of 27.94 (report). Each build's factors are at most
    its count.
    """
    points: dict[tuple[Power, str], int] = defaultdict(int)
    built: dict[tuple[Power, str], int] = defaultdict(int)
    for index, line in enumerate(plan.sw_builds):
        what = describe_sw_build(index, line)
        naval = naval_state_of(scenario, line.power)
        if naval is None:
            replay.rules.append(
                Violation("27.7", f"{what}: {line.power.value} has no naval construction in the scenario")
            )
            continue
        build = next((b for b in naval.sw_units if b.id == line.build), None)
        if build is None:
            replay.rules.append(
                Violation("27.721 A", f"{what}: no such SW build in the {line.power.value} sw_units")
            )
            continue
        if line.unit is not build.unit:
            replay.rules.append(
                Violation(
                    "27.721 A", f"{what}: build '{build.id}' holds {build.unit.value}, not {line.unit.value}"
                )
            )
        if line.power in (Power.GERMANY, Power.ITALY) and line.unit is not UnitType.SUBMARINE:
            replay.rules.append(
                Violation("27.93", f"{what}: {line.power.value} builds only submarines (27.93 A, B)")
            )
        expected = SW_BRPS_PER_FACTOR * line.factors
        if line.brps != expected:
            replay.rules.append(
                Violation(
                    "27.721 A",
                    f"{what}: costs {SW_BRPS_PER_FACTOR} x {line.factors} = {expected} BRPs, not {line.brps}",
                )
            )
        built[(line.power, build.id)] += line.factors
        replay.brps[line.power][0] += expected
        record_dominion_brps(replay, line.yard, 0, expected)
        yard = yards.get((line.power, line.yard))
        if yard is None:
            replay.rules.append(
                Violation("27.711", f"{what}: {line.yard} is not a shipyard of {line.power.value}")
            )
            continue
        if yard.captured:
            replay.rules.append(
                Violation("27.713", f"{what}: a captured shipyard only repairs ships, it builds none")
            )
        else:
            for rule, reason in sw_yard_breaches(scenario, line.power, line.yard):
                replay.rules.append(Violation(rule, f"{what}: {reason}"))
        points[(line.power, line.yard)] += SW_SB_PER_FACTOR * line.factors
        boxes = sw_redeploy_boxes(scenario, line.power, line.unit, line.yard)
        if sorted(line.sw_boxes) != sorted(boxes):
            replay.reports.append(
                Violation(REPORT, f"{what}: SW boxes {line.sw_boxes} in the plan, {boxes} by 27.94", REPORT)
            )
    for (power, build_id), factors in sorted(built.items()):
        naval = naval_state_of(scenario, power)
        assert naval is not None  # `built` holds only builds resolved against the power's naval section
        build = next(b for b in naval.sw_units if b.id == build_id)
        if factors > build.count:
            replay.rules.append(
                Violation(
                    "27.721 A",
                    f"{power.value} SW build '{build_id}': {factors} factors built, count {build.count}",
                )
            )
    return points
