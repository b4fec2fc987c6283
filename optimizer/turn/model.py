"""The CP-SAT model of one turn: every family's variables, then each family's constraints in a fixed order."""

from __future__ import annotations

from collections.abc import Callable

from ortools.sat.python import cp_model

from optimizer.rules.force_pool.constraints import add_brps, add_force_pool, add_pair_pricing
from optimizer.rules.grants.constraints import add_grants, add_opening_choice
from optimizer.rules.guards import ExplainGuards, Guards
from optimizer.rules.limits.constraints import add_dominion_shares, add_grant_limits, add_limits
from optimizer.rules.naval.constraints import add_chart_moves, add_naval_construction
from optimizer.rules.naval_air.constraints import add_naval_air
from optimizer.rules.oil.constraints import add_oil, add_units_past
from optimizer.rules.placement.constraints import add_placement
from optimizer.rules.requirements.constraints import add_requirements
from optimizer.rules.solver import deterministic_solver
from optimizer.turn.fix import add_decisions
from optimizer.turn.prepare import Prepared
from optimizer.turn.variables import Variables

AddFamily = Callable[[cp_model.CpModel, Prepared, Variables, Guards], None]


def add_sw_deployment(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """`optimizer.rules.sw.turn.add_sw_deployment` (25.3, 27.94), the SW family loaded only for a scenario
    with an `sw:` section (optimizer/planners/__init__.py: what loads when)."""
    if variables.sw is not None:
        from optimizer.rules.sw.turn import add_sw_deployment as add

        add(model, data, variables, guards)


# What the variables mean: pricing, the chart's state machine, units past the
# oil threshold, route openings and the limits grants move. Never guarded.
DEFINITIONS: tuple[AddFamily, ...] = (
    add_pair_pricing,  # 27.11 E
    add_chart_moves,  # 27.7272
    add_units_past,  # 27.35 D, E
    add_opening_choice,  # 40.521
    add_grant_limits,  # 27.334, 27.34, 40.23
    add_dominion_shares,  # 27.474 C, 40.244
)

# The rules, each family with its guard literals. A new family is added here.
RULE_FAMILIES: tuple[AddFamily, ...] = (
    add_force_pool,  # 27.5, 27.21, 27.22
    add_placement,  # 27.4
    add_brps,  # 27.11, 40.244
    add_limits,  # 27.3
    add_oil,  # 27.35
    add_naval_air,  # 27.61
    add_grants,  # 40
    add_naval_construction,  # 27.7
    add_requirements,  # the player's requirements
    add_sw_deployment,  # 25.3, 27.94: SW units where they do most good
    add_decisions,  # the player's --fix and --forbid
)


def build_model(data: Prepared, *, explain: bool = False) -> tuple[cp_model.CpModel, Variables, Guards]:
    """Build the turn model from prepared data; with `explain`, every rule family is guarded by a literal."""
    model = cp_model.CpModel()
    guards = ExplainGuards(model) if explain else Guards()
    variables = Variables.create(model, data, unbounded=explain)
    for add in (*DEFINITIONS, *RULE_FAMILIES):
        add(model, data, variables, guards)
    return model, variables, guards


def new_solver(time_limit: float | None, workers: int) -> cp_model.CpSolver:
    """The solver every model of the planner is solved with."""
    solver = deterministic_solver(workers, seed=0)  # one worker and a fixed seed: the same plan each time
    # Full linearization: the chart state machines' LP bound is what proves the later priorities. At
    # level 1, on the eleven slowest of the naval suite's seeds 9100000-9100299 (benchmarks/tail.py),
    # every one call ran out of its budget: 0.72-1.03 s of CPU a position -> 3.2-9.8 s, and the three
    # slowest 2.2-5.2 -> 3.6-6.0 s.
    solver.parameters.linearization_level = 2
    # Probing in presolve costs more than it saves on these small models (measured in benchmarks/).
    solver.parameters.cp_model_probing_level = 0
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = max(time_limit, 0.001)
    return solver
