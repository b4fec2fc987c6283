"""Preparation: turn a scenario into plain, ready data for the model builder.

Each rule family prepares its own part (`optimizer/rules/<family>/prepare.py`):
supply tracing and site eligibility, prices, limits, the grant route map, the
naval charts. This module calls them once, in order; the constraint modules
only loop over the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from models.scenario import Scenario
from models.tables import OIL_EXEMPT_POWERS, POWER_FACTION, POWER_ORDER, Dominion, Faction, Power
from optimizer.rules.force_pool.prepare import (
    EntryData,
    Placement,
    PlacementKey,
    brps_before_grants,
    entry_data,
)
from optimizer.rules.grants.prepare import GrantNetwork, grant_network
from optimizer.rules.limits.prepare import (
    LimitBreakdown,
    LimitLine,
    construction_limit,
    dominion_grants,
    dominion_limit,
)
from optimizer.rules.naval.prepare import NavalData, prepare_naval
from optimizer.rules.naval_air.prepare import naval_air_rate
from optimizer.rules.placement.supply import build_map, supplied_sites
from optimizer.turn.decision_forms import Decision


@dataclass(frozen=True)
class PowerData:
    power: Power
    brps_available: int
    limit: int
    limit_breakdown: LimitBreakdown
    naval_air_rate: int
    reserve: int


@dataclass
class Prepared:
    """Everything the model builder needs, computed once."""

    scenario: Scenario
    powers: dict[Power, PowerData]
    entries: dict[str, EntryData]
    dominion_limits: dict[Dominion, int]
    dominion_grants: dict[Dominion, int]
    stacking: dict[str, tuple[int | None, int | None]]
    site_country: dict[str, str]
    oil_counters: dict[Faction, int]  # available for construction, per planned faction
    oil_powers: dict[Faction, tuple[Power, ...]]  # powers whose builds count toward each threshold
    site_order: dict[str | None, int] = field(default_factory=dict)
    network: GrantNetwork | None = None  # rule 40, when the plan decides grants
    naval: NavalData | None = None  # 27.7, when a power has shipyards
    decisions: tuple[Decision, ...] = ()  # the player's --fix and --forbid (optimizer.turn.fix)


@dataclass(frozen=True)
class Relaxation:
    """A what-if: more of some limited resources than the position has (`awaw plan --why`).

    Each field adds units on top of what the rules give: BRPs available for construction (27.11),
    construction limit points (27.31), naval air factors per turn (27.61), oil counters available for
    construction (27.35 B), counters a site may stack (27.46), a yard's shipbuilding points a turn (27.724 A, its capacity following). The default adds nothing.
    """

    brps: dict[Power, int] = field(default_factory=dict)
    limit: dict[Power, int] = field(default_factory=dict)
    naval_air: dict[Power, int] = field(default_factory=dict)
    oil_counters: dict[Faction, int] = field(default_factory=dict)
    stacking: dict[tuple[str, str], int] = field(default_factory=dict)  # (site, 'ground' or 'air'): 27.46
    # "power/yard": shipbuilding points a turn (27.724 A), the capacity following (27.724 B)
    yard_points: dict[str, int] = field(default_factory=dict)

    def plus(self, other: Relaxation) -> Relaxation:
        """Both relaxations at once: each resource's units added."""

        def added(mine: dict[Any, int], theirs: dict[Any, int]) -> dict[Any, int]:
            return {key: mine.get(key, 0) + theirs.get(key, 0) for key in mine | theirs}

        return Relaxation(**{name: added(getattr(self, name), getattr(other, name)) for name in vars(self)})


def _relaxed(power: PowerData, relax: Relaxation | None) -> PowerData:
    """`power`'s data with the relaxation's extra BRPs, limit points and naval air factors."""
    if relax is None:
        return power
    return replace(
        more_limit(power, relax.limit.get(power.power, 0)),
        brps_available=power.brps_available + relax.brps.get(power.power, 0),
        naval_air_rate=power.naval_air_rate + relax.naval_air.get(power.power, 0),
    )


def more_limit(power: PowerData, points: int, line: LimitLine | None = None) -> PowerData:
    """`power`'s data with `points` more construction limit, an increase after the reductions (27.34), and
    `line` saying why in its breakdown, before the total. The grants family builds the limit from the
    breakdown's increases: they carry the points too."""
    breakdown = power.limit_breakdown
    lines = breakdown.lines
    if line is not None:
        *before, total = lines
        lines = (*before, line, replace(total, amount=total.amount + points))
    return replace(
        power,
        limit=power.limit + points,
        limit_breakdown=replace(
            breakdown, lines=lines, limit=breakdown.limit + points, increases=breakdown.increases + points
        ),
    )


