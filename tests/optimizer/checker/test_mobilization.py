"""The independent rule 14 checker on schedules written by hand: each breach is named by its rule."""

from __future__ import annotations

from typing import Any

from models.generate_mobilization import britain_history, mobilization_scenario, pregame_record
from models.mobilization import (
    Factories,
    MaintenanceSaved,
    MobilizationMinimum,
    MobilizationRecord,
    MobilizationSchedule,
    MobilizedUnit,
)
from models.tables import Power
from optimizer.checker.mobilization import check_mobilization, mobilizing_cost, schedule_value


def schedule(horizon: int, *steps: dict[str, Any]) -> MobilizationSchedule:
    """Steps as (power, turn, conversion, created); arrivals filled in with no delay."""
    built = []
    for step in steps:
        step = dict(step)
        created = step.get("created", {})
        arrivals = [{"turn": step["turn"], "unit": u, "count": n} for u, n in created.items() if n]
        if step.get("addition"):
            arrivals.append({"turn": step["turn"], "unit": step["addition"], "count": 1})
        built.append({"arrivals": arrivals, **step})
    return MobilizationSchedule.model_validate({"horizon": horizon, "steps": built})


def rules(scenario: Any, plan: MobilizationSchedule) -> list[str]:
    return [v.rule for v in check_mobilization(scenario, plan)]


def mob(power: str, turn: int, cost: int, conversion: str = "civilian_to_military", **created: int) -> dict:
    return {
        "power": power,
        "turn": turn,
        "conversion": conversion,
        "tile_points_spent": cost,
        "created": created,
    }


def test_cost_by_year_and_eai_14_31():
    """14.31: spring 1939 with EAI +2 costs 4 (A: 6, B: -2)."""
    scenario = mobilization_scenario(
        {"germany": {"factories": {"civilian": 1}}}, turns=1, start=("spring", 1939), eai=[2]
    )
    assert scenario.mobilization is not None
    assert (
        mobilizing_cost(
            scenario.mobilization,
            Power.GERMANY,
            0,
        )
        == 4
    )
    assert rules(scenario, schedule(1, mob("germany", 0, 4, armor=1, infantry=1, air=1))) == []


def test_cost_above_tile_points_14_31():
    scenario = mobilization_scenario(
        {"germany": {"factories": {"civilian": 1}, "tile_points": [5]}}, turns=1, start=("spring", 1939)
    )
    assert "14.31" in rules(scenario, schedule(1, mob("germany", 0, 6, armor=1, infantry=1, air=1)))


def test_wrong_reported_cost_is_a_report_breach():
    scenario = mobilization_scenario(
        {"germany": {"factories": {"civilian": 1}}}, turns=1, start=("spring", 1939)
    )
    assert rules(scenario, schedule(1, mob("germany", 0, 5, armor=1, infantry=1, air=1))) == ["report"]


def test_civilian_conversion_14_21_and_russia_14_42_a():
    scenario = mobilization_scenario({"russia": {"factories": {"idle": 1}, "tile_points": [9]}}, turns=1)
    found = rules(scenario, schedule(1, mob("russia", 0, 10, "idle_to_civilian")))
    assert "14.21" in found and "14.42 A" in found


def test_no_factory_to_convert_14_12():
    scenario = mobilization_scenario({"italy": {"factories": {"idle": 1}}}, turns=1)
    assert "14.12" in rules(scenario, schedule(1, mob("italy", 0, 9, armor=1, air=1)))


def test_two_conversions_in_a_turn_14_41():
    scenario = mobilization_scenario({"italy": {"factories": {"idle": 2}}}, turns=1)
    plan = schedule(1, mob("italy", 0, 10, "idle_to_civilian"), mob("italy", 0, 10, "idle_to_civilian"))
    assert "14.41" in rules(scenario, plan)


