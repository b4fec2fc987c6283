"""`awaw check` and `awaw compare`: a player's plan checked against every rule, and priced against the best."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from optimizer.cli.common import (
    DiscountOption,
    HorizonOption,
    MinimumOption,
    OilValueOption,
    PresetOption,
    ReserveOption,
    ScenarioArg,
    UnspentValueOption,
    ValueOption,
    fail,
    limit_option,
    load,
    no_plan,
    objective_overrides,
    plan_decisions,
    print_verdict,
    read_player_plan,
)


def check(
    scenario_file: ScenarioArg,
    plan_file: Annotated[
        Path,
        typer.Argument(help="Plan JSON file, or a decisions-only plan (YAML or JSON, see `awaw compare`)."),
    ],
    preset: PresetOption = None,
    minimum: MinimumOption = None,
    reserve: ReserveOption = None,
    value: ValueOption = None,
    unspent_value: UnspentValueOption = None,
    oil_value: OilValueOption = None,
    horizon: HorizonOption = None,
    discount: DiscountOption = None,
) -> None:
    """Check a plan against every rule; list each violation with its rule number. The values the plan states
    of each priority are derived again by the scenario's objective, with the objective options `awaw plan`
    was given (the same names)."""
    from models.io import InputError
    from models.overrides import apply_overrides
    from optimizer.planners.turn import TURN

    scenario = load(scenario_file, checking=plan_file)
    overrides = objective_overrides(
        preset, minimum, reserve, value, unspent_value, oil_value, horizon, discount
    )
    try:
        scenario = apply_overrides(scenario, overrides)
    except InputError as error:
        raise fail(error.render(), 2) from None
    print_verdict(plan_file, TURN, scenario)


def compare(
    scenario_file: ScenarioArg,
    plan_file: Annotated[
        Path,
        typer.Argument(
            help="Your plan: decisions only (YAML or JSON, `format: awaw-decisions/1`), or a plan JSON as "
            "`awaw plan --json` writes it."
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the comparison as JSON.")] = False,
    time_limit: Annotated[
        float | None, limit_option("Seconds for each solve (the best plan, and pricing yours).")
    ] = None,
) -> None:
    """Your plan against the best: priced, checked (root causes first), scored on each priority with the gap
    to the optimum, and what the best plan does differently. Exit 0 when legal, 1 when it breaks a rule."""
    from models.decisions import Decisions
    from optimizer.planners.position import Position, result_of
    from optimizer.render.compare import comparison_parts
    from optimizer.render.tables import console

    scenario = load(scenario_file, checking=plan_file)  # another kind's plan: its command's --check
    player_plan = read_player_plan(scenario, plan_file)
    if not isinstance(player_plan, Decisions):
        # A full plan JSON (`awaw plan --json`, perhaps edited): compared by its decisions; what it
        # says they cost is priced again, as for the decisions-only form.
        player_plan = plan_decisions(scenario, player_plan, plan_file)
    position = Position(scenario)
    result = result_of(scenario, position.solve(time_limit))
    if result.plan is None:
        raise no_plan(result, as_json, str(scenario_file))
    comparison = position.compare(player_plan, result.plan, time_limit)
    if as_json:
        sys.stdout.write(comparison.model_dump_json(indent=2) + "\n")
    else:
        console().print(comparison_parts(comparison))
    if comparison.out_of_time:
        raise fail(f"{plan_file}: the time limit passed before your plan could be priced", 3)
    if not comparison.legal:
        raise typer.Exit(1)
