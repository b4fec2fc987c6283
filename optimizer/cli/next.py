"""`awaw next SCENARIO PLAN`: the next turn's scenario after the plan is carried out, with the fields only
the player can fill marked."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from optimizer.cli.common import ScenarioArg, fail

# What no plan knows, said at the top of every written scenario: the player fills these in.
TO_FILL = (
    "combat and conquest: BRPs gained and lost, sites taken and lost (map:), new eliminations "
    "(force_pool eliminated_this_turn, counters returned)",
    "the year-start sequence when the next turn is a spring: brp_base and BRPs (rules outside the seeds)",
    "this turn's construction limit reductions and increases (limit_modifiers, 27.33-27.341)",
    "grants made and received from powers not planned, fixed spending (offensives, declarations of war); "
    "the grantor of a grant received the season expected (written as a power not planned)",
    "rule 40's state that combat moves (transports, Murmansk and Persia supply, loss rates)",
)


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

    import yaml

    from models.carry import carried_orders, later_season, next_turn_data, unkept_oil, unpaid_spending
    from models.carry_naval import next_charts
    from models.decisions import check_scenario_name
    from models.io import InputError, parse_json, read_text, read_yaml, validate
    from models.plan import Plan
    from models.scenario import Scenario
    from models.season_plan import SEASON_PLAN_FORMAT, SeasonPlan
    from optimizer.checker import check
    from optimizer.checker.season import first_turn
    from optimizer.planners import kind_refusal
    from optimizer.planners.season import SEASON

    try:
        data, lines = read_yaml(scenario_file)
        if refused := kind_refusal("turn", data, str(scenario_file)):  # as `awaw plan` refuses it
            raise fail(refused, 2)
        scenario = validate(Scenario, data, str(scenario_file), lines)
        raw, plan_lines = parse_json(read_text(plan_file), str(plan_file))
        season_plan = None
        season = scenario.season
        length = scenario.turns_planned
        turns = None
        if isinstance(raw, dict) and raw.get("format") == SEASON_PLAN_FORMAT:
            season_plan = validate(SeasonPlan, raw, str(plan_file), plan_lines)
            named, plan, turns = season_plan.scenario, season_plan.turns[0].plan, len(season_plan.turns)
        else:
            plan = validate(Plan, raw, str(plan_file), plan_lines)
            named = plan.scenario
        # A plan of another scenario is refused as `awaw check` refuses it, not read as broken rules.
        check_scenario_name(scenario, named, str(plan_file), plan_lines)
    except InputError as error:
        raise fail(error.render(), 2) from None
    if turns is not None and (problem := SEASON.other_length(scenario, turns)):
        raise fail(f"{plan_file}: {problem}", 2)  # as `awaw season --check` refuses it
    # For one turn the turn position (a one-turn season's with its leftover, `Scenario.one_turn_position`)
    position = first_turn(scenario, length)
    # The rules only: what the plan says it is worth is `awaw check`'s and `awaw season --check`'s to
    # verify (a season plan's turn 1 states the whole season's objective, not its own).
    if breaches := check(position, plan.model_copy(update={"objective": None})):
        lines_out = "\n".join(f"  {b.rule}: {b.message}" for b in breaches)
        raise fail(f"{plan_file}: the plan breaks the rules, so it cannot be carried out:\n{lines_out}", 1)
    expected = season.expected(1) if season is not None else None
    kept = {power: report.brps_kept for power, report in plan.powers.items()}
    short = [
        f"  27.12: {power.value} expects to spend {spending} BRPs next turn and would have {have}"
        for power, spending, have in unpaid_spending(scenario, expected, kept)
    ] + [
        f"  27.35 F: {faction.value} keeps back {reserved} oil counters next turn and would have {have}"
        for faction, reserved, have in unkept_oil(scenario, plan, expected)
    ]
    if short:
        lines_out = "\n".join(short)
        raise fail(
            f"{plan_file}: the plan leaves too little for what the next turn is expected to pay or keep back:"
            f"\n{lines_out}",
            1,
        )
    written = next_turn_data(scenario, plan, expected, kept)
    marked = next_charts(scenario, plan, written)
    plans = [t.plan for t in season_plan.turns] if season_plan is not None else [plan]
    if orders := carried_orders(scenario, plans):
        written["expected_orders"] = orders
    if season is not None:
        rest = later_season(season, length)
        if rest is None:
            written.pop("season", None)
        else:
            written["season"] = rest
    if season is not None and scenario.horizon.turns == 1:
        written.pop("horizon", None)  # the season's turns were the chart's horizon
    elif scenario.horizon.turns > 1:  # the chart's own horizon, season or not: as long, a turn on (27.7)
        written["horizon"] = {
            **written.get("horizon", {}),
            "future": written.get("horizon", {}).get("future", [])[1:],
        }
    try:
        Scenario.model_validate(written)
    except ValueError as error:  # a plan this version cannot carry forward: said, never written half-right
        raise fail(f"{plan_file}: the next turn's scenario is not valid: {error}", 2) from None
    header = [
        f"# {scenario.name}: the next turn after {plan_file.name} is carried out (awaw next).",
        "# TO FILL by the player (no plan knows them):",
        *(f"#   - {item}" for item in (*TO_FILL, *marked)),
    ]
    text = "\n".join(header) + "\n" + _marked(yaml.safe_dump(written, sort_keys=False))
    if out is None:
        sys.stdout.write(text)
    else:
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as error:
            raise fail(f"{out}: cannot write: {error.strerror or error}", 2) from None


def _marked(text: str) -> str:
    """The fields combat and the year-start sequence move, marked on their lines (`# TO FILL`)."""
    out = []
    for line in text.splitlines():
        key = line.strip().split(":")[0]
        if key in ("brps", "brp_base", "oil_counters") and not line.strip().startswith("-"):
            line += "  # TO FILL: carried from the plan; add what combat and the year-start sequence change"
        out.append(line)
    return "\n".join(out) + "\n"
