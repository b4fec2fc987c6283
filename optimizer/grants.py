"""BRP grants over the route map (rule 40), planned with every power's builds.

A grant is BRPs (and, to Russia, oil counters) sent along open paths of the
route map from a grantor to a recipient. The model decides how much goes on
each path; this module posts the rules on those amounts: who may grant (40.3),
route capacities (40.4-40.8), transports (40.221, 40.222, 40.252), oil limits
(40.25), the U.S. caps before war (40.331 A, 40.332 A), and the effects on BRPs
and construction limits (40.23, 27.334, 27.34, 40.244). Opening Persia and
building the Alaska highway are decisions too (40.52, 40.72).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ortools.sat.python import cp_model

from models.route_data import (
    BRPS_PER_TRANSPORT,
    NODE_BY_ID,
    OIL_COUNTER_BRPS,
    ROUTE_CAPACITY_RULES,
    Leg,
    Route,
    leg_id,
)
from models.tables import LIMIT_DIVISOR, Dominion, Faction, Power
from optimizer.routes import GrantNetwork, Pair, path_route

if TYPE_CHECKING:
    from optimizer.guards import Guards
    from optimizer.prepare import Prepared
    from optimizer.variables import Variables

Path = tuple[str, ...]
DOMINION_VALUES = frozenset(d.value for d in Dominion)
WESTERN_ALLIES = (Power.BRITAIN, Power.FRANCE, Power.USA)
PERSIA_COST = 25  # 40.521
PERSIA_COST_AFTER_WAR = 15  # 40.522
ALASKA_HIGHWAY_COST = 25  # 40.72


@dataclass
class GrantVariables:
    """BRPs and oil counters per (pair, path), the limits they move, and route openings."""

    network: GrantNetwork
    flows: dict[tuple[Pair, Path], cp_model.IntVar] = field(default_factory=dict)
    oil: dict[tuple[Pair, Path], cp_model.IntVar] = field(default_factory=dict)
    limits: dict[Power, cp_model.IntVar] = field(default_factory=dict)
    openings: dict[tuple[Route, Power], cp_model.IntVar] = field(default_factory=dict)
    opening_costs: dict[tuple[Route, Power], int] = field(default_factory=dict)

    @classmethod
    def create(cls, model: cp_model.CpModel, data: Prepared) -> GrantVariables:
        network = data.network
        assert network is not None
        grants = cls(network)
        for pair, paths in sorted(network.paths.items()):
            grantor, recipient = pair
            most = max(0, data.powers[grantor].brps_available)
            for path in paths:
                route = path_route(path, network.legs)
                name = f"{grantor.value}_{recipient}_{'-'.join(path)}"
                # Bounded by what the grantor has; route capacities are constraints of their own (40.4-40.8).
                grants.flows[pair, path] = model.NewIntVar(0, most, f"grant_{name}")
                if recipient == "russia" and route is not None and network.routes[route].oil_counters:
                    grants.oil[pair, path] = model.NewIntVar(
                        0, network.routes[route].oil_counters, f"oil_{name}"
                    )
        _openings(model, data, grants)
        return grants

    def pair_total(self, pair: Pair) -> cp_model.LinearExprT:
        return sum(var for (p, _), var in self.flows.items() if p == pair)

    def sent(self, grantor: Power) -> cp_model.LinearExprT:
        return sum(var for ((g, _), _), var in self.flows.items() if g is grantor)

    def received(self, recipient: str) -> cp_model.LinearExprT:
        return sum(var for ((_, r), _), var in self.flows.items() if r == recipient)

    def oil_shipped(self) -> cp_model.LinearExprT:
        return sum(self.oil.values())

    def opening_brps(self, power: Power) -> cp_model.LinearExprT:
        return sum(self.opening_costs[key] * var for key, var in self.openings.items() if key[1] is power)

    def pairs(self) -> list[Pair]:
        return sorted({pair for pair, _ in self.flows})


def _openings(model: cp_model.CpModel, data: Prepared, grants: GrantVariables) -> None:
    """Opening Persia (40.521-40.525) and building the Alaska highway (40.72) as decisions."""
    scenario = data.scenario
    state = scenario.grants
    assert state is not None
    surrendered = {s.value for s in state.surrendered}
    us_at_war = bool(scenario.us_at_war.get("europe") or scenario.us_at_war.get("pacific"))
    persia_barred = (
        state.persia.opened
        or (state.germany_russia_war_turns == 0 and "russia" not in surrendered)
        or state.persia.axis_controls_tehran
        or state.persia.unconquered_after_allied_declaration
    )
    if not persia_barred:
        cost = PERSIA_COST_AFTER_WAR if state.persia.war_declared_on_persia else PERSIA_COST
        # Britain and France are at war with the Axis in every position planned here [reading]; the U.S. when at war.
        payers = [p for p in WESTERN_ALLIES if p in data.powers and (p is not Power.USA or us_at_war)]
        for payer in payers:
            key = (Route.PERSIA, payer)
            grants.openings[key] = model.NewBoolVar(f"open_persia_{payer.value}")
            grants.opening_costs[key] = cost
        if len(payers) > 1:
            model.AddAtMostOne(grants.openings[Route.PERSIA, p] for p in payers)
    if Power.USA in data.powers and not state.siberia.highway_built and scenario.us_at_war.get("europe"):
        key = (Route.SIBERIA, Power.USA)
        grants.openings[key] = model.NewBoolVar("build_alaska_highway")
        grants.opening_costs[key] = ALASKA_HIGHWAY_COST


def define_limits(model: cp_model.CpModel, data: Prepared, grants: GrantVariables) -> None:
    """Construction limits moved by this turn's grants (27.334, 27.34, 40.23, 40.244).

    The grantor loses floor(g / 3) per recipient (1:1 for U.S. grants to
    Commonwealth countries) among its reductions, which stop at 0; the
    recipient gains floor(g / 3) after its reductions.
    """
    thirds: dict[Pair, cp_model.IntVar] = {}
    for pair in grants.pairs():
        total = model.NewIntVar(0, 10_000, f"granted_{pair[0].value}_{pair[1]}")
        model.Add(total == grants.pair_total(pair))
        third = model.NewIntVar(0, 10_000, f"granted_third_{pair[0].value}_{pair[1]}")
        model.AddDivisionEquality(third, total, LIMIT_DIVISOR)
        thirds[pair] = third
    for power, pdata in data.powers.items():
        breakdown = pdata.limit_breakdown
        reductions = []
        for (grantor, recipient), third in thirds.items():
            if grantor is power:
                one_for_one = power is Power.USA and recipient in DOMINION_VALUES
                reductions.append(grants.pair_total((grantor, recipient)) if one_for_one else third)
        increases = [third for (_, recipient), third in thirds.items() if recipient == power.value]
        after = model.NewIntVar(-10_000, 10_000, f"limit_after_reductions_{power.value}")
        model.Add(after == breakdown.before_clamp - sum(reductions))
        floored = model.NewIntVar(0, 10_000, f"limit_floored_{power.value}")
        model.AddMaxEquality(floored, [after, 0])
        limit = model.NewIntVar(0, 20_000, f"limit_{power.value}")
        model.Add(limit == floored + breakdown.increases + sum(increases))
        grants.limits[power] = limit


def add_grants(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """The rules of rule 40 on the grant amounts."""
    grants = variables.grants
    if grants is None:
        return
    network = grants.network
    scenario = data.scenario
    state = scenario.grants
    assert state is not None
    # Each scenario grant is a minimum for its pair (40.23: grants the player has announced).
    for grantor, pstate in scenario.powers.items():
        for grant in pstate.grants_made:
            pair = (grantor, grant.to.value)
            closure = network.closed_pairs.get(pair)
            if closure is not None or pair not in network.paths:
                rule = closure[0] if closure else "40.2"
                model.Add(grant.brps <= 0).OnlyEnforceIf(
                    guards.of(rule, f"{grantor.value} to {grant.to.value}")
                )
            else:
                model.Add(grants.pair_total(pair) >= grant.brps).OnlyEnforceIf(
                    guards.of(
                        "requirement", f"{grantor.value}: grant at least {grant.brps} to {grant.to.value}"
                    )
                )
    # Route capacities, oil counting 10 BRPs (40.251), and oil counters per route (40.25).
    for route, status in sorted(network.routes.items()):
        using = [(key, var) for key, var in grants.flows.items() if path_route(key[1], network.legs) is route]
        if not using:
            continue
        load = sum(var for _, var in using) + OIL_COUNTER_BRPS * sum(
            grants.oil[key] for key, _ in using if key in grants.oil
        )
        model.Add(load <= status.capacity).OnlyEnforceIf(guards.of(ROUTE_CAPACITY_RULES[route], route.value))
        oil = [grants.oil[key] for key, _ in using if key in grants.oil]
        if oil:
            model.Add(sum(oil) <= status.oil_counters).OnlyEnforceIf(guards.of("40.25", route.value))
    # U.S. caps before war (40.331 A, 40.332 A).
    for cap in network.caps:
        sent = sum(grants.pair_total(pair) for pair in cap.pairs if pair in network.paths)
        if cap.rule == "40.331 A" and variables.naval is not None:
            sent += variables.naval.us_grant_use()  # 27.7322 B, 27.7223 B share the grant limit
        if not isinstance(sent, int):
            model.Add(sent <= cap.brps).OnlyEnforceIf(guards.of(cap.rule, "U.S. grants"))
    # Transports per ocean (40.221, 40.222, 40.252).
    by_ocean: dict[str, list[cp_model.LinearExprT]] = {}
    for _, leg in sorted(network.legs.items()):
        if leg.ocean is None:
            continue
        needed = transports_needed(model, grants, leg)
        if needed is not None:
            by_ocean.setdefault(leg.ocean.value, []).append(needed)
    for ocean, needs in sorted(by_ocean.items()):
        model.Add(sum(needs) <= state.transports.get(ocean, 0)).OnlyEnforceIf(guards.of("40.221", ocean))
    # Oil shipped comes out of the Western Allies' counters and goes to Russia's (40.25, 40.253).
    if grants.oil:
        western = variables.oil_counters.get(Faction.WESTERN_ALLIES)
        available = scenario.oil_available(Faction.WESTERN_ALLIES)
        spent = western if western is not None else 0
        model.Add(spent + grants.oil_shipped() <= available).OnlyEnforceIf(guards.of("40.25", "oil counters"))
    russia = variables.oil_counters.get(Faction.RUSSIA)
    if russia is not None:
        # Russia spends its own counters and those shipped to it this turn, no more (27.35, 40.25).
        model.Add(russia <= scenario.oil_available(Faction.RUSSIA) + grants.oil_shipped())


def transports_needed(
    model: cp_model.CpModel, grants: GrantVariables, leg: Leg
) -> cp_model.LinearExprT | None:
    """Transports a sea leg needs: one per 5 BRPs rounded up, plus one per oil counter (40.221, 40.252).

    Between two mapboard boxes all grants share transports (40.222); elsewhere
    each grantor and recipient rounds up its own.
    """
    name = leg_id(leg)
    through = [(key, var) for key, var in grants.flows.items() if _uses(key[1], leg)]
    if not through:
        return None
    oil = sum(grants.oil[key] for key, _ in through if key in grants.oil)
    shared = NODE_BY_ID[leg.source].box and NODE_BY_ID[leg.target].box
    groups: dict[object, list[cp_model.IntVar]] = {}
    for (pair, _), var in through:
        groups.setdefault("all" if shared else pair, []).append(var)
    needed = []
    for group, vars_ in sorted(groups.items(), key=lambda item: str(item[0])):
        transports = model.NewIntVar(0, 1_000, f"transports_{name}_{group}")
        model.Add(BRPS_PER_TRANSPORT * transports >= sum(vars_))
        needed.append(transports)
    return sum(needed) + oil


def _uses(path: Path, leg: Leg) -> bool:
    return any(a == leg.source and b == leg.target for a, b in zip(path, path[1:], strict=False))


def transports_required(
    path_amounts: dict[tuple[Pair, Path], tuple[int, int]], legs: dict[str, Leg]
) -> dict[str, int]:
    """Transports per sea leg for given (BRPs, oil counters) per pair and path (plan extraction)."""
    required: dict[str, int] = {}
    for name, leg in sorted(legs.items()):
        if leg.ocean is None:
            continue
        totals: dict[object, int] = {}
        oil = 0
        shared = NODE_BY_ID[leg.source].box and NODE_BY_ID[leg.target].box
        for (pair, path), (brps, counters) in path_amounts.items():
            if _uses(path, leg):
                key = "all" if shared else pair
                totals[key] = totals.get(key, 0) + brps
                oil += counters
        count = sum(-(-brps // BRPS_PER_TRANSPORT) for brps in totals.values()) + oil
        if count:
            required[name] = count
    return required
