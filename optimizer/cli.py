"""The `awaw` command line: parse, load, call, render.

Exit codes: 0 success; 1 requirements that cannot all be met, or a plan that
breaks a rule; 2 bad input (one line per mistake: `FILE:LINE: field: problem`);
3 no plan found within the time limit.

Start-up: this module imports only the standard library and Typer at the top,
so that `awaw --help` and the commands that need no solver start fast. Each
command imports what it needs inside its function: `models` (pydantic) for
anything that reads a scenario, networkx through a rule family's `prepare`,
`optimizer.solve` (ortools) only where a plan is solved, `optimizer.picture`
(matplotlib) only where a picture is drawn, `optimizer.render` (Rich tables)
where tables are printed. Annotations of command parameters use only the
standard library and Typer (choices are plain strings, checked by the models
when the command runs); other names go under `TYPE_CHECKING`. A test
(`tests/optimizer/test_startup.py`) holds `--help`, `schema`, `sites`, `legs` and
`new` to importing neither ortools nor matplotlib; `python -m benchmarks.startup`
measures start-up against the bare import of ortools, networkx and pydantic.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

import scenarios

if TYPE_CHECKING:
    from models.decisions import Decisions
    from models.plan import Plan
    from models.scenario import Scenario

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Plan the best A World at War construction turn (rule 27), check plans, explain limits.",
)

ScenarioArg = Annotated[Path, typer.Argument(help="Scenario YAML file.", show_default=False)]


class PresetName(StrEnum):
    """The objective presets of `models.scenario.Preset`, named here so that `--help` needs no models."""

    MAX_FACTORS = "max-factors"
    MAX_VALUE = "max-value"


class SheetFormat(StrEnum):
    """How `awaw plan --sheet` prints the order sheet."""

    TEXT = "text"
    HTML = "html"


def _fail(message: str, code: int) -> typer.Exit:
    from optimizer.render import console

    # One line per mistake, never wrapped, and ':100:' stays a line number (no emoji).
    console(stderr=True).print(message, markup=False, emoji=False, highlight=False, soft_wrap=True)
    return typer.Exit(code)


def _load(path: Path) -> Scenario:
    """The scenario file, validated; fixed grants that rule 40 forbids are bad input too (40.3)."""
    from models.io import InputError, located, read_scenario
    from optimizer.rules.grants.prepare import fixed_grant_breaches

    try:
        scenario, lines = read_scenario(path)
    except InputError as error:
        raise _fail(error.render(), 2) from None
    breaches = fixed_grant_breaches(scenario)
    if breaches:
        raise _fail(located(str(path), breaches, lines).render(), 2)
    return scenario


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
        PresetName | None, typer.Option(help="Objective preset, replacing the scenario's priorities.")
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
    why: Annotated[
        bool,
        typer.Option(
            "--why",
            help="Also show every limited resource with its use and slack, and what one more unit of each "
            "binding one is worth (re-solved; `why` in --json).",
        ),
    ] = False,
    alternatives: Annotated[
        int | None,
        typer.Option(
            "--alternatives",
            help="Also show up to K other plans within --tolerance of the best, with what differs "
            "(`alternatives` in --json).",
            min=1,
            max=100,
        ),
    ] = None,
    tolerance: Annotated[
        str,
        typer.Option(
            help="With --alternatives: how far below the best, in objective points (2) or per cent (5%)."
        ),
    ] = "5%",
    sheet: Annotated[
        bool,
        typer.Option(
            "--sheet",
            help="Print only the order sheet: one compact page of what to place where, what to pay, chart "
            "moves, grants and transports, inversion one line per rule.",
        ),
    ] = False,
    sheet_format: Annotated[
        SheetFormat, typer.Option("--format", help="With --sheet: text, or html (one printable page).")
    ] = SheetFormat.TEXT,
    fix: Annotated[
        list[str] | None,
        typer.Option(
            "--fix",
            help="Keep a decision, then re-solve: POWER:ENTRY[@SITE][=COUNTERS], POWER:SHIP:ACTION[@TURN], "
            "FROM>TO[:ROUTE][=BRPS] or route:NAME (repeatable).",
        ),
    ] = None,
    forbid: Annotated[
        list[str] | None,
        typer.Option("--forbid", help="Rule out a decision, same forms as --fix without =N (repeatable)."),
    ] = None,
    why_not: Annotated[
        list[str] | None,
        typer.Option(
            "--why-not",
            help="The best plan that includes this entry, ship action, grant or route, and what it costs "
            "(same forms as --fix; repeatable; `why_not` in --json).",
        ),
    ] = None,
) -> None:
    """The best build for the turn, legal under rule 27, with its accounting."""
    from models.io import InputError, indented
    from models.overrides import Overrides, apply_overrides
    from models.plan import Status
    from optimizer.render import console, plan_tables
    from optimizer.solve import solve

    path = scenario_file or scenarios.path()
    overrides = Overrides(
        preset=None if preset is None else preset.value,
        values=value or [],
        minimum=minimum or [],
        reserve=reserve or [],
        unspent_value=unspent_value,
        oil_value=oil_value,
        horizon=horizon,
        discount=discount,
    )
    if sheet and as_json:
        raise _fail("command line: --sheet: prints the order sheet; leave out --json", 2)
    if sheet_format is not SheetFormat.TEXT and not sheet:
        raise _fail("command line: --format: applies to --sheet", 2)
    if sheet_format is SheetFormat.HTML and (why or why_not or alternatives is not None):
        raise _fail(
            "command line: --format html: the HTML order sheet holds the orders only; ask --why, --why-not "
            "or --alternatives with the text sheet, or without --sheet",
            2,
        )
    if alternatives is not None:
        from optimizer.alternatives import parse_tolerance

        try:
            within = parse_tolerance(tolerance)
        except ValueError as error:
            raise _fail(f"command line: --tolerance: {error}", 2) from None
    try:
        scenario = apply_overrides(_load(path), overrides)
        from optimizer.decision_forms import parse_decision, parse_decisions

        fixes = parse_decisions(fix or [], forbid or [])
        asked = [parse_decision("--why-not", text) for text in why_not or []]
        result = solve(
            scenario,
            time_limit=time_limit,
            keep_decisions=why or bool(asked) or alternatives is not None,
            fixes=fixes,
        )
        if asked and result.prepared is not None:
            from optimizer.fix import raise_bad_decisions

            raise_bad_decisions(result.prepared, asked)
    except InputError as error:
        raise _fail(error.render(), 2) from None
    if (why or asked) and result.plan is not None:
        from optimizer.why_not import explain

        explain(scenario, result, why, asked, time_limit)
    if alternatives is not None and result.plan is not None:
        from optimizer.alternatives import alternatives as other_plans

        found = other_plans(scenario, result, alternatives, within, time_limit)
        result.plan.alternatives = [alternative for alternative, _ in found]
    if timing:
        console(stderr=True).print(
            f"build {result.build_seconds * 1000:.1f} ms, solve {result.solve_seconds * 1000:.1f} ms"
        )
    if result.plan is None:
        infeasible = result.status is Status.INFEASIBLE
        message = (
            "the requirements cannot all be met" if infeasible else "no plan found within the time limit"
        )
        code = 1 if infeasible else 3
        if as_json:
            import json
            import re

            rules = sorted(
                {m.group(1) for line in result.explanation for m in re.finditer(r"by (\d+\.\d+)", line)}
            )
            failure = {
                "scenario": scenario.name,
                "status": result.status.value,
                "message": message,
                "explanation": result.explanation,
                "rules": rules,
            }
            sys.stdout.write(json.dumps(failure, indent=2) + "\n")
            raise typer.Exit(code)
        raise _fail(f"{path}: {message}{indented(result.explanation)}", code)
    if sheet:
        from optimizer.sheet import sheet as order_sheet
        from optimizer.sheet import sheet_html

        if sheet_format is SheetFormat.HTML:
            sys.stdout.write(sheet_html(scenario, result.plan))
        else:
            console().print(order_sheet(scenario, result.plan))
            _print_explanations(result.plan, tolerance, result.objective)
    elif as_json:
        sys.stdout.write(result.plan.model_dump_json(indent=2) + "\n")
    else:
        console().print(plan_tables(scenario, result.plan))
        _print_explanations(result.plan, tolerance, result.objective)
        if scenario.sw is not None:
            from optimizer.render_sw import sw_plan_table
            from optimizer.sw import plan_sw_after_builds, report_data

            before, after = plan_sw_after_builds(scenario, result.plan)
            reports = (report_data(scenario.name, r, None) for r in (before, after))
            console().print(sw_plan_table(*reports))


def _print_explanations(plan: Plan, tolerance: str, objective: float | None) -> None:
    """What `--why`, `--why-not` and `--alternatives` found, after the plan or its order sheet."""
    from optimizer.render import console

    if plan.why is not None:
        from optimizer.render_why import why_table

        console().print(why_table(plan.why))
    if plan.why_not:
        from optimizer.render_why import why_not_table

        console().print(why_not_table(plan.why_not))
    if plan.alternatives is not None:
        from optimizer.render_alternatives import alternatives_table

        console().print(alternatives_table(plan.alternatives, tolerance, objective or 0.0))


@app.command()
def limits(scenario_file: ScenarioArg) -> None:
    """Each power's construction limit, line by line with rule numbers (27.3)."""
    from models.tables import Dominion, Power
    from optimizer.render import console, limits_tables
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
    from models.notes import starting_state_notes
    from optimizer.render import console, notes_parts, routes_tables
    from optimizer.rules.grants.prepare import grant_network

    if picture is not None and picture.is_dir():
        raise _fail(
            f"{picture}: is a directory; give the picture's file name, e.g. {picture / 'routes.png'}", 2
        )
    if picture is not None and not picture.suffix:
        picture = picture.with_suffix(".png")  # the file the picture is written to, named as it is
    scenario = _load(scenario_file)
    network = grant_network(scenario)
    console().print(*notes_parts(starting_state_notes(scenario)), routes_tables(network))
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
    scenario_file: ScenarioArg,
    plan_file: Annotated[
        Path,
        typer.Argument(help="Plan JSON file, or a decisions-only plan (YAML or JSON, see `awaw compare`)."),
    ],
) -> None:
    """Check a plan against every rule; list each violation with its rule number."""
    from models.decisions import Decisions
    from optimizer.checker import check as check_plan
    from optimizer.render import console

    scenario = _load(scenario_file)
    player_plan = _player_plan(scenario, plan_file)
    if isinstance(player_plan, Decisions):
        from optimizer.compare import assess

        assessed = assess(scenario, player_plan)
        violations = [(v.rule, v.kind, v.message) for v in assessed.findings]
    else:
        violations = [(v.rule, v.kind, v.message) for v in check_plan(scenario, player_plan)]
    out = console()
    if not violations:
        checked = "rules 25, 27 and 40" if scenario.sw is not None else "rules 27 and 40"
        out.print(f"{plan_file}: the plan is legal ({checked}) and meets the scenario's requirements.")
        return
    for rule, kind, message in violations:
        label = "requirement not met" if kind == "requirement" else "violates"
        out.print(f"{rule}: {label}: {message}", markup=False)
    rules = sum(1 for _, kind, _ in violations if kind != "requirement")
    out.print(f"{plan_file}: {rules} rule violation(s), {len(violations) - rules} requirement(s) not met.")
    raise typer.Exit(1)


