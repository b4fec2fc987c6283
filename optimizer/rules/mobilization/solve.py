"""Solve a mobilization schedule (rule 14): `solve_mobilization(scenario, horizon=...) -> MobilizationResult`.

The hand-over to rule 27 (14.81, 14.82) is `optimizer.rules.mobilization.handover.seed_force_pool`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ortools.sat.python import cp_model

from models.mobilization import MobilizationSchedule
from models.scenario import Scenario
from optimizer.rules.guards import ExplainGuards, Guards
from optimizer.rules.mobilization.constraints import add_mobilization
from optimizer.rules.mobilization.extract import extract_maintenance, extract_steps
from optimizer.rules.mobilization.handover import reserve_additions
from optimizer.rules.mobilization.notes import horizon_notes, no_mobilization_note
from optimizer.rules.mobilization.objective import objective_expression, objective_parts
from optimizer.rules.mobilization.prepare import (
    SCALE,
    MobilizationData,
    describe,
    past_horizon,
    prepare_mobilization,
    requirement_subject,
)
from optimizer.rules.mobilization.variables import add_variables
from optimizer.rules.solver import deterministic_solver

# The guard `_blocking_all_mobilization` adds to ask whether a power may mobilize at all.
ONE_MOBILIZATION = ("requirement", "at least one mobilization")


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
    solver = deterministic_solver()  # one worker: the same input gives the same schedule
    solver.parameters.max_time_in_seconds = time_limit
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
    maintenance = []
    notes = horizon_notes(data)
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
                raise Infeasible(explain(part, time_limit) or ["the requirements cannot all be met"])
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
        power_steps = extract_steps(solver, part, variables)
        if not any(step.mobilization_number for step in power_steps):
            notes.append(no_mobilization_note(power_data, _blocking_all_mobilization(part, time_limit)))
        steps += power_steps
        maintenance += extract_maintenance(solver, part, variables)
    schedule = MobilizationSchedule(
        scenario=scenario.name,
        status="optimal" if optimal else "feasible",
        objective=round(objective / SCALE, 3),
        horizon=data.horizon,
        stages={name: round(value / SCALE, 3) for name, value in stage_values.items()},
        steps=steps,
        maintenance=maintenance,
        notes=notes,
    )
    schedule = schedule.model_copy(update={"reserve_additions": reserve_additions(scenario, schedule)})
    return MobilizationResult(schedule.status, schedule, data)


def explain(data: MobilizationData, time_limit: float = 10.0) -> list[str]:
    """The requirements and rules that together block the schedule: an infeasible core over one
    enforcement literal per (rule, power) and per requirement, made minimal by dropping each literal
    the rest stays infeasible without. A requirement of the core dated past the horizon is reported as
    such instead: the rules only block it because its turn lies outside the plan."""
    core = _core(data, time_limit)
    late = [
        past_horizon(*m, data.horizon)
        for m in data.minimums
        if m[3] >= data.horizon and ("requirement", requirement_subject(*m)) in core
    ]
    return late or [
        describe(rule, subject) for rule, subject in sorted(core, key=lambda k: (k[0] != "requirement", k))
    ]


def _blocking_all_mobilization(data: MobilizationData, time_limit: float) -> list[str] | None:
    """For a power whose optimal schedule mobilizes nowhere: the rules that leave it no mobilization at
    all in the planned turns, or None if one is possible (the objective then preferred none)."""
    core = [key for key in _core(data, time_limit, at_least_one_mobilization=True) if key != ONE_MOBILIZATION]
    return [describe(*key) for key in sorted(core, key=lambda k: (k[0] != "requirement", k))] or None


def _core(
    data: MobilizationData, time_limit: float, at_least_one_mobilization: bool = False
) -> list[tuple[str, str]]:
    """A minimal infeasible core of (rule, subject) guards; empty if the model is feasible."""
    model = cp_model.CpModel()
    variables = add_variables(model, data)
    guards = ExplainGuards(model)
    add_mobilization(model, data, variables, guards)
    if at_least_one_mobilization:
        model.add(sum(variables.mobilize.values()) >= 1).only_enforce_if(guards.of(*ONE_MOBILIZATION))
    by_index = {lit.index: key for key, lit in guards.literals.items()}

    def infeasible(keys: list[tuple[str, str]]) -> bool:
        model.clear_assumptions()
        model.add_assumptions([guards.literals[k] for k in keys])
        return _solver(time_limit).solve(model) == cp_model.INFEASIBLE

    model.add_assumptions(list(guards.literals.values()))
    solver = _solver(time_limit)
    if solver.solve(model) != cp_model.INFEASIBLE:
        return []
    core = sorted(by_index[i] for i in solver.sufficient_assumptions_for_infeasibility() if i in by_index)
    for key in list(core):
        rest = [k for k in core if k != key]
        if infeasible(rest):
            core = rest
    return core
