"""The checker on shipyards as they stand on the map: control and supply (27.71, 27.712 A, 27.7264)."""

from __future__ import annotations

import copy
from typing import Any

from models.plan import NavalReport
from models.scenario import MapState, Scenario
from models.settings import Settings
from models.tables import Power
from optimizer.checker import check
from optimizer.checker.violations import REPORT

from .helpers import USA, act, kiel, plan, rules, scenario, ship

HIPPER = ship("Hipper", "cruiser", 2, 2, "spring")


def kiel_as(sites: dict) -> Scenario:
    """Kiel (rate 4) with the cruiser Hipper in row 2 of the spring column, the map as given."""
    s = scenario(shipyards=kiel([HIPPER]))
    return s.model_copy(update={"map": MapState.model_validate({"sites": sites})})


# What the planner used to give with Kiel isolated or held by Britain: Hipper finished, another laid down.
OLD_PLAN = plan(
    act(0, "Hipper", "continue", "row 2 spring", "launched", unit="cruiser", factors=2),
    act(0, "cruiser#1", "lay_down", "new", "row 2 fall"),
)


def test_regression_cruiser_finished_and_laid_down_at_isolated_kiel() -> None:
    """27.712 A: cruisers are constructed in a controlled, fully supplied home port: with Kiel supplied
    the plan stands; with Kiel isolated, finishing Hipper and laying down a cruiser are refused."""
    assert check(kiel_as({}), OLD_PLAN) == []
    assert rules(check(kiel_as({"kiel": {"supply": "isolated"}}), OLD_PLAN)) == ["27.712 A", "27.712 A"]


def test_regression_cruiser_finished_and_laid_down_at_kiel_held_by_britain() -> None:
    """27.71: the capture of a yard by an opposing faction displaces the ships in the "2" or Launch
    row (Hipper, in row 2) and eliminates the others; no ship is laid down there. The old plan is
    refused; the plan that reports Hipper displaced and does nothing at Kiel is accepted."""
    held = kiel_as({"kiel": {"controller": "britain"}})
    assert sorted(rules(check(held, OLD_PLAN))) == ["27.71", "27.71"]
    report = NavalReport(
        power=Power.GERMANY, brps_by_turn=[0], oil_steps=0, lost_ships=["kiel/Hipper displaced"]
    )
    assert check(held, plan(naval=[report])) == []
    wrong = report.model_copy(update={"lost_ships": ["kiel/Hipper eliminated"]})
    assert rules(check(held, plan(naval=[wrong]))) == [REPORT]


def test_capture_eliminates_ships_above_row_2() -> None:
    """27.71, 27.7282: ships in the third or higher row are eliminated when their yard is captured."""
    graf = ship("Graf", "capital_ship", 3, 3, "spring")
    s = scenario(shipyards=kiel([HIPPER, graf]))
    held = s.model_copy(
        update={"map": MapState.model_validate({"sites": {"kiel": {"controller": "britain"}}})}
    )
    lost = ["kiel/Hipper displaced", "kiel/Graf eliminated"]
    report = NavalReport(power=Power.GERMANY, brps_by_turn=[0], oil_steps=0, lost_ships=lost)
    assert check(held, plan(naval=[report])) == []


def test_repairs_need_a_fully_supplied_port_of_the_owners_faction() -> None:
    """27.7264: ships are repaired in a fully supplied port controlled by the owner's faction: a damaged
    cruiser (free, 27.7267) starts repairs at Kiel supplied, not at Kiel isolated."""
    waiting = [{"id": "Hipper", "unit": "cruiser", "factors": 2}]
    s = scenario(shipyards=kiel(waiting=waiting))
    repair = plan(
        act(0, "Hipper", "start_repair", "waiting", "launch summer", unit="cruiser", factors=2, cost=(0, 0))
    )
    assert check(s, repair) == []
    isolated = s.model_copy(
        update={"map": MapState.model_validate({"sites": {"kiel": {"supply": "isolated"}}})}
    )
    assert rules(check(isolated, repair)) == ["27.7264"]


