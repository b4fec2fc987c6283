"""The player's fixed and forbidden decisions (`awaw plan --fix`, `--forbid`, `--why-not`) as constraints of
the turn model.

A position built with decisions (`optimizer.turn.built.Built(scenario, decisions)`) hands the parsed
decisions (`optimizer.turn.decision_forms`) to `prepare`, which keeps them in `Prepared.decisions`
(`Built.fixed` posts more on a copy of the model, with `post_decisions`); `check_decisions` refuses names the position does not have (bad input,
with the nearest name); `add_decisions`, a rule family of `optimizer.turn.model`, posts one constraint each,
guarded like the player's other requirements, so that an impossible combination is explained as any
requirement is (the rules that block it, by number). A decision the rules make impossible outright (a
site the entry may not use, a chart action not open to the ship, a closed route) adds its reason to that
explanation (`blocked`).

`POWER:NAME` names a force pool entry or, when NAME is one of the power's `naval: sw_units` lines, an SW
build of this turn (27.9; `sw_line`), `@YARD` then the shipyard whose points pay (27.711, 27.721 A). A
name that is both is refused as ambiguous [reading: neither is the player's obvious meaning, and the
scenario may rename one].
"""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model

from models.io import InputError
from models.naval_tables import SW_BRPS_PER_FACTOR, SW_SB_PER_FACTOR, ChartAction, one_factor_points
from models.season import turn_name
from models.tables import Power
from optimizer.rules.grants.prepare import path_route
from optimizer.rules.guards import Guards
from optimizer.rules.linear import LinearExpr
from optimizer.turn.decision_forms import SOURCE, Decision, Kind, suggest
from optimizer.turn.prepare import Prepared
from optimizer.turn.variables import Variables


def entry_key(decision: Decision) -> str:
    assert decision.power is not None
    return f"{decision.power.value}/{decision.entry}"


def sw_line(data: Prepared, decision: Decision) -> str | None:
    """The SW build ("power/line") a `POWER:NAME` decision names: NAME a line of the power's `naval:
    sw_units` and not a force pool entry (27.9); None for any other decision."""
    if decision.kind is not Kind.BUILD or data.naval is None:
        return None
    key = entry_key(decision)
    return key if key in data.naval.sw_builds and key not in data.entries else None


def sw_yard(decision: Decision) -> str | None:
    """The shipyard key ("power/yard") an SW build's `@YARD` names; None without one."""
    assert decision.power is not None
    return None if decision.site is None else f"{decision.power.value}/{decision.site}"


def sw_yards(data: Prepared, decision: Decision) -> list[str]:
    """The yards whose points may pay for the SW build (27.711): the one named, or each of the power's."""
    assert data.naval is not None and decision.power is not None
    named = sw_yard(decision)
    return [
        key
        for key, yard in data.naval.yards.items()
        if yard.power is decision.power and yard.sw_ports and named in (None, key)
    ]


def ship_keys(data: Prepared, decision: Decision) -> list[str]:
    """The ships `decision.ship` names: 'ship' or 'yard/ship', of the decision's power."""
    if data.naval is None or decision.power is None or decision.ship is None:
        return []
    found = []
    for key in data.naval.ships:
        power, yard, name = key.split("/", 2)
        if power == decision.power.value and decision.ship in (name, f"{yard}/{name}"):
            found.append(key)
    return sorted(found)


def _yard_refuses_design(data: Prepared, decision: Decision) -> str | None:
    """Why a copy of a design ('design#n' or 'yard/design#n') has no ship to lay down: the power's yard,
    or every yard of its, builds no new ship this turn (27.712 A: controlled and fully supplied; 27.713:
    a captured yard only repairs); None when the name is no copy of a design of the power's."""
    assert data.naval is not None and decision.power is not None
    yard, _, copy = (decision.ship or "").rpartition("/")
    design = copy.partition("#")[0]
    power = decision.power.value
    if "#" not in copy or f"{power}/{design}" not in data.naval.design_counts:
        return None
    yards = [y for y in data.naval.yards.values() if y.power is decision.power and yard in ("", y.site)]
    if not yards or any(y.builds and not y.captured for y in yards):
        return None
    why = "; ".join(
        f"{y.site} is captured and only repairs (27.713)"
        if y.captured
        else f"{y.site} is not both controlled by {power} and fully supplied (27.712 A)"
        for y in yards
    )
    return f"no copy of '{design}' may be laid down: {why}"


