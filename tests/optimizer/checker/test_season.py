"""The season checker (optimizer/checker/season.py): each later turn checked against the position the turn
before leaves, derived from the rules' words (models/carry.py)."""

from models.io import parse_scenario
from models.scenario import Scenario
from models.tables import Faction, Power
from optimizer.checker.season import check_season
from optimizer.season.solve import solve_season
from tests.optimizer.season.test_model import (
    FLOW,
    HEAD,
    LIMITS,
    POOL,
    RECAPTURED,
    RECEIVED,
    SPENDING,
    _allies,
)


def solved(scenario: Scenario):
    plan = solve_season(scenario).plan
    assert plan is not None
    assert check_season(scenario, plan) == []
    return plan


def with_turn(season, index, **update):
    turns = list(season.turns)
    turns[index] = turns[index].model_copy(update=update)
    return season.model_copy(update={"turns": turns})


def building(season, index: int, brps: int, **update):
    """The season plan with turn `index` building `brps` one-factor counters of its plan's first build
    line's entry (1 BRP each) and nothing else, its reports left to the checker; `update`: more of that
    turn's plan changed."""
    turn = season.turns[index].plan
    line = next(b for t in season.turns for b in t.plan.builds)
    line = line.model_copy(update={"counters": brps, "factors": brps, "brps": brps, "alternatives": []})
    return with_turn(season, index, plan=turn.model_copy(update={"builds": [line], "powers": {}, **update}))


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


def turn_two_limit_breaches(extra: str, brps: int) -> list[str]:
    """27.31's breaches in turn 2 of the season of `test_model.LIMITS` (Germany, base 60, `extra` more),
    its planned turn 2 changed to build `brps` BRPs."""
    scenario = parse_scenario(HEAD + LIMITS.format(extra=extra, expectations=""))
    bad = building(solved(scenario), 1, brps)
    return [
        v.message for v in check_season(scenario, bad) if v.rule == "27.31" and v.message.startswith("turn 2")
    ]


def test_a_key_economic_areas_capture_turn_bombing_is_not_carried_27_335():
    """27.335: the KEA's bombing comes off its value 'in the turn in which it is captured' only. Turn 2's
    limit is (60 - 30) / 3 = 10, so turn 2 building 20 BRPs (the limit turn 1 had) breaks 27.31."""
    keas = "    enemy_held_keas: [{name: ruhr-area, value: 30, bombed_this_turn: 30}]"
    assert turn_two_limit_breaches(keas, 20) == [
        "turn 2: germany: 20 BRPs count against a construction limit of 10"
    ]


def test_iron_ore_cut_off_is_carried_until_restored_27_332():
    """27.332: the cut is 'negated if iron ore shipments are restored', and nothing restores it: turn 2's
    limit is 60 / 3 - 5 = 15, so turn 2 building 20 BRPs breaks 27.31."""
    cut = "    limit_modifiers: {iron_ore_cut: true}"
    assert turn_two_limit_breaches(cut, 20) == [
        "turn 2: germany: 20 BRPs count against a construction limit of 15"
    ]


def test_a_site_recaptured_this_turn_takes_builds_from_the_next_27_45():
    """27.45: 'until the player turn following their recapture'. Hamburg, recaptured in turn 1, refuses
    turn 1's build there and takes turn 2's."""
    scenario = parse_scenario(HEAD + RECAPTURED)
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
    scenario = parse_scenario(HEAD + SPENDING.replace("SPEND", "35"))
    bad = building(solved(scenario), 0, 30)
    assert [v.message for v in check_season(scenario, bad) if v.rule == "27.12"] == [
        "turn 2: germany expects to spend 35 BRPs and has 30 after turn 1 (BRPs are spent out of what a power "
        "has, 27.11)"
    ]


def test_a_turn_one_that_spends_the_oil_counter_turn_two_keeps_back_is_refused_27_35_f():
    """27.35 F: turn 2 keeps its one oil counter back for exploitation. A turn 1 spending it on
    construction (50 BRPs of builds: the threshold of a faction spending one counter, 25 x 2, 27.35 B)
    leaves turn 2 none to keep back: refused in turn 2."""
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
    bad = building(plan, 0, 50, oil=[], oil_counters_spent={Faction.EUROPEAN_AXIS: 1})
    messages = [
        v.message for v in check_season(scenario, bad) if v.rule == "27.35" and "keeps back" in v.message
    ]
    assert messages == ["turn 2: european_axis keeps back 1 oil counters and has 0 after turn 1 (27.35 F)"]


def test_brps_received_in_turn_two_raise_its_limit_27_34():
    """27.34 (40.23 B): the 30 BRPs Italy expects from Germany (not planned) in turn 2 raise that turn's
    limit from 30 / 3 = 10 to 10 + 30 / 3 = 20: 20 BRPs of builds pass, 21 break 27.31."""
    scenario = parse_scenario(HEAD + RECEIVED)
    plan = solved(scenario)

    def limit_breaches(brps: int) -> list[str]:
        return [v.message for v in check_season(scenario, building(plan, 1, brps)) if v.rule == "27.31"]

    assert limit_breaches(20) == []
    assert limit_breaches(21) == ["turn 2: italy: 21 BRPs count against a construction limit of 20"]


def test_turn_ones_starting_brps_are_checked_too_27_11():
    """Turn 1 starts with the scenario's BRPs before the plan's grants (27.11): the flow test's 30. A plan
    saying 999 there is refused, as a later turn's would be."""
    scenario = parse_scenario(HEAD + FLOW)
    plan = solved(scenario)
    bad = with_turn(plan, 0, brps_start={Power.GERMANY: 999})
    assert [v.message for v in check_season(scenario, bad) if "brps_start" in v.message] == [
        "turn 1 brps_start of germany: the plan says 999, the rules give 30"
    ]
