"""The checker's account of grants: BRPs, limits and oil moved by grants (40.23, 27.334, 27.34, 40.244, 40.25)."""

from __future__ import annotations

import copy

from models.plan import RouteOpening, TransportUse
from models.scenario import Scenario
from models.tables import Power
from optimizer.checker import check
from optimizer.checker.brps import brps_available
from optimizer.checker.grants.accounts import pair_totals
from optimizer.checker.grants.routes import transports_required
from optimizer.checker.limits import construction_limit
from optimizer.checker.oil import oil_for_construction
from optimizer.checker.report import derive_report

from .helpers import (
    ALLIES,
    BRITAIN_FRANCE,
    BRITAIN_MURMANSK,
    BRITAIN_TURKEY,
    FRANCE_MURMANSK,
    FRANCE_PERSIA,
    FRANCE_TURKEY,
    RU,
    US_BRITAIN,
    US_CANADA,
    WA,
    build,
    edited,
    grant,
    plan,
    rules,
    scenario,
)


def test_us_grant_to_britain_moves_brps_and_limits() -> None:
    """40.23, 27.334, 27.34: the U.S. grants Britain 20 BRPs: the U.S. loses 20 BRPs and
    floor(20 / 3) = 6 of its limit (100 -> 94), Britain gains 20 BRPs and 6 of limit
    (50 -> 56) and may build with them this turn."""
    s = scenario()
    grants = [grant("usa", US_BRITAIN, 20)]
    p = plan(*grants)
    assert pair_totals(s, p) == {(Power.USA, "britain"): 20}
    assert construction_limit(s, Power.USA, p) == 94
    assert construction_limit(s, Power.BRITAIN, p) == 56
    assert brps_available(s, Power.USA, p) == 180
    assert brps_available(s, Power.BRITAIN, p) == 120
    # two oil counters: a threshold of 75 BRPs, so that only the limit binds (27.35)
    assert check(s, plan(*grants, builds=[build("britain", "inf", "london", 56)], spent={WA: 2})) == []
    result = check(s, plan(*grants, builds=[build("britain", "inf", "london", 57)], spent={WA: 2}))
    assert rules(result) == ["27.31"]
    assert result[0].message == "britain: 57 BRPs count against a construction limit of 56"


def test_limit_effect_is_per_pair_total() -> None:
    """27.334, 27.34 (README: floor(g / 3) per recipient): two lines of 2 BRPs to Russia make one
    grant of 4, so Britain's limit drops by 1 and Russia's rises by 1 (not 0 + 0)."""
    s = scenario()
    p = plan(grant("britain", BRITAIN_MURMANSK, 2), grant("britain", BRITAIN_TURKEY, 2))
    assert construction_limit(s, Power.BRITAIN, p) == 49
    assert construction_limit(s, Power.RUSSIA, p) == 41
    assert check(s, p) == []


def test_us_grant_to_canada_counts_fully_against_the_us() -> None:
    """40.23 A, 40.244: the U.S. grants Canada 9 BRPs by land (40.244 A): the 9 count against the
    U.S. limit of 100 like its own builds, Britain loses neither BRPs nor limit; the grant pays for
    9 BRPs of Canadian units, which cost Britain nothing, and must not exceed what is spent on them."""
    s = scenario()
    grants = [grant("usa", US_CANADA, 9)]
    p = plan(*grants)
    assert construction_limit(s, Power.USA, p) == 100
    assert derive_report(s, p)[Power.USA].limit_used == 9
    assert construction_limit(s, Power.BRITAIN, p) == 50
    assert brps_available(s, Power.BRITAIN, p) == 100
    assert transports_required(s, p) == {}
    legal = plan(*grants, builds=[build("britain", "canadian", "canada_box", 9)])
    assert check(s, legal) == []
    report = derive_report(s, legal)[Power.BRITAIN]
    assert (report.construction_brps, report.limit_used) == (0, 0)
    result = check(s, plan(*grants, builds=[build("britain", "canadian", "canada_box", 8)]))
    assert rules(result) == ["40.244"]
    assert result[0].message == "canada: the U.S. grants 9 BRPs but only 8 BRPs are spent on its units"


def test_grants_and_openings_may_not_exceed_brps() -> None:
    """40.23 A: the grantor deducts the grant from its BRP total: France (30 BRPs) may grant Russia
    30 (20 by Murmansk, 10 by Turkey) but not 31; 40.521: opening Persia takes 25 of Britain's
    100 BRPs, leaving 75 to grant."""
    s = scenario()
    thirty = [grant("france", FRANCE_MURMANSK, 20), grant("france", FRANCE_TURKEY, 10)]
    assert check(s, plan(*thirty)) == []
    result = check(s, plan(*thirty, grant("france", FRANCE_PERSIA, 1)))
    assert rules(result) == ["40.23 A"]
    assert result[0].message == "france: grants made and routes opened exceed its BRPs (-1 BRPs left)"
    opening = RouteOpening(route="persia", paid_by=Power.BRITAIN, brps=25)
    closed = scenario(grants={"persia": {"opened": False}})
    seventy_five = [
        grant("britain", BRITAIN_MURMANSK, 20),
        grant("britain", BRITAIN_TURKEY, 10),
        grant("britain", BRITAIN_FRANCE, 45),
    ]
    assert check(closed, plan(*seventy_five, openings=[opening])) == []
    more = plan(*seventy_five, grant("britain", BRITAIN_FRANCE, 1), openings=[opening])
    assert rules(check(closed, more)) == ["40.23 A"]


