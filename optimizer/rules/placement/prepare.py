"""Where new units may be placed (27.4) and strategic bombers and interceptors (27.92): preparation."""

from __future__ import annotations

import networkx as nx

from models.map_data import FRENCH_COLONIES, HOME_COUNTRIES, JAPAN_OUTSIDE_HOME_COUNTRIES, Country
from models.scenario import NATIONALITY_DOMINION, ForcePoolEntry, Nationality, Scenario
from models.tables import UNIT_SPECS, Category, Power, UnitType

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
    category = UNIT_SPECS[entry.unit].category
    if country == Country.SW_BOX:
        return ("27.92", "SW boxes take only strategic bombers and interceptors")
    dominion = NATIONALITY_DOMINION.get(entry.nationality)
    if dominion is not None:
        if country == dominion.value:
            return None
        return ("27.47", f"{entry.nationality.value} units are built only in {dominion.value}")
    if entry.nationality is Nationality.FRENCH_COLONIAL:
        if country in FRENCH_COLONIES:
            return None
        return ("27.477", "French colonial units are rebuilt only in their colonies")
    if entry.unit is UnitType.CHINDIT:
        if country == Country.INDIA:
            return None
        return ("27.474 D", "the Chindit is built in India")
    if country in HOME_COUNTRIES[power]:
        return None
    if power is Power.JAPAN and country in JAPAN_OUTSIDE_HOME_COUNTRIES:
        if entry.unit is UnitType.INFANTRY:
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
    node = graph.nodes[site]
    refusal = country_refusal(power, entry, node["country"])
    if refusal:
        return refusal
    if entry.sites is not None and site not in entry.sites:
        return (
            "27.477" if entry.nationality is Nationality.FRENCH_COLONIAL else "27.4",
            "not a site named for the entry",
        )
    if node["controller"] is not power:
        who = node["controller"].value if node["controller"] else "nobody"
        return ("27.45", f"controlled by {who}")
    if not node["controlled_at_turn_start"]:
        return ("27.45", "not controlled at the start of the player turn")
    if node["recaptured_this_turn"]:
        return ("27.45", "recaptured this turn")
    if node["enemy_zoc"]:
        return ("27.44", "in an enemy zone of control")
    if site not in supplied:
        if power is Power.RUSSIA:
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
    for site in graph.nodes:
        refusal = site_refusal(graph, supplied, power, entry, site)
        if refusal is None:
            eligible.append(site)
        elif graph.nodes[site]["controller"] is power or entry.sites and site in entry.sites:
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
