"""The stage loop (`optimizer.turn.stages`): what a one call that stops proves of its priorities, how a
stage's optimum is kept, and the budgets and HiGHS's nodes each policy gives the turn's and the season's
stages."""

from hypothesis import given
from hypothesis import strategies as st

from models.plan import Status
from optimizer.planners.position import solve


@given(
    plans=st.lists(
        st.tuples(st.integers(0, 4), st.integers(-3, 3), st.integers(0, 2)),
        min_size=1,
        max_size=12,
        unique=True,
    ),
    pick=st.integers(0, 11),
    slack=st.integers(0, 30),
)
def test_proven_prefix_proves_only_the_lexicographic_optimum(plans, pick, slack):
    """What a one-call solve that stopped with a plan proves, read off its weighted bound
    (`proven_prefix`): over any set of plans (value vectors), a plan among them and a weighted bound at
    or above the best weighted sum, each member it calls proven is at the lexicographic optimum's value
    (each priority best among the plans best in the earlier ones), and the bound it gives the next
    member is at least that optimum's value there."""
    from optimizer.turn.solve import exact_weights
    from optimizer.turn.stages import Member, proven_prefix

    ranges = [(0, 4), (-3, 3), (0, 2)]
    weights = exact_weights(ranges)
    assert weights is not None
    group = [
        Member(f"p{k}", 0, 1, w, low, high)
        for k, (w, (low, high)) in enumerate(zip(weights, ranges, strict=True))
    ]
    plan = plans[pick % len(plans)]
    best = max(plans)  # tuples compare lexicographically
    bound = max(sum(w * x for w, x in zip(weights, p, strict=True)) for p in plans) + slack
    count, kept = proven_prefix(group, list(plan), float(bound))
    assert list(plan[:count]) == list(best[:count])
    assert kept >= best[count]
    if plan == best and slack == 0:
        assert count >= len(group) - 1 and kept == best[-1]  # a bound at the optimum proves every member


def test_a_proven_stage_is_kept_at_its_value_and_an_unproven_one_at_least():
    """`keep`: a proven optimum is posted as equal to its value (no plan is worth more, so no plan is
    lost, and the later stages' relaxations cannot sit above it); a value not proven, as a floor only,
    so that the later stages may still find a plan worth more."""
    from ortools.sat.python import cp_model

    from optimizer.turn.stages import keep

    for proven, domain in ((True, [7, 7]), (False, [7, 2**63 - 1])):
        model = cp_model.CpModel()
        x, y = model.new_int_var(0, 5, "x"), model.new_int_var(0, 5, "y")
        keep(model, x + y, 7, proven)
        [constraint] = model.proto.constraints
        assert list(constraint.linear.domain) == domain
        model.maximize(x + y)
        solver = cp_model.CpSolver()
        assert solver.solve(model) == cp_model.OPTIMAL
        assert solver.objective_value == (7 if proven else 10)


def test_a_season_keeps_its_proven_stages_exactly_and_a_turn_at_least(monkeypatch):
    """`StagePolicy.exact`: the season's stages (`optimizer.season.solve`) post each proven value as an
    equality, the turn's as a floor; on the bundled season and the default turn every priority is proven
    (the status is `optimal`), so each kept value is a proven one."""
    import optimizer.turn.stages as stages
    import scenarios
    from models.io import load_scenario
    from optimizer.season.solve import solve_season

    posted: list[bool] = []
    real = stages.keep

    def spy(model, expr, best, proven):
        posted.append(proven)
        real(model, expr, best, proven)

    monkeypatch.setattr(stages, "keep", spy)
    season = solve_season(load_scenario(scenarios.path("seasons/germany_summer_1942_season.yaml")))
    assert season.status is Status.OPTIMAL
    assert posted and all(posted)
    posted.clear()
    assert solve(load_scenario(scenarios.path(scenarios.DEFAULT))).status is Status.OPTIMAL
    assert posted and not any(posted)


