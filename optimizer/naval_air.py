"""Naval air training rates (27.61)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from optimizer.guards import Guards
from optimizer.prepare import Prepared, naval_air_units
from optimizer.variables import Variables


def add_naval_air(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """Naval air factors built a turn, new and rebuilt, never exceed the training rate (27.61)."""
    counted = naval_air_units(data.scenario)
    for power, pdata in data.powers.items():
        built = [
            variables.factors(*slot)
            for slot in variables.slots(power)
            if data.entries[slot[0]].entry.unit in counted
        ]
        if built:
            model.Add(sum(built) <= pdata.naval_air_rate).OnlyEnforceIf(guards.of("27.61", power.value))
