"""The engineers schedule (CP-SAT) on tiny positions, expected numbers from the Europa engineers
article (sections cited by name). Every plan is also passed through the independent checker."""

from __future__ import annotations

from typing import Any

import pytest
from ortools.sat.python import cp_model

import scenarios
from models.engineers import EngineerScenario, load_engineer_scenario
from optimizer.checker.engineers import check_engineers
from optimizer.rules.engineers.constraints import add_engineers
from optimizer.rules.engineers.objective import value_expression
from optimizer.rules.engineers.prepare import prepare
from optimizer.rules.engineers.solve import solve_engineers
from optimizer.rules.engineers.variables import make_variables


def build(
    units: list[dict[str, Any]],
    tasks: list[dict[str, Any]],
    turns: int = 3,
    weather: list[str] | None = None,
    hexes: list[dict[str, Any]] | None = None,
    neighbours: list[dict[str, Any]] | None = None,
    **extra: Any,
) -> EngineerScenario:
    """A one-zone position; by default a clear hex `a` with a resource point beside a woods hex `b`."""
    data = {
        "kind": "engineers",
        "name": "test",
        "turns": turns,
        "discount": 0.9,
        "hexes": hexes
        or [
            {"id": "a", "terrain": "clear", "zone": "D", "resource_points": 2},
            {"id": "b", "terrain": "woods", "zone": "D"},
        ],
        "neighbours": neighbours if neighbours is not None else [{"hexes": ["a", "b"], "mps": 1}],
        "weather": {"D": weather or ["clear"] * turns},
        "units": units,
        "tasks": tasks,
        **extra,
    }
    return EngineerScenario.model_validate(data)


def cons(uid: str = "cons_iii", mps: float = 8, hex: str = "b", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "type": "construction", "size": "regiment", "mps": mps, "hex": hex, **extra}


def solved(scenario: EngineerScenario):
    result = solve_engineers(scenario)
    assert result.status == "optimal"
    assert result.plan is not None
    assert check_engineers(scenario, result.plan) == []
    return result.plan


def outcome(plan, task: str):
    return next(t for t in plan.tasks if t.task == task)


def line(plan, unit: str, turn: int):
    return next(s for s in plan.schedule if s.unit == unit and s.turn == turn)


FORT = {"id": "fort", "kind": "fort", "hex": "b", "value": 10}


def test_example_a_fort_in_woods_done_two_turns_after_it_is_begun():
    """Example A: begun in the Sep I initial phase, the woods fort is completed in the Oct I initial
    phase, two turns on (turn 3); the resource point is spent when it is begun."""
    plan = solved(build([cons()], [FORT], turns=3))
    assert outcome(plan, "fort").done_turn == 3
    assert outcome(plan, "fort").resource_point == "a"
    assert line(plan, "cons_iii", 1).begins == "fort"
    assert line(plan, "cons_iii", 2).busy_with == "fort"
    assert line(plan, "cons_iii", 2).mps_available == 0
    assert line(plan, "cons_iii", 3).mps_available == 8


def test_example_a_poor_weather_four_turns():
    """Example A in poor weather: busy four turns, the fort done in the fifth initial phase."""
    plan = solved(build([cons()], [FORT], turns=5, weather=["mud"] * 5))
    assert outcome(plan, "fort").done_turn == 5


def test_example_a_with_quick_construction_cons_iii_and_eng_x_one_turn():
    """Example A with the British 2-3-8 Eng X helping: done the next initial phase (Sep II)."""
    eng_x = {"id": "eng_x", "type": "combat_engineer", "size": "brigade", "defense": 3, "mps": 8, "hex": "b"}
    plan = solved(build([cons(), eng_x], [FORT], turns=3))
    assert outcome(plan, "fort").done_turn == 2
    assert line(plan, "eng_x", 1).begins == "fort"


