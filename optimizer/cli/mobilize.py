"""`awaw mobilize`: the best Gathering Storm conversion and mobilization schedule (rule 14), or the check of one."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from optimizer.cli.common import ScenarioArg, fail, load

if TYPE_CHECKING:
    from models.scenario import Scenario


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
    from optimizer.render.mobilization import mobilization_tables
    from optimizer.render.tables import console
    from optimizer.rules.mobilization.solve import (
        Infeasible,
        NoScheduleInTime,
        seed_force_pool,
        solve_mobilization,
    )

    scenario = load(scenario_file)
    state = scenario.mobilization
    if state is None:
        raise fail(
            InputError(str(scenario_file), [("mobilization", "missing: nothing to plan (rule 14)")]).render(),
            2,
        )
    if horizon is not None and not 1 <= horizon <= len(state.turns):
        raise fail(
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
        raise fail(f"{scenario_file}: no schedule found within the time limit", 3) from None
    except Infeasible as error:
        lines = "\n".join(f"  {item}" for item in error.blocking)
        raise fail(f"the requirements cannot all be met\n  blocked by:\n{lines}", 1) from None
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
            raise fail(f"{force_pool_out}: cannot write: {error.strerror or error}", 2) from None
        out = console(stderr=True)
        for problem in problems:
            out.print(problem, markup=False)
        out.print(f"scenario with the reserve by turn {turn} in its force pools written to {force_pool_out}")


def _check_schedule(scenario: Scenario, path: Path) -> None:
    """`awaw mobilize --check`: every breach of rule 14 in a schedule, with its rule number."""
    from models.io import InputError, load_json
    from models.mobilization import MobilizationSchedule
    from optimizer.checker.mobilization import check_mobilization
    from optimizer.render.tables import console

    try:
        schedule = load_json(path, MobilizationSchedule)
    except InputError as error:
        raise fail(error.render(), 2) from None
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
