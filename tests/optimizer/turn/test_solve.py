"""The solver on small positions whose best plan follows from the rules text."""

import pytest

from models.plan import Status
from models.tables import Faction, Power
from optimizer.planners.position import solve

MAX_FACTORS = {"preset": "max-factors"}


def infantry(count, factors=1, **extra):
    return {"id": extra.pop("id", "inf"), "unit": "infantry", "factors": factors, "count": count, **extra}


def solved(scenario):
    result = solve(scenario)
    assert result.status is Status.OPTIMAL, result.explanation
    return result.plan


def test_shared_axis_threshold_without_oil(scenario_of):
    """27.35 A, I: Germany 30 + Italy 10 BRPs of builds, no oil counter: the first 25 at normal cost,
    the other 15 BRPs' worth at double cost (27.35 D)."""
    scenario = scenario_of(
        {"germany": {"force_pool": [infantry(30)]}, "italy": {"force_pool": [infantry(10)]}},
        objective=MAX_FACTORS,
    )
    plan = solved(scenario)
    assert sum(b.factors for b in plan.builds) == 40
    assert plan.oil[0].normal_cost_brps == 25
    assert plan.oil[0].oil_affected_brps == 2 * 15
    assert sum(b.brps for b in plan.builds) == 25 + 2 * 15
    assert all(report.oil_effect_incurred for report in plan.powers.values())  # 27.35 H


def test_shared_axis_threshold_with_one_counter(scenario_of):
    """27.35 B: with one oil counter the first 50 BRPs are at normal cost: 40 BRPs, none doubled."""
    scenario = scenario_of(
        {"germany": {"force_pool": [infantry(30)]}, "italy": {"force_pool": [infantry(10)]}},
        oil_counters=1,
        objective={"preset": "max-factors", "priorities": [{"kind": "factors"}, {"kind": "unspent_brps"}]},
    )
    plan = solved(scenario)
    assert plan.oil_counters_spent == {Faction.EUROPEAN_AXIS: 1}
    assert plan.oil[0].oil_affected_brps == 0
    assert sum(b.brps for b in plan.builds) == 40
    assert not any(report.oil_effect_incurred for report in plan.powers.values())


def test_isolated_rebuild_past_threshold_costs_triple(scenario_of):
    """27.13 A, 27.14, 27.35 E: 30 factors of infantry eliminated while isolated this turn, no oil:
    25 inside the threshold at x2 (50 BRPs), 5 past it at x3 (15 BRPs)."""
    scenario = scenario_of(
        {"germany": {"force_pool": [infantry(10, factors=3, eliminated_this_turn="isolated")]}},
        objective=MAX_FACTORS,
    )
    plan = solved(scenario)
    assert sum(b.factors for b in plan.builds) == 30
    assert sum(b.brps for b in plan.builds) == 2 * 25 + 3 * 5


@pytest.mark.parametrize(
    ("power", "faction", "rate"),
    [
        ("usa", "western_allies", 4),
        ("japan", "japan", 3),
        ("britain", "western_allies", 2),
        ("germany", "european_axis", 1),
        ("italy", "european_axis", 1),
    ],
)
def test_naval_air_training_rates(scenario_of, power, faction, rate):
    """27.61: naval air factors a turn: U.S. 4, Japan 3, Britain 2, Germany 1, Italy 1."""
    nas = {"id": "nas", "unit": "naval_air", "count": 10}
    plan = solved(scenario_of({power: {"force_pool": [nas]}}, faction=faction, objective=MAX_FACTORS))
    assert sum(b.factors for b in plan.builds) == rate
    assert plan.powers[Power(power)].naval_air_rate == rate


def test_japan_rate_doubles_once_kamikazes_are_formed(scenario_of):
    """27.61: Japan's naval air training rate is doubled (3 -> 6) once kamikazes have been formed."""
    nas = {"id": "nas", "unit": "naval_air", "count": 10}
    scenario = scenario_of(
        {"japan": {"naval_air": {"kamikazes_formed": True}, "force_pool": [nas]}},
        faction="japan",
        objective=MAX_FACTORS,
    )
    assert sum(b.factors for b in solved(scenario).builds) == 6


def test_japan_three_infantry_factors_in_korea_and_manchuria(scenario_of):
    """27.471: up to three infantry factors a turn in Korea and Manchuria together."""
    scenario = scenario_of(
        {"japan": {"force_pool": [infantry(10, sites=["seoul", "pusan", "mukden", "harbin"])]}},
        faction="japan",
        objective=MAX_FACTORS,
    )
    assert sum(b.factors for b in solved(scenario).builds) == 3


def test_india_builds_at_most_three_brps(scenario_of):
    """27.474 B: the Indian construction limit is three BRPs per turn."""
    pool = [infantry(10, id="indian", nationality="indian")]
    scenario = scenario_of({"britain": {"force_pool": pool}}, faction="western_allies", objective=MAX_FACTORS)
    assert sum(b.brps for b in solved(scenario).builds) == 3


