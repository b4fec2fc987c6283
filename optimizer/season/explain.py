"""Which turn makes a season fail, and the rule that blocks it (`awaw season` with no plan, exit 1).

A season has no plan when a requirement of this turn or a fixed decision of some turn (`--fix`) cannot be
met with what the turns carry. The season's first turns alone (turns 1 to k: the season model of those
turns, its naval chart's later turns unpaid, so a relaxation of the whole season) are solved for a plan
for k = 1, 2, ... until one has none: turn k is the first turn the season cannot plan, since turns 1 to
k-1 can be planned and not turn k after them. Those k turns are then built with one literal per rule,
subject and turn (`optimizer.season.guards`), and the infeasible core over them shrunk until every
member is needed, as the turn planner explains an infeasible turn (`optimizer.turn.explain`): the lines
name, per turn, the requirements that cannot all be met and each rule that blocks them with its figure.
Turns are the season's, counted from 1 as `@turnN` counts them: the naval chart is planned in turn 1's
model (27.7), counting its own turns from 0, and its rules and actions are said under the season's turn
they are of (the chart's turn k is the season's turn k+1, past the season's end too).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from ortools.sat.python import cp_model

from models.scenario import Scenario
from models.season import turn_after
from optimizer.rules.naval.constraints import chart_turn_of
from optimizer.season.decision_forms import season_turn
from optimizer.season.guards import turn_of
from optimizer.season.model import build_season
from optimizer.season.prepare import SeasonData, prepare_season
from optimizer.turn.explain import CANNOT, EXPLAIN_SECONDS, OUT_OF_TIME, core_lines, minimal_core
from optimizer.turn.model import new_solver
from optimizer.turn.prepare import Prepared

Adjust = Callable[[SeasonData], SeasonData]


def explain_season(
    scenario: Scenario, adjust: Adjust | None = None, time_limit: float | None = None
) -> list[str]:
    """Why the season (with `adjust`: the player's decisions, `optimizer.season.decisions`) has no plan:
    the first turn it cannot plan, then per turn the requirements and the rules that block them."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    data = prepare_season(scenario)
    if adjust is not None:
        data = adjust(data)
    first = first_failing_turn(data, deadline)
    if first is None:
        return [OUT_OF_TIME if _past(deadline) else "no turn of the season was found that cannot be planned"]
    prefix = replace(data, turns=data.turns[: first + 1])
    model, variables = build_season(prefix, explain=True)
    assert variables.guards is not None
    lines = [_headline(scenario, first)]
    core = minimal_core(model, variables.guards, deadline)
    if isinstance(core, str):
        return [*lines, core]
    # Keyed by (the season's turn it is said under, the turn whose model holds it): the chart's rules
    # and actions are turn 1's model's, each said under its own turn, as the player names it (@turnN).
    by_turn: dict[tuple[int, int], list[tuple[str, str]]] = {}
    for rule, subject in core:
        bare, turn = turn_of(subject)
        if turn is None:
            t, shown = _requirement_turn(prefix, subject)
        else:
            t = turn - 1
            chart_turn = chart_turn_of(bare)[1]
            shown = t if chart_turn is None else chart_turn
        by_turn.setdefault((shown, t), []).append((rule, bare))
    requirements = [
        f"{subject} (turn {shown + 1})"
        for shown, t in sorted(by_turn)
        for rule, subject in by_turn[shown, t]
        if rule == "requirement"
    ]
    if max((shown for shown, _ in by_turn), default=first) > first:
        lines[0] += "; the naval chart's later turns are planned with turn 1 (27.7)"
    lines.append(CANNOT + "; ".join(requirements) if requirements else "the rules alone cannot be met")
    for shown, t in sorted(by_turn):
        detail = None if t == 0 else _later_detail(prefix, t)
        # core_lines' first line is its turn's requirements' (said once above, for every turn); a rule of
        # the chart's turn is said under that turn, so its subject drops the chart's count of it
        found = core_lines(prefix.turns[t], by_turn[shown, t], detail, lambda s: chart_turn_of(s)[0])[1:]
        lines += [f"{_when(scenario, shown)}: {line}" for line in found]
    return lines


def first_failing_turn(data: SeasonData, deadline: float | None = None) -> int | None:
    """The first turn (0 this turn) whose season prefix (turns 0 to it) has no plan; None when none is
    found (every prefix has a plan, or the time ran out)."""
    for k in range(1, data.length + 1):
        if _past(deadline):
            return None
        model, _ = build_season(replace(data, turns=data.turns[:k]))
        seconds = (
            EXPLAIN_SECONDS if deadline is None else min(EXPLAIN_SECONDS, deadline - time.perf_counter())
        )
        status = new_solver(seconds, 1).solve(model)
        if status == cp_model.INFEASIBLE:
            return k - 1
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
    return None


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() >= deadline


def _when(scenario: Scenario, t: int) -> str:
    when = turn_after(scenario.turn, t)
    return f"turn {t + 1} ({when.season.value} {when.year})"


def _headline(scenario: Scenario, t: int) -> str:
    if t == 0:
        return f"{_when(scenario, 0)} cannot be planned: the season fails in its first turn"
    earlier = "turn 1" if t == 1 else f"turns 1 to {t}"
    return f"{_when(scenario, t)} is the first turn the season cannot plan ({earlier} can be planned, not turn {t + 1} after them)"


def _requirement_turn(data: SeasonData, subject: str) -> tuple[int, int]:
    """The turn whose model holds a requirement and the season's turn it is for (`season_turn`: a chart
    action's is its own, @turnN, though turn 1's model posts it), by the decision its own words name;
    else this turn's (the player's minimums, reserves and deliveries are this turn's)."""
    for t, prepared in enumerate(data.turns):
        for decision in prepared.decisions:
            if decision.describe() == subject:
                return t, season_turn(decision, t)
    return 0, 0


def _later_detail(data: SeasonData, t: int) -> Callable[[Prepared, str, str], str]:
    """A later turn's figure of a blocking rule: what the season carries into it, not the bounds its
    prepared data holds in place of the flows (`optimizer.season.prepare.later_turn`)."""

    def detail(prepared: Prepared, rule: str, subject: str) -> str:
        powers = {p.value: p for p in prepared.powers}
        if rule == "27.31" and subject in powers:
            return f": limit {prepared.powers[powers[subject]].limit} BRPs"
        if rule == "27.11" and subject in powers:
            return f": the BRPs carried into turn {t + 1}, with its expectations"
        if rule == "27.5" and subject in prepared.entries:
            entry = prepared.entries[subject]
            count = data.start_count(t, entry.power, entry.entry.id)
            return f": {count} counters by turn {t + 1} (with those returned and received), less those built before"
        if rule == "27.35":
            return f": the oil counters carried into turn {t + 1}, with its own"
        if rule == "27.7272 E":
            return (
                ": scuttling is subject to the same restrictions as deferring (27.7272 C), and deferring_allowed "
                "is false, a restriction that stands through the season"
            )
        return ""

    return detail