@app.command()
def schema(
    markdown: Annotated[
        bool, typer.Option("--markdown", help="A readable reference: field, type, default, meaning, rules.")
    ] = False,
) -> None:
    """The JSON Schema of scenario files (for editor completion), or with --markdown a reference to read."""
    import json

    from models.scenario import Scenario

    if markdown:
        from models.schema_doc import schema_markdown

        sys.stdout.write(schema_markdown())
        return
    sys.stdout.write(json.dumps(Scenario.model_json_schema(by_alias=True), indent=2, sort_keys=True) + "\n")


@app.command()
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
    from optimizer.render import console, notes_parts, sites_table
    from optimizer.rules.placement.prepare import build_sites

    scenario = _load(scenario_file or scenarios.path())
    if power is None:
        powers = [p for p in POWER_ORDER if p in scenario.powers]
    elif power in {p.value for p in Power}:
        powers = [Power(power)]
    else:
        choices = ", ".join(p.value for p in POWER_ORDER)
        raise _fail(f"command line: --power {power!r} is not a major power ({choices})", 2)
    notes = [note for note in starting_state_notes(scenario) if note.startswith("map:")]
    console().print(*notes_parts(notes), *(sites_table(p, build_sites(scenario, p)) for p in powers))


@app.command()
def legs() -> None:
    """The route legs that take loss rates (grants.loss_rates), under their exact names (40.223)."""
    from models.route_data import LEGS
    from optimizer.render import console, legs_table

    console().print(legs_table(leg for leg in LEGS if leg.interceptable))