def test_a_seasons_later_stages_get_the_shorter_budget_and_a_turns_the_same(monkeypatch):
    """`StagePolicy.later_budget`: the season's first stage gets CP-SAT's `SEASON_STAGE_BUDGET` and its later
    stages `SEASON_LATER_BUDGET` before HiGHS is asked; a turn's every single stage the same
    `STAGE_BUDGET`. Read off the budget each CP-SAT solve of the stages is given."""
    from ortools.sat.python import cp_model

    import scenarios
    from models.io import load_scenario
    from optimizer.season.solve import SEASON_LATER_BUDGET, SEASON_STAGE_BUDGET, solve_season
    from optimizer.turn.prove import STAGE_BUDGET
    from optimizer.turn.stages import ONE_CALL_BUDGET, StagePolicy

    assert SEASON_LATER_BUDGET < SEASON_STAGE_BUDGET
    policy = StagePolicy(stage_budget=0.1, later_budget=0.01)
    assert (policy.budget(first=True), policy.budget(first=False)) == (0.1, 0.01)
    assert StagePolicy().budget(first=False) == STAGE_BUDGET

    budgets: list[float] = []
    real = cp_model.CpSolver.solve

    def spy(solver, model, *args, **kwargs):
        budgets.append(solver.parameters.max_deterministic_time)
        return real(solver, model, *args, **kwargs)

    monkeypatch.setattr(cp_model.CpSolver, "solve", spy)
    season = solve_season(load_scenario(scenarios.path("seasons/germany_summer_1942_season.yaml")))
    assert season.status is Status.OPTIMAL
    staged = [b for b in budgets if b in (SEASON_STAGE_BUDGET, SEASON_LATER_BUDGET)]
    assert staged[0] == SEASON_STAGE_BUDGET and len(staged) >= 2
    assert set(staged[1:]) == {SEASON_LATER_BUDGET}
    budgets.clear()
    allies = load_scenario(scenarios.path("allies_summer_1942_grants.yaml"))
    assert solve(allies).status is Status.OPTIMAL
    assert set(budgets) <= {STAGE_BUDGET, ONE_CALL_BUDGET} and STAGE_BUDGET in budgets


def test_a_seasons_later_priorities_together_get_fewer_highs_nodes_than_one_priority(monkeypatch):
    """`StagePolicy.group_node_limit`: HiGHS is given `SEASON_GROUP_NODE_LIMIT` nodes on the season's later
    priorities solved together, past which they are split and each gets `SEASON_NODE_LIMIT`; a single
    priority's stage, and every stage of a turn, the policy's `node_limit`. Read off the node limit each
    proof is asked with, the bundled season's later stage sent to HiGHS by a budget too short for CP-SAT."""
    import optimizer.season.solve as season
    import optimizer.turn.stages as stages
    import scenarios
    from models.io import load_scenario
    from optimizer.turn.prove import NODE_LIMIT
    from optimizer.turn.stages import StagePolicy

    policy = StagePolicy(node_limit=20_000, group_node_limit=3_000)
    assert (policy.nodes(alone=True), policy.nodes(alone=False)) == (20_000, 3_000)
    assert StagePolicy().nodes(alone=False) == NODE_LIMIT
    assert season.SEASON_GROUP_NODE_LIMIT < season.SEASON_NODE_LIMIT

    asked: list[int] = []
    real = stages.prove

    def spy(model, solver, time_limit, node_limit, **kwargs):
        asked.append(node_limit)
        return real(model, solver, time_limit, node_limit, **kwargs)

    monkeypatch.setattr(stages, "prove", spy)
    monkeypatch.setattr(season, "SEASON_LATER_BUDGET", 1e-9)
    solved = season.solve_season(load_scenario(scenarios.path("seasons/germany_summer_1942_season.yaml")))
    assert solved.status is Status.OPTIMAL
    assert asked and asked[0] == season.SEASON_GROUP_NODE_LIMIT
    assert set(asked[1:]) <= {season.SEASON_NODE_LIMIT}


