"""Where units are placed: country, control, enemy ZoC, supply traced by its own breadth-first search,
stacking and the SW boxes (27.4, 27.43, 27.47, 27.92)."""

from __future__ import annotations

from collections import defaultdict, deque
from dataclasses import dataclass, field

from models.map_data import (
    FRENCH_COLONIES,
    HOME_COUNTRIES,
    JAPAN_OUTSIDE_HOME_COUNTRIES,
    LINKS,
    SITE_BY_ID,
    SITES,
    Country,
    Site,
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
        controller = scenario.map.controller_of(site)
        return controller is not None and POWER_FACTION[controller] is faction

    candidates = [URALS_BOX] if power is Power.RUSSIA else [site.id for site in SITES]
    sources = [
        site
        for site in candidates
        if SITE_BY_ID[site].supply_source and scenario.map.controller_of(site) is power
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


@dataclass
class PlacementTally:
    """What the lines place, summed for the limits checked once every line is read: ground and air
    counters per site (27.46), Japan's infantry factors in Korea and Manchuria (27.471) and Russia's
    BRPs at normal cost in Siberia (27.476)."""

    ground: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    air: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    japan_outside: int = 0
    russia_siberia: int = 0

    def add_counters(self, item: PricedLine, site: Site) -> None:
        """Stacking (27.46): the line's counters on its site; strategic bombers and interceptors
        count as air units only outside the SW boxes."""
        if item.category is Category.GROUND:
            self.ground[site.id] += item.line.counters
        elif item.category is Category.AIR or (
            item.category is Category.SW_AIR and site.country != Country.SW_BOX
        ):
            self.air[site.id] += item.line.counters

    def add_quotas(self, item: PricedLine, site: Site) -> None:
        """Japanese infantry factors in Korea and Manchuria (27.471) and Russian BRPs at normal
        cost in Siberia (27.476)."""
        japanese_infantry = item.power is Power.JAPAN and item.entry.unit is UnitType.INFANTRY
        if japanese_infantry and site.country in JAPAN_OUTSIDE_HOME_COUNTRIES:
            self.japan_outside += item.line.counters * item.entry.factors
        if item.power is Power.RUSSIA and site.country == Country.SIBERIA:
            self.russia_siberia += item.normal_cost


def placed_site(item: PricedLine) -> Site | None:
    """The map site the line places its units on (27.4), or None: no site, a site not on the
    map, or partisans."""
    site_id = item.line.site
    if site_id is None or site_id not in SITE_BY_ID or item.category is Category.PARTISAN:
        return None
    return SITE_BY_ID[site_id]


def sw_box_violations(scenario: Scenario, item: PricedLine, site: Site) -> list[Violation] | None:
    """The SW boxes (27.92, 27.42): the violations that settle the line's placement, empty for
    strategic bombers and interceptors rightly in an SW box, or None when the site is checked as
    any other (27.42-27.47)."""
    what = item.describe()
    is_sw_box = site.country == Country.SW_BOX
    allowed_sw = sw_air_sites(scenario, item.power) if item.category is Category.SW_AIR else None
    if allowed_sw is not None:
        if site.id not in allowed_sw:
            return [
                Violation(
                    "27.92",
                    f"{what}: strategic bombers and interceptors go to {', '.join(sorted(allowed_sw))}",
                )
            ]
        if is_sw_box:
            return []
    elif is_sw_box:
        return [
            Violation("27.42", f"{what}: SW boxes take only the strategic bombers and interceptors of 27.92")
        ]
    return None


def control_violation(scenario: Scenario, item: PricedLine, site: Site) -> Violation | None:
    """Control (27.45): the power controls the site, did so at the start of the player turn and
    did not recapture it this turn."""
    state = site_state(scenario, site.id)
    controller = scenario.map.controller_of(site.id)
    reasons = []
    if controller is not item.power:
        reasons.append(f"controlled by {controller.value if controller else 'no one'}")
    if not state.controlled_at_turn_start:
        reasons.append("not controlled at the start of the player turn")
    if state.recaptured_this_turn:
        reasons.append("recaptured this turn")
    if reasons:
        return Violation("27.45", f"{item.describe()}: {'; '.join(reasons)}")
    return None


def supply_violation(
    scenario: Scenario, item: PricedLine, site: Site, supplied: dict[Power, frozenset[str]]
) -> Violation | None:
    """Supply (27.43): the site is fully supplied, by the scenario's word or a supply line traced
    from the power's sources (`supplied` caches each power's supplied sites)."""
    what = item.describe()
    state = site_state(scenario, site.id)
    if state.supply is not SupplyOverride.TRACED:
        return Violation("27.43", f"{what}: {state.supply.value}, not fully supplied")
    if item.power not in supplied:
        supplied[item.power] = supplied_sites(scenario, item.power)
    if site.id not in supplied[item.power]:
        source = "the Urals box" if item.power is Power.RUSSIA else f"a {item.power.value} supply source"
        return Violation("27.43", f"{what}: no supply line from {source}")
    return None


def site_violations(
    scenario: Scenario, item: PricedLine, site: Site, supplied: dict[Power, frozenset[str]]
) -> list[Violation]:
    """The site's country (27.42, 27.47), control (27.45), enemy ZoC (27.44) and supply (27.43),
    in that order."""
    what = item.describe()
    violations: list[Violation] = []
    breach = country_rule_breach(item, site.country, site.id)
    if breach is not None:
        violations.append(
            Violation(breach, f"{what}: {item.entry.unit.value} may not be built in {site.country}")
        )
    control = control_violation(scenario, item, site)
    if control is not None:
        violations.append(control)
    if site_state(scenario, site.id).enemy_zoc:
        violations.append(Violation("27.44", f"{what}: in an enemy ZoC"))
    supply = supply_violation(scenario, item, site, supplied)
    if supply is not None:
        violations.append(supply)
    return violations


def stacking_violations(scenario: Scenario, tally: PlacementTally) -> list[Violation]:
    """Stacking room per site (27.46): ground counters, then air counters, each by site."""
    violations: list[Violation] = []
    for kind, placed in (("ground", tally.ground), ("air", tally.air)):
        for site_id, counters in sorted(placed.items()):
            state = site_state(scenario, site_id)
            capacity = state.ground_capacity if kind == "ground" else state.air_capacity
            if capacity is not None and counters > capacity:
                violations.append(
                    Violation("27.46", f"{site_id}: {counters} {kind} counters placed, room for {capacity}")
                )
    return violations


def quota_violations(tally: PlacementTally) -> list[Violation]:
    """Japan's infantry factors in Korea and Manchuria (27.471) and Russia's BRPs at normal cost
    in Siberia (27.476)."""
    violations: list[Violation] = []
    if tally.japan_outside > JAPAN_OUTSIDE_HOME_INFANTRY_FACTORS:
        violations.append(
            Violation(
                "27.471",
                f"japan: {tally.japan_outside} infantry factors built in Korea and Manchuria, at most "
                f"{JAPAN_OUTSIDE_HOME_INFANTRY_FACTORS}",
            )
        )
    if tally.russia_siberia > RUSSIA_SIBERIA_BRPS:
        violations.append(
            Violation(
                "27.476",
                f"russia: {tally.russia_siberia} BRPs at normal cost built in Siberia, at most "
                f"{RUSSIA_SIBERIA_BRPS}",
            )
        )
    return violations


def check_placement(scenario: Scenario, lines: list[PricedLine]) -> list[Violation]:
    """Each line's site: SW boxes (27.92), country (27.42, 27.47), control (27.45), enemy
    ZoC (27.44), supply (27.43); stacking per site (27.46); Japan's 3 infantry factors in Korea
    and Manchuria (27.471); Russia's 6 BRPs at normal cost in Siberia (27.476)."""
    violations: list[Violation] = []
    supplied: dict[Power, frozenset[str]] = {}
    tally = PlacementTally()
    for item in lines:
        site = placed_site(item)
        if site is None:
            continue
        tally.add_counters(item, site)  # stacking counts every line, the SW boxes' too
        settled = sw_box_violations(scenario, item, site)
        if settled is not None:
            violations += settled
            continue
        violations += site_violations(scenario, item, site, supplied)
        tally.add_quotas(item, site)  # only lines the SW boxes did not settle count here
    return violations + stacking_violations(scenario, tally) + quota_violations(tally)
