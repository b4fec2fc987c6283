"""A search stopped by its limit: the schedule found, legal, with the bound the search proved, and the
same every run when the limit is CP-SAT's deterministic work (`solve_engineers(work_limit=...)`)."""

from __future__ import annotations

import scenarios
from models.engineers import discounted, load_engineer_scenario
from models.engineers_generate import random_engineer_scenario
from optimizer.checker.engineers import check_engineers
from optimizer.rules.engineers.solve import solve_engineers

# A benchmark position (benchmarks/engineers.py, 6 units, 12 tasks, 6 turns) whose proof takes far
# longer than the half second of work allowed here.
HARD = random_engineer_scenario(61002, units=6, tasks=12, turns=6, rows=5, columns=6)


def test_stopped_search_returns_a_legal_schedule_with_its_bound():
    result = solve_engineers(HARD, work_limit=0.5)
    assert result.status == "feasible"
    plan = result.plan
    assert plan is not None and plan.bound is not None
    assert check_engineers(HARD, plan) == []
    assert plan.value <= plan.bound
    # No schedule is worth more than every task done in the first turn (value × discount^0).
    assert plan.bound <= sum(discounted(t.value, 1, HARD.discount) for t in HARD.tasks) + 0.001


def test_work_reported_counts_both_phases_within_the_limit():
    """The limit is shared, two thirds to the proof and the rest to a better schedule; the work reported is
    both phases', so on a position not proven it is about the whole limit (CP-SAT checks the limit
    between steps, so a little past it at most)."""
    result = solve_engineers(HARD, work_limit=1.5)
    assert result.status == "feasible"
    assert 1.5 * 0.8 <= result.deterministic_seconds <= 1.5 * 1.1


def test_work_limit_gives_the_same_schedule_every_run():
    first = solve_engineers(HARD, work_limit=0.5).plan
    second = solve_engineers(HARD, work_limit=0.5).plan
    assert first is not None and second is not None
    assert first.model_dump_json() == second.model_dump_json()
    assert '"bound"' in first.model_dump_json()


def test_proven_schedule_carries_no_bound():
    scenario = load_engineer_scenario(scenarios.path("engineers/rail_and_airbase.yaml"))
    result = solve_engineers(scenario, work_limit=60)
    assert result.status == "optimal"
    assert result.plan is not None and result.plan.bound is None
    assert '"bound"' not in result.plan.model_dump_json()
