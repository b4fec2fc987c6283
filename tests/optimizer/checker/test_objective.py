"""The checker re-derives the value a plan states of each priority (`objective.stages`) from the
scenario's objective (models/objective.py; README "A plan, and how to read it")."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scenarios
from models.generate import scenario_data
from models.io import load_scenario, parse_scenario
from models.objective import PriorityKind
from models.plan import Plan, Status
from models.scenario import Scenario
from models.tables import UnitType
from optimizer.checker import check
from optimizer.checker.objective import (
    TIE_BREAKS,
    check_objective,
    derive_facts,
    derive_priority,
    parse_priority,
)
from optimizer.checker.season import check_season
from optimizer.planners.position import solve
from optimizer.season.solve import solve_season

from .helpers import AXIS, line, plan, scenario

BUNDLED = scenarios.bundled()
SEASON_SCENARIO = Path(scenarios.__file__).parent / "seasons" / "germany_summer_1942_season.yaml"


def stated_and_derived(scenario: Scenario, plan: Plan) -> list[tuple[str, float, float, float]]:
    """Each stated stage (the tie-break apart): its name, the plan's value, the derived value and the
    rounding slack."""
    assert plan.objective is not None
    facts = derive_facts(scenario, plan)
    out = []
    for stage in plan.objective.stages:
        if stage.priority in TIE_BREAKS:
            continue
        priority = parse_priority(stage.priority)
        assert priority is not None, stage.priority
        derived = derive_priority(scenario, plan, priority, facts)
        assert derived is not None, stage.priority
        out.append((stage.priority, stage.value, float(derived.value), float(derived.slack)))
    return out


def assert_rederived(scenario: Scenario, plan: Plan) -> None:
    for name, stated, derived, slack in stated_and_derived(scenario, plan):
        assert abs(stated - derived) <= 0.0005 + slack + 1e-9, (name, stated, derived, slack)
    assert check_objective(scenario, plan) == []


@pytest.mark.parametrize("path", BUNDLED, ids=[p.stem for p in BUNDLED])
def test_bundled_plans_state_their_objective(path):
    """Every stage of the solver's plan on each bundled scenario is the value the checker derives."""
    s = load_scenario(path)
    result = solve(s)
    assert result.plan is not None
    assert_rederived(s, result.plan)


UNITS = [u.value for u in UnitType]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_generated_plans_state_their_objective(data):
    """On generated positions (models/generate.py, as the checker's property tests draw them: grants,
    naval charts over a horizon, oil), with priorities drawn over every kind, unit and power filter
    and values per unit drawn too, each stage the solver states is the value the checker derives."""
    pick = lambda lo, hi: data.draw(st.integers(lo, hi))  # noqa: E731
    options = data.draw(
        st.sampled_from([{}, {"joint_grants": True}, {"naval_turns": 3}, {"one_power": True}])
    )
    position = scenario_data(pick, **options)
    if data.draw(st.booleans(), label="priorities"):
        powers = sorted(position["powers"])
        position["objective"]["priorities"] = [
            {
                "kind": data.draw(st.sampled_from([k.value for k in PriorityKind])),
                **(
                    {
                        "units": data.draw(
                            st.lists(st.sampled_from(UNITS), min_size=1, max_size=4, unique=True)
                        )
                    }
                    if data.draw(st.booleans())
                    else {}
                ),
                **({"powers": [data.draw(st.sampled_from(powers))]} if data.draw(st.booleans()) else {}),
            }
            for _ in range(data.draw(st.integers(1, 3)))
        ]
    if data.draw(st.booleans(), label="values"):
        position["objective"]["values"] = {
            unit: data.draw(st.integers(-30, 50)) / 10
            for unit in data.draw(st.lists(st.sampled_from(UNITS), max_size=8, unique=True))
        }
    s = Scenario.model_validate(position)
    result = solve(s)
    if result.status is Status.INFEASIBLE:
        return
    assert result.plan is not None
    assert_rederived(s, result.plan)


