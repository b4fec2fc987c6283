"""The checker on naval budgets: restricted deferrals this turn (27.7272 C) and later turns' BRPs and limits."""

from __future__ import annotations

from typing import Any

import pytest

from models.plan import BuildLine
from models.scenario import Scenario
from models.tables import Power
from optimizer.checker import check

from .helpers import AX, GNEISENAU, act, kiel, plan, rules, scenario, ship, subs


def test_without_deferring_allowed_a_ship_waits_only_when_its_yard_is_out_of_points() -> None:
    """27.7272 C restricts "voluntary" deferring [reading]: without `deferring_allowed`, a ship in
    the turn's column may still wait this turn when its yard has used every point (Kiel at rate 1,
    its point spent continuing the other ship)."""
    chart = [
        ship("Graf Zeppelin", "capital_ship", 3, 3, "spring"),
        ship("Seydlitz", "capital_ship", 3, 2, "spring"),
    ]
    s = scenario(shipyards=[{"id": "kiel", "rate": 1, "chart": chart}], deferring_allowed=False)
    graf: dict[str, Any] = {"unit": "capital_ship", "factors": 3}
    waits = act(0, "Graf Zeppelin", "defer", "row 3 spring", "row 3 summer", **graf)
    assert check(s, plan(waits, act(0, "Seydlitz", "continue", "row 2 spring", "launched", **graf))) == []
    both = check(s, plan(waits, act(0, "Seydlitz", "defer", "row 2 spring", "row 2 summer", **graf)))
    assert rules(both) == ["27.7272 C", "27.7272 C"]
    assert (
        "kiel used 0 of 1 points on ships already in this turn's column, germany keeps 200 BRPs and has "
        "80 BRPs of construction limit left" in both[0].message
    )


@pytest.mark.parametrize(("brps", "brp_base"), [(5, 240), (200, 15)])
def test_without_deferring_allowed_a_ship_waits_when_its_power_cannot_pay(brps: int, brp_base: int) -> None:
    """27.7272 C [reading]: without `deferring_allowed` a ship may also wait when its power cannot pay
    another 3 BRPs, the whole plan counted: within its BRPs (5 - 3 = 2 left) or its construction
    limit (BRP base 15: limit 5, 5 - 3 = 2 left). With 200 BRPs and a limit of 80 it may not."""
    chart = [
        ship("Graf Zeppelin", "capital_ship", 3, 3, "spring"),
        ship("Seydlitz", "capital_ship", 3, 3, "spring"),
    ]
    graf: dict[str, Any] = {"unit": "capital_ship", "factors": 3}
    waits = act(0, "Graf Zeppelin", "defer", "row 3 spring", "row 3 summer", **graf)
    goes = act(0, "Seydlitz", "continue", "row 3 spring", "row 2 spring", **graf)
    poor = scenario(shipyards=kiel(chart), deferring_allowed=False, brps=brps, brp_base=brp_base)
    assert check(poor, plan(waits, goes)) == []
    rich = scenario(shipyards=kiel(chart), deferring_allowed=False)
    assert rules(check(rich, plan(waits, goes))) == ["27.7272 C"]


@pytest.mark.parametrize("new_work", ["lay_down", "submarine"])
def test_regression_new_work_excused_a_restricted_deferral(new_work: str) -> None:
    """27.7272 C, with 27.7322's example: new ships are built "provided American shipbuilding points
    are available (the U.S. must continue the construction of existing ships - 27.7272C)". With
    deferring restricted, Kiel (rate 1) spending its point on a cruiser laid down or a submarine while
    Graf Zeppelin (row 3 of spring) waits breaks 27.7272 C: no point went to a ship of the column (0 of
    1). The checker had counted every point spent."""
    chart = [ship("Graf Zeppelin", "capital_ship", 3, 3, "spring")]
    s = scenario(shipyards=[{"id": "kiel", "rate": 1, "chart": chart}], deferring_allowed=False)
    waits = act(0, "Graf Zeppelin", "defer", "row 3 spring", "row 3 summer", **GNEISENAU)
    if new_work == "lay_down":
        p = plan(waits, act(0, "cruiser#1", "lay_down", "new", "row 2 fall"))
    else:
        p = plan(waits, sw=(subs(1),))
    result = check(s, p)
    assert rules(result) == ["27.7272 C"]
    assert "kiel used 0 of 1 points on ships already in this turn's column" in result[0].message
    goes = act(0, "Graf Zeppelin", "continue", "row 3 spring", "row 2 spring", **GNEISENAU)
    assert check(s, plan(goes)) == []


