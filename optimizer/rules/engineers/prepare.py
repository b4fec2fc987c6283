"""Engineers: plain data from the scenario, with all the networkx work (movement, supply lines to
resource points, civilian labour range) done here, so that the model builder only loops."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from itertools import combinations

import networkx as nx

from models.engineers import (
    BUILDING_TASKS,
    CAPACITY_TASKS,
    CIVILIAN_LABOUR_RANGE,
    DESERT_ZONE,
    MAX_AIRBASE_CAPACITY,
    MAX_TEAM_HALF_RES,
    NEW_AIRBASE_CAPACITY,
    TURN_TASKS,
    EngineerScenario,
    SupplyLevel,
    Task,
    TaskKind,
    TeamMps,
    UnitType,
    Weather,
    build_turns,
    can_construct,
    half_of,
    half_res,
    is_engineer_at_work,
    mp_task_work,
    port_damage_mps,
    reduced_mps,
    repair_mps,
    temporary_airbase_mps,
    to_halves,
    unbuilt_capacity_mps,
    work_per_half_mp,
)
from optimizer.rules.engineers import teams


@dataclass(frozen=True)
class UnitData:
    id: str
    half_res: int
    full: int  # MPs a turn, in halves, after low supply
    half: int  # MPs left after quick construction (Example B)
    start: str
    may_build: bool  # a construction unit in supply: may build forts and airbases
    hexes: tuple[str, ...]  # hexes it can reach within the horizon, sorted
    costs: dict[str, dict[str, int]]  # from -> to -> MPs (halves), within one turn's MPs
    distance: dict[str, int] = field(default_factory=dict)  # halves from its start hex
    construction: bool = True  # not a railroad engineer: builds, and maintains temporary airbases

    def can_be_at(self, hex_id: str, turn: int) -> bool:
        """Whether it can stand in the hex at the initial phase of `turn` (turn N + 1: the end)."""
        return self.distance.get(hex_id, self.full * turn + 1) <= self.full * (turn - 1)

    def reach(self, hexes: tuple[str, ...]) -> int | None:
        """MPs (halves) of its cheapest path from its start to the nearest of `hexes`; None when it
        reaches none within the horizon."""
        return min((self.distance[h] for h in hexes if h in self.distance), default=None)


@dataclass(frozen=True)
class Option:
    """One way to do a task counted in turns: this team begins it in this turn and takes `turns`."""

    task: str
    hex: str
    team: tuple[str, ...]
    start: int
    turns: int  # 0: completed in the same initial phase (quick construction)

    @property
    def done_turn(self) -> int:
        return self.start + self.turns

    def occupies(self, turn: int) -> bool:
        """The unit's initial-phase slot and MPs are taken in `turn` (begun, or still building)."""
        return self.start <= turn < self.start + max(self.turns, 1)


@dataclass(frozen=True)
class TaskData:
    task: Task
    hexes: tuple[str, ...]  # where a unit stands to work on it
    refused: str | None  # why the article forbids it, with the section
    counted_in_turns: bool
    need: int = 0  # work points, tasks counted in MPs
    one_phase: bool = False  # a temporary airbase built in one movement phase
    # ... or, by a lone battalion, in two consecutive ones (Battalions: "twice as long") [setting]
    battalion_two_phases: bool = False
    barred_turns: frozenset[int] = frozenset()  # mud: no temporary airbase built or repaired
    labour: bool = False
    resource_points: tuple[str, ...] = ()  # hexes whose resource points it may spend
    needs_resource_point: bool = False
    # A temporary airbase it builds must be maintained (outside zone F): from the end of the first turn
    # MPs are spent on it when built incrementally, else from the turn it is built; until it is done,
    # and to the horizon when `keep`.
    maintain: bool = False
    keep: bool = False
    airbase: str | None = None  # the hex of the temporary airbase on the map it needs (outside zone F)
    last_turn: int = 0  # the last turn it may be done (deadline, horizon)
    options: tuple[Option, ...] = ()
    rates: dict[tuple[str, int], int] = field(default_factory=dict)  # (unit, turn) -> work per half MP
    shares: bool = True  # each unit of a team pays its share (setting team_mps; teams.py)
    sizes: tuple[int, ...] = ()  # the half-REs a team of the units that may work on it can have
    blocked: str | None = None  # why no unit can work on it or build it at all, with the section

    @property
    def least_need(self) -> int:
        """The least work points any team pays in all (civilian labour pays the rest)."""
        return min((teams.pooled_need(self.need, h, self.labour) for h in self.sizes), default=self.need)

    def two_phases_for(self, unit: UnitData) -> bool:
        """Whether `unit` alone may build it in two consecutive movement phases: a battalion (½ RE) takes
        twice as long (Battalions) [setting battalion_temporary_airbase_two_phases]."""
        return self.battalion_two_phases and unit.half_res == 1


