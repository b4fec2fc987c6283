"""Stages CP-SAT stalls on, proven by HiGHS (`optimizer.turn.prove`): the same optimum for every
priority as CP-SAT alone, a plan the independent checker accepts, and nothing printed by HiGHS."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest
from ortools.sat.python import cp_model

import optimizer.turn.solve as planner
import optimizer.turn.stages as stages
from models.generate import random_scenario
from models.plan import Plan, Status
from models.scenario import Scenario
from optimizer.checker import check
from optimizer.planners.position import solve
from optimizer.turn.prove import STRICT, Proof, has_plan, is_plan, prove, read_bound

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

    def spy(*args: object, **kwargs: object) -> Proof | None:
        proof = original(*args, **kwargs)  # type: ignore[arg-type]
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
    monkeypatch.setattr(stages, "prove", lambda *args, **kwargs: None)
    alone = solve(scenario)
    assert alone.status is Status.OPTIMAL
    assert values(with_highs.plan) == values(alone.plan)


def test_a_stage_highs_cannot_prove_is_left_to_cp_sat(monkeypatch: pytest.MonkeyPatch) -> None:
    """HiGHS answering nothing (a model it does not take, or its node limit): CP-SAT proves the stage."""
    monkeypatch.setattr(planner, "TURN_STAGES", stages.StagePolicy(stage_budget=0.002, together=True))
    scenario = random_scenario(3, requirements=False, joint_grants=True, max_entries=12, naval_turns=4)
    best = solve(scenario)
    monkeypatch.setattr(stages, "prove", lambda *args, **kwargs: None)
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

    def spy(model, solver, *args, **kwargs):  # type: ignore[no-untyped-def]
        proof = original(model, solver, *args, **kwargs)
        asked.append((has_plan(solver), proof))
        return proof

    monkeypatch.setattr(stages, "prove", spy)
    monkeypatch.setattr(stages, "ONE_CALL_BUDGET", 1e-9)
    monkeypatch.setattr(planner, "TURN_STAGES", stages.StagePolicy(stage_budget=1e-9, together=True))
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


def worth(variables: list[cp_model.IntVar]) -> cp_model.LinearExpr:
    """The knapsack's objective, 3a + 5b + 4c, over `knapsack()`'s variables."""
    a, b, c = variables
    return 3 * a + 5 * b + 4 * c


def knapsack() -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """Maximize 3a + 5b + 4c with 2a + 4b + 3c <= 7, a, b, c in {0, 1}: the best plan is b and c (9)."""
    model = cp_model.CpModel()
    a, b, c = (model.new_bool_var(name) for name in "abc")
    model.add(2 * a + 4 * b + 3 * c <= 7)
    model.maximize(worth([a, b, c]))
    return model, [a, b, c]


def at_most(most: int) -> cp_model.CpSolver:
    """A solver holding the knapsack's best plan worth at most `most`: a plan CP-SAT stopped at."""
    model, variables = knapsack()
    model.add(worth(variables) <= most)
    solver = cp_model.CpSolver()
    assert solver.solve(model) == cp_model.OPTIMAL
    return solver


def test_a_plan_is_checked_in_exact_integers() -> None:
    model, _ = knapsack()
    assert is_plan(model, (0, 1, 1))
    assert not is_plan(model, (1, 1, 1)), "2 + 4 + 3 > 7"
    assert not is_plan(model, (0, 2, 0)), "outside b's domain"


def test_highs_s_better_plan_is_taken_only_when_it_is_a_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    """HiGHS at its default tolerances reporting a "better" plan that breaks a constraint in exact
    integers (a, b and c together weigh 2 + 4 + 3 = 9, past the capacity of 7) is not taken: HiGHS is
    asked again at strict tolerances, and what it proves there stands; a plan that is still not one
    leaves the stage to CP-SAT."""
    import optimizer.turn.prove as proving

    model, _ = knapsack()
    asked: list[tuple[tuple[str, float], ...]] = []

    def answers(strict: tuple[int, list[float]]):  # type: ignore[no-untyped-def]
        def solve(lp, node_limit, time_limit, tolerances):  # type: ignore[no-untyped-def]
            asked.append(tolerances)
            return (12, [1.0, 1.0, 1.0]) if tolerances == () else strict

        return solve

    monkeypatch.setattr(proving, "_solve", answers((9, [0.0, 1.0, 1.0])))
    assert prove(model, at_most(8), None) == Proof(bound=9, better=9, values=(0, 1, 1))
    assert asked == [(), STRICT]
    asked.clear()
    monkeypatch.setattr(proving, "_solve", answers((9, [0.0, 0.0, 0.0])))
    assert prove(model, at_most(9), None) == Proof(bound=9), "the strict bound proves CP-SAT's plan"
    monkeypatch.setattr(proving, "_solve", answers((12, [1.0, 1.0, 1.0])))
    assert prove(model, at_most(8), None) is None


