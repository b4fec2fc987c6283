"""The independent engineers checker at the edges of the Europa engineers article (issue 25): each
breach found and citing the article's section, each legal schedule passed; hand-written schedules."""

from __future__ import annotations

from typing import Any

from models.engineers import EngineerScenario
from models.engineers_plan import EngineerPlan, UnitTurn, Work
from optimizer.checker.engineers import assess, check_engineers
from optimizer.checker.violations import REPORT


def scenario(
    hexes: list[dict[str, Any]], units: list[dict[str, Any]], tasks: list[dict[str, Any]], **extra: Any
):
    turns = extra.pop("turns", 2)
    return EngineerScenario.model_validate(
        {
            "kind": "engineers",
            "name": "checker edges",
            "turns": turns,
            "discount": 0.9,
            "hexes": [{"zone": "D", **h} for h in hexes],
            "neighbours": extra.pop("neighbours", []),
            "weather": {"D": [extra.pop("weather", "clear")] * turns},
            "units": units,
            "tasks": tasks,
            **extra,
        }
    )


def unit(uid: str, mps: float, hex: str = "a", size: str = "regiment", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "type": "construction", "size": size, "mps": mps, "hex": hex, **extra}


def line(
    u: str, t: int, avail: float, start: str = "a", to: str = "a", move: float = 0, **extra: Any
) -> UnitTurn:
    work = [Work(task=k, mps=m) for k, m in extra.pop("work", [])]
    left = avail - move - sum(w.mps for w in work)
    return UnitTurn(
        turn=t,
        unit=u,
        start_hex=start,
        mps_available=avail,
        move_to=to,
        move_mps=move,
        work=work,
        mps_left=left,
        **extra,
    )


def plan(s: EngineerScenario, lines: list[UnitTurn], done: dict[str, int], **extra: Any) -> EngineerPlan:
    """The plan claiming these tasks done, valued as the scenario says."""
    kinds = {t.id: t.kind for t in s.tasks}
    value = sum(t.value * s.discount ** (done[t.id] - 1) for t in s.tasks if t.id in done)
    rp = extra.pop("resource_points", {})
    return EngineerPlan.model_validate(
        {
            "status": "optimal",
            "value": round(value, 6),
            "turns": s.turns,
            "schedule": [x.model_dump() for x in lines],
            "tasks": [
                {"task": k, "kind": kinds[k], "done_turn": done.get(k), "resource_point": rp.get(k)}
                for k in kinds
            ],
            **extra,
        }
    )


def breaches(violations) -> list[str]:
    """Each rule breach as 'section: message' (not the plan's own figures)."""
    return [f"{v.rule.split(', ', 1)[1]}: {v.message}" for v in violations if v.kind != REPORT]


TEMPORARY = {"id": "temp", "kind": "temporary_airbase", "hex": "a", "value": 5}


def test_temporary_airbase_built_out_of_supply_caught():
    """Permanent Airbases and Forts: "when building items, the construction unit must be in supply"."""
    s = scenario([{"id": "a"}], [unit("c", 8, supply="U-1")], [TEMPORARY], turns=1)
    found = breaches(check_engineers(s, plan(s, [line("c", 1, 8, work=[("temp", 6)])], {"temp": 1})))
    assert found == [
        "Permanent Airbases and Forts: 'c' builds the temporary airbase 'temp' at U-1: when building items, "
        "the construction unit must be in supply"
    ]
    unsupplied_hex = scenario([{"id": "a", "supplied": False}], [unit("c", 8)], [TEMPORARY], turns=1)
    bad = plan(unsupplied_hex, [line("c", 1, 8, work=[("temp", 6)])], {"temp": 1})
    assert any("must be in supply" in x for x in breaches(check_engineers(unsupplied_hex, bad)))


PORT = {"id": "port", "kind": "repair_port", "hex": "a", "value": 10}


