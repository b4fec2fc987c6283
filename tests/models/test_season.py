"""The `season:` section (models/season.py): turns, expectations per turn, the leftover's rule; bad input
refused at its line with its field."""

import pytest

from models.io import InputError, parse_scenario
from models.powers import Season, Turn
from models.season import chart_horizon, turn_after, turns_to_year_end

BASE = """
name: t
turn: {season: summer, year: 1942}
faction: european_axis
powers:
  germany:
    brps: 100
    brp_base: 200
    force_pool:
      - {id: inf, unit: infantry, factors: 3, count: 2}
"""


def problems(season: str) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as caught:
        parse_scenario(BASE + season, "s.yaml")
    return caught.value.problems


def test_turns_to_the_year_end_count_this_turn_and_the_winter_turn():
    """The year runs spring, summer, fall, winter; from summer three turns remain, this one included."""
    scenario = parse_scenario(BASE + "season: {turns: year}\n")
    assert scenario.season is not None
    assert scenario.season.length(scenario.turn) == 3
    assert turns_to_year_end(Turn(season=Season.WINTER, year=1942)) == 1


def test_the_turn_after_winter_is_the_next_years_spring():
    assert turn_after(Turn(season=Season.WINTER, year=1942)) == Turn(season=Season.SPRING, year=1943)
    assert turn_after(Turn(season=Season.SUMMER, year=1942), 3) == Turn(season=Season.SPRING, year=1943)


def test_a_turn_past_the_horizon_is_refused_at_its_field():
    [(where, problem)] = problems("season:\n  turns: 2\n  expectations:\n    - {turn: 3}\n")
    assert where == "season.expectations[0].turn"
    assert "past the season's 2 turns" in problem


def test_turn_one_is_this_turn_and_has_no_expectation():
    """Turn 1 is the scenario's own turn: its figures are the scenario's."""
    [(where, _)] = problems("season:\n  turns: 2\n  expectations:\n    - {turn: 1}\n")
    assert where == "season.expectations[0].turn"


def test_an_expectation_for_a_power_not_planned_is_refused():
    [(where, problem)] = problems(
        "season:\n  turns: 2\n  expectations:\n    - {turn: 2, powers: {italy: {gains: 5}}}\n"
    )
    assert where == "season.expectations[0].powers.italy"
    assert "not a planned power" in problem


@pytest.mark.parametrize("field", ["gains", "losses", "brps_received", "spending"])
def test_a_negative_flow_is_refused(field):
    [(where, problem)] = problems(
        f"season:\n  turns: 2\n  expectations:\n    - {{turn: 2, powers: {{germany: {{{field}: -4}}}}}}\n"
    )
    assert where.endswith(field)
    assert "below the least allowed value" in problem


def test_counters_returned_to_an_entry_the_pool_does_not_have_are_refused():
    [(where, problem)] = problems(
        "season:\n  turns: 2\n  expectations:\n    - {turn: 2, powers: {germany: {returned: {armor: 1}}}}\n"
    )
    assert where == "season.expectations[0].powers.germany.returned.armor"
    assert "no force pool entry" in problem


def test_a_received_entry_with_an_id_already_in_the_pool_is_refused():
    """14.81: a mobilized unit arrives as a new allowable build; an id already used would merge two entries."""
    [(where, problem)] = problems(
        "season:\n  turns: 2\n  expectations:\n    - turn: 2\n      powers:\n        germany:\n"
        "          received: [{id: inf, unit: infantry, factors: 3, count: 1}]\n"
    )
    assert where == "season.expectations[0].powers.germany.received[0]"
    assert "already in the force pool" in problem


def test_a_season_past_1946_is_refused():
    with pytest.raises(InputError) as caught:
        parse_scenario(BASE.replace("1942", "1946") + "season: {turns: 8}\n", "s.yaml")
    [(where, problem)] = caught.value.problems
    assert where == "season.turns"
    assert "past 1946" in problem


def test_a_naval_chart_horizon_shorter_than_the_season_is_refused_27_7():
    """The chart is planned whole over its horizon, the season's turns among them (27.7)."""
    [(where, problem)] = problems("horizon: {turns: 3}\nseason: {turns: 4}\n")
    assert where == "horizon.turns"
    assert "shorter than the season's 4" in problem


def test_horizon_future_for_a_turn_of_the_season_is_refused_27_11():
    """A season turn's BRPs are the season's flow (27.11), not a horizon.future guess."""
    [(where, problem)] = problems("horizon: {turns: 6, future: [{brps: {germany: 5}}]}\nseason: {turns: 3}\n")
    assert where == "horizon.future[0]"
    assert "turn 2 is a turn of the season" in problem


def test_a_horizon_discount_beside_a_longer_season_is_refused():
    [(where, _)] = problems("horizon: {turns: 6, discount: 0.9}\nseason: {turns: 3}\n")
    assert where == "horizon.discount"


