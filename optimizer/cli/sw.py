"""`awaw sw`: the SW combat modifiers of every campaign and the best deployment (rule 25)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from optimizer.cli.common import ScenarioArg, fail, load


def sw(
    scenario_file: ScenarioArg,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the modifiers and deployment as JSON.")
    ] = False,
    results: Annotated[
        Path | None,
        typer.Option(
            help="The player's SW combat results table (YAML, awaw-sw-results/1): plan for expected losses."
        ),
    ] = None,
    time_limit: Annotated[float, typer.Option(help="Seconds for the deployment search.", min=0.001)] = 10.0,
) -> None:
    """Each SW campaign's modifiers line by line with rule numbers, and the best deployment (rule 25)."""
    import json

    from models.io import InputError, load_results_table
    from optimizer.render.sw import sw_tables
    from optimizer.render.tables import console
    from optimizer.rules.sw.solve import plan_sw, report_data

    scenario = load(scenario_file)
    if scenario.sw is None:
        raise fail(InputError(str(scenario_file), [("sw", "no sw: section (rule 25)")]).render(), 2)
    try:
        table = load_results_table(results) if results is not None else None
    except InputError as error:
        raise fail(error.render(), 2) from None
    result = plan_sw(scenario, table, time_limit=time_limit)
    report = report_data(scenario.name, result, table)
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        console().print(sw_tables(report))
