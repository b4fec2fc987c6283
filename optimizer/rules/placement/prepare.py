"""Where new units may be placed (27.4) and strategic bombers and interceptors (27.92): preparation."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

import networkx as nx

from models.map_data import FRENCH_COLONIES, HOME_COUNTRIES, JAPAN_OUTSIDE_HOME_COUNTRIES, SITE_BY_ID, Country
from models.scenario import NATIONALITY_DOMINION, ForcePoolEntry, Nationality, Scenario, SupplyOverride
from models.tables import NAVAL_AIR_NEVER, UNIT_SPECS, Category, Power, UnitType
from optimizer.rules.placement.supply import build_map, supplied_sites

Refusal = tuple[str, str]  # (rule, reason)


def sw_air_sites(scenario: Scenario, power: Power) -> tuple[str, ...] | None:
    """Where new strategic bombers and interceptors go (27.92), or None for powers 27.92 does not name.

    Reading: Italy, France and China are not named by 27.92 and place them as
    other air units.
    """
    if power in (Power.GERMANY, Power.BRITAIN):
        return ("atlantic_sw_box",)
    if power is Power.JAPAN:
        return ("pacific_sw_box",)
    if power is Power.RUSSIA:
        return ("atlantic_sw_box", "pacific_sw_box")
    if power is Power.USA:
        return (
            "atlantic_sw_box" if scenario.us_at_war.get("europe") else "us_atlantic_box",
            "pacific_sw_box" if scenario.us_at_war.get("pacific") else "us_pacific_box",
        )
    return None


def country_refusal(power: Power, entry: ForcePoolEntry, country: str) -> Refusal | None:
    """Home-country and outside-home-country rules (27.42, 27.47)."""
    return _country_refusal(power, entry.unit, entry.nationality, country)


@lru_cache(maxsize=None, typed=True)  # typed: a StrEnum member and its value are different questions
def _country_refusal(power: Power, unit: UnitType, nationality: Nationality, country: str) -> Refusal | None:
    """`country_refusal` of the unit type and nationality alone, which is all it reads of an entry: asked
    of every site for every entry (34,038 times over 12 naval tail positions), answered once each."""
    category = UNIT_SPECS[unit].category
    if country == Country.SW_BOX:
        return ("27.92", "SW boxes take only strategic bombers and interceptors")
    dominion = NATIONALITY_DOMINION.get(nationality)
    if dominion is not None:
        if country == dominion.value:
            return None
        return ("27.47", f"{nationality.value} units are built only in {dominion.value}")
    if nationality is Nationality.FRENCH_COLONIAL:
        if country in FRENCH_COLONIES:
            return None
        return ("27.477", "French colonial units are rebuilt only in their colonies")
    if unit is UnitType.CHINDIT:
        if country == Country.INDIA:
            return None
        return ("27.474 D", "the Chindit is built in India")
    if country in HOME_COUNTRIES[power]:
        return None
    if power is Power.JAPAN and country in JAPAN_OUTSIDE_HOME_COUNTRIES:
        if unit is UnitType.INFANTRY:
            return None
        return ("27.471", "Japan builds only infantry in Korea and Manchuria")
    if power is Power.RUSSIA and country == Country.SIBERIA:
        if category in (Category.GROUND, Category.AIR):
            return None
        return ("27.476", "Russia builds only ground and air units in Siberia")
    rule = {
        Country.SARDINIA: "27.42 B",
        Country.KARAFUTO: "27.42 C",
        Country.KURILES: "27.42 C",
        Country.OKINAWA: "27.42 C",
        Country.CORSICA: "27.42 E",
        Country.EASTERN_EUROPE: "27.42 F",
        Country.URALS_BOX: "27.42 F",
        Country.MONGOLIA: "27.476",
        Country.TANNU_TUVA: "27.476",
        Country.MANCHURIA: "27.42 H",
    }.get(country, "27.42")
    return (rule, f"{country} is not in {power.value}'s home country")


def site_refusal(
    graph: nx.Graph, supplied: frozenset[str], power: Power, entry: ForcePoolEntry, site: str
) -> Refusal | None:
    """Why `entry` cannot be built at `site` this turn, or None if it can (27.42-27.45, 27.47)."""
    return _refusal_at(graph.nodes[site], supplied, power, entry, site)


def _refusal_at(
    node: dict[str, Any], supplied: frozenset[str], power: Power, entry: ForcePoolEntry, site: str
) -> Refusal | None:
    """`site_refusal` given the site's node data (looked up once by a caller that walks every site)."""
    refusal = country_refusal(power, entry, node["country"])
    if refusal:
        return refusal
    if entry.sites is not None and site not in entry.sites:
        return (
            "27.477" if entry.nationality is Nationality.FRENCH_COLONIAL else "27.4",
            "not a site named for the entry",
        )
    return _state_refusal_at(node, supplied, power, site)


