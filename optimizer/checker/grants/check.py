"""Rule 40 as a whole: every grant check of the checker, in order."""

from __future__ import annotations

from models.plan import Plan
from models.scenario import Scenario
from optimizer.checker.grants.lines import check_fixed_grants, check_grant_lines, check_grant_totals
from optimizer.checker.grants.routes import check_route_openings, check_routes, check_transports
from optimizer.checker.violations import Violation


def check_grants(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Rule 40. Outside grant mode (no `grants:` section) the scenario's fixed grants obey 40.3 and
    40.331 A, and the plan may not grant, escort or open routes (rule "40"); in grant mode every grant line, pair total, route, ocean and opening."""
    if scenario.grants is None:
        violations: list[Violation] = check_fixed_grants(scenario)
        for name, items in (
            ("grants", plan.grants),
            ("transports", plan.transports),
            ("route_openings", plan.route_openings),
        ):
            if items:
                violations.append(
                    Violation(
                        "40",
                        f"{name}: {len(items)} in the plan, but the scenario has no grants section "
                        "(grants_made are fixed inputs)",
                    )
                )
        return violations
    return (
        check_grant_lines(scenario, plan)
        + check_grant_totals(scenario, plan)
        + check_routes(scenario, plan)
        + check_transports(scenario, plan)
        + check_route_openings(scenario, plan)
    )
