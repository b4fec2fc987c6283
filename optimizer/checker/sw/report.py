"""The SW figures of a turn plan, re-derived (27.94, 25.4-25.92)."""

from __future__ import annotations

from models.plan import Plan, SWFigures
from models.scenario import Scenario
from models.sw import Campaign, ForceGroup, SWSection, SWUnit, build_group_id
from models.tables import Power, UnitType
from optimizer.checker.sw.deployment import check_deployment
from optimizer.checker.sw.derive import Derived, derive
from optimizer.checker.violations import REPORT, Violation

# --- The SW figures of a turn plan (27.94, 25.4-25.92) ---------------------------------------------


def with_builds(scenario: Scenario, plan: Plan) -> Scenario:
    """The scenario with the plan's new units as groups at their yards, written again from 27.93 and
    27.94: submarines and ASW built this turn (27.721 A), which count in the box they go to (27.91),
    and CVEs launched this turn, `new`, which count nowhere at the next SW combats (27.81, 27.82 B,
    25.34: `positions`). A CVE laid down this turn launches next turn (27.721 B): not there yet."""
    sw = scenario.sw or SWSection()
    groups = list(sw.forces)
    for line in plan.sw_builds:
        if line.unit in (UnitType.SUBMARINE, UnitType.ASW):
            unit = SWUnit.SUBMARINE if line.unit is UnitType.SUBMARINE else SWUnit.ASW
            group_id = build_group_id(line.power, unit.value, line.build, line.yard)
            groups.append(
                ForceGroup(
                    id=group_id, power=line.power, unit=unit, factors=line.factors, base=line.yard, new=True
                )
            )
    cves: dict[tuple[Power, str], int] = {}
    for action in plan.naval_actions:
        if action.unit is UnitType.ESCORT_CARRIER and action.after == "launched" and action.turn == 0:
            cves[action.power, action.yard] = cves.get((action.power, action.yard), 0) + 1
    for (power, yard), count in sorted(cves.items(), key=lambda item: (item[0][0].value, item[0][1])):
        groups.append(
            ForceGroup(
                id=build_group_id(power, "cve", "launched", yard),
                power=power,
                unit=SWUnit.CVE,
                factors=count,
                base=yard,
                new=True,
            )
        )
    return scenario.model_copy(update={"sw": sw.model_copy(update={"forces": groups})})


# The rule each figure of a plan's SW report follows from.
FIGURE_RULES = {
    "submarine_level": "25.41",
    "asw_level": "25.42",
    "cves": "25.64",
    "modifier": "25.61",
    "possible": "25.11, 25.51",
    "advanced_level": "25.73",
}


def _stated(figures: SWFigures) -> dict[str, int | bool]:
    return {name: getattr(figures, name) for name in FIGURE_RULES}


def _derived(d: Derived) -> dict[str, int | bool]:
    return {
        "submarine_level": d.submarines,
        "asw_level": d.asw,
        "cves": d.cves,
        "modifier": d.total,
        "possible": d.possible,
        "advanced_level": d.advanced_level,
    }


def check_sw_report(scenario: Scenario, plan: Plan) -> list[Violation]:
    """The plan's SW figures (`plan.sw`) re-derived: both deployments legal (25.12-25.38), and each
    campaign's submarine level (25.41), ASW level (25.42, 25.83), CVEs (25.64), net modifier (25.61)
    and whether it may happen (25.51) equal to what `derive` finds, before the builds on the scenario's
    units and after them with the plan's new SW units (27.94). A plan without `sw` states nothing."""
    report = plan.sw
    if report is None:
        return []
    if scenario.sw is None:
        return [Violation("25", "the plan states SW figures, but the scenario has no sw: section", REPORT)]
    out: list[Violation] = []
    stages = {"before": scenario, "after": with_builds(scenario, plan)}
    deployments = {"before": report.deployment_before, "after": report.deployment_after}
    derived: dict[str, dict[Campaign, Derived]] = {}
    for stage, position in stages.items():
        deployment = deployments[stage]
        if deployment is not None:
            for breach in check_deployment(position, deployment):
                out.append(Violation(breach.rule, f"SW deployment {stage} the builds: {breach.message}"))
        derived[stage] = derive(position, deployment)
    named = [item.campaign for item in report.campaigns]
    for campaign in Campaign:
        if named.count(campaign) != 1:
            out.append(
                Violation(
                    "25.61", f"{campaign.value}: stated {named.count(campaign)} times, not once", REPORT
                )
            )
    for item in report.campaigns:
        for stage in stages:
            stated = _stated(getattr(item, stage))
            for name, value in _derived(derived[stage][item.campaign]).items():
                if stated[name] != value:
                    out.append(
                        Violation(
                            FIGURE_RULES[name],
                            f"{item.campaign.value} {stage} the builds: {name} stated {stated[name]}, derived {value}",
                            REPORT,
                        )
                    )
    return out
