"""Rule 14 tables and the `mobilization:` section: numbers from the Gathering Storm rules text."""

from typing import Any

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
from models.scenario import Scenario
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


def test_a_history_with_sb_in_the_eighth_follows_the_14_735_b_setting():
    """14.735 B over the mobilizations already made: an eighth with an SB increase after five of air is a
    history by default [reading], and refused with `britain_pregame_sb_counts` (14.732's two count)."""
    history = [
        {"count": 2, "initial": True, "created": {"armor": 1, "infantry": 1, "air": 2, "shipbuilding": 2}}
    ]
    history += [{"created": {"air": 3}}] * 5 + [{"created": {"shipbuilding": 1, "air": 2}}]
    powers = {"britain": {"factories": {"military": 8}, "mobilizations": history}}
    assert mobilization_scenario(powers)
    problem = _error(powers=powers, settings={"britain_pregame_sb_counts": True})
    assert "mobilization 8: an SB increase after the pre-game ones (14.735 B, 14.732" in problem


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


# --- Histories (14.7, 14.9), factories (14.31, 14.44), units in delay (14.81) ---------------------


def test_britain_history_with_one_mobilization_is_refused_14_94():
    """14.94, 14.732: Britain begins Gathering Storm having mobilized twice; a history with one British
    mobilization is refused (it used to plan no British mobilization without saying why)."""
    history = [{"count": 1, "initial": True, "created": {"armor": 1, "infantry": 1, "air": 1}}]
    message = _error(powers={"britain": {"factories": {"civilian": 6}, "mobilizations": history}})
    assert "mobilized 2 times" in message and "14.94" in message


def test_pregame_mobilizations_are_those_of_14_92():
    """14.92: Germany has mobilized three times, creating 2 armor, 3 infantry, 3 air and 1 SB; a
    pre-game record of other units is refused, and Gathering Storm records come after it."""
    wrong = [{"count": 3, "initial": True, "created": {"armor": 3, "infantry": 3, "air": 3}}]
    assert "14.92" in _error(powers={"germany": {"factories": {"civilian": 1}, "mobilizations": wrong}})
    pregame = {
        "count": 3,
        "initial": True,
        "created": {"armor": 2, "infantry": 3, "air": 3, "shipbuilding": 1},
    }
    late = [{"created": {"armor": 1, "infantry": 1, "air": 1}}, pregame]
    assert "come before" in _error(powers={"germany": {"factories": {"civilian": 1}, "mobilizations": late}})


def test_french_history_with_two_sb_increases_is_refused_14_742():
    """14.742 A, C: a French mobilization creates two different units and never an SB increase."""
    history = [
        {"count": 3, "initial": True, "created": {"armor": 1, "infantry": 3, "air": 2}},
        {"created": {"shipbuilding": 2}},
    ]
    assert "14.742 A" in _error(powers={"france": {"factories": {"civilian": 1}, "mobilizations": history}})


def test_german_history_with_three_infantry_is_refused_14_711():
    """14.711: one armor unit or SB increase plus two infantry or air: three infantry is no German
    mobilization (and would leave an odd infantry-air difference, 14.712)."""
    history = [
        {"count": 3, "initial": True, "created": {"armor": 2, "infantry": 3, "air": 3, "shipbuilding": 1}},
        {"created": {"infantry": 3}},
    ]
    assert "14.711 A" in _error(powers={"germany": {"factories": {"civilian": 2}, "mobilizations": history}})


def test_german_history_that_cannot_be_balanced_is_refused_14_712():
    """14.712: two mobilizations of two infantry leave four more infantry than air; one factory left
    can move the difference by two only, two factories can balance it."""
    history = [
        {"count": 3, "initial": True, "created": {"armor": 2, "infantry": 3, "air": 3, "shipbuilding": 1}},
        {"created": {"armor": 1, "infantry": 2}},
        {"created": {"armor": 1, "infantry": 2}},
    ]
    assert "14.712" in _error(powers={"germany": {"factories": {"civilian": 1}, "mobilizations": history}})
    mobilization_scenario({"germany": {"factories": {"civilian": 2}, "mobilizations": history}})


