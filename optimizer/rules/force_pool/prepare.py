"""Force pool entries priced and placed (27.11-27.14, 27.21, 27.22, 27.4), and BRPs before grants (40.23)."""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from models.scenario import NATIONALITY_DOMINION, Elimination, ForcePoolEntry, Nationality, Scenario
from models.tables import (
    COST_MULTIPLIERS,
    OIL_EXEMPT_POWERS,
    SPECIALIZED_UNIT_TYPES,
    UNIT_SPECS,
    Category,
    CostBasis,
    Dominion,
    Power,
    UnitType,
)
from optimizer.rules.placement.prepare import Refusal, placement_options, site_classes


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
    counts_against_limit: bool = True  # 27.31; beach defenses by the setting [reading]

    @property
    def counts_as_factors(self) -> int:
        """Factors per counter for objectives and minimums (1 per counter for works)."""
        return self.entry.factors

    def slot_of(self, site: str | None) -> str | None:
        """The site the model places counters at `site` by: the first of its class of interchangeable
        sites (27.4), `site` itself when it is one; None when the entry may not be placed there this turn
        (and for partisans, whose only site is None)."""
        if site in self.sites:
            return site
        return next((first for first, others in self.alternatives.items() if site in others), None)


def barred(entry: ForcePoolEntry) -> Refusal | None:
    """Units that may not be built this turn (27.21, 27.22)."""
    if entry.rebuild_prohibited:
        return ("27.22", entry.rebuild_prohibited)
    specialized = entry.specialized if entry.specialized is not None else entry.unit in SPECIALIZED_UNIT_TYPES
    if specialized and entry.eliminated_this_turn is not Elimination.NONE:
        return ("27.21", "specialized unit eliminated this player turn")
    return None


def stacks_as(category: Category) -> Category | None:
    """What a new unit counts as for stacking (27.46): ground, air, or neither."""
    if category is Category.GROUND:
        return Category.GROUND
    if category in (Category.AIR, Category.SW_AIR):
        return Category.AIR
    return None


PlacementKey = tuple[Power, UnitType, Nationality | None, tuple[str, ...] | None]
Placement = tuple[dict[str, Refusal], dict[str | None, tuple[str, ...]]]  # refused sites, site classes


def entry_data(
    scenario: Scenario,
    graph: nx.Graph,
    supplied: frozenset[str],
    power: Power,
    entry: ForcePoolEntry,
    placements: dict[PlacementKey, Placement] | None = None,
) -> EntryData:
    """One entry priced (27.12-27.14: rebuilds of units eliminated isolated or voluntarily cost
    more) and placed (27.4), with the BRPs one priced unit counts inside the oil threshold (27.35).

    `placements` remembers where entries of the same power, unit, nationality and named sites may go,
    for the other entries of one scenario: placement reads nothing else of an entry."""
    spec = UNIT_SPECS[entry.unit]
    rebuild = entry.eliminated_this_turn in (Elimination.ISOLATED, Elimination.VOLUNTARY)
    multipliers = COST_MULTIPLIERS[rebuild]
    memo = (power, entry.unit, entry.nationality, None if entry.sites is None else tuple(entry.sites))
    placement = placements.get(memo) if placements is not None else None
    if placement is None:
        eligible, refused = placement_options(scenario, graph, supplied, power, entry)
        placement = refused, site_classes(graph, power, stacks_as(spec.category), eligible)
        if placements is not None:
            placements[memo] = placement
    refused, classes = placement
    key = f"{power.value}/{entry.id}"
    return EntryData(
        key=key,
        power=power,
        entry=entry,
        unit_cost=spec.brps,
        basis=spec.basis,
        category=spec.category,
        stacks_as=stacks_as(spec.category),
        multipliers=multipliers,
        oil_pooled=power not in OIL_EXEMPT_POWERS,
        threshold_weight=spec.brps
        if scenario.settings.oil_threshold_counts_normal_cost
        else spec.brps * multipliers[0],
        dominion=NATIONALITY_DOMINION.get(entry.nationality),
        barred=barred(entry),
        sites=tuple(classes),
        alternatives=classes,
        refused_sites=refused,
        counts_against_limit=entry.unit is not UnitType.BEACH_DEFENSE
        or scenario.settings.beach_defenses_count_against_limit,
    )


def brps_before_grants(scenario: Scenario, power: Power) -> int:
    """BRPs before this turn's planned grants: received from outside powers, less fixed spending (40.23, 27.12)."""
    state = scenario.powers[power]
    return (
        state.brps
        + sum(grant.brps for grant in state.grants_received)
        - sum(
            item.brps(scenario.settings.offensive_ships_cost_per_two_factors) for item in state.fixed_spending
        )
    )