@dataclass(frozen=True)
class Prepared:
    scenario: EngineerScenario
    turns: int
    units: dict[str, UnitData]
    tasks: dict[str, TaskData]
    # hex -> airbase capacity still allowed once a temporary airbase on the map that needs maintaining
    # is gone (the capacity it does not count: `losable_capacity`)
    capacity_room: dict[str, int]
    resource_points: dict[str, int]  # hex -> resource points there
    # Hexes of the temporary airbases on the map at the start that need maintaining (outside zone F).
    temporary_airbases: tuple[str, ...] = ()
    # hex -> the capacity of such a temporary airbase: it counts towards twelve only while on the map.
    losable_capacity: dict[str, int] = field(default_factory=dict)


def first_done_turn(data: Prepared, k: str, halves: Mapping[tuple[str, int], int]) -> int | None:
    """The turn task k (counted in MPs) is done by units spending these half MPs (unit, turn) on it:
    the first by which some team of them has paid its cost (`teams.done_turn`)."""
    task = data.tasks[k]
    res = {u: data.units[u].half_res for u, _ in halves}
    return teams.done_turn(task.need, task.labour, task.shares, task.last_turn, task.rates, res, halves)


def done_by_words(data: Prepared, k: str) -> str:
    """When task k must be done by, in words: 'its deadline, turn 3' or 'turn 6' (the horizon)."""
    last = data.tasks[k].last_turn
    return f"its deadline, turn {last}" if last < data.turns else f"turn {last}"


def movement_graph(scenario: EngineerScenario) -> nx.Graph:
    """Hexes and the MPs (halves) a construction unit pays between neighbours (an input)."""
    graph: nx.Graph[str] = nx.Graph()
    graph.add_nodes_from(h.id for h in scenario.hexes)
    for n in scenario.neighbours:
        graph.add_edge(*n.hexes, weight=to_halves(n.mps))
    return graph


def friendly_graph(scenario: EngineerScenario) -> nx.Graph:
    """Friendly hexes only: an overland supply line to a resource point runs through them [reading]."""
    graph: nx.Graph[str] = nx.Graph()
    friendly = {h.id for h in scenario.hexes if h.friendly}
    graph.add_nodes_from(friendly)
    graph.add_edges_from(n.hexes for n in scenario.neighbours if set(n.hexes) <= friendly)
    return graph


def labour_hexes(scenario: EngineerScenario) -> set[str]:
    """Hexes within four hexes of a friendly civilian-labour city (Quick Construction), counted as
    steps between neighbours [reading: the graph's neighbours are the hex grid's]."""
    graph: nx.Graph[str] = nx.Graph()
    graph.add_nodes_from(h.id for h in scenario.hexes)
    graph.add_edges_from(n.hexes for n in scenario.neighbours)
    near: set[str] = set()
    for h in scenario.hexes:
        if h.civilian_labour and h.friendly:
            near |= set(nx.single_source_shortest_path_length(graph, h.id, cutoff=CIVILIAN_LABOUR_RANGE))
    return near


