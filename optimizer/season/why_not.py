"""Why not, over a season: a decision of some turn the season plan leaves out, priced by the best season
plan that includes it (`awaw season --why-not ENTRY[@turnN]`).

The forms are `awaw plan --why-not`'s (`optimizer.turn.decision_forms`), each optionally ending in
`@turnN` as the season's `--fix` does (`optimizer.season.decisions`); a build, SW build or grant may end
in `=N` as `--fix`'s does: the best season plan with exactly N counters of the entry (N factors of the
SW line, N BRPs of the grant) in that turn [reading: "why not one more in the fall" is the question a
player asks of a season, which needs a count; `=N` means what it means to `--fix`, exactly N, so the
page's "why not more" of a line of N counters asks `=N+1`; `awaw plan --why-not` reads it alike]. Without
`=N` the decision is at least one counter (one factor, one BRP), the route opened (or used), the ship's
chart action.

The decision is added to the season as a `--fix` of its turn is (`optimizer.season.decisions.
with_decisions`), with the player's own `--fix` and `--forbid` kept, and the season solved again. What
it costs is the exact difference of the two optima, priority by priority, worded as the turn planner
words it (`optimizer.turn.decision_cost.priced`); what the plan with it does differently, per turn
(`optimizer.turn.plan_diff.changes`, and the chart's later turns); and which turn's limit it meets
that the best plan does not (`binds`: 27.31, 27.35 D, 40.54 and 40.71, 27.5). A decision no legal season plan includes
is explained as an infeasible season is (`optimizer.season.explain`): the first turn that cannot be
planned, and the rules that block it there.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial

from models.io import InputError
from models.plan import Plan, Status
from models.route_data import Route
from models.scenario import Scenario
from models.season_plan import SeasonPlan, SeasonWhyNot
from optimizer.season.decision_forms import SeasonDecision, parse_season_decision
from optimizer.season.decisions import with_decisions
from optimizer.season.explain import explain_season
from optimizer.season.model import OPENING_RULES
from optimizer.season.prepare import SeasonData, prepare_season
from optimizer.season.solve import solve_season
from optimizer.turn.decision_cost import priced
from optimizer.turn.decision_forms import SOURCE, Kind
from optimizer.turn.explain import BLOCKED, infeasible_reason
from optimizer.turn.fix import entry_key, holds, sw_line
from optimizer.turn.plan_diff import changes
from optimizer.turn.solve import solve_side_by_side

OPTION = "--why-not"


def parse_why_not(texts: Sequence[str], length: int) -> tuple[SeasonDecision, ...]:
    """Every --why-not of a season of `length` turns (see the module's forms); all mistakes at once in
    one `InputError`, each naming --why-not."""
    found: list[SeasonDecision] = []
    problems: list[tuple[str, str]] = []
    for text in texts:
        try:
            found.append(parse_season_decision(OPTION, text, length))  # =N as --fix's (the module's reading)
        except InputError as error:
            problems += error.problems
    if problems:
        raise InputError(SOURCE, problems)
    return tuple(found)


def check_why_not(scenario: Scenario, asked: Sequence[SeasonDecision]) -> None:
    """Raise `InputError` (bad input, exit 2) for a decision naming what its turn does not have (an entry
    not in the force pool by then, a ship not on the charts, a recipient no grant reaches)."""
    with_decisions(prepare_season(scenario), asked)


def amount(data: SeasonData, plan: SeasonPlan, asked: SeasonDecision) -> int:
    """What the season plan does of the decision's count in its turn, read off the plan as the turn model
    counts it (`optimizer.turn.fix.expression`): counters of the entry (at the site's class of
    interchangeable sites, 27.4), SW factors of the line (paid by the yard, 27.9), the ship's chart actions of that turn (turn 1's chart, 27.7), BRPs
    granted (by the route), the route's openings (else, when it may not be opened then, what is sent by
    it: BRPs and oil counters, 40.251 counting an oil counter once here as a shipment)."""
    decision = asked.decision
    t = asked.model_turn
    turn: Plan = plan.turns[t].plan
    prepared = data.turns[t]
    line = sw_line(prepared, decision)
    if line is not None:
        return sum(
            b.factors
            for b in turn.sw_builds
            if f"{b.power.value}/{b.build}" == line and decision.site in (None, b.yard)
        )
    if decision.kind is Kind.BUILD:
        lines = [b for b in turn.builds if b.power is decision.power and b.entry == decision.entry]
        if decision.site is None:
            return sum(b.counters for b in lines)
        entry = prepared.entries[entry_key(decision)]
        slot = entry.slot_of(decision.site)
        return sum(b.counters for b in lines if slot is not None and entry.slot_of(b.site) == slot)
    if decision.kind is Kind.ACTION:
        assert decision.action is not None and decision.power is not None
        return sum(
            1
            for a in turn.naval_actions
            if a.turn == decision.turn
            and a.power is decision.power
            and decision.ship in (a.ship, f"{a.yard}/{a.ship}")
            and a.action == decision.action.value
        )
    if decision.kind is Kind.GRANT:
        return sum(
            g.brps
            for g in turn.grants
            if g.grantor is decision.power
            and g.recipient == decision.recipient
            and (decision.route is None or g.route == decision.route.value)
        )
    assert decision.route is not None
    network = prepared.network
    if network is not None and any(route is decision.route for route, _ in network.openings):
        return sum(1 for o in turn.route_openings if o.route == decision.route.value)
    return sum(g.brps + g.oil_counters for g in turn.grants if g.route == decision.route.value)


def season_why_not(
    scenario: Scenario,
    plan: SeasonPlan,
    asked: Sequence[SeasonDecision],
    time_limit: float | None = None,
    decisions: Sequence[SeasonDecision] = (),
) -> list[SeasonWhyNot]:
    """Each decision of `asked` priced against `plan` (the best season plan with the player's `decisions`,
    `--fix` and `--forbid`), in the order given; `time_limit` applies to each re-solve, and the re-solves
    run side by side."""
    data = with_decisions(prepare_season(scenario), decisions)

    def answer(one: SeasonDecision) -> SeasonWhyNot:
        if holds(one.decision, amount(data, plan, one)):
            return SeasonWhyNot(
                decision=one.decision.text,
                turn=one.turn + 1,
                included=True,
                possible=True,
                reason="the plan includes it",
            )
        adjust = partial(with_decisions, decisions=(*decisions, one))
        solved = solve_season(scenario, time_limit, adjust=adjust)
        return _answer(scenario, data, plan, one, solved.plan, solved.status, adjust, time_limit, decisions)

    # Side by side, one worker each, as `awaw plan --why-not`'s: the same answers however many run at once.
    answers = solve_side_by_side({i: partial(answer, one) for i, one in enumerate(asked)})
    return [answers[i] for i in range(len(asked))]


def _answer(
    scenario: Scenario,
    data: SeasonData,
    plan: SeasonPlan,
    asked: SeasonDecision,
    with_it: SeasonPlan | None,
    status: Status,
    adjust: partial[SeasonData],
    time_limit: float | None,
    mine: Sequence[SeasonDecision] = (),
) -> SeasonWhyNot:
    text, turn = asked.decision.text, asked.turn + 1
    if with_it is None:
        if status is Status.INFEASIBLE:
            explanation = explain_season(scenario, adjust, time_limit)
            return SeasonWhyNot(
                decision=text,
                turn=turn,
                included=False,
                possible=False,
                explanation=explanation,
                reason=infeasible_reason(explanation, _given(mine), "season plan"),
                binds=[line for line in explanation if f": {BLOCKED}" in line],
            )
        return SeasonWhyNot(
            decision=text,
            turn=turn,
            included=False,
            possible=True,
            proven=False,
            reason="no season plan that includes it was found within the time limit",
        )
    costs, reason = priced(asked.decision, plan.objective, with_it.objective)
    binds = limits_met(data, plan, with_it, asked)
    return SeasonWhyNot(
        decision=text,
        turn=turn,
        included=False,
        possible=True,
        costs=costs,
        proven=with_it.status is Status.OPTIMAL and plan.status is Status.OPTIMAL,
        changes=season_changes(plan, with_it),
        reason=reason + (": " + "; ".join(binds) if binds else ""),
        binds=binds,
    )


def season_changes(before: SeasonPlan, after: SeasonPlan, *, sites: bool = False) -> list[str]:
    """What `after` does differently from `before`, per turn ('turn 2: +1 germany armor-4-6'), as the
    turn planner words a turn's (`plan_diff.changes`); the chart's actions of the season's later turns,
    planned in turn 1's chart (27.7), under their own turn."""
    lines: list[str] = []
    for t, (mine, theirs) in enumerate(zip(before.turns, after.turns, strict=True)):
        lines += [f"turn {t + 1}: {line}" for line in changes(mine.plan, theirs.plan, sites=sites)]
        if t == 0:
            continue

        def chart(plan: SeasonPlan, k: int = t) -> set[str]:
            return {f"{a.action} {a.yard}/{a.ship}" for a in plan.turns[0].plan.naval_actions if a.turn == k}

        was, now = chart(before), chart(after)
        lines += [f"turn {t + 1}: +{a}" for a in sorted(now - was)]
        lines += [f"turn {t + 1}: -{a}" for a in sorted(was - now)]
    return lines


