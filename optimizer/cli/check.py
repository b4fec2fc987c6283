"""`awaw check` and `awaw compare`: a player's plan checked against every rule, and priced against the best."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from optimizer.cli.common import ScenarioArg, fail, load, plan_decisions, read_player_plan


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
    from optimizer.render.tables import console

    scenario = load(scenario_file)
    player_plan = read_player_plan(scenario, plan_file)
    if isinstance(player_plan, Decisions):
        from optimizer.whatif.compare import assess

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
    from optimizer.render.compare import comparison_parts
    from optimizer.render.tables import console
    from optimizer.turn.solve import solve
    from optimizer.whatif.compare import compare as compare_plans

    scenario = load(scenario_file)
    player_plan = read_player_plan(scenario, plan_file)
    if not isinstance(player_plan, Decisions):
        # A full plan JSON (`awaw plan --json`, perhaps edited): compared by its decisions; what it
        # says they cost is priced again, as for the decisions-only form.
        player_plan = plan_decisions(scenario, player_plan, plan_file)
    result = solve(scenario, time_limit=time_limit, keep_decisions=True)
    if result.plan is None:
        infeasible = result.status is Status.INFEASIBLE
        message = (
            "the requirements cannot all be met" if infeasible else "no plan found within the time limit"
        )
        raise fail(f"{scenario_file}: {message}{indented(result.explanation)}", 1 if infeasible else 3)
    comparison = compare_plans(scenario, player_plan, result.plan, time_limit, result.prepared)
    if as_json:
        sys.stdout.write(comparison.model_dump_json(indent=2) + "\n")
    else:
        console().print(comparison_parts(comparison))
    if comparison.out_of_time:
        raise fail(f"{plan_file}: the time limit passed before your plan could be priced", 3)
    if not comparison.legal:
        raise typer.Exit(1)