def test_great_purge_14_43_a_and_rate_14_43_b():
    units = {"armor": 1, "infantry": 1, "air": 1}
    scenario = mobilization_scenario(
        {"russia": {"factories": {"idle": 3}, "cohesion": ["medium"] * 3, "great_purge_turns": [2]}}, turns=3
    )
    plan = schedule(
        3, mob("russia", 0, 9, "idle_to_military", **units), mob("russia", 2, 9, "idle_to_military", **units)
    )
    found = rules(scenario, plan)
    assert "14.43 A" in found
    assert "14.43 B" in found  # medium: once every four turns; 0 and 2 are two turns apart


def test_russian_civilian_factories_14_43_c():
    units = {"armor": 1, "infantry": 1, "air": 1}
    scenario = mobilization_scenario({"russia": {"factories": {"civilian": 1}}}, turns=1)
    assert "14.43 C" in rules(scenario, schedule(1, mob("russia", 0, 9, **units)))
    after = mobilization_scenario(
        {"russia": {"factories": {"civilian": 1}}},
        turns=1,
        civilian_events={"aggression_against_baltic_states": 0},
    )
    assert rules(after, schedule(1, mob("russia", 0, 9, **units))) == []


def test_germany_restrictions_14_711_to_14_713():
    scenario = mobilization_scenario({"germany": {"factories": {"civilian": 3}}}, turns=3)
    assert "14.713 A" in rules(scenario, schedule(3, mob("germany", 0, 9, armor=2, air=1)))
    found = rules(scenario, schedule(3, mob("germany", 0, 9, armor=1, shipbuilding=1, air=1)))
    assert "14.713 B" in found and "14.711 A" in found
    two_sb = schedule(
        3,
        mob("germany", 0, 9, shipbuilding=1, infantry=1, air=1),
        mob("germany", 1, 9, shipbuilding=1, infantry=1, air=1),
    )
    assert "14.713 C" in rules(scenario, two_sb)


def test_germany_balance_14_712():
    """14.712: two infantry, then fully mobilized with two more infantry: four more infantry than air."""
    scenario = mobilization_scenario({"germany": {"factories": {"civilian": 2}}}, turns=2)
    plan = schedule(2, mob("germany", 0, 9, armor=1, infantry=2), mob("germany", 1, 9, armor=1, infantry=2))
    assert "14.712" in rules(scenario, plan)
    balanced = schedule(2, mob("germany", 0, 9, armor=1, infantry=2), mob("germany", 1, 9, armor=1, air=2))
    assert rules(scenario, balanced) == []


def test_italy_restrictions_14_722():
    scenario = mobilization_scenario({"italy": {"factories": {"civilian": 3}}}, turns=3)
    assert "14.722 A" in rules(scenario, schedule(3, mob("italy", 0, 9, air=2)))
    assert "14.722 B" in rules(scenario, schedule(3, mob("italy", 0, 9, armor=1, shipbuilding=1)))
    armor = schedule(3, *(mob("italy", t, 9, armor=1, air=1) for t in range(3)))
    assert "14.722 C" in rules(scenario, armor)
    sb = schedule(
        3, mob("italy", 0, 9, shipbuilding=1, air=1), mob("italy", 1, 9, shipbuilding=1, infantry=1)
    )
    assert "14.722 D" in rules(scenario, sb)


