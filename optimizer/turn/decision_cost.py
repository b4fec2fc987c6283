"""What a decision the plan leaves out costs: the best plan with it against the plan, priority by
priority (`PriorityCost`), and the reason in one sentence, for `awaw plan --why-not`
(`optimizer.whatif.why_not`) and `awaw season --why-not` (`optimizer.season.why_not`) alike."""

from __future__ import annotations

from models.naval_tables import ChartAction
from models.plan import ObjectiveReport, PriorityCost
from optimizer.turn.decision_forms import Decision, Kind


def priced(
    decision: Decision, base: ObjectiveReport, with_it: ObjectiveReport
) -> tuple[list[PriorityCost], str]:
    """The cost of each priority (the optimum with the decision less the plan's, exact) and the reason in
    one sentence: the turn's why-not (`optimizer.whatif.why_not`) and the season's
    (`optimizer.season.why_not`) word it alike."""
    found = {stage.priority: stage.value for stage in with_it.stages}
    costs = [
        PriorityCost(
            priority=stage.priority,
            plan=stage.value,
            with_it=found[stage.priority],
            difference=round(found[stage.priority] - stage.value, 6),
        )
        for stage in base.stages
        if stage.priority in found
    ]
    return costs, _reason(_subject(decision), costs)


def _reason(subject: str, costs: list[PriorityCost]) -> str:
    """The first priority the decision changes, and by how much: 'including it costs 2.2 of value'."""
    for cost in costs:
        if cost.difference < 0:
            return f"{subject} costs {-cost.difference:g} of {cost.priority}"
        if cost.difference > 0:  # only with a time limit: the plan was not the best
            return f"{subject} gains {cost.difference:g} of {cost.priority} (the plan is not proven best)"
    return f"{subject} costs nothing: an equally good plan does it"


def _subject(decision: Decision) -> str:
    """How the reason names the decision: what declining it means on the chart or the route map."""
    if decision.action is ChartAction.CONTINUE:
        return "deferred: continuing"
    if decision.action is ChartAction.START_REPAIR:
        return "waiting: starting the repair"
    if decision.kind is Kind.ROUTE:
        return "not opened: opening it"
    return "including it"
