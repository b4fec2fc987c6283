"""The BRP grant network of rule 40 (40.2-40.8): nodes, legs and named routes.

Each leg is directed from grantor toward recipient and says how BRPs move on
it: by land, by sea (with the ocean whose transports escort it, 40.221) or by
air (the Hump, 40.85); whether it can be intercepted (on-map sea legs, 40.223;
off-board legs between boxes cannot); and the named route whose capacity it
uses (Murmansk, Persia, Turkey, Siberia, the Chinese routes). Which legs are
open this turn, and each route's capacity, follow from the scenario's state
(`optimizer/rules/grants/prepare.py`, and the checker's `optimizer/checker/grants/routes.py`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from models.tables import Power


class Ocean(StrEnum):
    ATLANTIC = "atlantic"  # 40.221 A
    PACIFIC = "pacific"  # 40.221 B
    INDIAN = "indian"  # 40.221 C


class Mode(StrEnum):
    LAND = "land"
    SEA = "sea"
    AIR = "air"


class Route(StrEnum):
    """Named grant routes with a capacity of their own."""

    MURMANSK = "murmansk"  # 40.411: by Murmansk (A47) or Archangel (A50), through Vologda
    PERSIA = "persia"  # 40.51
    TURKEY = "turkey"  # 40.61
    SIBERIA = "siberia"  # 40.73
    CHINESE_PORT = "chinese_port"  # 40.83
    HAIPHONG = "haiphong"  # 40.83, 40.831 B
    BURMA_ROAD = "burma_road"  # 40.84
    HUMP = "hump"  # 40.85


class Node(NamedTuple):
    id: str
    name: str
    box: bool = False  # a mapboard box (40.222: transports shared between two boxes)


class Leg(NamedTuple):
    source: str
    target: str
    mode: Mode
    rule: str
    ocean: Ocean | None = None
    interceptable: bool = False
    route: Route | None = None  # the capacity this leg uses
    terminus: str | None = None  # Murmansk route: which terminus (40.412 A, B)
    # The transports of the sea leg before carry the BRPs on: no escort of its own (40.63 B, 40.64).
    escort_continues: bool = False


NODES: tuple[Node, ...] = (
    Node("germany", "Germany"),
    Node("italy", "Italy"),
    Node("britain", "Britain"),
    Node("france", "France"),
    Node("us_atlantic_box", "U.S. Atlantic box", box=True),
    Node("us_pacific_box", "U.S. Pacific box", box=True),
    Node("canada_box", "Canada box", box=True),
    Node("south_africa_box", "South Africa box", box=True),
    Node("australia_box", "Australia box", box=True),
    Node("india_box", "India box", box=True),
    Node("murmansk_box", "Murmansk box", box=True),
    Node("murmansk", "Murmansk (A47)"),
    Node("archangel", "Archangel (A50)"),
    Node("vologda", "Vologda"),
    Node("persian_gulf", "Persian Gulf (NN41-NN43)"),
    Node("basra_abadan", "Basra or Abadan"),
    Node("tehran", "Tehran"),
    Node("suez", "Suez"),
    Node("abadan_ahwaz", "Abadan or Ahwaz (Persian oil)"),
    Node("mosul", "Mosul (Iraqi oil)"),
    Node("turkish_port", "Istanbul, Izmit, Izmir or Antioch"),
    Node("siberia", "Siberia (Alaska highway)"),
    Node("russia", "Russia (eastern edge, Urals box)"),
    Node("chinese_port", "Chinese port"),
    Node("haiphong", "Haiphong"),
    Node("burma_port", "Port in Burma or India"),
    Node("mandalay", "Mandalay"),
    Node("indian_airbase", "Air base in India or Burma"),
    Node("kunming", "Kunming"),
    Node("china", "Chungking"),
)

A, P, IO = Ocean.ATLANTIC, Ocean.PACIFIC, Ocean.INDIAN
LAND, SEA, AIR = Mode.LAND, Mode.SEA, Mode.AIR

LEGS: tuple[Leg, ...] = (
    # Axis (40.241): Germany to Italy by land.
    Leg("germany", "italy", LAND, "40.241"),
    # Western Allies to Britain, France and the Commonwealth (40.242-40.244).
    Leg("britain", "france", SEA, "40.242", A, interceptable=True),
    Leg("us_atlantic_box", "britain", SEA, "40.243", A, interceptable=True),
    Leg("us_atlantic_box", "france", SEA, "40.243", A, interceptable=True),
    Leg("us_atlantic_box", "canada_box", LAND, "40.244 A"),
    Leg("us_atlantic_box", "south_africa_box", SEA, "40.244 B", A),
    # 40.223: from a British or French port the convoy crosses the mapboard before it leaves it for the
    # South Africa box: interceptable there ("as they trace a path on the mapboard"), as the legs from
    # Britain and France to the Murmansk box are; only a leg between two boxes is wholly off-board.
    Leg("britain", "south_africa_box", SEA, "40.54", A, interceptable=True),
    Leg("france", "south_africa_box", SEA, "40.54", A, interceptable=True),
    Leg("us_pacific_box", "australia_box", SEA, "40.244 C", P),
    Leg("south_africa_box", "india_box", SEA, "40.244 D", IO),
    Leg("australia_box", "india_box", SEA, "40.244 D", IO),
    # Murmansk (40.4): convoys through the Murmansk box to Murmansk or Archangel, then Vologda.
    Leg("britain", "murmansk_box", SEA, "40.41", A, interceptable=True),
    Leg("france", "murmansk_box", SEA, "40.41", A, interceptable=True),
    Leg("us_atlantic_box", "murmansk_box", SEA, "40.41", A, interceptable=True),
    Leg("murmansk_box", "murmansk", LAND, "40.412 A", route=Route.MURMANSK, terminus="murmansk"),
    Leg("murmansk_box", "archangel", LAND, "40.412 B", route=Route.MURMANSK, terminus="archangel"),
    Leg("murmansk", "vologda", LAND, "40.412 A"),
    Leg("archangel", "vologda", LAND, "40.412 B"),
    Leg("vologda", "russia", LAND, "40.412 C"),
    # Persia (40.5): through the Atlantic to South Africa, the Indian Ocean to the Gulf, by land to Russia.
    Leg("south_africa_box", "persian_gulf", SEA, "40.54", IO, interceptable=True),
    Leg("persian_gulf", "basra_abadan", LAND, "40.53", route=Route.PERSIA),
    Leg("basra_abadan", "tehran", LAND, "40.53"),
    Leg("tehran", "russia", LAND, "40.53"),
    # 40.252: oil counters moved by land from Abadan or Ahwaz through Persia need no transports;
    # they use the Persian route's capacity (40.251) and its own land supply line (40.53).
    Leg("abadan_ahwaz", "russia", LAND, "40.252", route=Route.PERSIA),
    # Turkey (40.6): by the Mediterranean, or by South Africa and Suez, to a Turkish port, by land to Russia.
    Leg("britain", "turkish_port", SEA, "40.63 A", A, interceptable=True, route=Route.TURKEY),
    Leg("france", "turkish_port", SEA, "40.63 A", A, interceptable=True, route=Route.TURKEY),
    Leg("us_atlantic_box", "turkish_port", SEA, "40.63 A", A, interceptable=True, route=Route.TURKEY),
    Leg("south_africa_box", "suez", SEA, "40.63 B", IO, interceptable=True),
    # 40.63 B: "from Suez by sea through the Mediterranean" to the Turkish port; 40.64: the Indian
    # Ocean transports carry the BRPs on and are at risk there too, so the leg is interceptable
    # but needs no escort of its own.
    Leg(
        "suez",
        "turkish_port",
        SEA,
        "40.63 B, 40.64",
        IO,
        interceptable=True,
        route=Route.TURKEY,
        escort_continues=True,
    ),
    Leg("turkish_port", "russia", LAND, "40.62"),
    # 40.252: oil counters moved by land from Mosul through Turkey need no transports (40.251: Turkish capacity).
    Leg("mosul", "russia", LAND, "40.252", route=Route.TURKEY),
    # Siberia (40.7): by sea through the Pacific, never intercepted (40.74).
    Leg("us_pacific_box", "siberia", SEA, "40.71", P, route=Route.SIBERIA),
    Leg("siberia", "russia", LAND, "40.71"),
    # China (40.8).
    Leg("us_pacific_box", "chinese_port", SEA, "40.82 A", P, interceptable=True, route=Route.CHINESE_PORT),
    Leg("chinese_port", "china", LAND, "40.82 A"),
    Leg("us_pacific_box", "haiphong", SEA, "40.82 A", P, interceptable=True, route=Route.HAIPHONG),
    Leg("haiphong", "kunming", LAND, "40.831 B"),
    Leg("us_pacific_box", "burma_port", SEA, "40.82 A", P, interceptable=True),
    Leg("burma_port", "mandalay", LAND, "40.84"),
    Leg("india_box", "mandalay", LAND, "40.841"),
    Leg("mandalay", "kunming", LAND, "40.84", route=Route.BURMA_ROAD),
    Leg("burma_port", "indian_airbase", LAND, "40.851"),
    Leg("india_box", "indian_airbase", LAND, "40.851"),
    Leg("indian_airbase", "kunming", AIR, "40.85", interceptable=True, route=Route.HUMP),
    Leg("kunming", "china", LAND, "40.82"),
)

# The rule that sets each named route's capacity.
ROUTE_CAPACITY_RULES: dict[Route, str] = {
    Route.MURMANSK: "40.411",
    Route.PERSIA: "40.51",
    Route.TURKEY: "40.61",
    Route.SIBERIA: "40.73",
    Route.CHINESE_PORT: "40.83",
    Route.HAIPHONG: "40.83",
    Route.BURMA_ROAD: "40.84",
    Route.HUMP: "40.85",
}


class LegCondition(NamedTuple):
    """Legs that carry grants only while a fact of the scenario's `grants:` section holds: `field`, a
    dotted path in that section ('china.burma_port'), is true (`GrantsState.holds`)."""

    field: str
    legs: frozenset[str]
    rule: str
    reason: str  # why the legs are closed when the field is false


# The legs the state of the map closes, read alike by the planner (`optimizer/rules/grants/prepare.py`)
# and the checker (`optimizer/checker/grants/routes.py`), each applying it itself. Archangel's legs
# also close outside summer and fall (40.412 B), which each side checks with the season.
LEG_CONDITIONS: tuple[LegCondition, ...] = (
    LegCondition(
        "murmansk.murmansk_a47",
        frozenset({"murmansk_box->murmansk", "murmansk->vologda"}),
        "40.412 A",
        "Russia does not control A47 and trace supply through it to Vologda",
    ),
    LegCondition(
        "murmansk.archangel_a50",
        frozenset({"murmansk_box->archangel", "archangel->vologda"}),
        "40.412 B",
        "Russia does not control A50 and trace supply through it to Vologda",
    ),
    LegCondition(
        "murmansk.vologda_open",
        frozenset({"vologda->russia"}),
        "40.412 C",
        "Vologda is Axis, in an Axis ZoC, or cut from the eastern edge",
    ),
    LegCondition(
        "persia.supply_line",
        frozenset(
            {
                "south_africa_box->persian_gulf",
                "persian_gulf->basra_abadan",
                "basra_abadan->tehran",
                "tehran->russia",
            }
        ),
        "40.53",
        "no supply line from the South Africa box through Tehran to Russia",
    ),
    LegCondition(
        "persia.oil_land_route",
        frozenset({"abadan_ahwaz->russia"}),
        "40.53",
        "no land supply line from Abadan or Ahwaz through Tehran to Russia for Persian oil",
    ),
    LegCondition(
        "turkey.supply_line",
        frozenset({"turkish_port->russia"}),
        "40.62",
        "no supply line from a Turkish port to Russia through Allied hexes",
    ),
    LegCondition(
        "turkey.mosul_land_route",
        frozenset({"mosul->russia"}),
        "40.252",
        "no land supply line from Mosul through Turkey to Russia",
    ),
    # 40.82 A: "From the Pacific U.S. box through the Pacific, then on the Pacific mapboard to ... a port
    # in Burma or India": without an Allied port there the sea leg ends nowhere.
    LegCondition(
        "china.burma_port",
        frozenset({"us_pacific_box->burma_port"}),
        "40.82",
        "no Allied port in Burma or India reached through the Pacific (40.82 A)",
    ),
)

# The major powers' home countries on the route map. 40.21: a grant's supply line runs from the
# grantor's home country to the recipient; no leg of rule 40 carries BRPs on from a third power's
# home country, so a path never passes through one [reading] (the planner's `grant_network`, the
# checker's `check_grant_lines`).
COUNTRY_NODES: frozenset[str] = frozenset({"germany", "italy", "britain", "france", "russia", "china"})

# Where each grantor's grants start (40.21: its home country's supply source).
GRANTOR_NODES: dict[Power, tuple[str, ...]] = {
    Power.GERMANY: ("germany",),
    Power.BRITAIN: ("britain",),
    Power.FRANCE: ("france",),
    Power.USA: ("us_atlantic_box", "us_pacific_box"),
}

# 40.252: where the Western Allies' oil counters may start overland to Russia: oil only, no BRPs
# (BRP grants start in the grantor's home country, 40.21).
OIL_SOURCE_NODES: tuple[str, ...] = ("abadan_ahwaz", "mosul")

# Where each recipient receives (40.21: a hex where it may build, or the Urals box for Russia).
RECIPIENT_NODES: dict[str, str] = {
    "italy": "italy",
    "britain": "britain",
    "france": "france",
    "russia": "russia",
    "china": "china",
    "canada": "canada_box",
    "south_africa": "south_africa_box",
    "australia": "australia_box",
    "india": "india_box",
}

# 40.25: most oil counters shipped to Russia a turn by each route; each uses 10 BRPs of capacity (40.251).
OIL_ROUTE_LIMITS: dict[Route, int] = {Route.MURMANSK: 2, Route.PERSIA: 1, Route.TURKEY: 1, Route.SIBERIA: 1}
OIL_COUNTER_BRPS = 10
BRPS_PER_TRANSPORT = 5  # 40.221

NODE_BY_ID: dict[str, Node] = {node.id: node for node in NODES}


def leg_id(leg: Leg) -> str:
    return f"{leg.source}->{leg.target}"


LEG_BY_ID: dict[str, Leg] = {leg_id(leg): leg for leg in LEGS}

# Capacity of each named route when nothing reduces it, in BRPs a turn (40.411 from the fourth
# Allied turn of the Germany-Russia war, 40.51 A, 40.61 A, 40.73 A, 40.83, 40.84, 40.85).
ROUTE_FULL_CAPACITY: dict[Route, int] = {
    Route.MURMANSK: 20,
    Route.PERSIA: 10,
    Route.TURKEY: 10,
    Route.SIBERIA: 10,
    Route.CHINESE_PORT: 10,
    Route.HAIPHONG: 10,
    Route.BURMA_ROAD: 10,
    Route.HUMP: 5,
}
# 40.411: Murmansk by Allied turns since the Germany-Russia war began (0, 1, 2, 3, 4 or more).
MURMANSK_CAPACITY_BY_TURN = (0, 5, 10, 15, 20)
PERSIA_PARTISAN_REDUCTION = 5  # 40.51 B, 40.532: per partisan in Persia
TURKEY_PARTISAN_REDUCTION = 2  # 40.61 B, 40.65: per partisan in Turkey
TURKEY_REDUCTION_CAP = 6  # 40.61 B: at most
SIBERIA_REDUCED_CAPACITY = 5  # 40.73 B: Japan at war with Russia or holding Vladivostok or Dutch Harbor
USAT_GRANT_FREE_LEVEL = 25  # 40.331 A: one BRP per USAT level above 25
USAT_GRANT_CAP = 25  # 40.331 A: at most 25 BRPs a turn
# 40.331 A: the U.S. grants before war with Germany to these recipients fall under the USAT cap.
US_EUROPEAN_RECIPIENTS: tuple[str, ...] = ("britain", "france", "canada", "south_africa")
# 40.333: after an election result of -7 or below, U.S. grants to the Western Allies and China are
# governed by the USAT or USJT level (62.421), even at war.
POST_ELECTION_GRANT_RESULT = -7
PERSIA_OPENING_BRPS = 25  # 40.521
PERSIA_OPENING_AFTER_WAR_BRPS = 15  # 40.522: after a declaration of war on Persia
ALASKA_HIGHWAY_BRPS = 25  # 40.72


class SharedCapacity(NamedTuple):
    """Named routes whose capacity is one, shared between them: each keeps its own legs and closures."""

    rule: str
    label: str
    routes: tuple[Route, ...]
    brps: int


# 40.83: "Up to ten BRPs may be granted to China via a Chinese port or French Indochina each turn":
# one capacity of 10 for both, each closed by its own restriction (40.831 A, B).
SHARED_CAPACITIES: tuple[SharedCapacity, ...] = (
    SharedCapacity("40.83", "a Chinese port or French Indochina", (Route.CHINESE_PORT, Route.HAIPHONG), 10),
)


def usat_grant_cap(usat: int) -> int:
    """BRPs the U.S. may grant Britain, France, Canada and South Africa together in a turn before
    war with Germany: one per USAT level above 25, at most 25 (40.331 A)."""
    return max(0, min(USAT_GRANT_CAP, usat - USAT_GRANT_FREE_LEVEL))
