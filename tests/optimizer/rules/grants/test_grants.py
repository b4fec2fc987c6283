"""Grants planned with builds (rule 40): numbers from the rules text."""

from models.plan import Status
from models.tables import Faction, Power
from optimizer.planners.position import solve

WAR = {"europe": True, "pacific": True}


def western(scenario_of, powers=None, us_at_war=WAR, objective=None, usat=None, horizon=None, **grants):
    powers = powers or {"usa": {"brp_base": 300}, "britain": {"brp_base": 120}}
    return scenario_of(
        powers,
        faction="western_allies",
        turn={"season": "summer", "year": 1942},
        us_at_war=us_at_war,
        usat=usat,
        horizon=horizon or {},
        grants=grants,
        objective=objective or {},
    )


def grant_to_britain(brps):
    return {
        "usa": {"brp_base": 300, "grants_made": [{"to": "britain", "brps": brps}]},
        "britain": {"brp_base": 120},
    }


def test_twelve_brps_by_sea_need_three_transports(scenario_of):
    """40.221: one transport per five BRPs, rounded up: 12 BRPs need 3 (2 are not enough)."""
    short = solve(western(scenario_of, grant_to_britain(12), transports={"atlantic": 2}))
    assert short.status is Status.INFEASIBLE
    assert any("40.221" in line for line in short.explanation)
    plan = solve(western(scenario_of, grant_to_britain(12), transports={"atlantic": 3})).plan
    assert [(t.leg, t.transports) for t in plan.transports] == [("us_atlantic_box->britain", 3)]


def test_usat_26_allows_one_brp(scenario_of):
    """40.331 A: USAT 26 allows one BRP a turn to Britain before war with Germany."""
    peace = {"europe": False, "pacific": False}
    assert solve(western(scenario_of, grant_to_britain(1), peace, usat=26, transports={"atlantic": 1})).plan
    result = solve(western(scenario_of, grant_to_britain(2), peace, usat=26, transports={"atlantic": 1}))
    assert result.status is Status.INFEASIBLE
    assert any("40.331 A" in line for line in result.explanation)


def test_us_grant_of_20_to_britain_moves_six_limit(scenario_of):
    """27.334, 27.34: U.S. -> Britain 20 gives Britain +6 and the U.S. -6 on their construction limits."""
    plan = solve(western(scenario_of, grant_to_britain(20), transports={"atlantic": 4})).plan
    assert sum(g.brps for g in plan.grants) == 20
    assert plan.powers[Power.USA].construction_limit == 100 - 6
    assert plan.powers[Power.BRITAIN].construction_limit == 40 + 6


def test_us_grant_of_9_to_canada(scenario_of):
    """40.244, 40.23 A: U.S. -> Canada 9 counts 9 against the U.S. limit (used, the limit itself
    unchanged) and nothing for Britain."""
    canadian = {"id": "can", "unit": "armor", "factors": 5, "count": 1, "nationality": "canadian"}
    powers = {
        "usa": {"brp_base": 300, "grants_made": [{"to": "canada", "brps": 9}]},
        "britain": {"brp_base": 120, "force_pool": [canadian]},
    }
    plan = solve(western(scenario_of, powers)).plan
    assert plan.powers[Power.USA].construction_limit == 100
    assert plan.powers[Power.USA].limit_used >= 9
    assert plan.powers[Power.BRITAIN].construction_limit == 40
    # 40.244: the grant pays for Canadian units: at least 9 BRPs of them are built.
    assert sum(b.brps for b in plan.builds if b.entry == "can") >= 9


def test_grants_to_south_africa_and_india_share_the_south_africa_leg(scenario_of):
    """40.222: U.S. -> South Africa 3 and U.S. -> India 2 through the South Africa box share one Atlantic
    transport on the leg between the two boxes (ceil(5 / 5) = 1, not 1 + 1)."""
    pool = [
        {"id": "sa", "unit": "infantry", "factors": 3, "count": 1, "nationality": "south_african"},
        {"id": "ind", "unit": "infantry", "factors": 2, "count": 1, "nationality": "indian"},
    ]
    powers = {
        "usa": {
            "brp_base": 300,
            "grants_made": [{"to": "south_africa", "brps": 3}, {"to": "india", "brps": 2}],
        },
        "britain": {"brp_base": 120, "force_pool": pool},
    }
    plan = solve(western(scenario_of, powers, transports={"atlantic": 1, "indian": 1, "pacific": 0})).plan
    assert {t.leg: t.transports for t in plan.transports}["us_atlantic_box->south_africa_box"] == 1


