"""A season plan checked turn by turn: each turn's plan against the position that turn really has.

Turn 1 is the scenario, its naval chart replayed over the chart's own horizon (27.7: the scenario's
`horizon.turns`, at least the season's, `models.season.chart_horizon`), the chart's turns within the
season with their budgets left to the turns themselves, those past the season with the budgets the
scenario gives them (`horizon.future`, else this turn's), as the turn checker reads any later turn of a
chart. Each later turn's position is derived from the turn before and its plan by `models.carry` (BRPs
kept and the turn's expectations, the force pool less what was built, oil counters carried, routes
opened: the rules' words, written there) and checked by the turn checker (`check`) with that turn's
spending on the chart (`optimizer.checker.naval.spending.later_turn_spending`): 27.72, the turn's naval
BRPs paid out of its BRPs and counted against its construction limit (27.11, 27.31); 27.35, its naval
steps among "the first 25 BRPs of builds" of its oil threshold, those past it at double cost; 27.473,
27.475 B, 40.244, Britain's BRPs at the Canada and Australia yards that turn those countries'
shipbuilding (Australia's within its 9 BRPs). Its figures (BRPs, limit, oil) are compared as the turn
checker compares any plan's, and here the plan's own figures for the turn (BRPs it starts with, the oil
counters it has, its naval BRPs, the leftover). The priorities the plan states are derived over the
season (`season_stages`), its value by the season's discount and leftover (`season_value`).
"""

from __future__ import annotations

from fractions import Fraction

from models.carry import next_turn_data, oil_left, unkept_oil, unpaid_spending
from models.naval import FutureTurn
from models.objective import Priority, PriorityKind
from models.plan import Plan
from models.powers import GrantRecipient
from models.quantities import MAX_BRPS
from models.scenario import Scenario
from models.season import SeasonSection, chart_horizon
from models.season_plan import SeasonPlan
from models.tables import Faction, Power
from optimizer.checker.brps import brps_available
from optimizer.checker.check import check
from optimizer.checker.grants.accounts import grant_account
from optimizer.checker.grants.routes import open_route_capacity
from optimizer.checker.lines import planned_powers, resolve_lines
from optimizer.checker.naval.budgets import check_restricted_deferrals, check_restricted_scuttles
from optimizer.checker.naval.charts import NavalReplay
from optimizer.checker.naval.replay import replay_naval
from optimizer.checker.naval.spending import later_turn_spending
from optimizer.checker.objective import (
    Derivation,
    Facts,
    as_written,
    built_factors,
    check_stages,
    counts_unit,
    delivered_value,
    derive_priority,
    has_charts,
    kept_value,
    naval_value,
    opened_route,
    sw_built_value,
    sw_worth,
)
from optimizer.checker.report import derive_report
from optimizer.checker.violations import REPORT, Violation


def first_turn(scenario: Scenario, length: int) -> Scenario:
    """Turn 1 as the turn checker reads it: the chart's own horizon, its turns within the season with
    their budgets open (checked here against each turn's own BRPs and limit), those past the season as
    the scenario gives them. One turn: the turn position itself, the scenario with its `season.leftover`
    as the turn's value of the BRPs kept (`Scenario.one_turn_position`)."""
    if length == 1:
        return scenario.one_turn_position()
    own = scenario.horizon
    future = [
        FutureTurn(
            brps=dict.fromkeys(scenario.powers, MAX_BRPS), limits=dict.fromkeys(scenario.powers, MAX_BRPS)
        )
        for _ in range(length - 1)
    ] + own.future[length - 1 :]
    return scenario.model_copy(
        update={"horizon": own.model_copy(update={"turns": chart_horizon(own, length), "future": future})}
    )


def check_season(scenario: Scenario, plan: SeasonPlan) -> list[Violation]:
    """Every breach of each turn of the season plan, each message starting with its turn."""
    season = scenario.season
    assert season is not None
    length = season.length(scenario.turn)
    if len(plan.turns) != length:
        return [Violation(REPORT, f"the plan has {len(plan.turns)} turns, the season {length}", REPORT)]
    violations: list[Violation] = []
    first = current = first_turn(scenario, length)
    replay = replay_naval(first, plan.turns[0].plan)
    positions: list[tuple[Scenario, Plan]] = []
    for t, turn in enumerate(plan.turns):
        # Each turn's plan states the season's objective, checked over the season (`season_stages`).
        turn_plan = turn.plan.model_copy(update={"objective": None})
        positions.append((current, turn_plan))
        if t == 0:
            found = check(current, turn_plan)
            kept = {p: r.brps_kept for p, r in derive_report(current, turn_plan).items()}
        else:
            found, kept = _check_later(first, current, turn_plan, replay, t)
        violations += [Violation(v.rule, f"turn {t + 1}: {v.message}", v.kind) for v in found]
        violations += _starts(current, turn.brps_start, turn.oil_counters, t)
        if t + 1 < length:
            violations += [
                Violation(
                    "27.12",
                    f"turn {t + 2}: {power.value} expects to spend {spending} BRPs and has {have} after turn "
                    f"{t + 1} (BRPs are spent out of what a power has, 27.11)",
                )
                for power, spending, have in unpaid_spending(current, season.expected(t + 1), kept)
            ]
            violations += [
                Violation(
                    "27.35",
                    f"turn {t + 2}: {faction.value} keeps back {reserved} oil counters and has {have} after "
                    f"turn {t + 1} (27.35 F)",
                )
                for faction, reserved, have in unkept_oil(current, turn.plan, season.expected(t + 1))
            ]
            current = _next(scenario, current, turn.plan, kept, t + 1)
        else:
            violations += _mismatch("brps_left", plan.brps_left, kept)
            violations += _mismatch("oil_left", plan.oil_left, oil_left(current, turn.plan))
            violations += season_stages(season, plan, positions, replay, kept, oil_left(current, turn.plan))
    return sorted(violations, key=lambda v: (v.rule, v.message, v.kind))


