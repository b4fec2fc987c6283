"""Rule 14 tables and the `mobilization:` section: numbers from the Gathering Storm rules text."""

import pytest
from pydantic import ValidationError

from models.generate_mobilization import mobilization_scenario
from models.io import InputError, parse_scenario
from models.mobilization import (
    ARMOR_CAP_WITHOUT_RESEARCH,
    INITIAL_MOBILIZATIONS,
    RUSSIAN_MOBILIZATION_INTERVAL,
    SHIPBUILDING_PER_GAME,
    UNITS_PER_MOBILIZATION,
    Cohesion,
    UnitCounts,
    civilian_conversion_cost,
    mobilization_cost,
)
from models.tables import Power


@pytest.mark.parametrize(
    ("year", "cost"), [(1935, 10), (1936, 9), (1937, 8), (1938, 7), (1939, 6), (1940, 5)]
)
def test_mobilization_cost_by_year_14_31_a(year, cost):
    """14.31 A: 1935: 10 points; 1936: 9; 1937: 8; 1938: 7; 1939: 6; 1940: 5."""
    assert mobilization_cost(year, eai=0, adjustment=0) == cost


def test_mobilization_cost_positive_eai_lowers_it_14_31_b():
    """14.31 B: a positive EAI decreases the cost: 1939 with EAI +2 costs 6 - 2 = 4."""
    assert mobilization_cost(1939, eai=2, adjustment=0) == 4


def test_mobilization_cost_negative_eai_raises_it_14_31_b():
    """14.31 B: a negative EAI increases the cost: 1939 with EAI -2 costs 6 + 2 = 8."""
    assert mobilization_cost(1939, eai=-2, adjustment=0) == 8


def test_mobilization_cost_random_events_14_31_c():
    """14.31 C: random events raise or lower the cost: 1940 (5) with +2 is 7, with -1 is 4."""
    assert mobilization_cost(1940, eai=0, adjustment=2) == 7
    assert mobilization_cost(1940, eai=0, adjustment=-1) == 4


def test_mobilization_cost_floor_reading_14_31():
    """14.31 [reading]: the cost never falls below the setting's floor (0 by default): 1944 with EAI +3
    would be 10 - 9 - 3 = -2."""
    assert mobilization_cost(1944, eai=3, adjustment=0) == 0
    assert mobilization_cost(1944, eai=3, adjustment=0, minimum=1) == 1


def test_civilian_conversion_cost_14_21():
    """14.21: converting an idle factory to civilian use costs 10 tile points, changed by random events."""
    assert civilian_conversion_cost(0) == 10
    assert civilian_conversion_cost(3) == 13
    assert civilian_conversion_cost(-2) == 8


def test_russian_mobilization_rate_14_43_b():
    """14.43 B: low once every five turns, medium four, high three, full two."""
    assert RUSSIAN_MOBILIZATION_INTERVAL == {
        Cohesion.LOW: 5,
        Cohesion.MEDIUM: 4,
        Cohesion.HIGH: 3,
        Cohesion.FULL: 2,
    }


def test_units_per_mobilization_14_7():
    """14.711 Germany three, 14.721 Italy two, 14.731 Britain three, 14.741 France two, 14.751 Russia three."""
    assert UNITS_PER_MOBILIZATION == {
        Power.GERMANY: 3,
        Power.ITALY: 2,
        Power.BRITAIN: 3,
        Power.FRANCE: 2,
        Power.RUSSIA: 3,
    }


def test_armor_caps_and_sb_limits_14_7():
    """14.722 C, 14.736 B, 14.742 B: three armor including the initial one until armor research;
    14.713 C, 14.722 D: one SB increase per game for Germany and Italy."""
    assert {p: cap for p, (cap, _) in ARMOR_CAP_WITHOUT_RESEARCH.items()} == {
        Power.ITALY: 3,
        Power.BRITAIN: 3,
        Power.FRANCE: 3,
    }
    assert {p: cap for p, (cap, _) in SHIPBUILDING_PER_GAME.items()} == {Power.GERMANY: 1, Power.ITALY: 1}


