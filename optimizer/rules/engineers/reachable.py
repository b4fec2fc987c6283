"""Engineers: which teams can have paid a task counted in MPs by each turn, from the position alone.

Redundant, for the search's bound (issue 26): the constraints already forbid every schedule these
cut; written out, they let the search see at once that a task cannot be done that early, or not by that
unit, instead of proving it again in every part of the search that asks.

By the end of turn t a unit has had t turns of MPs, and before it spends any on a task it has reached
the task's hex, at the cost of its cheapest path there (`UnitData.reach`); it spends at most a turn's
MPs in a turn, and only in turns it can end (or, with `work_before_moving`, begin) in the hex and that
are not barred (mud: Weather Effects). `most_work` is the most work points it can put into the task by
turn t under those limits alone, its MPs placed in the turns of the best rate (poor weather halves the
rate: Other repair issues). A temporary airbase built in one movement phase counts only that turn (a lone
battalion's, the turn before too: Battalions).

The units that spend MPs on a task are its team, and the team that completes it has each paid its share
by then (`teams.py`). Every team that can complete it by turn t therefore completes it on `most_work`
(`teams.completes`, whose work only helps); when no such team holds a unit, that unit working on the task
and the task done in turn t exclude each other, and likewise a pair of units no such team holds both of.
"""

from __future__ import annotations

from itertools import combinations

from ortools.sat.python import cp_model

from models.engineers import MAX_TEAM_HALF_RES
from optimizer.rules.engineers import teams
from optimizer.rules.engineers.prepare import Prepared, TaskData
from optimizer.rules.engineers.variables import EngineerVariables


def most_work(data: Prepared, task: TaskData, unit_id: str, turn: int) -> int:
    """The most work points the unit can have spent on the task (counted in MPs) by the end of `turn`:
    every MP it has had by then less its cheapest path to the task, at most a turn's MPs a turn, in
    the turns it can be in the hex, the best rates first."""
    unit = data.units[unit_id]
    path = unit.reach(task.hexes)
    if path is None:
        return 0
    if task.one_phase:  # one movement phase; a lone battalion's two (Battalions)
        two = task.two_phases_for(unit)
        turns: list[int] | range = [t for t in (turn - 1, turn) if t >= 1] if two else [turn]
    else:
        turns = range(1, turn + 1)
    # In turn t the unit can work only once there: at most t turns' MPs less the path, and a turn's.
    caps = [
        (task.rates[unit_id, t], max(0, min(unit.full, unit.full * t - path)))
        for t in turns
        if t not in task.barred_turns
    ]
    budget = max(0, unit.full * turn - path)
    work = 0
    for rate, cap in sorted(caps, reverse=True):
        spent = min(cap, budget)
        work += rate * spent
        budget -= spent
    return work


def completing_teams(data: Prepared, k: str, turn: int) -> list[frozenset[str]]:
    """The teams (at most two REs) that can have paid task k's cost by the end of `turn`, each unit
    at its `most_work`."""
    task = data.tasks[k]
    work = {u: most_work(data, task, u, turn) for u in sorted({u for u, _ in task.rates})}
    work = {u: w for u, w in work.items() if w > 0}
    res = {u: data.units[u].half_res for u in work}
    found = []
    for size in range(1, min(len(work), MAX_TEAM_HALF_RES) + 1):
        for team in combinations(sorted(work), size):
            if teams.completes(task.need, task.labour, task.shares, {u: work[u] for u in team}, res):
                found.append(frozenset(team))
    return found


def add_teams_in_reach(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """Redundant, for the search's bound: a task counted in MPs is done in turn t only by a team that
    can have paid it by then (the module's docstring); no unit, and no pair of units, outside every
    such team works on it if it is done in turn t."""
    members_of: dict[str, list[str]] = {}
    for u, k in sorted(v.part):
        members_of.setdefault(k, []).append(u)
    for (k, t), finish in sorted(v.finish.items()):
        able = completing_teams(data, k, t)
        if not able:
            model.add(finish == 0)
            continue
        members = members_of.get(k, [])
        inside = frozenset().union(*able)
        for u in members:
            if u not in inside:
                model.add_bool_or([v.part[u, k].Not(), finish.Not()])
        for a, b in combinations([u for u in members if u in inside], 2):
            if not any(a in team and b in team for team in able):
                model.add_bool_or([v.part[a, k].Not(), v.part[b, k].Not(), finish.Not()])