def test_oil_to_russia_by_murmansk_at_most_two(scenario_of):
    """40.25 A, 40.251: at most two oil counters by Murmansk, each using 10 BRPs of its 20."""
    powers = {"britain": {"brp_base": 120}, "russia": {"brp_base": 120, "force_pool": []}}
    scenario = western(
        scenario_of,
        powers,
        objective={"priorities": [{"kind": "oil_kept"}]},
        germany_russia_war_turns=4,
        transports={"atlantic": 10},
    )
    scenario = scenario.model_copy(update={"oil_counters": {Faction.WESTERN_ALLIES: 5}})
    plan = solve(scenario).plan
    assert sum(g.oil_counters for g in plan.grants) <= 2


def test_deliver_requirement_blocked_by_murmansk_capacity(scenario_of):
    """40.411: in the first Allied turn of the war Murmansk carries 5 BRPs; 15 cannot be delivered."""
    powers = {"britain": {"brp_base": 120, "brps": 100}}
    scenario = western(
        scenario_of,
        powers,
        objective={"deliver": {"russia": 15}},
        germany_russia_war_turns=1,
        transports={"atlantic": 9},
    )
    result = solve(scenario)
    assert result.status is Status.INFEASIBLE
    assert any("40.411" in line for line in result.explanation)


def test_deliver_to_russia_uses_murmansk(scenario_of):
    """40.411: in the second Allied turn of the war Murmansk carries 10 BRPs."""
    powers = {"britain": {"brp_base": 120, "brps": 100}}
    scenario = western(
        scenario_of,
        powers,
        objective={"deliver": {"russia": 10}},
        germany_russia_war_turns=2,
        transports={"atlantic": 9},
    )
    plan = solve(scenario).plan
    assert sum(g.brps for g in plan.grants if g.recipient == "russia") >= 10
    assert {g.route for g in plan.grants} == {"murmansk"}


def test_persia_opened_when_the_horizon_pays(scenario_of):
    """40.52: opening Persia costs 25 BRPs now and serves from the next turn: worth it over a long horizon
    when delivered BRPs are valued, not within a single turn."""
    powers = {"britain": {"brp_base": 120, "brps": 100}}
    objective = {"delivered_brp_value": {"russia": 1.0}, "unspent_brp_value": 1.0}
    short = solve(western(scenario_of, powers, objective=objective, germany_russia_war_turns=4)).plan
    long = solve(
        western(scenario_of, powers, objective=objective, germany_russia_war_turns=4, horizon={"turns": 6})
    ).plan
    assert short.route_openings == []
    assert [(o.route, o.paid_by, o.brps) for o in long.route_openings] == [("persia", Power.BRITAIN, 25)]


def test_china_gets_ten_by_port_and_haiphong_together(scenario_of):
    """40.83: a Chinese port and French Indochina share ten BRPs a turn: with only those two open,
    20 BRPs for China cannot be delivered (the planner used to send 10 by each); 10 can."""
    powers = {"usa": {"brp_base": 300, "brps": 100}, "china": {"brp_base": 30}}
    china = {"port_recaptured": True, "haiphong": True, "burma_road": False, "burma_port": False}

    def position(brps):
        return western(
            scenario_of,
            powers,
            objective={"deliver": {"china": brps}},
            transports={"pacific": 9},
            china=china,
        )

    result = solve(position(20))
    assert result.status is Status.INFEASIBLE
    assert any("40.83" in line for line in result.explanation)
    plan = solve(position(10)).plan
    assert sum(g.brps for g in plan.grants if g.recipient == "china") == 10


def test_brps_lost_to_interception_are_not_spent(scenario_of):
    """40.23 B: a grant by sea reaches the recipient's total "after any enemy interception is
    resolved": 10 BRPs to Russia by Murmansk at a 20 % loss rate are expected to arrive as 8, so
    Russia (no BRPs of its own) has 8 available and spends at most 8, not 10; with the setting
    `spend_grants_lost_to_interception` it plans with all 10. The plan's text says so."""
    from optimizer.render.tables import grants_parts

    infantry = {"id": "inf", "unit": "infantry", "factors": 1, "count": 30}
    powers = {
        "britain": {"brp_base": 120, "brps": 100},
        "russia": {"brp_base": 120, "brps": 0, "force_pool": [infantry]},
    }

    def position(**settings):
        scenario = western(
            scenario_of,
            powers,
            objective={"deliver": {"russia": 10}},
            germany_russia_war_turns=2,
            transports={"atlantic": 2},
            loss_rates={"britain->murmansk_box": 0.2},
        )
        return scenario.model_copy(update={"settings": scenario.settings.model_copy(update=settings)})

    scenario = position()
    plan = solve(scenario).plan
    russia = plan.powers[Power.RUSSIA]
    assert sum(g.brps for g in plan.grants if g.recipient == "russia") == 10
    assert russia.brps_available == 8 and russia.construction_brps <= 8
    text = " ".join(str(part) for part in grants_parts(scenario, plan))
    assert "BRPs lost to interception are not available to the recipient (40.23 B)" in text
    opted_in = solve(position(spend_grants_lost_to_interception=True)).plan
    assert opted_in.powers[Power.RUSSIA].brps_available == 10
