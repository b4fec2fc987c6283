"""Engineers: the schedule and the tasks' outcomes, read from a solved model."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.engineers import EngineerPlan, TaskOutcome, UnitTurn, Work, discounted, to_mps
from optimizer.rules.engineers.prepare import Prepared, done_by_words, work_done
from optimizer.rules.engineers.variables import EngineerVariables


def _not_done_reason(data: Prepared, k: str) -> str:
    task = data.tasks[k]
    if task.refused is not None:
        return task.refused
    reachable = bool(task.options) if task.counted_in_turns else bool(task.rates)
    if not reachable:
        return f"no construction unit can do it by {done_by_words(data, k)}"
    if task.last_turn < data.turns:
        return f"not worth the units' time, or not possible, by its deadline (turn {task.last_turn})"
    return f"not worth the units' time, or not possible, within {data.turns} turns"


def extract(solver: cp_model.CpSolver, data: Prepared, v: EngineerVariables, status: str) -> EngineerPlan:
    """One line per unit and turn, and one outcome per task."""
    chosen = [o for o, var in v.option.items() if solver.value(var)]
    done_turn: dict[str, int] = {o.task: o.done_turn for o in chosen}
    spends = {key: solver.value(var) for key, var in v.spend.items()}
    for k in sorted({key[2] for key, halves in spends.items() if halves > 0}):
        # The first turn the work reaches the cost, done if by the task's last turn. (MPs the model
        # let units spend on it after that are taken back by the tie-break, `tidy`.)
        task = data.tasks[k]
        progress = 0
        for t in range(1, task.last_turn + 1):
            progress += work_done(task, t, {u: h for (u, tt, kk), h in spends.items() if tt == t and kk == k})
            if progress >= task.need:
                done_turn[k] = t
                break
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
    outcomes = []
    total = 0.0
    for k in (t.id for t in data.scenario.tasks):
        task = data.tasks[k]
        if k in done_turn:
            worth = discounted(task.task.value, done_turn[k], data.scenario.discount)
            total += worth
            outcomes.append(
                TaskOutcome(
                    task=k,
                    kind=task.task.kind,
                    done_turn=done_turn[k],
                    value=round(worth, 6),
                    resource_point=resource.get(k),
                )
            )
        else:
            outcomes.append(
                TaskOutcome(
                    task=k,
                    kind=task.task.kind,
                    resource_point=resource.get(k),
                    reason=_not_done_reason(data, k),
                )
            )
    return EngineerPlan(
        status=status, value=round(total, 6), turns=data.turns, schedule=schedule, tasks=outcomes
    )