def test_a_highs_plan_worth_more_than_its_bound_is_searched_on_from(monkeypatch):
    """HiGHS's bound is read to within a tolerance (`read_bound`); should its plan, valued in exact
    integers, still be worth more than that bound, the bound proves nothing. CP-SAT then searches on from
    HiGHS's plan for one at least as good, in one call, and proves the optimum: on the knapsack of
    3a + 5b + 4c with 2a + 4b + 3c <= 7, HiGHS's plan b and c (9) against a bound of 8, CP-SAT's plan a and
    b (8). Asked for a plan between 9 and 8, CP-SAT found none and searched again from its own plan."""
    from ortools.sat.python import cp_model

    from optimizer.turn.prove import Proof

    highs = Proof(bound=8, better=9, values=(0, 1, 1))
    (status, solver, *_), limits, value = finish_knapsack(monkeypatch, 0.0, highs, None)
    assert status == cp_model.OPTIMAL
    assert solver.value(value) == 9
    assert len(limits) == 1, "one search, from HiGHS's plan"


def finish_knapsack(monkeypatch, spends, answer, limit):
    """`_finish_stage` on the knapsack of 3a + 5b + 4c with 2a + 4b + 3c <= 7 (`test_prove.knapsack`), its
    budget's plan a and b (8), within `limit` seconds, HiGHS a stand-in that takes `spends` of them and
    answers `answer`: what the stage ends with (`Finished`), the time limits CP-SAT's calls after HiGHS's
    were given, and the knapsack's objective."""
    from ortools.sat.python import cp_model

    import optimizer.turn.stages as stages
    from tests.optimizer.turn.test_prove import at_most, knapsack, worth

    model, (a, b, c) = knapsack()
    value = worth([a, b, c])
    used = [0.0]  # seconds of the limit used: HiGHS's

    def highs(*args, **kwargs):
        used[0] += spends
        return answer

    limits: list[float | None] = []

    def configured(given):
        limits.append(given)
        return cp_model.CpSolver()

    class Plain:
        def decisions(self):
            return [a, b, c]

    monkeypatch.setattr(stages, "prove", highs)
    member = stages.Member("value", value, 1, 1, 0, 12)

    def left():
        return None if limit is None else limit - used[0]

    finished = stages._finish_stage(model, Plain(), member, at_most(8), cp_model.FEASIBLE, left, configured)
    return finished, limits, value


def test_a_stage_highs_could_not_prove_gets_only_the_time_highs_left(monkeypatch):
    """Within a time limit, the CP-SAT call after HiGHS's is given what HiGHS left of the stage's time, not
    that time again; when HiGHS used it all, the stage ends with the plan it has, unproven, and no other
    solve. On the knapsack of 3a + 5b + 4c with 2a + 4b + 3c <= 7, its budget's plan a and b (8): HiGHS (a
    stand-in that proves nothing) takes 3 of the 5 s left, and CP-SAT is asked with 2 s and proves 9; HiGHS
    takes all 5, and the stage keeps 8, FEASIBLE."""
    from ortools.sat.python import cp_model

    for spends, asked, expected in ((3.0, [2.0], (cp_model.OPTIMAL, 9)), (5.0, [], (cp_model.FEASIBLE, 8))):
        finished, limits, value = finish_knapsack(monkeypatch, spends, None, 5.0)
        assert limits == asked
        assert (finished.status, finished.solver.value(value)) == expected


