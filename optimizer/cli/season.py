"""`awaw season`: a season of whole turns planned whole (rules 27 and 40 each turn, BRPs, force pools, oil
counters and routes carried from turn to turn), this turn's orders first; or the check of a season plan."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from optimizer.cli.common import ScenarioArg, check_option, fail, limit_option, load, print_verdict, show


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
) -> None:
    """The best plan of a season: this turn's orders, then each later turn's builds, grants and chart
    actions as expected."""
    from models.io import InputError
    from optimizer.planners import Limits
    from optimizer.planners.season import SEASON
    from optimizer.season.decisions import parse_season_decisions

    scenario = load(scenario_file, SEASON.name)
    if check is not None:
        if fix or forbid:
            raise fail("command line: --check: checks a plan as it is; leave out --fix and --forbid", 2)
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
    show(SEASON, scenario, result, as_json, str(scenario_file))
