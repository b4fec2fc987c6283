"""The checker on chart actions: lay-downs, repairs, raises and moves on the Naval Construction Chart (27.7251-27.7274)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from models.scenario import Scenario
from models.tables import Power
from optimizer.checker import check
from optimizer.checker.naval.replay import replay_naval
from optimizer.checker.naval.spending import naval_spending
from optimizer.checker.violations import REPORT

from .helpers import GNEISENAU, USA, act, kiel, plan, rules, scenario, ship


def test_three_factor_ship_laid_down_in_spring_sits_in_row_3_of_the_spring_column() -> None:
    """27.7251 A: "a 3-factor ship laid down in spring would be placed in the "3" row in the "Spring"
    column", for one shipbuilding point and three BRPs (27.7251) whatever its size."""
    s = scenario()
    assert check(s, plan(act(0, "graf#1", "lay_down", "new", "row 3 spring"))) == []
    wrong = check(s, plan(act(0, "graf#1", "lay_down", "new", "row 3 summer")))
    assert [(v.rule, v.kind) for v in wrong] == [(REPORT, REPORT)]
    assert "after 'row 3 summer' in the plan, 'row 3 spring' by the charts" in wrong[0].message
    # A 5-factor ship costs the same 1 SB + 3 BRPs to lay down, into row 5.
    assert check(s, plan(act(0, "H-class#1", "lay_down", "new", "row 5 spring"))) == []
    priced = check(s, plan(act(0, "H-class#1", "lay_down", "new", "row 5 spring", cost=(5, 15))))
    assert rules(priced) == ["27.7251"]
    assert "costs 1 SB and 3 BRPs, not 5 SB and 15 BRPs" in priced[0].message


def test_cruiser_laid_down_in_spring_sits_in_row_2_of_the_fall_column() -> None:
    """27.7251 B: "a cruiser laid down in spring would be placed on the "2" row in the "Fall"
    column"."""
    s = scenario()
    assert check(s, plan(act(0, "cruiser#1", "lay_down", "new", "row 2 fall"))) == []
    assert rules(check(s, plan(act(0, "cruiser#1", "lay_down", "new", "row 2 spring")))) == [REPORT]


def test_destroyer_laid_down_in_winter_sits_in_the_launch_row_of_the_spring_column() -> None:
    """27.7251 C: "Destroyers and CVEs constructed in winter turns are placed in the "Launch" row of
    the spring column"; 27.7273: after one turn they are launched, without further expenditure."""
    s = scenario(season="winter", horizon={"turns": 2})
    p = plan(
        act(0, "dd#1", "lay_down", "new", "launch spring"),
        act(1, "dd#1", "launch", "launch spring", "launched"),
    )
    assert check(s, p) == []
    assert replay_naval(s, p).brps[Power.GERMANY] == [3, 0]


def test_named_ship_repair_started_in_spring_goes_to_the_launch_row_of_the_fall_column() -> None:
    """27.7267: "in the unit construction phase of a spring turn, a damaged named ship (which takes
    two turns to repair) would be placed in the "Launch" row in the "Fall" column", for 1 SB and 3
    BRPs; a cruiser, repaired free in one turn, goes to the Launch row of the next column."""
    waiting = [
        {"id": "Scharnhorst", "unit": "capital_ship", "factors": 3},
        {"id": "Hipper", "unit": "cruiser", "factors": 2},
    ]
    s = scenario(shipyards=kiel(waiting=waiting), horizon={"turns": 3})
    p = plan(
        act(0, "Hipper", "start_repair", "waiting", "launch summer", unit="cruiser", factors=2, cost=(0, 0)),
        act(0, "Scharnhorst", "start_repair", "waiting", "launch fall", unit="capital_ship", factors=3),
        act(1, "Hipper", "launch", "launch summer", "launched", unit="cruiser", factors=2),
        act(2, "Scharnhorst", "launch", "launch fall", "launched", unit="capital_ship", factors=3),
    )
    assert check(s, p) == []
    assert replay_naval(s, p).brps[Power.GERMANY] == [3, 0, 0]
    charged = p.model_copy(
        update={"naval_actions": [p.naval_actions[0].model_copy(update={"sb": 1, "brps": 3})]}
    )
    assert rules(check(scenario(shipyards=kiel(waiting=waiting)), charged)) == ["27.7267"]