def _refusal(scenario: EngineerScenario, task: Task, rp_hexes: tuple[str, ...]) -> str | None:
    """Why the article forbids a task outright, with the section; None if it may be done."""
    allowable = scenario.allowable_terrain
    if task.kind is TaskKind.REPAIR_BRIDGE:
        assert task.bridge is not None
        bridge = scenario.bridge(task.bridge)
        if not bridge.demolished and bridge.hits == 0:
            return "Bridges: the bridge is neither demolished nor hit"
        if not all(scenario.hex(h).friendly for h in bridge.hexes):
            return "Bridges: both hexes beside the bridge must be friendly"
        if bridge.major_river and not rp_hexes:
            return "Bridges: a major-river bridge needs an overland supply line to a resource point"
        return None
    assert task.hex is not None
    place = scenario.hex(task.hex)
    capacity = place.airbase.capacity if place.airbase else 0
    staying = capacity - losable_capacity(scenario, task.hex)
    if task.kind is TaskKind.REPAIR_AIRBASE and (place.airbase is None or place.airbase.hits == 0):
        return "Airbases: no hits on an airbase in the hex"
    if task.kind is TaskKind.REPAIR_RAIL and not place.broken_rail:
        return "Rail lines: the rail line in the hex is not broken"
    if task.kind is TaskKind.REPAIR_PORT and (place.port is None or place.port.hits == 0):
        return "Ports: no hits on a port in the hex"
    if task.kind is TaskKind.DAMAGE_PORT:
        room = place.port.capacity - place.port.hits if place.port else 0
        if room < (task.hits or 0):
            return f"Ports: the port in the hex has {room} capacity left to damage, not {task.hits}"
    if task.kind in CAPACITY_TASKS and staying + NEW_AIRBASE_CAPACITY > MAX_AIRBASE_CAPACITY:
        return f"Permanent Airbases and Forts: capacity {staying} + 3 would pass 12 in the hex"
    if task.kind is TaskKind.TEMPORARY_AIRBASE and place.terrain not in allowable.temporary_airbase:
        return f"Weather Effects: {place.terrain.value} is not allowable terrain for a temporary airbase"
    if task.kind is TaskKind.FORT and place.terrain not in allowable.fort:
        return f"Weather Effects: {place.terrain.value} is not allowable terrain for a fort"
    if (
        task.kind in (TaskKind.PERMANENT_AIRBASE, TaskKind.AUGMENT_AIRBASE)
        and place.terrain not in allowable.permanent_airbase
    ):
        return f"Weather Effects: {place.terrain.value} is not allowable terrain for a permanent airbase"
    if task.kind is TaskKind.AUGMENT_AIRBASE and capacity == 0:
        return "Permanent Airbases and Forts: no airbase in the hex to augment"
    if (task.kind in BUILDING_TASKS or _finishes_building(scenario, task)) and not place.supplied:
        return "Permanent Airbases and Forts: when building items, the construction unit must be in supply"
    if task.kind in TURN_TASKS and not rp_hexes:
        return "Permanent Airbases and Forts: no overland supply line to a resource point"
    return None


def _mp_need(scenario: EngineerScenario, task: Task) -> int:
    """Work points of a task counted in MPs (Airbases, Rail lines, Ports, Bridges, Temporary Airbases).
    A temporary airbase on the map with hits of damage is repaired at 2 MPs a hit, terrain not counting
    (Airbases); one half built (`half_built`, the optional incremental rule) is finished by building its
    remaining capacity, 2 MPs each, doubled outside clear and rough, as the plan's own would be."""
    if task.kind is TaskKind.REPAIR_BRIDGE:
        assert task.bridge is not None
        return mp_task_work(repair_mps(task.kind, major_river=scenario.bridge(task.bridge).major_river))
    assert task.hex is not None
    place = scenario.hex(task.hex)
    if task.kind is TaskKind.TEMPORARY_AIRBASE:
        return mp_task_work(temporary_airbase_mps(place.terrain))
    if task.kind is TaskKind.DAMAGE_PORT:
        return mp_task_work(port_damage_mps(task.hits or 0))
    if task.kind is TaskKind.REPAIR_AIRBASE and place.airbase and place.airbase.half_built:
        return mp_task_work(unbuilt_capacity_mps(place.airbase.hits, place.terrain))
    hits = 1
    if task.kind is TaskKind.REPAIR_AIRBASE and place.airbase:
        hits = place.airbase.hits
    if task.kind is TaskKind.REPAIR_PORT and place.port:
        hits = place.port.hits
    return mp_task_work(repair_mps(task.kind, hits=hits))