def test_regression_raising_refused_at_an_isolated_yard_still_controlled() -> None:
    """27.7263: the point that raises a ship sunk in port "is taken from any shipyard controlled by the
    owning major power": control, not supply. Gneisenau (3 factors) is raised with a point of Kiel
    while Kiel is isolated (no 27.712 A breach, 1 SB and 3 BRPs), not once Britain holds Kiel."""
    gneisenau = {"id": "Gneisenau", "unit": "capital_ship", "factors": 3, "yard": "kiel"}
    s = scenario(shipyards=kiel(), sunk_in_port=[gneisenau])
    raised = plan(act(0, "Gneisenau", "raise", "sunk", "waiting", unit="capital_ship", factors=3))
    isolated = s.model_copy(
        update={"map": MapState.model_validate({"sites": {"kiel": {"supply": "isolated"}}})}
    )
    assert check(isolated, raised) == []
    captured = s.model_copy(
        update={"map": MapState.model_validate({"sites": {"kiel": {"controller": "britain"}}})}
    )
    assert rules(check(captured, raised)) == ["27.7263"]


def test_regression_us_box_repair_accepted_before_war() -> None:
    """27.7264: "Western Allied ships may also be repaired in Australia, Canada and, if the U.S. is at
    war with Germany or Japan, in either U.S. box": starting the repair of the damaged Arizona (4
    factors, 1 SB + 3 BRPs, 27.7267) in the Pacific U.S. box is refused while the U.S. is at war with
    neither, accepted at war with Japan or with Germany (the checker had accepted it at peace)."""
    data = copy.deepcopy(USA)
    data["powers"]["usa"]["naval"]["shipyards"][1]["waiting_for_repair"] = [
        {"id": "Arizona", "unit": "capital_ship", "factors": 4}
    ]
    arizona: dict[str, Any] = {"unit": "capital_ship", "factors": 4, "yard": "us_pacific_box", "power": "usa"}
    repair = plan(act(0, "Arizona", "start_repair", "waiting", "launch summer", **arizona))
    peace = Scenario.model_validate(data)
    result = check(peace, repair)
    assert rules(result) == ["27.7264"]
    assert "us_pacific_box repairs only while the U.S. is at war with Germany or Japan" in result[0].message
    for war in ({"europe": False, "pacific": True}, {"europe": True, "pacific": False}):
        at_war = Scenario.model_validate({**data, "us_at_war": war})
        assert check(at_war, repair) == []


def test_regression_repair_started_at_a_yard_an_ally_holds() -> None:
    """27.7264: "Ships may be repaired in any fully supplied port which contains an anchor symbol and is
    controlled by the owner's alliance faction"; 27.712 A builds only in a port the constructing power
    controls. With Kiel held by Italy (Germany's faction, supply traced through it), the damaged
    Gneisenau (3 factors: 1 SB + 3 BRPs, to the Launch row two columns on, fall, 27.7267) starts its
    repair; a 3-factor ship laid down there (27.7251) is still refused by 27.712 A. The checker had
    refused the repair as 27.712 A; with Kiel isolated it is refused by 27.7264."""
    s = scenario(shipyards=kiel(waiting=[{"id": "Gneisenau", "unit": "capital_ship", "factors": 3}]))
    italian = s.model_copy(
        update={"map": MapState.model_validate({"sites": {"kiel": {"controller": "italy"}}})}
    )
    repair = plan(
        act(0, "Gneisenau", "start_repair", "waiting", "launch fall", unit="capital_ship", factors=3)
    )
    assert check(italian, repair) == []
    assert rules(check(italian, plan(act(0, "graf#1", "lay_down", "new", "row 3 spring")))) == ["27.712 A"]
    isolated = s.model_copy(
        update={
            "map": MapState.model_validate({"sites": {"kiel": {"controller": "italy", "supply": "isolated"}}})
        }
    )
    assert rules(check(isolated, repair)) == ["27.7264"]


