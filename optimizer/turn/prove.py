"""A stage CP-SAT stalls on, proven by HiGHS: `prove(model, solver) -> Proof | None`.

On the hard tail of joint plans (issue 26) CP-SAT finds the best plan of a priority early and then
spends most of its search proving it: its linear relaxation leaves a gap that only search closes. A MILP
solver's root cuts close that gap at once: HiGHS proves these stages at the root, in one node
(measured in `benchmarks/tail.py` and `benchmarks/highs.py`). So when a single priority's solve runs
past `STAGE_BUDGET` (with a plan, or before it found one), the same model, translated exactly
(`optimizer.turn.milp`), goes to HiGHS:

- HiGHS proves that no plan is better: the stage is proven, and the plan is CP-SAT's;
- HiGHS finds a better plan (any plan, when CP-SAT had none), a plan in exact integers (`is_plan`; one
  that is not sends HiGHS back at `STRICT` tolerances): CP-SAT is asked for a plan of that value,
  started from HiGHS's, so the plan returned is always one CP-SAT found and checked in exact integers;
- HiGHS cannot tell within `NODE_LIMIT` nodes (or the time left), or the model holds a constraint the
  translation does not take: None, and CP-SAT goes on alone.

HiGHS starts from no plan, and is told of none. Measured and not kept (HiGHS 1.16, seasons of seeds
500000-500039, each stage's HiGHS nodes traced):
- a starting plan given as the model's columns alone (its auxiliary columns left for it to complete) was
  seen to come back with an objective value two above the plan's;
- given every column (the translation's own completed by HiGHS with the model's fixed, 0.01 s), with
  `mip_abs_gap` 0.999: HiGHS values the start in its presolved model above its worth ("objective value
  is 114", then "in the reduced space: objective value is 116"), cuts off every plan short of that and
  reports it as proven. Asked again without the start when so, a season's later groups given the earlier
  stage's plan took 1,211 -> 209 nodes on 500005 and 1,664 -> 597 on 500028, but 205 -> 367 on 500035,
  1 -> 102 on 500032, and on 500039 2,299 -> past the group's 3,000, then split. The same on 520015's
  later group, a start of 7,196,854 (its optimum): "in the reduced space: objective value is 7728044",
  proven so in one node. Of presolve's rules, only parallel rows and columns off
  (`presolve_rule_off` 2^13) had it valued right there (10.0 -> 2.5 s), but not on 520009's later group
  (a bound of 92,228 against 88,538) nor on 550000's (405,521 against 37,635), and it was slower on most
  of the other stages of seeds 520004-520028 and 550000-550006 (550005's later group 7.5 -> 12.9 s,
  550004's 1.6 -> 3.1 s);
- stopped by a callback as soon as its bound, read as `read_bound` reads it, reaches CP-SAT's plan or the
  earlier stage's: the same nodes on all 40 but two stages (CP-SAT's plan is rarely the optimum when
  HiGHS is asked; 470004's first stage, exported and told of a plan at its optimum, 288: 4.5 -> 0.5 s);
  on turns, the two of the naval suite's seeds 9100000-9100299 that reach HiGHS (9100144, 9100218): the
  stop came once, at a root, and saved nothing (9100218's time is two roots: its fewest_granted at the
  default tolerances, a plan of -47 that is none in exact integers, then -48 proven at `STRICT`);
- a row, objective >= the value of the plan the stage before left (read by CP-SAT with that plan's
  decisions fixed), on a season's later group when CP-SAT's short search found no plan of its own: the
  plan is often best for the group, and HiGHS, with no plan, searches hundreds of nodes before its first
  (520015: a first plan at node 643 of 1,033, 10.4 of 11.3 s). Seasons 520000-520039, both ways side by
  side: CPU summed 215.1 -> 211.4 s, p95 10.3 -> 9.4 s, max 17.2 -> 21.2 s, 15 seasons faster and 17
  slower, every value the same (on 520004 the earlier plan's 4,400 is far below the group's optimum,
  8,820). The same row from CP-SAT's own plan on a first stage cost more (520015 2.2 -> 3.5 s, 520035
  1.1 -> 2.2 s);
- the model on the domains CP-SAT's own search narrowed for a better plan (`fill_tightened_domains_in_response`
  on the stage's solve; they are valid for every plan better than its own, so HiGHS's bound there, with
  CP-SAT's value, bounds every plan): on the 16 of the naval suite's seeds 9830000-9830999 that reach
  HiGHS, its CPU 43.6 -> 31.8 s (13 faster), and on seasons 590000-590029 132.2 -> 111.3 s but on
  600000-600039 293.5 -> 298.0 s. Not kept: in OR-Tools 9.15 that setting makes CP-SAT abort the process
  on some models solved from a hint ("Infeasible solution! source: 'main [hint]'", OR-Tools issue 5001;
  the re-solves of `--alternatives` in the property tests). The same domains read off a presolve of the
  better plans instead (no search, no hint, `keep_all_feasible_solutions_in_presolve`, which does not
  abort there) made HiGHS slower on those 16: 54.9 s, and 55.6 s with the plans as good as CP-SAT's kept;
- a row, the objective above CP-SAT's plan, on the four stages of 9830951 and 9830470 that reach HiGHS
  (each proving CP-SAT's plan): HiGHS 14.4 -> 18.5 s in all (5.7 -> 4.8, 2.7 -> 5.6, 1.7 -> 4.0,
  4.2 -> 4.0); the same plan given as `objective_bound` instead, in either sign, no faster;
- `objective_bound` (a cutoff) at a plan of 288 and a half, given as -288.5 (its internal minimization's
  sense): on 470004's first stage, whose optimum is 288, HiGHS reported a proven optimum of 283, its
  bound 283. Not for a proof.

HiGHS's proof is a branch and bound in floating point. The objectives it proves are integers of at most
a few hundred million (one priority at a time, a season's value scaled and discounted, or a season's later
priorities together within `optimizer.turn.stages.PROOF_LIMIT`; never the weighted sums of a one-call
solve, whose values pass 10^12). Its bound is read as the integer it is within a tolerance
of (`TOLERANCE`, or `RELATIVE` of its size), rounded up and never down, so that a floating-point error
can only leave a plan unproven, never prove a plan that is not best.
"""

