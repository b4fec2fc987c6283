"""Deployment legality (25.12, 25.15, 25.31, 25.32, 25.37, 25.83)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.sw import GibraltarTransfers, SWBox, SWUnit
from models.tables import Power
from optimizer.rules.linear import LinearExpr
from optimizer.rules.sw.variables import SWVariables


def add_sw(model: cp_model.CpModel, variables: SWVariables) -> None:
    """Each group's factors split between its base and the boxes it may end in (25.31), all of them
    in boxes when it has no place to withdraw to (25.37); American-built ASW entering a
    box within 25.32's limits (American CVEs in the Atlantic too, with `sw.us_cves_within_25_32_a`);
    German submarines past an Allied-controlled Gibraltar one factor a turn (25.15, 25.151)."""
    data = variables.data
    for group in data.groups:
        placed = sum(variables.placed[group.id, box] for box in group.allowed)
        cap = variables.caps.get(group.id, group.factors)
        if group.box is not None and not group.withdraws:
            model.add(placed == cap)  # 25.37: no location it could have entered the box from
        else:
            model.add(placed <= cap)
    for box, limit in data.us_asw_limit.items():
        if limit is None:
            continue
        units = (SWUnit.ASW, SWUnit.CVE) if box is SWBox.ATLANTIC and data.us_cves_limited else (SWUnit.ASW,)
        entering = [
            variables.placed[g.id, box]
            for g in data.groups
            if g.power is Power.USA
            and g.unit in units
            and g.box is not box
            and (g.id, box) in variables.placed
        ]
        if entering:
            model.add(sum(entering) <= limit)
    if data.gibraltar_limit is not None:
        passing = gibraltar_passing(variables)
        if passing:
            model.add(sum(passing) <= data.gibraltar_limit)


def gibraltar_passing(variables: SWVariables) -> list[LinearExpr]:
    """German submarine factors that pass Gibraltar this turn (25.15 B): those withdrawn from the
    Atlantic box to a Mediterranean port (`withdraw_passes_gibraltar`); of those at a Mediterranean
    base, those from the base to the Atlantic box; and, whatever the base (25.38 names none), those
    transferred between the Indian Ocean and Atlantic boxes as `sw.gibraltar_box_transfers` says (both
    ways by default, one way, or neither) [setting]."""
    data = variables.data
    transfers = data.gibraltar_transfers
    passing: list[LinearExpr] = []
    for g in data.groups:
        if g.power is not Power.GERMANY:
            continue
        atlantic = variables.placed.get((g.id, SWBox.ATLANTIC), 0)
        indian = variables.placed.get((g.id, SWBox.INDIAN), 0)
        if g.box is SWBox.ATLANTIC:
            if g.withdraw_passes_gibraltar:
                others = sum(variables.placed[g.id, b] for b in g.allowed if b is not SWBox.ATLANTIC)
                passing.append(g.factors - atlantic - others)  # withdrawn to a Mediterranean port
            if transfers is GibraltarTransfers.BOTH:
                passing.append(indian)
        elif g.box is SWBox.INDIAN:
            if transfers is not GibraltarTransfers.NEITHER:
                passing.append(atlantic)
        elif g.mediterranean:
            passing.append(atlantic)
    return passing
