"""Properties of the engineers schedule on generated positions: every plan passes the independent
checker and is proven optimal; on tiny positions its value equals a brute-force enumeration of
every schedule, judged by the checker."""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.engineers import EngineerScenario, TaskKind, to_mps
from models.engineers_generate import random_engineer_scenario
from models.engineers_plan import EngineerPlan, UnitTurn, Work
from optimizer.checker.engineers import assess, cheapest, check_engineers
from optimizer.checker.violations import REPORT
from optimizer.rules.engineers.solve import solve_engineers


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), units=st.integers(1, 3), tasks=st.integers(1, 4), turns=st.integers(1, 3))
def test_every_plan_passes_the_checker(seed, units, tasks, turns):
    scenario = random_engineer_scenario(seed, units=units, tasks=tasks, turns=turns, rows=2, columns=3)
    result = solve_engineers(scenario, time_limit=30)
    assert result.status == "optimal"
    assert result.plan is not None
    assert check_engineers(scenario, result.plan) == []


TINY_KINDS = [
    TaskKind.REPAIR_RAIL,
    TaskKind.REPAIR_PORT,
    TaskKind.TEMPORARY_AIRBASE,
    TaskKind.FORT,
    TaskKind.REPAIR_AIRBASE,
]


def _units_at_h0(draw: st.DrawFn, count: int, mps: list[float]) -> list[dict[str, object]]:
    """`count` construction units of random type, size and defense in hex h0, each with MPs from `mps`."""
    return [
        {
            "id": f"u{i}",
            "type": draw(st.sampled_from(["construction", "combat_engineer"])),
            "size": draw(st.sampled_from(["battalion", "regiment", "brigade"])),
            "defense": draw(st.integers(1, 2)),
            "mps": draw(st.sampled_from(mps)),
            "hex": "h0",
        }
        for i in range(count)
    ]


@st.composite
def tiny(draw: Any) -> EngineerScenario:
    """One unit, two or three hexes in a line, one or two tasks, two turns."""
    count = draw(st.integers(2, 3))
    ids = [f"h{i}" for i in range(count)]
    hexes: list[dict[str, Any]] = [
        {"id": h, "terrain": draw(st.sampled_from(["clear", "woods"])), "zone": "D"} for h in ids
    ]
    hexes[0]["resource_points"] = 1
    hexes[draw(st.integers(0, count - 1))]["civilian_labour"] = draw(st.booleans())
    tasks = []
    for i in range(draw(st.integers(1, 2))):
        kind = draw(st.sampled_from(TINY_KINDS))
        where = draw(st.integers(0, count - 1))
        place = hexes[where]
        if kind is TaskKind.REPAIR_RAIL:
            place["broken_rail"] = True
        elif kind is TaskKind.REPAIR_PORT:
            place["port"] = {"capacity": 3, "hits": 1}
        elif kind is TaskKind.REPAIR_AIRBASE:
            place["airbase"] = {"temporary": 3, "hits": 1}
        tasks.append({"id": f"t{i}", "kind": kind.value, "hex": ids[where], "value": draw(st.integers(1, 9))})
    unit = {
        "id": "u",
        "type": draw(st.sampled_from(["construction", "combat_engineer"])),
        "size": draw(st.sampled_from(["battalion", "regiment", "brigade"])),
        "defense": draw(st.integers(1, 2)),
        "mps": draw(st.sampled_from([2, 3, 4])),
        "hex": ids[0],
    }
    return EngineerScenario.model_validate(
        {
            "kind": "engineers",
            "name": "tiny",
            "turns": 2,
            "discount": 0.9,
            "hexes": hexes,
            "neighbours": [
                {"hexes": [ids[i], ids[i + 1]], "mps": draw(st.sampled_from([1, 2]))}
                for i in range(count - 1)
            ],
            "weather": {"D": [draw(st.sampled_from(["clear", "mud", "frost"])) for _ in range(2)]},
            "units": [unit],
            "tasks": tasks,
        }
    )


