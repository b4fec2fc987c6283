"""Independent check of an engineers schedule against the Europa engineers article.

Plain Python over the scenario and the plan: it re-derives movement costs (its own Dijkstra),
supply lines to resource points and civilian labour range (its own searches), every task's cost
and completion turn (the tasks counted in MPs in `engineers_work.py`), the temporary airbases on the
map, and the plan's value. It shares only the tables and arithmetic of `models/engineers.py`, never the
solver's code. Each violation cites the article's section.
"""

from __future__ import annotations

import heapq
from collections import Counter, defaultdict, deque
from dataclasses import dataclass

from models.engineers import (
    CAPACITY_TASKS,
    CIVILIAN_LABOUR_RANGE,
    DESERT_ZONE,
    MAX_AIRBASE_CAPACITY,
    MAX_TEAM_HALF_RES,
    NEW_AIRBASE_CAPACITY,
    TURN_TASKS,
    EngineerScenario,
    SupplyLevel,
    TaskKind,
    UnitType,
    build_turns,
    discounted,
    half_of,
    half_res,
    reduced_mps,
    to_halves,
)
from models.engineers_plan import EngineerPlan
from optimizer.checker.engineers_work import (
    CONSTRUCTION_TYPES,
    check_mp_tasks,
    forbidden,
    only_temporary,
    section,
)
from optimizer.checker.violations import REPORT, REQUIREMENT, Violation

_v = section


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


@dataclass(frozen=True)
class Assessment:
    """The checker's own reading of a schedule: its breaches, the turn each task is done, its value."""

    violations: list[Violation]
    done: dict[str, int]
    value: float


def check_engineers(scenario: EngineerScenario, plan: EngineerPlan) -> list[Violation]:
    """Every breach of the article (and of the plan's own accounting) in the schedule."""
    return assess(scenario, plan).violations


def _shape(scenario: EngineerScenario, plan: EngineerPlan, units: set[str]) -> list[Violation]:
    """A schedule that can be replayed: one line per unit and turn of the scenario, no other."""
    out: list[Violation] = []
    turns = scenario.turns
    if plan.turns != turns:
        out.append(_v("plan", f"the plan covers {plan.turns} turns, the scenario {turns}", REPORT))
    for line in plan.schedule:
        if line.unit not in units:
            out.append(_v("first paragraph", f"'{line.unit}' is not a construction unit of the scenario"))
        if not 1 <= line.turn <= turns:
            out.append(
                _v("plan", f"'{line.unit}' has a line for turn {line.turn}, outside turns 1 to {turns}")
            )
    count = Counter((line.unit, line.turn) for line in plan.schedule)
    for (u, t), n in sorted(count.items()):
        if n < 2:
            continue
        begun = [line.begins for line in plan.schedule if (line.unit, line.turn) == (u, t) and line.begins]
        if len(begun) > 1:
            out.append(
                _v(
                    "Example B",
                    f"'{u}' begins {', '.join(begun)} in the initial phase of turn {t}: \"Any construction "
                    'unit may only begin one construction task per friendly initial phase"',
                )
            )
        else:
            out.append(
                _v("plan", f"'{u}' has {n} lines for turn {t}: one line says what a unit does in a turn")
            )
    for u in sorted(units):
        for t in range(1, turns + 1):
            if (u, t) not in count:
                out.append(_v("plan", f"unit '{u}' has no line for turn {t}", REPORT))
    return out