def test_a_twelve_turn_chart_beside_a_four_turn_season_is_its_own_horizon_27_7():
    """horizon.turns 12 with a season of 4: the chart's own horizon; future entries past the season."""
    text = "horizon: {turns: 12, future: [{}, {}, {}, {brps: {germany: 5}}]}\nseason: {turns: 4}\n"
    scenario = parse_scenario(BASE + text, "s.yaml")
    assert chart_horizon(scenario.horizon, 4) == 12
    assert chart_horizon(parse_scenario(BASE + "season: {turns: 4}\n", "s.yaml").horizon, 4) == 4


def test_the_growth_rule_takes_no_brp_value():
    [(where, _)] = problems("season: {turns: 2, leftover: {rule: growth, brp_value: 1}}\n")
    assert where.startswith("season.leftover")


FRANCE = """
name: t
turn: {season: spring, year: 1940}
faction: western_allies
powers:
  france:
    brps: 95
    brp_base: 85
    force_pool: []
"""


def test_brps_france_expects_to_receive_without_paris_are_refused_40_331_a_40_34_a():
    """40.331 A, 40.34 A: "Grants to France are allowed only if Paris is under Allied control". BRPs a
    power expects from powers not planned are read as a grant (`brps_received`), so with Paris German on
    the map France's are refused at their field; with Paris Allied they are accepted (as the turn refuses
    a grant France receives, `grants_received`)."""
    season = "season:\n  turns: 2\n  expectations:\n    - {turn: 2, powers: {france: {brps_received: 6}}}\n"
    parse_scenario(FRANCE + season, "s.yaml")
    german = FRANCE + "map: {sites: {paris: {controller: germany}}}\n" + season
    with pytest.raises(InputError) as caught:
        parse_scenario(german, "s.yaml")
    [(where, problem)] = caught.value.problems
    assert where == "season.expectations[0].powers.france.brps_received"
    assert "(40.331 A, 40.34 A)" in problem


@pytest.mark.parametrize(
    ("leftover", "unspent", "growth"),
    [
        ("{}", 0.3, None),  # the default: the objective's own value, the objective itself
        ("{rule: per_brp, brp_value: 0.5}", 0.5, None),
        ("{rule: growth, growth_rate: 0.5, base_brp_value: 1.0}", 0.0, (0.5, 1.0)),
    ],
)
def test_a_one_turn_seasons_position_values_the_brps_kept_by_its_leftover(leftover, unspent, growth):
    """Issue 28: what is left at the end "is valued by the player's stated rule for it: a value per BRP,
    or a growth rate applied to it at the year-start sequence and valued as that many BRPs of next year's
    base". A one-turn season's turn position (`Scenario.one_turn_position`) is the scenario with that rule
    as the turn's value of the BRPs kept: per_brp as `unspent_brp_value`, growth as `unspent_brp_growth`
    (in place of `unspent_brp_value`); the default leaves the scenario as it is."""
    text = BASE + f"objective: {{unspent_brp_value: 0.3}}\nseason: {{turns: 1, leftover: {leftover}}}\n"
    scenario = parse_scenario(text, "s.yaml")
    position = scenario.one_turn_position()
    assert position.objective.unspent_brp_value == unspent
    found = position.objective.unspent_brp_growth
    assert (None if found is None else (found.growth_rate, found.base_brp_value)) == growth
    assert (position is scenario) == (leftover == "{}")


def test_the_growth_of_the_brps_kept_replaces_their_value_per_brp():
    """`objective.unspent_brp_growth` values the BRPs kept "in place of unspent_brp_value": both given
    is refused at the objective."""
    text = (
        BASE
        + "objective: {unspent_brp_value: 0.3, unspent_brp_growth: {growth_rate: 0.5, base_brp_value: 1}}\n"
    )
    with pytest.raises(InputError) as caught:
        parse_scenario(text, "s.yaml")
    [(where, message)] = caught.value.problems
    assert where == "objective" and "unspent_brp_value: with unspent_brp_growth" in message


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (
            "season: {turns: 2, leftover: {rule: growth, growth_rate: 0.1255, base_brp_value: 1}}\n",
            "season.leftover.growth_rate",
        ),
        (
            "objective: {unspent_brp_growth: {growth_rate: 0.3333, base_brp_value: 1}}\n",
            "objective.unspent_brp_growth.growth_rate",
        ),
    ],
)
def test_a_growth_rate_finer_than_thousandths_is_refused_at_its_field(text, field):
    """A growth rate is planned exactly in thousandths; a finer one would be rounded by the plan and not by
    its check, so it is refused where it is written (0.125 is taken, 0.1255 is not)."""
    [(where, problem)] = problems(text)
    assert where == field
    assert "thousandths" in problem
    assert parse_scenario(BASE + text.replace("0.1255", "0.125").replace("0.3333", "0.333"), "s.yaml")