def test_granted_brps_pay_for_the_recipients_builds() -> None:
    """40.23 B: Russia (60 BRPs) receives 12 by Murmansk and may spend 72 this turn; its limit
    rises by floor(12 / 3) = 4."""
    s = edited({**ALLIES, "oil_counters": {"western_allies": 2, "russia": 2}}, "russia", brp_base=300)
    grants = [grant("britain", BRITAIN_MURMANSK, 12)]
    assert construction_limit(s, Power.RUSSIA, plan(*grants)) == 104
    assert brps_available(s, Power.RUSSIA, plan(*grants)) == 72
    assert check(s, plan(*grants, builds=[build("russia", "inf", "moscow", 72)], spent={RU: 2})) == []
    result = check(s, plan(*grants, builds=[build("russia", "inf", "moscow", 73)], spent={RU: 2}))
    assert rules(result) == ["27.11"]
    assert result[0].message == "russia: 73 BRPs spent on construction but 72 BRPs available"


def test_oil_shipped_moves_from_the_western_allies_to_russia() -> None:
    """40.25, 40.253: the Western Allies ship one oil counter to Russia by Murmansk (10 BRPs of its
    capacity, one Atlantic transport, 40.252): the Western Allies have 1 oil counter left for
    construction and Russia 1; no BRP level or limit changes."""
    s = scenario()
    line = grant("britain", BRITAIN_MURMANSK, 0, oil=1)
    p = plan(line, spent={WA: 1, RU: 1})
    assert oil_for_construction(s, WA, p) == 1
    assert oil_for_construction(s, RU, p) == 1
    assert transports_required(s, p) == {"britain->murmansk_box": 1}
    assert check(s, p) == []
    report = derive_report(s, p)
    assert (report[Power.BRITAIN].brps_available, report[Power.BRITAIN].construction_limit) == (100, 50)
    assert (report[Power.RUSSIA].brps_available, report[Power.RUSSIA].construction_limit) == (60, 40)
    result = check(s, plan(line, spent={WA: 2, RU: 1}))
    assert rules(result) == ["27.35"]
    assert (
        result[0].message
        == "western_allies: 2 oil counters spent but 1 available (1 shipped to Russia, 40.25)"
    )
    assert rules(check(s, plan(spent={RU: 1}))) == ["27.35"]


def test_deliver_requirement_counts_brps_sent() -> None:
    """Objective `deliver` (README): at least 10 BRPs to Russia, counted as sent, not as expected
    to arrive: 10 BRPs by Murmansk with a 50 % loss rate still meet it; 9 do not."""
    s = scenario(grants={"loss_rates": {"britain->murmansk_box": 0.5}}, objective={"deliver": {"russia": 10}})
    assert check(s, plan(grant("britain", BRITAIN_MURMANSK, 10))) == []
    result = check(s, plan(grant("britain", BRITAIN_MURMANSK, 9)))
    assert [(v.rule, v.kind) for v in result] == [("objective.deliver", "requirement")]
    assert result[0].message == "russia: 9 BRPs sent by grants, 10 required"


def test_us_grant_to_canada_may_not_pass_the_us_limit() -> None:
    """40.244: grants to Canada "count against the American construction limit": a U.S. limit of 10
    (BRP base 30, 27.32 A) may fund 10 BRPs of Canadian units; a plan of the kind the planner used
    to give, 12 BRPs of them (the grant a reduction stopping at 0, 27.32 B), is refused (27.31)."""
    s = edited(ALLIES, "usa", brp_base=30)
    ten = plan(grant("usa", US_CANADA, 10), builds=[build("britain", "canadian", "canada_box", 10)])
    assert check(s, ten) == []
    twelve = plan(grant("usa", US_CANADA, 12), builds=[build("britain", "canadian", "canada_box", 12)])
    violations = check(s, twelve)
    assert rules(violations) == ["27.31"]
    assert violations[0].message == "usa: 12 BRPs count against a construction limit of 10"


def test_brps_lost_to_interception_are_not_available() -> None:
    """40.23 B: the recipient adds a grant by sea "after any enemy interception is resolved": 10 BRPs
    by Murmansk at a 20 % loss rate leave Russia (no BRPs of its own) 8 to spend; the planner's old
    plan spending all 10 is refused (27.11), unless the setting lets the player spend them."""
    data = copy.deepcopy(ALLIES)
    data["powers"]["russia"]["brps"] = 0
    data["grants"]["loss_rates"] = {"britain->murmansk_box": 0.2}
    s = Scenario.model_validate(data)
    sent = grant("britain", BRITAIN_MURMANSK, 10, expected=8.0)
    transports = [TransportUse(leg="britain->murmansk_box", ocean="atlantic", transports=2)]
    eight = plan(sent, builds=[build("russia", "inf", "moscow", 8)], transports=transports)
    assert brps_available(s, Power.RUSSIA, eight) == 8
    assert check(s, eight) == []
    ten = plan(sent, builds=[build("russia", "inf", "moscow", 10)], transports=transports)
    assert rules(check(s, ten)) == ["27.11"]
    data["settings"] = {"spend_grants_lost_to_interception": True}
    assert check(Scenario.model_validate(data), ten) == []
