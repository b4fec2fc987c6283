"""Construction limits in the model (27.31-27.34, 27.473 B, 27.474 B, 40.23, 40.244): builds are
accepted up to the limit and refused past it, and grants move the limits. Numbers from the rules text."""

import pytest

from models.tables import Power
from optimizer.turn.model import build_model
from optimizer.turn.prepare import prepare

WAR = {"europe": True, "pacific": True}
TO_BRITAIN = (Power.USA, "britain"), ("us_atlantic_box", "britain")
TO_CANADA = (Power.USA, "canada"), ("us_atlantic_box", "canada_box")


def infantry(count, entry_id="inf", **extra):
    return {"id": entry_id, "unit": "infantry", "factors": 1, "count": count, **extra}


def western(scenario_of, powers, **fields):
    """The U.S. (base 300: limit 100) and Britain (base 120: limit 40) at war, grants decided by the plan."""
    return scenario_of(
        powers,
        faction="western_allies",
        us_at_war=WAR,
        grants={"transports": {"atlantic": 10}},
        oil_counters=1,  # Britain's builds inside the threshold: its limit, not its oil, decides
        **fields,
    )


@pytest.mark.parametrize(("built", "accepted"), [(10, True), (11, False)])
def test_construction_limit(scenario_of, assert_accepts, built, accepted):
    """27.31, 27.32 A: the basic limit is one-third of the BRP base, rounded down: base 32 gives 10;
    10 infantry factors accepted, 11 refused (with 100 BRPs to pay)."""
    data = prepare(scenario_of({"germany": {"brps": 100, "brp_base": 32, "force_pool": [infantry(20)]}}))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "germany/inf", "berlin", built)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("built", "accepted"), [(27, True), (28, False)])
def test_limit_counts_the_doubled_price(scenario_of, assert_accepts, built, accepted):
    """27.31, 27.35 D, G (reading, rules-notes: the limit counts the BRPs actually paid): limit 30, no oil:
    27 infantry factors cost 25 + 2 x 2 = 29 and are accepted; 28 cost 25 + 3 x 2 = 31 and are refused."""
    data = prepare(scenario_of({"germany": {"brps": 100, "brp_base": 90, "force_pool": [infantry(40)]}}))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "germany/inf", "berlin", built)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("grant", "built", "accepted"), [(20, 94, True), (20, 95, False), (21, 94, False)])
def test_grant_made_reduces_the_grantors_limit(scenario_of, assert_accepts, grant, built, accepted):
    """27.334, 40.23 A: for every three BRPs granted (round down) the grantor's limit drops by one: the
    U.S. (limit 100) granting 20 to Britain builds 94 factors, not 95; granting 21, not 94 (limit 93)."""
    powers = {"usa": {"brp_base": 300, "force_pool": [infantry(100)]}, "britain": {"brp_base": 120}}
    data = prepare(western(scenario_of, powers))
    model, variables, _ = build_model(data)
    assert variables.grants is not None
    variables.grants.fix(model, *TO_BRITAIN, grant)
    variables.builds.fix(model, "usa/inf", "us_atlantic_box", built)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("grant", "limit", "accepted"), [(20, 46, True), (20, 47, False), (17, 45, True)])
def test_grant_received_raises_the_recipients_limit(scenario_of, assert_accepts, grant, limit, accepted):
    """27.34, 40.23 B: the recipient gains one per three BRPs received (round down), the same as the
    grantor loses: Britain (limit 40) receiving 20 has 46, not 47; receiving 17, 45."""
    powers = {"usa": {"brp_base": 300}, "britain": {"brp_base": 120}}
    data = prepare(western(scenario_of, powers))
    model, variables, _ = build_model(data)
    assert variables.grants is not None and variables.limits is not None
    variables.grants.fix(model, *TO_BRITAIN, grant)
    variables.limits.fix(model, Power.BRITAIN, limit)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("power", "limit", "accepted"),
    [(Power.USA, 100, True), (Power.USA, 91, False), (Power.BRITAIN, 40, True), (Power.BRITAIN, 43, False)],
)
def test_us_grant_to_canada_counts_fully(scenario_of, assert_accepts, power, limit, accepted):
    """40.23 A, 40.244: U.S. grants to Canada count fully against the U.S. limit (spent from it, not
    taken off it: no 27.334 third) and have no effect on the British limit: with 9 granted the U.S.
    limit stays 100 (not 100 - 3) and Britain's 40 (not 43)."""
    canadian = {"id": "can", "unit": "infantry", "factors": 3, "count": 3, "nationality": "canadian"}
    powers = {"usa": {"brp_base": 300}, "britain": {"brp_base": 120, "force_pool": [canadian]}}
    data = prepare(western(scenario_of, powers))
    model, variables, _ = build_model(data)
    assert variables.grants is not None and variables.limits is not None
    variables.grants.fix(model, *TO_CANADA, 9)
    model.add(variables.grants.sent(Power.USA) == 9)  # no other grant moves either limit
    variables.limits.fix(model, power, limit)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("british", "accepted"), [(40, True), (41, False)])
