"""Naval construction planned by the solver (27.7): numbers from the rules text."""

import pytest

from models.plan import Status
from models.tables import Power
from optimizer.checker import check
from optimizer.planners.position import solve


def germany(scenario_of, naval, season="spring", turns=1, brps=200, brp_base=240, **fields):
    return scenario_of(
        {"germany": {"brps": brps, "brp_base": brp_base, "naval": naval}},
        turn={"season": season, "year": 1942},
        horizon={"turns": turns, "discount": 0.9},
        **fields,
    )


def solved(scenario):
    result = solve(scenario)
    assert result.status is Status.OPTIMAL, result.explanation
    return result.plan


def actions(plan, turn=0):
    return {(a.ship, a.action): (a.before, a.after) for a in plan.naval_actions if a.turn == turn}


def test_capacity_full_refuses_a_lay_down_until_a_launch_frees_room(scenario_of):
    """27.741, 27.742: rate 1 gives capacity 2; with two ships on the chart nothing can be laid down,
    unless one of them launches this phase, which frees its room at once."""
    waiting = {
        "id": "kiel",
        "rate": 1,
        "chart": [
            {"id": "A", "unit": "cruiser", "factors": 2, "row": 2, "column": "fall"},
            {"id": "B", "unit": "cruiser", "factors": 2, "row": 2, "column": "winter"},
        ],
    }
    design = [{"id": "dd", "unit": "destroyer", "factors": 1, "count": 1}]
    full = solved(germany(scenario_of, {"shipyards": [waiting], "designs": design}))
    assert ("dd#1", "lay_down") not in actions(full)
    launching = {
        "id": "kiel",
        "rate": 1,
        "chart": [
            {"id": "A", "unit": "cruiser", "factors": 2, "row": "launch", "column": "spring"},
            {"id": "B", "unit": "cruiser", "factors": 2, "row": 2, "column": "winter"},
        ],
    }
    freed = solved(germany(scenario_of, {"shipyards": [launching], "designs": design}))
    assert ("A", "launch") in actions(freed)
    assert ("dd#1", "lay_down") in actions(freed)


def test_rate_three_yard_builds_at_most_two_one_factor_units(scenario_of):
    """27.7221 A: half the rate, rounded up, on destroyers, CVEs, submarines, ASW and transports: 2 of 3."""
    naval = {
        "shipyards": [{"id": "kiel", "rate": 3}],
        "designs": [{"id": "dd", "unit": "destroyer", "factors": 1, "count": 5}],
        "sw_units": [{"id": "u", "unit": "submarine", "count": 5}],
    }
    plan = solved(germany(scenario_of, naval))
    one_factor = sum(a.sb for a in plan.naval_actions if a.turn == 0) + sum(b.factors for b in plan.sw_builds)
    assert one_factor == 2


def test_ship_laid_down_in_spring_sits_in_row_three(scenario_of):
    """27.7251 A: a 3-factor ship laid down in spring is placed in the 3 row of the Spring column."""
    naval = {
        "shipyards": [{"id": "kiel"}],
        "designs": [{"id": "bb", "unit": "capital_ship", "factors": 3, "count": 1}],
    }
    plan = solved(germany(scenario_of, naval))
    assert actions(plan)[("bb#1", "lay_down")] == ("new", "row 3 spring")
    [after] = [c for c in plan.charts if c.turn == 1]
    assert [(s.ship, s.row, s.column) for s in after.ships] == [("bb#1", "3", "spring")]


def test_repair_from_spring_launches_in_fall(scenario_of):
    """27.7267: a named ship starting a two-turn repair in spring goes to the Launch row of the Fall
    column, and is launched in the fall turn."""
    naval = {
        "shipyards": [
            {"id": "kiel", "waiting_for_repair": [{"id": "Gneisenau", "unit": "capital_ship", "factors": 3}]}
        ]
    }
    plan = solved(germany(scenario_of, naval, turns=3))
    assert actions(plan)[("Gneisenau", "start_repair")] == ("waiting", "launch fall")
    assert actions(plan, turn=2)[("Gneisenau", "launch")] == ("launch fall", "launched")


