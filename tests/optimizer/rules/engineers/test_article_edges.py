"""The planner at the edges of the Europa engineers article (issue 25): supply for temporary airbases,
two REs across a task's turns, civilian labour for teams, temporary airbases on the map, railroad
engineers, port damage, each RE paying half, work before moving, resource points, the tie-break and
the reasons given. Expected numbers from the article (sections cited by name); every plan is also
passed through the independent checker."""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from models.engineers import EngineerScenario, to_halves
from models.engineers_generate import random_engineer_scenario
from models.engineers_plan import EngineerPlan, TaskOutcome, UnitTurn, Work
from optimizer.checker.engineers import assess, check_engineers
from optimizer.rules.engineers.constraints import add_engineers
from optimizer.rules.engineers.objective import value_expression
from optimizer.rules.engineers.prepare import prepare
from optimizer.rules.engineers.solve import solve_engineers
from optimizer.rules.engineers.tidy import tidy
from optimizer.rules.engineers.variables import make_variables


def scenario(
    hexes: list[dict[str, Any]],
    units: list[dict[str, Any]],
    tasks: list[dict[str, Any]],
    turns: int = 1,
    weather: str = "clear",
    neighbours: list[dict[str, Any]] | None = None,
    **extra: Any,
) -> EngineerScenario:
    """One weather zone, D, with `weather` every turn."""
    return EngineerScenario.model_validate(
        {
            "kind": "engineers",
            "name": "edges",
            "turns": turns,
            "discount": 0.9,
            "hexes": [{"zone": "D", **h} for h in hexes],
            "neighbours": neighbours or [],
            "weather": {"D": [weather] * turns},
            "units": units,
            "tasks": tasks,
            **extra,
        }
    )


def unit(uid: str, mps: float, hex: str = "a", size: str = "regiment", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "type": "construction", "size": size, "mps": mps, "hex": hex, **extra}


def solved(s: EngineerScenario) -> EngineerPlan:
    result = solve_engineers(s)
    assert result.status == "optimal"
    assert result.plan is not None
    assert check_engineers(s, result.plan) == []
    return result.plan


def outcome(plan: EngineerPlan, task: str) -> TaskOutcome:
    return next(t for t in plan.tasks if t.task == task)


def feasible(s: EngineerScenario, **fixed: dict) -> bool:  # type: ignore[type-arg]
    """Whether the planner's model admits a schedule with these decisions fixed (`EngineerVariables.fix`)."""
    data = prepare(s)
    model = cp_model.CpModel()
    variables = make_variables(model, data)
    add_engineers(model, data, variables)
    model.maximize(value_expression(data, variables))
    variables.fix(model, **fixed)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    return solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


TEMPORARY = {"id": "temp", "kind": "temporary_airbase", "hex": "a", "value": 5}
RAIL = {"id": "rail", "kind": "repair_rail", "hex": "a", "value": 5}
RAIL_IN_MUD = {"hexes": [{"id": "a", "broken_rail": True}], "weather": "mud"}


def test_temporary_airbase_not_built_by_a_unit_out_of_supply():
    """Permanent Airbases and Forts: "Note than when building items, the construction unit must be in
    supply"; only repairs are exempt (Other repair issues). An 8-MP regiment at U-1 (its MPs not
    reduced) builds no temporary airbase (6 MPs in clear); in supply it builds it in turn 1."""
    out = solved(scenario([{"id": "a"}], [unit("cons", 8, supply="U-1")], [TEMPORARY]))
    assert outcome(out, "temp").done_turn is None
    assert "must be in supply" in (outcome(out, "temp").reason or "")
    assert outcome(solved(scenario([{"id": "a"}], [unit("cons", 8)], [TEMPORARY])), "temp").done_turn == 1


def test_temporary_airbase_not_built_in_a_hex_out_of_supply():
    """Permanent Airbases and Forts: "when building items, the construction unit must be in supply":
    none in a hex out of supply, as for forts."""
    out = solved(scenario([{"id": "a", "supplied": False}], [unit("cons", 8)], [TEMPORARY]))
    assert outcome(out, "temp").done_turn is None
    assert outcome(out, "temp").reason == (
        "Permanent Airbases and Forts: when building items, the construction unit must be in supply"
    )


