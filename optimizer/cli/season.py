"""`awaw season`: a season of whole turns planned whole (rules 27 and 40 each turn, BRPs, force pools, oil
counters and routes carried from turn to turn), this turn's orders first; or the check of a season plan."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from optimizer.cli.common import ScenarioArg, check_option, limit_option, load, print_verdict, show


def season(
    scenario_file: ScenarioArg,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the season plan as JSON (one turn: `awaw plan --json`'s).")
    ] = False,
    time_limit: Annotated[
        float | None, limit_option("Seconds; returns the best season plan found with its gap.")
    ] = None,
    check: Annotated[Path | None, check_option("season plan")] = None,
) -> None:
    """The best plan of a season: this turn's orders, then each later turn's builds, grants and chart
    actions as expected."""
    from optimizer.planners import Limits
    from optimizer.planners.season import SEASON

    scenario = load(scenario_file, SEASON.name)
    if check is not None:
        print_verdict(check, SEASON, scenario)
        return
    result = SEASON.solve(scenario, Limits(time_limit))
    show(SEASON, scenario, result, as_json, str(scenario_file))
