"""New SW units of the turn's build plan as deployment groups (27.9, 27.94, 25.31): the turn planner
values submarines, ASW and CVEs by what they add in the SW box they can reach.

Each SW build of a planning power's yard (submarines, ASW; 27.721 A) becomes a group of new units
at the yard (27.93), sized by the build's variable; each CVE that may launch this turn or next
(CVE_LAUNCH_TURNS) a group of one at its yard [reading: by the next turn's SW combats it can be in a
box, uninverted]. They count in the box they go to (27.91).
"""

from __future__ import annotations

from dataclasses import replace

from ortools.sat.python import cp_model

from models.scenario import Scenario
from models.sw import CVE_LAUNCH_TURNS, SWBox, SWSection, SWUnit, build_group_id
from models.sw_ports import port_front
from models.tables import Power, UnitType
from optimizer.linear import LinearExpr
from optimizer.rules.naval.variables import NavalVariables
from optimizer.rules.sw.deployment import GroupData, deployment_data, eligible_boxes, planning_powers
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
    new: list[GroupData] = []
    caps: dict[str, LinearExpr] = {}

    def add(group_id: str, power: Power, unit: SWUnit, most: int, site: str, cap: LinearExpr) -> None:
        reasons = eligible_boxes(power, unit, site, None, where)
        allowed = tuple(b for b in SWBox if not reasons[b])
        if power not in planners or not allowed or most <= 0:
            return
        new.append(
            GroupData(
                group_id, power, unit, most, site, None, True, allowed, port_front(site) == "mediterranean"
            )
        )
        caps[group_id] = cap

    if naval is not None:
        for (build, yard_key), var in sorted(naval.sw.items()):
            power, unit, count = naval.naval.sw_builds[build]
            if unit in _SW_UNITS:
                site = naval.naval.yards[yard_key].site
                add(
                    build_group_id(power, unit.value, build.split("/", 1)[1], site),
                    power,
                    _SW_UNITS[unit],
                    count,
                    site,
                    var,
                )
        launches: dict[tuple[str, str], list[cp_model.IntVar]] = {}
        for ship, turn, var in naval.launches():
            if ship.unit is UnitType.ESCORT_CARRIER and turn < CVE_LAUNCH_TURNS:
                launches.setdefault((ship.key, naval.naval.yards[ship.yard].site), []).append(var)
        by_yard: dict[tuple[Power, str], list[cp_model.IntVar]] = {}
        for (key, site), found in sorted(launches.items()):
            ship = naval.naval.ships[key]
            by_yard.setdefault((ship.valued_for, site), []).extend(found)
        for (power, site), found in sorted(by_yard.items(), key=lambda item: (item[0][0].value, item[0][1])):
            add(
                build_group_id(power, "cve", "launched", site),
                power,
                SWUnit.CVE,
                len(found),
                site,
                sum(found),
            )
    data = replace(data, groups=data.groups + tuple(new))
    return SWVariables.create(model, data, caps)
