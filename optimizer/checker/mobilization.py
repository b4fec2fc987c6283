"""Gathering Storm factory conversion and mobilization (rule 14), re-derived from the rules text.

`check_mobilization(scenario, schedule)` replays each power's factories turn by turn from the
scenario's `mobilization:` section and lists every breach with its rule number. It shares only the
rule tables of `models/mobilization.py`; costs, the Russian wait, Britain's numbering and the caps are
computed here. `schedule_value` re-derives the objective the schedule is scored by.
"""

from __future__ import annotations

from models.mobilization import (
    ARMOR_CAP_WITHOUT_RESEARCH,
    BASE_MOBILIZATION_COST,
    BRITAIN_FINAL_MOBILIZATION,
    BRITAIN_INFANTRY_MAX,
    BRITAIN_SB_OR_ARMOR_MAX,
    CIVILIAN_CONVERSION_COST,
    COST_BASE_YEAR,
    GROUND_AND_AIR,
    MOBILIZATIONS,
    POST_1940_ADDITIONS,
    RUSSIAN_MOBILIZATION_INTERVAL,
    SEASONS,
    UNITS_PER_MOBILIZATION,
    Conversion,
    MobilizationSchedule,
    MobilizationState,
    MobilizedUnit,
    PowerMobilization,
    ScheduleStep,
    UnitCounts,
)
from models.scenario import Scenario
from models.tables import Power
from optimizer.checker.violations import REPORT, REQUIREMENT, Violation


def mobilizing_cost(state: MobilizationState, power: Power, turn: int) -> int:
    """14.31: 10, minus a point a year since 1935 (A), minus the EAI (B), plus random events (C)."""
    t = state.turns[turn]
    adjustments = state.powers[power].mobilization_adjustments
    cost = (
        BASE_MOBILIZATION_COST - (t.year - COST_BASE_YEAR) - t.eai + (adjustments[turn] if adjustments else 0)
    )
    return max(cost, state.settings.minimum_mobilization_cost)


def civilian_cost(state: MobilizationState, power: Power, turn: int) -> int:
    """14.21: 10 tile points, plus random events."""
    adjustments = state.powers[power].civilian_adjustments
    return max(0, CIVILIAN_CONVERSION_COST + (adjustments[turn] if adjustments else 0))


def _history(power: Power, mob: PowerMobilization) -> list[tuple[int, bool, UnitCounts]]:
    """(number, initial, created) of each mobilization before the plan; a multi-count initial record
    stands for several mobilizations and is spread as one entry holding all its units."""
    out = []
    number = 0
    for record in mob.history(power):
        number += record.count
        out.append((number, record.initial, record.created))
    return out


def _spring_1941_or_later(season: str, year: int) -> bool:
    """14.737, 14.743: "starting in Spring 1941"; spring is the first turn of a year."""
    return (year, SEASONS.index(season)) >= (1941, SEASONS.index("spring"))


def check_mobilization(scenario: Scenario, schedule: MobilizationSchedule) -> list[Violation]:
    state = scenario.mobilization
    if state is None:
        return [Violation("14", "the scenario has no mobilization section")]
    out: list[Violation] = []
    if schedule.horizon > len(state.turns):
        return [
            Violation(
                REPORT, f"horizon {schedule.horizon}: the scenario lists {len(state.turns)} turns", REPORT
            )
        ]
    steps: dict[tuple[Power, int], ScheduleStep] = {}
    for step in schedule.steps:
        if step.power not in state.powers:
            out.append(Violation("14.7", f"{step.power.value}: not a power of the mobilization section"))
            continue
        if step.turn >= schedule.horizon:
            out.append(Violation(REPORT, f"{step.power.value}: turn {step.turn} is past the horizon", REPORT))
            continue
        if (step.power, step.turn) in steps:
            out.append(Violation("14.41", f"{step.power.value} turn {step.turn}: more than one conversion"))
        steps[(step.power, step.turn)] = step
    for power in state.powers:
        plan = [steps.get((power, t), ScheduleStep(turn=t, power=power)) for t in range(schedule.horizon)]
        out += _check_power(state, power, plan)
    out += _check_minimums(state, schedule, steps)
    if schedule.reserve_additions:
        out += _check_reserve(schedule)
    return out


