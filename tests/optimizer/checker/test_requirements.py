"""The checker's requirements of the objective: minimum builds, reserves, avoiding the oil effect."""

from __future__ import annotations

from optimizer.checker import check

from .helpers import AX, AXIS, line, plan, rules, scenario


def test_minimum_build_requirement() -> None:
    """Objective: at least 6 German armor factors; 4 built is a requirement breach, not a rule one."""
    s = scenario(AXIS, objective={"minimum": [{"factors": 6, "unit": "armor", "power": "germany"}]})
    assert check(s, plan(line("germany", "armor", "armor", "ruhr", 3, 6, 12))) == []
    result = check(s, plan(line("germany", "armor", "armor", "ruhr", 2, 4, 8)))
    assert rules(result) == ["objective.minimum"]
    assert result[0].kind == "requirement"


def test_reserve_requirement() -> None:
    """Objective: Italy keeps 25 of its 40 BRPs, so it may spend 15."""
    s = scenario(AXIS, objective={"reserve": {"italy": 25}})
    assert check(s, plan(line("italy", "inf", "infantry", "rome", 15, 15, 15))) == []
    result = check(s, plan(line("italy", "inf", "infantry", "rome", 16, 16, 16)))
    assert [(v.rule, v.kind) for v in result] == [("objective.reserve", "requirement")]


def test_avoid_oil_effect_requirement() -> None:
    """27.35 H: avoiding the oil effect requires the faction to spend an oil counter."""
    s = scenario(AXIS, objective={"avoid_oil_effect": True})
    builds = [line("italy", "inf", "infantry", "rome", 5, 5, 5)]
    assert check(s, plan(*builds, spent={AX: 1})) == []
    result = check(s, plan(*builds))
    assert [(v.rule, v.kind) for v in result] == [("27.35 H", "requirement")]
