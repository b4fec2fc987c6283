"""Other plans within the player's tolerance of the best (`awaw plan --alternatives K --tolerance T`).

The alternatives are found by no-good cuts over the decisions a player tells apart, never over single
counters (`optimizer.turn.counts.decision_counts`): counters per force pool entry and site (the model
already keeps one variable per entry and site, sites no rule tells apart being one; so a permutation of
interchangeable counters is the same plan), this turn's chart actions per ship, SW factors per build and
yard, BRPs and oil counters granted per grantor, recipient and route (two paths of one route are the same
grant), route openings, and the U.S. share of lend-lease transports. Oil counters spent are left out:
they follow from the builds, the priorities choosing them. Later turns of a naval horizon are the plan's
expectation, not this turn's orders, and are left out too.

Each alternative is the best plan, solved lexicographically over the player's priorities exactly as
`optimizer.turn.solve.solve` does, whose first priority is within the tolerance of the best plan's and whose
decisions differ from the best plan's and every earlier alternative's in at least one of those counts.
So the first alternative is the best plan that differs, the second the best that differs from both,
and so on; plans of equal value stay in the order found. One worker and a fixed seed
(`optimizer.turn.model.new_solver`): the same scenario gives the same alternatives, byte for byte.

The tolerance is `optimizer.turn.tolerance`'s [reading there]: `2` is two points of the first priority
below the best, `5%` five per cent of the best's absolute value, 5% by default. With a time limit, the
tolerance is measured from the best plan found.
"""

from __future__ import annotations

import math

from ortools.sat.python import cp_model

from models.plan import Alternative, Plan
from optimizer.turn.built import Built, Constrain
from optimizer.turn.counts import DecisionKey, decision_counts, post_differs
from optimizer.turn.objective import priority_expression
from optimizer.turn.plan_diff import changes
from optimizer.turn.prepare import Prepared
from optimizer.turn.solve import Solved, priority_order
from optimizer.turn.tolerance import Tolerance
from optimizer.turn.variables import Variables


def decision_values(variables: Variables, result: Solved) -> dict[DecisionKey, int]:
    """The counts of a solve's plan."""
    solver = result.solver
    assert solver is not None
    return {
        key: int(solver.value(expr)) if not isinstance(expr, int) else expr
        for key, expr in decision_counts(variables).items()
    }


def _cuts(earlier: list[dict[DecisionKey, int]], floor: int) -> Constrain:
    """Post: the first priority at least `floor` (scaled), and, for each earlier plan, at least one count
    that differs from it (a no-good cut over the counts)."""

    def constrain(model: cp_model.CpModel, data: Prepared, variables: Variables) -> None:
        first = priority_order(data.scenario, variables)[0]
        assert first is not None  # the player's first priority; only the grants' tie-break is None
        expr, _ = priority_expression(data, variables, first)
        model.add(expr >= floor)
        post_differs(model, decision_counts(variables), earlier)

    return constrain


def _scale(position: Built) -> int:
    """The scale of the first priority's integer value (`priority_expression`)."""
    first = priority_order(position.scenario, position.variables)[0]
    assert first is not None
    return priority_expression(position.data, position.variables, first)[1]


def alternatives(
    position: Built,
    base: Solved,
    count: int,
    tolerance: Tolerance,
    time_limit: float | None = None,
) -> list[tuple[Alternative, Plan]]:
    """Up to `count` other plans within `tolerance` of `base` (the position's solve), best first, each with
    its full plan (for the checker). `time_limit` applies to each alternative's solve; the search stops at
    the first that finds no plan (none is left within the tolerance, or the time ran out)."""
    assert base.plan is not None and base.plan.objective is not None
    scale = _scale(position)
    best = base.plan.objective.value
    best_scaled = round(best * scale)
    floor = best_scaled - math.floor(tolerance.allowed(best) * scale + 1e-9)
    earlier = [decision_values(position.variables, base)]
    found: list[tuple[tuple[float, ...], Plan]] = []
    hint = base.decisions
    for _ in range(count):
        result = position.solve(
            time_limit,
            hint=hint,
            constrain=_cuts(earlier, floor),
            explain_infeasible=False,
            light_presolve=True,
        )
        if result.plan is None or result.plan.objective is None:
            break
        values = decision_values(position.variables, result)
        earlier.append(values)
        hint = result.decisions
        stages = tuple(-stage.value for stage in result.plan.objective.stages)
        found.append((stages, result.plan))
    # Best first; plans of equal value stay in the order they were found (each solve is the best left),
    # so that the first K of `--alternatives K+1` are `--alternatives K`'s.
    found.sort(key=lambda item: item[0])
    out = []
    for rank, (_, plan) in enumerate(found, start=1):
        assert plan.objective is not None
        alternative = Alternative(
            rank=rank,
            objective=plan.objective,
            behind=round(best - plan.objective.value, 6),
            differences=changes(base.plan, plan, sites=True),
            oil_counters_spent=plan.oil_counters_spent,
            builds=plan.builds,
            grants=plan.grants,
            route_openings=plan.route_openings,
            naval_actions=[action for action in plan.naval_actions if action.turn == 0],
            sw_builds=plan.sw_builds,
        )
        out.append((alternative, plan))
    return out
