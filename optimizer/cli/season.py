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
    check_option,
    fail,
    limit_option,
    load,
    print_verdict,
    show,
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
            "in @turnN (1 this turn, the default; 2 the next), e.g. germany:armor-4-6=2@turn2 (repeatable).",
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
    sheet: Annotated[
        bool,
        typer.Option(
            "--sheet",
            help="Print only the order sheet: this turn's orders as awaw plan --sheet prints them, then "
            "each later turn's expected orders.",
        ),
    ] = False,
    sheet_format: Annotated[
        SheetFormat, typer.Option("--format", help="With --sheet: text, or html (one printable page).")
    ] = SheetFormat.TEXT,
) -> None:
    """The best plan of a season: this turn's orders, then each later turn's builds, grants and chart
    actions as expected."""
    from models.io import InputError
    from optimizer.planners import Limits
    from optimizer.planners.season import SEASON
    from optimizer.season.decisions import parse_season_decisions

    if sheet and as_json:
        raise fail("command line: --sheet: prints the order sheet; leave out --json", 2)
    if sheet_format is not SheetFormat.TEXT and not sheet:
        raise fail("command line: --format: applies to --sheet", 2)
    if sheet and why:
        raise fail("command line: --sheet: the order sheet holds the orders only; ask --why without it", 2)
    scenario = load(scenario_file, SEASON.name)
    if check is not None:
        if fix or forbid or sheet:
            raise fail(
                "command line: --check: checks a plan as it is; leave out --fix, --forbid and --sheet", 2
            )
        print_verdict(check, SEASON, scenario)
        return
    try:
        decisions = parse_season_decisions(fix or [], forbid or [], scenario.season.length(scenario.turn))
        result = SEASON.solve(scenario, Limits(time_limit), decisions)
    except InputError as error:
        raise fail(error.render(), 2) from None
    if why and result.plan is not None:
        if len(result.plan.turns) == 1:
            raise fail(f"{scenario_file}: --why of a one-turn season: use awaw plan --why", 2)
        from dataclasses import replace

        from optimizer.season.why import season_why

        uses = season_why(scenario, result.plan, time_limit, decisions)
        asked = result.plan.model_copy(update={"why": uses})
        result = replace(result, plan=asked)
    if sheet and result.plan is not None:
        from optimizer.render.tables import console

        if sheet_format is SheetFormat.HTML:
            sys.stdout.write(SEASON.printables(scenario, result).sheet_html)
        else:
            console().print(SEASON.sheet(scenario, result))
        return
    show(SEASON, scenario, result, as_json, str(scenario_file))
