"""My plan against the best (`awaw compare SCENARIO MYPLAN`).

The player's decisions (`models.decisions.Decisions`) are priced by the planner itself: they are fixed in
the CP-SAT model of the turn and the scenario's priorities solved over what they leave open (oil counters
when the plan does not say, the SW deployment, chart actions of later turns the plan does not list). The
extracted plan carries every price the planner computes: BRPs with every multiplier, construction
limit used, units past the oil threshold, naval air, grants and transports. A plan that breaks a rule
makes that model infeasible; it is then priced in the model with a literal per rule family and subject
(`optimizer.rules.guards.ExplainGuards`), holding as many of them as the decisions allow, so the prices are
still the planner's and the literals dropped are the families the plan breaks.

The independent checker (`optimizer.checker`) then checks the priced plan against every rule; its
findings are grouped into root causes and the knock-on breaches that follow from them
(`group_findings`). The plan is scored on each priority of the scenario's objective (the fixed solve's
stages) against the best plan (`solve`), and the two are compared decision by decision (`plan_diff`).

Decisions the model has no choice for (a site where the entry may not be placed this turn, a chart
action the ship cannot take, a grant by a route that is closed) cannot be fixed: a build line is still
checked (added to the priced plan at its normal price, 27.12, so the checker names the rule), the others
are reported with the rule the planner's preparation names for them.
"""

from __future__ import annotations

import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.comparison import (
    ActionChange,
    BuildChange,
    Comparison,
    Finding,
    GrantChange,
    PlanDiff,
    PriorityScore,
    RootCause,
)
from models.decisions import (
    BuildDecision,
    ChartDecision,
    Decisions,
    GrantDecision,
    OpeningDecision,
    SWBuildDecision,
)
from models.naval_tables import ChartAction
from models.plan import BuildLine, Plan, Status, SWPlanReport
from models.scenario import Scenario
from models.tables import NON_CONSTRUCTION_COSTS, POWER_FACTION, CostBasis, Faction, Power
from optimizer.checker import Violation, check
from optimizer.rules.force_pool.extract import line_brps
from optimizer.rules.force_pool.prepare import EntryData
from optimizer.rules.grants.prepare import path_route
from optimizer.turn.model import build_model, new_solver
from optimizer.turn.prepare import Prepared, prepare
from optimizer.turn.solve import Result, solve
from optimizer.turn.variables import Variables

POWERS = {power.value for power in Power}
FREE_ACTIONS = (ChartAction.DEFER, ChartAction.LAUNCH)  # no SB point, no BRP (27.7272 C, D)
FACTIONS = {faction.value for faction in Faction}


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
    """The player's decisions priced by the planner."""

    result: Result
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
            unpriced.breaks("27.7", f"{_action(action)}: no naval section")
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
                f"{_action(action)}: the ship cannot take this action then "
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


def _action(action: ChartDecision) -> str:
    return f"turn {action.turn} {action.power.value} {action.yard}/{action.ship} {action.action.value}"


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


def price(
    scenario: Scenario,
    decisions: Decisions,
    time_limit: float | None = None,
    prepared: Prepared | None = None,
) -> Priced:
    """The decisions fixed in the turn model and the priorities solved over the rest; when that model
    has no solution, the guarded model holding the most rule families it can."""
    found: dict[str, Unpriced] = {}
    started = time.perf_counter()
    original = decisions

    def plain(model: cp_model.CpModel, data: Prepared, variables: Variables) -> None:
        found["unpriced"] = fix_decisions(model, data, variables, decisions)

    result = solve(
        scenario,
        time_limit,
        constrain=plain,
        explain_infeasible=False,
        keep_decisions=True,
        prepared=prepared,
        sw_report=False,
    )
    prepared = result.prepared if result.prepared is not None else prepared
    if result.status is not Status.INFEASIBLE:
        return Priced(result, found["unpriced"], None)
    broken: list[tuple[str, str]] = []

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

    def priced_solve(data: Prepared | None) -> Result:
        """The plan with the decisions fixed, in the guarded model, within what is left of the time."""
        left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - started))
        return solve(
            scenario,
            left,
            constrain=guarded,
            explain_infeasible=False,
            guarded=True,
            keep_decisions=True,
            prepared=data,
            sw_report=False,
        )

    result = priced_solve(prepared)
    if result.plan is not None or result.status is not Status.INFEASIBLE:
        return Priced(result, found["unpriced"], broken)
    # No plan takes the chart actions, SW units and grants with the rest (their families have no guard):
    # the fewest of them that conflict are left out and reported, and the rest priced.
    data = prepared if prepared is not None else prepare(scenario)
    left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - started))
    conflict = conflicting(data, decisions, left)
    if not conflict:
        return Priced(result, found["unpriced"], broken)
    reduced = _without(decisions, set(conflict))
    broken.clear()
    decisions = reduced
    result = priced_solve(data)
    unpriced = found["unpriced"]
    others = len(conflict) > 1
    for field_name, index in conflict:
        unpriced.reasons.append(_conflict_finding(getattr(original, field_name)[index], others))
    return Priced(result, unpriced, broken)


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