def test_no_repair_in_the_turn_of_damage(scenario_of):
    """27.7266 A: repairs may not be started on named ships in the player turn in which they are damaged."""
    ship = {"id": "Gneisenau", "unit": "capital_ship", "factors": 3, "damaged_this_turn": True}
    plan = solved(germany(scenario_of, {"shipyards": [{"id": "kiel", "waiting_for_repair": [ship]}]}))
    assert plan.naval_actions == []


def test_naval_brps_count_against_the_limit(scenario_of):
    """27.31, 27.72: a continue step costs 3 BRPs of construction: a limit of 2 (base 6) allows none."""
    chart = [{"id": "Tirpitz", "unit": "capital_ship", "factors": 4, "row": 2, "column": "spring"}]
    plan = solved(
        germany(
            scenario_of,
            {"shipyards": [{"id": "kiel", "chart": chart}], "deferring_allowed": True},
            brp_base=6,
        )
    )
    assert ("Tirpitz", "continue") not in actions(plan)
    assert plan.powers[Power.GERMANY].limit_used <= 2


def test_ships_in_their_column_must_act_without_deferring(scenario_of):
    """27.7272 C: with deferring barred, a ship in the turn's column is continued (or scuttling is barred too)."""
    chart = [{"id": "Tirpitz", "unit": "capital_ship", "factors": 4, "row": 3, "column": "spring"}]
    naval = {"shipyards": [{"id": "kiel", "chart": chart}], "deferring_allowed": False}
    plan = solved(germany(scenario_of, naval, objective={"unspent_brp_value": 5.0}))
    assert actions(plan)[("Tirpitz", "continue")] == ("row 3 spring", "row 2 spring")


def test_acceleration_pays_over_the_horizon(scenario_of):
    """27.7272 B: accelerating moves the ship one column left, so it launches a turn earlier; with a
    discount per turn and free BRPs the planner accelerates a 3-factor ship in row 2 of summer."""
    chart = [{"id": "Graf", "unit": "capital_ship", "factors": 3, "row": 3, "column": "spring"}]
    plan = solved(germany(scenario_of, {"shipyards": [{"id": "kiel", "chart": chart}]}, turns=5))
    first = [a for a in plan.naval_actions if a.ship == "Graf"][0]
    assert first.action in ("accelerate", "accelerate_knight")
    assert first.brps in (6, 9)


def test_every_naval_plan_passes_the_checker(scenario_of):
    """The independent checker accepts the solver's naval plans (27.7)."""
    chart = [
        {"id": "Tirpitz", "unit": "capital_ship", "factors": 4, "row": 2, "column": "spring"},
        {"id": "Hipper", "unit": "cruiser", "factors": 2, "row": 2, "column": "summer"},
        {"id": "Z40", "unit": "destroyer", "factors": 1, "row": "launch", "column": "spring"},
    ]
    naval = {
        "shipyards": [
            {
                "id": "kiel",
                "rate": 4,
                "chart": chart,
                "waiting_for_repair": [{"id": "Scharnhorst", "unit": "capital_ship", "factors": 3}],
            }
        ],
        "designs": [
            {"id": "H", "unit": "capital_ship", "factors": 5, "count": 1},
            {"id": "ca", "unit": "cruiser", "factors": 2, "count": 2},
        ],
        "sw_units": [{"id": "u", "unit": "submarine", "count": 4}],
    }
    for turns in (1, 4):
        scenario = germany(scenario_of, naval, turns=turns)
        assert check(scenario, solved(scenario)) == []


def lend_lease(scenario_of, usat, lost, britain_brps, count=7):
    """The U.S. at peace with Germany, with transports to build for Britain (27.7322)."""
    return scenario_of(
        {
            "usa": {
                "brps": 100,
                "brp_base": 150,
                "naval": {
                    "shipyards": [{"id": "us_atlantic_box", "rate": 12}],
                    "sw_units": [{"id": "transports", "unit": "transport", "count": count}],
                    "british_transports_lost": lost,
                },
            },
            "britain": {"brps": britain_brps, "brp_base": 120},
        },
        faction="western_allies",
        turn={"season": "fall", "year": 1940},
        usat=usat,
        us_at_war={"europe": False, "pacific": False},
        objective={"preset": "max-factors"},
    )


