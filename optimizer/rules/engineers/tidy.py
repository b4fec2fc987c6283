"""Engineers: the tie-break among schedules of the same value, after the search.

The search fixes which tasks are done and when, and where each unit is at the end of each turn. This
first spends the fewest MPs that still do each task counted in MPs by the same turn with the units in
those places (a small CP-SAT model of the MPs alone, `fewest_mps`: MPs may move between units and
turns, not only be taken back), then gives each unit the cheapest moves that still put it where it
works, builds and keeps airbases. It never does a task later, so never lowers the value. It replaces a
second solve of the whole model, which cost about as much as the first on the benchmark positions.
"""

from __future__ import annotations

from collections import defaultdict

from ortools.sat.python import cp_model

from models.engineers import CAPACITY_TASKS, TURN_TASKS, to_halves, to_mps
from models.engineers_plan import EngineerPlan, UnitTurn, Work
from optimizer.rules.engineers.constraints import add_team_rule
from optimizer.rules.engineers.extract import mp_done_turns, outcomes
from optimizer.rules.engineers.prepare import Prepared
from optimizer.rules.engineers.solvers import base_solver

# Work the fewest-MPs model may do (CP-SAT deterministic seconds); it starts from the search's MPs,
# so stopped early it still spends no more than they do.
FEWEST_MPS_WORK = 5.0


def _stacked(data: Prepared, lines: dict[tuple[str, int], UnitTurn], place: str, t: int) -> list[str]:
    """Construction units ending turn t in the hex, in name order (Temporary Airbases)."""
    return [u for u in sorted(data.units) if data.units[u].construction and lines[u, t].move_to == place]


def _earliest_work(data: Prepared, lines: dict[tuple[str, int], UnitTurn], k: str, done: int) -> int:
    """The first turn MPs may go on a temporary airbase built incrementally, done in turn `done`: it is
    on the map from the first turn MPs are spent on it, so a construction unit must end every turn on
    it from then (to the turn before it is done, or to the horizon when kept) in the places fixed."""
    task = data.tasks[k]
    if not task.maintain or task.one_phase:
        return 1
    place = task.hexes[0]
    until = data.turns if task.keep else done - 1
    first = done
    while first > 1 and _stacked(data, lines, place, first - 1):
        first -= 1
    assert all(_stacked(data, lines, place, t) for t in range(first, until + 1))  # the search's places
    return first


