"""`awaw engineers`: the Europa engineers schedule, or the check of one."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from optimizer.cli.common import check_option, fail, limit_option, load, print_verdict, show


def engineers(
    scenario_file: Annotated[Path, typer.Argument(help="Engineers scenario YAML (kind: engineers).")],
    horizon: Annotated[
        int | None, typer.Option(help="Turns to plan (default: the scenario's `turns`).", min=1, max=12)
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the schedule as JSON.")] = False,
    time_limit: Annotated[
        float | None, limit_option("Seconds; returns the best schedule found, with its bound.")
    ] = None,
    work_limit: Annotated[
        float | None,
        limit_option(
            "Work the search may do, in CP-SAT's deterministic seconds (counted the same on every run; "
            "default 30, optimizer/rules/engineers/solve.py's WORK_LIMIT; two thirds for the proof, the rest "
            "for a better schedule if it is not done): stopped by it, the schedule returned is the same "
            "every time, with its bound.",
            "--work-limit",
        ),
    ] = None,
    check: Annotated[Path | None, check_option("schedule")] = None,
) -> None:
    """Europa engineers: which construction unit repairs or builds what, where and when."""
    from pydantic import ValidationError

    from models.engineers import EngineerScenario
    from models.io import InputError, validation_problems
    from optimizer.planners import Limits
    from optimizer.planners.engineers import ENGINEERS

    scenario = load(scenario_file, ENGINEERS.name)
    if horizon is not None:
        try:
            scenario = EngineerScenario.model_validate(scenario.model_dump() | {"turns": horizon})
        except ValidationError as error:
            raise fail(InputError(str(scenario_file), validation_problems(error)).render(), 2) from None
    if check is not None:
        print_verdict(check, ENGINEERS, scenario)
        return
    result = ENGINEERS.solve(scenario, Limits(time_limit, work_limit))
    show(ENGINEERS, scenario, result, as_json, str(scenario_file))