def transports(plan, scenario=None):
    if scenario is not None:
        assert check(scenario, plan) == []
    lines = [b for b in plan.sw_builds if b.unit.value == "transport"]
    paid = {}
    for line in lines:
        for power, brps in line.paid_by.items():
            paid[power.value] = paid.get(power.value, 0) + brps
    return sum(b.factors for b in lines), paid


def test_cash_and_carry_usat_21_six_lost(scenario_of):
    """27.7322 A, example 1: USAT 21 and six British transports lost: they may be rebuilt in the U.S.
    at Britain's expense (cash and carry); the U.S. pays nothing (USAT 21 allows no grant)."""
    scenario = lend_lease(scenario_of, usat=21, lost=6, britain_brps=50, count=10)
    plan = solved(scenario)
    assert transports(plan, scenario) == (6, {"britain": 18})


def test_cash_and_carry_needs_more_than_five_lost(scenario_of):
    """27.7322 A: until USAT are over 25, only in turns in which more than five transports were lost."""
    scenario = lend_lease(scenario_of, usat=21, lost=5, britain_brps=50)
    plan = solved(scenario)
    assert transports(plan, scenario) == (0, {})


def test_regression_restricted_deferral_transports_crowded_out_existing_ships(scenario_of):
    """27.7272 C, with 27.7322's first example: transports are rebuilt in the U.S. by cash and carry
    "provided American shipbuilding points are available (the U.S. must continue the construction of
    existing ships - 27.7272C)". USAT 21, six British transports lost, deferring restricted, the
    Atlantic box at rate 2 with North Carolina and Washington (4 factors) in its fall column: both are
    continued (2 SB, 6 BRPs), no transport is built; the planner had deferred one for a transport."""
    chart = [
        {"id": "north-carolina", "unit": "capital_ship", "factors": 4, "row": 4, "column": "fall"},
        {"id": "washington", "unit": "capital_ship", "factors": 4, "row": 3, "column": "fall"},
    ]
    scenario = scenario_of(
        {
            "usa": {
                "brps": 100,
                "brp_base": 150,
                "naval": {
                    "deferring_allowed": False,
                    "british_transports_lost": 6,
                    "shipyards": [{"id": "us_atlantic_box", "rate": 2, "chart": chart}],
                    "sw_units": [{"id": "transports", "unit": "transport", "count": 6}],
                },
            },
            "britain": {"brps": 100, "brp_base": 150},
        },
        faction="western_allies",
        turn={"season": "fall", "year": 1940},
        usat=21,
        us_at_war={"europe": False, "pacific": False},
        objective={"preset": "max-value", "values": {"transport": 30}},
    )
    plan = solved(scenario)
    assert transports(plan, scenario) == (0, {})
    assert actions(plan) == {
        ("north-carolina", "continue"): ("row 4 fall", "row 3 fall"),
        ("washington", "continue"): ("row 3 fall", "row 2 fall"),
    }
    assert sum(a.sb for a in plan.naval_actions) == 2
    assert plan.powers[Power.USA].construction_brps == 6


def test_lend_lease_usat_29_one_transport_at_us_expense(scenario_of):
    """27.7322 B, example 2: USAT 29: the U.S. may pay 29 - 25 = 4 BRPs, enough for one transport (3)."""
    scenario = lend_lease(scenario_of, usat=29, lost=5, britain_brps=0)
    plan = solved(scenario)
    assert transports(plan, scenario) == (1, {"usa": 3})


def test_lend_lease_usat_33_two_and_a_third(scenario_of):
    """27.7322 B, example 3: USAT 33 (limit 8): two transports at U.S. expense and a third with the U.S.
    paying 2 BRPs and Britain the remaining 1."""
    scenario = lend_lease(scenario_of, usat=33, lost=7, britain_brps=1)
    plan = solved(scenario)
    assert transports(plan, scenario) == (3, {"usa": 8, "britain": 1})


