"""Positions and plan builders for the checker's grant tests (rule 40).

Hand-written positions and plans; every number comes from the rules text of rule 40 and the
README's "How rule 40 (BRP grants) is read", and each docstring cites its rule.
"""

from __future__ import annotations

import copy
from typing import Any

from models.plan import BuildLine, GrantLine, Plan, RouteOpening, TransportUse
from models.route_data import LEG_BY_ID, RECIPIENT_NODES
from models.scenario import Scenario
from models.tables import Faction, Power

from ..helpers import edited as edited  # shared with the other checker tests
from ..helpers import rules as rules

WA, RU = Faction.WESTERN_ALLIES, Faction.RUSSIA


# --------------------------------------------------------------------------- fixtures

# Every route open and roomy, the U.S. at war in both theaters, Germany and Russia at war for
# four Allied turns (Murmansk at 20): each test closes or tightens what it is about.
ALLIES: dict[str, Any] = {
    "name": "grants test",
    "turn": {"season": "summer", "year": 1942},
    "faction": "western_allies",
    "oil_counters": {"western_allies": 2, "russia": 0},
    "us_at_war": {"europe": True, "pacific": True},
    "powers": {
        "britain": {
            "brps": 100,
            "brp_base": 150,  # limit 50
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 80},
                {"id": "canadian", "unit": "infantry", "count": 12, "nationality": "canadian"},
                {"id": "south-african", "unit": "infantry", "count": 6, "nationality": "south_african"},
                {"id": "indian", "unit": "infantry", "count": 6, "nationality": "indian"},
                {"id": "australian", "unit": "infantry", "count": 12, "nationality": "australian"},
            ],
        },
        "france": {"brps": 30, "brp_base": 45, "force_pool": []},  # limit 15
        "usa": {
            "brps": 200,
            "brp_base": 300,  # limit 100
            "force_pool": [{"id": "inf", "unit": "infantry", "count": 40}],
        },
        "russia": {
            "brps": 60,
            "brp_base": 120,  # limit 40
            "force_pool": [{"id": "inf", "unit": "infantry", "count": 80}],
        },
        "china": {"brps": 10, "brp_base": 30, "force_pool": []},  # limit 10
    },
    "usat": 50,
    "grants": {
        "germany_russia_war_turns": 4,
        "anglo_french_cooperation_lifted": True,
        "transports": {"atlantic": 20, "pacific": 20, "indian": 20},
        "persia": {"opened": True},
        "turkey": {"ankara_allied": True},
        "siberia": {"highway_built": True},
        "china": {"port_recaptured": True, "haiphong": True, "air_transport_factors": 1},
    },
}


AXIS: dict[str, Any] = {
    "name": "axis grants test",
    "turn": {"season": "spring", "year": 1942},
    "faction": "european_axis",
    "powers": {
        "germany": {"brps": 100, "brp_base": 150, "force_pool": []},  # limit 50
        "italy": {
            "brps": 20,
            "brp_base": 30,  # limit 10
            "force_pool": [{"id": "inf", "unit": "infantry", "count": 30}],
        },
    },
    "grants": {},
}


US_BRITAIN = ["us_atlantic_box", "britain"]


US_FRANCE = ["us_atlantic_box", "france"]


US_CANADA = ["us_atlantic_box", "canada_box"]


US_SOUTH_AFRICA = ["us_atlantic_box", "south_africa_box"]


US_INDIA_BY_SOUTH_AFRICA = ["us_atlantic_box", "south_africa_box", "india_box"]


US_INDIA_BY_AUSTRALIA = ["us_pacific_box", "australia_box", "india_box"]


BRITAIN_FRANCE = ["britain", "france"]


BRITAIN_MURMANSK = ["britain", "murmansk_box", "murmansk", "vologda", "russia"]


BRITAIN_ARCHANGEL = ["britain", "murmansk_box", "archangel", "vologda", "russia"]


