"""The schedule from a solved model: conversions, units created, arrivals in the reserve (14.81, 14.82),
maintenance saved (14.62)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.mobilization import (
    GROUND_AND_AIR,
    Arrival,
    Conversion,
    MaintenanceSaved,
    MobilizedUnit,
    ScheduleStep,
    UnitCounts,
)
from optimizer.rules.mobilization.prepare import MobilizationData
from optimizer.rules.mobilization.variables import CONVERSIONS, MobilizationVariables


def extract_steps(
    solver: cp_model.CpSolver, data: MobilizationData, v: MobilizationVariables
) -> list[ScheduleStep]:
    steps = []
    for p in data.powers:
        made = p.mobilizations_made
        for t in range(data.horizon):
            conversion = next(
                (c for c in CONVERSIONS if solver.boolean_value(v.convert[(p.power, t, c)])), Conversion.NONE
            )
            counts = {u.value: solver.value(v.created[(p.power, t, u)]) for u in MobilizedUnit}
            number = None
            if solver.boolean_value(v.mobilize[(p.power, t)]):
                made += 1
                number = made
            addition = next(
                (
                    u
                    for u in GROUND_AND_AIR
                    if (p.power, t, u) in v.addition and solver.boolean_value(v.addition[(p.power, t, u)])
                ),
                None,
            )
            arrivals = [
                Arrival(turn=t + p.delays[u], unit=u, count=counts[u.value])
                for u in MobilizedUnit
                if counts[u.value]
            ]
            if addition is not None:
                arrivals.append(Arrival(turn=t, unit=addition, count=1))
            steps.append(
                ScheduleStep(
                    turn=t,
                    power=p.power,
                    conversion=conversion,
                    tile_points_spent=solver.value(v.spent[(p.power, t)]),
                    mobilization_number=number,
                    created=UnitCounts(**counts),
                    addition=addition,
                    arrivals=arrivals,
                )
            )
    return steps


def extract_maintenance(
    solver: cp_model.CpSolver, data: MobilizationData, v: MobilizationVariables
) -> list[MaintenanceSaved]:
    """Each power's military factories after each turn's conversion, and the maintenance points they
    save: one each (14.62)."""
    out = []
    for p in data.powers:
        for t in range(data.horizon):
            military = solver.value(v.military[(p.power, t)])
            out.append(MaintenanceSaved(turn=t, power=p.power, military_factories=military, points=military))
    return out
