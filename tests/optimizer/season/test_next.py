"""`awaw next`: the next turn's scenario after a plan is carried out (models/carry.py, models/carry_naval.py),
and planning turn after turn with it agreeing with the season plan when the expectations come true."""

import json
import random

import pytest
import yaml

import scenarios
from models.carry import carried_orders, later_season, next_turn_data
from models.carry_naval import next_charts
from models.decisions import decisions_of
from models.generate_season import season_data
from models.objective import Objective
from models.plan import Plan
from models.scenario import Scenario
from models.season import TurnExpectation
from models.season_plan import SeasonPlan
from models.tables import WORKS_UNIT_TYPES, Power, UnitType
from optimizer.checker import check
from optimizer.checker.season import check_season
from optimizer.planners import Limits
from optimizer.planners.next_turn import next_turn_text
from optimizer.planners.position import solve
from optimizer.planners.season import SEASON
from optimizer.season.solve import solve_season
from tests.optimizer.cli.test_cli import run
from tests.optimizer.season.test_model import HEAD, RECEIVED, SPENDING
from tests.optimizer.season.test_one_turn_leftover import PER_BRP, fall


def carried(scenario: Scenario, plan: SeasonPlan) -> Scenario:
    """The next turn's scenario as `awaw next` writes it, the season one turn shorter, with the orders the
    season plan expects of its turns (`carried_orders`)."""
    season = scenario.season
    assert season is not None
    data = next_turn_data(scenario, plan.turns[0].plan, season.expected(1))
    data.pop("horizon", None)
    data["season"] = later_season(season, len(plan.turns))
    data["expected_orders"] = carried_orders(scenario, [turn.plan for turn in plan.turns])
    return Scenario.model_validate(data)


def orders(plan) -> dict:
    """A turn plan's orders (`awaw compare`'s decisions form): builds, SW units, grants by route, route
    openings, oil counters spent and chart actions."""
    return decisions_of(plan).model_dump(mode="json", exclude={"scenario"})


def season_then_next(tmp_path, data: dict) -> tuple[str, str]:
    """`awaw season --json` of `data` (written to s.yaml), then `awaw next` of its plan (to n.yaml), each
    refused nothing: the season plan's JSON and the next turn's scenario's text."""
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(data))
    planned = run("season", tmp_path / "s.yaml", "--json")
    assert planned.exit_code == 0, planned.stdout
    (tmp_path / "p.json").write_text(planned.stdout)
    written = run("next", tmp_path / "s.yaml", tmp_path / "p.json", "--out", tmp_path / "n.yaml")
    assert written.exit_code == 0, written.stdout
    return planned.stdout, (tmp_path / "n.yaml").read_text()


def first_priority(objective: Objective, plan) -> float:
    """What turn 1's builds add to the first priority: their value, or their combat factors."""
    if objective.priority_list()[0].kind.value == "value":
        return sum(objective.value_of(b.unit) * b.factors for b in plan.builds)
    return sum(b.factors for b in plan.builds if b.unit not in WORKS_UNIT_TYPES)


@pytest.mark.parametrize("seed", range(12))
def test_planning_turn_after_turn_agrees_with_the_season_plan(seed):
    """Plan a season (2 or 3 turns, builds, expectations drawn at random), carry turn 1 out and plan the
    rest from the next turn's scenario: the season's expected turns are a legal plan of the new position
    (the checker passes them), and the best plan of the new position is worth exactly what the season
    expected of it (its first priority: the season's less turn 1's part). So its orders are the season's
    expected ones: among plans worth as much (a tie) the planner keeps the orders the season expected,
    which `awaw next` carries (`Scenario.expected_orders`), so that its turns' orders are the season's,
    order for order (issue: "the same this-turn orders as the season plan expects")."""
    data = season_data(random.Random(seed).randint, turns=2 + seed % 2, naval=False, requirements=False)
    data.pop("grants", None)
    data.pop("usat", None)
    data["season"].pop("discount", None)
    data["season"].pop("leftover", None)
    scenario = Scenario.model_validate(data)
    season = solve_season(scenario).plan
    if season is None:
        return
    following = carried(scenario, season)
    tail = season.turns[1:]
    # The tail states none of the season's stages: they are the whole season's values, not its own.
    claims_nothing = season.objective.model_copy(update={"stages": []})
    if len(tail) == 1:
        assert check(following, tail[0].plan.model_copy(update={"objective": None})) == []
    else:
        renumbered = [t.model_copy(update={"turn": t.turn - 1}) for t in tail]
        assert (
            check_season(
                following, season.model_copy(update={"turns": renumbered, "objective": claims_nothing})
            )
            == []
        )
    result = SEASON.solve(following, Limits())
    assert result.plan is not None
    expected = season.objective.stages[0].value - first_priority(scenario.objective, season.turns[0].plan)
    assert result.plan.objective.stages[0].value == pytest.approx(expected, abs=1e-6)
    assert [orders(turn.plan) for turn in result.plan.turns] == [orders(turn.plan) for turn in tail]
    assert result.plan.objective.stages[-1].priority == "as_expected"
    assert result.plan.objective.stages[-1].value == 0


