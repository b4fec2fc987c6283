"""CP-SAT variables of the mobilization schedule, keyed by (power, turn)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.mobilization import GROUND_AND_AIR, Conversion, MobilizedUnit
from models.tables import Power
from optimizer.rules.mobilization.prepare import MobilizationData

CONVERSIONS = (Conversion.IDLE_TO_CIVILIAN, Conversion.IDLE_TO_MILITARY, Conversion.CIVILIAN_TO_MILITARY)
BRITISH_NUMBERS = range(3, 9)  # 14.733-14.735: the third to the eighth mobilization
BRITISH_SLOT_UNITS = (MobilizedUnit.ARMOR, MobilizedUnit.SHIPBUILDING, MobilizedUnit.INFANTRY)


@dataclass
class MobilizationVariables:
    convert: dict[tuple[Power, int, Conversion], cp_model.IntVar] = field(default_factory=dict)
    mobilize: dict[tuple[Power, int], cp_model.IntVar] = field(default_factory=dict)
    idle: dict[tuple[Power, int], cp_model.IntVar] = field(default_factory=dict)  # after the turn
    civilian: dict[tuple[Power, int], cp_model.IntVar] = field(default_factory=dict)
    military: dict[tuple[Power, int], cp_model.IntVar] = field(default_factory=dict)
    spent: dict[tuple[Power, int], cp_model.IntVar] = field(default_factory=dict)
    created: dict[tuple[Power, int, MobilizedUnit], cp_model.IntVar] = field(default_factory=dict)
    addition: dict[tuple[Power, int, MobilizedUnit], cp_model.IntVar] = field(default_factory=dict)
    # Britain (14.733-14.735): reached[(t, k)] is 1 once its k-th mobilization is made by turn t;
    # slot[(t, k, unit)] is 1 if mobilization k, made in turn t, creates that armor unit, SB increase or
    # infantry unit (the rest of its three units are air).
    reached: dict[tuple[int, int], cp_model.IntVar] = field(default_factory=dict)
    slot: dict[tuple[int, int, MobilizedUnit], cp_model.IntVar] = field(default_factory=dict)

    def all(self) -> list[cp_model.IntVar]:
        """Every decision variable, in a fixed order (for solution hints)."""
        out: list[cp_model.IntVar] = []
        for group in (self.convert, self.created, self.addition, self.reached, self.slot):
            out += list(group.values())
        return out

    def fix(self, model: cp_model.CpModel, values: dict[tuple[Power, int, Conversion], int]) -> None:
        """Fix conversions (for tests and what-ifs)."""
        for key, value in values.items():
            model.add(self.convert[key] == value)


def add_variables(model: cp_model.CpModel, data: MobilizationData) -> MobilizationVariables:
    v = MobilizationVariables()
    for p in data.powers:
        total = p.idle + p.civilian + p.military
        for t in range(data.horizon):
            key = (p.power, t)
            name = f"{p.power.value}_{t}"
            for c in CONVERSIONS:
                v.convert[(p.power, t, c)] = model.new_bool_var(f"convert_{name}_{c.value}")
            v.mobilize[key] = model.new_bool_var(f"mobilize_{name}")
            # Wide domains: 14.12 (no factory created or lost) is posted as a constraint so that it
            # can be named when a requirement is impossible.
            v.idle[key] = model.new_int_var(-100, total, f"idle_{name}")
            v.civilian[key] = model.new_int_var(-100, total + 100, f"civilian_{name}")
            v.military[key] = model.new_int_var(0, total + 100, f"military_{name}")
            v.spent[key] = model.new_int_var(0, 1000, f"spent_{name}")
            for u in MobilizedUnit:
                v.created[(p.power, t, u)] = model.new_int_var(0, p.units, f"created_{name}_{u.value}")
            if p.addition_turns[t]:
                for u in GROUND_AND_AIR:
                    v.addition[(p.power, t, u)] = model.new_bool_var(f"addition_{name}_{u.value}")
            if p.power is Power.BRITAIN:
                for k in BRITISH_NUMBERS:
                    v.reached[(t, k)] = model.new_bool_var(f"britain_{t}_reached_{k}")
                    for u in BRITISH_SLOT_UNITS:
                        v.slot[(t, k, u)] = model.new_bool_var(f"britain_{t}_mobilization_{k}_{u.value}")
    return v
