"""SW units built at shipyards in turn 0 (27.721 A, 27.711, 27.713, 27.93, 27.94)."""

from __future__ import annotations

from collections import defaultdict

from models.map_data import HOME_COUNTRIES, SITE_BY_ID, SITES, Country
from models.naval_tables import SW_BRPS_PER_FACTOR, SW_SB_PER_FACTOR
from models.plan import Plan, SWBuildLine
from models.scenario import Scenario, SupplyOverride
from models.tables import Power, UnitType
from optimizer.checker.naval.actions import YardInfo
from optimizer.checker.naval.charts import NavalReplay, naval_state_of, record_dominion_brps
from optimizer.checker.placement import site_controller, site_state, supplied_sites
from optimizer.checker.sites import US_PACIFIC_BOX
from optimizer.checker.violations import REPORT, Violation


def sw_redeploy_boxes(scenario: Scenario, power: Power, unit: UnitType, yard: str) -> list[str]:
    """SW boxes new submarines, ASW and transports may redeploy to.

    27.94: the U.S. to the box of its yard's theater, Japan to the Pacific, Britain and German
    submarines to the Atlantic, nobody else (25.31) [reading]. 25.22 B, D: British ASW to any SW box.
    25.22 E: Japanese ASW to the Pacific only once Japan and the U.S. are at war. 25.81: Japanese
    submarines to the Indian Ocean once Japan and Britain are at war (`japan_at_war_with_britain`,
    unset: as the U.S. in the Pacific). 25.91: Japanese and American submarines to the Pacific once
    Japan and the U.S. are at war or USJT is 40 or more.
    """
    japan_us = bool(scenario.us_at_war.get("pacific"))
    stated = scenario.japan_at_war_with_britain
    japan_britain = japan_us if stated is None else stated
    pacific_subs = japan_us or (scenario.usjt is not None and scenario.usjt >= 40)
    if power is Power.USA:
        if yard != US_PACIFIC_BOX:
            return ["atlantic"]
        return [] if unit is UnitType.SUBMARINE and not pacific_subs else ["pacific"]
    if power is Power.JAPAN:
        boxes = []
        if unit is UnitType.SUBMARINE:
            boxes = ["pacific"] * pacific_subs + ["indian"] * japan_britain
        elif unit is not UnitType.ASW or japan_us:
            boxes = ["pacific"]
        return boxes
    if power is Power.BRITAIN and unit is UnitType.ASW:
        return ["atlantic", "pacific", "indian"]
    if power is Power.BRITAIN or (power is Power.GERMANY and unit is UnitType.SUBMARINE):
        return ["atlantic"]
    return []


def sw_yard_breach(scenario: Scenario, power: Power, yard: str) -> str | None:
    """Why SW units may not be built with the points of `yard` (27.711), or None.

    27.711: in any controlled, fully supplied port of the power's home country (A), either U.S.
    box for the U.S. (B), Canada for Britain (C); nowhere else, so never with the Australia yard's
    points. Reading (README, "How rule 27.7 is read"): a home-country yard's points pay for SW
    units in any such home port, the yard's own port held or not (27.71: losing a yard leaves SW
    construction in other ports), so at least one must be left.
    """
    country = SITE_BY_ID[yard].country if yard in SITE_BY_ID else None
    if country in (Country.US_ATLANTIC_BOX, Country.US_PACIFIC_BOX):
        return None if power is Power.USA else "a U.S. box builds SW units for the U.S. only (27.711 B)"
    if country == Country.CANADA:
        return None if power is Power.BRITAIN else "Canada builds SW units for Britain only (27.711 C)"
    if country in HOME_COUNTRIES[power]:
        if home_sw_ports(scenario, power):
            return None
        return f"{power.value} holds no controlled, fully supplied port in its home country (27.711 A)"
    return f"{yard} is not a place where submarines, ASW or transports are built (27.711)"


def home_sw_ports(scenario: Scenario, power: Power) -> list[str]:
    """The power's home-country ports it controls that are fully supplied (27.711 A, 27.43)."""
    supplied = supplied_sites(scenario, power)
    return [
        site.id
        for site in SITES
        if site.port
        and site.country in HOME_COUNTRIES[power]
        and site.id in supplied
        and site_controller(scenario, site.id) is power
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
    pay for SW units (`sw_yard_breach`, 27.711), for 3 BRPs a
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
            breach = sw_yard_breach(scenario, line.power, line.yard)
            if breach is not None:
                replay.rules.append(Violation("27.711", f"{what}: {breach}"))
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
