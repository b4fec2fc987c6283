"""`awaw plan`: the best plan of the turn (rules 27 and 40), with the what-ifs asked of it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

import scenarios
from optimizer.cli.common import (
    DiscountOption,
    HorizonOption,
    MinimumOption,
    OilValueOption,
    PresetOption,
    ReserveOption,
    SheetFormat,
    UnspentValueOption,
    ValueOption,
    alternatives_option,
    fail,
    format_option,
    limit_option,
    load,
    no_plan,
    objective_overrides,
    refuse_sheet_mixes,
    sheet_option,
    tolerance_given,
    tolerance_option,
)


def plan(
    scenario_file: Annotated[
        Path | None,
        typer.Argument(help="Scenario YAML file; the bundled default if omitted.", show_default=False),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the plan as JSON (the shape `awaw check` reads).")
    ] = False,
    preset: PresetOption = None,
    minimum: MinimumOption = None,
    reserve: ReserveOption = None,
    value: ValueOption = None,
    unspent_value: UnspentValueOption = None,
    oil_value: OilValueOption = None,
    time_limit: Annotated[
        float | None, limit_option("Seconds; returns the best plan found with its gap.")
    ] = None,
    horizon: HorizonOption = None,
    discount: DiscountOption = None,
    timing: Annotated[bool, typer.Option(help="Also print build and solve times (to stderr).")] = False,
    why: Annotated[
        bool,
        typer.Option(
            "--why",
            help="Also show every limited resource with its use and slack, and what one more unit of each "
            "binding one is worth (re-solved; `why` in --json).",
        ),
    ] = False,
    alternatives: Annotated[int | None, alternatives_option("plans")] = None,
    tolerance: Annotated[str | None, tolerance_option()] = None,
    sheet: Annotated[
        bool,
        sheet_option(
            "one compact page of what to place where, what to pay, chart moves, grants and transports, "
            "inversion one line per rule"
        ),
    ] = False,
    sheet_format: Annotated[SheetFormat, format_option()] = SheetFormat.TEXT,
    fix: Annotated[
        list[str] | None,
        typer.Option(
            "--fix",
            help="Keep a decision, then re-solve: POWER:ENTRY[@SITE][=COUNTERS], POWER:SWLINE[@YARD][=FACTORS], "
            "POWER:SHIP:ACTION[@TURN], FROM>TO[:ROUTE][=BRPS] or route:NAME (repeatable).",
        ),
    ] = None,
    forbid: Annotated[
        list[str] | None,
        typer.Option("--forbid", help="Rule out a decision, same forms as --fix without =N (repeatable)."),
    ] = None,
    why_not: Annotated[
        list[str] | None,
        typer.Option(
            "--why-not",
            help="The best plan that includes this entry, SW build, ship action, grant or route, and what it "
            "costs: the --fix forms, =N exactly N, e.g. usa:liberty-ship=5 (repeatable; `why_not` in --json).",
        ),
    ] = None,
) -> None:
    """The best build for the turn, legal under rule 27, with its accounting."""
    from models.io import InputError
    from models.overrides import apply_overrides
    from optimizer.planners.position import Position, result_of
    from optimizer.planners.turn import TURN, explanation_tables

    path = scenario_file or scenarios.path()
    overrides = objective_overrides(
        preset, minimum, reserve, value, unspent_value, oil_value, horizon, discount
    )
    refuse_sheet_mixes(sheet, sheet_format, as_json, why or bool(why_not) or alternatives is not None)
    tolerance = tolerance_given(tolerance, alternatives)
    within = None
    if alternatives is not None:
        from optimizer.turn.tolerance import parse_tolerance

        try:
            within = parse_tolerance(tolerance)
        except ValueError as error:
            raise fail(f"command line: --tolerance: {error}", 2) from None
    try:
        scenario = apply_overrides(load(path), overrides)
        from optimizer.turn.decision_forms import parse_decision, parse_decisions

        fixes = parse_decisions(fix or [], forbid or [])
        asked = [parse_decision("--why-not", text) for text in why_not or []]
        position = Position(scenario, fixes)
        solved = position.answer(
            time_limit, why=why, why_not=asked, alternatives=alternatives, tolerance=within
        )
    except InputError as error:
        raise fail(error.render(), 2) from None
    result = result_of(scenario, solved)
    if timing:
        from optimizer.render.tables import console

        console(stderr=True).print(
            f"build {result.work.build_seconds * 1000:.1f} ms, solve {result.work.solve_seconds * 1000:.1f} ms"
        )
    if result.plan is None:
        raise no_plan(result, as_json, str(path))
    if sheet:
        from optimizer.render.sheet import sheet as order_sheet
        from optimizer.render.sheet import sheet_html

        if sheet_format is SheetFormat.HTML:
            sys.stdout.write(sheet_html(scenario, result.plan))
        else:
            from rich.console import Group

            from optimizer.render.tables import console

            explanations = explanation_tables(result.plan, tolerance, result.objective)
            console().print(Group(order_sheet(scenario, result.plan), *explanations))
    elif as_json:
        sys.stdout.write(TURN.dumps(result))
    else:
        from optimizer.render.plain import write
        from optimizer.render.tables import console

        # Without Rich where the output is no terminal (`optimizer.render.plain`).
        write(TURN.tables(scenario, result, tolerance), console)
