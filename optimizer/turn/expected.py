"""How far a turn's plan is from the orders a season plan expected of it (`Scenario.expected_orders`, written
by `awaw next`): the last tie-break of the turn and season planners, never a rule.

Among the plans equally good on every priority, the one closest to the expected orders is kept, so that
planning turn after turn gives the season's orders when its expectations come true (issue: a season
planned whole). The distance counts, as `awaw compare` prices a player's decisions
(`optimizer.whatif.price.fix_decisions`):
- counters of each force pool entry built at each class of interchangeable sites (27.4), apart from the
  expected number;
- a chart action expected of a ship in a turn and not taken (27.7272; the chart's own turns);
- SW units built at each yard (27.9), apart from the expected number;
- BRPs and oil counters granted from each grantor to each recipient by each named route, apart from
  the expected ones (rule 40), and route openings expected and not made, or made and not expected;
- oil counters each faction spends on construction (27.35), apart from the expected number.
The names the orders give are the scenario's (`Scenario.expected_orders` refuses a name it never had);
an order the position can no longer carry out is dropped, and the plan's notes name it (`carried_out`):
after `awaw next` wrote the orders the player may change the position (its force pool, its charts, a route).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from models.orders import TurnOrders
from models.route_data import Route
from optimizer.rules.grants.prepare import Pair
from optimizer.rules.linear import LinearExpr, expression_range
from optimizer.turn.counts import chart_actions, grant_flows
from optimizer.turn.prepare import Prepared
from optimizer.turn.stages import Member
from optimizer.turn.variables import Variables

EXPECTED = "as_expected"  # the tie-break's name among the plan's stages


@dataclass(frozen=True)
class Expected:
    """The tie-break's stage (none without orders for the planned turns) and, by planned turn (1 this
    turn), the notes of the orders it cannot carry out (`carried_out`), for its plan."""

    stages: list[list[Member]]
    dropped: dict[int, list[str]]


def expected_stage(
    model: cp_model.CpModel, turns: Sequence[tuple[Prepared, Variables, str]], orders: Sequence[TurnOrders]
) -> Expected:
    """The last stage when the scenario carries the orders a season plan expected of its turns
    (`Scenario.expected_orders`): the plan closest to them among the equally good, the distances of the
    planned turns summed (`distance`; the chart's actions in turn 1's, which plans the chart whole), a
    stage of its own so that the priorities' solves are as without it. `turns` are the planned turns in
    order, turn 1 first, each with the label of its variables: the turn planner's one
    (`optimizer.turn.solve`), the season's every one (`optimizer.season.solve`). No stage without orders
    for them. Each turn's orders are sorted once (`carried_out`): the distance is to those kept, and the
    notes of those dropped go with the stage to the turn's plan."""
    expected = {o.turn: (i, o) for i, o in enumerate(orders)}
    apart: list[LinearExpr] = []
    dropped: dict[int, list[str]] = {}
    for t, (data, variables, name) in enumerate(turns):
        if t + 1 not in expected:
            continue
        i, turn_orders = expected[t + 1]
        kept = carried_out(data, variables, turn_orders, f"expected_orders[{i}]")
        apart.append(distance(model, data, variables, kept.orders, name))
        if kept.dropped:
            dropped[t + 1] = kept.dropped
    if not apart:
        return Expected([], dropped)
    expr = -sum(apart)
    return Expected([[Member(EXPECTED, expr, 1, 1, *expression_range(model, expr))]], dropped)


@dataclass(frozen=True)
class Kept:
    """The expected orders the turn can carry out, and a note for each it cannot (dropped)."""

    orders: TurnOrders
    dropped: list[str]


