"""Random legal positions, for property tests and benchmarks.

One generator serves both: it draws every choice through `pick(lo, hi)`, which
the benchmarks back with `random.Random` and the property tests with
hypothesis (so that failures shrink).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from models.map_data import SITES, Country
from models.naval_tables import SEASONS, SHIPYARD_RATES
from models.scenario import Scenario
from models.tables import FACTION_POWERS, NAVAL_AIR_NEVER, Faction, Power, UnitType

Pick = Callable[[int, int], int]

FACTIONS = (Faction.EUROPEAN_AXIS, Faction.WESTERN_ALLIES, Faction.RUSSIA, Faction.JAPAN, Faction.CHINA)
LAND_UNITS = (
    (UnitType.INFANTRY, (1, 2, 3, 4)),
    (UnitType.REPLACEMENT, (1,)),
    (UnitType.ARMOR, (2, 3, 4, 5)),
    (UnitType.ARMY_AIR, (1, 3, 5)),
    (UnitType.FLAK, (1,)),
    (UnitType.MARINE, (1, 2, 3)),
    (UnitType.FORTIFICATION, (1,)),
    (UnitType.BEACH_DEFENSE, (1,)),
    (UnitType.RAILHEAD, (1,)),
    (UnitType.PORT, (1,)),
    (UnitType.STRATEGIC_BOMBER, (1, 2)),
    (UnitType.PARTISAN, (1, 2)),
)
ELIMINATIONS = ("none", "none", "none", "isolated", "voluntary", "other")


def _choice(pick: Pick, items: tuple | list) -> Any:
    return items[pick(0, len(items) - 1)]


def _entry(pick: Pick, power: Power, index: int, max_count: int) -> dict[str, Any]:
    unit, factor_options = _choice(pick, LAND_UNITS)
    if power not in NAVAL_AIR_NEVER and pick(0, 4) == 0:
        unit, factor_options = UnitType.NAVAL_AIR, (1, 2)
    entry: dict[str, Any] = {
        "id": f"e{index}",
        "unit": unit.value,
        "factors": _choice(pick, factor_options),
        "count": pick(0, max_count),
        "eliminated_this_turn": _choice(pick, ELIMINATIONS),
    }
    if power is Power.BRITAIN and unit in (UnitType.INFANTRY, UnitType.ARMOR) and pick(0, 2) == 0:
        entry["nationality"] = _choice(pick, ("indian", "australian", "canadian", "south_african"))
    if power is Power.JAPAN and unit is UnitType.INFANTRY and pick(0, 1):
        entry["sites"] = ["seoul", "mukden", "tokyo"]
    if power is Power.RUSSIA and unit in (UnitType.INFANTRY, UnitType.ARMOR) and pick(0, 1):
        entry["sites"] = ["chita", "vladivostok", "moscow"]
    if pick(0, 9) == 0:
        entry["rebuild_prohibited"] = "27.22 B: test"
    return entry


def naval_data(pick: Pick, power: Power) -> dict[str, Any]:
    """A random naval state for `power` (27.7): its yards of 27.731 with ships on the charts."""
    yards = []
    australia: list[dict[str, Any]] = []  # the Australia yard's chart (27.712 D)
    for site, rate in SHIPYARD_RATES[power].items():
        rate = rate + pick(0, 2)
        capacity = 2 * rate if not site.startswith("us_") else max(10, 2 * rate)
        chart: list[dict[str, Any]] = []
        if site == "australia_box":
            australia = chart
        for i in range(pick(0, min(capacity, 4))):
            unit = _choice(pick, ("destroyer", "cruiser", "capital_ship"))
            factors = {"destroyer": 1, "cruiser": 2}.get(unit) or pick(2, 5)
            top = {"destroyer": 1, "cruiser": 2}.get(unit, factors)
            row = pick(1, top)
            chart.append(
                {
                    "id": f"{site}-{i}",
                    "unit": unit,
                    "factors": factors,
                    "row": "launch" if row == 1 else row,
                    "column": _choice(pick, SEASONS),
                }
            )
        waiting = [
            {
                "id": f"{site}-w{i}",
                "unit": "capital_ship",
                "factors": pick(2, 5),
                "damaged_this_turn": bool(pick(0, 1)),
            }
            for i in range(pick(0, 1))
        ]
        yards.append({"id": site, "rate": rate, "chart": chart, "waiting_for_repair": waiting})
    designs = [
        {"id": "bb", "unit": "capital_ship", "factors": pick(2, 5), "count": pick(0, 1)},
        {"id": "ca", "unit": "cruiser", "factors": 2, "count": pick(0, 2)},
    ]
    if power is not Power.USA:
        designs.append({"id": "dd", "unit": "destroyer", "factors": 1, "count": pick(0, 2)})
    sw_unit = (
        "submarine"
        if power in (Power.GERMANY, Power.ITALY)
        else _choice(pick, ("submarine", "asw", "transport"))
    )
    naval: dict[str, Any] = {
        "shipyards": yards,
        "designs": designs,
        "sw_units": [{"id": "sw", "unit": sw_unit, "count": pick(0, 3)}],
        "deferring_allowed": bool(pick(0, 3)),
    }
    # 27.712 D: the Australian ships in play count those under construction on the Australia chart
    # (its destroyers, its cruisers in row 2), as scenario validation asks; drawn without a pick, so
    # every other draw stays the same.
    destroyers = sum(1 for ship in australia if ship["unit"] == "destroyer")
    cruisers = sum(1 for ship in australia if ship["unit"] == "cruiser" and ship["row"] == 2)
    if destroyers:
        naval["australian_destroyers_in_play"] = destroyers
    if cruisers:
        naval["australian_cruisers_in_play"] = cruisers
    return naval


def grants_data(pick: Pick) -> dict[str, Any]:
    """A random rule-40 state (40.3-40.8)."""
    return {
        "usat": pick(20, 50),
        "usjt_china_cap": pick(0, 6),
        "germany_russia_war_turns": pick(0, 5),
        "paris_allied": bool(pick(0, 1)),
        "anglo_french_cooperation_lifted": bool(pick(0, 1)),
        "transports": {"atlantic": pick(0, 8), "pacific": pick(0, 4), "indian": pick(0, 4)},
        "murmansk": {"murmansk_a47": bool(pick(0, 3)), "archangel_a50": bool(pick(0, 1))},
        "persia": {
            "opened": bool(pick(0, 1)),
            "partisans": pick(0, 2),
            "war_declared_on_persia": bool(pick(0, 1)),
        },
        "turkey": {"ankara_allied": bool(pick(0, 1)), "partisans": pick(0, 4)},
        "siberia": {"highway_built": bool(pick(0, 1)), "japan_at_war_with_russia": bool(pick(0, 1))},
        "china": {
            "burma_road": bool(pick(0, 1)),
            "air_transport_factors": pick(0, 1),
            "port_recaptured": bool(pick(0, 1)),
        },
        "loss_rates": {"britain->murmansk_box": pick(0, 3) / 10} if pick(0, 1) else {},
        "horizon_turns": pick(1, 4),
    }


def scenario_data(
    pick: Pick,
    *,
    max_entries: int = 6,
    max_count: int = 4,
    requirements: bool = True,
    joint_grants: bool = False,
    naval_turns: int | None = None,
    one_power: bool = False,
    naval: bool = True,
) -> dict[str, Any]:
    """A random position as scenario data (validated by `Scenario`); without `requirements`,
    no minimum builds, so that every position has a plan; with `joint_grants`, always the
    U.S., Britain, Russia and China planned together with grants (rule 40)."""
    faction = Faction.WESTERN_ALLIES if joint_grants else _choice(pick, FACTIONS)
    members = FACTION_POWERS[faction]
    chosen = [p for p in members if pick(0, 2) > 0] or [members[0]]
    if one_power:
        chosen = [_choice(pick, [p for p in members if p in SHIPYARD_RATES] or list(members))]
    with_grants = not one_power and faction is Faction.WESTERN_ALLIES and (joint_grants or pick(0, 1) == 1)
    if joint_grants:
        chosen = [Power.BRITAIN, Power.USA, Power.RUSSIA, Power.CHINA]
    elif with_grants:
        chosen += [p for p in (Power.RUSSIA, Power.CHINA) if pick(0, 1)]
    powers: dict[str, Any] = {}
    for power in chosen:
        brp_base = pick(0, 300)
        state: dict[str, Any] = {
            "brps": pick(0, 160),
            "brp_base": brp_base,
            "limit_modifiers": {"bombing_losses": pick(0, 12), "rocket_losses": pick(0, 1) * pick(0, 4)},
            "force_pool": [_entry(pick, power, i, max_count) for i in range(pick(1, max_entries))],
        }
        if power is Power.RUSSIA:
            state["ic_values"] = pick(0, 30)
        if power is Power.JAPAN and pick(0, 1):
            state["naval_air"] = {"kamikazes_formed": True}
            state["force_pool"].append({"id": "kamikaze", "unit": "kamikaze", "count": pick(0, 6)})
        if power is Power.BRITAIN:
            state["dominion_limit_modifiers"] = {"india": {"bombing_losses": pick(0, 6)}}
        if naval and power in SHIPYARD_RATES and (naval_turns is not None or pick(0, 3) == 0):
            state["naval"] = naval_data(pick, power)
        powers[power.value] = state
    own_sites = [s.id for s in SITES if s.owner in chosen and s.country != Country.SW_BOX]
    sites: dict[str, Any] = {}
    for _ in range(pick(0, 4)):
        site = _choice(pick, own_sites)
        change = pick(0, 3)
        if change == 0:
            sites[site] = {"enemy_zoc": True}
        elif change == 1:
            sites[site] = {"ground_capacity": pick(0, 2), "air_capacity": pick(0, 1)}
        elif change == 2:
            sites[site] = {"recaptured_this_turn": True}
        else:
            sites[site] = {"supply": "isolated"}
    objective: dict[str, Any] = {"preset": _choice(pick, ("max-value", "max-factors"))}
    if with_grants and pick(0, 1):
        objective["delivered_brp_value"] = {"russia": pick(0, 10) / 10, "china": pick(0, 10) / 10}
    if pick(0, 3) == 0:
        objective["unspent_brp_value"] = pick(0, 10) / 10
    if pick(0, 3) == 0:
        objective["oil_counter_value"] = pick(0, 30) / 10
    if requirements and pick(0, 3) == 0:
        objective["minimum"] = [{"factors": pick(1, 6), "power": chosen[0].value}]
    data: dict[str, Any] = {
        "name": "generated",
        "turn": {"season": "summer", "year": 1942},
        "faction": faction.value,
        "powers": powers,
        "oil_counters": pick(0, 3),
        "us_at_war": {"europe": bool(pick(0, 1)), "pacific": bool(pick(0, 1))},
        "map": {"sites": sites},
        "objective": objective,
    }
    if naval:
        data["horizon"] = {"turns": naval_turns or pick(1, 3), "discount": pick(7, 10) / 10}
    if with_grants:
        data["grants"] = grants_data(pick)
        # Paris not Allied: the map says so too (models.grant_state.map_disagreement).
        if not data["grants"]["paris_allied"]:
            sites["paris"] = {**sites.get("paris", {}), "controller": Power.GERMANY.value}
        data["usat"] = data["grants"].pop("usat")
        # One planning horizon: the naval one when there is one, else the grants' look-ahead.
        look_ahead = data["grants"].pop("horizon_turns")
        data.setdefault("horizon", {"turns": look_ahead})
        data["oil_counters"] = {"western_allies": pick(0, 3), "russia": pick(0, 1)}
    return data


def random_scenario(seed: int, **options: Any) -> Scenario:
    """A random position from a seed (benchmarks, batch tests)."""
    rng = random.Random(seed)
    return Scenario.model_validate(scenario_data(rng.randint, **options))
