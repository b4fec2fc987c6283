"""Rich tables of a mobilization schedule (rule 14)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table

from models.mobilization import Conversion, MobilizationSchedule, MobilizedUnit, UnitCounts
from models.scenario import Scenario

_CONVERSION = {
    Conversion.IDLE_TO_CIVILIAN: "idle>civilian",
    Conversion.IDLE_TO_MILITARY: "idle>military",
    Conversion.CIVILIAN_TO_MILITARY: "civilian>military",
}


def _units(counts: UnitCounts) -> str:
    parts = [f"{counts.of(u)} {u.value}" for u in MobilizedUnit if counts.of(u)]
    return ", ".join(parts)


def mobilization_tables(scenario: Scenario, schedule: MobilizationSchedule) -> Group:
    assert scenario.mobilization is not None
    state = scenario.mobilization
    labels = [t.label() for t in state.turns]

    def label(turn: int) -> str:
        return f"{turn} {labels[turn]}" if turn < len(labels) else f"{turn} (later)"

    table = Table(title="Mobilization schedule (rule 14)", title_justify="left")
    for column in (
        "turn",
        "power",
        "conversion",
        "tile points",
        "no.",
        "created",
        "in the reserve",
    ):
        table.add_column(column, justify="right" if column in ("tile points", "no.") else "left")
    for step in sorted(schedule.steps, key=lambda s: (s.turn, list(state.powers).index(s.power))):
        if step.conversion is Conversion.NONE and step.addition is None:
            continue
        available = state.powers[step.power].tile_points[step.turn]
        arrivals = "; ".join(
            f"{a.count} {a.unit.value} t{a.turn}"
            for a in step.arrivals
            if a.unit is not MobilizedUnit.SHIPBUILDING
        )
        created = _units(step.created)
        if step.addition is not None:
            created = ", ".join(x for x in (created, f"1 {step.addition.value} (post-1940 addition)") if x)
        table.add_row(
            label(step.turn),
            step.power.value,
            _CONVERSION.get(step.conversion, ""),
            f"{step.tile_points_spent} of {available}",
            str(step.mobilization_number or ""),
            created,
            arrivals,
        )
    reserve = Table(title="Reserve additions: allowable builds of rule 27 (14.82)", title_justify="left")
    for column in ("turn", "power", "unit", "count", "force pool entry"):
        reserve.add_column(column, justify="right" if column == "count" else "left")
    for item in schedule.reserve_additions:
        reserve.add_row(
            label(item.turn), item.power.value, item.unit.value, str(item.count), item.force_pool_entry or ""
        )
    summary = "no.: the power's mobilization number; t: the turn a unit reaches the reserve (14.81)\n"
    summary += f"Status {schedule.status}; objective {schedule.objective:g} over {schedule.horizon} turns"
    if set(schedule.stages) != {"value"}:
        summary += "; priorities: " + "; ".join(
            f"{name} {value:g}" for name, value in schedule.stages.items()
        )
    maintenance = Table(
        title="Maintenance saved (14.62: one point per military factory)", title_justify="left"
    )
    maintenance.add_column("power")
    turns = sorted({m.turn for m in schedule.maintenance})
    for turn in turns:
        maintenance.add_column(str(turn), justify="right")
    for power in state.powers:
        points = {m.turn: m.points for m in schedule.maintenance if m.power is power}
        if points:
            maintenance.add_row(power.value, *(str(points[t]) for t in turns))
    notes = "".join(f"\nNote: {note}" for note in schedule.notes)
    return Group(table, reserve, maintenance, summary + notes)