def conflicting(data: Prepared, decisions: Decisions, time_limit: float | None = None) -> list[Item]:
    """The fewest chart actions, SW units, grants and route openings that no plan takes together with the
    builds (a minimal set: leaving out any one of them lets a plan take the rest, the rule families with a
    guard relaxed); empty when even none of them can be taken (the builds alone conflict). Each test is
    given CONFLICT_SECONDS, and no more than is left of `time_limit`."""
    items = [(name, i) for name in CONFLICT_FIELDS for i in range(len(getattr(decisions, name)))]
    started = time.perf_counter()
    built, variables, _ = build_model(data, explain=True)

    def takes(kept: list[Item]) -> bool:
        model = built.clone()  # a copy keeps every index: `variables` name its variables too
        fix_decisions(model, data, variables, _without(decisions, set(items) - set(kept)))
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


def _conflict_finding(item: object, others: bool) -> Finding:
    """A decision left out of the priced plan: what it is, and its rule family."""
    with_others = " together with the others listed" if others else ""
    if isinstance(item, ChartDecision):
        return Finding(
            rule="27.7",
            kind="rule",
            message=f"{_action(item)}: no plan takes it{with_others} (27.7251-27.7272)",
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
SPENDING = {"40.23 A": 0, "27.11": 0, "27.31": 1, "27.473 B": 1, "27.474 B": 1, "27.35": 2}
KIND_ORDER = {"rule": 0, "requirement": 1, "report": 2}
_SUBJECT = re.compile(r"\b(" + "|".join(sorted({*POWERS, *FACTIONS}, key=len, reverse=True)) + r")\b")


def subject(message: str) -> str | None:
    """The power or faction a finding is about: the first one its message names."""
    match = _SUBJECT.search(message)
    return match.group(1) if match else None


def _related(cause: str | None, effect: str | None) -> bool:
    """Whether a breach about `cause` can lead to one about `effect`: the same power, or a power of the
    faction whose oil threshold it is (27.35 I)."""
    if cause is None or effect is None:
        return False
    if cause == effect:
        return True
    return cause in POWERS and effect in FACTIONS and POWER_FACTION[Power(cause)].value == effect


def group_findings(findings: list[Finding]) -> list[RootCause]:
    """Root causes first, each with the breaches that follow from it [reading]:
    - a spending breach follows from an earlier one of the chain 27.11 (40.23 A) → 27.31 (27.473 B,
      27.474 B) → 27.35 about the same power or its faction: BRPs overspent are also counted against the
      limit and the oil threshold;
    - a reserve not kept (objective.reserve) follows from that power's spending breach;
    - the plan's own accounting (kind report) follows from the first root cause.
    Everything else is a root cause. Sorted by kind (rules, requirements, accounting), rule, message."""
    ordered = sorted(findings, key=_order)
    subjects = [subject(finding.message) for finding in ordered]
    roots: list[RootCause] = []
    parent: dict[int, int] = {}
    for index, finding in enumerate(ordered):
        about = subjects[index]
        cause = None
        if finding.rule in SPENDING:
            for j, other in enumerate(ordered[:index]):
                if (
                    other.rule in SPENDING
                    and SPENDING[other.rule] < SPENDING[finding.rule]
                    and _related(subjects[j], about)
                ):
                    cause = parent.get(j, j)
                    break
        elif finding.rule == "objective.reserve":
            cause = next(
                (
                    parent.get(j, j)
                    for j, other in enumerate(ordered[:index])
                    if other.rule in SPENDING and _related(subjects[j], about)
                ),
                None,
            )
        elif finding.kind == "report" and roots:
            cause = next(j for j in range(index) if j not in parent)
        if cause is None:
            roots.append(RootCause(rule=finding.rule, kind=finding.kind, message=finding.message))
            continue
        parent[index] = cause
    by_index = {
        j: root for j, root in zip((j for j in range(len(ordered)) if j not in parent), roots, strict=True)
    }
    for index, cause in sorted(parent.items()):
        by_index[cause].knock_on.append(ordered[index])
    return roots


def _order(finding: Finding) -> tuple[int, int, str, str]:
    return (KIND_ORDER.get(finding.kind, 3), SPENDING.get(finding.rule, 0), finding.rule, finding.message)


def scores(mine: Plan | None, best: Plan) -> list[PriorityScore]:
    """Each priority of the objective: the player's plan (the fixed solve's stage), the best, and the gap."""
    assert best.objective is not None
    found = (
        {stage.priority: stage.value for stage in mine.objective.stages} if mine and mine.objective else {}
    )
    out = []
    for stage in best.objective.stages:
        value = found.get(stage.priority)
        gap = None if value is None else round(stage.value - value, 6)
        out.append(PriorityScore(priority=stage.priority, mine=value, best=stage.value, gap=gap))
    return out


def plan_diff(mine: Plan | None, best: Plan, data: Prepared | None) -> PlanDiff:
    """What the best plan does differently: counters per power, entry and class of interchangeable sites
    (a site of the same class is no difference), chart actions per turn and ship, grants per grantor,
    recipient and route, and SW units, route openings and oil counters spent."""
    if mine is None:
        return PlanDiff()
    old, new = _builds(mine, data), _builds(best, data)
    added: list[BuildChange] = []
    removed: list[BuildChange] = []
    for key in sorted(set(old) | set(new), key=lambda k: (k[0], k[1], str(k[2]))):
        (before, site_before), (after, site_after) = old.get(key, (0, None)), new.get(key, (0, None))
        power, entry, _ = key
        if after > before:
            added.append(
                BuildChange(power=Power(power), entry=entry, site=site_after, counters=after - before)
            )
        elif before > after:
            removed.append(
                BuildChange(power=Power(power), entry=entry, site=site_before, counters=before - after)
            )
    was, now = _chart(mine), _chart(best)
    actions = [
        ActionChange(
            turn=key[0], power=Power(key[1]), yard=key[2], ship=key[3], mine=was.get(key), best=now.get(key)
        )
        for key in sorted(set(was) | set(now))
        if was.get(key) != now.get(key)
    ]
    sent, sends = _grant_totals(mine), _grant_totals(best)
    grants = [
        GrantChange(
            grantor=Power(key[0]),
            recipient=key[1],
            route=key[2] or None,
            mine=sent.get(key, (0, 0))[0],
            best=sends.get(key, (0, 0))[0],
            mine_oil=sent.get(key, (0, 0))[1],
            best_oil=sends.get(key, (0, 0))[1],
        )
        for key in sorted(set(sent) | set(sends))
        if sent.get(key) != sends.get(key)
    ]
    return PlanDiff(
        builds_added=added,
        builds_removed=removed,
        actions_changed=actions,
        grants_moved=grants,
        other=_other(mine, best),
    )


def _builds(plan: Plan, data: Prepared | None) -> dict[tuple[str, str, str | None], tuple[int, str | None]]:
    """Counters per (power, entry, first site of the class) and a site to show for them."""
    found: dict[tuple[str, str, str | None], tuple[int, str | None]] = {}
    for line in plan.builds:
        entry = data.entries.get(f"{line.power.value}/{line.entry}") if data is not None else None
        slot = entry.slot_of(line.site) if entry is not None else None
        key = (line.power.value, line.entry, slot if slot is not None else line.site)
        counters, shown = found.get(key, (0, line.site))
        found[key] = (counters + line.counters, shown)
    return found


def _chart(plan: Plan) -> dict[tuple[int, str, str, str], str]:
    return {(a.turn, a.power.value, a.yard, a.ship): a.action for a in plan.naval_actions}


def _grant_totals(plan: Plan) -> dict[tuple[str, str, str], tuple[int, int]]:
    totals: dict[tuple[str, str, str], tuple[int, int]] = {}
    for line in plan.grants:
        key = (line.grantor.value, line.recipient, line.route or "")
        brps, oil = totals.get(key, (0, 0))
        totals[key] = (brps + line.brps, oil + line.oil_counters)
    return totals


def _other(mine: Plan, best: Plan) -> list[str]:
    """SW units, route openings and oil counters spent that differ, one line each."""
    out = []
    sw_mine = Counter({(s.power.value, s.build, s.yard): s.factors for s in mine.sw_builds})
    sw_best = Counter({(s.power.value, s.build, s.yard): s.factors for s in best.sw_builds})
    for key in sorted(set(sw_mine) | set(sw_best)):
        if sw_mine[key] != sw_best[key]:
            out.append(
                f"SW units {key[0]} {key[1]} at {key[2]}: {sw_mine[key]} in yours, {sw_best[key]} in the best"
            )
    opened_mine = {(o.route, o.paid_by.value) for o in mine.route_openings}
    opened_best = {(o.route, o.paid_by.value) for o in best.route_openings}
    for route, payer in sorted(opened_best - opened_mine):
        out.append(f"the best plan has {payer} open {route}")
    for route, payer in sorted(opened_mine - opened_best):
        out.append(f"the best plan does not have {payer} open {route}")
    for faction in sorted(set(mine.oil_counters_spent) | set(best.oil_counters_spent)):
        spent, best_spent = mine.oil_counters_spent.get(faction, 0), best.oil_counters_spent.get(faction, 0)
        if spent != best_spent:
            out.append(f"oil counters spent by {faction.value}: {spent} in yours, {best_spent} in the best")
    return out


@dataclass
class Assessed:
    """The player's decisions priced (`mine`, None when no plan takes them) and what the checker finds."""

    priced: Priced
    mine: Plan | None
    findings: list[Finding]


def assess(
    scenario: Scenario,
    decisions: Decisions,
    time_limit: float | None = None,
    prepared: Prepared | None = None,
) -> Assessed:
    """Price the decisions and check the priced plan with the independent checker (`awaw check` on a
    decisions file, and `compare`)."""
    priced = price(scenario, decisions, time_limit, prepared)
    result = priced.result
    findings = list(priced.unpriced.reasons)
    mine: Plan | None = None
    if result.plan is not None and result.prepared is not None:
        mine = placed_plan(result.plan, result.prepared, decisions, priced.unpriced)
        # The player's decisions are checked, with the plan's accounting. The other sites each line could
        # use (`alternatives`) and the SW campaigns after the best deployment of the new units (`sw`) are
        # the planner's own notes, not the player's decisions: the checker checks them where the planner's
        # plans are tested.
        bare = [line.model_copy(update={"alternatives": []}) for line in mine.builds]
        violations: list[Violation] = check(scenario, mine.model_copy(update={"builds": bare, "sw": None}))
        if priced.unpriced.builds:  # lines added after the solve: the plan's accounting leaves them out
            violations = [v for v in violations if v.kind != "report"]
        findings += [Finding(rule=v.rule, kind=v.kind, message=v.message) for v in violations]
    elif result.status is Status.INFEASIBLE and not findings:
        findings.append(
            Finding(
                rule="27.7", kind="rule", message="the decisions cannot be priced: no plan takes them all"
            )
        )
    return Assessed(priced, mine, findings)


def _sw_report(scenario: Scenario, mine: Plan, best: Plan) -> SWPlanReport:
    """The SW campaigns before and after the player's new SW units (rule 25, 27.94): the best plan's when
    both plans add the same units (the same SW builds and CVEs launched), else derived for the player's."""
    from optimizer.rules.sw.solve import sw_plan_report, with_plan_builds

    if best.sw is not None and with_plan_builds(scenario, mine) == with_plan_builds(scenario, best):
        return best.sw
    return sw_plan_report(scenario, mine)


def compare(
    scenario: Scenario,
    decisions: Decisions,
    best: Plan,
    time_limit: float | None = None,
    prepared: Prepared | None = None,
) -> Comparison:
    """The player's decisions priced, checked, scored and compared with `best` (a plan of `solve`);
    `prepared`: the data the best plan's solve prepared, used again."""
    assessed = assess(scenario, decisions, time_limit, prepared)
    if assessed.mine is not None and scenario.sw is not None:
        assessed.mine = assessed.mine.model_copy(update={"sw": _sw_report(scenario, assessed.mine, best)})
    unpriced = assessed.priced.unpriced
    causes = group_findings(assessed.findings)
    out_of_time = assessed.mine is None and assessed.priced.result.status is Status.UNKNOWN
    return Comparison(
        scenario=scenario.name,
        legal=not causes and not out_of_time,
        out_of_time=out_of_time,
        priced=assessed.mine is not None and not unpriced.builds and not unpriced.reasons,
        not_priced=[f"{f.rule}: {f.message}" for f in unpriced.reasons]
        + [
            f"27.4: {b.power.value} {b.entry} at {b.site}: no eligible site this turn, priced at normal cost"
            for b in unpriced.builds
        ],
        causes=causes,
        scores=scores(assessed.mine, best),
        diff=plan_diff(assessed.mine, best, assessed.priced.result.prepared),
        mine=assessed.mine,
        best=best,
    )
