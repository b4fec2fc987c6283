"""Decision variables of the turn model, keyed by force pool entry and site, and the expressions built on them."""

from __future__ import annotations

from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.route_data import OIL_ROUTE_LIMITS
from models.tables import OIL_EXEMPT_POWERS, POWER_FACTION, CostBasis, Dominion, Faction, Power
from optimizer.grants import GrantVariables, define_limits
from optimizer.prepare import EntryData, Prepared
from optimizer.shipyards import NavalVariables

LinearExpr = cp_model.LinearExprT
Slot = tuple[str, str | None]  # (entry key, site id; None for partisans)
EXPLAIN_EXTRA_COUNTERS = 1000
NAVAL_STEP_BRPS = 3  # 27.72: one SB and three BRPs a step
NAVAL_STEPS_MAX = 1000
MAX_OIL_SHIPPED = sum(OIL_ROUTE_LIMITS.values())


@dataclass(frozen=True, order=True)
class OilGroup:
    """Priced units that no rule tells apart once past the oil threshold.

    Past the threshold a unit costs `extra` more BRPs than inside it (c x
    (m_past - m_in)) and frees `weight` BRPs of the threshold. Which unit of a
    group is past changes nothing but the line it is written on, so the model
    decides only how many units of each group are past, and the plan writes
    them on the group's lines in order. This removes the symmetric choices.
    """

    faction: str
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
    oil_counters: dict[Faction, cp_model.IntVar] = field(default_factory=dict)
    grants: GrantVariables | None = None
    naval: NavalVariables | None = None
    naval_groups: dict[OilGroup, Power] = field(default_factory=dict)  # this turn's naval steps (27.35)

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
        if data.naval is not None:
            variables.naval = NavalVariables.create(model, data.naval)
            for power in sorted(
                {ship.power for ship in data.naval.ships.values()}
                | {p for p, _, _ in data.naval.sw_builds.values()}
            ):
                if power in OIL_EXEMPT_POWERS:
                    continue
                # Naval BRPs come in 3-BRP steps priced like a 3-BRP factor (27.35) [reading].
                group = OilGroup(
                    POWER_FACTION[power].value, power.value, "", NAVAL_STEP_BRPS, NAVAL_STEP_BRPS
                )
                variables.oil_groups.setdefault(group, [])
                variables.naval_groups[group] = power
                variables.oil_units_max[group] = variables.oil_units_max.get(group, 0) + NAVAL_STEPS_MAX
        for group in sorted(variables.oil_groups):
            oil = model.NewIntVar(
                0,
                variables.oil_units_max[group],
                f"oil_{group.power}_{group.dominion}_{group.weight}_{group.extra}",
            )
            model.Add(oil <= variables.group_units(group))
            variables.oil_units[group] = oil
        for faction, available in data.oil_counters.items():
            # Russia may also spend oil counters shipped to it this turn (40.25); bounded in optimizer/grants.py.
            most = available + (MAX_OIL_SHIPPED if data.network and faction is Faction.RUSSIA else 0)
            variables.oil_counters[faction] = model.NewIntVar(0, most, f"oil_counters_spent_{faction.value}")
        if data.network is not None:
            variables.grants = GrantVariables.create(model, data)
            define_limits(model, data, variables.grants)
        return variables

    def decisions(self) -> list[cp_model.IntVar]:
        """Every decision variable, to hint the next priority's solve with this one's plan."""
        found = [*self.counters.values(), *self.pairs.values(), *self.oil_units.values()]
        if self.grants is not None:
            found += [*self.grants.flows.values(), *self.grants.oil.values(), *self.grants.openings.values()]
        if self.naval is not None:
            found += self.naval.decisions()
        return found

    def group_units(self, group: OilGroup) -> LinearExpr:
        """Priced units of an oil group: its build lines, and this turn's naval steps."""
        units = sum(self.priced_units(*slot) for slot in self.oil_groups[group])
        if group in self.naval_groups and self.naval is not None:
            units += self.naval.steps(self.naval_groups[group])
        return units

    def naval_brps(self, power: Power) -> LinearExpr:
        """This turn's naval BRPs of `power` before oil (27.72)."""
        return self.naval.brps(power, 0) if self.naval is not None else 0

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

    def _paid(self, chosen: set[Slot], naval: Power | None = None) -> LinearExpr:
        """BRPs paid for these build lines (and `naval`'s naval construction this turn), oil included."""
        groups = [
            g
            for g, slots in self.oil_groups.items()
            if (slots and slots[0] in chosen) or (naval is not None and self.naval_groups.get(g) is naval)
        ]
        total = sum(self.paid_inside(*slot) for slot in chosen) + self.oil_extra(groups)
        return total + (self.naval_brps(naval) if naval is not None else 0)

    def spending(self, power: Power) -> LinearExpr:
        """BRPs of all lines of `power`'s force pool and its naval construction, whoever pays."""
        return self._paid(set(self.slots(power)), naval=power)

    def dominion_spending(self, dominion: Dominion) -> LinearExpr:
        return self._paid({slot for slot in self.slots() if self.entry(slot[0]).dominion is dominion})

    def dominion_grant(self, dominion: Dominion) -> LinearExpr:
        """BRPs the U.S. grants a Commonwealth country this turn (40.244)."""
        if self.grants is not None:
            return self.grants.received(dominion.value)
        return self.data.dominion_grants[dominion]

    def pays(self, power: Power) -> LinearExpr:
        """BRPs `power` pays for construction: Britain less the U.S. grants to Commonwealth countries (40.244)."""
        if power is Power.BRITAIN:
            return self.spending(power) - sum(self.dominion_grant(d) for d in Dominion)
        return self.spending(power)

    def grant_balance(self, power: Power) -> LinearExpr:
        """BRPs received less BRPs granted and route openings paid this turn (40.23, 40.521, 40.72)."""
        if self.grants is None:
            return 0
        return self.grants.received(power.value) - self.grants.sent(power) - self.grants.opening_brps(power)

    def available(self, power: Power) -> LinearExpr:
        """BRPs available for construction after this turn's grants."""
        return self.data.powers[power].brps_available + self.grant_balance(power)

    def kept(self, power: Power) -> LinearExpr:
        return self.available(power) - self.pays(power)

    def limit(self, power: Power) -> LinearExpr:
        """Construction limit this turn (27.31), moved by this turn's planned grants."""
        if self.grants is not None:
            return self.grants.limits[power]
        return self.data.powers[power].limit

    def limit_counted(self, power: Power) -> LinearExpr:
        """BRPs counted against `power`'s construction limit (27.31, 27.474 C, 40.244)."""
        own = self._paid(
            {slot for slot in self.slots(power) if self.entry(slot[0]).dominion is None}, naval=power
        )
        if power is not Power.BRITAIN:
            return own
        counted = [Dominion.INDIA, Dominion.CANADA, Dominion.SOUTH_AFRICA]
        if self.data.scenario.settings.australian_builds_count_against_british_limit:
            counted.append(Dominion.AUSTRALIA)
        grants = sum(self.dominion_grant(d) for d in counted)
        return own + sum(self.dominion_spending(d) for d in counted) - grants

    def normal_cost_inside(self, faction: Faction) -> LinearExpr:
        """BRPs of builds counted inside `faction`'s oil threshold (27.35)."""
        return sum(
            group.weight * self.group_units(group)
            for group in self.oil_groups
            if group.faction == faction.value
        ) - sum(group.weight * oil for group, oil in self.oil_units.items() if group.faction == faction.value)


def oil_group(entry: EntryData) -> OilGroup:
    inside, past = entry.multipliers
    return OilGroup(
        faction=POWER_FACTION[entry.power].value,
        power=entry.power.value,
        dominion=entry.dominion.value if entry.dominion else "",
        weight=entry.threshold_weight,
        extra=entry.unit_cost * (past - inside),
    )


def value(solver: cp_model.CpSolver, expr: LinearExpr) -> int:
    return int(solver.Value(expr))