def limits_met(data: SeasonData, best: SeasonPlan, with_it: SeasonPlan, asked: SeasonDecision) -> list[str]:
    """Per turn, each limit the plan with the decision meets that the best plan does not (the limits a
    player weighs over a season): a power's construction limit used whole (27.31); more BRPs paid for
    builds past a faction's oil threshold (27.35 D); a route closed at the season's start opened in a
    turn the best plan does not open it, carrying grants only from the turn after (40.54 Persia, 40.71
    the Alaska highway); an entry's counters all built by then (27.5), the
    decision's own entry even when the best plan builds them all too (then it is what moves the season's
    other builds of it to another turn)."""
    lines: list[str] = []
    mine = entry_key(asked.decision) if asked.decision.kind is Kind.BUILD else None
    for t, (was, now) in enumerate(zip(best.turns, with_it.turns, strict=True)):
        when = f"turn {t + 1}"
        for power, report in now.plan.powers.items():
            before = was.plan.powers.get(power)
            whole = report.limit_used >= report.construction_limit
            if whole and (before is None or before.limit_used < before.construction_limit):
                lines.append(
                    f"{when}: {power.value} uses its whole construction limit, {report.construction_limit} BRPs (27.31)"
                )
        oil_before = {o.faction: o.oil_affected_brps for o in was.plan.oil}
        for oil in now.plan.oil:
            if oil.oil_affected_brps > oil_before.get(oil.faction, 0):
                lines.append(
                    f"{when}: {oil.faction.value} pays {oil.oil_affected_brps} BRPs for builds past its "
                    f"{oil.threshold_brps}-BRP oil threshold, {oil_before.get(oil.faction, 0)} in the best plan (27.35 D)"
                )
        opened_before = {o.route for o in was.plan.route_openings}
        for opening in now.plan.route_openings:
            route = Route(opening.route)
            if route in data.gated and opening.route not in opened_before:
                after = "after the season" if t + 1 == data.length else f"from turn {t + 2} on"
                lines.append(
                    f"{when}: {opening.route} opened then carries grants {after} ({OPENING_RULES[route]})"
                )
        for key, entry in data.turns[t].entries.items():
            most = data.start_count(t, entry.power, entry.entry.id)

            def built(plan: SeasonPlan, power=entry.power, entry_id=entry.entry.id, k: int = t) -> int:
                return sum(
                    b.counters
                    for turn in plan.turns[: k + 1]
                    for b in turn.plan.builds
                    if b.power is power and b.entry == entry_id
                )

            if built(with_it) >= most and (key == mine or built(best) < most):
                lines.append(f"{when}: {key}: all {most} counters of the force pool built by then (27.5)")
    return lines


def _given(mine: Sequence[SeasonDecision]) -> Iterator[tuple[str, str]]:
    """The player's decisions as a season's explanation words its requirements ('forbid route:siberia
    (turn 2)', `optimizer.season.explain`) and as the player gave them, for `infeasible_reason`: without
    them a route the player forbade read 'no legal season plan includes it', though legal season plans
    open it."""
    for d in mine:
        yield f"{d.decision.describe()} (turn {d.turn + 1})", f"{d.decision.option} {d.decision.text}"
