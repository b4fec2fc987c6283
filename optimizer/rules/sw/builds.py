"""New SW units of the turn's build plan as deployment groups (27.9, 27.94, 25.31): the turn planner
values submarines and ASW by what they add in the SW box they can reach.

Each SW build of a planning power's yard (submarines, ASW; 27.721 A) becomes a group of new units
at the yard (27.93), sized by the build's variable, that may go to the boxes `new_unit_boxes` gives
(27.94 with the entry rules); they count in the box they go to (27.91). CVEs of the build plan form no
group: laid down this turn they launch next turn (27.721 B), launched this turn they stay inverted in
a box through the next opposing player turn (27.81, 27.82 B, 25.34), so neither counts at the next SW
combats (25.362).
"""

from __future__ import annotations

from dataclasses import replace

from ortools.sat.python import cp_model

from models.scenario import Scenario
from models.sw import SWBox, SWSection, SWUnit, build_group_id
from models.tables import UnitType
from optimizer.rules.linear import LinearExpr
from optimizer.rules.naval.variables import NavalVariables
from optimizer.rules.sw.deployment import GroupData, deployment_data, new_unit_boxes, planning_powers
from optimizer.rules.sw.variables import SWVariables

_SW_UNITS = {UnitType.SUBMARINE: SWUnit.SUBMARINE, UnitType.ASW: SWUnit.ASW}


def turn_sw_variables(
    model: cp_model.CpModel, scenario: Scenario, naval: NavalVariables | None
) -> SWVariables | None:
    """The deployment variables of the turn model, with the build plan's new SW units, or None
    without an `sw:` section."""
    if scenario.sw is None:
        return None
    sw: SWSection = scenario.sw
    data = deployment_data(scenario, sw)
    where = data.where
    planners = planning_powers(scenario)
    boxes_of = new_unit_boxes(scenario, where)
    new: list[GroupData] = []
    caps: dict[str, LinearExpr] = {}
    if naval is not None:
        for (build, yard_key), var in sorted(naval.sw.items()):
            power, unit, count = naval.naval.sw_builds[build]
            if unit not in _SW_UNITS or power not in planners or count <= 0:
                continue
            site = naval.naval.yards[yard_key].site
            allowed = tuple(SWBox(b) for b in boxes_of(power, unit, site))
            if not allowed:
                continue
            group_id = build_group_id(power, unit.value, build.split("/", 1)[1], site)
            sw_unit = _SW_UNITS[unit]
            mediterranean = where.front(site) == "mediterranean"
            new.append(GroupData(group_id, power, sw_unit, count, site, None, True, allowed, mediterranean))
            caps[group_id] = var
    data = replace(data, groups=data.groups + tuple(new))
    return SWVariables.create(model, data, caps)