def state_refusal(graph: nx.Graph, supplied: frozenset[str], power: Power, site: str) -> Refusal | None:
    """Why `power` may place no unit at all at `site` this turn, or None (27.43-27.45)."""
    return _state_refusal_at(graph.nodes[site], supplied, power, site)


def zoc_and_hold_refusal(node: dict[str, Any]) -> Refusal | None:
    """Why no newly constructed unit may be placed at a site (its node data) by 27.44 ("Units may not be
    constructed in hexes which are in an enemy ZoC") or 27.45 (not "controlled ... at the beginning of the
    player turn of construction", or "recaptured from the enemy until the player turn following their
    recapture"), or None; land placement's and naval construction's alike (27.41)."""
    if not node["controlled_at_turn_start"]:
        return ("27.45", "not controlled at the start of the player turn")
    if node["recaptured_this_turn"]:
        return ("27.45", "recaptured this turn")
    if node["enemy_zoc"]:
        return ("27.44", "in an enemy zone of control")
    return None


def _state_refusal_at(
    node: dict[str, Any], supplied: frozenset[str], power: Power, site: str
) -> Refusal | None:
    """`state_refusal` given the site's node data."""
    if node["controller"] is not power:
        who = node["controller"].value if node["controller"] else "nobody"
        return ("27.45", f"controlled by {who}")
    if refusal := zoc_and_hold_refusal(node):
        return refusal
    if site not in supplied:
        # A site the scenario marks partially supplied or isolated breaks 27.43 A, Russia's too; a
        # Russian site whose line does not reach the Urals box, 27.43 B.
        if power is Power.RUSSIA and node["supply"] is SupplyOverride.TRACED:
            return ("27.43 B", "no supply line to the Urals box")
        return ("27.43 A", f"not fully supplied ({node['supply'].value})")
    return None


def placement_options(
    scenario: Scenario, graph: nx.Graph, supplied: frozenset[str], power: Power, entry: ForcePoolEntry
) -> tuple[tuple[str | None, ...], dict[str, Refusal]]:
    """Eligible sites of a force pool entry, and why each other site is refused.

    Partisans are placed by the partisan rules (11.3, 27.48): their site is None.
    """
    category = UNIT_SPECS[entry.unit].category
    if category is Category.PARTISAN:
        return (None,), {}
    if category is Category.SW_AIR:
        boxes = sw_air_sites(scenario, power)
        if boxes is not None:
            eligible = []
            refused: dict[str, Refusal] = {}
            for site in boxes:
                if graph.nodes[site]["country"] == Country.SW_BOX:
                    eligible.append(site)
                    continue
                refusal = site_refusal(graph, supplied, power, entry, site)
                if refusal:
                    refused[site] = refusal
                else:
                    eligible.append(site)
            return tuple(eligible), refused
    eligible = []
    refused = {}
    # Every site of the map for every entry: each site's data read once (networkx views are slow).
    for site, node in graph.nodes(data=True):
        refusal = _refusal_at(node, supplied, power, entry, site)
        if refusal is None:
            eligible.append(site)
        elif node["controller"] is power or entry.sites and site in entry.sites:
            refused[site] = refusal
    return tuple(eligible), refused


def site_classes(
    graph: nx.Graph, power: Power, stacks_as: Category | None, sites: tuple[str | None, ...]
) -> dict[str | None, tuple[str, ...]]:
    """Group eligible sites that no constraint tells apart, keyed by their first site.

    Sites differ only through stacking room (27.46) and the regional caps of
    27.471 and 27.476; among the rest the choice of site changes nothing, so the
    model places the counters at the first and the plan lists the others as
    equally good. This removes symmetric choices from the search.
    """
    classes: dict[object, list[str | None]] = {}
    for site in sites:
        key: object
        if site is None:
            key = None
        else:
            node = graph.nodes[site]
            capacity = {Category.GROUND: node["ground_capacity"], Category.AIR: node["air_capacity"]}
            if stacks_as in capacity and capacity[stacks_as] is not None:
                key = ("site", site)
            elif power is Power.JAPAN and node["country"] in JAPAN_OUTSIDE_HOME_COUNTRIES:
                key = "korea_manchuria"
            elif power is Power.RUSSIA and node["country"] == Country.SIBERIA:
                key = "siberia"
            else:
                key = "free"
        classes.setdefault(key, []).append(site)
    return {members[0]: tuple(s for s in members[1:] if s is not None) for members in classes.values()}


class BuildSite(NamedTuple):
    """A site where a power may build some unit by the country rules, and its state this turn."""

    site: str
    name: str
    country: str
    port: bool
    controller: Power | None
    controlled_at_turn_start: bool
    recaptured_this_turn: bool
    enemy_zoc: bool
    supply: SupplyOverride  # as the scenario sets it
    supplied: bool  # a supply line is traced to it (27.43)
    ground_capacity: int | None
    air_capacity: int | None
    units: str  # what the country rules let the power build here (27.42, 27.47, 27.92)
    refusal: Refusal | None  # why nothing may be built here this turn (27.43-27.45)


