"""The route map this turn: closures, capacities, transports and loss rates of the named routes and their legs
(40.22, 40.25, 40.4-40.8), and the checks on routes, transports and route openings (40.52, 40.72)."""

from __future__ import annotations

from collections import defaultdict

from models.plan import GrantLine, Plan
from models.route_data import (
    ALASKA_HIGHWAY_BRPS,
    BRPS_PER_TRANSPORT,
    LEG_BY_ID,
    LEG_CONDITIONS,
    MURMANSK_CAPACITY_BY_TURN,
    NODE_BY_ID,
    OIL_COUNTER_BRPS,
    OIL_ROUTE_LIMITS,
    PERSIA_OPENING_AFTER_WAR_BRPS,
    PERSIA_OPENING_BRPS,
    PERSIA_PARTISAN_REDUCTION,
    ROUTE_CAPACITY_RULES,
    ROUTE_FULL_CAPACITY,
    SHARED_CAPACITIES,
    SIBERIA_REDUCED_CAPACITY,
    TURKEY_PARTISAN_REDUCTION,
    TURKEY_REDUCTION_CAP,
    Leg,
    Mode,
    Route,
    leg_id,
)
from models.scenario import GrantRecipient, Scenario, Season
from models.tables import Power
from optimizer.checker.grants.accounts import grants_state, resolved_grant_lines
from optimizer.checker.violations import Violation

# Legs open only in summer and fall (40.412 B), besides A50 (`LEG_CONDITIONS`).
ARCHANGEL_LEGS: frozenset[str] = frozenset({"murmansk_box->archangel", "archangel->vologda"})


ARCHANGEL_SEASONS: frozenset[Season] = frozenset({Season.SUMMER, Season.FALL})


def route_closure(scenario: Scenario, route: Route) -> tuple[str, str] | None:
    """Why the named route cannot be used at all this turn (rule, reason), or None.

    Murmansk before the Germany-Russia war (40.411); Persia unless opened in an earlier turn
    (40.54: an opening in this plan serves from the next turn); Turkey unless Ankara is Allied
    (40.61 A); Siberia unless the Alaska highway was built in an earlier turn (40.71); the
    Chinese port unless one was recaptured (40.831 A); Haiphong unless held with its supply
    line (40.831 B); the Burma Road without its supply lines (40.841); the Hump without an air
    transport factor (40.851).
    """
    state = grants_state(scenario)
    if route is Route.MURMANSK and state.germany_russia_war_turns == 0:
        return "40.411", "Germany and Russia are not at war"
    if route is Route.PERSIA and not state.persia.opened:
        return "40.54", "the Persian route was not opened in an earlier turn"
    if route is Route.TURKEY and not state.turkey.ankara_allied:
        return "40.61", "Ankara is not controlled by the Allies (40.61 A)"
    if route is Route.SIBERIA and not state.siberia.highway_built:
        return "40.71", "the Alaska highway was not built in an earlier turn"
    if route is Route.CHINESE_PORT and not state.china.port_recaptured:
        return "40.83", "no Chinese port has been recaptured from Japan (40.831 A)"
    if route is Route.HAIPHONG and not state.china.haiphong:
        return "40.83", "the Western Allies do not hold Haiphong with a supply line to Kunming (40.831 B)"
    if route is Route.BURMA_ROAD and not state.china.burma_road:
        return "40.84", "no supply line from the India box to Mandalay and on to Kunming (40.841)"
    if route is Route.HUMP and state.china.air_transport_factors < 1:
        return "40.85", "no uninverted Western Allied air transport factor (40.851)"
    return None


def route_capacity(scenario: Scenario, route: Route) -> int:
    """BRPs the named route carries this turn, oil counters at 10 each (40.251): its capacity open
    (`open_route_capacity`), 0 when closed (`route_closure`)."""
    if route_closure(scenario, route) is not None:
        return 0
    return open_route_capacity(scenario, route)


