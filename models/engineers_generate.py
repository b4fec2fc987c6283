"""Random engineers scenarios from a seed, for property tests and benchmarks."""

from __future__ import annotations

import random
from typing import Any

from models.engineers import EngineerScenario, Size, TaskKind, TeamMps, Terrain, UnitType, Weather

KINDS = [
    TaskKind.REPAIR_AIRBASE,
    TaskKind.REPAIR_RAIL,
    TaskKind.REPAIR_PORT,
    TaskKind.REPAIR_BRIDGE,
    TaskKind.TEMPORARY_AIRBASE,
    TaskKind.PERMANENT_AIRBASE,
    TaskKind.FORT,
    TaskKind.AUGMENT_AIRBASE,
]
"""The kinds drawn by default, in the order of their first version: the same seed gives the same
position as before (the benchmarks' positions stay the same); `edges` draws the others."""


def random_engineer_scenario(
    seed: int,
    units: int = 3,
    tasks: int = 4,
    turns: int = 3,
    rows: int = 3,
    columns: int = 4,
    max_mps: int = 8,
    edges: bool = False,
) -> EngineerScenario:
    """A rows × columns grid of hexes with random terrain, costs, weather, features, units and tasks.

    `edges` adds what the article's edges need (`_add_edges`): temporary airbases on the map, some
    with hits of damage, civilian labour, three or more units by one task, railroad engineers, port damage, and
    random settings. Without it the same seed gives the same position as it always has."""
    rng = random.Random(seed)
    ids = [f"h{r}{c}" for r in range(rows) for c in range(columns)]
    zones = ["D", "E", "F"]
    hexes: dict[str, dict[str, Any]] = {
        h: {
            "id": h,
            "terrain": rng.choice(
                [Terrain.CLEAR, Terrain.CLEAR, Terrain.ROUGH, Terrain.WOODS, Terrain.MOUNTAIN]
            ).value,
            "zone": rng.choice(zones),
            "friendly": rng.random() > 0.1,
            "supplied": rng.random() > 0.1,
        }
        for h in ids
    }
    neighbours = []
    for r in range(rows):
        for c in range(columns):
            for dr, dc in ((0, 1), (1, 0), (1, 1)):
                if r + dr < rows and c + dc < columns:
                    neighbours.append(
                        {"hexes": [f"h{r}{c}", f"h{r + dr}{c + dc}"], "mps": rng.choice([0.5, 1, 1, 2, 3])}
                    )
    for h in rng.sample(ids, k=min(2, len(ids))):
        hexes[h]["resource_points"] = rng.randint(1, 2)
    if rng.random() < 0.5:
        hexes[rng.choice(ids)]["civilian_labour"] = True
    weather = {
        z: [
            rng.choice([Weather.CLEAR, Weather.CLEAR, Weather.MUD, Weather.FROST, Weather.SNOW]).value
            for _ in range(turns)
        ]
        for z in zones
    }
    unit_list = []
    for i in range(units):
        unit_type = rng.choice([UnitType.CONSTRUCTION, UnitType.PORT_CONSTRUCTION, UnitType.COMBAT_ENGINEER])
        unit_list.append(
            {
                "id": f"u{i}",
                "type": unit_type.value,
                "size": rng.choice(list(Size)).value,
                "defense": rng.randint(0, 3),
                "mps": rng.randint(3, max_mps),
                "hex": rng.choice(ids),
                "supply": rng.choice(["supplied", "supplied", "supplied", "U-2"]),
            }
        )
    bridges: list[dict[str, Any]] = []
    task_list: list[dict[str, Any]] = []
    for i in range(tasks):
        kind = rng.choice(KINDS)
        task: dict[str, Any] = {"id": f"t{i}", "kind": kind.value, "value": rng.randint(1, 20)}
        if rng.random() < 0.3:
            task["deadline"] = rng.randint(1, turns)
        if kind is TaskKind.REPAIR_BRIDGE:
            pair = rng.choice(neighbours)["hexes"]
            bridges.append({"id": f"b{i}", "hexes": pair, "major_river": rng.random() < 0.5})
            task["bridge"] = f"b{i}"
        else:
            h = rng.choice(ids)
            task["hex"] = h
            place = hexes[h]
            if kind is TaskKind.REPAIR_RAIL:
                place["broken_rail"] = True
            elif kind is TaskKind.REPAIR_PORT:
                place["port"] = {"capacity": 6, "hits": rng.randint(1, 3)}
            elif kind is TaskKind.REPAIR_AIRBASE or kind is TaskKind.AUGMENT_AIRBASE:
                airbase = place.setdefault("airbase", {"permanent": rng.choice([0, 3, 6, 12])})
                if kind is TaskKind.REPAIR_AIRBASE:
                    airbase["hits"] = rng.randint(1, 3)
                    if airbase.get("permanent", 0) == 0:
                        airbase["temporary"] = 3
        task_list.append(task)
    data: dict[str, Any] = {
        "kind": "engineers",
        "name": f"generated {seed}",
        "turns": turns,
        "discount": 0.9,
        "hexes": list(hexes.values()),
        "neighbours": neighbours,
        "bridges": bridges,
        "weather": weather,
        "units": unit_list,
        "tasks": task_list,
    }
    if edges:
        _add_edges(rng, data, hexes, neighbours, max_mps)
    return EngineerScenario.model_validate(data)


