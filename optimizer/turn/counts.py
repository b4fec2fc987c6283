"""The decisions a player tells apart in a turn's plan, each as one count of the turn model's variables:
what the alternatives' no-good cuts tell plans apart by (`post_differs`, posted by
`optimizer.whatif.alternatives` and, over a season, `optimizer.season.alternatives`) and what the
distance from the orders a season plan expected is measured in (`optimizer.turn.expected`).

`decision_counts` counts, never single counters: counters per force pool entry and site (the model keeps
one variable per entry and class of interchangeable sites, 27.4, so a permutation of interchangeable
counters is the same plan), this turn's chart actions per ship (27.7272), SW factors per build and yard
(27.9), BRPs and oil counters granted per grantor, recipient and route (two paths of one route are the
same grant, rule 40), route openings (40.521, 40.72), and the U.S. share of lend-lease transports. Oil
counters spent are left out: they follow from the builds. The chart's later turns are the plan's
expectation, not this turn's orders, and are left out too; `chart_actions` counts them.
"""

from __future__ import annotations

from collections.abc import Iterator

from ortools.sat.python import cp_model

from models.naval_tables import ChartAction
from models.route_data import Route
from optimizer.rules.grants.prepare import Pair, Path, path_route
from optimizer.rules.grants.variables import GrantVariables
from optimizer.rules.linear import LinearExpr
from optimizer.rules.naval.variables import NavalVariables
from optimizer.turn.variables import Variables

DecisionKey = tuple[str, ...]


def chart_actions(naval: NavalVariables) -> dict[tuple[str, int, ChartAction], LinearExpr]:
    """Each ship's action in each turn of the chart, 1 when it is taken (summed over the states it may be
    taken from, 27.7272), by (ship, chart turn, action), in the chart's order."""
    found: dict[tuple[str, int, ChartAction], LinearExpr] = {}
    for (ship, turn, _, action), var in naval.act.items():
        found[ship, turn, action] = found.get((ship, turn, action), 0) + var
    return found


def grant_flows(
    grants: GrantVariables,
) -> Iterator[tuple[Pair, Route | None, Path, cp_model.IntVar, cp_model.IntVar | None]]:
    """Each flow of BRPs granted (rule 40): its grantor and recipient, the named route it goes by (None
    off them, `path_route`), its path, its BRPs, and the oil counters sent along it (None where none may
    go, 40.25)."""
    for flow, var in grants.flows.items():
        pair, path = flow
        yield pair, path_route(path, grants.network.legs), path, var, grants.oil.get(flow)


def decision_counts(variables: Variables) -> dict[DecisionKey, LinearExpr]:
    """The decisions a player tells apart, each as one count (see the module's docstring), by key."""
    found: dict[DecisionKey, LinearExpr] = {}
    for (entry, site), var in variables.builds.counters.items():
        found["build", entry, site or "partisan"] = var
    naval = variables.naval
    if naval is not None:
        for (ship, turn, action), count in chart_actions(naval).items():
            if turn == 0:
                found["action", ship, action.value] = count
        for (build, yard), var in naval.sw.items():
            found["sw", build, yard] = var
        if naval.us_paid is not None:
            found["lend_lease", "usa"] = naval.us_paid
    grants = variables.grants
    if grants is not None:
        for (grantor, recipient), route, path, var, oil in grant_flows(grants):
            where = (grantor.value, recipient, route.value if route is not None else "-".join(path))
            grant_key: DecisionKey = ("grant", *where)
            found[grant_key] = found.get(grant_key, 0) + var
            if oil is not None:
                oil_key: DecisionKey = ("grant_oil", *where)
                found[oil_key] = found.get(oil_key, 0) + oil
        for (route, payer), var in grants.openings.items():
            found["opening", route.value, payer.value] = var
    return dict(sorted(found.items()))


def post_differs(
    model: cp_model.CpModel, counts: dict[DecisionKey, LinearExpr], earlier: list[dict[DecisionKey, int]]
) -> None:
    """Post, for each earlier plan's counts, that at least one count differs from it (a no-good cut
    over the counts); the turn's alternatives (`optimizer.whatif.alternatives`) and the season's
    (`optimizer.season.alternatives`) post theirs so."""
    for n, plan in enumerate(earlier):
        # Differs: some count is above its value in that plan, or below it. Every count is a sum of
        # non-negative variables, so those at 0 there differ together when their sum is at least 1:
        # one literal for them all; each other count has a literal for below and one for above, each
        # enforcing a linear bound, which the LP relaxation sees (a reified != it would not).
        differs = []
        unused: LinearExpr = 0
        for k, (key, expr) in enumerate(counts.items()):
            was = plan.get(key, 0)
            if was == 0:
                unused += expr
                continue
            below = model.new_bool_var(f"alternative_{n}_below_{k}")
            model.add(expr <= was - 1).only_enforce_if(below)
            above = model.new_bool_var(f"alternative_{n}_above_{k}")  # presolve drops it past the top
            model.add(expr >= was + 1).only_enforce_if(above)
            differs += [below, above]
        if not isinstance(unused, int):
            other = model.new_bool_var(f"alternative_{n}_other")
            model.add(unused >= 1).only_enforce_if(other)
            differs.append(other)
        model.add_bool_or(differs)
