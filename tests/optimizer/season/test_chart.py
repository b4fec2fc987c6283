"""The naval chart beside a season (optimizer/season/model.py, optimizer/checker/season.py): a chart
horizon of its own, longer than the season; a later turn's naval steps priced by that turn's oil
threshold (27.35); a later turn's shipbuilding at the Australia yard counted against Australia's limit
(27.473 B). Each figure worked from the rules' text by hand."""

import yaml

from models.io import parse_scenario
from models.tables import Power
from optimizer.checker.season import check_season
from optimizer.season.solve import solve_season


def naval_season(
    faction: str, power: str, brp_base: int, gains: int, force_pool: list, yard: dict, destroyers: int = 1
) -> str:
    """Summer 1942, no oil counter, one power with 0 BRPs, a shipyard and destroyers to lay down, a chart of
    three turns beside a season of two, `gains` BRPs expected in the fall."""
    return yaml.safe_dump(
        {
            "name": "t",
            "turn": {"season": "summer", "year": 1942},
            "faction": faction,
            "oil_counters": 0,
            "powers": {
                power: {
                    "brps": 0,
                    "brp_base": brp_base,
                    "force_pool": force_pool,
                    "naval": {
                        "deferring_allowed": True,
                        "shipyards": [yard],
                        "designs": [{"id": "dd", "unit": "destroyer", "factors": 1, "count": destroyers}],
                    },
                }
            },
            "horizon": {"turns": 3},
            "objective": {"preset": "max-factors"},
            "season": {"turns": 2, "expectations": [{"turn": 2, "powers": {power: {"gains": gains}}}]},
        }
    )


INFANTRY = [{"id": "inf", "unit": "infantry", "factors": 3, "count": 8}]
# Germany's limit is 100 (base 300, 27.32 A): never binding here.
GERMANY = naval_season(
    "european_axis", "germany", brp_base=300, gains=40, force_pool=INFANTRY, yard={"id": "kiel", "chart": []}
)


def solved(text: str):
    scenario = parse_scenario(text)
    result = solve_season(scenario)
    assert result.plan is not None
    return scenario, result.plan


def test_a_later_turns_naval_step_counts_towards_its_oil_threshold_27_35():
    """Summer: no BRPs, nothing built. Fall: 40 BRPs, no oil counter, so "normal construction costs
    apply to the first 25 BRPs of builds" (27.35 A). Eight 3-factor infantry (1 BRP a factor, 27.11: 24
    BRPs) and a destroyer laid down (3 BRPs, 27.7273), launched in winter within the chart's three turns:
    27 BRPs of builds, so 2 of them are past the threshold at double cost (27.35 D; an infantry factor,
    1 BRP, is never split): 25 inside (22 infantry factors and the 3-BRP step) and 2 factors at 2 BRPs,
    29 paid, 11 kept. (Were the step outside the threshold: 24 inside, 27 paid, 13 kept.) Max-factors
    builds all: 24 + 1 factors."""
    scenario, plan = solved(GERMANY)
    summer, fall = plan.turns
    assert not summer.plan.builds
    assert sum(b.counters for b in fall.plan.builds) == 8
    laid = [a for a in summer.plan.naval_actions if a.action == "lay_down"]
    assert [a.turn for a in laid] == [1]
    report = fall.plan.powers[Power.GERMANY]
    assert report.construction_brps == 29
    assert report.brps_kept == 11
    [oil] = fall.plan.oil
    assert oil.threshold_brps == 25
    assert oil.normal_cost_brps == 25
    assert oil.oil_affected_brps == 4
    assert plan.brps_left[Power.GERMANY] == 11
    assert check_season(scenario, plan) == []


def test_the_checker_refuses_a_later_turns_naval_step_left_outside_its_oil_threshold_27_35():
    """The same plan with fall's figures as if the step were free of the threshold (27 paid, 13 kept,
    nothing past it): 27 BRPs of builds inside a 25-BRP threshold breaks 27.35."""
    scenario, plan = solved(GERMANY)
    fall = plan.turns[1]
    builds = [b.model_copy(update={"oil_units": 0, "brps": b.counters * 3}) for b in fall.plan.builds]
    report = fall.plan.powers[Power.GERMANY].model_copy(update={"construction_brps": 27, "brps_kept": 13})
    naval = [r.model_copy(update={"oil_steps": 0}) for r in fall.plan.naval]
    tampered = fall.plan.model_copy(
        update={"builds": builds, "powers": {Power.GERMANY: report}, "naval": naval, "oil": []}
    )
    turns = [plan.turns[0], fall.model_copy(update={"plan": tampered})]
    found = check_season(scenario, plan.model_copy(update={"turns": turns, "brps_left": {Power.GERMANY: 13}}))
    assert any(
        v.rule == "27.35" and "27 BRPs of builds inside an oil threshold of 25" in v.message for v in found
    )


# Britain's limit is 0 (base 0, 27.32 A).
BRITAIN = naval_season(
    "western_allies",
    "britain",
    brp_base=0,
    gains=10,
    force_pool=[],
    yard={"id": "australia_box", "chart": []},
)