def us_cves(scenario_of, usat, count=5, britain_rate_rp=0, **fields):
    return scenario_of(
        {
            "usa": {
                "brps": 200,
                "brp_base": 300,
                "naval": {
                    "shipyards": [{"id": "us_atlantic_box", "rate": 12}],
                    "designs": [
                        {
                            "id": "cve-gb",
                            "unit": "escort_carrier",
                            "factors": 1,
                            "count": count,
                            "for_britain": True,
                        }
                    ],
                },
            },
            "britain": {"brps": 50, "brp_base": 120, "naval_air": {"rp_increase": britain_rate_rp}},
        },
        faction="western_allies",
        turn={"season": "summer", "year": 1942},
        usat=usat,
        us_at_war={"europe": True, "pacific": True},
        **fields,
    )


def test_british_cves_from_usat_28(scenario_of):
    """27.7223 B: the U.S. may build British CVEs once USAT reach 28, no more a turn than Britain's
    naval air training rate (2, 27.61)."""
    none = solved(us_cves(scenario_of, usat=27))
    assert not [a for a in none.naval_actions if a.action == "lay_down"]
    scenario = us_cves(scenario_of, usat=28)
    plan = solved(scenario)
    assert len([a for a in plan.naval_actions if a.action == "lay_down" and a.turn == 0]) == 2
    assert check(scenario, plan) == []


def test_a_blocked_british_cve_names_the_power_and_turn_whose_cap_blocks_it(scenario_of):
    """27.7223 B: British CVEs no more a turn than Britain's naval air training rate (2, 27.61), laid
    down by the U.S.: three fixed in the turn after summer 1942 are blocked by the U.S.'s cap in fall
    1942, and the explanation says whose cap and which turn (it said 'in fall 1942' alone, so with
    several powers' caps in one turn it could not say which blocks)."""
    from optimizer.planners.position import Position
    from optimizer.turn.decision_forms import parse_decisions

    scenario = us_cves(scenario_of, usat=28, horizon={"turns": 2})
    fix = [f"usa:cve-gb#{n}:lay_down@1" for n in (1, 2, 3)]
    result = Position(scenario, parse_decisions(fix, [])).solve()
    assert result.status is Status.INFEASIBLE
    assert result.explanation is not None
    assert result.explanation[0].startswith("cannot be met: fix usa:cve-gb#")
    assert result.explanation[1:] == ["blocked by 27.7223 B (usa in fall 1942)"]


def test_a_blocked_american_cve_names_27_7223_c(scenario_of):
    """27.7223 C: "Construction of American CVEs is limited by the U.S. naval air training rate" (4 in
    1942, 27.61): five American CVEs fixed to be laid down this turn are blocked by 27.7223 C, named with
    its letter as the checker names it (the guard said "27.7223")."""
    from optimizer.planners.position import Position
    from optimizer.turn.decision_forms import parse_decisions

    naval = {
        "shipyards": [{"id": "us_atlantic_box", "rate": 10}],
        "designs": [{"id": "cve", "unit": "escort_carrier", "factors": 1, "count": 6}],
    }
    scenario = scenario_of(
        {"usa": {"brps": 200, "brp_base": 300, "naval": naval}},
        faction="western_allies",
        turn={"season": "summer", "year": 1942},
        usat=35,
        us_at_war={"europe": True, "pacific": True},
    )
    fix = [f"usa:cve#{n}:lay_down@0" for n in (1, 2, 3, 4, 5)]
    result = Position(scenario, parse_decisions(fix, [])).solve()
    assert result.status is Status.INFEASIBLE
    assert result.explanation is not None
    assert result.explanation[1:] == ["blocked by 27.7223 C (usa)"]  # this turn: no turn named


