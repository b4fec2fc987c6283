"""The `awaw plan --why` table: every limited resource, binding ones first, with what one more is worth."""

from __future__ import annotations

from rich.table import Table

from models.plan import ResourceUse


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
