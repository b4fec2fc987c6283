"""Europa engineers: the plan, a schedule of what each construction unit does each turn, and the
outcome of each task (written by `awaw engineers --json`, read by `awaw engineers --check`).

The scenario, the tables and the arithmetic are `models/engineers.py`. This module never imports the
solver.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from models.base import Strict
from models.engineers import EngineerScenario, TaskKind
from models.errors import located
from models.io import parse_json, read_text, validate


class Work(Strict):
    task: str
    mps: float


class UnitTurn(Strict):
    """What one unit does in one turn: initial phase, then movement phase."""

    turn: int
    unit: str
    start_hex: str
    begins: str | None = None
    """A task counted in turns begun this initial phase (at most one, Example B)."""
    busy_with: str | None = None
    """A task counted in turns this unit is still building: no movement, no MPs."""
    mps_available: float
    move_to: str
    move_mps: float
    work: list[Work] = Field(default_factory=list)
    mps_left: float


class TaskOutcome(Strict):
    task: str
    kind: TaskKind
    done_turn: int | None = None
    value: float = 0
    resource_point: str | None = None
    reason: str | None = None


class AirbaseLost(Strict):
    """A temporary airbase on the map at the start that no construction unit maintains (Temporary
    Airbases: kept "by ending the player turn stacked with it"): gone at the end of `turn`."""

    hex: str
    turn: int


class EngineerPlan(Strict):
    status: str
    value: float
    turns: int
    schedule: list[UnitTurn]
    tasks: list[TaskOutcome]
    lost_temporary_airbases: list[AirbaseLost] = Field(
        default_factory=list,
        description="Temporary Airbases: the temporary airbases on the map at the start that the schedule "
        "does not maintain, each with the turn at whose end it is removed (none outside the list).",
    )
    bound: float | None = Field(
        None,
        ge=0,
        le=1e9,
        description="When the search stopped before proving the schedule best (status `feasible`): the "
        "most any schedule could be worth, as far as the search proved. Absent once proven.",
    )

    @model_serializer(mode="wrap")
    def _leave_out_what_is_not_there(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Without `bound` when there is none, and without `lost_temporary_airbases` when none is lost:
        schedules without either stay byte for byte as before."""
        data: dict[str, Any] = handler(self)
        if self.bound is None:
            data.pop("bound", None)
        if not self.lost_temporary_airbases:
            data.pop("lost_temporary_airbases", None)
        return data


def load_engineer_plan(path: str | Path, scenario: EngineerScenario | None = None) -> EngineerPlan:
    """Read an engineers plan written by `awaw engineers --json` (`parse_engineer_plan`)."""
    return parse_engineer_plan(read_text(path), str(path), scenario)


def parse_engineer_plan(text: str, file: str, scenario: EngineerScenario | None = None) -> EngineerPlan:
    """An engineers plan as `awaw engineers --json` writes it (JSON, as for rule 27 plans); with the
    scenario, a line for a turn outside it is bad input too (`InputError` naming the line and field)."""
    data, lines = parse_json(text, file)
    plan = validate(EngineerPlan, data, file, lines)
    if scenario is not None:
        problems = [
            (f"schedule[{i}].turn", f"turn {line.turn} is outside the scenario's turns 1 to {scenario.turns}")
            for i, line in enumerate(plan.schedule)
            if not 1 <= line.turn <= scenario.turns
        ]
        if problems:
            raise located(file, problems, lines)
    return plan