def test_australia_two_destroyer_factors_in_play(scenario_of):
    """27.712 D: no more than two Australian destroyer factors in play: with one in play, one more."""
    naval = {
        "shipyards": [{"id": "australia_box", "rate": 2}],
        "designs": [{"id": "dd", "unit": "destroyer", "factors": 1, "count": 4}],
        "australian_destroyers_in_play": 1,
    }
    scenario = scenario_of(
        {"britain": {"brps": 50, "brp_base": 120, "naval": naval}},
        faction="western_allies",
        turn={"season": "summer", "year": 1942},
        horizon={"turns": 3},
    )
    plan = solved(scenario)
    assert len([a for a in plan.naval_actions if a.action == "lay_down"]) == 1


def test_raising_a_ship_sunk_in_port(scenario_of):
    """27.7262: a named ship sunk in port is raised for 1 SB and 3 BRPs, and repairs may not start in
    the turn it is raised: it starts them the next turn."""
    naval = {
        "shipyards": [{"id": "kiel", "rate": 2}],
        "sunk_in_port": [{"id": "Lutzow", "unit": "capital_ship", "factors": 2, "yard": "kiel"}],
    }
    scenario = germany(scenario_of, naval, turns=2)
    plan = solved(scenario)
    assert actions(plan)[("Lutzow", "raise")] == ("sunk", "waiting")
    assert ("Lutzow", "start_repair") in actions(plan, turn=1)
    [raise_] = [a for a in plan.naval_actions if a.action == "raise"]
    assert (raise_.sb, raise_.brps) == (1, 3)


def test_vichy_repairs_cost_no_brps(scenario_of):
    """27.7265: Vichy French ships are repaired at Marseilles at no BRP cost before Vichy activates."""
    naval = {
        "shipyards": [
            {
                "id": "marseilles",
                "waiting_for_repair": [
                    {"id": "Strasbourg", "unit": "capital_ship", "factors": 3, "vichy": True}
                ],
            }
        ]
    }
    scenario = scenario_of(
        {"france": {"brps": 20, "brp_base": 60, "naval": naval}},
        faction="western_allies",
        turn={"season": "spring", "year": 1941},
    )
    plan = solved(scenario)
    [repair] = [a for a in plan.naval_actions if a.action == "start_repair"]
    assert (repair.sb, repair.brps) == (1, 0)


def test_transports_sunk_by_japan_rebuilt_at_us_expense(scenario_of):
    """27.7322 C: at war with Japan before Germany, transports sunk by Japan are rebuilt in the Pacific
    U.S. box without regard to USAT and outside the grant limit, here 3 at USAT 20."""
    scenario = scenario_of(
        {
            "usa": {
                "brps": 100,
                "brp_base": 150,
                "naval": {
                    "shipyards": [{"id": "us_pacific_box", "rate": 12}],
                    "sw_units": [{"id": "transports", "unit": "transport", "count": 6}],
                    "transports_sunk_by_japan": 3,
                },
            }
        },
        usat=20,
        faction="western_allies",
        turn={"season": "spring", "year": 1942},
        us_at_war={"europe": False, "pacific": True},
        objective={"preset": "max-factors"},
    )
    plan = solved(scenario)
    assert transports(plan) == (3, {"usa": 9})


def test_captured_yard_repairs_paid_by_the_owner_without_its_own_yards(scenario_of):
    """27.7264: repairs at a captured yard (held by the Axis and supplied, 27.713) are paid by the ship's
    owner (Italy, with no yards of its own); at Germany's own yard Germany pays for an Italian ship. Regression: the plan named the payer
    as the chart's power, and a payer without shipyards had no later-turn budget."""
    scenario = scenario_of(
        {
            "germany": {
                "brps": 100,
                "brp_base": 150,
                "naval": {
                    "shipyards": [
                        {
                            "id": "kiel",
                            "rate": 2,
                            "waiting_for_repair": [
                                {"id": "Vittorio", "unit": "capital_ship", "factors": 3, "owner": "italy"}
                            ],
                        },
                        {
                            "id": "brest",
                            "captured": True,
                            "rate": 3,
                            "waiting_for_repair": [
                                {"id": "Littorio", "unit": "capital_ship", "factors": 3, "owner": "italy"}
                            ],
                        },
                    ]
                },
            },
            "italy": {"brps": 30, "brp_base": 60},
        },
        horizon={"turns": 3},
        # 27.713, 27.7264: France has fallen; the Axis holds Brest and traces supply to it.
        map={"sites": {site: {"controller": "germany"} for site in ("paris", "brest", "lille", "metz")}},
    )
    plan = solved(scenario)
    assert check(scenario, plan) == []
    repairs = {a.ship: a for a in plan.naval_actions if a.action == "start_repair"}
    assert repairs["Littorio"].power is Power.GERMANY  # the chart's power
    assert plan.powers[Power.ITALY].construction_brps == 3  # Italy pays at the captured yard