def test_example_b_quick_construction_done_same_initial_phase_with_half_mps_left():
    """Example B: in clear, the 0-1-5 Cons III and the 2-8 mot Eng III complete the fort in the
    initial phase they begin it and have 2½ and 4 MPs for the movement phase."""
    units = [
        cons(mps=5, hex="a"),
        {
            "id": "eng_iii",
            "type": "combat_engineer",
            "size": "regiment",
            "defense": 2,
            "mps": 8,
            "hex": "a",
            "motorized": True,
        },
    ]
    plan = solved(build(units, [{"id": "fort", "kind": "fort", "hex": "a", "value": 10}], turns=1))
    assert outcome(plan, "fort").done_turn == 1
    assert line(plan, "cons_iii", 1).mps_available == 2.5
    assert line(plan, "eng_iii", 1).mps_available == 4


def test_one_task_begun_per_initial_phase():
    """Example B: having begun a task, a unit may not begin another in that initial phase: two
    one-turn forts in one hex by one quick-construction brigade take two initial phases."""
    brigade = {"id": "brig", "type": "construction", "size": "brigade", "defense": 2, "mps": 6, "hex": "a"}
    tasks = [
        {"id": "fort", "kind": "fort", "hex": "a", "value": 10},
        {"id": "airbase", "kind": "permanent_airbase", "hex": "a", "value": 10},
    ]
    plan = solved(build([brigade], tasks, turns=2))
    assert sorted(outcome(plan, k).done_turn for k in ("fort", "airbase")) == [1, 2]


def test_rail_repair_carries_mps_over_turns_in_poor_weather():
    """Other repair issues: rail repair costs 8 MPs in poor weather; a 5-MP unit pays it over two
    turns and the line is repaired in the second."""
    hexes = [{"id": "a", "terrain": "clear", "zone": "D", "broken_rail": True}]
    plan = solved(
        build(
            [cons(mps=5, hex="a")],
            [{"id": "rail", "kind": "repair_rail", "hex": "a", "value": 5}],
            turns=2,
            weather=["frost", "frost"],
            hexes=hexes,
            neighbours=[],
        )
    )
    assert outcome(plan, "rail").done_turn == 2
    assert sum(w.mps for s in plan.schedule for w in s.work) == 8


def test_battalion_repairs_rail_in_eight_mps():
    """Battalions: twice the MPs: a 4-MP battalion repairs a rail line (4 MPs) in two turns."""
    hexes = [{"id": "a", "terrain": "clear", "zone": "D", "broken_rail": True}]
    battalion = {"id": "bn", "type": "construction", "size": "battalion", "mps": 4, "hex": "a"}
    plan = solved(
        build(
            [battalion],
            [{"id": "rail", "kind": "repair_rail", "hex": "a", "value": 5}],
            turns=2,
            hexes=hexes,
            neighbours=[],
        )
    )
    assert outcome(plan, "rail").done_turn == 2


def test_port_hits_four_mps_each_two_res_share():
    """Ports: 4 MPs per hit; two hits by two REs: each pays 4 MPs (Quick Construction)."""
    hexes = [{"id": "a", "terrain": "clear", "zone": "D", "port": {"capacity": 4, "hits": 2}}]
    plan = solved(
        build(
            [cons("c1", mps=4, hex="a"), cons("c2", mps=4, hex="a")],
            [{"id": "port", "kind": "repair_port", "hex": "a", "value": 5}],
            turns=1,
            hexes=hexes,
            neighbours=[],
        )
    )
    assert outcome(plan, "port").done_turn == 1


def test_temporary_airbase_not_built_in_mud():
    """Weather Effects: temporary airbases may not be built in mud."""
    tasks = [{"id": "temp", "kind": "temporary_airbase", "hex": "a", "value": 5}]
    plan = solved(build([cons(hex="a")], tasks, turns=2, weather=["mud", "mud"]))
    assert outcome(plan, "temp").done_turn is None
    plan = solved(build([cons(hex="a")], tasks, turns=2, weather=["mud", "clear"]))
    assert outcome(plan, "temp").done_turn == 2