def test_awaw_next_writes_a_scenario_that_plans_and_moves_the_charts(tmp_path):
    """The Japanese naval scenario over a two-turn season: `awaw next` writes a valid winter 1941 scenario
    whose Tokyo chart is turn 1's chart after the plan (`charts`, turn 1), with the fields only the
    player knows marked, and which the season planner plans."""
    data = yaml.safe_load(scenarios.path("japan_fall_1941_naval.yaml").read_text())
    data.pop("horizon")
    data["season"] = {"turns": 2}
    planned, text = season_then_next(tmp_path, data)
    assert "TO FILL" in text
    following = Scenario.model_validate(yaml.safe_load(text))
    assert (following.turn.season.value, following.turn.year) == ("winter", 1941)
    plan = SeasonPlan.model_validate_json(planned).turns[0].plan
    snapshot = next(c for c in plan.charts if c.yard == "tokyo" and c.turn == 1)
    tokyo = following.powers[next(iter(following.powers))].naval.shipyards[0]
    assert sorted((str(s.row), s.column) for s in tokyo.chart) == sorted(
        (v.row, v.column) for v in snapshot.ships
    )
    assert run("season", tmp_path / "n.yaml", "--json").exit_code == 0


def test_awaw_next_refuses_a_plan_that_breaks_the_rules(tmp_path):
    """A plan edited to build more than the force pool holds is not carried out (27.5): exit 1."""
    data = yaml.safe_load(scenarios.path("russia_summer_1942.yaml").read_text())
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(data))
    planned = run("plan", tmp_path / "s.yaml", "--json")
    plan = yaml.safe_load(planned.stdout)
    plan["builds"][0]["counters"] += 50
    (tmp_path / "p.json").write_text(json.dumps(plan))
    refused = run("next", tmp_path / "s.yaml", tmp_path / "p.json")
    assert refused.exit_code == 1


def test_awaw_next_refuses_a_plan_of_another_scenario_as_check_does(tmp_path):
    """A plan whose `scenario` names another scenario is bad input (exit 2, its line), as `awaw check`
    says it, not a list of the rules it would break in this one."""
    planned = run("plan", scenarios.path("russia_summer_1942.yaml"), "--json")
    (tmp_path / "p.json").write_text(planned.stdout)
    refused = run("next", scenarios.path("allies_summer_1942_grants.yaml"), tmp_path / "p.json")
    assert refused.exit_code == 2
    assert refused.output.strip().endswith(
        "scenario: the plan is for 'Russia, Summer 1942', not for this scenario ('Allies, Summer 1942 (grants)')"
    )


@pytest.mark.parametrize("turns", [1, 3])
def test_awaw_next_refuses_a_season_plan_of_another_length_as_season_check_does(tmp_path, turns):
    """The bundled two-turn season's plan cut to one turn or given a third was carried out (exit 0), though
    its first turn was planned for other later turns and `awaw season --check` refuses it: bad input now
    for both (exit 2; the check had exited 1, as for a broken rule), in the check's words."""
    path = scenarios.path("seasons/germany_summer_1942_season.yaml")
    plan = json.loads(run("season", path, "--json").stdout)
    plan["turns"] = (plan["turns"] * 2)[:turns]
    (tmp_path / "p.json").write_text(json.dumps(plan))
    checked = run("season", path, "--check", tmp_path / "p.json")
    assert checked.exit_code == 2  # bad input (a plan of another season), not a rule it breaks
    assert f"the plan has {turns} turns, the season 2" in checked.output
    refused = run("next", path, tmp_path / "p.json")
    assert refused.exit_code == 2
    assert refused.output.strip() == f"{tmp_path / 'p.json'}: the plan has {turns} turns, the season 2"


def test_awaw_next_keeps_a_seasons_own_chart_horizon_a_turn_further_on(tmp_path):
    """A three-turn season beside a six-turn chart (27.7): the next turn's scenario has a two-turn season
    and the chart's six turns again, `horizon.future` a turn further on (its entry for winter dropped, the
    one for the summer after the season now its third), as `awaw next` moves any chart's horizon."""
    data = yaml.safe_load(scenarios.path("japan_fall_1941_naval.yaml").read_text())
    data["horizon"] = {"turns": 6, "future": [{}, {}, {"brps": {"japan": 20}}]}
    data["season"] = {"turns": 3}
    planned, text = season_then_next(tmp_path, data)
    following = Scenario.model_validate(yaml.safe_load(text))
    assert following.season is not None and following.season.turns == 2
    assert following.horizon.turns == 6
    assert [f.brps for f in following.horizon.future] == [{}, {Power.JAPAN: 20}]
    assert run("season", tmp_path / "n.yaml", "--json").exit_code == 0


