"""The grant route map this turn (rule 40): who may grant to whom, which legs are open, capacities, paths.

Preparation only: the scenario's rule-40 state becomes plain data (open paths
per grantor and recipient, route capacities, grant caps, routes that may be
opened) for the grants model (`optimizer/rules/grants/`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from models.map_data import HOME_SUPPLY_SOURCES, SITE_BY_ID
from models.route_data import (
    ALASKA_HIGHWAY_BRPS,
    COUNTRY_NODES,
    GRANTOR_NODES,
    LEG_CONDITIONS,
    LEGS,
    MURMANSK_CAPACITY_BY_TURN,
    NODES,
    OIL_COUNTER_BRPS,
    OIL_ROUTE_LIMITS,
    OIL_SOURCE_NODES,
    PERSIA_OPENING_AFTER_WAR_BRPS,
    PERSIA_OPENING_BRPS,
    PERSIA_PARTISAN_REDUCTION,
    POST_ELECTION_GRANT_RESULT,
    RECIPIENT_NODES,
    ROUTE_FULL_CAPACITY,
    SHARED_CAPACITIES,
    SIBERIA_REDUCED_CAPACITY,
    TURKEY_PARTISAN_REDUCTION,
    TURKEY_REDUCTION_CAP,
    US_EUROPEAN_RECIPIENTS,
    Leg,
    Route,
    SharedCapacity,
    leg_id,
    usat_grant_cap,
)
from models.scenario import GrantRecipient, GrantsState, Scenario, Season
from models.tables import Power

Closure = tuple[str, str]  # (rule, reason)
Pair = tuple[Power, str]  # (grantor, recipient)
Path = tuple[str, ...]

MAX_OIL_SHIPPED = sum(OIL_ROUTE_LIMITS.values())  # most oil counters granted in one turn (40.25)
WESTERN_ALLIES = (Power.BRITAIN, Power.FRANCE, Power.USA)


@dataclass(frozen=True)
class RouteStatus:
    route: Route
    capacity: int  # BRPs a turn this turn, oil counters counting 10 (40.251); 0 when closed
    full_capacity: int  # the route's capacity before reductions
    oil_counters: int  # most oil counters a turn (40.25), 0 when oil may not use it (40.251)
    closure: Closure | None

    @property
    def open(self) -> bool:
        return self.closure is None and self.capacity > 0


@dataclass(frozen=True)
class GrantCap:
    """At most `brps` granted in all over these pairs."""

    rule: str
    label: str
    pairs: tuple[Pair, ...]
    brps: int


@dataclass(frozen=True)
class GrantNetwork:
    """Everything the model needs about grants this turn."""

    paths: dict[Pair, tuple[tuple[str, ...], ...]]  # open paths per allowed pair
    routes: dict[Route, RouteStatus]
    caps: tuple[GrantCap, ...]
    closed_pairs: dict[Pair, Closure]  # pairs 40.3 bars, with the rule
    closed_legs: dict[str, Closure]
    legs: dict[str, Leg]
    openings: dict[tuple[Route, Power], int]  # routes that may be opened this turn, by payer, with the cost
    shared: tuple[SharedCapacity, ...] = ()  # one capacity over several open routes (40.83)
    # 40.23 B: per path, the share of its BRPs the recipient may plan to spend, in millionths (floor);
    # given only when loss rates apply and the recipient may not spend BRPs lost to interception.
    arriving: dict[Path, int] = field(default_factory=dict)


def _war(state: GrantsState) -> bool:
    return state.germany_russia_war_turns > 0


def route_status(scenario: Scenario, route: Route) -> RouteStatus:
    """Capacity of a named route this turn, or the rule that closes it (40.4-40.8)."""
    state = scenario.grants or GrantsState()
    if route is Route.MURMANSK:
        full = MURMANSK_CAPACITY_BY_TURN[
            min(state.germany_russia_war_turns, len(MURMANSK_CAPACITY_BY_TURN) - 1)
        ]
        closure = None
        if not _war(state):
            closure = ("40.411", "Germany and Russia are not at war")
        elif not state.murmansk.vologda_open:
            closure = ("40.412 C", "Vologda is Axis-held, in an Axis ZoC, or cut from the eastern edge")
        elif not state.murmansk.murmansk_a47 and not _archangel_open(scenario):
            closure = (
                "40.412 A",
                "neither Murmansk (A47) nor, in summer and fall, Archangel (A50) is usable",
            )
        return _status(route, full, full, closure)
    if route is Route.PERSIA:
        full = ROUTE_FULL_CAPACITY[route]
        capacity = capacity_once_open(scenario, route)
        closure = None
        if not state.persia.opened:
            closure = ("40.54", "the Persian route was not opened in an earlier turn")
        elif capacity == 0:
            closure = ("40.532", "Persian partisans reduce the capacity to 0")
        return _status(route, capacity, full, closure)
    if route is Route.TURKEY:
        full = ROUTE_FULL_CAPACITY[route]
        capacity = full - min(TURKEY_REDUCTION_CAP, TURKEY_PARTISAN_REDUCTION * state.turkey.partisans)
        closure = None
        if not state.turkey.ankara_allied:
            closure = ("40.61 A", "Ankara is not Allied")
        return _status(route, capacity, full, closure)
    if route is Route.SIBERIA:
        full = ROUTE_FULL_CAPACITY[route]
        reduced = (
            state.siberia.japan_at_war_with_russia or state.siberia.japan_controls_vladivostok_or_dutch_harbor
        )
        closure = (
            None
            if state.siberia.highway_built
            else ("40.71", "the Alaska highway was not built in an earlier turn")
        )
        return _status(route, SIBERIA_REDUCED_CAPACITY if reduced else full, full, closure)
    if route is Route.CHINESE_PORT:
        closure = (
            None if state.china.port_recaptured else ("40.831 A", "no Chinese port recaptured from Japan")
        )
        return _status(route, ROUTE_FULL_CAPACITY[route], ROUTE_FULL_CAPACITY[route], closure)
    if route is Route.HAIPHONG:
        closure = (
            None
            if state.china.haiphong
            else ("40.831 B", "Haiphong not Allied with a supply line to Kunming")
        )
        return _status(route, ROUTE_FULL_CAPACITY[route], ROUTE_FULL_CAPACITY[route], closure)
    if route is Route.BURMA_ROAD:
        closure = (
            None if state.china.burma_road else ("40.841", "no supply line India box - Mandalay - Kunming")
        )
        return _status(route, ROUTE_FULL_CAPACITY[route], ROUTE_FULL_CAPACITY[route], closure)
    closure = None if state.china.air_transport_factors else ("40.851", "no uninverted air transport factor")
    return _status(route, ROUTE_FULL_CAPACITY[route], ROUTE_FULL_CAPACITY[route], closure)


def capacity_once_open(scenario: Scenario, route: Route) -> int:
    """Capacity of the Persian (40.51) or Siberian (40.73) route once opened, in this turn's state."""
    state = scenario.grants or GrantsState()
    if route is Route.PERSIA:
        return max(0, ROUTE_FULL_CAPACITY[route] - PERSIA_PARTISAN_REDUCTION * state.persia.partisans)
    reduced = (
        state.siberia.japan_at_war_with_russia or state.siberia.japan_controls_vladivostok_or_dutch_harbor
    )
    return SIBERIA_REDUCED_CAPACITY if reduced else ROUTE_FULL_CAPACITY[route]


