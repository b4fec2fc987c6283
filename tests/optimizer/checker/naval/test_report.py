"""The checker on a plan's naval accounting: `naval` reports and chart snapshots."""

from __future__ import annotations

from models.plan import ChartShipView, ChartSnapshot, NavalReport
from models.tables import Power, UnitType
from optimizer.checker import check
from optimizer.checker.violations import REPORT

from .helpers import act, kiel, plan, scenario, subs


def test_naval_report_brps_by_turn() -> None:
    """Report: `NavalReport.brps_by_turn` is each turn's naval BRPs at normal cost; every naval
    power with shipyards has one when the plan reports."""
    s = scenario(horizon={"turns": 2})
    p = plan(act(0, "graf#1", "lay_down", "new", "row 3 spring"), sw=(subs(1),))
    good = p.model_copy(
        update={"naval": [NavalReport(power=Power.GERMANY, brps_by_turn=[6, 0], oil_steps=0)]}
    )
    assert check(s, good) == []
    bad = p.model_copy(update={"naval": [NavalReport(power=Power.GERMANY, brps_by_turn=[3, 0], oil_steps=0)]})
    result = check(s, bad)
    assert [(v.rule, v.kind) for v in result] == [(REPORT, REPORT)]
    assert "brps_by_turn: [3, 0] in the plan, [6, 0] by the charts" in result[0].message


def test_chart_snapshots() -> None:
    """Report: `charts` lists each yard's chart at the start of each turn (turn = horizon: after the
    last), exactly the ships on it and those waiting for repair."""
    s = scenario(shipyards=kiel(waiting=[{"id": "Scharnhorst", "unit": "capital_ship", "factors": 3}]))
    p = plan(act(0, "cruiser#1", "lay_down", "new", "row 2 fall"))
    cruiser = ChartShipView(ship="cruiser#1", unit=UnitType.CRUISER, factors=2, row="2", column="fall")
    charts = [
        ChartSnapshot(power=Power.GERMANY, yard="kiel", turn=0, ships=[], waiting_for_repair=["Scharnhorst"]),
        ChartSnapshot(
            power=Power.GERMANY, yard="kiel", turn=1, ships=[cruiser], waiting_for_repair=["Scharnhorst"]
        ),
    ]
    assert check(s, p.model_copy(update={"charts": charts})) == []
    wrong = [
        charts[0],
        charts[1].model_copy(update={"ships": [cruiser.model_copy(update={"column": "spring"})]}),
    ]
    result = check(s, p.model_copy(update={"charts": wrong}))
    assert [(v.rule, v.kind) for v in result] == [(REPORT, REPORT)]
    assert "[cruiser#1 row 2 spring] in the plan, [cruiser#1 row 2 fall] by the charts" in result[0].message
    assert "missing from the plan" in check(s, p.model_copy(update={"charts": charts[:1]}))[0].message