def test_britain_sequence_14_733_to_14_736():
    scenario = mobilization_scenario({"britain": {"factories": {"civilian": 6}}}, turns=6)
    both = schedule(6, mob("britain", 0, 9, armor=1, air=2), mob("britain", 1, 9, shipbuilding=1, air=2))
    assert "14.733" in rules(scenario, both)
    infantry = schedule(
        6, mob("britain", 0, 9, air=3), mob("britain", 1, 9, air=3), mob("britain", 2, 9, infantry=1, air=2)
    )
    assert "14.734" in rules(scenario, infantry)
    sb = schedule(
        6,
        mob("britain", 0, 9, shipbuilding=1, air=2),
        mob("britain", 1, 9, air=3),
        mob("britain", 2, 9, shipbuilding=1, air=2),
    )
    assert "14.734" in rules(scenario, sb)
    eighth = schedule(
        6,
        *(mob("britain", t, 9 if t < 4 else 9, air=3) for t in range(2)),
        mob("britain", 2, 9, shipbuilding=1, air=2),
        *(mob("britain", t, 9, air=3) for t in (3, 4)),
        mob("britain", 5, 9, shipbuilding=1, infantry=1, air=1),
    )
    assert "14.735" in rules(scenario, eighth)
    armor = schedule(
        6,
        mob("britain", 0, 9, armor=1, air=2),
        mob("britain", 1, 9, air=3),
        mob("britain", 2, 9, armor=1, air=2),
        mob("britain", 3, 9, armor=1, air=2),
    )
    assert "14.736 B" in rules(scenario, armor)


def test_britain_eighth_sb_after_the_pregame_ones_14_735_b():
    """14.735 B with 14.732's pre-game SB increases: legal by default [reading: a previous Gathering Storm
    mobilization], a breach of 14.735 with the setting `britain_pregame_sb_counts`."""
    history = britain_history(*[{"air": 3}] * 5)
    state = {"britain": {"factories": {"civilian": 1, "military": 7}, "mobilizations": history}}
    eighth = schedule(1, mob("britain", 0, 9, shipbuilding=1, air=2))
    assert rules(mobilization_scenario(state, turns=1), eighth) == []
    counted = mobilization_scenario(state, turns=1, settings={"britain_pregame_sb_counts": True})
    assert rules(counted, eighth) == ["14.735"]


def test_france_and_russia_compositions_14_742_14_751():
    france = mobilization_scenario({"france": {"factories": {"civilian": 1}}}, turns=1)
    assert "14.742 C" in rules(france, schedule(1, mob("france", 0, 9, shipbuilding=1, air=1)))
    assert "14.742 A" in rules(france, schedule(1, mob("france", 0, 9, infantry=2)))
    russia = mobilization_scenario({"russia": {"factories": {"idle": 1}}}, turns=1)
    assert "14.751" in rules(russia, schedule(1, mob("russia", 0, 9, "idle_to_military", armor=2, air=1)))


def test_post_1940_additions_14_737():
    """14.737: from spring 1941, one unit a turn; none before."""
    fully_mobilized = {"factories": {"military": 8}, "mobilizations": britain_history(*[{"air": 3}] * 6)}
    scenario = mobilization_scenario({"britain": fully_mobilized}, turns=2, start=("winter", 1940))
    early = schedule(
        2,
        {"power": "britain", "turn": 0, "addition": "armor"},
        {"power": "britain", "turn": 1, "addition": "air"},
    )
    assert "14.737" in rules(scenario, early)
    missing = schedule(2, {"power": "britain", "turn": 0})
    assert "14.737" in rules(scenario, missing)
    right = schedule(2, {"power": "britain", "turn": 1, "addition": "air"})
    assert rules(scenario, right) == []


def test_additions_are_not_mobilized_so_outside_the_armor_caps_14_737_14_743():
    """14.742 B, 14.736 B cap the armor units a power may "mobilize", the initial one included; the
    post-1940 additions (14.737, 14.743) are added to the reserve, not mobilized. With three armor
    mobilized and no research, an armor addition in spring 1941 breaches nothing; a fourth mobilized
    armor unit breaches the cap."""
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
    for name, state, rule, fourth in (
        ("france", france, "14.742 B", {"armor": 1, "air": 1}),
        ("britain", britain, "14.736 B", {"armor": 1, "air": 2}),
    ):
        scenario = mobilization_scenario({name: state}, turns=1, start=("spring", 1941))
        added = schedule(1, {"power": name, "turn": 0, "addition": "armor"})
        assert rules(scenario, added) == []
        mobilized = schedule(1, {**mob(name, 0, 4, **fourth), "addition": "infantry"})
        assert rule in rules(scenario, mobilized)


