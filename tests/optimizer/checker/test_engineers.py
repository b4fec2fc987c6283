"""The independent engineers checker: a legal plan passes; each breach is found and cites the
Europa engineers article's section."""

from __future__ import annotations

from typing import Any

from models.engineers import EngineerScenario
from models.engineers_plan import EngineerPlan, UnitTurn, Work
from optimizer.checker.engineers import assess, check_engineers
from optimizer.checker.violations import REPORT


def scenario(**extra: Any) -> EngineerScenario:
    data: dict[str, Any] = {
        "kind": "engineers",
        "name": "checker",
        "turns": 2,
        "discount": 0.9,
        "hexes": [
            {"id": "a", "terrain": "clear", "zone": "D", "resource_points": 1, "broken_rail": True},
            {"id": "b", "terrain": "woods", "zone": "D"},
        ],
        "neighbours": [{"hexes": ["a", "b"], "mps": 2}],
        "weather": {"D": ["clear", "clear"]},
        "units": [{"id": "c", "type": "construction", "size": "regiment", "mps": 6, "hex": "a"}],
        "tasks": [{"id": "rail", "kind": "repair_rail", "hex": "a", "value": 10}],
    }
    data.update(extra)
    return EngineerScenario.model_validate(data)


def turn(
    t: int, start: str = "a", to: str = "a", avail: float = 6, move: float = 0, **extra: Any
) -> UnitTurn:
    work = [Work(task=k, mps=m) for k, m in extra.pop("work", [])]
    spent = sum(w.mps for w in work)
    fields: dict[str, Any] = {
        "turn": t,
        "unit": "c",
        "start_hex": start,
        "mps_available": avail,
        "move_to": to,
        "move_mps": move,
        "work": work,
        "mps_left": avail - move - spent,
    }
    fields.update(extra)
    return UnitTurn(**fields)


def plan(lines: list[UnitTurn], done: dict[str, int | None], value: float, **rp: str) -> EngineerPlan:
    from models.engineers import TaskKind

    kinds = {"rail": TaskKind.REPAIR_RAIL, "fort": TaskKind.FORT, "temp": TaskKind.TEMPORARY_AIRBASE}
    return EngineerPlan.model_validate(
        {
            "status": "optimal",
            "value": value,
            "turns": 2,
            "schedule": [line.model_dump() for line in lines],
            "tasks": [
                {"task": k, "kind": kinds[k], "done_turn": d, "resource_point": rp.get(k)}
                for k, d in done.items()
            ],
        }
    )


def sections(violations) -> set[str]:
    return {v.rule.split(", ", 1)[1] for v in violations if v.kind != REPORT}


def test_rail_repair_in_one_turn_is_legal():
    """Rail lines: 4 MPs repair the line."""
    good = plan([turn(1, work=[("rail", 4)]), turn(2)], {"rail": 1}, 10)
    assert check_engineers(scenario(), good) == []


def test_rail_repair_short_of_four_mps_is_not_done():
    """Rail lines: 3 MPs leave the line broken; the plan saying it is done is caught."""
    short = plan([turn(1, work=[("rail", 3)]), turn(2)], {"rail": 1}, 10)
    found = assess(scenario(), short)
    assert found.done == {}
    assert any(v.kind == REPORT and "done in turn 1" in v.message for v in found.violations)


def test_poor_weather_rail_repair_carries_over():
    """Other repair issues: 8 MPs in poor weather, paid over two turns: done in turn 2."""
    s = scenario(weather={"D": ["frost", "frost"]})
    carried = plan([turn(1, work=[("rail", 6)]), turn(2, work=[("rail", 2)])], {"rail": 2}, 9)
    assert check_engineers(s, carried) == []


def test_overspending_mps():
    """Other repair issues: no more MPs than the unit has (moving and working together)."""
    over = plan(
        [turn(1, to="b", move=2, work=[]), turn(2, start="b", to="a", move=2, work=[("rail", 5)])],
        {"rail": 2},
        9,
    )
    assert "Other repair issues" in sections(check_engineers(scenario(), over))


def test_work_after_done():
    """Other repair issues: MPs once the full cost is paid are not spent on the task."""
    extra = plan([turn(1, work=[("rail", 4)]), turn(2, work=[("rail", 1)])], {"rail": 1}, 10)
    assert "Other repair issues" in sections(check_engineers(scenario(), extra))


