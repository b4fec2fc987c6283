"""The Europa engineers article's tables and arithmetic, in the article's numbers.

Sections cited by name (the article has no rule numbers)."""

from __future__ import annotations

import pytest

from models.engineers import (
    WORK_PER_MP,
    Size,
    SupplyLevel,
    TaskKind,
    Terrain,
    UnitType,
    Weather,
    build_turns,
    can_construct,
    half_of,
    half_res,
    is_poor,
    mp_task_work,
    parse_engineer_scenario,
    port_damage_mps,
    reduced_mps,
    repair_mps,
    temporary_airbase_mps,
    to_halves,
    work_per_half_mp,
)
from models.io import InputError

ONE_RE = 2  # half-REs
BATTALION = 1
TWO_RES = 4


def mps_needed(mps: int, unit_half_res: int, weather: Weather) -> float:
    """MPs a unit must spend alone on a task costing `mps` for one RE in good weather."""
    halves = mp_task_work(mps) / work_per_half_mp(unit_half_res, weather)
    return halves / 2


def test_airbase_repair_two_mps_per_hit():
    """Airbases: a construction unit repairs by expending 2 MPs to remove each hit."""
    assert repair_mps(TaskKind.REPAIR_AIRBASE, hits=1) == 2
    assert repair_mps(TaskKind.REPAIR_AIRBASE, hits=3) == 6


def test_rail_repair_four_mps():
    """Rail lines: 4 MPs in the hex to remove the hit."""
    assert repair_mps(TaskKind.REPAIR_RAIL) == 4


def test_port_repair_four_mps_per_hit():
    """Ports: an additional 4 MPs per hit of damage repaired."""
    assert repair_mps(TaskKind.REPAIR_PORT, hits=2) == 8


def test_bridge_repair_four_or_eight_mps():
    """Bridges: 4 MPs across a non-major river, 8 across a major river."""
    assert repair_mps(TaskKind.REPAIR_BRIDGE, major_river=False) == 4
    assert repair_mps(TaskKind.REPAIR_BRIDGE, major_river=True) == 8


@pytest.mark.parametrize("weather", [Weather.MUD, Weather.FROST, Weather.WINTER, Weather.SNOW])
def test_poor_weather_is_mud_frost_winter_snow(weather):
    """Other repair issues: poor weather is mud, frost, winter or snow."""
    assert is_poor(weather)
    assert not is_poor(Weather.CLEAR)


def test_rail_repair_costs_eight_mps_in_poor_weather():
    """Other repair issues: "repairing a rail line, which normally costs 4 MPs, would instead cost 8
    MPs to repair during poor weather"."""
    assert mps_needed(repair_mps(TaskKind.REPAIR_RAIL), ONE_RE, Weather.CLEAR) == 4
    assert mps_needed(repair_mps(TaskKind.REPAIR_RAIL), ONE_RE, Weather.FROST) == 8


def test_battalion_pays_twice_the_mps():
    """Battalions: a one-half RE unit takes twice as many MPs."""
    assert mps_needed(repair_mps(TaskKind.REPAIR_RAIL), BATTALION, Weather.CLEAR) == 8
    assert mps_needed(repair_mps(TaskKind.REPAIR_RAIL), BATTALION, Weather.SNOW) == 16


def test_two_res_each_pay_half_the_mps():
    """Quick Construction: two REs operating together each pay only half the MPs: a rail line
    (4 MPs) costs each 2, and a brigade counting as two REs alone pays 2."""
    work = mp_task_work(repair_mps(TaskKind.REPAIR_RAIL))
    assert 2 * to_halves(2) * work_per_half_mp(ONE_RE, Weather.CLEAR) == work
    assert mps_needed(repair_mps(TaskKind.REPAIR_RAIL), TWO_RES, Weather.CLEAR) == 2


def test_work_per_mp_is_one_re_in_good_weather():
    assert to_halves(1) * work_per_half_mp(ONE_RE, Weather.CLEAR) == WORK_PER_MP


def test_temporary_airbase_six_mps_doubled_outside_clear_and_rough():
    """Temporary Airbases: 6 MPs; Terrain effects: doubled for any terrain other than clear or rough."""
    assert temporary_airbase_mps(Terrain.CLEAR) == 6
    assert temporary_airbase_mps(Terrain.ROUGH) == 6
    assert temporary_airbase_mps(Terrain.WOODS) == 12
    assert temporary_airbase_mps(Terrain.MOUNTAIN) == 12


def test_fort_in_woods_takes_two_turns_and_four_in_poor_weather():
    """Example A: the Cons III's fort in woods takes two turns; in poor weather four."""
    assert build_turns(Terrain.WOODS, Weather.CLEAR, ONE_RE) == 2
    assert build_turns(Terrain.WOODS, Weather.MUD, ONE_RE) == 4