def _status(route: Route, capacity: int, full: int, closure: Closure | None) -> RouteStatus:
    # 40.251: oil only by a route of capacity 10 or more that has not been reduced.
    oil = OIL_ROUTE_LIMITS.get(route, 0) if capacity >= OIL_COUNTER_BRPS and capacity == full else 0
    if closure is not None:
        return RouteStatus(route, 0, full, 0, closure)
    return RouteStatus(route, capacity, full, oil, None)


def _archangel_open(scenario: Scenario) -> bool:
    state = scenario.grants or GrantsState()
    return state.murmansk.archangel_a50 and scenario.turn.season in (Season.SUMMER, Season.FALL)


def leg_closure(scenario: Scenario, leg: Leg, routes: dict[Route, RouteStatus]) -> Closure | None:
    """Why a leg cannot carry grants this turn, or None: its named route is closed, Archangel out of
    summer and fall (40.412 B), or the state of the map closes it (`models.route_data.LEG_CONDITIONS`:
    A47, A50 and Vologda, 40.412; the Persian and Turkish supply lines, BRPs by sea and oil overland
    from Abadan or Ahwaz, or from Mosul, 40.53, 40.62, 40.252; an Allied port in Burma or India for
    the sea leg to it, 40.82 A)."""
    state = scenario.grants or GrantsState()
    if leg.route is not None and not routes[leg.route].open:
        return routes[leg.route].closure or (leg.rule, "no capacity")
    name = leg_id(leg)
    if leg.terminus == "archangel" and scenario.turn.season not in (Season.SUMMER, Season.FALL):
        return ("40.412 B", "Archangel is used only in summer and fall")
    for condition in LEG_CONDITIONS:
        if name in condition.legs and not state.holds(condition):
            return (condition.rule, condition.reason)
    return None


