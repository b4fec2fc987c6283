"""The CP-SAT model of one turn: variables, then each rule family in a fixed order."""

from __future__ import annotations

from ortools.sat.python import cp_model

from optimizer.costs import add_brps, add_force_pool
from optimizer.grants import add_grants
from optimizer.guards import ExplainGuards, Guards
from optimizer.limits import add_limits
from optimizer.naval_air import add_naval_air
from optimizer.objective import add_requirements
from optimizer.oil import add_oil
from optimizer.placement import add_placement
from optimizer.prepare import Prepared
from optimizer.shipyards import add_shipyards
from optimizer.variables import Variables

# Each family posts its own constraints over the shared variables. New rule
# families (shipyards 27.7, grants 40, submarine warfare 25) are added here.
RULE_FAMILIES = (
    add_force_pool,  # 27.5, 27.21, 27.22
    add_placement,  # 27.4
    add_brps,  # 27.11, 40.244
    add_limits,  # 27.3
    add_oil,  # 27.35
    add_naval_air,  # 27.61
    add_grants,  # 40
    add_shipyards,  # 27.7
    add_requirements,  # the player's requirements
)


def build_model(data: Prepared, *, explain: bool = False) -> tuple[cp_model.CpModel, Variables, Guards]:
    """Build the turn model from prepared data; with `explain`, every rule family is guarded by a literal."""
    model = cp_model.CpModel()
    guards = ExplainGuards(model) if explain else Guards()
    variables = Variables.create(model, data, unbounded=explain)
    for add_family in RULE_FAMILIES:
        add_family(model, data, variables, guards)
    return model, variables, guards