def test_temporary_airbase_in_woods_costs_twelve_mps():
    """Temporary Airbases; Terrain effects: 6 MPs doubled in woods: an 8-MP unit cannot build it in
    one movement phase, a 12-MP one can."""
    tasks = [{"id": "temp", "kind": "temporary_airbase", "hex": "b", "value": 5}]
    assert outcome(solved(build([cons(mps=8)], tasks, turns=2)), "temp").done_turn is None
    assert outcome(solved(build([cons(mps=12)], tasks, turns=2)), "temp").done_turn == 1


def test_temporary_airbase_kept_by_a_unit_ending_turns_on_it():
    """Temporary Airbases: kept only by a construction unit ending the turn stacked with it."""
    tasks = [{"id": "temp", "kind": "temporary_airbase", "hex": "a", "value": 5}]
    plan = solved(build([cons(hex="a")], tasks, turns=3))
    assert outcome(plan, "temp").done_turn == 1
    assert all(line(plan, "cons_iii", t).move_to == "a" for t in (1, 2, 3))


def test_augmenting_past_twelve_refused():
    """Permanent Airbases and Forts: no hex above twelve airbase capacity."""
    hexes = [{"id": "a", "terrain": "clear", "zone": "D", "resource_points": 1, "airbase": {"permanent": 12}}]
    plan = solved(
        build(
            [cons(hex="a")],
            [{"id": "aug", "kind": "augment_airbase", "hex": "a", "value": 5}],
            turns=2,
            hexes=hexes,
            neighbours=[],
        )
    )
    assert outcome(plan, "aug").done_turn is None
    assert "12" in (outcome(plan, "aug").reason or "")


def test_augmenting_nine_to_twelve_allowed():
    """Permanent Airbases and Forts: augmenting adds three, up to twelve."""
    hexes = [{"id": "a", "terrain": "clear", "zone": "D", "resource_points": 1, "airbase": {"permanent": 9}}]
    plan = solved(
        build(
            [cons(hex="a")],
            [{"id": "aug", "kind": "augment_airbase", "hex": "a", "value": 5}],
            turns=2,
            hexes=hexes,
            neighbours=[],
        )
    )
    assert outcome(plan, "aug").done_turn == 2


BRIDGE_HEXES = [
    {"id": "a", "terrain": "clear", "zone": "D"},
    {"id": "b", "terrain": "clear", "zone": "D"},
]


def test_major_river_bridge_without_resource_point_refused():
    """Bridges: a major-river repair needs an overland supply line to a resource point."""
    plan = solved(
        build(
            [cons(hex="a")],
            [{"id": "br", "kind": "repair_bridge", "bridge": "x", "value": 5}],
            hexes=BRIDGE_HEXES,
            bridges=[{"id": "x", "hexes": ["a", "b"], "major_river": True}],
        )
    )
    assert outcome(plan, "br").done_turn is None
    assert "resource point" in (outcome(plan, "br").reason or "")


def test_major_river_bridge_eight_mps_and_a_resource_point():
    """Bridges: 8 MPs across a major river, from a hex beside it, spending a resource point."""
    hexes = [dict(BRIDGE_HEXES[0], resource_points=1), BRIDGE_HEXES[1]]
    scenario = build(
        [cons(hex="a")],
        [{"id": "br", "kind": "repair_bridge", "bridge": "x", "value": 5}],
        hexes=hexes,
        bridges=[{"id": "x", "hexes": ["a", "b"], "major_river": True}],
    )
    plan = solved(scenario)
    assert outcome(plan, "br").done_turn == 1
    assert outcome(plan, "br").resource_point == "a"
    assert line(plan, "cons_iii", 1).work[0].mps == 8


def test_bridge_needs_both_hexes_friendly():
    """Bridges: both hexes adjacent to the bridge must be friendly owned."""
    hexes = [BRIDGE_HEXES[0], dict(BRIDGE_HEXES[1], friendly=False)]
    plan = solved(
        build(
            [cons(hex="a")],
            [{"id": "br", "kind": "repair_bridge", "bridge": "x", "value": 5}],
            hexes=hexes,
            bridges=[{"id": "x", "hexes": ["a", "b"]}],
        )
    )
    assert outcome(plan, "br").done_turn is None


