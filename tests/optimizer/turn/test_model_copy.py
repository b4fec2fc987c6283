"""A what-if solved on a copy of the plan's model (`solve(copy_of=...)`) is the what-if built afresh: the
copied model, with a --why-not decision posted or a naval air rate raised (27.61), is the very model
`build_model` builds from the changed position, constraint for constraint and variable for variable,
so its optimum, its plan and its ties are the same (issue 14: exact and faster)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import scenarios
from models.io import load_scenario
from models.tables import Power
from optimizer.turn.model import build_model
from optimizer.turn.prepare import Relaxation, relax_prepared
from optimizer.turn.solve import Result, _copy_built, copyable, solve
from optimizer.whatif.why_not import declined

NAVAL = "britain_usa_summer_1942_naval.yaml"


@pytest.fixture(scope="module")
def naval() -> Result:
    return solve(load_scenario(scenarios.path(NAVAL)), keep_decisions=True)


def test_kept_model_is_the_model_as_built(naval: Result) -> None:
    """The model kept with `keep_decisions` is the built model before any solve touched it (no
    objective, hint or kept optimum of a priority)."""
    assert naval.model is not None and naval.prepared is not None
    built, _, _ = build_model(naval.prepared)
    assert str(naval.model.proto) == str(built.proto)


def test_declined_decision_on_the_copy_is_the_model_built_with_it(naval: Result) -> None:
    """Each decision --why prices in the naval scenario (a deferred ship continuing, 27.7272), posted on
    the copy, gives the model built with it among the fixes."""
    assert naval.prepared is not None
    asked = declined(naval)
    assert asked  # the scenario defers at least one ship: the check below is not vacuous
    for decision in asked:
        fixes = (*naval.prepared.decisions, decision)
        copied, _, _ = _copy_built(naval, fixes, None)
        built, _, _ = build_model(replace(naval.prepared, decisions=fixes))
        assert str(copied.proto) == str(built.proto), decision.text


@pytest.mark.parametrize("power", [Power.BRITAIN, Power.USA])
def test_raised_naval_air_rate_on_the_copy_is_the_model_built_with_it(naval: Result, power: Power) -> None:
    """27.61: one more naval air factor a turn, raised on the copy, gives the model built from the
    position with that rate; and it is a different model from the plan's."""
    assert naval.prepared is not None and naval.model is not None
    relax = Relaxation(naval_air={power: 1})
    copied, data, _ = _copy_built(naval, naval.prepared.decisions, relax)
    built, _, _ = build_model(relax_prepared(naval.prepared, relax))
    assert str(copied.proto) == str(built.proto)
    assert str(copied.proto) != str(naval.model.proto)
    assert data.powers[power].naval_air_rate == naval.prepared.powers[power].naval_air_rate + 1


def test_copy_gives_the_plan_of_the_rebuilt_what_if(naval: Result) -> None:
    """The what-if of one more British naval air factor (27.61) and a --why-not decision, each solved on
    the copy and built afresh (a deferred ship continuing, 27.7272): the same objective stages and the same decisions."""
    assert naval.prepared is not None
    scenario = naval.prepared.scenario
    kept = naval.prepared.decisions
    relax = Relaxation(naval_air={Power.BRITAIN: 1})
    decision = declined(naval)[0]
    pairs = [
        (
            solve(
                scenario, relax=relax, hint=naval.decisions, fixes=kept, copy_of=naval, keep_decisions=True
            ),
            solve(
                scenario,
                relax=relax,
                hint=naval.decisions,
                fixes=kept,
                prepared=naval.prepared,
                keep_decisions=True,
            ),
        ),
        (
            solve(
                scenario, hint=naval.decisions, fixes=(*kept, decision), copy_of=naval, keep_decisions=True
            ),
            solve(
                scenario,
                hint=naval.decisions,
                fixes=(*kept, decision),
                prepared=naval.prepared,
                keep_decisions=True,
            ),
        ),
    ]
    for copied, rebuilt in pairs:
        assert copied.plan is not None and rebuilt.plan is not None
        assert copied.plan.objective == rebuilt.plan.objective
        assert copied.decisions == rebuilt.decisions


@pytest.mark.parametrize("power", [Power.GERMANY, Power.ITALY])
def test_raised_limit_on_the_copy_is_the_model_built_with_it(power: Power) -> None:
    """27.31: with no grant or naval chart moving the limit (the default scenario), one more limit point
    raised on the copy gives the model built from the position with that limit."""
    base = solve(load_scenario(scenarios.path()), keep_decisions=True)
    assert base.prepared is not None
    relax = Relaxation(limit={power: 1})

    assert copyable(base, relax)
    copied, data, variables = _copy_built(base, base.prepared.decisions, relax)
    built, _, _ = build_model(relax_prepared(base.prepared, relax))
    assert str(copied.proto) == str(built.proto)
    assert variables.limit(power) == base.prepared.powers[power].limit + 1


@pytest.mark.parametrize("power", [Power.BRITAIN, Power.USA, Power.RUSSIA])
def test_raised_limit_after_grants_on_the_copy_is_the_model_built_with_it(power: Power) -> None:
    """27.34: where grants move the limits, one more limit point is one more of the increases the
    limit after grants adds; raised on the copy it gives the model built with it."""
    base = solve(load_scenario(scenarios.path("allies_summer_1942_grants.yaml")), keep_decisions=True)
    assert base.prepared is not None and base.variables is not None and base.variables.limits is not None
    relax = Relaxation(limit={power: 1})
    assert copyable(base, relax)
    copied, _, _ = _copy_built(base, base.prepared.decisions, relax)
    built, _, _ = build_model(relax_prepared(base.prepared, relax))
    assert str(copied.proto) == str(built.proto)


def test_limit_read_by_naval_construction_is_rebuilt(naval: Result) -> None:
    """27.334, 27.7: where naval construction reads the limit (lend-lease, later turns' budgets), one
    more point is not one constant, and the what-if is built afresh; a naval air rate there is still
    copied (27.61)."""

    assert not copyable(naval, Relaxation(limit={Power.USA: 1}))
    assert copyable(naval, Relaxation(naval_air={Power.USA: 1}))
