"""The player's priorities solved in order over a built turn model: `solve_stages(...) -> Solved`.

`optimizer.turn.built.Built` prepares and builds the model once and hands each solve a copy of it;
`optimizer.planners.turn` is the turn planner (`solve(scenario)`, `Position`) that every surface uses.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple, Protocol, TypeVar

from ortools.sat.python import cp_model

from models.plan import ObjectiveReport, Plan, StageResult, Status
from models.scenario import Priority, Scenario
from optimizer.rules.grants.objective import fewest_granted
from optimizer.rules.linear import LinearExpr, value
from optimizer.turn.explain import explain
from optimizer.turn.extract import extract_plan
from optimizer.turn.model import new_solver
from optimizer.turn.objective import describe_priority, priority_expression
from optimizer.turn.prepare import Prepared
from optimizer.turn.progress import OnProgress, Reporter, first_bound
from optimizer.turn.prove import NODE_LIMIT, STAGE_BUDGET, prove
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

    def configured(limit: float | None) -> cp_model.CpSolver:
        solver = new_solver(limit, workers)
        if variables.naval is not None:
            naval_search(solver)
        elif light_presolve:
            light_presolve_search(solver)
        return solver

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
    return Solved(
        plan.status,
        plan,
        solve_seconds=time.perf_counter() - built,
        deterministic_seconds=run.work,
        solver=run.solver,
        variables=variables,
    )


@dataclass
class StageRun:
    """What the solves of the priorities ended with (`run_stages`): INFEASIBLE, UNKNOWN (no plan found),
    or a plan (`solver`) with each priority's stage, proven or not (OPTIMAL when all are)."""

    status: Status
    stages: list[StageResult]
    solver: cp_model.CpSolver | None
    work: float  # deterministic time, summed over the solves

    def report(self) -> ObjectiveReport:
        """The plan's objective: the first priority's value, bound and gap, and every stage."""
        first = self.stages[0]
        assert first.bound is not None  # the first priority is solved first, and its bound always known
        gap = abs(first.bound - first.value) / max(1.0, abs(first.value))
        return ObjectiveReport(value=first.value, bound=first.bound, gap=round(gap, 6), stages=self.stages)


class Decided(Protocol):
    """A model's variables as the stages hint them: a turn's (`Variables`) or a season's."""

    def decisions(self) -> list[cp_model.IntVar]: ...


@dataclass(frozen=True)
class StagePolicy:
    """How `run_stages` treats a solve past its budget. `stage_budget`: the deterministic time a single
    priority's CP-SAT solve takes before HiGHS is asked to prove it (`STAGE_BUDGET`); `node_limit`:
    HiGHS's nodes (`NODE_LIMIT`); `together`: the priorities after the first of a group past its
    budget solved as one group, which HiGHS proves at once when they fit (`split`, `provable`); `exact`:
    a proven stage's value kept as an equality while the later stages are solved (`keep`); `later_budget`:
    the budget of every solve after the first, when it differs from `stage_budget`; `group_node_limit`:
    HiGHS's nodes on a group solved together, when they differ from `node_limit` (past them the group is
    split, and each of its priorities gets `node_limit`)."""

    stage_budget: float = STAGE_BUDGET
    node_limit: int = NODE_LIMIT
    together: bool = False
    exact: bool = False
    later_budget: float | None = None
    group_node_limit: int | None = None

    def budget(self, first: bool) -> float:
        """A single priority's (or a group's solved together) deterministic budget: the first solve's or a
        later one's."""
        return self.stage_budget if first or self.later_budget is None else self.later_budget

    def nodes(self, alone: bool) -> int:
        """HiGHS's nodes on a single priority's stage, or on a group's solved together."""
        return self.node_limit if alone or self.group_node_limit is None else self.group_node_limit


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
# that reach a stage, CPU summed 39.8 -> 37.8 s, the slowest 8.3 -> 7.2 s, 4 ties broken otherwise.
TURN_STAGES = StagePolicy(together=True)