def test_civilian_labour_is_the_second_re():
    """Quick Construction: civilian labour within four hexes of a qualifying city is the second RE:
    a lone regiment builds a one-turn fort at once."""
    hexes = [{"id": "a", "terrain": "clear", "zone": "D", "resource_points": 1, "civilian_labour": True}]
    plan = solved(
        build(
            [cons(hex="a")],
            [{"id": "fort", "kind": "fort", "hex": "a", "value": 5}],
            turns=1,
            hexes=hexes,
            neighbours=[],
        )
    )
    assert outcome(plan, "fort").done_turn == 1


def test_unsupplied_unit_does_not_build_forts_but_repairs():
    """Permanent Airbases and Forts: the builder must be in supply; Other repair issues: repairs
    need none."""
    hexes = [{"id": "a", "terrain": "clear", "zone": "D", "resource_points": 1, "broken_rail": True}]
    tasks = [
        {"id": "fort", "kind": "fort", "hex": "a", "value": 50},
        {"id": "rail", "kind": "repair_rail", "hex": "a", "value": 1},
    ]
    plan = solved(build([cons(hex="a", supply="U-1")], tasks, turns=2, hexes=hexes, neighbours=[]))
    assert outcome(plan, "fort").done_turn is None
    assert outcome(plan, "rail").done_turn == 1


def test_deadline_missed_leaves_task_undone():
    """A deadline (the player's): the fort in woods cannot be done by turn 2 by one RE."""
    plan = solved(build([cons()], [dict(FORT, deadline=2)], turns=3))
    assert outcome(plan, "fort").done_turn is None
    assert "deadline" in (outcome(plan, "fort").reason or "")


def _model(scenario: EngineerScenario):
    data = prepare(scenario)
    model = cp_model.CpModel()
    variables = make_variables(model, data)
    add_engineers(model, data, variables)
    model.maximize(value_expression(data, variables))
    return model, variables


def _status(model: cp_model.CpModel) -> cp_model.CpSolverStatus:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    return solver.solve(model)


def test_model_rejects_moving_farther_than_the_mps():
    """A unit moves no farther in a turn than its MPs: 3 MPs a turn never cross a 4-MP hexside
    (the scenario's movement costs are the game's; no minimum move is modelled)."""
    scenario = build([cons(mps=3, hex="a")], [], neighbours=[{"hexes": ["a", "b"], "mps": 4}])
    for turn in (2, 3):
        model, variables = _model(scenario)
        variables.fix(model, at={("cons_iii", turn, "b"): 1})
        assert _status(model) == cp_model.INFEASIBLE
    model, variables = _model(scenario)
    variables.fix(model, at={("cons_iii", 3, "a"): 1})
    assert _status(model) == cp_model.OPTIMAL


def test_model_rejects_leaving_a_fort_under_construction():
    """Example A: the units building a fort may not leave the hex before it is done."""
    scenario = build([cons()], [FORT], turns=3)
    model, variables = _model(scenario)
    option = next(o for o in variables.option if o.start == 1)
    variables.fix(model, option={option: 1}, at={("cons_iii", 2, "a"): 1})
    assert _status(model) == cp_model.INFEASIBLE
    model, variables = _model(scenario)
    variables.fix(model, option={option: 1})
    assert _status(model) == cp_model.OPTIMAL


def test_bundled_engineers_scenario_solves_and_passes_the_checker():
    """The bundled scenario: proven optimal and legal, and the same bytes twice."""
    scenario = load_engineer_scenario(scenarios.path("engineers/rail_and_airbase.yaml"))
    plan = solved(scenario)
    assert any(t.done_turn for t in plan.tasks)
    assert solve_engineers(scenario).plan == plan