def test_italian_history_past_the_armor_cap_is_refused_14_722_c():
    """14.722 C: three armor including the initial one (14.93 A) until armor research: three more in
    the history make four; with the research before the plan (turn 0) they are allowed."""
    history = [
        {"count": 3, "initial": True, "created": {"armor": 1, "infantry": 3, "air": 2}},
        *[{"created": {"armor": 1, "air": 1}}] * 3,
    ]
    assert "14.722 C" in _error(powers={"italy": {"factories": {"civilian": 1}, "mobilizations": history}})
    mobilization_scenario(
        {"italy": {"factories": {"civilian": 1}, "mobilizations": history, "armor_research_turn": 0}}
    )


def test_military_factories_are_the_mobilizations_made_14_31_14_44():
    """14.31, 14.44: each mobilization converts one factory to military use and none is converted back:
    Germany's three initial mobilizations (14.92) leave three military factories, not zero."""
    assert "3 mobilizations" in _error(powers={"germany": {"factories": {"civilian": 1, "military": 0}}})
    scenario = mobilization_scenario({"germany": {"factories": {"civilian": 1}}})
    assert scenario.mobilization is not None
    assert scenario.mobilization.powers[Power.GERMANY].military_factories(Power.GERMANY) == 3


def test_units_in_delay_arrive_within_the_delay_14_81():
    """14.81: with an armor delay of 2, armor mobilized before the first planned turn reaches the reserve
    by turn 1 at the latest; shipbuilding has no delay; no more units wait than were created."""
    delays = {"armor": 2, "infantry": 1, "air": 1}

    def power(*items: dict) -> dict:
        return {"germany": {"factories": {"civilian": 1}, "in_delay": list(items)}}

    mobilization_scenario(power({"unit": "armor", "count": 1, "arrives": 1}), delays=delays)
    assert "the latest is turn 1" in _error(
        powers=power({"unit": "armor", "count": 1, "arrives": 2}), delays=delays
    )
    assert "no delay for shipbuilding" in _error(
        powers=power({"unit": "shipbuilding", "count": 1, "arrives": 0}), delays=delays
    )
    assert "more than the mobilizations" in _error(
        powers=power({"unit": "armor", "count": 3, "arrives": 0}), delays=delays
    )


def test_a_power_s_own_delays_bound_its_units_in_delay_14_81_14_83():
    """14.81, 14.83: a power's own delay (A World at War's, where it differs from the section's) bounds
    its units in delay: Germany's own armor delay of 3 lets armor mobilized before the plan arrive in
    turn 2; SB increases have no delay, and a delay past 12 turns is refused, naming the field."""
    delays = {"armor": 1, "infantry": 1, "air": 1}
    waiting = [{"unit": "armor", "count": 1, "arrives": 2}]
    own = {"germany": {"factories": {"civilian": 1}, "in_delay": waiting, "delays": {"armor": 3}}}
    mobilization_scenario(own, delays=delays)
    assert "the latest is turn 0" in _error(
        powers={"germany": {"factories": {"civilian": 1}, "in_delay": waiting}}, delays=delays
    )
    sb = {"germany": {"factories": {"civilian": 1}, "delays": {"shipbuilding": 1}}}
    assert "powers.germany.delays.shipbuilding: there is no delay for shipbuilding" in _error(
        powers=sb, delays=delays
    )
    long = {"germany": {"factories": {"civilian": 1}, "delays": {"air": 13}}}
    assert "powers.germany.delays.air: must be 0 to 12 turns" in _error(powers=long, delays=delays)


# --- The hand-over entries (14.82) ---------------------------------------------------------------


def test_mobilized_armor_is_handed_over_as_armor_14_82():
    """14.82: reserve armor is an armor allowable build; given as infantry it would be built at 1 BRP a
    factor instead of 2 (27.11 A, B)."""
    entries = {"armor": {"id": "armor-3-5", "unit": "infantry", "factors": 3}}
    assert "allowable build of its own kind" in _error(
        powers={"britain": {"factories": {"civilian": 6}, "force_pool_entries": entries}}
    )


