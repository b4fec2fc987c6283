"""What every command shares: the scenario argument, failing with an exit code, and reading a scenario or a
player's plan (bad input is exit 2, one line per mistake: `FILE:LINE: field: problem`)."""

from __future__ import annotations

import math
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from optimizer.turn.tolerance import DEFAULT_TOLERANCE

if TYPE_CHECKING:
    from models.decisions import Decisions
    from models.plan import Plan
    from models.scenario import Scenario
    from optimizer.planners.base import Planner, Result

ScenarioArg = Annotated[Path, typer.Argument(help="Scenario YAML file.", show_default=False)]


class PresetName(StrEnum):
    """The objective presets of `models.scenario.Preset`, named here so that `--help` needs no models."""

    MAX_FACTORS = "max-factors"
    MAX_VALUE = "max-value"


# The objective options: `awaw plan` scores its plan by them, and `awaw check` derives the values a plan
# states by the same ones (a plan made with `--value armor=3` is checked with `--value armor=3`).
PresetOption = Annotated[
    PresetName | None, typer.Option(help="Objective preset, replacing the scenario's priorities.")
]
MinimumOption = Annotated[
    list[str] | None,
    typer.Option("--min", help="Require POWER:UNIT:FACTORS, e.g. germany:armor:6 (any = any)."),
]
ReserveOption = Annotated[list[str] | None, typer.Option(help="Keep POWER=BRPS unspent, e.g. italy=10.")]
ValueOption = Annotated[
    list[str] | None, typer.Option("--value", help="Value per factor UNIT=VALUE, e.g. armor=2.5.")
]
UnspentValueOption = Annotated[float | None, typer.Option(help="Value of each unspent BRP.")]
OilValueOption = Annotated[float | None, typer.Option(help="Value of each oil counter kept.")]
HorizonOption = Annotated[
    int | None, typer.Option(help="Turns of naval construction to plan ahead (27.7), this one included.")
]
DiscountOption = Annotated[float | None, typer.Option(help="Weight of each later turn of the horizon.")]


def objective_overrides(
    preset: PresetName | None,
    minimum: list[str] | None,
    reserve: list[str] | None,
    value: list[str] | None,
    unspent_value: float | None,
    oil_value: float | None,
    horizon: int | None,
    discount: float | None,
) -> Any:
    """The objective options as `models.overrides.Overrides`, to be applied to the scenario."""
    from models.overrides import Overrides

    return Overrides(
        preset=None if preset is None else preset.value,
        values=value or [],
        minimum=minimum or [],
        reserve=reserve or [],
        unspent_value=unspent_value,
        oil_value=oil_value,
        horizon=horizon,
        discount=discount,
    )


class SheetFormat(StrEnum):
    """How `awaw plan --sheet` and `awaw season --sheet` print the order sheet."""

    TEXT = "text"
    HTML = "html"


def _finite(value: float | None) -> float | None:
    """A limit is a finite number: NaN and infinity are refused as bad input (exit 2), as a negative or
    zero limit is by the option's minimum."""
    if value is not None and not math.isfinite(value):
        raise typer.BadParameter(f"{value} is not a finite number")
    return value


def limit_option(help: str, name: str = "--time-limit") -> Any:
    """`--time-limit` (or `--work-limit`): seconds, above 0 and finite; none by default (the planner's)."""
    return typer.Option(name, help=help, min=0.001, callback=_finite)


def alternatives_option(what: str) -> Any:
    """`--alternatives K`: up to K other plans within `--tolerance` of the best (1 to 100)."""
    return typer.Option(
        "--alternatives",
        help=f"Also show up to K other {what} within --tolerance of the best, with what differs "
        "(`alternatives` in --json).",
        min=1,
        max=100,
    )


def tolerance_option() -> Any:
    """`--tolerance`: how far below the best an alternative may be (`tolerance_given` reads it)."""
    return typer.Option(
        help="With --alternatives: how far below the best, in objective points (2) or per cent (5%).",
        show_default=DEFAULT_TOLERANCE,
    )


def tolerance_given(tolerance: str | None, alternatives: int | None) -> str:
    """The tolerance of `--alternatives` (5% when not given); `--tolerance` without `--alternatives` is
    refused (exit 2), never silently left out."""
    if tolerance is not None and alternatives is None:
        raise fail(
            "command line: --tolerance: only with --alternatives K (how far below the best they are)", 2
        )
    return DEFAULT_TOLERANCE if tolerance is None else tolerance


def sheet_option(what: str) -> Any:
    """`--sheet`: the order sheet alone."""
    return typer.Option("--sheet", help=f"Print only the order sheet: {what}.")