@pytest.mark.parametrize("turns", [1])
def test_assault_engineers_do_nothing(turns):
    """First paragraph: assault engineers cannot construct: they get no line in the schedule."""
    assault = {"id": "aslt", "type": "assault_engineer", "size": "regiment", "mps": 8, "hex": "b"}
    plan = solved(build([assault], [FORT], turns=turns))
    assert plan.schedule == []
    assert outcome(plan, "fort").done_turn is None


def test_temporary_airbase_in_zone_f_needs_no_keeper():
    """Temporary Airbases: "Except in Weather Zone F, construction units must 'maintain' temporary
    airbases"; in zone F (the desert) no construction unit is needed. One 8-MP regiment in clear hex
    `a`: the temporary airbase there (value 5, 6 MPs) and the broken rail line in `b` (value 4, 4 MPs,
    one MP away), two turns, discount 0.9. In zone F it builds the airbase in turn 1 and leaves it to
    repair the rail line in turn 2: 5 + 4 x 0.9 = 8.6. Elsewhere it would have to stay on the airbase,
    so it repairs the rail line first and builds the airbase in turn 2: 4 + 5 x 0.9 = 8.5."""
    tasks = [
        {"id": "temp", "kind": "temporary_airbase", "hex": "a", "value": 5},
        {"id": "rail", "kind": "repair_rail", "hex": "b", "value": 4},
    ]
    for zone, temp_done, rail_done, value in (("F", 1, 2, 8.6), ("D", 2, 1, 8.5)):
        hexes = [
            {"id": "a", "terrain": "clear", "zone": zone},
            {"id": "b", "terrain": "clear", "zone": zone, "broken_rail": True},
        ]
        data = build([cons(hex="a")], tasks, turns=2).model_dump()
        scenario = EngineerScenario.model_validate(data | {"hexes": hexes, "weather": {zone: ["clear"] * 2}})
        plan = solved(scenario)
        assert outcome(plan, "temp").done_turn == temp_done
        assert outcome(plan, "rail").done_turn == rail_done
        assert plan.value == pytest.approx(value)


def test_civilian_labour_reaches_four_hexes_and_no_farther():
    """Quick Construction: civilian labour "may only be used within four hexes of the city". A lone
    regiment builds a one-turn fort (clear) at once with labour (Example B), in one turn without.
    Hexes c0 (the city) to c5 in a line; the fort four hexes away (c4) is done in turn 1, five
    hexes away (c5) in turn 2."""
    hexes = [{"id": f"c{i}", "terrain": "clear", "zone": "D", "resource_points": 2} for i in range(6)]
    hexes[0]["civilian_labour"] = True
    neighbours = [{"hexes": [f"c{i}", f"c{i + 1}"], "mps": 1} for i in range(5)]
    for where, done in (("c4", 1), ("c5", 2)):
        plan = solved(
            build(
                [cons(hex=where)],
                [{"id": "fort", "kind": "fort", "hex": where, "value": 5}],
                turns=2,
                hexes=hexes,
                neighbours=neighbours,
            )
        )
        assert outcome(plan, "fort").done_turn == done


def test_planner_never_abandons_a_fort_it_begins():
    """Permanent Airbases and Forts: abandoning loses the resource point and the time spent, so a
    schedule of most value never begins a task it then abandons: every fort begun is completed. Two
    woods forts (two turns each) with one resource point and a unit that could begin both."""
    tasks = [FORT, {"id": "fort2", "kind": "fort", "hex": "b", "value": 9}]
    hexes = [
        {"id": "a", "terrain": "clear", "zone": "D", "resource_points": 1},
        {"id": "b", "terrain": "woods", "zone": "D"},
    ]
    plan = solved(build([cons()], tasks, turns=3, hexes=hexes))
    begun = {s.begins for s in plan.schedule if s.begins}
    assert begun == {"fort"}
    assert outcome(plan, "fort").done_turn == 3
    assert outcome(plan, "fort2").done_turn is None
