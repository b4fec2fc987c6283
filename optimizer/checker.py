"""The independent plan checker: rules 27 and 40 re-derived in plain Python arithmetic.

`check(scenario, plan)` lists every way a plan breaks the construction rules
(rule 27) or the BRP grant rules (rule 40) (kind "rule"), the player's
requirements (kind "requirement"), or disagrees with its own accounting (kind
"report", rule "report"). It reads the rule tables of `models/` and nothing of
the solver: supply is traced by its own breadth-first search over the bundled
map, and grant routes, capacities and transports are derived here from the
route map, so that the solver and the checker are two separate derivations of
the same rules (README, "How the rules are read" and "How rule 40 (BRP grants)
is read", is the specification). Naval construction (27.7) is checked by
replaying every Naval Construction Chart turn by turn from the scenario, with
chart positions derived here from the README's "How rule 27.7 (naval
construction) is read"; only the cost tables of `models/naval_tables.py` are read.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from models.map_data import (
    FRENCH_COLONIES,
    HOME_COUNTRIES,
    JAPAN_OUTSIDE_HOME_COUNTRIES,
    LINKS,
    SITE_BY_ID,
    SITES,
    Country,
)
from models.naval import ChartShip, DamagedShip, NavalState, ShipDesign, Shipyard
from models.naval_tables import (
    ACCELERATE_MIN_FACTORS,
    CAPTURED_CAPACITY,
    CAPTURED_RATE,
    COLUMNS,
    LAUNCH_ROW,
    LAY_DOWN_BRPS,
    LAY_DOWN_SB,
    MOVES,
    NAMED_UNITS,
    ONE_FACTOR_UNITS,
    RAISE_BRPS,
    RAISE_SB,
    REPAIR_BRPS,
    REPAIR_SB,
    SEASONS,
    SHIPYARD_RATES,
    SW_BRPS_PER_FACTOR,
    SW_SB_PER_FACTOR,
    US_BOX_CAPACITY,
    US_BOX_CAPACITY_RATE,
    ChartAction,
)
from models.plan import BuildLine, GrantLine, NavalAction, OilReport, Plan, PowerReport, SWBuildLine
from models.route_data import (
    BRPS_PER_TRANSPORT,
    GRANTOR_NODES,
    LEG_BY_ID,
    NODE_BY_ID,
    OIL_COUNTER_BRPS,
    OIL_ROUTE_LIMITS,
    RECIPIENT_NODES,
    ROUTE_CAPACITY_RULES,
    Leg,
    Mode,
    Route,
    leg_id,
)
from models.scenario import (
    NATIONALITY_DOMINION,
    Elimination,
    ForcePoolEntry,
    GrantRecipient,
    GrantsState,
    MinimumBuild,
    Nationality,
    Scenario,
    Season,
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
    POWER_ORDER,
    RUSSIA_REDUCTION_CAP,
    RUSSIA_SIBERIA_BRPS,
    SPECIALIZED_UNIT_TYPES,
    UNIT_SPECS,
    Category,
    CostBasis,
    Dominion,
    Faction,
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
DOMINION_IDS: frozenset[str] = frozenset(d.value for d in Dominion)

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


# --------------------------------------------------------------------------- grants: the account (40.23)

Grant = tuple[Power, str, int]  # (grantor, recipient, BRPs): one grant made this turn


def planned_powers(scenario: Scenario) -> list[Power]:
    """The planned powers in POWER_ORDER, the order plans list them in."""
    return [power for power in POWER_ORDER if power in scenario.powers]


def grants_state(scenario: Scenario) -> GrantsState:
    """The scenario's rule 40 state, or its defaults outside grant mode."""
    return scenario.grants if scenario.grants is not None else GrantsState()


def resolved_grant_lines(scenario: Scenario, plan: Plan | None) -> list[tuple[int, GrantLine]]:
    """The plan's grant lines that enter the sums, with their index: in grant mode, those of a
    planned grantor to a recipient of the route map. The others are reported by
    `check_grant_lines` and left out of every sum."""
    if scenario.grants is None or plan is None:
        return []
    return [
        (index, grant)
        for index, grant in enumerate(plan.grants)
        if grant.grantor in scenario.powers and grant.recipient in RECIPIENT_NODES
    ]


def pair_totals(scenario: Scenario, plan: Plan | None) -> dict[tuple[Power, str], int]:
    """g(grantor, recipient): BRPs of the plan's grant lines of each pair, summed over their
    paths (40.23); empty outside grant mode."""
    totals: dict[tuple[Power, str], int] = defaultdict(int)
    for _, grant in resolved_grant_lines(scenario, plan):
        totals[(grant.grantor, grant.recipient)] += grant.brps
    return dict(totals)


@dataclass(frozen=True)
class GrantAccount:
    """What this turn's grants do to BRP levels and construction limits (40.23, 40.253, 40.521, 40.72).

    `made` lists the grants made by planned powers: outside grant mode each `grants_made`
    entry of the scenario (fixed inputs, as before rule 40 was planned), in grant mode one per
    (grantor, recipient) pair with the pair's total over the plan's lines. `openings` are the
    BRPs each planned power pays to open routes this turn; `oil_shipped` the oil counters the
    Western Allies ship to Russia.
    """

    made: tuple[Grant, ...] = ()
    openings: dict[Power, int] = field(default_factory=dict)
    oil_shipped: int = 0


def grant_account(scenario: Scenario, plan: Plan | None = None) -> GrantAccount:
    """The grants made, route openings paid and oil shipped by `plan` (none without a plan in
    grant mode; the scenario's fixed `grants_made` outside it)."""
    if scenario.grants is None:
        made = tuple(
            (power, grant.to.value, grant.brps)
            for power, state in scenario.powers.items()
            for grant in state.grants_made
        )
        return GrantAccount(made=made)
    if plan is None:
        return GrantAccount()
    totals = pair_totals(scenario, plan)
    openings: dict[Power, int] = defaultdict(int)
    for opening in plan.route_openings:
        if opening.paid_by in scenario.powers:
            openings[opening.paid_by] += opening.brps
    oil = sum(
        grant.oil_counters
        for _, grant in resolved_grant_lines(scenario, plan)
        if POWER_FACTION[grant.grantor] is Faction.WESTERN_ALLIES
    )
    return GrantAccount(
        made=tuple((g, r, brps) for (g, r), brps in totals.items() if brps > 0),
        openings=dict(openings),
        oil_shipped=oil,
    )


def _account(scenario: Scenario, plan: Plan | None, account: GrantAccount | None) -> GrantAccount:
    return account if account is not None else grant_account(scenario, plan)


# --------------------------------------------------------------------------- grants: routes (40.4-40.8)

# Capacity of each route when nothing reduces it (40.411 from the fourth turn of war, 40.51 A,
# 40.61 A, 40.73 A, 40.83, 40.84, 40.85).
FULL_CAPACITY: dict[Route, int] = {
    Route.MURMANSK: 20,
    Route.PERSIA: 10,
    Route.TURKEY: 10,
    Route.SIBERIA: 10,
    Route.CHINESE_PORT: 10,
    Route.HAIPHONG: 10,
    Route.BURMA_ROAD: 10,
    Route.HUMP: 5,
}
MURMANSK_STEP = 5  # 40.411: 5, 10, 15, then 20 BRPs
PERSIA_PARTISAN_REDUCTION = 5  # 40.51 B, 40.532
TURKEY_PARTISAN_REDUCTION = 2  # 40.61 B, 40.65
TURKEY_REDUCTION_CAP = 6
SIBERIA_REDUCED_CAPACITY = 5  # 40.73 B
USAT_FREE_LEVEL = 25  # 40.331 A: one BRP per USAT level above 25
USAT_GRANT_CAP = 25  # 40.331 A: at most 25 BRPs a turn
USAT_RECIPIENTS: frozenset[str] = frozenset({"britain", "france", "canada", "south_africa"})
PERSIA_OPENING_BRPS = 25  # 40.521
PERSIA_OPENING_AFTER_WAR_BRPS = 15  # 40.522
ALASKA_HIGHWAY_BRPS = 25  # 40.72

# Legs closed by the state of the map (40.412, 40.53, 40.62, 40.82 A), by leg id.
MURMANSK_A47_LEGS: frozenset[str] = frozenset({"murmansk_box->murmansk", "murmansk->vologda"})
ARCHANGEL_LEGS: frozenset[str] = frozenset({"murmansk_box->archangel", "archangel->vologda"})
VOLOGDA_LEGS: frozenset[str] = frozenset({"vologda->russia"})
PERSIA_SUPPLY_LEGS: frozenset[str] = frozenset(
    {"south_africa_box->persian_gulf", "persian_gulf->basra_abadan", "basra_abadan->tehran", "tehran->russia"}
)
TURKEY_SUPPLY_LEGS: frozenset[str] = frozenset({"turkish_port->russia"})
BURMA_PORT_LEGS: frozenset[str] = frozenset({"us_pacific_box->burma_port"})
ARCHANGEL_SEASONS: frozenset[Season] = frozenset({Season.SUMMER, Season.FALL})


def route_closure(scenario: Scenario, route: Route) -> tuple[str, str] | None:
    """Why the named route cannot be used at all this turn (rule, reason), or None.

    Murmansk before the Germany-Russia war (40.411); Persia unless opened in an earlier turn
    (40.54: an opening in this plan serves from the next turn); Turkey unless Ankara is Allied
    (40.61 A); Siberia unless the Alaska highway was built in an earlier turn (40.71); the
    Chinese port unless one was recaptured (40.831 A); Haiphong unless held with its supply
    line (40.831 B); the Burma Road without its supply lines (40.841); the Hump without an air
    transport factor (40.851).
    """
    state = grants_state(scenario)
    if route is Route.MURMANSK and state.germany_russia_war_turns == 0:
        return "40.411", "Germany and Russia are not at war"
    if route is Route.PERSIA and not state.persia.opened:
        return "40.54", "the Persian route was not opened in an earlier turn"
    if route is Route.TURKEY and not state.turkey.ankara_allied:
        return "40.61", "Ankara is not controlled by the Allies (40.61 A)"
    if route is Route.SIBERIA and not state.siberia.highway_built:
        return "40.71", "the Alaska highway was not built in an earlier turn"
    if route is Route.CHINESE_PORT and not state.china.port_recaptured:
        return "40.83", "no Chinese port has been recaptured from Japan (40.831 A)"
    if route is Route.HAIPHONG and not state.china.haiphong:
        return "40.83", "the Western Allies do not hold Haiphong with a supply line to Kunming (40.831 B)"
    if route is Route.BURMA_ROAD and not state.china.burma_road:
        return "40.84", "no supply line from the India box to Mandalay and on to Kunming (40.841)"
    if route is Route.HUMP and state.china.air_transport_factors < 1:
        return "40.85", "no uninverted Western Allied air transport factor (40.851)"
    return None


def route_capacity(scenario: Scenario, route: Route) -> int:
    """BRPs the named route carries this turn, oil counters at 10 each (40.251); 0 when closed.

    Murmansk 5, 10, 15, then 20 by Allied turns since the Germany-Russia war (40.411); Persia
    10 - 5 per partisan (40.51); Turkey 10 - 2 per partisan, at most -6 (40.61); Siberia 10,
    or 5 when Japan is at war with Russia or holds Vladivostok or Dutch Harbor (40.73); a
    Chinese port 10, Haiphong 10, the Burma Road 10 (40.83, 40.84); the Hump 5 (40.85).
    """
    if route_closure(scenario, route) is not None:
        return 0
    state = grants_state(scenario)
    if route is Route.MURMANSK:
        return min(FULL_CAPACITY[route], MURMANSK_STEP * state.germany_russia_war_turns)
    if route is Route.PERSIA:
        return max(0, FULL_CAPACITY[route] - PERSIA_PARTISAN_REDUCTION * state.persia.partisans)
    if route is Route.TURKEY:
        reduction = min(TURKEY_REDUCTION_CAP, TURKEY_PARTISAN_REDUCTION * state.turkey.partisans)
        return FULL_CAPACITY[route] - reduction
    if route is Route.SIBERIA:
        siberia = state.siberia
        if siberia.japan_at_war_with_russia or siberia.japan_controls_vladivostok_or_dutch_harbor:
            return SIBERIA_REDUCED_CAPACITY
    return FULL_CAPACITY[route]


def oil_allowed(scenario: Scenario, route: Route | None) -> bool:
    """Oil counters may go by this route this turn: one of the 40.25 routes, open, carrying at
    least 10 BRPs (40.251) and, but for Murmansk (which grows to 20), not reduced (40.51 C,
    40.61 C, 40.73 C)."""
    if route is None or route not in OIL_ROUTE_LIMITS or route_closure(scenario, route) is not None:
        return False
    capacity = route_capacity(scenario, route)
    if route is Route.MURMANSK:
        return capacity >= OIL_COUNTER_BRPS
    return capacity >= OIL_COUNTER_BRPS and capacity == FULL_CAPACITY[route]