def run_stages(
    model: cp_model.CpModel,
    variables: Decided,
    queue: list[list[Member]],
    time_limit: float | None,
    built: float,
    configured: Callable[[float | None], cp_model.CpSolver],
    on_progress: OnProgress | None = None,
    *,
    policy: StagePolicy,
) -> StageRun:
    """The groups of `queue` solved in order on `model` (each optimum kept while the next is solved),
    within `time_limit` seconds from `built` (a `time.perf_counter()`), each solver made by
    `configured`, as `policy` says (`TURN_STAGES`, or the season's own): a group of several priorities
    past `ONE_CALL_BUDGET` keeps what its bound proves (`proven_prefix`) and the rest is solved again
    from its plan (`split`); a single priority past the
    policy's `stage_budget` is finished by `_finish_stage` (HiGHS given at most `node_limit` nodes), and
    so is a group the policy solves together (`StagePolicy.together`), split when HiGHS cannot tell.
    The turn's solve (`solve_stages`) and the season's (`optimizer.season.solve`) both run their stages
    so. Priorities the time limit left unsolved get their values in the plan,
    nothing proven of them."""
    stages: list[StageResult] = []
    last_solver: cp_model.CpSolver | None = None
    work = 0.0
    first = True
    while queue:
        group = queue.pop(0)
        remaining = None if time_limit is None else time_limit - (time.perf_counter() - built)
        combined: LinearExpr = sum(member.weight * member.expr for member in group)
        model.maximize(combined)
        # Every CP-SAT solve of this group reports its better plans to the same hook.
        callback = None if on_progress is None else Reporter(on_progress, group)
        solver = configured(remaining)
        # A deterministic budget: past it, several priorities are solved again in parts (`split`), and
        # one priority's plan, or a group's the policy solves together, goes to HiGHS to be proven
        # (`optimizer.turn.prove`).
        alone = len(group) == 1
        together = not alone and policy.together and provable(group)
        single = alone or together  # a stage HiGHS may finish (`_finish_stage`)
        solver.parameters.max_deterministic_time = policy.budget(first) if single else ONE_CALL_BUDGET
        first = False
        status = solver.solve(model, callback)
        work += solver.deterministic_time
        if single and status in (cp_model.FEASIBLE, cp_model.UNKNOWN) and not _past(time_limit, built):
            left = None if time_limit is None else time_limit - (time.perf_counter() - built)
            # A group is proven as one priority, its weighted sum (the range is not read of it).
            whole = group[0] if alone else Member("group", combined, 1, 1, 0, 0)
            status, solver, more = _finish_stage(
                model,
                variables,
                whole,
                solver,
                status,
                left,
                configured,
                callback,
                policy.nodes(alone),
                alone=alone,
            )
            work += more
        if status == cp_model.INFEASIBLE:
            return StageRun(Status.INFEASIBLE, stages, None, work)
        out_of_time = _past(time_limit, built)
        if len(group) > 1 and status != cp_model.OPTIMAL and not out_of_time:
            # No work thrown away: what this call proved is kept (`proven_prefix`), and the priorities
            # left start from its plan.
            if status != cp_model.FEASIBLE:
                queue[:0] = split(group, policy.together)
                continue
            values = [int(solver.value(member.expr)) for member in group]
            count, kept = proven_prefix(group, values, solver.best_objective_bound)
            for member, best in zip(group[:count], values, strict=False):
                stages.append(
                    StageResult(
                        priority=member.name,
                        value=best / member.scale,
                        bound=best / member.scale,
                        proven=True,
                    )
                )
                keep(model, member.expr, best, proven=policy.exact)
            last_solver = solver
            model.add(group[count].expr <= kept)
            queue[:0] = split(group[count:], policy.together)
            _hint(model, variables, solver)
            continue
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            if not stages:
                return StageRun(Status.UNKNOWN, stages, None, work)
            queue.insert(0, group)
            break
        optimal = status == cp_model.OPTIMAL
        bounds = _member_bounds(solver, group, optimal)
        for member, bound in zip(group, bounds, strict=True):
            best = value(solver, member.expr)
            stages.append(
                StageResult(
                    priority=member.name,
                    value=best / member.scale,
                    bound=None if bound is None else bound / member.scale,
                    proven=optimal,
                )
            )
        # Keep this optimum while the next priority is solved, starting from this plan.
        best_combined = sum(member.weight * value(solver, member.expr) for member in group)
        last_solver = solver
        if queue and not out_of_time:
            keep(model, combined, best_combined, optimal and policy.exact)
            _hint(model, variables, solver)
        elif queue:
            break
    assert last_solver is not None
    # Priorities the time limit left unsolved: their values in the plan, nothing proven of them.
    for member in (member for group in queue for member in group):
        stages.append(
            StageResult(
                priority=member.name,
                value=value(last_solver, member.expr) / member.scale,
                bound=None,
                proven=False,
            )
        )
    proven = all(stage.proven for stage in stages)
    return StageRun(Status.OPTIMAL if proven else Status.FEASIBLE, stages, last_solver, work)


def _past(time_limit: float | None, started: float) -> bool:
    return time_limit is not None and time.perf_counter() - started >= time_limit


