"""Construction oil effects in the model (27.35): with n oil counters spent, the first 25 x (n + 1) BRPs
of builds are at normal cost and the rest at double cost; a fixed build is accepted when its power's BRPs
pay that price and refused when they fall one short. Numbers from the rules text."""

import pytest

from models.tables import Faction
from optimizer.turn.model import build_model
from optimizer.turn.prepare import prepare

AXIS, ALLIES = Faction.EUROPEAN_AXIS, Faction.WESTERN_ALLIES


def infantry(count=100, **extra):
    return {"id": "inf", "unit": "infantry", "factors": 1, "count": count, **extra}


@pytest.mark.parametrize(
    ("spent", "built", "brps", "accepted"),
    [
        (0, 25, 25, True),  # A: the first 25 BRPs at normal cost
        (0, 26, 26, False),  # D: the 26th factor costs 2
        (0, 26, 27, True),
        (1, 50, 50, True),  # B: one counter, 50
        (1, 51, 51, False),
        (2, 75, 75, True),  # C: two counters, 75
        (2, 76, 76, False),
    ],
)
def test_oil_threshold(scenario_of, assert_accepts, spent, built, brps, accepted):
    """27.35 A-D: no oil counter: 25 infantry factors cost 25 BRPs, 26 cost 27 (refused with 26 BRPs);
    one counter: 50 at normal cost, the 51st doubled; two counters: 75, the 76th doubled."""
    scenario = scenario_of({"germany": {"brps": brps, "force_pool": [infantry()]}}, oil_counters=2)
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.oil.fix(model, AXIS, spent)
    variables.builds.fix(model, "germany/inf", "berlin", built)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("italian", "italy_brps", "accepted"), [(5, 5, True), (6, 6, False), (6, 7, True)])
def test_germany_and_italy_share_the_threshold(scenario_of, assert_accepts, italian, italy_brps, accepted):
    """27.35 I: German and Italian construction costs are combined for the threshold: Germany 20 and Italy 5
    factors fit the 25; with Italy's 6 (well under 25 alone) one factor is doubled, so exact BRPs (20, 6)
    are refused and one more Italian BRP is accepted."""
    scenario = scenario_of(
        {
            "germany": {"brps": 20, "force_pool": [infantry()]},
            "italy": {"brps": italy_brps, "force_pool": [infantry()]},
        }
    )
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.oil.fix(model, AXIS, 0)
    variables.builds.fix(model, "germany/inf", "berlin", 20)
    variables.builds.fix(model, "italy/inf", "rome", italian)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("british", "accepted"), [(25, True), (26, False)])
def test_american_builds_are_ignored(scenario_of, assert_accepts, british, accepted):
    """27.35 J: American construction costs are ignored (unlimited oil): with 40 U.S. factors built, Britain
    still builds 25 factors at normal cost with 25 BRPs, no oil counter; 26 with 26 BRPs are refused."""
    scenario = scenario_of(
        {
            "usa": {"brps": 40, "force_pool": [infantry()]},
            "britain": {"brps": british, "force_pool": [infantry()]},
        },
        faction="western_allies",
    )
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.oil.fix(model, ALLIES, 0)
    variables.builds.fix(model, "usa/inf", "us_atlantic_box", 40)
    variables.builds.fix(model, "britain/inf", "london", british)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("french", "accepted"), [(5, True), (6, False)])
def test_britain_and_france_share_the_threshold(scenario_of, assert_accepts, french, accepted):
    """27.35 J: British and French construction costs are combined like the Axis': Britain 20 and France 5
    at exact BRPs accepted; France 6 at exact BRPs refused."""
    scenario = scenario_of(
        {
            "britain": {"brps": 20, "force_pool": [infantry()]},
            "france": {"brps": french, "force_pool": [infantry()]},
        },
        faction="western_allies",
    )
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.oil.fix(model, ALLIES, 0)
    variables.builds.fix(model, "britain/inf", "london", 20)
    variables.builds.fix(model, "france/inf", "paris", french)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("brps", "accepted"), [(53, True), (52, False)])
def test_isolated_rebuild_past_the_threshold_costs_triple(scenario_of, assert_accepts, brps, accepted):
    """27.13 A, 27.14, 27.35 E: infantry eliminated isolated this turn is rebuilt at double cost, at triple
    cost past the threshold; the threshold counts normal cost (reading, rules-notes): 26 factors cost
    25 x 2 + 1 x 3 = 53 BRPs: 53 accepted, 52 refused."""
    pool = [infantry(eliminated_this_turn="isolated")]
    data = prepare(scenario_of({"germany": {"brps": brps, "force_pool": pool}}))
    model, variables, _ = build_model(data)
    variables.oil.fix(model, AXIS, 0)
    variables.builds.fix(model, "germany/inf", "berlin", 26)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("built", "accepted"), [(30, True), (31, False)])
def test_oil_does_not_raise_the_limit(scenario_of, assert_accepts, built, accepted):
    """27.35 G: oil counters avoid increased costs but do not let a power exceed its construction limit:
    one counter (threshold 50) and a limit of 30 (base 90): 30 factors accepted, 31 refused."""
    scenario = scenario_of({"germany": {"brp_base": 90, "force_pool": [infantry()]}}, oil_counters=1)
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.oil.fix(model, AXIS, 1)
    variables.builds.fix(model, "germany/inf", "berlin", built)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("kept", "spent", "accepted"), [(1, 1, True), (1, 2, False), (0, 2, True)])
def test_oil_kept_back_for_uninverting(scenario_of, assert_accepts, kept, spent, accepted):
    """27.35 F: the same oil counters pay for construction and for uninverting and exploitation. Of two
    counters, one kept back leaves one for construction: spending two is refused."""
    scenario = scenario_of({"germany": {"force_pool": [infantry()]}}, oil_counters=2, oil_reserved=kept)
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.oil.fix(model, AXIS, spent)
    assert_accepts(model, accepted)
