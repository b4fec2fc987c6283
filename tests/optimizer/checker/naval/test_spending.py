"""The checker's pricing of this turn's naval construction for BRPs, limits and oil (27.72, 27.31, 27.35)."""

from __future__ import annotations

import copy

import pytest

from models.plan import NavalReport, Plan
from models.scenario import Scenario
from models.tables import Power
from optimizer.checker import check
from optimizer.checker.naval.spending import naval_spending
from optimizer.checker.report import derive_oil, derive_report

from .helpers import GERMANY, GNEISENAU, USA, act, kiel, plan, reported, rules, scenario, ship


def test_naval_brps_count_against_brps_and_the_construction_limit() -> None:
    """27.72: each naval factor costs three BRPs, construction like any other (27.11, 27.31): with
    a limit of 6 (BRP base 18) two lay-downs fit, three do not; with 5 BRPs one fits."""
    three = plan(
        act(0, "graf#1", "lay_down", "new", "row 3 spring"),
        act(0, "graf#2", "lay_down", "new", "row 3 spring"),
        act(0, "cruiser#1", "lay_down", "new", "row 2 fall"),
    )
    s = scenario(brp_base=18)
    assert rules(check(s, three)) == ["27.31"]
    assert check(s, plan(*three.naval_actions[:2])) == []
    poor = scenario(brps=5)
    result = check(poor, plan(*three.naval_actions[:2]))
    assert rules(result) == ["27.11"]
    assert "6 BRPs spent on construction but 5 BRPs available" in result[0].message
    report = derive_report(scenario(), three)[Power.GERMANY]
    assert (report.construction_brps, report.limit_used, report.brps_kept) == (9, 9, 191)


def test_naval_steps_past_the_oil_threshold_cost_6_brps() -> None:
    """27.35 [reading]: this turn's naval BRPs enter the 25-BRP oil threshold (no oil counter spent)
    in 3-BRP steps; 12 lay-downs are 12 steps, 8 fit inside (24 BRPs), the other 4 are past it and
    cost 6 BRPs each: 24 + 24 = 48 BRPs paid."""
    s = scenario(
        shipyards=[{"id": "kiel", "rate": 12}],
        designs=[{"id": "cruiser", "unit": "cruiser", "factors": 2, "count": 12}],
    )
    actions = [act(0, f"cruiser#{n}", "lay_down", "new", "row 2 fall") for n in range(1, 13)]
    inside = plan(*actions, naval=[NavalReport(power=Power.GERMANY, brps_by_turn=[36], oil_steps=0)])
    result = check(s, inside)
    assert rules(result) == ["27.35"]
    assert "36 BRPs of builds inside an oil threshold of 25 BRPs" in result[0].message
    past = inside.model_copy(
        update={"naval": [NavalReport(power=Power.GERMANY, brps_by_turn=[36], oil_steps=4)]}
    )
    assert check(s, reported(s, past)) == []
    report = derive_report(s, past)[Power.GERMANY]
    assert (report.construction_brps, report.limit_used) == (48, 48)
    [oil] = derive_oil(s, past)
    assert (oil.normal_cost_brps, oil.oil_affected_brps) == (24, 24)
    too_many = inside.model_copy(
        update={"naval": [NavalReport(power=Power.GERMANY, brps_by_turn=[36], oil_steps=5)]}
    )
    result = check(s, too_many)
    assert rules(result) == ["27.35"]
    assert "one more step (3 BRPs) fits inside it (21 of 25 BRPs used)" in result[0].message


def test_us_naval_steps_ignore_oil() -> None:
    """27.35 J: U.S. builds ignore the oil threshold: no U.S. naval step is past it."""
    s = scenario(USA, "usa")
    p = plan(
        act(0, "essex#1", "lay_down", "new", "row 3 winter", yard="us_pacific_box", power="usa"),
        naval=[NavalReport(power=Power.USA, brps_by_turn=[3], oil_steps=1)],
    )
    assert rules(check(s, p)) == ["27.35 J"]


def repairs_raising_and_acceleration(only_construction: bool) -> tuple[Scenario, Plan]:
    """Germany, no oil counter (threshold 25): seven cruisers laid down (21 BRPs), a knight's move of
    a 5-factor ship (9), a named ship's repair (3), raising a ship sunk in port (3): 36 BRPs."""
    data = copy.deepcopy(GERMANY)
    naval = data["powers"]["germany"]["naval"]
    naval["shipyards"] = kiel(
        [ship("Graf Zeppelin", "capital_ship", 5, 5, "spring")],
        [{"id": "Scharnhorst", "unit": "capital_ship", "factors": 3}],
        rate=12,
    )
    naval["designs"] = [{"id": "cruiser", "unit": "cruiser", "factors": 2, "count": 7}]
    naval["sunk_in_port"] = [{"id": "Gneisenau", "yard": "kiel", **GNEISENAU}]
    data["settings"] = {"naval_oil_only_construction": only_construction}
    actions = [act(0, f"cruiser#{n}", "lay_down", "new", "row 2 fall") for n in range(1, 8)]
    actions += [
        act(
            0,
            "Graf Zeppelin",
            "accelerate_knight",
            "row 5 spring",
            "row 4 fall",
            unit="capital_ship",
            factors=5,
        ),
        act(0, "Scharnhorst", "start_repair", "waiting", "launch fall", unit="capital_ship", factors=3),
        act(0, "Gneisenau", "raise", "sunk", "waiting", **GNEISENAU),
    ]
    return Scenario.model_validate(data), plan(*actions)


@pytest.mark.parametrize(
    ("only_construction", "steps", "past", "paid"), [(False, 12, 4, 48), (True, 8, 0, 36)]
)
def test_repairs_raising_and_acceleration_extras_and_the_oil_threshold(
    only_construction: bool, steps: int, past: int, paid: int
) -> None:
    """27.35 A, D with 27.72, 27.7262, 27.7267, 27.7272 B: read as all construction, the 36 BRPs are
    12 steps of 3, 8 inside the 25-BRP threshold and 4 past at 6 BRPs: 48 paid. Read with only
    construction proper priced by oil (setting naval_oil_only_construction), the repair, the raise and
    the 6 extra BRPs of acceleration are paid at cost and the 8 steps left (7 lay-downs and the
    accelerated step's normal 3 BRPs, 24 BRPs) fit inside: 36 paid. The other count is refused."""
    s, p = repairs_raising_and_acceleration(only_construction)
    stated = p.model_copy(
        update={"naval": [NavalReport(power=Power.GERMANY, brps_by_turn=[36], oil_steps=past)]}
    )
    spending = naval_spending(s, stated)[Power.GERMANY]
    assert (spending.brps, spending.steps, spending.paid) == (36, steps, paid)
    assert check(s, reported(s, stated)) == []
    assert derive_report(s, stated)[Power.GERMANY].construction_brps == paid
    other = 4 - past  # the other reading's steps past the threshold
    wrong = p.model_copy(
        update={"naval": [NavalReport(power=Power.GERMANY, brps_by_turn=[36], oil_steps=other)]}
    )
    assert rules(check(s, wrong)) == ["27.35"]
