"""The player's requirements in the model: minimum builds, BRPs kept, BRPs delivered, an oil counter
spent (27.35 H). A fixed decision is accepted when it meets the requirement and refused one short."""

import pytest

from models.tables import Faction, Power
from optimizer.turn.model import build_model
from optimizer.turn.prepare import prepare


def infantry(count=20, factors=1):
    return {"id": "inf", "unit": "infantry", "factors": factors, "count": count}


@pytest.mark.parametrize(("built", "accepted"), [(5, True), (4, False)])
def test_minimum_build(scenario_of, assert_accepts, built, accepted):
    """Requirement: Germany builds at least 5 infantry factors: 5 accepted, 4 refused."""
    minimum = {"factors": 5, "unit": "infantry", "power": "germany"}
    scenario = scenario_of({"germany": {"force_pool": [infantry()]}}, objective={"minimum": [minimum]})
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "germany/inf", "berlin", built)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("counters", "accepted"), [(2, True), (1, False)])
def test_minimum_counts_factors_not_counters(scenario_of, assert_accepts, counters, accepted):
    """Requirement: at least 6 infantry factors: two 3-factor counters meet it, one does not."""
    minimum = {"factors": 6, "unit": "infantry"}
    scenario = scenario_of({"germany": {"force_pool": [infantry(4, 3)]}}, objective={"minimum": [minimum]})
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "germany/inf", "berlin", counters)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("brps", "accepted"), [(5, True), (4, False)])
def test_minimum_the_brps_cannot_pay(scenario_of, assert_accepts, brps, accepted):
    """Requirement against 27.11: at least 5 infantry factors (1 BRP each) can be met with 5 BRPs, not with 4;
    nothing is fixed, the model alone must find the plan or prove there is none."""
    minimum = {"factors": 5, "unit": "infantry", "power": "germany"}
    scenario = scenario_of(
        {"germany": {"brps": brps, "force_pool": [infantry()]}}, objective={"minimum": [minimum]}
    )
    model, _, _ = build_model(prepare(scenario))
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("built", "accepted"), [(20, True), (21, False)])
def test_brps_kept(scenario_of, assert_accepts, built, accepted):
    """Requirement: Germany keeps 10 of its 30 BRPs unspent (27.11): 20 infantry factors accepted, 21 refused."""
    scenario = scenario_of(
        {"germany": {"brps": 30, "force_pool": [infantry(30)]}}, objective={"reserve": {"germany": 10}}
    )
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "germany/inf", "berlin", built)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("spent", "accepted"), [(1, True), (0, False)])
def test_avoid_the_oil_effect(scenario_of, assert_accepts, spent, accepted):
    """27.35 H: a power incurs the construction oil effect unless its faction spends at least one oil counter
    on construction; required to avoid it, one counter spent is accepted and none refused."""
    scenario = scenario_of(
        {"germany": {"force_pool": [infantry()]}}, oil_counters=2, objective={"avoid_oil_effect": True}
    )
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.oil.fix(model, Faction.EUROPEAN_AXIS, spent)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("brps", "accepted"), [(10, True), (9, False)])
def test_deliver_brps(scenario_of, assert_accepts, brps, accepted):
    """Requirement: deliver at least 10 BRPs to Britain by grant (rule 40): a U.S. grant of 10 accepted,
    9 refused."""
    scenario = scenario_of(
        {"usa": {"brp_base": 300}, "britain": {"brp_base": 120}},
        faction="western_allies",
        us_at_war={"europe": True, "pacific": True},
        grants={"transports": {"atlantic": 4}},
        objective={"deliver": {"britain": 10}},
    )
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    assert variables.grants is not None
    variables.grants.fix(model, (Power.USA, "britain"), ("us_atlantic_box", "britain"), brps)
    assert_accepts(model, accepted)
