"""The checker on U.S.-built transports before war with Germany and the U.S. grant limit (27.7322, 27.7223 B)."""

from __future__ import annotations

import copy

import pytest

from models.plan import SWBuildLine
from models.scenario import Scenario
from models.tables import Power, UnitType
from optimizer.checker import check
from optimizer.checker.naval.spending import naval_spending
from optimizer.checker.report import derive_report

from .helpers import USA, bcve, british_cves, plan, rules


def test_british_cves_count_against_the_us_grant_limit() -> None:
    """27.7223 B: British CVEs are built "with the cost of construction counting against the
    American BRP grant limit": before war with Germany, USAT 30 allows 30 - 25 = 5 BRPs (40.331 A),
    shared with the U.S. grants to Britain, France, Canada and South Africa. One CVE (3) and a grant
    of 2 fit; a grant of 3 does not. The U.S. pays the CVE, against its own limit (27.72)."""
    s = british_cves(
        30, europe=False, grants_made=[{"to": "britain", "brps": 2}], britain={"brps": 50, "brp_base": 60}
    )
    assert check(s, plan(bcve(1))) == []
    assert naval_spending(s, plan(bcve(1)))[Power.USA].brps == 3
    over = british_cves(30, europe=False, grants_made=[{"to": "france", "brps": 3}])
    result = check(over, plan(bcve(1)))
    assert rules(result) == ["27.7223 B"]
    assert "pays 0 BRPs of transports, 3 BRPs of British CVEs and grants 3 BRPs" in result[0].message
    assert "grant limit of 5" in result[0].message
    # A grant to Australia is outside 40.331 A; at war with Germany there is no limit.
    assert (
        check(
            british_cves(28, europe=True, grants_made=[{"to": "france", "brps": 10}]), plan(bcve(1), bcve(2))
        )
        == []
    )


def japan_transports(usat: int, sunk_by_japan: int, pacific: bool = True, britain: bool = False) -> Scenario:
    """The U.S. at war with Japan (or not), not with Germany, with transports to build; Britain
    planned with `britain`."""
    data = copy.deepcopy(USA)
    if britain:
        data["powers"]["britain"] = {"brps": 50, "brp_base": 60}
    data["us_at_war"] = {"europe": False, "pacific": pacific}
    naval = data["powers"]["usa"]["naval"]
    data["usat"] = usat
    naval.update(transports_sunk_by_japan=sunk_by_japan)
    naval["sw_units"].append({"id": "transports", "unit": "transport", "count": 6})
    return Scenario.model_validate(data)


def transports(factors: int, yard: str = "us_pacific_box", **paid: int) -> SWBuildLine:
    return SWBuildLine(
        power=Power.USA,
        build="transports",
        unit=UnitType.TRANSPORT,
        yard=yard,
        factors=factors,
        brps=3 * factors,
        placed="either U.S. box (27.93 F)",
        paid_by={Power(p): b for p, b in paid.items()} or {Power.USA: 3 * factors},
        sw_boxes=["pacific"] if yard == "us_pacific_box" else ["atlantic"],
    )


def test_transports_sunk_by_japan_are_rebuilt_at_us_expense_outside_the_grant_limit() -> None:
    """27.7322 C: "If the United States and Japan go to war before the United States and Germany go
    to war, transports sunk by Japan may be rebuilt in the Pacific U.S. box without regard for the
    USAT level and do not count against the American BRP grant limit to Britain". USAT 20 (cash and
    carry, no British losses), 2 sunk by Japan: 2 transports in the Pacific box at U.S. expense
    (6 BRPs, against the U.S. limit 1:1); a third is cash and carry and refused; in the Atlantic box,
    or before war with Japan, they are refused (27.7322 A)."""
    s = japan_transports(usat=20, sunk_by_japan=2)
    p = plan(sw=(transports(2),))
    assert check(s, p) == []
    report = derive_report(s, p)[Power.USA]
    assert (report.construction_brps, report.limit_used) == (6, 6)
    result = check(s, plan(sw=(transports(3),)))
    assert rules(result) == ["27.7322 A", "27.7322 B"]  # cash and carry, and the U.S. pays 3 of 0
    assert "1 transports before war with Germany at USAT 20" in result[0].message
    assert rules(check(s, plan(sw=(transports(2, "us_atlantic_box"),)))) == ["27.7322 A", "27.7322 B"]
    assert rules(check(japan_transports(usat=20, sunk_by_japan=2, pacific=False), p)) == [
        "27.7322 A",
        "27.7322 B",
    ]


