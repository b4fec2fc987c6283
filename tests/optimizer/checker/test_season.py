"""The season checker (optimizer/checker/season.py): each later turn checked against the position the turn
before leaves, derived from the rules' words (models/carry.py)."""

from models.io import parse_scenario
from models.scenario import Scenario
from models.tables import Faction, Power
from optimizer.checker.season import check_season
from optimizer.season.solve import solve_season
from tests.optimizer.season.test_model import FLOW, HEAD, POOL, _allies


def solved(scenario: Scenario):
    plan = solve_season(scenario).plan
    assert plan is not None
    assert check_season(scenario, plan) == []
    return plan


def with_turn(season, index, **update):
    turns = list(season.turns)
    turns[index] = turns[index].model_copy(update=update)
    return season.model_copy(update={"turns": turns})


def test_counters_built_in_turn_one_are_not_in_turn_twos_pool_27_5():
    """Two armor counters over the season, both built by turn 3: a plan building a third in turn 3 (none
    returned) breaks 27.5 in turn 3, whichever turns built the first two."""
    scenario = parse_scenario(HEAD + POOL.replace("returned: {armor: 1}", "gains: 0"))
    plan = solved(scenario)
    line = next(b for t in plan.turns for b in t.plan.builds if b.entry == "armor")
    extra = line.model_copy(update={"counters": 1, "factors": 4, "brps": 8, "alternatives": []})
    last = plan.turns[2].plan
    bad = with_turn(plan, 2, plan=last.model_copy(update={"builds": [*last.builds, extra], "powers": {}}))
    rules = {v.rule for v in check_season(scenario, bad) if v.message.startswith("turn 3")}
    assert "27.5" in rules


def test_a_turn_two_starting_with_brps_spent_in_turn_one_is_refused_27_11():
    """27.11: turn 2 starts with what turn 1 kept plus its expectations (21 + 8 - 2 - 1 = 26), not more."""
    scenario = parse_scenario(HEAD + FLOW)
    plan = solved(scenario)
    bad = with_turn(plan, 1, brps_start={Power.GERMANY: 30})
    assert any("brps_start" in v.message and "26" in v.message for v in check_season(scenario, bad))


def test_grants_by_siberia_need_the_highway_built_in_an_earlier_turn_40_71():
    """The plan's turn 2 sends BRPs by Siberia; without turn 1's highway they break 40.71 in turn 2."""
    scenario = Scenario.model_validate(_allies(3, [{"kind": "delivered", "powers": ["russia"]}]))
    plan = solved(scenario)
    first = plan.turns[0].plan
    unbuilt = first.model_copy(update={"route_openings": [], "powers": {}, "oil": []})
    bad = with_turn(plan, 0, plan=unbuilt)
    rules = {v.rule for v in check_season(scenario, bad) if v.message.startswith("turn 2")}
    assert any(rule.startswith("40.7") for rule in rules), rules


def test_a_key_economic_areas_capture_turn_bombing_is_not_carried_27_335():
    """27.335: the KEA's bombing comes off its value 'in the turn in which it is captured' only. Turn 2's
    limit is (60 - 30) / 3 = 10, so turn 2 building 20 BRPs (the limit turn 1 had) breaks 27.31."""
    scenario = parse_scenario(
        HEAD
        + """
powers:
  germany:
    brps: 100
    brp_base: 60
    enemy_held_keas: [{name: ruhr-area, value: 30, bombed_this_turn: 30}]
    force_pool: [{id: inf, unit: infantry, factors: 1, count: 60}]
objective: {preset: max-factors}
season: {turns: 2}
"""
    )
    plan = solved(scenario)
    second = plan.turns[1].plan
    line = second.builds[0]
    more = line.model_copy(update={"counters": 20, "factors": 20, "brps": 20, "alternatives": []})
    bad = with_turn(plan, 1, plan=second.model_copy(update={"builds": [more], "powers": {}}))
    messages = [v.message for v in check_season(scenario, bad) if v.rule == "27.31"]
    assert any(m.startswith("turn 2") and "10" in m for m in messages), messages


def test_iron_ore_cut_off_is_carried_until_restored_27_332():
    """27.332: the cut is 'negated if iron ore shipments are restored', and nothing restores it: turn 2's
    limit is 30 / 3 - 5 = 5, so turn 2 building 10 BRPs breaks 27.31."""
    scenario = parse_scenario(
        HEAD
        + """
powers:
  germany:
    brps: 100
    brp_base: 30
    limit_modifiers: {iron_ore_cut: true}
    force_pool: [{id: inf, unit: infantry, factors: 1, count: 60}]
objective: {preset: max-factors}
season: {turns: 2}
"""
    )
    plan = solved(scenario)
    second = plan.turns[1].plan
    more = second.builds[0].model_copy(update={"counters": 10, "factors": 10, "brps": 10, "alternatives": []})
    bad = with_turn(plan, 1, plan=second.model_copy(update={"builds": [more], "powers": {}}))
    messages = [v.message for v in check_season(scenario, bad) if v.rule == "27.31"]
    assert any(m.startswith("turn 2") and "5" in m for m in messages), messages


