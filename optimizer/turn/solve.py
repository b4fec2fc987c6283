"""The player's priorities solved in order over a built turn model: `solve_stages(...) -> Solved`.

`optimizer.turn.built.Built` prepares and builds the model once and hands each solve a copy of it;
`optimizer.planners.turn` is the turn planner (`solve(scenario)`, `Position`) that every surface uses.
The priorities are grouped into calls with exact lexicographic weights here (`stage_groups`) and solved
by the stage loop the season shares (`optimizer.turn.stages.run_stages`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import TypeVar

from ortools.sat.python import cp_model

from models.plan import Plan, Status
from models.scenario import Priority, Scenario
from optimizer.rules.grants.objective import fewest_granted
from optimizer.rules.linear import LinearExpr, expression_range
from optimizer.turn.expected import expected_stage
from optimizer.turn.explain import explain
from optimizer.turn.extract import extract_plan
from optimizer.turn.model import new_solver
from optimizer.turn.objective import describe_priority, priority_expression
from optimizer.turn.prepare import Prepared
from optimizer.turn.progress import OnProgress
from optimizer.turn.stages import Member, StagePolicy, run_stages
from optimizer.turn.variables import Variables


@dataclass
class Solved:
    """One solve of a turn position: the status, the plan (when one was found), why not (when
    infeasible), the time and work it took, and the solver's values of the plan's decisions (by variable
    name: the hint a what-if starts from) with the solver itself, to read what the plan uses."""

    status: Status
    plan: Plan | None
    explanation: list[str] = field(default_factory=list)
    build_seconds: float = 0.0
    solve_seconds: float = 0.0
    deterministic_seconds: float = 0.0  # CP-SAT's count of the work done, summed over the stages
    solver: cp_model.CpSolver | None = None
    variables: Variables | None = field(default=None, repr=False)  # the model's, to read the plan's decisions

    @cached_property
    def decisions(self) -> dict[str, int]:
        """The plan's decisions by variable name: the hint a what-if starts from (read when first asked)."""
        if self.solver is None or self.variables is None:
            return {}
        return {var.name: self.solver.value(var) for var in self.variables.decisions()}

    @property
    def objective(self) -> float | None:
        return self.plan.objective.value if self.plan and self.plan.objective else None

    @property
    def bound(self) -> float | None:
        return self.plan.objective.bound if self.plan and self.plan.objective else None

    @property
    def gap(self) -> float | None:
        return self.plan.objective.gap if self.plan and self.plan.objective else None


def solve_stages(
    scenario: Scenario,
    model: cp_model.CpModel,
    data: Prepared,
    variables: Variables,
    time_limit: float | None = None,
    workers: int = 1,
    *,
    one_call: bool = False,
    light_presolve: bool = False,
    explain_infeasible: bool = True,
    on_progress: OnProgress | None = None,
) -> Solved:
    """Plan the turn on `model` (which the solve changes: each optimum is kept as a constraint while the
    next priority is solved): the best plan for each priority in order, keeping every earlier optimum.

    With `time_limit` (seconds, shared by all priorities and by the explanation of an infeasible position)
    the best plan found is returned with its bound and gap; status is then FEASIBLE unless every
    priority was proven optimal. Without `explain_infeasible`, an infeasible position is returned without
    the explanation's extra solves. `one_call`: every priority in one call with exact weights when they
    fit, as with naval charts (the what-ifs of `--why`, started from a whole plan, are faster so; the
    optima are the same). `light_presolve`: one round of presolve instead of CP-SAT's default, on models
    without naval charts (`light_presolve_search`); for the re-solves of `--alternatives`. The plan's
    `sw` figures (rule 25) are the planner's to add (`optimizer.planners.turn`). `on_progress` is told of
    each better plan as it is found (`optimizer.turn.progress`)."""
    built = time.perf_counter()
    priorities = priority_order(scenario, variables)
    queue = stage_groups(model, data, variables, priorities, one_call)
    expected = expected_stage(model, [(data, variables, "")], scenario.expected_orders)
    queue += expected.stages

    configured = partial(
        stage_solver, workers=workers, naval=variables.naval is not None, light_presolve=light_presolve
    )
    run = run_stages(model, variables, queue, time_limit, built, configured, on_progress, policy=TURN_STAGES)
    if run.status is Status.INFEASIBLE:
        left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - built))
        return Solved(
            Status.INFEASIBLE,
            None,
            explain(data, left) if explain_infeasible else [],
            solve_seconds=time.perf_counter() - built,
            deterministic_seconds=run.work,
        )
    if run.solver is None:
        return Solved(
            Status.UNKNOWN, None, solve_seconds=time.perf_counter() - built, deterministic_seconds=run.work
        )
    plan = extract_plan(data, variables, run.solver, run.status, run.report())
    if dropped := expected.dropped.get(1):
        plan = plan.model_copy(update={"notes": [*plan.notes, *dropped]})
    return Solved(
        plan.status,
        plan,
        solve_seconds=time.perf_counter() - built,
        deterministic_seconds=run.work,
        solver=run.solver,
        variables=variables,
    )


