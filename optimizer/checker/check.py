"""The entry point: every family's checks in order, the requirements, the report and alternative sites."""

from __future__ import annotations

from models.plan import Plan
from models.scenario import Scenario
from optimizer.checker.brps import check_brps
from optimizer.checker.force_pool import check_force_pool
from optimizer.checker.grants.accounts import grant_account
from optimizer.checker.grants.check import check_grants
from optimizer.checker.limits import check_limits
from optimizer.checker.lines import check_pairs, resolve_lines
from optimizer.checker.naval.budgets import check_naval
from optimizer.checker.naval.replay import replay_naval
from optimizer.checker.naval.spending import NavalSpendings, naval_spending
from optimizer.checker.naval_air import check_naval_air
from optimizer.checker.objective import check_objective
from optimizer.checker.oil import check_oil
from optimizer.checker.placement import check_placement
from optimizer.checker.report import check_report
from optimizer.checker.requirements import check_requirements
from optimizer.checker.sw import check_sw_report
from optimizer.checker.violations import REPORT, Violation


def rule_violations(scenario: Scenario, plan: Plan, naval: NavalSpendings | None = None) -> list[Violation]:
    """Every breach of the game rules by the builds, naval construction and grants (27.1-27.7,
    27.92, rule 40), unsorted. `naval`: the turn's naval spending when it is not the scenario's own
    chart's (a season's later turn, spending on the chart of the season's first: checker/season.py)."""
    lines, violations = resolve_lines(scenario, plan)
    account = grant_account(scenario, plan)
    replay = replay_naval(scenario, plan)
    naval = naval_spending(scenario, plan, replay) if naval is None else naval
    violations += check_pairs(lines)
    violations += check_force_pool(scenario, lines)
    violations += check_brps(scenario, lines, account, naval)
    violations += check_limits(scenario, lines, account, naval)
    violations += check_oil(scenario, plan, lines, account, naval)
    violations += check_naval_air(scenario, lines)
    violations += check_placement(scenario, lines)
    violations += check_grants(scenario, plan)
    violations += check_naval(scenario, plan, replay, lines, account, naval)
    return violations


def check_alternatives(
    scenario: Scenario, plan: Plan, naval: NavalSpendings | None = None
) -> list[Violation]:
    """Each line's `alternatives` are sites where its counters may be placed instead, the plan
    otherwise unchanged (27.4): the plan with the line moved there breaks no rule.

    Checked only when the plan as given breaks no rule (its own violations are reported anyway).
    """
    builds = [build.model_copy(update={"alternatives": []}) for build in plan.builds]
    bare = plan.model_copy(update={"builds": builds, "powers": {}, "oil": [], "transports": []})
    if not any(build.alternatives for build in plan.builds) or rule_violations(scenario, bare, naval):
        return []
    violations: list[Violation] = []
    for index, build in enumerate(plan.builds):
        for site in build.alternatives:
            moved = list(builds)
            moved[index] = builds[index].model_copy(update={"site": site})
            for breach in rule_violations(scenario, bare.model_copy(update={"builds": moved}), naval):
                violations.append(
                    Violation(
                        REPORT,
                        f"line {index + 1}: alternative site '{site}' for {build.power.value} "
                        f"'{build.entry}' breaks {breach.rule}: {breach.message}",
                        REPORT,
                    )
                )
    return violations


def check(scenario: Scenario, plan: Plan, *, naval: NavalSpendings | None = None) -> list[Violation]:
    """Every breach of rules 27 and 40, of the objective's requirements, and of the plan's own
    accounting (its SW figures too, rule 25, and the value it states of each priority) and alternative sites; sorted by rule, then message. An empty list means a
    legal plan. `naval`: as `rule_violations`."""
    lines, _ = resolve_lines(scenario, plan)
    violations = rule_violations(scenario, plan, naval)
    violations += check_requirements(scenario, plan, lines)
    violations += check_report(scenario, plan, naval)
    violations += check_sw_report(scenario, plan)
    violations += check_objective(scenario, plan)
    violations += check_alternatives(scenario, plan, naval)
    return sorted(violations, key=lambda v: (v.rule, v.message, v.kind))