def test_three_res_on_one_task_across_turns_caught():
    """Quick Construction: "the maximum number of construction capable REs that may participate in a
    construction task is two": three regiments on a 3-hit port (12 MPs), two in turn 1, one in turn 2
    (each pair of REs in a turn, as a per-turn limit would allow)."""
    s = scenario(
        [{"id": "a", "port": {"capacity": 6, "hits": 3}}],
        [unit("r1", 4), unit("r2", 4), unit("r3", 4)],
        [PORT],
    )
    lines = [
        line("r1", 1, 4, work=[("port", 4)]),
        line("r2", 1, 4, work=[("port", 4)]),
        line("r3", 1, 4),
        line("r1", 2, 4),
        line("r2", 2, 4),
        line("r3", 2, 4, work=[("port", 4)]),
    ]
    found = breaches(check_engineers(s, plan(s, lines, {"port": 2})))
    assert len(found) == 1 and found[0].startswith("Quick Construction: 'port': r1, r2, r3 take part in it")


def test_two_battalions_with_civilian_labour_repair_a_port_in_one_turn():
    """Quick Construction: civilian labour "can provide the second RE": two battalions and labour are
    two REs, each paying half of a single unit's MPs: 4 each on a 2-hit port (8 MPs one RE, 16 a
    battalion). Without labour the same schedule does not repair it."""
    hexes = [{"id": "a", "port": {"capacity": 6, "hits": 2}, "civilian_labour": True}]
    battalions = [unit("b1", 4, size="battalion"), unit("b2", 4, size="battalion")]
    lines = [line("b1", 1, 4, work=[("port", 4)]), line("b2", 1, 4, work=[("port", 4)])]
    s = scenario(hexes, battalions, [PORT], turns=1)
    assert check_engineers(s, plan(s, lines, {"port": 1})) == []
    no_labour = scenario([dict(hexes[0], civilian_labour=False)], battalions, [PORT], turns=1)
    assert assess(no_labour, plan(no_labour, lines, {"port": 1})).done == {}


AIRBASE_AND_RAIL = {
    "hexes": [{"id": "a", "airbase": {"temporary": 3, "hits": 1}}, {"id": "b", "broken_rail": True}],
    "units": [unit("c", 8)],
    "tasks": [
        {"id": "airbase", "kind": "repair_airbase", "hex": "a", "value": 5},
        {"id": "rail", "kind": "repair_rail", "hex": "b", "value": 10},
    ],
    "neighbours": [{"hexes": ["a", "b"], "mps": 1}],
    "settings": {"keep_temporary_airbases": False},
}


def test_temporary_airbase_on_the_map_left_alone_is_gone():
    """Temporary Airbases: construction units "must 'maintain' temporary airbases for those bases to
    remain in existence ... by ending the player turn stacked with it". The regiment leaves the damaged
    temporary airbase for the rail line in turn 1 and comes back to repair it in turn 2: it is gone."""
    s = scenario(**AIRBASE_AND_RAIL)
    lines = [
        line("c", 1, 8, to="b", move=1, work=[("rail", 4)]),
        line("c", 2, 8, start="b", to="a", move=1, work=[("airbase", 2)]),
    ]
    found = check_engineers(
        s, plan(s, lines, {"rail": 1, "airbase": 2}, lost_temporary_airbases=[{"hex": "a", "turn": 1}])
    )
    assert breaches(found) == [
        "Temporary Airbases: 'airbase': the temporary airbase in 'a' is gone at the end of turn 1 (no "
        "construction unit ends the turn on it), so it is not repaired in turn 2"
    ]
    # Not listing the airbase lost is the plan's own figure wrong.
    unlisted = check_engineers(s, plan(s, lines, {"rail": 1, "airbase": 2}))
    assert any(v.kind == REPORT and "lost" in v.message for v in unlisted)


