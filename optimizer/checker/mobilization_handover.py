"""The hand-over of a mobilization schedule to rule 27 (14.81, 14.82), re-derived from the rules text.

`check_handover(scenario, schedule, seeded, turn)` compares the scenario `awaw mobilize --force-pool-out`
wrote (`seeded`) with the one it read and lists every way it breaks the rules:

- 14.81: a unit is placed in the reserve once its delay has elapsed, and may be built from that turn; SB
  increases have no delay. The reserve handed over is what the schedule (and the units in delay at its
  start) has there by the hand-over turn, and that turn may not lie after the rule 27 turn the units
  are built in.
- 14.82: reserve units are allowable builds: each joins the force pool as a counter of its own kind
  (armor as armor, infantry as infantry, air as army air, 27.12) with the counter's factors, at the
  normal price (27.11): never in an entry eliminated this turn (27.13), barred from rebuilding (27.22),
  of another nationality (27.47) or restricted to sites.
- SB increases raise the rate of the yard the scenario names (`shipbuilding_yard`) by one each; without
  one, no yard changes.
- Nothing else in the scenario changes.
"""

from __future__ import annotations

from typing import Any

from models.mobilization import SEASONS, MobilizationSchedule, MobilizedUnit
from models.naval_tables import SHIPYARD_RATES
from models.scenario import Scenario
from models.tables import Power, UnitType
from optimizer.checker.violations import REPORT, Violation

KIND = {  # 14.82: a reserve unit is the A World at War unit of the same kind (27.12)
    MobilizedUnit.ARMOR: UnitType.ARMOR,
    MobilizedUnit.INFANTRY: UnitType.INFANTRY,
    MobilizedUnit.AIR: UnitType.ARMY_AIR,
}
NEW_COUNTER = {  # the state of a counter never eliminated, prohibited, foreign or confined (27.13, 27.22, 27.47)
    "eliminated_this_turn": "none",
    "rebuild_prohibited": None,
    "nationality": "own",
    "sites": None,
    "specialized": None,
}


def _turn_index(first_season: str, first_year: int, season: str, year: int) -> int:
    return (year - first_year) * 4 + SEASONS.index(season) - SEASONS.index(first_season)


def handed_over(
    scenario: Scenario, schedule: MobilizationSchedule, turn: int
) -> tuple[dict[Power, dict[MobilizedUnit, int]], dict[Power, int]]:
    """Units in each power's reserve by `turn`, and SB increases created by then (14.81)."""
    state = scenario.mobilization
    assert state is not None
    units: dict[Power, dict[MobilizedUnit, int]] = {}
    shipbuilding: dict[Power, int] = {}
    for power, mob in state.powers.items():
        for item in mob.in_delay:
            if item.arrives <= turn:
                per = units.setdefault(power, {})
                per[item.unit] = per.get(item.unit, 0) + item.count
    for step in schedule.steps:
        for unit in MobilizedUnit:
            n = step.created.of(unit)
            if not n:
                continue
            if unit is MobilizedUnit.SHIPBUILDING:
                if step.turn <= turn:
                    shipbuilding[step.power] = shipbuilding.get(step.power, 0) + n
            elif step.turn + state.delay(step.power, unit) <= turn:
                per = units.setdefault(step.power, {})
                per[unit] = per.get(unit, 0) + n
        if step.addition is not None and step.turn <= turn:  # additions reach the reserve at once
            per = units.setdefault(step.power, {})
            per[step.addition] = per.get(step.addition, 0) + 1
    return units, shipbuilding


def check_handover(
    scenario: Scenario, schedule: MobilizationSchedule, seeded: Scenario, turn: int
) -> list[Violation]:
    state = scenario.mobilization
    if state is None:
        return [Violation("14.82", "the scenario has no mobilization section")]
    out: list[Violation] = []
    first = state.turns[0]
    rule27 = _turn_index(first.season, first.year, scenario.turn.season.value, scenario.turn.year)
    if turn > rule27:
        out.append(
            Violation(
                "14.81",
                f"hand-over turn {turn} lies after the rule 27 turn ({scenario.turn.season.value} "
                f"{scenario.turn.year}, turn {rule27}): its units cannot be built in that turn",
            )
        )
    units, shipbuilding = handed_over(scenario, schedule, turn)
    for power, before in scenario.powers.items():
        after = seeded.powers.get(power)
        if after is None:
            out.append(Violation(REPORT, f"{power.value}: missing from the handed-over scenario", REPORT))
            continue
        mob = state.powers.get(power)
        out += _force_pool(power, before.force_pool, after.force_pool, mob, units.get(power, {}))
        out += _yards(scenario, seeded, power, shipbuilding.get(power, 0))
    if _rest(scenario) != _rest(seeded):
        out.append(Violation(REPORT, "the hand-over changed more than force pools and yard rates", REPORT))
    return out


