"""What the planner says alongside a schedule: requirements dated past the horizon, and why a power
mobilizes nowhere (a schedule never plans nothing without saying why)."""

from __future__ import annotations

from models.mobilization import BRITAIN_FINAL_MOBILIZATION
from models.tables import Power
from optimizer.rules.mobilization.prepare import MobilizationData, PowerData, requirement_subject


def horizon_notes(data: MobilizationData) -> list[str]:
    """Requirements dated past the last planned turn: only the planned turns' units count towards them."""
    return [
        f"requirement {requirement_subject(*m)}: turn {m[3]} lies past the horizon (turns 0-"
        f"{data.horizon - 1} planned); only the planned turns' mobilizations count towards it"
        for m in data.minimums
        if m[3] >= data.horizon
    ]


def no_mobilization_note(p: PowerData, blocking: list[str] | None) -> str:
    """Why the schedule holds no mobilization of `p`: the rules that leave none possible in the planned
    turns (`blocking`, from an infeasible core), or the objective's choice when one was possible."""
    name = p.power.value
    if p.power is Power.BRITAIN and p.mobilizations_made >= BRITAIN_FINAL_MOBILIZATION:
        return f"{name}: no mobilization: the eighth was Britain's final one (14.735)"
    if blocking is None:
        return (
            f"{name}: no mobilization: one was possible, but the objective values the schedule without "
            "one at least as high"
        )
    return f"{name}: no mobilization is possible in the planned turns; blocked by: {'; '.join(blocking)}"