@app.command()
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
        raise _fail(InputError("command line", problems).render(), 2)
    text = new_scenario(Faction(faction), game_turn)
    if out is None:
        sys.stdout.write(text)
        return
    if out.exists():
        raise _fail(InputError(str(out), [("", "already exists; choose another file")]).render(), 2)
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        raise _fail(
            InputError(str(out), [("", f"cannot write: {error.strerror or error}")]).render(), 2
        ) from None
    from optimizer.render import console

    console().print(f"scenario written to {out}; fill in the numbers, then: awaw plan {out}", markup=False)


@app.command()
def sw(
    scenario_file: ScenarioArg,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the modifiers and deployment as JSON.")
    ] = False,
    results: Annotated[
        Path | None,
        typer.Option(
            help="The player's SW combat results table (YAML: awaw-sw-results/2, the game's form, or /1): plan for expected losses."
        ),
    ] = None,
    time_limit: Annotated[float, typer.Option(help="Seconds for the deployment search.", min=0.001)] = 10.0,
) -> None:
    """Each SW campaign's modifiers line by line with rule numbers, and the best deployment (rule 25)."""
    import json

    from models.io import InputError, load_results_table
    from optimizer.render import console
    from optimizer.render_sw import sw_tables
    from optimizer.sw import plan_sw, report_data

    scenario = _load(scenario_file)
    if scenario.sw is None:
        raise _fail(InputError(str(scenario_file), [("sw", "no sw: section (rule 25)")]).render(), 2)
    try:
        table = load_results_table(results) if results is not None else None
    except InputError as error:
        raise _fail(error.render(), 2) from None
    result = plan_sw(scenario, table, time_limit=time_limit)
    report = report_data(scenario.name, result, table, scenario.sw)
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        console().print(sw_tables(report))