def check_decisions(data: Prepared, decisions: Sequence[Decision] | None = None) -> list[tuple[str, str]]:
    """(option, problem) for each decision naming what the position does not have: an entry not in the
    power's force pool, an unknown site, a ship not on the power's charts, a turn past the horizon, a
    grant pair or route when the scenario plans no grants. Impossible but well-named decisions are not
    problems here: the solve explains them (exit 1)."""
    problems: list[tuple[str, str]] = []
    for decision in data.decisions if decisions is None else decisions:
        problem = _problem(data, decision)
        if problem is not None:
            problems.append((decision.option, f"'{decision.text}': {problem}"))
    return problems


def raise_bad_decisions(data: Prepared, decisions: Sequence[Decision] | None = None) -> None:
    """Raise `InputError` (bad input, exit 2) for the decisions (the prepared ones by default) that name
    what the position does not have."""
    problems = check_decisions(data, decisions)
    if problems:
        raise InputError(SOURCE, problems)


def _problem(data: Prepared, decision: Decision) -> str | None:
    assert decision.power is not None or decision.kind is Kind.ROUTE
    if decision.kind is Kind.BUILD:
        assert decision.power is not None
        if decision.power not in data.powers:
            return f"the scenario does not plan {decision.power.value}"
        key = entry_key(decision)
        power = decision.power.value
        lines = [] if data.naval is None else [k for k in data.naval.sw_builds if k.startswith(f"{power}/")]
        if key in data.entries and key in lines:
            return (
                f"'{decision.entry}' is both a force pool entry and an sw_units line of {power}; "
                "give one of them another id in the scenario"
            )
        if key in lines:
            return _sw_problem(data, decision)
        if key not in data.entries:
            mine = [k.split("/", 1)[1] for k in (*data.entries, *lines) if k.startswith(f"{power}/")]
            what = "force pool entry or sw_units line" if lines else "force pool entry"
            return f"no {what} '{decision.entry}' for {power}" + suggest(decision.entry or "", mine)
        if decision.site is not None and decision.site not in data.site_country:
            sites = [s for s in data.site_country if s is not None]
            return f"'{decision.site}' is not a site" + suggest(decision.site, sites)
        return None
    if decision.kind is Kind.ACTION:
        assert decision.power is not None
        if data.naval is None:
            return "the scenario has no naval construction (no naval: section)"
        keys = ship_keys(data, decision)
        if not keys and (barred := _yard_refuses_design(data, decision)):
            return barred
        if not keys:
            mine = sorted(
                {k.split("/", 2)[2] for k in data.naval.ships if k.startswith(f"{decision.power.value}/")}
            )
            return f"no ship '{decision.ship}' on {decision.power.value}'s charts" + suggest(
                decision.ship or "", mine
            )
        if len(keys) > 1:
            yards = ", ".join(k.split("/", 1)[1] for k in keys)
            return f"'{decision.ship}' names {len(keys)} ships; give YARD/SHIP: {yards}"
        turns = len(data.naval.seasons)
        if decision.turn >= turns:
            # `awaw plan` takes --horizon; `awaw season` (a one-turn season too) reads horizon.turns only.
            # Named by season and year: the form may count from 0 (@K) or, in a one-turn season, from 1
            # (@turnN), so a number would read wrong one way or the other.
            first, last, asked = (turn_name(data.scenario.turn, t) for t in (0, turns - 1, decision.turn))
            return (
                f"{asked} is past the horizon of {turns} turns ({first} to {last}; awaw plan --horizon, or "
                "the scenario's horizon.turns)"
            )
        return None
    network = data.network
    if network is None:
        return "the scenario plans no grants (no grants: section)"
    if decision.kind is Kind.GRANT:
        recipients = sorted({r for (_, r) in (*network.paths, *network.closed_pairs)})
        if decision.recipient not in recipients:
            return f"'{decision.recipient}' receives no grants here" + suggest(
                decision.recipient or "", recipients
            )
    return None