from __future__ import annotations

import math
import os
import sys
import threading
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ortools.sat.python import cp_model

if TYPE_CHECKING:
    import highspy

    from optimizer.turn.milp import Milp

# Deterministic time (about seconds of one core) a single priority's CP-SAT solve may take before
# HiGHS is asked to prove it. Measured in benchmarks/tail.py on the 21 positions of seeds
# 700000-700499 whose one call ran out (CPU s, summed / slowest): CP-SAT alone 105 / 18.8; HiGHS past
# 0.1: 131 / 14.1 (HiGHS's own time, seconds a stage, outweighed the search it saved); past 0.3:
# 99 / 13.1; past 1.0: 97 / 14.8. Every plan's values the same.
STAGE_BUDGET = 0.3
# Branch-and-bound nodes HiGHS may take: most stalled stages are proven at the root or within a few
# dozen nodes; past this the proof is left to CP-SAT. A count, not a time, so that the same position
# gives the same plan. 2,000 rather than 200: on fresh seeds 6400000-6400299 and 6500000-6500499 (both
# trees side by side) HiGHS passed 200 nodes on 2 of 800 positions, and with 2,000 it proved both (CPU
# 23.7 -> 12.0 s and 17.0 -> 15.6 s) where CP-SAT had been left to finish; every other position did the
# same work, every plan the same bytes. (The season's own limit is 200,000: `SEASON_NODE_LIMIT`.)
NODE_LIMIT = 2000
# How far a floating-point bound may sit below the integer it proves: `TOLERANCE`, or `RELATIVE` of its
# magnitude when that is more. Rounding a bound up only loosens it (a plan is proven when its value
# reaches the bound), so the tolerance errs on that side. On a season of seed 450017 HiGHS proved its plan
# of 326,076,400 optimal with a dual bound of 326,076,399.99992 (both its primal and dual values a few
# 1e-13 of their size below the integer): with `TOLERANCE` alone the bound read 326,076,399, below the
# plan HiGHS had found, CP-SAT was asked for a plan between the two, found none, and searched alone for
# 130 s. Doubles hold 15-16 digits; below 10^9 (`optimizer.turn.stages.PROOF_LIMIT`) `RELATIVE` keeps the
# tolerance under a tenth.
TOLERANCE = 1e-6
RELATIVE = 1e-10