def open_route_capacity(scenario: Scenario, route: Route) -> int:
    """BRPs the named route carries while open, whether or not it is open this turn (a route opened
    by the plan carries from the next turn, 40.52, 40.72).

    Murmansk 5, 10, 15, then 20 by Allied turns since the Germany-Russia war (40.411); Persia
    10 - 5 per partisan (40.51); Turkey 10 - 2 per partisan, at most -6 (40.61); Siberia 10,
    or 5 when Japan is at war with Russia or holds Vladivostok or Dutch Harbor (40.73); a
    Chinese port 10, Haiphong 10, the Burma Road 10 (40.83, 40.84); the Hump 5 (40.85).
    """
    state = grants_state(scenario)
    if route is Route.MURMANSK:
        turns = min(state.germany_russia_war_turns, len(MURMANSK_CAPACITY_BY_TURN) - 1)
        return MURMANSK_CAPACITY_BY_TURN[turns]
    if route is Route.PERSIA:
        return max(0, ROUTE_FULL_CAPACITY[route] - PERSIA_PARTISAN_REDUCTION * state.persia.partisans)
    if route is Route.TURKEY:
        reduction = min(TURKEY_REDUCTION_CAP, TURKEY_PARTISAN_REDUCTION * state.turkey.partisans)
        return ROUTE_FULL_CAPACITY[route] - reduction
    if route is Route.SIBERIA:
        siberia = state.siberia
        if siberia.japan_at_war_with_russia or siberia.japan_controls_vladivostok_or_dutch_harbor:
            return SIBERIA_REDUCED_CAPACITY
    return ROUTE_FULL_CAPACITY[route]


def oil_allowed(scenario: Scenario, route: Route | None) -> bool:
    """Oil counters may go by this route this turn: one of the 40.25 routes, open, carrying at
    least 10 BRPs (40.251) and, but for Murmansk (which grows to 20), not reduced (40.51 C,
    40.61 C, 40.73 C)."""
    if route is None or route not in OIL_ROUTE_LIMITS or route_closure(scenario, route) is not None:
        return False
    capacity = route_capacity(scenario, route)
    if route is Route.MURMANSK:
        return capacity >= OIL_COUNTER_BRPS
    return capacity >= OIL_COUNTER_BRPS and capacity == ROUTE_FULL_CAPACITY[route]


def leg_closures(scenario: Scenario, leg: Leg) -> list[tuple[str, str]]:
    """Why a leg of the route map is closed this turn (rule, reason); empty if open.

    Its named route is closed (`route_closure`); Archangel is used in summer and fall only
    (40.412 B); and the state of the map closes the legs `models.route_data.LEG_CONDITIONS`
    names, each read here from its field of the `grants:` section: Murmansk needs A47 (40.412 A),
    Archangel A50 (40.412 B), both an open Vologda (40.412 C); Persia its supply line from the
    South Africa box through Tehran (40.53); Turkey its supply line to Russia (40.62); the sea leg
    to a port in Burma or India an Allied port there (40.82 A); oil overland from Abadan or Ahwaz
    its land line through Tehran (40.53, 40.252), from Mosul its land line through Turkey (40.252).
    """
    state = grants_state(scenario)
    closures: list[tuple[str, str]] = []
    if leg.route is not None:
        closure = route_closure(scenario, leg.route)
        if closure is not None:
            closures.append(closure)
    lid = leg_id(leg)
    if lid in ARCHANGEL_LEGS and scenario.turn.season not in ARCHANGEL_SEASONS:
        # Closed by the season whoever holds A50: one closure, the season's.
        closures.append(
            ("40.412 B", f"Archangel is used in summer and fall only, not {scenario.turn.season}")
        )
        return closures
    for condition in LEG_CONDITIONS:
        if lid in condition.legs and not state.holds(condition):
            closures.append((condition.rule, condition.reason))
    return closures


def path_legs(path: list[str]) -> tuple[list[Leg], list[tuple[str, str]]]:
    """The legs of a path of route-map nodes, and the consecutive pairs that are not legs."""
    legs: list[Leg] = []
    missing: list[tuple[str, str]] = []
    for source, target in zip(path, path[1:], strict=False):
        leg = LEG_BY_ID.get(f"{source}->{target}")
        if leg is None:
            missing.append((source, target))
        else:
            legs.append(leg)
    return legs, missing


def path_route(path: list[str]) -> Route | None:
    """The named route whose capacity the path uses: that of its routed leg, or None."""
    legs, _ = path_legs(path)
    return next((leg.route for leg in legs if leg.route is not None), None)


def path_routes(path: list[str]) -> list[Route]:
    """Every named route the path's legs use, once each (a path of the map has at most one)."""
    legs, _ = path_legs(path)
    return list(dict.fromkeys(leg.route for leg in legs if leg.route is not None))


def route_loads(scenario: Scenario, plan: Plan) -> dict[Route, int]:
    """BRPs on each named route: the lines through it, 10 per oil counter (40.251)."""
    loads: dict[Route, int] = defaultdict(int)
    for _, grant in resolved_grant_lines(scenario, plan):
        for route in path_routes(grant.path):
            loads[route] += grant.brps + OIL_COUNTER_BRPS * grant.oil_counters
    return dict(loads)


