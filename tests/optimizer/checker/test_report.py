"""The checker's derivation of a plan's own accounting (`powers`, `oil`) and its order."""

from __future__ import annotations

from models.tables import Power
from optimizer.checker import check
from optimizer.checker.report import derive_oil, derive_report

from .helpers import AXIS, JOINT, RU, WA, line, plan, rules, scenario


def test_reports_listed_in_power_and_faction_order() -> None:
    """Plans list power reports in POWER_ORDER and oil reports in the order of
    `Scenario.factions()` (the planning faction first); another order is a report error."""
    s = scenario(JOINT)
    builds = plan(line("britain", "inf", "infantry", "london", 2, 2, 2))
    reports = derive_report(s, builds)
    assert list(reports) == [Power.BRITAIN, Power.USA, Power.RUSSIA]
    oil = derive_oil(s, builds)
    full = builds.model_copy(update={"powers": reports, "oil": oil})
    assert check(s, full) == []
    shuffled = full.model_copy(update={"powers": dict(reversed(list(reports.items())))})
    result = check(s, shuffled)
    assert [(v.rule, v.message) for v in result] == [
        ("report", "powers: listed as russia, usa, britain, not in POWER_ORDER")
    ]
    assert rules(check(s, full.model_copy(update={"oil": list(reversed(oil))}))) == ["report"]
    assert rules(check(s, full.model_copy(update={"oil": oil[:1]}))) == ["report"]
    russia_first = scenario(JOINT, faction="russia")
    assert [o.faction for o in derive_oil(russia_first, builds)] == [RU, WA]


def test_report_matches_derivation() -> None:
    """The plan's accounting, when present, agrees with the rules (27.11, 27.31, 27.35, 27.61)."""
    s = scenario(AXIS)
    builds = plan(
        line("germany", "armor", "armor", "ruhr", 5, 10, 20),
        line("germany", "inf", "infantry", "berlin", 10, 10, 20, oil=10),
        line("germany", "nas", "naval_air", "kiel", 1, 1, 2, oil=1),
        line("italy", "inf", "infantry", "rome", 10, 10, 15, oil=5),
    )
    # the naval air factor (1 BRP) is past the threshold as well: 25 inside, 16 BRPs' worth past
    reports = derive_report(s, builds)
    germany = reports[Power.GERMANY]
    assert (germany.brps_available, germany.construction_brps, germany.brps_kept) == (100, 42, 58)
    assert (germany.construction_limit, germany.limit_used) == (50, 42)
    assert (germany.naval_air_rate, germany.naval_air_used, germany.oil_effect_incurred) == (1, 1, True)
    full = builds.model_copy(update={"powers": reports, "oil": derive_oil(s, builds)})
    assert check(s, full) == []

    wrong = reports[Power.ITALY].model_copy(update={"construction_limit": 21})
    tampered = full.model_copy(update={"powers": {**reports, Power.ITALY: wrong}})
    result = check(s, tampered)
    assert [(v.rule, v.kind) for v in result] == [("report", "report")]
    assert result[0].message == "powers.italy.construction_limit: 21 in the plan, 20 by the rules"

    bad_oil = full.model_copy(update={"oil": [full.oil[0].model_copy(update={"normal_cost_brps": 24})]})
    result = check(s, bad_oil)
    assert rules(result) == ["report"]
    assert result[0].message == "oil.european_axis.normal_cost_brps: 24 in the plan, 25 by the rules"
