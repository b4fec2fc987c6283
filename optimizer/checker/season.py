"""A season plan checked turn by turn: each turn's plan against the position that turn really has.

Turn 1 is the scenario, its naval chart replayed over the season's turns (27.7), the later turns' naval
budgets left to the turns themselves. Each later turn's position is derived from the turn before and its
plan by `models.carry` (BRPs kept and the turn's expectations, the force pool less what was built, oil
counters carried, routes opened: the rules' words, written there), its BRPs less the naval BRPs the
chart spends in that turn (27.72: paid out of the turn's BRPs), and checked by the turn checker
(`check`). What the turn checker cannot see is checked here: a later turn's naval BRPs with its land
construction within its construction limit (27.31), and the plan's own figures for the turn (BRPs it
starts with, BRPs paid and kept, the limit used, the oil counters it has, the leftover).
"""

from __future__ import annotations

from models.carry import next_turn_data, oil_left
from models.naval import FutureTurn, Horizon
from models.plan import Plan
from models.quantities import MAX_BRPS
from models.scenario import Scenario
from models.season_plan import SeasonPlan
from models.tables import Power
from optimizer.checker.check import check
from optimizer.checker.naval.replay import replay_naval
from optimizer.checker.report import derive_report
from optimizer.checker.violations import REPORT, Violation


def first_turn(scenario: Scenario, length: int) -> Scenario:
    """Turn 1 as the turn checker reads it: the chart's horizon the season's turns, its later budgets
    open (checked here against each turn's own BRPs and limit)."""
    if length == 1:
        return scenario
    future = [
        FutureTurn(
            brps=dict.fromkeys(scenario.powers, MAX_BRPS), limits=dict.fromkeys(scenario.powers, MAX_BRPS)
        )
        for _ in range(length - 1)
    ]
    return scenario.model_copy(update={"horizon": Horizon(turns=length, future=future)})


def check_season(scenario: Scenario, plan: SeasonPlan) -> list[Violation]:
    """Every breach of each turn of the season plan, each message starting with its turn."""
    season = scenario.season
    assert season is not None
    length = season.length(scenario.turn)
    if len(plan.turns) != length:
        return [Violation(REPORT, f"the plan has {len(plan.turns)} turns, the season {length}", REPORT)]
    violations: list[Violation] = []
    current = first_turn(scenario, length)
    naval = _naval_by_turn(current, plan.turns[0].plan)
    for t, turn in enumerate(plan.turns):
        if t == 0:
            found = check(current, turn.plan)
            kept = {p: r.brps_kept for p, r in derive_report(current, turn.plan).items()}
        else:
            found, kept = _check_later(current, turn.plan, naval.get(t, {}), t)
        violations += [Violation(v.rule, f"turn {t + 1}: {v.message}", v.kind) for v in found]
        violations += _starts(current, turn.brps_start, turn.oil_counters, t)
        if t + 1 < length:
            current = _next(scenario, current, turn.plan, kept, t + 1)
        else:
            violations += _mismatch("brps_left", plan.brps_left, kept)
            violations += _mismatch("oil_left", plan.oil_left, oil_left(current, turn.plan))
    return sorted(violations, key=lambda v: (v.rule, v.message, v.kind))


def _naval_by_turn(first: Scenario, plan: Plan) -> dict[int, dict[Power, int]]:
    """Each power's naval BRPs per turn of the season, from the checker's own replay of the charts."""
    replay = replay_naval(first, plan)
    by_turn: dict[int, dict[Power, int]] = {}
    for power, per_turn in replay.brps.items():
        for t, brps in enumerate(per_turn):
            by_turn.setdefault(t, {})[power] = brps
    return by_turn


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
    current: Scenario, plan: Plan, naval: dict[Power, int], t: int
) -> tuple[list[Violation], dict[Power, int]]:
    """A later turn: the turn checker on its builds and grants (its figures left out: they count the
    chart's BRPs too), then the chart's BRPs of the turn paid with the rest of its construction out of
    its BRPs after grants (27.11, 27.72) and counted against its limit (27.31), and its figures compared."""
    bare = plan.model_copy(update={"powers": {}, "oil": []})
    found = check(current, bare)
    derived = derive_report(current, bare)
    kept: dict[Power, int] = {}
    for power, report in derived.items():
        paid = naval.get(power, 0)
        kept[power] = report.brps_kept - paid
        if kept[power] < 0:
            found.append(
                Violation(
                    "27.11",
                    f"{power.value}: {report.construction_brps} BRPs of builds and {paid} naval BRPs with "
                    f"{report.brps_available} BRPs",
                )
            )
        if report.limit_used + paid > report.construction_limit:
            found.append(
                Violation(
                    "27.31",
                    f"{power.value}: {report.limit_used} BRPs of builds and {paid} naval BRPs count against a "
                    f"construction limit of {report.construction_limit}",
                )
            )
        stated = plan.powers.get(power)
        if stated is None:
            continue
        expect = {
            "brps_available": report.brps_available,
            "construction_brps": report.construction_brps + paid,
            "brps_kept": kept[power],
            "construction_limit": report.construction_limit,
            "limit_used": report.limit_used + paid,
        }
        for name, value in expect.items():
            if getattr(stated, name) != value:
                found.append(
                    Violation(
                        REPORT,
                        f"{power.value} {name}: the plan says {getattr(stated, name)}, the rules give {value}",
                        REPORT,
                    )
                )
    return found, kept


def _starts(current: Scenario, brps_start: dict[Power, int], oil: dict, t: int) -> list[Violation]:
    """The BRPs each power starts the turn with and the oil counters each faction has, as the plan says."""
    derived_brps = {p: s.brps for p, s in current.powers.items()}
    violations: list[Violation] = []
    if t > 0:
        violations += _mismatch(f"turn {t + 1} brps_start", brps_start, derived_brps)
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