def _sw_problem(data: Prepared, decision: Decision) -> str | None:
    """An SW build's `@YARD` that is not one of the power's shipyards."""
    assert data.naval is not None and decision.power is not None
    if decision.site is None or sw_yard(decision) in data.naval.yards:
        return None
    power = decision.power.value
    yards = [k.split("/", 1)[1] for k in data.naval.yards if k.startswith(f"{power}/")]
    return f"'{decision.site}' is not a shipyard of {power}" + suggest(decision.site, yards)


def _sw_blocked(data: Prepared, decision: Decision) -> list[str]:
    """Why the rules make a fixed SW build impossible outright: a yard whose points build no SW units
    (27.711: a home country's, either U.S. box's or Canada's, never Australia's or a captured yard's),
    more factors than the line has (27.9), or than the yards' one-factor points allow (27.7221 A: at most
    half a yard's rate, rounded up, on one-factor units; an SW factor costs 1 SB point, 27.721 A)."""
    assert data.naval is not None
    key = entry_key(decision)
    where = "" if decision.site is None else f" at {decision.site}"
    yards = sw_yards(data, decision)
    if not yards:
        if decision.site is None:
            return [f"blocked by 27.711 ({key}): none of its power's shipyards builds SW units"]
        return [
            f"blocked by 27.711 ({key}{where}): {decision.site}'s points build no SW units (a home "
            "country's yard, either U.S. box or Canada builds them; never Australia or a captured yard)"
        ]
    wanted = decision.amount or 1
    count = data.naval.sw_builds[key][2]
    if wanted > count:
        return [f"blocked by 27.9 sw_units ({key}): {count} factors on the line this turn"]
    half = {yard: one_factor_points(data.naval.yards[yard].rate) for yard in yards}
    if wanted * SW_SB_PER_FACTOR > sum(half.values()):
        points = ", ".join(f"{points} at {yard.split('/', 1)[1]}" for yard, points in half.items())
        return [
            f"blocked by 27.7221 A ({key}{where}): one-factor units use at most half a yard's rate, "
            f"rounded up ({points}), and each SW factor costs {SW_SB_PER_FACTOR} SB point and "
            f"{SW_BRPS_PER_FACTOR} BRPs (27.721 A)"
        ]
    return []


def blocked(data: Prepared, decision: Decision) -> list[str]:
    """Why the rules make a fixed decision impossible outright, as explanation lines; [] when they
    do not (a forbidden decision is never impossible, but a forbidden site is said with its class)."""
    if decision.forbid:
        return _forbidden_class(data, decision)
    if sw_line(data, decision) is not None:
        return _sw_blocked(data, decision)
    if decision.kind is Kind.BUILD:
        entry = data.entries[entry_key(decision)]
        if decision.site is not None and _build_slot(data, decision) is None:
            refusal = entry.refused_sites.get(decision.site)
            if refusal is not None:
                return [f"blocked by {refusal[0]} placement ({entry.key} at {decision.site}): {refusal[1]}"]
            return [f"blocked by 27.4 placement ({entry.key}): {decision.site} is not a site it may use"]
        if not entry.sites and entry.barred is None:
            return [f"blocked by 27.4 placement ({entry.key}): no eligible site this turn"]
        return []
    if decision.kind is Kind.ACTION:
        assert data.naval is not None and decision.action is not None
        (key,) = ship_keys(data, decision)
        if decision.action is ChartAction.SCUTTLE:
            barred = _scuttle_barred(data, key, decision.turn)
            if barred is not None:
                return [f"blocked by 27.7272 E ({key}): {barred}"]
        if not _open_to(data, key, decision.turn, decision.action):
            return [
                f"blocked by 27.7272 chart ({key}): {decision.action.value} is never open to it "
                f"{chart_turn_name(data, decision.turn)}"
            ]
        return []
    network = data.network
    assert network is not None
    if decision.kind is Kind.GRANT:
        assert decision.power is not None and decision.recipient is not None
        pair = (decision.power, decision.recipient)
        if pair in network.closed_pairs:
            rule, reason = network.closed_pairs[pair]
            return [f"blocked by {rule} ({decision.power.value} to {decision.recipient}): {reason}"]
        if not [p for p in network.paths.get(pair, ()) if _on_route(data, p, decision)]:
            return _route_closed(data, decision) or [
                f"blocked by rule 40 ({decision.power.value} to {decision.recipient}): no open path"
                + (f" by {decision.route.value}" if decision.route else "")
            ]
        return []
    assert decision.route is not None
    if (
        not any(route is decision.route for route, _ in network.openings)
        and not network.routes[decision.route].open
    ):
        return _route_closed(data, decision)
    return []