def test_arrivals_follow_the_power_s_own_delays_14_81_14_83():
    """14.81, 14.83 (A World at War's delays, which may differ by power): France's own armor delay of 3
    over the section's 2: armor mobilized in turn 0 arrives in turn 3; listed in turn 2 it is a report
    breach."""
    scenario = mobilization_scenario(
        {"france": {"factories": {"civilian": 1}, "delays": {"armor": 3}}},
        turns=1,
        delays={"armor": 2, "infantry": 1, "air": 1},
    )
    step = mob("france", 0, 9, armor=1, air=1)
    own = {
        **step,
        "arrivals": [{"turn": 3, "unit": "armor", "count": 1}, {"turn": 1, "unit": "air", "count": 1}],
    }
    assert rules(scenario, MobilizationSchedule.model_validate({"horizon": 1, "steps": [own]})) == []
    section = {
        **step,
        "arrivals": [{"turn": 2, "unit": "armor", "count": 1}, {"turn": 1, "unit": "air", "count": 1}],
    }
    assert rules(scenario, MobilizationSchedule.model_validate({"horizon": 1, "steps": [section]})) == [
        "report"
    ]


def test_arrivals_follow_the_delays_14_81():
    """14.81: with an armor delay of 2, armor mobilized in turn 0 reaches the reserve in turn 2."""
    scenario = mobilization_scenario(
        {"france": {"factories": {"civilian": 1}}}, turns=1, delays={"armor": 2, "infantry": 1, "air": 1}
    )
    wrong = schedule(1, mob("france", 0, 9, armor=1, air=1))  # arrivals in turn 0
    assert rules(scenario, wrong) == ["report"]
    step = {
        **mob("france", 0, 9, armor=1, air=1),
        "arrivals": [{"turn": 2, "unit": "armor", "count": 1}, {"turn": 1, "unit": "air", "count": 1}],
    }
    right = MobilizationSchedule.model_validate({"horizon": 1, "steps": [step]})
    assert rules(scenario, right) == []


def test_minimum_counts_arrivals_by_the_turn():
    scenario = mobilization_scenario(
        {"france": {"factories": {"civilian": 1}}},
        turns=2,
        delays={"armor": 2, "infantry": 1, "air": 1},
        objective={"minimum": [{"power": "france", "unit": "armor", "count": 1, "by_turn": 1}]},
    )
    step = {
        **mob("france", 0, 9, armor=1, air=1),
        "arrivals": [{"turn": 2, "unit": "armor", "count": 1}, {"turn": 1, "unit": "air", "count": 1}],
    }
    plan = MobilizationSchedule.model_validate({"horizon": 2, "steps": [step]})
    assert rules(scenario, plan) == ["requirement"]


def test_schedule_value_counts_units_at_arrival_and_maintenance_14_62():
    """Objective: armor worth 3 reaching the reserve in turn 1 (discount 0.5) is 1.5; Russia's five
    military factories from its initial mobilizations (14.96) and the one mobilized in turn 0 save one
    maintenance point each (14.62), worth 1 in turn 0 and 0.5 in turn 1: 6 + 3."""
    scenario = mobilization_scenario(
        {"russia": {"factories": {"idle": 1}}},
        turns=2,
        delays={"armor": 1, "infantry": 0, "air": 0},
        objective={
            "values": {"armor": 3, "infantry": 0, "air": 0, "shipbuilding": 0},
            "maintenance_value": 1,
            "discount": 0.5,
        },
    )
    step = {
        **mob("russia", 0, 9, "idle_to_military", armor=1, infantry=1, air=1),
        "arrivals": [
            {"turn": 1, "unit": "armor", "count": 1},
            {"turn": 0, "unit": "infantry", "count": 1},
            {"turn": 0, "unit": "air", "count": 1},
        ],
    }
    plan = MobilizationSchedule.model_validate({"horizon": 2, "steps": [step]})
    assert rules(scenario, plan) == []
    assert schedule_value(scenario, plan) == 1.5 + 6 * 1 + 6 * 0.5


