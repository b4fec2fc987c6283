"""The hand-over to rule 27 (14.81, 14.82): what reaches the reserve by the rule 27 turn becomes allowable
builds of its own kind at the normal price, SB increases raise the named yard, and the independent
checker agrees."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

import scenarios
from models.io import load_scenario
from models.mobilization import MobilizedUnit, ReserveCounter
from models.scenario import Elimination, ForcePoolEntry, Scenario
from models.tables import UNIT_SPECS, Power, UnitType
from optimizer.checker.mobilization_handover import check_handover
from optimizer.cli import app
from optimizer.rules.mobilization.handover import (
    HandoverRefused,
    handover_turn,
    reserve_by_turn,
    rule27_turn,
    seed_force_pool,
)
from optimizer.rules.mobilization.solve import solve_mobilization

BUNDLED = scenarios.path("gathering_storm_mobilization.yaml")


def britain(pool: list[dict[str, Any]] | None = None, **mob: Any) -> Scenario:
    """Britain plans winter 1938 to fall 1939 from its two pre-game mobilizations (14.94); the rule 27
    turn is spring 1939, planned turn 1. Delays: armor 1, infantry 0, air 1 [input]."""
    return Scenario.model_validate(
        {
            "name": "hand-over",
            "turn": {"season": "spring", "year": 1939},
            "faction": "western_allies",
            "powers": {
                "britain": {"brps": 60, "brp_base": 60, "force_pool": pool or [], **mob.pop("rule27", {})}
            },
            "mobilization": {
                "turns": [
                    {"season": "winter", "year": 1938},
                    {"season": "spring", "year": 1939},
                    {"season": "summer", "year": 1939},
                    {"season": "fall", "year": 1939},
                ],
                "delays": {"armor": 1, "infantry": 0, "air": 1},
                "powers": {
                    "britain": {
                        "factories": {"civilian": 6},
                        "tile_points": [10, 10, 10, 10],
                        "force_pool_entries": {
                            "armor": {"id": "armor-3-5", "unit": "armor", "factors": 3},
                            "air": {"id": "air-5-4", "unit": "army_air", "factors": 5},
                        },
                        **mob,
                    }
                },
                "objective": {"values": {"armor": 3, "infantry": 2, "air": 3, "shipbuilding": 2}},
            },
        }
    )


def test_rule_27_turn_is_a_planned_turn_index():
    """Spring 1939 follows winter 1938, the first planned turn: planned turn 1."""
    assert rule27_turn(britain()) == 1


def test_units_arriving_after_the_rule_27_turn_are_not_handed_over_14_81():
    """Regression (units handed to a turn before they reach the reserve): air mobilized in winter 1938
    reaches the reserve in spring 1939 (delay 1) and is handed over; air mobilized in spring 1939 reaches
    it in summer, after the rule 27 turn, and is not. A hand-over turn after spring 1939 is refused."""
    scenario = britain()
    schedule = solve_mobilization(scenario).schedule
    made = {s.turn: s.created for s in schedule.steps if s.mobilization_number}
    assert made[0].air and made[1].air  # Britain mobilizes in both turns: three air each (14.733)
    seeded, _ = seed_force_pool(scenario, schedule)
    pool = {e.id: e.count for e in seeded.powers[Power.BRITAIN].force_pool}
    assert pool["air-5-4"] == made[0].air
    with pytest.raises(HandoverRefused, match="after the rule 27 turn"):
        seed_force_pool(scenario, schedule, 3)
    assert check_handover(scenario, schedule, seeded, 1) == []
    assert [v.rule for v in check_handover(scenario, schedule, seeded, 3)].count("14.81") == 1


def test_mobilized_units_never_take_an_eliminated_entry_s_state_14_82():
    """Regression (mobilized units inheriting another entry's state): air joining an entry eliminated
    this turn while isolated would cost x2, 6 BRPs a factor (27.13 A), instead of 3 (27.12). The
    scenario validator refuses it; the hand-over, given such a scenario anyway, refuses too."""
    scenario = britain([{"id": "air-5-4", "unit": "army_air", "factors": 5, "count": 1}])
    lost = ForcePoolEntry(
        id="air-5-4", unit=UnitType.ARMY_AIR, factors=5, count=1, eliminated_this_turn=Elimination.ISOLATED
    )
    powers = {Power.BRITAIN: scenario.powers[Power.BRITAIN].model_copy(update={"force_pool": [lost]})}
    unchecked = scenario.model_copy(update={"powers": powers})
    schedule = solve_mobilization(scenario).schedule
    with pytest.raises(HandoverRefused, match="another kind or state"):
        seed_force_pool(unchecked, schedule, 1)


def test_mobilized_armor_is_built_as_armor_at_the_normal_price_14_82_27_11_b():
    """14.82: reserve armor is an armor allowable build: two 3-factor armor cost 2 x 3 x 2 = 12 BRPs
    (27.11 B), not 6 as infantry (27.11 A). Two British armor in the reserve (14.733, 14.734) by fall
    1940 from mobilizations in the turns before; the new entry has no state of its own."""
    scenario = britain()
    data = scenario.model_dump(mode="json", by_alias=True)
    data["turn"] = {"season": "fall", "year": 1939}
    scenario = Scenario.model_validate(data)
    schedule = solve_mobilization(scenario).schedule
    seeded, _ = seed_force_pool(scenario, schedule)
    (entry,) = [e for e in seeded.powers[Power.BRITAIN].force_pool if e.id == "armor-3-5"]
    armor = reserve_by_turn(scenario, schedule, 3).get(Power.BRITAIN, {}).get(MobilizedUnit.ARMOR, 0)
    assert entry.count == armor == 2
    assert entry.unit is UnitType.ARMOR and entry.eliminated_this_turn is Elimination.NONE
    assert UNIT_SPECS[entry.unit].brps * entry.factors * entry.count == 12
    assert check_handover(scenario, schedule, seeded, 3) == []


def test_armor_handed_over_as_infantry_is_refused_by_the_hand_over_14_82():
    """14.82: given a scenario whose armor entry is infantry (the validator refuses it), the hand-over
    refuses too rather than build two armor for 6 BRPs."""
    scenario = britain()
    state = scenario.mobilization
    assert state is not None
    mob = state.powers[Power.BRITAIN]
    wrong = {
        **mob.force_pool_entries,
        MobilizedUnit.AIR: ReserveCounter(id="air-5-4", unit=UnitType.INFANTRY, factors=5),
    }
    unchecked = scenario.model_copy(
        update={
            "mobilization": state.model_copy(
                update={"powers": {Power.BRITAIN: mob.model_copy(update={"force_pool_entries": wrong})}}
            )
        }
    )
    schedule = solve_mobilization(scenario).schedule
    with pytest.raises(HandoverRefused, match="army_air"):
        seed_force_pool(unchecked, schedule, 1)


def test_sb_increase_raises_the_named_yard_or_is_reported_14_61():
    """14.61: a mobilization may trigger a shipbuilding increase, with no delay (14.81). With
    `shipbuilding_yard: glasgow` (rate 4, 27.731) each SB increase created by the fall 1939 hand-over
    raises it by one; without a yard none is handed over, and the hand-over says so."""
    yard = britain(shipbuilding_yard="glasgow", rule27={"naval": {"shipyards": [{"id": "glasgow"}]}})
    data = yard.model_dump(mode="json", by_alias=True)
    data["mobilization"]["objective"] = {"values": {"armor": 0, "infantry": 0, "air": 1, "shipbuilding": 10}}
    data["turn"] = {"season": "fall", "year": 1939}
    yard = Scenario.model_validate(data)
    schedule = solve_mobilization(yard).schedule
    increases = sum(s.created.shipbuilding for s in schedule.steps)
    assert increases >= 1
    seeded, messages = seed_force_pool(yard, schedule)
    naval = seeded.powers[Power.BRITAIN].naval
    assert naval is not None and naval.shipyards[0].rate == 4 + increases
    assert any(f"from 4 to {4 + increases}" in m for m in messages)
    assert check_handover(yard, schedule, seeded, 3) == []
    assert "14.61" in [v.rule for v in check_handover(yard, schedule, yard, 3)]
    data["mobilization"]["powers"]["britain"].pop("shipbuilding_yard")
    plain = Scenario.model_validate(data)
    _, messages = seed_force_pool(plain, solve_mobilization(plain).schedule)
    assert any("shipbuilding_yard" in m and "not handed over" in m for m in messages)


def test_units_in_delay_at_the_start_are_handed_over_14_81():
    """14.81: two air units mobilized before the plan, in their delay, reach the reserve in winter 1938
    and are handed over with the plan's."""
    scenario = britain(
        mobilizations=[
            {"count": 2, "initial": True, "created": {"armor": 1, "infantry": 1, "air": 2, "shipbuilding": 2}}
        ],
        in_delay=[{"unit": "air", "count": 2, "arrives": 0}],
    )
    schedule = solve_mobilization(scenario).schedule
    made = sum(s.created.air for s in schedule.steps if s.turn == 0)
    seeded, _ = seed_force_pool(scenario, schedule)
    pool = {e.id: e.count for e in seeded.powers[Power.BRITAIN].force_pool}
    assert pool["air-5-4"] == 2 + made
    assert check_handover(scenario, schedule, seeded, 1) == []


def test_bundled_hand_over_by_spring_1939_passes_the_checker_14_82():
    """The bundled scenario's rule 27 turn is spring 1939, planned turn 12: what reaches the reserve by
    then is handed over (Britain's armor of summer 1938, delay 2, arrives in winter 1938)."""
    scenario = load_scenario(BUNDLED)
    schedule = solve_mobilization(scenario).schedule
    assert handover_turn(scenario) == 12
    seeded, messages = seed_force_pool(scenario, schedule)
    assert check_handover(scenario, schedule, seeded, 12) == []
    assert any(m.startswith("britain: handed over") for m in messages)
    assert any(m.startswith("italy: not among the scenario's planned powers") for m in messages)


runner = CliRunner()


def test_cli_refuses_a_hand_over_after_the_rule_27_turn_14_81(tmp_path):
    out = tmp_path / "seeded.yaml"
    result = runner.invoke(
        app, ["mobilize", str(BUNDLED), "--force-pool-out", str(out), "--handover-turn", "15"]
    )
    assert result.exit_code == 2
    assert "--handover-turn" in result.output and "after the rule 27 turn" in result.output
    assert not out.exists()


@pytest.mark.parametrize("turn", ["13", "-1"])
def test_cli_refuses_a_hand_over_turn_before_it_solves(tmp_path, turn):
    """A hand-over turn out of range was refused only after the whole schedule had been solved and
    printed: it is refused first now, in one line, and no schedule is printed (14.81)."""
    out = tmp_path / "seeded.yaml"
    result = runner.invoke(
        app, ["mobilize", str(BUNDLED), "--force-pool-out", str(out), "--handover-turn", turn]
    )
    assert result.exit_code == 2
    assert result.stdout == "" and len(result.stderr.strip().splitlines()) == 1, result.output
    assert "--handover-turn" in result.stderr and not out.exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--handover-turn", "2"], "--handover-turn: only with --force-pool-out FILE"),
        (["--check", "ignored.json", "--force-pool-out", "x.yaml"], "leave out --force-pool-out"),
    ],
)
def test_cli_refuses_an_option_it_would_leave_unused(args, said):
    """--handover-turn without --force-pool-out, and --force-pool-out beside --check, were silently left
    out: refused now (exit 2), before anything is solved."""
    result = runner.invoke(app, ["mobilize", str(BUNDLED), *args])
    assert result.exit_code == 2 and result.stdout == ""
    assert said in result.stderr
