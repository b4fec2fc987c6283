"""Engineers: the article's rules as constraints over the schedule."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection

from ortools.sat.python import cp_model

from models.engineers import CAPACITY_TASKS, MAX_TEAM_HALF_RES, NEW_AIRBASE_CAPACITY
from optimizer.rules.engineers.prepare import Option, Prepared, TaskData
from optimizer.rules.engineers.variables import EngineerVariables


def add_movement(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """A unit stands in one hex each initial phase; its move in a turn costs the cheapest path's MPs
    (the scenario's costs between neighbours), never more than it has (budget below)."""
    for u in data.units.values():
        model.add(v.at[u.id, 1, u.start] == 1)
        for t in range(1, data.turns + 2):
            model.add_exactly_one(v.at[u.id, t, h] for h in u.hexes if u.can_be_at(h, t))
        # From hex a the unit ends its move in a hex within one turn's reach, and the move costs
        # the cheapest path there.
        for t in range(1, data.turns + 1):
            ends = [h for h in u.hexes if u.can_be_at(h, t + 1)]
            for a in u.hexes:
                if not u.can_be_at(a, t):
                    continue
                costs = u.costs[a]
                reach = [b for b in ends if b in costs]
                here = v.at[u.id, t, a]
                model.add_bool_or([v.at[u.id, t + 1, b] for b in reach]).only_enforce_if(here)
                model.add(
                    v.moved[u.id, t] >= sum(costs[b] * v.at[u.id, t + 1, b] for b in reach if b != a)
                ).only_enforce_if(here)


def _options_of(data: Prepared, v: EngineerVariables) -> dict[str, list[Option]]:
    by_unit: dict[str, list[Option]] = defaultdict(list)
    for option in v.option:
        for u in option.team:
            by_unit[u].append(option)
    return by_unit


def add_budgets(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """MPs a turn (Permanent Airbases and Forts; Quick Construction; Example B).

    A unit building a task counted in turns has no MPs from the initial phase it begins it to the
    one it completes it in, and stays in the hex; one begun and completed in the same initial
    phase by quick construction leaves half MPs. A unit begins at most one task an initial phase
    and builds one at a time (Example B: "Any construction unit may only begin one construction task
    per friendly initial phase"). Moving and working share the rest.
    """
    by_unit = _options_of(data, v)
    spends: dict[tuple[str, int], list[cp_model.IntVar]] = defaultdict(list)
    for (worker, turn, _), var in v.spend.items():
        spends[worker, turn].append(var)
    for u in data.units.values():
        for t in range(1, data.turns + 1):
            covering = [o for o in by_unit[u.id] if o.occupies(t)]
            model.add(sum(v.option[o] for o in covering) <= 1)
            busy = sum(v.option[o] for o in covering if o.turns >= 1)
            quick = sum(v.option[o] for o in covering if o.turns == 0)
            model.add(
                v.moved[u.id, t] + sum(spends[u.id, t]) <= u.full - u.full * busy - (u.full - u.half) * quick
            )
        for o in by_unit[u.id]:
            place = o.hex
            # In the hex when it begins, and there until the initial phase it completes in.
            for t in range(o.start, o.start + o.turns + 1):
                model.add_implication(v.option[o], v.at[u.id, t, place])


def _work(data: Prepared, v: EngineerVariables, k: str, t: int) -> cp_model.LinearExpr:
    """Work points done on task k in turn t: each unit's MPs at its rate, a lone unit with civilian
    labour at the rate of its REs plus one (Quick Construction)."""
    task = data.tasks[k]
    terms = []
    for (u, tt, kk), spend in v.spend.items():
        if kk != k or tt != t:
            continue
        terms.append(task.rates[u, t] * spend)
        if (u, t, k) in v.labour_work:
            terms.append((task.labour_rates[u, t] - task.rates[u, t]) * v.labour_work[u, t, k])
    return sum(terms)  # type: ignore[return-value]


def add_mp_tasks(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """Tasks counted in MPs (Airbases, Rail lines, Ports, Bridges, Temporary Airbases).

    MPs are spent in the hex where the unit ends its move (for a bridge, either hex beside it); the
    full cost is paid, over several turns if need be (Other repair issues), and a task is done in
    the first turn its work reaches the cost; no MPs are spent on it after. At most two REs work on
    a task in a turn (Quick Construction). No temporary airbase is built or repaired in mud (Weather
    Effects). Without the incremental option a temporary airbase is paid in one movement phase.
    """
    for k, task in data.tasks.items():
        if task.refused is not None or task.counted_in_turns:
            continue
        big = task.need + sum(
            data.units[u].full * max(task.rates[u, t], task.labour_rates.get((u, t), 0))
            for (u, t) in task.rates
        )
        finished_by: list[cp_model.LinearExpr] = []
        done_before: cp_model.LinearExpr = 0  # type: ignore[assignment]
        progress: cp_model.LinearExpr = 0  # type: ignore[assignment]
        for t in range(1, data.turns + 1):
            workers = [(u, var) for (u, tt, kk), var in v.working.items() if kk == k and tt == t]
            for u, working in workers:
                spend = v.spend[u, t, k]
                model.add(spend >= working)
                model.add(spend <= data.units[u].full * working)
                # Linear link to where the unit ends its move: tight in the relaxation.
                model.add(
                    spend
                    <= data.units[u].full
                    * sum(v.at[u, t + 1, h] for h in task.hexes if (u, t + 1, h) in v.at)
                )
                model.add_bool_or(
                    [v.at[u, t + 1, h] for h in task.hexes if (u, t + 1, h) in v.at]
                ).only_enforce_if(working)
                if task.one_phase and t <= task.last_turn:
                    model.add_implication(working, v.finish[k, t])
                elif task.one_phase:
                    model.add(working == 0)
            model.add(sum(data.units[u].half_res * working for u, working in workers) <= MAX_TEAM_HALF_RES)
            _add_labour(model, data, v, task, t, workers)
            # Nothing spent once done.
            for _, working in workers:
                model.add(working <= 1 - done_before)
            progress = progress + _work(data, v, k, t)
            if t <= task.last_turn:
                # Done by turn t: the work so far reaches the cost (work only grows, so this
                # linear form is the same as "done in turn t needs the cost reached", and tight).
                done_before = done_before + v.finish[k, t]
                model.add(progress >= task.need * done_before)
            if task.maintain and not task.one_phase:
                # Reaching the cost means built by now, and kept from now on. (Built in one phase,
                # MPs are spent only in the turn it is done, so that turn is exact already; for
                # other tasks the extraction reports the first turn the cost is reached, and with a
                # discount below 1 it is the turn chosen here.)
                model.add(progress <= task.need - 1 + big * done_before)
            finished_by.append(done_before)
        model.add(sum(v.finish[k, t] for t in range(1, task.last_turn + 1)) <= 1)
        done: cp_model.LinearExpr = sum(v.finish[k, t] for t in range(1, task.last_turn + 1))  # type: ignore[assignment]
        _add_no_waste(model, task, progress, done)
        if task.needs_resource_point:
            for (_, _, kk), working in v.working.items():
                if kk == k:
                    model.add_implication(working, v.attempted[k])
        if task.maintain:
            _add_maintenance(model, data, v, task, finished_by)


def _add_no_waste(
    model: cp_model.CpModel, task: TaskData, progress: cp_model.LinearExpr, done: cp_model.LinearExpr
) -> None:
    """Dominance, not a rule: no work on a task that is not done, and no more than its cost needs.

    From any schedule, taking back half MPs spent on a task while the rest still pays its cost (and
    all of them when it is not done) keeps every rule and the value: the MPs stay with the unit,
    fewer workers never break the two-RE limit, and a worker left alone near a labour city only
    gains. When no half MP can be taken back, the work is short of the cost plus what one half MP
    earns at the best rate. So the schedules of most value include one within this bound, and the
    search need not look at the others (the tie-break spends no more MPs either).
    """
    best = max([*task.rates.values(), *task.labour_rates.values()], default=0)
    model.add(progress <= (task.need - 1 + best) * done)


def _add_labour(
    model: cp_model.CpModel,
    data: Prepared,
    v: EngineerVariables,
    task: TaskData,
    t: int,
    workers: list[tuple[str, cp_model.IntVar]],
) -> None:
    """Civilian labour is the second RE of a unit working alone on a task near a labour city
    (Quick Construction) [reading: it joins a lone unit of less than two REs, and always does]."""
    k = task.task.id
    labour = [(u, working) for u, working in workers if (u, t, k) in v.labour_work]
    if not labour:
        return
    alone = model.new_bool_var(f"alone_{k}_{t}")
    count = sum(working for _, working in workers)
    model.add(count == 1).only_enforce_if(alone)
    model.add(count != 1).only_enforce_if(~alone)
    helped = []
    for u, working in labour:
        both = model.new_bool_var(f"with_labour_{u}_{t}_{k}")
        model.add_bool_and([working, alone]).only_enforce_if(both)
        model.add_bool_or([~working, ~alone]).only_enforce_if(~both)
        model.add(v.labour_work[u, t, k] == v.spend[u, t, k]).only_enforce_if(both)
        model.add(v.labour_work[u, t, k] == 0).only_enforce_if(~both)
        # The same, linear: labour helps the MPs spent, and only the lone worker's.
        model.add(v.labour_work[u, t, k] <= v.spend[u, t, k])
        model.add(v.labour_work[u, t, k] <= data.units[u].full * both)
        helped.append(both)
    model.add(sum(helped) <= 1)


def _add_maintenance(
    model: cp_model.CpModel,
    data: Prepared,
    v: EngineerVariables,
    task: TaskData,
    finished_by: list[cp_model.LinearExpr],
) -> None:
    """Temporary Airbases: outside zone F a construction unit ends every turn on a built temporary
    airbase, from the turn it is built [setting keep_temporary_airbases]."""
    place = task.hexes[0]
    for t in range(1, data.turns + 1):
        stacked = [v.at[u.id, t + 1, place] for u in data.units.values() if (u.id, t + 1, place) in v.at]
        model.add(sum(stacked) >= finished_by[t - 1])


def add_work_places(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """MPs are spent in the hex where the unit ends its move: on all the tasks of a hex together,
    at most a turn's MPs if it ends there, none otherwise (the per-task link above, summed so that
    the relaxation cannot spend a turn's MPs on each task of a hex)."""
    spent: dict[tuple[str, int, tuple[str, ...]], list[cp_model.IntVar]] = defaultdict(list)
    for (u, t, k), spend in v.spend.items():
        spent[u, t, data.tasks[k].hexes].append(spend)
    for (u, t, hexes), spends in sorted(spent.items()):
        if len(spends) > 1:
            ends = [v.at[u, t + 1, h] for h in hexes if (u, t + 1, h) in v.at]
            model.add(sum(spends) <= data.units[u].full * sum(ends))


def add_turn_tasks(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """Forts, permanent airbases, augmenting (Permanent Airbases and Forts): at most one team
    builds each; a resource point is spent when it is begun."""
    for k, task in data.tasks.items():
        if task.refused is not None or not task.counted_in_turns:
            continue
        chosen = [v.option[o] for o in task.options]
        model.add(sum(chosen) <= 1)
        model.add(v.attempted[k] == sum(chosen))


def add_resources(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """A task needing a resource point spends one that it traces an overland supply line to
    (Bridges; Permanent Airbases and Forts); each point is spent once."""
    for k in v.attempted:
        model.add(sum(var for (kk, _), var in v.resource.items() if kk == k) == v.attempted[k])
    for r, count in data.resource_points.items():
        spent = [var for (_, rr), var in v.resource.items() if rr == r]
        if spent:
            model.add(sum(spent) <= count)


def done_expressions(data: Prepared, v: EngineerVariables) -> dict[str, cp_model.LinearExpr]:
    """1 if a task is done within its turns."""
    done: dict[str, cp_model.LinearExpr] = {}
    for k, task in data.tasks.items():
        if task.refused is not None:
            continue
        if task.counted_in_turns:
            done[k] = sum(v.option[o] for o in task.options)  # type: ignore[assignment]
        else:
            done[k] = sum(v.finish[k, t] for t in range(1, task.last_turn + 1))  # type: ignore[assignment]
    return done


def add_capacity(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """No hex over twelve airbase capacity (Permanent Airbases and Forts), counting every new airbase
    and augmentation planned there."""
    done = done_expressions(data, v)
    by_hex: dict[str, list[cp_model.LinearExpr]] = defaultdict(list)
    for k, task in data.tasks.items():
        if k in done and task.task.kind in CAPACITY_TASKS:
            by_hex[task.hexes[0]].append(done[k])
    for h, items in by_hex.items():
        model.add(NEW_AIRBASE_CAPACITY * sum(items) <= data.capacity_room[h])


def add_required(
    model: cp_model.CpModel, data: Prepared, v: EngineerVariables, required: Collection[str] | None = None
) -> None:
    """Tasks the player requires are done (a planning requirement, not a rule); `required` in place
    of the scenario's (the explanation's tests)."""
    done = done_expressions(data, v)
    for k, task in data.tasks.items():
        if task.task.required if required is None else k in required:
            if k not in done:
                model.add_bool_or([])  # refused: the requirement cannot be met
            else:
                model.add(done[k] >= 1)


def add_work_capacity(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """Redundant, for the search's bound: the tasks counted in MPs done by turn T cost no more work
    than the units can do by then, each at its best rate on any task it can reach that turn and
    with every MP it has (a sum of what the constraints above allow each unit, so it cuts no
    schedule)."""
    best: dict[tuple[str, int], int] = defaultdict(int)
    for u, t, k in v.spend:
        task = data.tasks[k]
        rate = max(task.rates[u, t], task.labour_rates.get((u, t), 0))
        best[u, t] = max(best[u, t], rate * data.units[u].full)
    tasks = [k for k, task in data.tasks.items() if task.refused is None and not task.counted_in_turns]
    for last in range(1, data.turns + 1):
        done = [
            data.tasks[k].need * v.finish[k, t]
            for k in tasks
            for t in range(1, min(last, data.tasks[k].last_turn) + 1)
        ]
        if done:
            room = sum(work for (u, t), work in best.items() if t <= last)
            model.add(sum(done) <= room)


def add_reach(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """Redundant, for the search's bound: by the end of turn t a unit has had t turns of MPs, and
    any it spent on a task were spent after reaching the task's hex, which costs at least the
    cheapest path there; so its MPs on the task up to turn t are at most t turns' MPs less that
    path (the budgets above, summed over turns, imply it)."""
    by_pair: dict[tuple[str, str], dict[int, cp_model.IntVar]] = defaultdict(dict)
    for (u, t, k), spend in v.spend.items():
        by_pair[u, k][t] = spend
    for (u, k), spends in sorted(by_pair.items()):
        unit = data.units[u]
        reach = unit.reach(data.tasks[k].hexes)
        if reach is None:
            reach = unit.full * data.turns  # never: a unit spends only on tasks it reaches
        if reach == 0:
            continue
        for last in range(2, data.turns + 1):
            upto = [spend for t, spend in spends.items() if t <= last]
            if len(upto) > 1:
                model.add(sum(upto) <= unit.full * last - reach)


def add_engineers(
    model: cp_model.CpModel, data: Prepared, v: EngineerVariables, required: Collection[str] | None = None
) -> None:
    """The families of the article, in order; `required`: the tasks that must be done, in place of
    the scenario's required ones."""
    add_movement(model, data, v)
    add_budgets(model, data, v)
    add_mp_tasks(model, data, v)
    add_work_places(model, data, v)
    add_turn_tasks(model, data, v)
    add_resources(model, data, v)
    add_capacity(model, data, v)
    add_required(model, data, v, required)
    add_work_capacity(model, data, v)
    add_reach(model, data, v)
