"""Engineers: the schedule and the tasks' outcomes, read from a solved model."""

from __future__ import annotations

from collections import defaultdict

from ortools.sat.python import cp_model

from models.engineers import CAPACITY_TASKS, NEW_AIRBASE_CAPACITY, discounted, to_halves, to_mps
from models.engineers_plan import AirbaseLost, EngineerPlan, TaskOutcome, UnitTurn, Work
from optimizer.rules.engineers.prepare import Prepared, done_by_words, first_done_turn
from optimizer.rules.engineers.variables import EngineerVariables


def lost_airbases(data: Prepared, schedule: list[UnitTurn]) -> list[AirbaseLost]:
    """Temporary Airbases: each temporary airbase on the map at the start (outside zone F) is gone at
    the end of the first turn no construction unit ends on it."""
    ends = {(line.unit, line.turn): line.move_to for line in schedule}
    keepers = [u for u, unit in sorted(data.units.items()) if unit.construction]
    lost = []
    for h in data.temporary_airbases:
        turn = next((t for t in range(1, data.turns + 1) if not any(ends[u, t] == h for u in keepers)), None)
        if turn is not None:
            lost.append(AirbaseLost(hex=h, turn=turn))
    return lost


def mp_done_turns(data: Prepared, schedule: list[UnitTurn]) -> dict[str, int]:
    """The turn each task counted in MPs is done by the work in the schedule (`first_done_turn`)."""
    halves: dict[str, dict[tuple[str, int], int]] = defaultdict(dict)
    for line in schedule:
        for w in line.work:
            halves[w.task][line.unit, line.turn] = to_halves(w.mps)
    done = {k: first_done_turn(data, k, spends) for k, spends in sorted(halves.items())}
    return {k: t for k, t in done.items() if t is not None}


def _not_done_reason(
    data: Prepared, k: str, done: dict[str, int], resource: dict[str, str], lost: list[AirbaseLost]
) -> str:
    """Why task k is not done, naming the statement of the article that binds when one does."""
    task = data.tasks[k]
    if task.refused is not None:
        return task.refused
    if task.blocked is not None:
        return task.blocked
    reachable = bool(task.options) if task.counted_in_turns else bool(task.rates)
    if not reachable:
        return f"no construction unit can do it by {done_by_words(data, k)}"
    if task.needs_resource_point:
        spent: dict[str, list[str]] = defaultdict(list)
        for other, r in sorted(resource.items()):
            if other != k:
                spent[r].append(other)
        if all(len(spent[r]) >= data.resource_points[r] for r in task.resource_points):
            section = "Permanent Airbases and Forts" if task.counted_in_turns else "Bridges"
            users = sorted({x for r in task.resource_points for x in spent[r]})
            return (
                f"{section}: a resource point is expended when it is begun, and those it can trace an "
                f"overland supply line to ({', '.join(task.resource_points)}) go to {', '.join(users)}"
            )
    if task.task.kind in CAPACITY_TASKS:
        place = task.hexes[0]
        others = sorted(
            x
            for x, t in data.tasks.items()
            if x != k and x in done and t.task.kind in CAPACITY_TASKS and t.hexes[0] == place
        )
        kept = not any(x.hex == place for x in lost)
        room = data.capacity_room[place] - (data.losable_capacity.get(place, 0) if kept else 0)
        if NEW_AIRBASE_CAPACITY * (len(others) + 1) > room:
            filling = [f"{', '.join(others)} done"] if others else []
            if room < data.capacity_room[place]:
                filling.append("the temporary airbase on the map kept")
            return (
                f"Permanent Airbases and Forts: no hex may have an airbase capacity of greater than twelve, "
                f"and {' and '.join(filling)} in '{place}' leave no room for it"
            )
    if task.airbase is not None:
        gone = next((x.turn for x in lost if x.hex == task.airbase), None)
        if gone is not None:
            return (
                f"Temporary Airbases: the temporary airbase in '{task.airbase}' is gone at the end of turn "
                f"{gone}, no construction unit ending the turn on it"
            )
    if task.last_turn < data.turns:
        return f"not worth the units' time, or not possible, by its deadline (turn {task.last_turn})"
    return f"not worth the units' time, or not possible, within {data.turns} turns"


def outcomes(
    data: Prepared, schedule: list[UnitTurn], turn_done: dict[str, int], resource: dict[str, str]
) -> tuple[list[TaskOutcome], float, list[AirbaseLost]]:
    """Each task's outcome (tasks counted in turns done as `turn_done` says, those counted in MPs as
    the schedule's work does them), the value, and the temporary airbases lost."""
    done = {**turn_done, **mp_done_turns(data, schedule)}
    lost = lost_airbases(data, schedule)
    found = []
    total = 0.0
    for k in (t.id for t in data.scenario.tasks):
        task = data.tasks[k]
        if k in done:
            worth = discounted(task.task.value, done[k], data.scenario.discount)
            total += worth
            found.append(
                TaskOutcome(
                    task=k,
                    kind=task.task.kind,
                    done_turn=done[k],
                    value=round(worth, 6),
                    resource_point=resource.get(k),
                )
            )
        else:
            found.append(
                TaskOutcome(
                    task=k,
                    kind=task.task.kind,
                    resource_point=resource.get(k),
                    reason=_not_done_reason(data, k, done, resource, lost),
                )
            )
    return found, round(total, 6), lost


def extract(solver: cp_model.CpSolver, data: Prepared, v: EngineerVariables, status: str) -> EngineerPlan:
    """One line per unit and turn, and one outcome per task."""
    chosen = [o for o, var in v.option.items() if solver.value(var)]
    spends = {key: solver.value(var) for key, var in v.spend.items()}
    resource: dict[str, str] = {k: r for (k, r), var in v.resource.items() if solver.value(var)}
    schedule: list[UnitTurn] = []
    for u in sorted(data.units):
        unit = data.units[u]
        here = {t: h for (uu, t, h), var in v.at.items() if uu == u and solver.value(var)}
        for t in range(1, data.turns + 1):
            begins = next((o for o in chosen if u in o.team and o.start == t), None)
            ongoing = next((o for o in chosen if u in o.team and o.start < t < o.done_turn), None)
            if begins is not None and begins.turns >= 1 or ongoing is not None:
                available = 0
            elif begins is not None:
                available = unit.half
            else:
                available = unit.full
            work = [
                Work(task=k, mps=to_mps(halves))
                for (uu, tt, k), halves in sorted(spends.items())
                if uu == u and tt == t and halves > 0
            ]
            moved = solver.value(v.moved[u, t])
            spent = sum(halves for (uu, tt, _), halves in spends.items() if uu == u and tt == t)
            schedule.append(
                UnitTurn(
                    turn=t,
                    unit=u,
                    start_hex=here[t],
                    begins=begins.task if begins else None,
                    busy_with=ongoing.task if ongoing else None,
                    mps_available=to_mps(available),
                    move_to=here[t + 1],
                    move_mps=to_mps(moved),
                    work=work,
                    mps_left=to_mps(available - moved - spent),
                )
            )
    found, total, lost = outcomes(data, schedule, {o.task: o.done_turn for o in chosen}, resource)
    return EngineerPlan(
        status=status,
        value=total,
        turns=data.turns,
        schedule=schedule,
        tasks=found,
        lost_temporary_airbases=lost,
    )