def _check_reserve(schedule: MobilizationSchedule) -> list[Violation]:
    """The reserve additions add up the arrivals of units (14.81, 14.82; SB increases are no units)."""
    arrivals: dict[tuple[int, Power, MobilizedUnit], int] = {}
    for step in schedule.steps:
        for arrival in step.arrivals:
            if arrival.unit is not MobilizedUnit.SHIPBUILDING:
                key = (arrival.turn, step.power, arrival.unit)
                arrivals[key] = arrivals.get(key, 0) + arrival.count
    listed: dict[tuple[int, Power, MobilizedUnit], int] = {}
    for item in schedule.reserve_additions:
        listed_key = (item.turn, item.power, item.unit)
        listed[listed_key] = listed.get(listed_key, 0) + item.count
    if listed != arrivals:
        return [
            Violation(REPORT, "reserve_additions do not add up the units' arrivals (14.81, 14.82)", REPORT)
        ]
    return []


def _check_power(state: MobilizationState, power: Power, plan: list[ScheduleStep]) -> list[Violation]:
    mob = state.powers[power]
    out: list[Violation] = []
    name = power.value
    idle, civilian = mob.factories.idle, mob.factories.civilian
    history = _history(power, mob)
    made = history[-1][0] if history else 0
    all_created = [c for _, _, c in history]
    game_created = [c for _, initial, c in history if not initial]
    britain_numbered = {n: c for n, initial, c in history if not initial}
    last_russian = -mob.turns_since_last_mobilization if mob.turns_since_last_mobilization else None
    civilian_from = state.civilian_events.first_turn()
    additions: list[MobilizedUnit] = []
    plan_created: list[UnitCounts] = []
    for step in plan:
        t, at = step.turn, f"{name} turn {step.turn} ({state.turns[step.turn].label()})"
        points = mob.tile_points[t]
        c = step.created
        conversion = step.conversion
        mobilizing = conversion in MOBILIZATIONS
        cost = 0
        if conversion is Conversion.IDLE_TO_CIVILIAN:
            cost = civilian_cost(state, power, t)
            if cost > points:
                out.append(
                    Violation(
                        "14.21", f"{at}: civilian conversion costs {cost} tile points, {points} available"
                    )
                )
            if power is Power.RUSSIA and not state.settings.russia_idle_to_civilian:
                out.append(
                    Violation("14.42 A", f"{at}: Russia may not convert idle factories to civilian use")
                )
        if mobilizing:
            cost = mobilizing_cost(state, power, t)
            if cost > points:
                out.append(
                    Violation("14.31", f"{at}: mobilizing costs {cost} tile points, {points} available")
                )
        if conversion in (Conversion.IDLE_TO_CIVILIAN, Conversion.IDLE_TO_MILITARY):
            if idle < 1:
                out.append(Violation("14.12", f"{at}: no idle factory to convert"))
            idle -= 1
        if conversion is Conversion.IDLE_TO_CIVILIAN:
            civilian += 1
        if conversion is Conversion.CIVILIAN_TO_MILITARY:
            if civilian < 1:
                out.append(Violation("14.12", f"{at}: no civilian factory to convert"))
            civilian -= 1
            if power is Power.RUSSIA and (civilian_from is None or t < civilian_from):
                out.append(
                    Violation(
                        "14.43 C", f"{at}: Russia mobilizes a civilian factory before any event of 14.43 C"
                    )
                )
        if step.tile_points_spent != cost:
            out.append(
                Violation(REPORT, f"{at}: {step.tile_points_spent} tile points reported, {cost} due", REPORT)
            )
        if mobilizing and power is Power.RUSSIA:
            if t in mob.great_purge_turns:
                out.append(Violation("14.43 A", f"{at}: Russia may not mobilize in a Great Purge turn"))
            assert mob.cohesion is not None
            wait = RUSSIAN_MOBILIZATION_INTERVAL[mob.cohesion[t]]
            if last_russian is not None and t - last_russian < wait:
                out.append(
                    Violation(
                        "14.43 B",
                        f"{at}: {mob.cohesion[t].value} cohesion allows one mobilization every {wait} turns; "
                        f"the last was {t - last_russian} turn(s) before",
                    )
                )
            last_russian = t
        if mobilizing:
            made += 1
            if step.mobilization_number is not None and step.mobilization_number != made:
                out.append(
                    Violation(
                        REPORT, f"{at}: mobilization {step.mobilization_number} reported, {made} made", REPORT
                    )
                )
            units = UNITS_PER_MOBILIZATION[power]
            if c.total() != units:
                out.append(
                    Violation("14.7", f"{at}: a {name} mobilization creates {units} units, not {c.total()}")
                )
            out += _composition(power, at, c, made)
            if power is Power.BRITAIN:
                britain_numbered[made] = c
            plan_created.append(c)
            all_created.append(c)
            game_created.append(c)
        elif c.total():
            out.append(Violation("14.61", f"{at}: units created without a mobilization"))
        # Caps counted over everything created up to and including this turn.
        cap = ARMOR_CAP_WITHOUT_RESEARCH.get(power)
        research = mob.armor_research_turn
        if cap is not None and mobilizing and c.armor and (research is None or t < research):
            armor = sum(x.armor for x in all_created)
            if armor > cap[0]:
                out.append(
                    Violation(
                        cap[1],
                        f"{at}: {armor} armor units mobilized, more than {cap[0]} without armor research",
                    )
                )
        if power in (Power.GERMANY, Power.ITALY) and mobilizing and c.shipbuilding:
            rule = "14.713 C" if power is Power.GERMANY else "14.722 D"
            if sum(x.shipbuilding for x in game_created) > 1:
                out.append(
                    Violation(rule, f"{at}: a second SB increase in the game (the initial ones not counted)")
                )
        out += _addition(state, power, step, at, additions, plan_created)
    if power is Power.GERMANY:
        difference = sum(x.infantry - x.air for x in game_created)
        left = idle + civilian
        if abs(difference) > 2 * left:
            out.append(
                Violation(
                    "14.712",
                    f"{name}: {abs(difference)} more {'infantry' if difference > 0 else 'air'} than "
                    f"{'air' if difference > 0 else 'infantry'} with {left} factories left to balance them",
                )
            )
    if power is Power.BRITAIN:
        out += _britain_sequence(britain_numbered, all_created)
    out += _arrivals(state, power, plan)
    return out