def test_edited_objective_value_is_refused():
    """A plan whose stated objective was edited (the first priority's value to 150, and its stage)
    is refused: each stage is derived again from the scenario's objective."""
    s = load_scenario(scenarios.path())
    best = solve(s).plan
    assert best is not None and best.objective is not None
    assert check(s, best) == []
    objective = best.objective
    edited = best.model_copy(update={"objective": objective.model_copy(update={"value": 150.0})})
    assert [(v.rule, v.kind, v.message) for v in check(s, edited)] == [
        (
            "report",
            "report",
            "objective.value: 150.0 in the plan, 97.2 by the scenario's objective (its first priority, value)",
        )
    ]
    stages = [
        stage.model_copy(update={"value": 150.0}) if i == 0 else stage
        for i, stage in enumerate(objective.stages)
    ]
    stages[1] = stages[1].model_copy(update={"value": 195.0})
    edited = best.model_copy(update={"objective": objective.model_copy(update={"stages": stages})})
    assert [v.message for v in check(s, edited)] == [
        "objective.stages[0] (value): 150.0 in the plan, 97.2 by the scenario's objective",
        "objective.stages[1] (unspent_brps): 195.0 in the plan, 196 by the scenario's objective",
    ]


def test_readme_default_plan_objective():
    """README, "A plan, and how to read it": the default scenario's plan is worth `value 97.2;
    unspent_brps 196; oil_kept 0`, which the checker derives from its builds and accounts."""
    s = load_scenario(scenarios.path())
    found = {name: derived for name, _, derived, _ in stated_and_derived(s, solve(s).plan)}
    assert found == pytest.approx({"value": 97.2, "unspent_brps": 196, "oil_kept": 0})


def test_readme_one_turn_of_the_season_example():
    """README, "A season planned whole": `awaw plan` (one turn) on the bundled Germany summer 1942
    season builds 6 panzer corps (24 factors) and keeps 78 BRPs: 24 x 2.2 + 78 x 0.4 = 84.0."""
    s = load_scenario(SEASON_SCENARIO)
    result = solve(s)
    assert result.plan is not None
    found = {name: derived for name, _, derived, _ in stated_and_derived(s, result.plan)}
    assert found["value"] == pytest.approx(24 * 2.2 + 78 * 0.4) == pytest.approx(84.0)
    assert found["unspent_brps"] == 78


def test_value_from_the_default_values():
    """README "Default values per factor": infantry 1.0, armor 2.2, fortification 4 a counter; with
    `unspent_brp_value` 0.5 each BRP kept adds half a point (models/objective.py, `PriorityKind.VALUE`:
    factors x value + unspent BRPs + oil counters kept)."""
    s = scenario(AXIS, objective={"unspent_brp_value": 0.5})
    builds = plan(
        line("germany", "armor", "armor", "ruhr", 2, 4, 8),
        line("germany", "inf", "infantry", "berlin", 3, 3, 3),
        line("germany", "fort", "fortification", "berlin", 1, 1, 5),
    )
    facts = derive_facts(s, builds)
    value = derive_priority(s, builds, parse_priority("value"), facts)
    # Germany keeps 100 - 16 = 84 BRPs, Italy 40: 124 BRPs at 0.5.
    assert float(value.value) == pytest.approx(4 * 2.2 + 3 * 1.0 + 1 * 4 + 124 * 0.5)
    factors = derive_priority(s, builds, parse_priority("factors"), facts)
    assert factors.value == 7  # works are not combat factors unless named
    assert derive_priority(s, builds, parse_priority("factors[fortification]"), facts).value == 1
    assert derive_priority(s, builds, parse_priority("unspent_brps(italy)"), facts).value == 40
    assert derive_priority(s, builds, parse_priority("oil_kept"), facts).value == 2


def test_plan_without_stages_claims_nothing():
    """A player's hand-written plan states no objective: nothing of it is checked."""
    s = scenario(AXIS)
    builds = plan(line("germany", "inf", "infantry", "berlin", 3, 3, 3))
    assert builds.objective is None
    assert check_objective(s, builds) == []


