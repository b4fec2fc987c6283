"""The `awaw` command line: parse, load, call, render.

Exit codes: 0 success; 1 requirements that cannot all be met, or a plan that
breaks a rule; 2 bad input (file, field and problem are named).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import ValidationError

import scenarios
from models.io import InputError, load_plan, load_scenario, validation_problems
from models.plan import Status
from models.scenario import Preset, Scenario
from models.tables import Dominion, Power
from optimizer.render import console, limits_tables, plan_tables, routes_tables

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Plan the best A World at War construction turn (rule 27), check plans, explain limits.",
)

ScenarioArg = Annotated[Path, typer.Argument(help="Scenario YAML file.", show_default=False)]


def _fail(message: str, code: int) -> typer.Exit:
    console(stderr=True).print(message, markup=False)
    return typer.Exit(code)


def _load(path: Path) -> Scenario:
    """The scenario file, validated; fixed grants that rule 40 forbids are bad input too (40.3)."""
    from optimizer.rules.grants.prepare import fixed_grant_breaches

    try:
        scenario = load_scenario(path)
    except InputError as error:
        raise _fail(error.render(), 2) from None
    breaches = fixed_grant_breaches(scenario)
    if breaches:
        raise _fail(InputError(str(path), breaches).render(), 2)
    return scenario


def _parse_minimum(text: str) -> dict[str, Any]:
    """`POWER:UNIT:FACTORS`, with `any` for either of the first two."""
    parts = text.split(":")
    if len(parts) != 3:
        raise ValueError(f"--min {text!r}: expected POWER:UNIT:FACTORS, e.g. germany:armor:6")
    power, unit, factors = parts
    item: dict[str, Any] = {"factors": factors}
    if power != "any":
        item["power"] = power
    if unit != "any":
        item["unit"] = unit
    return item


def _override(
    scenario: Scenario,
    preset: Preset | None,
    minimum: list[str],
    reserve: list[str],
    values: list[str],
    unspent_value: float | None,
    oil_value: float | None,
) -> Scenario:
    """The scenario with its objective changed by command-line options, validated like the file."""
    if preset is None and not (minimum or reserve or values) and unspent_value is None and oil_value is None:
        return scenario
    data = scenario.model_dump(mode="json", by_alias=True, exclude_unset=True)
    objective = data.setdefault("objective", {})
    try:
        if preset is not None:
            objective["preset"] = preset.value
            objective.pop("priorities", None)
        for text in minimum:
            objective.setdefault("minimum", []).append(_parse_minimum(text))
        for text in reserve:
            power, _, brps = text.partition("=")
            if not brps:
                raise ValueError(f"--reserve {text!r}: expected POWER=BRPS, e.g. italy=10")
            objective.setdefault("reserve", {})[power] = brps
        for text in values:
            unit, _, worth = text.partition("=")
            if not worth:
                raise ValueError(f"--value {text!r}: expected UNIT=VALUE, e.g. armor=2.5")
            objective.setdefault("values", {})[unit] = worth
    except ValueError as error:
        raise _fail(f"command line: {error}", 2) from None
    if unspent_value is not None:
        objective["unspent_brp_value"] = unspent_value
    if oil_value is not None:
        objective["oil_counter_value"] = oil_value
    return _validated(data)


def _validated(data: dict[str, Any]) -> Scenario:
    """Scenario data changed on the command line, validated like a file."""
    try:
        return Scenario.model_validate(data)
    except ValidationError as error:
        raise _fail(InputError("command line", validation_problems(error)).render(), 2) from None


def _horizon(scenario: Scenario, turns: int | None, discount: float | None) -> Scenario:
    """The scenario with its naval horizon changed from the command line."""
    if turns is None and discount is None:
        return scenario
    data = scenario.model_dump(mode="json", by_alias=True, exclude_unset=True)
    horizon = data.setdefault("horizon", {})
    if turns is not None:
        horizon["turns"] = turns
    if discount is not None:
        horizon["discount"] = discount
    return _validated(data)


@app.command()
def plan(
    scenario_file: Annotated[
        Path | None,
        typer.Argument(help="Scenario YAML file; the bundled default if omitted.", show_default=False),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the plan as JSON (the shape `awaw check` reads).")
    ] = False,
    preset: Annotated[
        Preset | None, typer.Option(help="Objective preset, replacing the scenario's priorities.")
    ] = None,
    minimum: Annotated[
        list[str] | None,
        typer.Option("--min", help="Require POWER:UNIT:FACTORS, e.g. germany:armor:6 (any = any)."),
    ] = None,
    reserve: Annotated[list[str] | None, typer.Option(help="Keep POWER=BRPS unspent, e.g. italy=10.")] = None,
    value: Annotated[
        list[str] | None, typer.Option("--value", help="Value per factor UNIT=VALUE, e.g. armor=2.5.")
    ] = None,
    unspent_value: Annotated[float | None, typer.Option(help="Value of each unspent BRP.")] = None,
    oil_value: Annotated[float | None, typer.Option(help="Value of each oil counter kept.")] = None,
    time_limit: Annotated[
        float | None, typer.Option(help="Seconds; returns the best plan found with its gap.", min=0.001)
    ] = None,
    horizon: Annotated[
        int | None, typer.Option(help="Turns of naval construction to plan ahead (27.7), this one included.")
    ] = None,
    discount: Annotated[float | None, typer.Option(help="Weight of each later turn of the horizon.")] = None,
    timing: Annotated[bool, typer.Option(help="Also print build and solve times (to stderr).")] = False,
) -> None:
    """The best build for the turn, legal under rule 27, with its accounting."""
    from optimizer.solve import solve

    path = scenario_file or scenarios.path()
    scenario = _override(
        _load(path), preset, minimum or [], reserve or [], value or [], unspent_value, oil_value
    )
    scenario = _horizon(scenario, horizon, discount)
    result = solve(scenario, time_limit=time_limit)
    if timing:
        console(stderr=True).print(
            f"build {result.build_seconds * 1000:.1f} ms, solve {result.solve_seconds * 1000:.1f} ms"
        )
    if result.status is Status.INFEASIBLE:
        raise _fail(f"{path}: the requirements cannot all be met\n  " + "\n  ".join(result.explanation), 1)
    if result.plan is None:
        raise _fail(f"{path}: no plan found within the time limit ({result.status.value})", 1)
    if as_json:
        sys.stdout.write(result.plan.model_dump_json(indent=2) + "\n")
    else:
        console().print(plan_tables(scenario, result.plan))


@app.command()
def limits(scenario_file: ScenarioArg) -> None:
    """Each power's construction limit, line by line with rule numbers (27.3)."""
    from optimizer.rules.limits.prepare import construction_limit, dominion_limit

    scenario = _load(scenario_file)
    breakdowns = [construction_limit(scenario, power) for power in scenario.powers]
    dominions = []
    if Power.BRITAIN in scenario.powers:
        dominions = [b for d in (Dominion.AUSTRALIA, Dominion.INDIA) if (b := dominion_limit(scenario, d))]
    console().print(limits_tables(breakdowns, dominions))