# A turn's stages: measured in benchmarks/tail.py (see `STAGE_BUDGET`, `NODE_LIMIT`). `together`: once a
# one call runs out, its first priority is solved alone and the rest (unspent BRPs, oil kept, the fewest
# granted) as one group HiGHS proves at once, as the season's are, instead of one by one. Both trees side
# by side on fresh seeds of the naval suite, CPU s of the positions over 1 s in either: 6000000-6000299
# 87.0 -> 77.1, 6100000-6100499 149.6 -> 133.2, 6300000-6300499 118.6 -> 108.4 (the others do the same
# deterministic work; p95 1.08 -> 0.96, 1.27 -> 1.21, 1.08 -> 1.15, within the noise of the fast ones);
# every optimum the same, 12 of 1,300 ties broken otherwise. The grants suite: 6200000-6200299 p95 0.197
# both; on 6700000-6700499 five positions did other work, four of them faster (7.6 -> 3.4, 3.8 -> 1.6,
# 2.7 -> 1.5, 2.2 -> 1.0 s), one slower (0.87 -> 1.03 s). The first priority alone and the rest together without the one call (the season's
# queue) was worse: p50 0.32 -> 0.46, p95 1.16 -> 2.30. A budget of 0.02 for the stages after one has
# gone to HiGHS (as a season's later stages have 0.01) saved little: on the 13 of seeds 8700000-8700699
# that reach a stage, CPU summed 39.8 -> 37.8 s, the slowest 8.3 -> 7.2 s, 4 ties broken otherwise. Nor
# straight to HiGHS once a one call runs out, without the first priority's own CP-SAT solve: of seeds
# 9810000-9810199, five one calls ran out; that solve proved two of them within its budget (0.09 and 0.10 s,
# where HiGHS takes 1.5-2.5 s) and went to HiGHS on three (0.41-0.71 s each, which skipping would save).
TURN_STAGES = StagePolicy(together=True)


def priority_order(scenario: Scenario, variables: Variables) -> list[Priority | None]:
    """The player's priorities in order; with grants, last, None: among equal plans, the one that moves
    the fewest BRPs."""
    priorities: list[Priority | None] = list(scenario.objective.priority_list())
    if variables.grants is not None:
        priorities.append(None)
    return priorities


# Exact integers only: a solve's weighted objective stays within what a double holds exactly, so its
# value, its bound and the optimum kept for the next solve are never rounded.
EXACT_LIMIT = 2**53