def leg_closures(scenario: Scenario, leg: Leg) -> list[tuple[str, str]]:
    """Why a leg of the route map is closed this turn (rule, reason); empty if open.

    Its named route is closed (`route_closure`); Murmansk needs A47 (40.412 A), Archangel A50
    and a summer or fall turn (40.412 B), both an open Vologda (40.412 C); Persia its supply
    line from the South Africa box through Tehran (40.53); Turkey its supply line to Russia
    (40.62); the sea leg to a port in Burma or India an Allied port there (40.82 A).
    """
    state = grants_state(scenario)
    closures: list[tuple[str, str]] = []
    if leg.route is not None:
        closure = route_closure(scenario, leg.route)
        if closure is not None:
            closures.append(closure)
    lid = leg_id(leg)
    if lid in MURMANSK_A47_LEGS and not state.murmansk.murmansk_a47:
        closures.append(("40.412 A", "Russia does not control A47 and trace supply through it to Vologda"))
    if lid in ARCHANGEL_LEGS:
        if scenario.turn.season not in ARCHANGEL_SEASONS:
            closures.append(
                ("40.412 B", f"Archangel is used in summer and fall only, not {scenario.turn.season}")
            )
        elif not state.murmansk.archangel_a50:
            closures.append(
                ("40.412 B", "Russia does not control A50 and trace supply through it to Vologda")
            )
    if lid in VOLOGDA_LEGS and not state.murmansk.vologda_open:
        closures.append(("40.412 C", "Vologda is Axis, in an Axis ZoC, or cut from the eastern edge"))
    if lid in PERSIA_SUPPLY_LEGS and not state.persia.supply_line:
        closures.append(("40.53", "no supply line from the South Africa box through Tehran to Russia"))
    if lid in TURKEY_SUPPLY_LEGS and not state.turkey.supply_line:
        closures.append(("40.62", "no supply line from a Turkish port to Russia through Allied hexes"))
    if lid in BURMA_PORT_LEGS and not state.china.burma_port:
        closures.append(("40.82", "no Allied port in Burma or India reached through the Pacific (40.82 A)"))
    return closures


def path_legs(path: list[str]) -> tuple[list[Leg], list[tuple[str, str]]]:
    """The legs of a path of route-map nodes, and the consecutive pairs that are not legs."""
    legs: list[Leg] = []
    missing: list[tuple[str, str]] = []
    for source, target in zip(path, path[1:], strict=False):
        leg = LEG_BY_ID.get(f"{source}->{target}")
        if leg is None:
            missing.append((source, target))
        else:
            legs.append(leg)
    return legs, missing


def path_route(path: list[str]) -> Route | None:
    """The named route whose capacity the path uses: that of its routed leg, or None."""
    legs, _ = path_legs(path)
    return next((leg.route for leg in legs if leg.route is not None), None)


def path_routes(path: list[str]) -> list[Route]:
    """Every named route the path's legs use, once each (a path of the map has at most one)."""
    legs, _ = path_legs(path)
    return list(dict.fromkeys(leg.route for leg in legs if leg.route is not None))


def route_loads(scenario: Scenario, plan: Plan) -> dict[Route, int]:
    """BRPs on each named route: the lines through it, 10 per oil counter (40.251)."""
    loads: dict[Route, int] = defaultdict(int)
    for _, grant in resolved_grant_lines(scenario, plan):
        for route in path_routes(grant.path):
            loads[route] += grant.brps + OIL_COUNTER_BRPS * grant.oil_counters
    return dict(loads)


def route_oil(scenario: Scenario, plan: Plan) -> dict[Route, int]:
    """Oil counters shipped by each named route (40.25)."""
    oil: dict[Route, int] = defaultdict(int)
    for _, grant in resolved_grant_lines(scenario, plan):
        for route in path_routes(grant.path):
            oil[route] += grant.oil_counters
    return dict(oil)


