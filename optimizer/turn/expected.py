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
An order naming what the position does not have (an entry no longer in the force pool, a ship not on
the charts, a route closed) cannot be kept and adds the same to every plan.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

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


def expected_stage(
    model: cp_model.CpModel, turns: Sequence[tuple[Prepared, Variables, str]], orders: Sequence[TurnOrders]
) -> list[list[Member]]:
    """The last stage when the scenario carries the orders a season plan expected of its turns
    (`Scenario.expected_orders`): the plan closest to them among the equally good, the distances of the
    planned turns summed (`distance`; the chart's actions in turn 1's, which plans the chart whole), a
    stage of its own so that the priorities' solves are as without it. `turns` are the planned turns in
    order, turn 1 first, each with the label of its variables: the turn planner's one
    (`optimizer.turn.solve`), the season's every one (`optimizer.season.solve`). None without orders
    for them."""
    expected = {o.turn: o for o in orders}
    apart = [
        distance(model, data, variables, expected[t + 1], name)
        for t, (data, variables, name) in enumerate(turns)
        if t + 1 in expected
    ]
    if not apart:
        return []
    expr = -sum(apart)
    return [[Member(EXPECTED, expr, 1, 1, *expression_range(model, expr))]]


def distance(
    model: cp_model.CpModel, data: Prepared, variables: Variables, orders: TurnOrders, name: str = ""
) -> LinearExpr:
    """How far the turn's plan is from `orders` (see the module); `name` labels its variables."""
    parts: list[LinearExpr] = []
    wanted: Counter[tuple[str, str | None]] = Counter()
    for build in orders.builds:
        key = f"{build.power.value}/{build.entry}"
        entry = data.entries.get(key)
        if entry is None:
            continue
        site = entry.slot_of(build.site)
        if site is not None or (build.site is None and None in entry.sites):  # partisans: no site (11.3)
            wanted[key, site] += build.counters
    for slot, var in variables.builds.counters.items():
        parts.append(_apart(model, var, wanted.get(slot, 0), f"{name}build_{slot[0]}@{slot[1]}"))
    naval = variables.naval
    if naval is not None:
        actions = chart_actions(naval)
        for action in orders.naval:
            taken = actions.get(
                (f"{action.power.value}/{action.yard}/{action.ship}", action.turn, action.action)
            )
            if taken is not None:
                parts.append(1 - taken)
        sw: Counter[tuple[str, str]] = Counter()
        for unit in orders.sw_builds:
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
        expected = {(g.grantor, g.recipient.value, g.route): (g.brps, g.oil_counters) for g in orders.grants}
        for (pair, route), (brps, oil) in by_route.items():
            grantor, recipient = pair
            want_brps, want_oil = expected.get((grantor, recipient, route), (0, 0))
            label = f"{name}grant_{grantor.value}_{recipient}_{route.value if route else 'none'}"
            parts.append(_apart(model, sum(brps), want_brps, label))
            if oil:
                parts.append(_apart(model, sum(oil), want_oil, f"{label}_oil"))
        opened = {(Route(o.route), o.paid_by) for o in orders.route_openings}
        for opening, var in grants.openings.items():
            parts.append(1 - var if opening in opened else var)
    for faction, spent in orders.oil_counters_spent.items():
        counters = variables.oil.counters.get(faction)
        if counters is not None:
            parts.append(_apart(model, counters, spent, f"{name}oil_{faction.value}"))
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
