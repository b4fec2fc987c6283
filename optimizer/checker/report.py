"""The plan's own accounting derived from the rules and compared with what the plan states."""

from __future__ import annotations

from models.plan import OilReport, Plan, PowerReport
from models.scenario import Scenario
from models.tables import POWER_ORDER, Power, oil_threshold_brps
from optimizer.checker.brps import brps_available, brps_paid
from optimizer.checker.grants.accounts import grant_account
from optimizer.checker.grants.report import check_grant_report
from optimizer.checker.limits import construction_limit, limit_used
from optimizer.checker.lines import planned_powers, resolve_lines
from optimizer.checker.naval.report import check_naval_report
from optimizer.checker.naval.spending import NavalSpendings, naval_spending
from optimizer.checker.naval_air import naval_air_rate, naval_air_used
from optimizer.checker.oil import (
    inside_threshold_brps,
    oil_affected_brps,
    oil_effect_incurred,
    oil_factions,
    oil_for_construction,
)
from optimizer.checker.violations import REPORT, Violation


def derive_report(
    scenario: Scenario, plan: Plan, naval: NavalSpendings | None = None
) -> dict[Power, PowerReport]:
    """Each planned power's accounting derived from the builds, this turn's naval construction and
    grants, in POWER_ORDER (27.11, 27.3, 27.35 H, 27.61, 27.72, 40.23); `naval` as in
    `check.rule_violations`."""
    lines, _ = resolve_lines(scenario, plan)
    account = grant_account(scenario, plan)
    naval = naval_spending(scenario, plan) if naval is None else naval
    reports: dict[Power, PowerReport] = {}
    for power in planned_powers(scenario):
        available = brps_available(scenario, power, account=account)
        paid = brps_paid(scenario, power, lines, account, naval)
        reports[power] = PowerReport(
            brps_available=available,
            construction_brps=paid,
            brps_kept=available - paid,
            construction_limit=construction_limit(scenario, power, account=account),
            limit_used=limit_used(scenario, power, lines, account, naval),
            naval_air_rate=naval_air_rate(scenario, power),
            naval_air_used=naval_air_used(scenario, power, lines),
            oil_effect_incurred=oil_effect_incurred(scenario, plan, power),
        )
    return reports


def derive_oil(scenario: Scenario, plan: Plan, naval: NavalSpendings | None = None) -> list[OilReport]:
    """Each planned faction's oil accounting derived from the builds (27.35), for the factions
    with oil-pooled powers in `Scenario.factions()` order. `counters_available` is what the
    faction may spend on construction, after oil shipped to Russia (40.25). Naval steps count: 3
    BRPs each inside the threshold, 6 each past it (27.72) [reading]."""
    lines, _ = resolve_lines(scenario, plan)
    account = grant_account(scenario, plan)
    naval = naval_spending(scenario, plan) if naval is None else naval
    reports = []
    for faction in oil_factions(scenario):
        spent = plan.oil_counters_spent.get(faction, 0)
        reports.append(
            OilReport(
                faction=faction,
                counters_available=oil_for_construction(scenario, faction, account=account),
                counters_spent=spent,
                threshold_brps=oil_threshold_brps(spent),
                normal_cost_brps=inside_threshold_brps(scenario, lines, faction, naval),
                oil_affected_brps=oil_affected_brps(scenario, lines, faction, naval),
            )
        )
    return reports


def _mismatches(where: str, stated: dict, derived: dict) -> list[Violation]:
    return [
        Violation(REPORT, f"{where}.{field}: {stated[field]} in the plan, {value} by the rules", REPORT)
        for field, value in derived.items()
        if stated[field] != value
    ]


def check_report(scenario: Scenario, plan: Plan, naval: NavalSpendings | None = None) -> list[Violation]:
    """The plan's own accounting (`powers` in POWER_ORDER, `oil` in `Scenario.factions()` order,
    grant routes, expected BRPs and transports, naval positions, spending and charts), when
    present, against the derivation."""
    violations: list[Violation] = []
    if plan.powers:
        derived = derive_report(scenario, plan, naval)
        for power in planned_powers(scenario):
            if power not in plan.powers:
                violations.append(Violation(REPORT, f"powers.{power.value}: missing from the plan", REPORT))
                continue
            violations += _mismatches(
                f"powers.{power.value}", plan.powers[power].model_dump(), derived[power].model_dump()
            )
        for power in plan.powers:
            if power not in scenario.powers:
                violations.append(
                    Violation(REPORT, f"powers.{power.value}: not a planned power of the scenario", REPORT)
                )
        listed = list(plan.powers)
        if listed != [power for power in POWER_ORDER if power in plan.powers]:
            violations.append(
                Violation(
                    REPORT,
                    f"powers: listed as {', '.join(p.value for p in listed)}, not in POWER_ORDER",
                    REPORT,
                )
            )
    if plan.oil:
        derived_oil = derive_oil(scenario, plan, naval)
        stated_factions = [report.faction for report in plan.oil]
        derived_factions = [report.faction for report in derived_oil]
        if stated_factions != derived_factions:
            violations.append(
                Violation(
                    REPORT,
                    f"oil: factions {', '.join(f.value for f in stated_factions)} in the plan, "
                    f"{', '.join(f.value for f in derived_factions) or 'none'} by the rules",
                    REPORT,
                )
            )
        else:
            for stated_report, derived_report in zip(plan.oil, derived_oil, strict=True):
                violations += _mismatches(
                    f"oil.{stated_report.faction.value}",
                    stated_report.model_dump(),
                    derived_report.model_dump(),
                )
    violations += check_grant_report(scenario, plan)
    violations += check_naval_report(scenario, plan)
    return violations