FORT_SCENARIO = {
    "hexes": [
        {"id": "a", "terrain": "clear", "zone": "D", "resource_points": 1},
        {"id": "b", "terrain": "woods", "zone": "D"},
    ],
    "tasks": [{"id": "fort", "kind": "fort", "hex": "b", "value": 10}],
    "units": [{"id": "c", "type": "construction", "size": "regiment", "mps": 6, "hex": "b"}],
    "turns": 3,
    "weather": {"D": ["clear"] * 3},
}


def test_fort_in_woods_two_turns_legal_and_leaving_caught():
    """Example A: the woods fort is done two initial phases on; a builder leaving the hex before
    then abandons it, so a plan still claiming the fort is caught (Permanent Airbases and Forts:
    "the item is not completed")."""
    s = scenario(**FORT_SCENARIO)
    lines = [
        turn(1, start="b", to="b", avail=0, begins="fort"),
        turn(2, start="b", to="b", avail=0, busy_with="fort"),
        turn(3, start="b", to="b", avail=6),
    ]
    good = plan(lines, {"fort": 3}, 8.1, fort="a")
    good = good.model_copy(update={"turns": 3})
    assert check_engineers(s, good) == []
    left = list(lines)
    left[1] = turn(2, start="b", to="a", avail=6, move=2)
    left[2] = turn(3, start="a", to="a", avail=6)
    bad = plan(left, {"fort": 3}, 8.1, fort="a").model_copy(update={"turns": 3})
    found = check_engineers(s, bad)
    assert "Permanent Airbases and Forts" in sections(found)
    assert any("abandoned in turn 2" in v.message for v in found)


def test_abandoning_a_fort_is_legal_and_loses_the_resource_point():
    """Permanent Airbases and Forts: "A construction unit may also abandon the construction task, by
    leaving the hex before the construction task is completed; the item is not completed and no
    resource point is recovered." The regiment (6 MPs) begins the woods fort (two turns, Example A)
    in turn 1, leaves for the clear hex (2 MPs) in turn 2 with its MPs back, and repairs the rail
    line there (4 MPs): legal; the fort is not done and its resource point stays spent."""
    s = scenario(
        **dict(
            FORT_SCENARIO,
            hexes=[
                {"id": "a", "terrain": "clear", "zone": "D", "resource_points": 1, "broken_rail": True},
                {"id": "b", "terrain": "woods", "zone": "D"},
            ],
            tasks=[
                {"id": "fort", "kind": "fort", "hex": "b", "value": 10},
                {"id": "rail", "kind": "repair_rail", "hex": "a", "value": 10},
            ],
        )
    )
    lines = [
        turn(1, start="b", to="b", avail=0, begins="fort"),
        turn(2, start="b", to="a", avail=6, move=2, work=[("rail", 4)]),
        turn(3, start="a", to="a", avail=6),
    ]
    abandoned = plan(lines, {"fort": None, "rail": 2}, 9.0, fort="a").model_copy(update={"turns": 3})
    found = assess(s, abandoned)
    assert found.violations == []
    assert found.done == {"rail": 2}
    # The resource point was spent when the fort was begun: a second fort begun in turn 3 on the
    # same (only) resource point is caught.
    tasks = [*s.tasks, s.tasks[0].model_copy(update={"id": "fort2", "hex": "a"})]
    two = s.model_copy(update={"tasks": tasks})
    again = lines[:2] + [turn(3, start="a", to="a", avail=0, begins="fort2")]
    second = plan(again, {"fort": None, "rail": 2}, 9.0, fort="a")
    second = second.model_copy(
        update={
            "turns": 3,
            "tasks": [*second.tasks, second.tasks[0].model_copy(update={"task": "fort2"})],
        }
    )
    assert any("2 resource points spent at 'a'" in v.message for v in check_engineers(two, second))


def test_a_builder_cannot_move_while_building():
    """Permanent Airbases and Forts: "it may not move at all while constructing ... and it has no MPs
    available for any other purpose": staying in the hex while claiming MPs is caught."""
    s = scenario(**FORT_SCENARIO)
    lines = [
        turn(1, start="b", to="b", avail=0, begins="fort"),
        turn(2, start="b", to="b", avail=6, busy_with="fort"),
        turn(3, start="b", to="b", avail=6),
    ]
    bad = plan(lines, {"fort": 3}, 8.1, fort="a").model_copy(update={"turns": 3})
    assert any(v.kind == REPORT and "expected 0.0" in v.message for v in check_engineers(s, bad))


