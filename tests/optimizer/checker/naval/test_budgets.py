"""The checker on naval budgets: restricted deferrals this turn (27.7272 C) and later turns' BRPs and limits."""

from __future__ import annotations

from typing import Any

import pytest

from optimizer.checker import check

from .helpers import GNEISENAU, act, kiel, plan, rules, scenario, ship, subs


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