def test_india_counts_against_the_british_limit(scenario_of):
    """27.474 C: Indian builds count against the British limit: limit 7 (base 21), five British
    infantry factors and Indian ones -> 7 factors in all, not 5 + 3."""
    pool = [infantry(10, id="indian", nationality="indian"), infantry(5, id="british")]
    scenario = scenario_of(
        {"britain": {"brp_base": 21, "force_pool": pool}}, faction="western_allies", objective=MAX_FACTORS
    )
    plan = solved(scenario)
    assert sum(b.factors for b in plan.builds) == 7
    assert plan.powers[Power.BRITAIN].limit_used == 7


def test_russia_six_brps_in_siberia(scenario_of):
    """27.476: Russia builds up to six BRPs of ground and air units a turn in Siberia."""
    armor = {
        "id": "arm",
        "unit": "armor",
        "factors": 1,
        "count": 10,
        "sites": ["chita", "khabarovsk", "vladivostok"],
    }
    plan = solved(scenario_of({"russia": {"force_pool": [armor]}}, faction="russia", objective=MAX_FACTORS))
    assert sum(b.brps for b in plan.builds) == 6


def test_construction_limit_binds(scenario_of):
    """27.31: spending on construction never exceeds the limit: base 60 -> 20 BRPs of armor at most."""
    armor = {"id": "arm", "unit": "armor", "factors": 1, "count": 50}
    plan = solved(
        scenario_of(
            {"germany": {"brp_base": 60, "force_pool": [armor]}}, oil_counters=3, objective=MAX_FACTORS
        )
    )
    assert sum(b.brps for b in plan.builds) == 20


def test_specialized_unit_eliminated_this_turn_not_built(scenario_of):
    """27.21: specialized units may not be rebuilt in the player turn in which they are eliminated."""
    airborne = {"id": "para", "unit": "airborne", "factors": 3, "count": 1, "eliminated_this_turn": "other"}
    plan = solved(scenario_of({"germany": {"force_pool": [airborne]}}, objective=MAX_FACTORS))
    assert plan.builds == []
    assert [(n.entry, n.rule) for n in plan.not_buildable] == [("para", "27.21")]


def test_beach_defenses_priced_per_two_counters(scenario_of):
    """27.11 E: five BRPs per two counters of beach defenses."""
    beach = {"id": "beach", "unit": "beach_defense", "count": 4}
    scenario = scenario_of(
        {"germany": {"force_pool": [beach]}},
        oil_counters=1,
        objective={"priorities": [{"kind": "value", "units": ["beach_defense"]}, {"kind": "unspent_brps"}]},
    )
    plan = solved(scenario)
    assert sum(b.counters for b in plan.builds) == 4
    assert sum(b.brps for b in plan.builds) == 10


def test_minimum_build_blocked_by_limit_is_explained(scenario_of):
    """27.31: 'at least 30 armor factors' with a limit of 20 BRPs names the construction limit."""
    armor = {"id": "arm", "unit": "armor", "factors": 1, "count": 50}
    scenario = scenario_of(
        {"germany": {"brp_base": 60, "force_pool": [armor]}},
        oil_counters=3,
        objective={"minimum": [{"power": "germany", "unit": "armor", "factors": 30}]},
    )
    result = solve(scenario)
    assert result.status is Status.INFEASIBLE
    text = "\n".join(result.explanation)
    assert "germany: at least 30 armor factors" in text
    assert "27.31" in text


def test_reserve_blocked_by_brps_is_explained(scenario_of):
    """A reserve larger than the BRPs available cannot be kept: the explanation names the reserve."""
    scenario = scenario_of(
        {"germany": {"brps": 20, "force_pool": [infantry(5)]}},
        objective={"reserve": {"germany": 30}},
    )
    result = solve(scenario)
    assert result.status is Status.INFEASIBLE
    assert "germany: keep 30 BRPs" in "\n".join(result.explanation)


def test_same_scenario_same_plan(scenario_of):
    """Determinism: two solves of one scenario print byte-identical JSON."""
    pool = [infantry(6, factors=3), {"id": "arm", "unit": "armor", "factors": 4, "count": 4}]
    scenario = scenario_of({"germany": {"brp_base": 150, "force_pool": pool}, "italy": {"force_pool": pool}})
    assert solve(scenario).plan.model_dump_json() == solve(scenario).plan.model_dump_json()


def test_beach_defenses_on_two_lines_cost_one_pair(scenario_of):
    """27.11 E, regression: one beach defense counter on each of two lines is one pair, 5 BRPs for the
    turn; with 5 BRPs both are built (the planner used to price each line's odd counter as a pair)."""
    from optimizer.checker import check

    beaches = [
        {"id": "bd1", "unit": "beach_defense", "count": 1},
        {"id": "bd2", "unit": "beach_defense", "count": 1},
    ]
    scenario = scenario_of(
        {"germany": {"brps": 5, "force_pool": beaches}},
        objective={"preset": "max-value"},
    )
    plan = solved(scenario)
    assert sum(b.counters for b in plan.builds) == 2
    assert sum(b.brps for b in plan.builds) == 5
    assert check(scenario, plan) == []


