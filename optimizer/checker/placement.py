"""Where units are placed: country, control, enemy ZoC, supply traced by its own breadth-first search,
stacking and the SW boxes (27.4, 27.43, 27.47, 27.92)."""

from __future__ import annotations

from collections import defaultdict, deque

from models.map_data import (
    FRENCH_COLONIES,
    HOME_COUNTRIES,
    JAPAN_OUTSIDE_HOME_COUNTRIES,
    LINKS,
    SITE_BY_ID,
    SITES,
    Country,
)
from models.scenario import Nationality, Scenario, SiteState, SupplyOverride
from models.tables import (
    JAPAN_OUTSIDE_HOME_INFANTRY_FACTORS,
    POWER_FACTION,
    RUSSIA_SIBERIA_BRPS,
    Category,
    Dominion,
    Power,
    UnitType,
)
from optimizer.checker.lines import PricedLine, dominion_of
from optimizer.checker.sites import (
    ATLANTIC_SW_BOX,
    PACIFIC_SW_BOX,
    URALS_BOX,
    US_ATLANTIC_BOX,
    US_PACIFIC_BOX,
)
from optimizer.checker.violations import Violation

# The rule that places each dominion's units in its own country (27.472-27.475).
DOMINION_PLACEMENT_RULES: dict[Dominion, str] = {
    Dominion.SOUTH_AFRICA: "27.472",
    Dominion.AUSTRALIA: "27.473",
    Dominion.INDIA: "27.474",
    Dominion.CANADA: "27.475",
}


def site_state(scenario: Scenario, site: str) -> SiteState:
    """The scenario's state of a site, or the bundled map's defaults (27.4)."""
    return scenario.map.sites.get(site) or SiteState()


def site_controller(scenario: Scenario, site: str) -> Power | None:
    """Who controls a site now: the scenario's override, else the map's owner."""
    state = scenario.map.sites.get(site)
    if state is not None and state.controller is not None:
        return state.controller
    return SITE_BY_ID[site].owner


def supplied_sites(scenario: Scenario, power: Power) -> frozenset[str]:
    """Sites a supply line of `power` reaches (27.43): breadth-first from the supply sources
    it controls (Russia: the Urals box only, 27.43 B) over links not cut, through sites its
    faction controls."""
    faction = POWER_FACTION[power]
    cut = {frozenset(link) for link in scenario.map.cut_links}
    neighbours: dict[str, list[str]] = defaultdict(list)
    for a, b in LINKS:
        if frozenset((a, b)) in cut:
            continue
        neighbours[a].append(b)
        neighbours[b].append(a)

    def friendly(site: str) -> bool:
        controller = site_controller(scenario, site)
        return controller is not None and POWER_FACTION[controller] is faction

    candidates = [URALS_BOX] if power is Power.RUSSIA else [site.id for site in SITES]
    sources = [
        site
        for site in candidates
        if SITE_BY_ID[site].supply_source and site_controller(scenario, site) is power
    ]
    reached = set(sources)
    queue = deque(sources)
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if there not in reached and friendly(there):
                reached.add(there)
                queue.append(there)
    return frozenset(reached)


def sw_air_sites(scenario: Scenario, power: Power) -> frozenset[str] | None:
    """Where the power places new strategic bombers and interceptors (27.92), or None if
    27.92 does not name it (Italy, France, China place them as other air units) [reading]."""
    if power in (Power.GERMANY, Power.BRITAIN):
        return frozenset({ATLANTIC_SW_BOX})
    if power is Power.JAPAN:
        return frozenset({PACIFIC_SW_BOX})
    if power is Power.RUSSIA:
        return frozenset({ATLANTIC_SW_BOX, PACIFIC_SW_BOX})
    if power is Power.USA:
        atlantic = ATLANTIC_SW_BOX if scenario.us_at_war.get("europe") else US_ATLANTIC_BOX
        pacific = PACIFIC_SW_BOX if scenario.us_at_war.get("pacific") else US_PACIFIC_BOX
        return frozenset({atlantic, pacific})
    return None


def country_rule_breach(item: PricedLine, country: str, site: str) -> str | None:
    """The rule a site's country breaks for this line, or None (27.42, 27.47).

    Own units: the home country (27.42); Japanese infantry also in Korea and Manchuria
    (27.471); Russian ground and air units also in Siberia, never Mongolia or Tannu Tuva
    (27.476); the Chindit only in India (27.474 D). Dominion units only in their own country
    (27.472-27.475); French colonial units only in the French colonies (27.477), and any
    entry with `sites` only there.
    """
    entry = item.entry
    power = item.power
    dominion = dominion_of(entry)
    if dominion is not None:
        if country != dominion.value:
            return DOMINION_PLACEMENT_RULES[dominion]
    elif entry.nationality is Nationality.FRENCH_COLONIAL:
        if country not in FRENCH_COLONIES:
            return "27.477"
    elif entry.unit is UnitType.CHINDIT:
        if country != Country.INDIA:
            return "27.474"
    elif country not in HOME_COUNTRIES[power]:
        if power is Power.JAPAN and country in JAPAN_OUTSIDE_HOME_COUNTRIES:
            if entry.unit is not UnitType.INFANTRY:
                return "27.471"
        elif power is Power.RUSSIA and country in (Country.SIBERIA, Country.MONGOLIA, Country.TANNU_TUVA):
            if country != Country.SIBERIA or item.category not in (Category.GROUND, Category.AIR):
                return "27.476"
        else:
            return "27.42"
    if entry.sites is not None and site not in entry.sites:
        return "27.477" if entry.nationality is Nationality.FRENCH_COLONIAL else "27.41"
    return None


