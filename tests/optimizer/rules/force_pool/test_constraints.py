"""Force pools, prices and BRPs in the model (27.5, 27.11, 27.21, 27.22, 40.244): a fixed build is
accepted or refused. Numbers from the rules text."""

import pytest

from optimizer.rules.guards import ExplainGuards
from optimizer.turn.model import build_model
from optimizer.turn.prepare import prepare


def infantry(count, **extra):
    return {"id": "inf", "unit": "infantry", "factors": 1, "count": count, **extra}


@pytest.mark.parametrize(("built", "accepted"), [(4, True), (5, False)])
def test_force_pool_count(scenario_of, assert_accepts, built, accepted):
    """27.5: an entry of four infantry counters in the force pool: 4 built accepted, 5 refused.

    Built as for explanations, where a counter's range is not the force pool, with every rule
    enforced: what refuses the fifth counter is the force-pool constraint itself."""
    data = prepare(scenario_of({"germany": {"force_pool": [infantry(4)]}}))
    model, variables, guards = build_model(data, explain=True)
    assert isinstance(guards, ExplainGuards)
    model.add_bool_and(list(guards.literals.values()))
    variables.builds.fix(model, "germany/inf", "berlin", built)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("counters", "brps", "accepted"),
    [
        (2, 5, True),  # one pair
        (1, 5, True),  # an odd counter costs as a pair
        (1, 4, False),
        (3, 10, True),  # two pairs
        (3, 9, False),  # not 7.5 rounded up: the third counter costs a whole pair
        (4, 10, True),  # not 5 BRPs per counter
    ],
)
def test_beach_defenses_are_priced_per_pair(scenario_of, assert_accepts, counters, brps, accepted):
    """27.11 E: five BRPs per two counters of beach defenses, an odd counter costing as a pair:
    3 counters need 10 BRPs (9 refused), 4 counters cost 10 BRPs."""
    beach = {"id": "bd", "unit": "beach_defense", "count": 6}
    data = prepare(scenario_of({"germany": {"brps": brps, "force_pool": [beach]}}))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "germany/bd", "berlin", counters)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("first", "second", "brps", "accepted"),
    [
        (1, 1, 5, True),  # one pair over two lines
        (1, 1, 4, False),
        (2, 1, 10, True),  # three counters: two pairs
        (2, 1, 9, False),
    ],
)
def test_beach_defenses_pair_across_the_turn(scenario_of, assert_accepts, first, second, brps, accepted):
    """27.11 E: five BRPs per two counters, counted over the turn: one counter on each of two lines is
    one pair (5 BRPs, not 10); three counters are two pairs (10)."""
    beaches = [
        {"id": "bd1", "unit": "beach_defense", "count": 3},
        {"id": "bd2", "unit": "beach_defense", "count": 3},
    ]
    data = prepare(scenario_of({"germany": {"brps": brps, "force_pool": beaches}}))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "germany/bd1", "berlin", first)
    variables.builds.fix(model, "germany/bd2", "berlin", second)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("entry", "counters", "brps", "accepted"),
    [
        (infantry(20), 12, 12, True),  # 27.11 A: 1 BRP per factor
        (infantry(20), 13, 12, False),
        ({"id": "arm", "unit": "armor", "factors": 2, "count": 5}, 3, 12, True),  # 27.11 B: 2 per factor
        ({"id": "arm", "unit": "armor", "factors": 2, "count": 5}, 3, 11, False),
        ({"id": "fort", "unit": "fortification", "count": 3}, 2, 10, True),  # 27.11 D: 5 per counter
        ({"id": "fort", "unit": "fortification", "count": 3}, 2, 9, False),
    ],
)
def test_builds_within_brps_available(scenario_of, assert_accepts, entry, counters, brps, accepted):
    """27.11: construction is paid in BRPs: with 12 BRPs, 12 infantry factors (1 each) are accepted and
    13 refused; 3 armor counters of 2 factors (2 per factor: 12) need 12; 2 forts (5 per counter) need 10."""
    data = prepare(scenario_of({"germany": {"brps": brps, "force_pool": [entry]}}))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, f"germany/{entry['id']}", "berlin", counters)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("eliminated", "built", "accepted"),
    [("other", 0, True), ("other", 1, False), ("none", 1, True)],
)
def test_specialized_unit_not_rebuilt_in_its_turn(scenario_of, assert_accepts, eliminated, built, accepted):
    """27.21: specialized units may not be rebuilt in the player turn in which they are eliminated: an
    airborne counter eliminated this turn is refused; one eliminated earlier is accepted."""
    airborne = {
        "id": "para",
        "unit": "airborne",
        "factors": 1,
        "count": 1,
        "eliminated_this_turn": eliminated,
    }
    data = prepare(scenario_of({"germany": {"force_pool": [airborne]}}))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "germany/para", "berlin", built)
    assert_accepts(model, accepted)


def test_reconstruction_prohibited(scenario_of, assert_feasible, assert_infeasible):
    """27.22 A: Dutch units in the Pacific may not be rebuilt: not one counter is accepted."""
    dutch = infantry(2, id="dutch", rebuild_prohibited="27.22 A: Dutch units in the Pacific")
    data = prepare(scenario_of({"britain": {"force_pool": [dutch]}}, faction="western_allies"))
    site = data.entries["britain/dutch"].sites[0]
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "britain/dutch", site, 0)
    assert_feasible(model)
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "britain/dutch", site, 1)
    assert_infeasible(model)


@pytest.mark.parametrize(("counters", "accepted"), [(3, True), (2, False)])
def test_us_grant_to_canada_needs_canadian_builds(scenario_of, assert_accepts, counters, accepted):
    """40.244: BRPs the U.S. grants Canada are limited to what Canadian construction costs that turn:
    a grant of 9 is accepted with three Canadian 3-factor infantry (9 BRPs), refused with two (6)."""
    canadian = {"id": "can", "unit": "infantry", "factors": 3, "count": 3, "nationality": "canadian"}
    powers = {
        "usa": {"grants_made": [{"to": "canada", "brps": 9}]},
        "britain": {"force_pool": [canadian]},
    }
    data = prepare(scenario_of(powers, faction="western_allies", us_at_war={"europe": True, "pacific": True}))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "britain/can", "canada_box", counters)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("per_two_factors", "built", "accepted"),
    [
        (False, 12, True),  # 24 - (10 + 2 ships) = 12
        (False, 13, False),
        (True, 11, True),  # 24 - (10 + (4 + 2) / 2) = 11
        (True, 12, False),
    ],
)
def test_limited_offensive_charges_ships_per_chart(
    scenario_of, assert_accepts, per_two_factors, built, accepted
):
    """27.12 chart: a limited offensive costs 1 BRP per ground or air factor used and 1 for "each
    2-factor cruiser or named ship used". With 24 BRPs, 10 ground factors, a 4-factor named ship and a
    cruiser cost 12 (1 per ship), leaving 12 infantry factors; read as 1 per two factors of cruisers
    and named ships they cost 10 + 3 = 13, leaving 11. Not 16 (1 per factor of every kind)."""
    offensive = {"kind": "limited_offensive", "factors": 10, "ships": [4, 2]}
    scenario = scenario_of(
        {"germany": {"brps": 24, "fixed_spending": [offensive], "force_pool": [infantry(20)]}},
        settings={"offensive_ships_cost_per_two_factors": per_two_factors},
    )
    model, variables, _ = build_model(prepare(scenario))
    variables.builds.fix(model, "germany/inf", "berlin", built)
    assert_accepts(model, accepted)
