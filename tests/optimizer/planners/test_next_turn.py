"""`optimizer.planners.next_turn`: the next turn's scenario as text, or why the plan cannot be carried out,
without the command (the Python API `awaw next` calls)."""

import pytest
import yaml

import scenarios
from models.scenario import Scenario
from optimizer.planners import Limits
from optimizer.planners.next_turn import NotCarried, next_turn_text
from optimizer.planners.turn import TURN


def default_plan():
    scenario = TURN.validate(yaml.safe_load(scenarios.path().read_text()), "default.yaml")
    result = TURN.solve(scenario, Limits())
    assert result.plan is not None
    return scenario, result.plan


def test_the_next_turn_is_the_turn_after_with_the_brps_spent_taken_off():
    """The default scenario is spring 1942 (README); the next turn is summer 1942 (the turn sequence:
    spring, summer, fall, winter), each planned power's BRPs less what the plan spent and granted
    (27.11: BRPs spent are gone), and the header marks what only the player knows."""
    scenario, plan = default_plan()
    text = next_turn_text(scenario, plan, None, "plans/p.json")
    assert text.startswith(f"# {scenario.name}: the next turn after p.json is carried out (awaw next).")
    written = Scenario.model_validate(yaml.safe_load(text))
    assert (written.turn.season.value, written.turn.year) == ("summer", 1942)
    for power, report in plan.powers.items():
        assert written.powers[power].brps == report.brps_kept
    assert "# TO FILL" in text


def test_a_plan_that_breaks_the_rules_is_not_carried_out():
    """A build line of more counters than the force pool holds (27.5) breaks the rules: refused, exit 1."""
    scenario, plan = default_plan()
    line = plan.builds[0]
    pool = next(e for e in scenario.powers[line.power].force_pool if e.id == line.entry)
    extra = line.model_copy(update={"counters": pool.count + 1})
    broken = plan.model_copy(update={"builds": [extra, *plan.builds[1:]]})
    with pytest.raises(NotCarried) as refused:
        next_turn_text(scenario, broken, None, "p.json")
    assert refused.value.code == 1
    assert "the plan breaks the rules" in refused.value.message