def test_transports_sunk_by_japan_do_not_use_the_us_grant_limit() -> None:
    """27.7322 B, C: at USAT 26 the U.S. pays at most 26 - 25 = 1 BRP of lend-lease transports; three
    transports sunk by Japan rebuilt at U.S. expense (9 BRPs) are outside that limit; with only two
    sunk by Japan, the third is lend lease at U.S. expense, 3 BRPs over the limit of 1 (27.7322 B).
    Only transports the U.S. pays wholly are the exception [reading]: of a line of 3 paid 8 by the
    U.S. and 1 by Britain, two; of one Britain pays, none (cash and carry at USAT 20)."""
    p = plan(sw=(transports(3),))
    assert check(japan_transports(usat=26, sunk_by_japan=3), p) == []
    result = check(japan_transports(usat=26, sunk_by_japan=2), p)
    assert rules(result) == ["27.7322 B"]
    assert "pays 3 BRPs of transports" in result[0].message
    mixed = plan(sw=(transports(3, usa=8, britain=1),))
    assert check(japan_transports(usat=27, sunk_by_japan=2, britain=True), mixed) == []
    over = check(japan_transports(usat=27, sunk_by_japan=1, britain=True), mixed)
    assert rules(over) == ["27.7322 B"]
    assert "pays 5 BRPs of transports" in over[0].message
    british = plan(sw=(transports(1, britain=3),))
    assert rules(check(japan_transports(usat=20, sunk_by_japan=1, britain=True), british)) == ["27.7322 A"]


@pytest.mark.parametrize("as_grant", [False, True])
def test_lend_lease_share_as_a_grant_to_britain(as_grant: bool) -> None:
    """27.7322 B, example 3 (USAT 33, grant limit 8): two transports at U.S. expense and a third with
    the U.S. paying 2 BRPs and Britain 1. With a U.S. limit of 2 (BRP base 6), the U.S. paying 8 BRPs
    1:1 against its limit is over it (27.31). Read as "a BRP grant to Britain" (setting
    lend_lease_as_grant) the U.S. limit loses floor(8 / 3) = 2 (27.334): 0, with nothing counted;
    Britain's limit of 20 (BRP base 60) gains 2 (27.34) and counts the 9 BRPs of the transports."""
    data = copy.deepcopy(USA)
    data["usat"] = 33
    data["powers"]["usa"]["brp_base"] = 6
    data["powers"]["usa"]["naval"]["british_transports_lost"] = 7
    data["powers"]["usa"]["naval"]["shipyards"][0]["rate"] = 6  # 3 points on one-factor units (27.7221 A)
    data["powers"]["usa"]["naval"]["sw_units"].append({"id": "transports", "unit": "transport", "count": 6})
    data["powers"]["britain"] = {"brps": 50, "brp_base": 60}
    data["settings"] = {"lend_lease_as_grant": as_grant}
    s = Scenario.model_validate(data)
    p = plan(sw=(transports(3, yard="us_atlantic_box", usa=8, britain=1),))
    report = derive_report(s, p)
    if not as_grant:
        assert rules(check(s, p)) == ["27.31"]
        assert (report[Power.USA].construction_limit, report[Power.USA].limit_used) == (2, 8)
        assert (report[Power.BRITAIN].construction_limit, report[Power.BRITAIN].limit_used) == (20, 1)
        return
    assert check(s, p) == []
    assert (report[Power.USA].construction_limit, report[Power.USA].limit_used) == (0, 0)
    assert (report[Power.BRITAIN].construction_limit, report[Power.BRITAIN].limit_used) == (22, 9)
    # The grant stays within 40.331 A: 9 BRPs from the U.S. would pass USAT 33 - 25 = 8.
    over = plan(sw=(transports(3, yard="us_atlantic_box", usa=9),))
    assert "27.7322 B" in rules(check(s, over))
