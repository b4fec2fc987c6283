"""Construction oil effects (27.35)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.tables import OIL_THRESHOLD_STEP_BRPS
from optimizer.guards import Guards
from optimizer.prepare import Prepared
from optimizer.variables import OilGroup, Variables


def add_oil(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """One threshold per faction: with n oil counters spent, the first 25 x (n + 1) BRPs of builds at
    normal cost are inside it; every other priced unit pays x2 (x3 for 27.13 A rebuilds) (27.35 A-E).

    Germany and Italy share it, Britain and France share it, U.S. builds are
    ignored (27.35 I, J). Reading: the player chooses which builds fall inside;
    a priced unit (factor, counter, pair) is never split across it; and a unit
    may only be past the threshold if it would not have fitted inside.
    """
    for faction, spent in variables.oil_counters.items():
        groups = [group for group in variables.oil_units if group.faction == faction.value]
        inside = variables.normal_cost_inside(faction)
        threshold = OIL_THRESHOLD_STEP_BRPS + OIL_THRESHOLD_STEP_BRPS * spent
        model.Add(inside <= threshold).OnlyEnforceIf(guards.of("27.35", faction.value))
        by_weight: dict[int, list[OilGroup]] = {}
        for group in groups:
            by_weight.setdefault(group.weight, []).append(group)
        for weight, same in sorted(by_weight.items()):
            # Any unit of this weight past the threshold means no room for one more inside.
            any_past = model.NewBoolVar(f"oil_past_{faction.value}_{weight}")
            bound = sum(variables.oil_units_max[group] for group in same)
            model.Add(sum(variables.oil_units[group] for group in same) <= bound * any_past)
            model.Add(inside + weight >= threshold + 1).OnlyEnforceIf(
                [any_past, *guards.of("27.35 A", faction.value)]
            )
