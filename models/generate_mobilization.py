"""Random legal mobilization positions (rule 14), for property tests and benchmarks.

Every choice is drawn through `pick(lo, hi)`: the benchmarks back it with `random.Random`, the property
tests with hypothesis (so that failures shrink). With `histories`, each power also states a history of
every kind (none, the pre-game mobilizations only, or those and Gathering Storm ones drawn from the
power's table), units in delay, a counter mix, and the rule 27 part receives a hand-over: force pools
with entries the mobilized units join, yards for SB increases, a rule 27 turn before, inside or after
the planned turns.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from models.mobilization import (
    ARMOR_CAP_WITHOUT_RESEARCH,
    GROUND_AND_AIR,
    INITIAL_MOBILIZATIONS,
    MOBILIZING_POWERS,
    NO_SHIPBUILDING,
    POST_1940_ADDITIONS,
    SEASONS,
    Cohesion,
    MobilizedUnit,
)
from models.naval_tables import SHIPYARD_RATES
from models.scenario import Scenario
from models.tables import FACTION_POWERS, Faction, Power

Pick = Callable[[int, int], int]


def random_mobilization(
    pick: Pick,
    turns: int = 12,
    powers: tuple[Power, ...] = MOBILIZING_POWERS,
    minimums: bool = False,
    histories: bool = False,
) -> Scenario:
    """A scenario whose `mobilization:` section plans `powers` over `turns` turns (with `histories`:
    stated histories, units in delay, counter mixes and a hand-over, as the module says)."""
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
        if histories:
            _stated_history(pick, power, mob, section["delays"])
        section["powers"][power.value] = mob
    if minimums:
        power = powers[pick(0, len(powers) - 1)]
        unit = [MobilizedUnit.ARMOR, MobilizedUnit.INFANTRY, MobilizedUnit.AIR][pick(0, 2)]
        section["objective"]["minimum"] = [
            {"power": power.value, "unit": unit.value, "count": pick(1, 3), "by_turn": pick(0, turns)}
        ]
    rule27: dict[str, Any] = {
        "name": "generated mobilization",
        "turn": {"season": "spring", "year": 1939},
        "faction": "western_allies",
        "powers": {"britain": {"brps": 10, "brp_base": 10}},
        "mobilization": section,
    }
    if histories:
        _handover_part(pick, rule27, powers)
    return Scenario.model_validate(rule27)


# Gathering Storm mobilizations a power's table allows, as (armor, infantry, air, SB) (14.711, 14.721,
# 14.741, 14.751); Britain's by number (14.733-14.735).
_TABLES: dict[Power, list[tuple[int, int, int, int]]] = {
    Power.GERMANY: [(a, i, 2 - i, 1 - a) for a in (0, 1) for i in (0, 1, 2)],
    Power.ITALY: [(1, 1, 0, 0), (1, 0, 1, 0), (0, 1, 1, 0), (0, 1, 0, 1), (0, 0, 1, 1)],
    Power.FRANCE: [(1, 1, 0, 0), (1, 0, 1, 0), (0, 1, 1, 0)],
    Power.RUSSIA: [(1, 1, 1, 0)],
}
_BRITAIN_UP_TO_7 = [(1, 0, 2, 0), (0, 0, 2, 1), (0, 0, 3, 0)]
_BRITAIN_8 = [(1, 1, 1, 0), (0, 1, 1, 1), (1, 0, 2, 0), (0, 0, 2, 1), (0, 1, 2, 0), (0, 0, 3, 0)]


def _allowed(
    power: Power, number: int, game: list[tuple[int, int, int, int]], armor: int, capped: bool
) -> list:
    """The make-ups the next Gathering Storm mobilization (the power's `number`-th) may have after
    `game`, with `armor` armor units so far: the table, the caps and the per-game SB limits."""
    if power is Power.BRITAIN:
        options = _BRITAIN_8 if number == 8 else _BRITAIN_UP_TO_7
        earlier = {k: c for k, c in enumerate(game, start=3)}
        if number == 4 and earlier[3][0] + earlier[3][3]:
            options = [(0, 0, 3, 0)]  # 14.733 B: the other of the third and fourth is three air
        if any(earlier.get(k, (0, 0, 0, 0))[3] for k in (3, 4)) or (number == 8 and any(c[3] for c in game)):
            options = [c for c in options if not c[3]]  # 14.734 B, 14.735 B
    else:
        options = _TABLES[power]
        if power in (Power.GERMANY, Power.ITALY) and any(c[3] for c in game):
            options = [c for c in options if not c[3]]  # 14.713 C, 14.722 D
    cap = ARMOR_CAP_WITHOUT_RESEARCH.get(power)
    if cap is not None and capped and armor >= cap[0]:
        options = [c for c in options if not c[0]]
    return options


def _stated_history(pick: Pick, power: Power, mob: dict[str, Any], delays: dict[str, int]) -> None:
    """Replace the power's history by one of every kind, its factories and counters to match."""
    kind = pick(0, 2)  # 0: not given (the pre-game default); 1: the pre-game record; 2: and more
    factories = mob["factories"]
    spare = factories["idle"] + factories["civilian"]
    count, pregame, _ = INITIAL_MOBILIZATIONS[power]
    records: list[dict[str, Any]] = [pregame_record(power)]
    game: list[tuple[int, int, int, int]] = []
    if kind == 2:
        wanted = pick(0, spare)
        armor = pregame.armor
        capped = mob.get("armor_research_turn") != 0
        difference = 0  # 14.712: German infantry less air, balanced by the factories left
        for j in range(wanted):
            options = _allowed(power, count + j + 1, game, armor, capped)
            if power is Power.GERMANY:
                left = spare - j - 1
                options = [c for c in options if abs(difference + c[1] - c[2]) <= 2 * left]
            if not options:
                break
            made = options[pick(0, len(options) - 1)]
            game.append(made)
            armor += made[0]
            difference += made[1] - made[2]
            records.append(
                {"created": dict(zip(("armor", "infantry", "air", "shipbuilding"), made, strict=True))}
            )
    if kind:
        mob["mobilizations"] = records
    used_civilian = min(len(game), factories["civilian"])
    factories["civilian"] -= used_civilian
    factories["idle"] -= len(game) - used_civilian
    factories["military"] = count + len(game) if pick(0, 1) else None
    created = {u: pregame.of(u) + sum(c[k] for c in game) for k, u in enumerate(GROUND_AND_AIR)}
    mob["in_delay"] = [
        {"unit": u.value, "count": pick(1, created[u]), "arrives": pick(0, delays[u.value] - 1)}
        for u in GROUND_AND_AIR
        if delays[u.value] and created[u] and pick(0, 2) == 0
    ]
    if pick(0, 1):
        mob["counter_mix"] = {"armor": pick(0, 4), "infantry": pick(0, 4), "air": pick(0, 6)}
    if power not in NO_SHIPBUILDING and pick(0, 1):
        mob["shipbuilding_yard"] = next(iter(SHIPYARD_RATES[power]))
    mob["force_pool_entries"] = {
        "armor": {"id": "armor-3-5", "unit": "armor", "factors": 3},
        "infantry": {"id": "infantry-3-4", "unit": "infantry", "factors": 3},
        "air": {"id": "air-5-4", "unit": "army_air", "factors": 5},
    }
    for unit in GROUND_AND_AIR:
        if pick(0, 3) == 0:
            del mob["force_pool_entries"][unit.value]


def _handover_part(pick: Pick, data: dict[str, Any], powers: tuple[Power, ...]) -> None:
    """The rule 27 part: a faction with some of the planned powers, each with a force pool (an entry
    the mobilized units join, one of another kind with the same kind of counter eliminated this turn)
    and its yards; a rule 27 turn from spring 1939 to winter 1946."""
    faction = Faction.EUROPEAN_AXIS if pick(0, 1) else Faction.WESTERN_ALLIES
    members = [
        p
        for p in powers
        if p in FACTION_POWERS[faction] or (faction is Faction.WESTERN_ALLIES and p is Power.RUSSIA)
    ]
    section = data["mobilization"]["powers"]
    planned: dict[str, Any] = {}
    for power in members:
        pool: list[dict[str, Any]] = [
            {
                "id": "infantry-2-3-lost",
                "unit": "infantry",
                "factors": 2,
                "count": 1,
                "eliminated_this_turn": "isolated",
            }
        ]
        entry = section[power.value]["force_pool_entries"].get("infantry")
        if entry is not None and pick(0, 1):
            pool.append({**entry, "count": pick(1, 3)})  # the same kind of counter, no state of its own
        state: dict[str, Any] = {"brps": 40, "brp_base": 40, "force_pool": pool}
        if section[power.value].get("shipbuilding_yard"):
            state["naval"] = {"shipyards": [{"id": yard} for yard in SHIPYARD_RATES[power]]}
        planned[power.value] = state
    if not planned:
        return
    data["faction"] = faction.value
    data["powers"] = planned
    data["turn"] = {"season": SEASONS[pick(0, 3)], "year": pick(1939, 1946)}


def pregame_record(power: Power) -> dict[str, Any]:
    """The pre-game mobilizations of 14.92-14.96 as one `mobilizations` record."""
    count, created, _ = INITIAL_MOBILIZATIONS[power]
    return {"count": count, "initial": True, "created": created.model_dump()}


def britain_history(*game: dict[str, int]) -> list[dict[str, Any]]:
    """Britain's two pre-game mobilizations (14.94) and then Gathering Storm ones creating `game`."""
    return [pregame_record(Power.BRITAIN), *({"created": created} for created in game)]


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
