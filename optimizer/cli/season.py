"""`awaw season`: a season of whole turns planned whole (rules 27 and 40 each turn, BRPs, force pools, oil
counters and routes carried from turn to turn), this turn's orders first; or the check of a season plan."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from optimizer.cli.common import (
    ScenarioArg,
    SheetFormat,
    alternatives_option,
    check_option,
    fail,
    format_option,
    limit_option,
    load,
    print_verdict,
    refuse_sheet_mixes,
    sheet_option,
    show,
    tolerance_given,
    tolerance_option,
)


def season(
    scenario_file: ScenarioArg,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the season plan as JSON (one turn: `awaw plan --json`'s).")
    ] = False,
    time_limit: Annotated[
        float | None, limit_option("Seconds; returns the best season plan found with its gap.")
    ] = None,
    check: Annotated[Path | None, check_option("season plan")] = None,
    why: Annotated[
        bool,
        typer.Option(
            "--why",
            help="Also show each turn's construction limits, oil counters, open routes' capacities and BRPs, "
            "binding ones first, with what one more of each is worth (re-solved; `why` in --json).",
        ),
    ] = False,
    fix: Annotated[
        list[str] | None,
        typer.Option(
            "--fix",
            help="Keep a decision of a turn, then re-solve: awaw plan's --fix forms, each optionally ending "
            "in @turnN (1 this turn, the default; 2 the next; a chart action's up to the chart's horizon), "
            "e.g. germany:armor-4-6=2@turn2 (repeatable).",
        ),
    ] = None,
    forbid: Annotated[
        list[str] | None,
        typer.Option(
            "--forbid",
            help="Rule out a decision of a turn: the same forms as --fix without =N, e.g. "
            "germany:armor-4-6@turn2 (repeatable).",
        ),
    ] = None,
    why_not: Annotated[
        list[str] | None,
        typer.Option(
            "--why-not",
            help="The best season plan that includes this decision of a turn, what it costs and which "
            "turn's limit it meets: the --fix forms, =N exactly N, e.g. germany:armor-4-6=7@turn2 "
            "(repeatable; `why_not` in --json).",
        ),
    ] = None,
    alternatives: Annotated[int | None, alternatives_option("season plans")] = None,
    tolerance: Annotated[str | None, tolerance_option()] = None,
    sheet: Annotated[
        bool,
        sheet_option(
            "this turn's orders as awaw plan --sheet prints them, then each later turn's expected orders"
        ),
    ] = False,
    sheet_format: Annotated[SheetFormat, format_option()] = SheetFormat.TEXT,
) -> None:
    """The best plan of a season: this turn's orders, then each later turn's builds, grants and chart
    actions as expected."""
    from models.io import InputError
    from optimizer.planners import Limits
    from optimizer.planners.season import SEASON
    from optimizer.season.decision_forms import SeasonDecision

    asked = why or bool(why_not) or alternatives is not None  # the what-ifs
    refuse_sheet_mixes(sheet, sheet_format, as_json, asked)
    tolerance = tolerance_given(tolerance, alternatives)
    scenario = load(scenario_file, SEASON.name)
    if check is not None:
        if fix or forbid or asked or sheet:  # never silently left out
            raise fail(
                "command line: --check: checks a plan as it is; leave out --fix, --forbid, --why, "
                "--why-not, --alternatives and --sheet",
                2,
            )
        print_verdict(check, SEASON, scenario)
        return
    length = scenario.season.length(scenario.turn)
    try:
        decisions = SEASON.decisions(scenario, fix or [], forbid or [])
        wanted: tuple[SeasonDecision, ...] = ()
        if why_not:
            from optimizer.season.why_not import check_why_not, parse_why_not

            wanted = parse_why_not(why_not, length)
            check_why_not(scenario, wanted)
        result = SEASON.answer(
            scenario,
            Limits(time_limit),
            decisions,
            why=why,
            why_not=wanted,
            alternatives=alternatives,
            tolerance=tolerance,
        )
    except InputError as error:
        raise fail(error.render(), 2) from None
    if sheet and result.plan is not None:
        from optimizer.render.tables import console

        if sheet_format is SheetFormat.HTML:
            sys.stdout.write(SEASON.printables(scenario, result).sheet_html)
        else:
            console().print(SEASON.sheet(scenario, result))
        return
    show(SEASON, scenario, result, as_json, str(scenario_file))
