"""Property tests on generated positions: every schedule the solver returns passes the independent
checker, and on tiny horizons its value equals the best found by enumerating every schedule."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.generate_mobilization import random_mobilization
from models.mobilization import (
    GROUND_AND_AIR,
    MOBILIZING_POWERS,
    POST_1940_ADDITIONS,
    UNITS_PER_MOBILIZATION,
    Conversion,
    MobilizationSchedule,
    MobilizedUnit,
    ScheduleStep,
)
from models.scenario import Scenario
from optimizer.checker.mobilization import check_mobilization, civilian_cost, mobilizing_cost, schedule_value
from optimizer.rules.mobilization.solve import Infeasible, solve_mobilization

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _position(data: Any, **options: Any) -> Scenario:
    return random_mobilization(lambda lo, hi: data.draw(st.integers(lo, hi)), **options)


@SETTINGS
@given(st.data())
def test_every_schedule_passes_the_checker(data):
    turns = data.draw(st.integers(1, 6))
    scenario = _position(data, turns=turns, minimums=data.draw(st.booleans()))
    try:
        result = solve_mobilization(scenario)
    except Infeasible as error:
        assert error.blocking  # the explanation names something
        return
    assert result.status == "optimal"
    assert check_mobilization(scenario, result.schedule) == []


def _compositions(units: int) -> list[dict[str, int]]:
    out = []
    for counts in itertools.product(range(units + 1), repeat=4):
        if sum(counts) == units:
            out.append({u.value: n for u, n in zip(MobilizedUnit, counts, strict=True)})
    return out


def _steps(scenario: Scenario, power: Any, turn: int) -> list[ScheduleStep]:
    """Every decision of one power in one turn, with its cost and arrivals as the text computes them."""
    state = scenario.mobilization
    assert state is not None
    options: list[dict[str, Any]] = [{"conversion": "none", "created": {}}]
    options.append(
        {"conversion": "idle_to_civilian", "created": {}, "cost": civilian_cost(state, power, turn)}
    )
    for conversion in (Conversion.IDLE_TO_MILITARY, Conversion.CIVILIAN_TO_MILITARY):
        for created in _compositions(UNITS_PER_MOBILIZATION[power]):
            options.append(
                {
                    "conversion": conversion.value,
                    "created": created,
                    "cost": mobilizing_cost(state, power, turn),
                }
            )
    # Post-1940 additions (14.737, 14.743) only where they may fall: elsewhere the checker rejects them.
    due = power in POST_1940_ADDITIONS and state.turns[turn].year >= 1941
    additions: list[MobilizedUnit | None] = [None, *GROUND_AND_AIR] if due else [None]
    steps = []
    for option, addition in itertools.product(options, additions):
        arrivals = [
            {
                "turn": turn + (0 if u == "shipbuilding" else state.delays[MobilizedUnit(u)]),
                "unit": u,
                "count": n,
            }
            for u, n in option["created"].items()
            if n
        ]
        if addition is not None:
            arrivals.append({"turn": turn, "unit": addition.value, "count": 1})
        steps.append(
            ScheduleStep.model_validate(
                {
                    "turn": turn,
                    "power": power.value,
                    "conversion": option["conversion"],
                    "tile_points_spent": option.get("cost", 0),
                    "created": option["created"],
                    "addition": addition.value if addition else None,
                    "arrivals": arrivals,
                }
            )
        )
    return steps


def _brute_force(scenario: Scenario, power: Any, turns: int) -> float | None:
    best = None
    per_turn = [_steps(scenario, power, t) for t in range(turns)]
    for combination in itertools.product(*per_turn):
        # Steps validated once each above; the combinations only put them together.
        schedule = MobilizationSchedule.model_construct(
            horizon=turns, steps=list(combination), reserve_additions=[]
        )
        if check_mobilization(scenario, schedule):
            continue
        value = schedule_value(scenario, schedule)
        best = value if best is None or value > best else best
    return best


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_optimum_equals_brute_force_on_tiny_horizons(data):
    power = MOBILIZING_POWERS[data.draw(st.integers(0, len(MOBILIZING_POWERS) - 1))]
    turns = data.draw(st.integers(1, 2))
    scenario = _position(data, turns=turns, powers=(power,), minimums=data.draw(st.booleans()))
    best = _brute_force(scenario, power, turns)
    try:
        result = solve_mobilization(scenario)
    except Infeasible:
        assert best is None
        return
    assert best is not None
    assert schedule_value(scenario, result.schedule) == pytest.approx(best, abs=0.01)