def test_us_grant_to_canada_frees_no_room_under_the_british_limit(
    scenario_of, assert_accepts, british, accepted
):
    """40.244: American grants to Commonwealth countries "have no effect on ... the British construction
    limit". The U.S. grants Canada 5 BRPs for two Canadian beach defense counters (5 BRPs, 27.11 E),
    which with the setting `beach_defenses_count_against_limit: false` count against no limit: Britain
    (limit 40) still builds 40 British infantry factors, not 41. Each Commonwealth country counts its
    builds less the grant to it, never below 0 [reading, as the checker's limit_used]; the planner used
    to take the summed grants off the summed Commonwealth builds, so the 5 BRPs not needed by counted
    Canadian builds let Britain build 45."""
    beach = {"id": "beach", "unit": "beach_defense", "factors": 1, "count": 2, "nationality": "canadian"}
    settings = {"beach_defenses_count_against_limit": False}
    model = canada_granted(scenario_of, beach, 2, 5, british, settings)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("full", "british", "accepted"),
    [(False, 40, True), (False, 41, False), (True, 37, True), (True, 38, False)],
)
def test_us_paid_canadian_builds_and_the_british_limit(scenario_of, assert_accepts, full, british, accepted):
    """27.474 C, 40.244, setting `us_paid_builds_count_against_british_limit`: the U.S. grants Canada 3
    BRPs for a Canadian 3-factor infantry. By default the grant takes those builds off the British limit
    (40): Britain builds 40 factors of its own, not 41 [reading]. With the setting the Canadian 3 count
    against the British limit in full, whoever pays: Britain builds 37 of its own, not 38."""
    canadian = {"id": "can", "unit": "infantry", "factors": 3, "count": 1, "nationality": "canadian"}
    settings = {"us_paid_builds_count_against_british_limit": full}
    model = canada_granted(scenario_of, canadian, 1, 3, british, settings)
    assert_accepts(model, accepted)


def canada_granted(scenario_of, entry: dict, counters: int, grant: int, british: int, settings: dict):
    """The U.S. (limit 100) granting Canada `grant` BRPs, and nothing else, Britain (limit 40) building
    `counters` of the Canadian `entry` in the Canada box and `british` British infantry factors in London:
    the model, for its limits to accept or refuse."""
    powers = {"usa": {"brp_base": 300}, "britain": {"brp_base": 120, "force_pool": [infantry(50), entry]}}
    model, variables, _ = build_model(prepare(western(scenario_of, powers, settings=settings)))
    assert variables.grants is not None
    variables.grants.fix(model, *TO_CANADA, grant)
    model.add(variables.grants.sent(Power.USA) == grant)  # no grant to Britain moves its limit
    variables.builds.fix(model, f"britain/{entry['id']}", "canada_box", counters)
    variables.builds.fix(model, "britain/inf", "london", british)
    return model


@pytest.mark.parametrize(
    ("indian", "british", "accepted"), [(3, 0, True), (4, 0, False), (3, 1, True), (3, 2, False)]
)
def test_indian_limit_and_british_limit(scenario_of, assert_accepts, indian, british, accepted):
    """27.474 B, C: the Indian limit is three BRPs a turn, and Indian construction counts against the
    British limit: with Britain's limit 4 (base 12), 3 Indian factors are accepted, 4 refused; 3 Indian
    and 1 British accepted, 3 and 2 refused."""
    pool = [infantry(5, "ind", nationality="indian"), infantry(5)]
    data = prepare(scenario_of({"britain": {"brp_base": 12, "force_pool": pool}}, faction="western_allies"))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "britain/ind", "india_box", indian)
    variables.builds.fix(model, "britain/inf", "london", british)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("built", "accepted"), [(9, True), (10, False)])
