"""Submarine warfare in the turn model (27.94, 25.31): the deployment with the build plan's new SW
units, and its worth in the planner's `value` priority."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.sw import SWSection
from optimizer.rules.guards import Guards
from optimizer.rules.linear import VALUE_SCALE
from optimizer.rules.sw.constraints import add_sw
from optimizer.rules.sw.objective import SCALE, campaign_terms, value_expression
from optimizer.turn.prepare import Prepared
from optimizer.turn.variables import Variables


def add_sw_deployment(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """The deployment rules (25.12-25.38) on the turn's SW units, and the weights value of the
    campaigns (`sw.weights`, in the same units as `objective.values`): what new submarines and ASW add
    where they can go (the build plan's CVEs count at no next SW combats: builds.py). Never guarded:
    deploying nothing is always legal."""
    sw_variables = variables.sw
    if sw_variables is None:
        return
    sw = data.scenario.sw or SWSection()
    add_sw(model, sw_variables)
    terms = campaign_terms(model, data.scenario, sw, sw_variables)
    sw_variables.value = (VALUE_SCALE // SCALE) * value_expression(model, sw, terms, None)