def test_awaw_next_refuses_a_plan_that_keeps_too_little_for_next_turns_spending(tmp_path):
    """Next turn owes 35 BRPs (27.12's chart) out of 60: the one-turn plan, which spends what it can now,
    keeps less than that, and is not carried out (exit 1), naming 27.12 and what it would have."""
    season = HEAD + SPENDING.replace("SPEND", "35")
    turn = season.split("\nseason:")[0] + "\n"  # the same position without its season
    (tmp_path / "turn.yaml").write_text(turn)
    (tmp_path / "season.yaml").write_text(season)
    planned = run("plan", tmp_path / "turn.yaml", "--json")
    assert planned.exit_code == 0, planned.stdout
    kept = json.loads(planned.stdout)["powers"]["germany"]["brps_kept"]
    assert kept < 35
    (tmp_path / "p.json").write_text(planned.stdout)
    refused = run("next", tmp_path / "season.yaml", tmp_path / "p.json")
    assert refused.exit_code == 1
    assert f"27.12: germany expects to spend 35 BRPs next turn and would have {kept}" in refused.output
    carried = run("next", tmp_path / "turn.yaml", tmp_path / "p.json")
    assert carried.exit_code == 0, carried.output  # without the season's spending, carried out


def test_awaw_next_writes_the_brps_received_as_a_grant_received_40_23_b(tmp_path):
    """The 30 BRPs Italy expects from a power not planned next turn are a grant it receives then
    (40.23 B), written as one, so the next turn's limit is 30 / 3 = 10 more (27.34); its BRPs are what it
    kept beside it."""
    (tmp_path / "s.yaml").write_text(HEAD + RECEIVED)
    planned = run("season", tmp_path / "s.yaml", "--json")
    assert planned.exit_code == 0, planned.output
    kept = json.loads(planned.stdout)["turns"][0]["plan"]["powers"]["italy"]["brps_kept"]
    (tmp_path / "p.json").write_text(planned.stdout)
    written = run("next", tmp_path / "s.yaml", tmp_path / "p.json")
    assert written.exit_code == 0, written.output
    italy = yaml.safe_load(written.stdout)["powers"]["italy"]
    assert italy["brps"] == kept
    assert [grant["brps"] for grant in italy["grants_received"]] == [30]
    assert italy["grants_received"][0]["from"] != "italy"
    (tmp_path / "n.yaml").write_text(written.stdout)
    following = run("season", tmp_path / "n.yaml", "--json")  # a season of one turn: awaw plan's JSON
    assert following.exit_code == 0, following.output
    assert json.loads(following.stdout)["powers"]["italy"]["construction_limit"] == 20


def test_regression_next_names_a_grantor_that_holds_a_supply_source_at_home():
    """40.21: a power grants from an unlimited supply source it controls in its home country. Russia
    expects 10 BRPs next turn from powers not planned; with Britain planned and Paris German the grant
    written is not France's (the next scenario would be refused at it) but the U.S.'s."""
    data = western_allies({"britain": {}, "russia": {}}, map={"sites": {"paris": {"controller": "germany"}}})
    scenario = Scenario.model_validate(data)
    plan = solve(scenario).plan
    assert plan is not None
    expected = TurnExpectation(turn=2, powers={Power.RUSSIA: {"brps_received": 10}})
    written = Scenario.model_validate(next_turn_data(scenario, plan, expected))
    [received] = written.powers[Power.RUSSIA].grants_received
    assert (received.from_, received.brps) == (Power.USA, 10)


def carried_after(data: dict) -> tuple[Plan, Scenario]:
    """The planner's legal plan of a one-turn position, and the next turn's scenario `awaw next` writes
    from it (models.carry.next_turn_data, models.carry_naval.next_charts)."""
    scenario = Scenario.model_validate(data)
    plan = solve(scenario).plan
    assert plan is not None
    assert check(scenario, plan) == []
    written = next_turn_data(scenario, plan, None)
    next_charts(scenario, plan, written)
    return plan, Scenario.model_validate(written)


def western_allies(powers: dict, **fields) -> dict:
    return {
        "name": "carried counts",
        "turn": {"season": "summer", "year": 1942},
        "faction": "western_allies",
        "powers": {name: {"brps": 100, "brp_base": 150, **state} for name, state in powers.items()},
        "objective": {"preset": "max-value"},
        **fields,
    }


def test_regression_awaw_next_counts_australian_destroyers_laid_down():
    """27.712 D: "No more than two Australian destroyer factors ... in play at any time", counted with
    those on charts: with 1 in play, the planner lays down 1 destroyer at the Australia yard (2 - 1), and
    the next turn has 2 in play, so it lays down none; `awaw next` had left 1, letting it lay down a
    third."""
    naval = {
        "australian_destroyers_in_play": 1,
        "shipyards": [{"id": "australia_box", "rate": 2}],
        "designs": [{"id": "aus-dd", "unit": "destroyer", "factors": 1, "count": 4}],
    }
    data = western_allies({"britain": {"naval": naval}}, us_at_war={"europe": True, "pacific": True})
    plan, following = carried_after(data)
    assert [a.action for a in plan.naval_actions] == ["lay_down"]
    naval_state = following.powers[Power.BRITAIN].naval
    assert naval_state is not None
    assert (naval_state.australian_destroyers_in_play, naval_state.australian_cruisers_in_play) == (2, 0)
    after = solve(following).plan
    assert after is not None and [a.action for a in after.naval_actions] == ["launch"]