def test_highs_s_plan_is_valued_in_exact_integers(monkeypatch: pytest.MonkeyPatch) -> None:
    """HiGHS's bound proves a plan only when the plan's own value, 3a + 5b + 4c in integers, reaches it.
    CP-SAT holds a + b (3 + 5 = 8). HiGHS reporting a bound of 10 with that same plan proves nothing
    (HiGHS 1.16 once reported a season stage's plan 25 above its value in integers), and HiGHS is asked
    again, at strict tolerances, where b + c (5 + 4 = 9) with a bound of 9 is proven. A plan of 9 against
    a bound of 12 is no proof either: HiGHS is asked again, and when nothing closes the gap CP-SAT is
    asked for a plan between the two."""
    import optimizer.turn.prove as proving

    model, _ = knapsack()
    cp_sat = at_most(8)
    assert cp_sat.objective_value == 8
    replies = iter([(10, [1.0, 1.0, 0.0]), (9, [0.0, 1.0, 1.0])])
    monkeypatch.setattr(proving, "_solve", lambda *args, **kwargs: next(replies))
    assert prove(model, cp_sat, None) == Proof(bound=9, better=9, values=(0, 1, 1))
    replies = iter([(12, [0.0, 1.0, 1.0]), (9, [0.0, 1.0, 1.0])])
    assert prove(model, cp_sat, None) == Proof(bound=9, better=9, values=(0, 1, 1)), "9 proven"
    replies = iter([(12, [0.0, 1.0, 1.0])] * 2)
    assert prove(model, cp_sat, None) == Proof(bound=12, better=9, values=(0, 1, 1)), "not proven"


def test_a_bound_a_hair_below_an_integer_proves_that_integer() -> None:
    """HiGHS's bound on a season's value (seed 450017, its plan worth 326,076,400 in integers) came back as
    326,076,399.9999159: within a few 1e-13 of its size, it proves 326,076,400. A bound well inside an
    interval proves the integer below it, and a bound is only ever rounded up to the tolerance."""
    assert read_bound(326_076_399.9999159) == 326_076_400
    assert read_bound(275.9999999) == 276
    assert read_bound(-14.0000000001) == -14
    assert read_bound(276.0) == 276
    assert read_bound(275.5) == 275
    assert read_bound(326_076_399.5) == 326_076_399
    assert read_bound(-14.5) == -15


def test_a_position_whose_highs_plan_breaks_a_constraint_is_proven() -> None:
    """Seed 7500034 of the naval suite: on `fewest_granted`, HiGHS at its default tolerances reported a
    plan of -14 that is no plan in exact integers, and CP-SAT, asked for one, searched without end. Now the
    stage is proven within a minute, and the plan passes the independent checker."""
    scenario = random_scenario(
        7_500_034, requirements=False, joint_grants=True, max_entries=48, naval_turns=12
    )
    solved = solve(scenario, 60.0)
    assert solved.status is Status.OPTIMAL
    assert solved.plan is not None and solved.plan.objective is not None
    assert all(stage.proven for stage in solved.plan.objective.stages)
    assert check(scenario, solved.plan) == []


def test_highs_stopped_at_its_limit_hands_on_its_bound_and_its_better_plan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No work thrown away (issue 26): HiGHS stopped at its node or time limit (`Stopped`) is asked once
    (a second pass would stop there too), and with `hand_on` what it had is handed on. On the knapsack of
    3a + 5b + 4c with 2a + 4b + 3c <= 7, CP-SAT holding a + b (8):
    - a bound of 10 and b + c (5 + 4 = 9, a plan): both, marked stopped;
    - a bound of 8: CP-SAT's plan is proven best after all;
    - a bound of 9 and b + c: HiGHS's plan reaches its bound, proven best;
    - a bound of 10 and a + b + c (weighing 9, past 7: no plan): the bound alone;
    - no bound: nothing. Without `hand_on`, nothing either (a group's weighted sum is split instead)."""
    import optimizer.turn.prove as proving
    from optimizer.turn.prove import Stopped

    model, _ = knapsack()
    calls: list[object] = []

    def stopping(bound: int | None, columns: list[float] | None):  # type: ignore[no-untyped-def]
        def solve(*args):  # type: ignore[no-untyped-def]
            calls.append(args)
            return Stopped(bound, columns)

        return solve

    cases = [
        ((10, [0.0, 1.0, 1.0]), Proof(bound=10, better=9, values=(0, 1, 1), stopped=True)),
        ((8, None), Proof(bound=8)),
        ((9, [0.0, 1.0, 1.0]), Proof(bound=9, better=9, values=(0, 1, 1))),
        ((10, [1.0, 1.0, 1.0]), Proof(bound=10, stopped=True)),
        ((None, [0.0, 1.0, 1.0]), None),
    ]
    for (bound, columns), expected in cases:
        calls.clear()
        monkeypatch.setattr(proving, "_solve", stopping(bound, columns))
        assert prove(model, at_most(8), None, hand_on=True) == expected, (bound, columns)
        assert len(calls) == 1
    assert prove(model, at_most(8), None) is None
