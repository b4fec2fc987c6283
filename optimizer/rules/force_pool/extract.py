"""The build lines of a plan, and the entries that could not be built (27.1-27.5)."""

from __future__ import annotations

from collections.abc import Mapping

from ortools.sat.python import cp_model

from models.plan import BuildLine, NotBuilt
from models.tables import POWER_ORDER
from optimizer.rules.force_pool.prepare import EntryData
from optimizer.rules.force_pool.variables import BuildVariables, Slot
from optimizer.rules.linear import value


def build_lines(
    builds: BuildVariables,
    solver: cp_model.CpSolver,
    site_order: Mapping[str | None, int],
    past: Mapping[Slot, int],
) -> list[BuildLine]:
    """Build lines in a fixed order (power, entry, site), each priced with its units past the oil
    threshold (`past`) at the second multiplier (27.12-27.14, 27.35 D, E)."""
    entries = builds.entries
    order = {power: i for i, power in enumerate(POWER_ORDER)}
    entry_order = {key: i for i, key in enumerate(entries)}
    slots = sorted(
        builds.counters,
        key=lambda s: (order[entries[s[0]].power], entry_order[s[0]], site_order[s[1]]),
    )
    lines: list[BuildLine] = []
    for key, site in slots:
        counters = value(solver, builds.counters[key, site])
        if counters == 0:
            continue
        entry = entries[key]
        units = value(solver, builds.priced_units(key, site))
        oil_units = past.get((key, site), 0)
        lines.append(
            BuildLine(
                power=entry.power,
                entry=entry.entry.id,
                unit=entry.entry.unit,
                site=site,
                counters=counters,
                factors=value(solver, builds.factors(key, site)),
                oil_units=oil_units,
                brps=line_brps(entry, units, oil_units),
                alternatives=list(entry.alternatives[site]),
            )
        )
    return lines


def line_brps(entry: EntryData, units: int, oil_units: int) -> int:
    """BRPs of a line of `units` priced units, `oil_units` of them past the oil threshold (27.12-27.14,
    27.35 D, E)."""
    inside, outside = entry.multipliers
    return entry.unit_cost * (inside * (units - oil_units) + outside * oil_units)


def not_buildable(entries: Mapping[str, EntryData]) -> list[NotBuilt]:
    """Entries with counters that may not be built this turn (27.21, 27.22) or have no eligible site (27.4)."""
    return [
        NotBuilt(power=e.power, entry=e.entry.id, rule=e.barred[0], reason=e.barred[1])
        for e in entries.values()
        if e.barred is not None and e.entry.count
    ] + [
        NotBuilt(power=e.power, entry=e.entry.id, rule="27.4", reason="no eligible site this turn")
        for e in entries.values()
        if not e.sites and e.barred is None and e.entry.count
    ]