def pair_closure(
    scenario: Scenario, grantor: Power, recipient: str, state: GrantsState | None = None
) -> Closure | None:
    """Whether 40.3 lets `grantor` grant to `recipient` this turn (the scenario's rule-40 state,
    or `state` when given), and whether the grantor holds a supply source at home to grant from
    (40.21: "a supply line from an unlimited supply source controlled by the grantor in its home
    country"; France without Paris grants nothing)."""
    state = state or scenario.grants or GrantsState()
    surrendered = {s.value for s in state.surrendered}
    at_war_germany = bool(scenario.us_at_war.get("europe"))
    at_war_japan = bool(scenario.us_at_war.get("pacific"))
    if grantor.value in surrendered:
        return ("40.36", f"{grantor.value} has surrendered")
    if recipient in surrendered and recipient != "russia":
        return ("40.36", f"{recipient} has surrendered")
    if grantor in GRANTOR_NODES and not scenario.map.holds_home_supply_source(grantor):
        sources = " or ".join(SITE_BY_ID[site].name for site in HOME_SUPPLY_SOURCES[grantor])
        return (
            "40.21",
            f"{grantor.value} controls no unlimited supply source in its home country ({sources})",
        )
    if grantor is Power.GERMANY:
        return None if recipient == "italy" else ("40.32 A", "Germany grants only to Italy")
    if grantor is Power.BRITAIN:
        if recipient == "france":
            if not (state.anglo_french_cooperation_lifted and state.paris_allied):
                return ("40.34 A", "Anglo-French cooperation limits stand or Paris is not Allied")
            return None
        if recipient == "russia":
            return None if _war(state) else ("40.34 B", "Germany and Russia are not at war")
        return ("40.34", "Britain grants only to France and Russia")
    if grantor is Power.FRANCE:
        if recipient == "russia":
            return None if _war(state) else ("40.35", "Germany and Russia are not at war")
        return ("40.35", "France grants only to Russia")
    if grantor is Power.USA:
        if recipient in US_EUROPEAN_RECIPIENTS:
            if recipient == "france" and not state.paris_allied:
                return ("40.331 A", "Paris is not under Allied control")
            return None
        if recipient == "russia":
            if not (at_war_germany and _war(state)):
                return (
                    "40.331 B",
                    "the U.S. is not at war with Germany or Germany and Russia are not at war",
                )
            return None
        if recipient == "china":
            return None
        if recipient in ("australia", "india"):
            if not (at_war_japan or "britain" in surrendered):
                return ("40.332 B", "before war between Japan and the U.S. or a British surrender")
            return None
        return ("40.33", f"the U.S. does not grant to {recipient}")
    never = {Power.ITALY: "40.32 B", Power.JAPAN: "40.32 C", Power.RUSSIA: "40.36"}
    return (never.get(grantor, "40.31"), f"{grantor.value} may not grant BRPs")


def post_election_caps(scenario: Scenario) -> bool:
    """Whether an election result of -7 or below holds U.S. grants to the Western Allies and China
    to the USAT and USJT caps even at war (40.333). 62.421, which sets those limits, is not in the
    rules here: the caps of 40.331 A and 40.332 A are taken [reading: the setting
    `post_election_grant_caps`, on by default]."""
    result = scenario.us_election_result
    return (
        result is not None
        and result <= POST_ELECTION_GRANT_RESULT
        and scenario.settings.post_election_grant_caps
    )


def grant_caps(scenario: Scenario, state: GrantsState | None = None) -> tuple[GrantCap, ...]:
    """Limits on U.S. grants before war (40.331 A, 40.332 A), and at war after an election result of
    -7 or below (40.333, 62.421 [reading]: the same caps, `post_election_caps`)."""
    state = state or scenario.grants or GrantsState()
    election = post_election_caps(scenario)
    caps = []
    at_war_germany = bool(scenario.us_at_war.get("europe"))
    if not at_war_germany or election:
        usat = scenario.usat or 0
        limit = usat_grant_cap(usat)
        when = "before war with Germany" if not at_war_germany else "after an election result of -7 or below"
        caps.append(
            GrantCap(
                "40.331 A" if not at_war_germany else "40.333, 40.331 A",
                f"U.S. to Britain, France, Canada and South Africa {when}: USAT {usat} - 25",
                tuple((Power.USA, r) for r in US_EUROPEAN_RECIPIENTS),
                limit,
            )
        )
    at_war_japan = bool(scenario.us_at_war.get("pacific"))
    if not at_war_japan or election:
        when = "before war with Japan" if not at_war_japan else "after an election result of -7 or below"
        caps.append(
            GrantCap(
                "40.332 A" if not at_war_japan else "40.333, 40.332 A",
                f"U.S. to China {when} (USJT)",
                ((Power.USA, "china"),),
                state.usjt_china_cap,
            )
        )
    return tuple(caps)


