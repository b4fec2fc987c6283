"""Rich tables of an engineers schedule: per turn and unit, then the tasks done and not done."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from models.engineers import EngineerScenario
from models.engineers_plan import EngineerPlan


def _mps(value: float) -> str:
    whole = int(value)
    return f"{whole}½" if value - whole == 0.5 else str(whole)


def engineer_tables(scenario: EngineerScenario, plan: EngineerPlan) -> Group:
    """The schedule (turn, unit, hex, move to, task, MPs), the tasks' outcomes and the value."""
    done_turn = {t.task: t.done_turn for t in plan.tasks}
    schedule = Table(title="Schedule (Europa engineers)", title_justify="left")
    for column in ("turn", "unit", "in", "initial phase", "move to", "move MPs", "work", "MPs left"):
        schedule.add_column(column, justify="right" if "MPs" in column or column == "turn" else "left")
    for line in sorted(plan.schedule, key=lambda s: (s.turn, s.unit)):
        if line.begins is not None:
            when = done_turn.get(line.begins)
            phase = f"begins {line.begins}" + (f" (done turn {when})" if when else "")
        elif line.busy_with is not None:
            phase = f"building {line.busy_with}"
        else:
            phase = ""
        work = ", ".join(
            f"{w.task} {_mps(w.mps)}" + (" (done)" if done_turn.get(w.task) == line.turn else "")
            for w in line.work
        )
        move = line.move_to if line.move_to != line.start_hex else ""
        schedule.add_row(
            str(line.turn),
            line.unit,
            line.start_hex,
            phase,
            move,
            _mps(line.move_mps) if move else "",
            work,
            f"{_mps(line.mps_left)} of {_mps(line.mps_available)}",
        )
    tasks = Table(title="Tasks", title_justify="left")
    for column in ("task", "kind", "done turn", "value", "resource point", "why not"):
        tasks.add_column(column, justify="right" if column in ("done turn", "value") else "left")
    for outcome in plan.tasks:
        tasks.add_row(
            outcome.task,
            outcome.kind.value,
            str(outcome.done_turn) if outcome.done_turn else "—",
            f"{outcome.value:g}" if outcome.done_turn else "",
            outcome.resource_point or "",
            outcome.reason or "",
        )
    done = sum(1 for t in plan.tasks if t.done_turn)
    summary = Text(
        f"Status {plan.status}; value {plan.value:g} (value × {scenario.discount:g} per turn after the first); "
        f"{done} of {len(plan.tasks)} tasks done in {plan.turns} turns"
        + (
            ""
            if plan.bound is None
            else f"; not proven best: the search stopped at its limit, and no schedule is worth more than "
            f"{plan.bound:g} (gap {max(0.0, round(plan.bound - plan.value, 3)):g})"
        )
        + "".join(
            f"; the temporary airbase in {lost.hex} is lost at the end of turn {lost.turn} (not maintained)"
            for lost in plan.lost_temporary_airbases
        )
    )
    return Group(schedule, tasks, summary)
