"""Stacking (27.46) and the regional caps on new units outside the home country (27.471, 27.476)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.map_data import JAPAN_OUTSIDE_HOME_COUNTRIES, Country
from models.tables import JAPAN_OUTSIDE_HOME_INFANTRY_FACTORS, RUSSIA_SIBERIA_BRPS, Category, Power
from optimizer.rules.guards import Guards
from optimizer.rules.linear import LinearExpr
from optimizer.turn.prepare import Prepared
from optimizer.turn.variables import Variables


def stacked(data: Prepared, variables: Variables, site: str, category: Category) -> list[LinearExpr]:
    """New counters placed at `site` that stack as `category` (27.46)."""
    return [
        var
        for (key, at), var in variables.builds.counters.items()
        if at == site and data.entries[key].stacks_as is category
    ]


def korea_manchuria_factors(data: Prepared, variables: Variables) -> list[LinearExpr]:
    """Japanese factors placed in Korea and Manchuria (27.471)."""
    return [
        variables.builds.counters[key, site] * data.entries[key].entry.factors
        for key, site in variables.builds.counters
        if site is not None
        and data.entries[key].power is Power.JAPAN
        and data.site_country[site] in JAPAN_OUTSIDE_HOME_COUNTRIES
    ]


def siberia_brps(data: Prepared, variables: Variables) -> list[LinearExpr]:
    """BRPs, at normal cost, of Russian units placed in Siberia (27.476)."""
    return [
        variables.builds.priced_units(key, site) * data.entries[key].unit_cost
        for key, site in variables.builds.counters
        if site is not None
        and data.entries[key].power is Power.RUSSIA
        and data.site_country[site] == Country.SIBERIA
    ]


def add_placement(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """Stacking (27.46) and the outside-home caps of Japan (27.471) and Russia in Siberia (27.476)."""
    for site, (ground_capacity, air_capacity) in data.stacking.items():
        for capacity, category in ((ground_capacity, Category.GROUND), (air_capacity, Category.AIR)):
            if capacity is None:
                continue
            placed = stacked(data, variables, site, category)
            if placed:
                model.add(sum(placed) <= capacity).only_enforce_if(guards.of("27.46", site))
    korea_manchuria = korea_manchuria_factors(data, variables)
    if korea_manchuria:
        model.add(sum(korea_manchuria) <= JAPAN_OUTSIDE_HOME_INFANTRY_FACTORS).only_enforce_if(
            guards.of("27.471", "korea and manchuria")
        )
    siberia = siberia_brps(data, variables)
    if siberia:
        model.add(sum(siberia) <= RUSSIA_SIBERIA_BRPS).only_enforce_if(guards.of("27.476", "siberia"))