# --- The history the scenario states (14.7, 14.9): checked without the scenario validator ---------


def unchecked(scenario: Any, power: str, **updates: Any) -> Any:
    """The scenario with the power's mobilization fields replaced, bypassing the scenario validator."""
    state = scenario.mobilization
    mob = state.powers[Power(power)]
    records = updates.pop("mobilizations", None)
    if records is not None:
        updates["mobilizations"] = [MobilizationRecord.model_validate(r) for r in records]
    state = state.model_copy(
        update={"powers": {**state.powers, Power(power): mob.model_copy(update=updates)}}
    )
    return scenario.model_copy(update={"mobilization": state})


def test_britain_with_one_pregame_mobilization_14_94_14_732():
    """14.94, 14.732: Britain has mobilized twice before the game. With one stated, its next mobilization
    would be its second, unchecked: the checker names the short history and refuses armor + SB +
    infantry in a Gathering Storm mobilization (14.733: one armor or SB, no infantry)."""
    base = mobilization_scenario({"britain": {"factories": {"civilian": 6}}}, turns=1)
    one = [{"count": 1, "initial": True, "created": {"armor": 1, "infantry": 1, "air": 2, "shipbuilding": 2}}]
    scenario = unchecked(base, "britain", mobilizations=one)
    found = rules(scenario, schedule(1, mob("britain", 0, 9, armor=1, shipbuilding=1, infantry=1)))
    assert "14.94" in found and "14.732" in found


def test_history_make_up_is_checked_like_the_plan_14_711_14_742():
    """14.742 A, C: a French record of two SB increases; 14.711: a German record of three infantry, whose
    odd infantry-air difference no later mobilization can balance (14.712)."""
    france = mobilization_scenario({"france": {"factories": {"civilian": 1}}}, turns=1)
    two_sb = [
        {"count": 3, "initial": True, "created": {"armor": 1, "infantry": 3, "air": 2}},
        {"created": {"shipbuilding": 2}},
    ]
    found = rules(unchecked(france, "france", mobilizations=two_sb), schedule(1))
    assert "14.742 A" in found and "14.742 C" in found
    germany = mobilization_scenario({"germany": {"factories": {"civilian": 3}}}, turns=1)
    pregame = {
        "count": 3,
        "initial": True,
        "created": {"armor": 2, "infantry": 3, "air": 3, "shipbuilding": 1},
    }
    three = [pregame, {"created": {"infantry": 3}}]
    found = rules(unchecked(germany, "germany", mobilizations=three), schedule(1))
    assert "14.711 A" in found and "14.711 B" in found and "14.712" in found


def test_history_caps_14_722_c_14_713_c():
    """14.722 C: Italy's initial armor (14.93 A) and three more make four without research; 14.713 C: two
    German SB increases in the game."""
    italy = mobilization_scenario({"italy": {"factories": {"civilian": 1}}}, turns=1)
    pregame = {"count": 3, "initial": True, "created": {"armor": 1, "infantry": 3, "air": 2}}
    armor = [pregame, *[{"created": {"armor": 1, "air": 1}}] * 3]
    assert "14.722 C" in rules(unchecked(italy, "italy", mobilizations=armor), schedule(1))
    germany = mobilization_scenario({"germany": {"factories": {"civilian": 1}}}, turns=1)
    pregame = {
        "count": 3,
        "initial": True,
        "created": {"armor": 2, "infantry": 3, "air": 3, "shipbuilding": 1},
    }
    sb = [pregame, *[{"created": {"shipbuilding": 1, "infantry": 1, "air": 1}}] * 2]
    assert "14.713 C" in rules(unchecked(germany, "germany", mobilizations=sb), schedule(1))