def chart_turn_name(data: Prepared, t: int) -> str:
    """The naval chart's turn `t` (0 this turn, as @K counts) as a player reads it, whether he names it
    @K (`awaw plan`) or @turnN (`awaw season`): 'this turn', else 'in' its season and year."""
    if t == 0:
        return "this turn"
    return f"in {turn_name(data.scenario.turn, t)}"


def _scuttle_barred(data: Prepared, key: str, turn: int) -> str | None:
    """Why 27.7272 E bars scuttling the ship `key` on the chart's `turn`, or None: France never scuttles,
    so not on a French chart, nor, with the setting french_ships_never_scuttled, a French ship on an
    ally's (`ShipData.scuttled_never`), each said as it is; this turn, scuttling is "subject to the same restrictions as deferring
    naval construction (27.7272C)", which `deferring_allowed: false` restricts (a season's later turns
    are explained by the constraint, `optimizer.season.explain`)."""
    naval = data.naval
    assert naval is not None
    ship = naval.ships[key]
    if ship.scuttled_never and ship.chart_power is Power.FRANCE:
        return "France may never scuttle ships, and this one is on a French chart"
    if ship.scuttled_never:
        return (
            "France may never scuttle ships, read with french_ships_never_scuttled as no French ship "
            f"scuttled, and this French ship is on {ship.chart_power.value}'s {ship.yard.split('/', 1)[1]} chart"
        )
    if turn == 0 and not naval.deferring_allowed[naval.yards[ship.yard].power]:
        return (
            "scuttling is subject to the same restrictions as deferring (27.7272 C), and deferring_allowed "
            "is false this turn"
        )
    return None


def _route_closed(data: Prepared, decision: Decision) -> list[str]:
    assert data.network is not None
    if decision.route is None:
        return []
    status = data.network.routes[decision.route]
    if status.closure is not None:
        rule, reason = status.closure
        return [f"blocked by {rule} (route {decision.route.value}): {reason}"]
    if not status.open:
        return [f"blocked by rule 40 (route {decision.route.value}): no capacity this turn"]
    return []


def _open_to(data: Prepared, key: str, turn: int, action: ChartAction) -> bool:
    """Whether `action` is open to the ship `key` on `turn` from a state it can reach (27.7272)."""
    from optimizer.rules.naval.chart import chart_walk

    naval = data.naval
    assert naval is not None
    ship = naval.ships[key]
    deferring = naval.deferring_allowed[naval.yards[ship.yard].power]
    for t, _, options in chart_walk(ship, naval.seasons, deferring):
        if t == turn:
            return any(a is action for opened in options.values() for a, _ in opened)
    return False


def interchangeable_sites(data: Prepared, decision: Decision) -> list[str]:
    """The sites a build decision's site stands for: its class of interchangeable sites (27.4), which the
    model places counters at as one (`ForcePoolData.slot_of`); the site alone when it has none."""
    entry = data.entries[entry_key(decision)]
    slot = entry.slot_of(decision.site)
    if slot is None:
        return [] if decision.site is None else [decision.site]
    return [slot, *entry.alternatives.get(slot, [])]


