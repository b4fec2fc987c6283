"""Engineers: why the required tasks cannot all be done, naming what blocks them.

Each required task is first tried alone (the others left optional): one the article refuses outright
gives its section (`TaskData.refused`), one no construction unit can do in time says so. When each can be
done alone, the smallest set that cannot be done together is found by dropping required tasks one at a
time while the rest still cannot all be done (a deletion filter), and named: the units' MPs and turns
(the article's costs, with weather, terrain, battalions and quick construction) do not stretch to them
all by their deadlines.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from ortools.sat.python import cp_model

from optimizer.rules.engineers.constraints import add_engineers
from optimizer.rules.engineers.prepare import Prepared, done_by_words
from optimizer.rules.engineers.solvers import base_solver
from optimizer.rules.engineers.variables import make_variables

# Work each feasibility test may do (CP-SAT deterministic seconds); a test that runs out counts as
# possible, so an explanation never names a set it has not proven impossible.
TEST_WORK = 5.0


class Verdict(NamedTuple):
    status: str  # CP-SAT's: FEASIBLE, INFEASIBLE, UNKNOWN (out of work)
    work: float  # CP-SAT's deterministic seconds spent

    @property
    def possible(self) -> bool:
        """A schedule does them all, or the test ran out of work before proving none does."""
        return self.status != "INFEASIBLE"


def can_all_be_done(
    data: Prepared, tasks: Collection[str], solver: cp_model.CpSolver | None = None
) -> Verdict:
    """Whether a schedule does every task in `tasks`, the others optional and value ignored: the
    planner's constraints with `tasks` as the required ones. Solved by `solver`, by default the
    planner's one worker and seed (`solvers.base_solver`) with CP-SAT's default search within
    `TEST_WORK`; `benchmarks/engineers_probe.py` gives the proof's (`solvers.configured_solver`)."""
    model = cp_model.CpModel()
    add_engineers(model, data, make_variables(model, data), required=tasks)
    if solver is None:
        solver = base_solver(None, TEST_WORK)
    return Verdict(solver.status_name(solver.solve(model)), solver.deterministic_time)


def explain_infeasible(data: Prepared) -> tuple[list[str], float]:
    """One line per required task that cannot be done alone, or the smallest set that cannot be done
    together, in the scenario's task order; and the tests' work (CP-SAT's deterministic seconds)."""
    required = [t.id for t in data.scenario.tasks if t.required]
    lines: list[str] = []
    work = 0.0

    def possible(tasks: Collection[str]) -> bool:
        nonlocal work
        test = can_all_be_done(data, tasks)
        work += test.work
        return test.possible

    for k in required:
        task = data.tasks[k]
        if task.refused is not None:
            lines.append(f"{k}: refused by {task.refused}")
        elif not possible({k}):
            lines.append(f"{k}: no construction unit can do it by {done_by_words(data, k)}")
    if lines:
        return lines, work
    kept = list(required)
    for k in required:
        rest = [x for x in kept if x != k]
        if not possible(rest):
            kept = rest
    if len(kept) < 2:  # each alone is possible, so only a test out of work leaves fewer than two
        return [f"{', '.join(required)}: cannot all be done (no smaller set proven impossible)"], work
    names = ", ".join(kept[:-1]) + f" and {kept[-1]}"
    together = "both" if len(kept) == 2 else "all"
    line = (
        f"{names} cannot {together} be done, though each alone can: the construction units' MPs and turns "
        f"(the article's costs, with weather, terrain, battalions and quick construction) do not stretch "
        f"to them all within {data.turns} turns and by their deadlines"
    )
    return [line], work