def season_stages(
    season: SeasonSection,
    plan: SeasonPlan,
    positions: list[tuple[Scenario, Plan]],
    replay: NavalReplay,
    kept: dict[Power, int],
    oil: dict[Faction, int],
) -> list[Violation]:
    """The season plan's stated stages (`objective.stages`) derived over the season, as README "A season
    planned whole" reads each priority: factors and delivered summed over the season's turns (turn 1's
    chart over its whole horizon), unspent_brps the BRPs left at the season's end (`kept`, the last
    turn's), oil_kept the oil counters left then (`oil`), value as `season_value` reads it."""
    # Of each turn, what the priorities read: its build lines, and turn 1's chart, replayed once (a
    # later turn's actions are on turn 1's chart, 27.7).
    facts = [
        Facts(
            lines=resolve_lines(position, turn_plan)[0],
            replay=replay if t == 0 and has_charts(position) else None,
        )
        for t, (position, turn_plan) in enumerate(positions)
    ]
    planned = planned_powers(positions[0][0])

    def derive(priority: Priority) -> Derivation | None:
        powers = [p for p in planned if priority.powers is None or p in priority.powers]
        if priority.kind is PriorityKind.VALUE:
            return season_value(season, positions, facts, replay, priority, kept, oil)
        total = Derivation()
        if priority.kind is PriorityKind.UNSPENT_BRPS:
            total.add(1, sum(kept.get(p, 0) for p in powers))
        elif priority.kind is PriorityKind.OIL_KEPT:
            total.add(1, sum(oil.values()))
        else:
            for (position, turn_plan), known in zip(positions, facts, strict=True):
                turn = derive_priority(position, turn_plan, priority, known)
                assert turn is not None  # factors and delivered are always derived
                total.value += turn.value
                total.slack += turn.slack
        return total

    return check_stages(plan.objective, derive)


def season_value(
    season: SeasonSection,
    positions: list[tuple[Scenario, Plan]],
    facts: list[Facts],
    replay: NavalReplay,
    priority: Priority,
    kept: dict[Power, int],
    oil: dict[Faction, int],
) -> Derivation | None:
    """The season's `value` (README "A season planned whole": "value: each turn's, a later turn weighted
    by `discount`, plus the leftover's value and the oil counters left at the objective's
    `oil_counter_value`; BRPs and counters carried are not valued on the way"). The season's turn t
    (0 this turn) weighs `discount`^t: its builds at their value per factor (counters for works), its
    SW units built, the BRPs its grants are expected to deliver at `delivered_brp_value` (40.23 B,
    "Losses"), and in turn 1 the SW campaigns after its builds (an `sw:` section, "Submarine warfare").
    The naval chart, planned whole in turn 1 over its own horizon H (27.7, "Value (horizon)"): a ship
    its value per factor x factors in the chart's turn k it launches, at `discount`^k; a ship still on
    the chart after the horizon for the share of its construction done, at `discount`^H; a BRP spent
    on it in a turn k past the season charged at `horizon.brp_value`, at `discount`^k (the season's own
    turns pay it out of their BRPs, 27.72). A route opened in any turn of the season (40.52, 40.72) is
    worth its full capacity (40.51, 40.73) at Russia's `delivered_brp_value` in each turn k of the
    horizon past the season, at `discount`^k (within the season its grants are planned). What is left
    after the last turn, L-1, weighs as that turn, `discount`^(L-1) (README: "0.9 x 0.4 x 78"): the BRPs
    each power keeps valued by `season.leftover`, `per_brp` at `brp_value` (else the objective's
    `unspent_brp_value`) each, `growth` as the BRPs of next year's base they grow it by, `growth_rate`
    of them rounded down, at `base_brp_value` each [input: the year-start sequence is not in the
    seeds]; the oil counters left at `oil_counter_value`. None when the plan lacks what it needs (an
    SW-valued value without turn 1's SW deployment)."""
    first = positions[0][0]
    objective = first.objective
    powers = [p for p in planned_powers(first) if priority.powers is None or p in priority.powers]
    units = priority.units
    discount = as_written(season.discount)
    length = len(positions)
    horizon = first.horizon.turns
    values = objective.delivered_brp_value
    out = Derivation()
    for t, ((position, turn_plan), known) in enumerate(zip(positions, facts, strict=True)):
        weight = discount**t
        for line in known.lines:
            if line.power in powers and counts_unit(line.entry.unit, units):
                out.add(as_written(objective.value_of(line.entry.unit)) * weight, built_factors(line))
        sw_built_value(position, turn_plan, powers, units, out, weight)
        delivered_value(position, turn_plan, out, lambda r: values.get(GrantRecipient(r), 0.0), weight)
        if position.grants is not None:
            russia = as_written(values.get(GrantRecipient.RUSSIA, 0.0))
            past = sum((discount**k for k in range(length, horizon)), Fraction(0))
            for opening in turn_plan.route_openings:
                out.add(russia * open_route_capacity(position, opened_route(opening.route)) * past, 1)
        if t == 0 and position.sw is not None and units is None:
            worth = sw_worth(position, turn_plan)
            if worth is None:
                return None
            out.add_exact(worth)
    naval_value(first, replay, powers, units, out, discount, length)
    end = discount ** (length - 1)
    kept_value(season.leftover.turn_objective(objective), powers, kept, out, end)
    out.add(as_written(objective.oil_counter_value) * end, sum(oil.values()))
    return out