def _composition(power: Power, at: str, c: UnitCounts, number: int) -> list[Violation]:
    out = []
    if power is Power.GERMANY:
        if c.armor + c.shipbuilding != 1:
            out.append(
                Violation("14.711 A", f"{at}: one armor unit or SB increase, not {c.armor + c.shipbuilding}")
            )
        if c.infantry + c.air != 2:
            out.append(Violation("14.711 B", f"{at}: two infantry or air units, not {c.infantry + c.air}"))
        if c.armor > 1:
            out.append(Violation("14.713 A", f"{at}: {c.armor} armor units in one turn"))
        if c.armor and c.shipbuilding:
            out.append(Violation("14.713 B", f"{at}: armor and an SB increase in one turn"))
    elif power in (Power.ITALY, Power.FRANCE):
        each = "14.722 A" if power is Power.ITALY else "14.742 A"
        for unit in MobilizedUnit:
            if c.of(unit) > 1:
                out.append(Violation(each, f"{at}: {c.of(unit)} {unit.value} in one turn"))
        if power is Power.ITALY and c.armor and c.shipbuilding:
            out.append(Violation("14.722 B", f"{at}: armor and an SB increase in one turn"))
        if power is Power.FRANCE and c.shipbuilding:
            out.append(Violation("14.742 C", f"{at}: France may not mobilize SB increases"))
    elif power is Power.RUSSIA:
        for unit in GROUND_AND_AIR:
            if c.of(unit) != 1:
                out.append(
                    Violation(
                        "14.751", f"{at}: one armor, one infantry and one air unit, {c.of(unit)} {unit.value}"
                    )
                )
        if c.shipbuilding:
            out.append(Violation("14.752 B", f"{at}: Russia may not mobilize SB increases"))
    return out


