"""The oil part of a plan: which priced units are past each threshold, and each faction's oil report (27.35)."""

from __future__ import annotations

from collections.abc import Mapping

from ortools.sat.python import cp_model

from models.naval_tables import NAVAL_STEP_BRPS
from models.plan import OilReport
from models.tables import POWER_FACTION, Faction, Power, oil_threshold_brps
from optimizer.rules.force_pool.prepare import EntryData
from optimizer.rules.force_pool.variables import Slot
from optimizer.rules.linear import value
from optimizer.rules.oil.variables import OilVariables


def past_per_slot(oil: OilVariables, solver: cp_model.CpSolver) -> dict[Slot, int]:
    """Write each oil group's units past the threshold on its lines, first lines first; what is
    left of a group with naval steps is naval (`naval_oil_steps`)."""
    past = {}
    for group, slots in oil.groups.items():
        left = value(solver, oil.units[group])
        for slot in slots:
            take = min(left, value(solver, oil.builds.priced_units(*slot)))
            if take:
                past[slot] = take
                left -= take
        assert left == 0 or group in oil.naval_groups, group
    return past


def naval_oil_steps(oil: OilVariables, solver: cp_model.CpSolver) -> dict[Power, int]:
    """Naval 3-BRP steps of this turn priced past the oil threshold, per power (27.35)."""
    steps = {}
    for group, power in oil.naval_groups.items():
        on_lines = sum(value(solver, oil.builds.priced_units(*slot)) for slot in oil.groups[group])
        steps[power] = max(0, value(solver, oil.units[group]) - on_lines)
    return steps


def oil_reports(
    oil: OilVariables,
    solver: cp_model.CpSolver,
    entries: Mapping[str, EntryData],
    available: Mapping[Faction, int],
    planned: Mapping[Faction, tuple[Power, ...]],
) -> list[OilReport]:
    """Per faction with oil-pooled powers: counters available (`available`, after grants of oil) and
    spent, the threshold (27.35 B), BRPs counted inside it, and BRPs paid past it."""
    spent = oil.extract(solver)
    past = past_per_slot(oil, solver)
    naval = naval_oil_steps(oil, solver)
    reports = []
    for faction in oil.counters:
        if not planned[faction]:
            continue
        affected = sum(
            entries[key].unit_cost * entries[key].multipliers[1] * units
            for (key, _), units in past.items()
            if POWER_FACTION[entries[key].power] is faction
        ) + sum(
            2 * NAVAL_STEP_BRPS * steps for power, steps in naval.items() if POWER_FACTION[power] is faction
        )
        reports.append(
            OilReport(
                faction=faction,
                counters_available=available[faction],
                counters_spent=spent[faction],
                threshold_brps=oil_threshold_brps(spent[faction]),
                normal_cost_brps=value(solver, oil.normal_cost_inside(faction)),
                oil_affected_brps=affected,
            )
        )
    return reports