@pytest.mark.parametrize(
    ("power", "count", "armor", "infantry", "air", "shipbuilding", "units"),
    [
        (Power.GERMANY, 3, 2, 3, 3, 1, 9),  # 14.92
        (Power.ITALY, 3, 1, 3, 2, 0, 6),  # 14.93
        (Power.BRITAIN, 2, 1, 1, 2, 2, 6),  # 14.94 (and 14.732)
        (Power.FRANCE, 3, 1, 3, 2, 0, 6),  # 14.95
        (Power.RUSSIA, 5, 4, 4, 7, 0, 15),  # 14.96
    ],
)
def test_initial_mobilizations_14_92_to_14_96(power, count, armor, infantry, air, shipbuilding, units):
    """14.92-14.96: the mobilizations made at the start and the units (or SB equivalent) they created."""
    made, created, _ = INITIAL_MOBILIZATIONS[power]
    assert made == count
    assert created == UnitCounts(armor=armor, infantry=infantry, air=air, shipbuilding=shipbuilding)
    assert created.total() == units


def test_default_history_is_the_initial_mobilizations_14_9():
    """14.9: a power without `mobilizations` starts from its initial mobilizations."""
    scenario = mobilization_scenario({"germany": {"factories": {"civilian": 2, "military": 3}}})
    assert scenario.mobilization is not None
    (record,) = scenario.mobilization.powers[Power.GERMANY].history(Power.GERMANY)
    assert record.initial and record.count == 3 and record.created.armor == 2


def _error(**changes):
    with pytest.raises(ValidationError) as info:
        mobilization_scenario(**changes)
    return str(info.value)


def test_turns_must_be_consecutive():
    with pytest.raises(ValidationError, match="does not follow"):
        from models.scenario import Scenario

        Scenario.model_validate(
            {
                "name": "x",
                "turn": {"season": "spring", "year": 1939},
                "faction": "western_allies",
                "powers": {"britain": {"brps": 1, "brp_base": 1}},
                "mobilization": {
                    "turns": [{"season": "spring", "year": 1936}, {"season": "fall", "year": 1936}],
                    "delays": {"armor": 1, "infantry": 1, "air": 1},
                    "powers": {"germany": {"factories": {"idle": 1}, "tile_points": [5, 5]}},
                },
            }
        )


def test_shipbuilding_has_no_delay_14_81():
    assert "no delay for shipbuilding" in _error(
        powers={"germany": {"factories": {"idle": 1}}},
        delays={"armor": 1, "infantry": 1, "air": 1, "shipbuilding": 1},
    )


def test_missing_delay_is_named_14_81():
    assert "delays.air: missing" in _error(
        powers={"germany": {"factories": {"idle": 1}}}, delays={"armor": 1, "infantry": 1}
    )


def test_tile_points_one_per_turn():
    assert "tile_points: 1 values for 2 planned turns" in _error(
        powers={"germany": {"factories": {"idle": 1}, "tile_points": [5]}}
    )


def test_cohesion_is_russian_only_14_43():
    assert "cohesion: Russia only" in _error(
        powers={"germany": {"factories": {"idle": 1}, "cohesion": ["low", "low"]}}
    )


def test_russia_needs_cohesion_14_43_b():
    assert "cohesion" in _error(powers={"russia": {"factories": {"idle": 1}, "cohesion": None}})


def test_no_mobilization_for_the_usa_14_7():
    assert "only Germany, Italy, Britain, France and Russia" in _error(
        powers={"usa": {"factories": {"idle": 1}}}
    )


def test_armor_research_only_for_capped_powers():
    assert "armor_research_turn" in _error(
        powers={"germany": {"factories": {"idle": 1}, "armor_research_turn": 0}}
    )


def test_game_mobilization_record_must_have_the_power_s_units_14_7():
    """A Gathering Storm record of France creates two units (14.741)."""
    assert "creates 2 units" in _error(
        powers={
            "france": {
                "factories": {"idle": 1},
                "mobilizations": [{"created": {"armor": 1, "infantry": 1, "air": 1}}],
            }
        }
    )


def test_britain_mobilizes_eight_times_at_most_14_735():
    history = [
        {"count": 2, "initial": True, "created": {"armor": 1, "infantry": 1, "air": 2, "shipbuilding": 2}}
    ]
    history += [{"created": {"air": 3}}] * 7
    assert "eight times at most" in _error(
        powers={"britain": {"factories": {"civilian": 1}, "mobilizations": history}}
    )


def test_bad_yaml_names_the_file_and_field():
    text = """
name: x
turn: {season: spring, year: 1939}
faction: western_allies
powers: {britain: {brps: 1, brp_base: 1}}
mobilization:
  turns: [{season: spring, year: 1936}]
  delays: {armor: 1, infantry: 1, air: 1}
  powers:
    germany: {factories: {idle: -1}, tile_points: [5]}
"""
    with pytest.raises(InputError) as info:
        parse_scenario(text, "mob.yaml")
    rendered = info.value.render()
    assert "mob.yaml" in rendered
    assert "mobilization.powers.germany.factories.idle" in rendered
