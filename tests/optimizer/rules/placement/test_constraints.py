"""Placement in the model (27.46, 27.471, 27.476): a fixed placement is accepted or refused.
Numbers from the rules text; stacking room is the scenario's (27.46 sets no number)."""

import pytest

from optimizer.turn.model import build_model
from optimizer.turn.prepare import prepare


def infantry(count, factors=1):
    return {"id": "inf", "unit": "infantry", "factors": factors, "count": count}


@pytest.mark.parametrize(("built", "accepted"), [(2, True), (3, False)])
def test_ground_stacking(scenario_of, assert_accepts, built, accepted):
    """27.46: stacking limits are observed during placement: with room for two ground counters at
    Berlin, 2 new infantry counters there are accepted and 3 refused."""
    scenario = scenario_of(
        {"germany": {"force_pool": [infantry(5)]}}, map={"sites": {"berlin": {"ground_capacity": 2}}}
    )
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "germany/inf", "berlin", built)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("air", "ground", "accepted"),
    [(1, 0, True), (2, 0, False), (1, 3, True)],  # ground counters use no air room
)
def test_air_stacking(scenario_of, assert_accepts, air, ground, accepted):
    """27.46: with room for one air counter at Berlin, 1 new army air counter is accepted and 2 refused;
    3 infantry counters beside it use none of the air room."""
    pool = [infantry(5), {"id": "air", "unit": "army_air", "factors": 1, "count": 3}]
    scenario = scenario_of({"germany": {"force_pool": pool}}, map={"sites": {"berlin": {"air_capacity": 1}}})
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "germany/air", "berlin", air)
    variables.builds.fix(model, "germany/inf", "berlin", ground)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("counters", "factors", "accepted"),
    [(3, 1, True), (4, 1, False), (1, 3, True), (2, 2, False)],
)
def test_japan_three_infantry_factors_in_korea(scenario_of, assert_accepts, counters, factors, accepted):
    """27.471: Japan may construct up to three factors of infantry a turn in Korea and Manchuria:
    3 one-factor counters or one 3-factor counter at Seoul accepted; 4 factors refused."""
    scenario = scenario_of({"japan": {"force_pool": [infantry(4, factors)]}}, faction="japan")
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "japan/inf", "seoul", counters)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("korea", "manchuria", "accepted"), [(2, 1, True), (2, 2, False)])
def test_japan_cap_is_the_total_of_korea_and_manchuria(
    scenario_of, assert_accepts, korea, manchuria, accepted
):
    """27.471: the three factor limit applies to the total constructed, not to each location:
    2 factors at Seoul and 1 at Mukden accepted; 2 and 2 refused (each alone under 3)."""
    scenario = scenario_of(
        {"japan": {"force_pool": [infantry(6)]}},
        faction="japan",
        # Stacking room makes Mukden a placement choice of its own, apart from Seoul.
        map={"sites": {"mukden": {"ground_capacity": 5}}},
    )
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "japan/inf", "seoul", korea)
    variables.builds.fix(model, "japan/inf", "mukden", manchuria)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("unit", "counters", "accepted"),
    [("armor", 3, True), ("armor", 4, False), ("infantry", 6, True), ("infantry", 7, False)],
)
def test_russia_six_brps_in_siberia(scenario_of, assert_accepts, unit, counters, accepted):
    """27.476: Russia may construct up to six BRPs of ground and air units in Siberia a turn: three
    1-factor armor counters (2 BRPs each) or six infantry factors accepted; 8 or 7 BRPs refused."""
    pool = [{"id": "new", "unit": unit, "factors": 1, "count": 8}]
    data = prepare(scenario_of({"russia": {"force_pool": pool}}, faction="russia"))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "russia/new", "chita", counters)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("mukden", "accepted"), [(3, True), (4, False)])
def test_fix_at_a_site_of_an_interchangeable_class(scenario_of, assert_accepts, mukden, accepted):
    """27.471: Korea and Manchuria share Japan's 3 infantry factors a turn. Mukden stands in the
    same class as Seoul (no rule tells them apart), and fixing counters there fixes the class."""
    entry = {"id": "inf", "unit": "infantry", "factors": 1, "count": 5}
    data = prepare(scenario_of({"japan": {"force_pool": [entry]}}, faction="japan"))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "japan/inf", "mukden", mukden)
    assert_accepts(model, accepted)
