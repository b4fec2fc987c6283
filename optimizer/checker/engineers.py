"""Independent check of an engineers schedule against the Europa engineers article.

Plain Python over the scenario and the plan: it re-derives movement costs (its own Dijkstra),
supply lines to resource points and civilian labour range (its own searches), every task's cost
and completion turn, and the plan's value. It shares only the tables and arithmetic of
`models/engineers.py`, never the solver's code. Each violation cites the article's section.
"""

from __future__ import annotations

import heapq
from collections import defaultdict, deque
from dataclasses import dataclass

from models.engineers import (
    CAPACITY_TASKS,
    CIVILIAN_LABOUR_RANGE,
    DESERT_ZONE,
    MAX_AIRBASE_CAPACITY,
    MAX_TEAM_HALF_RES,
    NEW_AIRBASE_CAPACITY,
    TURN_TASKS,
    EngineerPlan,
    EngineerScenario,
    SupplyLevel,
    Task,
    TaskKind,
    Weather,
    build_turns,
    can_construct,
    discounted,
    half_of,
    half_res,
    mp_task_work,
    reduced_mps,
    repair_mps,
    temporary_airbase_mps,
    to_halves,
    work_per_half_mp,
)
from optimizer.checker.violations import REPORT, REQUIREMENT, Violation

ARTICLE = "Europa engineers"


def _v(section: str, message: str, kind: str = "rule") -> Violation:
    return Violation(f"{ARTICLE}, {section}", message, kind)


def _adjacency(scenario: EngineerScenario) -> dict[str, list[tuple[str, int]]]:
    adjacent: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for n in scenario.neighbours:
        a, b = n.hexes
        adjacent[a].append((b, to_halves(n.mps)))
        adjacent[b].append((a, to_halves(n.mps)))
    return adjacent


def cheapest(scenario: EngineerScenario, source: str, target: str) -> int | None:
    """MPs (halves) of the cheapest path between two hexes; None if there is none."""
    adjacent = _adjacency(scenario)
    best = {source: 0}
    queue = [(0, source)]
    while queue:
        cost, here = heapq.heappop(queue)
        if here == target:
            return cost
        if cost > best.get(here, cost):
            continue
        for there, step in adjacent[here]:
            if cost + step < best.get(there, cost + step + 1):
                best[there] = cost + step
                heapq.heappush(queue, (cost + step, there))
    return None


def _within(scenario: EngineerScenario, source: str, steps: int | None, allowed: set[str]) -> set[str]:
    """Hexes reached from `source` through `allowed` hexes in at most `steps` steps (None: any)."""
    adjacent = _adjacency(scenario)
    seen = {source}
    queue = deque([(source, 0)])
    while queue:
        here, depth = queue.popleft()
        if steps is not None and depth == steps:
            continue
        for there, _ in adjacent[here]:
            if there in allowed and there not in seen:
                seen.add(there)
                queue.append((there, depth + 1))
    return seen


def _mp_cost(scenario: EngineerScenario, task: Task) -> int:
    """MPs for one RE in good weather (Airbases, Rail lines, Ports, Bridges, Temporary Airbases)."""
    if task.kind is TaskKind.REPAIR_BRIDGE:
        assert task.bridge is not None
        return repair_mps(task.kind, major_river=scenario.bridge(task.bridge).major_river)
    assert task.hex is not None
    place = scenario.hex(task.hex)
    if task.kind is TaskKind.TEMPORARY_AIRBASE:
        return temporary_airbase_mps(place.terrain)
    if task.kind is TaskKind.REPAIR_AIRBASE:
        return repair_mps(task.kind, hits=place.airbase.hits if place.airbase else 0)
    if task.kind is TaskKind.REPAIR_PORT:
        return repair_mps(task.kind, hits=place.port.hits if place.port else 0)
    return repair_mps(task.kind)