@pytest.mark.parametrize(("brps", "brp_base"), [(200, 240), (0, 240)])
def test_regression_launch_row_deferral_excused(brps: int, brp_base: int) -> None:
    """27.7272 C, D: a ship in the Launch row is launched at no shipbuilding or BRP cost, so with
    deferring restricted its deferral is never involuntary: Kiel (rate 1) spends its point continuing
    Bismarck (5 factors, row 3 of spring), and Graf Zeppelin, in the Launch row of spring, may not
    wait; nor when Germany has no BRPs and Bismarck waits for want of them (the checker had excused
    it by the spent point or the empty purse)."""
    chart = [
        ship("Graf Zeppelin", "capital_ship", 3, "launch", "spring"),
        ship("Bismarck", "capital_ship", 5, 3, "spring"),
    ]
    s = scenario(
        shipyards=[{"id": "kiel", "rate": 1, "chart": chart}],
        deferring_allowed=False,
        brps=brps,
        brp_base=brp_base,
    )
    bismarck: dict[str, Any] = {"unit": "capital_ship", "factors": 5}
    if brps:
        goes = act(0, "Bismarck", "continue", "row 3 spring", "row 2 spring", **bismarck)
    else:  # no BRPs for a step: Bismarck's wait is involuntary
        goes = act(0, "Bismarck", "defer", "row 3 spring", "row 3 summer", **bismarck)
    waits = act(0, "Graf Zeppelin", "defer", "launch spring", "launch summer", **GNEISENAU)
    result = check(s, plan(goes, waits))
    assert rules(result) == ["27.7272 C"]
    assert "a ship in the Launch row is launched at no shipbuilding or BRP cost" in result[0].message
    launched = act(0, "Graf Zeppelin", "launch", "launch spring", "launched", **GNEISENAU)
    assert check(s, plan(goes, launched)) == []


@pytest.mark.parametrize(
    ("brps", "brp_base", "oil_spent", "legal"),
    [
        (30, 300, 0, True),  # keeps 5: the step past the threshold costs 6 (27.35 A, D)
        (31, 300, 0, False),  # keeps 6: it pays the doubled step
        (30, 300, 1, False),  # one counter: threshold 50 (27.35 B), the step fits at 3
        (200, 90, 0, True),  # limit 30 (27.32 A), 25 used: 5 left, short of 6 (27.35 G)
        (200, 93, 0, False),  # limit 31: 6 left
    ],
)
def test_regression_restricted_deferral_priced_past_the_oil_threshold(
    brps: int, brp_base: int, oil_spent: int, legal: bool
) -> None:
    """27.7272 C with 27.35: Germany builds 25 infantry factors (25 BRPs, 27.11), the first 25 BRPs of
    builds at normal cost without oil counters (27.35 A), so another step on Graf Zeppelin (row 3 of
    spring at Kiel) would be past the threshold, "at double the normal construction cost" (27.35 D): 6
    BRPs. With deferring restricted, Graf may wait when Germany keeps 5 BRPs, or has 5 BRPs of
    construction limit left, which pay 3 but not 6; not with 6, nor when an oil counter spent raises the
    threshold to 50 BRPs (27.35 B) and the step costs 3. The checker had flagged the wait whenever 3
    BRPs were left."""
    chart = [ship("Graf Zeppelin", "capital_ship", 3, 3, "spring")]
    infantry = {"id": "inf", "unit": "infantry", "factors": 1, "count": 100}
    s = scenario(
        shipyards=kiel(chart),
        deferring_allowed=False,
        brps=brps,
        brp_base=brp_base,
        force_pool=[infantry],
        oil_counters=1,
    )
    line = BuildLine(
        power=Power.GERMANY, entry="inf", unit="infantry", site="berlin", counters=25, factors=25, brps=25
    )
    waits = act(0, "Graf Zeppelin", "defer", "row 3 spring", "row 3 summer", **GNEISENAU)
    result = check(s, plan(waits, builds=[line], oil_counters_spent={AX: oil_spent}))
    assert rules(result) == ([] if legal else ["27.7272 C"])
    if not legal and oil_spent == 0:
        assert "(a step is 6, past the oil threshold: 25 of 25 BRPs inside it" in result[0].message


