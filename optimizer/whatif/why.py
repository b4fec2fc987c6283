"""Why this plan: every limited resource with its use and slack, and what one more unit of a binding one
is worth (`awaw plan --why`).

Use and slack are read from the solved plan's accounting (`Plan.powers`, `Plan.oil`, `Plan.grants`,
`Plan.transports`) and from the prepared data (`Prepared`); nothing here re-derives a rule. What one more
unit is worth is measured by solving the position again with that unit added (`Relaxation`, applied
by `prepare`), started from the plan's decisions: the gain is the exact difference of the two optima of
the first priority, not a dual value of a relaxation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import partial

from ortools.sat.python import cp_model

from models.naval_tables import one_factor_points
from models.plan import OneMore, Plan, ResourceUse, Status
from models.route_data import OIL_COUNTER_BRPS
from models.tables import (
    JAPAN_OUTSIDE_HOME_INFANTRY_FACTORS,
    RUSSIA_SIBERIA_BRPS,
    Category,
    Dominion,
    Faction,
    Power,
)
from optimizer.rules.linear import LinearExpr, value
from optimizer.rules.naval.constraints import on_charts, one_factor_yard_points, yard_points
from optimizer.rules.naval_air.prepare import naval_air_units
from optimizer.rules.placement.constraints import korea_manchuria_factors, siberia_brps, stacked
from optimizer.turn.built import Built
from optimizer.turn.plan_diff import changes
from optimizer.turn.prepare import Prepared, Relaxation
from optimizer.turn.solve import Solved, solve_side_by_side
from optimizer.turn.variables import Variables

STACKING = (Category.GROUND, Category.AIR)
POWERS = {power.value for power in Power}


def resources(
    data: Prepared, plan: Plan, variables: Variables, solver: cp_model.CpSolver
) -> list[ResourceUse]:
    """Every limited resource of the plan, binding ones first (then powers, factions, Commonwealth limits,
    placement caps, yards, routes and transports, in that order). The uses of the Commonwealth limits,
    placement caps and yards are the very expressions their constraints bound, read from the solver."""
    found: list[ResourceUse] = []
    found += _plan_uses(data, plan)
    found += _model_uses(data, variables, solver)
    found += _grant_uses(data, plan)
    return sorted(found, key=lambda use: not use.binding)


def _plan_uses(data: Prepared, plan: Plan) -> list[ResourceUse]:
    """BRPs, construction limits, naval air rates (kamikazes too with the setting) and oil thresholds,
    from the plan's accounting."""
    found: list[ResourceUse] = []
    counted = naval_air_units(data.scenario)
    naval_air = {entry.power for entry in data.entries.values() if entry.entry.unit in counted}
    for power, report in plan.powers.items():
        spendable = report.brps_available - data.powers[power].reserve
        found.append(_use(power.value, "brps", "27.11", spendable, report.construction_brps))
        found.append(
            _use(power.value, "construction_limit", "27.31", report.construction_limit, report.limit_used)
        )
        if power in naval_air:
            found.append(
                _use(power.value, "naval_air_rate", "27.61", report.naval_air_rate, report.naval_air_used)
            )
    for oil in plan.oil:
        use = _use(oil.faction.value, "oil_threshold", "27.35", oil.threshold_brps, oil.normal_cost_brps)
        if oil.oil_affected_brps > 0:  # builds paid past the threshold: it binds even with a little room left
            use = use.model_copy(update={"binding": True})
        found.append(use)
    return found


def _model_uses(data: Prepared, variables: Variables, solver: cp_model.CpSolver) -> list[ResourceUse]:
    """Commonwealth limits, stacking, Korea and Manchuria, Siberia, and this turn's yards."""
    found: list[ResourceUse] = []

    def used(exprs: Sequence[LinearExpr | cp_model.IntVar]) -> int:
        return sum(int(value(solver, expr)) for expr in exprs)

    for dominion, limit in data.dominion_limits.items():
        rule = "27.473 B" if dominion is Dominion.AUSTRALIA else "27.474 B"
        spent = int(value(solver, variables.dominion_spending(dominion, limit_only=True)))
        found.append(_use(dominion.value, "construction_limit", rule, limit, spent))
    for site, capacities in data.stacking.items():
        for capacity, category, name in zip(capacities, STACKING, ("ground", "air"), strict=True):
            placed = stacked(data, variables, site, category)
            if capacity is not None and placed:
                found.append(_use(site, f"stacking:{name}", "27.46", capacity, used(placed)))
    korea = korea_manchuria_factors(data, variables)
    if korea:
        found.append(
            _use("japan", "korea_manchuria", "27.471", JAPAN_OUTSIDE_HOME_INFANTRY_FACTORS, used(korea))
        )
    siberia = siberia_brps(data, variables)
    if siberia:
        found.append(_use("russia", "siberia", "27.476", RUSSIA_SIBERIA_BRPS, used(siberia)))
    if variables.naval is not None and data.naval is not None:
        charts = on_charts(variables)
        for key, yard in data.naval.yards.items():
            found.append(_use(key, "sb_points", "27.724 A", yard.rate, used(yard_points(variables, key, 0))))
            one_factor = one_factor_yard_points(variables, key, 0)
            if one_factor:  # a yard with one-factor units to build: half its rate on them, rounded up
                half = one_factor_points(yard.rate)
                found.append(_use(key, "one_factor_points", "27.7221 A", half, used(one_factor)))
            found.append(_use(key, "yard_capacity", "27.741", yard.capacity, used(charts.get((1, key), []))))
    return found