def test_no_repair_in_the_turn_the_ship_was_damaged() -> None:
    """27.7266 A: repairs may not be started on cruisers and named ships in the player turn in
    which they are damaged; they may be in the next turn."""
    waiting = [{"id": "Gneisenau", "unit": "capital_ship", "factors": 3, "damaged_this_turn": True}]
    s = scenario(shipyards=kiel(waiting=waiting), horizon={"turns": 2})
    now = act(0, "Gneisenau", "start_repair", "waiting", "launch fall", unit="capital_ship", factors=3)
    assert rules(check(s, plan(now))) == ["27.7266 A"]
    later = act(1, "Gneisenau", "start_repair", "waiting", "launch winter", unit="capital_ship", factors=3)
    assert check(s, plan(later)) == []


def test_acceleration_by_6_brps_moves_a_row_down_and_a_column_left() -> None:
    """27.7272 B: six BRPs and one shipbuilding point move the accelerated ship "down one row and
    one column to the left" (from spring, the column to the left is winter)."""
    s = scenario(shipyards=kiel([ship("Graf Zeppelin", "capital_ship", 5, 5, "spring")]))
    p = plan(
        act(0, "Graf Zeppelin", "accelerate", "row 5 spring", "row 4 winter", unit="capital_ship", factors=5)
    )
    assert check(s, p) == []
    assert naval_spending(s, p)[Power.GERMANY].brps == 6
    assert naval_spending(s, p)[Power.GERMANY].steps == 2


def test_acceleration_by_9_brps_is_a_knights_move() -> None:
    """27.7272 B: nine BRPs and one shipbuilding point move the ship "down one row and two columns
    over in either direction (a "knight's move")": from row 5 of spring to row 4 of fall."""
    s = scenario(shipyards=kiel([ship("Graf Zeppelin", "capital_ship", 5, 5, "spring")]))
    p = plan(
        act(
            0,
            "Graf Zeppelin",
            "accelerate_knight",
            "row 5 spring",
            "row 4 fall",
            unit="capital_ship",
            factors=5,
        )
    )
    assert check(s, p) == []
    assert naval_spending(s, p)[Power.GERMANY].steps == 3
    cheap = p.naval_actions[0].model_copy(update={"brps": 6})
    assert rules(check(s, plan(cheap))) == ["27.7272"]


def test_only_three_to_five_factor_ships_are_accelerated() -> None:
    """27.7272 B: "The construction of three-, four- and five-factor ships may be accelerated": not
    a two-factor named ship, not a cruiser."""
    chart = [ship("Emden", "capital_ship", 2, 2, "spring"), ship("Lutzow", "cruiser", 2, 2, "spring")]
    s = scenario(shipyards=kiel(chart))
    p = plan(
        act(0, "Emden", "accelerate", "row 2 spring", "launched", unit="capital_ship", factors=2),
        act(0, "Lutzow", "accelerate", "row 2 spring", "launched", unit="cruiser", factors=2),
    )
    assert rules(check(s, p)) == ["27.7272 B", "27.7272 B"]


def test_continuing_into_the_launch_row_launches_the_ship() -> None:
    """27.7272 A, 27.721 C [reading]: continuing moves the ship one row down; moved into the Launch
    row it is launched in that phase, so a cruiser laid down in spring (row 2 of fall) is launched
    in fall, 2 turns, having used 2 SB (27.721 C table: CAs 2 turns, 2 SB)."""
    s = scenario(horizon={"turns": 3})
    p = plan(
        act(0, "cruiser#1", "lay_down", "new", "row 2 fall"),
        act(2, "cruiser#1", "continue", "row 2 fall", "launched"),
    )
    assert check(s, p) == []
    assert replay_naval(s, p).brps[Power.GERMANY] == [3, 0, 3]


def test_three_factor_ship_takes_eight_turns_and_three_points() -> None:
    """27.721 C table: a 3-factor ship takes 8 turns and 3 SB: laid down in spring in row 3 of the
    spring column, continued each following spring (27.7272 A), launched in the ninth turn's phase."""
    s = scenario(horizon={"turns": 9})
    p = plan(
        act(0, "graf#1", "lay_down", "new", "row 3 spring"),
        act(4, "graf#1", "continue", "row 3 spring", "row 2 spring"),
        act(8, "graf#1", "continue", "row 2 spring", "launched"),
    )
    assert check(s, p) == []
    assert replay_naval(s, p).brps[Power.GERMANY] == [3, 0, 0, 0, 3, 0, 0, 0, 3]


