"""`relax_prepared` (the what-ifs of `--why` reuse the plan's prepared data) gives exactly what preparing
the relaxed position again gives, on every bundled scenario the planner plans and for every kind of
one more unit (27.11, 27.31, 27.61, 27.35 B, 27.46, 27.724 A)."""

from __future__ import annotations

import pytest

import scenarios
from models.io import load_scenario
from optimizer.planners.position import Position
from optimizer.turn.prepare import Relaxation, prepare, relax_prepared
from optimizer.whatif.why import one_more_unit, resources

PLANNED = [path for path in scenarios.bundled() if load_scenario(path).powers]


@pytest.mark.parametrize("path", PLANNED, ids=[path.stem for path in PLANNED])
def test_relaxing_the_prepared_data_equals_preparing_the_relaxed_position(path):
    scenario = load_scenario(path)
    position = Position(scenario)
    base = position.solve()
    assert base.plan is not None and base.solver is not None
    relaxations = [Relaxation()]
    for use in resources(position.data, base.plan, position.variables, base.solver):
        relax = one_more_unit(use)  # every resource, binding or not
        if relax is not None:
            relaxations.append(relax)
    assert len(relaxations) > 1
    for relax in relaxations:
        relaxed = relax_prepared(position.data, relax)
        assert relaxed == prepare(scenario, relax), relax
        assert (relaxed == position.data) == (relax == Relaxation())  # one more unit is seen