def check_placement(scenario: Scenario, lines: list[PricedLine]) -> list[Violation]:
    """Each line's site: SW boxes (27.92), country (27.42, 27.47), control (27.45), enemy
    ZoC (27.44), supply (27.43); stacking per site (27.46); Japan's 3 infantry factors in Korea
    and Manchuria (27.471); Russia's 6 BRPs at normal cost in Siberia (27.476)."""
    violations: list[Violation] = []
    supplied: dict[Power, frozenset[str]] = {}
    ground: dict[str, int] = defaultdict(int)
    air: dict[str, int] = defaultdict(int)
    japan_outside = 0
    russia_siberia = 0
    for item in lines:
        site_id = item.line.site
        if site_id is None or site_id not in SITE_BY_ID or item.category is Category.PARTISAN:
            continue
        site = SITE_BY_ID[site_id]
        what = item.describe()
        is_sw_box = site.country == Country.SW_BOX
        if item.category is Category.GROUND:
            ground[site_id] += item.line.counters
        elif item.category is Category.AIR or (item.category is Category.SW_AIR and not is_sw_box):
            air[site_id] += item.line.counters

        allowed_sw = sw_air_sites(scenario, item.power) if item.category is Category.SW_AIR else None
        if allowed_sw is not None:
            if site_id not in allowed_sw:
                violations.append(
                    Violation(
                        "27.92",
                        f"{what}: strategic bombers and interceptors go to {', '.join(sorted(allowed_sw))}",
                    )
                )
                continue
            if is_sw_box:
                continue
        elif is_sw_box:
            violations.append(
                Violation(
                    "27.42", f"{what}: SW boxes take only the strategic bombers and interceptors of 27.92"
                )
            )
            continue

        breach = country_rule_breach(item, site.country, site_id)
        if breach is not None:
            violations.append(
                Violation(breach, f"{what}: {item.entry.unit.value} may not be built in {site.country}")
            )

        state = site_state(scenario, site_id)
        controller = site_controller(scenario, site_id)
        reasons = []
        if controller is not item.power:
            reasons.append(f"controlled by {controller.value if controller else 'no one'}")
        if not state.controlled_at_turn_start:
            reasons.append("not controlled at the start of the player turn")
        if state.recaptured_this_turn:
            reasons.append("recaptured this turn")
        if reasons:
            violations.append(Violation("27.45", f"{what}: {'; '.join(reasons)}"))
        if state.enemy_zoc:
            violations.append(Violation("27.44", f"{what}: in an enemy ZoC"))
        if state.supply is not SupplyOverride.TRACED:
            violations.append(Violation("27.43", f"{what}: {state.supply.value}, not fully supplied"))
        else:
            if item.power not in supplied:
                supplied[item.power] = supplied_sites(scenario, item.power)
            if site_id not in supplied[item.power]:
                source = (
                    "the Urals box" if item.power is Power.RUSSIA else f"a {item.power.value} supply source"
                )
                violations.append(Violation("27.43", f"{what}: no supply line from {source}"))

        japanese_infantry = item.power is Power.JAPAN and item.entry.unit is UnitType.INFANTRY
        if japanese_infantry and site.country in JAPAN_OUTSIDE_HOME_COUNTRIES:
            japan_outside += item.line.counters * item.entry.factors
        if item.power is Power.RUSSIA and site.country == Country.SIBERIA:
            russia_siberia += item.normal_cost

    for site_id, counters in sorted(ground.items()):
        capacity = site_state(scenario, site_id).ground_capacity
        if capacity is not None and counters > capacity:
            violations.append(
                Violation("27.46", f"{site_id}: {counters} ground counters placed, room for {capacity}")
            )
    for site_id, counters in sorted(air.items()):
        capacity = site_state(scenario, site_id).air_capacity
        if capacity is not None and counters > capacity:
            violations.append(
                Violation("27.46", f"{site_id}: {counters} air counters placed, room for {capacity}")
            )
    if japan_outside > JAPAN_OUTSIDE_HOME_INFANTRY_FACTORS:
        violations.append(
            Violation(
                "27.471",
                f"japan: {japan_outside} infantry factors built in Korea and Manchuria, at most "
                f"{JAPAN_OUTSIDE_HOME_INFANTRY_FACTORS}",
            )
        )
    if russia_siberia > RUSSIA_SIBERIA_BRPS:
        violations.append(
            Violation(
                "27.476",
                f"russia: {russia_siberia} BRPs at normal cost built in Siberia, at most {RUSSIA_SIBERIA_BRPS}",
            )
        )
    return violations