def test_regression_awaw_next_keeps_transports_sunk_by_japan_after_rebuilding_them():
    """27.7322 C: at war with Japan, not Germany, transports sunk by Japan "may be rebuilt in the Pacific
    U.S. box without regard for the USAT level": with 2 sunk and USAT 20 (no cash and carry, A), the
    planner rebuilds both at U.S. expense (6 BRPs), and the next turn owes none; `awaw next` had kept 2."""
    naval = {
        "transports_sunk_by_japan": 2,
        "shipyards": [{"id": "us_pacific_box", "rate": 4}],
        "sw_units": [{"id": "transports", "unit": "transport", "count": 6}],
    }
    data = western_allies(
        {"usa": {"naval": naval}},
        usat=20,
        us_at_war={"europe": False, "pacific": True},
        objective={"preset": "max-value", "values": {"transport": 10}},
    )
    plan, following = carried_after(data)
    assert [(b.factors, b.paid_by) for b in plan.sw_builds] == [(2, {Power.USA: 6})]
    naval_state = following.powers[Power.USA].naval
    assert naval_state is not None and naval_state.transports_sunk_by_japan == 0


def test_regression_awaw_next_carries_no_british_transports_lost_into_the_next_turn():
    """27.7322 A: "Until USAT are over 25, the U.S. may build Western Allied transports only in turns in
    which more than five transports were lost during the previous Axis player turn". The text's example:
    in Fall 1940 at USAT 21 Britain loses six transports, and some "may be rebuilt in the U.S. at
    Britain's expense, using cash and carry": the planner rebuilds the six. The losses of the Axis player
    turn before the next turn are combat no plan knows, so the next turn (winter 1940) has none until the
    player writes them (marked TO FILL), and with the SW units stated again it builds no transport;
    `awaw next` had carried the six, and the next turn rebuilt six more from this turn's losses."""
    naval = {
        "british_transports_lost": 6,
        "shipyards": [{"id": "us_atlantic_box", "rate": 12}],
        "sw_units": [{"id": "transports", "unit": "transport", "count": 10}],
    }
    data = western_allies(
        {"usa": {"naval": naval}, "britain": {"brps": 50, "brp_base": 120}},
        usat=21,
        us_at_war={"europe": False, "pacific": False},
        objective={"preset": "max-factors"},
    )
    data["turn"] = {"season": "fall", "year": 1940}
    plan, following = carried_after(data)
    assert [(b.factors, b.paid_by) for b in plan.sw_builds] == [(6, {Power.BRITAIN: 18})]
    naval_state = following.powers[Power.USA].naval
    assert naval_state is not None and naval_state.british_transports_lost == 0
    again = following.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    again["powers"]["usa"]["naval"]["sw_units"] = naval["sw_units"]  # next turn's SW units (27.9)
    after = solve(Scenario.model_validate(again)).plan
    assert after is not None and after.sw_builds == []
    text = next_turn_text(Scenario.model_validate(data), plan, None, "p.json")
    assert "british_transports_lost: 0  # TO FILL" in text
    assert "#   - powers.usa.naval.british_transports_lost:" in text


def test_regression_awaw_next_keeps_the_fast_carrier_permit_used():
    """27.7325: before war with Japan, for each event "the U.S. may begin the construction of one
    American fast carrier": with 2 permits the planner lays down the one Essex it may, and the next turn
    has 1 permit left; `awaw next` had kept 2."""
    naval = {
        "fast_carrier_permits": 2,
        "shipyards": [{"id": "us_pacific_box", "rate": 4}],
        "designs": [{"id": "essex", "unit": "carrier", "carrier_class": "cv", "factors": 4, "count": 1}],
    }
    data = western_allies({"usa": {"naval": naval}}, usat=40, us_at_war={"europe": False, "pacific": False})
    data["turn"] = {"season": "summer", "year": 1941}
    plan, following = carried_after(data)
    assert [(a.ship, a.action) for a in plan.naval_actions] == [("essex#1", "lay_down")]
    naval_state = following.powers[Power.USA].naval
    assert naval_state is not None and naval_state.fast_carrier_permits == 1


def test_regression_awaw_next_loses_the_owner_of_a_british_cve():
    """27.7223 B: "The U.S. may build British CVEs once USAT reach 28": the CVE laid down for Britain
    (USAT 30, before any war) stays Britain's on the carried chart (`owner: britain`), which validates
    though the U.S. is at peace (it is built there, not repaired, 27.7264); `awaw next` had written it
    as an American CVE."""
    naval = {
        "shipyards": [{"id": "us_atlantic_box", "rate": 4}],
        "designs": [{"id": "bcve", "unit": "escort_carrier", "factors": 1, "count": 1, "for_britain": True}],
    }
    data = western_allies(
        {"usa": {"naval": naval}, "britain": {"brps": 50, "brp_base": 90}},
        usat=30,
        us_at_war={"europe": False, "pacific": False},
    )
    plan, following = carried_after(data)
    assert [(a.ship, a.action) for a in plan.naval_actions] == [("bcve#1", "lay_down")]
    naval_state = following.powers[Power.USA].naval
    assert naval_state is not None
    [cve] = naval_state.shipyards[0].chart
    assert (cve.id, cve.unit, cve.owner) == ("bcve#1-summer-1942", UnitType.ESCORT_CARRIER, "britain")