def _forbidden(scenario: EngineerScenario, task: Task) -> str | None:
    """The article's outright refusals, re-derived."""
    friendly = {h.id for h in scenario.hexes if h.friendly}
    if task.kind is TaskKind.REPAIR_BRIDGE:
        assert task.bridge is not None
        bridge = scenario.bridge(task.bridge)
        if not bridge.demolished and bridge.hits == 0:
            return "Bridges: nothing to repair"
        if not set(bridge.hexes) <= friendly:
            return "Bridges: both hexes adjacent to the bridge must be friendly"
        return None
    assert task.hex is not None
    place = scenario.hex(task.hex)
    capacity = place.airbase.capacity if place.airbase else 0
    terrain = scenario.allowable_terrain
    if task.kind is TaskKind.REPAIR_AIRBASE and (place.airbase is None or place.airbase.hits == 0):
        return "Airbases: no hits to repair"
    if task.kind is TaskKind.REPAIR_RAIL and not place.broken_rail:
        return "Rail lines: the rail line is not broken"
    if task.kind is TaskKind.REPAIR_PORT and (place.port is None or place.port.hits == 0):
        return "Ports: no hits to repair"
    if task.kind in CAPACITY_TASKS and capacity + NEW_AIRBASE_CAPACITY > MAX_AIRBASE_CAPACITY:
        return "Permanent Airbases and Forts: airbase capacity would pass twelve"
    allowed = {
        TaskKind.TEMPORARY_AIRBASE: terrain.temporary_airbase,
        TaskKind.FORT: terrain.fort,
        TaskKind.PERMANENT_AIRBASE: terrain.permanent_airbase,
        TaskKind.AUGMENT_AIRBASE: terrain.permanent_airbase,
    }.get(task.kind)
    if allowed is not None and place.terrain not in allowed:
        return "Weather Effects: not allowable terrain"
    if task.kind is TaskKind.AUGMENT_AIRBASE and capacity == 0:
        return "Permanent Airbases and Forts: no airbase to augment"
    if task.kind in TURN_TASKS and not place.supplied:
        return "Permanent Airbases and Forts: the construction unit must be in supply"
    return None


@dataclass(frozen=True)
class Assessment:
    """The checker's own reading of a schedule: its breaches, the turn each task is done, its value."""

    violations: list[Violation]
    done: dict[str, int]
    value: float


def check_engineers(scenario: EngineerScenario, plan: EngineerPlan) -> list[Violation]:
    """Every breach of the article (and of the plan's own accounting) in the schedule."""
    return assess(scenario, plan).violations


