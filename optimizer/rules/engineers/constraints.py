"""Engineers: the article's rules as constraints over the schedule."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection

from ortools.sat.python import cp_model

from models.engineers import CAPACITY_TASKS, MAX_TEAM_HALF_RES, NEW_AIRBASE_CAPACITY
from optimizer.rules.engineers import teams
from optimizer.rules.engineers.prepare import Option, Prepared, TaskData
from optimizer.rules.engineers.reachable import add_teams_in_reach
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


def _places(
    v: EngineerVariables, u: str, t: int, hexes: tuple[str, ...], before: bool
) -> list[cp_model.IntVar]:
    """Where unit u may be to spend MPs on a task of these hexes in turn t: where it ends its move, and
    with the setting `work_before_moving` where it begins it."""
    places = [v.at[u, t + 1, h] for h in hexes if (u, t + 1, h) in v.at]
    if before:
        places += [v.at[u, t, h] for h in hexes if (u, t, h) in v.at]
    return places


def _stacked(data: Prepared, v: EngineerVariables, place: str, t: int) -> cp_model.LinearExpr:
    """Construction units (not railroad engineers) ending turn t in the hex (Temporary Airbases)."""
    return sum(  # type: ignore[return-value]
        v.at[u.id, t + 1, place]
        for u in data.units.values()
        if u.construction and (u.id, t + 1, place) in v.at
    )


def add_mp_tasks(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """Tasks counted in MPs (Airbases, Rail lines, Ports, Bridges, Temporary Airbases).

    MPs are spent in the hex where the unit ends its move (for a bridge, either hex beside it; with
    `work_before_moving` also where it begins it); the full cost is paid, over several turns if need be
    (Other repair issues), and a task is done in a turn its team has paid it (`teams.py`: at most two
    REs across all its turns, each paying its share, civilian labour the second RE); no MPs are spent
    on it after. No temporary airbase is built or repaired in mud (Weather Effects). Without the
    incremental option a temporary airbase is paid in one movement phase.
    """
    before = data.scenario.settings.work_before_moving
    for k, task in data.tasks.items():
        if task.refused is not None or task.counted_in_turns:
            continue
        finished_by: list[cp_model.LinearExpr] = []
        done_before: cp_model.LinearExpr = 0  # type: ignore[assignment]
        progress: cp_model.LinearExpr = 0  # type: ignore[assignment]
        members = {u: var for (u, kk), var in v.part.items() if kk == k}  # the units taking part in it
        for t in range(1, data.turns + 1):
            workers = [(u, var) for (u, tt, kk), var in v.working.items() if kk == k and tt == t]
            for u, working in workers:
                spend = v.spend[u, t, k]
                full = data.units[u].full
                places = _places(v, u, t, task.hexes, before)
                model.add(spend >= working)
                model.add(spend <= full * working)
                # Linear link to where the unit is: tight in the relaxation.
                model.add(spend <= full * sum(places))
                model.add_bool_or(places).only_enforce_if(working)
                model.add_implication(working, v.part[u, k])
                if task.one_phase and t <= task.last_turn:
                    if _second_phase(data, task, u, t):
                        # Battalions: a lone battalion takes twice as long, its work done in this
                        # movement phase or the next, and then no other unit takes part in it.
                        model.add_bool_or([v.finish[k, t], v.finish[k, t + 1]]).only_enforce_if(working)
                        others = [var for w, var in members.items() if w != u]
                        if others:
                            model.add(sum(others) <= len(others) * (2 - working - v.finish[k, t + 1]))
                    else:
                        model.add_implication(working, v.finish[k, t])
                elif task.one_phase:
                    model.add(working == 0)
                # Nothing spent once done.
                model.add(working <= 1 - done_before)
            progress = progress + sum(task.rates[u, t] * v.spend[u, t, k] for u, _ in workers)
            if t <= task.last_turn:
                # Done by turn t: the work so far reaches what the least team pays (work only grows, so
                # this is implied by the team's rule below, and tight in the relaxation).
                done_before = done_before + v.finish[k, t]
                model.add(progress >= task.least_need * done_before)
            finished_by.append(done_before)
        model.add(sum(v.finish[k, t] for t in range(1, task.last_turn + 1)) <= 1)
        done: cp_model.LinearExpr = sum(v.finish[k, t] for t in range(1, task.last_turn + 1))  # type: ignore[assignment]
        work: dict[str, cp_model.LinearExpr] = {
            u: sum(task.rates[uu, t] * var for (uu, t, kk), var in v.spend.items() if uu == u and kk == k)  # type: ignore[misc]
            for u in members
        }
        for u, part in members.items():
            model.add(part <= sum(var for (uu, _, kk), var in v.working.items() if uu == u and kk == k))
        res = {u: data.units[u].half_res for u in members}
        v.size.update(
            {(k, h): var for h, var in add_team_rule(model, task, res, work, members, done).items()}
        )
        _add_no_waste(model, task, len(members), progress, done)
        if task.needs_resource_point:
            # Bridges: the resource point is "expended when the repairs are begun", and only then.
            begun = [working for (_, _, kk), working in v.working.items() if kk == k]
            for working in begun:
                model.add_implication(working, v.attempted[k])
            model.add(v.attempted[k] <= sum(begun))
        if task.maintain:
            _add_maintenance(model, data, v, task, finished_by)


def _second_phase(data: Prepared, task: TaskData, u: str, t: int) -> bool:
    """Whether unit u's MPs on a temporary airbase built in one movement phase in turn t may complete
    it in turn t + 1 instead: a battalion (½ RE) takes twice as long (Battalions) [setting
    battalion_temporary_airbase_two_phases]."""
    return task.two_phases_for(data.units[u]) and t + 1 <= task.last_turn


def add_team_rule(
    model: cp_model.CpModel,
    task: TaskData,
    res: dict[str, int],
    work: dict[str, cp_model.LinearExpr],
    part: dict[str, cp_model.IntVar],
    done: cp_model.LinearExpr,
) -> dict[int, cp_model.IntVar]:
    """Quick Construction, the team of a task counted in MPs (`teams.py`): its units (`part`) have at
    most two REs, and when the task is done each pays its share (`each_pays_share`), or together they
    pay what the team pays (`pooled`), out of `work`, their work points on it. With one unit, or pooled
    without civilian labour, the work the caller requires (`TaskData.least_need`) is the whole rule.
    Returns the Booleans of the team's half-REs, when made."""
    members = sorted(part)
    if sum(res.values()) > MAX_TEAM_HALF_RES:
        model.add(sum(res[u] * part[u] for u in members) <= MAX_TEAM_HALF_RES)
    if len(members) == 1 and task.labour:
        # A lone unit with labour pays what its team of two pays (least_need may be another team's).
        only = members[0]
        model.add(work[only] >= teams.pooled_need(task.need, res[only], task.labour) * done)
    if len(members) < 2 or not (task.shares or task.labour):
        return {}
    k = task.task.id
    size = {h: model.new_bool_var(f"size_{k}_{h}") for h in teams.team_sizes(res[u] for u in members)}
    model.add(sum(h * var for h, var in size.items()) == sum(res[u] * part[u] for u in members))
    model.add(sum(size.values()) <= 1)
    model.add(sum(size.values()) >= done)
    if task.shares:
        add_least_shares(model, task, res, work, part, max(size))
    for h, var in size.items():
        if task.shares:
            for u in members:
                if res[u] <= h:
                    need = teams.share(task.need, res[u], h, task.labour)
                    model.add(work[u] >= need).only_enforce_if([var, part[u]])
        else:
            model.add(sum(work.values()) >= teams.pooled_need(task.need, h, task.labour)).only_enforce_if(var)
    return size