def fewest_mps(data: Prepared, plan: EngineerPlan) -> tuple[dict[tuple[str, int, str], int], float]:
    """Half MPs on each task counted in MPs, the fewest in all that still do each done task by its
    turn with every unit where the plan has it at the start and end of each turn (and none on tasks
    not done); and the CP-SAT work spent finding them."""
    lines = {(line.unit, line.turn): line for line in plan.schedule}
    before = data.scenario.settings.work_before_moving
    done = {o.task: o.done_turn for o in plan.tasks if o.done_turn is not None and data.tasks[o.task].need}
    given = {(line.unit, line.turn, w.task): to_halves(w.mps) for line in plan.schedule for w in line.work}
    if not given:
        return {}, 0.0
    model = cp_model.CpModel()
    spend: dict[tuple[str, int, str], cp_model.IntVar] = {}
    working: dict[tuple[str, int, str], cp_model.IntVar] = {}
    room: dict[tuple[str, int], int] = {}
    for (u, t), line in lines.items():
        # The cheapest move between the two places (a place the search never uses: the plan's move).
        move = data.units[u].costs.get(line.start_hex, {}).get(line.move_to, to_halves(line.move_mps))
        room[u, t] = to_halves(line.mps_available) - move
    for k, finished in sorted(done.items()):
        task = data.tasks[k]
        first = _earliest_work(data, lines, k, finished)
        if task.maintain and not task.one_phase and task.hexes[0] in data.losable_capacity:
            # Placed no sooner than the search placed it: sooner it might meet the temporary airbase
            # on the map before that is gone, past twelve (Permanent Airbases and Forts).
            first = max(first, min((t for (_, t, kk) in given if kk == k), default=first))
        for (u, t), _rate in sorted(task.rates.items()):
            line = lines[u, t]
            there = line.move_to in task.hexes or (before and line.start_hex in task.hexes)
            if not there or t > finished or t < first or t in task.barred_turns or room[u, t] <= 0:
                continue
            second = task.two_phases_for(data.units[u]) and t == finished - 1
            if task.one_phase and t != finished and not second:
                continue
            spend[u, t, k] = model.new_int_var(0, room[u, t], f"spend_{u}_{t}_{k}")
            working[u, t, k] = model.new_bool_var(f"working_{u}_{t}_{k}")
            model.add(spend[u, t, k] >= working[u, t, k])
            model.add(spend[u, t, k] <= room[u, t] * working[u, t, k])
        members = sorted({u for (u, _, kk) in spend if kk == k})
        part = {u: model.new_bool_var(f"part_{u}_{k}") for u in members}
        work = {}
        for u in members:
            mine = [(t, var) for (uu, t, kk), var in spend.items() if uu == u and kk == k]
            for t, _ in mine:
                model.add_implication(working[u, t, k], part[u])
            model.add(part[u] <= sum(working[u, t, k] for t, _ in mine))
            work[u] = sum(task.rates[u, t] * var for t, var in mine)
        model.add(sum(work.values()) >= task.least_need)  # type: ignore[arg-type]
        for u in members:  # a battalion's two phases: it alone (Battalions)
            if task.one_phase and (u, finished - 1, k) in working:
                others = [part[w] for w in members if w != u]
                model.add(sum(others) <= len(others) * (1 - working[u, finished - 1, k]))
        res = {u: data.units[u].half_res for u in members}
        add_team_rule(model, task, res, work, part, 1)  # type: ignore[arg-type]
    by_unit_turn: dict[tuple[str, int], list[cp_model.IntVar]] = defaultdict(list)
    for (u, t, _), var in spend.items():
        by_unit_turn[u, t].append(var)
    for (u, t), spends in sorted(by_unit_turn.items()):
        model.add(sum(spends) <= room[u, t])
    model.minimize(sum(spend.values()))
    for key, var in spend.items():  # the search's MPs: a schedule to start from
        model.add_hint(var, given.get(key, 0))
        model.add_hint(working[key], given.get(key, 0) > 0)
    solver = base_solver(None, FEWEST_MPS_WORK)
    code = solver.solve(model)
    if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        kept = {key: h for key, h in given.items() if key[2] in done}
        return kept, solver.deterministic_time
    return {
        key: solver.value(var) for key, var in spend.items() if solver.value(var) > 0
    }, solver.deterministic_time


