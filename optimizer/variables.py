"""Decision variables of the turn model, keyed by force pool entry and site, and the expressions built on them."""

from __future__ import annotations

from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.tables import CostBasis, Dominion, Power
from optimizer.prepare import EntryData, Prepared

LinearExpr = cp_model.LinearExprT
Slot = tuple[str, str | None]  # (entry key, site id; None for partisans)
EXPLAIN_EXTRA_COUNTERS = 1000


@dataclass
class Variables:
    """Counters built per (entry, site), pairs of beach defenses, priced units past the oil threshold."""

    data: Prepared
    counters: dict[Slot, cp_model.IntVar] = field(default_factory=dict)
    pairs: dict[Slot, cp_model.IntVar] = field(default_factory=dict)
    oil_units: dict[Slot, cp_model.IntVar] = field(default_factory=dict)
    oil_units_max: dict[Slot, int] = field(default_factory=dict)
    oil_counters: cp_model.IntVar | None = None

    @classmethod
    def create(cls, model: cp_model.CpModel, data: Prepared, *, unbounded: bool = False) -> Variables:
        """Variables of every placement choice; bounded by the force pool unless `unbounded`
        (explanations, where the force pool is a guarded constraint of its own)."""
        variables = cls(data)
        extra = EXPLAIN_EXTRA_COUNTERS if unbounded else 0
        for key, entry in data.entries.items():
            most = entry.entry.count + extra
            most_units = most * entry.entry.factors
            for site in entry.sites:
                slot = (key, site)
                name = f"{key}@{site or 'partisan'}"
                variables.counters[slot] = model.NewIntVar(0, most, f"build_{name}")
                if entry.basis is CostBasis.PAIR:
                    pairs = model.NewIntVar(0, most_units, f"pairs_{name}")
                    # 27.11 E: five BRPs per two counters; an odd counter costs as a pair.
                    model.Add(2 * pairs >= variables.counters[slot])
                    model.Add(2 * pairs <= variables.counters[slot] + 1)
                    variables.pairs[slot] = pairs
                if entry.oil_pooled:
                    oil = model.NewIntVar(0, most_units, f"oil_{name}")
                    variables.oil_units_max[slot] = most_units
                    model.Add(oil <= variables.priced_units(key, site))
                    variables.oil_units[slot] = oil
        variables.oil_counters = model.NewIntVar(0, data.oil_counters, "oil_counters_spent")
        return variables

    def entry(self, key: str) -> EntryData:
        return self.data.entries[key]

    def priced_units(self, key: str, site: str | None) -> LinearExpr:
        """Factors, counters, or pairs: what one price of 27.12 buys."""
        entry = self.entry(key)
        if entry.basis is CostBasis.FACTOR:
            return self.counters[key, site] * entry.entry.factors
        if entry.basis is CostBasis.PAIR:
            return self.pairs[key, site]
        return self.counters[key, site]

    def past(self, key: str, site: str | None) -> LinearExpr:
        return self.oil_units.get((key, site), 0)

    def paid(self, key: str, site: str | None) -> LinearExpr:
        """BRPs paid: c x (m_in x (u - o) + m_past x o) (27.12-27.14, 27.35 D, E)."""
        entry = self.entry(key)
        inside, past = entry.multipliers
        units = self.priced_units(key, site)
        return entry.unit_cost * inside * units + entry.unit_cost * (past - inside) * self.past(key, site)

    def factors(self, key: str, site: str | None) -> LinearExpr:
        """Combat factors built (counters for works)."""
        return self.counters[key, site] * self.entry(key).counts_as_factors

    def slots(self, power: Power | None = None) -> list[Slot]:
        return [slot for slot in self.counters if power is None or self.entry(slot[0]).power is power]

    def spending(self, power: Power) -> LinearExpr:
        """BRPs of all lines of `power`'s force pool, whoever pays."""
        return sum(self.paid(*slot) for slot in self.slots(power))

    def dominion_spending(self, dominion: Dominion) -> LinearExpr:
        return sum(self.paid(*slot) for slot in self.slots() if self.entry(slot[0]).dominion is dominion)

    def pays(self, power: Power) -> LinearExpr:
        """BRPs `power` pays: Britain less the U.S. grants to Commonwealth countries (40.244)."""
        if power is Power.BRITAIN:
            return self.spending(power) - sum(self.data.dominion_grants.values())
        return self.spending(power)

    def kept(self, power: Power) -> LinearExpr:
        return self.data.powers[power].brps_available - self.pays(power)

    def limit_counted(self, power: Power) -> LinearExpr:
        """BRPs counted against `power`'s construction limit (27.31, 27.474 C, 40.244)."""
        own = sum(self.paid(*slot) for slot in self.slots(power) if self.entry(slot[0]).dominion is None)
        if power is not Power.BRITAIN:
            return own
        counted = [Dominion.INDIA, Dominion.CANADA, Dominion.SOUTH_AFRICA]
        if self.data.scenario.settings.australian_builds_count_against_british_limit:
            counted.append(Dominion.AUSTRALIA)
        grants = sum(self.data.dominion_grants[d] for d in counted)
        return own + sum(self.dominion_spending(d) for d in counted) - grants

    def normal_cost_inside(self) -> LinearExpr:
        """BRPs of builds counted inside the faction's oil threshold (27.35)."""
        return sum(
            self.entry(key).threshold_weight * (self.priced_units(key, site) - self.past(key, site))
            for key, site in self.counters
            if self.entry(key).oil_pooled
        )


def value(solver: cp_model.CpSolver, expr: LinearExpr) -> int:
    return int(solver.Value(expr))