def _teams(units: list[UnitData], labour: bool) -> list[tuple[tuple[str, ...], int]]:
    """Teams of up to two REs (Quick Construction: more add nothing, so none are formed) and their
    half-REs, civilian labour adding one RE up to two [reading: labour joins any team].

    A team with a smaller team inside it that builds as fast (an RE and a battalion take an RE's time) is
    kept: any schedule of it has one of the smaller team, so the schedules of most value are the same
    without it, but dropping it was measured slower. On six of the slowest positions of seeds
    9310000-9310199 (6 units, 12 tasks, 6 turns) it took away 0 to 60 of 11 to 357 options and moved
    the proof's deterministic time 10.01 -> 10.01, 9.36 -> 9.35, 6.26 -> 5.80, 4.41 -> 4.41 and
    4.34 -> 4.32 s, and 19.89 s -> past the work limit on 9310125 (the search takes another path)."""
    found = []
    for size in range(1, len(units) + 1):
        for members in combinations(units, size):
            total = sum(u.half_res for u in members)
            if total > MAX_TEAM_HALF_RES:
                continue
            found.append((tuple(u.id for u in members), teams.effective(total, labour)))
    return found


def _finishes_building(scenario: EngineerScenario, task: Task) -> bool:
    """A `repair_airbase` of a half-built temporary airbase: building, not repair (Temporary Airbases)."""
    airbase = scenario.hex(task.hex).airbase if task.hex else None
    return task.kind is TaskKind.REPAIR_AIRBASE and airbase is not None and airbase.half_built


def _work_kind(scenario: EngineerScenario, task: Task) -> TaskKind:
    """The kind of work units spend MPs on: a temporary airbase's building where the task finishes a
    half-built one (`_finishes_building`; Temporary Airbases), else the task's own kind."""
    return TaskKind.TEMPORARY_AIRBASE if _finishes_building(scenario, task) else task.kind


def _may_work(scenario: EngineerScenario, unit: UnitData, unit_type: UnitType, kind: TaskKind) -> bool:
    """Whether a unit may spend MPs on a task of this kind: railroad engineers only on the repairs of
    `railroad_engineer_tasks` (Rail lines); a temporary airbase is built only by a construction unit
    in supply (Permanent Airbases and Forts: "when building items, the construction unit must be in
    supply"); any construction unit repairs or damages a port."""
    if unit_type is UnitType.RAILROAD_ENGINEER:
        return kind in scenario.settings.railroad_engineer_tasks
    if kind is TaskKind.TEMPORARY_AIRBASE:
        return unit.may_build
    return True


def _blocked(
    scenario: EngineerScenario,
    kind: TaskKind,
    units: dict[str, UnitData],
    types: dict[str, UnitType],
    hexes: tuple[str, ...],
    last: int,
    barred: frozenset[int],
) -> str | None:
    """Why no unit can work on a task counted in MPs (its work of kind `kind`, `_work_kind`) at all,
    naming the binding statement; None when some unit can (the model then decides). Checked in the order: reach, kind of unit, supply, mud."""

    def reaches(unit: UnitData, turns: set[int]) -> bool:
        return any(unit.can_be_at(h, t + 1) for h in hexes for t in turns)

    turns = set(range(1, last + 1))
    near = [u for u in units.values() if reaches(u, turns)]
    if not near:
        return None  # no unit reaches it in time: said as such
    able = [u for u in near if _may_work(scenario, u, types[u.id], kind)]
    if not able:
        if all(types[u.id] is UnitType.RAILROAD_ENGINEER for u in near):
            return (
                "Rail lines: only railroad engineers can reach it in time, and they repair only "
                + ", ".join(k.value for k in scenario.settings.railroad_engineer_tasks)
            )
        return (
            "Permanent Airbases and Forts: when building items, the construction unit must be in supply, "
            "and no unit in supply can reach it in time"
        )
    if barred and not any(reaches(u, turns - barred) for u in able):
        return (
            "Weather Effects: temporary airbases may not be built nor repaired during mud weather, and it is "
            "mud in every turn a unit can work on it"
        )
    return None


