"""The `awaw plan --why` table: every limited resource, binding ones first, with what one more is worth."""

from __future__ import annotations

from rich.table import Table

from models.plan import ResourceUse, WhyNot


def why_table(uses: list[ResourceUse]) -> Table:
    """One row a resource: holder, resource, rule, limit, used, slack, and for a binding one the gain of one
    more unit (the re-solved optimum less the plan's, first priority) and the build lines that change."""
    table = Table(
        title="What binds (one more: re-solved optimum of the first priority)", title_justify="left"
    )
    for column in ("holder", "resource", "rule", "limit", "used", "slack", "one more", "plan with one more"):
        table.add_column(
            column, justify="right" if column in ("limit", "used", "slack", "one more") else "left"
        )
    for use in uses:
        more = use.one_more
        if more is None:
            gain, changes = ("binding" if use.binding else ""), ""
        else:
            gain = f"{more.gain:+g}" + ("" if more.proven else " (not proven)")
            changes = ", ".join(more.changes) if more.changes else "the same builds"
        table.add_row(
            use.holder,
            use.resource,
            use.rule,
            str(use.limit),
            str(use.used),
            str(use.slack),
            gain,
            changes,
        )
    return table


def why_not_table(answers: list[WhyNot]) -> Table:
    """One row a decision the plan leaves out: the reason in one sentence, the cost per priority (the
    optimum with it less the plan's), and what the plan with it does differently (or why none can)."""
    table = Table(
        title="Why not (the best plan that includes it; cost: its optimum less the plan's)",
        title_justify="left",
    )
    for column in ("decision", "why not", "cost per priority", "plan with it"):
        table.add_column(column)
    for answer in answers:
        costs = ", ".join(f"{cost.priority} {cost.difference:+g}" for cost in answer.costs)
        if answer.costs and not answer.proven:
            costs += " (not proven)"
        if not answer.possible:
            detail = "; ".join(answer.explanation)
        elif answer.included:
            detail = ""
        else:
            detail = ", ".join(answer.changes) if answer.changes else "the same builds"
        table.add_row(answer.decision, answer.reason, costs, detail)
    return table