PORT_3_HITS = [{"id": "a", "port": {"capacity": 6, "hits": 3}}]
PORT_TASK = {"id": "port", "kind": "repair_port", "hex": "a", "value": 10}


def test_three_regiments_never_share_a_task_across_turns():
    """Quick Construction: "the maximum number of construction capable REs that may participate in a
    construction task is two. Additional construction units have no effect." Three regiments of 4 MPs
    repairing a port of 3 hits (12 MPs): two in turn 1 and the third in turn 2 is three REs on one task,
    so no schedule does it that way; the same MPs from two of them do."""
    s = scenario(PORT_3_HITS, [unit("r1", 4), unit("r2", 4), unit("r3", 4)], [PORT_TASK], turns=2)
    four = to_halves(4)
    three_units = {("r1", 1, "port"): four, ("r2", 1, "port"): four, ("r3", 2, "port"): four}
    assert not feasible(s, spend=three_units, finish={("port", 2): 1})
    two_units = {("r1", 1, "port"): four, ("r2", 1, "port"): four, ("r1", 2, "port"): to_halves(2)}
    assert feasible(s, spend=two_units | {("r2", 2, "port"): to_halves(2)}, finish={("port", 2): 1})
    plan = solved(s)
    assert outcome(plan, "port").done_turn == 2
    assert len({line.unit for line in plan.schedule if line.work}) == 2


def test_civilian_labour_is_the_second_re_of_two_battalions_on_a_port():
    """Quick Construction: civilian labour "can provide the second RE of construction units". Two
    battalions (½ RE each, Battalions) with labour are two REs, each paying half the MPs of a single
    unit: a port of 2 hits (8 MPs for one RE, 16 for a battalion) costs each battalion 4 MPs, so two
    4-MP battalions repair it in one turn. Without labour they are one RE: each pays 8, not in a turn."""
    battalions = [unit("b1", 4, size="battalion"), unit("b2", 4, size="battalion")]
    port = [{"id": "a", "port": {"capacity": 6, "hits": 2}}]
    with_labour = solved(scenario([dict(port[0], civilian_labour=True)], battalions, [PORT_TASK]))
    assert outcome(with_labour, "port").done_turn == 1
    assert sorted(w.mps for line in with_labour.schedule for w in line.work) == [4, 4]
    assert outcome(solved(scenario(port, battalions, [PORT_TASK])), "port").done_turn is None


AIRBASE_AND_RAIL = {
    "hexes": [{"id": "a", "airbase": {"temporary": 3, "hits": 1}}, {"id": "b", "broken_rail": True}],
    "units": [unit("cons", 8)],
    "tasks": [
        {"id": "airbase", "kind": "repair_airbase", "hex": "a", "value": 5},
        {"id": "rail", "kind": "repair_rail", "hex": "b", "value": 10},
    ],
    "turns": 2,
    "neighbours": [{"hexes": ["a", "b"], "mps": 1}],
}


def test_temporary_airbase_left_alone_is_gone_and_not_repaired_later():
    """Temporary Airbases: "construction units must 'maintain' temporary airbases for those bases to
    remain in existence ... by ending the player turn stacked with it". An 8-MP regiment on a temporary
    airbase with one hit (2 MPs, Airbases), a broken rail line (4 MPs, value 10) one MP away, two
    turns, not keeping temporary airbases to the horizon. Repairing the rail line first (10 + 5 x 0.9 =
    14.5) would leave the airbase at the end of turn 1, and it would be gone; so the airbase in turn 1
    and the rail line in turn 2: 5 + 10 x 0.9 = 14, the airbase lost at the end of turn 2."""
    s = scenario(**AIRBASE_AND_RAIL, settings={"keep_temporary_airbases": False})
    plan = solved(s)
    assert (outcome(plan, "airbase").done_turn, outcome(plan, "rail").done_turn) == (1, 2)
    assert plan.value == 14
    assert [(x.hex, x.turn) for x in plan.lost_temporary_airbases] == [("a", 2)]