# Without a `grants:` section the scenario does not state the rule-40 conditions that only that
# section holds (the Germany-Russia war, Paris, Anglo-French cooperation, surrenders, the USJT cap):
# a fixed grant is taken to meet them [reading]; every condition stated elsewhere is checked.
FIXED_GRANT_STATE = GrantsState(germany_russia_war_turns=1, anglo_french_cooperation_lifted=True)


def fixed_grant_breaches(scenario: Scenario) -> list[tuple[str, str]]:
    """Fixed grants (`grants_made` without a `grants:` section) that 40.3 forbids: (field, problem).

    The same rules as a planned grant: who may grant to whom (40.31-40.36, 40.11) and the U.S. cap
    before war with Germany, or at war after an election result of -7 or below, one BRP per USAT
    level above 25, at most 25 (40.331 A, 40.333). Conditions only the `grants:` section states are
    taken as met (`FIXED_GRANT_STATE`), and the USJT cap on grants to China (40.332 A, 40.333) is
    that section's input, so it is not checked here [reading].
    """
    if scenario.grants is not None:
        return []
    problems: list[tuple[str, str]] = []
    caps = [
        cap
        for cap in grant_caps(scenario, FIXED_GRANT_STATE)
        if (Power.USA, GrantRecipient.CHINA.value) not in cap.pairs
    ]
    sent = dict.fromkeys(range(len(caps)), 0)
    for grantor, pstate in scenario.powers.items():
        for j, grant in enumerate(pstate.grants_made):
            where = f"powers.{grantor.value}.grants_made[{j}]"
            closure = pair_closure(scenario, grantor, grant.to.value, FIXED_GRANT_STATE)
            if closure is not None:
                rule, reason = closure
                problems.append((where, f"{grant.brps} BRPs to {grant.to.value}: {reason} ({rule})"))
                continue
            for i, cap in enumerate(caps):
                if (grantor, grant.to.value) in cap.pairs:
                    sent[i] += grant.brps
                    if sent[i] > cap.brps:
                        problems.append(
                            (
                                where,
                                f"{grant.brps} BRPs to {grant.to.value}: {sent[i]} BRPs in all; {cap.label} "
                                f"allows {cap.brps} ({cap.rule})",
                            )
                        )
    return problems


def grant_network(scenario: Scenario) -> GrantNetwork:
    """Open paths for every allowed grantor and recipient, route capacities and caps."""
    state = scenario.grants or GrantsState()
    routes = {route: route_status(scenario, route) for route in Route}
    graph: nx.DiGraph[str] = nx.DiGraph()
    graph.add_nodes_from(node.id for node in NODES)
    closed_legs = {}
    surrendered = {s.value for s in state.surrendered}
    for leg in LEGS:
        closure = leg_closure(scenario, leg, routes)
        if closure is None:
            graph.add_edge(leg.source, leg.target, leg=leg)
        else:
            closed_legs[leg_id(leg)] = closure
    paths: dict[Pair, tuple[tuple[str, ...], ...]] = {}
    closed_pairs: dict[Pair, Closure] = {}
    for grantor in scenario.powers:
        if grantor not in GRANTOR_NODES:
            continue
        for recipient, target in RECIPIENT_NODES.items():
            if recipient == grantor.value:
                continue
            closure = pair_closure(scenario, grantor, recipient)
            if closure is not None:
                closed_pairs[grantor, recipient] = closure
                continue
            found = []
            sources = GRANTOR_NODES[grantor]
            if recipient == "russia" and grantor in WESTERN_ALLIES:
                sources += OIL_SOURCE_NODES  # 40.252: Western Allied oil overland, oil counters only
            for source in sources:
                for path in nx.all_simple_paths(graph, source, target):
                    # 40.332 C, D: surrendered India or Australia closes passage to China (and India).
                    if recipient == "china" and "india" in surrendered and "india_box" in path:
                        continue
                    if (
                        recipient in ("china", "india")
                        and "australia" in surrendered
                        and "australia_box" in path
                    ):
                        continue
                    # A grant goes from the grantor's country to the recipient's: it does not
                    # transit a third power's home country (no leg of rule 40 does).
                    if any(node in COUNTRY_NODES for node in path[1:-1]):
                        continue
                    found.append(tuple(path))
            if found:
                paths[grantor, recipient] = tuple(sorted(found))
            else:
                closed_pairs[grantor, recipient] = ("40.21", "no open path on the route map")
    legs = {leg_id(leg): leg for leg in LEGS}
    return GrantNetwork(
        paths,
        routes,
        grant_caps(scenario),
        closed_pairs,
        closed_legs,
        legs,
        route_openings(scenario),
        shared_capacities(routes),
        arriving_shares(scenario, paths, legs),
    )


