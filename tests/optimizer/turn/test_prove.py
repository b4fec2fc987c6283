"""Stages CP-SAT stalls on, proven by HiGHS (`optimizer.turn.prove`): the same optimum for every
priority as CP-SAT alone, a plan the independent checker accepts, and nothing printed by HiGHS."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest

import optimizer.turn.solve as stages
from models.generate import random_scenario
from models.plan import Plan, Status
from models.scenario import Scenario
from optimizer.checker import check
from optimizer.planners.position import solve
from optimizer.turn.prove import Proof, has_plan

# A joint plan of four powers with grants, 48 entries each and a 12-turn chart whose one weighted call
# runs out of its budget (one of the hard tail of benchmarks/tail.py's seeds 5000-5199): its stages
# go one by one, and HiGHS proves three of them, one with a better plan than CP-SAT had at its budget.
TAIL_SEED = 5117


def tail_position() -> Scenario:
    return random_scenario(TAIL_SEED, requirements=False, joint_grants=True, max_entries=48, naval_turns=12)


def values(plan: Plan | None) -> list[tuple[str, float, bool]]:
    assert plan is not None and plan.objective is not None
    return [(stage.priority, stage.value, stage.proven) for stage in plan.objective.stages]


@pytest.fixture
def proofs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Proof | None]]:
    """Every answer HiGHS gives during the test."""
    seen: list[Proof | None] = []
    original = stages.prove

    def spy(*args: object) -> Proof | None:
        proof = original(*args)  # type: ignore[arg-type]
        seen.append(proof)
        return proof

    monkeypatch.setattr(stages, "prove", spy)
    yield seen


def test_a_stalled_stage_is_proven_by_highs_with_the_optimum_of_cp_sat_alone(
    proofs: list[Proof | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    scenario = tail_position()
    with_highs = solve(scenario)
    assert with_highs.status is Status.OPTIMAL
    assert [proof for proof in proofs if proof is not None], "the position's stalled stages went to HiGHS"
    assert any(proof is not None and proof.better is not None for proof in proofs), (
        "one stage's better plan was found by HiGHS and asked of CP-SAT"
    )
    assert with_highs.plan is not None
    assert check(scenario, with_highs.plan) == []
    # CP-SAT alone, searching every stage to its end.
    monkeypatch.setattr(stages, "prove", lambda *args: None)
    alone = solve(scenario)
    assert alone.status is Status.OPTIMAL
    assert values(with_highs.plan) == values(alone.plan)


def test_a_stage_highs_cannot_prove_is_left_to_cp_sat(monkeypatch: pytest.MonkeyPatch) -> None:
    """HiGHS answering nothing (a model it does not take, or its node limit): CP-SAT proves the stage."""
    monkeypatch.setattr(stages, "TURN_STAGES", stages.StagePolicy(stage_budget=0.002, together=True))
    scenario = random_scenario(3, requirements=False, joint_grants=True, max_entries=12, naval_turns=4)
    best = solve(scenario)
    monkeypatch.setattr(stages, "prove", lambda *args: None)
    left = solve(scenario)
    assert left.status is Status.OPTIMAL
    assert values(left.plan) == values(best.plan)


def test_a_stage_stopped_before_it_found_a_plan_goes_to_highs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stage whose budget runs out before CP-SAT has any plan is HiGHS's too: any plan HiGHS proves is
    better than none, CP-SAT is asked for a plan of its value, and every priority's optimum is what
    CP-SAT alone proves; the plan passes the independent checker."""
    scenario = random_scenario(3, requirements=False, joint_grants=True, max_entries=12, naval_turns=4)
    alone = solve(scenario)
    asked: list[tuple[bool, Proof | None]] = []
    original = stages.prove

    def spy(model, solver, *args):  # type: ignore[no-untyped-def]
        proof = original(model, solver, *args)
        asked.append((has_plan(solver), proof))
        return proof

    monkeypatch.setattr(stages, "prove", spy)
    monkeypatch.setattr(stages, "ONE_CALL_BUDGET", 1e-9)
    monkeypatch.setattr(stages, "TURN_STAGES", stages.StagePolicy(stage_budget=1e-9, together=True))
    forced = solve(scenario)
    assert any(not had and proof is not None and proof.better is not None for had, proof in asked), (
        "a stage without a plan was solved by HiGHS and its plan asked of CP-SAT"
    )
    assert forced.status is Status.OPTIMAL
    assert values(forced.plan) == values(alone.plan)
    assert forced.plan is not None
    assert check(scenario, forced.plan) == []


def test_the_first_highs_of_a_process_prints_nothing() -> None:
    """HiGHS's banner would break `awaw plan --json`'s output: the first instance is made silently."""
    code = "from optimizer.turn.prove import _highs; _highs(); _highs(); print('after')"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "after\n"
    assert out.stderr == ""