# Units placed by rules of their own: partisans (11.3, 27.48); naval units are built on shipyards (27.7).
_NOT_PLACED = (Category.PARTISAN, Category.NAVAL)
# One power's own units, named apart where they may go: the British Chindit (27.474 D) and Japanese
# kamikazes (27.61); the scenario's validation refuses them for anyone else.
_SPECIALS = {UnitType.CHINDIT: Power.BRITAIN, UnitType.KAMIKAZE: Power.JAPAN}
_CATEGORY_NAMES = {
    Category.GROUND: "ground",
    Category.AIR: "air",
    Category.NAVAL_AIR: "naval air",
    Category.SW_AIR: "strategic bombers and interceptors (27.92)",
    Category.WORKS: "works",
}


def _allowed_units(scenario: Scenario, power: Power, site: str, nationality: Nationality) -> set[UnitType]:
    """Unit types of `nationality` that `country_refusal` and `sw_air_sites` let `power` place at `site`."""
    boxes = sw_air_sites(scenario, power)
    allowed = set()
    for unit, spec in UNIT_SPECS.items():
        if spec.category in _NOT_PLACED or _SPECIALS.get(unit, power) is not power:
            continue
        if spec.category is Category.NAVAL_AIR and power in NAVAL_AIR_NEVER:
            continue  # 27.61
        if unit is UnitType.CHINDIT and nationality is not Nationality.OWN:
            continue  # 27.474 D: a British unit
        if spec.category is Category.SW_AIR and boxes is not None:
            if site in boxes and nationality is Nationality.OWN:
                allowed.add(unit)
            continue
        probe = ForcePoolEntry.model_construct(id="probe", unit=unit, count=1, nationality=nationality)
        if country_refusal(power, probe, SITE_BY_ID[site].country) is None:
            allowed.add(unit)
    return allowed


def _describe_units(power: Power, allowed: set[UnitType], sw_boxes: bool) -> str:
    """Whole categories by name, others by unit type, in the chart's order; "any" when every category
    the power builds is whole (strategic bombers and interceptors named apart where 27.92 sends them
    to SW boxes); the Chindit and kamikazes after."""
    categories = [c for c in _CATEGORY_NAMES if not (c is Category.NAVAL_AIR and power in NAVAL_AIR_NEVER)]
    whole, parts = [], []
    for category in categories:
        members = {u for u, s in UNIT_SPECS.items() if s.category is category and u not in _SPECIALS}
        present = members & allowed
        if present == members:
            whole.append(category)
            parts.append(_CATEGORY_NAMES[category])
        else:
            parts.extend(u.value for u in UnitType if u in present)
    if all(c in whole for c in categories if c is not Category.SW_AIR):
        parts = ["any"] + (
            [_CATEGORY_NAMES[Category.SW_AIR]] if sw_boxes and Category.SW_AIR in whole else []
        )
    parts.extend(u.value for u in _SPECIALS if u in allowed)
    return ", ".join(parts)


def _nationalities(power: Power) -> tuple[Nationality, ...]:
    """Whose units `power` builds (27.47, 27.477)."""
    if power is Power.BRITAIN:
        return (Nationality.OWN, *NATIONALITY_DOMINION)
    if power is Power.FRANCE:
        return (Nationality.OWN, Nationality.FRENCH_COLONIAL)
    return (Nationality.OWN,)


def build_sites(scenario: Scenario, power: Power) -> list[BuildSite]:
    """Every site where `power` may build some unit by the country rules, in map order, with its state
    in the scenario and why nothing may be built there this turn, if so (27.4, 27.92)."""
    graph = build_map(scenario.map)
    supplied = supplied_sites(graph, power)
    out = []
    for site in graph.nodes:
        described = []
        for nationality in _nationalities(power):
            allowed = _allowed_units(scenario, power, site, nationality)
            if allowed:
                text = _describe_units(power, allowed, sw_air_sites(scenario, power) is not None)
                described.append(
                    text if nationality is Nationality.OWN else f"{nationality.value} units: {text}"
                )
        if not described:
            continue
        node = graph.nodes[site]
        out.append(
            BuildSite(
                site=site,
                name=node["name"],
                country=node["country"],
                port=node["port"],
                controller=node["controller"],
                controlled_at_turn_start=node["controlled_at_turn_start"],
                recaptured_this_turn=node["recaptured_this_turn"],
                enemy_zoc=node["enemy_zoc"],
                supply=node["supply"],
                supplied=site in supplied,
                ground_capacity=node["ground_capacity"],
                air_capacity=node["air_capacity"],
                units="; ".join(described),
                refusal=None
                if node["country"] == Country.SW_BOX
                else state_refusal(graph, supplied, power, site),
            )
        )
    return out