@app.command()
def mobilize(
    scenario_file: ScenarioArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print the schedule as JSON.")] = False,
    horizon: Annotated[
        int | None, typer.Option(help="Plan the first N turns of the scenario's mobilization turns.")
    ] = None,
    time_limit: Annotated[float, typer.Option(help="Seconds the search may take.")] = 10.0,
    force_pool_out: Annotated[
        Path | None,
        typer.Option(help="Write the scenario with the reserve units added to its force pools (14.82) here."),
    ] = None,
    handover_turn: Annotated[
        int | None,
        typer.Option(help="With --force-pool-out: units in the reserve by this turn (default: the last)."),
    ] = None,
    check: Annotated[
        Path | None,
        typer.Option(help="Check this schedule (JSON, as --json writes it) instead of planning one."),
    ] = None,
) -> None:
    """The best Gathering Storm factory conversion and mobilization schedule (rule 14)."""
    import json

    import yaml

    from models.io import InputError
    from optimizer.mobilize import Infeasible, NoScheduleInTime, seed_force_pool, solve_mobilization
    from optimizer.render import console
    from optimizer.render_mobilization import mobilization_tables

    scenario = _load(scenario_file)
    state = scenario.mobilization
    if state is None:
        raise _fail(
            InputError(str(scenario_file), [("mobilization", "missing: nothing to plan (rule 14)")]).render(),
            2,
        )
    if horizon is not None and not 1 <= horizon <= len(state.turns):
        raise _fail(
            InputError(
                str(scenario_file),
                [("mobilization.turns", f"--horizon {horizon}: the scenario lists {len(state.turns)} turns")],
            ).render(),
            2,
        )
    if check is not None:
        _check_schedule(scenario, check)
        return
    try:
        result = solve_mobilization(scenario, horizon=horizon, time_limit=time_limit)
    except NoScheduleInTime:
        raise _fail(f"{scenario_file}: no schedule found within the time limit", 3) from None
    except Infeasible as error:
        lines = "\n".join(f"  {item}" for item in error.blocking)
        raise _fail(f"the requirements cannot all be met\n  blocked by:\n{lines}", 1) from None
    schedule = result.schedule
    if as_json:
        sys.stdout.write(json.dumps(schedule.model_dump(mode="json"), indent=2) + "\n")
    else:
        console().print(mobilization_tables(scenario, schedule))
    if force_pool_out is not None:
        turn = schedule.horizon - 1 if handover_turn is None else handover_turn
        seeded, problems = seed_force_pool(scenario, schedule, turn)
        data = seeded.model_dump(mode="json", by_alias=True, exclude_defaults=True)
        try:
            force_pool_out.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        except OSError as error:
            raise _fail(f"{force_pool_out}: cannot write: {error.strerror or error}", 2) from None
        out = console(stderr=True)
        for problem in problems:
            out.print(problem, markup=False)
        out.print(f"scenario with the reserve by turn {turn} in its force pools written to {force_pool_out}")


