"""The order sheet (`awaw plan --sheet`, and the web page's "Download order sheet"): one compact page of
this turn's orders, read off a solved plan. Presentation only: every figure is the plan's own.

What to place where, what each power pays and keeps, the oil counters spent, this turn's chart moves, SW
units built, grants with their routes, transports and route openings, and the inversion notes collapsed
to one line per rule (27.81, 27.82 A, 27.82 B, 27.91) naming the units each applies to. The terminal
prints it as Rich tables (`sheet`); `sheet_html` lays the same tables out as one printable HTML page
with Jinja2 (autoescaped: every text of a scenario shows as text), through the web page's own
conversion of tables to rows (`optimizer.render.blocks`) and its table template.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from models.plan import NavalAction, Plan
from models.scenario import Scenario
from optimizer.render.tables import opening_words

TEMPLATES = Path(__file__).parent / "templates"
_RULE = re.compile(r"\((\d+\.\d+(?: [A-Z])?)\)")


def _table(title: str, columns: list[str], numeric: set[str]) -> Table:
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for column in columns:
        table.add_column(column, justify="right" if column in numeric else "left")
    return table


def _site(site: str | None, alternatives: list[str]) -> str:
    """Where the counters go: the site, and the others that would do as well (27.4)."""
    if site is None:
        return "partisan (11.3)"
    return site if not alternatives else f"{site} (or {', '.join(alternatives)})"


def inversion_lines(notes: list[str]) -> list[str]:
    """The plan's inversion notes, one line per rule: 'rule: what it says — unit, unit'. Each note reads
    'who (unit): what (rule...)' (`optimizer.turn.extract.inverted`); notes saying the same are merged."""
    grouped: dict[str, list[str]] = {}
    for note in notes:
        who, _, what = note.partition(": ")
        grouped.setdefault(what, []).append(who)
    lines = []
    for what, units in grouped.items():
        rules = ", ".join(_RULE.findall(what))
        text = _RULE.sub("", what).replace(" ;", ";").strip()
        lines.append(f"{rules}: {text} — {', '.join(units)}")
    return lines


def sheet(
    scenario: Scenario,
    plan: Plan,
    moves: list[NavalAction] | None = None,
    heading: str = "Orders",
    closing: bool = True,
) -> Group:
    """The order sheet as Rich tables and lines, in the order the orders are given: this turn's chart
    moves are the plan's own of its turn 0 unless `moves` names them (a season's later turn,
    `optimizer.render.season.season_sheet`); `heading` begins its title; `closing`, the plan's status
    and objective end it."""
    parts: list[RenderableType] = [
        Text(
            f"{heading} — {plan.scenario} ({scenario.faction.value}, {scenario.turn.season.value} "
            f"{scenario.turn.year})",
            style="bold",
        )
    ]
    place = _table(
        "Builds",
        ["power", "entry", "unit", "counters", "factors", "site", "BRPs"],
        {"counters", "factors", "BRPs"},
    )
    for b in plan.builds:
        brps = f"{b.brps}" + (f" ({b.oil_units} past oil)" if b.oil_units else "")
        place.add_row(
            b.power.value,
            b.entry,
            b.unit.value,
            str(b.counters),
            str(b.factors),
            _site(b.site, b.alternatives),
            brps,
        )
    if not plan.builds:
        place.add_row("—", "nothing built", "", "", "", "", "")
    parts.append(place)
    pay = _table(
        "Pay", ["power", "available", "pay", "keep", "limit used"], {"available", "pay", "keep", "limit used"}
    )
    for power, report in plan.powers.items():
        pay.add_row(
            power.value,
            str(report.brps_available),
            str(report.construction_brps),
            str(report.brps_kept),
            f"{report.limit_used} / {report.construction_limit}",
        )
    parts.append(pay)
    for oil in plan.oil:
        parts.append(
            Text(
                f"Oil (27.35): {oil.faction.value} spends {oil.counters_spent} of {oil.counters_available} counters; "
                f"{oil.oil_affected_brps} BRPs paid past the threshold of {oil.threshold_brps}"
            )
        )
    if moves is None:
        moves = [a for a in plan.naval_actions if a.turn == 0]
    if moves:
        chart = _table(
            "Chart moves (27.7)", ["power", "yard", "ship", "action", "from", "to", "BRPs"], {"BRPs"}
        )
        for a in moves:
            chart.add_row(a.power.value, a.yard, a.ship, a.action, a.before, a.after, str(a.brps))
        parts.append(chart)
    if plan.sw_builds:
        sw = _table(
            "SW units (27.9)", ["power", "unit", "factors", "yard", "placed", "BRPs"], {"factors", "BRPs"}
        )
        for s in plan.sw_builds:
            sw.add_row(s.power.value, s.unit.value, str(s.factors), s.yard, s.placed, str(s.brps))
        parts.append(sw)
    if plan.grants:
        grants = _table("Grants (rule 40)", ["from", "to", "route", "BRPs", "oil"], {"BRPs", "oil"})
        for g in plan.grants:
            route = g.route or " > ".join(g.path)
            grants.add_row(g.grantor.value, g.recipient, route, str(g.brps), str(g.oil_counters or ""))
        parts.append(grants)
    if plan.transports:
        by_ocean: Counter[str] = Counter()
        for t in plan.transports:
            by_ocean[t.ocean] += t.transports
        parts.append(
            Text("Transports (40.221): " + "; ".join(f"{o} {n}" for o, n in sorted(by_ocean.items())))
        )
    for opening in plan.route_openings:
        parts.append(Text(f"{opening.paid_by.value} {opening_words(opening.route)}: {opening.brps} BRPs"))
    parts.extend(Text(f"Inversion {line}") for line in inversion_lines(plan.inverted))
    if closing and plan.objective is not None:
        parts.append(Text(f"Plan {plan.status.value}; objective {plan.objective.value:g}", style="italic"))
    return Group(*parts)


def sheet_html(scenario: Scenario, plan: Plan) -> str:
    """The order sheet as one printable HTML page: the same tables, through the templates the web page uses."""
    return page_html(f"Orders — {plan.scenario}", sheet(scenario, plan))


def page_html(title: str, renderable: RenderableType) -> str:
    """Tables and lines as one printable HTML page, through the templates the web page uses."""
    from jinja2 import Environment, FileSystemLoader

    from optimizer.render.blocks import blocks

    environment = Environment(
        loader=FileSystemLoader(TEMPLATES), autoescape=True, trim_blocks=True, lstrip_blocks=True
    )
    page = environment.get_template("sheet.html")
    return page.render(title=title, blocks=blocks(renderable))