def test_fort_in_clear_or_rough_takes_one_turn():
    """Permanent Airbases and Forts: one turn in clear or rough."""
    assert build_turns(Terrain.CLEAR, Weather.CLEAR, ONE_RE) == 1
    assert build_turns(Terrain.ROUGH, Weather.CLEAR, ONE_RE) == 1


def test_fort_in_mountain_poor_weather_four_turns():
    """Weather Effects: a fort in a mountain hex, normally two turns, four in poor weather."""
    assert build_turns(Terrain.MOUNTAIN, Weather.SNOW, ONE_RE) == 4


def test_battalion_fort_in_woods_poor_weather_eight_turns():
    """Battalions: a battalion building a fort in woods in poor weather: eight markers."""
    assert build_turns(Terrain.WOODS, Weather.WINTER, BATTALION) == 8


def test_quick_construction_by_cons_iii_and_eng_x_halves_two_turns_to_one():
    """Example A with quick construction: the 0-1-8 Cons III (a regiment, 1 RE) and the British
    2-3-8 Eng X (a combat engineer brigade, 1 RE) build the woods fort in one turn."""
    cons_iii = half_res(UnitType.CONSTRUCTION, Size.REGIMENT, 1)
    eng_x = half_res(UnitType.COMBAT_ENGINEER, Size.BRIGADE, 3)
    assert (cons_iii, eng_x) == (ONE_RE, ONE_RE)
    assert build_turns(Terrain.WOODS, Weather.CLEAR, cons_iii + eng_x) == 1


def test_example_b_fort_completed_same_initial_phase_with_half_mps():
    """Example B: the 0-1-5 Cons III and the 2-8 mot Eng III build a fort in clear at once (0 turns)
    and keep 2½ and 4 MPs."""
    team = half_res(UnitType.CONSTRUCTION, Size.REGIMENT, 1) + half_res(
        UnitType.COMBAT_ENGINEER, Size.REGIMENT, 2
    )
    assert build_turns(Terrain.CLEAR, Weather.CLEAR, team) == 0
    assert half_of(to_halves(5)) == to_halves(2.5)
    assert half_of(to_halves(8)) == to_halves(4)


def test_more_than_two_res_add_nothing():
    """Quick Construction: the maximum number of REs on a task is two."""
    assert build_turns(Terrain.WOODS, Weather.CLEAR, 6) == build_turns(Terrain.WOODS, Weather.CLEAR, TWO_RES)


@pytest.mark.parametrize(
    ("unit_type", "size", "defense", "expected"),
    [
        (UnitType.CONSTRUCTION, Size.BRIGADE, 2, 4),
        (UnitType.PORT_CONSTRUCTION, Size.BRIGADE, 3, 4),
        (UnitType.CONSTRUCTION, Size.BRIGADE, 1, 2),
        (UnitType.COMBAT_ENGINEER, Size.BRIGADE, 2, 2),
        (UnitType.CONSTRUCTION, Size.REGIMENT, 3, 2),
        (UnitType.CONSTRUCTION, Size.BATTALION, 0, 1),
    ],
)
def test_only_construction_brigades_of_defense_two_count_as_two_res(unit_type, size, defense, expected):
    """Quick Construction: Construction and Port Construction brigades of defense 2 or more count as
    two REs; not Combat Engineer brigades, not regiments, not weaker brigades; Battalions: ½ RE."""
    assert half_res(unit_type, size, defense) == expected


def test_brigade_of_two_res_builds_one_turn_fort_at_once():
    """Quick Construction: such a brigade performs quick construction by itself."""
    assert build_turns(Terrain.CLEAR, Weather.CLEAR, half_res(UnitType.CONSTRUCTION, Size.BRIGADE, 2)) == 0


def test_assault_engineers_cannot_construct():
    """First paragraph: combat engineers are construction units, assault engineers are not."""
    assert can_construct(UnitType.COMBAT_ENGINEER)
    assert not can_construct(UnitType.ASSAULT_ENGINEER)


def test_reduced_mps_at_u2_or_u1_for_motorized():
    """Other repair issues: reduced MPs at U-2 or worse (U-1 for c/m engineers) [setting 50%]."""
    eight = to_halves(8)
    assert reduced_mps(eight, SupplyLevel.U1, motorized=False, percent=50) == eight
    assert reduced_mps(eight, SupplyLevel.U2, motorized=False, percent=50) == to_halves(4)
    assert reduced_mps(eight, SupplyLevel.U1, motorized=True, percent=50) == to_halves(4)
    assert reduced_mps(eight, SupplyLevel.SUPPLIED, motorized=True, percent=50) == eight


