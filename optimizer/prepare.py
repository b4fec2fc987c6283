"""Preparation: turn a scenario into plain, ready data for the model builder.

All networkx work (supply tracing, site eligibility) and all limit arithmetic
happen here, once; the constraint modules only loop over the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from models.scenario import NATIONALITY_DOMINION, Elimination, ForcePoolEntry, Scenario
from models.tables import (
    COST_MULTIPLIERS,
    KAMIKAZE_RATE_MULTIPLIER,
    NAVAL_AIR_RATES,
    OIL_EXEMPT_POWERS,
    POWER_FACTION,
    POWER_ORDER,
    SPECIALIZED_UNIT_TYPES,
    UNIT_SPECS,
    Category,
    CostBasis,
    Dominion,
    Faction,
    Power,
    UnitType,
)
from optimizer.limits import LimitBreakdown, construction_limit, dominion_grants, dominion_limit
from optimizer.map import build_map, supplied_sites
from optimizer.placement import Refusal, placement_options, site_classes
from optimizer.routes import GrantNetwork, grant_network
from optimizer.shipyards import NavalData, prepare_naval


@dataclass(frozen=True)
class EntryData:
    """A force pool entry, priced and with its eligible sites."""

    key: str  # "power/entry-id"
    power: Power
    entry: ForcePoolEntry
    unit_cost: int  # BRPs per priced unit (27.12)
    basis: CostBasis
    category: Category
    stacks_as: Category | None  # 27.46: GROUND, AIR or None
    multipliers: tuple[int, int]  # (inside, past) the oil threshold (27.13, 27.14, 27.35)
    oil_pooled: bool  # counts toward the faction threshold (27.35 I, J)
    threshold_weight: int  # BRPs one priced unit counts inside the threshold
    dominion: Dominion | None
    barred: Refusal | None  # 27.21, 27.22
    sites: tuple[str | None, ...]  # one representative per class of interchangeable sites
    alternatives: dict[str | None, tuple[str, ...]]  # other sites of each representative's class
    refused_sites: dict[str, Refusal]

    @property
    def counts_as_factors(self) -> int:
        """Factors per counter for objectives and minimums (1 per counter for works)."""
        return self.entry.factors


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


def naval_air_rate(scenario: Scenario, power: Power) -> int:
    """Naval air training rate (27.61): doubled for Japan once kamikazes are formed, plus RP increases.

    Reading: the doubling applies to the printed rate; RP increases are added after.
    """
    state = scenario.powers[power]
    rate = NAVAL_AIR_RATES[power]
    if power is Power.JAPAN and state.naval_air.kamikazes_formed:
        rate *= KAMIKAZE_RATE_MULTIPLIER
    return rate + state.naval_air.rp_increase


def barred(entry: ForcePoolEntry) -> Refusal | None:
    """Units that may not be built this turn (27.21, 27.22)."""
    if entry.rebuild_prohibited:
        return ("27.22", entry.rebuild_prohibited)
    specialized = entry.specialized if entry.specialized is not None else entry.unit in SPECIALIZED_UNIT_TYPES
    if specialized and entry.eliminated_this_turn is not Elimination.NONE:
        return ("27.21", "specialized unit eliminated this player turn")
    return None


def _stacks_as(category: Category) -> Category | None:
    if category is Category.GROUND:
        return Category.GROUND
    if category in (Category.AIR, Category.SW_AIR):
        return Category.AIR
    return None


def prepare(scenario: Scenario) -> Prepared:
    """Price every entry, find its eligible sites, and compute every limit."""
    graph = build_map(scenario.map)
    settings = scenario.settings
    entries: dict[str, EntryData] = {}
    powers: dict[Power, PowerData] = {}
    for power in POWER_ORDER:
        if power not in scenario.powers:
            continue
        state = scenario.powers[power]
        supplied = supplied_sites(graph, power)
        breakdown = construction_limit(scenario, power)
        powers[power] = PowerData(
            power=power,
            brps_available=brps_before_grants(scenario, power)
            if scenario.grants
            else scenario.brps_available(power),
            limit=breakdown.limit,
            limit_breakdown=breakdown,
            naval_air_rate=naval_air_rate(scenario, power),
            reserve=scenario.objective.reserve.get(power, 0),
        )
        for entry in state.force_pool:
            spec = UNIT_SPECS[entry.unit]
            rebuild = entry.eliminated_this_turn in (Elimination.ISOLATED, Elimination.VOLUNTARY)
            multipliers = COST_MULTIPLIERS[rebuild]
            eligible, refused = placement_options(scenario, graph, supplied, power, entry)
            classes = site_classes(graph, power, _stacks_as(spec.category), eligible)
            key = f"{power.value}/{entry.id}"
            entries[key] = EntryData(
                key=key,
                power=power,
                entry=entry,
                unit_cost=spec.brps,
                basis=spec.basis,
                category=spec.category,
                stacks_as=_stacks_as(spec.category),
                multipliers=multipliers,
                oil_pooled=power not in OIL_EXEMPT_POWERS,
                threshold_weight=spec.brps
                if settings.oil_threshold_counts_normal_cost
                else spec.brps * multipliers[0],
                dominion=NATIONALITY_DOMINION.get(entry.nationality),
                barred=barred(entry),
                sites=tuple(classes),
                alternatives=classes,
                refused_sites=refused,
            )
    limits = {}
    for dominion in (Dominion.AUSTRALIA, Dominion.INDIA):
        breakdown = dominion_limit(scenario, dominion)
        if breakdown is not None and any(e.dominion is dominion for e in entries.values()):
            limits[dominion] = breakdown.limit
    stacking = {
        site: (d["ground_capacity"], d["air_capacity"])
        for site, d in graph.nodes(data=True)
        if d["ground_capacity"] is not None or d["air_capacity"] is not None
    }
    return Prepared(
        scenario=scenario,
        powers=powers,
        entries=entries,
        dominion_limits=limits,
        dominion_grants=dominion_grants(scenario),
        stacking=stacking,
        site_country={site: d["country"] for site, d in graph.nodes(data=True)},
        oil_counters={f: scenario.oil_available(f) for f in scenario.factions()},
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
        ),
    )


def brps_before_grants(scenario: Scenario, power: Power) -> int:
    """BRPs before this turn's planned grants: received from outside powers, less fixed spending (40.23, 27.12)."""
    state = scenario.powers[power]
    return (
        state.brps
        + sum(grant.brps for grant in state.grants_received)
        - sum(item.brps for item in state.fixed_spending)
    )


def naval_air_units(scenario: Scenario) -> frozenset[UnitType]:
    """Unit types counted against the naval air training rate (27.61)."""
    if scenario.settings.kamikazes_use_naval_air_rate:
        return frozenset({UnitType.NAVAL_AIR, UnitType.KAMIKAZE})
    return frozenset({UnitType.NAVAL_AIR})
