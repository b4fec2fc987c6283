"""`awaw batch`: many positions planned, one result each (optimizer/batch)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

import scenarios
from optimizer.cli.common import fail, limit_option


class BatchPlanner(StrEnum):
    """`awaw batch --planner`: which command's plan a turn scenario gets (optimizer/batch/inputs.py): the
    registry's planners of turn scenarios (a test holds the two lists alike), or `auto`."""

    AUTO = "auto"
    PLAN = "plan"
    SW = "sw"
    MOBILIZE = "mobilize"
    SEASON = "season"


def batch(
    inputs: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Scenario files, folders of them, JSON Lines files of scenarios; with --sweep, the base "
            "scenarios (the bundled default if none).",
            show_default=False,
        ),
    ] = None,
    out: Annotated[Path, typer.Option(help="Results, one JSON line per position, in input order.")] = Path(
        "results.jsonl"
    ),
    sweep: Annotated[
        Path | None,
        typer.Option(help="Table of overrides (CSV or YAML), one row per variant, columns dotted paths."),
    ] = None,
    csv_file: Annotated[
        Path | None, typer.Option("--csv", help="Also write one row per position with its main figures.")
    ] = None,
    resume: Annotated[bool, typer.Option(help="Skip positions already in --out.")] = False,
    time_limit: Annotated[float | None, limit_option("Seconds per position.")] = None,
    workers: Annotated[
        int | None, typer.Option(help="Worker processes (default: the machine's cores).", min=1)
    ] = None,
    scheduler: Annotated[
        str | None, typer.Option(help="Run on this Dask cluster instead, e.g. tcp://HOST:8786.")
    ] = None,
    planner: Annotated[
        BatchPlanner,
        typer.Option(
            help="auto: a scenario with a mobilization: section as `awaw mobilize`, else as `awaw plan`; "
            "plan, sw or mobilize: every scenario as that command plans it (one it does not plan is bad input "
            "naming the command that does). Engineers files (kind: engineers) as `awaw engineers`.",
        ),
    ] = BatchPlanner.AUTO,
    fix: Annotated[
        list[str] | None,
        typer.Option(
            "--fix",
            help="Keep a decision in every position, as its planner's command takes it: awaw plan's --fix "
            "forms, and for a season awaw season's (ending in @turnN); a position's own are its JSON Lines "
            "row's or sweep row's fix field (repeatable).",
        ),
    ] = None,
    forbid: Annotated[
        list[str] | None,
        typer.Option(
            "--forbid",
            help="Rule out a decision in every position: the same forms as --fix without =N; a position's "
            "own are its row's forbid field (repeatable).",
        ),
    ] = None,
) -> None:
    """Plan many positions, one result each; exit 1 if any was not planned."""
    if fix or forbid:  # their syntax, before any work: the workers' server is not started for a mistake
        _check_decisions(fix or [], forbid or [], planner)
    if scheduler is None:  # the workers' server loads the solver while the rest loads and the inputs are read
        from optimizer.batch.server import start_server

        start_server()
    from models.io import InputError
    from optimizer.batch.inputs import open_inputs, sweep_jobs
    from optimizer.batch.run import run_batch
    from optimizer.render.tables import console

    default = scenarios.path()
    if default.is_relative_to(Path.cwd()):
        default = default.relative_to(Path.cwd())  # the same name on every checkout
    try:
        if sweep is not None:
            variants = sweep_jobs(inputs or [default], sweep)
            count, jobs = len(variants), iter(variants)
        elif inputs:
            count, jobs = open_inputs(inputs)  # each position read as the workers take it
        else:
            raise InputError("command line", [("INPUTS", "give scenario files, folders or JSON Lines files")])
    except InputError as error:
        raise fail(error.render(), 2) from None
    try:
        totals = run_batch(
            jobs,
            out,
            csv_path=csv_file,
            resume=resume,
            workers=workers,
            scheduler=scheduler,
            time_limit=time_limit,
            console=console(stderr=True),
            planner=planner.value,
            count=count,
            fix=fix or [],
            forbid=forbid or [],
        )
    except OSError as error:
        raise fail(f"{error.filename or out}: cannot write: {error.strerror or error}", 2) from None
    except InputError as error:  # `--resume` given a file that is no earlier run's output
        raise fail(error.render(), 2) from None
    console().print(totals.table())
    if not totals.all_planned:
        raise typer.Exit(1)


def _check_decisions(fix: list[str], forbid: list[str], planner: BatchPlanner) -> None:
    """Exit 2 for `--fix` and `--forbid` no position could take (`optimizer.batch.decisions.check_options`)."""
    from models.io import InputError
    from optimizer.batch.decisions import check_options

    try:
        check_options(fix, forbid, planner.value)
    except InputError as error:
        raise fail(error.render(), 2) from None
