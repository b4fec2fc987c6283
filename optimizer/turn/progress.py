"""A solve's progress as it runs: each solution CP-SAT finds reported to an `OnProgress` hook.

`solve_stages(..., on_progress=hook)` calls `hook(priority, best, bound)` at each better plan of each
solve: the priority being solved (as the objective report names it), its best value so far and the
bound proven on it, both in the plan's units (a later priority of a one-call solve has no bound of its
own until it is solved: None). Only reporting: the search, and so the plan, is the same with or without it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ortools.sat.python import cp_model

OnProgress = Callable[[str, float, float | None], None]


class Reporter(cp_model.CpSolverSolutionCallback):
    """Reports the first priority of a solve's group at each solution (the bound as `first_bound`
    reads it off the weighted objective: every later member at its least). `group`: the solve's
    `optimizer.turn.stages.Member`s."""

    def __init__(self, on_progress: OnProgress, group: Sequence[Any]) -> None:
        super().__init__()
        self.on_progress = on_progress
        self.group = list(group)

    def on_solution_callback(self) -> None:
        first = self.group[0]
        best = int(self.value(first.expr))
        bound = first_bound(self.group, best, self.best_objective_bound)
        self.on_progress(first.name, best / first.scale, bound / first.scale)


def first_bound(group: Sequence[Any], best: int, objective_bound: float) -> int:
    """The bound a solve of `group`'s weighted objective proves of its first member, whose value is
    `best`: what the weighted bound leaves it with every later member at its least (a valid upper
    bound), and never below `best`."""
    rest = sum(member.weight * member.low for member in group[1:])
    return max(best, (int(round(objective_bound)) - rest) // group[0].weight)