def carried_out(data: Prepared, variables: Variables, orders: TurnOrders, where: str) -> Kept:
    """The orders the turn can still carry out; each other one dropped with a note naming it (`where`,
    its field in the scenario): a build of an entry not in this turn's force pool, not buildable this turn
    (27.21, 27.22), at a site it may not be placed at (27.4) or past the counters the entry has (27.5);
    a chart action past the chart's turns, of a ship the charts do not have (a design's copy past its
    count) or not open to the ship in that turn (27.7272); SW units of a line the turn does not state,
    at a yard whose points do not build them or past the line's factors (27.9); a grant by a route the
    position does not offer (rule 40), a route opening not open to the payer (40.52, 40.72); more oil
    counters than the faction has to spend (27.35). Counters and factors are counted order by order,
    in the orders' order."""
    dropped: list[str] = []

    def drop(field: str, order: str, why: str) -> None:
        dropped.append(f"{where}.{field}: {order}, dropped: {why}")

    builds = []
    taken: Counter[str] = Counter()  # counters of each entry, factors of each SW line, kept so far
    for j, build in enumerate(orders.builds):
        key = f"{build.power.value}/{build.entry}"
        at = f"at {build.site}" if build.site is not None else "with no site"
        order = f"{build.power.value} {build.entry} {at}, {build.counters} counter(s)"
        entry = data.entries.get(key)
        if entry is None:
            drop(f"builds[{j}]", order, "the entry is not in this turn's force pool")
            continue
        site = entry.slot_of(build.site)
        placed = site is not None or (build.site is None and None in entry.sites)  # partisans: 11.3
        if entry.barred is not None:
            drop(f"builds[{j}]", order, f"not buildable this turn ({entry.barred[0]}: {entry.barred[1]})")
        elif not placed or (key, site) not in variables.builds.counters:
            drop(f"builds[{j}]", order, f"the entry may not be placed {at} this turn (27.4)")
        elif taken[key] + build.counters > entry.entry.count:
            drop(
                f"builds[{j}]",
                order,
                _more_than("counters", "entry", entry.entry.count, taken[key]) + " (27.5)",
            )
        else:
            taken[key] += build.counters
            builds.append(build)
    naval = variables.naval
    open_actions = chart_actions(naval) if naval is not None else {}
    chart = []
    for j, action in enumerate(orders.naval):
        key = f"{action.power.value}/{action.yard}/{action.ship}"
        order = f"{action.power.value} {action.yard} {action.ship} {action.action.value} in the chart's turn {action.turn}"
        if naval is None:
            drop(f"naval[{j}]", order, "no naval construction is planned this turn (27.7)")
        elif action.turn >= len(naval.naval.seasons):
            turns = len(naval.naval.seasons)
            drop(f"naval[{j}]", order, f"past the chart's {turns} turn(s), 0 to {turns - 1} (27.7)")
        elif key not in naval.naval.ships:
            drop(f"naval[{j}]", order, f"the charts have no ship {action.ship} at {action.yard} (27.724)")
        elif (key, action.turn, action.action) not in open_actions:
            drop(f"naval[{j}]", order, "not open to the ship in that turn (27.7272)")
        else:
            chart.append(action)
    sw_builds = []
    for j, unit in enumerate(orders.sw_builds):
        line, yard = f"{unit.power.value}/{unit.build}", f"{unit.power.value}/{unit.yard}"
        order = f"{unit.power.value} {unit.build} at {unit.yard}, {unit.factors} factor(s)"
        if naval is None:
            drop(f"sw_builds[{j}]", order, "no naval construction is planned this turn (27.7)")
        elif line not in naval.naval.sw_builds:
            drop(
                f"sw_builds[{j}]",
                order,
                f"no sw_units line {unit.build} of {unit.power.value} this turn (27.9)",
            )
        elif (line, yard) not in naval.sw:
            drop(f"sw_builds[{j}]", order, f"{unit.yard}'s points do not build them this turn (27.9)")
        elif taken[line] + unit.factors > (most := naval.naval.sw_builds[line][2]):
            drop(f"sw_builds[{j}]", order, _more_than("factors", "line", most, taken[line]) + " (27.9)")
        else:
            taken[line] += unit.factors
            sw_builds.append(unit)
    grants = variables.grants
    offered = (
        {(pair[0], pair[1], route) for pair, route, *_ in grant_flows(grants)}
        if grants is not None
        else set()
    )
    granted = []
    for j, grant in enumerate(orders.grants):
        route = grant.route.value if grant.route is not None else "no route"
        order = f"{grant.grantor.value} to {grant.recipient.value} by {route}, {grant.brps} BRPs"
        if grants is None:
            drop(f"grants[{j}]", order, "grants are not planned (no grants section)")
        elif (grant.grantor, grant.recipient.value, grant.route) not in offered:
            drop(f"grants[{j}]", order, "the position offers no such grant by that route (rule 40)")
        else:
            granted.append(grant)
    openings = []
    for j, opening in enumerate(orders.route_openings):
        order = f"{opening.route} paid by {opening.paid_by.value}"
        if grants is None or (Route(opening.route), opening.paid_by) not in grants.openings:
            drop(f"route_openings[{j}]", order, "the route may not be opened by it this turn (40.52, 40.72)")
        else:
            openings.append(opening)
    oil = {}
    for faction, spent in orders.oil_counters_spent.items():
        order = f"{spent} oil counter(s) of {faction.value}"
        have = data.oil_counters.get(faction, 0)
        if faction not in variables.oil.counters:
            drop(f"oil_counters_spent.{faction.value}", order, "the faction spends none here (27.35)")
        elif spent > have:
            drop(f"oil_counters_spent.{faction.value}", order, f"more than the {have} it may spend (27.35)")
        else:
            oil[faction] = spent
    kept = orders.model_copy(
        update={
            "builds": builds,
            "naval": chart,
            "sw_builds": sw_builds,
            "grants": granted,
            "route_openings": openings,
            "oil_counters_spent": oil,
        }
    )
    return Kept(kept, dropped)