def test_unknown_priority_is_reported():
    s = load_scenario(scenarios.path())
    best = solve(s).plan
    stages = [best.objective.stages[0].model_copy(update={"priority": "glory"}), *best.objective.stages[1:]]
    edited = best.model_copy(update={"objective": best.objective.model_copy(update={"stages": stages})})
    assert [v.message.split(":")[0] for v in check_objective(s, edited)] == ["objective.stages[0] (glory)"]


def test_season_stages_rederived_and_an_edit_refused():
    """README, "A season planned whole": the bundled Germany summer 1942 season, as bundled, leaves 78
    BRPs after the fall; the season plan's unspent_brps stage is those BRPs, derived over the season,
    and an edited one is refused. Each turn's plan states the season's objective, not its own, so it
    is not checked turn by turn."""
    s = load_scenario(SEASON_SCENARIO)
    season = solve_season(s).plan
    assert season is not None and season.objective is not None
    assert check_season(s, season) == []
    names = [stage.priority for stage in season.objective.stages]
    assert names == ["value", "unspent_brps", "oil_kept"]
    assert season.objective.stages[1].value == 78
    stages = list(season.objective.stages)
    stages[1] = stages[1].model_copy(update={"value": 80.0})
    stages[2] = stages[2].model_copy(update={"value": 1.0})
    edited = season.model_copy(update={"objective": season.objective.model_copy(update={"stages": stages})})
    assert [v.message for v in check_season(s, edited)] == [
        "objective.stages[1] (unspent_brps): 80.0 in the plan, 78 by the scenario's objective",
        "objective.stages[2] (oil_kept): 1.0 in the plan, 0 by the scenario's objective",
    ]


GROWN = """
name: nothing to build
turn: {season: winter, year: 1942}
faction: european_axis
powers:
  germany: {brps: 15, brp_base: 100, force_pool: []}
  italy: {brps: 15, brp_base: 60, force_pool: []}
objective:
  preset: max-value
  unspent_brp_growth: {growth_rate: 0.5, base_brp_value: 1.0}
"""


def test_the_growth_of_the_brps_kept_is_derived_per_power_and_an_edit_refused():
    """models/objective.py, `unspent_brp_growth`: "in place of unspent_brp_value: per planned power, its
    BRPs kept x growth_rate, rounded down, each at base_brp_value". Germany and Italy keep 15 BRPs each:
    7 + 7 = 14 BRPs of next year's base at 1.0, 14.0 (not 0.5 x 30 = 15, the rounding of the sum). The
    plan stating 15 is refused."""
    s = parse_scenario(GROWN)
    best = solve(s).plan
    assert best is not None and best.objective is not None
    assert best.objective.stages[0].value == 14.0
    assert check(s, best) == []
    stages = [best.objective.stages[0].model_copy(update={"value": 15.0}), *best.objective.stages[1:]]
    edited = best.model_copy(
        update={"objective": best.objective.model_copy(update={"value": 15.0, "stages": stages})}
    )
    assert [v.message for v in check(s, edited)] == [
        "objective.stages[0] (value): 15.0 in the plan, 14 by the scenario's objective",
        "objective.value: 15.0 in the plan, 14 by the scenario's objective (its first priority, value)",
    ]


def test_sw_units_built_count_as_factors_without_a_replayed_chart_27_9():
    """27.9: SW units are built (submarines, ASW, transports), and the `factors` priority counts combat
    factors built. The checker counts a plan's SW build lines from the lines themselves: the same 3 factors
    whether or not a naval chart is replayed beside them (a season's later turns replay none)."""
    from models.plan import SWBuildLine
    from optimizer.checker.objective import Facts

    s = scenario(AXIS)
    subs = SWBuildLine(
        power="germany",
        build="sw",
        unit="submarine",
        yard="kiel",
        factors=3,
        brps=6,
        placed="kiel",
        sw_boxes=[],
    )
    built = plan().model_copy(update={"sw_builds": [subs]})
    factors = parse_priority("factors")
    assert derive_priority(s, built, factors, Facts(lines=[], replay=None)).value == 3
    assert (
        derive_priority(s, built, parse_priority("factors[infantry]"), Facts(lines=[], replay=None)).value
        == 0
    )