def test_regression_awaw_next_gives_a_design_laid_down_at_two_yards_two_labels(tmp_path):
    """27.7251: the U.S. lays down a cruiser of one design at each of its boxes (27.712), each the
    design's first copy at its yard (`ca#1`), over a chart of 3 turns. The next turn's charts label them
    apart, `ca#1-summer-1942` at the Atlantic box and `ca#2-summer-1942` at the Pacific box, so that the
    power's ships are one name each (`awaw plan --fix POWER:SHIP:ACTION` names no yard); the orders
    carried (each continues in winter) name each by its own label; and the design is used up (2 laid
    down of 2). `awaw next` had labelled both `ca#1-summer-1942` and left one to lay down."""
    naval = {
        "shipyards": [{"id": "us_atlantic_box", "rate": 3}, {"id": "us_pacific_box", "rate": 3}],
        "designs": [{"id": "ca", "unit": "cruiser", "factors": 2, "count": 2}],
    }
    data = western_allies({"usa": {"naval": naval}}, usat=50, us_at_war={"europe": True, "pacific": True})
    data["horizon"] = {"turns": 3}
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(data))
    laid = [
        {"power": "usa", "yard": yard, "ship": "ca#1", "action": "lay_down"}
        for yard in ("us_atlantic_box", "us_pacific_box")
    ]
    (tmp_path / "d.yaml").write_text(yaml.safe_dump({"format": "awaw-decisions/1", "naval": laid}))
    compared = run("compare", tmp_path / "s.yaml", tmp_path / "d.yaml", "--json")
    assert compared.exit_code == 0, compared.stdout
    (tmp_path / "p.json").write_text(json.dumps(json.loads(compared.stdout)["mine"]))
    written = run("next", tmp_path / "s.yaml", tmp_path / "p.json", "--out", tmp_path / "n.yaml")
    assert written.exit_code == 0, written.stdout
    following = Scenario.model_validate(yaml.safe_load((tmp_path / "n.yaml").read_text()))
    naval_state = following.powers[Power.USA].naval
    assert naval_state is not None
    assert [(y.id, [s.id for s in y.chart]) for y in naval_state.shipyards] == [
        ("us_atlantic_box", ["ca#1-summer-1942"]),
        ("us_pacific_box", ["ca#2-summer-1942"]),
    ]
    assert naval_state.designs == []
    [orders_next] = following.expected_orders
    assert {(a.yard, a.ship) for a in orders_next.naval} == {
        ("us_atlantic_box", "ca#1-summer-1942"),
        ("us_pacific_box", "ca#2-summer-1942"),
    }


def test_regression_awaw_next_keeps_each_yards_ship_of_a_shared_name():
    """27.724: a ship's name need only be unique at its yard: a cruiser `hull-1` waits in row 2 of the
    Atlantic box's chart and a 5-factor capital ship `hull-1` in row 5 of the Pacific box's, both in
    the fall column (they do not move in summer, 27.74). The next turn's charts keep each its own unit
    and factors; `awaw next` had looked the ships up by name across the yards and written the capital
    ship's at both."""
    naval = {
        "shipyards": [
            {
                "id": "us_atlantic_box",
                "rate": 3,
                "chart": [{"id": "hull-1", "unit": "cruiser", "factors": 2, "row": 2, "column": "fall"}],
            },
            {
                "id": "us_pacific_box",
                "rate": 3,
                "chart": [{"id": "hull-1", "unit": "capital_ship", "factors": 5, "row": 5, "column": "fall"}],
            },
        ],
    }
    data = western_allies({"usa": {"naval": naval}}, usat=50, us_at_war={"europe": True, "pacific": True})
    _, following = carried_after(data)
    naval_state = following.powers[Power.USA].naval
    assert naval_state is not None
    assert [(y.id, [(s.id, s.unit, s.factors, s.row) for s in y.chart]) for y in naval_state.shipyards] == [
        ("us_atlantic_box", [("hull-1", UnitType.CRUISER, 2, 2)]),
        ("us_pacific_box", [("hull-1", UnitType.CAPITAL_SHIP, 5, 5)]),
    ]


def joint_season(seed: int) -> dict:
    """A generated season of 2 or 3 turns with grants and naval charts, undiscounted, its leftover the
    objective's, the chart's horizon the season's: one of its own runs a turn further on in the next turn's
    scenario, and that turn, new to the plan, may change the chart's earlier actions."""
    turns = 2 + seed % 2
    data = season_data(
        random.Random(1000 + seed).randint,
        turns=turns,
        naval_turns=turns,
        joint_grants=True,
        requirements=False,
    )
    data["season"].pop("discount", None)
    data["season"].pop("leftover", None)
    data.pop("horizon", None)
    return data


