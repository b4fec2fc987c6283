"""`awaw next SCENARIO PLAN`: the next turn's scenario after the plan is carried out, with the fields only
the player can fill marked (`optimizer.planners.next_turn`); this command reads the files and writes it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from optimizer.cli.common import ScenarioArg, fail


def next_turn(
    scenario_file: ScenarioArg,
    plan_file: Annotated[
        Path, typer.Argument(help="The plan carried out: `awaw plan --json` or `awaw season --json`.")
    ],
    out: Annotated[
        Path | None, typer.Option("--out", help="Write the scenario here; standard output if not given.")
    ] = None,
) -> None:
    """The next turn's scenario after a plan is carried out: the turn advanced, BRPs spent and granted taken
    off, counters built out of the force pool, charts moved, routes opened, oil counters used, the season's
    expectations of the next turn added; what the plan cannot know marked for the player."""
    import sys

    from models.decisions import check_scenario_name
    from models.io import InputError, parse_json, read_text, read_yaml, validate
    from models.plan import Plan
    from models.scenario import Scenario
    from models.season_plan import SEASON_PLAN_FORMAT, SeasonPlan
    from optimizer.planners import kind_refusal
    from optimizer.planners.next_turn import NotCarried, next_turn_text

    try:
        data, lines = read_yaml(scenario_file)
        if refused := kind_refusal("turn", data, str(scenario_file)):  # as `awaw plan` refuses it
            raise fail(refused, 2)
        scenario = validate(Scenario, data, str(scenario_file), lines)
        raw, plan_lines = parse_json(read_text(plan_file), str(plan_file))
        season_plan = None
        if isinstance(raw, dict) and raw.get("format") == SEASON_PLAN_FORMAT:
            season_plan = validate(SeasonPlan, raw, str(plan_file), plan_lines)
            named, plan = season_plan.scenario, season_plan.turns[0].plan
        else:
            plan = validate(Plan, raw, str(plan_file), plan_lines)
            named = plan.scenario
        # A plan of another scenario is refused as `awaw check` refuses it, not read as broken rules.
        check_scenario_name(scenario, named, str(plan_file), plan_lines)
    except InputError as error:
        raise fail(error.render(), 2) from None
    try:
        text = next_turn_text(scenario, plan, season_plan, str(plan_file))
    except NotCarried as refusal:
        raise fail(refusal.message, refusal.code) from None
    if out is None:
        sys.stdout.write(text)
    else:
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as error:
            raise fail(f"{out}: cannot write: {error.strerror or error}", 2) from None