def test_every_ship_in_the_turns_column_takes_an_option() -> None:
    """27.7272: the player has four options "for each naval unit which appears in the column for
    that turn"; ships in other columns are ignored. A ship left in the spring column in spring, or
    a ship in the Launch row of the spring column not launched, breaks it."""
    chart = [
        ship("Tirpitz", "capital_ship", 4, 2, "spring"),
        ship("Z40", "destroyer", 1, "launch", "spring"),
        ship("Hipper", "cruiser", 2, 2, "summer"),
    ]
    s = scenario(shipyards=kiel(chart))
    full = plan(
        act(0, "Tirpitz", "continue", "row 2 spring", "launched", unit="capital_ship", factors=4),
        act(0, "Z40", "launch", "launch spring", "launched", unit="destroyer", factors=1),
    )
    assert check(s, full) == []
    result = check(s, plan(full.naval_actions[0]))
    assert rules(result) == ["27.7272"]
    assert "'Z40' is in the spring column (launch spring) with no action" in result[0].message
    # Hipper, in the summer column, is not acted on in spring.
    moved = act(0, "Hipper", "continue", "row 2 summer", "launched", unit="cruiser", factors=2)
    assert "not this turn's spring column" in check(s, plan(*full.naval_actions, moved))[0].message


def test_ships_are_launched_from_the_launch_row_only() -> None:
    """27.7272 D: "Ships are launched from the "Launch" row"; a ship in the Launch row does not
    continue (it launches, defers or is scuttled)."""
    chart = [ship("Tirpitz", "capital_ship", 4, 2, "spring"), ship("Z40", "destroyer", 1, "launch", "spring")]
    s = scenario(shipyards=kiel(chart))
    p = plan(
        act(0, "Tirpitz", "launch", "row 2 spring", "launched", unit="capital_ship", factors=4),
        act(0, "Z40", "continue", "launch spring", "launched", unit="destroyer", factors=1),
    )
    assert rules(check(s, p)) == ["27.7272", "27.7272 D", "27.7273"]  # a destroyer only launches


def test_deferring_and_scuttling_need_deferring_allowed() -> None:
    """27.7272 C: deferring moves the ship one column right, free (winter to spring); 27.7272 E:
    scuttling, in any column, under the same restrictions; this turn both need `deferring_allowed`
    [input] (a deferral without it only when the ship cannot go on, see below)."""
    chart = [ship("Tirpitz", "capital_ship", 4, 2, "winter"), ship("Hipper", "cruiser", 2, 2, "summer")]
    p = plan(
        act(0, "Tirpitz", "defer", "row 2 winter", "row 2 spring", unit="capital_ship", factors=4),
        act(0, "Hipper", "scuttle", "row 2 summer", "scuttled", unit="cruiser", factors=2),
    )
    allowed = scenario(shipyards=kiel(chart), season="winter")
    assert check(allowed, p) == []
    barred = scenario(shipyards=kiel(chart), season="winter", deferring_allowed=False)
    assert rules(check(barred, p)) == ["27.7272 C", "27.7272 E"]


