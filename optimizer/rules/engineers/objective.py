"""Engineers: what a schedule is worth, the value of the tasks done, discounted by the turn done."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.engineers import value_points
from optimizer.rules.engineers.prepare import Prepared
from optimizer.rules.engineers.variables import EngineerVariables


def value_expression(data: Prepared, v: EngineerVariables) -> cp_model.LinearExpr:
    """Σ value × discount^(turn done − 1), in thousandths (`models.engineers.value_points`).

    One term for each way a task can be done (an option of a task counted in turns, a turn a task counted
    in MPs is finished in). Measured and not kept: the same sum over one Boolean a task and turn done
    (the options of that turn added up), or over monotone "done by turn t" Booleans weighted by what a
    turn's delay costs. CP-SAT's presolve makes them the same model: on the twelve slowest positions of
    seeds 9310000-9310199 (6 units, 12 tasks, 6 turns, `benchmarks/engineers.py`) the deterministic time
    was the same to the hundredth on ten, and 4.34 -> 4.07 and 2.00 -> 1.90 s on two."""
    discount = data.scenario.discount
    terms: list[cp_model.LinearExpr] = []
    for option, var in v.option.items():
        task = data.tasks[option.task].task
        terms.append(value_points(task.value, option.done_turn, discount) * var)
    for (k, t), var in v.finish.items():
        terms.append(value_points(data.tasks[k].task.value, t, discount) * var)
    return sum(terms)  # type: ignore[return-value]