def add_least_shares(
    model: cp_model.CpModel,
    task: TaskData,
    res: dict[str, int],
    work: dict[str, cp_model.LinearExpr],
    part: dict[str, cp_model.IntVar],
    largest: int,
) -> None:
    """Implied, for the search's bound (`each_pays_share`): a unit takes part only in a task done
    (`_add_no_waste`) and pays its share of whatever team does it, no less than its share of the
    largest team its units can form (`largest` half-REs: more half-REs share the cost, `teams.share`).
    Said before the team's size is known, the search bounds the unit's work as soon as it is in the
    team. Measured against the model without it, A/B interleaved on generated positions never tuned on,
    the same optima everywhere, schedules of equal value breaking ties otherwise (who moves where):
    - 6 units, 12 tasks, 6 turns, seeds 9370000-9370299: all 300 proven either way; CP-SAT's deterministic
      time summed 156.5 -> 145.9 s, 188 positions faster and 112 slower; CPU p95 0.97 -> 0.90 s;
    - the same size, seeds 9371000-9371199: 199 proven either way (9371082 at the limit); 119.4 -> 115.7 s,
      124 faster and 76 slower; CPU p95 1.37 -> 1.33 s;
    - 12 units, 24 tasks, 6 turns, seeds 9380000-9380005 and 9381000-9381005: 10 of 12 proven either way
      (9381000 and 9381003 at the limit); summed 90.2 -> 90.8 s, no faster.
    It does not prove the tail: those positions stop at the limit with it as without it."""
    for u in sorted(part):
        least = teams.share(task.need, res[u], largest, task.labour)
        model.add(work[u] >= least).only_enforce_if(part[u])


