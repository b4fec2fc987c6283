"""The hand-over of a mobilization schedule to rule 27 (14.81, 14.82): the units in the reserve by a turn
become allowable builds in the scenario's force pools, and SB increases raise a yard's rate.

Readings, each stated where it is encoded:
- The rule 27 part of the scenario (`turn:`) is the turn the reserve is handed to. Units reach the reserve
  once their delay has elapsed (14.81) and may be built from that turn, so the hand-over takes what has
  arrived by the rule 27 turn; a later hand-over turn is refused, an earlier one hands over less.
- Mobilized units are allowable builds at the normal price (14.82, 27.11): they join an entry of the
  force pool only if it is the same kind of counter with no state of its own (no elimination this turn,
  no prohibition, the power's own nationality); otherwise the hand-over is refused.
- The seed does not say which yard an SB increase raises: `shipbuilding_yard` names it, or the increases
  are not handed over and the hand-over says so.
"""

from __future__ import annotations

from models.mobilization import (
    GROUND_AND_AIR,
    RESERVE_UNIT_TYPES,
    SEASONS,
    MobilizationSchedule,
    MobilizationState,
    MobilizedUnit,
    ReserveAddition,
)
from models.mobilization_history import entry_state
from models.naval_tables import SHIPYARD_RATES
from models.scenario import ForcePoolEntry, Scenario
from models.tables import Power


class HandoverRefused(ValueError):
    """The hand-over cannot be made as asked: `field` names the input at fault."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


def planned_turn_of(state: MobilizationState, season: str, year: int) -> int:
    """The planned-turn index of a game turn (0: the first of `mobilization.turns`; may be negative or
    past the listed turns)."""
    first = state.turns[0]
    return (year - first.year) * 4 + SEASONS.index(season) - SEASONS.index(first.season)


def turn_label(state: MobilizationState, turn: int) -> str:
    first = state.turns[0]
    index = SEASONS.index(first.season) + turn
    return f"{SEASONS[index % 4]} {first.year + index // 4}"


def rule27_turn(scenario: Scenario) -> int:
    """The planned-turn index of the scenario's rule 27 turn."""
    assert scenario.mobilization is not None
    return planned_turn_of(scenario.mobilization, scenario.turn.season.value, scenario.turn.year)


def handover_turn(scenario: Scenario, turn: int | None = None) -> int:
    """The planned turn whose reserve is handed over: `turn`, or the rule 27 turn (14.81: units in the
    reserve by then may be built in it). Refused: a turn after the rule 27 turn, or a rule 27 turn before
    the first planned turn."""
    state = scenario.mobilization
    assert state is not None
    last = rule27_turn(scenario)
    label = f"{scenario.turn.season.value} {scenario.turn.year}"
    if last < 0:
        raise HandoverRefused(
            "turn",
            f"the rule 27 turn, {label}, lies before the first planned mobilization turn "
            f"({state.turns[0].label()}): no unit of the plan can be in its reserve (14.81)",
        )
    if turn is None:
        return last
    if turn < 0:
        raise HandoverRefused("--handover-turn", f"{turn}: planned turns count from 0")
    if turn > last:
        raise HandoverRefused(
            "--handover-turn",
            f"turn {turn} ({turn_label(state, turn)}) lies after the rule 27 turn, {label} (turn {last}): "
            "units reaching the reserve after it cannot be built in it (14.81, 14.82)",
        )
    return turn


def reserve_additions(scenario: Scenario, schedule: MobilizationSchedule) -> list[ReserveAddition]:
    """The units each power's reserve gains, turn by turn (14.81), those in delay at the start included,
    with the force-pool entry each becomes (14.82)."""
    state = scenario.mobilization
    assert state is not None
    order, units = list(Power), list(MobilizedUnit)
    totals: dict[tuple[int, int, int], int] = {}
    for power, mob in state.powers.items():
        for item in mob.in_delay:
            key = (item.arrives, order.index(power), units.index(item.unit))
            totals[key] = totals.get(key, 0) + item.count
    for step in schedule.steps:
        for arrival in step.arrivals:
            if arrival.unit in GROUND_AND_AIR:
                key = (arrival.turn, order.index(step.power), units.index(arrival.unit))
                totals[key] = totals.get(key, 0) + arrival.count
    out = []
    for (turn, p, u), count in sorted(totals.items()):
        power, unit = order[p], units[u]
        entry = state.powers[power].force_pool_entries.get(unit)
        out.append(
            ReserveAddition(
                turn=turn, power=power, unit=unit, count=count, force_pool_entry=entry.id if entry else None
            )
        )
    return out


def reserve_by_turn(
    scenario: Scenario, schedule: MobilizationSchedule, turn: int
) -> dict[Power, dict[MobilizedUnit, int]]:
    """Units in the reserve by `turn` (14.81), per power: created in the schedule, or in delay at its
    start; not the units in the reserve before the plan (the force pool holds those)."""
    out: dict[Power, dict[MobilizedUnit, int]] = {}
    for item in reserve_additions(scenario, schedule):
        if item.turn <= turn:
            per_power = out.setdefault(item.power, {})
            per_power[item.unit] = per_power.get(item.unit, 0) + item.count
    return out