def _check_schedule(scenario: Scenario, path: Path) -> None:
    """`awaw mobilize --check`: every breach of rule 14 in a schedule, with its rule number."""
    from models.io import InputError, load_json
    from models.mobilization import MobilizationSchedule
    from optimizer.checker.mobilization import check_mobilization
    from optimizer.render import console

    try:
        schedule = load_json(path, MobilizationSchedule)
    except InputError as error:
        raise _fail(error.render(), 2) from None
    violations = check_mobilization(scenario, schedule)
    out = console()
    if not violations:
        out.print(
            f"{path}: the schedule is legal (rule 14) and meets the scenario's requirements.", markup=False
        )
        return
    for violation in violations:
        label = "requirement not met" if violation.kind == "requirement" else "violates"
        out.print(f"{violation.rule}: {label}: {violation.message}", markup=False)
    raise typer.Exit(1)


class BatchPlanner(StrEnum):
    """`awaw batch --planner`: which command's plan a rule-27 scenario gets (optimizer/batch/inputs.py)."""

    AUTO = "auto"
    PLAN = "plan"
    MOBILIZE = "mobilize"


@app.command()
def batch(
    inputs: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Scenario files, folders of them, JSON Lines files of scenarios; with --sweep, the base "
            "scenarios (the bundled default if none).",
            show_default=False,
        ),
    ] = None,
    out: Annotated[Path, typer.Option(help="Results, one JSON line per position, in input order.")] = Path(
        "results.jsonl"
    ),
    sweep: Annotated[
        Path | None,
        typer.Option(help="Table of overrides (CSV or YAML), one row per variant, columns dotted paths."),
    ] = None,
    csv_file: Annotated[
        Path | None, typer.Option("--csv", help="Also write one row per position with its main figures.")
    ] = None,
    resume: Annotated[bool, typer.Option(help="Skip positions already in --out.")] = False,
    time_limit: Annotated[float | None, typer.Option(help="Seconds per position.", min=0.001)] = None,
    workers: Annotated[
        int | None, typer.Option(help="Worker processes (default: the machine's cores).", min=1)
    ] = None,
    scheduler: Annotated[
        str | None, typer.Option(help="Run on this Dask cluster instead, e.g. tcp://HOST:8786.")
    ] = None,
    planner: Annotated[
        BatchPlanner,
        typer.Option(
            help="auto: a scenario with a mobilization: section as `awaw mobilize`, else as `awaw plan`; "
            "plan or mobilize: every scenario so. Engineers files (kind: engineers) as `awaw engineers`.",
        ),
    ] = BatchPlanner.AUTO,
) -> None:
    """Plan many positions, one result each; exit 1 if any was not planned."""
    from models.io import InputError
    from optimizer.batch.inputs import read_inputs, sweep_jobs
    from optimizer.batch.run import run_batch
    from optimizer.render import console

    default = scenarios.path()
    if default.is_relative_to(Path.cwd()):
        default = default.relative_to(Path.cwd())  # the same name on every checkout
    try:
        if sweep is not None:
            jobs = sweep_jobs(inputs or [default], sweep)
        elif inputs:
            jobs = read_inputs(inputs)
        else:
            raise InputError("command line", [("INPUTS", "give scenario files, folders or JSON Lines files")])
    except InputError as error:
        raise _fail(error.render(), 2) from None
    try:
        totals = run_batch(
            jobs,
            out,
            csv_path=csv_file,
            resume=resume,
            workers=workers,
            scheduler=scheduler,
            time_limit=time_limit,
            console=console(stderr=True),
            planner=planner.value,
        )
    except OSError as error:
        raise _fail(f"{error.filename or out}: cannot write: {error.strerror or error}", 2) from None
    console().print(totals.table())
    if not totals.all_planned:
        raise typer.Exit(1)


