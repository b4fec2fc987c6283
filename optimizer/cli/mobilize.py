"""`awaw mobilize`: the best Gathering Storm conversion and mobilization schedule (rule 14), or the check of one."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

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

if TYPE_CHECKING:
    from models.mobilization import MobilizationSchedule
    from models.scenario import Scenario


def mobilize(
    scenario_file: ScenarioArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print the schedule as JSON.")] = False,
    horizon: Annotated[
        int | None, typer.Option(help="Plan the first N turns of the scenario's mobilization turns.")
    ] = None,
    time_limit: Annotated[float | None, limit_option("Seconds the search may take (default 10).")] = None,
    force_pool_out: Annotated[
        Path | None,
        typer.Option(help="Write the scenario with the reserve units added to its force pools (14.82) here."),
    ] = None,
    handover_turn: Annotated[
        int | None,
        typer.Option(
            help="With --force-pool-out: units in the reserve by this planned turn (default: the rule 27 "
            "turn, the scenario's `turn:`; a later one is refused, 14.81)."
        ),
    ] = None,
    check: Annotated[Path | None, check_option("schedule")] = None,
) -> None:
    """The best Gathering Storm factory conversion and mobilization schedule (rule 14)."""
    from models.io import InputError
    from optimizer.planners import Limits
    from optimizer.planners.mobilization import MOBILIZATION

    scenario = load(scenario_file, MOBILIZATION.name)
    state = scenario.mobilization
    if horizon is not None and not 1 <= horizon <= len(state.turns):
        raise fail(
            InputError(
                str(scenario_file),
                [("mobilization.turns", f"--horizon {horizon}: the scenario lists {len(state.turns)} turns")],
            ).render(),
            2,
        )
    if handover_turn is not None and force_pool_out is None:  # never silently left out
        problem = "only with --force-pool-out FILE (the turn whose reserve it writes)"
        raise fail(f"command line: --handover-turn: {problem}", 2)
    if check is not None:
        if force_pool_out is not None:
            raise fail("command line: --check: checks a schedule as it is; leave out --force-pool-out", 2)
        print_verdict(check, MOBILIZATION, scenario)
        return
    handover_to: tuple[Path, int] | None = None  # --force-pool-out's file and its hand-over turn
    if force_pool_out is not None:  # the hand-over turn refused before the schedule is solved and printed
        from optimizer.rules.mobilization import handover

        try:
            handover_to = (force_pool_out, handover.handover_turn(scenario, handover_turn))
        except handover.HandoverRefused as error:
            raise fail(InputError(str(scenario_file), [(error.field, error.message)]).render(), 2) from None
    result = MOBILIZATION.solve(scenario, Limits(time_limit), horizon)
    show(MOBILIZATION, scenario, result, as_json, str(scenario_file))
    if handover_to is not None and result.plan is not None:  # `show` exits without a schedule
        _write_force_pools(scenario, result.plan, *handover_to, scenario_file)


def _write_force_pools(
    scenario: Scenario, schedule: MobilizationSchedule, out_path: Path, turn: int, file: Path
) -> None:
    """`--force-pool-out`: the scenario with the units in the reserve by the hand-over turn (`turn`, from
    `handover.handover_turn`) in its force pools (14.81, 14.82), checked by the independent checker before
    it is written as YAML; what could not be handed over is said on standard error."""
    import yaml

    from models.io import InputError
    from optimizer.checker.mobilization_handover import check_handover
    from optimizer.render.tables import console
    from optimizer.rules.mobilization import handover

    try:
        seeded, problems = handover.seed_force_pool(scenario, schedule, turn)
    except handover.HandoverRefused as error:
        raise fail(InputError(str(file), [(error.field, error.message)]).render(), 2) from None
    if breaches := check_handover(scenario, schedule, seeded, turn):
        lines = "\n".join(f"  {b.rule}: {b.message}" for b in breaches)
        raise fail(f"the hand-over breaks the rules; {out_path} not written:\n{lines}", 1)
    data = seeded.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    try:
        out_path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    except OSError as error:
        raise fail(f"{out_path}: cannot write: {error.strerror or error}", 2) from None
    out = console(stderr=True)
    for problem in problems:
        out.print(problem, markup=False)
    out.print(f"scenario with the reserve by turn {turn} in its force pools written to {out_path}")
