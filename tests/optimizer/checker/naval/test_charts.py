"""The checker's charts of the scenario: who owns and pays for a ship at a captured yard, Vichy ships (27.7264-27.7266)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from models.plan import Plan
from models.scenario import Scenario
from models.tables import Power
from optimizer.checker import check
from optimizer.checker.naval.replay import replay_naval
from optimizer.checker.naval.spending import naval_spending
from optimizer.checker.report import derive_report

from .helpers import AXIS_BREST, GERMANY, GNEISENAU, act, plan, reported, rules, ship


def captured(owner: str, captured_yard: bool = True, italy: bool = True) -> Scenario:
    """Germany holding Brest (captured, 27.713) with Littorio of `owner` waiting for repair, or
    (`captured_yard` false) Littorio waiting at Kiel."""
    data = copy.deepcopy(GERMANY)
    littorio = [{"id": "Littorio", "unit": "capital_ship", "factors": 3, "owner": owner}]
    if captured_yard:
        data["powers"]["germany"]["naval"]["shipyards"].append(
            {"id": "brest", "captured": True, "rate": 2, "waiting_for_repair": littorio}
        )
    else:
        data["powers"]["germany"]["naval"]["shipyards"][0]["waiting_for_repair"] = littorio
    if italy:
        data["powers"]["italy"] = {"brps": 40, "brp_base": 60}
    data["map"] = AXIS_BREST
    return Scenario.model_validate(data)


LITTORIO = act(0, "Littorio", "start_repair", "waiting", "launch fall", yard="brest", **GNEISENAU)


def test_repairs_at_a_captured_yard_are_paid_by_the_ships_owner() -> None:
    """27.7264: "The cost of repairs is paid by the owner of the shipyard, or in the case of a
    captured shipyard, by the owner of the ship": an Italian ship repaired at Brest, a German-held
    captured yard, costs Italy 3 BRPs and Germany none; at a yard that is not captured Germany pays.
    (A minor country's ship there is a cruiser, 27.7266 C, repaired free, 27.7267: no one pays.)"""
    p = plan(LITTORIO)
    s = captured("italy")
    assert check(s, p) == []
    spending = naval_spending(s, p)
    assert (spending[Power.GERMANY].brps, spending[Power.ITALY].brps) == (0, 3)
    report = derive_report(s, p)
    assert (report[Power.GERMANY].construction_brps, report[Power.ITALY].construction_brps) == (0, 3)
    assert check(s, reported(s, p)) == []
    own = captured("italy", captured_yard=False)
    at_kiel = plan(LITTORIO.model_copy(update={"yard": "kiel"}))
    assert check(own, at_kiel) == []
    assert naval_spending(own, at_kiel)[Power.GERMANY].brps == 3
    assert Power.ITALY not in naval_spending(own, at_kiel)
    unplanned = check(captured("italy", italy=False), p)
    assert rules(unplanned) == ["27.7264"]
    poor = captured("italy").model_copy(deep=True)
    poor.powers[Power.ITALY] = poor.powers[Power.ITALY].model_copy(update={"brps": 2})
    assert rules(check(poor, p)) == ["27.11"]


def vichy(activated: bool) -> Scenario:
    """France with Marseilles (rate 2): Strasbourg, a Vichy ship, waiting; Dunkerque, Vichy, in row 2
    of spring."""
    return Scenario.model_validate(
        {
            "name": "vichy",
            "turn": {"season": "spring", "year": 1941},
            "faction": "western_allies",
            "powers": {
                "france": {
                    "brps": 40,
                    "brp_base": 60,
                    "naval": {
                        "vichy_activated": activated,
                        "shipyards": [
                            {
                                "id": "marseilles",
                                "rate": 2,
                                "chart": [
                                    {**ship("Dunkerque", "capital_ship", 3, 2, "spring"), "vichy": True}
                                ],
                                "waiting_for_repair": [
                                    {"id": "Strasbourg", "unit": "capital_ship", "factors": 3, "vichy": True}
                                ],
                            }
                        ],
                    },
                }
            },
        }
    )


def test_vichy_repairs_cost_no_brps() -> None:
    """27.7265: "Vichy French ships may be repaired or completed in the Marseilles shipyard prior to
    Vichy activation. There is no BRP cost for such repairs unless Vichy France has associated or
    activated": the shipbuilding points are spent, the BRPs are 0; after activation 3 each."""

    def actions(brps: int) -> Plan:
        return plan(
            act(
                0,
                "Strasbourg",
                "start_repair",
                "waiting",
                "launch fall",
                yard="marseilles",
                power="france",
                cost=(1, brps),
                **GNEISENAU,
            ),
            act(
                0,
                "Dunkerque",
                "continue",
                "row 2 spring",
                "launched",
                yard="marseilles",
                power="france",
                cost=(1, brps),
                **GNEISENAU,
            ),
        )

    free = vichy(activated=False)
    assert check(free, actions(0)) == []
    replay = replay_naval(free, actions(0))
    assert (replay.brps[Power.FRANCE], replay.points[(Power.FRANCE, "marseilles", 0)]) == ([0], 2)
    assert rules(check(free, actions(3))) == ["27.7267", "27.7272"]
    paid = vichy(activated=True)
    assert check(paid, actions(3)) == []
    assert naval_spending(paid, actions(3))[Power.FRANCE].brps == 6


@pytest.mark.parametrize("french_ships_never_scuttled", [False, True])
def test_britain_scuttles_a_french_ship_on_its_own_chart_27_7272_e(french_ships_never_scuttled: bool) -> None:
    """27.7272 E: "EXCEPTION: France may never scuttle ships" [reading]: France is who may not scuttle,
    and Britain is the player acting on the Portsmouth chart (27.7272: "on each of his Naval Construction
    Charts"), so Britain may scuttle the French Richelieu there; the checker had refused it ('French ships
    may never be scuttled'). With the setting french_ships_never_scuttled (French ships protected
    wherever they are) it is refused, the message saying whose chart the ship is on."""
    data: dict[str, Any] = {
        "name": "french ship in britain",
        "turn": {"season": "spring", "year": 1941},
        "faction": "western_allies",
        "powers": {
            "britain": {
                "brps": 100,
                "brp_base": 120,
                "naval": {
                    "shipyards": [
                        {
                            "id": "portsmouth",
                            "rate": 3,
                            "chart": [
                                {**ship("Richelieu", "capital_ship", 4, 2, "summer"), "owner": "france"}
                            ],
                        }
                    ]
                },
            }
        },
        "settings": {"french_ships_never_scuttled": french_ships_never_scuttled},
    }
    s = Scenario.model_validate(data)
    scuttled = act(
        0,
        "Richelieu",
        "scuttle",
        "row 2 summer",
        "scuttled",
        yard="portsmouth",
        power="britain",
        unit="capital_ship",
        factors=4,
    )
    result = check(s, plan(scuttled))
    if not french_ships_never_scuttled:
        assert result == []
        return
    assert rules(result) == ["27.7272 E"]
    assert result[0].message.endswith(
        "France may never scuttle ships, read with french_ships_never_scuttled as no French ship scuttled: "
        "this French ship is on britain's portsmouth chart"
    )


@pytest.mark.parametrize("owner", ["minor", "britain", None])
def test_regression_france_scuttled_a_minor_ship_on_its_chart(owner: str | None) -> None:
    """27.7272 E "EXCEPTION: France may never scuttle ships" [reading]: France acts on its own charts
    (27.7272: "each naval unit which appears ... on each of his Naval Construction Charts"), so it
    scuttles no ship at Lorient, a minor country's cruiser (27.7266 C) or a British one included; the
    checker had accepted both."""
    cruiser: dict[str, Any] = ship("Emile", "cruiser", 2, 2, "fall")
    if owner is not None:
        cruiser["owner"] = owner
    data = {
        "name": "a ship on the Lorient chart",
        "turn": {"season": "spring", "year": 1940},
        "faction": "western_allies",
        "powers": {
            "france": {
                "brps": 60,
                "brp_base": 120,
                "naval": {"shipyards": [{"id": "lorient", "rate": 1, "chart": [cruiser]}]},
            },
            "britain": {"brps": 100, "brp_base": 120},
        },
    }
    scuttled = act(
        0,
        "Emile",
        "scuttle",
        "row 2 fall",
        "scuttled",
        yard="lorient",
        power="france",
        unit="cruiser",
        factors=2,
    )
    result = check(Scenario.model_validate(data), plan(scuttled))
    assert rules(result) == ["27.7272 E"]
    assert "France may never scuttle ships: this one is on a French chart" in result[0].message