def _add_no_waste(
    model: cp_model.CpModel,
    task: TaskData,
    members: int,
    progress: cp_model.LinearExpr,
    done: cp_model.LinearExpr,
) -> None:
    """Dominance, not a rule: no work on a task that is not done, and no more than its cost needs.

    From any schedule, taking back half MPs spent on a task while its team still pays the cost (and
    all of them when it is not done) keeps every rule and the value: the MPs stay with the unit, the
    team stays the same (each of its units still pays its share, so none drops out), and a temporary
    airbase is on the map no sooner. When no half MP can be taken back, each unit's work is short of
    its share (pooled: the team's of what it pays) plus what one half MP earns at the best rate, and
    the shares add up to at most the cost plus one work point each for rounding. So the schedules of
    most value include one within this bound, and the search need not look at the others.
    """
    best = max(task.rates.values(), default=0)
    slack = min(members, MAX_TEAM_HALF_RES) * best if task.shares else best - 1
    model.add(progress <= (task.need + slack) * done)


def _add_maintenance(
    model: cp_model.CpModel,
    data: Prepared,
    v: EngineerVariables,
    task: TaskData,
    finished_by: list[cp_model.LinearExpr],
) -> None:
    """Temporary Airbases: outside zone F a construction unit ends every turn on a temporary airbase
    while it is on the map. Built in one movement phase, it is on the map from the turn it is built;
    built incrementally, "placing the temporary airbase with hits of damage", from the end of the first
    turn MPs are spent on it [reading], so a half-built one is maintained like any other. It is kept
    until it is done, and after that to the horizon [setting keep_temporary_airbases]."""
    k = task.task.id
    place = task.hexes[0]
    for t in range(1, data.turns + 1):
        stacked = _stacked(data, v, place, t)
        if task.one_phase:
            if task.keep:
                model.add(stacked >= finished_by[t - 1])
            continue
        started = v.started[k, t]
        if t > 1:
            model.add(started >= v.started[k, t - 1])
        for (_, tt, kk), working in v.working.items():
            if kk == k and tt == t:
                model.add(started >= working)
        model.add(stacked >= started - (0 if task.keep else finished_by[t - 1]))