def test_temporary_airbase_repaired_then_kept_or_lost_as_the_setting_says():
    """Temporary Airbases: repaired in turn 1, then left: legal, lost at the end of turn 2; with
    keep_temporary_airbases (the default) a repaired temporary airbase is kept to the horizon."""
    s = scenario(**AIRBASE_AND_RAIL)
    lines = [line("c", 1, 8, work=[("airbase", 2)]), line("c", 2, 8, to="b", move=1, work=[("rail", 4)])]
    lost = [{"hex": "a", "turn": 2}]
    assert check_engineers(s, plan(s, lines, {"airbase": 1, "rail": 2}, lost_temporary_airbases=lost)) == []
    kept = scenario(**dict(AIRBASE_AND_RAIL, settings={}))
    assert breaches(
        check_engineers(kept, plan(kept, lines, {"airbase": 1, "rail": 2}, lost_temporary_airbases=lost))
    ) == ["Temporary Airbases: 'airbase': no construction unit ends turn 2 on it"]


def test_half_built_temporary_airbase_left_alone_is_removed():
    """Temporary Airbases (optional rule): "placing the temporary airbase with hits of damage": half
    built it is on the map, and removed when no construction unit ends the turn on it, its MPs with it.
    4 of 6 MPs in turn 1, away in turn 2, the last 2 in turn 3: not built."""
    s = scenario(
        [{"id": "a"}, {"id": "b"}],
        [unit("c", 4)],
        [TEMPORARY],
        turns=3,
        neighbours=[{"hexes": ["a", "b"], "mps": 1}],
        settings={"incremental_temporary_airbases": True, "keep_temporary_airbases": False},
    )
    lines = [
        line("c", 1, 4, work=[("temp", 4)]),
        line("c", 2, 4, to="b", move=1),
        line("c", 3, 4, start="b", to="a", move=1, work=[("temp", 2)]),
    ]
    found = assess(s, plan(s, lines, {"temp": 3}))
    assert found.done == {}
    assert breaches(found.violations) == [
        "Temporary Airbases: 'temp': the half-built temporary airbase is removed at the end of turn 2 (no "
        "construction unit ends the turn on it), and the MPs spent on it with it"
    ]
    stays = [lines[0], line("c", 2, 4), line("c", 3, 4, work=[("temp", 2)])]
    assert check_engineers(s, plan(s, stays, {"temp": 3})) == []


def test_capacity_twelve_counts_a_temporary_airbase_only_while_it_is_on_the_map():
    """Permanent Airbases and Forts: "No hex may have an airbase capacity of greater than twelve,
    counting all capacity"; Temporary Airbases: one not maintained does not "remain in existence". 9
    permanent and a 3 temporary airbase in 'a': left alone in turn 1 it is gone, and a new temporary
    airbase built in turn 2 makes 12, legal; built in turn 1 while the regiment keeps the old one, 15."""
    s = scenario(
        [{"id": "a", "airbase": {"permanent": 9, "temporary": 3}}, {"id": "b"}],
        [unit("c", 8, hex="b")],
        [TEMPORARY],
        neighbours=[{"hexes": ["a", "b"], "mps": 1}],
    )
    after = [
        line("c", 1, 8, start="b", to="b"),
        line("c", 2, 8, start="b", to="a", move=1, work=[("temp", 6)]),
    ]
    lost = [{"hex": "a", "turn": 1}]
    assert check_engineers(s, plan(s, after, {"temp": 2}, lost_temporary_airbases=lost)) == []
    kept = [line("c", 1, 8, start="b", to="a", move=1, work=[("temp", 6)]), line("c", 2, 8)]
    assert breaches(check_engineers(s, plan(s, kept, {"temp": 1}))) == [
        "Permanent Airbases and Forts: 'a': airbase capacity 15 in turn 1, past twelve"
    ]