def test_military_factories_one_per_mobilization_14_44():
    """14.31, 14.44: Germany's three initial mobilizations (14.92) left three military factories."""
    germany = mobilization_scenario({"germany": {"factories": {"civilian": 1}}}, turns=1)
    wrong = unchecked(germany, "germany", factories=Factories(civilian=1, military=0))
    assert "14.44" in rules(wrong, schedule(1))


def test_odd_german_difference_cannot_be_balanced_14_712():
    """14.712 with 14.711 B: a mobilization moves the infantry-air difference by 0 or 2, so a plan that
    leaves it odd fails even with factories left."""
    germany = mobilization_scenario({"germany": {"factories": {"civilian": 3}}}, turns=1)
    pregame = {
        "count": 3,
        "initial": True,
        "created": {"armor": 2, "infantry": 3, "air": 3, "shipbuilding": 1},
    }
    odd = [pregame, {"created": {"armor": 1, "infantry": 1}}]  # 14.711 B breached: one infantry only
    assert "14.712" in rules(unchecked(germany, "germany", mobilizations=odd), schedule(1))


# --- Counters, maintenance, units in delay ---------------------------------------------------------


def test_counter_mix_limits_mobilizations_14_61():
    """14.61 (reading of `counter_mix`): France with one free air counter may mobilize armor and air
    once; a second air unit needs a counter it does not have."""
    france = mobilization_scenario(
        {"france": {"factories": {"civilian": 2}, "counter_mix": {"armor": 2, "infantry": 0, "air": 1}}},
        turns=2,
    )
    one = schedule(2, mob("france", 0, 9, armor=1, air=1))
    assert rules(france, one) == []
    two = schedule(2, mob("france", 0, 9, armor=1, air=1), mob("france", 1, 9, armor=1, air=1))
    assert "14.61" in rules(france, two)


def test_maintenance_reported_is_one_point_per_military_factory_14_62():
    """14.62: Russia's five military factories (14.96) save 5 points; mobilizing in turn 0 makes 6."""
    russia = mobilization_scenario({"russia": {"factories": {"idle": 1}}}, turns=1)
    plan = schedule(1, mob("russia", 0, 9, "idle_to_military", armor=1, infantry=1, air=1))
    right = plan.model_copy(
        update={"maintenance": [MaintenanceSaved(turn=0, power=Power.RUSSIA, military_factories=6, points=6)]}
    )
    assert rules(russia, right) == []
    wrong = plan.model_copy(
        update={"maintenance": [MaintenanceSaved(turn=0, power=Power.RUSSIA, military_factories=1, points=1)]}
    )
    assert rules(russia, wrong) == ["report"]


def test_units_in_delay_count_towards_a_requirement_14_81():
    """14.81: one armor mobilized before the plan, arriving in turn 1, is in the reserve by turn 1."""
    scenario = mobilization_scenario(
        {"france": {"factories": {"civilian": 1}, "in_delay": [{"unit": "armor", "count": 1, "arrives": 1}]}},
        turns=2,
        delays={"armor": 2, "infantry": 1, "air": 1},
        objective={"minimum": [{"power": "france", "unit": "armor", "count": 1, "by_turn": 1}]},
    )
    assert rules(scenario, schedule(2)) == []
    early = scenario.model_copy(
        update={
            "mobilization": scenario.mobilization.model_copy(
                update={
                    "objective": scenario.mobilization.objective.model_copy(
                        update={
                            "minimum": [
                                MobilizationMinimum(
                                    power=Power.FRANCE, unit=MobilizedUnit.ARMOR, count=1, by_turn=0
                                )
                            ]
                        }
                    )
                }
            )
        }
    )
    assert rules(early, schedule(2)) == ["requirement"]