BASE = """
kind: engineers
name: t
turns: 2
hexes:
  - {id: a, terrain: clear, zone: D}
  - {id: b, terrain: woods, zone: D}
neighbours:
  - {hexes: [a, b], mps: 1}
weather: {D: [clear, clear]}
units:
  - {id: cons, type: construction, size: regiment, mps: 5, hex: a}
tasks:
  - {id: fort, kind: fort, hex: b, value: 5}
"""


def test_valid_scenario_loads():
    scenario = parse_engineer_scenario(BASE, "base.yaml")
    assert scenario.units[0].hex == "a"


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        ("mps: 5, hex: a", "mps: 5, hex: z", "bad.yaml:12: units[0].hex", "hex 'z' does not exist"),
        ("mps: 5, hex: a", "mps: -1, hex: a", "bad.yaml:12: units[0].mps", "below the least allowed value"),
        ("terrain: woods", "terrain: swampy_jungle", "bad.yaml:7: hexes[1].terrain", "is not a terrain"),
        ("value: 5}", "value: 5, colour: red}", "bad.yaml:14: tasks[0].colour", "unknown field 'colour'"),
        # Permanent Airbases and Forts: "No hex may have an airbase capacity of greater than twelve".
        (
            "terrain: clear, zone: D}",
            "terrain: clear, zone: D, airbase: {permanent: 12, temporary: 3}}",
            "bad.yaml:6: hexes[0].airbase",
            "greater than twelve",
        ),
        # Temporary Airbases: a half-built one has hits for its capacity not yet built.
        (
            "terrain: clear, zone: D}",
            "terrain: clear, zone: D, airbase: {temporary: 3, half_built: true}}",
            "bad.yaml:6: hexes[0].airbase",
            "half_built",
        ),
        # ... and is the optional incremental rule's.
        (
            "terrain: clear, zone: D}",
            "terrain: clear, zone: D, airbase: {temporary: 3, hits: 2, half_built: true}}",
            "bad.yaml:6: hexes[0].airbase.half_built",
            "incremental_temporary_airbases",
        ),
    ],
)
def test_bad_input_names_file_and_field(old, new, field, words):
    """Bad input: the error names the file, the field and the problem."""
    with pytest.raises(InputError) as caught:
        parse_engineer_scenario(BASE.replace(old, new), "bad.yaml")
    text = caught.value.render()
    assert "bad.yaml" in text
    assert field in text
    assert words in text


def test_port_damage_three_mps_a_hit():
    """Ports: "Each hit of damage requires the expenditure of 3 MPs by the construction unit"."""
    assert port_damage_mps(1) == 3
    assert port_damage_mps(2) == 6


def test_railroad_engineers_construct_nothing_and_count_as_one_re():
    """Rail lines: "Any construction unit (not just a railroad engineer) can repair a rail line": a
    railroad engineer repairs, it has no construction ability [reading]; a brigade of one is one RE
    (only Construction and Port Construction brigades of defense 2 count as two, Quick Construction)."""
    assert not can_construct(UnitType.RAILROAD_ENGINEER)
    assert half_res(UnitType.RAILROAD_ENGINEER, Size.BRIGADE, 3) == ONE_RE


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        (
            "{id: fort, kind: fort, hex: b, value: 5}",
            "{id: d, kind: damage_port, hex: b, value: 5}",
            "bad.yaml:14: tasks[0]",
            "a damage_port task gives the `hits` to put on the port",
        ),
        (
            "value: 5}",
            "value: 5, hits: 2}",
            "bad.yaml:14: tasks[0]",
            "only a damage_port task gives `hits`",
        ),
        (
            "tasks:",
            "settings: {railroad_engineer_tasks: [fort]}\ntasks:",
            "bad.yaml:13: settings.railroad_engineer_tasks",
            "'fort' is not a repair: a railroad engineer builds nothing",
        ),
    ],
)
def test_bad_edges_name_file_and_field(old, new, field, words):
    """Ports: a damage task says how many hits; Rail lines: a railroad engineer only repairs."""
    with pytest.raises(InputError) as caught:
        parse_engineer_scenario(BASE.replace(old, new), "bad.yaml")
    text = caught.value.render()
    assert field in text
    assert words in text


def test_a_port_is_not_both_repaired_and_damaged():
    """Ports: repairing and damaging one port in the same plan is refused, naming the task."""
    text = BASE.replace(
        "  - {id: a, terrain: clear, zone: D}",
        "  - {id: a, terrain: clear, zone: D, port: {capacity: 3, hits: 1}}",
    )
    text = text.replace(
        "  - {id: fort, kind: fort, hex: b, value: 5}",
        "  - {id: r, kind: repair_port, hex: a, value: 5}\n  - {id: d, kind: damage_port, hex: a, hits: 1, value: 5}",
    )
    with pytest.raises(InputError) as caught:
        parse_engineer_scenario(text, "bad.yaml")
    assert "tasks[1].kind: the port in 'a' already has a repair_port task" in caught.value.render()
