"""The tie-break after the search (optimizer/rules/engineers/tidy.py): MPs beyond a task's cost are
taken back and moves made cheapest, the tasks done and their turns (so the value) unchanged."""

from __future__ import annotations

from models.engineers import EngineerScenario
from models.engineers_plan import EngineerPlan, TaskOutcome, UnitTurn, Work
from optimizer.checker.engineers import assess
from optimizer.rules.engineers.prepare import prepare
from optimizer.rules.engineers.tidy import tidy


def test_wasted_mps_and_a_detour_are_tidied():
    """Rail lines: 4 MPs repair the rail line. A regiment with 8 MPs in `a`: the untidy plan walks to
    `b` in turn 1 and back in turn 2 (1 MP each), then spends 6 MPs on the rail line; the tidy one
    stays in `a` and spends 4, the rail line still repaired in turn 2 (value 10 x 0.9)."""
    scenario = EngineerScenario.model_validate(
        {
            "kind": "engineers",
            "name": "tidy",
            "turns": 2,
            "hexes": [{"id": "a", "zone": "D", "broken_rail": True}, {"id": "b", "zone": "D"}],
            "neighbours": [{"hexes": ["a", "b"], "mps": 1}],
            "weather": {"D": ["clear", "clear"]},
            "units": [{"id": "c", "type": "construction", "size": "regiment", "mps": 8, "hex": "a"}],
            "tasks": [{"id": "rail", "kind": "repair_rail", "hex": "a", "value": 10}],
        }
    )
    untidy = EngineerPlan(
        status="optimal",
        value=9,
        turns=2,
        schedule=[
            UnitTurn(turn=1, unit="c", start_hex="a", mps_available=8, move_to="b", move_mps=1, mps_left=7),
            UnitTurn(
                turn=2,
                unit="c",
                start_hex="b",
                mps_available=8,
                move_to="a",
                move_mps=1,
                work=[Work(task="rail", mps=6)],
                mps_left=1,
            ),
        ],
        tasks=[TaskOutcome(task="rail", kind="repair_rail", done_turn=2, value=9)],
    )
    tidied = tidy(prepare(scenario), untidy)
    first, second = tidied.schedule
    assert (first.move_to, first.move_mps, first.work, first.mps_left) == ("a", 0, [], 8)
    assert second.work == [Work(task="rail", mps=4)]
    assert (second.start_hex, second.move_to, second.move_mps, second.mps_left) == ("a", "a", 0, 4)
    assert assess(scenario, untidy).violations == []
    found = assess(scenario, tidied)
    assert found.violations == []
    assert found.done == {"rail": 2}
    assert found.value == 9
