"""Priced units past each oil threshold, and oil counters spent on construction (27.35, 40.25)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.naval_tables import NAVAL_STEP_BRPS
from models.tables import OIL_EXEMPT_POWERS, OIL_THRESHOLD_STEP_BRPS, POWER_FACTION, Faction, Power
from optimizer.rules.force_pool.prepare import EntryData
from optimizer.rules.force_pool.variables import BuildVariables, Slot
from optimizer.rules.linear import LinearExpr
from optimizer.rules.naval.variables import NavalVariables

NAVAL_STEPS_MAX = 1000  # far above the 3-BRP steps any power pays in a turn


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
    outside_limit: bool = False  # paid but not counted against a construction limit (27.31 reading)


def oil_group(entry: EntryData) -> OilGroup:
    """The oil group of a force pool entry (27.35 D, E: past the threshold a unit pays its second multiplier)."""
    inside, past = entry.multipliers
    return OilGroup(
        faction=POWER_FACTION[entry.power].value,
        power=entry.power.value,
        dominion=entry.dominion.value if entry.dominion else "",
        weight=entry.threshold_weight,
        extra=entry.unit_cost * (past - inside),
        outside_limit=not entry.counts_against_limit,
    )


def naval_group(power: Power) -> OilGroup:
    """This turn's naval BRPs of `power` come in 3-BRP steps priced like a 3-BRP factor (27.35) [reading]."""
    return OilGroup(POWER_FACTION[power].value, power.value, "", NAVAL_STEP_BRPS, NAVAL_STEP_BRPS)


@dataclass
class OilVariables:
    """Per oil group the priced units past the threshold; per planned faction the oil counters spent."""

    builds: BuildVariables
    naval: NavalVariables | None
    groups: dict[OilGroup, list[Slot]] = field(default_factory=dict)
    units: dict[OilGroup, cp_model.IntVar] = field(default_factory=dict)
    units_max: dict[OilGroup, int] = field(default_factory=dict)
    naval_groups: dict[OilGroup, Power] = field(default_factory=dict)  # this turn's naval steps (27.35)
    counters: dict[Faction, cp_model.IntVar] = field(default_factory=dict)
    naval_turn: int = 0  # the chart's turn whose steps this threshold prices (a season's later turn: its own)

    @classmethod
    def create(
        cls,
        model: cp_model.CpModel,
        builds: BuildVariables,
        naval: NavalVariables | None,
        counters_most: Mapping[Faction, int],
        extra: int = 0,
        naval_turn: int = 0,
    ) -> OilVariables:
        """Units past the threshold per group, bounded by the group's units (`extra` counters more per
        entry in explanations); oil counters spent per faction, at most `counters_most`; the naval steps
        priced are those of the chart's turn `naval_turn`."""
        oil = cls(builds, naval, naval_turn=naval_turn)
        for key, site in builds.counters:
            entry = builds.entry(key)
            if entry.oil_pooled:
                group = oil_group(entry)
                oil.groups.setdefault(group, []).append((key, site))
                oil.units_max[group] = (
                    oil.units_max.get(group, 0) + (entry.entry.count + extra) * entry.entry.factors
                )
        if naval is not None:
            data = naval.naval
            for power in sorted(
                {ship.power for ship in data.ships.values()} | {p for p, _, _ in data.sw_builds.values()}
            ):
                if power in OIL_EXEMPT_POWERS:
                    continue
                group = naval_group(power)
                oil.groups.setdefault(group, [])
                oil.naval_groups[group] = power
                oil.units_max[group] = oil.units_max.get(group, 0) + NAVAL_STEPS_MAX
        for group in sorted(oil.groups):
            oil.units[group] = model.new_int_var(
                0, oil.units_max[group], f"oil_{group.power}_{group.dominion}_{group.weight}_{group.extra}"
            )
        for faction, most in counters_most.items():
            oil.counters[faction] = model.new_int_var(0, most, f"oil_counters_spent_{faction.value}")
        return oil

    def group_units(self, group: OilGroup) -> LinearExpr:
        """Priced units of an oil group: its build lines, and this turn's naval steps."""
        units: LinearExpr = sum(self.builds.priced_units(*slot) for slot in self.groups[group])
        if group in self.naval_groups and self.naval is not None:
            units += self.naval.steps(self.naval_groups[group], self.naval_turn)
        return units

    def extra_brps(self, groups: list[OilGroup]) -> LinearExpr:
        """BRPs added by units past the threshold: c x (m_past - m_in) each (27.35 D, E)."""
        return sum(group.extra * self.units[group] for group in groups)

    def threshold(self, faction: Faction) -> LinearExpr:
        """BRPs of builds at normal cost `faction`'s oil counters spent allow: 25 x (n + 1) (27.35 A-C)."""
        return OIL_THRESHOLD_STEP_BRPS + OIL_THRESHOLD_STEP_BRPS * self.counters[faction]

    def normal_cost_inside(self, faction: Faction) -> LinearExpr:
        """BRPs of builds counted inside `faction`'s oil threshold (27.35)."""
        return sum(
            group.weight * self.group_units(group) for group in self.groups if group.faction == faction.value
        ) - sum(group.weight * units for group, units in self.units.items() if group.faction == faction.value)

    def decisions(self) -> list[cp_model.IntVar]:
        return list(self.units.values())

    def extract(self, solver: cp_model.CpSolver) -> dict[Faction, int]:
        """Oil counters spent on construction per faction."""
        return {faction: int(solver.value(var)) for faction, var in self.counters.items()}

    def fix(self, model: cp_model.CpModel, faction: Faction, spent: int) -> None:
        """Spend exactly `spent` oil counters of `faction` on construction (tests and what-ifs)."""
        model.add(self.counters[faction] == spent)
