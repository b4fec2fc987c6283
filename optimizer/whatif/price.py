"""A player's decisions priced by the planner itself (`awaw compare`, `awaw check` on a decisions file).

The player's decisions (`models.decisions.Decisions`) are fixed in the CP-SAT model of the turn and the
scenario's priorities solved over what they leave open (oil counters when the plan does not say, the SW
deployment, chart actions of later turns the plan does not list). The extracted plan carries every price
the planner computes: BRPs with every multiplier, construction limit used, units past the oil threshold,
naval air, grants and transports. A plan that breaks a rule makes that model infeasible; it is then priced
in the model with a literal per rule family and subject (`optimizer.rules.guards.ExplainGuards`), holding
as many of them as the decisions allow, so the prices are still the planner's and the literals dropped are
the families the plan breaks.

Decisions the model has no choice for (a site where the entry may not be placed this turn, a chart
action the ship cannot take, a grant by a route that is closed) cannot be fixed: a build line is still
checked (added to the priced plan at its normal price, 27.12, so the checker names the rule), the others
are reported with the rule the planner's preparation names for them.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.comparison import Finding
from models.decisions import (
    BuildDecision,
    ChartDecision,
    Decisions,
    GrantDecision,
    OpeningDecision,
    SWBuildDecision,
)
from models.naval_tables import ChartAction
from models.plan import BuildLine, Plan, Status
from models.powers import Turn
from models.season import turn_name
from models.tables import NON_CONSTRUCTION_COSTS, CostBasis
from optimizer.rules.force_pool.extract import line_brps
from optimizer.rules.force_pool.prepare import EntryData
from optimizer.rules.grants.prepare import path_route
from optimizer.turn.built import Built
from optimizer.turn.model import new_solver
from optimizer.turn.prepare import Prepared
from optimizer.turn.solve import Solved
from optimizer.turn.variables import Variables

FREE_ACTIONS = (ChartAction.DEFER, ChartAction.LAUNCH)  # no SB point, no BRP (27.7272 C, D)


@dataclass
class Unpriced:
    """Decisions the model has no variable for: build lines of entries with no site at all this turn
    (checked all the same, at their normal price), and the other decisions' reasons, each with its rule."""

    builds: list[BuildDecision] = field(default_factory=list)
    reasons: list[Finding] = field(default_factory=list)

    def breaks(self, rule: str, message: str) -> None:
        """A decision the rules leave no variable for, with the rule."""
        self.reasons.append(Finding(rule=rule, kind="rule", message=message))


@dataclass
class Priced:
    """The player's decisions priced by the planner: the solve of the position with them fixed, the
    position's prepared data, and what could not be fixed."""

    result: Solved
    data: Prepared
    unpriced: Unpriced
    broken: list[tuple[str, str]] | None  # guard literals dropped (rule, subject); None: the plain model held


def _model_site(entry: EntryData, site: str | None) -> tuple[bool, str | None]:
    """Whether the model can take counters the player places at `site`, and at which of its sites: the
    first of the class of interchangeable sites (27.4); for a site where the entry may not be placed this
    turn, the entry's first eligible site stands in, so that the line is priced like any other (its price
    does not depend on the site) and the checker, reading the player's site, names the placement rule it
    breaks. (False, None) when the entry has no eligible site at all (27.21, 27.22, 27.4)."""
    slot = entry.slot_of(site)
    if slot is not None:
        return True, slot
    return (True, entry.sites[0]) if entry.sites else (False, None)


def fix_decisions(
    model: cp_model.CpModel, data: Prepared, variables: Variables, decisions: Decisions
) -> Unpriced:
    """Post the player's decisions as constraints; every build, this turn's chart work, SW units, grants and
    route openings the plan leaves out are fixed to none. Returns what could not be fixed."""
    unpriced = Unpriced()
    wanted: Counter[tuple[str, str | None]] = Counter()
    for build in decisions.builds:
        key = f"{build.power.value}/{build.entry}"
        taken, site = _model_site(data.entries[key], build.site) if key in data.entries else (False, None)
        if taken:
            wanted[key, site] += build.counters
        else:
            unpriced.builds.append(build)
    for slot, var in variables.builds.counters.items():
        model.add(var == wanted.get(slot, 0))
    _fix_naval(model, data, variables, decisions, unpriced)
    _fix_grants(model, data, variables, decisions, unpriced)
    if decisions.oil_counters_spent is not None:
        for faction, spent in decisions.oil_counters_spent.items():
            if faction in variables.oil.counters:
                variables.oil.fix(model, faction, spent)
    return unpriced