def _britain_sequence(numbered: dict[int, UnitCounts], all_created: list[UnitCounts]) -> list[Violation]:
    """14.733-14.736 over Britain's third to eighth mobilizations (history and plan)."""
    out = []
    for k in sorted(numbered):
        c = numbered[k]
        at = f"britain mobilization {k}"
        if k > BRITAIN_FINAL_MOBILIZATION:
            out.append(Violation("14.735", f"{at}: the eighth mobilization is the final one"))
            continue
        if k < 3:
            continue
        rule = "14.733" if k <= 4 else "14.734" if k <= 7 else "14.735"
        if c.armor + c.shipbuilding > 1:
            out.append(Violation(rule, f"{at}: armor and SB increases together more than one"))
        if k < 8 and c.infantry:
            out.append(Violation(rule, f"{at}: no infantry in the third to seventh mobilizations"))
        if k == 8 and c.infantry > 1:
            out.append(Violation(rule, f"{at}: one infantry unit at most"))
        if 5 <= k <= 7 and c.shipbuilding and any(numbered.get(j, UnitCounts()).shipbuilding for j in (3, 4)):
            out.append(
                Violation("14.734", f"{at}: an SB increase after one in the third or fourth mobilization")
            )
        if k == 8 and c.shipbuilding and any(numbered.get(j, UnitCounts()).shipbuilding for j in range(3, 8)):
            out.append(Violation("14.735", f"{at}: an SB increase after one in an earlier mobilization"))
    third_fourth = [numbered[k] for k in (3, 4) if k in numbered]
    if sum(c.armor + c.shipbuilding for c in third_fourth) > 1:
        out.append(
            Violation(
                "14.733",
                "britain: only one of the third and fourth mobilizations may hold armor or SB; the other is three air",
            )
        )
    sb_or_armor = sum(c.armor + c.shipbuilding for c in all_created)
    infantry = sum(c.infantry for c in all_created)
    if sb_or_armor > BRITAIN_SB_OR_ARMOR_MAX:
        out.append(
            Violation(
                "14.736 A",
                f"britain: {sb_or_armor} SB increases or armor units, more than {BRITAIN_SB_OR_ARMOR_MAX}",
            )
        )
    if infantry > BRITAIN_INFANTRY_MAX:
        out.append(
            Violation("14.736 A", f"britain: {infantry} infantry units, more than {BRITAIN_INFANTRY_MAX}")
        )
    return out


def _addition(
    state: MobilizationState,
    power: Power,
    step: ScheduleStep,
    at: str,
    additions: list[MobilizedUnit],
    plan_created: list[UnitCounts],
) -> list[Violation]:
    """14.737, 14.743: one armor, infantry or air unit a turn from spring 1941, within the counter mix."""
    out = []
    turn = state.turns[step.turn]
    rule = POST_1940_ADDITIONS.get(power)
    due = rule is not None and _spring_1941_or_later(turn.season, turn.year)
    if step.addition is not None:
        if not due:
            out.append(
                Violation(rule or "14.737", f"{at}: no post-1940 addition for {power.value} this turn")
            )
            return out
        if step.addition is MobilizedUnit.SHIPBUILDING:
            out.append(Violation(rule or "14.737", f"{at}: the addition is an armor, infantry or air unit"))
        additions.append(step.addition)
    mix = state.powers[power].counter_mix
    if not due or mix is None:
        if due and step.addition is None:
            out.append(
                Violation(rule or "14.737", f"{at}: {power.value} adds one unit to its reserve each turn")
            )
        return out
    # Every unit created in the plan takes a counter; an addition needs one of its type left, and is
    # made unless no type has one left.
    used = {u: sum(c.of(u) for c in plan_created) + additions.count(u) for u in GROUND_AND_AIR}
    if step.addition is not None and step.addition in used and used[step.addition] > mix.of(step.addition):
        out.append(
            Violation(
                rule or "14.737",
                f"{at}: no {step.addition.value} counter left in the counter mix ({mix.of(step.addition)})",
            )
        )
    if step.addition is None and any(used[u] < mix.of(u) for u in GROUND_AND_AIR):
        out.append(Violation(rule or "14.737", f"{at}: a counter is left in the mix but no unit is added"))
    return out