def test_later_turns_of_the_horizon_may_defer_and_scuttle_in_the_turns_column() -> None:
    """27.7272 C, E [reading: a planning horizon]: `deferring_allowed` is this turn's; in later turns
    ships may defer, and only ships of the turn's column are scuttled."""
    chart = [ship("Tirpitz", "capital_ship", 4, 2, "summer"), ship("Hipper", "cruiser", 2, 2, "summer")]
    s = scenario(shipyards=kiel(chart), deferring_allowed=False, horizon={"turns": 2})
    later = plan(
        act(1, "Tirpitz", "defer", "row 2 summer", "row 2 fall", unit="capital_ship", factors=4),
        act(1, "Hipper", "scuttle", "row 2 summer", "scuttled", unit="cruiser", factors=2),
    )
    assert check(s, later) == []
    early = plan(
        act(0, "Hipper", "scuttle", "row 2 summer", "scuttled", unit="cruiser", factors=2),
        act(1, "Tirpitz", "defer", "row 2 summer", "row 2 fall", unit="capital_ship", factors=4),
    )
    assert rules(check(s, early)) == ["27.7272 E"]
    allowed = scenario(shipyards=kiel(chart), horizon={"turns": 3})
    off_column = plan(
        act(1, "Tirpitz", "continue", "row 2 summer", "launched", unit="capital_ship", factors=4),
        act(1, "Hipper", "continue", "row 2 summer", "launched", unit="cruiser", factors=2),
        act(2, "cruiser#1", "lay_down", "new", "row 2 spring"),
    )
    assert check(allowed, off_column) == []
    scuttled_later = plan(
        act(1, "Tirpitz", "continue", "row 2 summer", "launched", unit="capital_ship", factors=4),
        act(1, "cruiser#1", "lay_down", "new", "row 2 winter"),
        act(1, "Hipper", "continue", "row 2 summer", "launched", unit="cruiser", factors=2),
        act(2, "cruiser#1", "scuttle", "row 2 winter", "scuttled"),
    )
    result = check(allowed, scuttled_later)
    assert rules(result) == ["27.7272 E"]
    assert (
        "only ships of the turn's fall column are scuttled, not one in the winter column" in result[0].message
    )


def test_france_never_scuttles() -> None:
    """27.7272 E: "EXCEPTION: France may never scuttle ships"."""
    data = {
        "name": "france",
        "turn": {"season": "spring", "year": 1940},
        "faction": "western_allies",
        "powers": {
            "france": {
                "brps": 60,
                "brp_base": 90,
                "naval": {
                    "shipyards": [
                        {"id": "lorient", "chart": [ship("Jean Bart", "capital_ship", 4, 3, "fall")]}
                    ]
                },
            }
        },
    }
    s = Scenario.model_validate(data)
    scuttled = act(
        0,
        "Jean Bart",
        "scuttle",
        "row 3 fall",
        "scuttled",
        unit="capital_ship",
        factors=4,
        yard="lorient",
        power="france",
    )
    assert rules(check(s, plan(scuttled))) == ["27.7272 E"]


def test_one_action_per_ship_and_turn_and_before_is_the_ships_position() -> None:
    """27.7272: one option for each naval unit in the column; the plan's `before` is the position
    the charts give (report)."""
    s = scenario(shipyards=kiel([ship("Tirpitz", "capital_ship", 4, 3, "spring")]))
    twice = plan(
        act(0, "Tirpitz", "continue", "row 3 spring", "row 2 spring", unit="capital_ship", factors=4),
        act(0, "Tirpitz", "continue", "row 2 spring", "launched", unit="capital_ship", factors=4),
    )
    assert "27.7272" in rules(check(s, twice))
    misplaced = plan(
        act(0, "Tirpitz", "continue", "row 4 spring", "row 2 spring", unit="capital_ship", factors=4)
    )
    result = check(s, misplaced)
    assert rules(result) == [REPORT]
    assert "before 'row 4 spring' in the plan, 'row 3 spring' by the charts" in result[0].message


@pytest.mark.parametrize(
    ("season", "unit", "after"),
    [
        ("summer", "graf", "row 3 summer"),
        ("fall", "cruiser", "row 2 spring"),
        ("spring", "dd", "launch summer"),
        ("fall", "dd", "launch winter"),
    ],
)
def test_lay_down_positions_by_season(season: str, unit: str, after: str) -> None:
    """27.7251 A-C: named ships in the turn's column, cruisers two columns on (fall to spring),
    destroyers one column on."""
    s = scenario(season=season)
    assert check(s, plan(act(0, f"{unit}#1", "lay_down", "new", after))) == []


def sunk(rate: int = 4, turns: int = 2, **ship_fields: Any) -> Scenario:
    """Germany with Gneisenau (3 factors) sunk in port, raised with a point of Kiel."""
    gneisenau = {"id": "Gneisenau", "unit": "capital_ship", "factors": 3, "yard": "kiel", **ship_fields}
    return scenario(
        shipyards=[{"id": "kiel", "rate": rate}], sunk_in_port=[gneisenau], horizon={"turns": turns}
    )