def test_a_later_turns_ship_at_the_australia_yard_counts_against_australias_limit_27_473_b():
    """Britain's limit is 0 in both turns (base 0); Australia's is 9 BRPs a turn (27.473 B), and ships
    built in Australia are Australia's construction (27.473, 40.244). In the fall, with 10 BRPs, a
    destroyer laid down at the Australia yard (one shipbuilding point and 3 BRPs, 27.7273) counts against
    Australia's 9, not Britain's 0: it is laid down (3 BRPs of construction, none of Britain's limit
    used), and launched in winter, after one turn (27.7273), within the chart's three turns."""
    scenario, plan = solved(BRITAIN)
    laid = [a for a in plan.turns[0].plan.naval_actions if a.action == "lay_down"]
    assert [(a.turn, a.yard) for a in laid] == [(1, "australia_box")]
    fall = plan.turns[1].plan.powers[Power.BRITAIN]
    assert fall.construction_brps == 3
    assert fall.limit_used == 0
    assert check_season(scenario, plan) == []


LONG = """
name: t
turn: {season: summer, year: 1942}
faction: european_axis
oil_counters: 0
powers:
  germany:
    brps: 0
    brp_base: 300
    force_pool: []
    naval:
      deferring_allowed: true
      shipyards:
        - id: kiel
          chart:
            - {id: cl, unit: cruiser, factors: 2, row: 2, column: winter}
horizon: HORIZON
objective: {preset: PRESET}
season: {turns: 2}
"""


# Winter (chart turn 2, past the season) given 3 BRPs and a limit of 3 (`horizon.future`).
BUDGET = "future: [{}, {brps: {germany: 3}, limits: {germany: 3}}]"


def long_text(horizon: str, preset: str = "max-factors") -> str:
    return LONG.replace("HORIZON", horizon).replace("PRESET", preset)


def long_chart(horizon: str, preset: str = "max-factors"):
    return solved(long_text(horizon, preset))


def continued(plan) -> list[tuple[int, str]]:
    """The cruiser's paid steps (deferring, free, left out: 27.7272 C)."""
    return [(a.turn, a.action) for a in plan.turns[0].plan.naval_actions if a.ship == "cl" and a.brps]


def test_a_chart_of_four_turns_beside_a_season_of_two_plans_its_winter_step_27_7():
    """A cruiser in row 2 of the winter column launches when its construction is continued in the winter
    (27.7272 A: one point, 3 BRPs). The season is summer and fall; the chart's horizon is four turns, so
    winter (chart turn 2) is past the season, paid as `awaw plan` pays a later turn: within the BRPs and
    limit `horizon.future` gives it (27.11, 27.31). With 3 BRPs and a limit of 3 expected in the winter
    the cruiser is continued and launched (its 2 factors count); with winter's budget this turn's
    (0 BRPs: "missing turns repeat this turn's BRPs") it cannot be."""
    scenario, plan = long_chart(f"{{turns: 4, {BUDGET}}}")
    assert continued(plan) == [(2, "continue")]
    assert check_season(scenario, plan) == []
    scenario, plan = long_chart("{turns: 4}")
    assert continued(plan) == []
    assert check_season(scenario, plan) == []


def test_a_step_past_the_season_is_charged_at_the_horizons_brp_value():
    """Past the season a BRP spent on ships is charged at `horizon.brp_value` (its other builds are not
    planned), as `awaw plan` charges a later turn's: the winter step is 3 BRPs (27.7272 A), at 100 a BRP
    300, far more than a 2-factor cruiser is worth under max-value (3.0 a cruiser factor, the project's
    default value in `models.objective.DEFAULT_VALUES`, not a rule), so it is not taken; at 0 a BRP it is."""
    _, dear = long_chart(f"{{turns: 4, brp_value: 100, {BUDGET}}}", "max-value")
    _, free = long_chart(f"{{turns: 4, brp_value: 0, {BUDGET}}}", "max-value")
    assert continued(dear) == []
    assert continued(free) == [(2, "continue")]


# Kiel at rate 18, nine destroyers, no land builds.
STEPS = naval_season(
    "european_axis",
    "germany",
    brp_base=300,
    gains=40,
    force_pool=[],
    yard={"id": "kiel", "rate": 18, "chart": []},
    destroyers=9,
)


def test_a_later_turns_naval_steps_past_its_oil_threshold_cost_double_27_35():
    """Kiel at rate 18 lays down at most 9 destroyers a turn (half the rate, 27.7221 A). Fall: 40 BRPs,
    no oil counter, no land builds: nine destroyers are nine 3-BRP steps, 27 BRPs of builds; 8 steps (24
    BRPs) fit inside the 25-BRP threshold (27.35 A), the ninth is past it at double cost (27.35 D): 24 +
    6 = 30 paid, 10 kept, one step past as the fall's naval report says."""
    scenario, plan = solved(STEPS)
    fall = plan.turns[1].plan
    assert len([a for a in plan.turns[0].plan.naval_actions if a.action == "lay_down" and a.turn == 1]) == 9
    [naval] = fall.naval
    assert (naval.brps_by_turn, naval.oil_steps) == ([27], 1)
    assert (fall.powers[Power.GERMANY].construction_brps, fall.powers[Power.GERMANY].brps_kept) == (30, 10)
    [oil] = fall.oil
    assert (oil.normal_cost_brps, oil.oil_affected_brps) == (24, 6)
    assert check_season(scenario, plan) == []
    free = fall.model_copy(update={"naval": [naval.model_copy(update={"oil_steps": 0})]})
    turns = [plan.turns[0], plan.turns[1].model_copy(update={"plan": free})]
    found = check_season(scenario, plan.model_copy(update={"turns": turns}))
    assert any(
        v.rule == "27.35" and "27 BRPs of builds inside an oil threshold of 25" in v.message for v in found
    )