def _more_than(what: str, whose: str, has: int, taken: int) -> str:
    """'more counters than the entry's 4', and those the orders before it take of them."""
    before = f", {taken} of them in the orders before it" if taken else ""
    return f"more {what} than the {whose}'s {has}{before}"


def distance(
    model: cp_model.CpModel, data: Prepared, variables: Variables, kept: TurnOrders, name: str = ""
) -> LinearExpr:
    """How far the turn's plan is from `kept`, the orders it can carry out (`carried_out`; see the
    module); `name` labels its variables."""
    parts: list[LinearExpr] = []
    wanted: Counter[tuple[str, str | None]] = Counter()
    for build in kept.builds:
        key = f"{build.power.value}/{build.entry}"
        wanted[key, data.entries[key].slot_of(build.site)] += build.counters
    for slot, var in variables.builds.counters.items():
        parts.append(_apart(model, var, wanted.get(slot, 0), f"{name}build_{slot[0]}@{slot[1]}"))
    naval = variables.naval
    if naval is not None:
        actions = chart_actions(naval)
        for action in kept.naval:
            taken = actions.get(
                (f"{action.power.value}/{action.yard}/{action.ship}", action.turn, action.action)
            )
            if taken is not None:
                parts.append(1 - taken)
        sw: Counter[tuple[str, str]] = Counter()
        for unit in kept.sw_builds:
            sw[f"{unit.power.value}/{unit.build}", f"{unit.power.value}/{unit.yard}"] += unit.factors
        for sw_key, var in naval.sw.items():
            parts.append(_apart(model, var, sw.get(sw_key, 0), f"{name}sw_{sw_key[0]}@{sw_key[1]}"))
    grants = variables.grants
    if grants is not None:
        by_route: dict[tuple[Pair, Route | None], tuple[list[cp_model.IntVar], list[cp_model.IntVar]]] = {}
        for pair, route, _, var, oil_var in grant_flows(grants):
            brps, oil = by_route.setdefault((pair, route), ([], []))
            brps.append(var)
            if oil_var is not None:
                oil.append(oil_var)
        expected = {(g.grantor, g.recipient.value, g.route): (g.brps, g.oil_counters) for g in kept.grants}
        for (pair, route), (brps, oil) in by_route.items():
            grantor, recipient = pair
            want_brps, want_oil = expected.get((grantor, recipient, route), (0, 0))
            label = f"{name}grant_{grantor.value}_{recipient}_{route.value if route else 'none'}"
            parts.append(_apart(model, sum(brps), want_brps, label))
            if oil:
                parts.append(_apart(model, sum(oil), want_oil, f"{label}_oil"))
        opened = {(Route(o.route), o.paid_by) for o in kept.route_openings}
        for opening, var in grants.openings.items():
            parts.append(1 - var if opening in opened else var)
    for faction, spent in kept.oil_counters_spent.items():
        parts.append(_apart(model, variables.oil.counters[faction], spent, f"{name}oil_{faction.value}"))
    return sum(parts)


def _apart(model: cp_model.CpModel, expr: LinearExpr, wanted: int, label: str) -> LinearExpr:
    """|expr - wanted| of an expression that is never negative: itself when nothing is wanted."""
    if wanted == 0:
        return expr
    low, high = expression_range(model, expr)
    gap = model.new_int_var(0, max(abs(high - wanted), abs(wanted - low)), f"apart_{label}")
    model.add(gap >= expr - wanted)
    model.add(gap >= wanted - expr)
    return gap