def test_a_site_recaptured_this_turn_takes_builds_from_the_next_27_45():
    """27.45: 'until the player turn following their recapture'. Hamburg, recaptured in turn 1, refuses
    turn 1's build there and takes turn 2's."""
    scenario = parse_scenario(
        HEAD
        + """
map:
  sites:
    hamburg: {controller: germany, controlled_at_turn_start: false, recaptured_this_turn: true}
powers:
  germany: {brps: 30, brp_base: 30, force_pool: [{id: inf, unit: infantry, factors: 3, count: 10}]}
objective: {preset: max-factors}
season: {turns: 2}
"""
    )
    plan = solved(scenario)

    def at_hamburg(index: int):
        turn = plan.turns[index].plan
        moved = [b.model_copy(update={"site": "hamburg", "alternatives": []}) for b in turn.builds]
        assert moved
        return with_turn(plan, index, plan=turn.model_copy(update={"builds": moved}))

    assert check_season(scenario, at_hamburg(1)) == []
    first = {v.rule for v in check_season(scenario, at_hamburg(0)) if v.message.startswith("turn 1")}
    assert "27.45" in first, first


def test_a_turn_one_that_keeps_too_little_for_turn_twos_spending_is_refused_27_12():
    """Turn 2 owes 35 BRPs (a declaration of war, 27.12's chart) out of 60: a turn 1 building 30 keeps 30,
    5 short, and breaks 27.12 in turn 2 (BRPs are spent out of what a power has, 27.11)."""
    scenario = parse_scenario(
        HEAD
        + """
powers:
  germany:
    brps: 60
    brp_base: 300
    force_pool: [{id: inf, unit: infantry, factors: 1, count: 60}]
objective: {preset: max-factors}
season:
  turns: 2
  expectations: [{turn: 2, powers: {germany: {spending: 35}}}]
"""
    )
    plan = solved(scenario)
    line = next(b for t in plan.turns for b in t.plan.builds)
    spent = line.model_copy(update={"counters": 30, "factors": 30, "brps": 30, "alternatives": []})
    first = plan.turns[0].plan
    bad = with_turn(plan, 0, plan=first.model_copy(update={"builds": [spent], "powers": {}}))
    messages = [v.message for v in check_season(scenario, bad) if v.rule == "27.12"]
    assert messages == [
        "turn 2: germany expects to spend 35 BRPs and has 30 after turn 1 (BRPs are spent out of what a power "
        "has, 27.11)"
    ]


def test_a_turn_one_that_spends_the_oil_counter_turn_two_keeps_back_is_refused_27_35_f():
    """27.35 F: turn 2 keeps its one oil counter back for exploitation. A turn 1 spending it on
    construction (50 BRPs of builds, past the 25 of a faction without counters) leaves turn 2 none to keep
    back: refused in turn 2."""
    scenario = parse_scenario(
        HEAD
        + """
oil_counters: 1
powers:
  germany:
    brps: 200
    brp_base: 600
    force_pool: [{id: inf, unit: infantry, factors: 1, count: 50}]
objective: {preset: max-factors}
season:
  turns: 2
  expectations: [{turn: 2, oil_reserved: 1}]
"""
    )
    plan = solved(scenario)
    assert plan.turns[0].plan.oil_counters_spent.get(Faction.EUROPEAN_AXIS, 0) == 0  # the planner keeps it
    first = plan.turns[0].plan
    line = first.builds[0].model_copy(update={"counters": 50, "factors": 50, "brps": 50, "alternatives": []})
    spent = first.model_copy(
        update={"builds": [line], "powers": {}, "oil": [], "oil_counters_spent": {Faction.EUROPEAN_AXIS: 1}}
    )
    bad = with_turn(plan, 0, plan=spent)
    messages = [
        v.message for v in check_season(scenario, bad) if v.rule == "27.35" and "keeps back" in v.message
    ]
    assert messages == ["turn 2: european_axis keeps back 1 oil counters and has 0 after turn 1 (27.35 F)"]


def test_brps_received_in_turn_two_raise_its_limit_27_34():
    """27.34 (40.23 B): the 30 BRPs Italy expects from Germany (not planned) in turn 2 raise that turn's
    limit from 30 / 3 = 10 to 10 + 30 / 3 = 20: 20 BRPs of builds pass, 21 break 27.31."""
    scenario = parse_scenario(
        HEAD
        + """
powers:
  italy:
    brps: 50
    brp_base: 30
    force_pool: [{id: inf, unit: infantry, factors: 1, count: 60}]
objective: {preset: max-factors}
season:
  turns: 2
  expectations: [{turn: 2, powers: {italy: {brps_received: 30}}}]
"""
    )
    plan = solved(scenario)
    second = plan.turns[1].plan

    def building(brps: int):
        line = second.builds[0].model_copy(
            update={"counters": brps, "factors": brps, "brps": brps, "alternatives": []}
        )
        return with_turn(plan, 1, plan=second.model_copy(update={"builds": [line], "powers": {}}))

    def limit_breaches(season) -> list[str]:
        return [v.message for v in check_season(scenario, season) if v.rule == "27.31"]

    assert limit_breaches(building(20)) == []
    assert limit_breaches(building(21)) == ["turn 2: italy: 21 BRPs count against a construction limit of 20"]


def test_turn_ones_starting_brps_are_checked_too_27_11():
    """Turn 1 starts with the scenario's BRPs before the plan's grants (27.11): the flow test's 30. A plan
    saying 999 there is refused, as a later turn's would be."""
    scenario = parse_scenario(HEAD + FLOW)
    plan = solved(scenario)
    bad = with_turn(plan, 0, brps_start={Power.GERMANY: 999})
    assert [v.message for v in check_season(scenario, bad) if "brps_start" in v.message] == [
        "turn 1 brps_start of germany: the plan says 999, the rules give 30"
    ]
