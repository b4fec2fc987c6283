"""The next turn's scenario after a plan is carried out (`awaw next`): `next_turn_text(scenario, plan,
season_plan, plan_file) -> str`, the scenario written as YAML with the fields only the player can fill
marked, or `NotCarried` (the message and the exit code) when the plan cannot be carried forward. The
command reads the files and prints; the scenario's kind is checked as `awaw plan` checks it
(`kind_refusal`), the plan's scenario name as `awaw check` checks it."""

from __future__ import annotations

from pathlib import PurePath

import yaml

from models.carry import (
    carried_orders,
    kamikazes_to_fill,
    later_season,
    next_turn_data,
    sections_to_fill,
    unkept_oil,
    unpaid_spending,
)
from models.carry_naval import BRITISH_TRANSPORTS_LOST, next_charts
from models.errors import FieldPath
from models.io import parse_yaml
from models.plan import Plan
from models.scenario import Scenario
from models.season_plan import SeasonPlan
from optimizer.checker import check
from optimizer.checker.season import first_turn
from optimizer.planners.season import SEASON

# What no plan knows, said at the top of every written scenario: the player fills these in.
TO_FILL = (
    "combat and conquest: BRPs gained and lost, sites taken and lost (map:), new eliminations "
    "(force_pool eliminated_this_turn, counters returned)",
    "the map as it stands next turn (map:): enemy ZoCs (27.44), supply (27.43), links cut, and the room "
    "left at each site (ground_capacity, air_capacity: 27.46), which the counters placed this turn use",
    "the year-start sequence when the next turn is a spring: brp_base and BRPs (rules outside the seeds)",
    "this turn's construction limit reductions and increases (limit_modifiers, 27.33-27.341)",
    "grants made and received from powers not planned, fixed spending (offensives, declarations of war); "
    "the grantor of a grant received the season expected (written as a power not planned)",
    "rule 40's state that combat moves (grants:): transports (40.221), the routes' supply lines, partisans "
    "and ports (Murmansk, Persia, Turkey, Siberia, China: 40.4-40.84), the uninverted air transport factors "
    "that fly the Hump (china.air_transport_factors, 40.851), loss rates",
    "tension and war: the effective USAT and USJT levels (usat, usjt, grants.usjt_china_cap: 40.331 A, "
    "40.332 A), wars begun since (us_at_war, japan_at_war_with_britain; grants.germany_russia_war_turns is "
    "1 in the first Allied player turn after war between Germany and Russia breaks out, 40.411)",
)


# The room a site has for more counters (27.46): this turn's, which the counters placed use; what moves
# in and out before the next placement no plan knows.
ROOM = ("ground_capacity", "air_capacity")


class NotCarried(Exception):
    """Why the plan cannot be carried forward, and the command's exit code: 1 for a plan that breaks the
    rules or leaves too little for what the next turn is expected to pay, 2 for input that does not fit."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def next_turn_text(scenario: Scenario, plan: Plan, season_plan: SeasonPlan | None, plan_file: str) -> str:
    """The next turn's scenario after `plan` (a turn plan, or `season_plan`'s first turn) is carried out:
    the turn advanced, BRPs spent and granted taken off, counters built out of the force pool, charts
    moved, routes opened, oil counters used, the season's expectations of the next turn added; what the
    plan cannot know marked for the player. `plan_file` names the plan in messages and the header."""
    season = scenario.season
    length = scenario.turns_planned
    if season_plan is not None and (problem := SEASON.other_length(scenario, len(season_plan.turns))):
        raise NotCarried(f"{plan_file}: {problem}", 2)  # as `awaw season --check` refuses it
    # For one turn the turn position (a one-turn season's with its leftover, `Scenario.one_turn_position`)
    position = first_turn(scenario, length)
    # The rules only: what the plan says it is worth is `awaw check`'s and `awaw season --check`'s to
    # verify (a season plan's turn 1 states the whole season's objective, not its own).
    if breaches := check(position, plan.model_copy(update={"objective": None})):
        lines_out = "\n".join(f"  {b.rule}: {b.message}" for b in breaches)
        raise NotCarried(
            f"{plan_file}: the plan breaks the rules, so it cannot be carried out:\n{lines_out}", 1
        )
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
        raise NotCarried(
            f"{plan_file}: the plan leaves too little for what the next turn is expected to pay or keep back:"
            f"\n{lines_out}",
            1,
        )
    written = next_turn_data(scenario, plan, expected, kept)
    marked = [
        *next_charts(scenario, plan, written),
        *sections_to_fill(scenario),
        *kamikazes_to_fill(scenario, plan),
    ]
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
        raise NotCarried(f"{plan_file}: the next turn's scenario is not valid: {error}", 2) from None
    header = [
        f"# {scenario.name}: the next turn after {PurePath(plan_file).name} is carried out (awaw next).",
        "# TO FILL by the player (no plan knows them):",
        *(f"#   - {item}" for item in (*TO_FILL, *marked)),
    ]
    return "\n".join(header) + "\n" + _marked(yaml.safe_dump(written, sort_keys=False))


def _marked(text: str) -> str:
    """The fields combat, the year-start sequence and tension move, marked on their lines (`# TO FILL`):
    found by their place in the scenario (`_field_paths`), never by their key alone, so that an expected
    order's or a season expectation's `brps` and `brp_base`, the player's for a later turn, are not
    marked as carried. The effective USAT and USJT levels (`usat`, `usjt`, `grants.usjt_china_cap`) are
    tension's, outside the seeds (rules-notes: inputs), and move between turns."""
    out = []
    for line, path in zip(text.splitlines(), _field_paths(text), strict=True):
        if _is_power_brps(path) or path == ("oil_counters",):
            line += "  # TO FILL: carried from the plan; add what combat and the year-start sequence change"
        elif len(path) == 4 and path[:2] == ("map", "sites") and path[3] in ROOM:
            line += "  # TO FILL: this turn's room; the counters placed here this turn use some (27.46)"
        elif path in (("usat",), ("usjt",), ("grants", "usjt_china_cap")):
            line += (
                "  # TO FILL: carried from this turn; the next turn's effective level (40.331 A, 40.332 A)"
            )
        elif path == ("powers", "usa", "naval", BRITISH_TRANSPORTS_LOST):
            line += "  # TO FILL: lost in the Axis player turn before this turn, not to Japan (27.7322 A)"
        out.append(line)
    return "\n".join(out) + "\n"


def _is_power_brps(path: FieldPath) -> bool:
    """A planned power's own BRPs or BRP base (`powers.POWER.brps`, `powers.POWER.brp_base`)."""
    return len(path) == 3 and path[0] == "powers" and path[2] in ("brps", "brp_base")


def _field_paths(text: str) -> list[FieldPath]:
    """Each line's field path, read off the YAML's own marks (`models.io.parse_yaml`, the lines its errors
    name): a list item's fields under its index; `()` for a line that names no field."""
    _, lines = parse_yaml(text, "the next turn's scenario")
    at = {line: path for path, line in lines.items() if path and isinstance(path[-1], str)}
    return [at.get(number, ()) for number in range(1, len(text.splitlines()) + 1)]
