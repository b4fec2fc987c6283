"""Random legal mobilization positions (rule 14), for property tests and benchmarks.

Every choice is drawn through `pick(lo, hi)`: the benchmarks back it with `random.Random`, the property
tests with hypothesis (so that failures shrink).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from models.mobilization import (
    INITIAL_MOBILIZATIONS,
    MOBILIZING_POWERS,
    POST_1940_ADDITIONS,
    SEASONS,
    Cohesion,
    MobilizedUnit,
)
from models.scenario import Scenario
from models.tables import Power

Pick = Callable[[int, int], int]


def random_mobilization(
    pick: Pick,
    turns: int = 12,
    powers: tuple[Power, ...] = MOBILIZING_POWERS,
    minimums: bool = False,
) -> Scenario:
    """A scenario whose `mobilization:` section plans `powers` over `turns` turns."""
    start_year = pick(1935, 1942)
    start_season = pick(0, 3)
    turn_list = []
    for i in range(turns):
        index = start_season + i
        turn_list.append({"season": SEASONS[index % 4], "year": start_year + index // 4, "eai": pick(-2, 3)})
    section: dict[str, Any] = {
        "turns": turn_list,
        "delays": {"armor": pick(0, 3), "infantry": pick(0, 2), "air": pick(0, 2)},
        "civilian_events": {"aggression_against_poland": pick(-1, turns) if pick(0, 1) else None},
        "powers": {},
        "objective": {
            "values": {u.value: pick(0, 5) for u in MobilizedUnit},
            "maintenance_value": pick(0, 2) / 2,
            "tile_point_value": pick(0, 1) / 10,
            "discount": (90 + pick(0, 10)) / 100,
        },
    }
    for power in powers:
        made = INITIAL_MOBILIZATIONS[power][0]
        spare = (8 - made) if power is Power.BRITAIN else pick(0, 6)
        civilian = pick(0, spare)
        mob: dict[str, Any] = {
            "factories": {"idle": spare - civilian, "civilian": civilian, "military": made},
            "tile_points": [pick(3, 14) for _ in range(turns)],
            "mobilization_adjustments": [pick(-1, 1) for _ in range(turns)],
        }
        if power in (Power.ITALY, Power.BRITAIN, Power.FRANCE) and pick(0, 2) == 0:
            mob["armor_research_turn"] = pick(0, turns)
        if power is Power.RUSSIA:
            mob["cohesion"] = [list(Cohesion)[pick(0, 3)].value for _ in range(turns)]
            mob["great_purge_turns"] = sorted({pick(0, turns - 1) for _ in range(pick(0, 2))})
            mob["turns_since_last_mobilization"] = pick(1, 5)
        if power in POST_1940_ADDITIONS and pick(0, 1):
            mob["counter_mix"] = {"armor": pick(0, 4), "infantry": pick(0, 4), "air": pick(0, 6)}
        section["powers"][power.value] = mob
    if minimums:
        power = powers[pick(0, len(powers) - 1)]
        unit = [MobilizedUnit.ARMOR, MobilizedUnit.INFANTRY, MobilizedUnit.AIR][pick(0, 2)]
        section["objective"]["minimum"] = [
            {"power": power.value, "unit": unit.value, "count": pick(1, 3), "by_turn": pick(0, turns)}
        ]
    return Scenario.model_validate(
        {
            "name": "generated mobilization",
            "turn": {"season": "spring", "year": 1939},
            "faction": "western_allies",
            "powers": {"britain": {"brps": 10, "brp_base": 10}},
            "mobilization": section,
        }
    )


def seeded_mobilization(seed: int, **options: Any) -> Scenario:
    rng = random.Random(seed)
    return random_mobilization(rng.randint, **options)


def mobilization_scenario(
    powers: dict[str, dict[str, Any]],
    turns: int = 2,
    start: tuple[str, int] = ("spring", 1936),
    eai: list[int] | None = None,
    delays: dict[str, int] | None = None,
    **section: Any,
) -> Scenario:
    """A small scenario built in code: `turns` consecutive turns from `start`, each power with 20 tile
    points a turn unless it says otherwise (Russia: full cohesion unless it says otherwise)."""
    season, year = start
    turn_list = []
    for i in range(turns):
        index = SEASONS.index(season) + i
        turn_list.append(
            {"season": SEASONS[index % 4], "year": year + index // 4, "eai": eai[i] if eai else 0}
        )
    built = {}
    for name, state in powers.items():
        state = {"tile_points": [20] * turns, **state}
        if name == "russia":
            state = {"cohesion": ["full"] * turns, **state}
        built[name] = state
    data = {
        "turns": turn_list,
        "delays": delays or {"armor": 0, "infantry": 0, "air": 0},
        "powers": built,
        **section,
    }
    return Scenario.model_validate(
        {
            "name": "test mobilization",
            "turn": {"season": "spring", "year": 1939},
            "faction": "western_allies",
            "powers": {"britain": {"brps": 10, "brp_base": 10}},
            "mobilization": data,
        }
    )