def _add_edges(
    rng: random.Random,
    data: dict[str, Any],
    hexes: dict[str, dict[str, Any]],
    neighbours: list[dict[str, Any]],
    max_mps: int,
) -> None:
    """Temporary airbases on the map (some with hits of damage), civilian labour, a task with three or
    more units in or beside its hex, a railroad engineer, a port to damage, and random settings."""
    ids = list(hexes)
    tasks: list[dict[str, Any]] = data["tasks"]
    units: list[dict[str, Any]] = data["units"]
    n = len(tasks)
    for h in rng.sample(ids, k=min(2, len(ids))):
        if "airbase" in hexes[h]:
            continue
        hexes[h]["airbase"] = {"temporary": 3, "hits": rng.randint(0, 2)}
        if hexes[h]["airbase"]["hits"] and rng.random() < 0.7:
            tasks.append({"id": f"t{n}", "kind": "repair_airbase", "hex": h, "value": rng.randint(1, 20)})
            n += 1
        elif rng.random() < 0.3:
            tasks.append({"id": f"t{n}", "kind": "augment_airbase", "hex": h, "value": rng.randint(1, 20)})
            n += 1
    hexes[rng.choice(ids)]["civilian_labour"] = True
    ported = [h for h in ids if "port" not in hexes[h] and "airbase" not in hexes[h]]
    if ported and rng.random() < 0.6:
        h = rng.choice(ported)
        hexes[h]["port"] = {"capacity": rng.randint(2, 6), "hits": 0}
        tasks.append({"id": f"t{n}", "kind": "damage_port", "hex": h, "hits": rng.randint(1, 2), "value": 5})
        n += 1
    if rng.random() < 0.5:
        h = rng.choice(ids)
        tasks.append({"id": f"t{n}", "kind": "temporary_airbase", "hex": h, "value": rng.randint(1, 20)})
        n += 1
    # Three or more units in or beside one task's hex.
    target = rng.choice([t for t in tasks if "hex" in t] or [{"hex": rng.choice(ids)}])["hex"]
    beside = [target] + [x for pair in (nb["hexes"] for nb in neighbours) if target in pair for x in pair]
    for i in range(rng.randint(2, 3)):
        units.append(
            {
                "id": f"v{i}",
                "type": rng.choice(["construction", "combat_engineer", "port_construction"]),
                "size": rng.choice(list(Size)).value,
                "defense": rng.randint(0, 3),
                "mps": rng.randint(2, max_mps),
                "hex": rng.choice(beside),
            }
        )
    if rng.random() < 0.5:
        units.append(
            {
                "id": "rr",
                "type": UnitType.RAILROAD_ENGINEER.value,
                "size": rng.choice(list(Size)).value,
                "mps": rng.randint(3, max_mps),
                "hex": rng.choice(ids),
            }
        )
    data["settings"] = {
        "team_mps": rng.choice(list(TeamMps)).value,
        "incremental_temporary_airbases": rng.random() < 0.5,
        "keep_temporary_airbases": rng.random() < 0.6,
        "work_before_moving": rng.random() < 0.4,
        "port_damage_doubled_in_poor_weather": rng.random() < 0.7,
    }
