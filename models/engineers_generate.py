"""Random engineers scenarios from a seed, for property tests and benchmarks."""

from __future__ import annotations

import random
from typing import Any

from models.engineers import EngineerScenario, Size, TaskKind, Terrain, UnitType, Weather

KINDS = list(TaskKind)


def random_engineer_scenario(
    seed: int,
    units: int = 3,
    tasks: int = 4,
    turns: int = 3,
    rows: int = 3,
    columns: int = 4,
    max_mps: int = 8,
) -> EngineerScenario:
    """A rows × columns grid of hexes with random terrain, costs, weather, features, units and tasks."""
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
    return EngineerScenario.model_validate(
        {
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
    )
