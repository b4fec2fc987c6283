"""Rule tables of A World at War used by the planner and by the checker.

Every entry names the rule it comes from. These tables are data only: the
solver (``optimizer/``) and the independent checker (``optimizer/checker/``)
both read them, and neither shares the other's arithmetic.
"""

from __future__ import annotations

from enum import StrEnum


class Power(StrEnum):
    """The major powers (27.1: each major power builds within its own limit)."""

    GERMANY = "germany"
    ITALY = "italy"
    BRITAIN = "britain"
    FRANCE = "france"
    USA = "usa"
    RUSSIA = "russia"
    JAPAN = "japan"
    CHINA = "china"


class Faction(StrEnum):
    """Alliance factions: each shares one construction oil threshold (27.35 I, J)."""

    EUROPEAN_AXIS = "european_axis"
    WESTERN_ALLIES = "western_allies"
    RUSSIA = "russia"
    JAPAN = "japan"
    CHINA = "china"


FACTION_POWERS: dict[Faction, tuple[Power, ...]] = {
    Faction.EUROPEAN_AXIS: (Power.GERMANY, Power.ITALY),
    Faction.WESTERN_ALLIES: (Power.BRITAIN, Power.FRANCE, Power.USA),
    Faction.RUSSIA: (Power.RUSSIA,),
    Faction.JAPAN: (Power.JAPAN,),
    Faction.CHINA: (Power.CHINA,),
}

# Factions that may plan together: the Western Allies, Russia and China are allies
# whose BRPs move between them by grants (40.3); the European Axis and Japan plan
# alone (Japan neither grants nor receives, 40.32 C).
SIDE_FACTIONS: dict[Faction, tuple[Faction, ...]] = {
    Faction.EUROPEAN_AXIS: (Faction.EUROPEAN_AXIS,),
    Faction.JAPAN: (Faction.JAPAN,),
    Faction.WESTERN_ALLIES: (Faction.WESTERN_ALLIES, Faction.RUSSIA, Faction.CHINA),
    Faction.RUSSIA: (Faction.RUSSIA, Faction.WESTERN_ALLIES, Faction.CHINA),
    Faction.CHINA: (Faction.CHINA, Faction.WESTERN_ALLIES, Faction.RUSSIA),
}
# Order in which powers are listed in plans.
POWER_ORDER: tuple[Power, ...] = tuple(Power)

POWER_FACTION: dict[Power, Faction] = {
    power: faction for faction, powers in FACTION_POWERS.items() for power in powers
}

# 27.35 J: "American construction costs are ignored, as the United States has
# unlimited oil." Every other power's builds count toward its faction's threshold.
OIL_EXEMPT_POWERS: frozenset[Power] = frozenset({Power.USA})


class UnitType(StrEnum):
    """Unit types of the BRP Costs Chart (27.12)."""

    INFANTRY = "infantry"
    REPLACEMENT = "replacement"
    NAVAL_AIR = "naval_air"
    KAMIKAZE = "kamikaze"
    FLAK = "flak"
    ARMOR = "armor"
    PARTISAN = "partisan"
    AIRBORNE = "airborne"
    CHINDIT = "chindit"
    MARINE = "marine"
    COMMANDO = "commando"
    ARMY_AIR = "army_air"
    JET = "jet"
    STRATEGIC_BOMBER = "strategic_bomber"
    INTERCEPTOR = "interceptor"
    DESTROYER = "destroyer"
    ESCORT_CARRIER = "escort_carrier"  # CVE
    CRUISER = "cruiser"
    CAPITAL_SHIP = "capital_ship"
    CARRIER = "carrier"
    TRANSPORT = "transport"
    SUBMARINE = "submarine"
    ASW = "asw"
    FORTIFICATION = "fortification"
    RAILHEAD = "railhead"
    BEACH_DEFENSE = "beach_defense"
    PORT = "port"


class CostBasis(StrEnum):
    """What one price of the 27.12 chart buys."""

    FACTOR = "factor"  # per combat factor (27.11 A-C)
    COUNTER = "counter"  # per counter (27.11 D, F)
    PAIR = "pair"  # per two counters (27.11 E)


class Category(StrEnum):
    """How a unit type is placed (27.4, 27.92) and stacked (27.46)."""

    GROUND = "ground"
    AIR = "air"
    NAVAL_AIR = "naval_air"
    SW_AIR = "sw_air"  # strategic bombers and interceptors, placed in SW boxes (27.92)
    WORKS = "works"  # fortifications, railheads, beach defenses, ports
    PARTISAN = "partisan"  # placed by the partisan rules (11.3, 27.48)
    NAVAL = "naval"  # built on shipyards (27.7)


