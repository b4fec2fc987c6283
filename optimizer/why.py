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
from collections.abc import Callable

from models.plan import OneMore, Plan, ResourceUse
from models.scenario import Scenario
from models.tables import Faction, Power
from optimizer.prepare import Prepared, Relaxation
from optimizer.rules.naval_air.prepare import naval_air_units
from optimizer.solve import Result, solve

# Oil counters count 10 BRPs of a route's capacity (40.251).
OIL_COUNTER_ROUTE_BRPS = 10


def resources(data: Prepared, plan: Plan) -> list[ResourceUse]:
    """Every limited resource of the plan, binding ones first (then in power, faction, route order)."""
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
    if data.network is not None:
        for route, status in data.network.routes.items():
            used = sum(
                line.brps + OIL_COUNTER_ROUTE_BRPS * line.oil_counters
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
    """The what-if of one more unit of this resource; None for resources without one (routes, transports)."""
    if use.resource == "brps":
        return Relaxation(brps={Power(use.holder): 1})
    if use.resource == "construction_limit":
        return Relaxation(limit={Power(use.holder): 1})
    if use.resource == "naval_air_rate":
        return Relaxation(naval_air={Power(use.holder): 1})
    if use.resource == "oil_threshold":  # one more counter: the threshold 25 BRPs higher (27.35 B)
        return Relaxation(oil_counters={Faction(use.holder): 1})
    return None


def explain_plan(
    scenario: Scenario,
    base: Result,
    time_limit: float | None = None,
    solver: Callable[..., Result] = solve,
) -> list[ResourceUse]:
    """The plan's resources, each binding one with what one more unit is worth (re-solved, hinted);
    `base` is a solve with `keep_decisions`."""
    assert base.plan is not None and base.objective is not None and base.prepared is not None
    out = []
    for use in resources(base.prepared, base.plan):
        relax = one_more_unit(use) if use.binding else None
        if relax is not None:
            result = solver(scenario, time_limit, relax=relax, hint=base.decisions)
            assert result.plan is not None and result.objective is not None  # more of a resource: still legal
            use = use.model_copy(
                update={
                    "one_more": OneMore(
                        gain=round(result.objective - base.objective, 6),
                        proven=result.plan.status.value == "optimal" and base.plan.status.value == "optimal",
                        changes=build_changes(base.plan, result.plan),
                    )
                }
            )
        out.append(use)
    return out


def build_changes(before: Plan, after: Plan) -> list[str]:
    """The build lines that differ, per power and force pool entry: '+2 germany armor-3-5', then removals."""
    old, new = _counters(before), _counters(after)
    keys = sorted(set(old) | set(new))
    added = [f"+{new[k] - old[k]} {k[0]} {k[1]}" for k in keys if new[k] > old[k]]
    removed = [f"-{old[k] - new[k]} {k[0]} {k[1]}" for k in keys if old[k] > new[k]]
    return added + removed


def _counters(plan: Plan) -> Counter[tuple[str, str]]:
    """Counters built per (power, entry)."""
    counts: Counter[tuple[str, str]] = Counter()
    for line in plan.builds:
        counts[(line.power.value, line.entry)] += line.counters
    return counts
