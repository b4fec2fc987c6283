"""The naval part of a plan: chart actions, SW units built, chart snapshots and naval spending (27.7, 27.9)."""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from models.naval_tables import LAUNCH_ROW, SEASONS, SW_BRPS_PER_FACTOR
from models.plan import ChartShipView, ChartSnapshot, NavalAction, NavalReport, SWBuildLine
from models.scenario import Scenario
from models.tables import POWER_ORDER, Power
from optimizer.rules.linear import value
from optimizer.rules.naval.chart import (
    WAITING,
    ShipData,
    action_cost,
    describe_state,
    sw_placement,
)
from optimizer.rules.naval.variables import NavalVariables

POWER_RANK = {power: i for i, power in enumerate(POWER_ORDER)}


def naval_results(
    scenario: Scenario, naval: NavalVariables | None, solver: cp_model.CpSolver, oil_steps: dict[Power, int]
) -> dict[str, Any]:
    """Chart actions, SW builds, chart snapshots and naval spending (27.7, 27.9); `oil_steps` are this
    turn's naval 3-BRP steps priced past the oil threshold, per power (27.35)."""
    if naval is None:
        return {}
    data = naval.naval
    reports = [
        NavalReport(
            power=power,
            brps_by_turn=[value(solver, naval.brps(power, t)) for t in range(len(data.seasons))],
            oil_steps=oil_steps.get(power, 0),
            lost_ships=data.lost_ships.get(power, []),
        )
        for power in sorted({y.power for y in data.yards.values()}, key=lambda p: POWER_RANK[p])
    ]
    return {
        "naval_actions": _actions(naval, solver),
        "sw_builds": _sw_lines(scenario, naval, solver),
        "charts": _charts(naval, solver),
        "naval": reports,
    }


def _actions(naval: NavalVariables, solver: cp_model.CpSolver) -> list[NavalAction]:
    """Every chart action taken over the horizon, with its costs and the ship's state before and after (27.7272)."""
    data = naval.naval
    actions = []
    for key, t, state, action in naval.extract(solver)[0]:
        ship = data.ships[key]
        power = data.yards[ship.yard].power
        target = next(target for candidate, target in naval.options[key, t, state] if candidate is action)
        sb, brps = action_cost(ship, action)
        actions.append(
            NavalAction(
                turn=t,
                power=power,
                yard=data.yards[ship.yard].site,
                ship=ship.name,
                unit=ship.unit,
                factors=ship.factors,
                action=action.value,
                before=describe_state(state),
                after=describe_state(target),
                sb=sb,
                brps=brps,
            )
        )
    actions.sort(key=lambda a: (a.turn, POWER_RANK[a.power], a.yard, a.ship))
    return actions


def _sw_lines(scenario: Scenario, naval: NavalVariables, solver: cp_model.CpSolver) -> list[SWBuildLine]:
    """SW units built this turn, where they are placed and which SW boxes they may go to (27.93, 27.94),
    and who pays for lend-lease transports (27.7322)."""
    data = naval.naval
    us_left = value(solver, naval.us_paid) if naval.us_paid is not None else 0
    japan_left = value(solver, naval.japan_rebuilt) if naval.japan_rebuilt is not None else 0
    lend = data.lend_lease.builds if data.lend_lease else ()
    us_at_war_everywhere = all(scenario.us_at_war.get(t) for t in ("europe", "pacific"))
    # Transports sunk by Japan are rebuilt on the Pacific box's lines first, at U.S. expense (27.7322 C).
    in_order = sorted(
        naval.sw.items(), key=lambda item: (data.yards[item[0][1]].site != "us_pacific_box", item[0])
    )
    boxes_of = None  # 27.94: the SW family's own list, the one its deployment uses
    lines = []
    for (build, yard_key), var in in_order:
        factors = value(solver, var)
        if not factors:
            continue
        power, unit, _ = data.sw_builds[build]
        yard = data.yards[yard_key]
        paid_by = {}
        if build in lend:
            japan = min(japan_left, factors) if yard.site == "us_pacific_box" else 0
            japan_left -= japan
            us_part = min(us_left, SW_BRPS_PER_FACTOR * (factors - japan))
            us_left -= us_part
            britain = SW_BRPS_PER_FACTOR * (factors - japan) - us_part
            paid_by = {
                p: b
                for p, b in ((Power.USA, us_part + SW_BRPS_PER_FACTOR * japan), (Power.BRITAIN, britain))
                if b
            }
        placed = sw_placement(power, yard.site, yard.sw_ports, yard.sw_barred)
        if boxes_of is None:  # the SW family loads with the first SW unit built (optimizer/planners)
            from optimizer.rules.sw.deployment import new_unit_boxes

            boxes_of = new_unit_boxes(scenario)
        if power is Power.USA and not us_at_war_everywhere:
            placed += (
                "; deploys to SW boxes within the tension limits of 25.32 until the U.S. is at war in both "
                "theaters (25.22 C, D)"
            )
        lines.append(
            SWBuildLine(
                power=power,
                build=build.split("/", 1)[1],
                unit=unit,
                yard=yard.site,
                factors=factors,
                brps=SW_BRPS_PER_FACTOR * factors,
                placed=placed,
                paid_by=paid_by,
                sw_boxes=boxes_of(power, unit, yard.site),
            )
        )
    lines.sort(key=lambda b: (POWER_RANK[b.power], b.build, b.yard))
    return lines


def _charts(naval: NavalVariables, solver: cp_model.CpSolver) -> list[ChartSnapshot]:
    """Each yard's chart at the start of each turn of the horizon and after the last."""
    data = naval.naval
    # Each yard's ships in the order of `data.ships`, gathered once rather than scanned per yard and turn.
    at_yard: dict[str, list[tuple[str, ShipData]]] = {yard_key: [] for yard_key in data.yards}
    for key, ship in data.ships.items():
        at_yard.setdefault(ship.yard, []).append((key, ship))
    charts = []
    for t in range(len(data.seasons) + 1):
        for yard_key, yard in data.yards.items():
            on_chart, waiting = [], []
            for key, ship in at_yard[yard_key]:
                for state in naval.reachable[key, t]:
                    if not value(solver, naval.state[key, t, state]):
                        continue
                    if isinstance(state, tuple):
                        on_chart.append(
                            ChartShipView(
                                ship=ship.name,
                                unit=ship.unit,
                                factors=ship.factors,
                                row="launch" if state[0] == LAUNCH_ROW else str(state[0]),
                                column=SEASONS[state[1]],
                            )
                        )
                    elif state == WAITING:
                        waiting.append(ship.name)
            charts.append(
                ChartSnapshot(
                    power=yard.power, yard=yard.site, turn=t, ships=on_chart, waiting_for_repair=waiting
                )
            )
    return charts
