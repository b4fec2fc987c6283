"""The season model (optimizer/season/): what carries from turn to turn, each expected figure worked from
the rules' text by hand."""

from models.io import parse_scenario
from models.tables import Faction, Power
from optimizer.season.explain import explain_season
from optimizer.season.prepare import later_turn
from optimizer.season.solve import solve_season

HEAD = """
name: t
turn: {season: summer, year: 1942}
faction: european_axis
"""


def plan(text: str):
    solved = solve_season(parse_scenario(HEAD + text))
    assert solved.plan is not None
    return solved.plan


def built(turn, entry: str) -> int:
    return sum(b.counters for b in turn.plan.builds if b.entry == entry)


FLOW = """
powers:
  germany:
    brps: 30
    brp_base: 30  # basic limit 10 (27.32 A)
    force_pool:
      - {id: inf, unit: infantry, factors: 3, count: 10}
objective: {preset: max-factors}
season:
  turns: 2
  expectations:
    - turn: 2
      powers: {germany: {gains: 8, losses: 2, spending: 1}}
"""


def test_brps_flow_kept_plus_the_turns_expectations_27_11():
    """Turn 1: the 10-BRP limit (27.31) allows three 3-factor infantry at 1 BRP a factor (27.11 A): 9 BRPs,
    21 kept. Turn 2 starts with 21 + 8 - 2 - 1 = 26 and again builds three (9 BRPs): 17 left."""
    season = plan(FLOW)
    first, second = season.turns
    assert built(first, "inf") == 3 and first.plan.powers[Power.GERMANY].brps_kept == 21
    assert second.brps_start[Power.GERMANY] == 26
    assert built(second, "inf") == 3
    assert season.brps_left[Power.GERMANY] == 17


POOL = """
powers:
  germany:
    brps: 100
    brp_base: 300
    force_pool:
      - {id: armor, unit: armor, factors: 4, count: 2}
objective: {preset: max-factors}
season:
  turns: 3
  expectations:
    - turn: 3
      powers: {germany: {returned: {armor: 1}}}
"""


def test_a_counter_built_in_one_turn_is_gone_from_the_next_27_5():
    """Two armor counters in the pool and BRPs for many more: over three turns two are built in all, not
    two a turn (27.5: the force pool holds what may be built)."""
    season = plan(POOL.replace("returned: {armor: 1}", "gains: 0"))
    assert sum(built(turn, "armor") for turn in season.turns) == 2


def test_a_counter_returned_to_the_pool_is_built_from_its_turn_27_5():
    """One counter returned at the start of turn 3: three in all, at most two by turn 2."""
    season = plan(POOL)
    turns = season.turns
    assert built(turns[0], "armor") + built(turns[1], "armor") <= 2
    assert sum(built(turn, "armor") for turn in turns) == 3


OIL = """
powers:
  germany:
    brps: 100
    brp_base: 300  # limit 100 (27.32 A): never binding here
    force_pool:
      - {id: inf, unit: infantry, factors: 1, count: 60}
objective:
  unspent_brp_value: 0.4
season:
  turns: 2
  expectations:
    - {turn: 2, oil_counters: 1}
"""


def test_the_oil_counter_of_next_turn_is_waited_for_27_35():
    """27.35 A-D: with no oil counter the first 25 BRPs are at normal cost, each infantry factor past them
    costs 2. Built now past the threshold, a factor is worth 1 and costs 0.8 of leftover value (2 BRPs at
    0.4): the one-turn plan builds all 60 (25 + 35 x 2 = 95 BRPs, 5 left: 62). Over two turns with an
    oil counter next turn (threshold 25 x 2 = 50): all 60 at normal cost, at most 25 now and the rest
    next turn, 40 BRPs left: 60 + 16 = 76 (without the counter next turn: 25 + 10 x 2, 30 left, 72)."""
    season = plan(OIL)
    first, second = season.turns
    assert built(first, "inf") <= 25
    assert built(first, "inf") + built(second, "inf") == 60
    assert all(b.brps == b.factors for turn in season.turns for b in turn.plan.builds)
    assert second.plan.oil_counters_spent[Faction.EUROPEAN_AXIS] == 1
    assert season.brps_left[Power.GERMANY] == 40
    assert season.objective.stages[0].value == 76


def _allies(turns: int, priorities: list[dict]) -> dict:
    import yaml

    from scenarios import path

    data = yaml.safe_load(path("allies_summer_1942_grants.yaml").read_text())
    data.pop("horizon", None)
    data["objective"]["priorities"] = priorities
    data["season"] = {"turns": turns}
    return data


