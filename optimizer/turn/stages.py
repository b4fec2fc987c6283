"""The stage loop: a model's priorities solved in order, each optimum kept while the next is solved
(`run_stages`), shared by the turn's solve (`optimizer.turn.solve.solve_stages`) and the season's
(`optimizer.season.solve`). A call of several priorities with exact weights that runs past
`ONE_CALL_BUDGET` keeps what its bound proves (`proven_prefix`) and is solved again in parts (`split`); a
stage CP-SAT stalls on is proven by HiGHS (`optimizer.turn.prove`), as its `StagePolicy` says.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from ortools.sat.python import cp_model

from models.plan import ObjectiveReport, StageResult, Status
from optimizer.rules.linear import LinearExpr, value
from optimizer.turn.progress import OnProgress, Reporter, first_bound
from optimizer.turn.prove import NODE_LIMIT, STAGE_BUDGET, Proof, prove

# Deterministic time (about seconds of one core) a one-call solve of several priorities may take before
# they are solved one by one: the one call is faster on most positions, and the budget bounds the rest.
ONE_CALL_BUDGET = 0.5


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
    so is a group the policy solves together (`StagePolicy.together`), split when HiGHS cannot tell, what
    HiGHS's bound and plan prove of its first priorities kept when it stopped at its node limit.
    The turn's solve (`solve_stages`) and the season's (`optimizer.season.solve`) both run their stages
    so. Priorities the time limit left unsolved get their values in the plan,
    nothing proven of them."""
    stages: list[StageResult] = []
    last_solver: cp_model.CpSolver | None = None
    work = 0.0
    first = True

    def left() -> float | None:
        """What is left of `time_limit` now (None: no limit)."""
        return None if time_limit is None else time_limit - (time.perf_counter() - built)

    while queue:
        group = queue.pop(0)
        remaining = left()
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
        highs_bound, fixed = None, False  # HiGHS's bound on this stage when it stopped at its limit
        single = alone or together  # a stage HiGHS may finish (`_finish_stage`)
        solver.parameters.max_deterministic_time = policy.budget(first) if single else ONE_CALL_BUDGET
        first = False
        status = solver.solve(model, callback)
        work += solver.deterministic_time
        if single and status in (cp_model.FEASIBLE, cp_model.UNKNOWN) and not _past(time_limit, built):
            # A group is proven as one priority, its weighted sum (the range is not read of it).
            whole = group[0] if alone else Member("group", combined, 1, 1, 0, 0)
            searched = status, solver  # CP-SAT's own, should HiGHS's plan prove none of the group
            status, solver, more, highs_bound, fixed = _finish_stage(
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
            weighted = solver.best_objective_bound
            if highs_bound is not None:  # HiGHS stopped at its node limit: its bound holds (`_finish_stage`)
                weighted = highs_bound if fixed else min(weighted, highs_bound)
            count, kept = proven_prefix(group, values, weighted)
            if fixed and count == 0:
                # HiGHS's plan, read as it stopped, proves none of the group: its parts are solved as
                # before, from CP-SAT's own search (split, or what CP-SAT's plan proves).
                status, solver = searched
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
        if highs_bound is not None and not optimal:
            # HiGHS stopped at its limit with this bound on the stage's one priority (`_finish_stage`).
            own = bounds[0]
            bounds[0] = highs_bound if fixed or own is None else min(own, highs_bound)
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
    left: Callable[[], float | None],
    configured: Callable[[float | None], cp_model.CpSolver],
    callback: Reporter | None = None,
    node_limit: int = NODE_LIMIT,
    alone: bool = True,
) -> Finished:
    """One priority's solve that ran past `STAGE_BUDGET`: its plan proven best by HiGHS (the status
    OPTIMAL, the solver the one that found the plan); or CP-SAT asked again, without the budget, for the
    better plan HiGHS found (its value between HiGHS's plan and bound, started from HiGHS's plan, and
    read with every variable fixed when that plan is proven best; at least HiGHS's plan's when that plan
    is worth more than the bound, which then proves nothing; any plan HiGHS proves is better when the
    solve stopped before it found one) or, when HiGHS could not tell, for the best plan, started
    from the plan it has. `left()` is the time left of the run's limit, read when each solve starts: a
    CP-SAT call after HiGHS's gets what HiGHS did not use (it once got the same time again, and a season
    of `--time-limit 30` whose stage HiGHS could not prove took 60 s). The status, the solver holding the
    plan, the deterministic time of the CP-SAT calls, and the bound HiGHS proved when it stopped at its
    limit (`Finished`). `callback` is told of each better plan either CP-SAT call finds
    (`optimizer.turn.progress`).

    No work thrown away (issue 26): HiGHS stopped at its node or time limit hands on its bound and its
    plan when it is better (`optimizer.turn.prove.handed_on`); CP-SAT then searches between the two from
    that plan, and when no time is left the stage keeps HiGHS's plan, read with every variable fixed,
    and its bound.

    Not `alone` (a group's weighted sum, `StagePolicy.together`): when HiGHS cannot tell, or CP-SAT
    finds no plan of HiGHS's value, the status and the plan it has, for the group to be split; HiGHS
    stopped at its limit hands on its bound and its plan, read with every variable fixed, not searched
    between (`_group_handed_on`): `run_stages` keeps what they prove of the group's first priorities
    (`proven_prefix`), and the parts left are proven sooner one by one (`split`)."""
    # The stage stopped at its budget with a plan (FEASIBLE) or before it found one (UNKNOWN): HiGHS is
    # asked either way (`run_stages` calls this for no other status).
    proof = prove(model, solver, left(), node_limit, hand_on=True)
    if proof is not None and proof.better is None and not proof.stopped:
        return Finished(cp_model.OPTIMAL, solver, 0.0)
    if not alone and proof is not None and proof.stopped:
        return _group_handed_on(model, member, solver, status, proof, configured, callback)
    # HiGHS's bound when it stopped before proving it: it holds whatever CP-SAT proves after.
    bound = proof.bound if proof is not None and proof.stopped else None
    work = 0.0
    if proof is not None and proof.better is not None:
        proven = proof.better == proof.bound
        remaining = None if proven else left()
        spent = remaining is not None and remaining <= 0
        # HiGHS's plan is only read, every variable fixed, when it is proven best, or when it is a plan
        # HiGHS stopped with and no time is left to search from it; one HiGHS claims best whose bound is not
        # closed in integers (`prove`) is not read without a search.
        if not spent or proof.stopped:
            checked = configured(None if proven or spent else remaining)
            found = _from_highs(model, member, proof, checked, callback, read=proven or spent)
            work += checked.deterministic_time
            if found == cp_model.OPTIMAL and not spent:
                return Finished(found, checked, work)
            if found in (cp_model.OPTIMAL, cp_model.FEASIBLE):  # the plan of HiGHS's value, not proven
                status, solver = cp_model.FEASIBLE, checked
            if spent:  # the read's own bound is its plan's value: HiGHS's is the stage's
                return Finished(status, solver, work, bound, fixed=True)
    if not alone:
        return Finished(status, solver, work)
    remaining = left()
    if remaining is not None and remaining <= 0:
        return Finished(status, solver, work, bound)  # the time limit is spent: the plan it has
    if status == cp_model.FEASIBLE:
        _hint(model, variables, solver)
    again = configured(remaining)
    found = again.solve(model, callback)
    return Finished(
        found, again, work + again.deterministic_time, None if found == cp_model.OPTIMAL else bound
    )