def brute_force(scenario: EngineerScenario) -> float:
    """The best value over every schedule of the one unit the checker finds legal."""
    unit = scenario.units[0]
    halves = round(unit.mps * 2)
    hexes = [h.id for h in scenario.hexes]
    turn_tasks = [t.id for t in scenario.tasks if t.kind is TaskKind.FORT]
    mp_tasks = [t for t in scenario.tasks if t.kind is not TaskKind.FORT]

    def turn_choices(start: str) -> list[tuple[str | None, str, list[Work]]]:
        choices = []
        for begins in [None, *turn_tasks]:
            for to in hexes:
                if cheapest(scenario, start, to) is None:
                    continue
                here = [t.id for t in mp_tasks if t.hex == to]
                for amounts in itertools.product(range(halves + 1), repeat=len(here)):
                    if sum(amounts) <= halves:
                        work = [Work(task=k, mps=to_mps(a)) for k, a in zip(here, amounts, strict=True) if a]
                        choices.append((begins, to, work))
        return choices

    best = 0.0
    for first in turn_choices(unit.hex):
        for second in turn_choices(first[1]):
            lines = []
            for t, (start, (begins, to, work)) in enumerate([(unit.hex, first), (first[1], second)], start=1):
                lines.append(
                    UnitTurn(
                        turn=t,
                        unit="u",
                        start_hex=start,
                        begins=begins,
                        mps_available=0,
                        move_to=to,
                        move_mps=0,
                        work=work,
                        mps_left=0,
                    )
                )
            best = max(best, _legal_value(scenario, lines))
    return best


def _legal_value(scenario: EngineerScenario, lines: list[UnitTurn]) -> float:
    """What a two-turn schedule is worth by the checker (each task spending the only resource point,
    in the first hex), 0 if the checker finds it illegal."""
    from models.engineers_plan import TaskOutcome

    outcomes = [TaskOutcome(task=t.id, kind=t.kind, resource_point="h0") for t in scenario.tasks]
    plan = EngineerPlan(status="candidate", value=0, turns=2, schedule=lines, tasks=outcomes)
    found = assess(scenario, plan)
    return found.value if all(v.kind == REPORT for v in found.violations) else 0.0


def _assert_proven_at(scenario: EngineerScenario, best: float) -> None:
    """The planner proves its schedule optimal, the checker passes it, and it is worth the brute force's best."""
    result = solve_engineers(scenario)
    assert result.status == "optimal"
    assert result.plan is not None
    assert check_engineers(scenario, result.plan) == []
    assert abs(result.plan.value - best) < 1e-6


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=tiny())
def test_value_equals_brute_force_on_tiny_positions(scenario):
    _assert_proven_at(scenario, brute_force(scenario))


@st.composite
def tiny_pair(draw: Any) -> EngineerScenario:
    """Two units in one hex, one task there, two turns: teams (Quick Construction), two workers
    on one task, civilian labour for a lone worker."""
    kind = draw(st.sampled_from(TINY_KINDS))
    place: dict[str, Any] = {
        "id": "h0",
        "terrain": draw(st.sampled_from(["clear", "woods"])),
        "zone": "D",
        "resource_points": 1,
        "civilian_labour": draw(st.booleans()),
    }
    if kind is TaskKind.REPAIR_RAIL:
        place["broken_rail"] = True
    elif kind is TaskKind.REPAIR_PORT:
        place["port"] = {"capacity": 3, "hits": 1}
    elif kind is TaskKind.REPAIR_AIRBASE:
        place["airbase"] = {"temporary": 3, "hits": 1}
    units = _units_at_h0(draw, 2, [1, 1.5, 2])
    return EngineerScenario.model_validate(
        {
            "kind": "engineers",
            "name": "tiny pair",
            "turns": 2,
            "discount": 0.9,
            "hexes": [place],
            "weather": {"D": [draw(st.sampled_from(["clear", "mud", "frost"])) for _ in range(2)]},
            "units": units,
            "tasks": [{"id": "t0", "kind": kind.value, "hex": "h0", "value": draw(st.integers(1, 9))}],
        }
    )


