"""Construction oil effects (27.35)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from optimizer.rules.guards import Guards
from optimizer.rules.oil.variables import OilGroup
from optimizer.turn.prepare import Prepared
from optimizer.turn.variables import Variables


def add_units_past(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """No more units of a group past the threshold than the group has (27.35 D, E)."""
    oil = variables.oil
    for group, units in oil.units.items():
        model.add(units <= oil.group_units(group))


def add_oil(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """One threshold per faction: with n oil counters spent, the first 25 x (n + 1) BRPs of builds at
    normal cost are inside it; every other priced unit pays x2 (x3 for 27.13 A rebuilds) (27.35 A-E).

    Germany and Italy share it, Britain and France share it, U.S. builds are
    ignored (27.35 I, J). Reading: the player chooses which builds fall inside;
    a priced unit (factor, counter, pair) is never split across it; and a unit
    may only be past the threshold if it would not have fitted inside.
    """
    oil = variables.oil
    for faction in oil.counters:
        groups = [group for group in oil.units if group.faction == faction.value]
        inside = oil.normal_cost_inside(faction)
        threshold = oil.threshold(faction)
        model.add(inside <= threshold).only_enforce_if(guards.of("27.35", faction.value))
        by_weight: dict[int, list[OilGroup]] = {}
        for group in groups:
            by_weight.setdefault(group.weight, []).append(group)
        for weight, same in sorted(by_weight.items()):
            # Any unit of this weight past the threshold means no room for one more inside.
            any_past = model.new_bool_var(f"oil_past_{faction.value}_{weight}")
            bound = sum(oil.units_max[group] for group in same)
            model.add(sum(oil.units[group] for group in same) <= bound * any_past)
            model.add(inside + weight >= threshold + 1).only_enforce_if(
                [any_past, *guards.of("27.35 A", faction.value)]
            )
