"""benchmarks/highs.py's three ways of solving the planner's first call (CP-SAT in one call, the
planner's stages, HiGHS alone) agree on the optimum, and `--seed-offset` draws other positions."""

from __future__ import annotations

import pytest

from benchmarks.bench import suites
from benchmarks.highs import first_stage_model, solve_as_planner, solve_cp_sat, solve_highs
from models.generate import random_scenario
from optimizer.turn.milp import model_proto, translate


@pytest.mark.parametrize("seed", [9000001, 9000002])
def test_the_planners_stages_reach_the_one_calls_optimum(seed: int) -> None:
    scenario = random_scenario(seed, requirements=False, joint_grants=True, max_entries=6, naval_turns=2)
    stage = first_stage_model(scenario)
    assert stage.naval and len(stage.group) > 1, "a naval position whose first call has several priorities"
    milp = translate(model_proto(stage.model))
    one_call = solve_cp_sat(stage.model, stage.naval, 60.0)
    planner = solve_as_planner(stage)
    highs = solve_highs(milp, 60.0)
    assert one_call.optimal and planner.optimal and highs.optimal
    assert one_call.value is not None and planner.value is not None and highs.value is not None
    assert planner.value == one_call.value
    assert highs.value == pytest.approx(one_call.value, abs=1e-6 * abs(one_call.value))


def test_the_planners_stages_leave_the_model_as_it_was() -> None:
    stage = first_stage_model(random_scenario(9000003, requirements=False, joint_grants=True, naval_turns=2))
    constraints = len(stage.model.proto.constraints)
    solve_as_planner(stage)
    assert len(stage.model.proto.constraints) == constraints


def test_seed_offset_draws_every_generated_suite_from_its_seeds_plus_the_offset() -> None:
    plain = {suite.name: suite for suite in suites(2, 2)}
    moved = {suite.name: suite for suite in suites(2, 2, seed_offset=9_000_000)}
    assert plain.keys() == moved.keys()
    builds = "builds (12 entries, 8 counters)"
    expected = random_scenario(9_010_001, requirements=False, naval=False, max_entries=12, max_count=8)
    assert moved[builds].make(1) == expected
    assert plain[builds].make(1) != expected
    assert moved["bundled"].make(0) == plain["bundled"].make(0), "the bundled scenarios are not drawn"