def prepare(scenario: EngineerScenario) -> Prepared:
    """Units' moves and reach, each task's cost, refusals, options and resource points."""
    turns = scenario.turns
    graph = movement_graph(scenario)
    distances = dict(nx.all_pairs_dijkstra_path_length(graph, weight="weight"))
    percent = scenario.settings.low_supply_mp_percent
    units: dict[str, UnitData] = {}
    types: dict[str, UnitType] = {}
    for u in scenario.units:
        if not is_engineer_at_work(u.type):
            continue  # assault engineers cannot construct (article, first paragraph)
        full = reduced_mps(to_halves(u.mps), u.supply, u.motorized, percent)
        reach = sorted(h for h, d in distances[u.hex].items() if d <= full * turns)
        costs = {a: {b: int(d) for b, d in distances[a].items() if b in reach and d <= full} for a in reach}
        types[u.id] = u.type
        units[u.id] = UnitData(
            id=u.id,
            half_res=half_res(u.type, u.size, u.defense),
            full=full,
            half=half_of(full),
            start=u.hex,
            may_build=can_construct(u.type) and u.supply is SupplyLevel.SUPPLIED,
            hexes=tuple(reach),
            costs=costs,
            distance={h: int(d) for h, d in distances[u.hex].items() if h in reach},
            construction=can_construct(u.type),
        )

    settings = scenario.settings
    friendly = friendly_graph(scenario)
    rp_count = {h.id: h.resource_points for h in scenario.hexes if h.resource_points > 0 and h.friendly}
    near_labour = labour_hexes(scenario)
    on_map = tuple(
        h.id
        for h in scenario.hexes
        if h.airbase is not None and h.airbase.temporary > 0 and h.zone != DESERT_ZONE
    )
    tasks: dict[str, TaskData] = {}
    for task in scenario.tasks:
        hexes = scenario.task_hexes(task)
        major = task.kind is TaskKind.REPAIR_BRIDGE and scenario.bridge(task.bridge or "").major_river
        needs_rp = task.kind in TURN_TASKS or major
        rp_hexes: tuple[str, ...] = ()
        if needs_rp:
            found: set[str] = set()
            for h in hexes:
                if h in friendly:
                    found |= {r for r in rp_count if r in nx.node_connected_component(friendly, h)}
            rp_hexes = tuple(sorted(found))
        refused = _refusal(scenario, task, rp_hexes)
        last = min(turns, task.deadline or turns)
        weather = [scenario.task_weather(task, t) for t in range(1, turns + 1)]
        labour = any(h in near_labour for h in hexes)
        # Temporary Airbases: a repair or augmentation of a hex whose only airbase is temporary needs
        # that airbase still on the map, kept by construction units ending their turns on it.
        airbase = (
            task.hex
            if task.kind in (TaskKind.REPAIR_AIRBASE, TaskKind.AUGMENT_AIRBASE)
            and task.hex in on_map
            and _only_temporary(scenario, task.hex)
            else None
        )
        if task.kind in TURN_TASKS:
            assert task.hex is not None
            place = scenario.hex(task.hex)
            builders = [units[u] for u in sorted(units) if units[u].may_build and task.hex in units[u].hexes]
            options = []
            if refused is None:
                for team, team_res in _teams(builders, labour):
                    for start in range(1, turns + 1):
                        if any(
                            distances[units[u].start].get(task.hex, float("inf"))
                            > units[u].full * (start - 1)
                            for u in team
                        ):
                            continue  # a member cannot be in the hex by this initial phase
                        length = build_turns(place.terrain, weather[start - 1], team_res)
                        if start + length <= last:
                            options.append(Option(task.id, task.hex, team, start, length))
            reachers = [u for u in units.values() if task.hex in u.hexes]
            blocked = None
            if refused is None and not options and reachers and not builders:
                blocked = (
                    "Rail lines: railroad engineers repair, they build nothing; no construction unit can reach it"
                    if all(not u.construction for u in reachers)
                    else "Permanent Airbases and Forts: when building items, the construction unit must be in "
                    "supply, and no unit in supply can reach it"
                )
            tasks[task.id] = TaskData(
                task=task,
                hexes=hexes,
                refused=refused,
                counted_in_turns=True,
                labour=labour,
                resource_points=rp_hexes,
                needs_resource_point=True,
                airbase=airbase,
                keep=airbase is not None and settings.keep_temporary_airbases,
                last_turn=last,
                options=tuple(options),
                blocked=blocked,
            )
            continue
        temporary = task.kind is TaskKind.TEMPORARY_AIRBASE or (
            task.kind is TaskKind.REPAIR_AIRBASE
            and task.hex is not None
            and _only_temporary(scenario, task.hex)
        )
        barred = frozenset(t for t in range(1, turns + 1) if temporary and weather[t - 1] is Weather.MUD)
        # Ports, Weather Effects: damaging a port in poor weather costs double unless the setting says not.
        if task.kind is TaskKind.DAMAGE_PORT and not settings.port_damage_doubled_in_poor_weather:
            weather = [Weather.CLEAR] * turns
        kind = _work_kind(scenario, task)
        rates: dict[tuple[str, int], int] = {}
        for worker in units.values():
            if not any(h in worker.hexes for h in hexes):
                continue
            if not _may_work(scenario, worker, types[worker.id], kind):
                continue
            for t in range(1, turns + 1):
                rates[worker.id, t] = work_per_half_mp(worker.half_res, weather[t - 1])
        builds = task.kind is TaskKind.TEMPORARY_AIRBASE and scenario.hex(task.hex or "").zone != DESERT_ZONE
        one_phase = task.kind is TaskKind.TEMPORARY_AIRBASE and not settings.incremental_temporary_airbases
        tasks[task.id] = TaskData(
            task=task,
            hexes=hexes,
            refused=refused,
            counted_in_turns=False,
            need=_mp_need(scenario, task),
            one_phase=one_phase,
            battalion_two_phases=one_phase and settings.battalion_temporary_airbase_two_phases and not labour,
            barred_turns=barred,
            labour=labour,
            resource_points=rp_hexes,
            needs_resource_point=needs_rp,
            maintain=builds,
            keep=(builds or airbase is not None) and settings.keep_temporary_airbases,
            airbase=airbase,
            last_turn=last,
            rates=rates,
            shares=settings.team_mps is TeamMps.EACH_PAYS_SHARE,
            sizes=teams.team_sizes(units[u].half_res for u in sorted({u for u, _ in rates})),
            blocked=None if refused else _blocked(scenario, kind, units, types, hexes, last, barred),
        )
    losable = {h: losable_capacity(scenario, h) for h in on_map}
    room = {
        place.id: MAX_AIRBASE_CAPACITY
        - (place.airbase.capacity if place.airbase else 0)
        + losable.get(place.id, 0)
        for place in scenario.hexes
    }
    units = {u: _without_dominated_stops(unit, tasks, distances, on_map) for u, unit in units.items()}
    return Prepared(scenario, turns, units, tasks, room, rp_count, on_map, losable)


