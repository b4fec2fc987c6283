"""Checks of the `mobilization:` section that span its parts or the rest of the scenario: the history of
mobilizations a power states (14.7, 14.9), its factories and units in delay (14.31, 14.81), and the
entries the hand-over to rule 27 writes (14.82).

`Scenario` calls `mobilization_problem`, which returns the first problem as "field: message" (the field
within the scenario), or None. The history is checked as the plan's own mobilizations are: each
Gathering Storm record against its power's table, the caps and per-game limits over them all, Britain's
numbered sequence; only the pre-game mobilizations (14.92-14.96) are exempt from the type restrictions
(14.91), and they are the ones the rule lists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from models.mobilization import (
    ARMOR_CAP_WITHOUT_RESEARCH,
    BRITAIN_FINAL_MOBILIZATION,
    BRITAIN_INFANTRY_MAX,
    BRITAIN_SB_OR_ARMOR_MAX,
    GROUND_AND_AIR,
    INITIAL_MOBILIZATIONS,
    NO_SHIPBUILDING,
    SHIPBUILDING_PER_GAME,
    UNITS_PER_MOBILIZATION,
    MobilizationState,
    MobilizedUnit,
    PowerMobilization,
    UnitCounts,
)
from models.tables import Power

# Fields of a rule 27 force-pool entry that the hand-over sets or adds to; every other field is state
# (elimination, prohibition, nationality, sites) that mobilized units never have.
_ENTRY_KEYS = ("id", "unit", "factors", "count")


def units_text(created: UnitCounts) -> str:
    parts = [f"{created.of(u)} {u.value}" for u in MobilizedUnit if created.of(u)]
    return ", ".join(parts) or "nothing"


def _sum(counts: Sequence[UnitCounts]) -> UnitCounts:
    return UnitCounts(**{u.value: sum(c.of(u) for c in counts) for u in MobilizedUnit})


def makeup_problem(power: Power, created: UnitCounts) -> str | None:
    """What one Gathering Storm mobilization of Germany, Italy, France or Russia may create (14.711,
    14.713 A-B, 14.721-14.722 B, 14.741-14.742 A, C, 14.751-14.752); Britain's depend on their number
    (`britain_problem`)."""
    a, i, r, s = created.armor, created.infantry, created.air, created.shipbuilding
    units = UNITS_PER_MOBILIZATION[power]
    if created.total() != units:
        return f"a {power.value} mobilization creates {units} units (14.7), not {created.total()}"
    if power is Power.GERMANY:
        if a + s != 1:
            return "one armor unit or SB increase (14.711 A; 14.713 A, B)"
        if i + r != 2:
            return "one infantry and one air unit, two infantry or two air units (14.711 B)"
    elif power in (Power.ITALY, Power.FRANCE):
        each = "14.722 A" if power is Power.ITALY else "14.742 A"
        if max(a, i, r, s) > 1:
            return f"no more than one of each type in a mobilization ({each})"
        if a and s:
            return "not both an armor unit and an SB increase (14.722 B)"
    elif power is Power.RUSSIA and (a, i, r) != (1, 1, 1):
        return "one armor, one infantry and one air unit (14.751)"
    if s and power in NO_SHIPBUILDING:
        return f"{power.value} may not mobilize SB increases ({NO_SHIPBUILDING[power]})"
    return None


def britain_problem(numbered: dict[int, UnitCounts], pregame_sb_counts: bool = False) -> str | None:
    """Britain's third to eighth mobilizations by number (14.733-14.736 A): `numbered` maps each
    Gathering Storm mobilization's number to what it created. Reading (as the solver's): the "previous
    mobilization" of 14.735 B is a Gathering Storm one, unless `pregame_sb_counts` (the setting
    `britain_pregame_sb_counts`): then the two SB increases of 14.732 bar one in the eighth."""
    for k, c in sorted(numbered.items()):
        a, i, s = c.armor, c.infantry, c.shipbuilding
        if k > BRITAIN_FINAL_MOBILIZATION:
            return f"mobilization {k}: the eighth is Britain's final mobilization (14.735)"
        if c.total() != UNITS_PER_MOBILIZATION[Power.BRITAIN]:
            return f"mobilization {k}: a British mobilization creates 3 units (14.731), not {c.total()}"
        rule = "14.733" if k <= 4 else "14.734" if k <= 7 else "14.735"
        if a + s > 1:
            return f"mobilization {k}: one armor unit or SB increase at most ({rule})"
        if i > (1 if k == BRITAIN_FINAL_MOBILIZATION else 0):
            return f"mobilization {k}: {i} infantry; only the eighth may create one ({rule})"
        if 5 <= k <= 7 and s and any(numbered.get(j, UnitCounts()).shipbuilding for j in (3, 4)):
            return f"mobilization {k}: an SB increase after one in the third or fourth (14.734 B)"
        if k == 8 and s and any(numbered.get(j, UnitCounts()).shipbuilding for j in range(3, 8)):
            return f"mobilization {k}: an SB increase after one in an earlier mobilization (14.735 B)"
        if k == 8 and s and pregame_sb_counts:
            return (
                f"mobilization {k}: an SB increase after the pre-game ones (14.735 B, 14.732; "
                "settings.britain_pregame_sb_counts)"
            )
    pair = [numbered[k] for k in (3, 4) if k in numbered]
    if sum(c.armor + c.shipbuilding for c in pair) > 1:
        return "mobilizations 3 and 4: one may hold an armor unit or SB increase, the other is three air (14.733 B)"
    return None


def history_problem(
    power: Power, mob: PowerMobilization, delays: Mapping[MobilizedUnit, int], pregame_sb_counts: bool = False
) -> str | None:
    """The mobilizations so far (field within the power's section: message), or None; `pregame_sb_counts`
    is the setting of 14.735 B's reading (`MobilizationSettings.britain_pregame_sb_counts`)."""
    records = mob.history(power)
    count, pregame, rule = INITIAL_MOBILIZATIONS[power]
    game: list[UnitCounts] = []
    for j, record in enumerate(records):
        at = f"mobilizations[{j}]"
        if record.initial:
            if game:
                return f"{at}.initial: the pre-game mobilizations (14.9) come before the Gathering Storm ones"
            continue
        if record.count != 1:
            return f"{at}.count: list Gathering Storm mobilizations one by one"
        if power is not Power.BRITAIN and (problem := makeup_problem(power, record.created)):
            return f"{at}.created: {units_text(record.created)}: {problem}"
        game.append(record.created)
    initial = [r for r in records if r.initial]
    made_initially = sum(r.count for r in initial)
    if made_initially != count or _sum([r.created for r in initial]) != pregame:
        listed = f"{made_initially} pre-game mobilizations creating {units_text(_sum([r.created for r in initial]))}"
        return (
            f"mobilizations: {listed}; {power.value} begins Gathering Storm having mobilized {count} times, "
            f"creating {units_text(pregame)} ({rule}{', 14.732' if power is Power.BRITAIN else ''}): "
            "list them first, as initial records"
        )
    everything = [pregame, *game]
    if power is Power.BRITAIN:
        if count + len(game) > BRITAIN_FINAL_MOBILIZATION:
            return "mobilizations: Britain mobilizes eight times at most (14.735)"
        numbered = {count + 1 + j: c for j, c in enumerate(game)}
        if problem := britain_problem(numbered, pregame_sb_counts):
            return f"mobilizations: {problem}"
        total = _sum(everything)
        if (
            total.armor + total.shipbuilding > BRITAIN_SB_OR_ARMOR_MAX
            or total.infantry > BRITAIN_INFANTRY_MAX
        ):
            return "mobilizations: more than eight SB increases or armor units, or two infantry (14.736 A)"
    if (cap := ARMOR_CAP_WITHOUT_RESEARCH.get(power)) and mob.armor_research_turn != 0:
        armor = sum(c.armor for c in everything)
        if armor > cap[0]:
            return (
                f"mobilizations: {armor} armor units mobilized, more than {cap[0]} without an armor research "
                f"result ({cap[1]}); set armor_research_turn: 0 if the result came before the plan"
            )
    if (limit := SHIPBUILDING_PER_GAME.get(power)) and sum(c.shipbuilding for c in game) > limit[0]:
        return (
            f"mobilizations: more than one SB increase in the game, the initial ones not counted ({limit[1]})"
        )
    left = mob.factories.idle + mob.factories.civilian
    if power is Power.GERMANY:
        difference = sum(c.infantry - c.air for c in game)
        if abs(difference) > 2 * left:
            return (
                f"mobilizations: {abs(difference)} more {'infantry' if difference > 0 else 'air'} than "
                f"{'air' if difference > 0 else 'infantry'}, which the {left} factories left cannot balance "
                "(14.712: each later mobilization moves the difference by two at most)"
            )
    made = count + len(game)
    if mob.factories.military is not None and mob.factories.military != made:
        return (
            f"factories.military: {mob.factories.military}, but {made} mobilizations were made: each "
            "converted one factory to military use (14.31) and none is converted back (14.44)"
        )
    return _in_delay_problem(mob, everything, delays)


def _in_delay_problem(
    mob: PowerMobilization, everything: list[UnitCounts], delays: Mapping[MobilizedUnit, int]
) -> str | None:
    """Units in their delay at the start (14.81): made by the mobilizations so far, and reaching the
    reserve within the delay of a mobilization made before the first planned turn."""
    waiting = {u: 0 for u in GROUND_AND_AIR}
    for j, item in enumerate(mob.in_delay):
        at = f"in_delay[{j}]"
        if item.unit is MobilizedUnit.SHIPBUILDING:
            return f"{at}.unit: there is no delay for shipbuilding (14.81)"
        wait = delays.get(item.unit, 0)
        if item.arrives >= wait:
            latest = "none can be" if wait == 0 else f"the latest is turn {wait - 1}"
            return (
                f"{at}.arrives: turn {item.arrives}; a {item.unit.value} unit mobilized before the first "
                f"planned turn waits {wait} turn(s) (14.81), so {latest}"
            )
        waiting[item.unit] += item.count
    created = _sum(everything)
    for unit, number in waiting.items():
        if number > created.of(unit):
            return f"in_delay: {number} {unit.value} in delay, more than the mobilizations so far created"
    return None


def entry_state(entry: BaseModel) -> list[str]:
    """The fields of a rule 27 force-pool entry that differ from a new counter's (27.13, 27.22, 27.47)."""
    return [
        name
        for name, info in type(entry).model_fields.items()
        if name not in _ENTRY_KEYS and getattr(entry, name) != info.get_default(call_default_factory=True)
    ]


def mobilization_problem(
    state: MobilizationState,
    force_pools: Mapping[Power, Sequence[Any]],
    shipyards: Mapping[Power, Sequence[str]],
) -> str | None:
    """The first problem of the section's histories and hand-over entries, as "field: message" with the
    field within the scenario; `force_pools` and `shipyards` are the rule 27 part's, per planned power."""
    for power, mob in state.powers.items():
        where = f"mobilization.powers.{power.value}"
        delays = {unit: state.delay(power, unit) for unit in GROUND_AND_AIR}
        if problem := history_problem(power, mob, delays, state.settings.britain_pregame_sb_counts):
            return f"{where}.{problem}"
        pool = {entry.id: entry for entry in force_pools.get(power, ())}
        for unit, counter in mob.force_pool_entries.items():
            entry = pool.get(counter.id)
            if entry is None:
                continue
            at = f"{where}.force_pool_entries.{unit.value}.id"
            given = (entry.unit, entry.factors)
            if given != (counter.unit, counter.factors):
                return (
                    f"{at}: {counter.id!r} is already powers.{power.value}.force_pool's entry of "
                    f"{given[1]}-factor {given[0].value}; mobilized units would take its unit and factors: "
                    "give them an id of their own (14.82)"
                )
            if differ := entry_state(entry):
                return (
                    f"{at}: {counter.id!r} is already powers.{power.value}.force_pool's entry, with "
                    f"{', '.join(differ)} set; mobilized units are allowable builds at the normal price "
                    "(14.82, 27.11) and would take that state: give them an id of their own"
                )
        yard = mob.shipbuilding_yard
        if yard is not None and power in force_pools and yard not in shipyards.get(power, ()):
            return (
                f"{where}.shipbuilding_yard: {yard!r} is not among powers.{power.value}.naval.shipyards; "
                "the hand-over raises that yard's rate by the SB increases (14.61, 27.731)"
            )
    return None