def test_solve_refuses_a_fixed_grant_rule_40_forbids(scenario_of):
    """40.32 B: Italy may not grant BRPs. Through the Python API too, such a fixed grant is bad input,
    named by its field, never a plan."""
    from models.io import InputError

    scenario = scenario_of({"germany": {}, "italy": {"grants_made": [{"to": "germany", "brps": 30}]}})
    with pytest.raises(InputError) as refused:
        solve(scenario)
    [(where, problem)] = refused.value.problems
    assert where == "powers.italy.grants_made[0]"
    assert "40.32 B" in problem


def test_one_call_weights_keep_the_lexicographic_order():
    """Priorities solved in one call keep their order exactly: with the weights of `exact_weights`, every
    pair of value vectors compares by weighted sum as it does lexicographically."""
    import itertools

    from optimizer.turn.solve import exact_weights

    ranges = [(0, 4), (-3, 3), (0, 2)]
    weights = exact_weights(ranges)
    assert weights == [7 * 3, 3, 1]
    vectors = list(itertools.product(*(range(low, high + 1) for low, high in ranges)))
    for a, b in itertools.combinations(vectors, 2):
        weighted = sum(w * x for w, x in zip(weights, a, strict=True)) - sum(
            w * x for w, x in zip(weights, b, strict=True)
        )
        assert (weighted > 0) == (a > b) and (weighted == 0) == (a == b)
    assert exact_weights([(0, 2**40), (0, 2**20)]) is None  # past the exact range: separate solves


def test_time_limit_reports_what_is_proven_per_priority(monkeypatch):
    """With a time limit that stops the search at its first plan, the plan says, priority by priority,
    what was proven: the first priority keeps a valid bound, the later ones are marked not proven,
    with no bound, and the plan is `feasible`, never `optimal`."""
    import optimizer.turn.solve as planner
    from models.generate import random_scenario

    real = planner.new_solver

    def first_plan_only(time_limit, workers):
        solver = real(None, workers)
        solver.parameters.stop_after_first_solution = True
        return solver

    monkeypatch.setattr(planner, "new_solver", first_plan_only)
    scenario = random_scenario(40_000, requirements=False, joint_grants=True, naval=False, max_entries=24)
    result = solve(scenario, time_limit=0.0)  # out of time after the first solve
    assert result.status is Status.FEASIBLE
    stages = result.plan.objective.stages
    assert [stage.priority for stage in stages] == ["factors", "unspent_brps", "oil_kept", "fewest_granted"]
    first, *later = stages
    assert first.bound is not None and first.bound >= first.value
    assert not first.proven or first.bound == first.value
    assert all(not stage.proven and stage.bound is None for stage in later)
    from optimizer.render.tables import console, plan_tables

    out = console()
    with out.capture() as captured:
        out.print(plan_tables(scenario, result.plan))
    assert "unspent_brps" in captured.get() and "(not proven)" in captured.get()


@pytest.mark.parametrize("together", [True, False])
def test_a_one_call_that_runs_out_leaves_every_priority_s_optimum_as_it_was(monkeypatch, together):
    """Priorities solved in order: each is best among the plans best in the earlier ones, however the
    stages are queued. A one call that runs out at once hands its priorities on: the first alone, then
    the rest as one group HiGHS proves at once (the turn's `StagePolicy(together=True)`) or one by one;
    every stage past a tiny budget goes to HiGHS. Either way every priority's value is the plain solve's,
    proven."""
    import optimizer.turn.solve as planner
    import optimizer.turn.stages as stages
    from models.generate import random_scenario

    scenario = random_scenario(41_000, requirements=False, joint_grants=True, max_entries=12, naval_turns=4)
    plain = solved(scenario)
    finished: list[bool] = []
    finish = stages._finish_stage

    def spied(*args, **kwargs):
        finished.append(kwargs.get("alone", True))
        return finish(*args, **kwargs)

    monkeypatch.setattr(stages, "ONE_CALL_BUDGET", 1e-9)
    monkeypatch.setattr(planner, "TURN_STAGES", stages.StagePolicy(stage_budget=1e-9, together=together))
    monkeypatch.setattr(stages, "_finish_stage", spied)
    forced = solved(scenario)
    values = [(stage.priority, stage.value) for stage in forced.objective.stages]
    assert values == [(stage.priority, stage.value) for stage in plain.objective.stages]
    assert [stage.priority for stage in forced.objective.stages][-1] == "fewest_granted"
    assert all(stage.proven for stage in forced.objective.stages)
    # The later priorities were finished as one group when together, and one at a time otherwise.
    assert (False in finished) is together
