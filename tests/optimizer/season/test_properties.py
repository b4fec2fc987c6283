"""Properties on generated season positions: every season plan passes the independent season checker."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.generate_season import season_data
from models.plan import Status
from models.scenario import Scenario
from optimizer.checker.season import check_season
from optimizer.season.solve import solve_season


def picker(data):
    return lambda lo, hi: data.draw(st.integers(lo, hi))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_season_plan_passes_the_season_checker(data):
    """Seasons of 2 to 4 turns, with naval charts, grants and random expectations: every turn of every
    plan the season solver returns passes the checker's own derivation of that turn."""
    scenario = Scenario.model_validate(
        season_data(picker(data), turns=data.draw(st.integers(2, 4)), requirements=False)
    )
    solved = solve_season(scenario)
    if solved.status is Status.INFEASIBLE:
        return
    assert solved.status is Status.OPTIMAL
    assert solved.plan is not None
    assert check_season(scenario, solved.plan) == []


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_joint_grant_season_plan_passes_the_season_checker(data):
    """The U.S., Britain, Russia and China with grants over a season (rule 40 each turn, routes opened
    carrying grants from the turn after)."""
    scenario = Scenario.model_validate(
        season_data(picker(data), turns=data.draw(st.integers(2, 3)), joint_grants=True, requirements=False)
    )
    solved = solve_season(scenario)
    if solved.status is Status.INFEASIBLE:
        return
    assert solved.status is Status.OPTIMAL
    assert solved.plan is not None
    assert check_season(scenario, solved.plan) == []


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_season_plan_with_a_longer_naval_chart_passes_the_season_checker(data):
    """Seasons of 2 to 3 turns beside naval charts of their own horizon, up to 12 turns (27.7), every power
    with shipyards charted, now and then a turn past the season given BRPs and a limit: the chart's turns
    within the season paid out of each turn's BRPs and priced by its oil threshold (27.35), those past it
    within `horizon.future`'s budgets; sometimes with grants."""
    turns = data.draw(st.integers(2, 3))
    scenario = Scenario.model_validate(
        season_data(
            picker(data),
            turns=turns,
            naval_turns=data.draw(st.integers(turns + 1, 12)),
            joint_grants=data.draw(st.booleans()),
            requirements=False,
        )
    )
    solved = solve_season(scenario)
    if solved.status is Status.INFEASIBLE:
        return
    assert solved.status is Status.OPTIMAL
    assert solved.plan is not None
    assert check_season(scenario, solved.plan) == []
