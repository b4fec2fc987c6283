"""A what-if solved on a copy of the position's model (`Built.more`, `Built.fixed`) is the what-if built
afresh: the copied model, with a --why-not decision posted or a naval air rate raised (27.61), is the very
model `build_model` builds from the changed position, constraint for constraint and variable for variable,
so its optimum, its plan and its ties are the same (issue 14: exact and faster)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import scenarios
from models.io import load_scenario
from models.tables import Power
from optimizer.turn.built import Built
from optimizer.turn.model import build_model
from optimizer.turn.prepare import Relaxation, relax_prepared
from optimizer.turn.solve import Solved
from optimizer.whatif.why_not import declined

NAVAL = "britain_usa_summer_1942_naval.yaml"


@pytest.fixture(scope="module")
def naval() -> tuple[Built, Solved]:
    position = Built(load_scenario(scenarios.path(NAVAL)))
    return position, position.solve()


def test_kept_model_is_the_model_as_built(naval: tuple[Built, Solved]) -> None:
    """The position's model is the built model, untouched by its solves (no objective, hint or kept optimum
    of a priority): each solve works on a copy."""
    position, _ = naval
    built, _, _ = build_model(position.data)
    assert str(position.model.proto) == str(built.proto)


def test_declined_decision_on_the_copy_is_the_model_built_with_it(naval: tuple[Built, Solved]) -> None:
    """Each decision --why prices in the naval scenario (a deferred ship continuing, 27.7272), posted on
    the copy, gives the model built with it among the fixes."""
    position, base = naval
    asked = declined(position, base)
    assert asked  # the scenario defers at least one ship: the check below is not vacuous
    for decision in asked:
        copied = position.fixed((decision,))
        built, _, _ = build_model(replace(position.data, decisions=(*position.decisions, decision)))
        assert str(copied.model.proto) == str(built.proto), decision.text


@pytest.mark.parametrize("power", [Power.BRITAIN, Power.USA])
def test_raised_naval_air_rate_on_the_copy_is_the_model_built_with_it(
    naval: tuple[Built, Solved], power: Power
) -> None:
    """27.61: one more naval air factor a turn, raised on the copy, gives the model built from the
    position with that rate; and it is a different model from the plan's."""
    position, _ = naval
    relax = Relaxation(naval_air={power: 1})
    assert position.copyable(relax)
    copied = position.more(relax)
    built, _, _ = build_model(relax_prepared(position.data, relax))
    assert str(copied.model.proto) == str(built.proto)
    assert str(copied.model.proto) != str(position.model.proto)
    assert copied.data.powers[power].naval_air_rate == position.data.powers[power].naval_air_rate + 1


def test_copy_gives_the_plan_of_the_rebuilt_what_if(naval: tuple[Built, Solved]) -> None:
    """The what-if of one more British naval air factor (27.61) and a --why-not decision, each solved on
    the copy and built afresh (a deferred ship continuing, 27.7272): the same objective stages and the
    same decisions."""
    position, base = naval
    relax = Relaxation(naval_air={Power.BRITAIN: 1})
    decision = declined(position, base)[0]
    rebuilt_more = Built(position.scenario, position.decisions, relax=relax, prepared=position.data)
    rebuilt_fixed = Built(position.scenario, (*position.decisions, decision), prepared=position.data)
    pairs = [(position.more(relax), rebuilt_more), (position.fixed((decision,)), rebuilt_fixed)]
    for copy, rebuilt in pairs:
        copied, fresh = copy.solve(hint=base.decisions), rebuilt.solve(hint=base.decisions)
        assert copied.plan is not None and fresh.plan is not None
        assert copied.plan.objective == fresh.plan.objective
        assert copied.decisions == fresh.decisions


@pytest.mark.parametrize("power", [Power.GERMANY, Power.ITALY])
def test_raised_limit_on_the_copy_is_the_model_built_with_it(power: Power) -> None:
    """27.31: with no grant or naval chart moving the limit (the default scenario), one more limit point
    raised on the copy gives the model built from the position with that limit."""
    position = Built(load_scenario(scenarios.path()))
    relax = Relaxation(limit={power: 1})
    assert position.copyable(relax)
    copied = position.more(relax)
    built, _, _ = build_model(relax_prepared(position.data, relax))
    assert str(copied.model.proto) == str(built.proto)
    assert copied.variables.limit(power) == position.data.powers[power].limit + 1


@pytest.mark.parametrize("power", [Power.BRITAIN, Power.USA, Power.RUSSIA])
def test_raised_limit_after_grants_on_the_copy_is_the_model_built_with_it(power: Power) -> None:
    """27.34: where grants move the limits, one more limit point is one more of the increases the
    limit after grants adds; raised on the copy it gives the model built with it."""
    position = Built(load_scenario(scenarios.path("allies_summer_1942_grants.yaml")))
    assert position.variables.limits is not None
    relax = Relaxation(limit={power: 1})
    assert position.copyable(relax)
    copied = position.more(relax)
    built, _, _ = build_model(relax_prepared(position.data, relax))
    assert str(copied.model.proto) == str(built.proto)


def test_limit_read_by_naval_construction_is_rebuilt(naval: tuple[Built, Solved]) -> None:
    """27.334, 27.7: where naval construction reads the limit (lend-lease, later turns' budgets), one
    more point is not one constant, and the what-if is built afresh; a naval air rate there is still
    copied (27.61)."""
    position, _ = naval
    assert not position.copyable(Relaxation(limit={Power.USA: 1}))
    assert position.copyable(Relaxation(naval_air={Power.USA: 1}))
    rebuilt = position.more(Relaxation(limit={Power.USA: 1}))
    assert rebuilt.data.powers[Power.USA].limit == position.data.powers[Power.USA].limit + 1
    assert rebuilt.relaxation == Relaxation(limit={Power.USA: 1})