def brute_force_pair(scenario: EngineerScenario) -> float:
    """The best value over every schedule of the two units (one hex, so no moves) the checker finds
    legal: each unit, each turn, begins the task or not and spends 0 to all its MPs on it."""
    task = scenario.tasks[0]
    turn_task = task.kind is TaskKind.FORT

    def choices(unit: Any) -> list[tuple[bool, float]]:
        halves = round(unit.mps * 2)
        if turn_task:
            return [(False, 0.0), (True, 0.0)]
        return [(False, to_mps(a)) for a in range(halves + 1)]

    per_unit = [list(itertools.product(choices(u), repeat=2)) for u in scenario.units]
    best = 0.0
    for first, second in itertools.product(*per_unit):
        lines = [
            UnitTurn(
                turn=t,
                unit=unit.id,
                start_hex="h0",
                begins=task.id if begins else None,
                mps_available=0,
                move_to="h0",
                move_mps=0,
                work=[Work(task=task.id, mps=mps)] if mps else [],
                mps_left=0,
            )
            for unit, plan in zip(scenario.units, (first, second), strict=True)
            for t, (begins, mps) in enumerate(plan, start=1)
        ]
        best = max(best, _legal_value(scenario, lines))
    return best


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=tiny_pair())
def test_two_units_value_equals_brute_force_on_tiny_positions(scenario):
    _assert_proven_at(scenario, brute_force_pair(scenario))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), units=st.integers(1, 3), tasks=st.integers(1, 4), turns=st.integers(1, 3))
def test_every_plan_passes_the_checker_on_the_articles_edges(seed, units, tasks, turns):
    """The article's edges (issue 25): temporary airbases on the map, some half built, civilian labour,
    three or more units by one task, railroad engineers, port damage, and the settings drawn at
    random (`random_engineer_scenario(edges=True)`)."""
    scenario = random_engineer_scenario(
        seed, units=units, tasks=tasks, turns=turns, rows=2, columns=3, edges=True
    )
    result = solve_engineers(scenario, time_limit=30)
    assert result.status == "optimal"
    assert result.plan is not None
    assert check_engineers(scenario, result.plan) == []


TRIO_KINDS = [TaskKind.REPAIR_RAIL, TaskKind.REPAIR_PORT, TaskKind.REPAIR_AIRBASE, TaskKind.DAMAGE_PORT]


@st.composite
def tiny_trio(draw: Any) -> EngineerScenario:
    """Three units in one hex, one task counted in MPs there, two turns: the two-RE limit across turns,
    each RE's share or the team's pooled MPs, and civilian labour for teams (Quick Construction)."""
    kind = draw(st.sampled_from(TRIO_KINDS))
    place: dict[str, Any] = {"id": "h0", "zone": "D", "civilian_labour": draw(st.booleans())}
    task: dict[str, Any] = {"id": "t0", "kind": kind.value, "hex": "h0", "value": 5}
    if kind is TaskKind.REPAIR_RAIL:
        place["broken_rail"] = True
    elif kind is TaskKind.REPAIR_PORT:
        place["port"] = {"capacity": 3, "hits": 1}
    elif kind is TaskKind.REPAIR_AIRBASE:
        place["airbase"] = {"permanent": 3, "hits": draw(st.integers(1, 2))}
    else:
        place["port"] = {"capacity": 3}
        task["hits"] = 1
    units = _units_at_h0(draw, 3, [0.5, 1, 1.5])
    return EngineerScenario.model_validate(
        {
            "kind": "engineers",
            "name": "tiny trio",
            "turns": 2,
            "discount": 0.9,
            "hexes": [place],
            "weather": {"D": [draw(st.sampled_from(["clear", "frost"])) for _ in range(2)]},
            "units": units,
            "tasks": [task],
            "settings": {"team_mps": draw(st.sampled_from(["each_pays_share", "pooled"]))},
        }
    )


def brute_force_trio(scenario: EngineerScenario) -> float:
    """The best value over every schedule of the three units (one hex, no moves) the checker finds
    legal: each unit, each turn, spends 0 to all its MPs on the task."""
    task = scenario.tasks[0]
    per_unit = [list(itertools.product(range(round(u.mps * 2) + 1), repeat=2)) for u in scenario.units]
    best = 0.0
    for choice in itertools.product(*per_unit):
        lines = [
            UnitTurn(
                turn=t,
                unit=unit.id,
                start_hex="h0",
                mps_available=0,
                move_to="h0",
                move_mps=0,
                work=[Work(task=task.id, mps=to_mps(halves))] if halves else [],
                mps_left=0,
            )
            for unit, plan in zip(scenario.units, choice, strict=True)
            for t, halves in enumerate(plan, start=1)
        ]
        best = max(best, _legal_value(scenario, lines))
    return best


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=tiny_trio())
def test_three_units_value_equals_brute_force_on_tiny_positions(scenario):
    _assert_proven_at(scenario, brute_force_trio(scenario))