def keep(model: cp_model.CpModel, expr: LinearExpr, best: int, proven: bool) -> None:
    """A stage's value kept while the later priorities are solved: at least `best`; exactly `best` when
    it is `proven` best, which keeps every plan (none is worth more) and tightens the later stages'
    linear relaxations, whose fractional points may otherwise sit above it.

    The season's stages keep their proven values exactly (`StagePolicy.exact`), measured a little
    faster, single positions moving both ways (both trees side by side, CPU s summed over seeds
    210000-210019: 190.1 -> 172.6, p95 32.0 -> 14.6; over 220000-220019: 119.0 -> 118.2; with the fixed
    read of `_finish_stage`, 240000-240019: 176.4 -> 175.3; every value the same). A turn's keep a
    floor: on the naval suite (7950000-7950299) the equality changed nothing measurable (CPU summed
    122.1 -> 122.5 s), and on turns without HiGHS it broke some ties otherwise (the Murmansk split of
    `allies_summer_1942_grants.yaml`, the order of its `--alternatives`)."""
    model.add(expr == best if proven else expr >= best)


def _finish_stage(
    model: cp_model.CpModel,
    variables: Decided,
    member: Member,
    solver: cp_model.CpSolver,
    status: cp_model.CpSolverStatus,
    time_left: float | None,
    configured: Callable[[float | None], cp_model.CpSolver],
    callback: Reporter | None = None,
    node_limit: int = NODE_LIMIT,
    alone: bool = True,
) -> tuple[cp_model.CpSolverStatus, cp_model.CpSolver, float]:
    """One priority's solve that ran past `STAGE_BUDGET`: its plan proven best by HiGHS (the status
    OPTIMAL, the solver the one that found the plan); or CP-SAT asked again, without the budget, for the
    better plan HiGHS found (its value between HiGHS's plan and bound, started from HiGHS's plan, and
    read with every variable fixed when that plan is proven best; any plan HiGHS proves is better when
    the solve stopped before it found one) or, when HiGHS could not tell, for the best plan, started
    from the plan it has. The status, the solver holding the plan, and the deterministic time of the
    second CP-SAT call. `callback` is told of each
    better plan either CP-SAT call finds (`optimizer.turn.progress`).

    Not `alone` (a group's weighted sum, `StagePolicy.together`): when HiGHS cannot tell, or CP-SAT
    finds no plan of HiGHS's value, the status and the plan it has, for the group to be split."""
    # The stage stopped at its budget with a plan (FEASIBLE) or before it found one (UNKNOWN): HiGHS is
    # asked either way (`run_stages` calls this for no other status).
    proof = prove(model, solver, time_left, node_limit)
    if proof is not None and proof.better is None:
        return cp_model.OPTIMAL, solver, 0.0
    if proof is not None and proof.better is not None:
        # On a copy: should CP-SAT find no plan of HiGHS's value (HiGHS's tolerances), the model is
        # left as it was and CP-SAT searches it alone.
        copy = model.clone()
        copy.add(member.expr >= proof.better)
        copy.add(member.expr <= proof.bound)
        copy.clear_hints()
        for index, value in enumerate(proof.values):
            copy.add_hint(copy.get_int_var_from_proto_index(index), value)
        checked = configured(time_left)
        if proof.better >= proof.bound:
            # HiGHS's plan is proven best and is a plan in exact integers (`prove`): CP-SAT only reads
            # it, every variable fixed at its value, with no search and almost no presolve.
            checked.parameters.fix_variables_to_their_hinted_value = True
        found = checked.solve(copy, callback)
        if found == cp_model.OPTIMAL:
            return found, checked, checked.deterministic_time
        if found == cp_model.FEASIBLE:  # the search goes on from the plan of HiGHS's value
            status, solver = found, checked
    if not alone:
        return status, solver, 0.0
    if status == cp_model.FEASIBLE:
        _hint(model, variables, solver)
    again = configured(time_left)
    return again.solve(model, callback), again, again.deterministic_time


def priority_order(scenario: Scenario, variables: Variables) -> list[Priority | None]:
    """The player's priorities in order; with grants, last, None: among equal plans, the one that moves
    the fewest BRPs."""
    priorities: list[Priority | None] = list(scenario.objective.priority_list())
    if variables.grants is not None:
        priorities.append(None)
    return priorities


def _hint(model: cp_model.CpModel, variables: Decided, solver: cp_model.CpSolver) -> None:
    """Start the next solve from this solve's plan."""
    model.clear_hints()
    for var in variables.decisions():
        model.add_hint(var, solver.value(var))


def _member_bounds(solver: cp_model.CpSolver, group: list[Member], optimal: bool) -> list[int | None]:
    """Each member's proven bound: its value when the solve is optimal; otherwise, for the first member,
    what the weighted bound leaves it with every later member at its least (a valid upper bound), and
    for the rest None (nothing is proven of them)."""
    values = [int(solver.value(member.expr)) for member in group]
    if optimal:
        return list(values)
    return [first_bound(group, values[0], solver.best_objective_bound), *(None for _ in group[1:])]