def add_airbases_on_map(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """Temporary Airbases: a temporary airbase on the map at the start stays only while a
    construction unit ends every turn on it (outside zone F: "construction units must 'maintain'
    temporary airbases for those bases to remain in existence"). A repair of it is done only while it
    is there (before the turn it is done), an augmentation begun only while it is there; with
    keep_temporary_airbases either is kept to the horizon. And it is there while a construction unit
    ends every turn on it: `exists` follows the schedule both ways, as the capacity of twelve counts it
    while it is on the map (add_capacity)."""
    for (h, t), var in v.exists.items():
        if t > 1:
            model.add(var <= v.exists[h, t - 1])
        model.add(var <= _stacked(data, v, h, t))
        before = v.exists[h, t - 1] if t > 1 else 1
        for u in data.units.values():
            if u.construction and (u.id, t + 1, h) in v.at:
                model.add(var >= before + v.at[u.id, t + 1, h] - 1)
    last = data.turns
    for k, task in data.tasks.items():
        if task.refused is not None or task.airbase is None:
            continue
        h = task.airbase
        if task.counted_in_turns:
            for option in task.options:
                if task.keep:
                    model.add_implication(v.option[option], v.exists[h, last])
                elif option.start > 1:
                    model.add_implication(v.option[option], v.exists[h, option.start - 1])
        elif task.keep:
            model.add(v.exists[h, last] >= sum(v.finish[k, f] for f in range(1, task.last_turn + 1)))
        else:
            for t in range(1, task.last_turn):
                model.add(v.exists[h, t] >= sum(v.finish[k, f] for f in range(t + 1, task.last_turn + 1)))


def add_work_places(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """MPs are spent in the hex where the unit ends its move (or begins it, `work_before_moving`): on all
    the tasks of a hex together, at most a turn's MPs if it is there, none otherwise (the per-task link
    above, summed so that the relaxation cannot spend a turn's MPs on each task of a hex)."""
    before = data.scenario.settings.work_before_moving
    spent: dict[tuple[str, int, tuple[str, ...]], list[cp_model.IntVar]] = defaultdict(list)
    for (u, t, k), spend in v.spend.items():
        spent[u, t, data.tasks[k].hexes].append(spend)
    for (u, t, hexes), spends in sorted(spent.items()):
        if len(spends) > 1:
            model.add(sum(spends) <= data.units[u].full * sum(_places(v, u, t, hexes, before)))


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


def _placed_by(data: Prepared, v: EngineerVariables, k: str, t: int) -> cp_model.LinearExpr:
    """1 if the airbase or augmentation of task k is on the map by turn t: a fort-like task from the
    initial phase it is completed in, a temporary airbase from the movement phase it is built in or,
    built incrementally, from the first turn MPs are spent on it ("placing the temporary airbase with
    hits of damage", Temporary Airbases). Once placed it is counted to the horizon."""
    task = data.tasks[k]
    if task.counted_in_turns:
        return sum(v.option[o] for o in task.options if o.done_turn <= t)  # type: ignore[return-value]
    if (k, t) in v.started:
        return v.started[k, t]
    return sum(v.finish[k, f] for f in range(1, min(t, task.last_turn) + 1))  # type: ignore[return-value]


def add_capacity(model: cp_model.CpModel, data: Prepared, v: EngineerVariables) -> None:
    """No hex over twelve airbase capacity (Permanent Airbases and Forts: "No hex may have an airbase
    capacity of greater than twelve, counting all capacity"), in any turn: the airbases and
    augmentations the plan has placed there by then, and the temporary airbase on the map at the start
    while it is still there (a new airbase placed in turn t meets it if it was there at the end of turn
    t - 1; once gone for want of maintenance, Temporary Airbases, it no longer counts)."""
    by_hex: dict[str, list[str]] = defaultdict(list)
    for k, task in data.tasks.items():
        if task.refused is None and task.task.kind in CAPACITY_TASKS:
            by_hex[task.hexes[0]].append(k)
    for h, ks in by_hex.items():
        losable = data.losable_capacity.get(h, 0)
        for t in range(1, data.turns + 1) if losable else [data.turns]:
            there = (v.exists[h, t - 1] if t > 1 else 1) if losable else 0
            placed = sum(_placed_by(data, v, k, t) for k in ks)
            model.add(NEW_AIRBASE_CAPACITY * placed + losable * there <= data.capacity_room[h])


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
    """Redundant, for the search's bound: the tasks counted in MPs done by turn T cost no less work
    than the least any team pays (civilian labour paying the rest), and no more than the units can do
    by then, each at its best rate on any task it can reach that turn and with every MP it has (a sum
    of what the constraints above allow each unit, so it cuts no schedule)."""
    best: dict[tuple[str, int], int] = defaultdict(int)
    for u, t, k in v.spend:
        best[u, t] = max(best[u, t], data.tasks[k].rates[u, t] * data.units[u].full)
    tasks = [k for k, task in data.tasks.items() if task.refused is None and not task.counted_in_turns]
    for last in range(1, data.turns + 1):
        done = [
            data.tasks[k].least_need * v.finish[k, t]
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
    add_airbases_on_map(model, data, v)
    add_work_places(model, data, v)
    add_turn_tasks(model, data, v)
    add_resources(model, data, v)
    add_capacity(model, data, v)
    add_required(model, data, v, required)
    add_work_capacity(model, data, v)
    add_reach(model, data, v)
    add_teams_in_reach(model, data, v)
