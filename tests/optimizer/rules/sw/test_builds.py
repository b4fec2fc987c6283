"""The turn planner values new SW units by what they add to the SW campaigns at the next SW combats
(27.94, 25.31, 25.64): new ASW and submarines count in the box they reach (27.91); the build plan's
CVEs do not, being laid down or launched this turn (27.721 B, 27.81, 27.82 B, 25.34)."""

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


def cves_laid_down_or_launched(plan):
    return sum(
        1
        for a in plan.naval_actions
        if a.unit.value == "escort_carrier" and a.after.startswith("launch") and a.turn < 2
    )


@pytest.mark.parametrize("modifier_weight", [0, 10])
def test_regression_cves_of_the_build_plan_counted_at_the_next_sw_combats(modifier_weight):
    """25.64 A: a sixth CVE in the Atlantic would take the German modifier one step down. But a CVE
    laid down this turn launches next turn (27.721 B), and one launched this turn is inverted (27.81)
    and, moved to the SW box, stays inverted through the next opposing player turn (27.82 B, 25.34);
    only uninverted CVEs count (25.362). So at the next SW combats there are still 5 CVEs, however
    much the player values the step. The planner once counted them (5 -> 6, one step), and laid a
    CVE down for it; the checker now refuses a report that says 6."""
    s = naval_with_sw({"modifier": modifier_weight, "submarine_level": 0, "asw_level": 0})
    result = solve(s)
    assert result.status is Status.OPTIMAL
    assert check(s, result.plan) == []
    figures = next(c for c in result.plan.sw.campaigns if c.campaign.value == "german_atlantic")
    assert (figures.before.cves, figures.after.cves) == (5, 5)
    assert figures.after.modifier == figures.before.modifier
    _, after = plan_sw_after_builds(s, result.plan)
    assert next(b for b in after.after if b.campaign.value == "german_atlantic").cves == 5
    baseline = solve(naval_with_sw({"modifier": 0, "submarine_level": 0, "asw_level": 0})).plan
    assert cves_laid_down_or_launched(result.plan) == cves_laid_down_or_launched(baseline)
    stated = figures.after.model_copy(update={"cves": 6, "modifier": figures.after.modifier - 1})
    tampered = result.plan.sw.campaigns[0].model_copy(update={"after": stated})
    plan = result.plan.model_copy(
        update={
            "sw": result.plan.sw.model_copy(update={"campaigns": [tampered, *result.plan.sw.campaigns[1:]]})
        }
    )
    assert {v.rule for v in check(s, plan)} == {"25.64", "25.61"}


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
