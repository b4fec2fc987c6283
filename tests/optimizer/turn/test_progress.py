"""The solve's progress hook (`optimizer.turn.progress`): it reports each better plan of the objective's
priorities as the search finds it, and changes nothing of the plan."""

from __future__ import annotations

import scenarios
from models.io import load_scenario
from optimizer.planners import Limits, planner


def test_progress_reports_better_plans_up_to_the_optimum_and_leaves_the_plan_as_it_was() -> None:
    scenario = load_scenario(scenarios.path("britain_usa_summer_1942_naval.yaml"))
    seen: list[tuple[str, float, float | None]] = []
    watched = planner("plan").solve(scenario, Limits(on_progress=lambda *report: seen.append(report)))
    plain = planner("plan").solve(scenario, Limits())
    assert watched.plan is not None and plain.plan is not None
    assert watched.plan.model_dump_json() == plain.plan.model_dump_json()
    first = [(best, bound) for priority, best, bound in seen if priority == "value"]
    assert first, "no plan of the first priority reported"
    assert all(bound is not None and best <= bound for best, bound in first)
    assert first[-1][0] == watched.objective  # the last plan reported is the optimum the plan shows
    assert [best for best, _ in first] == sorted(best for best, _ in first)  # each better than the last


def test_a_deadline_before_the_build_leaves_the_search_no_time() -> None:
    """`Limits.deadline` counts the model's building: past it, the search gets nothing (and finds at most
    a first plan), however long `time_limit` is."""
    import time

    limits = Limits(time_limit=60.0, deadline=time.perf_counter())
    assert limits.left() == 0.0
    assert Limits(time_limit=5.0).left() == 5.0
    assert Limits(time_limit=5.0, deadline=time.perf_counter() + 60).left() == 5.0