def _group_handed_on(
    model: cp_model.CpModel,
    member: Member,
    solver: cp_model.CpSolver,
    status: cp_model.CpSolverStatus,
    proof: Proof,
    configured: Callable[[float | None], cp_model.CpSolver],
    callback: Reporter | None,
) -> Finished:
    """A group's weighted sum (`member`) HiGHS stopped at its node limit before it proved it (`proof`):
    its bound handed on, with its plan when that is better than CP-SAT's (`solver`'s), read with every
    variable fixed (a plan in exact integers, `prove`), so that `run_stages` keeps what the two prove of the
    group's first priorities (`proven_prefix`) before it solves the rest in parts. No search between the
    plan and the bound: the parts are proven sooner (`split`)."""
    if proof.better is None:
        return Finished(status, solver, 0.0, proof.bound)
    checked = configured(None)
    found = _from_highs(model, member, proof, checked, callback, read=True)
    if found in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Finished(cp_model.FEASIBLE, checked, checked.deterministic_time, proof.bound, fixed=True)
    return Finished(status, solver, checked.deterministic_time, proof.bound)


def _from_highs(
    model: cp_model.CpModel,
    member: Member,
    proof: Proof,
    checked: cp_model.CpSolver,
    callback: Reporter | None,
    *,
    read: bool,
) -> cp_model.CpSolverStatus:
    """`checked` solving a copy of `model` held between HiGHS's plan and its bound, started from that plan;
    with `read`, HiGHS's plan is only read, every variable fixed at its value (it is a plan in exact
    integers, `prove`), with no search and almost no presolve. On a copy: should CP-SAT find no plan of
    HiGHS's value (HiGHS's tolerances), the model is left as it was and CP-SAT searches it alone."""
    assert proof.better is not None
    copy = model.clone()
    copy.add(member.expr >= proof.better)
    # Up to HiGHS's bound, unless HiGHS's plan, valued in exact integers, is worth more than it: such a
    # bound is off by a floating-point error at its scale (`optimizer.turn.prove.read_bound`).
    if proof.better <= proof.bound:
        copy.add(member.expr <= proof.bound)
    copy.clear_hints()
    for index, hinted in enumerate(proof.values):
        copy.add_hint(copy.get_int_var_from_proto_index(index), hinted)
    checked.parameters.fix_variables_to_their_hinted_value = read
    return checked.solve(copy, callback)


class Finished(NamedTuple):
    """What `_finish_stage` ends with: the status, the solver holding the plan, the deterministic time of
    its CP-SAT calls, and HiGHS's bound when HiGHS stopped at its limit before proving it (tighter than
    CP-SAT's, or the only one when the plan is HiGHS's read with every variable fixed)."""

    status: cp_model.CpSolverStatus
    solver: cp_model.CpSolver
    work: float
    bound: int | None = None
    fixed: bool = False  # the plan is HiGHS's read with every variable fixed: `bound` alone holds


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
# its bound is read to within a tolerance that grows with its size (`optimizer.turn.prove.read_bound`:
# under a tenth below this limit).
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