def losable_capacity(scenario: EngineerScenario, hex_id: str) -> int:
    """The capacity of the temporary airbase on the map in the hex at the start that needs maintaining
    (outside zone F, Temporary Airbases): it counts towards the twelve of Permanent Airbases and Forts
    ("No hex may have an airbase capacity of greater than twelve") only while it is on the map."""
    place = scenario.hex(hex_id)
    if place.airbase is None or place.zone == DESERT_ZONE:
        return 0
    return place.airbase.temporary


def _without_dominated_stops(
    unit: UnitData,
    tasks: dict[str, TaskData],
    distances: dict[str, dict[str, float]],
    on_map: tuple[str, ...],
) -> UnitData:
    """The unit's hexes less those it never needs to end a turn in.

    A hex where the unit has nothing to do (no task it may work on or build, no temporary airbase to
    keep, not its start) is dropped when another of its hexes is at least as close to every other
    of its hexes: ending a turn there instead costs no more MPs on the move in or the move out (moves
    cost the cheapest path, through any hex), so every schedule has one as good without the
    dropped hex. Dropped one at a time, in hex order, each judged against the hexes still kept.
    """
    needed = {unit.start}
    if unit.construction:
        needed |= set(on_map)  # temporary airbases on the map, kept by ending turns on them
    for task in tasks.values():
        if task.refused is not None:
            continue
        if (
            task.maintain
            or any(w == unit.id for w, _ in task.rates)
            or any(unit.id in o.team for o in task.options)
        ):
            needed |= set(task.hexes)
    kept = list(unit.hexes)
    changed = True
    while changed:
        changed = False
        for h in list(kept):
            if h in needed:
                continue
            others = [x for x in kept if x != h]
            if any(all(distances[n][x] <= distances[h][x] for x in others) for n in others):
                kept.remove(h)
                changed = True
    if len(kept) == len(unit.hexes):
        return unit
    return replace(
        unit,
        hexes=tuple(kept),
        costs={a: {b: c for b, c in unit.costs[a].items() if b in kept} for a in kept},
        distance={h: d for h, d in unit.distance.items() if h in kept},
    )


def _only_temporary(scenario: EngineerScenario, hex_id: str) -> bool:
    """The hits are on a temporary airbase: the hex has no other airbase [reading]."""
    airbase = scenario.hex(hex_id).airbase
    return airbase is not None and airbase.temporary > 0 and airbase.intrinsic + airbase.permanent == 0
