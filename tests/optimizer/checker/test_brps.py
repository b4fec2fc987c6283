"""The checker's BRPs: spending at most BRPs available (27.11), U.S. grants to dominions (40.244)."""

from __future__ import annotations

import copy

import pytest

from models.scenario import Scenario
from models.tables import Power
from optimizer.checker import check
from optimizer.checker.brps import brps_available
from optimizer.checker.limits import construction_limit
from optimizer.checker.report import derive_report

from .helpers import ALLIES, AX, AXIS, line, plan, rules


def test_brps_spent_exceed_brps_available() -> None:
    """27.11: Italy has 40 BRPs less 10 of fixed spending (a minor declaration of war, 27.12):
    building 31 BRPs is more than the 30 available."""
    data = copy.deepcopy(AXIS)
    data["powers"]["italy"].update(
        brps=40, brp_base=150, fixed_spending=[{"kind": "declaration_of_war_minor"}]
    )
    s = Scenario.model_validate(data)
    assert s.brps_available(Power.ITALY) == 30
    over = plan(line("italy", "inf", "infantry", "rome", 31, 31, 31), spent={AX: 1})
    assert rules(check(s, over)) == ["27.11"]
    exact = plan(line("italy", "inf", "infantry", "rome", 30, 30, 30), spent={AX: 1})
    assert check(s, exact) == []


@pytest.mark.parametrize(("per_two_factors", "available"), [(False, 16), (True, 14)])
def test_limited_offensive_ships_per_chart(per_two_factors: bool, available: int) -> None:
    """27.12 chart: a participation offensive using 3 air factors and a destroyer factor (1 BRP
    each), a 5-factor named ship and a 2-factor cruiser ("each 2-factor cruiser or named ship used: 1")
    costs 4 + 2 = 6 of Italy's 22 BRPs, 16 left; read as 1 BRP per two factors of cruisers and named
    ships, the 7 factors cost 4 (rounded up), 8 in all, 14 left. The checker refuses building more."""
    data = copy.deepcopy(AXIS)
    offensive = {"kind": "participation_offensive", "factors": 4, "ships": [5, 2]}
    data["powers"]["italy"].update(brps=22, brp_base=150, fixed_spending=[offensive])
    data["settings"] = {"offensive_ships_cost_per_two_factors": per_two_factors}
    s = Scenario.model_validate(data)
    assert s.brps_available(Power.ITALY) == available
    assert brps_available(s, Power.ITALY) == available
    over = plan(
        line("italy", "inf", "infantry", "rome", available + 1, available + 1, available + 1), spent={AX: 1}
    )
    assert rules(check(s, over)) == ["27.11"]
    exact = plan(line("italy", "inf", "infantry", "rome", available, available, available), spent={AX: 1})
    assert check(s, exact) == []


def test_us_grant_to_canada() -> None:
    """40.23 A, 40.244: a U.S. grant of 6 BRPs to Canada counts 6 against the U.S. limit,
    pays for Canadian builds, which then do not count against the British limit; the grant
    must not exceed what is spent on Canadian units."""
    data = copy.deepcopy(ALLIES)
    data["powers"]["usa"]["grants_made"] = [{"to": "canada", "brps": 6}]
    data["us_at_war"] = {"europe": True, "pacific": True}  # no USAT cap on the grant (40.331 A)
    data["powers"]["britain"].update(brps=0, brp_base=0)  # Britain can pay nothing, limit 0
    s = Scenario.model_validate(data)
    assert construction_limit(s, Power.USA) == 50
    assert construction_limit(s, Power.BRITAIN) == 0
    paid_by_grant = plan(line("britain", "canadian", "infantry", "canada_box", 6, 6, 6))
    assert check(s, paid_by_grant) == []
    report = derive_report(s, paid_by_grant)
    assert report[Power.BRITAIN].construction_brps == 0
    assert report[Power.USA].brps_available == 94
    assert report[Power.USA].limit_used == 6
    result = check(s, plan(line("britain", "canadian", "infantry", "canada_box", 5, 5, 5)))
    assert rules(result) == ["40.244"]


def test_us_paid_canadian_builds_count_against_the_british_limit_by_the_setting() -> None:
    """27.474 C, 40.244, setting `us_paid_builds_count_against_british_limit`: with it, Canadian builds
    count against the British limit in full whoever pays, so the 6 BRPs of Canadian infantry the U.S.
    grant pays for pass Britain's limit of 0 (27.31); the grant still counts 6 against the U.S. limit."""
    data = copy.deepcopy(ALLIES)
    data["powers"]["usa"]["grants_made"] = [{"to": "canada", "brps": 6}]
    data["us_at_war"] = {"europe": True, "pacific": True}
    data["powers"]["britain"].update(brps=0, brp_base=0)
    data["settings"] = {"us_paid_builds_count_against_british_limit": True}
    s = Scenario.model_validate(data)
    paid_by_grant = plan(line("britain", "canadian", "infantry", "canada_box", 6, 6, 6))
    assert rules(check(s, paid_by_grant)) == ["27.31"]
    report = derive_report(s, paid_by_grant)
    assert report[Power.BRITAIN].limit_used == 6
    assert report[Power.USA].limit_used == 6
