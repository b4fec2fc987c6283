"""Decision variables of the turn model, keyed by force pool entry and site, and the expressions built on them."""

from __future__ import annotations

from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.tables import CostBasis, Dominion, Power
from optimizer.prepare import EntryData, Prepared

LinearExpr = cp_model.LinearExprT
Slot = tuple[str, str | None]  # (entry key, site id; None for partisans)
EXPLAIN_EXTRA_COUNTERS = 1000


@dataclass(frozen=True, order=True)
class OilGroup:
    """Priced units that no rule tells apart once past the oil threshold.

    Past the threshold a unit costs `extra` more BRPs than inside it (c x
    (m_past - m_in)) and frees `weight` BRPs of the threshold. Which unit of a
    group is past changes nothing but the line it is written on, so the model
    decides only how many units of each group are past, and the plan writes
    them on the group's lines in order. This removes the symmetric choices.
    """

    power: str
    dominion: str
    weight: int
    extra: int


@dataclass
class Variables:
    """Counters built per (entry, site), pairs of beach defenses, priced units past the oil threshold."""

    data: Prepared
    counters: dict[Slot, cp_model.IntVar] = field(default_factory=dict)
    pairs: dict[Slot, cp_model.IntVar] = field(default_factory=dict)
    oil_groups: dict[OilGroup, list[Slot]] = field(default_factory=dict)
    oil_units: dict[OilGroup, cp_model.IntVar] = field(default_factory=dict)
    oil_units_max: dict[OilGroup, int] = field(default_factory=dict)
    oil_counters: cp_model.IntVar | None = None

    @classmethod
    def create(cls, model: cp_model.CpModel, data: Prepared, *, unbounded: bool = False) -> Variables:
        """Variables of every placement choice; bounded by the force pool unless `unbounded`
        (explanations, where the force pool is a guarded constraint of its own)."""
        variables = cls(data)
        extra = EXPLAIN_EXTRA_COUNTERS if unbounded else 0
        for key, entry in data.entries.items():
            most = entry.entry.count + extra
            for site in entry.sites:
                slot = (key, site)
                name = f"{key}@{site or 'partisan'}"
                variables.counters[slot] = model.NewIntVar(0, most, f"build_{name}")
                if entry.basis is CostBasis.PAIR:
                    pairs = model.NewIntVar(0, most, f"pairs_{name}")
                    # 27.11 E: five BRPs per two counters; an odd counter costs as a pair.
                    model.Add(2 * pairs >= variables.counters[slot])
                    model.Add(2 * pairs <= variables.counters[slot] + 1)
                    variables.pairs[slot] = pairs
                if entry.oil_pooled:
                    group = oil_group(entry)
                    variables.oil_groups.setdefault(group, []).append(slot)
                    variables.oil_units_max[group] = (
                        variables.oil_units_max.get(group, 0) + most * entry.entry.factors
                    )
        for group, slots in sorted(variables.oil_groups.items()):
            oil = model.NewIntVar(
                0,
                variables.oil_units_max[group],
                f"oil_{group.power}_{group.dominion}_{group.weight}_{group.extra}",
            )
            model.Add(oil <= sum(variables.priced_units(*slot) for slot in slots))
            variables.oil_units[group] = oil
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

    def paid_inside(self, key: str, site: str | None) -> LinearExpr:
        """BRPs paid if every unit of the slot is inside the threshold: c x m_in x u (27.12-27.14)."""
        entry = self.entry(key)
        return entry.unit_cost * entry.multipliers[0] * self.priced_units(key, site)

    def oil_extra(self, groups: list[OilGroup]) -> LinearExpr:
        """BRPs added by units past the threshold: c x (m_past - m_in) each (27.35 D, E)."""
        return sum(group.extra * self.oil_units[group] for group in groups)

    def factors(self, key: str, site: str | None) -> LinearExpr:
        """Combat factors built (counters for works)."""
        return self.counters[key, site] * self.entry(key).counts_as_factors

    def slots(self, power: Power | None = None) -> list[Slot]:
        return [slot for slot in self.counters if power is None or self.entry(slot[0]).power is power]

    def _paid(self, chosen: set[Slot]) -> LinearExpr:
        groups = [g for g, slots in self.oil_groups.items() if slots[0] in chosen]
        return sum(self.paid_inside(*slot) for slot in chosen) + self.oil_extra(groups)

    def spending(self, power: Power) -> LinearExpr:
        """BRPs of all lines of `power`'s force pool, whoever pays."""
        return self._paid(set(self.slots(power)))

    def dominion_spending(self, dominion: Dominion) -> LinearExpr:
        return self._paid({slot for slot in self.slots() if self.entry(slot[0]).dominion is dominion})

    def pays(self, power: Power) -> LinearExpr:
        """BRPs `power` pays: Britain less the U.S. grants to Commonwealth countries (40.244)."""
        if power is Power.BRITAIN:
            return self.spending(power) - sum(self.data.dominion_grants.values())
        return self.spending(power)

    def kept(self, power: Power) -> LinearExpr:
        return self.data.powers[power].brps_available - self.pays(power)

    def limit_counted(self, power: Power) -> LinearExpr:
        """BRPs counted against `power`'s construction limit (27.31, 27.474 C, 40.244)."""
        own = self._paid({slot for slot in self.slots(power) if self.entry(slot[0]).dominion is None})
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
            self.entry(key).threshold_weight * self.priced_units(key, site)
            for slots in self.oil_groups.values()
            for key, site in slots
        ) - sum(group.weight * oil for group, oil in self.oil_units.items())


def oil_group(entry: EntryData) -> OilGroup:
    inside, past = entry.multipliers
    return OilGroup(
        power=entry.power.value,
        dominion=entry.dominion.value if entry.dominion else "",
        weight=entry.threshold_weight,
        extra=entry.unit_cost * (past - inside),
    )


def value(solver: cp_model.CpSolver, expr: LinearExpr) -> int:
    return int(solver.Value(expr))
