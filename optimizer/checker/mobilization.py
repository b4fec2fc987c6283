"""Gathering Storm factory conversion and mobilization (rule 14), re-derived from the rules text.

`check_mobilization(scenario, schedule)` replays each power's factories turn by turn from the
scenario's `mobilization:` section, from the history it states (checked itself: `mobilization_makeup`),
and lists every breach with its rule number. It shares only the rule tables of `models/mobilization.py`;
costs, the Russian wait, Britain's numbering, the caps and the counters are computed here.
`schedule_value` re-derives the objective the schedule is scored by; `mobilization_handover` checks the
hand-over to rule 27.
"""

from __future__ import annotations

from models.mobilization import (
    ARMOR_CAP_WITHOUT_RESEARCH,
    BASE_MOBILIZATION_COST,
    CIVILIAN_CONVERSION_COST,
    COST_BASE_YEAR,
    GROUND_AND_AIR,
    MOBILIZATIONS,
    POST_1940_ADDITIONS,
    RUSSIAN_MOBILIZATION_INTERVAL,
    SEASONS,
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
from optimizer.checker.mobilization_makeup import britain_sequence, check_history, composition
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
        out += check_history(state, power)
        out += _check_power(state, power, plan)
    out += _check_minimums(state, schedule, steps)
    if schedule.reserve_additions:
        out += _check_reserve(state, schedule)
    if schedule.maintenance:
        out += _check_maintenance(state, schedule, steps)
    return out


def military_at_start(state: MobilizationState, power: Power) -> int:
    """Military factories at the first planned turn: one per mobilization made before it, since each
    mobilization converts one factory to military use (14.31) and none is converted back (14.44)."""
    return sum(record.count for record in state.powers[power].history(power))


def _check_maintenance(
    state: MobilizationState, schedule: MobilizationSchedule, steps: dict[tuple[Power, int], ScheduleStep]
) -> list[Violation]:
    """14.62: each military factory reduces its power's maintenance costs by one point, in every turn
    from the one it is mobilized in."""
    expected = {}
    for power in state.powers:
        military = military_at_start(state, power)
        for t in range(schedule.horizon):
            step = steps.get((power, t))
            if step is not None and step.conversion in MOBILIZATIONS:
                military += 1
            expected[(power, t)] = military
    listed = {(m.power, m.turn): (m.military_factories, m.points) for m in schedule.maintenance}
    if listed != {key: (n, n) for key, n in expected.items()}:
        return [
            Violation(REPORT, "maintenance does not count one point per military factory (14.62)", REPORT)
        ]
    return []


def _check_reserve(state: MobilizationState, schedule: MobilizationSchedule) -> list[Violation]:
    """The reserve additions add up the arrivals of units, those in delay at the start included (14.81,
    14.82; SB increases are no units)."""
    arrivals: dict[tuple[int, Power, MobilizedUnit], int] = {}
    for power, mob in state.powers.items():
        for waiting in mob.in_delay:
            key = (waiting.arrives, power, waiting.unit)
            arrivals[key] = arrivals.get(key, 0) + waiting.count
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
            if power is Power.BRITAIN:
                britain_numbered[made] = c
            else:
                out += composition(power, at, c)
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
        # 14.712: equal infantry and air by full mobilization. A later mobilization creates one of each,
        # two infantry or two air (14.711 B): it moves the difference by 0 or 2, so what is left must be
        # even and within two per factory left.
        difference = sum(x.infantry - x.air for x in game_created)
        left = idle + civilian
        if abs(difference) > 2 * left or difference % 2:
            out.append(
                Violation(
                    "14.712",
                    f"{name}: {abs(difference)} more {'infantry' if difference > 0 else 'air'} than "
                    f"{'air' if difference > 0 else 'infantry'} with {left} factories left to balance them",
                )
            )
    if power is Power.BRITAIN:
        # 14.735 B's "previous mobilization": the pre-game ones too where the setting says so.
        pregame_sb = sum(c.shipbuilding for _, initial, c in history if initial)
        counted = pregame_sb if state.settings.britain_pregame_sb_counts else 0
        out += britain_sequence(britain_numbered, all_created, counted)
    out += _counters(state, power, plan)
    out += _arrivals(state, power, plan)
    return out


def _counters(state: MobilizationState, power: Power, plan: list[ScheduleStep]) -> list[Violation]:
    """The counter mix: each unit the plan creates, mobilized (14.61: mobilizations generate units) or
    added (14.737, 14.743: "limited by the counter mix"), is a counter of its type taken from those free
    at the start; the plan cannot take more than there are."""
    mix = state.powers[power].counter_mix
    if mix is None:
        return []
    taken = {u: 0 for u in GROUND_AND_AIR}
    out = []
    for step in plan:
        new = {u: step.created.of(u) + (step.addition is u) for u in GROUND_AND_AIR}
        for u in GROUND_AND_AIR:
            taken[u] += new[u]
            if step.created.of(u) and taken[u] > mix.of(u):  # an addition's own rule reports it
                out.append(
                    Violation(
                        "14.61",
                        f"{power.value} turn {step.turn}: {taken[u]} {u.value} counters taken, "
                        f"{mix.of(u)} free in the counter mix",
                    )
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
                expected[(step.turn + state.delay(power, unit), unit)] = step.created.of(unit)
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
        wait = state.delay(minimum.power, unit)
        count = sum(
            item.count
            for item in state.powers[minimum.power].in_delay
            if item.unit is unit and item.arrives <= minimum.by_turn
        )
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
        military = military_at_start(state, power)
        for t in range(schedule.horizon):
            step = by_key.get((power, t), ScheduleStep(turn=t, power=power))
            weight = objective.discount**t
            if step.conversion in MOBILIZATIONS:
                military += 1
            total += objective.maintenance_value * military * weight
            total += objective.tile_point_value * (mob.tile_points[t] - step.tile_points_spent) * weight
            for unit in MobilizedUnit:
                wait = state.delay(power, unit)
                total += (
                    objective.values.get(unit, 0.0) * step.created.of(unit) * objective.discount ** (t + wait)
                )
            if step.addition is not None:
                total += objective.values.get(step.addition, 0.0) * weight
    return total