def test_repaired_temporary_airbase_is_kept_to_the_horizon():
    """Temporary Airbases [setting keep_temporary_airbases, default]: a repaired temporary airbase
    is kept by a unit ending every turn on it. The one regiment either stays (the airbase, 5) or
    repairs the rail line in turn 1 (10) and the airbase is gone at the end of turn 1, unrepaired."""
    plan = solved(scenario(**AIRBASE_AND_RAIL))
    assert outcome(plan, "rail").done_turn == 1
    assert outcome(plan, "airbase").done_turn is None
    assert "Temporary Airbases: the temporary airbase in 'a' is gone at the end of turn 1" in (
        outcome(plan, "airbase").reason or ""
    )


def test_half_built_temporary_airbase_is_maintained_like_any_other():
    """Temporary Airbases (optional rule): built incrementally, "placing the temporary airbase with hits
    of damage": half built, it is on the map and must be maintained. A 4-MP regiment pays 4 of the 6 MPs
    in turn 1; it may not leave it for `b` (a broken rail line) at the end of turn 2 and pay the last 2
    in turn 3; staying, it may."""
    s = scenario(
        [{"id": "a"}, {"id": "b", "broken_rail": True}],
        [unit("cons", 4)],
        [TEMPORARY, dict(RAIL, hex="b", value=1)],
        turns=3,
        neighbours=[{"hexes": ["a", "b"], "mps": 1}],
        settings={"incremental_temporary_airbases": True, "keep_temporary_airbases": False},
    )
    spend = {("cons", 1, "temp"): to_halves(4), ("cons", 3, "temp"): to_halves(2)}
    assert not feasible(s, spend=spend, at={("cons", 3, "b"): 1}, finish={("temp", 3): 1})
    assert feasible(s, spend=spend, at={("cons", 3, "a"): 1}, finish={("temp", 3): 1})


RR = {"id": "rr", "type": "railroad_engineer", "size": "regiment", "mps": 8, "hex": "a"}


def test_railroad_engineer_repairs_rail_but_builds_no_fort():
    """Rail lines: "Any construction unit (not just a railroad engineer) can repair a rail line": a
    railroad engineer repairs it (4 MPs); it builds no fort [reading, setting railroad_engineer_tasks]."""
    hexes = [{"id": "a", "broken_rail": True, "resource_points": 1}]
    tasks = [
        {"id": "rail", "kind": "repair_rail", "hex": "a", "value": 5},
        {"id": "fort", "kind": "fort", "hex": "a", "value": 20},
    ]
    plan = solved(scenario(hexes, [RR], tasks, turns=2))
    assert outcome(plan, "rail").done_turn == 1
    assert outcome(plan, "fort").done_turn is None
    assert (outcome(plan, "fort").reason or "").startswith("Rail lines: railroad engineers repair")


def test_railroad_engineer_repairs_a_port_only_when_the_setting_says_so():
    """Rail lines [setting railroad_engineer_tasks]: by default a railroad engineer repairs rail lines
    only; a game whose railroad engineers repair ports lists repair_port."""
    hexes = [{"id": "a", "port": {"capacity": 3, "hits": 1}}]
    assert outcome(solved(scenario(hexes, [RR], [PORT_TASK])), "port").done_turn is None
    settings = {"railroad_engineer_tasks": ["repair_rail", "repair_port"]}
    assert outcome(solved(scenario(hexes, [RR], [PORT_TASK], settings=settings)), "port").done_turn == 1


def test_railroad_engineer_keeps_no_temporary_airbase():
    """Temporary Airbases: maintenance "may be performed by any construction unit": a railroad engineer
    is none [reading]. An 8-MP regiment and a railroad engineer in clear hex `a`: a temporary airbase
    there (value 5, 6 MPs), a port of one hit in `b` (value 4, 4 MPs, one MP away), two turns. The
    railroad engineer staying would keep the airbase built in turn 1 while the regiment repairs the port
    in turn 2 (5 + 4 x 0.9 = 8.6); it does not, so the port first and the airbase in turn 2 (4 + 4.5)."""
    hexes = [{"id": "a"}, {"id": "b", "port": {"capacity": 3, "hits": 1}}]
    tasks = [TEMPORARY, dict(PORT_TASK, hex="b", value=4)]
    plan = solved(
        scenario(hexes, [unit("cons", 8), RR], tasks, turns=2, neighbours=[{"hexes": ["a", "b"], "mps": 1}])
    )
    assert (outcome(plan, "port").done_turn, outcome(plan, "temp").done_turn) == (1, 2)
    assert plan.value == 8.5