@pytest.mark.parametrize("sites", [{"kiel": {"supply": "isolated"}}, {"kiel": {"controller": "britain"}}])
def test_kiel_isolated_or_captured_builds_no_ship_but_submarines_elsewhere(scenario_of, sites):
    """27.712 A, 27.71, 27.711 A: with Kiel isolated or held by Britain, Germany neither finishes the
    cruiser in row 2 nor lays down another there, yet still builds its submarine (one point of Kiel's
    rate 2, 27.7221 A) in another German port; the checker accepts the plan."""
    chart = [{"id": "Hipper", "unit": "cruiser", "factors": 2, "row": 2, "column": "spring"}]
    naval = {
        "shipyards": [{"id": "kiel", "chart": chart}],
        "designs": [{"id": "ca", "unit": "cruiser", "factors": 2, "count": 1}],
        "sw_units": [{"id": "u", "unit": "submarine", "count": 1}],
    }
    scenario = scenario_of({"germany": {"naval": naval}}, map={"sites": sites})
    plan = solved(scenario)
    assert check(scenario, plan) == []
    assert [a.action for a in plan.naval_actions if a.action in ("continue", "lay_down")] == []
    assert [(b.yard, b.factors) for b in plan.sw_builds] == [("kiel", 1)]
    assert "hamburg" in plan.sw_builds[0].placed and "kiel" not in plan.sw_builds[0].placed.split(":")[1]


@pytest.mark.parametrize(
    ("as_grant", "built", "paid"), [(False, 1, {"usa": 2, "britain": 1}), (True, 3, {"usa": 8, "britain": 1})]
)
def test_lend_lease_share_as_a_grant_to_britain(scenario_of, as_grant, built, paid):
    """27.7322 B, example 3: USAT 33, the U.S. may pay 8 BRPs and Britain, with 1 BRP, the rest. With a
    U.S. limit of 2 (BRP base 6), paying 1:1 against it the U.S. pays 2 BRPs: one transport. As "a BRP
    grant to Britain" (setting lend_lease_as_grant) the 8 BRPs cost the U.S. floor(8 / 3) = 2 of its
    limit (27.334), and Britain's limit of 40 gains 2 (27.34) and counts the 9 BRPs: three transports,
    as in the example."""
    scenario = lend_lease(scenario_of, usat=33, lost=7, britain_brps=1)
    data = scenario.model_dump(by_alias=True)
    data["powers"]["usa"]["brp_base"] = 6
    data["settings"]["lend_lease_as_grant"] = as_grant
    scenario = type(scenario).model_validate(data)
    plan = solved(scenario)
    assert transports(plan, scenario) == (built, paid)
    usa, britain = plan.powers[Power.USA], plan.powers[Power.BRITAIN]
    if as_grant:
        assert (usa.construction_limit, usa.limit_used, britain.construction_limit, britain.limit_used) == (
            0,
            0,
            42,
            9,
        )