def assess(scenario: EngineerScenario, plan: EngineerPlan) -> Assessment:
    """Replay the schedule: breaches, the turn each task is done, the value it is worth."""
    out: list[Violation] = []
    turns = scenario.turns
    tasks = {t.id: t for t in scenario.tasks}
    units = {u.id: u for u in scenario.units if can_construct(u.type)}
    percent = scenario.settings.low_supply_mp_percent
    full = {u.id: reduced_mps(to_halves(u.mps), u.supply, u.motorized, percent) for u in units.values()}
    res = {u.id: half_res(u.type, u.size, u.defense) for u in units.values()}
    if plan.turns != turns:
        out.append(_v("plan", f"the plan covers {plan.turns} turns, the scenario {turns}", REPORT))
    lines = {(line.unit, line.turn): line for line in plan.schedule}
    for line in plan.schedule:
        if line.unit not in units:
            out.append(_v("first paragraph", f"'{line.unit}' is not a construction unit of the scenario"))
    for u in units:
        for t in range(1, turns + 1):
            if (u, t) not in lines:
                out.append(_v("plan", f"unit '{u}' has no line for turn {t}", REPORT))
    if out:
        return Assessment(out, {}, 0.0)

    # Positions follow from the moves.
    for u, unit in units.items():
        here = unit.hex
        for t in range(1, turns + 1):
            line = lines[u, t]
            if line.start_hex != here:
                out.append(
                    _v("plan", f"'{u}' turn {t}: starts in '{line.start_hex}', but is in '{here}'", REPORT)
                )
            here = line.move_to

    # Tasks counted in turns: teams, lengths, busy turns (Permanent Airbases and Forts; Quick
    # Construction; Battalions; Weather Effects; Terrain effects).
    labour_near: set[str] = set()
    every = {h.id for h in scenario.hexes}
    for city in scenario.hexes:
        if city.civilian_labour and city.friendly:
            labour_near |= _within(scenario, city.id, CIVILIAN_LABOUR_RANGE, every)
    begun: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for line in plan.schedule:
        if line.begins is not None:
            begun[line.begins].append((line.unit, line.turn))
    expected_mps: dict[tuple[str, int], int] = {(u, t): full[u] for u in units for t in range(1, turns + 1)}
    busy_expected: dict[tuple[str, int], str] = {}
    derived_done: dict[str, int] = {}
    abandoned: dict[str, int] = {}
    attempted: set[str] = set()
    for k, starts in sorted(begun.items()):
        task = tasks.get(k)
        if task is None or task.kind not in TURN_TASKS:
            out.append(_v("Permanent Airbases and Forts", f"'{k}' is not a fort or permanent airbase task"))
            continue
        attempted.add(k)
        assert task.hex is not None
        refusal = _forbidden(scenario, task)
        if refusal:
            out.append(_v(refusal.split(":")[0], f"task '{k}' begun: {refusal}"))
        start_turns = {t for _, t in starts}
        if len(start_turns) != 1:
            out.append(_v("Example A", f"task '{k}' begun in several initial phases {sorted(start_turns)}"))
            continue
        start = start_turns.pop()
        team = sorted(u for u, _ in starts)
        team_res = sum(res[u] for u in team)
        if team_res > MAX_TEAM_HALF_RES:
            out.append(_v("Quick Construction", f"task '{k}': more than two REs in the team {team}"))
        for u in team:
            if lines[u, start].start_hex != task.hex:
                out.append(_v("Permanent Airbases and Forts", f"'{u}' begins '{k}' outside its hex"))
            if units[u].supply is not SupplyLevel.SUPPLIED:
                out.append(_v("Permanent Airbases and Forts", f"'{u}' builds '{k}' while not in supply"))
        place = scenario.hex(task.hex)
        labour = 2 if task.hex in labour_near else 0
        length = build_turns(
            place.terrain, scenario.weather_at(task.hex, start), min(MAX_TEAM_HALF_RES, team_res + labour)
        )
        done = start + length
        # Permanent Airbases and Forts: a builder leaving the hex before the task is completed
        # abandons it ("the item is not completed and no resource point is recovered"; Example A:
        # "if the engineer/s that began the construction leaves the hex for any reason ... the task
        # is abandoned"). [Reading: the whole team is released in the turn a member leaves, with
        # its full MPs for that turn's movement phase, since a unit may move once it abandons.]
        left = next(
            (
                t
                for t in range(start, min(done, turns + 1))
                if any(lines[u, t].move_to != task.hex for u in team)
            ),
            None,
        )
        end = done if left is None else left
        if left is not None:
            abandoned[k] = left
        for u in team:
            if length == 0:
                expected_mps[u, start] = half_of(full[u])
            for t in range(start, min(end, turns + 1)):
                if length >= 1:
                    expected_mps[u, t] = 0
                if t > start:
                    busy_expected[u, t] = k
        if left is None and done <= min(turns, task.deadline or turns):
            derived_done[k] = done
    for (u, t), line in sorted(lines.items()):
        if line.unit not in units:
            continue
        if line.busy_with != busy_expected.get((u, t)):
            out.append(
                _v(
                    "Example A",
                    f"'{u}' turn {t}: busy with {line.busy_with}, the schedule gives {busy_expected.get((u, t))}",
                    REPORT,
                )
            )
        if line.begins is not None and (u, t) in busy_expected:
            out.append(
                _v("Example B", f"'{u}' begins '{line.begins}' in turn {t} while still building another task")
            )

    # Movement and MPs.
    for (u, t), line in sorted(lines.items()):
        available = expected_mps[u, t]
        if to_halves(line.mps_available) != available:
            out.append(
                _v(
                    "Quick Construction",
                    f"'{u}' turn {t}: {line.mps_available} MPs, expected {available / 2}",
                    REPORT,
                )
            )
        cost = cheapest(scenario, line.start_hex, line.move_to)
        if cost is None:
            out.append(_v("plan", f"'{u}' turn {t}: no path from '{line.start_hex}' to '{line.move_to}'"))
            continue
        if to_halves(line.move_mps) != cost:
            out.append(
                _v("plan", f"'{u}' turn {t}: move costs {cost / 2} MPs, plan says {line.move_mps}", REPORT)
            )
        spent = sum(to_halves(w.mps) for w in line.work)
        if cost + spent > available:
            out.append(
                _v("Other repair issues", f"'{u}' turn {t}: {(cost + spent) / 2} MPs used of {available / 2}")
            )
        if to_halves(line.mps_left) != available - cost - spent:
            out.append(_v("plan", f"'{u}' turn {t}: MPs left {line.mps_left}", REPORT))

    # Tasks counted in MPs: where, when, how much work, when done.
    work: dict[tuple[str, int], list[tuple[str, int]]] = defaultdict(list)
    for (u, t), line in sorted(lines.items()):
        for w in line.work:
            task = tasks.get(w.task)
            if task is None or task.kind in TURN_TASKS:
                out.append(
                    _v("Other repair issues", f"'{u}' turn {t}: MPs on '{w.task}', not a task counted in MPs")
                )
                continue
            if to_halves(w.mps) <= 0:
                out.append(_v("plan", f"'{u}' turn {t}: no MPs spent on '{w.task}'", REPORT))
                continue
            where = scenario.task_hexes(task)
            if line.move_to not in where:
                out.append(
                    _v(
                        "Bridges" if task.bridge else "Other repair issues",
                        f"'{u}' works on '{w.task}' from '{line.move_to}', not {list(where)}",
                    )
                )
            work[w.task, t].append((u, to_halves(w.mps)))
    for k, task in tasks.items():
        if task.kind in TURN_TASKS:
            continue
        worked = [t for t in range(1, turns + 1) if work.get((k, t))]
        if not worked:
            continue
        attempted.add(k)
        refusal = _forbidden(scenario, task)
        if refusal:
            out.append(_v(refusal.split(":")[0], f"work on '{k}': {refusal}"))
            continue
        zone_hex = scenario.task_zone_hex(task)
        temporary = task.kind is TaskKind.TEMPORARY_AIRBASE or (
            task.kind is TaskKind.REPAIR_AIRBASE
            and (a := scenario.hex(zone_hex).airbase) is not None
            and a.temporary > 0
            and a.intrinsic + a.permanent == 0
        )
        need = mp_task_work(_mp_cost(scenario, task))
        progress = 0
        finished: int | None = None
        for t in worked:
            weather = scenario.weather_at(zone_hex, t)
            if temporary and weather is Weather.MUD:
                out.append(
                    _v("Weather Effects", f"'{k}': no temporary airbase built or repaired in mud (turn {t})")
                )
            if finished is not None:
                out.append(
                    _v(
                        "Other repair issues",
                        f"'{k}': MPs spent in turn {t} after it was done in turn {finished}",
                    )
                )
                continue
            workers = work[k, t]
            if sum(res[u] for u, _ in workers) > MAX_TEAM_HALF_RES:
                out.append(_v("Quick Construction", f"'{k}' turn {t}: more than two REs work on it"))
            lone_labour = (
                len(workers) == 1
                and any(h in labour_near for h in scenario.task_hexes(task))
                and res[workers[0][0]] < MAX_TEAM_HALF_RES
            )
            for u, halves in workers:
                rate_res = min(MAX_TEAM_HALF_RES, res[u] + 2) if lone_labour else res[u]
                progress += halves * work_per_half_mp(rate_res, weather)
            if progress >= need:
                finished = t
        one_phase = (
            task.kind is TaskKind.TEMPORARY_AIRBASE and not scenario.settings.incremental_temporary_airbases
        )
        if one_phase and len(worked) > 1:
            out.append(
                _v(
                    "Temporary Airbases",
                    f"'{k}': MPs spread over turns {worked}; built in one movement phase",
                )
            )
        if finished is not None and finished <= min(turns, task.deadline or turns):
            derived_done[k] = finished

    # Resource points (Bridges; Permanent Airbases and Forts).
    friendly = {h.id for h in scenario.hexes if h.friendly}
    spent_rp: dict[str, int] = defaultdict(int)
    outcomes = {o.task: o for o in plan.tasks}
    for k in sorted(attempted):
        task = tasks[k]
        major = task.bridge is not None and scenario.bridge(task.bridge).major_river
        if task.kind not in TURN_TASKS and not major:
            continue
        outcome = outcomes.get(k)
        rp = outcome.resource_point if outcome else None
        section = "Bridges" if major else "Permanent Airbases and Forts"
        if rp is None:
            out.append(_v(section, f"'{k}' begun without spending a resource point"))
            continue
        reached: set[str] = set()
        for h in scenario.task_hexes(task):
            if h in friendly:
                reached |= _within(scenario, h, None, friendly)
        if rp not in reached:
            out.append(_v(section, f"'{k}': no overland supply line to the resource point at '{rp}'"))
        spent_rp[rp] += 1
    for rp, count in sorted(spent_rp.items()):
        if rp in every and count > scenario.hex(rp).resource_points:
            out.append(
                _v(
                    "Permanent Airbases and Forts",
                    f"{count} resource points spent at '{rp}', {scenario.hex(rp).resource_points} there",
                )
            )

    # Airbase capacity (Permanent Airbases and Forts).
    added: dict[str, int] = defaultdict(int)
    for k in derived_done:
        if tasks[k].kind in CAPACITY_TASKS and tasks[k].hex:
            added[tasks[k].hex or ""] += NEW_AIRBASE_CAPACITY
    for h, extra in sorted(added.items()):
        airbase = scenario.hex(h).airbase
        if (airbase.capacity if airbase else 0) + extra > MAX_AIRBASE_CAPACITY:
            out.append(_v("Permanent Airbases and Forts", f"'{h}': airbase capacity past twelve"))

    # Temporary airbases kept (Temporary Airbases).
    if scenario.settings.keep_temporary_airbases:
        for k, done_turn in sorted(derived_done.items()):
            task = tasks[k]
            if task.kind is not TaskKind.TEMPORARY_AIRBASE or task.hex is None:
                continue
            if scenario.hex(task.hex).zone == DESERT_ZONE:
                continue
            for t in range(done_turn, turns + 1):
                if not any(lines[u, t].move_to == task.hex for u in units):
                    out.append(_v("Temporary Airbases", f"'{k}': no construction unit ends turn {t} on it"))

    # Outcomes and value.
    total = 0.0
    for k, task in tasks.items():
        outcome = outcomes.get(k)
        claimed = outcome.done_turn if outcome else None
        if claimed is not None and k in abandoned:
            out.append(
                _v(
                    "Permanent Airbases and Forts",
                    f"'{k}' is abandoned in turn {abandoned[k]} (a builder leaves its hex) and not completed",
                )
            )
        elif claimed != derived_done.get(k):
            out.append(
                _v(
                    "plan",
                    f"'{k}': the plan says done in turn {claimed}, the schedule gives {derived_done.get(k)}",
                    REPORT,
                )
            )
        if k in derived_done:
            total += discounted(task.value, derived_done[k], scenario.discount)
        elif task.required:
            out.append(_v("requirement", f"required task '{k}' is not done", REQUIREMENT))
    if abs(total - plan.value) > 1e-6 * max(1.0, total):
        out.append(_v("plan", f"value {plan.value}, the schedule is worth {round(total, 6)}", REPORT))
    return Assessment(out, derived_done, total)
