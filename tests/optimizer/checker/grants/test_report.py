"""The checker on a plan's grant accounting: routes, expected BRPs and transports (40.22)."""

from __future__ import annotations

import pytest

from models.plan import TransportUse
from optimizer.checker import check
from optimizer.checker.grants.routes import expected_brps, transports_required

from .helpers import (
    BRITAIN_MURMANSK,
    BRITAIN_PERSIA,
    US_BRITAIN,
    US_HUMP,
    US_TURKEY_BY_SUEZ,
    grant,
    plan,
    rules,
    scenario,
)


def test_expected_brps_report() -> None:
    """40.223 (README, Losses): a path's BRPs are expected to arrive in the proportion of its legs'
    survival: 10 BRPs through Britain -> Murmansk box at a 20 % loss rate arrive as 8."""
    s = scenario(grants={"loss_rates": {"britain->murmansk_box": 0.2}})
    line = grant("britain", BRITAIN_MURMANSK, 10, expected=8.0)
    assert expected_brps(s, line) == pytest.approx(8.0)
    assert check(s, plan(line)) == []
    result = check(s, plan(line.model_copy(update={"expected_brps": 10.0})))
    assert [(v.rule, v.kind) for v in result] == [("report", "report")]
    assert result[0].message.startswith("grants[0].expected_brps: 10.0 in the plan, 8.000000")


def test_route_field_report() -> None:
    """A grant line's `route` names its path's route (here Murmansk), or is null for a path
    through no named route."""
    s = scenario()
    line = grant("britain", BRITAIN_MURMANSK, 5)
    assert line.route == "murmansk"
    result = check(s, plan(line.model_copy(update={"route": None})))
    assert [(v.rule, v.message) for v in result] == [
        ("report", "grants[0].route: None in the plan, murmansk by its path")
    ]
    assert rules(check(s, plan(grant("usa", US_BRITAIN, 5).model_copy(update={"route": "persia"})))) == [
        "report"
    ]


def test_transports_report() -> None:
    """40.221, 40.222: the plan's `transports`, when listed, are those each sea leg needs."""
    s = scenario()
    grants = [grant("usa", US_BRITAIN, 12), grant("usa", US_HUMP, 5)]
    right = [
        TransportUse(leg="us_atlantic_box->britain", ocean="atlantic", transports=3),
        TransportUse(leg="us_pacific_box->burma_port", ocean="pacific", transports=1),
    ]
    assert check(s, plan(*grants, transports=right)) == []
    assert check(s, plan(*grants)) == []  # not listed: not checked
    short = [right[0].model_copy(update={"transports": 2}), right[1]]
    assert [v.message for v in check(s, plan(*grants, transports=short))] == [
        "transports.us_atlantic_box->britain: 2 in the plan, 3 by the rules"
    ]
    missing = check(s, plan(*grants, transports=right[:1]))
    assert [v.message for v in missing] == [
        "transports.us_pacific_box->burma_port: missing from the plan, 1 by the rules"
    ]
    wrong_ocean = [right[0].model_copy(update={"ocean": "indian"}), right[1]]
    assert rules(check(s, plan(*grants, transports=wrong_ocean))) == ["report"]


def test_suez_to_turkey_is_at_sea_and_at_risk() -> None:
    """40.63 B, 40.64: from Suez the BRPs go "by sea through the Mediterranean" and the Indian Ocean
    transports carrying them "are at risk": with a 20 % loss rate on that leg 10 BRPs are expected to
    arrive as 8, and the planner's old line (all 10 expected, the leg taken as land) is refused. The
    leg needs no transports of its own: 2 Atlantic to the South Africa box, 2 Indian Ocean to Suez."""
    s = scenario(grants={"loss_rates": {"suez->turkish_port": 0.2}})
    line = grant("usa", US_TURKEY_BY_SUEZ, 10, expected=8.0)
    assert expected_brps(s, line) == pytest.approx(8.0)
    assert transports_required(s, plan(line)) == {
        "us_atlantic_box->south_africa_box": 2,
        "south_africa_box->suez": 2,
    }
    assert check(s, plan(line)) == []
    old = check(s, plan(line.model_copy(update={"expected_brps": 10.0})))
    assert [v.rule for v in old] == ["report"]


def test_britain_to_south_africa_intercepted_on_the_mapboard() -> None:
    """40.223: a grant by sea is subject to interception "as they trace a path on the mapboard": Britain's
    10 BRPs to Russia by Persia leave a British port on the mapboard for the South Africa box, so a 10 %
    loss rate there leaves 9 expected (the scenario used to be refused: the leg was marked off-board)."""
    s = scenario(grants={"loss_rates": {"britain->south_africa_box": 0.1}})
    line = grant("britain", BRITAIN_PERSIA, 10, expected=9.0)
    assert expected_brps(s, line) == pytest.approx(9.0)
    assert check(s, plan(line)) == []