@dataclass(frozen=True)
class Proof:
    """HiGHS's answer on a stage: the best value a plan can have (`bound`), and when HiGHS found a plan
    better than CP-SAT's, that plan's value and its values of the model's variables (by proto index).
    `stopped`: HiGHS stopped at its node or time limit before it proved its bound, and hands on what it
    had (`hand_on` of `prove`): the bound holds, no plan is proven best by it."""

    bound: int
    better: int | None = None
    values: tuple[int, ...] = ()
    stopped: bool = False


@dataclass(frozen=True)
class Stopped:
    """HiGHS stopped at its node or time limit: the bound it had proven (None before its root LP), and its
    best plan's columns (None when it had found none)."""

    bound: int | None
    columns: list[float] | None


def prove(
    model: cp_model.CpModel,
    solver: cp_model.CpSolver,
    time_limit: float | None,
    node_limit: int = NODE_LIMIT,
    *,
    hand_on: bool = False,
) -> Proof | None:
    """The proven bound of `model`'s objective (a maximization), beside `solver`'s plan of it, or HiGHS's
    best plan when `solver` stopped before it found one (then any plan HiGHS proves is `better`). A
    `better` plan is valued in exact integers; below `bound`, it is proven better than `solver`'s but not
    best; above it, the bound is off by a floating-point error and proves nothing. None when HiGHS cannot
    prove a bound within `node_limit` nodes or `time_limit` seconds, or cannot take the model, or its
    better plan is not a plan in exact integers even at `STRICT` tolerances.

    With `hand_on`, HiGHS stopped at its limit before it proved its bound still hands on what it had
    (`handed_on`): its bound, which may prove `solver`'s plan after all, and its plan when it is better
    than `solver`'s, in a `Proof` marked `stopped` (no work thrown away, issue 26)."""
    # Loaded with the first proof: the proto's Python module alone takes longer to import than most
    # turns take to plan.
    from optimizer.turn.milp import Untranslated, model_proto, translate  # noqa: PLC0415

    proto = model_proto(model)
    try:
        milp = translate(proto)
    except Untranslated:
        return None
    if not milp.maximize:
        return None
    started = time.perf_counter()
    incumbent = int(round(solver.objective_value)) if has_plan(solver) else None
    lp = milp.to_highs()  # HiGHS copies it: the same for both passes
    proof = None
    for tolerances in ((), STRICT):
        left = None if time_limit is None else time_limit - (time.perf_counter() - started)
        if left is not None and left <= 0:
            return proof
        answer = _solve(lp, node_limit, left, tolerances)
        if answer is None:
            return proof
        if isinstance(answer, Stopped):
            # Stopped at its limit: asked once only (a second pass would stop there too).
            if proof is not None or not hand_on:
                return proof
            return handed_on(model, milp, len(proto.variables), answer, incumbent)
        bound, found = answer
        best = proof.better if proof is not None else incumbent  # the best plan known, in exact integers
        if best is not None and bound <= best:
            return Proof(bound=best) if proof is None else replace(proof, bound=best)
        better = _better_plan(model, milp, len(proto.variables), found, best)
        if better is None:
            continue  # no better plan than the best known, in exact integers: HiGHS is asked again
        exact, values = better
        proof = Proof(bound=bound, better=exact, values=values)
        if exact >= bound:
            return proof
        # A better plan, its bound not closed in integers: HiGHS is asked again; else CP-SAT is asked for
        # a plan between the two (`Proof.better`).
    return proof


