"""The commands that show a scenario's position without planning it, and those that help write one:
`limits`, `routes`, `schema`, `sites`, `legs`, `new`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

import scenarios
from optimizer.cli.common import ScenarioArg, fail, load


def limits(scenario_file: ScenarioArg) -> None:
    """Each power's construction limit, line by line with rule numbers (27.3)."""
    from models.tables import Dominion, Power
    from optimizer.render.tables import console, limits_tables
    from optimizer.rules.limits.prepare import construction_limit, dominion_limit

    scenario = load(scenario_file)
    breakdowns = [construction_limit(scenario, power) for power in scenario.powers]
    dominions = []
    if Power.BRITAIN in scenario.powers:
        dominions = [b for d in (Dominion.AUSTRALIA, Dominion.INDIA) if (b := dominion_limit(scenario, d))]
    console().print(limits_tables(breakdowns, dominions))


def routes(
    scenario_file: ScenarioArg,
    picture: Annotated[
        Path | None, typer.Option(help="Draw the route map with this turn's planned flows to this PNG file.")
    ] = None,
) -> None:
    """Every grant route with its state and capacity this turn, and the rule that closes it (rule 40)."""
    from models.notes import starting_state_notes
    from optimizer.render.tables import console, notes_parts, routes_tables
    from optimizer.rules.grants.prepare import grant_network

    if picture is not None and picture.is_dir():
        raise fail(
            f"{picture}: is a directory; give the picture's file name, e.g. {picture / 'routes.png'}", 2
        )
    if picture is not None and not picture.suffix:
        picture = picture.with_suffix(".png")  # the file the picture is written to, named as it is
    scenario = load(scenario_file)
    network = grant_network(scenario)
    console().print(*notes_parts(starting_state_notes(scenario)), routes_tables(network))
    if picture is not None:
        from optimizer.planners.position import solve
        from optimizer.render.picture import draw_routes

        result = solve(scenario) if scenario.grants is not None else None
        plan = result.plan if result is not None else None
        try:
            draw_routes(network, plan, picture)
        except OSError as error:
            raise fail(f"{picture}: cannot write picture: {error.strerror or error}", 2) from None
        console().print(f"route map written to {picture}")


def schema(
    markdown: Annotated[
        bool, typer.Option("--markdown", help="A readable reference: field, type, default, meaning, rules.")
    ] = False,
    kind: Annotated[
        str,
        typer.Option(
            help="The scenario kind: turn (rules 27 and 40, with the sections of rules 25 and 14: what "
            "`awaw plan`, `sw` and `mobilize` read) or engineers (`kind: engineers`, what `awaw engineers` "
            "reads)."
        ),
    ] = "turn",
) -> None:
    """The JSON Schema of scenario files (for editor completion), or with --markdown a reference to read."""
    import json

    from optimizer.planners import SCENARIO_KINDS, scenario_model

    if kind not in SCENARIO_KINDS:
        choices = ", ".join(SCENARIO_KINDS)
        raise fail(f"command line: --kind {kind!r} is not a scenario kind ({choices})", 2)
    model = scenario_model(kind)
    if markdown:
        from models.schema_doc import schema_markdown

        sys.stdout.write(schema_markdown(model))
        return
    sys.stdout.write(json.dumps(model.model_json_schema(by_alias=True), indent=2, sort_keys=True) + "\n")


def sites(
    scenario_file: Annotated[
        Path | None,
        typer.Argument(help="Scenario YAML file; the bundled default if omitted.", show_default=False),
    ] = None,
    power: Annotated[
        str | None, typer.Option(help="Only this power (any major power); the planned powers if omitted.")
    ] = None,
) -> None:
    """Every site a power may build at (27.4, 27.92), with its country, port, room and state in the scenario."""
    from models.notes import starting_state_notes
    from models.tables import POWER_ORDER, Power
    from optimizer.render.tables import console, notes_parts, sites_table
    from optimizer.rules.placement.prepare import build_sites

    scenario = load(scenario_file or scenarios.path())
    if power is None:
        powers = [p for p in POWER_ORDER if p in scenario.powers]
    elif power in {p.value for p in Power}:
        powers = [Power(power)]
    else:
        choices = ", ".join(p.value for p in POWER_ORDER)
        raise fail(f"command line: --power {power!r} is not a major power ({choices})", 2)
    notes = [note for note in starting_state_notes(scenario) if note.startswith("map:")]
    console().print(*notes_parts(notes), *(sites_table(p, build_sites(scenario, p)) for p in powers))


def legs() -> None:
    """The route legs that take loss rates (grants.loss_rates), under their exact names (40.223)."""
    from models.route_data import LEGS
    from optimizer.render.tables import console, legs_table

    console().print(legs_table(leg for leg in LEGS if leg.interceptable))


def new(
    faction: Annotated[
        str, typer.Option(help="The faction planning: european_axis, western_allies, russia, japan or china.")
    ],
    turn: Annotated[str, typer.Option(help='The game turn, e.g. "spring 1942".')],
    out: Annotated[
        Path | None, typer.Option(help="Write the scenario to this file (never over an existing one).")
    ] = None,
) -> None:
    """A commented starting scenario for a faction: every section, a comment on each field."""
    from pydantic import ValidationError

    from models.io import InputError, validation_problems
    from models.scenario import Turn
    from models.tables import Faction
    from scenarios.new import new_scenario

    problems: list[tuple[str, str]] = []
    if faction not in {f.value for f in Faction}:
        problems.append(
            ("--faction", f"{faction!r} is not a faction ({', '.join(f.value for f in Faction)})")
        )
    season, _, year = turn.strip().partition(" ")
    try:
        game_turn = Turn.model_validate({"season": season.lower(), "year": year.strip()})
    except ValidationError as error:
        problems.extend((f"--turn {field}", problem) for field, problem, _ in validation_problems(error))
    if problems:
        raise fail(InputError("command line", problems).render(), 2)
    text = new_scenario(Faction(faction), game_turn)
    if out is None:
        sys.stdout.write(text)
        return
    if out.exists():
        raise fail(InputError(str(out), [("", "already exists; choose another file")]).render(), 2)
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        raise fail(
            InputError(str(out), [("", f"cannot write: {error.strerror or error}")]).render(), 2
        ) from None
    from optimizer.render.tables import console

    console().print(f"scenario written to {out}; fill in the numbers, then: awaw plan {out}", markup=False)
