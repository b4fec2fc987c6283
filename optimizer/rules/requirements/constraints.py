"""The player's hard requirements: minimum builds, BRPs kept, BRPs delivered, and avoiding the oil effect."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.scenario import MinimumBuild
from models.tables import Power, UnitType
from optimizer.rules.guards import Guards
from optimizer.rules.linear import LinearExpr
from optimizer.rules.naval.objective import built_this_turn
from optimizer.turn.prepare import Prepared
from optimizer.turn.variables import Variables


def minimum_built(data: Prepared, variables: Variables, minimum: MinimumBuild) -> LinearExpr:
    """Factors (counters for works) built this turn that a minimum requirement counts: build lines,
    SW units, and ships launched this turn (27.7)."""

    def wanted(unit: UnitType, power: Power) -> bool:
        return (minimum.unit is None or unit is minimum.unit) and (
            minimum.power is None or power is minimum.power
        )

    builds = variables.builds
    built: LinearExpr = sum(
        builds.factors(key, site)
        for key, site in builds.counters
        if wanted(data.entries[key].entry.unit, data.entries[key].power)
    )
    return built + built_this_turn(variables.naval, wanted)


def add_requirements(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """Minimum builds, BRP reserves, BRPs delivered by grant, and spending an oil counter to avoid the
    oil effect (27.35 H)."""
    objective = data.scenario.objective
    for minimum in objective.minimum:
        model.add(minimum_built(data, variables, minimum) >= minimum.factors).only_enforce_if(
            guards.of("requirement", minimum.describe())
        )
    for power, reserve in sorted(objective.reserve.items()):
        if reserve:
            model.add(variables.kept(power) >= reserve).only_enforce_if(
                guards.of("requirement", f"{power.value}: keep {reserve} BRPs")
            )
    grants = variables.grants
    for recipient, brps in sorted(objective.deliver.items()):
        sent = grants.received(recipient.value) if grants is not None else 0
        if isinstance(sent, int):
            sent = model.new_constant(sent)
        model.add(sent >= brps).only_enforce_if(
            guards.of("requirement", f"deliver at least {brps} BRPs to {recipient.value}")
        )
    if objective.avoid_oil_effect:
        for faction, spent in variables.oil.counters.items():
            if data.oil_powers[faction]:
                model.add(spent >= 1).only_enforce_if(
                    guards.of(
                        "requirement", f"{faction.value}: spend an oil counter on construction (27.35 H)"
                    )
                )
