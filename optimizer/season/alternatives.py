"""Other season plans within the player's tolerance of the best (`awaw season --alternatives K
--tolerance T`), by the turn planner's approach (`optimizer.whatif.alternatives`) over every turn.

The alternatives are found by no-good cuts over the decisions a player tells apart in each turn of the
season: each turn's counts as the turn planner counts them (`optimizer.turn.counts.decision_counts`: counters per force pool
entry and site class, SW factors per build and yard, BRPs and oil counters granted per grantor,
recipient and route, route openings, the U.S. share of lend-lease transports), and the naval chart's
actions of each of the season's turns, planned in turn 1's chart (27.7); the chart's turns past the
season are the plan's expectation beyond the season and are left out, as `awaw plan` leaves out its
later turns. Oil counters spent follow from the builds and are left out.

Each alternative is the best season plan, solved priority by priority as the season is
(`optimizer.season.solve.solve_season`, with the cuts posted on its model), whose first priority is
within the tolerance of the best's and whose decisions differ from the best plan's and every earlier
alternative's in at least one count of some turn. So the first alternative is the best season plan that
differs, the second the best that differs from both, and so on; plans of equal value in the order found.
The tolerance is the turn planner's [reading, `optimizer.turn.tolerance`]:
`2` is two points of the first priority below the best, `5%` five per cent of the best's absolute value.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial

from ortools.sat.python import cp_model

from models.scenario import Scenario
from models.season_plan import SeasonAlternative, SeasonPlan
from optimizer.rules.linear import LinearExpr
from optimizer.season.decision_forms import SeasonDecision
from optimizer.season.decisions import with_decisions
from optimizer.season.model import SeasonVariables
from optimizer.season.objective import season_members
from optimizer.season.solve import SeasonSolved, solve_season
from optimizer.season.why_not import season_changes
from optimizer.turn.counts import DecisionKey, chart_actions, decision_counts, post_differs
from optimizer.turn.tolerance import Tolerance


def season_counts(variables: SeasonVariables) -> dict[DecisionKey, LinearExpr]:
    """The decisions a player tells apart in each turn of the season (the module's), by key: the turn
    ('turn2') first, then the turn planner's key."""
    found: dict[DecisionKey, LinearExpr] = {}
    for t, turn in enumerate(variables.turns):
        for key, expr in decision_counts(turn).items():
            found[(f"turn{t + 1}", *key)] = expr
    chart = variables.turns[0].naval
    if chart is not None:
        for (ship, k, action), count in chart_actions(chart).items():
            if 0 < k < variables.data.length:
                found[f"turn{k + 1}", "action", ship, action.value] = count
    return dict(sorted(found.items()))


def season_values(solved: SeasonSolved) -> dict[DecisionKey, int]:
    """The counts of a solved season's plan."""
    assert solved.variables is not None and solved.solver is not None
    solver = solved.solver
    return {
        key: expr if isinstance(expr, int) else int(solver.value(expr))
        for key, expr in season_counts(solved.variables).items()
    }


def _cuts(
    earlier: list[dict[DecisionKey, int]], best: float, tolerance: Tolerance
) -> Callable[[cp_model.CpModel, SeasonVariables], None]:
    """Post: the season's first priority at least the best's less the tolerance (in its integer scale),
    and, for each earlier plan, at least one count of some turn that differs from it."""

    def constrain(model: cp_model.CpModel, variables: SeasonVariables) -> None:
        _, expr, scale = season_members(model, variables)[0]
        model.add(expr >= round(best * scale) - math.floor(tolerance.allowed(best) * scale + 1e-9))
        post_differs(model, season_counts(variables), earlier)

    return constrain


def season_alternatives(
    scenario: Scenario,
    plan: SeasonPlan,
    count: int,
    tolerance: Tolerance,
    time_limit: float | None = None,
    decisions: Sequence[SeasonDecision] = (),
) -> list[SeasonAlternative]:
    """Up to `count` other season plans within `tolerance` of `plan` (the best season plan with the
    player's `decisions`), best first. `time_limit` applies to each solve; the search stops at the first
    that finds no plan (none is left within the tolerance, or the time ran out)."""
    adjust = partial(with_decisions, decisions=tuple(decisions))
    best = plan.objective.value
    # The best plan's counts, read off its model: the season solved again (one worker, fixed seed: the
    # same plan).
    base = solve_season(scenario, time_limit, adjust=adjust)
    if base.plan is None:
        return []
    earlier = [season_values(base)]
    found: list[tuple[tuple[float, ...], SeasonPlan]] = []
    for _ in range(count):
        solved = solve_season(scenario, time_limit, adjust=adjust, constrain=_cuts(earlier, best, tolerance))
        if solved.plan is None:
            break
        values = season_values(solved)
        earlier.append(values)
        stages = tuple(-stage.value for stage in solved.plan.objective.stages)
        found.append((stages, solved.plan))
    # Best first; plans of equal value in the order found (each solve the best left), as `awaw plan`'s.
    found.sort(key=lambda item: item[0])
    return [
        SeasonAlternative(
            rank=rank,
            objective=other.objective,
            behind=round(best - other.objective.value, 6),
            differences=season_changes(plan, other, sites=True),
            turns=other.turns,
            brps_left=other.brps_left,
            oil_left=other.oil_left,
        )
        for rank, (_, other) in enumerate(found, start=1)
    ]
