"""`awaw engineers`: the Europa engineers schedule, or the check of one."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from optimizer.cli.common import fail

if TYPE_CHECKING:
    from rich.console import Console

    from models.engineers import EngineerScenario


def engineers(
    scenario_file: Annotated[Path, typer.Argument(help="Engineers scenario YAML (kind: engineers).")],
    horizon: Annotated[
        int | None, typer.Option(help="Turns to plan (default: the scenario's `turns`).", min=1, max=12)
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the schedule as JSON.")] = False,
    time_limit: Annotated[
        float | None,
        typer.Option(help="Seconds; returns the best schedule found, with its bound.", min=0.001),
    ] = None,
    work_limit: Annotated[
        float | None,
        typer.Option(
            help="Work the search may do, in CP-SAT's deterministic seconds (counted the same on every run; "
            "default 30, optimizer/rules/engineers/solve.py's WORK_LIMIT; a third for the proof, the rest "
            "for a better schedule if it is not done): stopped by it, the schedule returned is the same "
            "every time, with its bound.",
            min=0.001,
        ),
    ] = None,
    check: Annotated[
        Path | None,
        typer.Option(help="Check this schedule (JSON, as --json writes it) instead of planning one."),
    ] = None,
) -> None:
    """Europa engineers: which construction unit repairs or builds what, where and when."""
    from pydantic import ValidationError

    from models.engineers import EngineerScenario, load_engineer_scenario
    from models.io import InputError, validation_problems
    from optimizer.render.engineers import engineer_tables
    from optimizer.render.tables import console
    from optimizer.rules.engineers.solve import WORK_LIMIT, solve_engineers

    try:
        scenario = load_engineer_scenario(scenario_file)
        if horizon is not None:
            try:
                scenario = EngineerScenario.model_validate(scenario.model_dump() | {"turns": horizon})
            except ValidationError as error:
                raise InputError(str(scenario_file), validation_problems(error)) from None
    except InputError as error:
        raise fail(error.render(), 2) from None
    if check is not None:
        raise typer.Exit(check_engineer_file(scenario, check, console()))
    result = solve_engineers(scenario, time_limit=time_limit, work_limit=work_limit or WORK_LIMIT)
    if result.plan is None:
        raise fail(result.failure(str(scenario_file)), 1 if result.status == "infeasible" else 3)
    if as_json:
        sys.stdout.write(result.plan.model_dump_json(indent=2) + "\n")
    else:
        console().print(engineer_tables(scenario, result.plan))


def check_engineer_file(scenario: EngineerScenario, path: Path, out: Console) -> int:
    """`awaw engineers SCENARIO --check SCHEDULE.json`: the independent checker's verdict on the schedule in
    `path`, printed; returns the exit code: 0 the schedule keeps every rule of the article and the
    scenario's requirements, 1 it breaks one (each breach printed with the article's section), 2 the
    schedule file cannot be read (file, field and problem named)."""
    from models.engineers import load_engineer_plan
    from models.io import InputError
    from optimizer.checker.engineers import check_engineers
    from optimizer.checker.violations import REPORT, REQUIREMENT
    from optimizer.render.tables import console

    labels = {REQUIREMENT: "requirement not met", REPORT: "the schedule's own figures are wrong"}
    try:
        plan = load_engineer_plan(path)
    except InputError as error:
        console(stderr=True).print(error.render(), markup=False, emoji=False, highlight=False, soft_wrap=True)
        return 2
    violations = check_engineers(scenario, plan)
    if not violations:
        out.print(
            f"{path}: the schedule keeps the rules of the Europa engineers article and the "
            "scenario's requirements.",
            markup=False,
        )
        return 0
    for violation in violations:
        label = labels.get(violation.kind, "violates")
        out.print(f"{violation.rule}: {label}: {violation.message}", markup=False, soft_wrap=True)
    return 1