def _fix_naval(
    model: cp_model.CpModel, data: Prepared, variables: Variables, decisions: Decisions, unpriced: Unpriced
) -> None:
    """Chart actions and SW units (27.7, 27.9). A ship with no action listed for turn 0 takes none that
    costs: it stays, defers (27.7272 C) or, in the Launch row of the turn's column, launches (27.7272 D)
    [reading: the actions that spend neither SB points nor BRPs are what a player leaves unsaid]; later
    turns not listed are planned."""
    naval = variables.naval
    if naval is None:
        for action in decisions.naval:
            unpriced.breaks("27.7", f"{_action(action, data.scenario.turn)}: no naval section")
        for sw in decisions.sw_builds:
            unpriced.breaks("27.9", f"{sw.build}: no naval section")
        return
    chosen: dict[tuple[str, int], ChartAction] = {}
    for action in decisions.naval:
        chosen[f"{action.power.value}/{action.yard}/{action.ship}", action.turn] = action.action
    options: defaultdict[tuple[str, int], list[tuple[ChartAction, cp_model.IntVar]]] = defaultdict(list)
    for (key, turn, _, act), var in naval.act.items():
        options[key, turn].append((act, var))
    for (key, turn), acts in options.items():
        if (key, turn) in chosen:
            matching = [var for act, var in acts if act is chosen[key, turn]]
            if matching:
                model.add(sum(matching) == 1)
        elif turn == 0:
            model.add(sum(var for act, var in acts if act not in FREE_ACTIONS) == 0)
    for action in decisions.naval:
        key = f"{action.power.value}/{action.yard}/{action.ship}"
        if not any(act is action.action for act, _ in options.get((key, action.turn), [])):
            unpriced.breaks(
                "27.7272",
                f"{_action(action, data.scenario.turn)}: the ship cannot take this action then "
                f"(27.7251, 27.7262, 27.7267, 27.7272; horizon {len(naval.naval.seasons)} turns)",
            )
    sw_wanted: Counter[tuple[str, str]] = Counter()
    for sw in decisions.sw_builds:
        sw_key = (f"{sw.power.value}/{sw.build}", f"{sw.power.value}/{sw.yard}")
        if sw_key in naval.sw:
            sw_wanted[sw_key] += sw.factors
        else:
            unpriced.breaks(
                "27.9", f"{sw.power.value} {sw.build} at {sw.yard}: not buildable at that yard (27.711, 27.9)"
            )
    for sw_key, var in naval.sw.items():
        model.add(var == sw_wanted.get(sw_key, 0))


def _action(action: ChartDecision, turn: Turn) -> str:
    """'japan tokyo/yamato continue in winter 1941': the chart action with its turn (0 `turn`, the
    position's) named by season and year, as the player names it."""
    return (
        f"{action.power.value} {action.yard}/{action.ship} {action.action.value} "
        f"in {turn_name(turn, action.turn)}"
    )


