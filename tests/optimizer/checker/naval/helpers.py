"""Positions and plan builders for the checker's naval construction tests (27.7).

Hand-written positions and plans; every number comes from the rules text of 27.7 and the README's
"How rule 27.7 (naval construction) is read", and each docstring cites its rule. Ships move on the
Naval Construction Chart: columns spring, summer, fall, winter; rows Launch, 2, 3, 4, 5.
"""

from __future__ import annotations

import copy
from typing import Any

from models.plan import NavalAction, Plan, SWBuildLine
from models.scenario import Scenario
from models.tables import Faction, Power, UnitType
from optimizer.checker.report import derive_oil, derive_report

from ..helpers import rules as rules  # shared with the other checker tests

AX = Faction.EUROPEAN_AXIS


# --------------------------------------------------------------------------- fixtures

# Germany in spring 1942: Kiel at rate 4 (capacity 8, 2 points on one-factor units), an empty
# chart, and one design of each kind; each test puts on the chart what it is about.
GERMANY: dict[str, Any] = {
    "name": "naval test",
    "turn": {"season": "spring", "year": 1942},
    "faction": "european_axis",
    "powers": {
        "germany": {
            "brps": 200,
            "brp_base": 240,  # limit 80
            "naval": {
                "shipyards": [{"id": "kiel", "rate": 4}],
                "designs": [
                    {"id": "H-class", "unit": "capital_ship", "factors": 5, "count": 1},
                    {"id": "graf", "unit": "capital_ship", "factors": 3, "count": 2},
                    {"id": "cl", "unit": "capital_ship", "factors": 2, "count": 1},
                    {"id": "cruiser", "unit": "cruiser", "factors": 2, "count": 2},
                    {"id": "dd", "unit": "destroyer", "factors": 1, "count": 4},
                ],
                "sw_units": [{"id": "u-boats", "unit": "submarine", "count": 4}],
            },
        }
    },
}


USA: dict[str, Any] = {
    "name": "naval usa",
    "turn": {"season": "winter", "year": 1941},
    "faction": "western_allies",
    "us_at_war": {"europe": False, "pacific": False},
    "usat": 40,
    "powers": {
        "usa": {
            "brps": 300,
            "brp_base": 300,  # limit 100
            "naval": {
                "fast_carrier_permits": 1,
                "shipyards": [{"id": "us_atlantic_box", "rate": 4}, {"id": "us_pacific_box", "rate": 10}],
                "designs": [
                    {"id": "essex", "unit": "carrier", "factors": 3, "count": 3, "carrier_class": "cv"},
                    {"id": "cve", "unit": "escort_carrier", "factors": 1, "count": 12},
                ],
                "sw_units": [{"id": "subs", "unit": "submarine", "count": 3}],
            },
        }
    },
}


def scenario(base: dict[str, Any] = GERMANY, power: str = "germany", **naval: Any) -> Scenario:
    """The base position with the power's `naval` fields replaced; `horizon`, `turn`, `season`,
    `brps`, `brp_base` and `us_at_war` go to the scenario or the power."""
    data = copy.deepcopy(base)
    for key in ("horizon", "us_at_war", "oil_counters", "usat"):
        if key in naval:
            data[key] = naval.pop(key)
    if "season" in naval:
        data["turn"]["season"] = naval.pop("season")
    for key in ("brps", "brp_base", "force_pool", "naval_air"):
        if key in naval:
            data["powers"][power][key] = naval.pop(key)
    data["powers"][power]["naval"].update(naval)
    return Scenario.model_validate(data)


# 27.713, 27.7264: France has fallen, the Axis holds Brest and traces supply to it (a captured yard).
AXIS_BREST: dict[str, Any] = {
    "sites": {site: {"controller": "germany"} for site in ("paris", "brest", "lille", "metz")}
}


def kiel(chart: list[dict] | None = None, waiting: list[dict] | None = None, **yard: Any) -> list[dict]:
    return [{"id": "kiel", "rate": 4, "chart": chart or [], "waiting_for_repair": waiting or [], **yard}]


