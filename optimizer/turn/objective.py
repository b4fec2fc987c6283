"""The player's priorities as expressions to maximize, solved lexicographically by `optimizer.turn.solve`."""

from __future__ import annotations

from models.scenario import Priority, PriorityKind
from models.tables import WORKS_UNIT_TYPES, Power
from optimizer.rules.grants.objective import expected_delivered, route_opening_value
from optimizer.rules.linear import VALUE_SCALE, LinearExpr, scaled
from optimizer.rules.naval.objective import naval_factors, naval_value
from optimizer.turn.prepare import Prepared
from optimizer.turn.variables import Variables


def kept_value(data: Prepared, variables: Variables, powers: list[Power], unspent: LinearExpr) -> LinearExpr:
    """What the BRPs `powers` keep (`unspent`, their sum) are worth, in thousandths: each at
    `unspent_brp_value`, or with `unspent_brp_growth` the BRPs of next year's base they grow into, each
    at its `base_brp_value`."""
    objective = data.scenario.objective
    growth = objective.unspent_brp_growth
    if growth is None:
        return scaled(objective.unspent_brp_value) * unspent
    return scaled(growth.base_brp_value) * sum(variables.growth[p] for p in powers)


def priority_expression(data: Prepared, variables: Variables, priority: Priority) -> tuple[LinearExpr, int]:
    """The expression one priority maximizes, and the scale its integer value carries."""
    scenario = data.scenario
    objective = scenario.objective
    builds = variables.builds
    powers = [p for p in data.powers if priority.powers is None or p in priority.powers]
    slots = [slot for slot in builds.counters if data.entries[slot[0]].power in powers]
    oil_kept = sum(data.oil_counters[f] - spent for f, spent in variables.oil.counters.items())
    unspent = sum(variables.kept(p) for p in powers)
    if priority.kind is PriorityKind.DELIVERED:
        recipients = None if priority.powers is None else {p.value for p in priority.powers}
        return expected_delivered(scenario, variables.grants, recipients, None), VALUE_SCALE
    if priority.kind is PriorityKind.VALUE:
        built = sum(
            scaled(objective.value_of(data.entries[key].entry.unit)) * builds.factors(key, site)
            for key, site in slots
            if priority.units is None or data.entries[key].entry.unit in priority.units
        )
        return (
            built
            + kept_value(data, variables, powers, unspent)
            + scaled(objective.oil_counter_value) * oil_kept
            + expected_delivered(scenario, variables.grants, None, objective.delivered_brp_value)
            + route_opening_value(scenario, variables.grants)
            + naval_value(scenario, variables.naval, powers, priority.units)
            + (variables.sw.value if variables.sw is not None and priority.units is None else 0),
            VALUE_SCALE,
        )
    if priority.kind is PriorityKind.FACTORS:
        return (
            sum(
                builds.factors(key, site)
                for key, site in slots
                if (
                    data.entries[key].entry.unit in priority.units
                    if priority.units is not None
                    else data.entries[key].entry.unit not in WORKS_UNIT_TYPES
                )
            )
            + naval_factors(variables.naval, powers, priority.units),
            1,
        )
    if priority.kind is PriorityKind.UNSPENT_BRPS:
        return unspent, 1
    return oil_kept, 1


def describe_priority(priority: Priority) -> str:
    text = priority.kind.value
    if priority.units:
        text += "[" + ",".join(u.value for u in priority.units) + "]"
    if priority.powers:
        text += "(" + ",".join(p.value for p in priority.powers) + ")"
    return text
