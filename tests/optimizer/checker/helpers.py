"""Positions and plan builders for the checker's build tests.

Each rule has a legal plan (no violation) and a plan that breaks it (exactly
the violations of that rule). Expected numbers come from the rules text of
rule 27 and the README's "How the rules are read".
"""

from __future__ import annotations

import copy
from typing import Any

from models.plan import BuildLine, Plan
from models.scenario import Scenario
from models.tables import Faction, Power
from optimizer.checker import Violation

# --------------------------------------------------------------------------- fixtures

AX, WA, RU = Faction.EUROPEAN_AXIS, Faction.WESTERN_ALLIES, Faction.RUSSIA


AXIS: dict[str, Any] = {
    "name": "axis test",
    "turn": {"season": "spring", "year": 1942},
    "faction": "european_axis",
    "oil_counters": 2,
    "powers": {
        "germany": {
            "brps": 100,
            "brp_base": 150,  # limit 50
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 40},
                {"id": "armor", "unit": "armor", "factors": 2, "count": 10},
                {
                    "id": "armor-iso",
                    "unit": "armor",
                    "factors": 2,
                    "count": 3,
                    "eliminated_this_turn": "isolated",
                },
                {"id": "para", "unit": "airborne", "count": 2, "eliminated_this_turn": "other"},
                {"id": "para-old", "unit": "airborne", "count": 2},
                {"id": "nas", "unit": "naval_air", "count": 4},
                {"id": "sb", "unit": "strategic_bomber", "count": 2},
                {"id": "air", "unit": "army_air", "count": 3},
                {"id": "fort", "unit": "fortification", "count": 3},
                {"id": "beach", "unit": "beach_defense", "count": 4},
                {"id": "vlasov", "unit": "infantry", "count": 1, "rebuild_prohibited": "27.22 B: Vlasov"},
            ],
        },
        "italy": {
            "brps": 40,
            "brp_base": 60,  # limit 20
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 40},
                {"id": "nas", "unit": "naval_air", "count": 3},
                {"id": "sb", "unit": "strategic_bomber", "count": 1},
            ],
        },
    },
}


ALLIES: dict[str, Any] = {
    "name": "allies test",
    "turn": {"season": "spring", "year": 1942},
    "faction": "western_allies",
    "oil_counters": 1,
    "us_at_war": {"europe": False, "pacific": True},
    "powers": {
        "britain": {
            "brps": 80,
            "brp_base": 90,  # limit 30
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 30},
                {"id": "inf3", "unit": "infantry", "factors": 3, "count": 10},
                {"id": "indian", "unit": "infantry", "count": 6, "nationality": "indian"},
                {"id": "australian", "unit": "infantry", "count": 12, "nationality": "australian"},
                {"id": "canadian", "unit": "infantry", "count": 6, "nationality": "canadian"},
                {"id": "south-african", "unit": "infantry", "count": 4, "nationality": "south_african"},
                {"id": "chindit", "unit": "chindit", "count": 1},
            ],
        },
        "france": {
            "brps": 30,
            "brp_base": 45,  # limit 15
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 10},
                {
                    "id": "colonial",
                    "unit": "infantry",
                    "count": 2,
                    "nationality": "french_colonial",
                    "sites": ["algiers"],
                },
            ],
        },
        "usa": {
            "brps": 100,
            "brp_base": 150,  # limit 50
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 40},
                {"id": "sb", "unit": "strategic_bomber", "count": 2},
                {"id": "nas", "unit": "naval_air", "count": 6},
            ],
        },
    },
}


JAPAN: dict[str, Any] = {
    "name": "japan test",
    "turn": {"season": "spring", "year": 1942},
    "faction": "japan",
    "powers": {
        "japan": {
            "brps": 80,
            "brp_base": 90,  # limit 30
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 10},
                {"id": "armor", "unit": "armor", "factors": 2, "count": 4},
                {"id": "nas", "unit": "naval_air", "count": 8},
                {"id": "kamikaze", "unit": "kamikaze", "count": 4},
            ],
        }
    },
}


RUSSIA: dict[str, Any] = {
    "name": "russia test",
    "turn": {"season": "spring", "year": 1942},
    "faction": "russia",
    "oil_counters": 1,
    "powers": {
        "russia": {
            "brps": 60,
            "brp_base": 120,  # limit 40
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 40},
                {"id": "armor", "unit": "armor", "factors": 3, "count": 4},
                {
                    "id": "armor-iso",
                    "unit": "armor",
                    "factors": 3,
                    "count": 1,
                    "eliminated_this_turn": "voluntary",
                },
                {"id": "fort", "unit": "fortification", "count": 2},
                {"id": "sb", "unit": "strategic_bomber", "count": 2},
            ],
        }
    },
}


def scenario(base: dict[str, Any], **changes: Any) -> Scenario:
    """A copy of `base` with top-level fields replaced, validated."""
    data = copy.deepcopy(base)
    data.update(changes)
    return Scenario.model_validate(data)


def edited(base: dict[str, Any], power: str, **fields: Any) -> Scenario:
    """`base` with fields of one power replaced."""
    data = copy.deepcopy(base)
    data["powers"][power].update(fields)
    return Scenario.model_validate(data)


def line(
    power: str, entry: str, unit: str, site: str | None, counters: int, factors: int, brps: int, oil: int = 0
) -> BuildLine:
    return BuildLine(
        power=Power(power),
        entry=entry,
        unit=unit,
        site=site,
        counters=counters,
        factors=factors,
        oil_units=oil,
        brps=brps,
    )


def plan(*lines: BuildLine, spent: dict[Faction, int] | None = None) -> Plan:
    """A plan of these build lines, spending `spent` oil counters per faction (none by default)."""
    return Plan(scenario="test", builds=list(lines), oil_counters_spent=spent or {})


def rules(violations: list[Violation]) -> list[str]:
    return [v.rule for v in violations]


# --------------------------------------------------------------------------- several factions (27.35 I, J; 40.3)

JOINT: dict[str, Any] = {
    "name": "joint allies test",
    "turn": {"season": "spring", "year": 1942},
    "faction": "western_allies",
    "oil_counters": {"western_allies": 1, "russia": 2},
    "us_at_war": {"europe": True, "pacific": True},
    "powers": {
        # listed out of POWER_ORDER on purpose: plans list germany, italy, britain, france, usa, russia, ...
        "russia": {
            "brps": 60,
            "brp_base": 120,  # limit 40
            "force_pool": [{"id": "inf", "unit": "infantry", "count": 40}],
        },
        "usa": {
            "brps": 100,
            "brp_base": 150,  # limit 50
            "force_pool": [{"id": "inf", "unit": "infantry", "count": 40}],
        },
        "britain": {
            "brps": 80,
            "brp_base": 90,  # limit 30
            "force_pool": [{"id": "inf", "unit": "infantry", "count": 30}],
        },
    },
}
