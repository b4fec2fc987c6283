"""Why the requirements cannot all be met: a minimal set of requirements and rules in conflict."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from ortools.sat.python import cp_model

from models.scenario import MinimumBuild
from models.tables import Faction
from optimizer.rules.guards import ExplainGuards, describe
from optimizer.rules.naval.constraints import chart_turn_of
from optimizer.turn.fix import blocked, chart_turn_name
from optimizer.turn.model import build_model, new_solver
from optimizer.turn.prepare import Prepared

EXPLAIN_SECONDS = 10.0  # per infeasibility test while shrinking the core


OUT_OF_TIME = "the time limit passed before the solver could isolate why"
CANNOT = "cannot be met: "  # the requirements of a core, then one line per rule that blocks them
BLOCKED = "blocked by "


def explain(data: Prepared, time_limit: float | None = None) -> list[str]:
    """Why the requirements cannot all be met: a minimal set of requirements and rules in conflict.

    The model is rebuilt with one enforcement literal per (rule, subject); the
    infeasible core over those literals is then shrunk until every member is needed.
    With `time_limit` (seconds) the whole explanation keeps to it: the shrinking stops
    when it runs out, and the core found so far (true, perhaps not minimal) is reported.
    """
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    model, _, guards = build_model(data, explain=True)
    assert isinstance(guards, ExplainGuards)
    core = minimal_core(model, guards, deadline)
    if isinstance(core, str):
        return [core]
    return core_lines(data, core)


def core_lines(
    data: Prepared,
    core: list[tuple[str, str]],
    detail: Callable[[Prepared, str, str], str] | None = None,
    label: Callable[[str], str] | None = None,
) -> list[str]:
    """The explanation of an infeasible core: the requirements that cannot all be met, each rule that
    blocks them with its figure (`detail`, by default this turn's) and its subject as the reader names it
    (`label`, by default `chart_label`'s), and the reasons the rules make a requirement impossible
    outright."""
    detail = detail or _detail
    label = label or (lambda subject: chart_label(data, subject))
    requirements = [subject for rule, subject in core if rule == "requirement"]
    rules = [(rule, subject) for rule, subject in core if rule != "requirement"]
    lines = []
    if requirements:
        lines.append(CANNOT + "; ".join(requirements))
    else:
        lines.append("the rules alone cannot be met")
    for rule, subject in rules:
        lines.append(BLOCKED + describe(rule, label(subject)) + detail(data, rule, subject))
    for minimum in data.scenario.objective.minimum:
        if minimum.describe() in requirements:
            lines.extend(_unbuildable(data, minimum))
    for decision in data.decisions:
        if decision.describe() in requirements:
            lines.extend(blocked(data, decision))
    for power, pdata in data.powers.items():
        if any(r.startswith(f"{power.value}: keep ") for r in requirements):
            lines.append(f"{power.value} has {pdata.brps_available} BRPs after grants and fixed spending")
    return lines


def chart_label(data: Prepared, subject: str) -> str:
    """A rule's subject as a player names it: a naval chart's later turn (`chart_subject`, counted from 0
    by the model) by its season and year ('japan/tokyo in winter 1941', `chart_turn_name`), this turn's
    without one."""
    bare, t = chart_turn_of(subject)
    if t is None or t == 0:
        return bare
    return " ".join(part for part in (bare, chart_turn_name(data, t)) if part)


def core_requirements(lines: list[str]) -> list[str]:
    """The requirements an explanation says cannot all be met (its line that starts `CANNOT`: a turn's
    first, `core_lines`; a season's after its headline, `optimizer.season.explain`), each as `describe()`
    words it ('forbid route:siberia', a season's with its turn: 'forbid route:siberia (turn 2)'); none
    when the rules alone cannot be met."""
    return next((line.removeprefix(CANNOT).split("; ") for line in lines if line.startswith(CANNOT)), [])


def core_blocked_by_rules(lines: list[str]) -> bool:
    """Whether an explanation names a rule among what blocks the requirements: a line `BLOCKED`, on its
    own in a turn's (`core_lines`), after the turn it is of in a season's ('turn 2 (fall 1942): blocked
    by ...', `optimizer.season.explain`)."""
    return any(line.startswith(BLOCKED) or f": {BLOCKED}" in line for line in lines)


def infeasible_reason(explanation: list[str], mine: Iterable[tuple[str, str]], plan: str = "plan") -> str:
    """Why no plan includes a decision a what-if fixed (`awaw plan --why-not`, `awaw season --why-not`),
    from the explanation of the position with it: the player's own --fix or --forbid when the
    explanation's requirements name them (alone: they rule it out; with rules: no legal plan that keeps
    them includes it), else the rules themselves. `mine` holds each of the player's decisions as the
    requirements word it and as the player gave it ('forbid route:siberia', '--forbid route:siberia');
    `plan` is what is planned ('plan', 'season plan'). Without this a decision the player forbade read
    'no legal plan includes it', though legal plans do (route:siberia forbidden, its opening declined
    under --why)."""
    named = core_requirements(explanation)
    given = " and ".join(option for words, option in mine if words in named)
    if not given:
        return f"no legal {plan} includes it"
    if core_blocked_by_rules(explanation):
        return f"no legal {plan} with your {given} includes it"
    return f"your {given} rules it out"


def minimal_core(
    model: cp_model.CpModel, guards: ExplainGuards, deadline: float | None
) -> list[tuple[str, str]] | str:
    """The (rule, subject) literals of `guards` that cannot all hold in `model`, shrunk until every member
    is needed; by `deadline` (a `time.perf_counter()` reading) the core found so far (true, perhaps not
    minimal). A string says why there is none: out of time, or no core isolated."""
    keys = sorted(guards.literals)

    index = {guards.literals[k].index: k for k in keys}

    def infeasible(subset: list[tuple[str, str]]) -> list[tuple[str, str]] | None:
        """The solver's own core of `subset` if it is infeasible, else None."""
        model.clear_assumptions()
        model.add_assumptions([guards.literals[k] for k in subset])
        seconds = (
            EXPLAIN_SECONDS if deadline is None else min(EXPLAIN_SECONDS, deadline - time.perf_counter())
        )
        solver = new_solver(seconds, 1)
        if seconds <= 0 or solver.solve(model) != cp_model.INFEASIBLE:
            return None
        return sorted(index[i] for i in solver.sufficient_assumptions_for_infeasibility()) or list(subset)

    core = infeasible(keys)
    if core is None:
        if deadline is not None and time.perf_counter() >= deadline:
            return OUT_OF_TIME
        return "the solver found the requirements infeasible but could not isolate why"
    for key in list(core):
        if deadline is not None and time.perf_counter() >= deadline:
            break
        if key not in core:
            continue
        smaller = infeasible([k for k in core if k != key])
        if smaller is not None:
            core = smaller
    return core


def _unbuildable(data: Prepared, minimum: MinimumBuild) -> list[str]:
    """Why the force pool entries a minimum build needs cannot be built at all (27.5, 27.4, 27.21, 27.22)."""
    matching = [
        entry
        for entry in data.entries.values()
        if (minimum.unit is None or entry.entry.unit is minimum.unit)
        and (minimum.power is None or entry.power is minimum.power)
    ]
    if not matching:
        return [
            f"blocked by 27.5 force pool: no {minimum.unit.value if minimum.unit else ''} counters in the force pool"
        ]
    lines = []
    for entry in matching:
        if entry.barred is not None:
            lines.append(f"blocked by {entry.barred[0]} ({entry.key}): {entry.barred[1]}")
        elif not entry.sites:
            refusals = "; ".join(
                f"{site}: {rule} {why}" for site, (rule, why) in list(entry.refused_sites.items())[:4]
            )
            lines.append(f"blocked by 27.4 placement ({entry.key}): no eligible site ({refusals})")
    return lines


def _detail(data: Prepared, rule: str, subject: str) -> str:
    powers = {p.value: p for p in data.powers}
    if rule == "27.31" and subject in powers:
        return f": limit {data.powers[powers[subject]].limit} BRPs"
    if rule == "27.11" and subject in powers:
        return f": {data.powers[powers[subject]].brps_available} BRPs available"
    if rule == "27.61" and subject in powers:
        return f": {data.powers[powers[subject]].naval_air_rate} factors a turn"
    if rule == "27.5" and subject in data.entries:
        return f": {data.entries[subject].entry.count} counters in the force pool"
    if rule == "27.35":
        return f": {data.oil_counters.get(Faction(subject), 0)} oil counters available"
    return ""
