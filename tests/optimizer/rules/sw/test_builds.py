"""The turn planner values new SW units by what they add to the SW campaigns (27.94, 25.31, 25.64):
"is a sixth CVE worth its BRPs?" answered inside the build plan."""

from __future__ import annotations

import pytest
import yaml

import scenarios
from models.plan import Status
from models.scenario import Scenario
from optimizer.checker import check
from optimizer.planners.position import solve
from optimizer.rules.sw.solve import plan_sw_after_builds, with_plan_builds

NAVAL = scenarios.path("britain_usa_summer_1942_naval.yaml")


def naval_with_sw(weights):
    """The bundled British and American naval position, with 15 U-boats and 5 American CVEs in the
    Atlantic box, in the third turn of war between Germany and the U.S."""
    data = yaml.safe_load(NAVAL.read_text())
    data["sw"] = {
        "germany_us_war_turn": 3,
        "forces": [
            {
                "id": "u",
                "power": "germany",
                "unit": "submarine",
                "factors": 15,
                "base": "lorient",
                "box": "atlantic",
            },
            {
                "id": "c",
                "power": "usa",
                "unit": "cve",
                "factors": 5,
                "base": "us_atlantic_box",
                "box": "atlantic",
            },
        ],
        "weights": {"german_atlantic": weights},
    }
    return Scenario.model_validate(data)


def cves_launched_by_next_turn(plan):
    return sum(
        1
        for a in plan.naval_actions
        if a.unit.value == "escort_carrier" and a.after == "launched" and a.turn < 2
    )


@pytest.mark.parametrize(("modifier_weight", "sixth_cve"), [(0, False), (10, True)])
def test_a_sixth_cve_is_built_when_its_step_is_worth_it_25_64_a(modifier_weight, sixth_cve):
    """25.64 A: the sixth CVE in the Atlantic takes the German modifier from 0 to -1 CVE steps. Worth
    10 a point to the player, the plan lays one down to launch by next turn (27.94, 27.7); worth
    nothing (CVEs then have no value of their own), it does not."""
    s = naval_with_sw({"modifier": modifier_weight, "submarine_level": 0, "asw_level": 0})
    result = solve(s)
    assert result.status is Status.OPTIMAL
    assert check(s, result.plan) == []
    assert (cves_launched_by_next_turn(result.plan) >= 1) is sixth_cve
    before, after = plan_sw_after_builds(s, result.plan)
    atlantic_before = next(b for b in before.after if b.campaign.value == "german_atlantic")
    atlantic_after = next(b for b in after.after if b.campaign.value == "german_atlantic")
    figures = next(c for c in result.plan.sw.campaigns if c.campaign.value == "german_atlantic")
    if sixth_cve:
        assert (atlantic_before.cves, atlantic_after.cves) == (5, 6)
        assert atlantic_after.modifier == atlantic_before.modifier - 1
        # The plan's own SW figures (awaw plan --json) say the same: 5 -> 6 CVEs, one step of -1.
        assert (figures.before.cves, figures.after.cves) == (5, 6)
        assert figures.after.modifier == figures.before.modifier - 1
    else:
        assert atlantic_after.cves == 5
        assert (figures.before.cves, figures.after.cves) == (5, 5)


def test_plan_builds_become_new_groups_at_their_yards_27_93():
    """The plan's SW builds are groups of new units at their yards (27.93), counted in a box (27.91).
    ASW worth 20 a factor in the Atlantic: the plan builds some, and they join the box."""
    s = naval_with_sw({"modifier": 10, "asw_level": 20})
    plan = solve(s).plan
    assert any(line.unit.value == "asw" for line in plan.sw_builds)
    _, after = plan_sw_after_builds(s, plan)
    atlantic = next(b for b in after.after if b.campaign.value == "german_atlantic")
    assert atlantic.asw_level == sum(line.factors for line in plan.sw_builds if line.unit.value == "asw")
    groups = {g.id: g for g in with_plan_builds(s, plan).sw.forces}
    for line in plan.sw_builds:
        if line.unit.value in ("submarine", "asw"):
            group = groups[f"new-{line.power.value}-{line.unit.value}-{line.build}-{line.yard}"]
            assert (group.factors, group.base, group.new) == (line.factors, line.yard, True)