@pytest.mark.parametrize(("genoa", "repaired"), [("usa", True), ("germany", False)])
def test_regression_repair_at_a_captured_yard_an_ally_holds(scenario_of, genoa, repaired):
    """27.713: an enemy shipyard may repair named ships "if the hex containing the shipyard is controlled
    by the alliance faction wishing to use it"; 27.7264: "any fully supplied port ... controlled by the
    owner's alliance faction". Britain's captured Genoa, held by the U.S. (Britain's faction), starts
    the repair of the damaged Warspite (3 factors: 1 SB + 3 BRPs, 27.7267) to the Launch row of the
    fall column, two columns on; held by Germany it starts none. Regression: the planner refused it
    as 27.712 A, the construction test (the controller is Britain itself)."""
    naval = {
        "shipyards": [
            {
                "id": "genoa",
                "rate": 1,
                "captured": True,
                "waiting_for_repair": [{"id": "warspite", "unit": "capital_ship", "factors": 3}],
            }
        ]
    }
    scenario = scenario_of(
        {"britain": {"brps": 100, "brp_base": 200, "naval": naval}},
        turn={"season": "spring", "year": 1944},
        faction="western_allies",
        map={"sites": {"genoa": {"controller": genoa}, "milan": {"controller": "britain"}}},
    )
    plan = solved(scenario)
    assert check(scenario, plan) == []
    expected = {("warspite", "start_repair"): ("waiting", "launch fall")} if repaired else {}
    assert actions(plan) == expected
    if repaired:
        assert plan.powers[Power.BRITAIN].construction_brps == 3


# 27.44, 27.45: Leningrad, Archangel and Murmansk in an enemy ZoC, Sevastopol recaptured this turn.
RUSSIAN_PORTS_BARRED = {
    "leningrad": {"enemy_zoc": True},
    "archangel": {"enemy_zoc": True},
    "murmansk": {"enemy_zoc": True},
    "sevastopol": {"recaptured_this_turn": True},
}


def russia(scenario_of, sites, **fields):
    naval = {
        "shipyards": [{"id": "leningrad", "rate": 2}, {"id": "sevastopol", "rate": 2}],
        "designs": [{"id": "dd", "unit": "destroyer", "factors": 1, "count": 4}],
        "sw_units": [{"id": "subs", "unit": "submarine", "count": 4}],
    }
    return scenario_of(
        {"russia": {"brps": 60, "brp_base": 150, "naval": naval}},
        turn={"season": "winter", "year": 1941},
        faction="russia",
        map={"sites": sites},
        **fields,
    )


def test_regression_no_new_naval_units_where_27_44_or_27_45_bars_them(scenario_of):
    """27.41: "The placement of newly constructed units is subject to the following limitations"; 27.44:
    "Units may not be constructed in hexes which are in an enemy ZoC"; 27.45: not "on hexes which are
    recaptured from the enemy until the player turn following their recapture". With every Russian home
    port barred (Leningrad, Archangel, Murmansk in an enemy ZoC, Sevastopol recaptured) no submarine is
    placed in a port (27.711 A, 27.93) and no destroyer is laid down at either yard (27.7251). With
    Murmansk free, submarines are built there only: one a yard, the one-factor half of rate 2 (27.7221
    A). Regression: the planner placed submarines at all four ports and laid down at both yards."""
    barred = russia(scenario_of, RUSSIAN_PORTS_BARRED)
    plan = solved(barred)
    assert check(barred, plan) == []
    assert plan.sw_builds == []
    assert [a for a in plan.naval_actions if a.action == "lay_down"] == []
    sites = {**RUSSIAN_PORTS_BARRED, "murmansk": {}}
    murmansk = russia(scenario_of, sites)
    plan = solved(murmansk)
    assert check(murmansk, plan) == []
    assert [a for a in plan.naval_actions if a.action == "lay_down"] == []
    assert sorted((b.yard, b.factors) for b in plan.sw_builds) == [("leningrad", 1), ("sevastopol", 1)]
    for line in plan.sw_builds:
        ports = line.placed.split("(27.711 A): ")[1]
        assert ports == "murmansk; not at archangel (27.44), leningrad (27.44), sevastopol (27.45)"