def test_lone_battalion_builds_a_temporary_airbase_over_two_movement_phases():
    """Battalions: "Any of the above construction tasks would take twice as long, or twice as many MPs,
    if performed by a one half RE construction unit": an 8-MP battalion pays the 12 MPs of a temporary
    airbase over turns 1 and 2, legal [reading, setting battalion_temporary_airbase_two_phases]; a
    regiment spreading its 6 MPs over two turns is not (Temporary Airbases: one movement phase), nor the
    battalion with the setting off."""
    lines = [line("c", 1, 8, work=[("temp", 6)]), line("c", 2, 8, work=[("temp", 6)])]
    s = scenario([{"id": "a"}], [unit("c", 8, size="battalion")], [TEMPORARY])
    assert check_engineers(s, plan(s, lines, {"temp": 2})) == []
    strict = scenario(
        [{"id": "a"}],
        [unit("c", 8, size="battalion")],
        [TEMPORARY],
        settings={"battalion_temporary_airbase_two_phases": False},
    )
    assert breaches(check_engineers(strict, plan(strict, lines, {"temp": 2}))) == [
        "Temporary Airbases: 'temp': MPs spread over turns [1, 2]; built in one movement phase"
    ]
    regiment = scenario([{"id": "a"}], [unit("c", 4)], [TEMPORARY])
    spread = [line("c", 1, 4, work=[("temp", 3)]), line("c", 2, 4, work=[("temp", 3)])]
    assert breaches(check_engineers(regiment, plan(regiment, spread, {"temp": 2}))) == [
        "Temporary Airbases: 'temp': MPs spread over turns [1, 2]; built in one movement phase (a lone "
        "battalion's: two)"
    ]


def test_half_built_temporary_airbase_is_finished_at_the_building_cost():
    """Temporary Airbases (optional rule): "2 MPs for each air unit's worth of capacity", doubled in woods
    (Terrain effects): a half-built airbase with 2 hits (`half_built`) takes 8 MPs to finish, 4 in each
    of two turns; 4 MPs in turn 1 do not finish it. Its hits as damage would (Airbases: 2 MPs a hit,
    terrain not counting)."""

    def position(half_built: bool) -> EngineerScenario:
        return scenario(
            [
                {
                    "id": "a",
                    "terrain": "woods",
                    "airbase": {"temporary": 3, "hits": 2, "half_built": half_built},
                }
            ],
            [unit("c", 4)],
            [{"id": "airbase", "kind": "repair_airbase", "hex": "a", "value": 5}],
            settings={"incremental_temporary_airbases": True},
        )

    s = position(True)
    two_turns = [line("c", 1, 4, work=[("airbase", 4)]), line("c", 2, 4, work=[("airbase", 4)])]
    assert check_engineers(s, plan(s, two_turns, {"airbase": 2})) == []
    one_turn = [line("c", 1, 4, work=[("airbase", 4)]), line("c", 2, 4)]
    assert assess(s, plan(s, one_turn, {"airbase": 1})).done == {}
    damaged = position(False)
    assert check_engineers(damaged, plan(damaged, one_turn, {"airbase": 1})) == []


RR = {"id": "rr", "type": "railroad_engineer", "size": "regiment", "mps": 8, "hex": "a"}


