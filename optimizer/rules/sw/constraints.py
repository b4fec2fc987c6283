"""Deployment legality (25.12, 25.15, 25.31, 25.32, 25.83)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.sw import SWBox, SWUnit
from models.tables import Power
from optimizer.rules.linear import LinearExpr
from optimizer.rules.sw.variables import SWVariables


def add_sw(model: cp_model.CpModel, variables: SWVariables) -> None:
    """Each group's factors split between its base and the boxes it may end in (25.31, 25.37);
    American-built ASW entering a box within 25.32's limits; German submarines past an
    Allied-controlled Gibraltar one factor a turn (25.15, 25.151)."""
    data = variables.data
    for group in data.groups:
        model.add(
            sum(variables.placed[group.id, box] for box in group.allowed)
            <= variables.caps.get(group.id, group.factors)
        )
    for box, limit in data.us_asw_limit.items():
        if limit is None:
            continue
        entering = [
            variables.placed[g.id, box]
            for g in data.groups
            if g.power is Power.USA
            and g.unit is SWUnit.ASW
            and g.box is not box
            and (g.id, box) in variables.placed
        ]
        if entering:
            model.add(sum(entering) <= limit)
    if data.gibraltar_limit is not None:
        passing: list[LinearExpr] = []
        for g in data.groups:
            if g.power is not Power.GERMANY or not g.mediterranean:
                continue
            if g.box is SWBox.ATLANTIC:
                # leaving the Atlantic box for the Mediterranean base
                others = [variables.placed[g.id, b] for b in g.allowed if b is not SWBox.ATLANTIC]
                model.add(variables.placed[g.id, SWBox.ATLANTIC] + sum(others) <= g.factors)
                passing.append(g.factors - variables.placed[g.id, SWBox.ATLANTIC] - sum(others))
            elif (g.id, SWBox.ATLANTIC) in variables.placed:
                passing.append(variables.placed[g.id, SWBox.ATLANTIC])
        if passing:
            model.add(sum(passing) <= data.gibraltar_limit)
