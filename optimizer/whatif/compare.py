"""My plan against the best (`awaw compare SCENARIO MYPLAN`).

The player's decisions are priced by the planner itself (`optimizer.whatif.price`). The independent
checker (`optimizer.checker`) then checks the priced plan against every rule; its findings are grouped
into root causes and the knock-on breaches that follow from them (`group_findings`). The plan is scored on
each priority of the scenario's objective (the fixed solve's stages) against the best plan, and the two
are compared decision by decision (`plan_diff`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

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
from models.decisions import Decisions
from models.plan import Plan, Status, SWPlanReport
from models.powers import Turn
from models.scenario import Scenario
from models.season import turn_name
from models.tables import POWER_FACTION, Faction, Power
from optimizer.checker import Violation, check
from optimizer.turn.built import Built
from optimizer.turn.prepare import Prepared
from optimizer.whatif.price import Priced, placed_plan, price

POWERS = {power.value for power in Power}
FACTIONS = {faction.value for faction in Faction}

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


def plan_diff(mine: Plan | None, best: Plan, data: Prepared | None, turn: Turn) -> PlanDiff:
    """What the best plan does differently: counters per power, entry and class of interchangeable sites
    (a site of the same class is no difference), chart actions per turn (0 `turn`, named by its season
    and year) and ship, grants per grantor,
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
            turn=key[0],
            when=turn_name(turn, key[0]),
            power=Power(key[1]),
            yard=key[2],
            ship=key[3],
            mine=was.get(key),
            best=now.get(key),
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


def assess(position: Built, decisions: Decisions, time_limit: float | None = None) -> Assessed:
    """Price the decisions on the position and check the priced plan with the independent checker (`awaw
    check` on a decisions file, and `compare`)."""
    scenario = position.scenario
    priced = price(position, decisions, time_limit)
    result = priced.result
    findings = list(priced.unpriced.reasons)
    mine: Plan | None = None
    if result.plan is not None:
        mine = placed_plan(result.plan, priced.data, decisions, priced.unpriced)
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


def compare(position: Built, decisions: Decisions, best: Plan, time_limit: float | None = None) -> Comparison:
    """The player's decisions priced on the position, checked, scored and compared with `best` (the
    position's best plan)."""
    scenario = position.scenario
    assessed = assess(position, decisions, time_limit)
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
        diff=plan_diff(assessed.mine, best, assessed.priced.data, scenario.turn),
        mine=assessed.mine,
        best=best,
    )