class UnitSpec:
    """One row of the BRP Costs Chart (27.12) with the unit's placement category."""

    __slots__ = ("brps", "basis", "category", "rule")

    def __init__(self, brps: int, basis: CostBasis, category: Category, rule: str) -> None:
        self.brps = brps
        self.basis = basis
        self.category = category
        self.rule = rule


_F, _C, _P = CostBasis.FACTOR, CostBasis.COUNTER, CostBasis.PAIR

# BRP Costs Chart, 27.12 (27.11 A-F; 27.11 C is given by the chart).
UNIT_SPECS: dict[UnitType, UnitSpec] = {
    UnitType.INFANTRY: UnitSpec(1, _F, Category.GROUND, "27.11 A"),
    UnitType.REPLACEMENT: UnitSpec(1, _F, Category.GROUND, "27.11 A"),
    UnitType.NAVAL_AIR: UnitSpec(1, _F, Category.NAVAL_AIR, "27.11 A"),
    UnitType.KAMIKAZE: UnitSpec(1, _F, Category.NAVAL_AIR, "27.11 A"),
    UnitType.FLAK: UnitSpec(1, _F, Category.GROUND, "27.11 A"),
    UnitType.ARMOR: UnitSpec(2, _F, Category.GROUND, "27.11 B"),
    UnitType.PARTISAN: UnitSpec(2, _F, Category.PARTISAN, "27.11 B"),
    UnitType.AIRBORNE: UnitSpec(3, _F, Category.GROUND, "27.12"),
    UnitType.CHINDIT: UnitSpec(3, _F, Category.GROUND, "27.12"),
    UnitType.MARINE: UnitSpec(3, _F, Category.GROUND, "27.12"),
    UnitType.COMMANDO: UnitSpec(3, _F, Category.GROUND, "27.12"),
    UnitType.ARMY_AIR: UnitSpec(3, _F, Category.AIR, "27.12"),
    UnitType.JET: UnitSpec(3, _F, Category.AIR, "27.12"),
    UnitType.STRATEGIC_BOMBER: UnitSpec(3, _F, Category.SW_AIR, "27.12"),
    UnitType.INTERCEPTOR: UnitSpec(3, _F, Category.SW_AIR, "27.12"),
    UnitType.DESTROYER: UnitSpec(3, _F, Category.NAVAL, "27.12"),
    UnitType.ESCORT_CARRIER: UnitSpec(3, _F, Category.NAVAL, "27.12"),
    UnitType.CRUISER: UnitSpec(3, _F, Category.NAVAL, "27.12"),
    UnitType.CAPITAL_SHIP: UnitSpec(3, _F, Category.NAVAL, "27.12"),
    UnitType.CARRIER: UnitSpec(3, _F, Category.NAVAL, "27.12"),
    UnitType.TRANSPORT: UnitSpec(3, _F, Category.NAVAL, "27.12"),
    UnitType.SUBMARINE: UnitSpec(3, _F, Category.NAVAL, "27.12"),
    UnitType.ASW: UnitSpec(3, _F, Category.NAVAL, "27.12"),
    UnitType.FORTIFICATION: UnitSpec(5, _C, Category.WORKS, "27.11 D"),
    UnitType.RAILHEAD: UnitSpec(5, _C, Category.WORKS, "27.11 D"),
    UnitType.BEACH_DEFENSE: UnitSpec(5, _P, Category.WORKS, "27.11 E"),
    UnitType.PORT: UnitSpec(10, _C, Category.WORKS, "27.11 F"),
}

# 27.21: specialized units may not be rebuilt in the player turn they are
# eliminated. The seed does not list them [reading]: airborne, Chindits,
# marines and commandos, the chart's special ground units. A force pool entry
# may override this with `specialized:`.
SPECIALIZED_UNIT_TYPES: frozenset[UnitType] = frozenset(
    {UnitType.AIRBORNE, UnitType.CHINDIT, UnitType.MARINE, UnitType.COMMANDO}
)

# Unit types without combat factors: the objective values them per counter.
WORKS_UNIT_TYPES: frozenset[UnitType] = frozenset(
    t for t, spec in UNIT_SPECS.items() if spec.category is Category.WORKS
)

# Reconstruction multipliers (27.13, 27.14, 27.35 D, E): (inside the oil
# threshold, past it), for ordinary builds and for 27.13 A units rebuilt in the
# turn of their elimination.
COST_MULTIPLIERS: dict[bool, tuple[int, int]] = {
    False: (1, 2),  # 27.35 D
    True: (2, 3),  # 27.13 A, 27.14, 27.35 E
}