def test_railroad_engineer_repairs_rail_but_builds_and_keeps_nothing():
    """Rail lines: "Any construction unit (not just a railroad engineer) can repair a rail line": a
    railroad engineer repairs it; it begins no fort, repairs no port (by default) and keeps no
    temporary airbase [reading]."""
    hexes = [{"id": "a", "broken_rail": True, "resource_points": 1, "port": {"capacity": 3, "hits": 1}}]
    tasks = [
        {"id": "rail", "kind": "repair_rail", "hex": "a", "value": 5},
        {"id": "fort", "kind": "fort", "hex": "a", "value": 5},
        PORT,
    ]
    s = scenario(hexes, [RR], tasks, turns=1)
    assert check_engineers(s, plan(s, [line("rr", 1, 8, work=[("rail", 4)])], {"rail": 1})) == []
    port = breaches(check_engineers(s, plan(s, [line("rr", 1, 8, work=[("port", 4)])], {"port": 1})))
    assert port == [
        "Rail lines: 'rr' is a railroad engineer: it repairs rail lines, not 'port' (repair_port)"
    ]
    s2 = scenario(hexes, [RR], tasks)
    fort = [line("rr", 1, 0, begins="fort"), line("rr", 2, 8)]
    assert "Rail lines: 'rr' is a railroad engineer: it repairs rail lines and builds nothing" in breaches(
        check_engineers(s2, plan(s2, fort, {"fort": 2}, resource_points={"fort": "a"}))
    )
    keep = scenario(
        [{"id": "a"}, {"id": "b"}],
        [unit("c", 8), dict(RR, hex="a")],
        [TEMPORARY],
        neighbours=[{"hexes": ["a", "b"], "mps": 1}],
    )
    left = [
        line("c", 1, 8, work=[("temp", 6)]),
        line("c", 2, 8, to="b", move=1),
        line("rr", 1, 8),
        line("rr", 2, 8),
    ]
    assert breaches(check_engineers(keep, plan(keep, left, {"temp": 1}))) == [
        "Temporary Airbases: 'temp': no construction unit ends turn 2 on it"
    ]


DAMAGE = {"id": "damage", "kind": "damage_port", "hex": "a", "hits": 2, "value": 5}


def test_port_damage_three_mps_a_hit():
    """Ports: "Each hit of damage requires the expenditure of 3 MPs by the construction unit": two hits
    in 6 MPs; 5 leave it undone; a battalion pays twice (Battalions)."""
    s = scenario([{"id": "a", "port": {"capacity": 4}}], [unit("c", 6)], [DAMAGE], turns=1)
    assert check_engineers(s, plan(s, [line("c", 1, 6, work=[("damage", 6)])], {"damage": 1})) == []
    assert assess(s, plan(s, [line("c", 1, 6, work=[("damage", 5)])], {})).done == {}
    bn = scenario([{"id": "a", "port": {"capacity": 4}}], [unit("c", 6, size="battalion")], [DAMAGE], turns=1)
    assert assess(bn, plan(bn, [line("c", 1, 6, work=[("damage", 6)])], {})).done == {}
    assistant = scenario([{"id": "a", "port": {"capacity": 4}}], [RR], [DAMAGE], turns=1)
    assert any(
        "railroad engineer" in x
        for x in breaches(
            check_engineers(
                assistant, plan(assistant, [line("rr", 1, 8, work=[("damage", 6)])], {"damage": 1})
            )
        )
    )


def test_each_re_pays_half_seven_and_one_do_not_repair_an_eight_mp_rail_line():
    """Quick Construction: two REs "each pay only half the MPs required of a single unit" [reading,
    team_mps each_pays_share]: a rail line in mud (8 MPs) needs 4 from each of two regiments, so 7 + 1
    does not repair it; `pooled` adds them up."""
    hexes = [{"id": "a", "broken_rail": True}]
    rail = {"id": "rail", "kind": "repair_rail", "hex": "a", "value": 5}
    s = scenario(hexes, [unit("r7", 7), unit("r1", 1)], [rail], turns=1, weather="mud")
    lines = [line("r7", 1, 7, work=[("rail", 7)]), line("r1", 1, 1, work=[("rail", 1)])]
    assert assess(s, plan(s, lines, {})).done == {}
    pooled = scenario(
        hexes, [unit("r7", 7), unit("r1", 1)], [rail], turns=1, weather="mud", settings={"team_mps": "pooled"}
    )
    assert assess(pooled, plan(pooled, lines, {"rail": 1})).done == {"rail": 1}
    four = [line("r7", 1, 7, work=[("rail", 4)]), line("r1", 1, 1)]
    s4 = scenario(hexes, [unit("r7", 7), unit("r1", 1)], [rail], turns=1, weather="mud")
    assert assess(s4, plan(s4, four, {})).done == {}  # one regiment alone pays all 8


