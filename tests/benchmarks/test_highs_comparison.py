"""benchmarks/highs.py's three ways of solving the planner's first call (CP-SAT in one call, the
planner's stages, HiGHS alone) agree on the optimum, and `--seed-offset` draws other positions."""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import replace
from unittest.mock import patch

import pytest

from benchmarks import highs as highs_benchmark
from benchmarks.bench import suites
from benchmarks.highs import first_stage_model, solve_as_planner, solve_cp_sat, solve_highs
from models.generate import random_scenario
from optimizer.turn import stages as turn_stages
from optimizer.turn.milp import model_proto, translate
from optimizer.turn.solve import TURN_STAGES


@pytest.mark.parametrize("stalled", [False, True])
@pytest.mark.parametrize("seed", [9000001, 9000002])
def test_the_planners_stages_reach_the_one_calls_optimum(seed: int, stalled: bool) -> None:
    """`stalled`: every CP-SAT budget of the planner's stages next to nothing, so that its one call runs
    out, is split, and each stage goes to HiGHS (`optimizer.turn.prove`), the path of the hard tail."""
    scenario = random_scenario(seed, requirements=False, joint_grants=True, max_entries=6, naval_turns=2)
    stage = first_stage_model(scenario)
    assert stage.naval and len(stage.group) > 1, "a naval position whose first call has several priorities"
    milp = translate(model_proto(stage.model))
    one_call = solve_cp_sat(stage.model, stage.naval, 60.0)
    with ExitStack() as stack:
        proofs = stack.enter_context(patch.object(turn_stages, "prove", wraps=turn_stages.prove))
        if stalled:
            stack.enter_context(patch.object(turn_stages, "ONE_CALL_BUDGET", 1e-9))
            stack.enter_context(
                patch.object(highs_benchmark, "TURN_STAGES", replace(TURN_STAGES, stage_budget=1e-9))
            )
        planner = solve_as_planner(stage)
    assert proofs.called is stalled
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
