"""Engineers: why the required tasks cannot all be done, naming what blocks them.

Each required task is first tried alone (the others left optional): one the article refuses outright
gives its section (`TaskData.refused`), one no construction unit can do in time says so. When each can be
done alone, the smallest set that cannot be done together is found by dropping required tasks one at a
time while the rest still cannot all be done (a deletion filter), and named: the units' MPs and turns
(the article's costs, with weather, terrain, battalions and quick construction) do not stretch to them
all by their deadlines.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.engineers import EngineerScenario
from optimizer.rules.engineers.constraints import add_engineers
from optimizer.rules.engineers.prepare import Prepared, done_by_words, prepare
from optimizer.rules.engineers.variables import make_variables

# Work each feasibility test may do (CP-SAT deterministic seconds); a test that runs out counts as
# possible, so an explanation never names a set it has not proven impossible.
TEST_WORK = 5.0


def _possible(scenario: EngineerScenario, required: set[str]) -> bool:
    """Whether a schedule does every task in `required` (the scenario's others optional)."""
    tasks = [t.model_copy(update={"required": t.id in required}) for t in scenario.tasks]
    data = prepare(scenario.model_copy(update={"tasks": tasks}))
    model = cp_model.CpModel()
    add_engineers(model, data, make_variables(model, data))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = TEST_WORK
    return solver.solve(model) != cp_model.INFEASIBLE


def explain_infeasible(scenario: EngineerScenario, data: Prepared) -> list[str]:
    """One line per required task that cannot be done alone, or the smallest set that cannot be done
    together; in the scenario's task order."""
    required = [t.id for t in scenario.tasks if t.required]
    lines: list[str] = []
    for k in required:
        task = data.tasks[k]
        if task.refused is not None:
            lines.append(f"{k}: refused by {task.refused}")
        elif not _possible(scenario, {k}):
            lines.append(f"{k}: no construction unit can do it by {done_by_words(data, k)}")
    if lines:
        return lines
    kept = list(required)
    for k in required:
        rest = [x for x in kept if x != k]
        if not _possible(scenario, set(rest)):
            kept = rest
    if len(kept) < 2:  # each alone is possible, so only a test out of work leaves fewer than two
        return [f"{', '.join(required)}: cannot all be done (no smaller set proven impossible)"]
    names = ", ".join(kept[:-1]) + f" and {kept[-1]}"
    together = "both" if len(kept) == 2 else "all"
    return [
        f"{names} cannot {together} be done, though each alone can: the construction units' MPs and turns "
        f"(the article's costs, with weather, terrain, battalions and quick construction) do not stretch "
        f"to them all within {data.turns} turns and by their deadlines"
    ]