def _grant_uses(data: Prepared, plan: Plan) -> list[ResourceUse]:
    """Each route's capacity this turn (oil counters counting 10 BRPs, 40.251) and transports per ocean
    (40.221), from the plan's grant lines."""
    found: list[ResourceUse] = []
    if data.network is not None:
        for route, status in data.network.routes.items():
            used = sum(
                line.brps + OIL_COUNTER_BRPS * line.oil_counters
                for line in plan.grants
                if line.route == route.value
            )
            if status.open or used:
                found.append(_use(route.value, f"route:{route.value}", "40.4-40.8", status.capacity, used))
        grants = data.scenario.grants
        assert grants is not None
        by_ocean: Counter[str] = Counter()
        for transport in plan.transports:
            by_ocean[transport.ocean] += transport.transports
        for ocean, available in grants.transports.items():
            found.append(
                _use(
                    "western_allies", f"transports:{ocean.value}", "40.221", available, by_ocean[ocean.value]
                )
            )
    return sorted(found, key=lambda use: not use.binding)


def _use(holder: str, resource: str, rule: str, limit: int, used: int) -> ResourceUse:
    return ResourceUse(
        holder=holder,
        resource=resource,
        rule=rule,
        limit=limit,
        used=used,
        slack=limit - used,
        binding=limit - used <= 0,
    )


def one_more_unit(use: ResourceUse) -> Relaxation | None:
    """The what-if of one more unit of this resource; None for the caps the rules fix (27.471, 27.476, and
    the Australian and Indian limits of 27.473 B, 27.474 B, which no scenario field raises),
    a yard's capacity (twice its rate, 27.724 B: one more shipbuilding point is its what-if), routes and
    transports (reported, not re-solved)."""
    if use.resource == "brps":
        return Relaxation(brps={Power(use.holder): 1})
    if use.resource == "construction_limit" and use.holder in POWERS:
        return Relaxation(limit={Power(use.holder): 1})
    if use.resource == "naval_air_rate":
        return Relaxation(naval_air={Power(use.holder): 1})
    if use.resource == "oil_threshold":  # one more counter: the threshold 25 BRPs higher (27.35 B)
        return Relaxation(oil_counters={Faction(use.holder): 1})
    if use.resource.startswith("stacking:"):
        return Relaxation(stacking={(use.holder, use.resource.removeprefix("stacking:")): 1})
    if use.resource in ("sb_points", "one_factor_points"):
        # one more point of the yard's rate: its half for one-factor units following (27.7221 A, rounded
        # up, so from an odd rate it stays), its capacity too (27.724 B)
        return Relaxation(yard_points={use.holder: 1})
    return None


def _with_more(position: Built, base: Solved, relax: Relaxation, time_limit: float | None) -> Solved:
    """The position with one more unit of a resource, solved from `base`: a naval air rate (27.61) or a
    limit no naval chart reads (27.31, 27.34) is one constant, the model copied and raised; other
    what-ifs move domains and are rebuilt from the prepared data (`Built.more`)."""
    return position.more(relax).solve(time_limit, hint=base.decisions, one_call=True)


def explain_plan(
    position: Built,
    base: Solved,
    time_limit: float | None = None,
    threads: int | None = None,
) -> list[ResourceUse]:
    """The plan's resources, each binding one with what one more unit is worth (re-solved, hinted);
    `base` is the position's solve. The what-ifs run side by side on `threads` threads (the machine's
    cores by default; CP-SAT solves outside Python's lock), each on one worker with a fixed seed, so the
    result does not depend on how many run at once. `time_limit` applies to each what-if; one that finds
    no plan within it is left without a value."""
    assert base.plan is not None and base.objective is not None and base.solver is not None
    uses = resources(position.data, base.plan, position.variables, base.solver)
    what_ifs = {i: relax for i, use in enumerate(uses) if use.binding and (relax := one_more_unit(use))}
    results = solve_side_by_side(
        {i: partial(_with_more, position, base, relax, time_limit) for i, relax in what_ifs.items()}, threads
    )
    out = []
    for i, use in enumerate(uses):
        result = results.get(i)
        if result is not None and result.plan is not None and result.objective is not None:
            use = use.model_copy(
                update={
                    "one_more": OneMore(
                        gain=round(result.objective - base.objective, 6),
                        proven=result.plan.status is Status.OPTIMAL and base.plan.status is Status.OPTIMAL,
                        changes=changes(base.plan, result.plan),
                    )
                }
            )
        out.append(use)
    return out
