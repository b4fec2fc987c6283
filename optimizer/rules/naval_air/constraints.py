"""Naval air training rates (27.61)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.tables import Power
from optimizer.rules.guards import Guards
from optimizer.rules.naval_air.prepare import naval_air_units
from optimizer.turn.prepare import Prepared
from optimizer.turn.variables import Variables


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
            rate = model.add(sum(built) <= pdata.naval_air_rate).with_name(rate_name(power))
            rate.only_enforce_if(guards.of("27.61", power.value))


def rate_name(power: Power) -> str:
    """The name of `power`'s training rate constraint, for a what-if to find it (`raise_rates`)."""
    return f"27.61|{power.value}"


def raise_rates(model: cp_model.CpModel, extra: dict[Power, int]) -> None:
    """Raise these powers' training rates in a built model by `extra` factors: the model is then the
    one built with those rates (the rate is the right-hand side of its one constraint, 27.61)."""
    names = {rate_name(power): more for power, more in extra.items()}
    for constraint in model.proto.constraints:
        if constraint.name in names:
            domain = constraint.linear.domain
            domain[len(domain) - 1] += names[constraint.name]