def _ceil_transports(brps: int) -> int:
    return -(-brps // BRPS_PER_TRANSPORT)


def transports_required(scenario: Scenario, plan: Plan) -> dict[str, int]:
    """Transports each sea leg needs, by leg id (legs needing none are left out).

    One per 5 BRPs, rounded up, plus one per oil counter (40.221, 40.252). On a leg between two
    mapboard boxes all grants share transports, their total rounded up once (40.222); on any
    other leg each (grantor, recipient) pair rounds up its own BRPs.
    """
    total: dict[str, int] = defaultdict(int)
    pairs: dict[str, dict[tuple[Power, str], int]] = defaultdict(lambda: defaultdict(int))
    oil: dict[str, int] = defaultdict(int)
    for _, grant in resolved_grant_lines(scenario, plan):
        legs, _ = path_legs(grant.path)
        for leg in legs:
            if leg.mode is not Mode.SEA or leg.ocean is None:
                continue
            lid = leg_id(leg)
            total[lid] += grant.brps
            pairs[lid][(grant.grantor, grant.recipient)] += grant.brps
            oil[lid] += grant.oil_counters
    required: dict[str, int] = {}
    for lid in sorted(set(total) | set(oil)):
        leg = LEG_BY_ID[lid]
        between_boxes = NODE_BY_ID[leg.source].box and NODE_BY_ID[leg.target].box
        if between_boxes:
            need = _ceil_transports(total[lid])
        else:
            need = sum(_ceil_transports(brps) for brps in pairs[lid].values())
        need += oil[lid]
        if need > 0:
            required[lid] = need
    return required


def expected_brps(scenario: Scenario, grant: GrantLine) -> float:
    """BRPs expected to arrive: brps x the product of (1 - loss rate) over the path's legs."""
    rates = grants_state(scenario).loss_rates
    legs, _ = path_legs(grant.path)
    expected = float(grant.brps)
    for leg in legs:
        expected *= 1.0 - rates.get(leg_id(leg), 0.0)
    return expected


def pair_breach(scenario: Scenario, grantor: Power, recipient: str) -> tuple[str, str] | None:
    """Why 40.3 does not allow this grantor to grant to this recipient this turn (rule, reason),
    or None. Amount limits (40.331 A, 40.332 A) are checked on the totals, elsewhere.

    Germany to Italy only (40.32 A); Italy, Japan, Russia, China never grant, Japan never
    receives (40.32 B, C; 40.36; 40.31); nothing to or by a surrendered power or country but
    grants to Russia (40.36); China only from the U.S. (40.332 A); Commonwealth countries only
    from the U.S. (40.11); Britain to France with cooperation lifted and Paris Allied (40.34 A),
    to Russia once Germany and Russia are at war (40.34 B), never to the U.S. (40.34 C); France
    to Russia likewise, never to Britain or the U.S. (40.35); the U.S. to France with Paris
    Allied (40.331 A), to Russia at war with Germany and once Germany and Russia are at war
    (40.331 B), to Australia and India after war with Japan or a British surrender (40.332 B).
    """
    state = grants_state(scenario)
    surrendered = {s.value for s in state.surrendered}
    russia_at_war = state.germany_russia_war_turns > 0
    if recipient == grantor.value:
        return "40.11", "a power does not grant to itself"
    if grantor is Power.JAPAN or recipient == GrantRecipient.JAPAN:
        return "40.32", "Japan may neither grant nor receive BRPs (40.32 C)"
    if grantor is Power.ITALY:
        return "40.32", "Italy may not grant BRPs (40.32 B)"
    if grantor is Power.RUSSIA:
        return "40.36", "Russia may not grant BRPs (but to Germany on surrendering, 60.6)"
    if grantor is Power.CHINA:
        return "40.31", "China may not grant BRPs"
    if grantor.value in surrendered:
        return "40.36", f"{grantor.value} has surrendered"
    if recipient in surrendered and recipient != GrantRecipient.RUSSIA:
        return "40.36", f"{recipient} has surrendered (only Russia receives grants after surrendering)"
    if grantor is Power.GERMANY:
        if recipient != GrantRecipient.ITALY:
            return "40.32", "Germany grants only to Italy (40.32 A)"
        return None
    if recipient in (GrantRecipient.GERMANY, GrantRecipient.ITALY):
        return "40.31", "the Western Allies do not grant to the Axis"
    if recipient == GrantRecipient.CHINA and grantor is not Power.USA:
        return "40.332 A", "only the U.S. may grant BRPs to China"
    if recipient in DOMINION_IDS and grantor is not Power.USA:
        return "40.11", "only the U.S. grants BRPs to Canada, South Africa, Australia and India"
    if grantor is Power.BRITAIN:
        if recipient == GrantRecipient.FRANCE:
            if not (state.anglo_french_cooperation_lifted and state.paris_allied):
                return (
                    "40.34 A",
                    "Britain grants to France only once Anglo-French cooperation restrictions are lifted and Paris is Allied",
                )
            return None
        if recipient == GrantRecipient.RUSSIA:
            return None if russia_at_war else ("40.34 B", "Russia and Germany have not gone to war")
        return "40.34 C", f"Britain may not grant BRPs to {recipient}"
    if grantor is Power.FRANCE:
        if recipient == GrantRecipient.RUSSIA:
            return None if russia_at_war else ("40.35", "Russia and Germany have not gone to war")
        return "40.35", f"France grants only to Russia, not to {recipient}"
    # the U.S.
    if recipient == GrantRecipient.FRANCE and not state.paris_allied:
        return "40.331 A", "grants to France need Paris under Allied control"
    if recipient == GrantRecipient.RUSSIA and not (scenario.us_at_war.get("europe") and russia_at_war):
        return (
            "40.331 B",
            "the U.S. grants to Russia only at war with Germany, once Germany and Russia are at war",
        )
    if recipient in (GrantRecipient.AUSTRALIA, GrantRecipient.INDIA) and not (
        scenario.us_at_war.get("pacific") or GrantRecipient.BRITAIN.value in surrendered
    ):
        return (
            "40.332 B",
            "the U.S. grants to Australia and India only after war with Japan or a British surrender",
        )
    return None


def usat_grant_cap(scenario: Scenario) -> int | None:
    """Most BRPs the U.S. may grant Britain, France, Canada and South Africa together this turn:
    one per USAT level above 25, at most 25, before war with Germany; None (no cap) at war
    (40.331 A)."""
    if scenario.us_at_war.get("europe"):
        return None
    return max(0, min(USAT_GRANT_CAP, grants_state(scenario).usat - USAT_FREE_LEVEL))


def oil_for_construction(
    scenario: Scenario, faction: Faction, plan: Plan | None = None, *, account: GrantAccount | None = None
) -> int:
    """Oil counters `faction` may spend on construction: its own, less those the Western Allies
    ship to Russia, plus those Russia receives (40.25, 40.253)."""
    shipped = _account(scenario, plan, account).oil_shipped
    available = scenario.oil_available(faction)
    if faction is Faction.WESTERN_ALLIES:
        available -= shipped
    elif faction is Faction.RUSSIA:
        available += shipped
    return available


# --------------------------------------------------------------------------- BRPs


def dominion_of(entry: ForcePoolEntry) -> Dominion | None:
    """The dominion whose units the entry holds (27.472-27.475), or None."""
    return NATIONALITY_DOMINION.get(entry.nationality)


def us_grant_to_dominion(account: GrantAccount, dominion: Dominion) -> int:
    """G_d: BRPs the planned U.S. grants to a Commonwealth country this turn (40.23 A, 40.244)."""
    return sum(brps for grantor, to, brps in account.made if grantor is Power.USA and to == dominion.value)


def dominion_spending(lines: Iterable[PricedLine]) -> dict[Dominion, int]:
    """BRPs of the lines of each dominion's units (27.472-27.475)."""
    spent: dict[Dominion, int] = {dominion: 0 for dominion in Dominion}
    for item in lines:
        dominion = dominion_of(item.entry)
        if dominion is not None:
            spent[dominion] += item.line.brps
    return spent


def brps_available(
    scenario: Scenario, power: Power, plan: Plan | None = None, *, account: GrantAccount | None = None
) -> int:
    """BRPs - grants made + grants received (from outside the plan and between planned powers)
    - fixed non-construction spending - routes opened this turn (40.23, 27.12, 40.521, 40.72).

    Outside grant mode this is `Scenario.brps_available`; in grant mode the grants between
    planned powers are the plan's pair totals."""
    grants = _account(scenario, plan, account)
    state = scenario.powers[power]
    made = sum(brps for grantor, _, brps in grants.made if grantor is power)
    received = sum(brps for grantor, to, brps in grants.made if to == power.value and grantor is not power)
    return (
        state.brps
        + sum(grant.brps for grant in state.grants_received)
        - sum(item.brps for item in state.fixed_spending)
        - made
        + received
        - grants.openings.get(power, 0)
    )


def brps_paid(
    scenario: Scenario,
    power: Power,
    lines: Iterable[PricedLine],
    account: GrantAccount,
    naval: NavalSpendings | None = None,
) -> int:
    """BRPs the power pays for construction (27.11): its lines and this turn's naval construction
    (27.72, oil steps included), less for Britain what the U.S. grants to each dominion, up to what
    is spent on that dominion's units (40.244)."""
    own = [item for item in lines if item.power is power]
    total = sum(item.line.brps for item in own) + naval_paid(naval, power)
    if power is Power.BRITAIN:
        spent = dominion_spending(own)
        total -= sum(min(us_grant_to_dominion(account, d), spent[d]) for d in Dominion)
    return total


def check_brps(
    scenario: Scenario, lines: list[PricedLine], account: GrantAccount, naval: NavalSpendings | None = None
) -> list[Violation]:
    """Grants made and routes opened leave no negative BRPs (40.23 A); BRPs paid, naval
    construction included, are at most BRPs available (27.11, 27.12, 27.72); a U.S. grant to a
    dominion is spent there in full (40.244)."""
    violations: list[Violation] = []
    for power in planned_powers(scenario):
        available = brps_available(scenario, power, account=account)
        paid = brps_paid(scenario, power, lines, account, naval)
        if available < 0:
            violations.append(
                Violation(
                    "40.23 A",
                    f"{power.value}: grants made and routes opened exceed its BRPs ({available} BRPs left)",
                )
            )
        if paid > max(0, available):
            violations.append(
                Violation(
                    "27.11",
                    f"{power.value}: {paid} BRPs spent on construction but {available} BRPs available",
                )
            )
    british = [item for item in lines if item.power is Power.BRITAIN]
    spent = dominion_spending(british)
    for dominion in Dominion:
        granted = us_grant_to_dominion(account, dominion)
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


def grants_made_reduction(power: Power, account: GrantAccount) -> int:
    """floor(g / 3) per grant made to a major power (27.334; in grant mode g is the pair's
    total); U.S. grants to Canada, South Africa, Australia and India count 1:1 (40.23 A)."""
    total = 0
    for grantor, to, brps in account.made:
        if grantor is not power:
            continue
        total += brps if to in DOMINION_IDS else brps // LIMIT_DIVISOR
    return total


def limit_reductions(scenario: Scenario, power: Power, account: GrantAccount) -> int:
    """Transport shortage + bombing + adjacency losses pooled then divided by 3 (27.331), iron ore
    -5 (27.332), rockets 1:1 (27.333), Russia's reduction from those causes at most 15 (27.33),
    and grants made (27.334)."""
    mods = scenario.powers[power].limit_modifiers
    pooled = (mods.transport_shortage_losses + mods.bombing_losses + mods.adjacency_losses) // LIMIT_DIVISOR
    losses = pooled + mods.rocket_losses
    if power is Power.RUSSIA:
        losses = min(losses, RUSSIA_REDUCTION_CAP)
    iron = IRON_ORE_REDUCTION if mods.iron_ore_cut else 0
    return losses + iron + grants_made_reduction(power, account)


def limit_increases(scenario: Scenario, power: Power, account: GrantAccount) -> int:
    """floor(r / 3) per grant received, each grant separately (27.34, 40.23 B; from planned
    powers in grant mode, per grantor's total), and Germany's flying-bomb gains 1:1 (27.341)."""
    state = scenario.powers[power]
    increase = sum(grant.brps // LIMIT_DIVISOR for grant in state.grants_received)
    increase += sum(
        brps // LIMIT_DIVISOR
        for grantor, to, brps in account.made
        if to == power.value and grantor is not power
    )
    return increase + state.limit_modifiers.flying_bomb_gains


def construction_limit(
    scenario: Scenario, power: Power, plan: Plan | None = None, *, account: GrantAccount | None = None
) -> int:
    """The construction limit (27.32): basic, less reductions but not below 0 (27.33), then the
    increases (27.34: 'after all reductions'). In grant mode the plan's grants count."""
    grants = _account(scenario, plan, account)
    after = max(0, basic_construction_limit(scenario, power) - limit_reductions(scenario, power, grants))
    return after + limit_increases(scenario, power, grants)


def limit_used(
    scenario: Scenario,
    power: Power,
    lines: Iterable[PricedLine],
    account: GrantAccount,
    naval: NavalSpendings | None = None,
) -> int:
    """BRPs counted against the power's limit: what it pays, multipliers included (27.31, 27.35 G),
    this turn's naval construction included (27.72).

    Britain counts Indian, Canadian and South African builds less the U.S. grant to that
    country (27.474 C, 40.244); Australian ones only with the setting
    `australian_builds_count_against_british_limit` (27.473 B) [reading]. The Chindit is
    British and counts here (27.474 D).
    """
    own = [item for item in lines if item.power is power]
    counted = sum(item.line.brps for item in own if dominion_of(item.entry) is None)
    counted += naval_paid(naval, power)
    if power is Power.BRITAIN:
        spent = dominion_spending(own)
        counted_dominions = [Dominion.INDIA, Dominion.CANADA, Dominion.SOUTH_AFRICA]
        if scenario.settings.australian_builds_count_against_british_limit:
            counted_dominions.append(Dominion.AUSTRALIA)
        for dominion in counted_dominions:
            counted += max(0, spent[dominion] - us_grant_to_dominion(account, dominion))
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


def check_limits(
    scenario: Scenario, lines: list[PricedLine], account: GrantAccount, naval: NavalSpendings | None = None
) -> list[Violation]:
    """Construction limits of each planned power (27.31; naval construction counts, 27.72) and of
    Australia and India (27.473 B, 27.474 B)."""
    violations: list[Violation] = []
    for power in planned_powers(scenario):
        limit = construction_limit(scenario, power, account=account)
        used = limit_used(scenario, power, lines, account, naval)
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


def oil_pooled_powers(scenario: Scenario, faction: Faction) -> list[Power]:
    """Planned powers of `faction` sharing its oil threshold: all but the U.S. (27.35 I, J)."""
    return [
        power
        for power in planned_powers(scenario)
        if POWER_FACTION[power] is faction and power not in OIL_EXEMPT_POWERS
    ]


def oil_factions(scenario: Scenario) -> list[Faction]:
    """Planned factions with oil-pooled powers, in `Scenario.factions()` order (one oil report each)."""
    return [faction for faction in scenario.factions() if oil_pooled_powers(scenario, faction)]


def inside_threshold_brps(
    scenario: Scenario, lines: Iterable[PricedLine], faction: Faction, naval: NavalSpendings | None = None
) -> int:
    """N_f: BRPs the faction's pooled powers' units inside the threshold take of it (27.35 A-C),
    and their naval steps inside it, 3 BRPs each [reading]."""
    pooled = set(oil_pooled_powers(scenario, faction))
    return sum(
        item.threshold_weight(scenario) * (item.units - item.oil_units)
        for item in lines
        if item.power in pooled
    ) + sum(spending.inside_brps for power, spending in (naval or {}).items() if power in pooled)


def oil_affected_brps(
    scenario: Scenario, lines: Iterable[PricedLine], faction: Faction, naval: NavalSpendings | None = None
) -> int:
    """BRPs paid for the faction's pooled powers' units past the threshold: c x m_past x o (27.35 D,
    E), and 6 BRPs for each of their naval steps past it [reading]."""
    pooled = set(oil_pooled_powers(scenario, faction))
    return sum(
        item.unit_cost * item.multipliers[1] * item.oil_units for item in lines if item.power in pooled
    ) + sum(spending.oil_affected_brps for power, spending in (naval or {}).items() if power in pooled)


def check_oil(
    scenario: Scenario,
    plan: Plan,
    lines: list[PricedLine],
    account: GrantAccount,
    naval: NavalSpendings | None = None,
) -> list[Violation]:
    """Per faction: oil counters spent are available (after oil shipped to Russia, 40.25); the
    units and naval steps inside the threshold fit within 25 x (n_f + 1) BRPs; a unit or naval
    step is past the threshold only if it would not have fitted inside (27.35 A-C) [reading];
    a power has no more naval steps past it than it has steps; U.S. builds and naval steps are
    never past it (27.35 J)."""
    violations: list[Violation] = []
    planned = scenario.factions()
    for faction, spent in plan.oil_counters_spent.items():
        if faction not in planned and spent > 0:
            violations.append(
                Violation(
                    "27.35", f"{faction.value}: {spent} oil counters spent, but no power of it is planned"
                )
            )
    for faction in planned:
        spent = plan.oil_counters_spent.get(faction, 0)
        available = oil_for_construction(scenario, faction, account=account)
        if spent > available:
            shipped = ""
            if account.oil_shipped and faction in (Faction.WESTERN_ALLIES, Faction.RUSSIA):
                shipped = f" ({account.oil_shipped} shipped to Russia, 40.25)"
            violations.append(
                Violation(
                    "27.35",
                    f"{faction.value}: {spent} oil counters spent but {available} available{shipped}",
                )
            )
    for faction in oil_factions(scenario):
        spent = plan.oil_counters_spent.get(faction, 0)
        threshold = oil_threshold_brps(spent)
        inside = inside_threshold_brps(scenario, lines, faction, naval)
        if inside > threshold:
            violations.append(
                Violation(
                    "27.35",
                    f"{faction.value}: {inside} BRPs of builds inside an oil threshold of {threshold} "
                    f"BRPs ({spent} oil counters)",
                )
            )
        pooled = set(oil_pooled_powers(scenario, faction))
        for item in lines:
            if item.oil_units <= 0 or item.power not in pooled:
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
        for power in sorted(pooled, key=POWER_ORDER.index):
            spending = (naval or {}).get(power)
            if spending is None or spending.oil_steps <= 0:
                continue
            if spending.oil_steps > spending.steps:
                violations.append(
                    Violation(
                        "27.35",
                        f"{power.value}: {spending.oil_steps} naval steps past the oil threshold but only "
                        f"{spending.steps} naval steps ({spending.brps} BRPs) this turn",
                    )
                )
            elif inside + NAVAL_STEP_BRPS <= threshold:
                violations.append(
                    Violation(
                        "27.35",
                        f"{power.value}: {spending.oil_steps} naval steps past the oil threshold, but one more "
                        f"step ({NAVAL_STEP_BRPS} BRPs) fits inside it ({inside} of {threshold} BRPs used)",
                    )
                )
    for power, spending in sorted((naval or {}).items(), key=lambda item: POWER_ORDER.index(item[0])):
        if spending.oil_steps > 0 and power in OIL_EXEMPT_POWERS:
            violations.append(
                Violation(
                    "27.35 J",
                    f"{power.value}: {spending.oil_steps} naval steps past the oil threshold, but U.S. builds "
                    "ignore oil",
                )
            )
    for item in lines:
        if item.oil_units > 0 and item.power in OIL_EXEMPT_POWERS:
            violations.append(
                Violation(
                    "27.35 J",
                    f"{item.describe()}: {item.oil_units} units past the oil threshold, but U.S. builds "
                    "ignore oil",
                )
            )
    return violations


def oil_effect_incurred(scenario: Scenario, plan: Plan, power: Power) -> bool | None:
    """27.35 H: a power incurs the oil effect unless its faction spends an oil counter; the U.S.
    never does (27.35 J)."""
    if power in OIL_EXEMPT_POWERS:
        return None
    return plan.oil_counters_spent.get(POWER_FACTION[power], 0) == 0


# --------------------------------------------------------------------------- grants: the plan's grants (rule 40)


def describe_grant(index: int, grant: GrantLine) -> str:
    return f"grant {index + 1}: {grant.grantor.value} -> {grant.recipient} by {' > '.join(grant.path) or '(no path)'}"


def check_grant_lines(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Each grant line: a planned grantor (40.23 A), a recipient of 40.11, a pair 40.3 allows,
    a path of the route map from the grantor's home to the recipient (40.21), every leg open
    (40.412, 40.53, 40.54, 40.61, 40.62, 40.71, 40.82-40.85), no grant through a surrendered
    India or Australia box (40.332 C, D), and oil only to Russia by a route that may carry it
    (40.25, 40.251)."""
    violations: list[Violation] = []
    surrendered = {s.value for s in grants_state(scenario).surrendered}
    recipients = {r.value for r in GrantRecipient}
    for index, grant in enumerate(plan.grants):
        what = describe_grant(index, grant)
        if grant.recipient not in recipients:
            violations.append(Violation("40.11", f"{what}: '{grant.recipient}' may not receive BRP grants"))
            continue
        if grant.grantor not in scenario.powers:
            violations.append(
                Violation(
                    "40.23 A",
                    f"{what}: {grant.grantor.value} is not a planned power and cannot pay the grant",
                )
            )
            continue
        breach = pair_breach(scenario, grant.grantor, grant.recipient)
        if breach is not None:
            violations.append(Violation(breach[0], f"{what}: {breach[1]}"))
            continue
        if grant.recipient not in RECIPIENT_NODES:  # pair_breach bars every such recipient
            violations.append(Violation("40.11", f"{what}: no route reaches {grant.recipient}"))
            continue
        starts = GRANTOR_NODES.get(grant.grantor, ())
        end = RECIPIENT_NODES[grant.recipient]
        legs, missing = path_legs(grant.path)
        if len(grant.path) < 2 or grant.path[0] not in starts or grant.path[-1] != end:
            violations.append(
                Violation(
                    "40.21",
                    f"{what}: a grant's path runs from {' or '.join(starts)} to {end}",
                )
            )
        for source, target in missing:
            violations.append(
                Violation("40.21", f"{what}: no leg of the route map from {source} to {target}")
            )
        closures: list[tuple[str, str]] = []
        for leg in legs:
            for closure in leg_closures(scenario, leg):
                if closure not in closures:
                    closures.append(closure)
        nodes = set(grant.path)
        if "india_box" in nodes and grant.recipient == GrantRecipient.CHINA and "india" in surrendered:
            closures.append(("40.332 C", "India has surrendered: no grant to China through the India box"))
        if (
            "australia_box" in nodes
            and grant.recipient in (GrantRecipient.CHINA, GrantRecipient.INDIA)
            and "australia" in surrendered
        ):
            closures.append(
                (
                    "40.332 D",
                    "Australia has surrendered: no grant to China or India through the Australia box",
                )
            )
        for rule, reason in closures:
            violations.append(Violation(rule, f"{what}: {reason}"))
        if grant.oil_counters > 0:
            violations += _check_oil_line(scenario, what, grant)
    return violations


def _check_oil_line(scenario: Scenario, what: str, grant: GrantLine) -> list[Violation]:
    """Oil counters go to Russia from the Western Allies, by Murmansk, Persia, Turkey or Siberia
    (40.25), never by a route carrying less than 10 BRPs or reduced (40.251)."""
    oil = f"{what}: {grant.oil_counters} oil counters"
    if grant.recipient != GrantRecipient.RUSSIA:
        return [Violation("40.25", f"{oil}: oil counters are shipped only to Russia")]
    if POWER_FACTION[grant.grantor] is not Faction.WESTERN_ALLIES:
        return [Violation("40.25", f"{oil}: only the Western Allies ship oil counters")]
    route = path_route(grant.path)
    if route is None or route not in OIL_ROUTE_LIMITS:
        name = route.value if route is not None else "no named"
        return [
            Violation("40.25", f"{oil}: oil goes by Murmansk, Persia, Turkey or Siberia, not {name} route")
        ]
    if route_closure(scenario, route) is None and not oil_allowed(scenario, route):
        capacity = route_capacity(scenario, route)
        return [
            Violation(
                "40.251",
                f"{oil}: the {route.value} route carries {capacity} BRPs this turn (full {FULL_CAPACITY[route]}); "
                "oil needs at least 10 and an unreduced route",
            )
        ]
    return []


def check_grant_totals(scenario: Scenario, plan: Plan) -> list[Violation]:
    """The scenario's `grants_made` are minimums of the plan's pair totals (40.23) [reading:
    entries of one pair add up]; the U.S. grants Britain, France, Canada and South Africa at
    most USAT - 25 BRPs, at most 25, before war with Germany (40.331 A), and China at most the
    USJT cap before war with Japan (40.332 A)."""
    violations: list[Violation] = []
    totals = pair_totals(scenario, plan)
    minimums: dict[tuple[Power, str], int] = defaultdict(int)
    for power in planned_powers(scenario):
        for grant in scenario.powers[power].grants_made:
            minimums[(power, grant.to.value)] += grant.brps
    for (grantor, to), minimum in minimums.items():
        granted = totals.get((grantor, to), 0)
        if granted < minimum:
            violations.append(
                Violation(
                    "40.23",
                    f"{grantor.value} -> {to}: {granted} BRPs granted, the scenario's grants_made require {minimum}",
                )
            )
    cap = usat_grant_cap(scenario)
    if cap is not None:
        granted = sum(totals.get((Power.USA, to), 0) for to in sorted(USAT_RECIPIENTS))
        if granted > cap:
            violations.append(
                Violation(
                    "40.331 A",
                    f"usa: {granted} BRPs granted to Britain, France, Canada and South Africa before war with "
                    f"Germany; USAT {grants_state(scenario).usat} allows {cap}",
                )
            )
    if not scenario.us_at_war.get("pacific"):
        granted = totals.get((Power.USA, GrantRecipient.CHINA.value), 0)
        china_cap = grants_state(scenario).usjt_china_cap
        if granted > china_cap:
            violations.append(
                Violation(
                    "40.332 A",
                    f"usa: {granted} BRPs granted to China before war with Japan; the USJT level allows {china_cap}",
                )
            )
    return violations


def check_routes(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Each open named route carries at most its capacity, oil counters at 10 BRPs each (40.251;
    40.411, 40.51, 40.61, 40.73, 40.83-40.85), and at most its oil counters (40.25). A closed
    route is reported on each line that uses it (`check_grant_lines`)."""
    violations: list[Violation] = []
    loads = route_loads(scenario, plan)
    oil = route_oil(scenario, plan)
    for route in Route:
        if route_closure(scenario, route) is not None:
            continue
        load = loads.get(route, 0)
        capacity = route_capacity(scenario, route)
        if load > capacity:
            violations.append(
                Violation(
                    ROUTE_CAPACITY_RULES[route],
                    f"{route.value}: {load} BRPs (oil counters at 10) sent by a route of capacity {capacity} this turn",
                )
            )
        shipped = oil.get(route, 0)
        if route in OIL_ROUTE_LIMITS and shipped > OIL_ROUTE_LIMITS[route]:
            violations.append(
                Violation(
                    "40.25",
                    f"{route.value}: {shipped} oil counters shipped, at most {OIL_ROUTE_LIMITS[route]} a turn",
                )
            )
    return violations


def check_transports(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Transports needed on the sea legs of each ocean are at most those available (40.221,
    40.222, 40.252)."""
    available = grants_state(scenario).transports
    needed: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for lid, count in transports_required(scenario, plan).items():
        ocean = LEG_BY_ID[lid].ocean
        assert ocean is not None
        needed[ocean.value].append((lid, count))
    violations: list[Violation] = []
    for ocean, legs in sorted(needed.items()):
        total = sum(count for _, count in legs)
        have = {str(name): count for name, count in available.items()}.get(ocean, 0)
        if total > have:
            detail = ", ".join(f"{lid} {count}" for lid, count in legs)
            violations.append(
                Violation("40.221", f"{ocean}: {total} transports needed ({detail}), {have} available")
            )
    return violations


def check_route_openings(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Opening Persia: paid by a planned Western Allied power at war with the Axis, 25 BRPs or
    15 after a declaration of war on Persia (40.521, 40.522), barred before the Germany-Russia
    war unless Russia surrendered, while Persia is unconquered after an Allied declaration, while
    the Axis hold Tehran, or once opened (40.525). The Alaska highway: the U.S., 25 BRPs, at war
    with Germany, once (40.72). Any other route has no opening (40.225)."""
    state = grants_state(scenario)
    surrendered = {s.value for s in state.surrendered}
    violations: list[Violation] = []
    seen: set[str] = set()
    for index, opening in enumerate(plan.route_openings):
        what = f"opening {index + 1}: {opening.route} paid by {opening.paid_by.value}"
        if opening.route not in (Route.PERSIA.value, Route.SIBERIA.value):
            violations.append(
                Violation(
                    "40.225", f"{what}: only the Persian route and the Alaska highway are opened by paying"
                )
            )
            continue
        if opening.route in seen:
            rule = "40.521" if opening.route == Route.PERSIA.value else "40.72"
            violations.append(Violation(rule, f"{what}: opened a second time in the same plan"))
        seen.add(opening.route)
        if opening.route == Route.PERSIA.value:
            if (
                opening.paid_by not in (Power.BRITAIN, Power.FRANCE, Power.USA)
                or opening.paid_by not in scenario.powers
            ):
                violations.append(
                    Violation("40.521", f"{what}: paid by a planned Western Allied major power")
                )
            elif opening.paid_by is Power.USA and not any(scenario.us_at_war.values()):
                violations.append(Violation("40.521", f"{what}: the U.S. is not at war with the Axis"))
            cost = (
                PERSIA_OPENING_AFTER_WAR_BRPS if state.persia.war_declared_on_persia else PERSIA_OPENING_BRPS
            )
            if opening.brps != cost:
                rule = "40.522" if state.persia.war_declared_on_persia else "40.521"
                violations.append(Violation(rule, f"{what}: costs {cost} BRPs, not {opening.brps}"))
            if state.germany_russia_war_turns == 0 and GrantRecipient.RUSSIA.value not in surrendered:
                violations.append(
                    Violation("40.525", f"{what}: Germany and Russia have not gone to war (40.525 A)")
                )
            if state.persia.unconquered_after_allied_declaration:
                violations.append(
                    Violation(
                        "40.525",
                        f"{what}: Persia is unconquered after an Allied declaration of war (40.525 B)",
                    )
                )
            if state.persia.axis_controls_tehran:
                violations.append(Violation("40.525", f"{what}: the Axis control Tehran (40.525 C)"))
            if state.persia.opened:
                violations.append(Violation("40.525", f"{what}: the Persian route is already open"))
        else:
            if opening.paid_by is not Power.USA or Power.USA not in scenario.powers:
                violations.append(Violation("40.72", f"{what}: the U.S. builds the Alaska highway"))
            if opening.brps != ALASKA_HIGHWAY_BRPS:
                violations.append(
                    Violation("40.72", f"{what}: costs {ALASKA_HIGHWAY_BRPS} BRPs, not {opening.brps}")
                )
            if not scenario.us_at_war.get("europe"):
                violations.append(Violation("40.72", f"{what}: the U.S. and Germany are not at war"))
            if state.siberia.highway_built:
                violations.append(Violation("40.72", f"{what}: the Alaska highway is already built"))
    return violations


def check_grants(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Rule 40. Outside grant mode (no `grants:` section) the plan may not grant, escort or open
    routes (rule "40"); in grant mode every grant line, pair total, route, ocean and opening."""
    if scenario.grants is None:
        violations: list[Violation] = []
        for name, items in (
            ("grants", plan.grants),
            ("transports", plan.transports),
            ("route_openings", plan.route_openings),
        ):
            if items:
                violations.append(
                    Violation(
                        "40",
                        f"{name}: {len(items)} in the plan, but the scenario has no grants section "
                        "(grants_made are fixed inputs)",
                    )
                )
        return violations
    return (
        check_grant_lines(scenario, plan)
        + check_grant_totals(scenario, plan)
        + check_routes(scenario, plan)
        + check_transports(scenario, plan)
        + check_route_openings(scenario, plan)
    )


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


# --------------------------------------------------------------------------- naval construction (27.7)

# States of a ship besides a chart position (row, column): row 1 is the Launch row, column 0 spring.
NEW, WAITING, LAUNCHED, SCUTTLED, SUNK = "new", "waiting", "launched", "scuttled", "sunk"
ShipState = tuple[int, int] | str
NAVAL_STEP_BRPS = 3  # 27.72, 27.35: this turn's naval BRPs are priced in 3-BRP steps [reading]
NAVAL_STEP_MULTIPLIERS = (1, 2)  # a step costs 3 BRPs inside the oil threshold, 6 past it
USAT_FOR_AMERICAN_CVES = 35  # 27.7223 C
USAT_FOR_BRITISH_CVES = 28  # 27.7223 B
AUSTRALIAN_IN_PLAY = 2  # 27.712 D: two destroyer factors, two CA2s
US_BOXES: frozenset[str] = frozenset({US_ATLANTIC_BOX, US_PACIFIC_BOX})
CHART_MOVES = (ChartAction.CONTINUE, ChartAction.ACCELERATE, ChartAction.ACCELERATE_KNIGHT)
ACCELERATIONS = (ChartAction.ACCELERATE, ChartAction.ACCELERATE_KNIGHT)
# Columns a move of 27.7272 A-C shifts the ship by (rows: one down for the first three).
COLUMN_SHIFTS: dict[ChartAction, int] = {
    ChartAction.CONTINUE: 0,  # A: the same column
    ChartAction.ACCELERATE: -1,  # B: one column to the left
    ChartAction.ACCELERATE_KNIGHT: 2,  # B: two columns over, either way
    ChartAction.DEFER: 1,  # C: one column to the right, winter to spring
}
NAVAL_ACTION_RULES: dict[ChartAction, str] = {
    ChartAction.LAY_DOWN: "27.7251",
    ChartAction.START_REPAIR: "27.7267",
    ChartAction.RAISE: "27.7262",
}


@dataclass(frozen=True)
class YardInfo:
    """A shipyard's rate (27.724 A, 27.731; a captured yard 1, 27.713) and capacity (27.741, 27.743, 27.713)."""

    power: Power
    site: str
    rate: int
    capacity: int
    capacity_rule: str
    captured: bool

    @property
    def one_factor_points(self) -> int:
        """27.7221 A: at most half the rate, rounded up, on one-factor units."""
        return (self.rate + 1) // 2


def shipyard_info(power: Power, yard: Shipyard) -> YardInfo:
    """The yard's rate: the scenario's, else 27.731's; a captured yard 1 (27.713). Its capacity:
    twice the rate (27.741), 10 for a U.S. box until its rate passes 5 (27.743), 2 captured (27.713)."""
    if yard.captured:
        return YardInfo(power, yard.id, CAPTURED_RATE, CAPTURED_CAPACITY, "27.713", True)
    rate = yard.rate if yard.rate is not None else SHIPYARD_RATES.get(power, {}).get(yard.id, 0)
    if yard.id in US_BOXES and rate <= US_BOX_CAPACITY_RATE:
        return YardInfo(power, yard.id, rate, US_BOX_CAPACITY, "27.743", False)
    return YardInfo(power, yard.id, rate, 2 * rate, "27.741", False)


def turn_column(scenario: Scenario, turn: int) -> int:
    """The chart column of turn `turn` of the horizon: the scenario's season, one column a turn."""
    return (SEASONS.index(scenario.turn.season.value) + turn) % COLUMNS


def describe_ship_state(state: ShipState) -> str:
    """'row 3 spring', 'launch fall', or 'new', 'waiting', 'launched', 'scuttled' (the plan's wording)."""
    if isinstance(state, tuple):
        row, column = state
        return f"{'launch' if row == LAUNCH_ROW else f'row {row}'} {SEASONS[column]}"
    return state


def design_copy(naval: NavalState, name: str) -> ShipDesign | None:
    """The design of a new ship named '<design id>#<n>', 1 <= n <= the design's count, or None."""
    design_id, sep, number = name.rpartition("#")
    if not sep or not (number.isascii() and number.isdigit()) or str(int(number)) != number:
        return None
    design = next((d for d in naval.designs if d.id == design_id), None)
    if design is None or not 1 <= int(number) <= design.count:
        return None
    return design


def naval_action_cost(unit: UnitType, action: ChartAction, free_brps: bool = False) -> tuple[int, int]:
    """(SB, BRPs) of one action: continue 1 + 3, accelerate 1 + 6 or 1 + 9, defer free (27.7272 A-C);
    a lay-down 1 + 3 whatever the ship (27.7251); a repair 1 + 3 for a named ship, free for a cruiser
    (27.7267); raising a ship sunk in port 1 + 3 (27.7262); launching and scuttling free (27.7272 D,
    E). With `free_brps` (a Vichy ship before Vichy France associates or activates, 27.7265) the
    BRPs are 0 and the SB stay."""
    sb, brps = 0, 0
    if action in MOVES:
        sb, brps, _, _ = MOVES[action]
    elif action is ChartAction.LAY_DOWN:
        sb, brps = LAY_DOWN_SB, LAY_DOWN_BRPS
    elif action is ChartAction.START_REPAIR:
        sb, brps = (0, 0) if unit is UnitType.CRUISER else (REPAIR_SB, REPAIR_BRPS)
    elif action is ChartAction.RAISE:
        sb, brps = RAISE_SB, RAISE_BRPS
    return sb, 0 if free_brps else brps


@dataclass
class TrackedShip:
    """A ship followed through the replay: on a chart, waiting for repair, sunk in port, or a design
    copy not yet laid down.

    `power` is the chart's (the yard's) power; `owner` the ship's owning power when the scenario
    names another (27.7264) or, for a British CVE, Britain (27.7223 B); `minor` a minor country's
    ship (27.7266 C); `payer` who pays the BRPs of its actions (27.7264); `free_brps` a Vichy ship
    before Vichy France associates or activates (27.7265); `raised_turn` the turn it was raised
    from the bottom of a port (27.7262).
    """

    power: Power
    yard: str
    name: str
    unit: UnitType
    factors: int
    state: ShipState
    design: ShipDesign | None = None
    damaged_this_turn: bool = False
    owner: Power | None = None
    minor: bool = False
    payer: Power | None = None
    free_brps: bool = False
    raised_turn: int | None = None

    @property
    def owned_by(self) -> Power:
        """The power whose ship it is: its owner, else the yard's power (a minor's ship included)."""
        return self.owner if self.owner is not None else self.power

    @property
    def paid_by(self) -> Power:
        return self.payer if self.payer is not None else self.power

    @property
    def british_cve(self) -> bool:
        """27.7223 B: a CVE the U.S. builds for Britain."""
        return self.design is not None and self.design.for_britain


def naval_action_result(ship: TrackedShip, action: ChartAction, column: int) -> ShipState | None:
    """Where `action` in a turn of column `column` takes the ship (README, "How rule 27.7 is read"),
    or None when the action does not apply to the ship's state (which then stays as it is).

    Lay-down (27.7251): a named ship to the row of its factors in this column, a cruiser to row 2
    two columns on, a destroyer or CVE to the Launch row of the next column. Raise (27.7262): a
    ship sunk in port to the Waiting for Repair box of its yard. Repair (27.7267): a
    named ship to the Launch row two columns on, a cruiser to that of the next column. Moves
    (27.7272 A-C): one row down in the same column, one column left, or two columns over; a
    deferral one column right. A ship moved into the Launch row by a move is launched in that
    phase [reading].
    """
    state = ship.state
    if action is ChartAction.LAY_DOWN:
        if state != NEW:
            return None
        if ship.unit in NAMED_UNITS:
            return ship.factors, column
        if ship.unit is UnitType.CRUISER:
            return 2, (column + 2) % COLUMNS
        return LAUNCH_ROW, (column + 1) % COLUMNS
    if action is ChartAction.RAISE:
        return WAITING if state == SUNK else None
    if action is ChartAction.START_REPAIR:
        if state != WAITING:
            return None
        turns = 1 if ship.unit is UnitType.CRUISER else 2
        return LAUNCH_ROW, (column + turns) % COLUMNS
    if not isinstance(state, tuple):
        return None
    row, col = state
    if action is ChartAction.SCUTTLE:
        return SCUTTLED
    if action is ChartAction.LAUNCH:
        return LAUNCHED
    if action is ChartAction.DEFER:
        return row, (col + COLUMN_SHIFTS[action]) % COLUMNS
    if row - 1 <= LAUNCH_ROW:
        return LAUNCHED
    return row - 1, (col + COLUMN_SHIFTS[action]) % COLUMNS


# 27.712 D: Australian ships in play, per unit, from Britain's naval state.
AUSTRALIAN_CAPS: dict[UnitType, Callable[[NavalState], int]] = {
    UnitType.DESTROYER: lambda naval: naval.australian_destroyers_in_play,
    UnitType.CRUISER: lambda naval: naval.australian_cruisers_in_play,
}


def _country(site: str) -> Country | None:
    return SITE_BY_ID[site].country if site in SITE_BY_ID else None


def british_naval_air_rate(scenario: Scenario) -> int:
    """27.7223 B: British CVEs a turn, at most Britain's naval air training rate (27.61: 2, plus its
    RP increases when Britain is planned)."""
    if Power.BRITAIN in scenario.powers:
        return naval_air_rate(scenario, Power.BRITAIN)
    return NAVAL_AIR_RATES[Power.BRITAIN]


def dominion_yard_breach(site: str, unit: UnitType, factors: int) -> str | None:
    """Why the Canada or Australia yard may not lay down this ship (27.712 C: British destroyers,
    cruisers and two-factor named ships in Canada; D: Australian destroyers and cruisers), or None."""
    country = SITE_BY_ID[site].country if site in SITE_BY_ID else None
    small = unit in (UnitType.DESTROYER, UnitType.CRUISER)
    if country == Country.CANADA and not (small or (unit in NAMED_UNITS and factors == 2)):
        return f"Canada builds destroyers, cruisers and two-factor named ships, not a {factors}-factor {unit.value}"
    if country == Country.AUSTRALIA and not small:
        return f"Australia builds destroyers and cruisers, not a {factors}-factor {unit.value}"
    return None


def naval_action_breaches(
    ship: TrackedShip, action: ChartAction, column: int, turn: int, naval: NavalState, yard: YardInfo
) -> list[tuple[str, str]]:
    """Why the action is not open to the ship this turn (rule, reason); empty if it is.

    A new ship is only laid down, not at a captured yard (27.713), at one of its design's yards
    (27.712), at the Canada yard only destroyers, cruisers and two-factor named ships, at the
    Australia yard only destroyers and cruisers (27.712 C, D); a ship sunk in port is only raised
    (27.7262); a waiting ship only starts repairs, not in the turn it was damaged (27.7266 A) nor
    in the turn it was raised (27.7262). A ship
    on the chart: only in this turn's column (27.7272) but for scuttling (27.7272 E); launched only
    from the Launch row (27.7272 D), moved only from rows 2-5 (27.7272 A); accelerated only with
    3-5 factors, named (27.7272 B). French ships are never scuttled, in whatever yard (27.7272 E). This turn, scuttling needs
    `deferring_allowed` (27.7272 E) [input]; in later turns of the horizon it is open, but only to
    ships of the turn's column [reading]. Deferring is open in later turns; this turn without
    `deferring_allowed` it must be involuntary, which `check_restricted_deferrals` judges once the
    turn's points and money are known (27.7272 C) [reading].
    """
    state = ship.state
    if state in (LAUNCHED, SCUTTLED):
        return [("27.7272", f"the ship is already {state}")]
    if action is ChartAction.LAY_DOWN:
        if state != NEW:
            return [("27.7251", f"only a new ship is laid down; this one is {describe_ship_state(state)}")]
        breaches = []
        if yard.captured:
            breaches.append(("27.713", "a captured shipyard only repairs ships, it builds none"))
        breach = dominion_yard_breach(yard.site, ship.unit, ship.factors)
        if breach is not None:
            breaches.append(("27.712", breach))
        design = ship.design
        if design is not None and design.yards is not None and yard.site not in design.yards:
            breaches.append(
                ("27.712", f"design '{design.id}' is laid down only at {', '.join(design.yards)}")
            )
        return breaches
    if action is ChartAction.RAISE:
        if state != SUNK:
            return [
                ("27.7262", f"only a ship sunk in port is raised; this one is {describe_ship_state(state)}")
            ]
        return []
    if state == SUNK:
        return [("27.7262", "the ship is sunk in port: it is raised first, and repaired from a later turn")]
    if action is ChartAction.START_REPAIR:
        if state != WAITING:
            return [
                (
                    "27.7267",
                    f"repairs start from the Waiting for Repair box; the ship is {describe_ship_state(state)}",
                )
            ]
        if ship.raised_turn == turn:
            return [("27.7262", "repairs may not start in the player turn the ship is raised")]
        if turn == 0 and ship.damaged_this_turn:
            return [("27.7266 A", "repairs may not start in the player turn the ship was damaged")]
        return []
    if not isinstance(state, tuple):
        return [("27.7272", f"the ship is {state}, not on the chart")]
    row, col = state
    breaches = []
    if action is ChartAction.SCUTTLE:
        if ship.owned_by is Power.FRANCE and not ship.minor:
            breaches.append(("27.7272 E", "French ships may never be scuttled"))
        if turn == 0 and not naval.deferring_allowed:
            breaches.append(
                ("27.7272 E", "scuttling is restricted like deferring this turn (deferring_allowed is false)")
            )
        if turn > 0 and col != column:
            breaches.append(
                (
                    "27.7272 E",
                    f"in later turns of the horizon only ships of the turn's {SEASONS[column]} column are "
                    f"scuttled, not one in the {SEASONS[col]} column [reading]",
                )
            )
        return breaches
    if col != column:
        breaches.append(
            (
                "27.7272",
                f"it is in the {SEASONS[col]} column, not this turn's {SEASONS[column]} column "
                "(ships in other columns are ignored unless scuttled)",
            )
        )
    if action is ChartAction.LAUNCH and row != LAUNCH_ROW:
        breaches.append(("27.7272 D", f"ships are launched from the Launch row, not row {row}"))
    if action in CHART_MOVES and row == LAUNCH_ROW:
        breaches.append(("27.7272", "a ship in the Launch row launches, defers or is scuttled"))
    if (
        row == LAUNCH_ROW
        and ship.unit in (UnitType.DESTROYER, UnitType.ESCORT_CARRIER)
        and action is not ChartAction.LAUNCH
    ):
        breaches.append(
            ("27.7273", "destroyers and CVEs are launched automatically after one turn (27.7274)")
        )
    if action in ACCELERATIONS and not (ship.unit in NAMED_UNITS and ship.factors >= ACCELERATE_MIN_FACTORS):
        breaches.append(
            (
                "27.7272 B",
                f"only three-, four- and five-factor ships are accelerated, not a {ship.factors}-factor {ship.unit.value}",
            )
        )
    return breaches


def sw_redeploy_boxes(power: Power, unit: UnitType, yard: str) -> list[str]:
    """SW boxes new submarines, ASW and transports may redeploy to (27.94): the U.S. the box of its
    yard's theater, Japan the Pacific (and the Indian Ocean for submarines), Britain and German
    submarines the Atlantic, nobody else [reading, as the README's placement notes]."""
    if power is Power.USA:
        return ["pacific"] if yard == US_PACIFIC_BOX else ["atlantic"]
    if power is Power.JAPAN:
        return ["pacific", "indian"] if unit is UnitType.SUBMARINE else ["pacific"]
    if power is Power.BRITAIN or (power is Power.GERMANY and unit is UnitType.SUBMARINE):
        return ["atlantic"]
    return []


ChartView = tuple[str, str, int, str, str]  # (ship, unit, factors, row 'launch'/'2'-'5', column)


@dataclass
class NavalReplay:
    """The charts replayed from the scenario through the plan's naval actions (27.7).

    `rules` are the breaches of the rules, `reports` the plan's wrong statements of a ship's
    position or unit; `brps` each naval power's BRPs per turn of the horizon at normal cost (chart
    actions, and in turn 0 SW units); `charts` what each yard's chart holds at the start of each
    turn (turn = horizon: after the last), ships and the names waiting for repair.
    """

    rules: list[Violation] = field(default_factory=list)
    reports: list[Violation] = field(default_factory=list)
    brps: dict[Power, list[int]] = field(default_factory=dict)
    charts: dict[tuple[Power, str, int], tuple[list[ChartView], list[str]]] = field(default_factory=dict)
    points: dict[tuple[Power, str, int], int] = field(default_factory=dict)  # SB used per yard and turn
    # This turn's deferrals without `deferring_allowed`: (description, power, yard), judged by
    # `check_restricted_deferrals` (27.7272 C).
    restricted_deferrals: list[tuple[str, Power, str]] = field(default_factory=list)
    # Ships launched, by continuing or accelerating into the Launch row or from it: (owning power,
    # unit, factors, turn).
    launched: list[tuple[Power, UnitType, int, int]] = field(default_factory=list)
    # BRPs of the U.S. lay-downs of British CVEs in each turn (27.7223 B: within the grant limit).
    british_cve_brps: dict[int, int] = field(default_factory=lambda: defaultdict(int))


def naval_powers(scenario: Scenario) -> list[Power]:
    """The planned powers with naval construction (`naval:`), in POWER_ORDER."""
    return [power for power in planned_powers(scenario) if scenario.powers[power].naval is not None]


def _naval_state(scenario: Scenario, power: Power) -> NavalState | None:
    state = scenario.powers.get(power)
    return state.naval if state is not None else None


def describe_naval_action(index: int, action: NavalAction) -> str:
    return (
        f"naval action {index + 1}: turn {action.turn} {action.power.value} {action.yard} "
        f"'{action.ship}' {action.action}"
    )


def describe_sw_build(index: int, line: SWBuildLine) -> str:
    return f"SW build {index + 1}: {line.power.value} '{line.build}' {line.factors} x {line.unit.value} at {line.yard}"


def _tracked(
    scenario: Scenario,
    replay: NavalReplay,
    power: Power,
    yard: YardInfo,
    ship: ChartShip | DamagedShip,
    state: ShipState,
) -> TrackedShip:
    """A ship of the scenario on a chart or waiting at `yard` of `power`: its owner (27.7264, a power
    or 'minor', 27.7266 C; the yard's power by default), who pays for it (the yard's power, but at
    a captured yard the owning power, 27.7264; a minor's ship the yard's power) and whether it is a
    Vichy ship repaired or completed free (27.7265: until France's `vichy_activated`)."""
    owner = Power(ship.owner) if ship.owner not in (None, "minor") else None
    minor = ship.owner == "minor"
    payer = owner if yard.captured and owner is not None else power
    if payer in scenario.powers and payer not in replay.brps:
        replay.brps[payer] = [0] * scenario.horizon.turns
    france = _naval_state(scenario, Power.FRANCE)
    free = ship.vichy and not (france is not None and france.vichy_activated)
    return TrackedShip(
        power,
        yard.site,
        ship.id,
        ship.unit,
        ship.factors,
        state,
        damaged_this_turn=isinstance(ship, DamagedShip) and ship.damaged_this_turn,
        owner=owner if owner is not power else None,
        minor=minor,
        payer=payer,
        free_brps=free,
    )


def replay_naval(scenario: Scenario, plan: Plan) -> NavalReplay:
    """Replay every naval power's charts turn by turn (turn t has column season + t) through the plan's
    actions and SW builds, and check each turn's actions, yards and powers (27.7).

    Each action: the ship is on the yard's chart, waiting there, sunk in port with the yard as its
    `yard` (27.7263), or a copy '<design>#<n>' of a design (n at most its count); the action's
    power is the chart's, the yard's power, whoever owns the ship; one action a ship and turn;
    legal from the ship's state (`naval_action_breaches`); its `before` and `after` are the
    replay's (report); its SB and BRPs those of the tables (27.7251, 27.7262, 27.7267, 27.7272),
    no BRPs for a Vichy ship before activation (27.7265). The BRPs are charged to the yard's power,
    at a captured yard to the ship's owning power (27.7264). Each turn: every ship in the turn's
    column acts (27.7272); each yard uses at most its rate (27.724 A), at most half of it rounded
    up on one-factor units (27.7221 A: raising is not one), and holds at most its capacity after
    the phase (27.741, 27.743, 27.713); the U.S. lays down at most its naval air rate of American
    CVEs, none below USAT 35 (27.7223 C), and at most Britain's rate of British CVEs, none below
    USAT 28 (27.7223 B). Over the horizon: each design is laid down at most `count` times
    (27.7251), the U.S. before war with Japan lays down at most `fast_carrier_permits` fast
    carriers (27.7325), the Australia yard at most 2 - in play destroyer factors and CA2s (27.712
    D). SW builds (turn 0):
    `_sw_points`. This turn's deferrals without `deferring_allowed` are recorded for
    `check_restricted_deferrals`, which needs the turn's money (27.7272 C).
    """
    replay = NavalReplay()
    turns = scenario.horizon.turns
    yards: dict[tuple[Power, str], YardInfo] = {}
    ships: dict[tuple[Power, str, str], TrackedShip] = {}
    for power in naval_powers(scenario):
        naval = scenario.powers[power].naval
        assert naval is not None
        replay.brps[power] = [0] * turns
        for yard in naval.shipyards:
            info = yards[(power, yard.id)] = shipyard_info(power, yard)
            for ship in yard.chart:
                row = LAUNCH_ROW if ship.row == "launch" else int(ship.row)
                ships[(power, yard.id, ship.id)] = _tracked(
                    scenario, replay, power, info, ship, (row, SEASONS.index(ship.column))
                )
            for damaged in yard.waiting_for_repair:
                ships[(power, yard.id, damaged.id)] = _tracked(
                    scenario, replay, power, info, damaged, WAITING
                )
        for sunk in naval.sunk_in_port:
            key = (power, sunk.yard, sunk.id)
            if key in ships:
                replay.rules.append(
                    Violation(
                        "27.7262",
                        f"{power.value} {sunk.yard}: ship '{sunk.id}' is both sunk in port and on the yard's chart",
                    )
                )
                continue
            ships[key] = TrackedShip(power, sunk.yard, sunk.id, sunk.unit, sunk.factors, SUNK)

    by_turn: dict[int, list[tuple[int, NavalAction]]] = defaultdict(list)
    for index, action in enumerate(plan.naval_actions):
        what = describe_naval_action(index, action)
        if _naval_state(scenario, action.power) is None:
            replay.rules.append(
                Violation("27.7", f"{what}: {action.power.value} has no naval construction in the scenario")
            )
        elif action.turn >= turns:
            replay.rules.append(
                Violation("27.7", f"{what}: turn {action.turn} is past the horizon of {turns} turns")
            )
        elif (action.power, action.yard) not in yards:
            replay.rules.append(
                Violation(
                    "27.723", f"{what}: {action.power.value} has no Naval Construction Chart at {action.yard}"
                )
            )
        else:
            by_turn[action.turn].append((index, action))

    laid_down: dict[tuple[Power, str], int] = defaultdict(int)
    fast_carriers: dict[Power, int] = defaultdict(int)
    australian: dict[UnitType, int] = defaultdict(int)  # lay-downs at the Australia yard (27.712 D)

    def snapshot(turn: int) -> None:
        for power, site in yards:
            on_chart: list[ChartView] = []
            waiting: list[str] = []
            for ship in ships.values():
                if (ship.power, ship.yard) != (power, site):
                    continue
                if isinstance(ship.state, tuple):
                    row, col = ship.state
                    label = "launch" if row == LAUNCH_ROW else str(row)
                    on_chart.append((ship.name, ship.unit.value, ship.factors, label, SEASONS[col]))
                elif ship.state == WAITING:
                    waiting.append(ship.name)
            replay.charts[(power, site, turn)] = (sorted(on_chart), sorted(waiting))

    for turn in range(turns):
        column = turn_column(scenario, turn)
        season = SEASONS[column]
        snapshot(turn)
        at_start = {key: ship.state for key, ship in ships.items()}
        acted: set[tuple[Power, str, str]] = set()
        points: dict[tuple[Power, str], int] = defaultdict(int)
        one_factor: dict[tuple[Power, str], int] = defaultdict(int)
        cves: dict[Power, int] = defaultdict(int)
        british_cves: dict[Power, int] = defaultdict(int)
        for index, action in by_turn[turn]:
            what = describe_naval_action(index, action)
            naval = _naval_state(scenario, action.power)
            assert naval is not None
            try:
                kind = ChartAction(action.action)
            except ValueError:
                replay.rules.append(
                    Violation(
                        "27.7272",
                        f"{what}: unknown action (lay_down, start_repair, raise, continue, accelerate, "
                        "accelerate_knight, defer, launch, scuttle)",
                    )
                )
                continue
            key = (action.power, action.yard, action.ship)
            ship = ships.get(key)
            if ship is None:
                design = design_copy(naval, action.ship)
                if design is None:
                    replay.rules.append(
                        Violation(
                            "27.7251",
                            f"{what}: no such ship on the chart or waiting for repair at {action.yard}, "
                            f"nor a new ship '<design>#<n>' of a {action.power.value} design (n at most its count)",
                        )
                    )
                    continue
                ship = TrackedShip(
                    action.power,
                    action.yard,
                    action.ship,
                    design.unit,
                    design.factors,
                    NEW,
                    design=design,
                    owner=Power.BRITAIN if design.for_britain else None,
                )
                ships[key] = ship
            if key in acted and not (kind is ChartAction.START_REPAIR and ship.raised_turn == turn):
                # (A repair in the turn of the raise is refused by 27.7262, below.)
                replay.rules.append(
                    Violation("27.7272", f"{what}: a second action for the ship in the same turn")
                )
            acted.add(key)
            if (action.unit, action.factors) != (ship.unit, ship.factors):
                replay.reports.append(
                    Violation(
                        REPORT,
                        f"{what}: a {action.factors}-factor {action.unit.value} in the plan, a "
                        f"{ship.factors}-factor {ship.unit.value} by the scenario",
                        REPORT,
                    )
                )
            before = describe_ship_state(ship.state)
            if action.before != before:
                replay.reports.append(
                    Violation(
                        REPORT,
                        f"{what}: before '{action.before}' in the plan, '{before}' by the charts",
                        REPORT,
                    )
                )
            yard = yards[(action.power, action.yard)]
            for rule, reason in naval_action_breaches(ship, kind, column, turn, naval, yard):
                replay.rules.append(Violation(rule, f"{what}: {reason}"))
            if (
                kind is ChartAction.DEFER
                and turn == 0
                and not naval.deferring_allowed
                and isinstance(ship.state, tuple)
            ):
                replay.restricted_deferrals.append((what, action.power, action.yard))
            sb, brps = naval_action_cost(ship.unit, kind, ship.free_brps)
            if (action.sb, action.brps) != (sb, brps):
                replay.rules.append(
                    Violation(
                        NAVAL_ACTION_RULES.get(kind, "27.7272"),
                        f"{what}: costs {sb} SB and {brps} BRPs, not {action.sb} SB and {action.brps} BRPs",
                    )
                )
            points[(action.power, action.yard)] += sb
            if ship.unit in ONE_FACTOR_UNITS:
                one_factor[(action.power, action.yard)] += sb
            payer = ship.paid_by
            if payer in replay.brps:
                replay.brps[payer][turn] += brps
            elif brps:
                replay.rules.append(
                    Violation(
                        "27.7264",
                        f"{what}: at a captured shipyard the ship's owner pays, but {payer.value} is not planned",
                    )
                )
            result = naval_action_result(ship, kind, column)
            if kind is ChartAction.LAY_DOWN and result is not None and ship.design is not None:
                laid_down[(action.power, ship.design.id)] += 1
                if ship.unit is UnitType.CARRIER:
                    fast_carriers[action.power] += 1
                if ship.british_cve:
                    british_cves[action.power] += 1
                    replay.british_cve_brps[turn] += brps
                elif ship.unit is UnitType.ESCORT_CARRIER:
                    cves[action.power] += 1
                if _country(yard.site) == Country.AUSTRALIA and ship.unit in AUSTRALIAN_CAPS:
                    australian[ship.unit] += 1
            if kind is ChartAction.RAISE and result is not None:
                ship.raised_turn = turn
            if result == LAUNCHED and ship.state != LAUNCHED:
                replay.launched.append((ship.owned_by, ship.unit, ship.factors, turn))
            if result is not None:
                ship.state = result
            after = describe_ship_state(ship.state)
            if action.after != after:
                replay.reports.append(
                    Violation(
                        REPORT, f"{what}: after '{action.after}' in the plan, '{after}' by the charts", REPORT
                    )
                )
        if turn == 0:
            for (power, site), factors in _sw_points(scenario, plan, replay, yards).items():
                points[(power, site)] += factors
                one_factor[(power, site)] += factors

        for key, state in at_start.items():
            if isinstance(state, tuple) and state[1] == column and key not in acted:
                power, site, name = key
                replay.rules.append(
                    Violation(
                        "27.7272",
                        f"{power.value} {site} turn {turn} ({season}): '{name}' is in the {season} column "
                        f"({describe_ship_state(state)}) with no action; each ship in the turn's column "
                        "continues, accelerates, defers, launches or is scuttled",
                    )
                )
        for (power, site), yard in yards.items():
            where = f"{power.value} {site} turn {turn} ({season})"
            used = points[(power, site)]
            replay.points[(power, site, turn)] = used
            if used > yard.rate:
                replay.rules.append(
                    Violation("27.724 A", f"{where}: {used} shipbuilding points used, rate {yard.rate}")
                )
            if one_factor[(power, site)] > yard.one_factor_points:
                replay.rules.append(
                    Violation(
                        "27.7221 A",
                        f"{where}: {one_factor[(power, site)]} shipbuilding points on one-factor units, at most "
                        f"{yard.one_factor_points} (half of rate {yard.rate}, rounded up)",
                    )
                )
            held = sum(
                1
                for ship in ships.values()
                if (ship.power, ship.yard) == (power, site) and isinstance(ship.state, tuple)
            )
            if held > yard.capacity:
                replay.rules.append(
                    Violation(
                        yard.capacity_rule,
                        f"{where}: {held} ships on the Naval Construction Chart after the phase, capacity {yard.capacity}",
                    )
                )
        for power, count in sorted(cves.items()):
            usat = scenario.powers[power].naval.usat  # type: ignore[union-attr]
            if usat is not None and usat < USAT_FOR_AMERICAN_CVES:
                replay.rules.append(
                    Violation(
                        "27.7223 C",
                        f"{power.value} turn {turn}: {count} CVEs laid down, but USAT {usat} is below "
                        f"{USAT_FOR_AMERICAN_CVES}",
                    )
                )
            elif count > (cap := naval_air_rate(scenario, power)):
                replay.rules.append(
                    Violation(
                        "27.7223 C",
                        f"{power.value} turn {turn}: {count} CVEs laid down, naval air training rate {cap}",
                    )
                )
        for power, count in sorted(british_cves.items()):
            usat = scenario.powers[power].naval.usat  # type: ignore[union-attr]
            if usat is not None and usat < USAT_FOR_BRITISH_CVES:
                replay.rules.append(
                    Violation(
                        "27.7223 B",
                        f"{power.value} turn {turn}: {count} British CVEs laid down, but USAT {usat} is below "
                        f"{USAT_FOR_BRITISH_CVES}",
                    )
                )
            elif count > (cap := british_naval_air_rate(scenario)):
                replay.rules.append(
                    Violation(
                        "27.7223 B",
                        f"{power.value} turn {turn}: {count} British CVEs laid down, British naval air "
                        f"training rate {cap}",
                    )
                )
    snapshot(turns)

    britain = _naval_state(scenario, Power.BRITAIN)
    for unit, count in sorted(australian.items()):
        in_play = AUSTRALIAN_CAPS[unit](britain) if britain is not None else 0
        most = max(0, AUSTRALIAN_IN_PLAY - in_play)
        if count > most:
            kind = "destroyer factors" if unit is UnitType.DESTROYER else "cruisers (CA2)"
            replay.rules.append(
                Violation(
                    "27.712 D",
                    f"australia_box: {count} Australian {kind} laid down over the horizon, at most "
                    f"{AUSTRALIAN_IN_PLAY} - {in_play} in play = {most}",
                )
            )

    for (power, design_id), count in sorted(laid_down.items()):
        naval = _naval_state(scenario, power)
        design = next(d for d in naval.designs if d.id == design_id)  # type: ignore[union-attr]
        if count > design.count:
            replay.rules.append(
                Violation(
                    "27.7251",
                    f"{power.value} design '{design_id}': laid down {count} times over the horizon, count {design.count}",
                )
            )
    for power, count in sorted(fast_carriers.items()):
        naval = _naval_state(scenario, power)
        assert naval is not None
        if (
            power is Power.USA
            and not scenario.us_at_war.get("pacific")
            and count > naval.fast_carrier_permits
        ):
            replay.rules.append(
                Violation(
                    "27.7325",
                    f"usa: {count} fast carriers laid down before war with Japan, "
                    f"{naval.fast_carrier_permits} permitted (fast_carrier_permits)",
                )
            )
    return replay


def _sw_points(
    scenario: Scenario, plan: Plan, replay: NavalReplay, yards: dict[tuple[Power, str], YardInfo]
) -> dict[tuple[Power, str], int]:
    """Check the SW builds of turn 0 (27.721 A, 27.711, 27.713, 27.93, 27.94), add their BRPs to
    turn 0, and return the shipbuilding points they use at each yard.

    Each line: a `sw_units` build of a naval power, of its unit (Germany and Italy only submarines,
    27.93 A, B), at a shipyard of the power that is not captured (27.711, 27.713), for 3 BRPs a
    factor (27.721 A); its `sw_boxes` those of 27.94 (report). Each build's factors are at most
    its count.
    """
    points: dict[tuple[Power, str], int] = defaultdict(int)
    built: dict[tuple[Power, str], int] = defaultdict(int)
    for index, line in enumerate(plan.sw_builds):
        what = describe_sw_build(index, line)
        naval = _naval_state(scenario, line.power)
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
        points[(line.power, line.yard)] += SW_SB_PER_FACTOR * line.factors
        boxes = sw_redeploy_boxes(line.power, line.unit, line.yard)
        if sorted(line.sw_boxes) != sorted(boxes):
            replay.reports.append(
                Violation(
                    REPORT,
                    f"{what}: SW boxes {line.sw_boxes} in the plan, {boxes} by 27.94",
                    REPORT,
                )
            )
    for (power, build_id), factors in sorted(built.items()):
        naval = _naval_state(scenario, power)
        build = next(b for b in naval.sw_units if b.id == build_id)  # type: ignore[union-attr]
        if factors > build.count:
            replay.rules.append(
                Violation(
                    "27.721 A",
                    f"{power.value} SW build '{build_id}': {factors} factors built, count {build.count}",
                )
            )
    return points


@dataclass(frozen=True)
class NavalSpending:
    """A power's naval construction this turn, priced for 27.11, 27.31 and 27.35: `brps` at normal
    cost, in `steps` of 3 BRPs, `oil_steps` of them past the oil threshold (the plan's
    `NavalReport.oil_steps`) at 6 BRPs each [reading]."""

    brps: int
    steps: int
    oil_steps: int

    @property
    def paid(self) -> int:
        """BRPs paid: 3 a step inside the threshold, 6 past it."""
        inside, past = NAVAL_STEP_MULTIPLIERS
        return self.brps + NAVAL_STEP_BRPS * (past - inside) * self.oil_steps

    @property
    def inside_brps(self) -> int:
        """BRPs the steps inside take of the oil threshold (3 each)."""
        return NAVAL_STEP_BRPS * max(0, self.steps - self.oil_steps)

    @property
    def oil_affected_brps(self) -> int:
        """BRPs paid for the steps past the threshold (6 each)."""
        return NAVAL_STEP_BRPS * NAVAL_STEP_MULTIPLIERS[1] * self.oil_steps


NavalSpendings = Mapping[Power, NavalSpending]


def stated_oil_steps(plan: Plan) -> dict[Power, int]:
    """The plan's naval steps past the oil threshold, per power (the first report of each)."""
    steps: dict[Power, int] = {}
    for report in plan.naval:
        steps.setdefault(report.power, report.oil_steps)
    return steps


def naval_spending(
    scenario: Scenario, plan: Plan, replay: NavalReplay | None = None
) -> dict[Power, NavalSpending]:
    """This turn's naval construction of each naval power: its turn-0 chart actions and SW units at
    normal cost, in 3-BRP steps (accelerate 2 steps, knight's move 3, an SW factor 1), and the
    plan's steps past the oil threshold (0 without a naval report) (27.72, 27.35) [reading]."""
    replay = replay if replay is not None else replay_naval(scenario, plan)
    oil = stated_oil_steps(plan)
    spending = {
        power: NavalSpending(per_turn[0], per_turn[0] // NAVAL_STEP_BRPS, oil.get(power, 0))
        for power, per_turn in replay.brps.items()
    }
    # 27.7322: transports the U.S. builds before war with Germany are paid as their lines say,
    # by the U.S. and Britain, outside the oil threshold (American yards, 27.35 J) [reading].
    lend = lend_lease_lines(scenario, plan)
    if lend:
        cost = SW_BRPS_PER_FACTOR * sum(line.factors for line in lend)
        paid = lend_lease_paid(lend)
        us = spending.get(Power.USA)
        if us is not None:
            spending[Power.USA] = NavalSpending(
                us.brps - cost + paid.get(Power.USA, 0), us.steps, us.oil_steps
            )
        if paid.get(Power.BRITAIN):
            gb = spending.get(Power.BRITAIN, NavalSpending(0, 0, 0))
            spending[Power.BRITAIN] = NavalSpending(gb.brps + paid[Power.BRITAIN], gb.steps, gb.oil_steps)
    return spending


def lend_lease_lines(scenario: Scenario, plan: Plan) -> list[SWBuildLine]:
    """U.S. transport lines before war with Germany (27.7322)."""
    if scenario.us_at_war.get("europe"):
        return []
    return [b for b in plan.sw_builds if b.power is Power.USA and b.unit is UnitType.TRANSPORT]


def lend_lease_paid(lines: list[SWBuildLine]) -> dict[Power, int]:
    paid: dict[Power, int] = {}
    for line in lines:
        for power, brps in line.paid_by.items():
            paid[power] = paid.get(power, 0) + brps
    return paid


def japan_rebuilt(scenario: Scenario, lines: list[SWBuildLine]) -> int:
    """27.7322 C: with the U.S. at war with Japan but not with Germany, transports sunk by Japan are
    rebuilt in the Pacific U.S. box whatever the USAT, at U.S. expense, outside the cash-and-carry
    count and the grant limit. A plan's transport lines do not name them: of each U.S. line at
    `us_pacific_box`, the transports the U.S. pays wholly (its `paid_by` share // 3, at most the
    line's factors) may be such rebuilds, and at most `transports_sunk_by_japan` of them are; the
    rest count under A and B [reading: counting the most the lines allow is the plan's best
    labelling, since each one counted lowers both the cash-and-carry count and the U.S. share]."""
    usa = _naval_state(scenario, Power.USA)
    if usa is None or not scenario.us_at_war.get("pacific") or scenario.us_at_war.get("europe"):
        return 0
    wholly = sum(
        min(line.factors, line.paid_by.get(Power.USA, 0) // SW_BRPS_PER_FACTOR)
        for line in lines
        if line.yard == US_PACIFIC_BOX
    )
    return min(usa.transports_sunk_by_japan, wholly)


def check_lend_lease(scenario: Scenario, plan: Plan, replay: NavalReplay | None = None) -> list[Violation]:
    """27.7322 A, B: before war with Germany, U.S.-built transports: cash and carry (USAT 25 or less)
    only after more than five British transports were lost, at most that many, Britain paying; lend
    lease (USAT over 25) with the U.S. paying at most USAT - 25 (max 25); each line's payments add
    up to 3 BRPs a transport. Transports sunk by Japan (27.7322 C, `japan_rebuilt`) are outside the
    count and the limit. 40.331 A, 27.7223 B: what the U.S. pays of the other transports, the BRPs
    of this turn's British CVE lay-downs, and its grants to Britain, France, Canada and South
    Africa (the plan's in grant mode, else the scenario's `grants_made`) are at most USAT - 25, at
    most 25 [reading]."""
    lines = lend_lease_lines(scenario, plan)
    violations: list[Violation] = []
    for line in lines:
        if sum(line.paid_by.values()) != SW_BRPS_PER_FACTOR * line.factors or set(line.paid_by) - {
            Power.USA,
            Power.BRITAIN,
        }:
            violations.append(
                Violation("27.7322", f"{line.build}: {line.factors} transports paid {dict(line.paid_by)}")
            )
    naval_state = _naval_state(scenario, Power.USA)
    if naval_state is None or scenario.us_at_war.get("europe"):
        return violations
    usat = naval_state.usat or 0
    lost = naval_state.british_transports_lost
    exception = japan_rebuilt(scenario, lines)
    count = sum(line.factors for line in lines) - exception
    if usat <= USAT_FREE_LEVEL and count > (lost if lost > 5 else 0):
        japan = f" ({exception} more rebuilt for those sunk by Japan, 27.7322 C)" if exception else ""
        violations.append(
            Violation(
                "27.7322 A",
                f"usa: {count} transports before war with Germany at USAT {usat} with {lost} British "
                f"transports lost (cash and carry needs more than five, and rebuilds at most that many){japan}",
            )
        )
    paid = lend_lease_paid(lines)
    us_paid = paid.get(Power.USA, 0) - SW_BRPS_PER_FACTOR * exception
    replay = replay if replay is not None else replay_naval(scenario, plan)
    cves = replay.british_cve_brps.get(0, 0)
    if us_paid + cves > 0:
        grants = sum(
            brps
            for grantor, to, brps in grant_account(scenario, plan).made
            if grantor is Power.USA and to in USAT_RECIPIENTS
        )
        cap = max(0, min(USAT_GRANT_CAP, usat - USAT_FREE_LEVEL))
        grant_cap = usat_grant_cap(scenario) if scenario.grants is not None else None
        if grant_cap is not None and grant_cap < cap:
            cap = grant_cap
        if us_paid + cves + grants > cap:
            violations.append(
                Violation(
                    "27.7223 B" if cves else "27.7322 B",
                    f"usa: pays {us_paid} BRPs of transports, {cves} BRPs of British CVEs and grants {grants} "
                    f"BRPs to Britain, France, Canada and South Africa, over the grant limit of {cap} "
                    f"(USAT {usat} - 25, 40.331 A)",
                )
            )
    if paid.get(Power.BRITAIN) and Power.BRITAIN not in scenario.powers:
        violations.append(Violation("27.7322 A", "britain pays for transports but is not planned"))
    return violations


def naval_paid(naval: NavalSpendings | None, power: Power) -> int:
    spending = naval.get(power) if naval is not None else None
    return spending.paid if spending is not None else 0


def check_naval_budgets(scenario: Scenario, replay: NavalReplay) -> list[Violation]:
    """Later turns of the horizon: a power's naval BRPs in turn t >= 1 (normal cost) fit that turn's
    expected BRPs (`horizon.future[t - 1].brps`, else this turn's BRPs available, 27.11) and
    construction limit (`limits`, else this turn's, 27.31). "This turn's" is the position before
    this plan's grants: with a `grants:` section the planned grants are left out [reading]."""
    violations: list[Violation] = []
    base = grant_account(scenario, None)
    future = scenario.horizon.future
    for power, per_turn in replay.brps.items():
        brps_now = max(0, brps_available(scenario, power, account=base))
        limit_now = construction_limit(scenario, power, account=base)
        for turn in range(1, len(per_turn)):
            given = future[turn - 1] if turn - 1 < len(future) else None
            spent = per_turn[turn]
            budget = given.brps[power.value] if given is not None and power.value in given.brps else brps_now
            limit = (
                given.limits[power.value] if given is not None and power.value in given.limits else limit_now
            )
            if spent > budget:
                source = (
                    "horizon.future" if given is not None and power.value in given.brps else "this turn's"
                )
                violations.append(
                    Violation(
                        "27.11",
                        f"{power.value} turn {turn}: {spent} naval BRPs, {budget} BRPs expected ({source})",
                    )
                )
            if spent > limit:
                source = (
                    "horizon.future" if given is not None and power.value in given.limits else "this turn's"
                )
                violations.append(
                    Violation(
                        "27.31",
                        f"{power.value} turn {turn}: {spent} naval BRPs count against a construction limit of "
                        f"{limit} ({source})",
                    )
                )
    return violations


def check_restricted_deferrals(
    scenario: Scenario,
    replay: NavalReplay,
    lines: list[PricedLine],
    account: GrantAccount,
    naval: NavalSpendings,
) -> list[Violation]:
    """27.7272 C restricts "voluntary" deferring: this turn, without `deferring_allowed`, a ship in
    its column may still wait when its yard has used every point this turn, or its power cannot
    pay another 3 BRPs within its BRPs or within its construction limit, the whole plan counted
    [reading]. Any other deferral this turn breaks 27.7272 C."""
    violations: list[Violation] = []
    for what, power, site in replay.restricted_deferrals:
        naval_state = _naval_state(scenario, power)
        assert naval_state is not None
        yard = next(shipyard_info(power, y) for y in naval_state.shipyards if y.id == site)
        used = replay.points.get((power, site, 0), 0)
        kept = brps_available(scenario, power, account=account) - brps_paid(
            scenario, power, lines, account, naval
        )
        room = construction_limit(scenario, power, account=account) - limit_used(
            scenario, power, lines, account, naval
        )
        if used >= yard.rate or kept < NAVAL_STEP_BRPS or room < NAVAL_STEP_BRPS:
            continue
        violations.append(
            Violation(
                "27.7272 C",
                f"{what}: deferring is restricted this turn (deferring_allowed is false) and the ship need "
                f"not wait: {site} used {used} of {yard.rate} points, {power.value} keeps {kept} BRPs and "
                f"has {room} BRPs of construction limit left (a step is {NAVAL_STEP_BRPS})",
            )
        )
    return violations


def check_naval(
    scenario: Scenario,
    plan: Plan,
    replay: NavalReplay | None = None,
    lines: list[PricedLine] | None = None,
    account: GrantAccount | None = None,
    naval: NavalSpendings | None = None,
) -> list[Violation]:
    """Rule 27.7: the replayed charts' breaches (`replay_naval`), SW builds, this turn's deferrals
    without `deferring_allowed` (`check_restricted_deferrals`), later turns' budgets."""
    replay = replay if replay is not None else replay_naval(scenario, plan)
    if lines is None:
        lines, _ = resolve_lines(scenario, plan)
    account = _account(scenario, plan, account)
    naval = naval if naval is not None else naval_spending(scenario, plan, replay)
    return [
        *replay.rules,
        *check_restricted_deferrals(scenario, replay, lines, account, naval),
        *check_naval_budgets(scenario, replay),
        *check_lend_lease(scenario, plan, replay),
    ]


def check_naval_report(scenario: Scenario, plan: Plan, replay: NavalReplay | None = None) -> list[Violation]:
    """The plan's naval accounting against the replay: positions and units of each action and SW
    boxes (`replay_naval`); `naval` (when present): one report per naval power with shipyards,
    `brps_by_turn` the replay's; `charts` (when present): each yard's chart at each turn 0..horizon
    holds exactly the replay's ships and waiting ships."""
    replay = replay if replay is not None else replay_naval(scenario, plan)
    violations = list(replay.reports)
    if plan.naval:
        seen: set[Power] = set()
        for report in plan.naval:
            where = f"naval.{report.power.value}"
            if report.power in seen:
                violations.append(Violation(REPORT, f"{where}: listed twice", REPORT))
                continue
            seen.add(report.power)
            derived = replay.brps.get(report.power)
            if derived is not None and report.power in (Power.USA, Power.BRITAIN):
                # This turn's figure is what the power pays: U.S.-built transports are shared (27.7322).
                lend = lend_lease_lines(scenario, plan)
                if lend:
                    own = derived[0] - (
                        SW_BRPS_PER_FACTOR * sum(b.factors for b in lend) if report.power is Power.USA else 0
                    )
                    derived = [own + lend_lease_paid(lend).get(report.power, 0), *derived[1:]]
            if derived is None:
                violations.append(
                    Violation(REPORT, f"{where}: no naval construction in the scenario", REPORT)
                )
            elif report.brps_by_turn != derived:
                violations.append(
                    Violation(
                        REPORT,
                        f"{where}.brps_by_turn: {report.brps_by_turn} in the plan, {derived} by the charts",
                        REPORT,
                    )
                )
        for power in naval_powers(scenario):
            naval = scenario.powers[power].naval
            if power not in seen and naval is not None and naval.shipyards:
                violations.append(Violation(REPORT, f"naval.{power.value}: missing from the plan", REPORT))
    if plan.charts:
        stated: dict[tuple[Power, str, int], tuple[list[ChartView], list[str]]] = {}
        for snapshot in plan.charts:
            key = (snapshot.power, snapshot.yard, snapshot.turn)
            where = f"charts.{snapshot.power.value}.{snapshot.yard}.turn {snapshot.turn}"
            if key in stated:
                violations.append(Violation(REPORT, f"{where}: listed twice", REPORT))
                continue
            stated[key] = (
                sorted((v.ship, v.unit.value, v.factors, v.row, v.column) for v in snapshot.ships),
                sorted(snapshot.waiting_for_repair),
            )
            if key not in replay.charts:
                violations.append(Violation(REPORT, f"{where}: no such yard and turn of the horizon", REPORT))
        for key, (ships, waiting) in replay.charts.items():
            power, site, turn = key
            where = f"charts.{power.value}.{site}.turn {turn}"
            if key not in stated:
                violations.append(Violation(REPORT, f"{where}: missing from the plan", REPORT))
                continue
            stated_ships, stated_waiting = stated[key]
            if stated_ships != ships:
                violations.append(
                    Violation(
                        REPORT,
                        f"{where}.ships: {_views(stated_ships)} in the plan, {_views(ships)} by the charts",
                        REPORT,
                    )
                )
            if stated_waiting != waiting:
                violations.append(
                    Violation(
                        REPORT,
                        f"{where}.waiting_for_repair: {stated_waiting} in the plan, {waiting} by the charts",
                        REPORT,
                    )
                )
    return violations


def _views(ships: list[ChartView]) -> str:
    return (
        "["
        + ", ".join(
            f"{name} {'launch' if row == 'launch' else f'row {row}'} {column}"
            for name, _, _, row, column in ships
        )
        + "]"
    )


# --------------------------------------------------------------------------- requirements


def check_requirements(scenario: Scenario, plan: Plan, lines: list[PricedLine]) -> list[Violation]:
    """The objective's requirements: minimum builds (build lines, SW units and ships launched this
    turn, 27.7), BRPs kept (naval construction paid included), BRPs sent by grants (counted as
    sent, not expected), and avoiding the oil effect for every faction with oil-pooled powers
    (27.35 H)."""
    objective = scenario.objective
    account = grant_account(scenario, plan)
    replay = replay_naval(scenario, plan)
    naval = naval_spending(scenario, plan, replay)
    violations: list[Violation] = []
    for index, minimum in enumerate(objective.minimum):

        def wanted(unit: UnitType, power: Power, minimum: MinimumBuild = minimum) -> bool:
            return (minimum.unit is None or unit is minimum.unit) and (
                minimum.power is None or power is minimum.power
            )

        built = sum(item.line.factors for item in lines if wanted(item.entry.unit, item.power))
        built += sum(
            line.factors
            for line in plan.sw_builds
            if _naval_state(scenario, line.power) is not None and wanted(line.unit, line.power)
        )
        built += sum(
            factors for power, unit, factors, turn in replay.launched if turn == 0 and wanted(unit, power)
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
        kept = brps_available(scenario, power, account=account) - brps_paid(
            scenario, power, lines, account, naval
        )
        if kept < reserve:
            violations.append(
                Violation(
                    "objective.reserve",
                    f"{power.value}: {kept} BRPs kept, {reserve} required",
                    REQUIREMENT,
                )
            )
    for recipient, required in sorted(objective.deliver.items()):
        sent = sum(brps for _, to, brps in account.made if to == recipient.value)
        if sent < required:
            violations.append(
                Violation(
                    "objective.deliver",
                    f"{recipient.value}: {sent} BRPs sent by grants, {required} required",
                    REQUIREMENT,
                )
            )
    if objective.avoid_oil_effect:
        for faction in oil_factions(scenario):
            if plan.oil_counters_spent.get(faction, 0) < 1:
                violations.append(
                    Violation(
                        "27.35 H",
                        f"{faction.value}: no oil counter spent on construction, so its powers incur "
                        "the oil effect",
                        REQUIREMENT,
                    )
                )
    return violations


# --------------------------------------------------------------------------- the plan's accounting


def derive_report(scenario: Scenario, plan: Plan) -> dict[Power, PowerReport]:
    """Each planned power's accounting derived from the builds, this turn's naval construction and
    grants, in POWER_ORDER (27.11, 27.3, 27.35 H, 27.61, 27.72, 40.23)."""
    lines, _ = resolve_lines(scenario, plan)
    account = grant_account(scenario, plan)
    naval = naval_spending(scenario, plan)
    reports: dict[Power, PowerReport] = {}
    for power in planned_powers(scenario):
        available = brps_available(scenario, power, account=account)
        paid = brps_paid(scenario, power, lines, account, naval)
        reports[power] = PowerReport(
            brps_available=available,
            construction_brps=paid,
            brps_kept=available - paid,
            construction_limit=construction_limit(scenario, power, account=account),
            limit_used=limit_used(scenario, power, lines, account, naval),
            naval_air_rate=naval_air_rate(scenario, power),
            naval_air_used=naval_air_used(scenario, power, lines),
            oil_effect_incurred=oil_effect_incurred(scenario, plan, power),
        )
    return reports


def derive_oil(scenario: Scenario, plan: Plan) -> list[OilReport]:
    """Each planned faction's oil accounting derived from the builds (27.35), for the factions
    with oil-pooled powers in `Scenario.factions()` order. `counters_available` is what the
    faction may spend on construction, after oil shipped to Russia (40.25). Naval steps count: 3
    BRPs each inside the threshold, 6 each past it (27.72) [reading]."""
    lines, _ = resolve_lines(scenario, plan)
    account = grant_account(scenario, plan)
    naval = naval_spending(scenario, plan)
    reports = []
    for faction in oil_factions(scenario):
        spent = plan.oil_counters_spent.get(faction, 0)
        reports.append(
            OilReport(
                faction=faction,
                counters_available=oil_for_construction(scenario, faction, account=account),
                counters_spent=spent,
                threshold_brps=oil_threshold_brps(spent),
                normal_cost_brps=inside_threshold_brps(scenario, lines, faction, naval),
                oil_affected_brps=oil_affected_brps(scenario, lines, faction, naval),
            )
        )
    return reports


def _mismatches(where: str, stated: dict, derived: dict) -> list[Violation]:
    return [
        Violation(REPORT, f"{where}.{field}: {stated[field]} in the plan, {value} by the rules", REPORT)
        for field, value in derived.items()
        if stated[field] != value
    ]


def check_grant_report(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Each grant line's `route` is its path's named route and its `expected_brps`, when given,
    brps x the survival of its legs (tolerance 1e-6); the plan's `transports`, when present,
    are those each sea leg needs (40.221, 40.222, 40.252)."""
    violations: list[Violation] = []
    if scenario.grants is None:
        return violations
    for index, grant in enumerate(plan.grants):
        what = f"grants[{index}]"
        route = path_route(grant.path)
        expected_route = route.value if route is not None else None
        if grant.route != expected_route:
            violations.append(
                Violation(
                    REPORT, f"{what}.route: {grant.route} in the plan, {expected_route} by its path", REPORT
                )
            )
        if grant.expected_brps is not None:
            expected = expected_brps(scenario, grant)
            if abs(grant.expected_brps - expected) > 1e-6:
                violations.append(
                    Violation(
                        REPORT,
                        f"{what}.expected_brps: {grant.expected_brps} in the plan, {expected:.6f} by the loss rates",
                        REPORT,
                    )
                )
    if plan.transports:
        required = transports_required(scenario, plan)
        stated: dict[str, int] = {}
        for use in plan.transports:
            leg = LEG_BY_ID.get(use.leg)
            if use.leg in stated:
                violations.append(Violation(REPORT, f"transports.{use.leg}: listed twice", REPORT))
                continue
            stated[use.leg] = use.transports
            if leg is None or leg.mode is not Mode.SEA or leg.ocean is None:
                violations.append(
                    Violation(REPORT, f"transports.{use.leg}: not a sea leg of the route map", REPORT)
                )
                continue
            if use.ocean != leg.ocean.value:
                violations.append(
                    Violation(
                        REPORT,
                        f"transports.{use.leg}.ocean: {use.ocean} in the plan, {leg.ocean.value} by the map",
                        REPORT,
                    )
                )
            if use.transports != required.get(use.leg, 0):
                violations.append(
                    Violation(
                        REPORT,
                        f"transports.{use.leg}: {use.transports} in the plan, {required.get(use.leg, 0)} by the rules",
                        REPORT,
                    )
                )
        for lid, count in required.items():
            if lid not in stated:
                violations.append(
                    Violation(
                        REPORT, f"transports.{lid}: missing from the plan, {count} by the rules", REPORT
                    )
                )
    return violations


def check_report(scenario: Scenario, plan: Plan) -> list[Violation]:
    """The plan's own accounting (`powers` in POWER_ORDER, `oil` in `Scenario.factions()` order,
    grant routes, expected BRPs and transports, naval positions, spending and charts), when
    present, against the derivation."""
    violations: list[Violation] = []
    if plan.powers:
        derived = derive_report(scenario, plan)
        for power in planned_powers(scenario):
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
        listed = list(plan.powers)
        if listed != [power for power in POWER_ORDER if power in plan.powers]:
            violations.append(
                Violation(
                    REPORT,
                    f"powers: listed as {', '.join(p.value for p in listed)}, not in POWER_ORDER",
                    REPORT,
                )
            )
    if plan.oil:
        derived_oil = derive_oil(scenario, plan)
        stated_factions = [report.faction for report in plan.oil]
        derived_factions = [report.faction for report in derived_oil]
        if stated_factions != derived_factions:
            violations.append(
                Violation(
                    REPORT,
                    f"oil: factions {', '.join(f.value for f in stated_factions)} in the plan, "
                    f"{', '.join(f.value for f in derived_factions) or 'none'} by the rules",
                    REPORT,
                )
            )
        else:
            for stated_report, derived_report in zip(plan.oil, derived_oil, strict=True):
                violations += _mismatches(
                    f"oil.{stated_report.faction.value}",
                    stated_report.model_dump(),
                    derived_report.model_dump(),
                )
    violations += check_grant_report(scenario, plan)
    violations += check_naval_report(scenario, plan)
    return violations


# --------------------------------------------------------------------------- entry point


def rule_violations(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Every breach of the game rules by the builds, naval construction and grants (27.1-27.7,
    27.92, rule 40), unsorted."""
    lines, violations = resolve_lines(scenario, plan)
    account = grant_account(scenario, plan)
    replay = replay_naval(scenario, plan)
    naval = naval_spending(scenario, plan, replay)
    violations += check_force_pool(scenario, lines)
    violations += check_brps(scenario, lines, account, naval)
    violations += check_limits(scenario, lines, account, naval)
    violations += check_oil(scenario, plan, lines, account, naval)
    violations += check_naval_air(scenario, lines)
    violations += check_placement(scenario, lines)
    violations += check_grants(scenario, plan)
    violations += check_naval(scenario, plan, replay, lines, account, naval)
    return violations


def check_alternatives(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Each line's `alternatives` are sites where its counters may be placed instead, the plan
    otherwise unchanged (27.4): the plan with the line moved there breaks no rule.

    Checked only when the plan as given breaks no rule (its own violations are reported anyway).
    """
    builds = [build.model_copy(update={"alternatives": []}) for build in plan.builds]
    bare = plan.model_copy(update={"builds": builds, "powers": {}, "oil": [], "transports": []})
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
    """Every breach of rules 27 and 40, of the objective's requirements, and of the plan's own
    accounting and alternative sites; sorted by rule, then message. An empty list means a
    legal plan."""
    lines, _ = resolve_lines(scenario, plan)
    violations = rule_violations(scenario, plan)
    violations += check_requirements(scenario, plan, lines)
    violations += check_report(scenario, plan)
    violations += check_alternatives(scenario, plan)
    return sorted(violations, key=lambda v: (v.rule, v.message, v.kind))
