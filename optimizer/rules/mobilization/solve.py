"""Solve a mobilization schedule (rule 14): `solve_mobilization(scenario, horizon=...) -> MobilizationResult`.

Also the hand-over to rule 27 (14.82): `seed_force_pool` adds the units in the reserve by a turn to the
scenario's force pools.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ortools.sat.python import cp_model

from models.mobilization import GROUND_AND_AIR, MobilizationSchedule, MobilizedUnit, ReserveAddition
from models.scenario import ForcePoolEntry, Scenario
from models.tables import Power
from optimizer.rules.guards import ExplainGuards, Guards
from optimizer.rules.mobilization.constraints import add_mobilization
from optimizer.rules.mobilization.extract import extract_steps
from optimizer.rules.mobilization.objective import objective_expression, objective_parts
from optimizer.rules.mobilization.prepare import SCALE, MobilizationData, describe, prepare_mobilization
from optimizer.rules.mobilization.variables import add_variables


class Infeasible(Exception):
    """The requirements cannot all be met; `blocking` names the requirements and rules in conflict."""

    def __init__(self, blocking: list[str]) -> None:
        self.blocking = blocking
        super().__init__("; ".join(blocking))


class NoScheduleInTime(Infeasible):
    """The time limit passed before a schedule was found (`awaw batch` records it as timed out)."""


@dataclass(frozen=True)
class MobilizationResult:
    status: str  # "optimal" or "feasible"
    schedule: MobilizationSchedule
    data: MobilizationData


def _solver(time_limit: float) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = 1  # one worker: the same input gives the same schedule
    # Measured on the benchmark positions: a tighter relaxation with every LP constraint at once, and
    # no probing, proves these small optima several times faster.
    solver.parameters.linearization_level = 2
    solver.parameters.add_lp_constraints_lazily = False
    solver.parameters.cp_model_probing_level = 0
    # Measured likewise: Chvatal-Gomory cuts cost more than they save on these models.
    solver.parameters.add_cg_cuts = False
    return solver


def solve_mobilization(
    scenario: Scenario, horizon: int | None = None, time_limit: float = 10.0
) -> MobilizationResult:
    """The best schedule. No rule of 14 ties one power's conversions to another's (14.51: each converts
    secretly and simultaneously), so each power is one CP-SAT model; their optima add up to the optimum."""
    data = prepare_mobilization(scenario, horizon)
    assert scenario.mobilization is not None
    priorities = list(scenario.mobilization.objective.priorities)
    stage_values: dict[str, int] = {}
    steps = []
    objective = 0
    optimal = True
    for power_data in data.powers:
        part = replace(
            data, powers=[power_data], minimums=[m for m in data.minimums if m[0] is power_data.power]
        )
        model = cp_model.CpModel()
        variables = add_variables(model, part)
        add_mobilization(model, part, variables, Guards())
        parts = objective_parts(part, variables)
        # Lexicographic priorities: each stage maximizes its part with the earlier parts held at their
        # optimum; without priorities, one stage maximizes the weighted sum. Parts are separable by
        # power, so per-power stages give the joint lexicographic optimum.
        stages: list[tuple[str, cp_model.LinearExpr]] = [(name, parts[name]) for name in priorities] or [
            ("value", objective_expression(part, variables))
        ]
        for name, expression in stages:
            model.maximize(expression)
            solver = _solver(time_limit)
            status = solver.solve(model)
            if status == cp_model.INFEASIBLE:
                raise Infeasible(explain(part, time_limit))
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                raise NoScheduleInTime([f"{power_data.power.value}: no schedule found within the time limit"])
            optimal = optimal and status == cp_model.OPTIMAL
            achieved = round(solver.objective_value)
            stage_values[name] = stage_values.get(name, 0) + achieved
            model.add(expression >= achieved)
            model.clear_hints()
            for var in variables.all():
                model.add_hint(var, solver.value(var))
        objective += sum(round(solver.value(e)) for e in parts.values())
        steps += extract_steps(solver, part, variables)
    schedule = MobilizationSchedule(
        scenario=scenario.name,
        status="optimal" if optimal else "feasible",
        objective=round(objective / SCALE, 3),
        horizon=data.horizon,
        stages={name: round(value / SCALE, 3) for name, value in stage_values.items()},
        steps=steps,
    )
    schedule = schedule.model_copy(update={"reserve_additions": reserve_additions(scenario, schedule)})
    return MobilizationResult(schedule.status, schedule, data)


def explain(data: MobilizationData, time_limit: float = 10.0) -> list[str]:
    """The requirements and rules that together block the schedule: an infeasible core over one
    enforcement literal per (rule, power) and per requirement, made minimal by dropping each literal
    the rest stays infeasible without."""
    model = cp_model.CpModel()
    variables = add_variables(model, data)
    guards = ExplainGuards(model)
    add_mobilization(model, data, variables, guards)
    by_index = {lit.index: key for key, lit in guards.literals.items()}

    def infeasible(keys: list[tuple[str, str]]) -> bool:
        model.clear_assumptions()
        model.add_assumptions([guards.literals[k] for k in keys])
        return _solver(time_limit).solve(model) == cp_model.INFEASIBLE

    model.add_assumptions(list(guards.literals.values()))
    solver = _solver(time_limit)
    if solver.solve(model) != cp_model.INFEASIBLE:
        return ["the requirements cannot all be met"]
    core = sorted(by_index[i] for i in solver.sufficient_assumptions_for_infeasibility() if i in by_index)
    for key in list(core):
        rest = [k for k in core if k != key]
        if infeasible(rest):
            core = rest
    return [
        describe(rule, subject) for rule, subject in sorted(core, key=lambda k: (k[0] != "requirement", k))
    ]


def reserve_additions(scenario: Scenario, schedule: MobilizationSchedule) -> list[ReserveAddition]:
    """The units each power's reserve gains, turn by turn (14.81), with the force-pool entry each
    becomes (14.82)."""
    assert scenario.mobilization is not None
    totals: dict[tuple[int, int, int], int] = {}
    order = list(Power)
    units = list(MobilizedUnit)
    for step in schedule.steps:
        for arrival in step.arrivals:
            if arrival.unit in GROUND_AND_AIR:
                key = (arrival.turn, order.index(step.power), units.index(arrival.unit))
                totals[key] = totals.get(key, 0) + arrival.count
    out = []
    for (turn, p, u), count in sorted(totals.items()):
        power, unit = order[p], units[u]
        entry = scenario.mobilization.powers[power].force_pool_entries.get(unit)
        out.append(
            ReserveAddition(
                turn=turn, power=power, unit=unit, count=count, force_pool_entry=entry.id if entry else None
            )
        )
    return out


def reserve_by_turn(schedule: MobilizationSchedule, turn: int) -> dict[Power, dict[MobilizedUnit, int]]:
    """Units created in the schedule that are in the reserve by `turn` (14.81), per power (14.82)."""
    out: dict[Power, dict[MobilizedUnit, int]] = {}
    for step in schedule.steps:
        for arrival in step.arrivals:
            if arrival.turn <= turn and arrival.unit in GROUND_AND_AIR:
                per_power = out.setdefault(step.power, {})
                per_power[arrival.unit] = per_power.get(arrival.unit, 0) + arrival.count
    return out


def seed_force_pool(
    scenario: Scenario, schedule: MobilizationSchedule, turn: int
) -> tuple[Scenario, list[str]]:
    """The scenario with the units in the reserve by `turn` added to the force pools of its planned
    powers (14.82: Gathering Storm reserve units are A World at War allowable builds), and the problems
    that stopped any unit from being added (a power not planned, no `force_pool_entries` for a type)."""
    assert scenario.mobilization is not None
    problems = []
    powers = dict(scenario.powers)
    for power, units in sorted(
        reserve_by_turn(schedule, turn).items(), key=lambda kv: list(Power).index(kv[0])
    ):
        if power not in powers:
            problems.append(
                f"{power.value}: not among the scenario's planned powers; its reserve is not added"
            )
            continue
        entries = scenario.mobilization.powers[power].force_pool_entries
        pool = list(powers[power].force_pool)
        for unit in GROUND_AND_AIR:
            count = units.get(unit, 0)
            if not count:
                continue
            counter = entries.get(unit)
            if counter is None:
                problems.append(
                    f"mobilization.powers.{power.value}.force_pool_entries.{unit.value}: not given; "
                    f"{count} {unit.value} not added"
                )
                continue
            existing = next((k for k, e in enumerate(pool) if e.id == counter.id), None)
            if existing is not None:
                entry = pool[existing]
                pool[existing] = entry.model_copy(update={"count": entry.count + count})
            else:
                pool.append(
                    ForcePoolEntry(id=counter.id, unit=counter.unit, factors=counter.factors, count=count)
                )
        powers[power] = powers[power].model_copy(update={"force_pool": pool})
    return Scenario.model_validate({**scenario.model_dump(by_alias=True), "powers": powers}), problems