def handed_on(
    model: cp_model.CpModel, milp: Milp, count: int, stopped: Stopped, incumbent: int | None
) -> Proof | None:
    """What HiGHS stopped at its limit proves: CP-SAT's plan (worth `incumbent`) best when its bound has
    come down to it; else its bound, with its plan (`_better_plan`, of the model's `count` variables) when
    that is better than CP-SAT's. None without a bound."""
    if stopped.bound is None:
        return None
    if incumbent is not None and stopped.bound <= incumbent:
        return Proof(bound=incumbent)
    better = None if stopped.columns is None else _better_plan(model, milp, count, stopped.columns, incumbent)
    if better is None:
        return Proof(bound=stopped.bound, stopped=True)
    exact, values = better
    if exact >= stopped.bound:  # its plan reaches its bound: proven best after all
        return Proof(bound=exact, better=exact, values=values)
    return Proof(bound=stopped.bound, better=exact, values=values, stopped=True)


def _better_plan(
    model: cp_model.CpModel, milp: Milp, count: int, columns: list[float], best: int | None
) -> tuple[int, tuple[int, ...]] | None:
    """HiGHS's plan (its first `count` columns, the model's variables) with its value, when it is worth more
    than `best` (the best plan known) and is a plan of `model` in exact integers; else None.

    The plan's value in exact integers, not the one HiGHS reports: HiGHS values its plan in floating point,
    and once (started from CP-SAT's plan, a trial not kept) reported as proven a value 25 above what its
    plan was worth in integers; CP-SAT is asked for a plan of this value. A plan that breaks a constraint
    in exact integers is none: within HiGHS's tolerances, an integer column a millionth off its value,
    times a large coefficient, leaves a row's whole unit unmet (its bound still holds)."""
    values = tuple(int(round(v)) for v in columns[:count])
    exact = milp.value(values)
    if best is not None and exact <= best:
        return None
    return (exact, values) if is_plan(model, values) else None


# HiGHS's tolerances asked for when its plan at the default ones breaks a constraint in exact integers:
# on seed 7500034 of the naval suite (`fewest_granted`, CP-SAT's plan -15), HiGHS at its defaults
# (integrality 1e-6) reported a plan of -14 that CP-SAT, every variable fixed at it, found infeasible, and
# CP-SAT, asked for a plan of -14, then searched for one without end; at 1e-9 HiGHS proves -15.
STRICT = (("mip_feasibility_tolerance", 1e-9), ("primal_feasibility_tolerance", 1e-9))