def _arrivals(state: MobilizationState, power: Power, plan: list[ScheduleStep]) -> list[Violation]:
    """14.81: units reach the reserve after the delay; SB increases and additions at once."""
    out = []
    for step in plan:
        expected = {}
        for unit in MobilizedUnit:
            if step.created.of(unit):
                wait = 0 if unit is MobilizedUnit.SHIPBUILDING else state.delays[unit]
                expected[(step.turn + wait, unit)] = step.created.of(unit)
        if step.addition is not None:
            key = (step.turn, step.addition)
            expected[key] = expected.get(key, 0) + 1
        listed: dict[tuple[int, MobilizedUnit], int] = {}
        for arrival in step.arrivals:
            listed[(arrival.turn, arrival.unit)] = listed.get((arrival.turn, arrival.unit), 0) + arrival.count
        if listed != expected:
            out.append(
                Violation(
                    REPORT,
                    f"{power.value} turn {step.turn}: arrivals do not follow the delays of 14.81",
                    REPORT,
                )
            )
    return out


def _check_minimums(
    state: MobilizationState, schedule: MobilizationSchedule, steps: dict[tuple[Power, int], ScheduleStep]
) -> list[Violation]:
    out = []
    for minimum in state.objective.minimum:
        unit = minimum.unit
        wait = 0 if unit is MobilizedUnit.SHIPBUILDING else state.delays[unit]
        count = 0
        for (power, turn), step in steps.items():
            if power is not minimum.power:
                continue
            if turn + wait <= minimum.by_turn:
                count += step.created.of(unit)
            if step.addition is unit and turn <= minimum.by_turn:
                count += 1
        if count < minimum.count:
            out.append(
                Violation(
                    "requirement",
                    f"{minimum.power.value}: {count} {unit.value} in the reserve by turn {minimum.by_turn}, "
                    f"at least {minimum.count} wanted",
                    REQUIREMENT,
                )
            )
    return out


def schedule_value(scenario: Scenario, schedule: MobilizationSchedule) -> float:
    """The objective: each unit's value discounted to the turn it reaches the reserve, each military
    factory's saved maintenance point (14.62) in every planned turn, and tile points kept."""
    state = scenario.mobilization
    assert state is not None
    objective = state.objective
    total = 0.0
    by_key = {(s.power, s.turn): s for s in schedule.steps}
    for power, mob in state.powers.items():
        military = mob.factories.military
        for t in range(schedule.horizon):
            step = by_key.get((power, t), ScheduleStep(turn=t, power=power))
            weight = objective.discount**t
            if step.conversion in MOBILIZATIONS:
                military += 1
            total += objective.maintenance_value * military * weight
            total += objective.tile_point_value * (mob.tile_points[t] - step.tile_points_spent) * weight
            for unit in MobilizedUnit:
                wait = 0 if unit is MobilizedUnit.SHIPBUILDING else state.delays[unit]
                total += (
                    objective.values.get(unit, 0.0) * step.created.of(unit) * objective.discount ** (t + wait)
                )
            if step.addition is not None:
                total += objective.values.get(step.addition, 0.0) * weight
    return total