def naval_search(solver: cp_model.CpSolver) -> None:
    """Search settings for models with naval charts: every LP row from the start (the charts' state
    machines are what bound the later priorities, and adding them lazily costs more rounds of the LP),
    and the LP solution rounded into plans early (a first plan sooner). Measured in benchmarks/scale.py:
    deterministic time p50 0.059 -> 0.044, p95 0.180 -> 0.163 on grants + naval, 48 entries, 12 turns;
    on models without charts (builds alone) the same settings are slower, so they are kept to these.

    Without CP-SAT's RLT cuts (products of Booleans): on five of six slow one-call solves of the naval
    suite traced, they changed no search (the same deterministic time to the unit) and took a tenth to a
    fifth of the CPU, which the deterministic budget does not count. Both trees side by side on seeds
    7970000-7970499: CPU s of the positions over 1 s 54.6 -> 47.8, p95 0.921 -> 0.878, every optimum the
    same, 15 of 500 ties broken otherwise; seasons 260000-260019 (`optimizer.season.solve`): CPU summed
    69.8 -> 67.1 s, every value the same. `benchmarks.outputs`: every bundled scenario the same bytes, one
    generated joint plan (77004) a tie broken otherwise (nine BRPs granted by the U.S. instead of Britain).

    Measured again by CPU, since the LP is most of a one call's CPU and its deterministic time counts it
    short (CPU 3 to 5 times the deterministic time): with the LP's rows added lazily, seeds
    8700000-8700199 of benchmarks/tail.py went p50 0.245 -> 0.211 s, p95 1.049 -> 1.060 s, 193 of 200
    ties broken otherwise; no cut setting tried (CG, MIR, zero-half, clique, cut rounds, cut level, LP
    iterations) was faster on the one calls of 8700000-8700059. The domains tightened by presolve first
    (as a season's are, `optimizer.season.solve.tighten_domains`) cost more than they save on a turn:
    p50 0.245 -> 0.375 s, p95 1.049 -> 1.181 s. By CPU too, both trees side by side on seeds
    9100000-9100299, every optimum the same: the LP solution not polished, CPU summed 82.0 -> 98.4 s, p95
    0.62 -> 0.76 s; CP-SAT's LP_SEARCH branching 82.0 -> 90.3 s, p95 0.62 -> 0.70 s (PSEUDO_COST_SEARCH is
    the search CP-SAT already makes here: every plan the same bytes, 81.9 s).

    Three searches measured on six one calls near the naval suite's p95 (seeds 9110000, 9110008, 9110052,
    9110164, 9110177, 9110379; each 0.8-1.5 s of CPU, 0.27-0.42 deterministic s), every optimum the same,
    CPU summed as it is 6.6 s: the LP-bound tree search (`optimize_with_lb_tree_search`) 17.4 s, each call
    to 0.9-1.1 deterministic s but one; a restart every 10 conflicts (`restart_period`, 50 by default)
    8.9 s, 9110177 1.15 -> 0.17 s but 9110164 1.26 -> 2.90 and 9110379 0.97 -> 3.21; CP-SAT's subsolvers
    interleaved on one thread (`interleave_search`) 27.3 s, and with four of them 46.1 s. On the same six,
    cuts added at the root only (`only_add_cuts_at_level_zero`) 12.7 s (9110164 1.00 -> 7.08 s), and
    none at all (`cut_level` 0) 20.5 s: the cuts the search adds are what prove these calls.

    One round of presolve (`max_presolve_iterations` 1, as `light_presolve_search`), both trees side by
    side on seeds 9850000-9850499 (a third process running): CPU summed 164.3 -> 155.7 s, p50 0.179 ->
    0.161, p95 0.918 -> 0.866, but the positions over 1 s 20 -> 24 and the slowest 5.7 -> 7.4 s; every
    optimum the same, 469 of 500 ties broken otherwise (another presolved model). Not kept: far from the
    tail's targets, and every plan's bytes move.

    CP-SAT's core-based search (`optimize_with_core`, stratified by weight, so the weighted priorities are
    met heaviest first within one call). On nine one calls near the naval suite's p95 (seeds 9810001,
    9810002, 9810039, 9810053, 9810062, 9810086, 9810095, 9810166, 9810184), each solved to the end, CPU
    summed 6.18 s as it is, 11.67 s with the core search, 5.33 s with it and the engineers' settings
    (`cover_optimization` off, `core_minimization_level` 1; five faster, 9810039 0.62 -> 1.66 s); without
    stratification none was proven in 5 deterministic s. The last on every naval solve, both trees side by
    side on fresh seeds 9860000-9860199: CPU summed 64.3 -> 73.3 s, p50 0.194 -> 0.207, p95 0.779 ->
    1.032, positions over 1 s 7 -> 13 (62 a tenth faster, 88 a tenth slower); every optimum the same, 172
    ties broken otherwise. Not kept.

    The LP folded by the model's symmetries (`use_symmetry_in_lp`): on those nine one calls CPU summed 6.13
    -> 4.93 s (9810095 0.59 -> 0.13 s, 9810053 0.77 -> 1.05 s), but both trees side by side on fresh seeds
    9870000-9870199 CPU summed 66.7 -> 65.8 s, p50 0.181 -> 0.185, p95 0.622 -> 0.719: on 74 positions the
    same search (the same deterministic time) paid for finding the symmetries (9870018 0.58 -> 0.75 s), and
    45 were a tenth faster, 84 a tenth slower; every optimum the same, 121 ties broken otherwise. Not kept.
    Nor, on the nine in the same run, `symmetry_level` 4 (5.60 s), `minimize_reduction_during_pb_resolution`
    (5.72 s), `add_objective_cut` (6.11 s) or `exploit_all_lp_solution` off (52.3 s); nor, in another run,
    `use_objective_lb_search` (6.06 -> 18.28 s; 9810001 0.55 -> 9.07 s), and `use_objective_shaving_search`
    changed no search."""
    solver.parameters.add_lp_constraints_lazily = False
    solver.parameters.polish_lp_solution = True
    solver.parameters.add_rlt_cuts = False


