"""Engineers: the CP-SAT variables, keyed by unit, turn, hex and task.

Turn t runs 1..N. `at[u, t, h]` is true when unit u stands in hex h at the initial phase of turn t
(t = N + 1: where it ends the last turn); `moved[u, t]` what its move in turn t costs (halves, the cheapest path);
`spend[u, t, k]` the MPs (halves) it spends on task k in hex at the end of that move (or, with the
setting `work_before_moving`, where it begins it); `part[u, k]` u is one of task k's team;
`size[k, h]` task k's team has h half-REs; `option[o]` a team beginning a task counted in turns;
`finish[k, t]` a task counted in MPs done in turn t; `started[k, t]` MPs spent on task k by turn t;
`exists[h, t]` the temporary airbase on the map in hex h at the start still there at the end of turn t;
`resource[k, r]` the resource point of hex r spent on task k.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.engineers import CAPACITY_TASKS
from optimizer.rules.engineers.prepare import Option, Prepared


@dataclass
class EngineerVariables:
    at: dict[tuple[str, int, str], cp_model.IntVar] = field(default_factory=dict)
    moved: dict[tuple[str, int], cp_model.IntVar] = field(default_factory=dict)
    spend: dict[tuple[str, int, str], cp_model.IntVar] = field(default_factory=dict)
    working: dict[tuple[str, int, str], cp_model.IntVar] = field(default_factory=dict)
    part: dict[tuple[str, str], cp_model.IntVar] = field(default_factory=dict)
    size: dict[tuple[str, int], cp_model.IntVar] = field(default_factory=dict)
    started: dict[tuple[str, int], cp_model.IntVar] = field(default_factory=dict)
    exists: dict[tuple[str, int], cp_model.IntVar] = field(default_factory=dict)
    option: dict[Option, cp_model.IntVar] = field(default_factory=dict)
    finish: dict[tuple[str, int], cp_model.IntVar] = field(default_factory=dict)
    resource: dict[tuple[str, str], cp_model.IntVar] = field(default_factory=dict)
    attempted: dict[str, cp_model.IntVar] = field(default_factory=dict)
    hex_index: dict[str, int] = field(default_factory=dict)

    def fix(self, model: cp_model.CpModel, **choices: dict) -> None:  # type: ignore[type-arg]
        """Fix decisions for tests and what-ifs: `at={(u, t, h): 1}`, `spend={(u, t, k): halves}`,
        `option={Option: 1}`, `finish={(k, t): 1}`. A decision whose variable was never made (the
        preparation found it impossible) can only be fixed to 0."""
        for name, values in choices.items():
            table = getattr(self, name)
            for key, value in values.items():
                if key in table:
                    model.add(table[key] == value)
                elif value:
                    model.add_bool_or([])  # impossible by preparation


def make_variables(model: cp_model.CpModel, data: Prepared) -> EngineerVariables:
    v = EngineerVariables()
    v.hex_index = {h.id: i for i, h in enumerate(data.scenario.hexes)}
    turns = data.turns
    before = data.scenario.settings.work_before_moving
    for u in data.units.values():
        for t in range(1, turns + 2):
            for h in u.hexes:
                if u.can_be_at(h, t):
                    v.at[u.id, t, h] = model.new_bool_var(f"at_{u.id}_{t}_{h}")
        for t in range(1, turns + 1):
            v.moved[u.id, t] = model.new_int_var(0, u.full, f"moved_{u.id}_{t}")
    for k, task in data.tasks.items():
        if task.refused is not None:
            continue
        if task.counted_in_turns:
            for option in task.options:
                v.option[option] = model.new_bool_var(f"begin_{k}_{'+'.join(option.team)}_{option.start}")
        else:
            for (w, t), _ in sorted(task.rates.items()):
                there = data.units[w].can_be_at
                if t in task.barred_turns or not any(
                    there(h, t + 1) or (before and there(h, t)) for h in task.hexes
                ):
                    continue
                if t > task.last_turn:
                    continue  # work after the task's last turn cannot make it done in time
                # More MPs than pay the whole cost alone add nothing: a plan spending them spends
                # fewer instead (the tie-break), so the domain stops there.
                full = min(data.units[w].full, -(-task.need // max(1, task.rates[w, t])))
                # By the end of turn t the unit has had t turns of MPs, and reaching the task's
                # hex took some of them (its cheapest path from where it starts).
                unit = data.units[w]
                reach = unit.reach(task.hexes)
                full = 0 if reach is None else max(0, min(full, unit.full * t - reach))
                if full == 0:
                    continue
                v.spend[w, t, k] = model.new_int_var(0, full, f"spend_{w}_{t}_{k}")
                v.working[w, t, k] = model.new_bool_var(f"working_{w}_{t}_{k}")
            for t in range(1, task.last_turn + 1):
                v.finish[k, t] = model.new_bool_var(f"finish_{k}_{t}")
            for w in sorted({w for w, _, kk in v.spend if kk == k}):
                v.part[w, k] = model.new_bool_var(f"part_{w}_{k}")
            if task.maintain and not task.one_phase:
                for t in range(1, turns + 1):
                    v.started[k, t] = model.new_bool_var(f"started_{k}_{t}")
        if task.needs_resource_point:
            v.attempted[k] = model.new_bool_var(f"attempted_{k}")
            for r in task.resource_points:
                v.resource[k, r] = model.new_bool_var(f"resource_{k}_{r}")
        # The temporary airbase on the map: needed by the task, or counted towards the hex's twelve
        # capacity while it is there (Permanent Airbases and Forts).
        needs = task.airbase
        if needs is None and task.task.kind in CAPACITY_TASKS and task.hexes[0] in data.losable_capacity:
            needs = task.hexes[0]
        if needs is not None:
            for t in range(1, turns + 1):
                if (needs, t) not in v.exists:
                    v.exists[needs, t] = model.new_bool_var(f"exists_{needs}_{t}")
    return v