DAMAGE = {"id": "damage", "kind": "damage_port", "hex": "a", "hits": 2, "value": 5}
PORT = [{"id": "a", "port": {"capacity": 6}}]


def test_port_damage_three_mps_a_hit():
    """Ports: "Each hit of damage requires the expenditure of 3 MPs by the construction unit": two hits,
    6 MPs: a 6-MP regiment in one turn, a 5-MP one in two (5 + 1)."""
    plan = solved(scenario(PORT, [unit("cons", 6)], [DAMAGE], turns=2))
    assert outcome(plan, "damage").done_turn == 1
    assert [w.mps for line in plan.schedule for w in line.work] == [6]
    assert outcome(solved(scenario(PORT, [unit("cons", 5)], [DAMAGE], turns=2)), "damage").done_turn == 2


def test_port_damage_by_a_battalion_and_in_poor_weather():
    """Battalions: "twice as many MPs" (12 for two hits), and poor weather doubles it (Weather Effects)
    [reading; setting port_damage_doubled_in_poor_weather]: a 12-MP battalion in one turn in clear, a
    12-MP regiment in one turn in frost, or in clear when the setting says the weather does not count."""
    battalion = [unit("bn", 12, size="battalion")]
    assert outcome(solved(scenario(PORT, battalion, [DAMAGE])), "damage").done_turn == 1
    assert (
        outcome(solved(scenario(PORT, [unit("cons", 11)], [DAMAGE], weather="frost")), "damage").done_turn
        is None
    )
    assert (
        outcome(solved(scenario(PORT, [unit("cons", 12)], [DAMAGE], weather="frost")), "damage").done_turn
        == 1
    )
    no_weather = {"port_damage_doubled_in_poor_weather": False}
    frost = scenario(PORT, [unit("cons", 6)], [DAMAGE], weather="frost", settings=no_weather)
    assert outcome(solved(frost), "damage").done_turn == 1


def test_port_damage_past_its_capacity_refused():
    """Ports: "The capacity of ports can be damaged": no more hits than capacity left undamaged."""
    plan = solved(scenario([{"id": "a", "port": {"capacity": 2, "hits": 1}}], [unit("cons", 8)], [DAMAGE]))
    assert outcome(plan, "damage").reason == "Ports: the port in the hex has 1 capacity left to damage, not 2"


def test_two_res_each_pay_half_the_mps_of_a_single_unit():
    """Quick Construction: two REs "each pay only half the MPs required of a single unit" [reading,
    setting team_mps, default each_pays_share]. A rail line in mud costs one RE 8 MPs (Rail lines;
    Other repair issues): regiments of 7 and 1 MPs do not repair it in one turn (the second pays 1 of its
    4); regiments of 4 and 4 do. With `pooled`, 7 + 1 do."""
    seven_and_one = scenario(**RAIL_IN_MUD, units=[unit("r7", 7), unit("r1", 1)], tasks=[RAIL])
    assert outcome(solved(seven_and_one), "rail").done_turn is None
    four_and_four = scenario(**RAIL_IN_MUD, units=[unit("r4", 4), unit("s4", 4)], tasks=[RAIL])
    assert outcome(solved(four_and_four), "rail").done_turn == 1
    pooled = seven_and_one.model_copy(
        update={"settings": seven_and_one.settings.model_copy(update={"team_mps": "pooled"})}
    )
    assert outcome(solved(pooled), "rail").done_turn == 1


def test_work_before_moving_repairs_the_rail_line_in_its_hex_and_the_next():
    """Rail lines: 4 MPs each. A 10-MP regiment with broken rail in its hex and in the next (1 MP): only
    where it ends its move, it repairs one [the project's reading]; with `work_before_moving` it repairs
    its own hex's, moves and repairs the next: 4 + 1 + 4 = 9 MPs."""
    hexes = [{"id": "a", "broken_rail": True}, {"id": "b", "broken_rail": True}]
    tasks = [RAIL, dict(RAIL, id="rail_b", hex="b")]
    args = {"neighbours": [{"hexes": ["a", "b"], "mps": 1}]}
    plan = solved(scenario(hexes, [unit("cons", 10)], tasks, **args))
    assert sum(1 for t in plan.tasks if t.done_turn) == 1
    plan = solved(scenario(hexes, [unit("cons", 10)], tasks, settings={"work_before_moving": True}, **args))
    assert [t.done_turn for t in plan.tasks] == [1, 1]