def test_lay_downs_free_of_27_44_and_27_45_by_setting(scenario_of):
    """Setting naval_lay_downs_obey_placement_limits off: 27.7's locations alone govern where ships are
    laid down, so destroyers are laid down at Leningrad in an enemy ZoC and Sevastopol recaptured (one
    a yard, the one-factor half of rate 2, 27.7221 A; to the Launch row of the next column, spring,
    27.7273), while submarines, placed in a port (27.93), still obey 27.44 and 27.45: none is built."""
    scenario = russia(
        scenario_of, RUSSIAN_PORTS_BARRED, settings={"naval_lay_downs_obey_placement_limits": False}
    )
    plan = solved(scenario)
    assert check(scenario, plan) == []
    assert plan.sw_builds == []
    laid = sorted((a.yard, a.after) for a in plan.naval_actions if a.action == "lay_down")
    assert laid == [("leningrad", "launch spring"), ("sevastopol", "launch spring")]


def test_recaptured_yard_lays_down_from_the_next_turn_of_the_horizon(scenario_of):
    """27.45: "Units may not be constructed on hexes which are recaptured from the enemy until the
    player turn following their recapture"; 27.44's enemy ZoC is the map's, which holds over the horizon
    as control does [reading]. Three turns from winter 1941: no destroyer is laid down this turn; in
    spring (turn 1) one is laid down at Sevastopol (the one-factor half of rate 2, 27.7221 A), to the
    Launch row of summer, where it launches (27.7273); none ever at Leningrad, in an enemy ZoC."""
    scenario = russia(scenario_of, RUSSIAN_PORTS_BARRED, horizon={"turns": 3})
    plan = solved(scenario)
    assert check(scenario, plan) == []
    laid = [(a.turn, a.yard, a.after) for a in plan.naval_actions if a.action == "lay_down"]
    assert laid == [(1, "sevastopol", "launch summer")]


def test_a_lay_down_fixed_at_a_yard_in_an_enemy_zoc_is_blocked_by_27_44(scenario_of):
    """27.44: "Units may not be constructed in hexes which are in an enemy ZoC": a destroyer fixed to be
    laid down at Leningrad, in an enemy ZoC, is blocked by 27.44; at Sevastopol, recaptured this turn,
    by 27.45 (the audit's `--fix russia:leningrad/dd#1:lay_down` had laid it down)."""
    from optimizer.planners.position import Position
    from optimizer.turn.decision_forms import parse_decisions

    scenario = russia(scenario_of, RUSSIAN_PORTS_BARRED)
    blocked = {
        "leningrad": "blocked by 27.44 no construction in an enemy ZoC (russia/leningrad)",
        "sevastopol": "blocked by 27.45 construction only in hexes held since the start of the player turn, "
        "not recaptured this turn (russia/sevastopol)",
    }
    for yard, line in blocked.items():
        result = Position(scenario, parse_decisions([f"russia:{yard}/dd#1:lay_down"], [])).solve()
        assert result.status is Status.INFEASIBLE
        assert result.explanation is not None
        assert result.explanation[1:] == [line]


def test_a_lay_down_fixed_at_a_yard_that_builds_nothing_names_27_712_a(scenario_of):
    """27.712 A: destroyers "may be constructed in ... any controlled, fully supplied port in the
    constructing major power's home country": with Leningrad isolated, a destroyer fixed to be laid down
    there is bad input that names the rule (it said "no ship 'leningrad/dd#1' on russia's charts"); at
    Sevastopol, held and supplied, the same fix is taken."""
    from models.io import InputError
    from optimizer.planners.position import Position
    from optimizer.turn.decision_forms import parse_decisions

    scenario = russia(scenario_of, {"leningrad": {"supply": "isolated"}})
    with pytest.raises(InputError) as refused:
        Position(scenario, parse_decisions(["russia:leningrad/dd#1:lay_down"], [])).solve()
    [(_, problem)] = refused.value.problems
    assert problem.endswith(
        "no copy of 'dd' may be laid down: leningrad is not both controlled by russia and fully supplied (27.712 A)"
    )
    result = Position(scenario, parse_decisions(["russia:sevastopol/dd#1:lay_down"], [])).solve()
    assert result.status is Status.OPTIMAL