def test_mobilized_air_is_handed_over_as_army_air_14_82():
    """14.82: reserve air is army air (27.12: 3 BRPs a factor), not armor (27.11 B: 2)."""
    entries = {"air": {"id": "air-5-4", "unit": "armor", "factors": 5}}
    assert "army_air" in _error(
        powers={"britain": {"factories": {"civilian": 6}, "force_pool_entries": entries}}
    )


def _rule27(pool: list[dict], entries: dict, **mob: Any) -> dict:
    return {
        "name": "hand-over",
        "turn": {"season": "spring", "year": 1939},
        "faction": "western_allies",
        "powers": {"britain": {"brps": 30, "brp_base": 30, "force_pool": pool}},
        "mobilization": {
            "turns": [{"season": "winter", "year": 1938}],
            "delays": {"armor": 0, "infantry": 0, "air": 0},
            "powers": {
                "britain": {
                    "factories": {"civilian": 6},
                    "tile_points": [10],
                    "force_pool_entries": entries,
                    **mob,
                }
            },
        },
    }


ARMOR = {"armor": {"id": "armor-3-5", "unit": "armor", "factors": 3}}


def test_entry_eliminated_this_turn_is_refused_as_hand_over_entry_14_82():
    """14.82, 27.13 A: mobilized armor joining an entry eliminated this turn while isolated would be
    priced x2 (4 BRPs a factor); the scenario is refused. A new entry of the same kind is accepted."""
    lost = [
        {"id": "armor-3-5", "unit": "armor", "factors": 3, "count": 1, "eliminated_this_turn": "isolated"}
    ]
    with pytest.raises(ValidationError, match="eliminated_this_turn"):
        Scenario.model_validate(_rule27(lost, ARMOR))
    same = [{"id": "armor-3-5", "unit": "armor", "factors": 3, "count": 1}]
    Scenario.model_validate(_rule27(same, ARMOR))


def test_entry_barred_from_rebuilding_or_of_other_factors_is_refused_14_82():
    """27.22: an entry barred from rebuilding would make the mobilized units never buildable; an entry of
    other factors would hand over the wrong counter."""
    barred = [{"id": "armor-3-5", "unit": "armor", "factors": 3, "count": 1, "rebuild_prohibited": "27.22 B"}]
    with pytest.raises(ValidationError, match="rebuild_prohibited"):
        Scenario.model_validate(_rule27(barred, ARMOR))
    other = [{"id": "armor-3-5", "unit": "armor", "factors": 4, "count": 1}]
    with pytest.raises(ValidationError, match="4-factor armor"):
        Scenario.model_validate(_rule27(other, ARMOR))


def test_two_unit_types_cannot_share_an_entry_14_82():
    entries = {**ARMOR, "infantry": {"id": "armor-3-5", "unit": "infantry", "factors": 3}}
    assert "also the entry of armor" in _error(
        powers={"britain": {"factories": {"civilian": 6}, "force_pool_entries": entries}}
    )


def test_shipbuilding_yard_must_be_a_yard_of_the_rule_27_part_14_61():
    """14.61: an SB increase raises a yard's shipbuilding rate; the yard named must be one the rule 27
    part lists. France never mobilizes SB increases (14.742 C)."""
    with pytest.raises(ValidationError, match="shipbuilding_yard"):
        Scenario.model_validate(_rule27([], ARMOR, shipbuilding_yard="glasgow"))
    data = _rule27([], ARMOR, shipbuilding_yard="glasgow")
    data["powers"]["britain"]["naval"] = {"shipyards": [{"id": "glasgow"}]}
    Scenario.model_validate(data)
    assert "14.742 C" in _error(
        powers={"france": {"factories": {"civilian": 1}, "shipbuilding_yard": "lorient"}}
    )


def test_bundled_descriptions_agree_with_their_requirements():
    """The bundled scenarios' descriptions state the requirement they set (the Gathering Storm one said
    3 British armor, which 14.736 B makes impossible without research, and asked for 1)."""
    import scenarios
    from models.io import load_scenario

    for path in scenarios.bundled():
        scenario = load_scenario(path)
        if scenario.mobilization is None:
            continue
        for minimum in scenario.mobilization.objective.minimum:
            assert f"{minimum.count} {minimum.unit.value}" in " ".join(scenario.description.split()), (
                path.name
            )