def _solve(
    lp: highspy.HighsLp,
    node_limit: int,
    time_limit: float | None,
    tolerances: tuple[tuple[str, float], ...],
) -> tuple[int, list[float]] | Stopped | None:
    """HiGHS's proven bound and its best plan's columns; what it had when it stopped at its node or time
    limit (`Stopped`); None when it proves nothing (an infeasible or unbounded model, an error).

    HiGHS's own settings otherwise. Measured and not kept (HiGHS CPU, every value the same): on the eight
    positions of the naval suite's seeds 9110000-9110499 with the most HiGHS time (27.9 s), RINS and RENS
    off 23.3 s, heuristic effort 0 26.5 s, symmetry detection off 27.3 s, each with positions slower; the
    root reduced-cost heuristic off (`mip_heuristic_run_root_reduced_cost`, a sub-MIP at the root): on
    ten naval positions that reach HiGHS 28.1 -> 23.0 s (three slower), but on seasons 530005-530024
    85.5 -> 107.6 s (530009 21.9 -> 36.0 s, 530018 1.7 -> 8.1 s, 530006 10.3 -> 6.9 s). A stage's
    HiGHS time moves this much with any change of its search. HiGHS's presolve off (`presolve` "off"),
    though it takes a fifth of some seasons' stages (600009's first, 0.73 of 3.53 s): whole seasons 600009
    13.6 -> 38.1 s, 600003 7.5 -> 32.3 s, 600020 105.5 -> 589.1 s, 600000 2.7 -> 3.6 s of CPU, the same
    values.

    Nor, on the 43 stages HiGHS was asked to prove in seasons 650000-650039 (exported as they were asked,
    replayed alone, HiGHS CPU summed 96.8 s as it is, two replays at a time on two cores): restarts off
    114.7 s, `mip_pscost_minreliable` 4 101.1 s and 16 96.0 s, `mip_heuristic_effort` 0.2 112.9 s,
    `mip_search_simulate_concurrency` 94.6 s (within the replays' noise), cuts at the root only
    (`mip_allow_cut_separation_at_nodes` off) 262.6 s, `mip_lifting_for_probing` 0 99.9 s, RINS off
    103.3 s, feasibility jump off 118.8 s, `mip_lp_age_limit` 20 101.3 s. What these stages cost is the
    proof, not the search for the plan: 650013's later group, 16.9 s and 1,661 nodes, took 12.1 s and 298
    nodes with its optimum given as a row (a root gap of 6 %, the first stage's 1 %), and 16.2 s with it
    as `objective_bound`."""
    highs = _highs()
    for option, value in (
        ("output_flag", False),
        ("threads", 1),
        ("random_seed", 0),
        ("mip_rel_gap", 0.0),
        ("mip_max_nodes", node_limit),
        *tolerances,
    ):
        highs.setOptionValue(option, value)
    if time_limit is not None:
        highs.setOptionValue("time_limit", max(float(time_limit), 0.001))
    highs.passModel(lp)
    highs.run()
    import highspy  # noqa: PLC0415 (loaded with the first proof)

    status = highs.getModelStatus()
    info = highs.getInfo()
    # A search stopped before its end: its node limit (`mip_max_nodes` ends as a solution limit in HiGHS
    # 1.16), its time limit, or an interrupt.
    statuses = highspy.HighsModelStatus
    if status in (
        statuses.kSolutionLimit,
        statuses.kTimeLimit,
        statuses.kIterationLimit,
        statuses.kInterrupt,
    ):
        dual = info.mip_dual_bound
        feasible = info.primal_solution_status == highspy.SolutionStatus.kSolutionStatusFeasible
        return Stopped(
            read_bound(dual) if math.isfinite(dual) else None,
            list(highs.getSolution().col_value) if feasible else None,
        )
    if status != statuses.kOptimal:
        return None
    return read_bound(info.mip_dual_bound), list(highs.getSolution().col_value)


def read_bound(dual: float) -> int:
    """The integer a floating-point bound of an integer objective proves: `dual` rounded down, once it is
    raised by the tolerance (`TOLERANCE`, or `RELATIVE` of its size), so that a bound a hair below an
    integer proves that integer."""
    return math.floor(dual + max(TOLERANCE, RELATIVE * abs(dual)))


def is_plan(model: cp_model.CpModel, values: tuple[int, ...]) -> bool:
    """Whether `values` (by proto index) are a plan of `model` in exact integers: CP-SAT, every variable
    fixed at its value (`fix_variables_to_their_hinted_value`), finds each within its domain and every
    constraint met."""
    copy = model.clone()
    copy.clear_hints()
    for index, value in enumerate(values):
        copy.add_hint(copy.get_int_var_from_proto_index(index), value)
    checker = cp_model.CpSolver()
    checker.parameters.num_workers = 1
    checker.parameters.fix_variables_to_their_hinted_value = True
    return checker.solve(copy) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def has_plan(solver: cp_model.CpSolver) -> bool:
    """Whether `solver`'s last solve found a plan (it may have stopped at its budget before one)."""
    return solver.response_proto.status in (cp_model.FEASIBLE, cp_model.OPTIMAL)


_BANNER = threading.Lock()
_quiet = False


def _highs() -> highspy.Highs:
    """A new HiGHS instance. The first one a process makes prints HiGHS's banner on standard output,
    before any option can silence it; that would corrupt a plan printed as JSON, so the first is made
    with the process's standard output and error pointed at /dev/null for that moment."""
    global _quiet
    import highspy  # noqa: PLC0415 (loaded with the first proof)

    with _BANNER:
        if _quiet:
            return highspy.Highs()
        sys.stdout.flush()
        sys.stderr.flush()
        saved = [os.dup(1), os.dup(2)]
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 1)
            os.dup2(null, 2)
            highs = highspy.Highs()
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in (*saved, null):
                os.close(fd)
        _quiet = True
        return highs
