"""The independent checker on naval construction (27.7), rule family by rule family.

Hand-written positions and plans; every number comes from the rules text of 27.7 and the README's
"How rule 27.7 (naval construction) is read", and each docstring cites its rule. Ships move on the
Naval Construction Chart: columns spring, summer, fall, winter; rows Launch, 2, 3, 4, 5.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from models.plan import (
    ChartShipView,
    ChartSnapshot,
    NavalAction,
    NavalReport,
    Plan,
    SWBuildLine,
)
from models.scenario import Scenario
from models.tables import Faction, Power, UnitType
from optimizer.checker import (
    REPORT,
    Violation,
    check,
    derive_oil,
    derive_report,
    naval_spending,
    replay_naval,
    shipyard_info,
)

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
        },
    },
}

USA: dict[str, Any] = {
    "name": "naval usa",
    "turn": {"season": "winter", "year": 1941},
    "faction": "western_allies",
    "us_at_war": {"europe": False, "pacific": False},
    "powers": {
        "usa": {
            "brps": 300,
            "brp_base": 300,  # limit 100
            "naval": {
                "usat": 40,
                "fast_carrier_permits": 1,
                "shipyards": [{"id": "us_atlantic_box", "rate": 4}, {"id": "us_pacific_box", "rate": 10}],
                "designs": [
                    {"id": "essex", "unit": "carrier", "factors": 3, "count": 3, "carrier_class": "cv"},
                    {"id": "cve", "unit": "escort_carrier", "factors": 1, "count": 12},
                ],
                "sw_units": [{"id": "subs", "unit": "submarine", "count": 3}],
            },
        },
    },
}


def scenario(base: dict[str, Any] = GERMANY, power: str = "germany", **naval: Any) -> Scenario:
    """The base position with the power's `naval` fields replaced; `horizon`, `turn`, `season`,
    `brps`, `brp_base` and `us_at_war` go to the scenario or the power."""
    data = copy.deepcopy(base)
    for key in ("horizon", "us_at_war", "oil_counters"):
        if key in naval:
            data[key] = naval.pop(key)
    if "season" in naval:
        data["turn"]["season"] = naval.pop("season")
    for key in ("brps", "brp_base", "force_pool", "naval_air"):
        if key in naval:
            data["powers"][power][key] = naval.pop(key)
    data["powers"][power]["naval"].update(naval)
    return Scenario.model_validate(data)


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


def rules(violations: list[Violation]) -> list[str]:
    return [v.rule for v in violations]


def reported(s: Scenario, p: Plan) -> Plan:
    """The plan with the checker's own accounting filled in: a fully stated plan."""
    return p.model_copy(update={"powers": derive_report(s, p), "oil": derive_oil(s, p)})


# --------------------------------------------------------------------------- new construction (27.7251)


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


# --------------------------------------------------------------------------- continuing construction (27.7272)


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


def test_without_deferring_allowed_a_ship_waits_only_when_its_yard_is_out_of_points() -> None:
    """27.7272 C restricts "voluntary" deferring [reading]: without `deferring_allowed`, a ship in
    the turn's column may still wait this turn when its yard has used every point (Kiel at rate 1,
    its point spent continuing the other ship)."""
    chart = [
        ship("Graf Zeppelin", "capital_ship", 3, 3, "spring"),
        ship("Seydlitz", "capital_ship", 3, 2, "spring"),
    ]
    s = scenario(shipyards=[{"id": "kiel", "rate": 1, "chart": chart}], deferring_allowed=False)
    graf = {"unit": "capital_ship", "factors": 3}
    waits = act(0, "Graf Zeppelin", "defer", "row 3 spring", "row 3 summer", **graf)
    assert check(s, plan(waits, act(0, "Seydlitz", "continue", "row 2 spring", "launched", **graf))) == []
    both = check(s, plan(waits, act(0, "Seydlitz", "defer", "row 2 spring", "row 2 summer", **graf)))
    assert rules(both) == ["27.7272 C", "27.7272 C"]
    assert "kiel used 0 of 1 points, germany keeps 200 BRPs and has 80 BRPs of construction limit left" in (
        both[0].message
    )


@pytest.mark.parametrize(("brps", "brp_base"), [(5, 240), (200, 15)])
def test_without_deferring_allowed_a_ship_waits_when_its_power_cannot_pay(brps: int, brp_base: int) -> None:
    """27.7272 C [reading]: without `deferring_allowed` a ship may also wait when its power cannot pay
    another 3 BRPs, the whole plan counted: within its BRPs (5 - 3 = 2 left) or its construction
    limit (BRP base 15: limit 5, 5 - 3 = 2 left). With 200 BRPs and a limit of 80 it may not."""
    chart = [
        ship("Graf Zeppelin", "capital_ship", 3, 3, "spring"),
        ship("Seydlitz", "capital_ship", 3, 3, "spring"),
    ]
    graf = {"unit": "capital_ship", "factors": 3}
    waits = act(0, "Graf Zeppelin", "defer", "row 3 spring", "row 3 summer", **graf)
    goes = act(0, "Seydlitz", "continue", "row 3 spring", "row 2 spring", **graf)
    poor = scenario(shipyards=kiel(chart), deferring_allowed=False, brps=brps, brp_base=brp_base)
    assert check(poor, plan(waits, goes)) == []
    rich = scenario(shipyards=kiel(chart), deferring_allowed=False)
    assert rules(check(rich, plan(waits, goes))) == ["27.7272 C"]


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


# --------------------------------------------------------------------------- yards (27.724, 27.7221, 27.74, 27.713)


def test_shipbuilding_points_are_at_most_the_rate() -> None:
    """27.724 A: the shipbuilding rate is the number of points which may be expended in that port in
    a single turn: Kiel at rate 4 lays down 4 ships, not 5."""
    s = scenario()
    four = [
        act(0, "graf#1", "lay_down", "new", "row 3 spring"),
        act(0, "graf#2", "lay_down", "new", "row 3 spring"),
        act(0, "cruiser#1", "lay_down", "new", "row 2 fall"),
        act(0, "cruiser#2", "lay_down", "new", "row 2 fall"),
    ]
    assert check(s, plan(*four)) == []
    result = check(s, plan(*four, act(0, "H-class#1", "lay_down", "new", "row 5 spring")))
    assert rules(result) == ["27.724 A"]
    assert "5 shipbuilding points used, rate 4" in result[0].message


