"""Independent check of an engineers schedule: the tasks counted in MPs (Airbases, Rail lines, Ports,
Bridges, Temporary Airbases), replayed turn by turn from the article's words.

Who may work: "construction unit" is "any engineer units with construction ability including combat
engineers, but not assault engineers" (first paragraph); a railroad engineer repairs rail lines (Rail
lines: "Any construction unit (not just a railroad engineer) can repair a rail line"), and what else the
scenario's `railroad_engineer_tasks` lists; "when building items, the construction unit must be in
supply" (Permanent Airbases and Forts), so a temporary airbase is built only by units in supply.

What a team pays (Quick Construction): "The maximum number of construction capable REs that may
participate in a construction task is two": the units spending MPs on a task, over all its turns, have
at most two REs. "Two construction unit REs operating together each pay only half the MPs required of a
single unit"; civilian labour "can provide the second RE". A task is done in the first turn by which
some group of the units that worked on it, of at most two REs, has paid it: each of them at least its
part of the work by REs, the group (with labour up to two REs) counting as one RE per RE
(`each_pays_share`), or the group's work together (`pooled`). A battalion is half an RE ("twice as many
MPs"), poor weather doubles the cost (Other repair issues; Weather Effects), and the work points are
`models.engineers.work_per_half_mp`'s.

Temporary airbases on the map (Temporary Airbases): one outside zone F stays only while a construction
unit ends each player turn stacked with it. One on the map at the start is gone at the end of the first
turn none does; one built incrementally ("placing the temporary airbase with hits of damage") is on the
map from the end of the first turn MPs are spent on it, and removed like any other, its MPs lost.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from itertools import combinations

from models.engineers import (
    DESERT_ZONE,
    MAX_AIRBASE_CAPACITY,
    NEW_AIRBASE_CAPACITY,
    EngineerScenario,
    SupplyLevel,
    Task,
    TaskKind,
    TeamMps,
    Unit,
    UnitType,
    Weather,
    mp_task_work,
    port_damage_mps,
    repair_mps,
    temporary_airbase_mps,
    to_halves,
    unbuilt_capacity_mps,
    work_per_half_mp,
)
from models.engineers_plan import UnitTurn
from optimizer.checker.violations import REPORT, Violation

ARTICLE = "Europa engineers"
TWO_RES = 4  # half-REs: Quick Construction, "the maximum ... is two"
CONSTRUCTION_TYPES = frozenset({UnitType.CONSTRUCTION, UnitType.PORT_CONSTRUCTION, UnitType.COMBAT_ENGINEER})
"""First paragraph: engineers with construction ability, combat engineers included; not assault
engineers, and not railroad engineers, which repair (Rail lines)."""


def section(name: str, message: str, kind: str = "rule") -> Violation:
    return Violation(f"{ARTICLE}, {name}", message, kind)


def mp_cost(scenario: EngineerScenario, task: Task) -> int:
    """MPs for one RE in good weather (Airbases, Rail lines, Ports, Bridges, Temporary Airbases). An
    airbase with hits of damage is repaired at 2 MPs a hit ("Only a construction unit may repair a damaged
    airbase, by expending 2 MPs to remove each"), whatever the terrain; a half-built temporary one is
    finished at the building cost of its capacity not yet built."""
    if task.kind is TaskKind.REPAIR_BRIDGE:
        assert task.bridge is not None
        return repair_mps(task.kind, major_river=scenario.bridge(task.bridge).major_river)
    assert task.hex is not None
    place = scenario.hex(task.hex)
    if task.kind is TaskKind.TEMPORARY_AIRBASE:
        return temporary_airbase_mps(place.terrain)
    if task.kind is TaskKind.DAMAGE_PORT:
        return port_damage_mps(task.hits or 0)
    if task.kind is TaskKind.REPAIR_AIRBASE and place.airbase and place.airbase.half_built:
        # Its hits are capacity not yet built: finishing it is building, "2 MPs for each air unit's
        # worth of capacity", doubled outside clear and rough (Terrain effects).
        return unbuilt_capacity_mps(place.airbase.hits, place.terrain)
    if task.kind is TaskKind.REPAIR_AIRBASE:
        return repair_mps(task.kind, hits=place.airbase.hits if place.airbase else 0)
    if task.kind is TaskKind.REPAIR_PORT:
        return repair_mps(task.kind, hits=place.port.hits if place.port else 0)
    return repair_mps(task.kind)


def only_temporary(scenario: EngineerScenario, hex_id: str | None) -> bool:
    """The hex's only airbase is a temporary one on the map (outside zone F, where it needs keeping)."""
    if hex_id is None:
        return False
    place = scenario.hex(hex_id)
    airbase = place.airbase
    return (
        airbase is not None
        and airbase.temporary > 0
        and airbase.intrinsic + airbase.permanent == 0
        and place.zone != DESERT_ZONE
    )


def group_pays(need: int, labour: bool, each: bool, work: dict[str, int], res: dict[str, int]) -> bool:
    """Whether some group of these units, of at most two REs, has paid a cost of `need` work points
    (one RE, good weather, `models.engineers.mp_task_work`) with its work points `work`."""
    names = sorted(u for u, w in work.items() if w > 0)
    for size in range(1, len(names) + 1):
        for group in combinations(names, size):
            halves = sum(res[u] for u in group)
            if halves > TWO_RES:
                continue
            counted = min(TWO_RES, halves + 2) if labour else halves  # labour: the second RE
            if each:
                # Each unit pays its part: need x its half-REs / the group's, in work points.
                if all(work[u] * counted >= need * res[u] for u in group):
                    return True
            elif sum(work[u] for u in group) * counted >= need * halves:
                return True
    return False


@dataclass
class WorkFindings:
    violations: list[Violation] = field(default_factory=list)
    done: dict[str, int] = field(default_factory=dict)
    attempted: set[str] = field(default_factory=set)
    removed: dict[str, int] = field(default_factory=dict)  # task -> turn its half-built airbase went


def check_mp_tasks(
    scenario: EngineerScenario,
    lines: dict[tuple[str, int], UnitTurn],
    units: dict[str, Unit],
    res: dict[str, int],
    labour_near: set[str],
    gone: dict[str, int],
) -> WorkFindings:
    """Replay the work on every task counted in MPs: who, where, when, and the turn each is done.
    `gone`: hex -> the turn at whose end a temporary airbase on the map at the start was removed."""
    found = WorkFindings()
    out = found.violations
    turns = scenario.turns
    settings = scenario.settings
    tasks = {t.id: t for t in scenario.tasks}
    work: dict[tuple[str, int], list[tuple[str, int]]] = defaultdict(list)

    def stacked(hex_id: str, t: int) -> bool:
        return any(lines[u, t].move_to == hex_id for u in units if units[u].type in CONSTRUCTION_TYPES)

    for (u, t), line in sorted(lines.items()):
        for w in line.work:
            task = tasks.get(w.task)
            if task is None or task.kind in (
                TaskKind.FORT,
                TaskKind.PERMANENT_AIRBASE,
                TaskKind.AUGMENT_AIRBASE,
            ):
                out.append(
                    section(
                        "Other repair issues", f"'{u}' turn {t}: MPs on '{w.task}', not a task counted in MPs"
                    )
                )
                continue
            if to_halves(w.mps) <= 0:
                out.append(section("plan", f"'{u}' turn {t}: no MPs spent on '{w.task}'", REPORT))
                continue
            where = scenario.task_hexes(task)
            if line.move_to not in where and not (settings.work_before_moving and line.start_hex in where):
                out.append(
                    section(
                        "Bridges" if task.bridge else "Other repair issues",
                        f"'{u}' works on '{w.task}' from '{line.move_to}', not {list(where)}",
                    )
                )
            unit = units[u]
            if unit.type is UnitType.RAILROAD_ENGINEER and task.kind not in settings.railroad_engineer_tasks:
                out.append(
                    section(
                        "Rail lines",
                        f"'{u}' is a railroad engineer: it repairs rail lines, not '{w.task}' ({task.kind.value})",
                    )
                )
            finishing = (
                task.kind is TaskKind.REPAIR_AIRBASE
                and (airbase := scenario.hex(task.hex or "").airbase) is not None
                and airbase.half_built
            )
            if (
                task.kind is TaskKind.TEMPORARY_AIRBASE or finishing
            ) and unit.supply is not SupplyLevel.SUPPLIED:
                out.append(
                    section(
                        "Permanent Airbases and Forts",
                        f"'{u}' builds the temporary airbase '{w.task}' at {unit.supply.value}: when building "
                        "items, the construction unit must be in supply",
                    )
                )
            work[w.task, t].append((u, to_halves(w.mps)))

    for k, task in tasks.items():
        worked = [t for t in range(1, turns + 1) if work.get((k, t))]
        if not worked:
            continue
        found.attempted.add(k)
        refusal = forbidden(scenario, task)
        if refusal:
            out.append(section(refusal.split(":")[0], f"work on '{k}': {refusal}"))
            continue
        zone_hex = scenario.task_zone_hex(task)
        temporary = task.kind is TaskKind.TEMPORARY_AIRBASE or (
            task.kind is TaskKind.REPAIR_AIRBASE
            and (a := scenario.hex(zone_hex).airbase) is not None
            and a.temporary > 0
            and a.intrinsic + a.permanent == 0
        )
        team = sorted({u for t in worked for u, _ in work[k, t]})
        if sum(res[u] for u in team) > TWO_RES:
            out.append(
                section(
                    "Quick Construction",
                    f"'{k}': {', '.join(team)} take part in it, more than two REs ("
                    '"the maximum number of construction capable REs that may participate in a construction '
                    'task is two")',
                )
            )
        on_map_hex = (
            task.hex if only_temporary(scenario, task.hex) and task.kind is TaskKind.REPAIR_AIRBASE else None
        )
        incremental = (
            task.kind is TaskKind.TEMPORARY_AIRBASE
            and settings.incremental_temporary_airbases
            and scenario.hex(task.hex or "").zone != DESERT_ZONE
        )
        labour = any(h in labour_near for h in scenario.task_hexes(task))
        each = settings.team_mps is TeamMps.EACH_PAYS_SHARE
        need = mp_task_work(mp_cost(scenario, task))
        paid: dict[str, int] = defaultdict(int)
        placed = False
        finished: int | None = None
        for t in range(1, turns + 1):
            weather = scenario.task_weather(task, t)
            if task.kind is TaskKind.DAMAGE_PORT and not settings.port_damage_doubled_in_poor_weather:
                weather = Weather.CLEAR
            if work.get((k, t)):
                if temporary and weather is Weather.MUD:
                    out.append(
                        section(
                            "Weather Effects",
                            f"'{k}': no temporary airbase built or repaired in mud (turn {t})",
                        )
                    )
                if on_map_hex is not None and on_map_hex in gone and gone[on_map_hex] < t:
                    out.append(
                        section(
                            "Temporary Airbases",
                            f"'{k}': the temporary airbase in '{on_map_hex}' is gone at the end of turn "
                            f"{gone[on_map_hex]} (no construction unit ends the turn on it), so it is not "
                            f"repaired in turn {t}",
                        )
                    )
                if finished is not None:
                    out.append(
                        section(
                            "Other repair issues",
                            f"'{k}': MPs spent in turn {t} after it was done in turn {finished}",
                        )
                    )
                    continue
                for u, halves in work[k, t]:
                    paid[u] += halves * work_per_half_mp(res[u], weather)
                placed = True
                if group_pays(need, labour, each, dict(paid), res):
                    finished = t
            if incremental and placed and finished is None and not stacked(task.hex or "", t):
                found.removed[k] = t  # the half-built airbase is removed, and its MPs with it
                paid.clear()
                placed = False
        one_phase = task.kind is TaskKind.TEMPORARY_AIRBASE and not settings.incremental_temporary_airbases
        # Battalions: "Any of the above construction tasks would take twice as long ... if performed by
        # a one half RE construction unit": a lone battalion, with no civilian labour making it an RE,
        # builds it over two consecutive movement phases [setting battalion_temporary_airbase_two_phases].
        lone_battalion = len(team) == 1 and res[team[0]] == 1 and not labour
        twice_as_long = (
            settings.battalion_temporary_airbase_two_phases
            and lone_battalion
            and len(worked) == 2
            and worked[1] == worked[0] + 1
        )
        if one_phase and len(worked) > 1 and not twice_as_long:
            out.append(
                section(
                    "Temporary Airbases",
                    f"'{k}': MPs spread over turns {worked}; built in one movement phase"
                    + (
                        " (a lone battalion's: two)"
                        if settings.battalion_temporary_airbase_two_phases
                        else ""
                    ),
                )
            )
        if finished is not None and finished <= min(turns, task.deadline or turns):
            found.done[k] = finished
    return found


def forbidden(scenario: EngineerScenario, task: Task) -> str | None:
    """The article's outright refusals of a task, re-derived (None: allowed)."""
    if task.kind is TaskKind.REPAIR_BRIDGE:
        assert task.bridge is not None
        bridge = scenario.bridge(task.bridge)
        if not bridge.demolished and bridge.hits == 0:
            return "Bridges: nothing to repair"
        if not all(scenario.hex(h).friendly for h in bridge.hexes):
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
    if task.kind is TaskKind.DAMAGE_PORT and (
        place.port is None or place.port.capacity - place.port.hits < (task.hits or 0)
    ):
        return "Ports: not that much port capacity left to damage"
    new_airbase = task.kind in (
        TaskKind.TEMPORARY_AIRBASE,
        TaskKind.PERMANENT_AIRBASE,
        TaskKind.AUGMENT_AIRBASE,
    )
    # A temporary airbase that needs maintaining may be gone by the time the new airbase is placed: it
    # counts only while on the map (checked turn by turn in engineers.py).
    removable = place.airbase.temporary if place.airbase and place.zone != DESERT_ZONE else 0
    if new_airbase and capacity - removable + NEW_AIRBASE_CAPACITY > MAX_AIRBASE_CAPACITY:
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
    half_built = (
        task.kind is TaskKind.REPAIR_AIRBASE and place.airbase is not None and place.airbase.half_built
    )
    if (new_airbase or half_built or task.kind is TaskKind.FORT) and not place.supplied:
        # "Note than when building items, the construction unit must be in supply."
        return "Permanent Airbases and Forts: the construction unit must be in supply"
    return None
