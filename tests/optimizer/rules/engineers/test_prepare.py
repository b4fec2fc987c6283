"""Preparation of the engineers model: the hexes a unit may end its turns in."""

from __future__ import annotations

from models.engineers import EngineerScenario
from optimizer.rules.engineers.prepare import prepare


def line_scenario(task_hex: str) -> EngineerScenario:
    """Hexes a - b - c, 1 MP apart; a 1-MP regiment in `a`; a broken rail line in `task_hex`."""
    return EngineerScenario.model_validate(
        {
            "kind": "engineers",
            "name": "line",
            "turns": 3,
            "hexes": [{"id": h, "zone": "D", "broken_rail": h == task_hex} for h in "abc"],
            "neighbours": [{"hexes": ["a", "b"], "mps": 1}, {"hexes": ["b", "c"], "mps": 1}],
            "weather": {"D": ["clear"] * 3},
            "units": [{"id": "u", "type": "construction", "size": "regiment", "mps": 1, "hex": "a"}],
            "tasks": [{"id": "rail", "kind": "repair_rail", "hex": task_hex, "value": 5}],
        }
    )


def test_a_unit_keeps_the_hexes_it_passes_through_to_its_task():
    """With the task two hexes off and 1 MP a turn, the unit ends turn 1 in `b` on its way."""
    assert prepare(line_scenario("c")).units["u"].hexes == ("a", "b", "c")


def test_hexes_with_nothing_to_do_beyond_the_task_are_left_out():
    """With the task in its own hex, `b` and `c` are never worth ending a turn in (`a` is at least
    as close to every hex), so the unit's moves leave them out."""
    data = prepare(line_scenario("a"))
    assert data.units["u"].hexes == ("a",)