def test_starting_rate_from_27_731_when_the_scenario_gives_none() -> None:
    """27.731: Kiel starts at rate 2 (capacity 4, 27.741)."""
    s = scenario(shipyards=[{"id": "kiel"}])
    yard = shipyard_info(Power.GERMANY, s.powers[Power.GERMANY].naval.shipyards[0])  # type: ignore[union-attr]
    assert (yard.rate, yard.capacity) == (2, 4)
    three = plan(
        act(0, "graf#1", "lay_down", "new", "row 3 spring"),
        act(0, "graf#2", "lay_down", "new", "row 3 spring"),
        act(0, "cruiser#1", "lay_down", "new", "row 2 fall"),
    )
    assert rules(check(s, three)) == ["27.724 A"]


def test_rate_3_yard_builds_at_most_two_one_factor_units_a_turn() -> None:
    """27.7221 A: "no more than half (round up) of each major power's shipbuilding rate may be used
    to construct destroyers, CVEs, submarines, ASW and transports": 2 of a rate of 3, destroyers
    and submarines together; 27.7221 B: no such limit on cruisers and named ships."""
    s = scenario(shipyards=[{"id": "kiel", "rate": 3}])
    two = plan(
        act(0, "dd#1", "lay_down", "new", "launch summer"),
        act(0, "cruiser#1", "lay_down", "new", "row 2 fall"),
        sw=(subs(1),),
    )
    assert check(s, two) == []
    three = plan(
        act(0, "dd#1", "lay_down", "new", "launch summer"),
        act(0, "dd#2", "lay_down", "new", "launch summer"),
        sw=(subs(1),),
    )
    result = check(s, three)
    assert rules(result) == ["27.7221 A"]
    assert (
        "3 shipbuilding points on one-factor units, at most 2 (half of rate 3, rounded up)"
        in result[0].message
    )
    assert rules(check(s, plan(sw=(subs(3),)))) == ["27.7221 A"]


