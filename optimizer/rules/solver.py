"""The CP-SAT solver every planner starts from (the turn and the season, the engineers, SW deployment and
mobilization), each adding its own search settings."""

from __future__ import annotations

from ortools.sat.python import cp_model


def deterministic_solver(workers: int = 1, seed: int | None = None) -> cp_model.CpSolver:
    """A solver with a fixed seed (`seed`, else CP-SAT's own default, which is fixed too: on one worker the
    same input gives the same answer either way) and without SAT
    inprocessing (clause vivification, probing and minimization between restarts): on these models it is
    work the search does not repay. Measured with both trees side by side, every proven value the same
    and ties among equal plans broken otherwise:

    - turn (benchmarks/tail.py): naval suite 7700000-7700299, CPU summed 140.7 -> 123.1 s, p50 0.281 ->
      0.222, p95 1.029 -> 0.791 (deterministic p50 0.046 -> 0.017; slower: 7700293 1.7 -> 10.9 s, 7700228
      0.3 -> 2.3 s); grants suite 7700000-7700199, deterministic time summed 2.54 -> 2.01, CPU 31.5 -> 30.7
      s, p95 0.41 -> 0.36;
    - seasons 180000-180019 (benchmarks/season.py, HiGHS's proofs most of their time): 285.1 -> 279.8 s;
    - engineers (benchmarks/engineers.py): 6 units, 12 tasks, 6 turns on 8100000-8100149, 149 of 150
      proven both, CPU summed 145.2 -> 123.7 s, p50 0.427 -> 0.382, p95 2.267 -> 1.599; 12 units, 24
      tasks on 8200000-8200005, 4 of 6 proven both, CPU p50 11.3 -> 7.8 s;
    - mobilization (benchmarks/bench.py, 100 positions of 5 powers over 12 turns, all proven): CPU p50
      121.8 -> 90.4 ms, p95 370.6 -> 308.6 ms;
    - SW deployment (benchmarks/bench.py `--suite sw`, 200 generated positions, all proven): solve CPU
      p50 2.6 -> 1.9 ms, p95 3.9 -> 3.4 ms, every deployment the same bytes (`benchmarks.outputs`)."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    if seed is not None:
        solver.parameters.random_seed = seed
    solver.parameters.use_sat_inprocessing = False
    return solver