def test_raising_a_ship_sunk_in_port() -> None:
    """27.7262: named ships sunk in port are raised "by first expending one shipbuilding point and
    three BRPs" to damaged status; "Repairs may not be started on a ship in the same player turn in
    which it is raised"; from the next turn it waits for repair at its yard (27.7263: the point comes
    from a yard of the owner). Raised in spring, repaired in summer: Launch row of winter."""
    s = sunk()
    raised = act(0, "Gneisenau", "raise", "sunk", "waiting", **GNEISENAU)
    repaired = act(1, "Gneisenau", "start_repair", "waiting", "launch winter", **GNEISENAU)
    p = plan(raised, repaired)
    assert check(s, p) == []
    replay = replay_naval(s, p)
    assert replay.brps[Power.GERMANY] == [3, 3]
    assert replay.points[(Power.GERMANY, "kiel", 0)] == 1
    assert replay.charts[(Power.GERMANY, "kiel", 0)] == ([], [])
    assert replay.charts[(Power.GERMANY, "kiel", 1)] == ([], ["Gneisenau"])
    same_turn = check(s, plan(raised, repaired.model_copy(update={"turn": 0, "after": "launch fall"})))
    assert rules(same_turn) == ["27.7262"]
    assert "repairs may not start in the player turn the ship is raised" in same_turn[0].message
    not_raised = check(s, plan(repaired.model_copy(update={"before": "sunk", "after": "sunk"})))
    assert rules(not_raised) == ["27.7262"]
    free = check(s, plan(raised.model_copy(update={"sb": 0, "brps": 0}), repaired))
    assert rules(free) == ["27.7262"]
    assert "costs 1 SB and 3 BRPs, not 0 SB and 0 BRPs" in free[0].message
    again = check(s, plan(raised, act(1, "Gneisenau", "raise", "waiting", "waiting", **GNEISENAU)))
    assert rules(again) == ["27.7262"]


def test_raising_takes_a_point_of_the_yard_not_a_one_factor_point() -> None:
    """27.7263, 27.724 A: the point raising a ship is one of its yard's rate; it is no one-factor unit
    (27.7221 A): at rate 2 (one point on one-factor units) a raise and a destroyer fit, a third
    point does not."""
    s = sunk(rate=2, turns=1)
    raised = act(0, "Gneisenau", "raise", "sunk", "waiting", **GNEISENAU)
    destroyer = act(0, "dd#1", "lay_down", "new", "launch summer")
    assert check(s, plan(raised, destroyer)) == []
    assert rules(check(s, plan(raised, destroyer, act(0, "cruiser#1", "lay_down", "new", "row 2 fall")))) == [
        "27.724 A"
    ]


def test_only_named_ships_are_raised() -> None:
    """27.7262: "Cruisers, destroyers and CVEs which are sunk in port are permanently eliminated";
    27.7263: U.S. Atlantic shipbuilding serves only the European theater (the model refuses both)."""
    with pytest.raises(ValueError, match="27.7262"):
        sunk(unit="cruiser", factors=2)
    data = copy.deepcopy(USA)
    data["powers"]["usa"]["naval"]["sunk_in_port"] = [
        {
            "id": "Arizona",
            "unit": "capital_ship",
            "factors": 4,
            "yard": "us_atlantic_box",
            "theater": "pacific",
        }
    ]
    with pytest.raises(ValueError, match="27.7263"):
        Scenario.model_validate(data)


def test_destroyer_launches_automatically(scenario_of):
    """27.7273: destroyers are launched automatically after one turn: one in its Launch row may not defer."""
    from models.plan import NavalAction, Plan
    from models.tables import Power, UnitType
    from optimizer.checker import check

    naval = {
        "shipyards": [
            {
                "id": "kiel",
                "chart": [
                    {"id": "Z1", "unit": "destroyer", "factors": 1, "row": "launch", "column": "spring"}
                ],
            }
        ]
    }
    scenario = scenario_of({"germany": {"brps": 100, "brp_base": 150, "naval": naval}})
    plan = Plan(
        scenario="t",
        naval_actions=[
            NavalAction(
                turn=0,
                power=Power.GERMANY,
                yard="kiel",
                ship="Z1",
                unit=UnitType.DESTROYER,
                factors=1,
                action="defer",
                before="launch spring",
                after="launch summer",
                sb=0,
                brps=0,
            )
        ],
    )
    assert "27.7273" in {v.rule for v in check(scenario, plan)}