def test_australian_limit(scenario_of, assert_accepts, built, accepted):
    """27.473 B: the Australian construction limit is nine BRPs a turn: 9 Australian infantry factors
    accepted, 10 refused."""
    pool = [infantry(12, "aus", nationality="australian")]
    data = prepare(scenario_of({"britain": {"force_pool": pool}}, faction="western_allies"))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "britain/aus", "australia_box", built)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("counted", "accepted"), [(True, False), (False, True)])
def test_beach_defenses_and_the_limit(scenario_of, assert_accepts, counted, accepted):
    """27.31 names what counts against the limit and not beach defenses (setting, default: they count).
    Limit 10 (base 30); six beach defense counters cost 15 BRPs (27.11 E: 5 per two): refused when they
    count, accepted when they do not."""
    works = {"id": "beach", "unit": "beach_defense", "factors": 1, "count": 6}
    scenario = scenario_of(
        {"germany": {"brps": 100, "brp_base": 30, "force_pool": [works]}},
        settings={"beach_defenses_count_against_limit": counted},
    )
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "germany/beach", "berlin", 6)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("brps", "accepted"), [(10, True), (11, False)])
def test_us_grant_to_canada_may_not_pass_the_us_limit(scenario_of, assert_accepts, brps, accepted):
    """40.244: U.S. grants to Canada "count against the American construction limit": with a limit of
    10 (BRP base 30, 27.32 A) the U.S. may grant Canada 10, not 11 (the planner used to accept 30, the
    grant being a reduction that stops at 0, 27.32 B)."""
    canadian = {"id": "can", "unit": "infantry", "factors": 1, "count": 40, "nationality": "canadian"}
    powers = {"usa": {"brp_base": 30}, "britain": {"brp_base": 120, "force_pool": [canadian]}}
    data = prepare(western(scenario_of, powers))
    model, variables, _ = build_model(data)
    assert variables.grants is not None
    variables.grants.fix(model, *TO_CANADA, brps)
    assert_accepts(model, accepted)


TO_FRANCE = (Power.USA, "france"), ("us_atlantic_box", "france")


@pytest.mark.parametrize(
    ("per_turn_total", "built", "accepted"),
    [(False, 99, True), (False, 100, False), (True, 98, True), (True, 99, False)],
)
def test_grant_reduction_per_turn_total_setting(scenario_of, assert_accepts, per_turn_total, built, accepted):
    """27.334: the U.S. (limit 100) grants Britain 4 and France 2. Per grant its limit falls by
    floor(4 / 3) + floor(2 / 3) = 1 and it builds 99 factors, not 100; with the setting
    `grant_limit_reduction_per_turn_total` by floor(6 / 3) = 2, and it builds 98, not 99."""
    powers = {
        "usa": {"brp_base": 300, "force_pool": [infantry(120)]},
        "britain": {"brp_base": 120},
        "france": {"brp_base": 60},
    }
    scenario = scenario_of(
        powers,
        faction="western_allies",
        us_at_war=WAR,
        grants={"transports": {"atlantic": 10}},
        oil_counters=1,
        settings={"grant_limit_reduction_per_turn_total": per_turn_total},
    )
    model, variables, _ = build_model(prepare(scenario))
    assert variables.grants is not None
    variables.grants.fix(model, *TO_BRITAIN, 4)
    variables.grants.fix(model, *TO_FRANCE, 2)
    variables.builds.fix(model, "usa/inf", "us_atlantic_box", built)
    assert_accepts(model, accepted)


@pytest.mark.parametrize("per_turn_total", [False, True])
@pytest.mark.parametrize(("limit", "accepted"), [(41, True), (42, False)])
def test_recipient_gains_a_third_of_each_grant_either_reading(
    scenario_of, assert_accepts, per_turn_total, limit, accepted
):
    """27.34: the recipient gains floor(r / 3) of each grant received under either reading of 27.334:
    Britain (limit 40) receiving 4 from the U.S., which also grants France 2, has a limit of 41, not 42."""
    powers = {"usa": {"brp_base": 300}, "britain": {"brp_base": 120}, "france": {"brp_base": 60}}
    scenario = scenario_of(
        powers,
        faction="western_allies",
        us_at_war=WAR,
        grants={"transports": {"atlantic": 10}},
        settings={"grant_limit_reduction_per_turn_total": per_turn_total},
    )
    model, variables, _ = build_model(prepare(scenario))
    assert variables.grants is not None and variables.limits is not None
    variables.grants.fix(model, *TO_BRITAIN, 4)
    variables.grants.fix(model, *TO_FRANCE, 2)
    variables.limits.fix(model, Power.BRITAIN, limit)
    assert_accepts(model, accepted)
