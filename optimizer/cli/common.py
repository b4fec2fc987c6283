"""What every command shares: the scenario argument, failing with an exit code, and reading a scenario or a
player's plan (bad input is exit 2, one line per mistake: `FILE:LINE: field: problem`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from models.decisions import Decisions
    from models.plan import Plan
    from models.scenario import Scenario

ScenarioArg = Annotated[Path, typer.Argument(help="Scenario YAML file.", show_default=False)]


def fail(message: str, code: int) -> typer.Exit:
    from optimizer.render.tables import console

    # One line per mistake, never wrapped, and ':100:' stays a line number (no emoji).
    console(stderr=True).print(message, markup=False, emoji=False, highlight=False, soft_wrap=True)
    return typer.Exit(code)


def load(path: Path) -> Scenario:
    """The scenario file, validated; fixed grants that rule 40 forbids are bad input too (40.3)."""
    from models.io import InputError, located, read_scenario
    from optimizer.rules.grants.prepare import fixed_grant_breaches

    try:
        scenario, lines = read_scenario(path)
    except InputError as error:
        raise fail(error.render(), 2) from None
    breaches = fixed_grant_breaches(scenario)
    if breaches:
        raise fail(located(str(path), breaches, lines).render(), 2)
    return scenario


def read_player_plan(scenario: Scenario, plan_file: Path) -> Decisions | Plan:
    """A player's plan (decisions only, or the full plan JSON), its names checked against the scenario
    and refused (exit 2) when its `scenario` names another scenario."""
    from models.decisions import Decisions, check_names, check_scenario_name, read_plan_file
    from models.io import InputError

    try:
        player_plan, lines = read_plan_file(plan_file)
        check_scenario_name(scenario, player_plan.scenario, str(plan_file), lines)
        if isinstance(player_plan, Decisions):
            check_names(scenario, player_plan, str(plan_file), lines)
    except InputError as error:
        raise fail(error.render(), 2) from None
    return player_plan


def plan_decisions(scenario: Scenario, plan: Plan, plan_file: Path) -> Decisions:
    """A full plan's decisions, their names checked against the scenario (exit 2 naming the file)."""
    from pydantic import ValidationError

    from models.decisions import check_names, decisions_of
    from models.io import InputError, validation_problems

    try:
        decisions = decisions_of(plan)
        check_names(scenario, decisions, str(plan_file), {})
    except ValidationError as error:
        raise fail(InputError(str(plan_file), validation_problems(error)).render(), 2) from None
    except InputError as error:
        raise fail(error.render(), 2) from None
    return decisions
