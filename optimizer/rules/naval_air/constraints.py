"""Naval air training rates (27.61)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from optimizer.guards import Guards
from optimizer.prepare import Prepared
from optimizer.rules.naval_air.prepare import naval_air_units
from optimizer.variables import Variables


def add_naval_air(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """Naval air factors built a turn, new and rebuilt, never exceed the training rate (27.61)."""
    counted = naval_air_units(data.scenario)
    builds = variables.builds
    for power, pdata in data.powers.items():
        built = [
            builds.factors(*slot)
            for slot in builds.slots(power)
            if data.entries[slot[0]].entry.unit in counted
        ]
        if built:
            model.add(sum(built) <= pdata.naval_air_rate).only_enforce_if(guards.of("27.61", power.value))
