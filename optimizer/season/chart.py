"""A later season turn's naval spending as its plan reports it: turn 0's chart planned whole (27.7), the
actions of that turn paid out of that turn's BRPs (27.72) and their 3-BRP steps priced by that turn's
oil threshold (27.35), in the turn's own oil variables (`optimizer.season.model`)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.plan import NavalReport
from optimizer.rules.linear import value
from optimizer.rules.naval.extract import POWER_RANK
from optimizer.rules.oil.extract import naval_oil_steps
from optimizer.season.model import TurnVariables


def later_naval_reports(turn: TurnVariables, solver: cp_model.CpSolver) -> list[NavalReport]:
    """Per power with a yard on turn 0's chart: the turn's naval BRPs before oil (one entry: the turn's)
    and its steps past the turn's oil threshold. Nothing for turn 0 (its plan has the chart's own)."""
    chart = turn.chart
    if turn.index == 0 or chart is None:
        return []
    steps = naval_oil_steps(turn.oil, solver)
    return [
        NavalReport(
            power=power,
            brps_by_turn=[value(solver, chart.brps(power, turn.index))],
            oil_steps=steps.get(power, 0),
        )
        for power in sorted({y.power for y in chart.naval.yards.values()}, key=lambda p: POWER_RANK[p])
    ]