def stage_solver(
    limit: float | None, workers: int, naval: bool, light_presolve: bool = False
) -> cp_model.CpSolver:
    """A stage's CP-SAT solver (`new_solver`), with `naval_search` on a model with naval charts, else
    `light_presolve_search` when asked: the turn's, the season's (`optimizer.season.solve`) and
    benchmarks/highs.py's."""
    solver = new_solver(limit, workers)
    if naval:
        naval_search(solver)
    elif light_presolve:
        light_presolve_search(solver)
    return solver


def light_presolve_search(solver: cp_model.CpSolver) -> None:
    """One round of presolve for a model without naval charts: the later rounds find little in these
    small models, and on the alternatives' re-solves, a copy of a model already solved once, they were
    much of each call's CPU time (measured in benchmarks/alternatives.py; the plans of every bundled
    scenario the same, byte for byte). Not for naval models, where the presolved model, and so the plan
    among equal ones, differs."""
    solver.parameters.max_presolve_iterations = 1


def stage_groups(
    model: cp_model.CpModel,
    data: Prepared,
    variables: Variables,
    priorities: list[Priority | None],
    one_call: bool = False,
) -> list[list[Member]]:
    """The priorities as solves, each a list of members with exact lexicographic weights.

    The priorities are solved in one call whenever exact weights
    exist within EXACT_LIMIT: each priority's weight is the product of (range + 1) of every later
    priority of the call, read off the variables' domains, so no gain in a later priority can
    outweigh one unit of an earlier one. The optima are those of solving them one after the other,
    in fewer solves; a call that would pass the limit starts a new one.
    """
    members: list[tuple[str, LinearExpr, int]] = []
    for priority in priorities:
        if priority is None:
            assert variables.grants is not None
            members.append(("fewest_granted", fewest_granted(variables.grants), 1))
        else:
            expr, scale = priority_expression(data, variables, priority)
            members.append((describe_priority(priority), expr, scale))
    ranges = [expression_range(model, expr) for _, expr, _ in members]
    groups: list[list[Member]] = []
    start = 0
    while start < len(members):
        end = start + 1
        # With naval charts, one presolve and one search for every priority: presolving the charts' state
        # machines is much of each solve. Without them presolve is cheap, and the first priority alone,
        # then the rest hinted from its plan, is faster (both measured in benchmarks/). Measured again on
        # naval seeds 9600000-9600199 (benchmarks/tail.py), both ways in turn, every value the same: the
        # first priority alone there took CPU summed 61.8 -> 103.1 s, p50 0.205 -> 0.373, p95 0.797 -> 1.418.
        while (
            (start > 0 or one_call or variables.naval is not None)
            and end < len(members)
            and exact_weights(ranges[start : end + 1]) is not None
        ):
            end += 1
        weights = exact_weights(ranges[start:end]) or [1]
        groups.append(
            [
                Member(*members[k], weight, *ranges[k])
                for k, weight in zip(range(start, end), weights, strict=True)
            ]
        )
        start = end
    return groups


def exact_weights(ranges: list[tuple[int, int]]) -> list[int] | None:
    """Exact lexicographic weights for expressions of these ranges, first most important; None when
    the weighted sum could pass EXACT_LIMIT."""
    weights = [1]
    for low, high in reversed(ranges[1:]):
        weights.insert(0, weights[0] * (high - low + 1))
    magnitude = sum(w * max(abs(low), abs(high)) for w, (low, high) in zip(weights, ranges, strict=True))
    return weights if magnitude < EXACT_LIMIT else None


T = TypeVar("T")


def solve_side_by_side(calls: dict[int, Callable[[], T]], threads: int | None = None) -> dict[int, T]:
    """Each call's result, the calls run side by side on `threads` threads (the machine's cores by
    default; CP-SAT solves outside Python's lock). Each solve uses one worker with a fixed seed, so the
    results do not depend on how many run at once: the what-ifs of `--why` and `--why-not`."""
    with ThreadPoolExecutor(max_workers=threads or os.cpu_count() or 1) as pool:
        futures = {key: pool.submit(call) for key, call in calls.items()}
        return {key: future.result() for key, future in futures.items()}
