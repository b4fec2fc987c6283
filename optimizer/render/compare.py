"""`awaw compare`: the player's plan priced, its breaches (root causes, knock-on under each), its score
against the best plan and what the best plan does differently. Presentation only: no rule logic."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from models.comparison import Comparison
from optimizer.render.tables import accounts_table, builds_table


def comparison_parts(comparison: Comparison) -> Group:
    """Your plan priced (builds, BRPs and limits), what it breaks, the scores and the differences."""
    parts: list[RenderableType] = [Text(f"{comparison.scenario}: your plan against the best", style="bold")]
    mine = comparison.mine
    if mine is not None:
        parts += [Text("Your plan, priced", style="bold"), builds_table(mine), accounts_table(mine)]
        for o in mine.oil:
            parts.append(
                Text(
                    f"Oil (27.35, {o.faction.value}): {o.counters_spent} of {o.counters_available} counters spent; "
                    f"threshold {o.threshold_brps} BRPs, {o.normal_cost_brps} used at normal cost; "
                    f"{o.oil_affected_brps} BRPs paid past it"
                )
            )
        for action in (a for a in mine.naval_actions if a.turn == 0):
            parts.append(
                Text(
                    f"{action.power.value} {action.yard} {action.ship}: {action.action} "
                    f"({action.before} -> {action.after}), {action.sb} SB, {action.brps} BRPs"
                )
            )
        for grant in mine.grants:
            parts.append(
                Text(
                    f"grant {grant.grantor.value} to {grant.recipient} by {grant.route or 'no named route'}: "
                    f"{grant.brps} BRPs"
                    + (f", {grant.oil_counters} oil counters" if grant.oil_counters else "")
                )
            )
    listed = {f"{cause.rule}: {cause.message}" for cause in comparison.causes}
    for line in comparison.not_priced:
        if line not in listed:  # the decisions left out are breaches too, listed below
            parts.append(Text(f"Not priced: {line}", style="italic"))
    if comparison.causes:
        parts.append(
            Text("Breaches (root causes first; knock-on breaches indented under them)", style="bold")
        )
        for cause in comparison.causes:
            parts.append(Text(f"{cause.rule}: {_label(cause.kind)}: {cause.message}"))
            for knock in cause.knock_on:
                parts.append(Text(f"    follows: {knock.rule}: {_label(knock.kind)}: {knock.message}"))
    else:
        parts.append(Text("Your plan is legal (rules 27 and 40) and meets the scenario's requirements."))
    parts.append(_scores_table(comparison))
    parts += _diff_parts(comparison)
    return Group(*parts)


def _label(kind: str) -> str:
    return {"requirement": "requirement not met", "report": "accounting"}.get(kind, "violates")


def _scores_table(comparison: Comparison) -> Table:
    table = Table(title="Score (gap: best less yours)", title_justify="left")
    for column in ("priority", "yours", "best", "gap"):
        table.add_column(column, justify="left" if column == "priority" else "right")
    for score in comparison.scores:
        table.add_row(
            score.priority,
            "not priced" if score.mine is None else f"{score.mine:g}",
            f"{score.best:g}",
            "" if score.gap is None else f"{score.gap:+g}",
        )
    return table


def _diff_parts(comparison: Comparison) -> list[RenderableType]:
    diff = comparison.diff
    if comparison.mine is None:
        return []
    if not (
        diff.builds_added or diff.builds_removed or diff.actions_changed or diff.grants_moved or diff.other
    ):
        return [Text("The best plan makes the same decisions.")]
    table = Table(title="What the best plan does differently", title_justify="left")
    for column in ("change", "power", "what", "where", "amount"):
        table.add_column(column, justify="right" if column == "amount" else "left")
    for build in diff.builds_added:
        table.add_row(
            "build more", build.power.value, build.entry, build.site or "(partisans)", f"+{build.counters}"
        )
    for build in diff.builds_removed:
        table.add_row(
            "build fewer", build.power.value, build.entry, build.site or "(partisans)", f"-{build.counters}"
        )
    for action in diff.actions_changed:
        table.add_row(
            f"chart, {action.when}",
            action.power.value,
            action.ship,
            action.yard,
            f"{action.mine or 'none'} -> {action.best or 'none'}",
        )
    for grant in diff.grants_moved:
        oil = f", oil {grant.mine_oil} -> {grant.best_oil}" if grant.mine_oil != grant.best_oil else ""
        table.add_row(
            "grant",
            grant.grantor.value,
            f"to {grant.recipient}",
            f"by {grant.route or 'no named route'}",
            f"{grant.mine} -> {grant.best} BRPs{oil}",
        )
    parts: list[RenderableType] = [table]
    parts += [Text(line) for line in diff.other]
    return parts
