"""A season plan as `awaw season` prints it: this turn's plan exactly as `awaw plan` prints it, then each
later turn's expected plan under its own heading, then what is left at the season's end."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from models.plan import NavalAction
from models.scenario import Scenario
from models.season_plan import SeasonPlan
from optimizer.render.tables import plan_tables


def season_tables(scenario: Scenario, plan: SeasonPlan) -> Group:
    from optimizer.season.prepare import season_scenarios

    turns = season_scenarios(scenario)
    parts: list[RenderableType] = [plan_tables(turns[0], plan.turns[0].plan)]
    for turn, position in zip(plan.turns[1:], turns[1:], strict=True):
        starts = ", ".join(f"{p.value} {n} BRPs" for p, n in turn.brps_start.items())
        oil = ", ".join(f"{f.value} {n}" for f, n in turn.oil_counters.items())
        parts.append(
            Text(
                f"\nTurn {turn.turn} of {len(plan.turns)}, {turn.season.value} {turn.year}: expected, if the "
                f"expectations come true (starts with {starts}; oil counters {oil or 'none'})",
                style="bold underline",
            )
        )
        chart = [a for a in chart_moves(plan, turn.turn) if a.action != "wait"]
        if chart:
            past = [f"{r.power.value} {r.oil_steps}" for r in turn.plan.naval if r.oil_steps]
            parts.append(
                Text(
                    "Naval chart this turn (planned with turn 1's charts, 27.7): "
                    + "; ".join(f"{a.power.value} {a.ship} {a.action} ({a.brps} BRPs)" for a in chart)
                    + (f"; 3-BRP steps past the oil threshold (27.35): {', '.join(past)}" if past else "")
                )
            )
        parts.append(plan_tables(position, turn.plan))
    parts += answer_tables(plan)
    left = ", ".join(f"{p.value} {n}" for p, n in plan.brps_left.items())
    oil_left = ", ".join(f"{f.value} {n}" for f, n in plan.oil_left.items())
    parts.append(
        Text(f"\nLeft at the season's end: BRPs {left}; oil counters {oil_left or 'none'}", style="bold")
    )
    return Group(*parts)


def chart_moves(plan: SeasonPlan, number: int) -> list[NavalAction]:
    """The chart's actions of the season's turn `number` (1 this turn): turn 1's chart, planned whole
    (27.7), its turn `number` - 1."""
    return [a for a in plan.turns[0].plan.naval_actions if a.turn == number - 1]


def season_sheet(scenario: Scenario, plan: SeasonPlan) -> Group:
    """The season's order sheet (`awaw season --sheet`): this turn's orders as `awaw plan --sheet` prints
    them, then each later turn's expected orders on the same sheet's tables, that turn's chart moves
    among them (turn 1's chart, 27.7), then the season plan's status and objective."""
    from optimizer.render.sheet import sheet
    from optimizer.season.prepare import season_scenarios

    turns = season_scenarios(scenario)
    parts: list[RenderableType] = [sheet(turns[0], plan.turns[0].plan, closing=False)]
    for turn, position in zip(plan.turns[1:], turns[1:], strict=True):
        moves = chart_moves(plan, turn.turn)
        heading = f"Expected orders, turn {turn.turn} of {len(plan.turns)}"
        parts.append(sheet(position, turn.plan, moves, heading, closing=False))
    if plan.objective is not None:
        parts.append(
            Text(f"Season plan {plan.status.value}; objective {plan.objective.value:g}", style="italic")
        )
    return Group(*parts)


def season_sheet_html(scenario: Scenario, plan: SeasonPlan) -> str:
    """The season's order sheet as one printable HTML page, through the templates the web page uses."""
    from optimizer.render.sheet import page_html

    return page_html(f"Orders — {plan.scenario} (season)", season_sheet(scenario, plan))


def answer_tables(plan: SeasonPlan) -> list[RenderableType]:
    """What `--why`, `--why-not` and `--alternatives` add to a season plan: the season's why table, then
    the turn planner's why-not and alternatives tables with the season's answers (per turn)."""
    from optimizer.render.alternatives import alternatives_table
    from optimizer.render.why import why_not_table

    parts: list[RenderableType] = []
    if plan.why is not None:
        parts.append(why_table(plan))
    if plan.why_not:
        parts.append(why_not_table(list(plan.why_not)))
    if plan.alternatives is not None:
        parts.append(alternatives_table(plan.alternatives, plan.tolerance or "", plan.objective.value))
    return parts


def why_table(plan: SeasonPlan) -> Table:
    """Each turn's limits, oil counters, open routes and BRPs, binding ones first, with what one more is
    worth (`--why`) and what the season plan with one more does differently, per turn."""
    table = Table(
        title="Why (season): what binds in which turn, and what one more is worth", title_justify="left"
    )
    for column in ("turn", "resource", "of", "used / available", "one more is worth", "plan with one more"):
        table.add_column(column)
    for r in plan.why or []:
        worth = f"{r.worth:+.3f}" if r.binding else "nothing (slack)"
        if not r.proven:
            worth += " (not proven)"
        changes = ", ".join(r.changes) if r.changes else "the same plan"
        table.add_row(str(r.turn), r.resource, r.subject, f"{r.used} / {r.available}", worth, changes)
    return table