@pytest.mark.parametrize("seed", range(8))
def test_turn_after_turn_keeps_the_seasons_grants_and_chart_orders(seed, tmp_path):
    """As above with the position's grants (rule 40) and naval charts (27.7) planned too, the chart's
    horizon the season's, through the commands a player runs (`awaw season`, `awaw next`, `awaw season`):
    the next turn's best plan keeps every order the season expected of it (builds, grants by route, route
    openings, oil counters, and chart actions, the ships laid down this turn under their labels)."""
    data = joint_season(seed)
    planned, text = season_then_next(tmp_path, data)
    following = Scenario.model_validate(yaml.safe_load(text))
    again = run("season", tmp_path / "n.yaml", "--json")
    assert again.exit_code == 0, again.stdout
    before = SeasonPlan.model_validate_json(planned)
    after = plans_of(again.stdout)  # a one-turn season's is `awaw plan --json`'s
    expected = {o.turn: o for o in following.expected_orders}
    for k, plan in enumerate(after, start=1):
        got = orders(plan)
        chart = {(a["power"], a["yard"], a["ship"], a["turn"], a["action"]) for a in got.pop("naval")}
        want = orders(before.turns[k].plan)
        want.pop("naval")
        assert got == want
        if k == 1 and 1 in expected:
            assert {
                (a.power.value, a.yard, a.ship, a.turn, a.action.value) for a in expected[1].naval
            } <= chart
    if following.expected_orders:
        stage = after[0].objective.stages[-1]
        assert (stage.priority, stage.value) == ("as_expected", 0)


def plans_of(text: str) -> list[Plan]:
    """Each turn's plan of `awaw season --json`: a season plan's turns, or a one-turn season's plan."""
    data = json.loads(text)
    if "turns" in data:
        return [turn.plan for turn in SeasonPlan.model_validate(data).turns]
    return [Plan.model_validate(data)]


LEFTOVERS = (
    {"rule": "per_brp", "brp_value": 1.5},
    {"rule": "growth", "growth_rate": 0.5, "base_brp_value": 2.5},
)


@pytest.mark.parametrize("seed", range(8))
def test_the_seasons_last_turn_planned_again_values_its_leftover_as_the_season_did(seed):
    """A two-turn season with a stated leftover (issue 28: what is left at the end "is valued by the
    player's stated rule for it: a value per BRP, or a growth rate applied to it at the year-start
    sequence and valued as that many BRPs of next year's base"), carried a turn on: `awaw next` writes
    `turns: 1` and keeps the leftover (`later_season`), and the last turn planned again values the BRPs it
    keeps by that rule, as the season plan did. So it is worth exactly what the season expected of it
    and its orders are the season's expected ones (a one-turn season valued its BRPs kept at the
    objective's `unspent_brp_value`, and built what the season expected it to keep)."""
    data = season_data(random.Random(seed).randint, turns=2, naval=False, requirements=False)
    data.pop("grants", None)
    data.pop("usat", None)
    data["season"].pop("discount", None)
    data["season"]["leftover"] = LEFTOVERS[seed % 2]
    scenario = Scenario.model_validate(data)
    season = solve_season(scenario).plan
    if season is None:
        return
    following = carried(scenario, season)
    assert following.season is not None and following.season.turns == 1
    assert following.season.leftover == scenario.season.leftover
    result = SEASON.solve(following, Limits())
    assert result.plan is not None
    expected = season.objective.stages[0].value - first_priority(scenario.objective, season.turns[0].plan)
    assert result.plan.objective.stages[0].value == pytest.approx(expected, abs=1e-6)
    assert orders(result.plan.turns[0].plan) == orders(season.turns[1].plan)


def test_awaw_next_then_season_keeps_the_brps_the_seasons_leftover_values(tmp_path):
    """Through the commands: fall 1942, Germany's 10 BRPs, 10 one-factor infantry at 1 BRP a factor
    (27.11 A) worth 0.4 each, a BRP kept worth 0.3 by the objective and 0.5 by the season's leftover. The
    two-turn season keeps all 10 to the end (10 x 0.5 = 5.0 against 4.0 for building them); the winter
    turn `awaw next` writes (`turns: 1`, the leftover kept), planned by `awaw season`, keeps them too, as
    the season expected, where it built all 10."""
    data = yaml.safe_load(fall(2, PER_BRP))
    planned, text = season_then_next(tmp_path, data)
    before = SeasonPlan.model_validate_json(planned)
    assert before.objective.value == 5.0 and [t.plan.builds for t in before.turns] == [[], []]
    written = yaml.safe_load(text)
    assert written["season"] == {"turns": 1, "leftover": {"brp_value": 0.5}, "expectations": []}
    again = run("season", tmp_path / "n.yaml", "--json")
    assert again.exit_code == 0, again.stdout
    (after,) = plans_of(again.stdout)
    assert after.objective is not None and after.objective.stages[0].value == 5.0
    assert orders(after) == orders(before.turns[1].plan)