BRIDGE = {
    "hexes": [{"id": "a", "resource_points": 1}, {"id": "b"}],
    "neighbours": [{"hexes": ["a", "b"], "mps": 1}],
    "bridges": [{"id": "x", "hexes": ["a", "b"], "major_river": True}],
    "tasks": [{"id": "bridge", "kind": "repair_bridge", "bridge": "x", "value": 5}],
}


def test_no_resource_point_spent_on_a_bridge_never_begun():
    """Bridges: the resource point of a major-river bridge "is expended when the repairs are begun":
    none is spent on one no unit works on. An 8-MP regiment beside it could repair it (8 MPs)."""
    s = scenario(units=[unit("cons", 8)], **BRIDGE)
    assert not feasible(s, attempted={"bridge": 1}, spend={("cons", 1, "bridge"): 0})
    assert feasible(s, attempted={"bridge": 1})


def test_resource_point_reported_on_a_bridge_never_begun_regression():
    """The position where a resource point was reported spent on a major-river bridge no unit worked on
    (a generated one, seed 11): every resource point now goes to a task begun (Bridges; Permanent
    Airbases and Forts)."""
    s = random_engineer_scenario(11, units=3, tasks=4, turns=3, rows=2, columns=3)
    plan = solved(s)
    begun = {line.begins for line in plan.schedule} | {w.task for line in plan.schedule for w in line.work}
    assert all(o.task in begun for o in plan.tasks if o.resource_point is not None)


def test_tie_break_moves_mps_to_the_unit_that_pays_fewest():
    """The tie-break spends the fewest MPs that do the same tasks in the same turns, with the units where
    the search put them. A rail line in mud costs one RE 8 MPs, a battalion 16 (Battalions); a regiment
    and a battalion of 5 MPs each stand on it for two turns, the team's MPs pooled. A schedule of 2
    battalion MPs in turn 1 and 5 + 5 in turn 2 (1 + 5 + 2½ RE-MPs) repairs it in turn 2 with 12 MPs;
    the regiment alone does it by turn 2 with 8 (5 + 3), the fewest."""
    s = scenario(
        **RAIL_IN_MUD,
        units=[unit("reg", 5), unit("bn", 5, size="battalion")],
        tasks=[RAIL],
        turns=2,
        settings={"team_mps": "pooled"},
    )

    def line(u: str, t: int, mps: float) -> UnitTurn:
        work = [Work(task="rail", mps=mps)] if mps else []
        return UnitTurn(
            turn=t,
            unit=u,
            start_hex="a",
            mps_available=5,
            move_to="a",
            move_mps=0,
            work=work,
            mps_left=5 - mps,
        )

    untidy = EngineerPlan(
        status="optimal",
        value=4.5,
        turns=2,
        schedule=[line("bn", 1, 2), line("bn", 2, 5), line("reg", 1, 0), line("reg", 2, 5)],
        tasks=[TaskOutcome(task="rail", kind="repair_rail", done_turn=2, value=4.5)],
    )
    assert assess(s, untidy).violations == []
    tidied = tidy(prepare(s), untidy)
    assert check_engineers(s, tidied) == []
    assert outcome(tidied, "rail").done_turn == 2
    assert sum(w.mps for x in tidied.schedule for w in x.work) == 8
    assert solved(s).value == 4.5


def test_resource_points_spent_elsewhere_named():
    """Permanent Airbases and Forts: a resource point "is expended when the construction task is begun".
    Two one-turn forts (clear), a regiment on each, one resource point, two turns: the fort of more value
    is done in turn 2; the other is not, and its reason names the resource points gone to the first."""
    hexes = [{"id": "a", "resource_points": 1}, {"id": "b"}]
    tasks = [
        {"id": "fa", "kind": "fort", "hex": "a", "value": 9},
        {"id": "fb", "kind": "fort", "hex": "b", "value": 5},
    ]
    plan = solved(
        scenario(
            hexes,
            [unit("ca", 8), unit("cb", 8, hex="b")],
            tasks,
            turns=2,
            neighbours=[{"hexes": ["a", "b"], "mps": 1}],
        )
    )
    assert outcome(plan, "fa").done_turn == 2
    assert outcome(plan, "fb").reason == (
        "Permanent Airbases and Forts: a resource point is expended when it is begun, and those it can "
        "trace an overland supply line to (a) go to fa"
    )


