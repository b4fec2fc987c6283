"""BRP grants over the route map (rule 40), planned with every power's builds.

A grant is BRPs (and, to Russia, oil counters) sent along open paths of the
route map from a grantor to a recipient. The model decides how much goes on
each path; this module posts the rules on those amounts: who may grant (40.3),
route capacities (40.4-40.8; one for a Chinese port and French Indochina, 40.83), transports (40.221, 40.222, 40.252), oil limits
(40.25), the U.S. caps before war (40.331 A, 40.332 A), and the BRPs a recipient
may plan to spend when some may be lost to interception (40.23 B). Opening Persia and
building the Alaska highway are decisions too (40.52, 40.72). Their effects on
BRPs and construction limits are in `optimizer.turn.variables` and the limits family.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.route_data import (
    BRPS_PER_TRANSPORT,
    NODE_BY_ID,
    OIL_COUNTER_BRPS,
    ROUTE_CAPACITY_RULES,
    Leg,
    Ocean,
    Route,
    leg_id,
)
from models.tables import Faction
from optimizer.rules.grants.prepare import ARRIVING_SCALE, path_route, path_uses
from optimizer.rules.grants.variables import GrantVariables
from optimizer.rules.guards import Guards
from optimizer.rules.linear import LinearExpr
from optimizer.turn.prepare import Prepared
from optimizer.turn.variables import Variables


def add_opening_choice(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """One power opens Persia (40.521): when more than one may pay, at most one does."""
    grants = variables.grants
    if grants is None:
        return
    persia = [var for (route, _), var in grants.openings.items() if route is Route.PERSIA]
    if len(persia) > 1:
        model.add_at_most_one(persia)


def add_grants(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """The rules of rule 40 on the grant amounts, in a fixed order."""
    grants = variables.grants
    if grants is None:
        return
    _announced(model, data, grants, guards)
    _route_capacities(model, grants, guards)
    _arriving(model, grants)
    _us_caps(model, variables, grants, guards)
    _transports(model, data, grants, guards)
    _oil_counters(model, data, variables, grants, guards)


def _announced(model: cp_model.CpModel, data: Prepared, grants: GrantVariables, guards: Guards) -> None:
    """Each scenario grant is a minimum for its pair (40.23: grants the player has announced); one
    rule 40 closes is refused with the rule (40.2, 40.3)."""
    network = grants.network
    for grantor, pstate in data.scenario.powers.items():
        for grant in pstate.grants_made:
            pair = (grantor, grant.to.value)
            closure = network.closed_pairs.get(pair)
            if closure is not None or pair not in network.paths:
                rule = closure[0] if closure else "40.2"
                model.add(grant.brps <= 0).only_enforce_if(
                    guards.of(rule, f"{grantor.value} to {grant.to.value}")
                )
            else:
                model.add(grants.pair_total(pair) >= grant.brps).only_enforce_if(
                    guards.of(
                        "requirement", f"{grantor.value}: grant at least {grant.brps} to {grant.to.value}"
                    )
                )


def _route_capacities(model: cp_model.CpModel, grants: GrantVariables, guards: Guards) -> None:
    """Route capacities, oil counting 10 BRPs (40.251), oil counters per route (40.25), and one capacity
    shared by routes (40.83: a Chinese port or French Indochina, ten a turn)."""
    network = grants.network
    for route, status in sorted(network.routes.items()):
        using = [(key, var) for key, var in grants.flows.items() if path_route(key[1], network.legs) is route]
        if not using:
            continue
        load = sum(var for _, var in using) + OIL_COUNTER_BRPS * sum(
            grants.oil[key] for key, _ in using if key in grants.oil
        )
        model.add(load <= status.capacity).only_enforce_if(
            guards.of(ROUTE_CAPACITY_RULES[route], route.value)
        )
        oil = [grants.oil[key] for key, _ in using if key in grants.oil]
        if oil:
            model.add(sum(oil) <= status.oil_counters).only_enforce_if(guards.of("40.25", route.value))


def _arriving(model: cp_model.CpModel, grants: GrantVariables) -> None:
    """40.23 B: the BRPs each recipient may plan to spend, the BRPs expected to arrive rounded down."""
    network = grants.network
    for recipient, arriving in sorted(grants.arriving.items()):
        expected = sum(
            network.arriving[path] * var for ((_, r), path), var in grants.flows.items() if r == recipient
        )
        model.add(ARRIVING_SCALE * arriving <= expected)
        model.add(ARRIVING_SCALE * (arriving + 1) >= expected + 1)


def _us_caps(model: cp_model.CpModel, variables: Variables, grants: GrantVariables, guards: Guards) -> None:
    """Shared capacities (40.83), and the U.S. caps before war (40.331 A, 40.332 A) and at war after an
    election result of -7 or below (40.333)."""
    network = grants.network
    for shared in network.shared:
        load = sum(
            var for key, var in grants.flows.items() if path_route(key[1], network.legs) in shared.routes
        )
        if not isinstance(load, int):
            model.add(load <= shared.brps).only_enforce_if(guards.of(shared.rule, shared.label))
    for cap in network.caps:
        sent = sum(grants.pair_total(pair) for pair in cap.pairs if pair in network.paths)
        if cap.rule == "40.331 A" and variables.naval is not None:
            sent += variables.naval.us_grant_use()  # 27.7322 B, 27.7223 B share the grant limit
        if not isinstance(sent, int):
            model.add(sent <= cap.brps).only_enforce_if(guards.of(cap.rule, "U.S. grants"))


def _transports(model: cp_model.CpModel, data: Prepared, grants: GrantVariables, guards: Guards) -> None:
    """Transports per ocean (40.221, 40.222, 40.252); on a leg the previous leg's transports carry on
    (40.64), none more are needed."""
    state = data.scenario.grants
    assert state is not None
    by_ocean: dict[Ocean, list[LinearExpr]] = {}
    for _, leg in sorted(grants.network.legs.items()):
        if leg.ocean is None or leg.escort_continues:
            continue
        needed = transports_needed(model, grants, leg)
        if needed is not None:
            by_ocean.setdefault(leg.ocean, []).append(needed)
    for ocean, needs in sorted(by_ocean.items()):
        model.add(sum(needs) <= state.transports.get(ocean, 0)).only_enforce_if(
            guards.of("40.221", ocean.value)
        )


def _oil_counters(
    model: cp_model.CpModel, data: Prepared, variables: Variables, grants: GrantVariables, guards: Guards
) -> None:
    """Oil shipped comes out of the Western Allies' counters and goes to Russia's (40.25, 40.253);
    Russia spends its own and those shipped to it this turn, no more (27.35, 40.25)."""
    scenario = data.scenario
    if grants.oil:
        western = variables.oil.counters.get(Faction.WESTERN_ALLIES)
        available = scenario.oil_available(Faction.WESTERN_ALLIES)
        spent = western if western is not None else 0
        model.add(spent + grants.oil_shipped() <= available).only_enforce_if(
            guards.of("40.25", "oil counters")
        )
    russia = variables.oil.counters.get(Faction.RUSSIA)
    if russia is not None:
        model.add(russia <= scenario.oil_available(Faction.RUSSIA) + grants.oil_shipped())


def transports_needed(model: cp_model.CpModel, grants: GrantVariables, leg: Leg) -> LinearExpr | None:
    """Transports a sea leg needs: one per 5 BRPs rounded up, plus one per oil counter (40.221, 40.252).

    Between two mapboard boxes all grants share transports (40.222); elsewhere
    each grantor and recipient rounds up its own.
    """
    name = leg_id(leg)
    through = [(key, var) for key, var in grants.flows.items() if path_uses(key[1], leg)]
    if not through:
        return None
    oil = sum(grants.oil[key] for key, _ in through if key in grants.oil)
    shared = NODE_BY_ID[leg.source].box and NODE_BY_ID[leg.target].box
    groups: dict[object, list[cp_model.IntVar]] = {}
    for (pair, _), var in through:
        groups.setdefault("all" if shared else pair, []).append(var)
    needed = []
    for group, vars_ in sorted(groups.items(), key=lambda item: str(item[0])):
        transports = model.new_int_var(0, 1_000, f"transports_{name}_{group}")
        model.add(BRPS_PER_TRANSPORT * transports >= sum(vars_))
        needed.append(transports)
    return sum(needed) + oil