def _fix_grants(
    model: cp_model.CpModel, data: Prepared, variables: Variables, decisions: Decisions, unpriced: Unpriced
) -> None:
    """Grants by route and route openings (rule 40): a route's BRPs may go by any of its open paths."""
    grants = variables.grants
    if grants is None or data.network is None:
        for grant in decisions.grants:
            unpriced.breaks(
                "40", f"{grant.grantor.value} to {grant.recipient.value}: the scenario has no grants section"
            )
        for opening in decisions.route_openings:
            unpriced.breaks("40", f"open {opening.route}: the scenario has no grants section")
        return
    network = data.network
    fixed: set[tuple[object, tuple[str, ...]]] = set()
    for grant in decisions.grants:
        pair = (grant.grantor, grant.recipient.value)
        paths = [p for p in network.paths.get(pair, ()) if path_route(p, network.legs) == grant.route]
        by = f" by {grant.route.value}" if grant.route else " by no named route"
        if not paths:
            status = network.routes.get(grant.route) if grant.route is not None else None
            closure = network.closed_pairs.get(pair) or (status.closure if status is not None else None)
            rule, why = closure if closure is not None else ("40.4-40.8", "no open path by that route")
            unpriced.breaks(rule, f"{grant.grantor.value} to {grant.recipient.value}{by}: {why}")
            continue
        model.add(sum(grants.flows[pair, p] for p in paths) == grant.brps)
        oil = [grants.oil[pair, p] for p in paths if (pair, p) in grants.oil]
        if oil:
            model.add(sum(oil) == grant.oil_counters)
        elif grant.oil_counters:
            unpriced.breaks(
                "40.25", f"{grant.grantor.value} to {grant.recipient.value}{by}: no oil counters go that way"
            )
        fixed.update((pair, p) for p in paths)
    for flow, var in grants.flows.items():
        if flow not in fixed:
            model.add(var == 0)
    for flow, var in grants.oil.items():
        if flow not in fixed:
            model.add(var == 0)
    opened = {(o.route, o.paid_by) for o in decisions.route_openings}
    for (route, payer), var in grants.openings.items():
        model.add(var == int((route.value, payer) in opened))
    available = {(route.value, payer) for route, payer in grants.openings}
    for name, payer in sorted(opened - available, key=lambda item: (item[0], item[1].value)):
        unpriced.breaks(opening_rule(name), f"{payer.value} cannot open {name} this turn")


def opening_rule(route: str) -> str:
    """The rule of opening `route`, as the 27.12 chart's spending names it: the Persian route's
    expenditure (40.521) or the Alaska highway (40.72)."""
    kind = "open_persian_route" if route == "persia" else "build_alaska_highway"
    return NON_CONSTRUCTION_COSTS[kind][2]


def guard_literals(model: cp_model.CpModel) -> dict[tuple[str, str], cp_model.IntVar]:
    """The guard literals of a model built with `guarded` (`ExplainGuards`: `guard[RULE|SUBJECT]`), by
    (rule, subject)."""
    found = {}
    for index, var in enumerate(model.proto.variables):
        if var.name.startswith("guard[") and var.name.endswith("]"):
            rule, _, subject = var.name[len("guard[") : -1].partition("|")
            found[rule, subject] = model.get_int_var_from_proto_index(index)
    return found


def price(position: Built, decisions: Decisions, time_limit: float | None = None) -> Priced:
    """The decisions fixed in the turn model (a copy of the position's) and the priorities solved over the
    rest; when that model has no solution, the guarded model holding the most rule families it can."""
    found: dict[str, Unpriced] = {}
    started = time.perf_counter()
    original = decisions

    def plain(model: cp_model.CpModel, data: Prepared, variables: Variables) -> None:
        found["unpriced"] = fix_decisions(model, data, variables, decisions)

    result = position.solve(time_limit, constrain=plain, explain_infeasible=False)
    if result.status is not Status.INFEASIBLE:
        return Priced(result, position.data, found["unpriced"], None)
    broken: list[tuple[str, str]] = []
    guarded_position = position.with_guards()

    def guarded(model: cp_model.CpModel, data: Prepared, variables: Variables) -> None:
        found["unpriced"] = fix_decisions(model, data, variables, decisions)
        literals = guard_literals(model)
        keys = sorted(literals)
        held = sum(literals[k] for k in keys)
        model.maximize(held)
        left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - started))
        solver = new_solver(left, 1)
        if solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            model.add(held >= round(solver.objective_value))
            broken.extend(k for k in keys if not solver.value(literals[k]))

    def priced_solve() -> Solved:
        """The plan with the decisions fixed, in the guarded model, within what is left of the time."""
        left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - started))
        return guarded_position.solve(left, constrain=guarded, explain_infeasible=False)

    result = priced_solve()
    if result.plan is not None or result.status is not Status.INFEASIBLE:
        return Priced(result, position.data, found["unpriced"], broken)
    # No plan takes the chart actions, SW units and grants with the rest (their families have no guard):
    # the fewest of them that conflict are left out and reported, and the rest priced.
    left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - started))
    conflict = conflicting(guarded_position, decisions, left)
    if not conflict:
        return Priced(result, position.data, found["unpriced"], broken)
    reduced = _without(decisions, set(conflict))
    broken.clear()
    decisions = reduced
    result = priced_solve()
    unpriced = found["unpriced"]
    others = len(conflict) > 1
    for field_name, index in conflict:
        unpriced.reasons.append(
            _conflict_finding(getattr(original, field_name)[index], others, position.data.scenario.turn)
        )
    return Priced(result, position.data, unpriced, broken)