# 27.35 A-C: normal cost applies to the first 25 x (n + 1) BRPs of builds.
OIL_THRESHOLD_STEP_BRPS = 25


def oil_threshold_brps(oil_counters: int) -> int:
    """BRPs of builds at normal cost with n oil counters spent (27.35 A-C)."""
    return OIL_THRESHOLD_STEP_BRPS * (oil_counters + 1)


# Naval air training rates, factors a turn (27.61). France, Russia and China
# may never build naval air.
NAVAL_AIR_RATES: dict[Power, int] = {
    Power.USA: 4,
    Power.JAPAN: 3,
    Power.BRITAIN: 2,
    Power.GERMANY: 1,
    Power.ITALY: 1,
    Power.FRANCE: 0,
    Power.RUSSIA: 0,
    Power.CHINA: 0,
}
NAVAL_AIR_NEVER: frozenset[Power] = frozenset({Power.FRANCE, Power.RUSSIA, Power.CHINA})
# 27.61: "Japan's naval air training rate is doubled once kamikazes have been formed."
KAMIKAZE_RATE_MULTIPLIER = 2

# 27.331 A: transport shortages affect only Britain and Japan.
TRANSPORT_SHORTAGE_POWERS: frozenset[Power] = frozenset({Power.BRITAIN, Power.JAPAN})
# 27.332: Germany only, -5 while Swedish iron ore is cut off; not cumulative.
IRON_ORE_REDUCTION = 5
# 27.33 (last paragraph): cap on the reduction from bombing, rockets and units
# adjacent to mapboard boxes, per turn.
RUSSIA_REDUCTION_CAP = 15
DOMINION_REDUCTION_CAP = 3

# 27.32 A, 27.334, 27.34: one limit BRP per three BRPs.
LIMIT_DIVISOR = 3


class Dominion(StrEnum):
    """Commonwealth countries whose units Britain builds (27.472-27.475)."""

    SOUTH_AFRICA = "south_africa"
    AUSTRALIA = "australia"
    INDIA = "india"
    CANADA = "canada"


# 27.473 B, 27.474 B: per-turn construction limits of Australia and India.
DOMINION_LIMITS: dict[Dominion, int] = {Dominion.AUSTRALIA: 9, Dominion.INDIA: 3}

# 27.471: Japan builds at most three infantry factors a turn in Korea and
# Manchuria together.
JAPAN_OUTSIDE_HOME_INFANTRY_FACTORS = 3
# 27.476: Russia builds at most six BRPs of ground and air units a turn in Siberia.
RUSSIA_SIBERIA_BRPS = 6

# Non-construction BRP spending of the 27.12 chart.
NON_CONSTRUCTION_COSTS: dict[str, tuple[int, bool, str]] = {
    # kind: (BRPs, per factor used?, rule)
    "declaration_of_war_major": (35, False, "27.12"),
    "declaration_of_war_minor": (10, False, "27.12"),
    "full_offensive": (15, False, "27.12"),
    "limited_offensive": (1, True, "27.12"),
    "participation_offensive": (1, True, "27.12"),
    # BRP spending outside the construction limit (40.521, 40.522, 40.72)
    "open_persian_route": (25, False, "40.521"),
    "open_persian_route_after_war_on_persia": (15, False, "40.522"),
    "build_alaska_highway": (25, False, "40.72"),
}
# The spending kinds that open a grant route (40.521, 40.522, 40.72): in grant mode the plan pays them.
ROUTE_OPENING_SPENDING = frozenset(
    kind for kind, (_, _, rule) in NON_CONSTRUCTION_COSTS.items() if rule.startswith("40.")
)
PER_FACTOR_SPENDING = frozenset(
    kind for kind, (_, per_factor, _) in NON_CONSTRUCTION_COSTS.items() if per_factor
)
# 27.12 chart, limited or participation offensives: 1 BRP for each ground or air factor used and
# each destroyer or escort carrier factor used (the `factors` of a per-factor line), and 1 BRP for
# "each 2-factor cruiser or named ship used".
OFFENSIVE_SHIP_BRPS = 1


def offensive_ship_brps(ship_factors: list[int], per_two_factors: bool) -> int:
    """BRPs for the cruisers and named ships used in a limited or participation offensive (27.12).

    The chart's row "Each 2-factor cruiser or named ship used: 1" reads two ways: 1 BRP per ship
    used, whatever its factors (`per_two_factors` false, the default reading), or 1 BRP per two
    factors of cruisers and named ships, their total over the offensive rounded up (true)."""
    if per_two_factors:
        return OFFENSIVE_SHIP_BRPS * -(-sum(ship_factors) // 2)
    return OFFENSIVE_SHIP_BRPS * len(ship_factors)
