"""Engineers: the CP-SAT solvers of the search, the proof's and the plain one, deterministic (one worker,
a fixed seed), shared by the planner (`solve.py`), the infeasibility explanation (`explain.py`) and the
probe (`benchmarks/engineers_probe.py`)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from optimizer.rules.solver import deterministic_solver


def configured_solver(time_limit: float | None, work_limit: float | None, seed: int = 0) -> cp_model.CpSolver:
    """The proof's solver: `base_solver`'s, with the search below. (Seeds other than 0 only for
    measuring, `benchmarks/engineers_probe.py`: one seed's search time swings by a third with any
    change to the model.)"""
    solver = base_solver(time_limit, work_limit, seed)
    # The linear relaxation is weak here (units split across hexes, tasks half done) and slow to
    # solve; the core-based search on the objective's Booleans, with propagation only, proves
    # optimality far sooner on the benchmark positions.
    solver.parameters.optimize_with_core = True
    solver.parameters.linearization_level = 0
    # One round of presolve: later rounds found little on these models and cost a third of the
    # solve on the easier benchmark positions.
    solver.parameters.max_presolve_iterations = 1
    # Cores found by the search are shrunk once, not to a minimum: on the benchmark positions the
    # full minimization took most of the search's deterministic time and gave no better cores.
    solver.parameters.core_minimization_level = 1
    # Nor exhausted (`cover_optimization`, on by default: once a core is found, the search for how many of
    # its literals must be true). Without it, three samples never tuned on, both ways in turn, the same
    # optimum on every position proven either way, ties among equal schedules broken otherwise (judged by
    # deterministic time, the same on every run):
    # - 6 units, 12 tasks, 6 turns, seeds 9320000-9320199: all 200 proven either way; summed 78.5 -> 73.8 s,
    #   180 positions faster and 18 slower; CPU p50 0.232 -> 0.215 s, p95 1.029 -> 0.981 s;
    # - the same size, seeds 9310000-9310199: 197 proven either way (9310002, 9310023 and 9310172 stop at the
    #   limit); the 197 summed 88.4 -> 83.3 s, 179 faster and 19 slower; CPU p95 1.669 -> 1.582 s;
    # - 12 units, 24 tasks, 6 turns, seeds 9420000-9420019: 19 proven either way (9420007 at the limit);
    #   summed 99.4 -> 89.4 s, 17 faster and 3 slower.
    solver.parameters.cover_optimization = False
    # Measured beside it on the twelve slowest proven positions of seeds 9310000-9310199, deterministic s
    # summed 66.5 as it was, and not kept: presolve's probing off (`cp_model_probing_level` 0) 74.2, one
    # fewer proven (9310125 at the limit); symmetry detection off (`symmetry_level` 0) 68.1; one core at a
    # time (`find_multiple_cores` off) 66.5, the same search.
    # The core search's other orders were measured and not kept, on the fifteen slowest positions of seeds
    # 9310000-9310199 (6 units, 12 tasks, 6 turns), deterministic s summed: 156.5 as it is, 156.8 with
    # the assumptions ordered by weight, 165.3 by depth, 155.5 in reverse order, 156.5 stratified
    # ascending, the same 12 proven (11 by depth); without stratification no schedule was found at all.
    # Nor the core search interleaved with the LP's (subsolvers core and max_lp, linearization 2), though
    # the LP's root bound is tighter (9310125: 124,878 in 0.35 s where the cores reach 124,180 at 1.85 s,
    # the optimum 117,147): of the six slowest positions proven as it is, one was proven within the limit.
    # Not CP-SAT's implicit hitting sets (`optimize_with_max_hs`): on generated positions of 6 units,
    # 12 tasks and 6 turns (seeds 8800030, 8800047, 8800002, 8800035) it reported OPTIMAL at values far
    # below the proven optima (50.503 against 67.285 on 8800030), in OR-Tools 9.15.
    return solver


def base_solver(time_limit: float | None, work_limit: float | None, seed: int = 0) -> cp_model.CpSolver:
    """One search worker and a fixed seed: the same scenario gives the same schedule."""
    solver = deterministic_solver(seed=seed)
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    if work_limit is not None:
        solver.parameters.max_deterministic_time = work_limit
    return solver