def test_a_stage_highs_stopped_on_keeps_highs_plan_and_bound(monkeypatch):
    """HiGHS stopped at its limit hands on its bound and its better plan (`Proof.stopped`). On the knapsack of
    3a + 5b + 4c with 2a + 4b + 3c <= 7, CP-SAT's budget plan a and b (8), HiGHS's plan b and c (9) under a
    bound of 10:
    - with the time limit spent by HiGHS, the stage keeps HiGHS's plan, read with every variable fixed (no
      search, so with no limit), unproven, with HiGHS's bound 10 for the stage's (the read's own bound is
      its plan's value);
    - the bound alone, time spent: CP-SAT's plan (8), HiGHS's bound, no other solve;
    - no time limit: CP-SAT searches between 9 and 10 from HiGHS's plan and proves 9."""
    from ortools.sat.python import cp_model

    from optimizer.turn.prove import Proof

    plan = Proof(bound=10, better=9, values=(0, 1, 1), stopped=True)
    bound_only = Proof(bound=10, stopped=True)
    for proof, limit, asked, expected in (
        (plan, 5.0, [None], (cp_model.FEASIBLE, 9, 10, True)),
        (bound_only, 5.0, [], (cp_model.FEASIBLE, 8, 10, False)),
        (plan, None, [None], (cp_model.OPTIMAL, 9, None, False)),
    ):
        finished, limits, value = finish_knapsack(monkeypatch, 5.0, proof, limit)
        assert limits == asked
        got = (finished.status, finished.solver.value(value), finished.bound, finished.fixed)
        assert got == expected, proof


def run_group_highs_stopped_on(monkeypatch, bound):
    """`run_stages` on two priorities solved together, u = x then v = y, with x + y <= 2 and x, y in 0..2
    (exact weights 3 and 1: 3x + y), CP-SAT's budget too short for a plan and HiGHS a stand-in that stops
    on the group with the plan x = 2, y = 0 (worth 6) under `bound`, then proves nothing. The run, and
    how many times HiGHS was asked."""
    from ortools.sat.python import cp_model

    import optimizer.turn.stages as stages
    from optimizer.turn.prove import Proof

    model = cp_model.CpModel()
    x, y = model.new_int_var(0, 2, "x"), model.new_int_var(0, 2, "y")
    model.add(x + y <= 2)
    asked: list[int] = []

    def highs(*args, **kwargs):
        asked.append(1)
        return Proof(bound=bound, better=6, values=(2, 0), stopped=True) if len(asked) == 1 else None

    class Plain:
        def decisions(self):
            return [x, y]

    def configured(given):
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        return solver

    monkeypatch.setattr(stages, "prove", highs)
    group = [stages.Member("u", x, 1, 3, 0, 2), stages.Member("v", y, 1, 1, 0, 2)]
    policy = stages.StagePolicy(stage_budget=0.0, together=True, exact=True)
    run = stages.run_stages(model, Plain(), [group], None, 0.0, configured, policy=policy)
    return run, len(asked)


def test_a_group_highs_stopped_on_keeps_what_its_plan_and_bound_prove(monkeypatch):
    """HiGHS stopped on a group of priorities solved together hands on its bound and plan, and what they
    prove of the group's first priorities is kept (`proven_prefix`), not solved again. On 3x + y with
    x + y <= 2 (u = x first, then v = y), HiGHS's plan x = 2, y = 0 under a bound of 8: every plan has
    3x + y <= 8 with y >= 0, so x <= 8 // 3 = 2 and the plan's x = 2 is proven; y is left (8 - 6 = 2 above
    the plan's 0) and solved alone, one more proof. The lexicographic optimum is x = 2, then y = 0."""
    from models.plan import Status

    run, asked = run_group_highs_stopped_on(monkeypatch, 8)
    assert run.status is Status.OPTIMAL
    assert [(s.priority, s.value, s.proven) for s in run.stages] == [("u", 2, True), ("v", 0, True)]
    assert asked == 2, "the group's proof, then v's alone: u is not proven again"


def test_a_group_highs_stopped_on_that_proves_nothing_is_split_as_before(monkeypatch):
    """The same group under a bound of 9: x <= 9 // 3 = 3, above the plan's 2, proves nothing of u, and the
    group is split as when HiGHS handed nothing on: u alone, then v alone (two more proofs), with the same
    optimum x = 2, y = 0."""
    from models.plan import Status

    run, asked = run_group_highs_stopped_on(monkeypatch, 9)
    assert run.status is Status.OPTIMAL
    assert [(s.priority, s.value, s.proven) for s in run.stages] == [("u", 2, True), ("v", 0, True)]
    assert asked == 3