US_MURMANSK = ["us_atlantic_box", "murmansk_box", "murmansk", "vologda", "russia"]


BRITAIN_PERSIA = ["britain", "south_africa_box", "persian_gulf", "basra_abadan", "tehran", "russia"]


US_PERSIA = ["us_atlantic_box", "south_africa_box", "persian_gulf", "basra_abadan", "tehran", "russia"]


BRITAIN_TURKEY = ["britain", "turkish_port", "russia"]


US_TURKEY_BY_SUEZ = ["us_atlantic_box", "south_africa_box", "suez", "turkish_port", "russia"]


US_SIBERIA = ["us_pacific_box", "siberia", "russia"]


US_CHINESE_PORT = ["us_pacific_box", "chinese_port", "china"]


US_HAIPHONG = ["us_pacific_box", "haiphong", "kunming", "china"]


US_HUMP = ["us_pacific_box", "burma_port", "indian_airbase", "kunming", "china"]


US_BURMA_ROAD_BY_INDIA = ["us_atlantic_box", "south_africa_box", "india_box", "mandalay", "kunming", "china"]


US_BURMA_ROAD_BY_AUSTRALIA = ["us_pacific_box", "australia_box", "india_box", "mandalay", "kunming", "china"]


GERMANY_ITALY = ["germany", "italy"]


FRANCE_MURMANSK = ["france", "murmansk_box", "murmansk", "vologda", "russia"]


FRANCE_TURKEY = ["france", "turkish_port", "russia"]


FRANCE_PERSIA = ["france", "south_africa_box", "persian_gulf", "basra_abadan", "tehran", "russia"]


RECIPIENT_OF_NODE = {node: recipient for recipient, node in RECIPIENT_NODES.items()}


def scenario(
    base: dict[str, Any] = ALLIES, *, grants: dict[str, Any] | None = None, **changes: Any
) -> Scenario:
    """A copy of `base` with its `grants` section updated (one level deep) and top-level fields
    replaced, validated."""
    data = copy.deepcopy(base)
    for key, value in (grants or {}).items():
        if isinstance(value, dict) and isinstance(data["grants"].get(key), dict):
            data["grants"][key].update(value)
        else:
            data["grants"][key] = value
    data.update(changes)
    return Scenario.model_validate(data)


def grant(
    grantor: str,
    path: list[str],
    brps: int,
    *,
    oil: int = 0,
    recipient: str | None = None,
    expected: float | None = None,
) -> GrantLine:
    """A grant line along `path`; the recipient and the route are read off the route map."""
    route = next(
        (
            LEG_BY_ID[f"{a}->{b}"].route
            for a, b in zip(path, path[1:], strict=False)
            if f"{a}->{b}" in LEG_BY_ID and LEG_BY_ID[f"{a}->{b}"].route is not None
        ),
        None,
    )
    return GrantLine(
        grantor=Power(grantor),
        recipient=recipient or RECIPIENT_OF_NODE[path[-1]],
        path=path,
        route=route.value if route is not None else None,
        brps=brps,
        oil_counters=oil,
        expected_brps=expected,
    )


def build(power: str, entry: str, site: str, factors: int) -> BuildLine:
    """Infantry of 1 factor a counter at 1 BRP a factor (27.11 A)."""
    return BuildLine(
        power=Power(power),
        entry=entry,
        unit="infantry",
        site=site,
        counters=factors,
        factors=factors,
        brps=factors,
    )


def plan(
    *grants: GrantLine,
    builds: list[BuildLine] | None = None,
    openings: list[RouteOpening] | None = None,
    transports: list[TransportUse] | None = None,
    spent: dict[Faction, int] | None = None,
) -> Plan:
    return Plan(
        scenario="test",
        grants=list(grants),
        builds=builds or [],
        route_openings=openings or [],
        transports=transports or [],
        oil_counters_spent=spent or {},
    )