def test_the_alaska_highway_built_now_carries_grants_from_the_next_turn_40_72():
    """40.72: the U.S. builds the Alaska highway (25 BRPs) to use the Siberian route; built this turn, it
    carries grants from the turn after (40.71), and it is built once. Most BRPs delivered to Russia over
    three turns: build it now, send nothing by Siberia this turn, and use it in the later turns."""
    from models.scenario import Scenario

    season = solve_season(Scenario.model_validate(_allies(3, [{"kind": "delivered", "powers": ["russia"]}])))
    assert season.plan is not None
    first, *later = season.plan.turns
    assert [o.route for o in first.plan.route_openings] == ["siberia"]
    assert not any(g.route == "siberia" for g in first.plan.grants)
    assert all(any(g.route == "siberia" for g in turn.plan.grants) for turn in later)
    assert not any(turn.plan.route_openings for turn in later)


def test_losses_past_what_a_power_has_leave_it_none_27_11():
    """Turn 1 keeps 21 BRPs (the flow test's turn 1); losses of 50 in turn 2 take those 21, no more:
    turn 2 starts with 0 and builds nothing [reading: BRPs are never below 0]."""
    season = plan(FLOW.replace("gains: 8, losses: 2, spending: 1", "losses: 50"))
    assert season.turns[1].brps_start[Power.GERMANY] == 0
    assert built(season.turns[1], "inf") == 0


LIMITS = """
powers:
  germany:
    brps: 100
    brp_base: 60  # basic limit floor(60 / 3) = 20 (27.32 A)
{extra}
    force_pool:
      - {{id: inf, unit: infantry, factors: 1, count: 60}}
objective: {{preset: max-factors}}
season:
  turns: 3
{expectations}
"""


def limits(extra: str, expectations: str = "") -> list[int]:
    """Germany's construction limit in each turn of the season planned for the most factors."""
    season = plan(LIMITS.format(extra=extra, expectations=expectations))
    return [turn.plan.powers[Power.GERMANY].construction_limit for turn in season.turns]


def test_a_key_economic_areas_bombing_counts_in_its_capture_turn_only_27_335():
    """27.335: an enemy-held KEA's value comes off the BRP base; 'bombed in the turn in which it is
    captured', the bombing losses come off its value first. Captured and bombed for 30 of its 30 this
    turn: 60 / 3 = 20 now, then (60 - 30) / 3 = 10 in each later turn."""
    keas = "    enemy_held_keas:\n      - {name: ruhr-area, value: 30, bombed_this_turn: 30}"
    assert limits(keas) == [20, 10, 10]


def test_iron_ore_cut_off_lasts_until_restored_27_332():
    """27.332: Germany's limit is 5 less while Swedish iron ore is cut off, 'negated if iron ore shipments
    are restored': 20 - 5 = 15 in every turn until an expectation's limit inputs restore it (turn 3: 20)."""
    cut = "    limit_modifiers: {iron_ore_cut: true}"
    assert limits(cut) == [15, 15, 15]
    restored = "  expectations:\n    - turn: 3\n      powers: {germany: {limit_modifiers: {}}}"
    assert limits(cut, restored) == [15, 15, 20]


RECAPTURED = """
map:
  sites:
    hamburg: {controller: germany, controlled_at_turn_start: false, recaptured_this_turn: true}
powers:
  germany: {brps: 30, brp_base: 30, force_pool: [{id: inf, unit: infantry, factors: 3, count: 10}]}
objective: {preset: max-factors}
season: {turns: 3}
"""


def test_a_site_recaptured_this_turn_is_built_on_from_the_next_27_45():
    """27.45: no construction on a hex recaptured 'until the player turn following their recapture'. Hamburg,
    recaptured this turn, is refused now and held at the start of every later turn."""
    scenario = parse_scenario(HEAD + RECAPTURED)
    season = scenario.season
    assert season is not None
    for t in (1, 2):
        hamburg = later_turn(scenario, season, t, 30).map.sites["hamburg"]
        assert hamburg.controlled_at_turn_start and not hamburg.recaptured_this_turn
    assert scenario.map.sites["hamburg"].recaptured_this_turn  # this turn's map as the player gave it


SPENDING = """
powers:
  germany:
    brps: 60
    brp_base: 300  # basic limit 100: the limit does not bind (27.32 A)
    force_pool:
      - {id: inf, unit: infantry, factors: 1, count: 60}
objective: {preset: max-factors}
season:
  turns: 2
  expectations:
    - turn: 2
      powers: {germany: {spending: SPEND}}  # a declaration of war on a major power: 35 (27.12's chart)
"""


