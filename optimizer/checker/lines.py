"""Build lines resolved against their force pool entries and priced (27.11-27.14, 27.35, 27.41, 27.48, 27.5),
and the helpers every family shares: the planned powers and the dominions' lines (27.472-27.475)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from models.map_data import SITE_BY_ID
from models.plan import BuildLine, Plan
from models.scenario import NATIONALITY_DOMINION, Elimination, ForcePoolEntry, Scenario
from models.tables import (
    COST_MULTIPLIERS,
    POWER_ORDER,
    SPECIALIZED_UNIT_TYPES,
    UNIT_SPECS,
    Category,
    CostBasis,
    Dominion,
    Power,
    UnitType,
)
from optimizer.checker.violations import Violation

PairKey = tuple[Power, "Dominion | None", tuple[int, int]]  # beach defenses paired together (27.11 E)


@dataclass(frozen=True)
class PricedLine:
    """A build line resolved against its force pool entry, with its priced units (27.11-27.14)."""

    index: int
    line: BuildLine
    entry: ForcePoolEntry
    unit_cost: int  # c: BRPs per priced unit at normal cost (27.12 chart)
    units: int  # u: factors, counters, or pairs of beach defenses
    multipliers: tuple[int, int]  # (inside the oil threshold, past it)

    @property
    def power(self) -> Power:
        return self.line.power

    @property
    def oil_units(self) -> int:
        return self.line.oil_units

    @property
    def category(self) -> Category:
        return UNIT_SPECS[self.entry.unit].category

    @property
    def price(self) -> int:
        """c x (m_in x (u - o) + m_past x o) (27.11-27.14, 27.35 D, E)."""
        inside, past = self.multipliers
        return self.unit_cost * (inside * (self.units - self.oil_units) + past * self.oil_units)

    @property
    def normal_cost(self) -> int:
        """c x u: the line at normal cost, no multiplier (27.11; 27.476 counts this)."""
        return self.unit_cost * self.units

    def threshold_weight(self, scenario: Scenario) -> int:
        """BRPs one priced unit takes of the oil threshold (27.35) [reading: setting
        `oil_threshold_counts_normal_cost`: its normal cost, else the 27.13 A doubled price]."""
        if scenario.settings.oil_threshold_counts_normal_cost:
            return self.unit_cost
        return self.unit_cost * self.multipliers[0]

    def describe(self) -> str:
        line = self.line
        where = f"at {line.site}" if line.site else "(no site)"
        return (
            f"line {self.index + 1}: {line.power.value} '{line.entry}' "
            f"({line.counters} x {line.unit.value}) {where}"
        )


def priced_units(unit: UnitType, counters: int, factors_per_counter: int) -> int:
    """Units the 27.12 chart prices: factors (27.11 A-C), counters (27.11 D, F), or
    pairs of beach defenses, an odd counter costing as a pair (27.11 E)."""
    basis = UNIT_SPECS[unit].basis
    if basis is CostBasis.FACTOR:
        return counters * factors_per_counter
    if basis is CostBasis.COUNTER:
        return counters
    return (counters + 1) // 2


def pairs_paid(line: BuildLine, unit_cost: int, multipliers: tuple[int, int], fallback: int) -> int:
    """The pairs of beach defenses a line pays for, read from its BRPs (27.11 E: counters are paired
    across the turn, so a line may pay for fewer pairs than its own counters make; `check_pairs`
    holds the turn's total). A price no whole number of pairs gives, or more pairs than counters,
    falls back to the line's own pairs, and the price check reports it."""
    inside, past = multipliers
    paid = line.brps - unit_cost * (past - inside) * line.oil_units
    if paid < 0 or paid % (unit_cost * inside):
        return fallback
    units = paid // (unit_cost * inside)
    return units if line.oil_units <= units <= line.counters else fallback


def check_pairs(lines: Iterable[PricedLine]) -> list[Violation]:
    """27.11 E: five BRPs per two counters of beach defenses. Over the turn, a power's beach defenses
    at one price (and paid by one country) pay for half their counters, rounded up [reading: paired
    across the turn, not per line]."""
    counters: dict[PairKey, int] = {}
    pairs: dict[PairKey, int] = {}
    for item in lines:
        if UNIT_SPECS[item.entry.unit].basis is not CostBasis.PAIR:
            continue
        key = (item.power, dominion_of(item.entry), item.multipliers)
        counters[key] = counters.get(key, 0) + item.line.counters
        pairs[key] = pairs.get(key, 0) + item.units
    violations = []
    for key, count in counters.items():
        due = (count + 1) // 2
        if pairs[key] != due:
            power, dominion, _ = key
            whose = f"{power.value}" + (f" ({dominion.value})" if dominion else "")
            violations.append(
                Violation(
                    "27.11 E",
                    f"{whose}: {count} beach defense counters make {due} pairs this turn, "
                    f"but the lines pay for {pairs[key]}",
                )
            )
    return violations


def rebuilt_in_turn_of_elimination(entry: ForcePoolEntry) -> bool:
    """Isolated or voluntarily eliminated this turn: x2, or x3 past the oil threshold (27.13 A, 27.14)."""
    return entry.eliminated_this_turn in (Elimination.ISOLATED, Elimination.VOLUNTARY)


def is_specialized(entry: ForcePoolEntry) -> bool:
    """Specialized units for 27.21 (the entry's override, else the unit type) [reading]."""
    if entry.specialized is not None:
        return entry.specialized
    return entry.unit in SPECIALIZED_UNIT_TYPES


def find_entry(scenario: Scenario, power: Power, entry_id: str) -> ForcePoolEntry | None:
    for entry in scenario.powers[power].force_pool:
        if entry.id == entry_id:
            return entry
    return None


def resolve_lines(scenario: Scenario, plan: Plan) -> tuple[list[PricedLine], list[Violation]]:
    """Resolve each line to its entry and check its own consistency (27.5, 27.12, 27.35, 27.41, 27.48).

    Lines of unplanned powers or unknown entries are reported and left out of
    every sum; the rest are returned, priced from their entries.
    """
    resolved: list[PricedLine] = []
    violations: list[Violation] = []
    for index, line in enumerate(plan.builds):
        label = f"line {index + 1}: {line.power.value} '{line.entry}'"
        if line.power not in scenario.powers:
            violations.append(Violation("27.5", f"{label}: {line.power.value} is not a planned power"))
            continue
        entry = find_entry(scenario, line.power, line.entry)
        if entry is None:
            violations.append(
                Violation("27.5", f"{label}: no such entry in the {line.power.value} force pool")
            )
            continue
        spec = UNIT_SPECS[entry.unit]
        multipliers = COST_MULTIPLIERS[rebuilt_in_turn_of_elimination(entry)]
        units = priced_units(entry.unit, line.counters, entry.factors)
        if spec.basis is CostBasis.PAIR:
            units = pairs_paid(line, spec.brps, multipliers, units)
        priced = PricedLine(
            index=index,
            line=line,
            entry=entry,
            unit_cost=spec.brps,
            units=units,
            multipliers=multipliers,
        )
        resolved.append(priced)
        what = priced.describe()
        if line.unit is not entry.unit:
            violations.append(
                Violation(
                    "27.5", f"{what}: entry '{entry.id}' holds {entry.unit.value}, not {line.unit.value}"
                )
            )
        expected_factors = line.counters * entry.factors
        if line.factors != expected_factors:
            violations.append(
                Violation(
                    "27.5",
                    f"{what}: {line.counters} counters of {entry.factors} factors are "
                    f"{expected_factors} factors, not {line.factors}",
                )
            )
        if line.oil_units > units:
            violations.append(
                Violation(
                    "27.35",
                    f"{what}: {line.oil_units} units past the oil threshold but only {units} priced units",
                )
            )
        if line.brps != priced.price:
            inside, past = priced.multipliers
            violations.append(
                Violation(
                    "27.12",
                    f"{what}: costs {spec.brps} x ({inside} x {units - line.oil_units} + {past} x "
                    f"{line.oil_units}) = {priced.price} BRPs, not {line.brps}",
                )
            )
        if spec.category is Category.PARTISAN:
            if line.site is not None:
                violations.append(
                    Violation(
                        "27.48", f"{what}: partisans are placed by 11.3, not at a site (site must be null)"
                    )
                )
        elif line.site is None:
            violations.append(Violation("27.41", f"{what}: no site given"))
        elif line.site not in SITE_BY_ID:
            violations.append(Violation("27.41", f"{what}: unknown site '{line.site}'"))
    return resolved, violations


def planned_powers(scenario: Scenario) -> list[Power]:
    """The planned powers in POWER_ORDER, the order plans list them in."""
    return [power for power in POWER_ORDER if power in scenario.powers]


def dominion_of(entry: ForcePoolEntry) -> Dominion | None:
    """The dominion whose units the entry holds (27.472-27.475), or None."""
    return NATIONALITY_DOMINION.get(entry.nationality)


def dominion_spending(lines: Iterable[PricedLine]) -> dict[Dominion, int]:
    """BRPs of the lines of each dominion's units (27.472-27.475)."""
    spent: dict[Dominion, int] = {dominion: 0 for dominion in Dominion}
    for item in lines:
        dominion = dominion_of(item.entry)
        if dominion is not None:
            spent[dominion] += item.line.brps
    return spent