def route_oil(scenario: Scenario, plan: Plan) -> dict[Route, int]:
    """Oil counters shipped by each named route (40.25)."""
    oil: dict[Route, int] = defaultdict(int)
    for _, grant in resolved_grant_lines(scenario, plan):
        for route in path_routes(grant.path):
            oil[route] += grant.oil_counters
    return dict(oil)


def _ceil_transports(brps: int) -> int:
    return -(-brps // BRPS_PER_TRANSPORT)


def transports_required(scenario: Scenario, plan: Plan) -> dict[str, int]:
    """Transports each sea leg needs, by leg id (legs needing none are left out).

    One per 5 BRPs, rounded up, plus one per oil counter (40.221, 40.252). On a leg between two
    mapboard boxes all grants share transports, their total rounded up once (40.222); on any
    other leg each (grantor, recipient) pair rounds up its own BRPs. From Suez to a Turkish port
    the Indian Ocean transports of the leg to Suez carry the BRPs on: no transports of its own
    (40.63 B, 40.64).
    """
    total: dict[str, int] = defaultdict(int)
    pairs: dict[str, dict[tuple[Power, str], int]] = defaultdict(lambda: defaultdict(int))
    oil: dict[str, int] = defaultdict(int)
    for _, grant in resolved_grant_lines(scenario, plan):
        legs, _ = path_legs(grant.path)
        for leg in legs:
            if leg.mode is not Mode.SEA or leg.ocean is None or leg.escort_continues:
                continue
            lid = leg_id(leg)
            total[lid] += grant.brps
            pairs[lid][(grant.grantor, grant.recipient)] += grant.brps
            oil[lid] += grant.oil_counters
    required: dict[str, int] = {}
    for lid in sorted(set(total) | set(oil)):
        leg = LEG_BY_ID[lid]
        between_boxes = NODE_BY_ID[leg.source].box and NODE_BY_ID[leg.target].box
        if between_boxes:
            need = _ceil_transports(total[lid])
        else:
            need = sum(_ceil_transports(brps) for brps in pairs[lid].values())
        need += oil[lid]
        if need > 0:
            required[lid] = need
    return required


def expected_brps(scenario: Scenario, grant: GrantLine) -> float:
    """BRPs expected to arrive: brps x the product of (1 - loss rate) over the path's legs."""
    rates = grants_state(scenario).loss_rates
    legs, _ = path_legs(grant.path)
    expected = float(grant.brps)
    for leg in legs:
        expected *= 1.0 - rates.get(leg_id(leg), 0.0)
    return expected


def check_routes(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Each open named route carries at most its capacity, oil counters at 10 BRPs each (40.251;
    40.411, 40.51, 40.61, 40.73, 40.83-40.85), and at most its oil counters (40.25); a Chinese
    port and French Indochina together carry at most ten BRPs a turn (40.83). A closed route is
    reported on each line that uses it (`check_grant_lines`)."""
    violations: list[Violation] = []
    loads = route_loads(scenario, plan)
    oil = route_oil(scenario, plan)
    for route in Route:
        if route_closure(scenario, route) is not None:
            continue
        load = loads.get(route, 0)
        capacity = route_capacity(scenario, route)
        if load > capacity:
            violations.append(
                Violation(
                    ROUTE_CAPACITY_RULES[route],
                    f"{route.value}: {load} BRPs (oil counters at 10) sent by a route of capacity {capacity} this turn",
                )
            )
        shipped = oil.get(route, 0)
        if route in OIL_ROUTE_LIMITS and shipped > OIL_ROUTE_LIMITS[route]:
            violations.append(
                Violation(
                    "40.25",
                    f"{route.value}: {shipped} oil counters shipped, at most {OIL_ROUTE_LIMITS[route]} a turn",
                )
            )
    for shared in SHARED_CAPACITIES:
        used = [route for route in shared.routes if loads.get(route, 0)]
        load = sum(loads[route] for route in used)
        if len(used) > 1 and load > shared.brps:  # one route alone is held to its own capacity above
            names = " and ".join(route.value for route in shared.routes)
            violations.append(
                Violation(
                    shared.rule,
                    f"{names}: {load} BRPs sent via {shared.label}, at most {shared.brps} a turn together",
                )
            )
    return violations


def check_transports(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Transports needed on the sea legs of each ocean are at most those available (40.221,
    40.222, 40.252)."""
    available = grants_state(scenario).transports
    needed: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for lid, count in transports_required(scenario, plan).items():
        leg_ocean = LEG_BY_ID[lid].ocean
        assert leg_ocean is not None
        needed[leg_ocean.value].append((lid, count))
    violations: list[Violation] = []
    for ocean, legs in sorted(needed.items()):
        total = sum(count for _, count in legs)
        have = {str(name): count for name, count in available.items()}.get(ocean, 0)
        if total > have:
            detail = ", ".join(f"{lid} {count}" for lid, count in legs)
            violations.append(
                Violation("40.221", f"{ocean}: {total} transports needed ({detail}), {have} available")
            )
    return violations


def check_route_openings(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Opening Persia: paid by a planned Western Allied power at war with the Axis, 25 BRPs or
    15 after a declaration of war on Persia (40.521, 40.522), barred before the Germany-Russia
    war unless Russia surrendered, while Persia is unconquered after an Allied declaration, while
    the Axis hold Tehran, or once opened (40.525). The Alaska highway: the U.S., 25 BRPs, at war
    with Germany, once (40.72). Any other route has no opening (40.225)."""
    state = grants_state(scenario)
    surrendered = {s.value for s in state.surrendered}
    violations: list[Violation] = []
    seen: set[str] = set()
    for index, opening in enumerate(plan.route_openings):
        what = f"opening {index + 1}: {opening.route} paid by {opening.paid_by.value}"
        if opening.route not in (Route.PERSIA.value, Route.SIBERIA.value):
            violations.append(
                Violation(
                    "40.225", f"{what}: only the Persian route and the Alaska highway are opened by paying"
                )
            )
            continue
        if opening.route in seen:
            rule = "40.521" if opening.route == Route.PERSIA.value else "40.72"
            violations.append(Violation(rule, f"{what}: opened a second time in the same plan"))
        seen.add(opening.route)
        if opening.route == Route.PERSIA.value:
            if (
                opening.paid_by not in (Power.BRITAIN, Power.FRANCE, Power.USA)
                or opening.paid_by not in scenario.powers
            ):
                violations.append(
                    Violation("40.521", f"{what}: paid by a planned Western Allied major power")
                )
            elif opening.paid_by.value in {power.value for power in state.surrendered}:
                # 40.521: paid by "one Western Allied major power at war with the Axis".
                violations.append(
                    Violation(
                        "40.521", f"{what}: {opening.paid_by.value} has surrendered, not at war with the Axis"
                    )
                )
            elif opening.paid_by is Power.USA and not any(scenario.us_at_war.values()):
                violations.append(Violation("40.521", f"{what}: the U.S. is not at war with the Axis"))
            cost = (
                PERSIA_OPENING_AFTER_WAR_BRPS if state.persia.war_declared_on_persia else PERSIA_OPENING_BRPS
            )
            if opening.brps != cost:
                rule = "40.522" if state.persia.war_declared_on_persia else "40.521"
                violations.append(Violation(rule, f"{what}: costs {cost} BRPs, not {opening.brps}"))
            if state.germany_russia_war_turns == 0 and GrantRecipient.RUSSIA.value not in surrendered:
                violations.append(
                    Violation("40.525", f"{what}: Germany and Russia have not gone to war (40.525 A)")
                )
            if state.persia.unconquered_after_allied_declaration:
                violations.append(
                    Violation(
                        "40.525",
                        f"{what}: Persia is unconquered after an Allied declaration of war (40.525 B)",
                    )
                )
            if state.persia.axis_controls_tehran:
                violations.append(Violation("40.525", f"{what}: the Axis control Tehran (40.525 C)"))
            if state.persia.opened:
                violations.append(Violation("40.525", f"{what}: the Persian route is already open"))
        else:
            if opening.paid_by is not Power.USA or Power.USA not in scenario.powers:
                violations.append(Violation("40.72", f"{what}: the U.S. builds the Alaska highway"))
            if opening.brps != ALASKA_HIGHWAY_BRPS:
                violations.append(
                    Violation("40.72", f"{what}: costs {ALASKA_HIGHWAY_BRPS} BRPs, not {opening.brps}")
                )
            if not scenario.us_at_war.get("europe"):
                violations.append(Violation("40.72", f"{what}: the U.S. and Germany are not at war"))
            if state.siberia.highway_built:
                violations.append(Violation("40.72", f"{what}: the Alaska highway is already built"))
    return violations