def test_expected_spending_is_paid_out_of_what_the_power_keeps_27_12():
    """60 BRPs over the season, 35 of them owed in turn 2: the season builds 25 BRPs, not 60 (BRPs are
    spent out of what a power has, 27.11; a plan keeping less than 35 cannot pay turn 2's)."""
    season = plan(SPENDING.replace("SPEND", "35"))
    assert sum(b.brps for turn in season.turns for b in turn.plan.builds) == 25
    assert season.turns[1].brps_start[Power.GERMANY] == 25  # 60 kept, 35 paid


def test_expected_spending_past_every_brp_blocks_its_turn_27_12():
    """70 BRPs owed in turn 2 with 60 in all: no plan pays it; the explanation names 27.12 in turn 2."""
    owed = parse_scenario(HEAD + SPENDING.replace("SPEND", "70"))
    assert solve_season(owed).status.value == "infeasible"
    lines = explain_season(owed)
    assert any("turn 2" in line and "27.12" in line for line in lines), lines


# Italy (base 30: basic limit 10, 27.32 A) expects 30 BRPs from a power not planned in turn 2 (27.34: 10 more).
RECEIVED = """
powers:
  italy:
    brps: 50
    brp_base: 30
    force_pool: [{id: inf, unit: infantry, factors: 1, count: 60}]
objective: {preset: max-factors}
season: {turns: 2, expectations: [{turn: 2, powers: {italy: {brps_received: 30}}}]}
"""


def test_brps_received_from_a_power_not_planned_raise_that_turns_limit_27_34():
    """27.34: 'for every three granted BRPs (round down) received by a major power, its construction limit
    is increased by one BRP in the turn the grant is received' (40.23 B). Italy's basic limit is 30 / 3 =
    10; the 31 BRPs it expects from Germany (not planned) in turn 2 make that turn's 10 + 10 = 20, and
    turn 3's is 10 again."""
    season = plan(RECEIVED.replace("turns: 2", "turns: 3").replace("brps_received: 30", "brps_received: 31"))
    assert [turn.plan.powers[Power.ITALY].construction_limit for turn in season.turns] == [10, 20, 10]


def test_brps_received_come_after_the_turns_losses_and_spending_40_23_b():
    """Turn 1 keeps what it does not build, at most its 30 BRPs, and losses of 50 in turn 2 take all of it;
    the 12 BRPs received that turn from a power not planned come after them (40.23 B: by sea only after interception) [reading],
    so turn 2 starts with 12; and they cannot pay that turn's expected spending (27.12), which then blocks
    turn 2."""
    season = plan(FLOW.replace("gains: 8, losses: 2, spending: 1", "losses: 50, brps_received: 12"))
    assert season.turns[1].brps_start[Power.GERMANY] == 12
    owed = FLOW.replace("gains: 8, losses: 2, spending: 1", "losses: 50, brps_received: 12, spending: 5")
    assert solve_season(parse_scenario(HEAD + owed)).status.value == "infeasible"


def test_the_season_model_is_the_same_whatever_pythons_string_hashing():
    """The same position gives the same model, constraint for constraint, in every process: a route closed
    at the season's start (40.54, 40.71) is posted in `Route`'s order, not a set's, whose order moves with
    Python's string hashing (`PYTHONHASHSEED`). Generated season 740018 gates both Persia and the Alaska
    highway; with hash seeds 0 and 3 its routes' constraints came in either order, and so, among equal
    plans, did its plan."""
    import os
    import subprocess
    import sys

    program = (
        "import hashlib, random\n"
        "from models.generate_season import season_data\n"
        "from models.scenario import Scenario\n"
        "from optimizer.season.model import build_season\n"
        "from optimizer.season.prepare import prepare_season\n"
        "data = season_data(random.Random(740018).randint, turns=4, naval_turns=12, joint_grants=True,\n"
        "    requirements=False, max_entries=48)\n"
        "prepared = prepare_season(Scenario.model_validate(data), None)\n"
        "assert len(prepared.gated) == 2\n"
        "model, _ = build_season(prepared)\n"
        "print(hashlib.sha256(str(model.proto).encode()).hexdigest())\n"
    )
    protos = set()
    for seed in ("0", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", program], env=env, capture_output=True, text=True, check=True
        )
        protos.add(done.stdout)
    assert len(protos) == 1