@pytest.mark.parametrize(("vichy_activated", "legal"), [(False, False), (True, True)])
def test_regression_restricted_deferral_of_a_vichy_ship_that_costs_no_brps(
    vichy_activated: bool, legal: bool
) -> None:
    """27.7272 C with 27.7265: "There is no BRP cost for such repairs unless Vichy France has associated
    or activated". France has no BRPs and Jean Bart, a Vichy ship in row 2 of spring at Marseilles
    (rate 1), is in the turn's column: with deferring restricted it may not wait before activation,
    since continuing costs it nothing (1 shipbuilding point, 0 BRPs) and the point is unspent; after
    activation the step costs 3 BRPs France lacks, and it may. The checker had excused the wait for
    want of 3 BRPs."""
    chart = [dict(ship("jean-bart", "capital_ship", 3, 2, "spring"), vichy=True)]
    data = {
        "name": "naval test",
        "turn": {"season": "spring", "year": 1941},
        "faction": "western_allies",
        "powers": {
            "france": {
                "brps": 0,
                "brp_base": 60,
                "naval": {
                    "shipyards": [{"id": "marseilles", "chart": chart}],
                    "deferring_allowed": False,
                    "vichy_activated": vichy_activated,
                },
            }
        },
    }
    s = Scenario.model_validate(data)
    bart: dict[str, Any] = {"unit": "capital_ship", "factors": 3, "yard": "marseilles", "power": "france"}
    waits = act(0, "jean-bart", "defer", "row 2 spring", "row 2 summer", **bart)
    result = check(s, plan(waits))
    assert rules(result) == ([] if legal else ["27.7272 C"])
    if not legal:
        assert "(a step is 0)" in result[0].message
        goes = act(0, "jean-bart", "continue", "row 2 spring", "launched", cost=(1, 0), **bart)
        assert check(s, plan(goes)) == []


def test_later_turns_fit_the_expected_brps_and_limits() -> None:
    """27.11, 27.31 over the horizon [reading]: a later turn's naval BRPs (normal cost) fit
    `horizon.future`'s BRPs and limit for that turn, else this turn's (here 200 BRPs, limit 80)."""
    actions = [
        act(1, "graf#1", "lay_down", "new", "row 3 summer"),
        act(1, "cruiser#1", "lay_down", "new", "row 2 winter"),
    ]
    future = {"turns": 3, "future": [{"brps": {"germany": 5}, "limits": {"germany": 3}}]}
    result = check(scenario(horizon=future), plan(*actions))
    assert rules(result) == ["27.11", "27.31"]
    # The chart's turn 1 (plan `turn` 1) is named as a player names it: spring 1942's next turn.
    assert "germany in summer 1942: 6 naval BRPs, 5 BRPs expected (horizon.future)" in result[0].message
    assert check(scenario(horizon={"turns": 3}), plan(*actions)) == []
    zero = {"turns": 2, "future": [{"brps": {"germany": 0}}]}
    assert rules(check(scenario(horizon=zero), plan(*actions))) == ["27.11"]
    tight = scenario(horizon={"turns": 2}, brp_base=15)  # this turn's limit 5
    assert rules(check(tight, plan(*actions))) == ["27.31"]
