"""Objective of the mobilization schedule: discounted unit values, maintenance saved (14.62), tile
points kept."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.mobilization import MobilizedUnit
from optimizer.rules.mobilization.prepare import MobilizationData
from optimizer.rules.mobilization.variables import MobilizationVariables


def objective_expression(data: MobilizationData, v: MobilizationVariables) -> cp_model.LinearExpr:
    """Scaled integer objective. Units count at the turn they reach the reserve (14.81); each military
    factory saves one maintenance point in every planned turn from its conversion (14.62)."""
    terms = []
    for p in data.powers:
        for t in range(data.horizon):
            for u in MobilizedUnit:
                terms.append(data.values[u][t] * v.created[(p.power, t, u)])
                if (p.power, t, u) in v.addition:
                    terms.append(data.addition_values[u][t] * v.addition[(p.power, t, u)])
            terms.append(data.maintenance_values[t] * v.military[(p.power, t)])
            terms.append(data.tile_point_values[t] * (p.tile_points[t] - v.spent[(p.power, t)]))
    return cp_model.LinearExpr.sum(terms)