def test_mud_named_when_it_bars_every_turn():
    """Weather Effects: "Temporary airbases may not be built nor repaired during mud weather"."""
    plan = solved(scenario([{"id": "a"}], [unit("cons", 8)], [TEMPORARY], turns=2, weather="mud"))
    assert (outcome(plan, "temp").reason or "").startswith(
        "Weather Effects: temporary airbases may not be built nor repaired during mud weather"
    )


def test_capacity_twelve_named_when_the_other_airbase_fills_it():
    """Permanent Airbases and Forts: "No hex may have an airbase capacity of greater than twelve". A
    hex with 9: each of two temporary airbases (3 each) alone is allowed, not both; a 12-MP regiment
    could pay both (6 + 6)."""
    hexes = [{"id": "a", "airbase": {"permanent": 9}}]
    tasks = [TEMPORARY, dict(TEMPORARY, id="temp2", value=4)]
    plan = solved(scenario(hexes, [unit("cons", 12)], tasks))
    assert outcome(plan, "temp").done_turn == 1
    assert outcome(plan, "temp2").reason == (
        "Permanent Airbases and Forts: no hex may have an airbase capacity of greater than twelve, and "
        "temp done in 'a' leave no room for it"
    )


NINE_AND_A_TEMPORARY = {
    "hexes": [{"id": "a", "airbase": {"permanent": 9, "temporary": 3}}, {"id": "b"}],
    "neighbours": [{"hexes": ["a", "b"], "mps": 1}],
}


def test_capacity_twelve_no_longer_counts_a_temporary_airbase_once_it_is_gone():
    """Permanent Airbases and Forts: "No hex may have an airbase capacity of greater than twelve,
    counting all capacity"; Temporary Airbases: one not maintained does not "remain in existence". A hex
    with 9 permanent and a 3 temporary airbase: a new temporary airbase (3, 6 MPs) would make 15 while the
    old one is there, so not in turn 1 (the 8-MP regiment would keep it by ending the turn on it); left
    alone in turn 1 it is gone, and in turn 2 the regiment builds the new one, 12 in all: 5 x 0.9."""
    s = scenario(**NINE_AND_A_TEMPORARY, units=[unit("cons", 8, hex="b")], tasks=[TEMPORARY], turns=2)
    assert not feasible(s, finish={("temp", 1): 1})
    plan = solved(s)
    assert outcome(plan, "temp").done_turn == 2
    assert plan.value == 4.5
    assert [(x.hex, x.turn) for x in plan.lost_temporary_airbases] == [("a", 1)]


def test_capacity_twelve_counts_the_temporary_airbase_kept():
    """Permanent Airbases and Forts, Temporary Airbases: the same hex with a task that keeps the old
    temporary airbase (repairing its hit, kept to the horizon by default): while it is there the new one
    would pass twelve, so the repair (value 10) is done and the new airbase not, the reason naming the
    airbase kept."""
    hexes = [{"id": "a", "airbase": {"permanent": 9, "temporary": 3, "hits": 1}}, {"id": "b"}]
    repair = {"id": "airbase", "kind": "repair_airbase", "hex": "a", "value": 10}
    s = scenario(
        hexes, [unit("cons", 8)], [repair, TEMPORARY], turns=2, neighbours=NINE_AND_A_TEMPORARY["neighbours"]
    )
    plan = solved(s)
    assert outcome(plan, "airbase").done_turn == 1
    assert outcome(plan, "temp").reason == (
        "Permanent Airbases and Forts: no hex may have an airbase capacity of greater than twelve, and the "
        "temporary airbase on the map kept in 'a' leave no room for it"
    )


