"""The independent plan checker: rule 27 re-derived in plain Python arithmetic.

`check(scenario, plan)` lists every way a plan breaks the construction rules
(kind "rule"), the player's requirements (kind "requirement"), or disagrees
with its own accounting (kind "report", rule "report"). It reads the rule
tables of `models/` and nothing of the solver: supply is traced by its own
breadth-first search over the bundled map, so that the solver and the checker
are two separate derivations of the same rules (README, "How the rules are
read", is the specification).
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterable
from dataclasses import dataclass

from models.map_data import (
    FRENCH_COLONIES,
    HOME_COUNTRIES,
    JAPAN_OUTSIDE_HOME_COUNTRIES,
    LINKS,
    SITE_BY_ID,
    SITES,
    Country,
)
from models.plan import BuildLine, OilReport, Plan, PowerReport
from models.scenario import (
    NATIONALITY_DOMINION,
    Elimination,
    ForcePoolEntry,
    Nationality,
    Scenario,
    SiteState,
    SupplyOverride,
)
from models.tables import (
    COST_MULTIPLIERS,
    DOMINION_LIMITS,
    DOMINION_REDUCTION_CAP,
    IRON_ORE_REDUCTION,
    JAPAN_OUTSIDE_HOME_INFANTRY_FACTORS,
    KAMIKAZE_RATE_MULTIPLIER,
    LIMIT_DIVISOR,
    NAVAL_AIR_RATES,
    OIL_EXEMPT_POWERS,
    POWER_FACTION,
    RUSSIA_REDUCTION_CAP,
    RUSSIA_SIBERIA_BRPS,
    SPECIALIZED_UNIT_TYPES,
    UNIT_SPECS,
    Category,
    CostBasis,
    Dominion,
    Power,
    UnitType,
    oil_threshold_brps,
)

RULE = "rule"
REQUIREMENT = "requirement"
REPORT = "report"

# The rule that places each dominion's units in its own country (27.472-27.475).
DOMINION_PLACEMENT_RULES: dict[Dominion, str] = {
    Dominion.SOUTH_AFRICA: "27.472",
    Dominion.AUSTRALIA: "27.473",
    Dominion.INDIA: "27.474",
    Dominion.CANADA: "27.475",
}
# The rule that sets each dominion's own per-turn limit (27.473 B, 27.474 B).
DOMINION_LIMIT_RULES: dict[Dominion, str] = {Dominion.AUSTRALIA: "27.473", Dominion.INDIA: "27.474"}

ATLANTIC_SW_BOX = "atlantic_sw_box"
PACIFIC_SW_BOX = "pacific_sw_box"
US_ATLANTIC_BOX = "us_atlantic_box"
US_PACIFIC_BOX = "us_pacific_box"
URALS_BOX = "urals_box"


@dataclass(frozen=True)
class Violation:
    """One breach: the rule number, what breaks it (power, entry, site, numbers), and its kind.

    kind is "rule" for the game rules, "requirement" for the player's objective
    requirements (minimum builds, reserves, avoiding the oil effect) and "report"
    for a plan whose own accounting disagrees with the rules.
    """

    rule: str
    message: str
    kind: str = RULE


# --------------------------------------------------------------------------- lines


@dataclass(frozen=True)
class PricedLine:
    """A build line resolved against its force pool entry, with its priced units (27.11-27.14)."""

    index: int
    line: BuildLine
    entry: ForcePoolEntry
    unit_cost: int  # c: BRPs per priced unit at normal cost (27.12 chart)
    units: int  # u: factors, counters, or pairs of beach defenses
    multipliers: tuple[int, int]  # (inside the oil threshold, past it)

    @property
    def power(self) -> Power:
        return self.line.power

    @property
    def oil_units(self) -> int:
        return self.line.oil_units

    @property
    def category(self) -> Category:
        return UNIT_SPECS[self.entry.unit].category

    @property
    def price(self) -> int:
        """c x (m_in x (u - o) + m_past x o) (27.11-27.14, 27.35 D, E)."""
        inside, past = self.multipliers
        return self.unit_cost * (inside * (self.units - self.oil_units) + past * self.oil_units)

    @property
    def normal_cost(self) -> int:
        """c x u: the line at normal cost, no multiplier (27.11; 27.476 counts this)."""
        return self.unit_cost * self.units

    def threshold_weight(self, scenario: Scenario) -> int:
        """BRPs one priced unit takes of the oil threshold (27.35) [reading: setting
        `oil_threshold_counts_normal_cost`: its normal cost, else the 27.13 A doubled price]."""
        if scenario.settings.oil_threshold_counts_normal_cost:
            return self.unit_cost
        return self.unit_cost * self.multipliers[0]

    def describe(self) -> str:
        line = self.line
        where = f"at {line.site}" if line.site else "(no site)"
        return (
            f"line {self.index + 1}: {line.power.value} '{line.entry}' "
            f"({line.counters} x {line.unit.value}) {where}"
        )


def priced_units(unit: UnitType, counters: int, factors_per_counter: int) -> int:
    """Units the 27.12 chart prices: factors (27.11 A-C), counters (27.11 D, F), or
    pairs of beach defenses, an odd counter costing as a pair (27.11 E)."""
    basis = UNIT_SPECS[unit].basis
    if basis is CostBasis.FACTOR:
        return counters * factors_per_counter
    if basis is CostBasis.COUNTER:
        return counters
    return (counters + 1) // 2


def rebuilt_in_turn_of_elimination(entry: ForcePoolEntry) -> bool:
    """Isolated or voluntarily eliminated this turn: x2, or x3 past the oil threshold (27.13 A, 27.14)."""
    return entry.eliminated_this_turn in (Elimination.ISOLATED, Elimination.VOLUNTARY)


def is_specialized(entry: ForcePoolEntry) -> bool:
    """Specialized units for 27.21 (the entry's override, else the unit type) [reading]."""
    if entry.specialized is not None:
        return entry.specialized
    return entry.unit in SPECIALIZED_UNIT_TYPES


def _find_entry(scenario: Scenario, power: Power, entry_id: str) -> ForcePoolEntry | None:
    for entry in scenario.powers[power].force_pool:
        if entry.id == entry_id:
            return entry
    return None


def resolve_lines(scenario: Scenario, plan: Plan) -> tuple[list[PricedLine], list[Violation]]:
    """Resolve each line to its entry and check its own consistency (27.5, 27.12, 27.35, 27.41, 27.48).

    Lines of unplanned powers or unknown entries are reported and left out of
    every sum; the rest are returned, priced from their entries.
    """
    resolved: list[PricedLine] = []
    violations: list[Violation] = []
    for index, line in enumerate(plan.builds):
        label = f"line {index + 1}: {line.power.value} '{line.entry}'"
        if line.power not in scenario.powers:
            violations.append(Violation("27.5", f"{label}: {line.power.value} is not a planned power"))
            continue
        entry = _find_entry(scenario, line.power, line.entry)
        if entry is None:
            violations.append(
                Violation("27.5", f"{label}: no such entry in the {line.power.value} force pool")
            )
            continue
        spec = UNIT_SPECS[entry.unit]
        units = priced_units(entry.unit, line.counters, entry.factors)
        priced = PricedLine(
            index=index,
            line=line,
            entry=entry,
            unit_cost=spec.brps,
            units=units,
            multipliers=COST_MULTIPLIERS[rebuilt_in_turn_of_elimination(entry)],
        )
        resolved.append(priced)
        what = priced.describe()
        if line.unit is not entry.unit:
            violations.append(
                Violation(
                    "27.5", f"{what}: entry '{entry.id}' holds {entry.unit.value}, not {line.unit.value}"
                )
            )
        expected_factors = line.counters * entry.factors
        if line.factors != expected_factors:
            violations.append(
                Violation(
                    "27.5",
                    f"{what}: {line.counters} counters of {entry.factors} factors are "
                    f"{expected_factors} factors, not {line.factors}",
                )
            )
        if line.oil_units > units:
            violations.append(
                Violation(
                    "27.35",
                    f"{what}: {line.oil_units} units past the oil threshold but only {units} priced units",
                )
            )
        if line.brps != priced.price:
            inside, past = priced.multipliers
            violations.append(
                Violation(
                    "27.12",
                    f"{what}: costs {spec.brps} x ({inside} x {units - line.oil_units} + {past} x "
                    f"{line.oil_units}) = {priced.price} BRPs, not {line.brps}",
                )
            )
        if spec.category is Category.PARTISAN:
            if line.site is not None:
                violations.append(
                    Violation(
                        "27.48", f"{what}: partisans are placed by 11.3, not at a site (site must be null)"
                    )
                )
        elif line.site is None:
            violations.append(Violation("27.41", f"{what}: no site given"))
        elif line.site not in SITE_BY_ID:
            violations.append(Violation("27.41", f"{what}: unknown site '{line.site}'"))
    return resolved, violations


# --------------------------------------------------------------------------- force pool


def check_force_pool(scenario: Scenario, lines: list[PricedLine]) -> list[Violation]:
    """Counters built from each entry are at most its count (27.5); barred entries are
    never built (27.21: specialized units eliminated this turn; 27.22: prohibited)."""
    violations: list[Violation] = []
    built: dict[tuple[Power, str], int] = defaultdict(int)
    for item in lines:
        built[(item.power, item.entry.id)] += item.line.counters
    for (power, entry_id), counters in sorted(built.items()):
        entry = _find_entry(scenario, power, entry_id)
        assert entry is not None
        if counters > entry.count:
            violations.append(
                Violation(
                    "27.5",
                    f"{power.value} '{entry_id}': {counters} counters built, {entry.count} in the force pool",
                )
            )
        if is_specialized(entry) and entry.eliminated_this_turn is not Elimination.NONE:
            violations.append(
                Violation(
                    "27.21",
                    f"{power.value} '{entry_id}': specialized {entry.unit.value} eliminated this turn "
                    f"({entry.eliminated_this_turn.value}) cannot be rebuilt now; {counters} counters built",
                )
            )
        if entry.rebuild_prohibited:
            violations.append(
                Violation(
                    "27.22",
                    f"{power.value} '{entry_id}': may not be rebuilt ({entry.rebuild_prohibited}); "
                    f"{counters} counters built",
                )
            )
    return violations


# --------------------------------------------------------------------------- BRPs


def dominion_of(entry: ForcePoolEntry) -> Dominion | None:
    """The dominion whose units the entry holds (27.472-27.475), or None."""
    return NATIONALITY_DOMINION.get(entry.nationality)


def us_grant_to_dominion(scenario: Scenario, dominion: Dominion) -> int:
    """G_d: BRPs the planned U.S. grants to a Commonwealth country this turn (40.23 A, 40.244)."""
    if Power.USA not in scenario.powers:
        return 0
    return sum(
        grant.brps for grant in scenario.powers[Power.USA].grants_made if grant.to.value == dominion.value
    )


def dominion_spending(lines: Iterable[PricedLine]) -> dict[Dominion, int]:
    """BRPs of the lines of each dominion's units (27.472-27.475)."""
    spent: dict[Dominion, int] = {dominion: 0 for dominion in Dominion}
    for item in lines:
        dominion = dominion_of(item.entry)
        if dominion is not None:
            spent[dominion] += item.line.brps
    return spent


def brps_paid(scenario: Scenario, power: Power, lines: Iterable[PricedLine]) -> int:
    """BRPs the power pays for construction (27.11): its lines, less for Britain what the
    U.S. grants to each dominion, up to what is spent on that dominion's units (40.244)."""
    own = [item for item in lines if item.power is power]
    total = sum(item.line.brps for item in own)
    if power is Power.BRITAIN:
        spent = dominion_spending(own)
        total -= sum(min(us_grant_to_dominion(scenario, d), spent[d]) for d in Dominion)
    return total


def check_brps(scenario: Scenario, lines: list[PricedLine]) -> list[Violation]:
    """BRPs paid are at most BRPs available (27.11, 27.12); a U.S. grant to a dominion is
    spent there in full (40.244)."""
    violations: list[Violation] = []
    for power in scenario.powers:
        available = scenario.brps_available(power)
        paid = brps_paid(scenario, power, lines)
        if paid > available:
            violations.append(
                Violation(
                    "27.11",
                    f"{power.value}: {paid} BRPs spent on construction but {available} BRPs available",
                )
            )
    spent = dominion_spending(item for item in lines if item.power is Power.BRITAIN)
    for dominion in Dominion:
        granted = us_grant_to_dominion(scenario, dominion)
        if granted > spent[dominion]:
            violations.append(
                Violation(
                    "40.244",
                    f"{dominion.value}: the U.S. grants {granted} BRPs but only {spent[dominion]} BRPs are "
                    "spent on its units",
                )
            )
    return violations


# --------------------------------------------------------------------------- construction limits


def basic_construction_limit(scenario: Scenario, power: Power) -> int:
    """One third of the BRP base (+ Russian ICs), rounded down, after deducting each enemy-held
    original key economic area less its bombing losses in the turn of capture (27.32 A, 27.335)."""
    state = scenario.powers[power]
    base = state.brp_base + state.ic_values
    base -= sum(max(0, kea.value - kea.bombed_this_turn) for kea in state.enemy_held_keas)
    return max(0, base) // LIMIT_DIVISOR


def grants_made_reduction(scenario: Scenario, power: Power) -> int:
    """floor(g / 3) per grant made to a major power (27.334); U.S. grants to Canada, South
    Africa, Australia and India count 1:1 (40.23 A)."""
    dominions = {d.value for d in Dominion}
    total = 0
    for grant in scenario.powers[power].grants_made:
        if grant.to.value in dominions:
            total += grant.brps
        else:
            total += grant.brps // LIMIT_DIVISOR
    return total


def limit_reductions(scenario: Scenario, power: Power) -> int:
    """Transport shortage + bombing + adjacency losses pooled then divided by 3 (27.331), iron ore
    -5 (27.332), rockets 1:1 (27.333), Russia's reduction from those causes at most 15 (27.33),
    and grants made (27.334)."""
    mods = scenario.powers[power].limit_modifiers
    pooled = (mods.transport_shortage_losses + mods.bombing_losses + mods.adjacency_losses) // LIMIT_DIVISOR
    losses = pooled + mods.rocket_losses
    if power is Power.RUSSIA:
        losses = min(losses, RUSSIA_REDUCTION_CAP)
    iron = IRON_ORE_REDUCTION if mods.iron_ore_cut else 0
    return losses + iron + grants_made_reduction(scenario, power)


def limit_increases(scenario: Scenario, power: Power) -> int:
    """floor(r / 3) per grant received, each grant separately (27.34, 40.23 B), and Germany's
    flying-bomb gains 1:1 (27.341)."""
    state = scenario.powers[power]
    increase = sum(grant.brps // LIMIT_DIVISOR for grant in state.grants_received)
    for grantor, other in scenario.powers.items():
        if grantor is power:
            continue
        increase += sum(
            grant.brps // LIMIT_DIVISOR for grant in other.grants_made if grant.to.value == power.value
        )
    return increase + state.limit_modifiers.flying_bomb_gains


def construction_limit(scenario: Scenario, power: Power) -> int:
    """The construction limit (27.32): basic, less reductions but not below 0 (27.33), then the
    increases (27.34: 'after all reductions')."""
    after = max(0, basic_construction_limit(scenario, power) - limit_reductions(scenario, power))
    return after + limit_increases(scenario, power)


def limit_used(scenario: Scenario, power: Power, lines: Iterable[PricedLine]) -> int:
    """BRPs counted against the power's limit: what it pays, multipliers included (27.31, 27.35 G).

    Britain counts Indian, Canadian and South African builds less the U.S. grant to that
    country (27.474 C, 40.244); Australian ones only with the setting
    `australian_builds_count_against_british_limit` (27.473 B) [reading]. The Chindit is
    British and counts here (27.474 D).
    """
    own = [item for item in lines if item.power is power]
    counted = sum(item.line.brps for item in own if dominion_of(item.entry) is None)
    if power is Power.BRITAIN:
        spent = dominion_spending(own)
        counted_dominions = [Dominion.INDIA, Dominion.CANADA, Dominion.SOUTH_AFRICA]
        if scenario.settings.australian_builds_count_against_british_limit:
            counted_dominions.append(Dominion.AUSTRALIA)
        for dominion in counted_dominions:
            counted += max(0, spent[dominion] - us_grant_to_dominion(scenario, dominion))
    return counted


def dominion_limit(scenario: Scenario, dominion: Dominion) -> int:
    """Australia 9, India 3 BRPs a turn (27.473 B, 27.474 B), less floor((bombing + adjacency)
    / 3) + rockets, at most 3 (27.33, last paragraph)."""
    base = DOMINION_LIMITS[dominion]
    mods = None
    if Power.BRITAIN in scenario.powers:
        mods = scenario.powers[Power.BRITAIN].dominion_limit_modifiers.get(dominion)
    if mods is None:
        return base
    reduction = (mods.bombing_losses + mods.adjacency_losses) // LIMIT_DIVISOR + mods.rocket_losses
    return max(0, base - min(DOMINION_REDUCTION_CAP, reduction))


def check_limits(scenario: Scenario, lines: list[PricedLine]) -> list[Violation]:
    """Construction limits of each planned power (27.31) and of Australia and India (27.473 B, 27.474 B)."""
    violations: list[Violation] = []
    for power in scenario.powers:
        limit = construction_limit(scenario, power)
        used = limit_used(scenario, power, lines)
        if used > limit:
            violations.append(
                Violation(
                    "27.31",
                    f"{power.value}: {used} BRPs count against a construction limit of {limit}",
                )
            )
    for dominion, rule in DOMINION_LIMIT_RULES.items():
        spent = sum(item.line.brps for item in lines if dominion_of(item.entry) is dominion)
        limit = dominion_limit(scenario, dominion)
        if spent > limit:
            violations.append(
                Violation(rule, f"{dominion.value}: {spent} BRPs of builds exceed its limit of {limit}")
            )
    return violations


# --------------------------------------------------------------------------- oil


def oil_pooled_powers(scenario: Scenario) -> list[Power]:
    """Planned powers sharing the faction's oil threshold: all but the U.S. (27.35 I, J)."""
    return [power for power in scenario.powers if power not in OIL_EXEMPT_POWERS]


def inside_threshold_brps(scenario: Scenario, lines: Iterable[PricedLine]) -> int:
    """N: BRPs the pooled powers' units inside the threshold take of it (27.35 A-C)."""
    pooled = set(oil_pooled_powers(scenario))
    return sum(
        item.threshold_weight(scenario) * (item.units - item.oil_units)
        for item in lines
        if item.power in pooled
    )


def oil_affected_brps(scenario: Scenario, lines: Iterable[PricedLine]) -> int:
    """BRPs paid for the pooled powers' units past the threshold: c x m_past x o (27.35 D, E)."""
    pooled = set(oil_pooled_powers(scenario))
    return sum(
        item.unit_cost * item.multipliers[1] * item.oil_units for item in lines if item.power in pooled
    )


def check_oil(scenario: Scenario, plan: Plan, lines: list[PricedLine]) -> list[Violation]:
    """Oil counters spent are available; the units inside the threshold fit within 25 x (n + 1)
    BRPs; a unit is past the threshold only if it would not have fitted inside (27.35 A-C)
    [reading]; U.S. builds are never past it (27.35 J)."""
    violations: list[Violation] = []
    spent = plan.oil_counters_spent
    if spent > scenario.oil_counters:
        violations.append(
            Violation(
                "27.35",
                f"{scenario.faction.value}: {spent} oil counters spent but {scenario.oil_counters} available",
            )
        )
    threshold = oil_threshold_brps(spent)
    pooled = set(oil_pooled_powers(scenario))
    inside = inside_threshold_brps(scenario, lines)
    if inside > threshold:
        violations.append(
            Violation(
                "27.35",
                f"{scenario.faction.value}: {inside} BRPs of builds inside an oil threshold of {threshold} "
                f"BRPs ({spent} oil counters)",
            )
        )
    for item in lines:
        if item.oil_units <= 0:
            continue
        if item.power not in pooled:
            violations.append(
                Violation(
                    "27.35 J",
                    f"{item.describe()}: {item.oil_units} units past the oil threshold, but U.S. builds "
                    "ignore oil",
                )
            )
            continue
        weight = item.threshold_weight(scenario)
        if inside + weight <= threshold:
            violations.append(
                Violation(
                    "27.35",
                    f"{item.describe()}: {item.oil_units} units past the oil threshold, but one more unit "
                    f"({weight} BRPs) fits inside it ({inside} of {threshold} BRPs used)",
                )
            )
    return violations


def oil_effect_incurred(scenario: Scenario, plan: Plan, power: Power) -> bool | None:
    """27.35 H: a power incurs the oil effect unless its faction spends an oil counter; the U.S.
    never does (27.35 J)."""
    if power in OIL_EXEMPT_POWERS:
        return None
    return plan.oil_counters_spent == 0


# --------------------------------------------------------------------------- naval air


def naval_air_rate(scenario: Scenario, power: Power) -> int:
    """Naval air factors a turn: U.S. 4, Japan 3 (x2 once kamikazes are formed), Britain 2,
    Germany 1, Italy 1, plus RP increases (27.61, 42.22 E)."""
    state = scenario.powers[power].naval_air
    multiplier = KAMIKAZE_RATE_MULTIPLIER if power is Power.JAPAN and state.kamikazes_formed else 1
    return NAVAL_AIR_RATES[power] * multiplier + state.rp_increase


def naval_air_used(scenario: Scenario, power: Power, lines: Iterable[PricedLine]) -> int:
    """Naval air factors built, new or rebuilt, and kamikazes with the setting
    `kamikazes_use_naval_air_rate` (27.61) [reading]."""
    counted = {UnitType.NAVAL_AIR}
    if scenario.settings.kamikazes_use_naval_air_rate:
        counted.add(UnitType.KAMIKAZE)
    return sum(
        item.line.counters * item.entry.factors
        for item in lines
        if item.power is power and item.entry.unit in counted
    )


def check_naval_air(scenario: Scenario, lines: list[PricedLine]) -> list[Violation]:
    """Naval air factors built are at most the training rate (27.61)."""
    violations: list[Violation] = []
    for power in scenario.powers:
        rate = naval_air_rate(scenario, power)
        used = naval_air_used(scenario, power, lines)
        if used > rate:
            violations.append(
                Violation(
                    "27.61",
                    f"{power.value}: {used} naval air factors built, training rate {rate}",
                )
            )
    return violations


# --------------------------------------------------------------------------- placement


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


# --------------------------------------------------------------------------- requirements


def check_requirements(scenario: Scenario, plan: Plan, lines: list[PricedLine]) -> list[Violation]:
    """The objective's requirements: minimum builds, BRPs kept, and avoiding the oil effect (27.35 H)."""
    objective = scenario.objective
    violations: list[Violation] = []
    for index, minimum in enumerate(objective.minimum):
        built = sum(
            item.line.factors
            for item in lines
            if (minimum.unit is None or item.entry.unit is minimum.unit)
            and (minimum.power is None or item.power is minimum.power)
        )
        if built < minimum.factors:
            violations.append(
                Violation(
                    "objective.minimum",
                    f"minimum[{index}] ({minimum.describe()}): {built} built",
                    REQUIREMENT,
                )
            )
    for power, reserve in sorted(objective.reserve.items()):
        kept = scenario.brps_available(power) - brps_paid(scenario, power, lines)
        if kept < reserve:
            violations.append(
                Violation(
                    "objective.reserve",
                    f"{power.value}: {kept} BRPs kept, {reserve} required",
                    REQUIREMENT,
                )
            )
    if objective.avoid_oil_effect and plan.oil_counters_spent < 1:
        violations.append(
            Violation(
                "27.35 H",
                f"{scenario.faction.value}: no oil counter spent on construction, so its powers incur "
                "the oil effect",
                REQUIREMENT,
            )
        )
    return violations


# --------------------------------------------------------------------------- the plan's accounting


def derive_report(scenario: Scenario, plan: Plan) -> dict[Power, PowerReport]:
    """Each planned power's accounting derived from the builds (27.11, 27.3, 27.35 H, 27.61)."""
    lines, _ = resolve_lines(scenario, plan)
    reports: dict[Power, PowerReport] = {}
    for power in scenario.powers:
        available = scenario.brps_available(power)
        paid = brps_paid(scenario, power, lines)
        reports[power] = PowerReport(
            brps_available=available,
            construction_brps=paid,
            brps_kept=available - paid,
            construction_limit=construction_limit(scenario, power),
            limit_used=limit_used(scenario, power, lines),
            naval_air_rate=naval_air_rate(scenario, power),
            naval_air_used=naval_air_used(scenario, power, lines),
            oil_effect_incurred=oil_effect_incurred(scenario, plan, power),
        )
    return reports


def derive_oil(scenario: Scenario, plan: Plan) -> OilReport:
    """The faction's oil accounting derived from the builds (27.35)."""
    lines, _ = resolve_lines(scenario, plan)
    return OilReport(
        faction=scenario.faction,
        counters_available=scenario.oil_counters,
        counters_spent=plan.oil_counters_spent,
        threshold_brps=oil_threshold_brps(plan.oil_counters_spent),
        normal_cost_brps=inside_threshold_brps(scenario, lines),
        oil_affected_brps=oil_affected_brps(scenario, lines),
    )


def _mismatches(where: str, stated: dict, derived: dict) -> list[Violation]:
    return [
        Violation(REPORT, f"{where}.{field}: {stated[field]} in the plan, {value} by the rules", REPORT)
        for field, value in derived.items()
        if stated[field] != value
    ]


def check_report(scenario: Scenario, plan: Plan) -> list[Violation]:
    """The plan's own accounting (`powers`, `oil`), when present, against the derivation."""
    violations: list[Violation] = []
    if plan.powers:
        derived = derive_report(scenario, plan)
        for power in scenario.powers:
            if power not in plan.powers:
                violations.append(Violation(REPORT, f"powers.{power.value}: missing from the plan", REPORT))
                continue
            violations += _mismatches(
                f"powers.{power.value}", plan.powers[power].model_dump(), derived[power].model_dump()
            )
        for power in plan.powers:
            if power not in scenario.powers:
                violations.append(
                    Violation(REPORT, f"powers.{power.value}: not a planned power of the scenario", REPORT)
                )
    if plan.oil is not None:
        violations += _mismatches("oil", plan.oil.model_dump(), derive_oil(scenario, plan).model_dump())
    return violations


# --------------------------------------------------------------------------- entry point


def rule_violations(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Every breach of the game rules by the builds (27.1-27.6, 27.92, 40.244), unsorted."""
    lines, violations = resolve_lines(scenario, plan)
    violations += check_force_pool(scenario, lines)
    violations += check_brps(scenario, lines)
    violations += check_limits(scenario, lines)
    violations += check_oil(scenario, plan, lines)
    violations += check_naval_air(scenario, lines)
    violations += check_placement(scenario, lines)
    return violations


def check_alternatives(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Each line's `alternatives` are sites where its counters may be placed instead, the plan
    otherwise unchanged (27.4): the plan with the line moved there breaks no rule.

    Checked only when the plan as given breaks no rule (its own violations are reported anyway).
    """
    builds = [build.model_copy(update={"alternatives": []}) for build in plan.builds]
    bare = plan.model_copy(update={"builds": builds, "powers": {}, "oil": None})
    if not any(build.alternatives for build in plan.builds) or rule_violations(scenario, bare):
        return []
    violations: list[Violation] = []
    for index, build in enumerate(plan.builds):
        for site in build.alternatives:
            moved = list(builds)
            moved[index] = builds[index].model_copy(update={"site": site})
            for breach in rule_violations(scenario, bare.model_copy(update={"builds": moved})):
                violations.append(
                    Violation(
                        REPORT,
                        f"line {index + 1}: alternative site '{site}' for {build.power.value} "
                        f"'{build.entry}' breaks {breach.rule}: {breach.message}",
                        REPORT,
                    )
                )
    return violations


def check(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Every breach of rule 27 (and 40.244), of the objective's requirements, and of the
    plan's own accounting and alternative sites; sorted by rule, then message. An empty list
    means a legal plan."""
    lines, _ = resolve_lines(scenario, plan)
    violations = rule_violations(scenario, plan)
    violations += check_requirements(scenario, plan, lines)
    violations += check_report(scenario, plan)
    violations += check_alternatives(scenario, plan)
    return sorted(violations, key=lambda v: (v.rule, v.message, v.kind))
