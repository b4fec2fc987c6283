"""The objective's requirements: minimum builds, BRPs kept, BRPs delivered, avoiding the oil effect."""

from __future__ import annotations

from models.plan import Plan
from models.scenario import MinimumBuild, Scenario
from models.tables import Power, UnitType
from optimizer.checker.brps import brps_available, brps_paid
from optimizer.checker.grants.accounts import grant_account
from optimizer.checker.lines import PricedLine
from optimizer.checker.naval.charts import naval_state_of
from optimizer.checker.naval.replay import replay_naval
from optimizer.checker.naval.spending import naval_spending
from optimizer.checker.oil import oil_factions
from optimizer.checker.violations import REQUIREMENT, Violation


def check_requirements(scenario: Scenario, plan: Plan, lines: list[PricedLine]) -> list[Violation]:
    """The objective's requirements: minimum builds (build lines, SW units and ships launched this
    turn, 27.7), BRPs kept (naval construction paid included), BRPs sent by grants (counted as
    sent, not expected), and avoiding the oil effect for every faction with oil-pooled powers
    (27.35 H)."""
    objective = scenario.objective
    account = grant_account(scenario, plan)
    replay = replay_naval(scenario, plan)
    naval = naval_spending(scenario, plan, replay)
    violations: list[Violation] = []
    for index, minimum in enumerate(objective.minimum):

        def wanted(unit: UnitType, power: Power, minimum: MinimumBuild = minimum) -> bool:
            return (minimum.unit is None or unit is minimum.unit) and (
                minimum.power is None or power is minimum.power
            )

        built = sum(item.line.factors for item in lines if wanted(item.entry.unit, item.power))
        built += sum(
            line.factors
            for line in plan.sw_builds
            if naval_state_of(scenario, line.power) is not None and wanted(line.unit, line.power)
        )
        built += sum(
            factors for power, unit, factors, turn in replay.launched if turn == 0 and wanted(unit, power)
        )
        if built < minimum.factors:
            violations.append(
                Violation(
                    "objective.minimum",
                    f"minimum[{index}] ({minimum.describe()}): {built} built",
                    REQUIREMENT,
                )
            )
    for power, reserve in sorted(objective.reserve.items()):
        kept = brps_available(scenario, power, account=account) - brps_paid(
            scenario, power, lines, account, naval
        )
        if kept < reserve:
            violations.append(
                Violation(
                    "objective.reserve", f"{power.value}: {kept} BRPs kept, {reserve} required", REQUIREMENT
                )
            )
    for recipient, required in sorted(objective.deliver.items()):
        sent = sum(brps for _, to, brps in account.made if to == recipient.value)
        if sent < required:
            violations.append(
                Violation(
                    "objective.deliver",
                    f"{recipient.value}: {sent} BRPs sent by grants, {required} required",
                    REQUIREMENT,
                )
            )
    if objective.avoid_oil_effect:
        for faction in oil_factions(scenario):
            if plan.oil_counters_spent.get(faction, 0) < 1:
                violations.append(
                    Violation(
                        "27.35 H",
                        f"{faction.value}: no oil counter spent on construction, so its powers incur "
                        "the oil effect",
                        REQUIREMENT,
                    )
                )
    return violations
