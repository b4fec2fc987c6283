"""Rule 14 constraints, feasible and infeasible decisions fixed in the CP-SAT model (numbers from the
Gathering Storm rules text)."""

from __future__ import annotations

import dataclasses
from typing import Any

from ortools.sat.python import cp_model

from models.generate_mobilization import britain_history, mobilization_scenario, pregame_record
from models.mobilization import Conversion, MobilizedUnit
from models.tables import Power
from optimizer.rules.guards import Guards
from optimizer.rules.mobilization.constraints import add_mobilization
from optimizer.rules.mobilization.prepare import prepare_mobilization
from optimizer.rules.mobilization.variables import add_variables

CIV = Conversion.CIVILIAN_TO_MILITARY
IDLE = Conversion.IDLE_TO_MILITARY
TO_CIV = Conversion.IDLE_TO_CIVILIAN

Decision = tuple[str, int, Conversion, dict[str, int]]


def feasible(
    scenario: Any, decisions: list[Decision], additions: dict[tuple[str, int], str] | None = None
) -> bool:
    """Whether the model accepts these conversions and units created (every other turn: free)."""
    data = prepare_mobilization(scenario)
    model = cp_model.CpModel()
    v = add_variables(model, data)
    add_mobilization(model, data, v, Guards())
    for power_name, turn, conversion, created in decisions:
        power = Power(power_name)
        v.fix(model, {(power, turn, conversion): 1})
        for unit in MobilizedUnit:
            model.add(v.created[(power, turn, unit)] == created.get(unit.value, 0))
    for (power_name, turn), unit_name in (additions or {}).items():
        model.add(v.addition[(Power(power_name), turn, MobilizedUnit(unit_name))] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    return solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def germany(**fields: Any) -> Any:
    return mobilization_scenario(
        {"germany": {"factories": {"civilian": 4, "military": 3}, **fields}}, turns=3
    )


# --- Costs and restrictions -------------------------------------------------------------------


def test_mobilization_cost_must_be_paid_14_31():
    """14.31: in 1939 (cost 6) a power with 5 tile points cannot mobilize; with 6 it can."""
    short = mobilization_scenario(
        {"germany": {"factories": {"civilian": 1}, "tile_points": [5]}}, turns=1, start=("spring", 1939)
    )
    enough = mobilization_scenario(
        {"germany": {"factories": {"civilian": 1}, "tile_points": [6]}}, turns=1, start=("spring", 1939)
    )
    decision: Decision = ("germany", 0, CIV, {"armor": 1, "infantry": 1, "air": 1})
    assert not feasible(short, [decision])
    assert feasible(enough, [decision])


def test_eai_lowers_the_mobilization_cost_14_31_b():
    """14.31 B: 1939 with EAI +2 costs 4: 4 tile points suffice."""
    scenario = mobilization_scenario(
        {"germany": {"factories": {"civilian": 1}, "tile_points": [4]}},
        turns=1,
        start=("spring", 1939),
        eai=[2],
    )
    assert feasible(scenario, [("germany", 0, CIV, {"armor": 1, "infantry": 1, "air": 1})])


def test_civilian_conversion_costs_10_14_21():
    """14.21: 9 tile points do not convert an idle factory to civilian use; 10 do."""
    nine = mobilization_scenario({"italy": {"factories": {"idle": 1}, "tile_points": [9]}}, turns=1)
    ten = mobilization_scenario({"italy": {"factories": {"idle": 1}, "tile_points": [10]}}, turns=1)
    assert not feasible(nine, [("italy", 0, TO_CIV, {})])
    assert feasible(ten, [("italy", 0, TO_CIV, {})])


def test_one_conversion_per_turn_14_41():
    """14.41: a power converts one factory a turn at most."""
    scenario = mobilization_scenario({"italy": {"factories": {"idle": 2, "civilian": 1}}}, turns=1)
    assert not feasible(scenario, [("italy", 0, TO_CIV, {}), ("italy", 0, CIV, {"armor": 1, "air": 1})])


def test_only_existing_factories_are_converted_14_12():
    """14.11, 14.12: no idle factory, no idle conversion."""
    scenario = mobilization_scenario({"italy": {"factories": {"civilian": 1}}}, turns=1)
    assert not feasible(scenario, [("italy", 0, IDLE, {"armor": 1, "air": 1})])


def test_russia_may_not_convert_idle_to_civilian_14_42_a():
    """14.42 A: Russia may not; other powers may."""
    russia = mobilization_scenario({"russia": {"factories": {"idle": 1}}}, turns=1)
    france = mobilization_scenario({"france": {"factories": {"idle": 1}}}, turns=1)
    assert not feasible(russia, [("russia", 0, TO_CIV, {})])
    assert feasible(france, [("france", 0, TO_CIV, {})])
    lifted = mobilization_scenario(
        {"russia": {"factories": {"idle": 1}}}, turns=1, settings={"russia_idle_to_civilian": True}
    )
    assert feasible(lifted, [("russia", 0, TO_CIV, {})])


def test_great_purge_bars_mobilization_14_43_a():
    scenario = mobilization_scenario(
        {"russia": {"factories": {"idle": 2}, "great_purge_turns": [0]}}, turns=2
    )
    units = {"armor": 1, "infantry": 1, "air": 1}
    assert not feasible(scenario, [("russia", 0, IDLE, units)])
    assert feasible(scenario, [("russia", 1, IDLE, units)])


def test_russian_rate_by_cohesion_of_the_mobilizing_turn_14_43_b():
    """14.43 B: with low cohesion (every five turns) at turn 0 and full cohesion (every two) at turn 2,
    Russia may mobilize at 0 and again at 2: the cohesion of the turn it mobilizes governs."""
    units = {"armor": 1, "infantry": 1, "air": 1}
    scenario = mobilization_scenario(
        {"russia": {"factories": {"idle": 3}, "cohesion": ["low", "low", "full", "full"]}}, turns=4
    )
    assert feasible(scenario, [("russia", 0, IDLE, units), ("russia", 2, IDLE, units)])
    assert not feasible(scenario, [("russia", 0, IDLE, units), ("russia", 1, IDLE, units)])


def test_russian_rate_low_cohesion_five_turns_14_43_b():
    """14.43 B: low cohesion, once every five turns: turns 0 and 4 are too close, 0 and 5 are not."""
    units = {"armor": 1, "infantry": 1, "air": 1}
    scenario = mobilization_scenario({"russia": {"factories": {"idle": 3}, "cohesion": ["low"] * 6}}, turns=6)
    assert not feasible(scenario, [("russia", 0, IDLE, units), ("russia", 4, IDLE, units)])
    assert feasible(scenario, [("russia", 0, IDLE, units), ("russia", 5, IDLE, units)])


def test_russian_rate_counts_the_last_mobilization_before_the_plan_14_43_b():
    """14.43 B: high cohesion (every three turns), last mobilization the turn before the plan: turn 0
    and 1 are barred, turn 2 is allowed."""
    units = {"armor": 1, "infantry": 1, "air": 1}
    scenario = mobilization_scenario(
        {"russia": {"factories": {"idle": 1}, "cohesion": ["high"] * 3, "turns_since_last_mobilization": 1}},
        turns=3,
    )
    assert not feasible(scenario, [("russia", 1, IDLE, units)])
    assert feasible(scenario, [("russia", 2, IDLE, units)])


def test_russian_civilian_factories_only_after_14_43_c_events():
    """14.43 C: civilian factories only once Germany committed aggression against Poland (here from turn 1)."""
    units = {"armor": 1, "infantry": 1, "air": 1}
    scenario = mobilization_scenario(
        {"russia": {"factories": {"civilian": 1}, "cohesion": ["full"] * 2}},
        turns=2,
        civilian_events={"aggression_against_poland": 1},
    )
    assert not feasible(scenario, [("russia", 0, CIV, units)])
    assert feasible(scenario, [("russia", 1, CIV, units)])


# --- Germany 14.71 -----------------------------------------------------------------------------


def test_germany_units_14_711():
    """14.711: one armor or SB plus one infantry and one air, two infantry or two air."""
    assert feasible(germany(), [("germany", 0, CIV, {"armor": 1, "infantry": 1, "air": 1})])
    assert feasible(germany(), [("germany", 0, CIV, {"shipbuilding": 1, "air": 1, "infantry": 1})])
    assert not feasible(germany(), [("germany", 0, CIV, {"infantry": 2, "air": 1})])


def test_germany_one_armor_a_turn_14_713_a():
    assert not feasible(germany(), [("germany", 0, CIV, {"armor": 2, "air": 1})])


def test_germany_not_armor_and_sb_together_14_713_b():
    assert not feasible(germany(), [("germany", 0, CIV, {"armor": 1, "shipbuilding": 1, "air": 1})])


def test_germany_one_sb_per_game_initial_not_counted_14_713_c():
    """14.713 C: the initial SB increase (14.92 D) does not count: one SB is allowed, a second is not."""
    one = [("germany", 0, CIV, {"shipbuilding": 1, "infantry": 1, "air": 1})]
    two = one + [("germany", 1, CIV, {"shipbuilding": 1, "infantry": 1, "air": 1})]
    assert feasible(germany(), one)
    assert not feasible(germany(), two)


def test_germany_balance_by_full_mobilization_14_712():
    """14.712: two infantry must be balanced by two air later; with one factory left Germany cannot
    mobilize two infantry (it would be fully mobilized unbalanced); with two, it can if it later
    mobilizes two air."""
    last = mobilization_scenario({"germany": {"factories": {"civilian": 1, "military": 3}}}, turns=1)
    assert not feasible(last, [("germany", 0, CIV, {"armor": 1, "infantry": 2})])
    two = mobilization_scenario({"germany": {"factories": {"civilian": 2, "military": 3}}}, turns=2)
    assert feasible(
        two, [("germany", 0, CIV, {"armor": 1, "infantry": 2}), ("germany", 1, CIV, {"armor": 1, "air": 2})]
    )
    assert not feasible(
        two,
        [("germany", 0, CIV, {"armor": 1, "infantry": 2}), ("germany", 1, CIV, {"armor": 1, "infantry": 2})],
    )


# --- Italy 14.72 -------------------------------------------------------------------------------


def italy(**fields: Any) -> Any:
    return mobilization_scenario({"italy": {"factories": {"civilian": 4, "military": 3}, **fields}}, turns=3)


def test_italy_any_two_different_14_721_14_722_a():
    assert feasible(italy(), [("italy", 0, CIV, {"infantry": 1, "air": 1})])
    assert not feasible(italy(), [("italy", 0, CIV, {"infantry": 2})])


def test_italy_not_armor_and_sb_14_722_b():
    assert feasible(italy(), [("italy", 0, CIV, {"shipbuilding": 1, "air": 1})])
    assert not feasible(italy(), [("italy", 0, CIV, {"armor": 1, "shipbuilding": 1})])


def test_italy_armor_cap_14_722_c():
    """14.722 C: three armor including the initial one (14.93 A): two more, not three, without research;
    with research from turn 2 the third is allowed there."""
    two = [("italy", 0, CIV, {"armor": 1, "air": 1}), ("italy", 1, CIV, {"armor": 1, "air": 1})]
    three = two + [("italy", 2, CIV, {"armor": 1, "air": 1})]
    assert feasible(italy(), two)
    assert not feasible(italy(), three)
    assert feasible(italy(armor_research_turn=2), three)


def test_italy_one_sb_per_game_14_722_d():
    one = [("italy", 0, CIV, {"shipbuilding": 1, "air": 1})]
    assert feasible(italy(), one)
    assert not feasible(italy(), one + [("italy", 1, CIV, {"shipbuilding": 1, "infantry": 1})])


# --- Britain 14.73 -----------------------------------------------------------------------------


def britain(turns: int = 6, **fields: Any) -> Any:
    return mobilization_scenario(
        {"britain": {"factories": {"civilian": 6, "military": 2}, **fields}}, turns=turns
    )


def test_britain_third_and_fourth_14_733():
    """14.733 B: one of them armor or SB plus two air, the other three air."""
    ok = [("britain", 0, CIV, {"armor": 1, "air": 2}), ("britain", 1, CIV, {"air": 3})]
    both = [("britain", 0, CIV, {"armor": 1, "air": 2}), ("britain", 1, CIV, {"shipbuilding": 1, "air": 2})]
    assert feasible(britain(), ok)
    assert not feasible(britain(), both)
    assert not feasible(britain(), [("britain", 0, CIV, {"infantry": 1, "air": 2})])


def test_britain_fifth_to_seventh_no_infantry_14_734():
    third_fourth = [("britain", 0, CIV, {"air": 3}), ("britain", 1, CIV, {"air": 3})]
    assert feasible(britain(), third_fourth + [("britain", 2, CIV, {"armor": 1, "air": 2})])
    assert not feasible(britain(), third_fourth + [("britain", 2, CIV, {"infantry": 1, "air": 2})])
    assert not feasible(
        britain(), third_fourth + [("britain", 2, CIV, {"armor": 1, "shipbuilding": 1, "air": 1})]
    )


def test_britain_no_sb_in_fifth_to_seventh_after_sb_in_third_or_fourth_14_734_b():
    sb_third = [("britain", 0, CIV, {"shipbuilding": 1, "air": 2}), ("britain", 1, CIV, {"air": 3})]
    assert not feasible(britain(), sb_third + [("britain", 2, CIV, {"shipbuilding": 1, "air": 2})])
    air = [("britain", 0, CIV, {"air": 3}), ("britain", 1, CIV, {"air": 3})]
    # SB in the fifth and the sixth: 14.734 B bars neither.
    assert feasible(
        britain(),
        air
        + [
            ("britain", 2, CIV, {"shipbuilding": 1, "air": 2}),
            ("britain", 3, CIV, {"shipbuilding": 1, "air": 2}),
        ],
    )


def test_britain_eighth_mobilization_14_735():
    """14.735: the eighth may hold one infantry, one armor or SB, and air; no SB after an earlier one;
    there is no ninth."""
    air = [("britain", t, CIV, {"air": 3}) for t in range(5)]
    assert feasible(britain(), air + [("britain", 5, CIV, {"armor": 1, "infantry": 1, "air": 1})])
    assert not feasible(britain(), air + [("britain", 5, CIV, {"infantry": 2, "air": 1})])
    sb_fifth = air[:2] + [("britain", 2, CIV, {"shipbuilding": 1, "air": 2})] + air[3:]
    assert not feasible(britain(), sb_fifth + [("britain", 5, CIV, {"shipbuilding": 1, "air": 2})])
    seven = mobilization_scenario({"britain": {"factories": {"civilian": 7, "military": 2}}}, turns=7)
    ninth = [("britain", t, CIV, {"air": 3}) for t in range(7)]
    assert not feasible(seven, ninth)


def test_britain_armor_cap_without_research_14_736_b():
    """14.736 B: three armor including the initial one (14.94 A): the armor of the third, fifth and
    sixth would make four."""
    plan = [
        ("britain", 0, CIV, {"armor": 1, "air": 2}),
        ("britain", 1, CIV, {"air": 3}),
        ("britain", 2, CIV, {"armor": 1, "air": 2}),
        ("britain", 3, CIV, {"armor": 1, "air": 2}),
    ]
    assert not feasible(britain(), plan)
    assert feasible(britain(armor_research_turn=0), plan)


def test_britain_eighth_holds_the_second_infantry_14_735_14_736_a():
    """14.736 A: two infantry over the eight mobilizations: the pre-game one (14.732) and one in the
    eighth (14.735 A: "one infantry unit"), never two there."""
    history = britain_history(*[{"air": 3}] * 5)
    scenario = mobilization_scenario(
        {"britain": {"factories": {"civilian": 1, "military": 7}, "mobilizations": history}}, turns=1
    )
    assert feasible(scenario, [("britain", 0, CIV, {"infantry": 1, "air": 2})])
    assert not feasible(scenario, [("britain", 0, CIV, {"infantry": 2, "air": 1})])
    assert feasible(scenario, [("britain", 0, CIV, {"air": 3})])


BRITAIN_FULLY_MOBILIZED = {"factories": {"military": 8}, "mobilizations": britain_history(*[{"air": 3}] * 6)}


def test_britain_post_1940_addition_14_737():
    """14.737: starting in spring 1941 Britain adds one armor, infantry or air unit each turn."""
    scenario = mobilization_scenario({"britain": BRITAIN_FULLY_MOBILIZED}, turns=2, start=("winter", 1940))
    data = prepare_mobilization(scenario)
    assert data.powers[0].addition_turns == [False, True]
    assert feasible(scenario, [], additions={("britain", 1): "armor"})


def test_britain_addition_limited_by_counter_mix_14_737():
    """14.737: no armor counter left, no armor addition; every counter used, no addition is due."""
    scenario = mobilization_scenario(
        {"britain": {**BRITAIN_FULLY_MOBILIZED, "counter_mix": {"armor": 0, "infantry": 1, "air": 0}}},
        turns=2,
        start=("spring", 1941),
    )
    assert not feasible(scenario, [], additions={("britain", 0): "armor"})
    assert feasible(scenario, [], additions={("britain", 0): "infantry"})
    assert not feasible(scenario, [], additions={("britain", 0): "infantry", ("britain", 1): "infantry"})


# --- France 14.74, Russia 14.75 ----------------------------------------------------------------


def test_france_two_different_no_sb_14_741_14_742():
    scenario = mobilization_scenario({"france": {"factories": {"civilian": 3, "military": 3}}}, turns=3)
    assert feasible(scenario, [("france", 0, CIV, {"armor": 1, "infantry": 1})])
    assert not feasible(scenario, [("france", 0, CIV, {"air": 2})])
    assert not feasible(scenario, [("france", 0, CIV, {"shipbuilding": 1, "air": 1})])


def test_france_armor_cap_14_742_b():
    scenario = mobilization_scenario({"france": {"factories": {"civilian": 3, "military": 3}}}, turns=3)
    plan = [("france", t, CIV, {"armor": 1, "air": 1}) for t in range(3)]
    assert feasible(scenario, plan[:2])
    assert not feasible(scenario, plan)


def test_france_counter_mix_limits_mobilizations_and_additions_14_61_14_743():
    """14.61, 14.743 (reading of `counter_mix`): one armor and one air counter free. The air added in
    spring 1941 uses its counter, and a mobilization of armor and air in summer would need a second;
    created first, they leave no counter for a later addition, which is then not due."""
    scenario = mobilization_scenario(
        {
            "france": {
                "factories": {"civilian": 2, "military": 3},
                "counter_mix": {"armor": 1, "infantry": 0, "air": 1},
            }
        },
        turns=2,
        start=("spring", 1941),
    )
    air_then_mobilize = [("france", 1, CIV, {"armor": 1, "air": 1})]
    assert not feasible(scenario, air_then_mobilize, additions={("france", 0): "air"})
    assert feasible(scenario, [], additions={("france", 0): "air", ("france", 1): "armor"})
    mobilize_then_air = [("france", 0, CIV, {"armor": 1, "air": 1})]
    assert not feasible(scenario, mobilize_then_air, additions={("france", 1): "air"})
    assert feasible(scenario, mobilize_then_air)


def test_additions_are_not_mobilized_so_outside_the_armor_caps_14_737_14_743():
    """14.736 B, 14.742 B: Britain and France "may not mobilize more than three armor units, including
    [the] initial armor unit" without armor research; 14.737, 14.743: from spring 1941 each "adds one
    armor, infantry or air unit to its reserve each turn", which is not a mobilization. With three armor
    mobilized and no research, an armor addition is made, a fourth mobilized armor unit is not."""
    france = {
        "factories": {"civilian": 1, "military": 5},
        "mobilizations": [
            pregame_record(Power.FRANCE),
            {"created": {"armor": 1, "air": 1}},
            {"created": {"armor": 1, "infantry": 1}},
        ],
    }
    britain = {
        "factories": {"civilian": 1, "military": 5},
        "mobilizations": britain_history({"armor": 1, "air": 2}, {"air": 3}, {"armor": 1, "air": 2}),
    }
    for name, state, fourth in (
        ("france", france, {"armor": 1, "air": 1}),
        ("britain", britain, {"armor": 1, "air": 2}),
    ):
        scenario = mobilization_scenario({name: state}, turns=1, start=("spring", 1941))
        assert feasible(scenario, [], additions={(name, 0): "armor"})
        assert not feasible(scenario, [(name, 0, CIV, fourth)])


def test_france_post_1940_addition_14_743():
    scenario = mobilization_scenario(
        {"france": {"factories": {"military": 3}}}, turns=1, start=("spring", 1941)
    )
    assert feasible(scenario, [], additions={("france", 0): "air"})


def test_russia_one_of_each_14_751_14_752():
    scenario = mobilization_scenario({"russia": {"factories": {"idle": 1}}}, turns=1)
    assert feasible(scenario, [("russia", 0, IDLE, {"armor": 1, "infantry": 1, "air": 1})])
    assert not feasible(scenario, [("russia", 0, IDLE, {"armor": 2, "air": 1})])
    assert not feasible(scenario, [("russia", 0, IDLE, {"shipbuilding": 1, "infantry": 1, "air": 1})])


def test_odd_german_difference_can_never_be_balanced_14_712():
    """14.712 with 14.711 B: each mobilization moves the infantry-air difference by -2, 0 or +2, so an
    odd difference from the history (one a valid history never leaves) cannot be balanced, however many
    factories are left; an even one of 2 can, with one factory."""
    scenario = mobilization_scenario({"germany": {"factories": {"civilian": 3}}}, turns=1)
    data = prepare_mobilization(scenario)
    for difference, allowed in ((1, False), (2, True)):
        power = dataclasses.replace(data.powers[0], infantry_minus_air=difference)
        part = dataclasses.replace(data, powers=[power])
        model = cp_model.CpModel()
        add_mobilization(model, part, add_variables(model, part), Guards())
        solver = cp_model.CpSolver()
        assert (solver.solve(model) != cp_model.INFEASIBLE) is allowed


def test_counter_mix_limits_german_mobilizations_14_61():
    """14.61 (reading of `counter_mix`): a German mobilization creates two infantry or air units (14.711
    B); with one infantry and one air counter free, one mobilization fits and a second does not."""
    scenario = germany(counter_mix={"armor": 3, "infantry": 1, "air": 1})
    one = [("germany", 0, CIV, {"armor": 1, "infantry": 1, "air": 1})]
    assert feasible(scenario, one)
    assert not feasible(scenario, one + [("germany", 1, CIV, {"armor": 1, "infantry": 1, "air": 1})])
    assert not feasible(scenario, [("germany", 0, CIV, {"armor": 1, "air": 2})])


def test_britain_eighth_sb_and_the_pregame_ones_14_735_b():
    """14.735 B: "Britain may not mobilize a shipbuilding increase if it did so in a previous
    mobilization"; 14.732: the pre-game mobilizations "are considered to have created ... two
    shipbuilding increases". By default [reading] a previous mobilization is a Gathering Storm one (the
    third to the seventh), so after five of air the eighth may hold an SB increase; with the setting
    `britain_pregame_sb_counts` the pre-game ones count, and it may not."""
    history = britain_history(*[{"air": 3}] * 5)
    britain_state = {"britain": {"factories": {"civilian": 1, "military": 7}, "mobilizations": history}}
    eighth_sb = [("britain", 0, CIV, {"shipbuilding": 1, "air": 2})]
    assert feasible(mobilization_scenario(britain_state, turns=1), eighth_sb)
    counted = mobilization_scenario(britain_state, turns=1, settings={"britain_pregame_sb_counts": True})
    assert not feasible(counted, eighth_sb)
    assert feasible(counted, [("britain", 0, CIV, {"armor": 1, "infantry": 1, "air": 1})])