def test_battalion_builds_a_temporary_airbase_over_two_movement_phases():
    """Battalions: "Any of the above construction tasks would take twice as long, or twice as many MPs,
    if performed by a one half RE construction unit"; Temporary Airbases: 6 MPs in the movement phase.
    Without the incremental option an 8-MP battalion pays 12 MPs over two movement phases and the
    airbase is placed in turn 2 (5 x 0.9) [reading, setting battalion_temporary_airbase_two_phases];
    with the setting off it needs the 12 in one phase, and never builds it."""
    battalion = [unit("bn", 8, size="battalion")]
    plan = solved(scenario([{"id": "a"}], battalion, [TEMPORARY], turns=2))
    assert outcome(plan, "temp").done_turn == 2
    assert sum(w.mps for line in plan.schedule for w in line.work) == 12
    strict = scenario(
        [{"id": "a"}],
        battalion,
        [TEMPORARY],
        turns=2,
        settings={"battalion_temporary_airbase_two_phases": False},
    )
    assert outcome(solved(strict), "temp").done_turn is None


def test_regiment_still_builds_a_temporary_airbase_in_one_movement_phase():
    """Temporary Airbases: a regiment (one RE) pays its 6 MPs in one movement phase: a 4-MP regiment
    cannot spread them over two turns, only a battalion takes twice as long (Battalions)."""
    s = scenario([{"id": "a"}], [unit("cons", 4)], [TEMPORARY], turns=2)
    assert not feasible(s, finish={("temp", 2): 1})


def test_half_built_temporary_airbase_costs_what_the_plan_s_own_would_to_finish():
    """Temporary Airbases (optional rule): built incrementally, "spending 2 MPs for each air unit's worth
    of capacity", shown "with hits of damage"; Terrain effects: temporary airfield MPs doubled outside
    clear and rough. In woods the plan's own pays 4 MPs a capacity, 12 in all, 8 after its first; a
    half-built one on the map with 2 hits (`half_built`) costs the same 8 to finish, so a 4-MP regiment
    finishes it in turn 2, where 2 hits of damage (Airbases: 2 MPs a hit, terrain not counting) take 4
    and turn 1. Finishing it is building: a unit out of supply may not."""

    def position(half_built: bool, supply: str = "supplied") -> EngineerScenario:
        airbase = {"temporary": 3, "hits": 2, "half_built": half_built}
        repair = {"id": "airbase", "kind": "repair_airbase", "hex": "a", "value": 5}
        return scenario(
            [{"id": "a", "terrain": "woods", "airbase": airbase}],
            [unit("cons", 4, supply=supply)],
            [repair],
            turns=2,
            settings={"incremental_temporary_airbases": True},
        )

    half_built = solved(position(True))
    assert outcome(half_built, "airbase").done_turn == 2
    assert sum(w.mps for line in half_built.schedule for w in line.work) == 8
    assert outcome(solved(position(False)), "airbase").done_turn == 1
    assert outcome(solved(position(True, supply="U-1")), "airbase").done_turn is None


def test_a_bridge_between_two_weather_zones_takes_the_poorer_whatever_the_order():
    """Other repair issues: poor weather (frost) doubles the cost, 4 MPs of a minor bridge to 8. A bridge
    between a frost hex and a clear one is poor-weather work whichever hex is listed first [reading: the
    work spans both banks]: a 5-MP regiment pays the 8 MPs over two turns (repairs carry MPs over) and
    finishes in the second, worth 10 x 0.9. It once took the first listed hex's weather, so listing the
    clear hex first repaired it in the first turn for 4 MPs, a different plan of the same position."""
    values = []
    for hexes in (["north", "south"], ["south", "north"]):
        s = EngineerScenario.model_validate(
            {
                "kind": "engineers",
                "name": "bridge on a zone boundary",
                "turns": 2,
                "discount": 0.9,
                "hexes": [
                    {"id": "north", "terrain": "clear", "zone": "D"},
                    {"id": "south", "terrain": "clear", "zone": "E"},
                ],
                "neighbours": [{"hexes": ["north", "south"], "mps": 1}],
                "bridges": [{"id": "br", "hexes": hexes, "major_river": False}],
                "weather": {"D": ["frost", "frost"], "E": ["clear", "clear"]},
                "units": [unit("cons", mps=5, hex="south")],
                "tasks": [{"id": "fix", "kind": "repair_bridge", "bridge": "br", "value": 10}],
            }
        )
        plan = solved(s)
        values.append((plan.value, outcome(plan, "fix").done_turn))
    assert values == [(9.0, 2), (9.0, 2)]