def tidy(
    data: Prepared, plan: EngineerPlan, work: dict[tuple[str, int, str], int] | None = None
) -> EngineerPlan:
    """The same tasks done by the same turns, with the fewest MPs spent (`work`, by default
    `fewest_mps`'s), then moved."""
    if work is None:
        work, _ = fewest_mps(data, plan)
    lines = {(line.unit, line.turn): line for line in plan.schedule}
    turns = plan.turns
    before = data.scenario.settings.work_before_moving
    # A task may now be done sooner (some team of its units pays it earlier): no MPs after that.
    draft = [
        line.model_copy(
            update={
                "work": [
                    Work(task=k, mps=to_mps(h)) for (u, t, k), h in sorted(work.items()) if (u, t) == key
                ]
            }
        )
        for key, line in sorted(lines.items())
    ]
    sooner = mp_done_turns(data, draft)
    work = {(u, t, k): h for (u, t, k), h in work.items() if k in sooner and t <= sooner[k]}
    done = {o.task: o.done_turn for o in plan.tasks if o.kind in TURN_TASKS and o.done_turn is not None}
    done.update(sooner)
    # Where each unit must be at the end of each turn: where it works (with `work_before_moving`, where
    # it begins the turn, when that is where it works); where it builds, staying in the hex from the
    # initial phase it begins in to the one it completes in (Permanent Airbases and Forts); and on the
    # temporary airbases it keeps, one being kept by a construction unit ending its turn on it
    # (Temporary Airbases): those it builds, while they are on the map, and those on the map at the
    # start, as long as the search's schedule keeps them.
    anchors: dict[tuple[str, int], str] = {}
    for (u, t, k), _halves in work.items():
        line = lines[u, t]
        if line.move_to in data.tasks[k].hexes or not before:
            anchors[u, t] = line.move_to
        else:
            anchors[u, t - 1] = line.start_hex
    for (u, t), line in lines.items():
        if line.begins is not None or line.busy_with is not None:
            anchors[u, t - 1] = line.start_hex  # at the hex in this initial phase
            if to_halves(line.mps_available) == 0:
                anchors[u, t] = line.start_hex  # building all turn
    for k, task in data.tasks.items():
        finished = done.get(k)
        if not task.maintain or finished is None:
            continue
        first = finished if task.one_phase else min(t for (_, t, kk) in work if kk == k)
        until = turns if task.keep else finished - 1
        for t in range(first, until + 1):
            anchors[_stacked(data, lines, task.hexes[0], t)[0], t] = task.hexes[0]
    # A temporary airbase on the map that the search's schedule lets go, in a hex where new airbases
    # count against the twelve (Permanent Airbases and Forts), is let go in the same turn: no
    # construction unit ends that turn on it, or the capacity it freed would be taken back.
    capacity_hexes = {
        task.hexes[0]
        for task in data.tasks.values()
        if task.refused is None and task.task.kind in CAPACITY_TASKS
    }
    avoid: set[tuple[str, int]] = set()
    for place in data.temporary_airbases:
        for t in range(1, turns + 1):
            keepers = _stacked(data, lines, place, t)
            if not keepers:
                if place in capacity_hexes:
                    avoid.add((place, t))
                break
            anchors[keepers[0], t] = place
    # Each unit's work each turn, by task in task order, and its half MPs in all.
    spent: dict[tuple[str, int], list[Work]] = defaultdict(list)
    spent_halves: dict[tuple[str, int], int] = defaultdict(int)
    for (u, t, k), h in sorted(work.items()):
        spent[u, t].append(Work(task=k, mps=to_mps(h)))
        spent_halves[u, t] += h
    schedule: list[UnitTurn] = []
    for u in sorted(data.units):
        unit = data.units[u]
        budget = {t: to_halves(lines[u, t].mps_available) - spent_halves[u, t] for t in range(1, turns + 1)}
        # Cheapest moves through the anchors: (cost so far, path) per hex held at each turn's end.
        best: dict[str, tuple[int, tuple[str, ...]]] = {unit.start: (0, (unit.start,))}
        for t in range(1, turns + 1):
            following: dict[str, tuple[int, tuple[str, ...]]] = {}
            for here, (cost, path) in sorted(best.items()):
                for there, step in sorted(unit.costs[here].items()):
                    if step > budget[t] or anchors.get((u, t), there) != there:
                        continue
                    if unit.construction and (there, t) in avoid:
                        continue
                    candidate = (cost + step, (*path, there))
                    if there not in following or candidate < following[there]:
                        following[there] = candidate
            best = following
        _, path = min(best.values())
        for t in range(1, turns + 1):
            line = lines[u, t]
            move = unit.costs[path[t - 1]][path[t]]
            schedule.append(
                line.model_copy(
                    update={
                        "start_hex": path[t - 1],
                        "move_to": path[t],
                        "move_mps": to_mps(move),
                        "work": spent[u, t],
                        "mps_left": to_mps(budget[t] - move),
                    }
                )
            )
    resource = {o.task: o.resource_point for o in plan.tasks if o.resource_point is not None}
    found, total, lost = outcomes(data, schedule, done, resource)
    return plan.model_copy(
        update={"schedule": schedule, "tasks": found, "value": total, "lost_temporary_airbases": lost}
    )
