"""The grants of a plan: lines per path, transports per sea leg, route openings (rule 40)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.plan import GrantLine, RouteOpening, TransportUse
from models.route_data import BRPS_PER_TRANSPORT, NODE_BY_ID, Leg
from models.scenario import Scenario
from models.tables import POWER_ORDER
from optimizer.rules.grants.prepare import path_route, path_uses, survival
from optimizer.rules.grants.variables import Flow, GrantVariables
from optimizer.rules.linear import value


def grant_results(
    scenario: Scenario, grants: GrantVariables | None, solver: cp_model.CpSolver
) -> tuple[list[GrantLine], list[TransportUse], list[RouteOpening]]:
    """Grant lines per path, transports per sea leg, and route openings (rule 40)."""
    if grants is None:
        return [], [], []
    network = grants.network
    amounts = grants.extract(solver)
    lines = []
    for key, (brps, oil) in amounts.items():
        (grantor, recipient), path = key
        route = path_route(path, network.legs)
        lines.append(
            GrantLine(
                grantor=grantor,
                recipient=recipient,
                path=list(path),
                route=route.value if route else None,
                brps=brps,
                oil_counters=oil,
                expected_brps=round(brps * survival(path, scenario, network.legs), 6)
                if scenario.grants and scenario.grants.loss_rates
                else None,
            )
        )
    order = {power: i for i, power in enumerate(POWER_ORDER)}
    lines.sort(key=lambda g: (order[g.grantor], g.recipient, g.path))
    transports = []
    for leg, count in transports_required(amounts, network.legs).items():
        ocean = network.legs[leg].ocean
        assert ocean is not None  # only sea legs need transports
        transports.append(TransportUse(leg=leg, ocean=ocean.value, transports=count))
    openings = [
        RouteOpening(route=route.value, paid_by=payer, brps=grants.opening_costs[route, payer])
        for (route, payer), var in sorted(grants.openings.items())
        if value(solver, var)
    ]
    return lines, transports, openings


def transports_required(path_amounts: dict[Flow, tuple[int, int]], legs: dict[str, Leg]) -> dict[str, int]:
    """Transports per sea leg for given (BRPs, oil counters) per pair and path: one per 5 BRPs
    rounded up, per grantor and recipient except between two boxes, plus one per oil counter
    (40.221, 40.222, 40.252); none on a leg the previous leg's transports carry on (Suez to a
    Turkish port, 40.63 B, 40.64)."""
    required: dict[str, int] = {}
    for name, leg in sorted(legs.items()):
        if leg.ocean is None or leg.escort_continues:  # 40.64: the previous leg's transports carry on
            continue
        totals: dict[object, int] = {}
        oil = 0
        shared = NODE_BY_ID[leg.source].box and NODE_BY_ID[leg.target].box
        for (pair, path), (brps, counters) in path_amounts.items():
            if path_uses(path, leg):
                key = "all" if shared else pair
                totals[key] = totals.get(key, 0) + brps
                oil += counters
        count = sum(-(-brps // BRPS_PER_TRANSPORT) for brps in totals.values()) + oil
        if count:
            required[name] = count
    return required
