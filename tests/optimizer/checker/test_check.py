"""The checker's entry point: sorted violations and alternative sites (27.4)."""

from __future__ import annotations

from models.plan import BuildLine
from models.tables import Power
from optimizer.checker import check

from .helpers import AXIS, line, plan, rules, scenario


def test_violations_sorted_by_rule_then_message() -> None:
    """Deterministic order: by rule, then message."""
    s = scenario(AXIS, map={"sites": {"munich": {"enemy_zoc": True}}})
    result = check(
        s,
        plan(
            line("italy", "inf", "infantry", "rome", 21, 21, 21),
            line("germany", "inf", "infantry", "munich", 1, 1, 1),
        ),
    )
    assert rules(result) == ["27.31", "27.44"]
    assert result == sorted(result, key=lambda v: (v.rule, v.message))


def test_alternative_sites_are_checked() -> None:
    """27.4: a line's alternative sites must be legal placements too: Kiel is, for German
    infantry built at Berlin; Munich, in an enemy ZoC (27.44), is not."""
    s = scenario(AXIS, map={"sites": {"munich": {"enemy_zoc": True}}})
    good = BuildLine(
        power=Power.GERMANY,
        entry="inf",
        unit="infantry",
        site="berlin",
        counters=2,
        factors=2,
        brps=2,
        alternatives=["kiel", "konigsberg"],
    )
    assert check(s, plan(good)) == []
    bad = good.model_copy(update={"alternatives": ["kiel", "munich"]})
    result = check(s, plan(bad))
    assert [(v.rule, v.kind) for v in result] == [("report", "report")]
    assert "alternative site 'munich'" in result[0].message
    assert "breaks 27.44" in result[0].message