ARRIVING_SCALE = 1_000_000  # shares of a path's BRPs that arrive, in millionths


def arriving_shares(
    scenario: Scenario, paths: dict[Pair, tuple[Path, ...]], legs: dict[str, Leg]
) -> dict[Path, int]:
    """Millionths of each path's BRPs expected to arrive, rounded down, when the recipient may plan
    to spend only those (40.23 B: BRPs lost to interception never reach its total) [reading: the
    setting `spend_grants_lost_to_interception`, false by default]; empty without loss rates."""
    state = scenario.grants
    if state is None or not state.loss_rates or scenario.settings.spend_grants_lost_to_interception:
        return {}
    return {
        path: int(survival(path, scenario, legs) * ARRIVING_SCALE + 1e-6)
        for found in paths.values()
        for path in found
    }


def shared_capacities(routes: dict[Route, RouteStatus]) -> tuple[SharedCapacity, ...]:
    """Capacities shared by routes of which more than one is open this turn (40.83: a Chinese port
    and French Indochina share ten BRPs a turn)."""
    return tuple(
        shared for shared in SHARED_CAPACITIES if sum(routes[route].open for route in shared.routes) > 1
    )


def route_openings(scenario: Scenario) -> dict[tuple[Route, Power], int]:
    """Who may open Persia (40.521-40.525) or build the Alaska highway (40.72) this turn, and the cost.

    Reading: Britain and France are at war with the Axis in every position
    planned here; the U.S. pays only when at war.
    """
    state = scenario.grants or GrantsState()
    openings: dict[tuple[Route, Power], int] = {}
    surrendered = {s.value for s in state.surrendered}
    us_at_war = bool(scenario.us_at_war.get("europe") or scenario.us_at_war.get("pacific"))
    persia_barred = (
        state.persia.opened
        or (state.germany_russia_war_turns == 0 and "russia" not in surrendered)
        or state.persia.axis_controls_tehran
        or state.persia.unconquered_after_allied_declaration
    )
    if not persia_barred:
        cost = PERSIA_OPENING_AFTER_WAR_BRPS if state.persia.war_declared_on_persia else PERSIA_OPENING_BRPS
        for payer in WESTERN_ALLIES:
            # 40.521: "one Western Allied major power at war with the Axis": not one that has surrendered.
            at_war = payer.value not in surrendered and (payer is not Power.USA or us_at_war)
            if payer in scenario.powers and at_war:
                openings[Route.PERSIA, payer] = cost
    if Power.USA in scenario.powers and not state.siberia.highway_built and scenario.us_at_war.get("europe"):
        openings[Route.SIBERIA, Power.USA] = ALASKA_HIGHWAY_BRPS
    return openings


def path_legs(path: Path, legs: dict[str, Leg]) -> list[Leg]:
    return [legs[f"{a}->{b}"] for a, b in zip(path, path[1:], strict=False)]


def path_uses(path: Path, leg: Leg) -> bool:
    """Whether a path goes over a leg."""
    return any(a == leg.source and b == leg.target for a, b in zip(path, path[1:], strict=False))


def path_route(path: Path, legs: dict[str, Leg]) -> Route | None:
    routed = [leg.route for leg in path_legs(path, legs) if leg.route is not None]
    return routed[0] if routed else None


def survival(path: Path, scenario: Scenario, legs: dict[str, Leg]) -> float:
    """Share of a path's BRPs expected to arrive with the scenario's loss rates."""
    rates = (scenario.grants or GrantsState()).loss_rates
    share = 1.0
    for leg in path_legs(path, legs):
        share *= 1.0 - rates.get(leg_id(leg), 0.0)
    return share


def opening_value_turns(scenario: Scenario) -> float:
    """Discounted number of later turns within the scenario's planning horizon (40.52, 40.72 reading)."""
    horizon = scenario.horizon
    return sum(horizon.discount**t for t in range(1, horizon.turns))