def test_fort_without_resource_point_caught():
    """Permanent Airbases and Forts: a resource point is spent when the fort is begun."""
    s = scenario(**FORT_SCENARIO)
    lines = [
        turn(1, start="b", to="b", avail=0, begins="fort"),
        turn(2, start="b", to="b", avail=0, busy_with="fort"),
        turn(3, start="b", to="b", avail=6),
    ]
    bad = plan(lines, {"fort": 3}, 8.1).model_copy(update={"turns": 3})
    assert "Permanent Airbases and Forts" in sections(check_engineers(s, bad))


def test_beginning_a_second_task_while_building_caught():
    """Example B: one task begun per initial phase, none while another is still being built."""
    s = scenario(
        **dict(
            FORT_SCENARIO,
            tasks=[
                {"id": "fort", "kind": "fort", "hex": "b", "value": 10},
                {"id": "fort2", "kind": "fort", "hex": "b", "value": 10},
            ],
        )
    )
    lines = [
        turn(1, start="b", to="b", avail=0, begins="fort"),
        turn(2, start="b", to="b", avail=0, busy_with="fort", begins="fort2"),
        turn(3, start="b", to="b", avail=0),
    ]
    bad = EngineerPlan.model_validate(
        {
            "status": "optimal",
            "value": 8.1,
            "turns": 3,
            "schedule": [x.model_dump() for x in lines],
            "tasks": [
                {"task": "fort", "kind": "fort", "done_turn": 3, "resource_point": "a"},
                {"task": "fort2", "kind": "fort", "resource_point": "a"},
            ],
        }
    )
    assert "Example B" in sections(check_engineers(s, bad))


def test_temporary_airbase_in_mud_caught():
    """Weather Effects: no temporary airbase built in mud."""
    s = scenario(
        weather={"D": ["mud", "clear"]},
        tasks=[{"id": "temp", "kind": "temporary_airbase", "hex": "a", "value": 5}],
    )
    bad = plan([turn(1, work=[("temp", 6)]), turn(2)], {"temp": 1}, 5)
    assert "Weather Effects" in sections(check_engineers(s, bad))


def test_temporary_airbase_left_alone_caught():
    """Temporary Airbases: kept only by a construction unit ending the turn on it."""
    s = scenario(tasks=[{"id": "temp", "kind": "temporary_airbase", "hex": "a", "value": 5}])
    bad = plan([turn(1, work=[("temp", 6)]), turn(2, to="b", move=2)], {"temp": 1}, 5)
    assert "Temporary Airbases" in sections(check_engineers(s, bad))
    in_desert = scenario(
        tasks=[{"id": "temp", "kind": "temporary_airbase", "hex": "a", "value": 5}],
        hexes=[{"id": "a", "terrain": "clear", "zone": "F"}, {"id": "b", "terrain": "clear", "zone": "D"}],
        weather={"D": ["clear", "clear"], "F": ["clear", "clear"]},
    )
    assert check_engineers(in_desert, bad) == []


def test_more_than_two_res_on_a_task_caught():
    """Quick Construction: at most two REs on a task."""
    s = scenario(
        units=[
            {"id": "c", "type": "construction", "size": "regiment", "mps": 6, "hex": "a"},
            {"id": "big", "type": "construction", "size": "brigade", "defense": 2, "mps": 6, "hex": "a"},
        ]
    )
    lines = [turn(1, work=[("rail", 1)]), turn(2)]
    big = [x.model_copy(update={"unit": "big"}) for x in lines]
    bad = plan(lines + big, {"rail": 1}, 10)
    assert "Quick Construction" in sections(check_engineers(s, bad))


def test_assault_engineer_in_the_schedule_caught():
    """First paragraph: assault engineers cannot construct."""
    s = scenario(units=[{"id": "c", "type": "assault_engineer", "size": "regiment", "mps": 6, "hex": "a"}])
    bad = plan([turn(1, work=[("rail", 4)]), turn(2)], {"rail": 1}, 10)
    assert "first paragraph" in sections(check_engineers(s, bad))