def assess(scenario: EngineerScenario, plan: EngineerPlan) -> Assessment:
    """Replay the schedule: breaches, the turn each task is done, the value it is worth."""
    turns = scenario.turns
    settings = scenario.settings
    tasks = {t.id: t for t in scenario.tasks}
    # Construction units, and railroad engineers, which repair rail lines (Rail lines); assault engineers
    # cannot construct (first paragraph), so they have no line.
    units = {
        u.id: u
        for u in scenario.units
        if u.type in CONSTRUCTION_TYPES or u.type is UnitType.RAILROAD_ENGINEER
    }
    builders = {u for u, unit in units.items() if unit.type in CONSTRUCTION_TYPES}
    percent = settings.low_supply_mp_percent
    full = {u.id: reduced_mps(to_halves(u.mps), u.supply, u.motorized, percent) for u in units.values()}
    res = {u.id: half_res(u.type, u.size, u.defense) for u in units.values()}
    out = _shape(scenario, plan, set(units))
    if out:
        return Assessment(out, {}, 0.0)
    lines = {(line.unit, line.turn): line for line in plan.schedule}

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

    # Temporary Airbases: one on the map at the start (outside zone F) is gone at the end of the first
    # player turn no construction unit ends stacked with it.
    gone: dict[str, int] = {}
    for place in scenario.hexes:
        if place.airbase is None or place.airbase.temporary == 0 or place.zone == DESERT_ZONE:
            continue
        for t in range(1, turns + 1):
            if not any(lines[u, t].move_to == place.id for u in builders):
                gone[place.id] = t
                break
    reported = {lost.hex: lost.turn for lost in plan.lost_temporary_airbases}
    if reported != gone:
        out.append(
            _v(
                "Temporary Airbases",
                f"the plan lists the temporary airbases lost as {reported}, the schedule loses {gone}",
                REPORT,
            )
        )

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
        refusal = forbidden(scenario, task)
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
            if u not in builders:
                out.append(
                    _v(
                        "Rail lines",
                        f"'{u}' is a railroad engineer: it repairs rail lines and builds nothing",
                    )
                )
        on_map = task.kind is TaskKind.AUGMENT_AIRBASE and only_temporary(scenario, task.hex)
        if on_map and task.hex in gone and gone[task.hex] < start:
            out.append(
                _v(
                    "Temporary Airbases",
                    f"'{k}' begun in turn {start} on the temporary airbase in '{task.hex}', gone at the end of "
                    f"turn {gone[task.hex]} (no construction unit ends the turn on it)",
                )
            )
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

    # Tasks counted in MPs: who, where, when, how much work, when done (engineers_work.py).
    work = check_mp_tasks(scenario, lines, units, res, labour_near, gone)
    out.extend(work.violations)
    derived_done.update(work.done)
    attempted |= work.attempted

    # Resource points (Bridges; Permanent Airbases and Forts).
    friendly = {h.id for h in scenario.hexes if h.friendly}
    spent_rp: dict[str, int] = defaultdict(int)
    outcomes = {o.task: o for o in plan.tasks}
    for k, task in sorted(tasks.items()):
        major = task.bridge is not None and scenario.bridge(task.bridge).major_river
        if task.kind not in TURN_TASKS and not major:
            continue
        outcome = outcomes.get(k)
        rp = outcome.resource_point if outcome else None
        section_name = "Bridges" if major else "Permanent Airbases and Forts"
        if k not in attempted:
            if rp is not None:
                out.append(
                    _v(
                        section_name,
                        f"'{k}': a resource point at '{rp}' is reported spent, but the task is never begun (it "
                        '"is expended when the repairs are begun")',
                        REPORT,
                    )
                )
            continue
        if rp is None:
            out.append(_v(section_name, f"'{k}' begun without spending a resource point"))
            continue
        reached: set[str] = set()
        for h in scenario.task_hexes(task):
            if h in friendly:
                reached |= _within(scenario, h, None, friendly)
        if rp not in reached:
            out.append(_v(section_name, f"'{k}': no overland supply line to the resource point at '{rp}'"))
        spent_rp[rp] += 1
    for rp, count in sorted(spent_rp.items()):
        if rp in every and count > scenario.hex(rp).resource_points:
            out.append(
                _v(
                    "Permanent Airbases and Forts",
                    f"{count} resource points spent at '{rp}', {scenario.hex(rp).resource_points} there",
                )
            )

    # Airbase capacity (Permanent Airbases and Forts: "No hex may have an airbase capacity of greater
    # than twelve, counting all capacity"), turn by turn: what is on the map when each new airbase is
    # placed. A new airbase or augmentation is on the map from the turn it is done; a temporary airbase
    # built incrementally from the first turn MPs are spent on it ("placing the temporary airbase with
    # hits of damage", Temporary Airbases). The temporary airbase on the map at the start counts while it
    # is there: up to the end of the turn `gone` gives, so not against one placed in a later turn.
    placed: dict[str, list[int]] = defaultdict(list)
    for k, task in sorted(tasks.items()):
        if task.kind not in CAPACITY_TASKS or task.hex is None:
            continue
        turn = derived_done.get(k)
        if (
            task.kind is TaskKind.TEMPORARY_AIRBASE
            and settings.incremental_temporary_airbases
            and scenario.hex(task.hex).zone != DESERT_ZONE
        ):
            turn = min(
                (t for (_, t), line in lines.items() if any(w.task == k for w in line.work)), default=turn
            )
        if turn is not None:
            placed[task.hex].append(turn)
    for h, when in sorted(placed.items()):
        place = scenario.hex(h)
        airbase = place.airbase
        removable = airbase.temporary if airbase and place.zone != DESERT_ZONE else 0
        staying = (airbase.capacity if airbase else 0) - removable
        for t in sorted(set(when)):
            there = removable if gone.get(h, turns + 1) >= t else 0
            capacity_then = staying + there + NEW_AIRBASE_CAPACITY * sum(1 for x in when if x <= t)
            if capacity_then > MAX_AIRBASE_CAPACITY:
                out.append(
                    _v(
                        "Permanent Airbases and Forts",
                        f"'{h}': airbase capacity {capacity_then} in turn {t}, past twelve",
                    )
                )
                break

    # Temporary airbases kept (Temporary Airbases) [setting keep_temporary_airbases]: one built, or one
    # on the map repaired or augmented, outside zone F, has a construction unit ending every turn on it
    # from the turn it is done to the horizon.
    if settings.keep_temporary_airbases:
        for k, done_turn in sorted(derived_done.items()):
            task = tasks[k]
            built = (
                task.kind is TaskKind.TEMPORARY_AIRBASE and scenario.hex(task.hex or "").zone != DESERT_ZONE
            )
            kept_on_map = task.kind in (TaskKind.REPAIR_AIRBASE, TaskKind.AUGMENT_AIRBASE) and only_temporary(
                scenario, task.hex
            )
            if task.hex is None or not (built or kept_on_map):
                continue
            for t in range(done_turn, turns + 1):
                if not any(lines[u, t].move_to == task.hex for u in builders):
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
        elif claimed is not None and claimed != derived_done.get(k) and k in work.removed:
            out.append(
                _v(
                    "Temporary Airbases",
                    f"'{k}': the half-built temporary airbase is removed at the end of turn {work.removed[k]} (no "
                    "construction unit ends the turn on it), and the MPs spent on it with it",
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