def _forbidden_class(data: Prepared, decision: Decision) -> list[str]:
    """A build forbidden at a site forbids its whole class of interchangeable sites [reading: the model
    keeps one variable per class, so no plan tells them apart]: said, naming them, when the forbid is
    among what cannot be met."""
    if decision.kind is not Kind.BUILD or decision.site is None or sw_line(data, decision) is not None:
        return []
    sites = interchangeable_sites(data, decision)
    others = [site for site in sites if site != decision.site]
    if not others:
        return []
    return [
        f"{decision.describe()} forbids the sites interchangeable with {decision.site} too (27.4): "
        + ", ".join(others)
    ]


def _build_slot(data: Prepared, decision: Decision) -> str | None:
    """The representative site of the decision's site (its class, 27.4); None when it may not be used."""
    return data.entries[entry_key(decision)].slot_of(decision.site)


def _on_route(data: Prepared, path: tuple[str, ...], decision: Decision) -> bool:
    assert data.network is not None
    return decision.route is None or path_route(path, data.network.legs) is decision.route


def expression(data: Prepared, variables: Variables, decision: Decision) -> LinearExpr:
    """What the decision counts: counters of the entry (at the site's class), the ship's action literals
    on the turn, BRPs granted (by the route), or the route's openings (else, for a route that is open,
    what is sent by it: BRPs and oil counters); for an SW build, its factors built this turn (paid by the
    yard). For a forbidden route, openings and use together."""
    line = sw_line(data, decision)
    if line is not None:
        naval = variables.naval
        yard = sw_yard(decision)
        if naval is None:
            return 0
        return sum(var for (build, at), var in naval.sw.items() if build == line and yard in (None, at))
    if decision.kind is Kind.BUILD:
        key = entry_key(decision)
        builds = variables.builds
        if decision.site is None:
            return sum(var for (k, _), var in builds.counters.items() if k == key)
        site = _build_slot(data, decision)
        return builds.counters.get((key, site), 0) if site is not None else 0
    if decision.kind is Kind.ACTION:
        naval = variables.naval
        if naval is None:
            return 0
        keys = set(ship_keys(data, decision))
        return sum(
            var
            for (k, t, _, action), var in naval.act.items()
            if k in keys and t == decision.turn and action is decision.action
        )
    grants = variables.grants
    if grants is None:
        return 0
    if decision.kind is Kind.GRANT:
        pair = (decision.power, decision.recipient)
        return sum(
            var for (p, path), var in grants.flows.items() if p == pair and _on_route(data, path, decision)
        )
    opened: LinearExpr = sum(var for (route, _), var in grants.openings.items() if route is decision.route)
    used: LinearExpr = sum(
        var
        for flows in (grants.flows, grants.oil)
        for (_, path), var in flows.items()
        if path_route(path, grants.network.legs) is decision.route
    )
    if decision.forbid:
        return opened + used
    return opened if any(route is decision.route for route, _ in grants.openings) else used


def holds(decision: Decision, amount: int) -> bool:
    """Whether a plan in which the decision's expression is `amount` keeps the decision."""
    if decision.forbid:
        return amount == 0
    if decision.amount is not None:
        return amount == decision.amount
    return amount >= 1


def add_decisions(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """One constraint per fixed or forbidden decision, guarded as a player's requirement."""
    post_decisions(model, data, variables, guards, data.decisions)


def post_decisions(
    model: cp_model.CpModel,
    data: Prepared,
    variables: Variables,
    guards: Guards,
    decisions: Sequence[Decision],
) -> None:
    """One constraint per decision of `decisions`, in order, as `add_decisions` posts them (so decisions
    posted on a copy of a built model give the model built with them)."""
    for decision in decisions:
        expr = expression(data, variables, decision)
        if isinstance(expr, int):
            expr = model.new_constant(expr)
        if decision.forbid:
            constraint = model.add(expr == 0)
        elif decision.amount is not None:
            constraint = model.add(expr == decision.amount)
        else:
            constraint = model.add(expr >= 1)
        constraint.only_enforce_if(guards.of("requirement", decision.describe()))
