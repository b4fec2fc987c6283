"""What each mobilization may create (14.7), re-derived from the rules text for the checker: the plan's
mobilizations and the history's alike, since the rule draws no line between them except for the
pre-game mobilizations of 14.92-14.96, to which the type restrictions do not apply (14.91).

Shares only the rule tables of `models/mobilization.py`.
"""

from __future__ import annotations

from models.mobilization import (
    ARMOR_CAP_WITHOUT_RESEARCH,
    BRITAIN_FINAL_MOBILIZATION,
    BRITAIN_INFANTRY_MAX,
    BRITAIN_SB_OR_ARMOR_MAX,
    GROUND_AND_AIR,
    INITIAL_MOBILIZATIONS,
    UNITS_PER_MOBILIZATION,
    MobilizationState,
    MobilizedUnit,
    UnitCounts,
)
from models.tables import Power
from optimizer.checker.violations import Violation


def composition(power: Power, at: str, c: UnitCounts) -> list[Violation]:
    """One mobilization of Germany (14.711, 14.713 A-B), Italy (14.721, 14.722 A-B), France (14.741,
    14.742 A, C) or Russia (14.751, 14.752 B); Britain's depend on their number (`britain_sequence`)."""
    out = []
    units = UNITS_PER_MOBILIZATION[power]
    if c.total() != units:
        out.append(
            Violation("14.7", f"{at}: a {power.value} mobilization creates {units} units, not {c.total()}")
        )
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


def britain_sequence(
    numbered: dict[int, UnitCounts], all_created: list[UnitCounts], pregame_sb: int = 0
) -> list[Violation]:
    """14.732-14.736 over Britain's Gathering Storm mobilizations (history and plan), by number: the
    `pregame_sb` SB increases of the pre-game mobilizations that 14.735 B counts as previous ones (none
    by default, `MobilizationSettings.britain_pregame_sb_counts`); the
    first and second are the pre-game ones (14.732), so a Gathering Storm mobilization is the third at
    the earliest."""
    out = []
    for k in sorted(numbered):
        c = numbered[k]
        at = f"britain mobilization {k}"
        if c.total() != UNITS_PER_MOBILIZATION[Power.BRITAIN]:
            out.append(Violation("14.731", f"{at}: a British mobilization creates 3 units, not {c.total()}"))
        if k > BRITAIN_FINAL_MOBILIZATION:
            out.append(Violation("14.735", f"{at}: the eighth mobilization is the final one"))
            continue
        if k < 3:
            out.append(
                Violation(
                    "14.732",
                    f"{at}: Britain's first and second mobilizations are the pre-game ones (14.94); "
                    "its Gathering Storm mobilizations begin with the third",
                )
            )
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
        elif k == 8 and c.shipbuilding and pregame_sb:
            out.append(
                Violation("14.735", f"{at}: an SB increase after the pre-game mobilizations' {pregame_sb}")
            )
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


def check_history(state: MobilizationState, power: Power) -> list[Violation]:
    """The mobilizations a power has made before the plan, as the scenario states them.

    14.92-14.96: the power begins Gathering Storm having mobilized a given number of times, creating
    given units; those pre-game mobilizations come first. Each later one is a Gathering Storm
    mobilization and keeps the power's table (14.7; Britain's sequence is checked with the plan's). The
    caps bind the history as they bind the plan: armor without research (the research counts as before
    the plan only if `armor_research_turn` is 0) and one SB increase a game. The factories mobilized
    are one per mobilization (14.31: mobilizing converts a factory to military use; 14.44: none returns).
    """
    mob = state.powers[power]
    records = mob.history(power)
    name = power.value
    out: list[Violation] = []
    count, units, rule = INITIAL_MOBILIZATIONS[power]
    pregame = [r for r in records if r.initial]
    stated = sum(r.count for r in pregame)
    created = {u: sum(r.created.of(u) for r in pregame) for u in MobilizedUnit}
    if stated != count or any(created[u] != units.of(u) for u in MobilizedUnit):
        out.append(
            Violation(
                rule,
                f"{name}: {stated} pre-game mobilizations stated; {name} begins Gathering Storm having "
                f"mobilized {count} times, creating {units.armor} armor, {units.infantry} infantry, "
                f"{units.air} air and {units.shipbuilding} SB",
            )
        )
    first_game = next((j for j, r in enumerate(records) if not r.initial), len(records))
    if any(r.initial for r in records[first_game:]):
        out.append(Violation(rule, f"{name}: a pre-game mobilization listed after a Gathering Storm one"))
    game = [r.created for r in records if not r.initial]
    if power is not Power.BRITAIN:
        for j, c in enumerate(game):
            out += composition(power, f"{name} mobilization {stated + j + 1} (before the plan)", c)
    everything = [r.created for r in records]
    cap = ARMOR_CAP_WITHOUT_RESEARCH.get(power)
    armor = sum(c.armor for c in everything)
    if cap is not None and mob.armor_research_turn != 0 and armor > cap[0]:
        out.append(
            Violation(
                cap[1], f"{name}: {armor} armor units mobilized before the plan, without armor research"
            )
        )
    if power in (Power.GERMANY, Power.ITALY) and sum(c.shipbuilding for c in game) > 1:
        sb_rule = "14.713 C" if power is Power.GERMANY else "14.722 D"
        out.append(Violation(sb_rule, f"{name}: two SB increases in the game before the plan"))
    made = sum(r.count for r in records)
    given = mob.factories.military
    if given is not None and given != made:
        out.append(
            Violation("14.44", f"{name}: {given} military factories after {made} mobilizations (14.31)")
        )
    return out
