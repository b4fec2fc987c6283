"""Properties on generated season positions: every season plan passes the independent season checker."""

import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from models.generate_season import season_data
from models.plan import Status
from models.scenario import Scenario
from optimizer.checker.season import check_season
from optimizer.season.solve import solve_season


def picker(data):
    return lambda lo, hi: data.draw(st.integers(lo, hi))


def passes_or_is_infeasible(scenario: Scenario) -> None:
    """The season solver's answer: infeasible, or an optimal plan the season checker finds nothing in."""
    solved = solve_season(scenario)
    if solved.status is Status.INFEASIBLE:
        return
    assert solved.status is Status.OPTIMAL
    assert solved.plan is not None
    assert check_season(scenario, solved.plan) == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_season_plan_passes_the_season_checker(data):
    """Seasons of 2 to 4 turns, with naval charts, grants and random expectations: every turn of every
    plan the season solver returns passes the checker's own derivation of that turn."""
    scenario = Scenario.model_validate(
        season_data(picker(data), turns=data.draw(st.integers(2, 4)), requirements=False)
    )
    passes_or_is_infeasible(scenario)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_joint_grant_season_plan_passes_the_season_checker(data):
    """The U.S., Britain, Russia and China with grants over a season (rule 40 each turn, routes opened
    carrying grants from the turn after)."""
    scenario = Scenario.model_validate(
        season_data(picker(data), turns=data.draw(st.integers(2, 3)), joint_grants=True, requirements=False)
    )
    passes_or_is_infeasible(scenario)


def _decisions_from(plan, data):
    """Up to three decisions that bite: a build line of some turn of `plan` forbidden, or fixed one counter
    above or below what it builds, or to more counters than any pool holds, and a grant of some turn
    forbidden; each with its @turnN."""
    from optimizer.season.decision_forms import parse_season_decisions

    fix: list[str] = []
    forbid: list[str] = []
    lines = [(t, b) for t, turn in enumerate(plan.turns) for b in turn.plan.builds]
    grants = [(t, g) for t, turn in enumerate(plan.turns) for g in turn.plan.grants if g.brps > 0]
    for _ in range(data.draw(st.integers(1, 3))):
        if lines and data.draw(st.booleans()):
            t, line = lines[data.draw(st.integers(0, len(lines) - 1))]
            name = f"{line.power.value}:{line.entry}"
            how = data.draw(st.integers(0, 3))
            if how == 0:
                forbid.append(f"{name}@turn{t + 1}")
            elif how == 3:  # more than any force pool holds (27.5): the season cannot keep it
                fix.append(f"{name}=500@turn{t + 1}")
            else:
                built = sum(b.counters for b in plan.turns[t].plan.builds if b.entry == line.entry)
                fix.append(f"{name}={max(0, built + (1 if how == 1 else -1))}@turn{t + 1}")
        elif grants:
            t, grant = grants[data.draw(st.integers(0, len(grants) - 1))]
            forbid.append(f"{grant.grantor.value}>{grant.recipient}@turn{t + 1}")
    return parse_season_decisions(fix, forbid, len(plan.turns))


def _holds(plan, decision) -> bool:
    """Whether the season plan keeps a build or grant decision in its turn (counted from the plan)."""
    d, turn = decision.decision, plan.turns[decision.turn].plan
    if d.kind.value == "build":
        amount = sum(b.counters for b in turn.builds if b.power is d.power and b.entry == d.entry)
    else:
        amount = sum(g.brps for g in turn.grants if g.grantor is d.power and g.recipient == d.recipient)
    if d.forbid:
        return amount == 0
    return amount == d.amount if d.amount is not None else amount >= 1


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_season_plan_under_fixes_and_forbids_passes_the_checker(data):
    """Decisions drawn from the season's own best plan (so that they bite), each for its turn: every plan
    made under them passes the season checker and keeps every decision in its turn; a season they make
    infeasible is explained by the first turn it cannot plan."""
    from optimizer.planners import Limits
    from optimizer.planners.season import SEASON

    scenario = Scenario.model_validate(
        season_data(
            picker(data),
            turns=data.draw(st.integers(2, 3)),
            joint_grants=data.draw(st.booleans()),
            requirements=False,
        )
    )
    base = solve_season(scenario)
    if base.plan is None:
        return
    decisions = _decisions_from(base.plan, data)
    result = SEASON.solve(scenario, Limits(), decisions)
    event("infeasible" if result.plan is None else "planned")
    if result.plan is None:
        assert result.status is Status.INFEASIBLE
        assert result.explanation and result.explanation[0].startswith("turn ")
        assert "cannot" in result.explanation[0]
        assert any(line.startswith("cannot be met: ") for line in result.explanation)
        return
    assert check_season(scenario, result.plan) == []
    assert all(_holds(result.plan, decision) for decision in decisions)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_season_plan_with_a_longer_naval_chart_passes_the_season_checker(data):
    """Seasons of 2 to 3 turns beside naval charts of their own horizon, up to 12 turns (27.7), every power
    with shipyards charted, now and then a turn past the season given BRPs and a limit: the chart's turns
    within the season paid out of each turn's BRPs and priced by its oil threshold (27.35), those past it
    within `horizon.future`'s budgets; sometimes with grants."""
    turns = data.draw(st.integers(2, 3))
    scenario = Scenario.model_validate(
        season_data(
            picker(data),
            turns=turns,
            naval_turns=data.draw(st.integers(turns + 1, 12)),
            joint_grants=data.draw(st.booleans()),
            requirements=False,
        )
    )
    passes_or_is_infeasible(scenario)


@pytest.mark.parametrize("seed", [680005, 680012, 680021, 680026])
def test_generated_season_with_deferring_restricted_can_be_planned(seed):
    """The season benchmark's positions (`benchmarks.season target`) in which a power may not defer
    (27.7272 C: it continues each ship in the turn's column while it has the BRPs and the limit, 27.7272 A:
    3 BRPs each) and expects to spend BRPs in a later turn (27.12, paid out of what it has, 27.11): the
    generator leaves what the charts may take, so a plan pays every expectation and passes the season
    checker. Seed 680021 once expected the U.S. to spend 10 BRPs in turn 2 that its 10 BRPs, less the 3
    its Pacific box's row-2 ship must take in turn 1, could not pay."""
    data = season_data(
        random.Random(seed).randint,
        turns=4,
        naval_turns=12,
        joint_grants=True,
        requirements=False,
        max_entries=48,
    )
    assert any(not state.get("naval", {}).get("deferring_allowed", True) for state in data["powers"].values())
    scenario = Scenario.model_validate(data)
    solved = solve_season(scenario)
    assert solved.status is Status.OPTIMAL
    assert solved.plan is not None
    assert check_season(scenario, solved.plan) == []
