"""The placement map as a networkx graph, and supply tracing over it (27.43)."""

from __future__ import annotations

import networkx as nx

from models.map_data import LINKS, SITES, Country
from models.scenario import MapState, SiteState, SupplyOverride
from models.tables import POWER_FACTION, Power

_DEFAULT_STATE = SiteState()


def build_map(state: MapState) -> nx.Graph:
    """The bundled map with the scenario's overrides applied.

    Node attributes: every field of `models.map_data.Site`, plus `controller`
    and the fields of `SiteState` (turn-start control, recapture, enemy ZoC,
    supply override, stacking room). Cut links are left out.
    """
    graph: nx.Graph[str] = nx.Graph()
    for site in SITES:
        override = state.sites.get(site.id, _DEFAULT_STATE)
        graph.add_node(
            site.id,
            name=site.name,
            country=site.country,
            port=site.port,
            box=site.box,
            supply_source=site.supply_source,
            controller=override.controller or site.owner,
            controlled_at_turn_start=override.controlled_at_turn_start,
            recaptured_this_turn=override.recaptured_this_turn,
            enemy_zoc=override.enemy_zoc,
            supply=override.supply,
            ground_capacity=override.ground_capacity,
            air_capacity=override.air_capacity,
        )
    cut = {frozenset(link) for link in state.cut_links}
    graph.add_edges_from(link for link in LINKS if frozenset(link) not in cut)
    return graph


def supply_sources(graph: nx.Graph, power: Power) -> list[str]:
    """Unlimited supply sources of `power` that it controls (27.43).

    27.43 B: Russian units trace only to the Urals box.
    """
    if power is Power.RUSSIA:
        candidates = [n for n, d in graph.nodes(data=True) if d["country"] == Country.URALS_BOX]
    else:
        candidates = [n for n, d in graph.nodes(data=True) if d["supply_source"]]
    return sorted(n for n in candidates if graph.nodes[n]["controller"] == power)


def supplied_sites(graph: nx.Graph, power: Power) -> frozenset[str]:
    """Sites where `power` is fully supplied (27.43).

    Reading: a supply line runs from one of the power's sources over links that
    are not cut, through sites controlled by the power's faction. A site the
    scenario marks partially supplied or isolated is not fully supplied.
    """
    faction = POWER_FACTION[power]
    friendly = graph.subgraph(
        n
        for n, d in graph.nodes(data=True)
        if d["controller"] is not None and POWER_FACTION[d["controller"]] is faction
    )
    reached: set[str] = set()
    for source in supply_sources(graph, power):
        if source not in reached:
            reached |= nx.node_connected_component(friendly, source)
    return frozenset(n for n in reached if graph.nodes[n]["supply"] is SupplyOverride.TRACED)
