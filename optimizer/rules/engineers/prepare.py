"""Engineers: plain data from the scenario, with all the networkx work (movement, supply lines to
resource points, civilian labour range) done here, so that the model builder only loops."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from itertools import combinations

import networkx as nx

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
    Task,
    TaskKind,
    Weather,
    build_turns,
    can_construct,
    half_of,
    half_res,
    mp_task_work,
    reduced_mps,
    repair_mps,
    temporary_airbase_mps,
    to_halves,
    work_per_half_mp,
)


@dataclass(frozen=True)
class UnitData:
    id: str
    half_res: int
    full: int  # MPs a turn, in halves, after low supply
    half: int  # MPs left after quick construction (Example B)
    start: str
    may_build: bool  # in supply: may begin forts and permanent airbases
    hexes: tuple[str, ...]  # hexes it can reach within the horizon, sorted
    costs: dict[str, dict[str, int]]  # from -> to -> MPs (halves), within one turn's MPs
    distance: dict[str, int] = field(default_factory=dict)  # halves from its start hex

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
    barred_turns: frozenset[int] = frozenset()  # mud: no temporary airbase built or repaired
    labour: bool = False
    resource_points: tuple[str, ...] = ()  # hexes whose resource points it may spend
    needs_resource_point: bool = False
    maintain: bool = False  # a temporary airbase kept by a construction unit ending turns on it
    last_turn: int = 0  # the last turn it may be done (deadline, horizon)
    options: tuple[Option, ...] = ()
    rates: dict[tuple[str, int], int] = field(default_factory=dict)  # (unit, turn) -> work per half MP
    labour_rates: dict[tuple[str, int], int] = field(default_factory=dict)  # with civilian labour


@dataclass(frozen=True)
class Prepared:
    scenario: EngineerScenario
    turns: int
    units: dict[str, UnitData]
    tasks: dict[str, TaskData]
    capacity_room: dict[str, int]  # hex -> airbase capacity still allowed
    resource_points: dict[str, int]  # hex -> resource points there


def work_done(task: TaskData, turn: int, halves: Mapping[str, int]) -> int:
    """Work points done on a task counted in MPs in `turn` by units spending these half MPs on it:
    each at its rate, a lone worker near a labour city at its rate with labour (Quick Construction)."""
    workers = [(u, h) for u, h in halves.items() if h > 0]
    total = 0
    for u, h in workers:
        rate = task.rates[u, turn]
        if len(workers) == 1:
            rate = task.labour_rates.get((u, turn), rate)
        total += rate * h
    return total


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
    if task.kind is TaskKind.REPAIR_AIRBASE and (place.airbase is None or place.airbase.hits == 0):
        return "Airbases: no hits on an airbase in the hex"
    if task.kind is TaskKind.REPAIR_RAIL and not place.broken_rail:
        return "Rail lines: the rail line in the hex is not broken"
    if task.kind is TaskKind.REPAIR_PORT and (place.port is None or place.port.hits == 0):
        return "Ports: no hits on a port in the hex"
    if task.kind in CAPACITY_TASKS and capacity + NEW_AIRBASE_CAPACITY > MAX_AIRBASE_CAPACITY:
        return f"Permanent Airbases and Forts: capacity {capacity} + 3 would pass 12 in the hex"
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
    if task.kind in TURN_TASKS:
        if not place.supplied:
            return "Permanent Airbases and Forts: the hex is not in supply"
        if not rp_hexes:
            return "Permanent Airbases and Forts: no overland supply line to a resource point"
    return None


def _mp_need(scenario: EngineerScenario, task: Task) -> int:
    """Work points of a task counted in MPs (Airbases, Rail lines, Ports, Bridges, Temporary Airbases)."""
    if task.kind is TaskKind.REPAIR_BRIDGE:
        assert task.bridge is not None
        return mp_task_work(repair_mps(task.kind, major_river=scenario.bridge(task.bridge).major_river))
    assert task.hex is not None
    place = scenario.hex(task.hex)
    if task.kind is TaskKind.TEMPORARY_AIRBASE:
        return mp_task_work(temporary_airbase_mps(place.terrain))
    hits = 1
    if task.kind is TaskKind.REPAIR_AIRBASE and place.airbase:
        hits = place.airbase.hits
    if task.kind is TaskKind.REPAIR_PORT and place.port:
        hits = place.port.hits
    return mp_task_work(repair_mps(task.kind, hits=hits))


def _teams(units: list[UnitData], labour: bool) -> list[tuple[tuple[str, ...], int]]:
    """Teams of up to two REs (Quick Construction: more add nothing, so none are formed) and their
    half-REs, civilian labour adding one RE up to two [reading: labour joins any team]."""
    teams = []
    for size in range(1, len(units) + 1):
        for members in combinations(units, size):
            total = sum(u.half_res for u in members)
            if total > MAX_TEAM_HALF_RES:
                continue
            effective = min(MAX_TEAM_HALF_RES, total + (2 if labour else 0))
            teams.append((tuple(u.id for u in members), effective))
    return teams


def prepare(scenario: EngineerScenario) -> Prepared:
    """Units' moves and reach, each task's cost, refusals, options and resource points."""
    turns = scenario.turns
    graph = movement_graph(scenario)
    distances = dict(nx.all_pairs_dijkstra_path_length(graph, weight="weight"))
    percent = scenario.settings.low_supply_mp_percent
    units: dict[str, UnitData] = {}
    for u in scenario.units:
        if not can_construct(u.type):
            continue  # assault engineers cannot construct (article, first paragraph)
        full = reduced_mps(to_halves(u.mps), u.supply, u.motorized, percent)
        reach = sorted(h for h, d in distances[u.hex].items() if d <= full * turns)
        costs = {a: {b: int(d) for b, d in distances[a].items() if b in reach and d <= full} for a in reach}
        units[u.id] = UnitData(
            id=u.id,
            half_res=half_res(u.type, u.size, u.defense),
            full=full,
            half=half_of(full),
            start=u.hex,
            may_build=u.supply is SupplyLevel.SUPPLIED,
            hexes=tuple(reach),
            costs=costs,
            distance={h: int(d) for h, d in distances[u.hex].items() if h in reach},
        )

    friendly = friendly_graph(scenario)
    rp_count = {h.id: h.resource_points for h in scenario.hexes if h.resource_points > 0 and h.friendly}
    near_labour = labour_hexes(scenario)
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
        zone_hex = scenario.task_zone_hex(task)
        weather = [scenario.weather_at(zone_hex, t) for t in range(1, turns + 1)]
        labour = any(h in near_labour for h in hexes)
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
            tasks[task.id] = TaskData(
                task=task,
                hexes=hexes,
                refused=refused,
                counted_in_turns=True,
                labour=labour,
                resource_points=rp_hexes,
                needs_resource_point=True,
                last_turn=last,
                options=tuple(options),
            )
            continue
        temporary = task.kind is TaskKind.TEMPORARY_AIRBASE or (
            task.kind is TaskKind.REPAIR_AIRBASE
            and task.hex is not None
            and _only_temporary(scenario, task.hex)
        )
        barred = frozenset(t for t in range(1, turns + 1) if temporary and weather[t - 1] is Weather.MUD)
        rates: dict[tuple[str, int], int] = {}
        labour_rates: dict[tuple[str, int], int] = {}
        for worker in units.values():
            if not any(h in worker.hexes for h in hexes):
                continue
            for t in range(1, turns + 1):
                rates[worker.id, t] = work_per_half_mp(worker.half_res, weather[t - 1])
                if labour and worker.half_res < MAX_TEAM_HALF_RES:
                    labour_rates[worker.id, t] = work_per_half_mp(
                        min(MAX_TEAM_HALF_RES, worker.half_res + 2), weather[t - 1]
                    )
        maintain = (
            task.kind is TaskKind.TEMPORARY_AIRBASE
            and scenario.settings.keep_temporary_airbases
            and task.hex is not None
            and scenario.hex(task.hex).zone != DESERT_ZONE
        )
        tasks[task.id] = TaskData(
            task=task,
            hexes=hexes,
            refused=refused,
            counted_in_turns=False,
            need=_mp_need(scenario, task),
            one_phase=task.kind is TaskKind.TEMPORARY_AIRBASE
            and not scenario.settings.incremental_temporary_airbases,
            barred_turns=barred,
            labour=labour,
            resource_points=rp_hexes,
            needs_resource_point=needs_rp,
            maintain=maintain,
            last_turn=last,
            rates=rates,
            labour_rates=labour_rates,
        )
    room = {
        place.id: MAX_AIRBASE_CAPACITY - (place.airbase.capacity if place.airbase else 0)
        for place in scenario.hexes
    }
    units = {u: _without_dominated_stops(unit, tasks, distances) for u, unit in units.items()}
    return Prepared(scenario, turns, units, tasks, room, rp_count)


def _without_dominated_stops(
    unit: UnitData, tasks: dict[str, TaskData], distances: dict[str, dict[str, float]]
) -> UnitData:
    """The unit's hexes less those it never needs to end a turn in.

    A hex where the unit has nothing to do (no task it may work on or build, no temporary airbase to
    keep, not its start) is dropped when another of its hexes is at least as close to every other
    of its hexes: ending a turn there instead costs no more MPs on the move in or the move out (moves
    cost the cheapest path, through any hex), so every schedule has one as good without the
    dropped hex. Dropped one at a time, in hex order, each judged against the hexes still kept.
    """
    needed = {unit.start}
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
