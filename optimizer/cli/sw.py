"""`awaw sw`: the SW combat modifiers of every campaign and the best deployment (rule 25)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from optimizer.cli.common import (
    ScenarioArg,
    check_option,
    fail,
    limit_option,
    load,
    print_verdict,
    show,
)


def sw(
    scenario_file: ScenarioArg,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the modifiers and deployment as JSON.")
    ] = False,
    results: Annotated[
        Path | None,
        typer.Option(
            help="The player's SW combat results table (YAML: awaw-sw-results/2, the game's form, or /1): "
            "plan for expected losses."
        ),
    ] = None,
    time_limit: Annotated[
        float | None, limit_option("Seconds for the deployment search (default 10).")
    ] = None,
    check: Annotated[Path | None, check_option("deployment")] = None,
) -> None:
    """Each SW campaign's modifiers line by line with rule numbers, and the best deployment (rule 25)."""
    from models.io import InputError, load_results_table
    from optimizer.planners import Limits
    from optimizer.planners.sw import SW

    scenario = load(scenario_file, SW.name)
    if check is not None:
        print_verdict(check, SW, scenario)
        return
    try:
        table = load_results_table(results) if results is not None else None
    except InputError as error:
        raise fail(error.render(), 2) from None
    result = SW.solve(scenario, Limits(time_limit), table)
    show(SW, scenario, result, as_json, str(scenario_file))