@pytest.mark.parametrize(
    ("name", "section", "rule"),
    [
        ("european_axis_1942_sw.yaml", "sw", "25.121"),
        ("gathering_storm_mobilization.yaml", "mobilization", "rule 14"),
    ],
)
def test_regression_awaw_next_says_it_leaves_out_the_sw_and_mobilization_sections(name, section, rule):
    """The next turn's scenario leaves out this turn's SW section (rule 25: submarines redeployed into an
    SW box after attacking "remain inverted until the end of the following enemy player turn", 25.121;
    where they stand after SW combat no plan knows) and its mobilization section (rule 14's schedule,
    which `awaw mobilize` plans, not a turn plan); `awaw next` dropped both without a word, so the next
    turn was planned without them unless the player noticed."""
    scenario = Scenario.model_validate(yaml.safe_load(scenarios.path(name).read_text()))
    assert getattr(scenario, section) is not None
    plan = solve(scenario).plan
    assert plan is not None
    text = next_turn_text(scenario, plan, None, "p.json")
    written = yaml.safe_load(text)
    assert section not in written
    header = [line for line in text.splitlines() if line.startswith("#   - ")]
    assert any(line.startswith(f"#   - {section}: ") and rule in line for line in header)


def test_regression_awaw_next_names_kamikazes_formed_when_japan_builds_its_first():
    """27.61: "Japan's naval air training rate is doubled once kamikazes have been formed (17.353D)". Japan
    builds kamikazes before they have been formed (its rate 3); whether that forms them is 17.353 D's,
    outside the seeds, so the next turn's `kamikazes_formed` is named for the player to set (its rate 3
    or 6); `awaw next` carried it false without a word."""
    data = {
        "name": "first kamikazes",
        "turn": {"season": "fall", "year": 1944},
        "faction": "japan",
        "powers": {
            "japan": {
                "brps": 60,
                "brp_base": 100,
                "force_pool": [{"id": "kamikaze", "unit": "kamikaze", "count": 2}],
            }
        },
        "objective": {"preset": "max-factors"},
    }
    scenario = Scenario.model_validate(data)
    plan = solve(scenario).plan
    assert plan is not None and [(b.unit, b.counters) for b in plan.builds] == [(UnitType.KAMIKAZE, 2)]
    text = next_turn_text(scenario, plan, None, "p.json")
    assert "#   - powers.japan.naval_air.kamikazes_formed: " in text
    data["powers"]["japan"]["naval_air"] = {"kamikazes_formed": True}  # formed already: nothing to set
    formed = Scenario.model_validate(data)
    again = solve(formed).plan
    assert again is not None
    assert "kamikazes_formed" not in next_turn_text(formed, again, None, "p.json").split("\nname:")[0]


def test_regression_awaw_next_marks_the_tension_levels_grants_read():
    """40.331 A: American grants to Britain "are limited to one BRP per turn for each USAT level above 25 at
    the moment the grant is sent"; 40.332 A: before
    war with Japan "American BRP grants to China are limited by the USJT level". The effective levels are
    the player's inputs (rules-notes: outside the seeds) and move between turns, so the next turn's are
    marked on their lines and named at the top; `awaw next` carried them unmarked."""
    data = western_allies(
        {"usa": {}, "britain": {}},
        usat=31,
        usjt=12,
        us_at_war={"europe": False, "pacific": False},
        grants={"usjt_china_cap": 4},
    )
    data["turn"] = {"season": "fall", "year": 1941}
    scenario = Scenario.model_validate(data)
    plan = solve(scenario).plan
    assert plan is not None
    text = next_turn_text(scenario, plan, None, "p.json")
    lines = text.splitlines()
    for key in ("usat: 31", "usjt: 12", "  usjt_china_cap: 4"):
        assert any(line.startswith(f"{key}  # TO FILL") for line in lines), key
    assert any(line.startswith("#   - tension and war: ") for line in lines)


def test_regression_awaw_next_marks_the_room_the_counters_placed_use():
    """27.46: "Stacking limits must be observed during placement." Berlin has room for two ground
    counters and Germany places two infantry counters there: the room the next turn has is what those
    counters (and what moves before then) leave, which no plan knows; `awaw next` carried the room of two
    unmarked, as if the counters placed took none."""
    data = {
        "name": "room",
        "turn": {"season": "summer", "year": 1942},
        "faction": "european_axis",
        "powers": {
            "germany": {
                "brps": 60,
                "brp_base": 150,
                "force_pool": [
                    {"id": "inf", "unit": "infantry", "factors": 3, "count": 2, "sites": ["berlin"]}
                ],
            }
        },
        "map": {"sites": {"berlin": {"ground_capacity": 2}}},
        "objective": {"preset": "max-factors"},
    }
    scenario = Scenario.model_validate(data)
    plan = solve(scenario).plan
    assert plan is not None and [(b.site, b.counters) for b in plan.builds] == [("berlin", 2)]
    text = next_turn_text(scenario, plan, None, "p.json")
    assert "    ground_capacity: 2  # TO FILL" in text
    assert any(line.startswith("#   - the map as it stands next turn (map:)") for line in text.splitlines())