@app.command()
def routes(
    scenario_file: ScenarioArg,
    picture: Annotated[
        Path | None, typer.Option(help="Draw the route map with this turn's planned flows to this PNG file.")
    ] = None,
) -> None:
    """Every grant route with its state and capacity this turn, and the rule that closes it (rule 40)."""
    from optimizer.rules.grants.prepare import grant_network

    scenario = _load(scenario_file)
    network = grant_network(scenario)
    console().print(routes_tables(network))
    if picture is not None:
        from optimizer.picture import draw_routes
        from optimizer.solve import solve

        result = solve(scenario) if scenario.grants is not None else None
        plan = result.plan if result is not None else None
        try:
            draw_routes(network, plan, picture)
        except OSError as error:
            raise _fail(f"{picture}: cannot write picture: {error.strerror or error}", 2) from None
        console().print(f"route map written to {picture}")


@app.command()
def check(
    scenario_file: ScenarioArg, plan_file: Annotated[Path, typer.Argument(help="Plan JSON file.")]
) -> None:
    """Check a plan against every rule; list each violation with its rule number."""
    from optimizer.checker import check as check_plan

    scenario = _load(scenario_file)
    try:
        plan_data = load_plan(plan_file)
    except InputError as error:
        raise _fail(error.render(), 2) from None
    violations = check_plan(scenario, plan_data)
    out = console()
    if not violations:
        out.print(f"{plan_file}: the plan is legal (rules 27 and 40) and meets the scenario's requirements.")
        return
    for violation in violations:
        label = "requirement not met" if violation.kind == "requirement" else "violates"
        out.print(f"{violation.rule}: {label}: {violation.message}", markup=False)
    rules = sum(1 for v in violations if v.kind != "requirement")
    out.print(f"{plan_file}: {rules} rule violation(s), {len(violations) - rules} requirement(s) not met.")
    raise typer.Exit(1)


@app.command()
def schema() -> None:
    """The JSON Schema of scenario files (for editor completion)."""
    sys.stdout.write(json.dumps(Scenario.model_json_schema(by_alias=True), indent=2, sort_keys=True) + "\n")


@app.command()
def engineers(
    scenario_file: Annotated[Path, typer.Argument(help="Engineers scenario YAML (kind: engineers).")],
    horizon: Annotated[
        int | None, typer.Option(help="Turns to plan (default: the scenario's `turns`).", min=1, max=12)
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the schedule as JSON.")] = False,
    time_limit: Annotated[
        float | None, typer.Option(help="Seconds; returns the best schedule found.", min=0.001)
    ] = None,
) -> None:
    """Europa engineers: which construction unit repairs or builds what, where and when."""
    from models.engineers import EngineerScenario, load_engineer_scenario
    from optimizer.render_engineers import engineer_tables
    from optimizer.rules.engineers.solve import solve_engineers

    try:
        scenario = load_engineer_scenario(scenario_file)
        if horizon is not None:
            try:
                scenario = EngineerScenario.model_validate(scenario.model_dump() | {"turns": horizon})
            except ValidationError as error:
                raise InputError(str(scenario_file), validation_problems(error)) from None
    except InputError as error:
        raise _fail(error.render(), 2) from None
    result = solve_engineers(scenario, time_limit=time_limit)
    if result.plan is None:
        reason = (
            "the required tasks cannot all be done" if result.status == "infeasible" else "no schedule found"
        )
        raise _fail(f"{scenario_file}: {reason} ({result.status})", 1)
    if as_json:
        sys.stdout.write(result.plan.model_dump_json(indent=2) + "\n")
    else:
        console().print(engineer_tables(scenario, result.plan))


def main() -> None:
    app()


if __name__ == "__main__":
    main()
