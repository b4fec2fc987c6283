"""Engineers: what a schedule is worth, the value of the tasks done, discounted by the turn done."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.engineers import value_points
from optimizer.rules.engineers.prepare import Prepared
from optimizer.rules.engineers.variables import EngineerVariables


def value_expression(data: Prepared, v: EngineerVariables) -> cp_model.LinearExpr:
    """Σ value × discount^(turn done − 1), in thousandths (`models.engineers.value_points`)."""
    discount = data.scenario.discount
    terms: list[cp_model.LinearExpr] = []
    for option, var in v.option.items():
        task = data.tasks[option.task].task
        terms.append(value_points(task.value, option.done_turn, discount) * var)
    for (k, t), var in v.finish.items():
        terms.append(value_points(data.tasks[k].task.value, t, discount) * var)
    return sum(terms)  # type: ignore[return-value]