@pytest.mark.parametrize("seed", [3, 4])
def test_regression_awaw_next_marks_no_expected_order_or_expectation_as_carried(seed, tmp_path):
    """The TO FILL marks are for the fields combat and the year-start sequence move in the next turn's
    position: a planned power's `brps` and `brp_base`, the `oil_counters` (27.11, 27.35). An expected
    order's grant BRPs (rule 40) and a later turn's expected BRP base and oil counters are the season's,
    which the player expects, not carried from the plan; `awaw next` marked every line whose key was
    `brps`, `brp_base` or `oil_counters`, wherever it stood."""
    _, text = season_then_next(tmp_path, joint_season(seed))
    following = yaml.safe_load(text)
    top = None
    marked: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line and not line.startswith((" ", "-", "#")):
            top = line.split(":")[0]
        if "# TO FILL" in line and not line.startswith("#"):
            marked.setdefault(top, []).append(line.split(":")[0].strip())
    assert "expected_orders" not in marked and "season" not in marked
    assert following.get("expected_orders") or following.get("season", {}).get("expectations")
    assert marked["powers"].count("brps") == len(following["powers"])
    assert marked["oil_counters"] == ["oil_counters"]


def test_regression_awaw_next_names_fast_carrier_permits_before_war_with_japan_with_none_left():
    """27.7325: "Prior to the outbreak of war between the U.S. and Japan, American construction of fast
    carriers is prohibited except as permitted by the events set out below ... For each of the following
    events, the U.S. may begin the construction of one American fast carrier" (B: "The laying down of any
    other Japanese fast carrier"). With no permit left, the Japanese carriers laid down before the next
    turn still give it some, which no plan knows: `awaw next` named the permits for the player only
    when some were left."""
    naval = {
        "shipyards": [{"id": "us_pacific_box", "rate": 4}],
        "designs": [{"id": "essex", "unit": "carrier", "carrier_class": "cv", "factors": 4, "count": 2}],
    }
    data = western_allies({"usa": {"naval": naval}}, usat=30, us_at_war={"europe": False, "pacific": False})
    data["turn"] = {"season": "spring", "year": 1941}
    scenario = Scenario.model_validate(data)
    plan = solve(scenario).plan
    assert plan is not None and plan.naval_actions == []  # no permit: no fast carrier laid down
    text = next_turn_text(scenario, plan, None, "p.json")
    assert any(line.startswith("#   - powers.usa.naval.fast_carrier_permits: ") for line in text.splitlines())


def test_regression_awaw_next_names_the_transports_japan_sinks_before_the_next_turn():
    """27.7322 C: "If the United States and Japan go to war before the United States and Germany go to
    war, transports sunk by Japan may be rebuilt in the Pacific U.S. box". At war with Japan only, with
    none owed now, the transports Japan sinks before the next turn are combat no plan knows: the count
    is named for the player; `awaw next` wrote it without a word."""
    naval = {
        "shipyards": [{"id": "us_pacific_box", "rate": 4}],
        "sw_units": [{"id": "transports", "unit": "transport", "count": 2}],
    }
    data = western_allies({"usa": {"naval": naval}}, usat=20, us_at_war={"europe": False, "pacific": True})
    scenario = Scenario.model_validate(data)
    plan = solve(scenario).plan
    assert plan is not None and plan.sw_builds == []  # none sunk, USAT 20: no transport may be built
    text = next_turn_text(scenario, plan, None, "p.json")
    assert any(
        line.startswith("#   - powers.usa.naval.transports_sunk_by_japan: ") for line in text.splitlines()
    )


def test_regression_awaw_next_names_the_ships_combat_damages_or_sinks():
    """27.7266 A: "Repairs may not be started on cruisers and named ships in the player turn in which they
    are damaged"; 27.7262: named ships sunk in port may be raised and repaired. The ships damaged or
    sunk in port by combat before the next construction phase wait for repair (with `damaged_this_turn`
    when damaged in that player turn) or lie in port: no plan knows them, so each power's
    `waiting_for_repair` and `sunk_in_port` are named for the player; `awaw next` said nothing of them."""
    data = yaml.safe_load(scenarios.path("japan_fall_1941_naval.yaml").read_text())
    scenario = Scenario.model_validate(data)
    plan = solve(scenario).plan
    assert plan is not None
    text = next_turn_text(scenario, plan, None, "p.json")
    assert any(
        line.startswith("#   - powers.japan.naval.waiting_for_repair, sunk_in_port: ") and "27.7266 A" in line
        for line in text.splitlines()
    )


def test_regression_awaw_next_names_the_hump_air_transport_factors():
    """40.851: "One uninverted Western Allied air transport factor must be used to fly BRPs to China" over
    the Hump: the factors uninverted in the next turn are the map's then, which no plan knows, so
    `grants.china.air_transport_factors` is named for the player with the rest of rule 40's state; the
    header named only transports, Murmansk and Persia supply and loss rates."""
    data = yaml.safe_load(scenarios.path("allies_summer_1942_grants.yaml").read_text())
    scenario = Scenario.model_validate(data)
    plan = solve(scenario).plan
    assert plan is not None
    text = next_turn_text(scenario, plan, None, "p.json")
    header = [line for line in text.splitlines() if line.startswith("#   - rule 40's state")]
    assert len(header) == 1 and "china.air_transport_factors" in header[0] and "40.851" in header[0]