def test_regression_repair_started_at_a_captured_yard_an_ally_holds() -> None:
    """27.713: "Enemy shipyards may be used to repair cruisers and named ships ... if the hex containing
    the shipyard is controlled by the alliance faction wishing to use it". Britain's captured Genoa
    (rate 1, capacity 2), held by the U.S., starts the repair of the damaged Warspite (3 factors: 1 SB
    + 3 BRPs, the Launch row of the fall column, 27.7267), paid by Britain (27.7264); the checker had
    refused it as 27.712 A."""
    data = {
        "name": "captured yard held by an ally",
        "turn": {"season": "spring", "year": 1944},
        "faction": "western_allies",
        "powers": {
            "britain": {
                "brps": 100,
                "brp_base": 200,
                "naval": {
                    "shipyards": [
                        {
                            "id": "genoa",
                            "rate": 1,
                            "captured": True,
                            "waiting_for_repair": [{"id": "warspite", "unit": "capital_ship", "factors": 3}],
                        }
                    ]
                },
            }
        },
        "map": {"sites": {"genoa": {"controller": "usa"}, "milan": {"controller": "britain"}}},
    }
    repair = plan(
        act(
            0,
            "warspite",
            "start_repair",
            "waiting",
            "launch fall",
            unit="capital_ship",
            factors=3,
            yard="genoa",
            power="britain",
        )
    )
    assert check(Scenario.model_validate(data), repair) == []


def test_regression_lay_down_refused_where_27_44_or_27_45_bars_new_units() -> None:
    """27.41, 27.44: "Units may not be constructed in hexes which are in an enemy ZoC"; 27.45: "Units
    may not be constructed on hexes which are recaptured from the enemy until the player turn following
    their recapture". A ship laid down at Kiel (27.7251) is constructed in Kiel's hex: refused with Kiel
    in an enemy ZoC (27.44) or recaptured this turn (27.45), by default; with the setting
    naval_lay_downs_obey_placement_limits off it is accepted. Hipper, continued from row 2 (27.7272
    A), is no newly constructed unit and is accepted either way. The checker had accepted the lay-down."""
    both = plan(
        act(0, "Hipper", "continue", "row 2 spring", "launched", unit="cruiser", factors=2),
        act(0, "graf#1", "lay_down", "new", "row 3 spring"),
    )
    zoc = kiel_as({"kiel": {"enemy_zoc": True}})
    assert rules(check(zoc, both)) == ["27.44"]
    recaptured = kiel_as({"kiel": {"recaptured_this_turn": True}})
    assert rules(check(recaptured, both)) == ["27.45"]
    off = Settings(naval_lay_downs_obey_placement_limits=False)
    assert check(zoc.model_copy(update={"settings": off}), both) == []
    assert check(recaptured.model_copy(update={"settings": off}), both) == []


def test_lay_down_at_a_recaptured_yard_from_the_next_turn() -> None:
    """27.45: no construction on hexes "recaptured from the enemy until the player turn following their
    recapture": with Kiel recaptured this turn, a ship laid down there in turn 1 of the horizon (summer,
    row 3 for a 3-factor ship, 27.7251) is accepted; with Kiel in an enemy ZoC (27.44, the map holding
    over the horizon [reading]) it is refused in turn 1 too."""
    later = plan(act(1, "graf#1", "lay_down", "new", "row 3 summer"))
    for sites, expected in (
        ({"kiel": {"recaptured_this_turn": True}}, []),
        ({"kiel": {"enemy_zoc": True}}, ["27.44"]),
    ):
        s = scenario(shipyards=kiel(), horizon={"turns": 2})
        s = s.model_copy(update={"map": MapState.model_validate({"sites": sites})})
        assert rules(check(s, later)) == expected
