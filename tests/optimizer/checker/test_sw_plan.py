"""`awaw check` on the SW part of a turn plan: the figures of `plan.sw` re-derived by the checker from
the rules (25.41, 25.42, 25.61, 25.64, 25.723) and a tampered figure reported with its rule number."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import scenarios
from models.plan import Plan, SWBuildLine, SWCampaignFigures, SWFigures, SWPlanReport
from models.sw import Campaign, GroupPlacement, SWBox, SWDeployment
from models.tables import Power, UnitType
from optimizer.checker.sw import check_sw_report
from optimizer.cli import app
from tests.optimizer.rules.sw.positions import FRANCE_GERMAN, group, position, scenario

# The German player: 4 U-boat factors in the Atlantic box and 3 more at Lorient; 6 American CVEs and
# 3 British ASW factors in the box; France German (Brest and Lorient held and supplied).
FORCES = [
    group("u", "germany", "submarine", 4, "lorient", "atlantic"),
    group("l", "germany", "submarine", 3, "lorient"),
    group("c", "usa", "cve", 6, "us_atlantic_box", "atlantic"),
    group("a", "britain", "asw", 3, "us_atlantic_box", "atlantic"),
]
NEW = "new-germany-submarine-sub-kiel"


def german_position():
    data = position(forces=FORCES)
    data["map"] = {"sites": FRANCE_GERMAN}
    return scenario(data)


def figures(submarines: int) -> SWFigures:
    """The German Atlantic campaign from the rules: ASW level 3 (25.42), 6 CVEs (25.64 A: -1), Biscay
    ports held and supplied (25.723: +2), nothing else: net +1 (25.61)."""
    return SWFigures(submarine_level=submarines, asw_level=3, cves=6, modifier=1, possible=True)


def closed(modifier: int) -> SWFigures:
    return SWFigures(submarine_level=0, asw_level=0, cves=0, modifier=modifier, possible=False)


def stated_plan() -> Plan:
    """The plan builds 2 submarine factors at Kiel (27.9); the best deployments send Lorient's 3
    factors to the Atlantic box (7 factors, 25.41), and with the builds the 2 new ones too (9).
    The other campaigns cannot happen (25.51 A: no Axis Suez; 25.81, 25.91: no war with Japan): their
    modifiers are the table's rows with no submarines: 0, but +2 for the American campaign (25.92 B,
    Manila Allied); the 6 Atlantic CVEs count nowhere else."""
    before = SWDeployment(placements=[GroupPlacement(group="l", at_base=0, boxes={SWBox.ATLANTIC: 3})])
    after = SWDeployment(
        placements=[
            GroupPlacement(group="l", at_base=0, boxes={SWBox.ATLANTIC: 3}),
            GroupPlacement(group=NEW, at_base=0, boxes={SWBox.ATLANTIC: 2}),
        ]
    )
    campaigns = [SWCampaignFigures(campaign=Campaign.GERMAN_ATLANTIC, before=figures(7), after=figures(9))]
    # 25.92 B: the Allies control Manila (its owner at the start of the war): +2 to American submarines.
    rest = {c: 2 if c is Campaign.AMERICAN_PACIFIC else 0 for c in list(Campaign)[1:]}
    campaigns += [SWCampaignFigures(campaign=c, before=closed(m), after=closed(m)) for c, m in rest.items()]
    build = SWBuildLine(
        power=Power.GERMANY,
        build="sub",
        unit=UnitType.SUBMARINE,
        yard="kiel",
        factors=2,
        brps=6,
        placed="kiel",
        sw_boxes=["atlantic"],
    )
    return Plan(
        scenario="sw test",
        sw_builds=[build],
        sw=SWPlanReport(deployment_before=before, deployment_after=after, campaigns=campaigns),
    )


def test_figures_from_the_rules_are_accepted_25_61():
    """The figures worked out by hand from 25.41, 25.42, 25.64 A and 25.723 are what the checker derives."""
    assert check_sw_report(german_position(), stated_plan()) == []


@pytest.mark.parametrize(
    ("field", "value", "rule"),
    [
        ("submarine_level", 8, "25.41"),
        ("asw_level", 2, "25.42"),
        ("cves", 5, "25.64"),
        ("modifier", 2, "25.61"),
        ("possible", False, "25.11, 25.51"),
        ("advanced_level", 3, "25.73"),
    ],
)
@pytest.mark.parametrize("stage", ["before", "after"])
def test_a_tampered_figure_is_reported_with_its_rule(field, value, rule, stage):
    """Each figure changed by hand, before or after the builds, is one violation of its rule."""
    plan = stated_plan()
    assert plan.sw is not None
    item = plan.sw.campaigns[0]
    tampered = item.model_copy(update={stage: getattr(item, stage).model_copy(update={field: value})})
    plan.sw.campaigns[0] = tampered
    found = check_sw_report(german_position(), plan)
    assert [(v.rule, v.kind) for v in found] == [(rule, "report")]
    assert f"german_atlantic {stage} the builds: {field}" in found[0].message


def test_the_builds_count_only_after_27_94():
    """The new factors of the plan's builds are not in the position before it: stating 9 submarine
    factors before the builds is wrong (25.41)."""
    plan = stated_plan()
    assert plan.sw is not None
    plan.sw.campaigns[0] = plan.sw.campaigns[0].model_copy(update={"before": figures(9)})
    assert [v.rule for v in check_sw_report(german_position(), plan)] == ["25.41"]


def test_an_illegal_deployment_in_the_report_is_a_violation_25_31():
    """25.31: German submarines deploy to the Atlantic and Indian Ocean only; a report that sends them
    to the Pacific breaks 25.31 (and its figures, derived from it, still agree)."""
    plan = stated_plan()
    assert plan.sw is not None
    wrong = SWDeployment(placements=[GroupPlacement(group="l", at_base=0, boxes={SWBox.PACIFIC: 3})])
    campaigns = [
        c.model_copy(update={"before": figures(4)}) if i == 0 else c for i, c in enumerate(plan.sw.campaigns)
    ]
    plan.sw = plan.sw.model_copy(update={"deployment_before": wrong, "campaigns": campaigns})
    assert [v.rule for v in check_sw_report(german_position(), plan)] == ["25.31"]


def test_a_campaign_missing_from_the_report_is_reported():
    plan = stated_plan()
    assert plan.sw is not None
    plan.sw.campaigns.pop()
    assert [v.message for v in check_sw_report(german_position(), plan)] == [
        "american_pacific: stated 0 times, not once"
    ]


def test_sw_figures_without_an_sw_section_are_reported():
    data = position(forces=FORCES)
    del data["sw"]
    assert [v.rule for v in check_sw_report(scenario(data), stated_plan())] == ["25"]


def test_awaw_check_reports_a_tampered_modifier_of_a_solved_plan(tmp_path):
    """`awaw plan --json` then `awaw check` on the bundled Axis SW position: the plan passes; the
    German Atlantic net modifier raised by one is reported under 25.61 (exit 1)."""
    runner = CliRunner()
    path = scenarios.path("european_axis_1942_sw.yaml")
    out = runner.invoke(app, ["plan", str(path), "--json"])
    assert out.exit_code == 0, out.output
    plan = json.loads(out.output)
    good = tmp_path / "plan.json"
    good.write_text(json.dumps(plan))
    assert runner.invoke(app, ["check", str(path), str(good)]).exit_code == 0
    atlantic = next(c for c in plan["sw"]["campaigns"] if c["campaign"] == "german_atlantic")
    atlantic["after"]["modifier"] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(plan))
    checked = runner.invoke(app, ["check", str(path), str(bad)])
    assert checked.exit_code == 1
    assert "25.61: violates: german_atlantic after the builds: modifier stated" in checked.output