Item = tuple[str, int]  # (field of Decisions, index): a chart action, SW units, a grant or a route opening
CONFLICT_FIELDS = ("naval", "sw_builds", "grants", "route_openings")
CONFLICT_SECONDS = 10.0  # per feasibility test while narrowing the conflict down


def _without(decisions: Decisions, items: set[Item]) -> Decisions:
    return decisions.model_copy(
        update={
            name: [x for i, x in enumerate(getattr(decisions, name)) if (name, i) not in items]
            for name in CONFLICT_FIELDS
        }
    )


def conflicting(guarded: Built, decisions: Decisions, time_limit: float | None = None) -> list[Item]:
    """The fewest chart actions, SW units, grants and route openings that no plan takes together with the
    builds (a minimal set: leaving out any one of them lets a plan take the rest, the rule families with a
    guard relaxed, `guarded` being the position built with guards); empty when even none of them can be
    taken (the builds alone conflict). Each test is given CONFLICT_SECONDS, and no more than is left of
    `time_limit`."""
    assert guarded.guarded
    items = [(name, i) for name in CONFLICT_FIELDS for i in range(len(getattr(decisions, name)))]
    started = time.perf_counter()

    def takes(kept: list[Item]) -> bool:
        model = guarded.model.clone()  # a copy keeps every index: the variables name its variables too
        fix_decisions(model, guarded.data, guarded.variables, _without(decisions, set(items) - set(kept)))
        seconds = CONFLICT_SECONDS
        if time_limit is not None:
            seconds = min(seconds, max(0.0, time_limit - (time.perf_counter() - started)))
        return new_solver(seconds, 1).solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)

    if not items or not takes([]):
        return []
    core = list(items)
    for item in items:
        smaller = [k for k in core if k != item]
        if not takes(smaller):
            core = smaller
    return core


def _conflict_finding(item: object, others: bool, turn: Turn) -> Finding:
    """A decision left out of the priced plan: what it is, and its rule family."""
    with_others = " together with the others listed" if others else ""
    if isinstance(item, ChartDecision):
        return Finding(
            rule="27.7",
            kind="rule",
            message=f"{_action(item, turn)}: no plan takes it{with_others} (27.7251-27.7272)",
        )
    if isinstance(item, SWBuildDecision):
        what = f"{item.power.value} {item.factors} {item.build} at {item.yard}"
        return Finding(rule="27.9", kind="rule", message=f"{what}: no plan takes it{with_others}")
    if isinstance(item, GrantDecision):
        by = item.route.value if item.route else "no named route"
        what = f"{item.grantor.value} grants {item.brps} BRPs to {item.recipient.value} by {by}"
        return Finding(rule="40", kind="rule", message=f"{what}: no plan takes it{with_others}")
    assert isinstance(item, OpeningDecision)
    what = f"{item.paid_by.value} opens {item.route}"
    return Finding(
        rule=opening_rule(item.route),
        kind="rule",
        message=f"{what}: no plan takes it{with_others}",
    )


