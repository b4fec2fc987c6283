"""The player's objective: requirements (hard) and priorities (solved lexicographically)."""

from __future__ import annotations

from fractions import Fraction

from ortools.sat.python import cp_model

from models.scenario import MinimumBuild, Priority, PriorityKind
from models.tables import WORKS_UNIT_TYPES
from optimizer.guards import Guards
from optimizer.prepare import Prepared
from optimizer.variables import LinearExpr, Variables

# Values are taken to 1/1000: CP-SAT objectives are integers, and exact
# integers are what let a later priority keep an earlier one's optimum exactly.
VALUE_SCALE = 1000


def scaled(value: float) -> int:
    return round(Fraction(value).limit_denominator(VALUE_SCALE) * VALUE_SCALE)


def minimum_built(data: Prepared, variables: Variables, minimum: MinimumBuild) -> LinearExpr:
    """Factors (counters for works) built that a minimum requirement counts."""
    return sum(
        variables.factors(key, site)
        for key, site in variables.counters
        if (minimum.unit is None or data.entries[key].entry.unit is minimum.unit)
        and (minimum.power is None or data.entries[key].power is minimum.power)
    )


def add_requirements(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """Minimum builds, BRP reserves, and spending an oil counter to avoid the oil effect (27.35 H)."""
    objective = data.scenario.objective
    for minimum in objective.minimum:
        model.Add(minimum_built(data, variables, minimum) >= minimum.factors).OnlyEnforceIf(
            guards.of("requirement", minimum.describe())
        )
    for power, reserve in sorted(objective.reserve.items()):
        if reserve:
            model.Add(variables.kept(power) >= reserve).OnlyEnforceIf(
                guards.of("requirement", f"{power.value}: keep {reserve} BRPs")
            )
    if objective.avoid_oil_effect:
        assert variables.oil_counters is not None
        model.Add(variables.oil_counters >= 1).OnlyEnforceIf(
            guards.of("requirement", "spend an oil counter on construction (27.35 H)")
        )


def priority_expression(data: Prepared, variables: Variables, priority: Priority) -> tuple[LinearExpr, int]:
    """The expression one priority maximizes, and the scale its integer value carries."""
    objective = data.scenario.objective
    powers = [p for p in data.powers if priority.powers is None or p in priority.powers]
    slots = [slot for slot in variables.counters if data.entries[slot[0]].power in powers]
    assert variables.oil_counters is not None
    oil_kept = data.oil_counters - variables.oil_counters
    unspent = sum(variables.kept(p) for p in powers)
    if priority.kind is PriorityKind.VALUE:
        built = sum(
            scaled(objective.value_of(data.entries[key].entry.unit)) * variables.factors(key, site)
            for key, site in slots
            if priority.units is None or data.entries[key].entry.unit in priority.units
        )
        return (
            built
            + scaled(objective.unspent_brp_value) * unspent
            + scaled(objective.oil_counter_value) * oil_kept,
            VALUE_SCALE,
        )
    if priority.kind is PriorityKind.FACTORS:
        return (
            sum(
                variables.factors(key, site)
                for key, site in slots
                if (
                    data.entries[key].entry.unit in priority.units
                    if priority.units is not None
                    else data.entries[key].entry.unit not in WORKS_UNIT_TYPES
                )
            ),
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