def format_option() -> Any:
    """`--format text|html` of `--sheet`."""
    return typer.Option("--format", help="With --sheet: text, or html (one printable page).")


def refuse_sheet_mixes(sheet: bool, sheet_format: SheetFormat, as_json: bool, asked: bool) -> None:
    """The order sheet's options that do not go together, refused before anything is planned (exit 2):
    `--sheet` with `--json`, `--format` without `--sheet`, the HTML sheet with a what-if (`asked`)."""
    if sheet and as_json:
        raise fail("command line: --sheet: prints the order sheet; leave out --json", 2)
    if sheet_format is not SheetFormat.TEXT and not sheet:
        raise fail("command line: --format: applies to --sheet", 2)
    if sheet_format is SheetFormat.HTML and asked:
        raise fail(
            "command line: --format html: the HTML order sheet holds the orders only; ask --why, --why-not "
            "or --alternatives with the text sheet, or without --sheet",
            2,
        )


def check_option(what: str) -> Any:
    """`--check FILE`: the planner's checker on a player's plan instead of planning one."""
    return typer.Option(
        "--check", help=f"Check this {what} (JSON, as --json writes it) instead of planning one."
    )


def fail(message: str, code: int) -> typer.Exit:
    from optimizer.render.tables import console

    # One line per mistake, never wrapped, and ':100:' stays a line number (no emoji).
    console(stderr=True).print(message, markup=False, emoji=False, highlight=False, soft_wrap=True)
    return typer.Exit(code)


def load(path: Path, planner: str = "plan", checking: Path | None = None) -> Any:
    """The scenario file, validated for the planner of this name (`optimizer.planners`): a file of another
    kind is refused in one line naming the command that plans it (with `checking`, `awaw check`'s plan
    file, the command that checks it), exit 2, as is bad input (one line per mistake: fixed grants that
    rule 40 forbids too, 40.3)."""
    from models.io import InputError, read_yaml
    from optimizer.planners import planner as named
    from optimizer.planners import refusal

    chosen = named(planner)
    try:
        data, lines = read_yaml(path)
        refused = refusal(chosen, data, str(path), None if checking is None else str(checking))
        if refused is not None:
            raise fail(refused, 2)
        return chosen.validate(data, str(path), lines)
    except InputError as error:
        raise fail(error.render(), 2) from None


def no_plan(result: Result[Any], as_json: bool, label: str) -> typer.Exit:
    """No plan: the one JSON object every command's `--json` prints (`status`, `message`, `explanation`,
    `rules`), or the message and its explanation on standard error; exit 1 when the requirements cannot all
    be met, 3 when nothing was found within the limits."""
    if as_json:
        sys.stdout.write(result.failure_json())
        return typer.Exit(result.exit_code)
    return fail(result.failure(label), result.exit_code)


def show(planner: Planner[Any, Any], scenario: Any, result: Result[Any], as_json: bool, label: str) -> None:
    """A planner's result as its command prints it: the plan's JSON with `--json`, else its tables; without
    a plan, the failure (`no_plan`)."""
    from optimizer.render.tables import console

    if result.plan is None:
        raise no_plan(result, as_json, label)
    if as_json:
        sys.stdout.write(planner.dumps(result))
    else:
        console().print(planner.tables(scenario, result))


def print_verdict(path: Path, planner: Planner[Any, Any], scenario: Any) -> None:
    """The planner's checker's verdict on a player's plan or schedule file: legal (exit 0), or each
    violation with its rule number and a count (exit 1); a file that cannot be read is bad input (exit 2)."""
    from models.io import InputError, read_text
    from optimizer.render.tables import console

    try:
        verdict = planner.check(scenario, read_text(path), str(path))
    except InputError as error:
        raise fail(error.render(), 2) from None
    out = console()
    if not verdict.violations:
        out.print(f"{path}: {verdict.legal}.", markup=False, soft_wrap=True)
        return
    for line in verdict.lines():
        out.print(line, markup=False, soft_wrap=True)
    rules = sum(1 for v in verdict.violations if v.kind != "requirement")
    out.print(f"{path}: {rules} rule violation(s), {len(verdict.violations) - rules} requirement(s) not met.")
    raise typer.Exit(1)


def read_player_plan(scenario: Scenario, plan_file: Path) -> Decisions | Plan:
    """A player's plan (decisions only, or the full plan JSON), its names checked against the scenario
    and refused (exit 2) when its `scenario` names another scenario."""
    from models.decisions import read_player_plan as read
    from models.io import InputError

    try:
        return read(scenario, plan_file)
    except InputError as error:
        raise fail(error.render(), 2) from None


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