def test_work_in_the_start_hex_only_with_the_setting():
    """[setting work_before_moving] MPs spent where the unit begins its move, then moving on: legal only
    with the setting; by default a unit works where it ends its move."""
    hexes = [{"id": "a", "broken_rail": True}, {"id": "b", "broken_rail": True}]
    tasks = [
        {"id": "ra", "kind": "repair_rail", "hex": "a", "value": 5},
        {"id": "rb", "kind": "repair_rail", "hex": "b", "value": 5},
    ]
    lines = [line("c", 1, 10, to="b", move=1, work=[("ra", 4), ("rb", 4)])]
    on = scenario(
        hexes,
        [unit("c", 10)],
        tasks,
        turns=1,
        neighbours=[{"hexes": ["a", "b"], "mps": 1}],
        settings={"work_before_moving": True},
    )
    assert check_engineers(on, plan(on, lines, {"ra": 1, "rb": 1})) == []
    off = scenario(hexes, [unit("c", 10)], tasks, turns=1, neighbours=[{"hexes": ["a", "b"], "mps": 1}])
    assert breaches(check_engineers(off, plan(off, lines, {"ra": 1, "rb": 1}))) == [
        "Other repair issues: 'c' works on 'ra' from 'b', not ['a']"
    ]


def test_resource_point_reported_on_a_bridge_never_begun_caught():
    """Bridges: the resource point "is expended when the repairs are begun": one reported spent on a
    bridge no unit works on is the plan's own figure wrong."""
    s = scenario(
        [{"id": "a", "resource_points": 1}, {"id": "b"}],
        [unit("c", 8)],
        [{"id": "bridge", "kind": "repair_bridge", "bridge": "x", "value": 5}],
        turns=1,
        neighbours=[{"hexes": ["a", "b"], "mps": 1}],
        bridges=[{"id": "x", "hexes": ["a", "b"], "major_river": True}],
    )
    found = check_engineers(s, plan(s, [line("c", 1, 8)], {}, resource_points={"bridge": "a"}))
    assert [v.kind for v in found] == [REPORT]
    assert "never begun" in found[0].message


def test_one_unit_beginning_two_tasks_in_one_initial_phase_on_two_lines_caught():
    """Example B: "Any construction unit may only begin one construction task per friendly initial
    phase": the brigade's turn 1 written as two lines, each beginning a fort."""
    brigade = {"id": "c", "type": "construction", "size": "brigade", "defense": 2, "mps": 6, "hex": "a"}
    forts = [
        {"id": "f1", "kind": "fort", "hex": "a", "value": 5},
        {"id": "f2", "kind": "fort", "hex": "a", "value": 5},
    ]
    s = scenario([{"id": "a", "resource_points": 2}], [brigade], forts, turns=1)
    lines = [line("c", 1, 3, begins="f1"), line("c", 1, 3, begins="f2")]
    found = breaches(
        check_engineers(s, plan(s, lines, {"f1": 1, "f2": 1}, resource_points={"f1": "a", "f2": "a"}))
    )
    assert found == [
        "Example B: 'c' begins f1, f2 in the initial phase of turn 1: \"Any construction unit may only begin "
        'one construction task per friendly initial phase"'
    ]


def test_a_line_past_the_horizon_is_reported_not_a_crash():
    """A schedule line for turn 3 of a 2-turn scenario is refused, never a KeyError."""
    s = scenario(
        [{"id": "a", "broken_rail": True}],
        [unit("c", 8)],
        [{"id": "rail", "kind": "repair_rail", "hex": "a", "value": 5}],
    )
    lines = [line("c", 1, 8, work=[("rail", 4)]), line("c", 2, 8), line("c", 3, 8)]
    found = check_engineers(s, plan(s, lines, {"rail": 1}))
    assert [v.message for v in found] == ["'c' has a line for turn 3, outside turns 1 to 2"]
