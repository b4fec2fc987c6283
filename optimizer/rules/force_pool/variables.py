"""Counters built per force pool entry and site, and pairs of beach defenses (27.11 E, 27.12)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.tables import CostBasis, Power
from optimizer.rules.force_pool.prepare import EntryData
from optimizer.rules.linear import LinearExpr

Slot = tuple[str, str | None]  # (entry key, site id; None for partisans)
PairClass = tuple[
    Power, str, tuple[int, int]
]  # (power, dominion or "", multipliers): counters paired together


def pair_class(entry: EntryData) -> PairClass:
    """Beach defenses are paired across the turn (27.11 E), among counters of one power, paid by the same
    country, at the same price [reading]."""
    return (entry.power, entry.dominion.value if entry.dominion else "", entry.multipliers)


@dataclass
class BuildVariables:
    """Counters built per (entry, site); for entries priced per pair, the pairs each line pays for."""

    entries: Mapping[str, EntryData]
    counters: dict[Slot, cp_model.IntVar] = field(default_factory=dict)
    pairs: dict[Slot, cp_model.IntVar] = field(default_factory=dict)

    @classmethod
    def create(
        cls, model: cp_model.CpModel, entries: Mapping[str, EntryData], extra: int = 0
    ) -> BuildVariables:
        """One variable per placement choice, bounded by the force pool plus `extra` (explanations,
        where the force pool is a guarded constraint of its own)."""
        variables = cls(entries)
        for key, entry in entries.items():
            most = entry.entry.count + extra
            for site in entry.sites:
                slot = (key, site)
                name = f"{key}@{site or 'partisan'}"
                variables.counters[slot] = model.new_int_var(0, most, f"build_{name}")
                if entry.basis is CostBasis.PAIR:
                    variables.pairs[slot] = model.new_int_var(0, most, f"pairs_{name}")
        return variables

    def entry(self, key: str) -> EntryData:
        return self.entries[key]

    def slots(self, power: Power | None = None) -> list[Slot]:
        return [slot for slot in self.counters if power is None or self.entries[slot[0]].power is power]

    def priced_units(self, key: str, site: str | None) -> LinearExpr:
        """Factors, counters, or pairs: what one price of 27.12 buys."""
        entry = self.entries[key]
        if entry.basis is CostBasis.FACTOR:
            return self.counters[key, site] * entry.entry.factors
        if entry.basis is CostBasis.PAIR:
            return self.pairs[key, site]
        return self.counters[key, site]

    def paid_inside(self, key: str, site: str | None) -> LinearExpr:
        """BRPs paid if every unit of the slot is inside the threshold: c x m_in x u (27.12-27.14)."""
        entry = self.entries[key]
        return entry.unit_cost * entry.multipliers[0] * self.priced_units(key, site)

    def factors(self, key: str, site: str | None) -> LinearExpr:
        """Combat factors built (counters for works)."""
        return self.counters[key, site] * self.entries[key].counts_as_factors

    def paired_before(self, slot: Slot) -> list[Slot]:
        """The lines of `slot`'s pair class up to and including it, in line order (27.11 E)."""
        cls = pair_class(self.entries[slot[0]])
        found = []
        for other in self.pairs:
            if pair_class(self.entries[other[0]]) == cls:
                found.append(other)
            if other == slot:
                return found
        raise KeyError(slot)

    def decisions(self) -> list[cp_model.IntVar]:
        return [*self.counters.values(), *self.pairs.values()]

    def extract(self, solver: cp_model.CpSolver) -> dict[Slot, int]:
        """Counters built per slot, for slots with any."""
        return {slot: int(solver.value(var)) for slot, var in self.counters.items() if solver.value(var)}

    def fix(self, model: cp_model.CpModel, key: str, site: str | None, counters: int) -> None:
        """Build exactly `counters` of entry `key` at `site` (tests and what-ifs). A site that no rule
        tells apart from others is modelled by the first of its class, which takes its counters."""
        if (key, site) not in self.counters:
            slot = self.entries[key].slot_of(site)
            if slot is None:
                raise ValueError(f"{key} cannot be built at {site} this turn (27.4)")
            site = slot
        model.add(self.counters[key, site] == counters)
