"""Engineers: the tie-break among schedules of the same value, in plain Python after the search.

The search fixes which tasks are done and when; this takes back MPs spent beyond what each task
needs, then gives each unit the cheapest moves that still put it where it works, builds and keeps
airbases. It never changes a task's completion turn, so never the value. It replaces a second
CP-SAT solve, which cost about as much as the first on the benchmark positions.
"""

from __future__ import annotations

from collections import defaultdict

from models.engineers import EngineerPlan, UnitTurn, Work, to_halves, to_mps
from optimizer.rules.engineers.prepare import Prepared, work_done


def _progress(data: Prepared, k: str, spends: dict[tuple[str, int], int], last: int) -> int:
    """Work points done on task k by the end of turn `last` (`work_done`, turn by turn)."""
    by_turn: dict[int, dict[str, int]] = defaultdict(dict)
    for (u, t), halves in spends.items():
        by_turn[t][u] = halves
    return sum(work_done(data.tasks[k], t, by_turn[t]) for t in range(1, last + 1))


def _least_work(
    data: Prepared, plan: EngineerPlan, done: dict[str, int | None]
) -> dict[tuple[str, int, str], int]:
    """Half MPs on each task counted in MPs, taken back one by one (latest turn first) while the
    task is still done in the same turn (`done`: each task's turn); none on tasks not done."""
    by_task: dict[str, dict[tuple[str, int], int]] = defaultdict(dict)
    for line in plan.schedule:
        for w in line.work:
            by_task[w.task][line.unit, line.turn] = to_halves(w.mps)
    kept: dict[tuple[str, int, str], int] = {}
    for k in sorted(by_task):
        finished = done.get(k)
        if finished is None:
            continue
        spends = {key: halves for key, halves in by_task[k].items() if key[1] <= finished}
        need = data.tasks[k].need
        for key in sorted(spends, key=lambda key: (-key[1], key[0])):
            while spends[key] > 0:
                spends[key] -= 1
                if _progress(data, k, spends, finished) < need:
                    spends[key] += 1
                    break
        kept.update({(u, t, k): halves for (u, t), halves in spends.items() if halves > 0})
    return kept


def tidy(data: Prepared, plan: EngineerPlan) -> EngineerPlan:
    """The same tasks done in the same turns, with the fewest MPs spent, then moved."""
    done = {o.task: o.done_turn for o in plan.tasks}
    work = _least_work(data, plan, done)
    lines = {(line.unit, line.turn): line for line in plan.schedule}
    turns = plan.turns
    # Where each unit must end each turn: where it works; where it builds, staying in the hex from
    # the initial phase it begins in to the one it completes in (Permanent Airbases and Forts); and
    # on the temporary airbases it keeps, one being kept by a construction unit ending its turn on
    # it (Temporary Airbases).
    anchors: dict[tuple[str, int], str] = {}
    for (u, t, _), _halves in work.items():
        anchors[u, t] = lines[u, t].move_to
    for (u, t), line in lines.items():
        if line.begins is not None or line.busy_with is not None:
            anchors[u, t - 1] = line.start_hex  # at the hex in this initial phase
            if to_halves(line.mps_available) == 0:
                anchors[u, t] = line.start_hex  # building all turn
    for k, task in data.tasks.items():
        finished = done.get(k)
        if not task.maintain or finished is None:
            continue
        place = task.hexes[0]
        for t in range(finished, turns + 1):
            keeper = min(u for u in data.units if lines[u, t].move_to == place)
            anchors[keeper, t] = place
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
    return plan.model_copy(update={"schedule": schedule})