@app.command()
def engineers(
    scenario_file: Annotated[Path, typer.Argument(help="Engineers scenario YAML (kind: engineers).")],
    horizon: Annotated[
        int | None, typer.Option(help="Turns to plan (default: the scenario's `turns`).", min=1, max=12)
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the schedule as JSON.")] = False,
    time_limit: Annotated[
        float | None,
        typer.Option(help="Seconds; returns the best schedule found, with its bound.", min=0.001),
    ] = None,
    work_limit: Annotated[
        float | None,
        typer.Option(
            help="Work the search may do, in CP-SAT's deterministic seconds (counted the same on every run; "
            "default 30, optimizer/rules/engineers/solve.py's WORK_LIMIT; a third for the proof, the rest "
            "for a better schedule if it is not done): stopped by it, the schedule returned is the same "
            "every time, with its bound.",
            min=0.001,
        ),
    ] = None,
    check: Annotated[
        Path | None,
        typer.Option(help="Check this schedule (JSON, as --json writes it) instead of planning one."),
    ] = None,
) -> None:
    """Europa engineers: which construction unit repairs or builds what, where and when."""
    from pydantic import ValidationError

    from models.engineers import EngineerScenario, load_engineer_scenario
    from models.io import InputError, validation_problems
    from optimizer.render import console
    from optimizer.render_engineers import engineer_tables
    from optimizer.rules.engineers.solve import WORK_LIMIT, solve_engineers

    try:
        scenario = load_engineer_scenario(scenario_file)
        if horizon is not None:
            try:
                scenario = EngineerScenario.model_validate(scenario.model_dump() | {"turns": horizon})
            except ValidationError as error:
                raise InputError(str(scenario_file), validation_problems(error)) from None
    except InputError as error:
        raise _fail(error.render(), 2) from None
    if check is not None:
        from optimizer.engineers_check import check_engineer_file

        raise typer.Exit(check_engineer_file(scenario, check, console()))
    result = solve_engineers(scenario, time_limit=time_limit, work_limit=work_limit or WORK_LIMIT)
    if result.plan is None:
        raise _fail(result.failure(str(scenario_file)), 1 if result.status == "infeasible" else 3)
    if as_json:
        sys.stdout.write(result.plan.model_dump_json(indent=2) + "\n")
    else:
        console().print(engineer_tables(scenario, result.plan))


@app.command()
def serve(
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    host: Annotated[
        str, typer.Option(help="Address to bind; 127.0.0.1 (this machine only) unless asked.")
    ] = "127.0.0.1",
    time_limit: Annotated[float, typer.Option(help="Seconds each solve may take.", min=0.1)] = 30.0,
) -> None:
    """A local web page: pick or upload a scenario, change the objective, see the plan and its map."""
    import uvicorn

    # The page shell is served as soon as the server listens; Starlette, the models and the solver
    # load with the first request that needs them (optimizer/web/shell.py).
    from optimizer.web.serve import front

    web = front(time_limit)
    shown = f"[{host}]" if ":" in host else host
    # Named rather than "auto": no imports tried for protocols the page does not use.
    config = uvicorn.Config(
        web,
        host=host,
        port=port,
        log_level="warning",
        http="h11",
        ws="none",
        loop="asyncio",
        lifespan="off",
        interface="asgi3",
    )
    server = uvicorn.Server(config)
    typer.echo(f"awaw: open http://{shown}:{port}/ in a browser (Ctrl+C stops the server)")
    server.run()


def _player_plan(scenario: Scenario, plan_file: Path) -> Decisions | Plan:
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
        raise _fail(error.render(), 2) from None
    return player_plan


def _decisions_of(scenario: Scenario, plan: Plan, plan_file: Path) -> Decisions:
    """A full plan's decisions, their names checked against the scenario (exit 2 naming the file)."""
    from pydantic import ValidationError

    from models.decisions import check_names, decisions_of
    from models.io import InputError, validation_problems

    try:
        decisions = decisions_of(plan)
        check_names(scenario, decisions, str(plan_file), {})
    except ValidationError as error:
        raise _fail(InputError(str(plan_file), validation_problems(error)).render(), 2) from None
    except InputError as error:
        raise _fail(error.render(), 2) from None
    return decisions


@app.command()
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
        float | None,
        typer.Option(help="Seconds for each solve (the best plan, and pricing yours).", min=0.001),
    ] = None,
) -> None:
    """Your plan against the best: priced, checked (root causes first), scored on each priority with the gap
    to the optimum, and what the best plan does differently. Exit 0 when legal, 1 when it breaks a rule."""
    from models.decisions import Decisions
    from models.io import indented
    from models.plan import Status
    from optimizer.compare import compare as compare_plans
    from optimizer.render import console
    from optimizer.render_compare import comparison_parts
    from optimizer.solve import solve

    scenario = _load(scenario_file)
    player_plan = _player_plan(scenario, plan_file)
    if not isinstance(player_plan, Decisions):
        # A full plan JSON (`awaw plan --json`, perhaps edited): compared by its decisions; what it
        # says they cost is priced again, as for the decisions-only form.
        player_plan = _decisions_of(scenario, player_plan, plan_file)
    result = solve(scenario, time_limit=time_limit, keep_decisions=True)
    if result.plan is None:
        infeasible = result.status is Status.INFEASIBLE
        message = (
            "the requirements cannot all be met" if infeasible else "no plan found within the time limit"
        )
        raise _fail(f"{scenario_file}: {message}{indented(result.explanation)}", 1 if infeasible else 3)
    comparison = compare_plans(scenario, player_plan, result.plan, time_limit, result.prepared)
    if as_json:
        sys.stdout.write(comparison.model_dump_json(indent=2) + "\n")
    else:
        console().print(comparison_parts(comparison))
    if comparison.out_of_time:
        raise _fail(f"{plan_file}: the time limit passed before your plan could be priced", 3)
    if not comparison.legal:
        raise typer.Exit(1)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
