"""The season solved: each priority in order over the whole season, each optimum kept while the next is
solved (on the turn model's stage loop, `optimizer.turn.stages`), then every turn's plan read off.

A one-turn season is the turn position itself and is solved by the turn planner
(`optimizer.planners.position.solve`): its prepared turn is the scenario unchanged
(`optimizer.season.prepare.this_turn`), so its plan is `awaw plan`'s, byte for byte."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ortools.sat.python import cp_model

from models.plan import ObjectiveReport, Plan, Status
from models.scenario import Scenario
from models.season import turn_after
from models.season_plan import SeasonPlan, SeasonTurn
from models.tables import Faction
from optimizer.rules.linear import LinearExpr, expression_range, value
from optimizer.season.chart import later_naval_reports
from optimizer.season.model import SeasonVariables, build_season
from optimizer.season.objective import season_members
from optimizer.season.prepare import SeasonData, prepare_season
from optimizer.turn.expected import expected_stage
from optimizer.turn.extract import extract_plan
from optimizer.turn.prepare import Relaxation
from optimizer.turn.solve import exact_weights, stage_solver
from optimizer.turn.stages import Member, StagePolicy, provable, run_stages

# Branch-and-bound nodes HiGHS may take on a season's stalled stage (the turn's `NODE_LIMIT` is 2,000):
# a season's stages are larger, and HiGHS proves some of them in 200-3,300 nodes (its restarts counted)
# where CP-SAT, left alone once HiGHS stopped, ran out of time or searched for minutes without closing the
# gap (seed 100003's unspent_brps: 80 against a bound of 236 after 140 deterministic seconds; HiGHS
# proves 80 in 3,265 nodes, 12.7 s). Measured in benchmarks/season.py on seeds 90000-90009, 60 s a
# position: 200 nodes, 7 of 10 proven, CPU p50 / p95 11.1 / 70.0 s; 2,000 nodes, 10 of 10, 14.5 / 51.8 s;
# 2,000 nodes with the domains tightened first, 10 of 10, 8.0 / 31.8 s. A count, not a time, so that
# the same position gives the same plan.
#
# 200,000 rather than 20,000: HiGHS is the season's prover of last resort. Every stage seen to pass 20,000
# nodes, HiGHS proved with more, where CP-SAT, left alone past the limit, had not proven it after minutes:
# - benchmarks/positions/season_stalls.yaml's first stage: HiGHS 23,969 nodes, 59 s; CP-SAT alone 567 s;
# - seed 540000's first stage: HiGHS 23,697 nodes, 54 s; CP-SAT alone at 412,400 against 410,400 after
#   60 s, and, asked for a plan between HiGHS's plan and bound at 20,000 nodes (410,400 to 410,900),
#   none in 120 s;
# - seed 560023's unspent_brps: HiGHS 94,986 nodes, 113 s; CP-SAT alone no plan in 150 s (bound 144, the
#   optimum 116).
# Whole seasons: season_stalls.yaml, 540000 and 560023 had each run past ten minutes (CP-SAT alone after
# HiGHS's 20,000); they are proven in 232, 58.5 and 164 s of CPU. A stage under 20,000 nodes does the same
# work as before, so every other plan is the same, byte for byte (`benchmarks.outputs compare`; of the
# seasons of seeds 560000-560059 and 570000-570059, with the 20,000, one stalled, 560023, and no other took
# 33 s). A stage HiGHS never proves costs up to 200,000 nodes (minutes) before CP-SAT goes on alone;
# `--time-limit` bounds it for the player.
SEASON_NODE_LIMIT = 200_000
# Deterministic time a season's stage gets from CP-SAT before HiGHS is asked (the turn's `STAGE_BUDGET` is
# 0.3): most of a season's stages are past it whatever the budget, and HiGHS, not CP-SAT, finds their best
# plans (on seeds 130000-130015, 26 of 32 stages went to HiGHS, and HiGHS found a better plan than CP-SAT's
# on 22), so CP-SAT's search past a first plan is mostly thrown away. A stage still without a plan at the
# budget goes to HiGHS all the same (`optimizer.turn.stages._finish_stage`). Both trees in turn on fresh seeds
# 160000-160019: every value the same, CPU summed 139.5 -> 129.6 s, p50 5.5 -> 4.0 s, p95 15.4 -> 14.8 s;
# two positions CP-SAT had finished between 0.1 and 0.3 paid for HiGHS instead (1.4 -> 2.7, 2.4 -> 3.9 s).
# Nor would CP-SAT's core-based search prove what HiGHS is asked to (`optimize_with_core`, with the
# engineers' `cover_optimization` off and `core_minimization_level` 1): each stage of seasons 600000-600003
# and 600009, solved up to 10 deterministic s both ways, proved no stage the default search had not,
# 600009's and 600003's first stages unproven either way (600009's best plan 275 -> 250 against a bound of
# 282), 600002's first 0.28 -> 3.87 s, and 600001's later group, proven by default in 0.14 s, unproven.
SEASON_STAGE_BUDGET = 0.1
# The budget of the season's later stages (the priorities after the first, solved together): CP-SAT rarely
# proves them within 0.1 (on the ten traced seeds 270000-270009, once), and HiGHS, asked then, proves them
# without CP-SAT's plan; so past a short first search, which still finishes the small seasons, they go to
# HiGHS. Both trees side by side on fresh seeds, every value the same: 280000-280019 CPU summed 80.6 ->
# 75.1 s, 19 of 20 positions faster (0.1-0.9 s each), p95 7.26 -> 7.09; 290000-290019 110.9 -> 108.0 s,
# 13 faster, 7 slower (HiGHS's time on the same stage moves by a sixth between two runs side by side:
# 290004 took 11.2 -> 13.3 s there, 11.8 -> 10.2 s each run alone).
SEASON_LATER_BUDGET = 0.01
# HiGHS's nodes on the season's later priorities solved together, before they are split and proven one by
# one (each then with `SEASON_NODE_LIMIT`). Traced on seeds 300000-300019 and 310000-310019, every such
# group HiGHS proved took at most 744 nodes, and one (300011) ran out of the 20,000 after 59 s of CPU,
# then was proven one by one in 732 and 1,190 nodes (32 s): a group past a few thousand nodes is proven
# sooner in parts. 300011 alone: 82.8 -> 44.3 s of CPU, the same proofs after the split. On fresh seeds
# 320000-320019 no group passed 3,000 nodes: every value the same, the same work.
# A group stopped at the limit hands on HiGHS's bound and plan, and the priorities they prove are not proven
# again (`optimizer.turn.stages._group_handed_on`): seed 720038's group of unspent_brps, oil_kept and
# fewest_granted stopped with a bound that, with its plan's unspent_brps of 0, proves that 0; the split
# then proves oil_kept and fewest_granted alone, not as a second group that stopped too. Both trees in
# turn, under a load of 3: 65.7 -> 39.7 s of CPU (50.5 -> 35.2 s each run alone), the same plan byte for
# byte. Of seeds 710000-710039, traced stage by stage, one group stopped (710015's), whose plan proved
# nothing: the group split as before, the same plan (48.0 -> 55.0 s side by side under that load, the
# same HiGHS calls). On fresh seeds 730000-730039 every plan the same byte for byte, CPU summed 134.1 ->
# 133.1 s.
SEASON_GROUP_NODE_LIMIT = 3_000


@dataclass
class SeasonSolved:
    status: Status
    plan: SeasonPlan | None
    build_seconds: float = 0.0
    solve_seconds: float = 0.0
    deterministic_seconds: float = 0.0
    # The solved model, for what-ifs that read more of it than the plan (`optimizer.season.alternatives`).
    variables: SeasonVariables | None = None
    solver: cp_model.CpSolver | None = None


def solve_season(
    scenario: Scenario,
    time_limit: float | None = None,
    workers: int = 1,
    relax: dict[int, Relaxation] | None = None,
    adjust: Callable[[SeasonData], SeasonData] | None = None,
    *,
    tighten: bool = True,
    node_limit: int = SEASON_NODE_LIMIT,
    constrain: Callable[[cp_model.CpModel, SeasonVariables], None] | None = None,
) -> SeasonSolved:
    """The best season plan, priority by priority (a one-turn season valued as its turn position, whose
    planner `awaw season` uses for it); with `relax`, with more of some resources in some turns
    (`optimizer.season.why`); with `adjust`, of the prepared season it returns: the player's decisions fixed
    or forbidden (`optimizer.season.decisions.with_decisions`), a route's capacity raised
    (`optimizer.season.why`). The stages are the turn planner's (`optimizer.turn.stages.run_stages`), queued
    by `season_queue`: the first priority alone, then the rest together, each stage past its budget proven
    by HiGHS (measured in benchmarks/season.py: on seeds 70000-70009 every position proven, CPU p95 10 s
    under a load of 5, where the priorities one by one with CP-SAT alone proved 7 of 10 in 60 s).

    With `tighten` (the default), the variables' domains are first narrowed to what CP-SAT's presolve
    proves of every feasible plan (`tighten_domains`), which narrows the groups' weights and HiGHS's
    big-M terms: HiGHS proves the stalled stages two to three times sooner so (seeds 90000-90009,
    `benchmarks.season target --no-tighten` to compare). `node_limit`: HiGHS's nodes on a stalled
    stage (`SEASON_NODE_LIMIT`).

    With `constrain`, more is posted on the built model before it is solved (the no-good cuts of
    `optimizer.season.alternatives`)."""
    started = time.perf_counter()
    data = prepare_season(scenario, relax)
    if adjust is not None:
        data = adjust(data)
    model, variables = build_season(data)
    if constrain is not None:
        constrain(model, variables)
    if tighten:
        tighten_domains(model)
    built = time.perf_counter()
    queue = season_queue(model, season_members(model, variables))
    turns = [(data.turns[t], turn, f"t{t}_") for t, turn in enumerate(variables.turns)]
    expected = expected_stage(model, turns, data.scenario.expected_orders)
    queue += expected.stages

    configured = partial(stage_solver, workers=workers, naval=variables.turns[0].naval is not None)
    policy = StagePolicy(
        stage_budget=SEASON_STAGE_BUDGET,
        node_limit=node_limit,
        together=True,
        exact=True,
        later_budget=SEASON_LATER_BUDGET,
        group_node_limit=min(node_limit, SEASON_GROUP_NODE_LIMIT),
    )
    run = run_stages(model, variables, queue, time_limit, built, configured, policy=policy)
    seconds = time.perf_counter() - built
    if run.solver is None:
        return SeasonSolved(run.status, None, built - started, seconds, run.work)
    plan = season_plan(scenario, variables, run.solver, run.status, run.report(), expected.dropped)
    return SeasonSolved(run.status, plan, built - started, seconds, run.work, variables, run.solver)


def season_queue(model: cp_model.CpModel, members: list[tuple[str, LinearExpr, int]]) -> list[list[Member]]:
    """The season's priorities as solves: the first alone, then the rest in one group with exact
    lexicographic weights, which HiGHS proves at once when CP-SAT stalls on it (`StagePolicy.together`),
    or one by one when their weights pass what HiGHS is given (`provable`).

    Not every priority in one call, as the turn's naval positions are (`optimizer.turn.solve.stage_groups`):
    on the 11 generated 4-turn seasons traced (seeds 150000-150011 but 150009) the one call ran out of its
    budget every time, 2 s of CPU each for a plan and a bound that proved nothing; and the later priorities
    one by one were proven by HiGHS one at a time, 9-10 s each on seed 150001, where the group is proven
    once (6 s). Measured in benchmarks/season.py, CPU s summed over seeds 150000-150011 and 150012-150023:
    every priority in one call, then one by one: 200 and not measured; the rest together after the one
    call: 151 and 92; the first alone and the rest together (this): 135 and 80. The optima the same on all
    24 (a busy machine: the figures move by about a tenth)."""
    ranges = [expression_range(model, expr) for _, expr, _ in members]
    first = Member(*members[0], 1, *ranges[0])
    if len(members) == 1:
        return [[first]]
    weights = exact_weights(ranges[1:])
    rest = [
        Member(*member, weight, low, high)
        for member, weight, (low, high) in zip(
            members[1:], weights or [1] * len(members[1:]), ranges[1:], strict=True
        )
    ]
    if weights is not None and len(rest) > 1 and provable(rest):
        return [[first], rest]
    return [[first], *([member] for member in rest)]


def tighten_domains(model: cp_model.CpModel) -> None:
    """Each variable's domain narrowed to the least and greatest values CP-SAT's presolve proves it can
    take in any plan of `model` (no objective, and no reduction that removes a feasible plan:
    `keep_all_feasible_solutions_in_presolve`), so that every plan of the season is still a plan and
    every priority's optimum the same. The later turns' BRPs, grants and construction limits are
    declared with bounds no turn reaches (`NO_BUDGET`, `LIMIT_RANGE`); presolve reads the real ones off
    the position (what each power has, what it can be granted, what its force pool can cost).

    `fill_tightened_domains_in_response` with `stop_after_presolve` only: on a search, OR-Tools 9.15 may
    abort the process with it (issue 5001; `optimizer.turn.prove`'s trials). Stopped after presolve it did
    not abort on the models of `tests/optimizer/whatif/test_alternatives.py` whose full solve with it did."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.stop_after_presolve = True
    solver.parameters.keep_all_feasible_solutions_in_presolve = True
    solver.parameters.fill_tightened_domains_in_response = True
    model.clear_objective()
    solver.solve(model)
    tightened = solver.response_proto.tightened_variables
    if len(tightened) != len(model.proto.variables):
        return  # infeasible found by presolve, or nothing derived: the stages find it out
    for var, found in zip(model.proto.variables, tightened, strict=True):
        domain, narrow = list(var.domain), list(found.domain)
        if len(domain) != 2 or not narrow:
            continue
        low, high = max(domain[0], narrow[0]), min(domain[1], narrow[-1])
        if low <= high and (low, high) != (domain[0], domain[1]):
            var.domain[0], var.domain[1] = low, high


def season_plan(
    scenario: Scenario,
    variables: SeasonVariables,
    solver: cp_model.CpSolver,
    status: Status,
    objective: ObjectiveReport,
    dropped_notes: dict[int, list[str]],
) -> SeasonPlan:
    """Every turn's plan, read off the solved season model by the turn model's own extraction, with the
    notes of the expected orders each turn cannot carry out (`Expected.dropped`, by turn, 1 first)."""
    data = variables.data
    turns: list[SeasonTurn] = []
    for t, (prepared, turn) in enumerate(zip(data.turns, variables.turns, strict=True)):
        plan = extract_plan(prepared, turn, solver, status, objective)
        carried = {f: value(solver, n) for f, n in variables.oil_carried[t].items()}
        if t > 0:
            # As the turn's extraction reports them: oil counters shipped to Russia this turn move (40.25).
            shipped = value(solver, turn.grants.oil_shipped()) if turn.grants is not None else 0
            moved = {Faction.RUSSIA: shipped, Faction.WESTERN_ALLIES: -shipped}
            plan = _later_accounts(plan, {f: n + moved.get(f, 0) for f, n in carried.items()})
            plan = plan.model_copy(update={"naval": later_naval_reports(turn, solver)})
        if dropped := dropped_notes.get(t + 1):
            plan = plan.model_copy(update={"notes": [*plan.notes, *dropped]})
        when = turn_after(scenario.turn, t)
        start: dict = {}
        for power in prepared.powers:
            flow: LinearExpr = turn.inflow[power] if t > 0 else prepared.powers[power].brps_available
            start[power] = value(solver, flow)
        turns.append(
            SeasonTurn(
                turn=t + 1,
                season=when.season,
                year=when.year,
                expected=t > 0,
                brps_start=start,
                oil_counters=carried,
                plan=plan,
            )
        )
    return SeasonPlan(
        scenario=scenario.name,
        status=status,
        objective=objective,
        turns=turns,
        brps_left={p: value(solver, variables.kept_at_end(p)) for p in data.turns[-1].powers},
        oil_left={f: value(solver, n) for f, n in variables.oil_left.items()},
    )


def _later_accounts(plan: Plan, carried: dict) -> Plan:
    """A later turn's oil reports with the counters it really has (its prepared data holds a bound); the
    notes on the scenario's defaults are turn 1's."""
    oil = [
        report.model_copy(
            update={"counters_available": carried.get(report.faction, report.counters_available)}
        )
        for report in plan.oil
    ]
    return plan.model_copy(update={"oil": oil, "notes": []})
