"""The plan's grant accounting against the route map: routes, expected BRPs, transports (40.22)."""

from __future__ import annotations

from models.plan import Plan
from models.route_data import LEG_BY_ID, Mode
from models.scenario import Scenario
from optimizer.checker.grants.routes import expected_brps, path_route, transports_required
from optimizer.checker.violations import REPORT, Violation


def check_grant_report(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Each grant line's `route` is its path's named route and its `expected_brps`, when given,
    brps x the survival of its legs (tolerance 1e-6); the plan's `transports`, when present,
    are those each sea leg needs (40.221, 40.222, 40.252)."""
    violations: list[Violation] = []
    if scenario.grants is None:
        return violations
    for index, grant in enumerate(plan.grants):
        what = f"grants[{index}]"
        route = path_route(grant.path)
        expected_route = route.value if route is not None else None
        if grant.route != expected_route:
            violations.append(
                Violation(
                    REPORT, f"{what}.route: {grant.route} in the plan, {expected_route} by its path", REPORT
                )
            )
        if grant.expected_brps is not None:
            expected = expected_brps(scenario, grant)
            if abs(grant.expected_brps - expected) > 1e-6:
                violations.append(
                    Violation(
                        REPORT,
                        f"{what}.expected_brps: {grant.expected_brps} in the plan, {expected:.6f} by the loss rates",
                        REPORT,
                    )
                )
    if plan.transports:
        required = transports_required(scenario, plan)
        stated: dict[str, int] = {}
        for use in plan.transports:
            leg = LEG_BY_ID.get(use.leg)
            if use.leg in stated:
                violations.append(Violation(REPORT, f"transports.{use.leg}: listed twice", REPORT))
                continue
            stated[use.leg] = use.transports
            if leg is None or leg.mode is not Mode.SEA or leg.ocean is None:
                violations.append(
                    Violation(REPORT, f"transports.{use.leg}: not a sea leg of the route map", REPORT)
                )
                continue
            if use.ocean != leg.ocean.value:
                violations.append(
                    Violation(
                        REPORT,
                        f"transports.{use.leg}.ocean: {use.ocean} in the plan, {leg.ocean.value} by the map",
                        REPORT,
                    )
                )
            if use.transports != required.get(use.leg, 0):
                violations.append(
                    Violation(
                        REPORT,
                        f"transports.{use.leg}: {use.transports} in the plan, {required.get(use.leg, 0)} by the rules",
                        REPORT,
                    )
                )
        for lid, count in required.items():
            if lid not in stated:
                violations.append(
                    Violation(
                        REPORT, f"transports.{lid}: missing from the plan, {count} by the rules", REPORT
                    )
                )
    return violations