class Member(NamedTuple):
    """One priority within a solve: its name, expression, scale, and lexicographic weight."""

    name: str
    expr: LinearExpr
    scale: int
    weight: int
    low: int  # the least value expr can take (from its variables' domains)
    high: int  # the greatest


def proven_prefix(group: list[Member], values: list[int], objective_bound: float) -> tuple[int, int]:
    """What a solve of `group`'s weighted objective that stopped with a plan (each member's value in
    `values`) and a bound proves of its members in order: how many of the first members are proven at
    their values, and the bound it proves of the next.

    The weighted bound B holds for every plan. Once members 0..k-1 are proven at their values v_i,
    every plan that keeps them so has sum(w_i x v_i for i < k) + w_k x f_k + sum(w_i x f_i for i > k)
    <= B with each later f_i at least its least value, so f_k is at most
    (B - sum(w_i x v_i, i < k) - sum(w_i x low_i, i > k)) / w_k; where that is v_k, member k is proven
    too (the lexicographic reading: each priority is best among the plans best in the earlier ones)."""
    earlier = 0
    for k, member in enumerate(group):
        # Member k is the first of the group that is left, under the bound the earlier ones leave it.
        most = first_bound(group[k:], values[k], objective_bound - earlier)
        if most > values[k] or k == len(group) - 1:
            return k, most
        earlier += member.weight * values[k]
    raise AssertionError("unreachable")


# The greatest magnitude of a weighted objective HiGHS is asked to prove (`provable`). The single
# priorities it proves reach a few hundred million (a season's value, scaled and discounted), and
# its bound is taken only within `TOLERANCE` of an integer (`optimizer.turn.prove`).
PROOF_LIMIT = 10**9


def provable(group: list[Member]) -> bool:
    """Whether HiGHS may prove `group`'s solve when it runs past its budget: one priority; or several,
    the later ones of a group whose first was solved alone (`split`), whose weighted sum stays within
    `PROOF_LIMIT`, so that one proof serves them all (the weights are exact: the weighted optimum is
    each in turn at its best)."""
    if len(group) == 1:
        return True
    return sum(m.weight * max(abs(m.low), abs(m.high)) for m in group) <= PROOF_LIMIT


def split(group: list[Member], together: bool) -> list[list[Member]]:
    """A group past its budget solved again in parts: its first priority alone, then the rest one by
    one; with `together`, the rest in one group with their weights when HiGHS may prove them so
    (`provable`)."""
    first, rest = [group[0]._replace(weight=1)], group[1:]
    if together and len(rest) > 1 and provable(rest):
        return [first, rest]
    return [first, *([member._replace(weight=1)] for member in rest)]


# Exact integers only: a solve's weighted objective stays within what a double holds exactly, so its
# value, its bound and the optimum kept for the next solve are never rounded.
EXACT_LIMIT = 2**53
# Deterministic time (about seconds of one core) a one-call solve of several priorities may take before
# they are solved one by one: the one call is faster on most positions, and the budget bounds the rest.
ONE_CALL_BUDGET = 0.5


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
    p50 0.245 -> 0.375 s, p95 1.049 -> 1.181 s."""
    solver.parameters.add_lp_constraints_lazily = False
    solver.parameters.polish_lp_solution = True
    solver.parameters.add_rlt_cuts = False


def light_presolve_search(solver: cp_model.CpSolver) -> None:
    """One round of presolve for a model without naval charts: the later rounds find little in these
    small models, and on the alternatives' re-solves, a copy of a model already solved once, they were
    much of each call's CPU time (measured in benchmarks/alternatives.py; the plans of every bundled
    scenario the same, byte for byte). Not for naval models, where the presolved model, and so the plan
    among equal ones, differs."""
    solver.parameters.max_presolve_iterations = 1


def expression_range(model: cp_model.CpModel, expr: LinearExpr) -> tuple[int, int]:
    """The least and greatest values `expr` can take over its variables' domains.

    The terms are read off the expression itself (`FlatIntExpr`), the model left as it is: setting the
    objective only to read them back cost more than the rest of the stage set-up (measured with
    cProfile on benchmarks/tail.py's naval suite)."""
    if isinstance(expr, int):
        return expr, expr
    flat = cp_model.FlatIntExpr(expr)
    variables = model.proto.variables
    low = high = int(flat.offset)
    for var, coeff in zip(flat.vars, flat.coeffs, strict=True):
        domain = variables[var.index].domain  # the binding's repeated field takes no negative index
        ends = (coeff * domain[0], coeff * domain[len(domain) - 1])
        low += min(ends)
        high += max(ends)
    return low, high


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
        # then the rest hinted from its plan, is faster (both measured in benchmarks/).
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