def shipbuilding_by_turn(schedule: MobilizationSchedule, turn: int) -> dict[Power, int]:
    """SB increases created in the schedule by `turn`: they have no delay (14.81)."""
    out: dict[Power, int] = {}
    for step in schedule.steps:
        if step.turn <= turn and step.created.shipbuilding:
            out[step.power] = out.get(step.power, 0) + step.created.shipbuilding
    return out


def _unplanned(scenario: Scenario, schedule: MobilizationSchedule, turn: int) -> list[str]:
    """A note when turns before the hand-over are not planned but their units could have arrived."""
    state = scenario.mobilization
    assert state is not None
    shortest = min(state.delay(power, u) for power in state.powers for u in GROUND_AND_AIR)
    if turn < schedule.horizon or shortest > turn - schedule.horizon:
        return []
    return [
        f"turns {schedule.horizon}-{turn} ({turn_label(state, schedule.horizon)} to "
        f"{turn_label(state, turn)}) lie past the plan (turns 0-{schedule.horizon - 1}): units their "
        "mobilizations would have put in the reserve by the hand-over are not handed over"
    ]


def seed_force_pool(
    scenario: Scenario, schedule: MobilizationSchedule, turn: int | None = None
) -> tuple[Scenario, list[str]]:
    """The scenario with the units in the reserve by `turn` (by default the rule 27 turn) added to the
    force pools of its planned powers (14.82), each SB increase created by then raising the rate of the
    power's `shipbuilding_yard` by one, and what the hand-over says: what it handed over, and what it
    could not (a power not planned, no `force_pool_entries` for a type, no yard for SB increases).
    Raises `HandoverRefused` for a turn after the rule 27 turn or an entry that would lend its state."""
    state = scenario.mobilization
    assert state is not None
    turn = handover_turn(scenario, turn)
    messages = _unplanned(scenario, schedule, turn)
    powers = dict(scenario.powers)
    reserve = reserve_by_turn(scenario, schedule, turn)
    shipbuilding = shipbuilding_by_turn(schedule, turn)
    for power in sorted(set(reserve) | set(shipbuilding), key=list(Power).index):
        if power not in powers:
            messages.append(
                f"{power.value}: not among the scenario's planned powers; its reserve is not added"
            )
            continue
        mob = state.powers[power]
        pool = list(powers[power].force_pool)
        handed = []
        for unit in GROUND_AND_AIR:
            count = reserve.get(power, {}).get(unit, 0)
            if not count:
                continue
            counter = mob.force_pool_entries.get(unit)
            if counter is None:
                messages.append(
                    f"mobilization.powers.{power.value}.force_pool_entries.{unit.value}: not given; "
                    f"{count} {unit.value} not added"
                )
                continue
            where = f"mobilization.powers.{power.value}.force_pool_entries.{unit.value}"
            if counter.unit is not RESERVE_UNIT_TYPES[unit]:
                raise HandoverRefused(
                    f"{where}.unit",
                    f"{counter.unit.value}; a reserve {unit.value} unit is a {RESERVE_UNIT_TYPES[unit].value} "
                    "allowable build (14.82)",
                )
            existing = next((k for k, e in enumerate(pool) if e.id == counter.id), None)
            if existing is None:
                pool.append(
                    ForcePoolEntry(id=counter.id, unit=counter.unit, factors=counter.factors, count=count)
                )
            else:
                entry = pool[existing]
                if (entry.unit, entry.factors) != (counter.unit, counter.factors) or entry_state(entry):
                    raise HandoverRefused(
                        f"{where}.id",
                        f"{counter.id!r} is an entry of another kind or state; mobilized units are "
                        "allowable builds at the normal price (14.82): give them an id of their own",
                    )
                pool[existing] = entry.model_copy(update={"count": entry.count + count})
            handed.append(f"{count} {unit.value} as {counter.id}")
        update: dict[str, object] = {"force_pool": pool}
        sb = shipbuilding.get(power, 0)
        if sb:
            raised = _raise_yard(scenario, power, sb)
            if raised is None:
                messages.append(
                    f"{power.value}: {sb} SB increase(s) created by turn {turn} not handed over: set "
                    f"mobilization.powers.{power.value}.shipbuilding_yard to the yard they raise (14.61)"
                )
            else:
                update["naval"], text = raised
                handed.append(text)
        if handed:
            messages.append(f"{power.value}: handed over {'; '.join(handed)} (14.82)")
        powers[power] = powers[power].model_copy(update=update)
    seeded = Scenario.model_validate({**scenario.model_dump(by_alias=True), "powers": powers})
    return seeded, messages


def _raise_yard(scenario: Scenario, power: Power, increases: int) -> tuple[object, str] | None:
    """The power's naval state with its `shipbuilding_yard` rate raised by `increases`, and a line saying
    so; None without a yard. The rate is the yard's given one, or its 27.731 starting rate."""
    assert scenario.mobilization is not None
    yard_id = scenario.mobilization.powers[power].shipbuilding_yard
    naval = scenario.powers[power].naval
    if yard_id is None or naval is None:
        return None
    yards = list(naval.shipyards)
    k = next(i for i, y in enumerate(yards) if y.id == yard_id)  # the scenario validator checked it
    given = yards[k].rate
    before = given if given is not None else SHIPYARD_RATES[power][yard_id]
    yards[k] = yards[k].model_copy(update={"rate": before + increases})
    text = f"{increases} SB increase(s) raising {yard_id}'s rate from {before} to {before + increases}"
    return naval.model_copy(update={"shipyards": yards}), text