def ship(name: str, unit: str, factors: int, row: str | int, column: str) -> dict[str, Any]:
    return {"id": name, "unit": unit, "factors": factors, "row": row, "column": column}


UNITS = {
    "H-class": ("capital_ship", 5),
    "graf": ("capital_ship", 3),
    "cl": ("capital_ship", 2),
    "cruiser": ("cruiser", 2),
    "dd": ("destroyer", 1),
    "destroyer": ("destroyer", 1),
    "essex": ("carrier", 3),
    "cve": ("escort_carrier", 1),
    "kgv": ("capital_ship", 4),
    "town": ("cruiser", 2),
    "bcve": ("escort_carrier", 1),
}


COSTS = {
    "continue": (1, 3),
    "accelerate": (1, 6),
    "accelerate_knight": (1, 9),
    "defer": (0, 0),
    "launch": (0, 0),
    "scuttle": (0, 0),
    "lay_down": (1, 3),
    "start_repair": (1, 3),
    "raise": (1, 3),
}


def act(
    turn: int,
    name: str,
    action: str,
    before: str,
    after: str,
    *,
    unit: str | None = None,
    factors: int | None = None,
    yard: str = "kiel",
    power: str = "germany",
    cost: tuple[int, int] | None = None,
) -> NavalAction:
    """One chart action; a design copy's unit and factors come from its design, the cost from 27.7272."""
    if unit is None:
        unit, factors = UNITS[name.split("#")[0]]
    sb, brps = cost if cost is not None else COSTS[action]
    return NavalAction(
        turn=turn,
        power=Power(power),
        yard=yard,
        ship=name,
        unit=UnitType(unit),
        factors=factors or 1,
        action=action,
        before=before,
        after=after,
        sb=sb,
        brps=brps,
    )


def subs(
    factors: int, *, yard: str = "kiel", build: str = "u-boats", unit: str = "submarine", **kw: Any
) -> SWBuildLine:
    fields: dict[str, Any] = {
        "power": Power.GERMANY,
        "build": build,
        "unit": UnitType(unit),
        "yard": yard,
        "factors": factors,
        "brps": 3 * factors,
        "placed": "any port in Germany (27.93 A)",
        "sw_boxes": ["atlantic"],
    }
    fields.update(kw)
    return SWBuildLine(**fields)


def plan(*actions: NavalAction, sw: tuple[SWBuildLine, ...] = (), **fields: Any) -> Plan:
    return Plan(scenario="naval", naval_actions=list(actions), sw_builds=list(sw), **fields)


def reported(s: Scenario, p: Plan) -> Plan:
    """The plan with the checker's own accounting filled in: a fully stated plan."""
    return p.model_copy(update={"powers": derive_report(s, p), "oil": derive_oil(s, p)})


def british_cves(usat: int, europe: bool, **fields: Any) -> Scenario:
    """The U.S. with a design of CVEs built for Britain (27.7223 B); `grants_made` and `britain`
    (Britain's power state) when given."""
    data = copy.deepcopy(USA)
    data["us_at_war"] = {"europe": europe, "pacific": False}
    data["usat"] = usat
    naval = data["powers"]["usa"]["naval"]
    naval["designs"].append(
        {"id": "bcve", "unit": "escort_carrier", "factors": 1, "count": 6, "for_britain": True}
    )
    if "grants_made" in fields:
        data["powers"]["usa"]["grants_made"] = fields["grants_made"]
    if "britain" in fields:
        data["powers"]["britain"] = fields["britain"]
    return Scenario.model_validate(data)


def bcve(n: int, yard: str = "us_pacific_box", turn: int = 0) -> NavalAction:
    return act(turn, f"bcve#{n}", "lay_down", "new", "launch spring", yard=yard, power="usa")


GNEISENAU: dict[str, Any] = {"unit": "capital_ship", "factors": 3}