def _next(scenario: Scenario, current: Scenario, plan: Plan, kept: dict[Power, int], t: int) -> Scenario:
    """The position of the season's turn t (0-based) after the turn before (`models.carry`)."""
    season = scenario.season
    assert season is not None
    data = next_turn_data(current, plan, season.expected(t), kept)
    for pdata in data["powers"].values():
        pdata.pop("naval", None)  # the chart is replayed whole from turn 1 (27.7)
    data["horizon"] = {}
    data.pop("season", None)
    return Scenario.model_validate(data)


def _check_later(
    first: Scenario, current: Scenario, plan: Plan, replay: NavalReplay, t: int
) -> tuple[list[Violation], dict[Power, int]]:
    """A later turn: the turn checker on its builds, grants and figures with its spending on turn 1's
    chart (`later_turn_spending`); the chart's deferrals and scuttles of the turn without
    `deferring_allowed` (27.7272 C, E: the restriction stands through the season); its naval reports (that
    turn's BRPs) against the replay."""
    spending = later_turn_spending(first, plan, replay, t)
    bare = plan.model_copy(update={"naval": []})
    found = check(current, bare, naval=spending)
    lines, _ = resolve_lines(current, bare)
    found += check_restricted_deferrals(
        current,
        replay,
        lines,
        grant_account(current, bare),
        spending,
        bare.oil_counters_spent,
        turn=t,
        chart=first,
    )
    found += check_restricted_scuttles(replay, turn=t)
    kept = {p: r.brps_kept for p, r in derive_report(current, bare, spending).items()}
    for report in plan.naval:
        brps = replay.brps.get(report.power, [])
        derived = [brps[t]] if t < len(brps) else [0]
        if report.brps_by_turn != derived:
            found.append(
                Violation(
                    REPORT,
                    f"naval.{report.power.value}.brps_by_turn: the plan says {report.brps_by_turn}, the "
                    f"chart's actions of the turn cost {derived} (27.72)",
                    REPORT,
                )
            )
    return found, kept


def _starts(current: Scenario, brps_start: dict[Power, int], oil: dict, t: int) -> list[Violation]:
    """The BRPs each power starts the turn with and the oil counters each faction has, as the plan says.
    A power's BRPs at the start are those before the grants the plan decides: `brps_available` without the
    plan (its BRPs with the grants it receives from powers not planned, 40.23 B, less its fixed spending,
    27.12, and, when the plan decides no grants, with the fixed grants made and received between planned
    powers, 40.23); a later turn has no fixed spending or grants made of its own (`models.carry`)."""
    derived_brps = {power: brps_available(current, power) for power in current.powers}
    violations = _mismatch(f"turn {t + 1} brps_start", brps_start, derived_brps)
    derived_oil = {f: current.oil_available(f) for f in current.factions()}
    violations += _mismatch(f"turn {t + 1} oil_counters", oil, derived_oil)
    return violations


def _mismatch(what: str, stated: dict, derived: dict) -> list[Violation]:
    return [
        Violation(
            REPORT,
            f"{what} of {getattr(key, 'value', key)}: the plan says {stated.get(key)}, the rules give {value}",
            REPORT,
        )
        for key, value in derived.items()
        if stated.get(key) != value
    ]
