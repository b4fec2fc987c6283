"""The registry's refusal of another kind's scenario file, and the season planner's of a season plan of
another length: the checks `awaw next` asks of them, in the words `awaw plan` and `awaw season --check`
use (tests/optimizer/cli/test_surface.py, tests/optimizer/season/test_next.py)."""

import yaml

import scenarios
from models.io import load_scenario
from optimizer.planners import kind_refusal
from optimizer.planners.season import SEASON

SEASON_FILE = scenarios.path("seasons/germany_summer_1942_season.yaml")
ENGINEERS_FILE = scenarios.path("engineers/rail_and_airbase.yaml")


def data(path):
    return yaml.safe_load(path.read_text())


def test_every_turn_scenario_is_of_the_turn_kind_season_or_not():
    """A turn scenario (rules 27 and 40), one with a season, one with a mobilization section (rule 14):
    each a scenario of the turn kind, whichever planner plans it."""
    for name in ("russia_summer_1942.yaml", "seasons/germany_summer_1942_season.yaml"):
        assert kind_refusal("turn", data(scenarios.path(name)), name) is None
    assert kind_refusal("turn", data(scenarios.path("gathering_storm_mobilization.yaml")), "m.yaml") is None


def test_an_engineers_file_is_refused_naming_its_command():
    assert kind_refusal("turn", data(ENGINEERS_FILE), "e.yaml") == (
        "e.yaml: an engineers scenario: plan it with awaw engineers e.yaml"
    )
    assert kind_refusal("engineers", data(ENGINEERS_FILE), "e.yaml") is None
    assert kind_refusal("engineers", data(SEASON_FILE), "s.yaml") == (
        "s.yaml: a turn scenario (rules 27 and 40): plan it with awaw season s.yaml"
    )


def test_a_season_plan_of_another_length_is_of_another_season():
    """The bundled season has two turns: a plan of two is one of it; of one or three, planned for other
    later turns (27.12, 27.35 F), it is not; a scenario with no season: section is a season of one."""
    scenario = load_scenario(SEASON_FILE)
    assert SEASON.other_length(scenario, 2) is None
    assert SEASON.other_length(scenario, 1) == "the plan has 1 turns, the season 2"
    assert SEASON.other_length(scenario, 3) == "the plan has 3 turns, the season 2"
    alone = scenario.model_copy(update={"season": None})
    assert SEASON.other_length(alone, 1) is None
    assert SEASON.other_length(alone, 2) == "the plan has 2 turns, the scenario 1 (no season: section)"