def placed_plan(plan: Plan, data: Prepared, decisions: Decisions, unpriced: Unpriced) -> Plan:
    """The priced plan with the player's own sites: the model places counters at the first site of each
    class of interchangeable sites (27.4), so lines are moved (and split, their units past the oil threshold
    going to the later lines) to where the player put them; builds the model could not price are added at
    their normal price (27.12) for the checker."""
    placements: defaultdict[tuple[str, str | None], list[tuple[str | None, int]]] = defaultdict(list)
    for build in decisions.builds:
        if build in unpriced.builds:
            continue
        key = f"{build.power.value}/{build.entry}"
        _, site = _model_site(data.entries[key], build.site)
        placements[key, site].append((build.site, build.counters))
    lines: list[BuildLine] = []
    for line in plan.builds:
        key = f"{line.power.value}/{line.entry}"
        entry = data.entries[key]
        wanted = _merged(placements.get((key, line.site), [(line.site, line.counters)]))
        if len(wanted) == 1 and wanted[0][0] == line.site:
            lines.append(line)
            continue
        lines.extend(_split(line, entry, wanted, data))
    for build in unpriced.builds:
        key = f"{build.power.value}/{build.entry}"
        if key not in data.entries:
            continue
        entry = data.entries[key]
        units = _units(entry, build.counters)
        lines.append(
            BuildLine(
                power=build.power,
                entry=build.entry,
                unit=entry.entry.unit,
                site=build.site,
                counters=build.counters,
                factors=build.counters * entry.counts_as_factors,
                oil_units=0,
                brps=line_brps(entry, units, 0),
            )
        )
    return plan.model_copy(update={"builds": lines})


def _merged(placements: list[tuple[str | None, int]]) -> list[tuple[str | None, int]]:
    merged: dict[str | None, int] = {}
    for site, counters in placements:
        merged[site] = merged.get(site, 0) + counters
    return list(merged.items())


def _units(entry: EntryData, counters: int) -> int:
    """Priced units of `counters` counters (27.11): factors, counters, or pairs (an odd one a pair)."""
    if entry.basis is CostBasis.FACTOR:
        return counters * entry.entry.factors
    if entry.basis is CostBasis.PAIR:
        return (counters + 1) // 2
    return counters


def _split(
    line: BuildLine, entry: EntryData, wanted: list[tuple[str | None, int]], data: Prepared
) -> list[BuildLine]:
    """One solver line as the player's lines at sites of one class, prices kept: units per line as
    27.11 counts them (the line's pairs of beach defenses to the first lines, 27.11 E), the units past the
    oil threshold to the last lines (27.35 D)."""
    if entry.basis is CostBasis.PAIR:  # the pairs the model's line pays for, read back from its price
        inside, outside = entry.multipliers
        left = (line.brps - entry.unit_cost * (outside - inside) * line.oil_units) // (
            entry.unit_cost * inside
        )
        units = []
        for _, counters in wanted:
            units.append(min(left, counters))
            left -= units[-1]
    else:
        units = [_units(entry, counters) for _, counters in wanted]
    past = [0] * len(wanted)
    left = line.oil_units
    for index in reversed(range(len(wanted))):
        past[index] = min(left, units[index])
        left -= past[index]
    sites = [site for site in (line.site, *entry.alternatives.get(line.site, ())) if site is not None]
    order = data.site_order

    def others(site: str | None) -> list[str]:
        """The other sites of the class, for a site of it (none for a stand-in's ineligible site)."""
        if site not in sites:
            return []
        return sorted((s for s in sites if s != site), key=lambda s: order.get(s, len(order)))

    return [
        line.model_copy(
            update={
                "site": site,
                "counters": counters,
                "factors": counters * entry.counts_as_factors,
                "oil_units": past[index],
                "brps": line_brps(entry, units[index], past[index]),
                "alternatives": others(site),
            }
        )
        for index, (site, counters) in enumerate(wanted)
    ]


# The spending rules, in the order one breach leads to the next: BRPs spent past those available (27.11;
# grants past them, 40.23 A), then the same BRPs counted against a construction limit (27.31, 27.473 B,
# 27.474 B), then the same builds inside the oil threshold (27.35).