def relax_prepared(data: Prepared, relax: Relaxation) -> Prepared:
    """`prepare(data.scenario, relax)` from the plain position's prepared data, without preparing it
    again: the relaxation moves only the powers' BRPs, limits and naval air rates, the stacking room,
    the oil counters and, with naval construction, the yards' rates and the later turns' budgets (which
    follow this turn's BRPs and limits); supply, sites, prices and the route map do not change."""
    powers = {power: _relaxed(pdata, relax) for power, pdata in data.powers.items()}
    naval = data.naval
    if naval is not None and (relax.brps or relax.limit or relax.yard_points):
        naval = prepare_naval(
            data.scenario,
            {p: d.brps_available for p, d in powers.items()},
            {p: d.limit for p, d in powers.items()},
            relax.yard_points,
        )
    return replace(
        data,
        powers=powers,
        stacking={
            site: (
                None if ground is None else ground + relax.stacking.get((site, "ground"), 0),
                None if air is None else air + relax.stacking.get((site, "air"), 0),
            )
            for site, (ground, air) in data.stacking.items()
        },
        oil_counters={f: n + relax.oil_counters.get(f, 0) for f, n in data.oil_counters.items()},
        naval=naval,
    )


def prepare(
    scenario: Scenario, relax: Relaxation | None = None, decisions: tuple[Decision, ...] = ()
) -> Prepared:
    """Price every entry, find its eligible sites, and compute every limit; with `relax`, a what-if with
    more of some resources than the rules give; with `decisions`, the player's fixed and forbidden
    decisions, posted by `optimizer.turn.fix`."""
    graph = build_map(scenario.map)
    entries: dict[str, EntryData] = {}
    powers: dict[Power, PowerData] = {}
    placements: dict[PlacementKey, Placement] = {}
    for power in POWER_ORDER:
        if power not in scenario.powers:
            continue
        supplied = supplied_sites(graph, power)
        breakdown = construction_limit(scenario, power)
        powers[power] = _relaxed(
            PowerData(
                power=power,
                brps_available=brps_before_grants(scenario, power)
                if scenario.grants
                else scenario.brps_available(power),
                limit=breakdown.limit,
                limit_breakdown=breakdown,
                naval_air_rate=naval_air_rate(scenario, power),
                reserve=scenario.objective.reserve.get(power, 0),
            ),
            relax,
        )
        for entry in scenario.powers[power].force_pool:
            data = entry_data(scenario, graph, supplied, power, entry, placements)
            entries[data.key] = data
    limits = {}
    for dominion in (Dominion.AUSTRALIA, Dominion.INDIA):
        own = dominion_limit(scenario, dominion)
        naval = scenario.powers.get(Power.BRITAIN)
        ships = (
            naval is not None
            and naval.naval is not None
            and any(graph.nodes[y.id]["country"] == dominion.value for y in naval.naval.shipyards)
        )  # 27.473 B: Australian shipbuilding counts too
        if own is not None and (ships or any(e.dominion is dominion for e in entries.values())):
            limits[dominion] = own.limit
    stacking = {
        site: (d["ground_capacity"], d["air_capacity"])
        for site, d in graph.nodes(data=True)
        if d["ground_capacity"] is not None or d["air_capacity"] is not None
    }
    if relax is not None:
        stacking = {
            site: (
                None if ground is None else ground + relax.stacking.get((site, "ground"), 0),
                None if air is None else air + relax.stacking.get((site, "air"), 0),
            )
            for site, (ground, air) in stacking.items()
        }
    return Prepared(
        scenario=scenario,
        powers=powers,
        entries=entries,
        dominion_limits=limits,
        dominion_grants=dominion_grants(scenario),
        stacking=stacking,
        site_country={site: d["country"] for site, d in graph.nodes(data=True)},
        oil_counters={
            f: scenario.oil_available(f) + (relax.oil_counters.get(f, 0) if relax else 0)
            for f in scenario.factions()
        },
        oil_powers={
            f: tuple(p for p in powers if POWER_FACTION[p] is f and p not in OIL_EXEMPT_POWERS)
            for f in scenario.factions()
        },
        site_order={None: -1, **{site: i for i, site in enumerate(graph.nodes)}},
        network=grant_network(scenario) if scenario.grants else None,
        naval=prepare_naval(
            scenario,
            {p: d.brps_available for p, d in powers.items()},
            {p: d.limit for p, d in powers.items()},
            relax.yard_points if relax else None,
        ),
        decisions=decisions,
    )
