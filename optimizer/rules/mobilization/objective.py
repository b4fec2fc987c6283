"""Objective of the mobilization schedule: discounted unit values, maintenance saved (14.62), tile
points kept."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.mobilization import MobilizedUnit
from optimizer.rules.mobilization.prepare import MobilizationData
from optimizer.rules.mobilization.variables import MobilizationVariables


def objective_parts(data: MobilizationData, v: MobilizationVariables) -> dict[str, cp_model.LinearExpr]:
    """The scaled integer objective's parts. `units`: unit values, counted in the turn each unit reaches
    the reserve (14.81); `maintenance`: each military factory saves one maintenance point in every
    planned turn from its conversion (14.62); `tile_points`: tile points kept."""
    units, maintenance, tile_points = [], [], []
    for p in data.powers:
        for t in range(data.horizon):
            for u in MobilizedUnit:
                units.append(p.values[u][t] * v.created[(p.power, t, u)])
                if (p.power, t, u) in v.addition:
                    units.append(data.addition_values[u][t] * v.addition[(p.power, t, u)])
            maintenance.append(data.maintenance_values[t] * v.military[(p.power, t)])
            tile_points.append(data.tile_point_values[t] * (p.tile_points[t] - v.spent[(p.power, t)]))
    return {
        "units": cp_model.LinearExpr.sum(units),
        "maintenance": cp_model.LinearExpr.sum(maintenance),
        "tile_points": cp_model.LinearExpr.sum(tile_points),
    }


def objective_expression(data: MobilizationData, v: MobilizationVariables) -> cp_model.LinearExpr:
    """The weighted sum of the parts."""
    return cp_model.LinearExpr.sum(list(objective_parts(data, v).values()))