def _force_pool(
    power: Power, before: list[Any], after: list[Any], mob: Any, reserve: dict[MobilizedUnit, int]
) -> list[Violation]:
    name = power.value
    out = []
    old = {e.id: e for e in before}
    new = {e.id: e for e in after}
    targets = {} if mob is None else dict(mob.force_pool_entries)
    target_ids = {c.id: unit for unit, c in targets.items()}
    for entry_id in old.keys() - new.keys():
        out.append(
            Violation(REPORT, f"{name}: force pool entry {entry_id!r} removed by the hand-over", REPORT)
        )
    for entry_id, entry in new.items():
        was = old.get(entry_id)
        added = entry.count - (was.count if was is not None else 0)
        unit = target_ids.get(entry_id)
        if unit is None:
            if was is None or entry != was:
                out.append(Violation(REPORT, f"{name}: entry {entry_id!r} changed by the hand-over", REPORT))
            continue
        if was is not None and entry.model_copy(update={"count": was.count}) != was:
            out.append(Violation(REPORT, f"{name}: entry {entry_id!r} changed beyond its count", REPORT))
        if added != reserve.get(unit, 0):
            out.append(
                Violation(
                    "14.82",
                    f"{name}: {added} counters added to {entry_id!r}, {reserve.get(unit, 0)} {unit.value} in "
                    "the reserve by the hand-over turn (14.81)",
                )
            )
        if added <= 0:
            continue
        if entry.unit is not KIND[unit] or entry.factors != targets[unit].factors:
            out.append(
                Violation(
                    "14.82",
                    f"{name}: {unit.value} handed over as {entry.factors}-factor {entry.unit.value} in "
                    f"{entry_id!r}; a reserve {unit.value} unit is a {targets[unit].factors}-factor "
                    f"{KIND[unit].value} allowable build",
                )
            )
        odd = [field for field, value in NEW_COUNTER.items() if getattr(entry, field) != value]
        if odd:
            out.append(
                Violation(
                    "14.82",
                    f"{name}: {unit.value} handed over into {entry_id!r}, whose {', '.join(odd)} "
                    "would change their price or use; reserve units are allowable builds at the normal price",
                )
            )
    return out


def _rate(scenario: Scenario, power: Power, yard_id: str) -> int | None:
    naval = scenario.powers[power].naval
    yard = next((y for y in naval.shipyards if y.id == yard_id), None) if naval else None
    if yard is None:
        return None
    return yard.rate if yard.rate is not None else SHIPYARD_RATES[power][yard_id]


def _yards(scenario: Scenario, seeded: Scenario, power: Power, increases: int) -> list[Violation]:
    """SB increases raise the named yard's rate by one each (14.61); no other yard changes."""
    assert scenario.mobilization is not None
    mob = scenario.mobilization.powers.get(power)
    named = mob.shipbuilding_yard if mob is not None else None
    out = []
    before = scenario.powers[power].naval
    ids = [y.id for y in before.shipyards] if before else []
    for yard_id in ids:
        want = _rate(scenario, power, yard_id)
        if yard_id == named and want is not None:
            want += increases
        got = _rate(seeded, power, yard_id)
        if got != want:
            out.append(
                Violation(
                    "14.61",
                    f"{power.value}: {yard_id}'s rate is {got} after the hand-over, {want} with the "
                    f"{increases if yard_id == named else 0} SB increase(s) it receives",
                )
            )
    return out


def _rest(scenario: Scenario) -> dict[str, Any]:
    """The scenario without force pools and yard rates: what the hand-over leaves alone."""
    data = scenario.model_dump(mode="json")
    for power in data["powers"].values():
        power.pop("force_pool", None)
        for yard in (power.get("naval") or {}).get("shipyards", []):
            yard.pop("rate", None)
    return data
