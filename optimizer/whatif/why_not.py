"""Why not: a force pool entry, SW build, chart action, grant or route the plan leaves out, priced by the
best plan that includes it (`awaw plan --why-not`); a build, SW build or grant ending in `=N`, by the best
plan with exactly N (`optimizer.turn.decision_forms`, as `awaw season --why-not` reads it).

The decision is added to the position as a `--fix` is (`optimizer.turn.fix`, posted in the model-building
path), with the player's own `--fix` and `--forbid` kept, and the position solved again, started from
the plan's decisions. What it costs is the exact difference of the two optima, priority by priority
(`optimizer.turn.decision_cost.priced`); what the plan would do differently is
`optimizer.turn.plan_diff.changes` of the two plans. A decision no legal plan includes is explained as
an infeasible requirement is: the rules that block it.

With `--why`, the same is asked of the decisions the plan declines when they are open to it (`declined`):
each ship that defers on the chart this turn (why not continue, 27.7272 A, C), each damaged ship left
waiting that could start its repair (27.7267), and each route that could be opened this turn and is not
(40.521, 40.72).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import partial

from models.naval_tables import ChartAction
from models.plan import Status, WhyNot
from optimizer.rules.linear import value
from optimizer.turn.built import Built
from optimizer.turn.decision_cost import priced
from optimizer.turn.decision_forms import Decision, parse_decision
from optimizer.turn.explain import infeasible_reason
from optimizer.turn.fix import expression, holds
from optimizer.turn.plan_diff import changes as plan_changes
from optimizer.turn.solve import Solved, solve_side_by_side

OPTION = "--why-not"


def included(position: Built, base: Solved, decision: Decision) -> bool:
    """Whether the solved plan already includes the decision (read from its solver, as the fix counts it)."""
    assert base.solver is not None
    amount = int(value(base.solver, expression(position.data, position.variables, decision)))
    return holds(decision, amount)


def _with_it(position: Built, base: Solved, decision: Decision, time_limit: float | None) -> Solved:
    """The position with the decision fixed past its own (a copy of its model), solved from `base`."""
    return position.fixed((decision,)).solve(time_limit, hint=base.decisions, one_call=True)


def why_not(
    position: Built,
    base: Solved,
    decisions: Sequence[Decision],
    time_limit: float | None = None,
    threads: int | None = None,
) -> list[WhyNot]:
    """Each decision priced against `base` (the position's solve), in the order given. The re-solves run
    side by side on `threads` threads, each on one worker with a fixed seed, so the result does not depend
    on how many run at once; `time_limit` applies to each."""
    assert base.plan is not None
    asked = {i: d for i, d in enumerate(decisions) if not included(position, base, d)}
    results = solve_side_by_side(
        {i: partial(_with_it, position, base, d, time_limit) for i, d in asked.items()}, threads
    )
    return [_answer(base, d, results.get(i), position.decisions) for i, d in enumerate(decisions)]


def _answer(base: Solved, decision: Decision, result: Solved | None, mine: Sequence[Decision]) -> WhyNot:
    assert base.plan is not None and base.plan.objective is not None
    if result is None:
        return WhyNot(decision=decision.text, included=True, possible=True, reason="the plan includes it")
    if result.plan is None or result.plan.objective is None:
        if result.status is Status.INFEASIBLE:
            return WhyNot(
                decision=decision.text,
                included=False,
                possible=False,
                explanation=result.explanation,
                reason=infeasible_reason(
                    result.explanation, ((d.describe(), f"{d.option} {d.text}") for d in mine)
                ),
            )
        return WhyNot(
            decision=decision.text,
            included=False,
            possible=True,
            proven=False,
            reason="no plan that includes it was found within the time limit",
        )
    costs, reason = priced(decision, base.plan.objective, result.plan.objective)
    return WhyNot(
        decision=decision.text,
        included=False,
        possible=True,
        costs=costs,
        proven=result.plan.status is Status.OPTIMAL and base.plan.status is Status.OPTIMAL,
        changes=plan_changes(base.plan, result.plan),
        reason=reason,
    )


def declined(position: Built, base: Solved) -> list[Decision]:
    """The decisions the plan declines this turn when they are open to it: ships deferring (continue
    instead, 27.7272 A, C), damaged ships waiting that may start their repair (27.7267), routes that may
    be opened and are not (40.521, 40.72); in the plan's order."""
    assert base.plan is not None
    found: list[Decision] = []
    naval = position.variables.naval
    if naval is not None:
        taken = {(a.power.value, a.yard, a.ship): a.action for a in base.plan.naval_actions if a.turn == 0}
        open_repairs = sorted(
            {key for key, t, _, action in naval.act if t == 0 and action is ChartAction.START_REPAIR}
        )
        names = Counter(tuple(key.split("/")[::2]) for key in naval.naval.ships)  # (power, ship)

        def ship(power: str, yard: str, name: str) -> str:
            return name if names[power, name] == 1 else f"{yard}/{name}"

        for (power, yard, name), action in sorted(taken.items()):
            if action == ChartAction.DEFER.value:
                found.append(parse_decision(OPTION, f"{power}:{ship(power, yard, name)}:continue"))
        for key in open_repairs:
            power, yard, name = key.split("/", 2)
            if (power, yard, name) not in taken:
                found.append(parse_decision(OPTION, f"{power}:{ship(power, yard, name)}:start_repair"))
    grants = position.variables.grants
    if grants is not None:
        for route in sorted({route for route, _ in grants.openings}):
            decision = parse_decision(OPTION, f"route:{route.value}")
            if not included(position, base, decision):
                found.append(decision)
    return found


def explain(
    position: Built,
    base: Solved,
    why: bool,
    asked: Sequence[Decision],
    time_limit: float | None = None,
    threads: int | None = None,
) -> None:
    """What `awaw plan --why` and `--why-not` add to `base`'s plan (the position's solve): with `why`,
    every limited resource and what one more of each binding one is worth (`why.explain_plan`), and the
    decisions the plan declines (`declined`) priced with those `asked`."""
    from optimizer.whatif.why import explain_plan

    assert base.plan is not None
    if why:
        base.plan.why = explain_plan(position, base, time_limit, threads=threads)
    if why or asked:
        more = declined(position, base) if why else []
        base.plan.why_not = why_not(position, base, [*asked, *more], time_limit, threads=threads)
