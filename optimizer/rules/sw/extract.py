"""The deployment as plain data (models.sw.SWDeployment), from the solved variables."""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from models.sw import GroupPlacement, Shipping, SWDeployment, SWSection
from models.sw_results import AnyResultsTable
from models.tables import Power
from optimizer.rules.sw.prepare import CampaignBreakdown
from optimizer.rules.sw.results import expected_losses
from optimizer.rules.sw.variables import SWVariables


def extract_deployment(solver: cp_model.CpSolver, variables: SWVariables) -> SWDeployment:
    values = variables.extract(solver)
    placements = []
    for group in variables.data.groups:
        boxes = {box: values[group.id, box] for box in group.allowed if values[group.id, box]}
        at_base = group.factors - sum(boxes.values())
        # 25.37: factors withdrawn from the group's box go to `withdraw_to`, named when not the base.
        elsewhere = group.box is not None and at_base and group.withdraw_to != group.base
        placements.append(
            GroupPlacement(
                group=group.id,
                at_base=at_base,
                boxes=boxes,
                withdraw_to=group.withdraw_to if elsewhere else None,
            )
        )
    split = int(solver.value(variables.split)) if variables.split is not None else None
    cve_split = int(solver.value(variables.cve_split)) if variables.cve_split is not None else None
    declined = [c for c, engaged in sorted(variables.engaged.items()) if not solver.value(engaged)]
    return SWDeployment(
        placements=placements,
        indian_asw_against_germany=split,
        indian_cves_against_germany=cve_split,
        declined=declined,
    )


def breakdown_data(
    item: CampaignBreakdown, table: AnyResultsTable | None, sw: SWSection | None = None
) -> dict[str, Any]:
    """One campaign's levels and modifiers as data (and expected results with a table, capped at the
    shipping of `sw` in the game's form)."""
    data: dict[str, Any] = {
        "campaign": item.campaign.value,
        "box": item.box.value,
        "attacker": item.attacker.value,
        "defender": item.defender.value,
        "possible": item.possible,
        "barred": [{"rule": rule, "reason": reason} for rule, reason in item.barred],
        "submarine_level": item.submarine_level,
        "asw_level": item.asw_level,
        "cves": item.cves,
        "lines": [
            {"key": line.key, "rule": line.rule, "text": line.text, "value": line.value, "why": line.why}
            for line in item.lines
        ],
        "modifier": item.modifier,
        "destroyers": item.destroyers,
        "advanced_submarines": item.advanced,
        "advanced_roll": (
            {"level": item.advanced_roll[0], "transports_eliminated": item.advanced_roll[1]}
            if item.advanced_possible
            else None
        ),
        "notes": [{"rule": rule, "text": text} for rule, text in item.notes()],
    }
    if table is not None and item.possible:
        sw = sw or SWSection()
        ships = (
            sw.shipping.get(item.box) if item.defender is not Power.JAPAN else sw.japanese_shipping
        ) or Shipping()
        data["expected"] = expected_losses(
            table, item.submarine_level, item.asw_level, item.modifier, ships.transports, ships.brps
        )
    return data
