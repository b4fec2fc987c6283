"""Tables for plans, limits and check results. Presentation only: no rule logic.

Built from `optimizer.render.plain`'s tables and lines, which Rich prints as its own (`__rich__`) and which
`plain.write` writes without importing Rich where the output is no terminal (start-up)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from models.naval_tables import SEASONS
from models.plan import ChartSnapshot, Plan
from models.route_data import SHARED_CAPACITIES, Leg, Ocean, leg_id
from models.scenario import Scenario
from models.tables import Power
from optimizer.render.plain import Group, Table, Text

if TYPE_CHECKING:  # only annotations: `awaw legs` and `awaw sites` need no grant or limit preparation
    from rich.console import Console, RenderableType

    from optimizer.rules.grants.prepare import GrantNetwork
    from optimizer.rules.limits.prepare import LimitBreakdown
    from optimizer.rules.placement.prepare import BuildSite


def _site(build_site: str | None, alternatives: list[str]) -> str:
    if build_site is None:
        return "(partisan rules, 11.3)"
    if not alternatives:
        return build_site
    if len(alternatives) == 1:
        return f"{build_site} (or {alternatives[0]})"
    return f"{build_site} (or {len(alternatives)} others)"


def notes_parts(notes: Iterable[str]) -> list[RenderableType]:
    """What the scenario leaves out and the starting state it then takes, one line each."""
    return [Text(f"Note: {note}", style="italic") for note in notes]


def plan_tables(scenario: Scenario, plan: Plan) -> Group:
    """The plan as a player reads it: builds, BRPs and limits, oil, grants, naval, objective."""
    parts: list[RenderableType] = [
        Text(
            f"{plan.scenario} — {scenario.turn.season.value} {scenario.turn.year}, {scenario.faction.value}",
            style="bold",
        ),
        *notes_parts(plan.notes),
        builds_table(plan),
        accounts_table(plan),
    ]
    for o in plan.oil:
        kept = scenario.oil_kept_back(o.faction)
        parts.append(
            Text(
                f"Oil (27.35, {o.faction.value}): {o.counters_spent} of {o.counters_available} counters spent; "
                f"threshold {o.threshold_brps} BRPs, {o.normal_cost_brps} used at normal cost; "
                f"{o.oil_affected_brps} BRPs paid past it"
                + (f"; {kept} more kept back for uninverting and exploitation (27.35 F)" if kept else "")
            )
        )
    if plan.grants:
        parts.extend(grants_parts(scenario, plan))
    for opening in plan.route_openings:
        what = opening_words(opening.route)
        parts.append(Text(f"{opening.paid_by.value} {what} for {opening.brps} BRPs, usable from next turn"))
    parts.extend(naval_tables(plan))
    if plan.inverted:
        parts.append(Text("Inversion: " + "; ".join(plan.inverted)))
    if plan.not_buildable:
        barred = Table(title="Not buildable this turn", title_justify="left")
        for column in ("power", "entry", "rule", "why"):
            barred.add_column(column)
        for n in plan.not_buildable:
            barred.add_row(n.power.value, n.entry, n.rule, n.reason)
        parts.append(barred)
    if plan.objective is not None:
        stages = "; ".join(
            f"{s.priority} {s.value:g}" + ("" if s.proven else " (not proven)") for s in plan.objective.stages
        )
        parts.append(
            Text(
                f"Status {plan.status.value}; objective {plan.objective.value:g} (bound {plan.objective.bound:g}, "
                f"gap {plan.objective.gap:.2%}); priorities: {stages}"
            )
        )
    return Group(*parts)


def builds_table(plan: Plan) -> Table:
    """One row per build line: where, how many, what it costs, and whether it is past the oil threshold."""
    builds = Table(title="Builds", title_justify="left")
    for column in ("power", "unit", "entry", "site", "counters", "factors", "BRPs", "oil"):
        builds.add_column(column, justify="right" if column in ("counters", "factors", "BRPs") else "left")
    for b in plan.builds:
        oil = f"{b.oil_units} past threshold" if b.oil_units else "normal"
        builds.add_row(
            b.power.value,
            b.unit.value,
            b.entry,
            _site(b.site, b.alternatives),
            str(b.counters),
            str(b.factors),
            str(b.brps),
            oil,
        )
    if not plan.builds:
        builds.add_row("—", "nothing built", "", "", "", "", "", "")
    return builds


def accounts_table(plan: Plan) -> Table:
    """Per power: BRPs available, spent and kept, the limit and naval air used, the oil effect."""
    accounts = Table(title="BRPs, construction limit, naval air", title_justify="left")
    for column in ("power", "available", "spent", "kept", "limit used", "naval air", "oil effect (27.35 H)"):
        accounts.add_column(column, justify="left" if column == "power" else "right")
    for power, r in plan.powers.items():
        incurred = (
            "n/a (U.S.)"
            if r.oil_effect_incurred is None
            else ("incurred" if r.oil_effect_incurred else "avoided")
        )
        accounts.add_row(
            power.value,
            str(r.brps_available),
            str(r.construction_brps),
            str(r.brps_kept),
            f"{r.limit_used} / {r.construction_limit}",
            f"{r.naval_air_used} / {r.naval_air_rate}",
            incurred,
        )
    return accounts


def grants_parts(scenario: Scenario, plan: Plan) -> list[RenderableType]:
    """The grants table, the loss-rate note, and transports used per ocean (rule 40)."""
    grants = Table(title="Grants (rule 40)", title_justify="left")
    for column in ("from", "to", "route", "path", "BRPs", "oil", "expected"):
        grants.add_column(column, justify="right" if column in ("BRPs", "oil", "expected") else "left")
    for g in plan.grants:
        grants.add_row(
            g.grantor.value,
            g.recipient,
            g.route or "direct",
            " > ".join(g.path),
            str(g.brps),
            str(g.oil_counters) if g.oil_counters else "",
            f"{g.expected_brps:g}" if g.expected_brps is not None else "",
        )
    parts: list[RenderableType] = [grants]
    if scenario.grants and scenario.grants.loss_rates:
        parts.append(
            Text("With the scenario's loss rates, the plan maximizes expected delivered BRPs ('expected').")
        )
        held = (
            "the plan lets it spend the whole grant (setting spend_grants_lost_to_interception)"
            if scenario.settings.spend_grants_lost_to_interception
            else "its BRPs available count only the BRPs expected to arrive, rounded down"
        )
        parts.append(Text(f"BRPs lost to interception are not available to the recipient (40.23 B): {held}."))
    used: dict[str, int] = {}
    for t in plan.transports:
        used[t.ocean] = used.get(t.ocean, 0) + t.transports
    available = scenario.grants.transports if scenario.grants else {}
    parts.append(
        Text(
            "Transports (40.221): "
            + "; ".join(
                f"{ocean} {n} of {available.get(Ocean(ocean), 0)}" for ocean, n in sorted(used.items())
            )
            if used
            else "Transports (40.221): none needed"
        )
    )
    return parts


def chart_table(snapshot: ChartSnapshot, title: str) -> Table:
    """A Naval Construction Chart laid out as printed: rows Launch, 2-5 by season columns."""
    table = Table(title=title, title_justify="left", show_lines=True)
    table.add_column("row")
    for season in SEASONS:
        table.add_column(season)
    cells: dict[tuple[str, str], list[str]] = {}
    for ship in snapshot.ships:
        cells.setdefault((ship.row, ship.column), []).append(
            f"{ship.ship} ({ship.unit.value} {ship.factors})"
        )
    for row in ("launch", "2", "3", "4", "5"):
        table.add_row(row, *("\n".join(cells.get((row, season), [])) for season in SEASONS))
    if snapshot.waiting_for_repair:
        table.caption = "waiting for repair: " + ", ".join(snapshot.waiting_for_repair)
    return table


def naval_tables(plan: Plan) -> list[RenderableType]:
    """Chart actions, SW units, and each chart before and after this turn (27.7, 27.9)."""
    if not plan.naval_actions and not plan.charts and not plan.sw_builds:
        return []
    parts: list[RenderableType] = []
    now = [a for a in plan.naval_actions if a.turn == 0]
    actions = Table(title="Naval construction this turn (27.7)", title_justify="left")
    for column in ("power", "yard", "ship", "unit", "action", "from", "to", "SB", "BRPs"):
        actions.add_column(column, justify="right" if column in ("SB", "BRPs") else "left")
    for a in now:
        actions.add_row(
            a.power.value,
            a.yard,
            a.ship,
            f"{a.unit.value} {a.factors}",
            a.action,
            a.before,
            a.after,
            str(a.sb),
            str(a.brps),
        )
    if not now:
        actions.add_row("—", "", "nothing this turn", "", "", "", "", "", "")
    parts.append(actions)
    if plan.sw_builds:
        sw = Table(title="SW units built (27.9)", title_justify="left")
        for column in ("power", "unit", "factors", "yard", "BRPs", "placed", "may redeploy to"):
            sw.add_column(column)
        for b in plan.sw_builds:
            sw.add_row(
                b.power.value,
                b.unit.value,
                str(b.factors),
                b.yard,
                str(b.brps),
                b.placed,
                ", ".join(b.sw_boxes) or "no SW box",
            )
        parts.append(sw)
    for report in plan.naval:
        later = report.brps_by_turn[1:]
        text = f"{report.power.value}: naval BRPs this turn {report.brps_by_turn[0]}"
        if report.oil_steps:
            text += f" ({report.oil_steps} steps past the oil threshold)"
        if later:
            text += "; planned for the next turns: " + ", ".join(str(b) for b in later)
        parts.append(Text(text))
    later_actions = [
        a
        for a in plan.naval_actions
        if a.turn > 0 and (a.action in ("lay_down", "start_repair") or a.after == "launched")
    ]
    if later_actions:
        parts.append(
            Text(
                "Later in the horizon: "
                + "; ".join(
                    f"turn +{a.turn} {a.yard} {a.ship} "
                    + ("launched" if a.after == "launched" else a.action.replace("_", " "))
                    for a in later_actions
                )
            )
        )
    for snapshot in plan.charts:
        if snapshot.turn in (0, 1):
            when = "before this turn" if snapshot.turn == 0 else "after this turn"
            parts.append(chart_table(snapshot, f"{snapshot.power.value} {snapshot.yard}: chart {when}"))
    return parts


def _breakdown_table(title: str, breakdown: LimitBreakdown) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("rule")
    table.add_column("item")
    table.add_column("BRPs", justify="right")
    for line in breakdown.lines:
        table.add_row(line.rule, line.label, str(line.amount) if line.total else f"{line.amount:+d}")
    return table


def limits_tables(breakdowns: Iterable[LimitBreakdown], dominions: Iterable[LimitBreakdown]) -> Group:
    parts = [_breakdown_table(f"{b.power.value}: construction limit {b.limit}", b) for b in breakdowns]
    parts += [_breakdown_table(f"{b.lines[-1].label}: {b.limit}", b) for b in dominions]
    return Group(*parts)


def routes_tables(network: GrantNetwork) -> Group:
    """Every named route and every grantor and recipient this turn, with what closes them (rule 40).

    Routes that share one capacity (40.83: a Chinese port and French Indochina, ten BRPs a turn
    together) are marked "shared" when open, and a note under the table says so."""
    routes = Table(title="Grant routes this turn", title_justify="left")
    for column in ("route", "state", "capacity", "oil counters", "closed by"):
        routes.add_column(column, justify="right" if column in ("capacity", "oil counters") else "left")
    shared_routes = {route for shared in SHARED_CAPACITIES for route in shared.routes}
    for route, status in network.routes.items():
        closed = f"{status.closure[0]}: {status.closure[1]}" if status.closure else ""
        capacity = str(status.capacity)
        routes.add_row(
            route.value,
            "open" if status.open else "closed",
            f"{capacity}, shared" if route in shared_routes and status.open else capacity,
            str(status.oil_counters),
            closed,
        )
    notes = [
        Text(
            f"{shared.rule}: {' and '.join(route.value for route in shared.routes)} share {shared.brps} BRPs "
            f"a turn ({shared.label}: at most {shared.brps} together)"
        )
        for shared in SHARED_CAPACITIES
    ]
    pairs = Table(title="Who may grant to whom (40.3)", title_justify="left")
    for column in ("from", "to", "state", "paths", "closed by"):
        pairs.add_column(column)
    for (grantor, recipient), paths in sorted(network.paths.items()):
        pairs.add_row(grantor.value, recipient, "open", str(len(paths)), "")
    for (grantor, recipient), (rule, why) in sorted(network.closed_pairs.items()):
        pairs.add_row(grantor.value, recipient, "closed", "0", f"{rule}: {why}")
    caps = [Text(f"{cap.rule}: {cap.label}: at most {cap.brps} BRPs") for cap in network.caps]
    return Group(routes, *notes, pairs, *caps)


def sites_table(power: Power, sites: Iterable[BuildSite]) -> Table:
    """Where `power` may build (27.4, 27.92), each site's state in the scenario, and what bars it now."""
    table = Table(title=f"Sites where {power.value} may build (27.4)", title_justify="left")
    for column in (
        "site",
        "country",
        "port",
        "builds",
        "controller",
        "supply",
        "ground room",
        "air room",
        "now",
    ):
        table.add_column(column)
    for s in sites:
        supply = "supplied" if s.supplied else "not supplied"
        if s.supply.value != "traced":
            supply = f"{s.supply.value} (set)"
        state = [
            *(["not held at turn start"] if not s.controlled_at_turn_start else []),
            *(["recaptured"] if s.recaptured_this_turn else []),
            *(["enemy ZoC"] if s.enemy_zoc else []),
        ]
        controller = s.controller.value if s.controller else "-"
        table.add_row(
            s.site,
            s.country,
            "port" if s.port else "",
            s.units,
            ", ".join([controller, *state]),
            supply,
            "any" if s.ground_capacity is None else str(s.ground_capacity),
            "any" if s.air_capacity is None else str(s.air_capacity),
            "buildable" if s.refusal is None else f"{s.refusal[0]}: {s.refusal[1]}",
        )
    return table


def legs_table(legs: Iterable[Leg]) -> Table:
    """Route legs that may be intercepted, under the names `grants.loss_rates` takes (40.223)."""
    table = Table(title="Legs that take loss rates (grants.loss_rates)", title_justify="left")
    for column in ("leg", "mode", "ocean", "route", "rule"):
        table.add_column(column)
    for leg in legs:
        table.add_row(
            leg_id(leg),
            leg.mode.value,
            leg.ocean.value if leg.ocean else "",
            leg.route.value if leg.route else "",
            leg.rule,
        )
    return table


def console(stderr: bool = False) -> Console:
    from rich.console import Console

    # A fixed width keeps the output the same from terminal to terminal and in pipes.
    # Text is printed as written: no markup ("[reading]" is text) and no emoji codes.
    return Console(width=120, stderr=stderr, highlight=False, soft_wrap=False, markup=False, emoji=False)


def opening_words(route: str) -> str:
    """What paying for a route opening does: Persia is opened (40.52), the Alaska highway built (40.72)."""
    return "opens the Persian route (40.52)" if route == "persia" else "builds the Alaska highway (40.72)"
