"""The naval charts of the next turn after a turn's plan is carried out (27.724, 27.7272): each yard's
chart as the plan leaves it at the start of the next turn (`Plan.charts`, turn 1), ships laid down this
turn on it under a label of their own, the ships whose repairs start waiting no more, ships raised off
the bottom waiting for repair, each design's count less the ships laid down, and this turn's SW builds
gone (the next turn's are the player's to state)."""

from __future__ import annotations

from typing import Any

from models.plan import Plan
from models.scenario import Scenario
from models.tables import Power


def _label(design_ship: str, scenario: Scenario) -> str:
    """A ship laid down this turn keeps its name with the turn it was laid down, so that next turn's
    lay-downs of the same design (named `design#1`...) are never the same label."""
    return f"{design_ship}-{scenario.turn.season.value}-{scenario.turn.year}"


def next_charts(scenario: Scenario, plan: Plan, data: dict[str, Any]) -> list[str]:
    """Move the charts of `data` (the next turn's scenario data, `models.carry.next_turn_data`) as the plan
    leaves them; returns the fields the player must still fill (paths)."""
    marked: list[str] = []
    laid = {(a.power, a.ship) for a in plan.naval_actions if a.turn == 0 and a.action == "lay_down"}
    raised = {(a.power, a.ship) for a in plan.naval_actions if a.turn == 0 and a.action == "raise"}
    for power, state in scenario.powers.items():
        if state.naval is None:
            continue
        ndata = data["powers"][power.value]["naval"]
        known: dict[str, dict[str, Any]] = {}
        for yard in state.naval.shipyards:
            for on_chart in yard.chart:
                known[on_chart.id] = on_chart.model_dump(mode="json", exclude_defaults=True)
            for waiting in yard.waiting_for_repair:
                known[waiting.id] = waiting.model_dump(mode="json", exclude_defaults=True)
        for sunk in state.naval.sunk_in_port:
            known[sunk.id] = sunk.model_dump(mode="json", exclude_defaults=True, exclude={"yard", "theater"})
        designs = {d.id: d for d in state.naval.designs}
        yards = []
        for i, yard in enumerate(state.naval.shipyards):
            ydata = ndata["shipyards"][i]
            snapshot = next(
                (c for c in plan.charts if c.power is power and c.yard == yard.id and c.turn == 1), None
            )
            if snapshot is None:
                yards.append(ydata)
                continue
            chart = []
            for view in snapshot.ships:
                base = known.get(view.ship)
                if base is None:  # laid down this turn: its design's
                    design = designs[view.ship.split("#")[0]]
                    described = design.model_dump(mode="json", exclude_defaults=True)
                    base = {k: described[k] for k in ("unit", "factors", "carrier_class") if k in described}
                    label = _label(view.ship, scenario)
                else:
                    label = view.ship
                moved = {k: v for k, v in base.items() if k not in ("damaged_this_turn",)}
                moved.update(
                    {
                        "id": label,
                        "row": "launch" if view.row == "launch" else int(view.row),
                        "column": view.column,
                    }
                )
                chart.append(moved)
            ydata["chart"] = chart
            ydata["waiting_for_repair"] = [
                {k: v for k, v in known[name].items() if k != "damaged_this_turn"}
                for name in snapshot.waiting_for_repair
            ]
            yards.append(ydata)
        ndata["shipyards"] = yards
        left = []
        for design in state.naval.designs:
            count = design.count - sum(
                1 for p, ship in laid if p is power and ship.split("#")[0] == design.id
            )
            if count > 0:
                left.append({**design.model_dump(mode="json", exclude_defaults=True), "count": count})
        ndata["designs"] = left
        ndata["sunk_in_port"] = [
            s.model_dump(mode="json", exclude_defaults=True)
            for s in state.naval.sunk_in_port
            if (power, s.id) not in raised
        ]
        if state.naval.sw_units:
            marked.append(f"powers.{power.value}.naval.sw_units: next turn's SW builds (27.9)")
        ndata.pop("sw_units", None)
        if power is Power.USA and state.naval.fast_carrier_permits:
            marked.append("powers.usa.naval.fast_carrier_permits: Japanese and Axis carriers since (27.7325)")
    return marked