@pytest.mark.parametrize(("rate", "half"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_one_factor_points_are_half_the_rate_rounded_up(rate: int, half: int) -> None:
    """27.7221 A: half (round up) of a yard's rate on one-factor units: submarines here."""
    s = scenario(
        shipyards=[{"id": "kiel", "rate": rate}],
        sw_units=[{"id": "u-boats", "unit": "submarine", "count": 9}],
    )
    assert check(s, plan(sw=(subs(half),))) == []
    assert "27.7221 A" in rules(check(s, plan(sw=(subs(half + 1),))))


def test_full_yard_refuses_a_lay_down_until_a_launch_frees_room() -> None:
    """27.741: capacity is twice the rate, "New ships may not be laid down ... in excess of this
    limit"; 27.742: when a ship is launched "the construction of a new ship ... may be started in
    the same unit construction phase". Kiel at rate 1 holds 2 ships, and holds 2 already."""
    chart = [ship("Z40", "destroyer", 1, "launch", "spring"), ship("Hipper", "cruiser", 2, 2, "summer")]
    s = scenario(shipyards=[{"id": "kiel", "rate": 1, "chart": chart}])
    lay = act(0, "cruiser#1", "lay_down", "new", "row 2 fall")
    z40: dict[str, Any] = {"unit": "destroyer", "factors": 1}
    # Deferring the destroyer instead of launching it (itself barred: 27.7273) keeps the yard full.
    refused = check(s, plan(act(0, "Z40", "defer", "launch spring", "launch summer", **z40), lay))
    assert rules(refused) == ["27.7273", "27.741"]
    assert any(
        "3 ships on the Naval Construction Chart after the phase, capacity 2" in v.message for v in refused
    )
    assert check(s, plan(act(0, "Z40", "launch", "launch spring", "launched", **z40), lay)) == []


def test_us_box_capacity_is_ten_until_its_rate_passes_five() -> None:
    """27.724 B, 27.743: each U.S. box holds 10 ships though its starting rate is 1; once the rate
    exceeds 5 the capacity is twice the rate."""
    s = scenario(USA, "usa")
    naval = s.powers[Power.USA].naval
    assert naval is not None
    assert shipyard_info(Power.USA, naval.shipyards[0]).capacity == 10  # rate 4
    assert shipyard_info(Power.USA, naval.shipyards[1]).capacity == 20  # rate 10
    rate_1 = scenario(USA, "usa", shipyards=[{"id": "us_atlantic_box"}])
    yard = shipyard_info(Power.USA, rate_1.powers[Power.USA].naval.shipyards[0])  # type: ignore[union-attr]
    assert (yard.rate, yard.capacity) == (1, 10)


def test_captured_yard_only_repairs_at_rate_1_and_capacity_2() -> None:
    """27.713: captured shipyards may repair cruisers and named ships, "but not to build new ships";
    "Each captured shipyard has a shipbuilding rate of one and a shipyard capacity of two"."""
    data = copy.deepcopy(GERMANY)
    data["powers"]["germany"]["naval"]["shipyards"].append(
        {
            "id": "brest",
            "captured": True,
            "rate": 3,
            "waiting_for_repair": [
                {"id": "Prinz Eugen", "unit": "cruiser", "factors": 2},
                {"id": "Scharnhorst", "unit": "capital_ship", "factors": 3},
                {"id": "Gneisenau", "unit": "capital_ship", "factors": 3},
            ],
        }
    )
    s = Scenario.model_validate(data)
    yard = shipyard_info(Power.GERMANY, s.powers[Power.GERMANY].naval.shipyards[1])  # type: ignore[union-attr]
    assert (yard.rate, yard.capacity, yard.captured) == (1, 2, True)
    repairs = [
        act(
            0,
            "Prinz Eugen",
            "start_repair",
            "waiting",
            "launch summer",
            unit="cruiser",
            factors=2,
            yard="brest",
            cost=(0, 0),
        ),
        act(
            0,
            "Scharnhorst",
            "start_repair",
            "waiting",
            "launch fall",
            unit="capital_ship",
            factors=3,
            yard="brest",
        ),
    ]
    assert check(s, plan(*repairs)) == []
    third = act(
        0, "Gneisenau", "start_repair", "waiting", "launch fall", unit="capital_ship", factors=3, yard="brest"
    )
    assert rules(check(s, plan(*repairs, third))) == ["27.713", "27.724 A"]
    built = check(s, plan(act(0, "cruiser#1", "lay_down", "new", "row 2 fall", yard="brest")))
    assert rules(built) == ["27.713"]
    assert rules(check(s, plan(sw=(subs(1, yard="brest"),)))) == ["27.713"]


# --------------------------------------------------------------------------- what may be built (27.7222-27.7325)


def test_new_ships_come_from_the_designs() -> None:
    """27.7251, 27.7224 [input]: counters never limit construction; the scenario's designs say
    what the player would lay down: '<design>#<n>' with n at most the design's count, laid down at
    most `count` times over the horizon, only at the design's yards (27.712)."""
    s = scenario(horizon={"turns": 2})
    assert rules(check(s, plan(act(0, "H-class#2", "lay_down", "new", "row 5 spring")))) == ["27.7251"]
    assert rules(
        check(s, plan(act(0, "Bismarck", "lay_down", "new", "row 5 spring", unit="capital_ship", factors=5)))
    ) == ["27.7251"]
    data = copy.deepcopy(GERMANY)
    data["powers"]["germany"]["naval"]["shipyards"].append({"id": "hamburg", "rate": 2})
    two_yards = Scenario.model_validate(data)
    both = plan(
        act(0, "H-class#1", "lay_down", "new", "row 5 spring"),
        act(0, "H-class#1", "lay_down", "new", "row 5 spring", yard="hamburg"),
    )
    result = check(two_yards, both)
    assert rules(result) == ["27.7251"]
    assert "laid down 2 times over the horizon, count 1" in result[0].message
    data["powers"]["germany"]["naval"]["designs"][0]["yards"] = ["hamburg"]
    restricted = Scenario.model_validate(data)
    assert rules(check(restricted, plan(both.naval_actions[0]))) == ["27.712"]
    assert check(restricted, plan(both.naval_actions[1])) == []


def test_canada_and_australia_yards_build_small_ships() -> None:
    """27.712 C: Canada builds "British destroyers, cruisers and two-factor named ships"; D:
    Australia "Australian destroyers and cruisers". Both may repair (27.7264)."""
    data = {
        "name": "commonwealth yards",
        "turn": {"season": "spring", "year": 1942},
        "faction": "western_allies",
        "powers": {
            "britain": {
                "brps": 100,
                "brp_base": 120,
                "naval": {
                    "shipyards": [
                        {"id": "canada_box"},
                        {
                            "id": "australia_box",
                            "rate": 2,
                            "waiting_for_repair": [{"id": "Hood", "unit": "capital_ship", "factors": 4}],
                        },
                    ],
                    "designs": [
                        {"id": "cl", "unit": "capital_ship", "factors": 2, "count": 2},
                        {"id": "kgv", "unit": "capital_ship", "factors": 4, "count": 1},
                        {"id": "town", "unit": "cruiser", "factors": 2, "count": 2},
                    ],
                },
            }
        },
    }
    s = Scenario.model_validate(data)

    def lay(name: str, after: str, yard: str) -> NavalAction:
        return act(0, name, "lay_down", "new", after, yard=yard, power="britain")

    assert check(s, plan(lay("cl#1", "row 2 spring", "canada_box"))) == []
    assert check(s, plan(lay("town#1", "row 2 fall", "australia_box"))) == []
    assert rules(check(s, plan(lay("cl#1", "row 2 spring", "australia_box")))) == ["27.712"]
    result = check(s, plan(lay("kgv#1", "row 4 spring", "canada_box")))
    assert rules(result) == ["27.712"]
    assert "Canada builds destroyers, cruisers and two-factor named ships, not a 4-factor capital_ship" in (
        result[0].message
    )
    hood = act(
        0, "Hood", "start_repair", "waiting", "launch fall", unit="capital_ship", factors=4, power="britain"
    )
    assert check(s, plan(hood.model_copy(update={"yard": "australia_box"}))) == []


def test_ship_laid_down_twice() -> None:
    """27.7251: only a new ship is laid down; once on the chart it continues (27.7272)."""
    s = scenario(horizon={"turns": 2})
    p = plan(
        act(0, "cruiser#1", "lay_down", "new", "row 2 fall"),
        act(1, "cruiser#1", "lay_down", "new", "row 2 winter"),
    )
    assert "27.7251" in rules(check(s, p))


def test_us_fast_carriers_before_war_with_japan() -> None:
    """27.7325: before war between the U.S. and Japan, American fast carrier construction is
    prohibited except one per permitting event (`fast_carrier_permits`: 1 here); not at war's
    outbreak (27.7222 A: the U.S. builds CVs, CVBs and CVLs)."""
    essex = [
        act(0, "essex#1", "lay_down", "new", "row 3 winter", yard="us_pacific_box", power="usa"),
        act(0, "essex#2", "lay_down", "new", "row 3 winter", yard="us_pacific_box", power="usa"),
    ]
    assert check(scenario(USA, "usa"), plan(essex[0])) == []
    result = check(scenario(USA, "usa"), plan(*essex))
    assert rules(result) == ["27.7325"]
    assert "2 fast carriers laid down before war with Japan, 1 permitted" in result[0].message
    at_war = scenario(USA, "usa", us_at_war={"europe": False, "pacific": True})
    assert check(at_war, plan(*essex)) == []


def test_american_cves_need_usat_35_and_fit_the_naval_air_rate() -> None:
    """27.7223 C: "The U.S. may build American CVEs once USAT reach 35. Construction of American
    CVEs is limited by the American naval air training rate" (4, 27.61, + 1 RP increase here)."""
    s = scenario(USA, "usa", naval_air={"rp_increase": 1})

    def cve(n: int, yard: str) -> NavalAction:
        return act(0, f"cve#{n}", "lay_down", "new", "launch spring", yard=yard, power="usa")

    five = [
        cve(1, "us_atlantic_box"),
        cve(2, "us_atlantic_box"),
        *(cve(n, "us_pacific_box") for n in (1, 2, 3)),
    ]
    assert check(s, plan(*five)) == []
    result = check(s, plan(*five, cve(4, "us_pacific_box")))
    assert rules(result) == ["27.7223 C"]
    assert "6 CVEs laid down, naval air training rate 5" in result[0].message
    early = scenario(USA, "usa", usat=34)
    assert rules(check(early, plan(five[0]))) == ["27.7223 C"]


# --------------------------------------------------------------------------- SW units (27.721 A, 27.93)


def test_sw_units_are_launched_at_once_for_1_sb_and_3_brps_a_factor() -> None:
    """27.721 A: submarines, ASW and transports are launched immediately, at a cost of one
    shipbuilding point and three BRPs for each factor; at most the build's count."""
    s = scenario()
    assert check(s, plan(sw=(subs(2),))) == []
    assert naval_spending(s, plan(sw=(subs(2),)))[Power.GERMANY].brps == 6
    assert rules(check(s, plan(sw=(subs(2, brps=3),)))) == ["27.721 A"]
    over = scenario(shipyards=[{"id": "kiel", "rate": 12}])
    result = check(over, plan(sw=(subs(3), subs(2))))
    assert rules(result) == ["27.721 A"]
    assert "5 factors built, count 4" in result[0].message


def test_germany_builds_only_submarines() -> None:
    """27.93 A: Germany builds only submarines among SW units (a line of ASW breaks it, and does not
    match the submarine build)."""
    result = check(scenario(), plan(sw=(subs(1, unit="asw", sw_boxes=[]),)))
    assert sorted(rules(result)) == ["27.721 A", "27.93"]


def test_sw_units_need_a_shipyard_of_the_power() -> None:
    """27.711, 27.72: SW units are built with a shipyard's points, at a yard of the power."""
    assert rules(check(scenario(), plan(sw=(subs(1, yard="genoa"),)))) == ["27.711"]


def test_sw_boxes_of_27_94() -> None:
    """27.94 [reading]: German submarines may redeploy to the Atlantic SW box; U.S. units built in
    the Pacific box to the Pacific; a wrong list is a report error."""
    assert rules(check(scenario(), plan(sw=(subs(1, sw_boxes=["pacific"]),)))) == [REPORT]
    line = SWBuildLine(
        power=Power.USA,
        build="subs",
        unit=UnitType.SUBMARINE,
        yard="us_pacific_box",
        factors=2,
        brps=6,
        placed="either U.S. box (27.93 F)",
        sw_boxes=["pacific"],
    )
    assert check(scenario(USA, "usa"), plan(sw=(line,))) == []


# --------------------------------------------------------------------------- money (27.72, 27.31, 27.35, 27.11)


def test_naval_brps_count_against_brps_and_the_construction_limit() -> None:
    """27.72: each naval factor costs three BRPs, construction like any other (27.11, 27.31): with
    a limit of 6 (BRP base 18) two lay-downs fit, three do not; with 5 BRPs one fits."""
    three = plan(
        act(0, "graf#1", "lay_down", "new", "row 3 spring"),
        act(0, "graf#2", "lay_down", "new", "row 3 spring"),
        act(0, "cruiser#1", "lay_down", "new", "row 2 fall"),
    )
    s = scenario(brp_base=18)
    assert rules(check(s, three)) == ["27.31"]
    assert check(s, plan(*three.naval_actions[:2])) == []
    poor = scenario(brps=5)
    result = check(poor, plan(*three.naval_actions[:2]))
    assert rules(result) == ["27.11"]
    assert "6 BRPs spent on construction but 5 BRPs available" in result[0].message
    report = derive_report(scenario(), three)[Power.GERMANY]
    assert (report.construction_brps, report.limit_used, report.brps_kept) == (9, 9, 191)


def test_naval_steps_past_the_oil_threshold_cost_6_brps() -> None:
    """27.35 [reading]: this turn's naval BRPs enter the 25-BRP oil threshold (no oil counter spent)
    in 3-BRP steps; 12 lay-downs are 12 steps, 8 fit inside (24 BRPs), the other 4 are past it and
    cost 6 BRPs each: 24 + 24 = 48 BRPs paid."""
    s = scenario(
        shipyards=[{"id": "kiel", "rate": 12}],
        designs=[{"id": "cruiser", "unit": "cruiser", "factors": 2, "count": 12}],
    )
    actions = [act(0, f"cruiser#{n}", "lay_down", "new", "row 2 fall") for n in range(1, 13)]
    inside = plan(*actions, naval=[NavalReport(power=Power.GERMANY, brps_by_turn=[36], oil_steps=0)])
    result = check(s, inside)
    assert rules(result) == ["27.35"]
    assert "36 BRPs of builds inside an oil threshold of 25 BRPs" in result[0].message
    past = inside.model_copy(
        update={"naval": [NavalReport(power=Power.GERMANY, brps_by_turn=[36], oil_steps=4)]}
    )
    assert check(s, reported(s, past)) == []
    report = derive_report(s, past)[Power.GERMANY]
    assert (report.construction_brps, report.limit_used) == (48, 48)
    [oil] = derive_oil(s, past)
    assert (oil.normal_cost_brps, oil.oil_affected_brps) == (24, 24)
    too_many = inside.model_copy(
        update={"naval": [NavalReport(power=Power.GERMANY, brps_by_turn=[36], oil_steps=5)]}
    )
    result = check(s, too_many)
    assert rules(result) == ["27.35"]
    assert "one more step (3 BRPs) fits inside it (21 of 25 BRPs used)" in result[0].message


def test_us_naval_steps_ignore_oil() -> None:
    """27.35 J: U.S. builds ignore the oil threshold: no U.S. naval step is past it."""
    s = scenario(USA, "usa")
    p = plan(
        act(0, "essex#1", "lay_down", "new", "row 3 winter", yard="us_pacific_box", power="usa"),
        naval=[NavalReport(power=Power.USA, brps_by_turn=[3], oil_steps=1)],
    )
    assert rules(check(s, p)) == ["27.35 J"]


def test_later_turns_fit_the_expected_brps_and_limits() -> None:
    """27.11, 27.31 over the horizon [reading]: a later turn's naval BRPs (normal cost) fit
    `horizon.future`'s BRPs and limit for that turn, else this turn's (here 200 BRPs, limit 80)."""
    actions = [
        act(1, "graf#1", "lay_down", "new", "row 3 summer"),
        act(1, "cruiser#1", "lay_down", "new", "row 2 winter"),
    ]
    future = {"turns": 3, "future": [{"brps": {"germany": 5}, "limits": {"germany": 3}}]}
    result = check(scenario(horizon=future), plan(*actions))
    assert rules(result) == ["27.11", "27.31"]
    assert "germany turn 1: 6 naval BRPs, 5 BRPs expected (horizon.future)" in result[0].message
    assert check(scenario(horizon={"turns": 3}), plan(*actions)) == []
    zero = {"turns": 2, "future": [{"brps": {"germany": 0}}]}
    assert rules(check(scenario(horizon=zero), plan(*actions))) == ["27.11"]
    tight = scenario(horizon={"turns": 2}, brp_base=15)  # this turn's limit 5
    assert rules(check(tight, plan(*actions))) == ["27.31"]


def test_minimum_builds_count_sw_units_and_ships_launched_this_turn() -> None:
    """Requirement [reading]: minimum builds count SW units built (27.721 A: launched at once) and
    ships launched this turn (Tirpitz, 4 factors, continued from row 2), not ships laid down."""
    chart = [ship("Tirpitz", "capital_ship", 4, 2, "spring")]
    data = copy.deepcopy(GERMANY)
    data["powers"]["germany"]["naval"]["shipyards"] = kiel(chart)
    data["objective"] = {
        "minimum": [
            {"factors": 2, "unit": "submarine", "power": "germany"},
            {"factors": 4, "unit": "capital_ship"},
        ]
    }
    s = Scenario.model_validate(data)
    tirpitz = act(0, "Tirpitz", "continue", "row 2 spring", "launched", unit="capital_ship", factors=4)
    assert check(s, plan(tirpitz, sw=(subs(2),))) == []
    short = check(
        s,
        plan(
            act(0, "Tirpitz", "defer", "row 2 spring", "row 2 summer", unit="capital_ship", factors=4),
            act(0, "graf#1", "lay_down", "new", "row 3 spring"),
            sw=(subs(1),),
        ),
    )
    assert [(v.rule, v.kind) for v in short] == [("objective.minimum", "requirement")] * 2
    assert "germany: at least 2 submarine factors): 1 built" in short[0].message
    assert "the faction: at least 4 capital_ship factors): 0 built" in short[1].message


# --------------------------------------------------------------------------- reports and stray actions


def test_actions_outside_the_naval_powers_yards_and_horizon() -> None:
    """27.7: naval actions need a power with naval construction, a turn of the horizon, and a yard
    with a Naval Construction Chart (27.723)."""
    s = scenario()
    assert rules(check(s, plan(act(1, "cruiser#1", "lay_down", "new", "row 2 winter")))) == ["27.7"]
    assert rules(check(s, plan(act(0, "cruiser#1", "lay_down", "new", "row 2 fall", yard="hamburg")))) == [
        "27.723"
    ]
    italy = act(0, "cruiser#1", "lay_down", "new", "row 2 fall", yard="genoa", power="italy")
    assert rules(check(s, plan(italy))) == ["27.7"]
    data = copy.deepcopy(GERMANY)
    data["powers"]["italy"] = {"brps": 50, "brp_base": 60}
    assert rules(check(Scenario.model_validate(data), plan(italy))) == ["27.7"]


def test_naval_report_brps_by_turn() -> None:
    """Report: `NavalReport.brps_by_turn` is each turn's naval BRPs at normal cost; every naval
    power with shipyards has one when the plan reports."""
    s = scenario(horizon={"turns": 2})
    p = plan(act(0, "graf#1", "lay_down", "new", "row 3 spring"), sw=(subs(1),))
    good = p.model_copy(
        update={"naval": [NavalReport(power=Power.GERMANY, brps_by_turn=[6, 0], oil_steps=0)]}
    )
    assert check(s, good) == []
    bad = p.model_copy(update={"naval": [NavalReport(power=Power.GERMANY, brps_by_turn=[3, 0], oil_steps=0)]})
    result = check(s, bad)
    assert [(v.rule, v.kind) for v in result] == [(REPORT, REPORT)]
    assert "brps_by_turn: [3, 0] in the plan, [6, 0] by the charts" in result[0].message


def test_chart_snapshots() -> None:
    """Report: `charts` lists each yard's chart at the start of each turn (turn = horizon: after the
    last), exactly the ships on it and those waiting for repair."""
    s = scenario(shipyards=kiel(waiting=[{"id": "Scharnhorst", "unit": "capital_ship", "factors": 3}]))
    p = plan(act(0, "cruiser#1", "lay_down", "new", "row 2 fall"))
    cruiser = ChartShipView(ship="cruiser#1", unit=UnitType.CRUISER, factors=2, row="2", column="fall")
    charts = [
        ChartSnapshot(power=Power.GERMANY, yard="kiel", turn=0, ships=[], waiting_for_repair=["Scharnhorst"]),
        ChartSnapshot(
            power=Power.GERMANY, yard="kiel", turn=1, ships=[cruiser], waiting_for_repair=["Scharnhorst"]
        ),
    ]
    assert check(s, p.model_copy(update={"charts": charts})) == []
    wrong = [
        charts[0],
        charts[1].model_copy(update={"ships": [cruiser.model_copy(update={"column": "spring"})]}),
    ]
    result = check(s, p.model_copy(update={"charts": wrong}))
    assert [(v.rule, v.kind) for v in result] == [(REPORT, REPORT)]
    assert "[cruiser#1 row 2 spring] in the plan, [cruiser#1 row 2 fall] by the charts" in result[0].message
    assert "missing from the plan" in check(s, p.model_copy(update={"charts": charts[:1]}))[0].message


# --------------------------------------------------------------------------- a solver plan


def test_solver_plan_over_four_turns_passes() -> None:
    """27.7 as a whole: the plan `awaw plan` made for this German position over 4 turns (Kiel rate
    4; Tirpitz in row 2 and Z40 in the Launch row of spring, Hipper in row 2 of summer, Scharnhorst
    waiting) passes, chart snapshots, reports and accounting included."""
    chart = [
        ship("Tirpitz", "capital_ship", 4, 2, "spring"),
        ship("Hipper", "cruiser", 2, 2, "summer"),
        ship("Z40", "destroyer", 1, "launch", "spring"),
    ]
    designs = [
        {"id": "H-class", "unit": "capital_ship", "factors": 5, "count": 1},
        {"id": "cruiser", "unit": "cruiser", "factors": 2, "count": 2},
        {"id": "destroyer", "unit": "destroyer", "factors": 1, "count": 2},
    ]
    s = scenario(
        shipyards=kiel(chart, [{"id": "Scharnhorst", "unit": "capital_ship", "factors": 3}]),
        designs=designs,
        horizon={"turns": 4, "discount": 0.9},
    )
    named = {"unit": "capital_ship"}
    actions = [
        act(0, "Scharnhorst", "start_repair", "waiting", "launch fall", factors=3, **named),
        act(0, "Tirpitz", "continue", "row 2 spring", "launched", factors=4, **named),
        act(0, "Z40", "launch", "launch spring", "launched", unit="destroyer", factors=1),
        act(1, "Hipper", "continue", "row 2 summer", "launched", unit="cruiser", factors=2),
        act(1, "cruiser#1", "lay_down", "new", "row 2 winter"),
        act(1, "cruiser#2", "lay_down", "new", "row 2 winter"),
        act(1, "destroyer#1", "lay_down", "new", "launch fall"),
        act(2, "H-class#1", "lay_down", "new", "row 5 fall"),
        act(2, "Scharnhorst", "launch", "launch fall", "launched", factors=3, **named),
        act(2, "destroyer#1", "launch", "launch fall", "launched"),
        act(2, "destroyer#2", "lay_down", "new", "launch winter"),
        act(3, "cruiser#1", "continue", "row 2 winter", "launched"),
        act(3, "cruiser#2", "continue", "row 2 winter", "launched"),
        act(3, "destroyer#2", "launch", "launch winter", "launched"),
    ]

    def view(name: str, row: str, column: str) -> ChartShipView:
        unit, factors = {
            "Tirpitz": ("capital_ship", 4),
            "Hipper": ("cruiser", 2),
            "Z40": ("destroyer", 1),
            "Scharnhorst": ("capital_ship", 3),
        }.get(name) or UNITS[name.split("#")[0]]
        return ChartShipView(ship=name, unit=UnitType(unit), factors=factors, row=row, column=column)

    snapshots = [
        (
            [("Tirpitz", "2", "spring"), ("Hipper", "2", "summer"), ("Z40", "launch", "spring")],
            ["Scharnhorst"],
        ),
        ([("Hipper", "2", "summer"), ("Scharnhorst", "launch", "fall")], []),
        (
            [
                ("Scharnhorst", "launch", "fall"),
                ("cruiser#1", "2", "winter"),
                ("cruiser#2", "2", "winter"),
                ("destroyer#1", "launch", "fall"),
            ],
            [],
        ),
        (
            [
                ("H-class#1", "5", "fall"),
                ("cruiser#1", "2", "winter"),
                ("cruiser#2", "2", "winter"),
                ("destroyer#2", "launch", "winter"),
            ],
            [],
        ),
        ([("H-class#1", "5", "fall")], []),
    ]
    charts = [
        ChartSnapshot(
            power=Power.GERMANY,
            yard="kiel",
            turn=t,
            ships=[view(*v) for v in ships],
            waiting_for_repair=waiting,
        )
        for t, (ships, waiting) in enumerate(snapshots)
    ]
    p = plan(
        *actions,
        sw=(subs(2),),
        charts=charts,
        naval=[NavalReport(power=Power.GERMANY, brps_by_turn=[12, 12, 6, 6], oil_steps=0)],
        oil_counters_spent={AX: 0},
    )
    full = reported(s, p)
    assert check(s, full) == []
    report = full.powers[Power.GERMANY]
    assert (report.construction_brps, report.limit_used, report.brps_kept) == (12, 12, 188)
    assert full.oil[0].normal_cost_brps == 12
    # Dropping Z40's launch leaves it in the spring column in spring (and on the later snapshots).
    dropped = check(s, full.model_copy(update={"naval_actions": [a for a in actions if a.ship != "Z40"]}))
    assert [v.rule for v in dropped if v.kind != REPORT] == ["27.7272"]
    assert any("charts.germany.kiel.turn 1.ships" in v.message for v in dropped)


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


# --------------------------------------------------------------------------- the rest of 27.7


def british_cves(usat: int, europe: bool, **fields: Any) -> Scenario:
    """The U.S. with a design of CVEs built for Britain (27.7223 B); `grants_made` and `britain`
    (Britain's power state) when given."""
    data = copy.deepcopy(USA)
    data["us_at_war"] = {"europe": europe, "pacific": False}
    naval = data["powers"]["usa"]["naval"]
    naval["usat"] = usat
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


def test_british_cves_from_usat_28() -> None:
    """27.7223 B: "The U.S. may build British CVEs once USAT reach 28" (American CVEs only from 35,
    C): refused at USAT 27, allowed at 28, where the grant limit is 28 - 25 = 3 BRPs, one lay-down."""
    refused = check(british_cves(27, europe=False), plan(bcve(1)))
    assert rules(refused) == ["27.7223 B", "27.7223 B"]
    assert "1 British CVEs laid down, but USAT 27 is below 28" in refused[0].message
    assert check(british_cves(28, europe=False), plan(bcve(1))) == []
    assert rules(
        check(
            british_cves(28, europe=False),
            plan(act(0, "cve#1", "lay_down", "new", "launch spring", yard="us_pacific_box", power="usa")),
        )
    ) == ["27.7223 C"]


def test_british_cves_fit_britains_naval_air_rate() -> None:
    """27.7223 B: "Construction of British CVEs is limited by the British naval air training rate"
    (2, 27.61; 3 with one RP increase when Britain is planned), counted apart from the American
    CVEs and their rate (4, 27.7223 C). At war with Germany, no grant limit."""
    s = british_cves(40, europe=True)
    two = [bcve(1), bcve(2, "us_atlantic_box")]
    american = [
        act(0, f"cve#{n}", "lay_down", "new", "launch spring", yard="us_pacific_box", power="usa")
        for n in (1, 2, 3, 4)
    ]
    assert check(s, plan(*two, *american)) == []
    result = check(s, plan(*two, bcve(3)))
    assert rules(result) == ["27.7223 B"]
    assert "3 British CVEs laid down, British naval air training rate 2" in result[0].message
    with_britain = british_cves(
        40, europe=True, britain={"brps": 50, "brp_base": 60, "naval_air": {"rp_increase": 1}}
    )
    assert check(with_britain, plan(*two, bcve(3))) == []
    # A later turn has its own rate: two more in spring, as the first two launch.
    later = british_cves(40, europe=True)
    later = later.model_copy(update={"horizon": later.horizon.model_copy(update={"turns": 2})})
    launches = [
        act(1, "bcve#1", "launch", "launch spring", "launched", yard="us_pacific_box", power="usa"),
        act(1, "bcve#2", "launch", "launch spring", "launched", yard="us_atlantic_box", power="usa"),
    ]
    spring = [
        act(1, f"bcve#{n}", "lay_down", "new", "launch summer", yard="us_pacific_box", power="usa")
        for n in (3, 4, 5)
    ]
    assert check(later, plan(*two, *launches, *spring[:2])) == []
    assert rules(check(later, plan(*two, *launches, *spring))) == ["27.7223 B"]


def test_british_cves_count_against_the_us_grant_limit() -> None:
    """27.7223 B: British CVEs are built "with the cost of construction counting against the
    American BRP grant limit": before war with Germany, USAT 30 allows 30 - 25 = 5 BRPs (40.331 A),
    shared with the U.S. grants to Britain, France, Canada and South Africa. One CVE (3) and a grant
    of 2 fit; a grant of 3 does not. The U.S. pays the CVE, against its own limit (27.72)."""
    s = british_cves(
        30, europe=False, grants_made=[{"to": "britain", "brps": 2}], britain={"brps": 50, "brp_base": 60}
    )
    assert check(s, plan(bcve(1))) == []
    assert naval_spending(s, plan(bcve(1)))[Power.USA].brps == 3
    over = british_cves(30, europe=False, grants_made=[{"to": "france", "brps": 3}])
    result = check(over, plan(bcve(1)))
    assert rules(result) == ["27.7223 B"]
    assert "pays 0 BRPs of transports, 3 BRPs of British CVEs and grants 3 BRPs" in result[0].message
    assert "grant limit of 5" in result[0].message
    # A grant to Australia is outside 40.331 A; at war with Germany there is no limit.
    assert (
        check(
            british_cves(28, europe=True, grants_made=[{"to": "france", "brps": 10}]), plan(bcve(1), bcve(2))
        )
        == []
    )


def australia(destroyers: int = 0, cruisers: int = 0, turns: int = 1) -> Scenario:
    """Britain with the Australia yard (rate 2: one point on one-factor units a turn, 27.7221 A)."""
    return Scenario.model_validate(
        {
            "name": "australian ships",
            "turn": {"season": "spring", "year": 1942},
            "faction": "western_allies",
            "horizon": {"turns": turns},
            "powers": {
                "britain": {
                    "brps": 100,
                    "brp_base": 120,
                    "naval": {
                        "shipyards": [{"id": "australia_box", "rate": 2}],
                        "designs": [
                            {"id": "dd", "unit": "destroyer", "factors": 1, "count": 3},
                            {"id": "town", "unit": "cruiser", "factors": 2, "count": 3},
                        ],
                        "australian_destroyers_in_play": destroyers,
                        "australian_cruisers_in_play": cruisers,
                    },
                }
            },
        }
    )


def aus(turn: int, name: str, after: str) -> NavalAction:
    return act(turn, name, "lay_down", "new", after, yard="australia_box", power="britain")


def test_australian_ships_in_play() -> None:
    """27.712 D: "No more than two Australian destroyer factors and two Australian CA2s may be in
    play at any time": with 2 destroyer factors in play a destroyer lay-down is refused; with 1, one
    over the horizon; with 2 CA2s in play no cruiser; with 1, one."""
    result = check(australia(destroyers=2), plan(aus(0, "dd#1", "launch summer")))
    assert rules(result) == ["27.712 D"]
    assert "1 Australian destroyer factors laid down over the horizon, at most 2 - 2 in play = 0" in (
        result[0].message
    )
    one = australia(destroyers=1, turns=2)
    launch = act(1, "dd#1", "launch", "launch summer", "launched", yard="australia_box", power="britain")
    assert check(one, plan(aus(0, "dd#1", "launch summer"), launch)) == []
    both = plan(aus(0, "dd#1", "launch summer"), launch, aus(1, "dd#2", "launch fall"))
    assert rules(check(one, both)) == ["27.712 D"]
    assert check(australia(turns=2), both) == []
    assert rules(check(australia(cruisers=2), plan(aus(0, "town#1", "row 2 fall")))) == ["27.712 D"]
    cruisers = australia(cruisers=1, turns=2)
    assert check(cruisers, plan(aus(0, "town#1", "row 2 fall"))) == []
    assert rules(check(cruisers, plan(aus(0, "town#1", "row 2 fall"), aus(1, "town#2", "row 2 winter")))) == [
        "27.712 D"
    ]


def sunk(rate: int = 4, turns: int = 2, **ship_fields: Any) -> Scenario:
    """Germany with Gneisenau (3 factors) sunk in port, raised with a point of Kiel."""
    gneisenau = {"id": "Gneisenau", "unit": "capital_ship", "factors": 3, "yard": "kiel", **ship_fields}
    return scenario(
        shipyards=[{"id": "kiel", "rate": rate}], sunk_in_port=[gneisenau], horizon={"turns": turns}
    )


GNEISENAU = {"unit": "capital_ship", "factors": 3}


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
    return Scenario.model_validate(data)


LITTORIO = act(0, "Littorio", "start_repair", "waiting", "launch fall", yard="brest", **GNEISENAU)


def test_repairs_at_a_captured_yard_are_paid_by_the_ships_owner() -> None:
    """27.7264: "The cost of repairs is paid by the owner of the shipyard, or in the case of a
    captured shipyard, by the owner of the ship": an Italian ship repaired at Brest, a German-held
    captured yard, costs Italy 3 BRPs and Germany none; at a yard that is not captured Germany pays;
    a minor country's ship is paid by the yard's power (27.7266 C)."""
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
    assert naval_spending(captured("minor"), p)[Power.GERMANY].brps == 3
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


def test_french_ships_are_never_scuttled_in_any_yard() -> None:
    """27.7272 E: "France may never scuttle ships" [reading: French ships, the README's "except French
    ones"]: a French ship in a British yard is not scuttled."""
    data = {
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
    assert rules(check(s, plan(scuttled))) == ["27.7272 E"]


def japan_transports(usat: int, sunk_by_japan: int, pacific: bool = True, britain: bool = False) -> Scenario:
    """The U.S. at war with Japan (or not), not with Germany, with transports to build; Britain
    planned with `britain`."""
    data = copy.deepcopy(USA)
    if britain:
        data["powers"]["britain"] = {"brps": 50, "brp_base": 60}
    data["us_at_war"] = {"europe": False, "pacific": pacific}
    naval = data["powers"]["usa"]["naval"]
    naval.update(usat=usat, transports_sunk_by_japan=sunk_by_japan)
    naval["sw_units"].append({"id": "transports", "unit": "transport", "count": 6})
    return Scenario.model_validate(data)


def transports(factors: int, yard: str = "us_pacific_box", **paid: int) -> SWBuildLine:
    return SWBuildLine(
        power=Power.USA,
        build="transports",
        unit=UnitType.TRANSPORT,
        yard=yard,
        factors=factors,
        brps=3 * factors,
        placed="either U.S. box (27.93 F)",
        paid_by={Power(p): b for p, b in paid.items()} or {Power.USA: 3 * factors},
        sw_boxes=["pacific"] if yard == "us_pacific_box" else ["atlantic"],
    )


def test_transports_sunk_by_japan_are_rebuilt_at_us_expense_outside_the_grant_limit() -> None:
    """27.7322 C: "If the United States and Japan go to war before the United States and Germany go
    to war, transports sunk by Japan may be rebuilt in the Pacific U.S. box without regard for the
    USAT level and do not count against the American BRP grant limit to Britain". USAT 20 (cash and
    carry, no British losses), 2 sunk by Japan: 2 transports in the Pacific box at U.S. expense
    (6 BRPs, against the U.S. limit 1:1); a third is cash and carry and refused; in the Atlantic box,
    or before war with Japan, they are refused (27.7322 A)."""
    s = japan_transports(usat=20, sunk_by_japan=2)
    p = plan(sw=(transports(2),))
    assert check(s, p) == []
    report = derive_report(s, p)[Power.USA]
    assert (report.construction_brps, report.limit_used) == (6, 6)
    result = check(s, plan(sw=(transports(3),)))
    assert rules(result) == ["27.7322 A", "27.7322 B"]  # cash and carry, and the U.S. pays 3 of 0
    assert "1 transports before war with Germany at USAT 20" in result[0].message
    assert rules(check(s, plan(sw=(transports(2, "us_atlantic_box"),)))) == ["27.7322 A", "27.7322 B"]
    assert rules(check(japan_transports(usat=20, sunk_by_japan=2, pacific=False), p)) == [
        "27.7322 A",
        "27.7322 B",
    ]


def test_transports_sunk_by_japan_do_not_use_the_us_grant_limit() -> None:
    """27.7322 B, C: at USAT 26 the U.S. pays at most 26 - 25 = 1 BRP of lend-lease transports; three
    transports sunk by Japan rebuilt at U.S. expense (9 BRPs) are outside that limit; with only two
    sunk by Japan, the third is lend lease at U.S. expense, 3 BRPs over the limit of 1 (27.7322 B).
    Only transports the U.S. pays wholly are the exception [reading]: of a line of 3 paid 8 by the
    U.S. and 1 by Britain, two; of one Britain pays, none (cash and carry at USAT 20)."""
    p = plan(sw=(transports(3),))
    assert check(japan_transports(usat=26, sunk_by_japan=3), p) == []
    result = check(japan_transports(usat=26, sunk_by_japan=2), p)
    assert rules(result) == ["27.7322 B"]
    assert "pays 3 BRPs of transports" in result[0].message
    mixed = plan(sw=(transports(3, usa=8, britain=1),))
    assert check(japan_transports(usat=27, sunk_by_japan=2, britain=True), mixed) == []
    over = check(japan_transports(usat=27, sunk_by_japan=1, britain=True), mixed)
    assert rules(over) == ["27.7322 B"]
    assert "pays 5 BRPs of transports" in over[0].message
    british = plan(sw=(transports(1, britain=3),))
    assert rules(check(japan_transports(usat=20, sunk_by_japan=1, britain=True), british)) == ["27.7322 A"]


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
