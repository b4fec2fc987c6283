"""One entry point: `solve(scenario) -> Result`, lexicographic over the player's priorities."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.naval_tables import LAUNCH_ROW, SEASONS
from models.plan import (
    BuildLine,
    ChartShipView,
    ChartSnapshot,
    GrantLine,
    NavalAction,
    NavalReport,
    NotBuilt,
    ObjectiveReport,
    OilReport,
    Plan,
    PowerReport,
    RouteOpening,
    StageResult,
    Status,
    SWBuildLine,
    TransportUse,
)
from models.scenario import MinimumBuild, Priority, PriorityKind, Scenario
from models.tables import (
    OIL_EXEMPT_POWERS,
    POWER_FACTION,
    POWER_ORDER,
    UNIT_SPECS,
    Category,
    Faction,
    Power,
    oil_threshold_brps,
)
from optimizer.grants import transports_required
from optimizer.guards import ExplainGuards, describe
from optimizer.model import build_model
from optimizer.objective import describe_priority, priority_expression
from optimizer.prepare import Prepared, naval_air_units, prepare
from optimizer.routes import path_route, survival
from optimizer.shipyards import (
    WAITING,
    action_cost,
    describe_state,
    ship_actions,
    ship_states,
    sw_boxes,
    sw_placement,
)
from optimizer.variables import MAX_OIL_SHIPPED, NAVAL_STEP_BRPS, Variables, value


@dataclass
class Result:
    """What a solve returns: status, the plan (when one was found), and why not (when infeasible)."""

    status: Status
    plan: Plan | None
    explanation: list[str] = field(default_factory=list)
    build_seconds: float = 0.0
    solve_seconds: float = 0.0

    @property
    def objective(self) -> float | None:
        return self.plan.objective.value if self.plan and self.plan.objective else None

    @property
    def bound(self) -> float | None:
        return self.plan.objective.bound if self.plan and self.plan.objective else None

    @property
    def gap(self) -> float | None:
        return self.plan.objective.gap if self.plan and self.plan.objective else None


def _solver(time_limit: float | None, workers: int) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    # One worker and a fixed seed: the same scenario gives the same plan.
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = 0
    # Full linearization: the chart state machines' LP bound is what proves the later priorities.
    solver.parameters.linearization_level = 2
    # Probing in presolve costs more than it saves on these small models (measured in benchmarks/).
    solver.parameters.cp_model_probing_level = 0
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = max(time_limit, 0.001)
    return solver


def solve(scenario: Scenario, time_limit: float | None = None, workers: int = 1) -> Result:
    """Plan the turn: the best plan for each priority in order, keeping every earlier optimum.

    With `time_limit` (seconds, shared by all priorities) the best plan found is
    returned with its bound and gap; status is then FEASIBLE unless every
    priority was proven optimal.
    """
    started = time.perf_counter()
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    built = time.perf_counter()
    priorities: list[Priority | None] = list(scenario.objective.priority_list())
    if variables.grants is not None:
        priorities.append(None)  # last: among equal plans, the one that moves the fewest BRPs
    stages: list[StageResult] = []
    proven = True
    last_solver: cp_model.CpSolver | None = None
    for group in _stage_groups(data, variables, priorities):
        remaining = None if time_limit is None else time_limit - (time.perf_counter() - built)
        combined = sum(weight * expr for _, expr, _, weight in group)
        model.Maximize(combined)
        solver = _solver(remaining, workers)
        status = solver.Solve(model)
        if status == cp_model.INFEASIBLE:
            return Result(
                Status.INFEASIBLE,
                None,
                explain(data),
                build_seconds=built - started,
                solve_seconds=time.perf_counter() - built,
            )
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            if not stages:
                return Result(
                    Status.UNKNOWN,
                    None,
                    build_seconds=built - started,
                    solve_seconds=time.perf_counter() - built,
                )
            break
        optimal = status == cp_model.OPTIMAL
        proven = proven and optimal
        for name, expr, scale, _ in group:
            best = value(solver, expr)
            bound = int(round(solver.BestObjectiveBound())) if len(group) == 1 else best
            stages.append(StageResult(priority=name, value=best / scale, bound=bound / scale))
        # Keep this optimum while the next priority is solved, starting from this plan.
        best_combined = int(round(solver.ObjectiveValue()))
        model.Add(combined >= best_combined)
        model.ClearHints()
        for var in variables.decisions():
            model.AddHint(var, solver.Value(var))
        last_solver = solver
    assert last_solver is not None
    first = stages[0]
    gap = abs(first.bound - first.value) / max(1.0, abs(first.value))
    plan = extract_plan(
        data,
        variables,
        last_solver,
        Status.OPTIMAL if proven and len(stages) == len(priorities) else Status.FEASIBLE,
        ObjectiveReport(value=first.value, bound=first.bound, gap=round(gap, 6), stages=stages),
    )
    return Result(plan.status, plan, build_seconds=built - started, solve_seconds=time.perf_counter() - built)


def _stage_groups(
    data: Prepared, variables: Variables, priorities: list[Priority | None]
) -> list[list[tuple[str, cp_model.LinearExprT, int, int]]]:
    """The priorities as solves: (name, expression, scale, weight) per member of each solve.

    Oil counters kept have a small known range, so a priority followed by
    `oil_kept` is solved once, with exact lexicographic weights (the earlier
    priority times the range of oil kept plus one): the same plans as two
    solves, in one.
    """
    members = []
    for priority in priorities:
        if priority is None:
            members.append(("fewest_granted", _fewest_granted(variables), 1, priority))
        else:
            expr, scale = priority_expression(data, variables, priority)
            members.append((describe_priority(priority), expr, scale, priority))
    groups: list[list[tuple[str, cp_model.LinearExprT, int, int]]] = []
    oil_range = sum(data.oil_counters.values()) + MAX_OIL_SHIPPED + 1
    i = 0
    while i < len(members):
        name, expr, scale, priority = members[i]
        following = members[i + 1] if i + 1 < len(members) else None
        plain_oil = following and following[3] is not None and following[3].kind is PriorityKind.OIL_KEPT
        if i > 0 and plain_oil and not following[3].powers:
            groups.append([(name, expr, scale, oil_range), (following[0], following[1], following[2], 1)])
            i += 2
        else:
            groups.append([(name, expr, scale, 1)])
            i += 1
    return groups


def _fewest_granted(variables: Variables) -> cp_model.LinearExprT:
    """Minus the BRPs and oil counters (10 each) granted, and route openings: a tie-break, never a rule."""
    grants = variables.grants
    assert grants is not None
    return -(sum(grants.flows.values()) + 10 * grants.oil_shipped() + 25 * sum(grants.openings.values()))


def extract_plan(
    data: Prepared,
    variables: Variables,
    solver: cp_model.CpSolver,
    status: Status,
    objective: ObjectiveReport,
) -> Plan:
    """Plain values from the solver: build lines in a fixed order, and the accounting."""
    order = {power: i for i, power in enumerate(POWER_ORDER)}
    entry_order = {key: i for i, key in enumerate(data.entries)}
    slots = sorted(
        variables.counters,
        key=lambda s: (order[data.entries[s[0]].power], entry_order[s[0]], data.site_order[s[1]]),
    )
    past = _past_per_slot(variables, solver)
    builds: list[BuildLine] = []
    for key, site in slots:
        counters = value(solver, variables.counters[key, site])
        if counters == 0:
            continue
        entry = data.entries[key]
        units = value(solver, variables.priced_units(key, site))
        oil_units = past.get((key, site), 0)
        inside, outside = entry.multipliers
        builds.append(
            BuildLine(
                power=entry.power,
                entry=entry.entry.id,
                unit=entry.entry.unit,
                site=site,
                counters=counters,
                factors=value(solver, variables.factors(key, site)),
                oil_units=oil_units,
                brps=entry.unit_cost * (inside * (units - oil_units) + outside * oil_units),
                alternatives=list(entry.alternatives[site]),
            )
        )
    spent = {faction: value(solver, var) for faction, var in variables.oil_counters.items()}
    naval_oil = _naval_oil_steps(variables, solver)
    counted = naval_air_units(data.scenario)
    powers: dict = {}
    for power, pdata in data.powers.items():
        pays = value(solver, variables.pays(power))
        available = value(solver, variables.available(power))
        powers[power] = PowerReport(
            brps_available=available,
            construction_brps=pays,
            brps_kept=available - pays,
            construction_limit=value(solver, variables.limit(power)),
            limit_used=value(solver, variables.limit_counted(power)),
            naval_air_rate=pdata.naval_air_rate,
            naval_air_used=sum(b.factors for b in builds if b.power is power and b.unit in counted),
            oil_effect_incurred=None if power in OIL_EXEMPT_POWERS else spent[POWER_FACTION[power]] == 0,
        )
    oil = [
        OilReport(
            faction=faction,
            counters_available=data.oil_counters[faction] + _oil_shipped_to(faction, variables, solver),
            counters_spent=spent[faction],
            threshold_brps=oil_threshold_brps(spent[faction]),
            normal_cost_brps=value(solver, variables.normal_cost_inside(faction)),
            oil_affected_brps=sum(
                data.entries[key].unit_cost * data.entries[key].multipliers[1] * units
                for (key, _), units in past.items()
                if POWER_FACTION[data.entries[key].power] is faction
            )
            + sum(
                2 * NAVAL_STEP_BRPS * steps
                for power, steps in naval_oil.items()
                if POWER_FACTION[power] is faction
            ),
        )
        for faction in data.oil_counters
        if data.oil_powers[faction]
    ]
    not_buildable = [
        NotBuilt(power=e.power, entry=e.entry.id, rule=e.barred[0], reason=e.barred[1])
        for e in data.entries.values()
        if e.barred is not None and e.entry.count
    ] + [
        NotBuilt(power=e.power, entry=e.entry.id, rule="27.4", reason="no eligible site this turn")
        for e in data.entries.values()
        if not e.sites and e.barred is None and e.entry.count
    ]
    grants, transports, openings = _grant_results(data, variables, solver)
    naval = _naval_results(data, variables, solver)
    return Plan(
        scenario=data.scenario.name,
        status=status,
        objective=objective,
        oil_counters_spent=spent,
        builds=builds,
        powers=powers,
        oil=oil,
        not_buildable=not_buildable,
        grants=grants,
        transports=transports,
        route_openings=openings,
        **naval,
        inverted=_inverted(builds, naval),
    )


def _inverted(builds: list[BuildLine], naval: dict) -> list[str]:
    """Which new units are inverted and how they may be uninverted (27.81, 27.82, 27.91)."""
    notes = []
    for b in builds:
        if UNIT_SPECS[b.unit].category in (Category.AIR, Category.SW_AIR, Category.NAVAL_AIR):
            notes.append(
                f"{b.power.value} {b.entry} ({b.unit.value}): inverted (27.81); may be uninverted with oil at the "
                "end of the turn unless redeployed to a new base (27.82 A)"
            )
    for a in naval.get("naval_actions", []):
        if a.turn == 0 and a.after == "launched":
            notes.append(
                f"{a.power.value} {a.ship} ({a.unit.value}): launched inverted (27.81); may be uninverted with oil "
                "at the end of the turn unless naval-redeployed (27.82 B)"
            )
    for sw in naval.get("sw_builds", []):
        notes.append(
            f"{sw.power.value} {sw.factors} {sw.unit.value}: uninverted at the end of the turn they redeploy to an "
            "SW box (27.91)"
        )
    return notes


def _oil_shipped_to(faction: Faction, variables: Variables, solver: cp_model.CpSolver) -> int:
    """Oil counters a faction gains (Russia) or gives (Western Allies) by grant this turn (40.25)."""
    if variables.grants is None:
        return 0
    shipped = value(solver, variables.grants.oil_shipped())
    return {Faction.RUSSIA: shipped, Faction.WESTERN_ALLIES: -shipped}.get(faction, 0)


def _grant_results(
    data: Prepared, variables: Variables, solver: cp_model.CpSolver
) -> tuple[list[GrantLine], list[TransportUse], list[RouteOpening]]:
    """Grant lines per path, transports per sea leg, and route openings (rule 40)."""
    grants = variables.grants
    if grants is None:
        return [], [], []
    network = grants.network
    amounts = {}
    lines = []
    for key, var in grants.flows.items():
        brps = value(solver, var)
        oil = value(solver, grants.oil[key]) if key in grants.oil else 0
        if not brps and not oil:
            continue
        (grantor, recipient), path = key
        amounts[key] = (brps, oil)
        route = path_route(path, network.legs)
        lines.append(
            GrantLine(
                grantor=grantor,
                recipient=recipient,
                path=list(path),
                route=route.value if route else None,
                brps=brps,
                oil_counters=oil,
                expected_brps=round(brps * survival(path, data.scenario, network.legs), 6)
                if data.scenario.grants and data.scenario.grants.loss_rates
                else None,
            )
        )
    order = {power: i for i, power in enumerate(POWER_ORDER)}
    lines.sort(key=lambda g: (order[g.grantor], g.recipient, g.path))
    transports = [
        TransportUse(leg=leg, ocean=network.legs[leg].ocean.value, transports=count)
        for leg, count in transports_required(amounts, network.legs).items()
    ]
    openings = [
        RouteOpening(route=route.value, paid_by=payer, brps=grants.opening_costs[route, payer])
        for (route, payer), var in sorted(grants.openings.items())
        if value(solver, var)
    ]
    return lines, transports, openings


def _past_per_slot(variables: Variables, solver: cp_model.CpSolver) -> dict[tuple[str, str | None], int]:
    """Write each oil group's units past the threshold on its lines, first lines first; what is
    left of a group with naval steps is naval (`_naval_oil_steps`)."""
    past = {}
    for group, slots in variables.oil_groups.items():
        left = value(solver, variables.oil_units[group])
        for slot in slots:
            take = min(left, value(solver, variables.priced_units(*slot)))
            if take:
                past[slot] = take
                left -= take
        assert left == 0 or group in variables.naval_groups, group
    return past


def _naval_oil_steps(variables: Variables, solver: cp_model.CpSolver) -> dict[Power, int]:
    """Naval 3-BRP steps of this turn priced past the oil threshold, per power (27.35)."""
    steps = {}
    for group, power in variables.naval_groups.items():
        on_lines = sum(value(solver, variables.priced_units(*slot)) for slot in variables.oil_groups[group])
        steps[power] = max(0, value(solver, variables.oil_units[group]) - on_lines)
    return steps


def _naval_results(data: Prepared, variables: Variables, solver: cp_model.CpSolver) -> dict:
    """Chart actions, SW builds, chart snapshots and naval spending (27.7, 27.9)."""
    naval = variables.naval
    if naval is None:
        return {}
    ships = naval.naval
    actions = []
    for (key, t, state, action), var in naval.act.items():
        if action is None or not value(solver, var):
            continue
        ship = ships.ships[key]
        target = next(
            target
            for candidate, target in ship_actions(
                ship, state, ships.seasons[t], t, ships.deferring_allowed[ships.yards[ship.yard].power]
            )
            if candidate is action
        )
        sb, brps = action_cost(ship, action)
        actions.append(
            NavalAction(
                turn=t,
                power=ships.yards[ship.yard].power,
                yard=ships.yards[ship.yard].site,
                ship=ship.name,
                unit=ship.unit,
                factors=ship.factors,
                action=action.value,
                before=describe_state(state),
                after=describe_state(target),
                sb=sb,
                brps=brps,
            )
        )
    order = {power: i for i, power in enumerate(POWER_ORDER)}
    actions.sort(key=lambda a: (a.turn, order[a.power], a.yard, a.ship))
    sw_lines = []
    us_left = value(solver, naval.us_paid) if naval.us_paid is not None else 0
    japan_left = value(solver, naval.japan_rebuilt) if naval.japan_rebuilt is not None else 0
    lend = ships.lend_lease.builds if ships.lend_lease else ()
    # Transports sunk by Japan are rebuilt on the Pacific box's lines first, at U.S. expense (27.7322 C).
    in_order = sorted(
        naval.sw.items(), key=lambda item: (ships.yards[item[0][1]].site != "us_pacific_box", item[0])
    )
    for (build, yard_key), var in in_order:
        factors = value(solver, var)
        if factors:
            power, unit, _ = ships.sw_builds[build]
            yard = ships.yards[yard_key]
            paid_by = {}
            if build in lend:
                japan = min(japan_left, factors) if yard.site == "us_pacific_box" else 0
                japan_left -= japan
                us_part = min(us_left, 3 * (factors - japan))
                us_left -= us_part
                britain = 3 * (factors - japan) - us_part
                paid_by = {p: b for p, b in ((Power.USA, us_part + 3 * japan), (Power.BRITAIN, britain)) if b}
            sw_lines.append(
                SWBuildLine(
                    power=power,
                    build=build.split("/", 1)[1],
                    unit=unit,
                    yard=yard.site,
                    factors=factors,
                    brps=3 * factors,
                    placed=sw_placement(power, yard.site)
                    + (
                        "; deploys to SW boxes within the tension limits of 25.32 until the U.S. is at war in both "
                        "theaters (25.22 C, D)"
                        if power is Power.USA
                        and not all(data.scenario.us_at_war.get(t) for t in ("europe", "pacific"))
                        else ""
                    ),
                    paid_by=paid_by,
                    sw_boxes=sw_boxes(power, unit, yard.site),
                )
            )
    sw_lines.sort(key=lambda b: (order[b.power], b.build, b.yard))
    charts = []
    for t in range(len(ships.seasons) + 1):
        for yard_key, yard in ships.yards.items():
            on_chart, waiting = [], []
            for key, ship in ships.ships.items():
                if ship.yard != yard_key:
                    continue
                for state in ship_states(ship):
                    if value(solver, naval.state[key, t, state]):
                        if isinstance(state, tuple):
                            on_chart.append(
                                ChartShipView(
                                    ship=ship.name,
                                    unit=ship.unit,
                                    factors=ship.factors,
                                    row="launch" if state[0] == LAUNCH_ROW else str(state[0]),
                                    column=SEASONS[state[1]],
                                )
                            )
                        elif state == WAITING:
                            waiting.append(ship.name)
            charts.append(
                ChartSnapshot(
                    power=yard.power, yard=yard.site, turn=t, ships=on_chart, waiting_for_repair=waiting
                )
            )
    oil = _naval_oil_steps(variables, solver)
    reports = [
        NavalReport(
            power=power,
            brps_by_turn=[value(solver, naval.brps(power, t)) for t in range(len(ships.seasons))],
            oil_steps=oil.get(power, 0),
        )
        for power in sorted({y.power for y in ships.yards.values()}, key=lambda p: order[p])
    ]
    return {"naval_actions": actions, "sw_builds": sw_lines, "charts": charts, "naval": reports}


def explain(data: Prepared) -> list[str]:
    """Why the requirements cannot all be met: a minimal set of requirements and rules in conflict.

    The model is rebuilt with one enforcement literal per (rule, subject); the
    infeasible core over those literals is then shrunk until every member is needed.
    """
    model, _, guards = build_model(data, explain=True)
    assert isinstance(guards, ExplainGuards)
    keys = sorted(guards.literals)

    index = {guards.literals[k].Index(): k for k in keys}

    def infeasible(subset: list[tuple[str, str]]) -> list[tuple[str, str]] | None:
        """The solver's own core of `subset` if it is infeasible, else None."""
        model.ClearAssumptions()
        model.AddAssumptions([guards.literals[k] for k in subset])
        solver = _solver(10.0, 1)
        if solver.Solve(model) != cp_model.INFEASIBLE:
            return None
        return sorted(index[i] for i in solver.SufficientAssumptionsForInfeasibility()) or list(subset)

    core = infeasible(keys)
    if core is None:
        return ["the solver found the requirements infeasible but could not isolate why"]
    for key in list(core):
        if key not in core:
            continue
        smaller = infeasible([k for k in core if k != key])
        if smaller is not None:
            core = smaller
    requirements = [subject for rule, subject in core if rule == "requirement"]
    rules = [(rule, subject) for rule, subject in core if rule != "requirement"]
    lines = []
    if requirements:
        lines.append("cannot be met: " + "; ".join(requirements))
    else:
        lines.append("the rules alone cannot be met")
    for rule, subject in rules:
        lines.append("blocked by " + describe(rule, subject) + _detail(data, rule, subject))
    for minimum in data.scenario.objective.minimum:
        if minimum.describe() in requirements:
            lines.extend(_unbuildable(data, minimum))
    for power, pdata in data.powers.items():
        if any(r.startswith(f"{power.value}: keep ") for r in requirements):
            lines.append(f"{power.value} has {pdata.brps_available} BRPs after grants and fixed spending")
    return lines


def _unbuildable(data: Prepared, minimum: MinimumBuild) -> list[str]:
    """Why the force pool entries a minimum build needs cannot be built at all (27.5, 27.4, 27.21, 27.22)."""
    matching = [
        entry
        for entry in data.entries.values()
        if (minimum.unit is None or entry.entry.unit is minimum.unit)
        and (minimum.power is None or entry.power is minimum.power)
    ]
    if not matching:
        return [
            f"blocked by 27.5 force pool: no {minimum.unit.value if minimum.unit else ''} counters in the force pool"
        ]
    lines = []
    for entry in matching:
        if entry.barred is not None:
            lines.append(f"blocked by {entry.barred[0]} ({entry.key}): {entry.barred[1]}")
        elif not entry.sites:
            refusals = "; ".join(
                f"{site}: {rule} {why}" for site, (rule, why) in list(entry.refused_sites.items())[:4]
            )
            lines.append(f"blocked by 27.4 placement ({entry.key}): no eligible site ({refusals})")
    return lines


def _detail(data: Prepared, rule: str, subject: str) -> str:
    powers = {p.value: p for p in data.powers}
    if rule == "27.31" and subject in powers:
        return f": limit {data.powers[powers[subject]].limit} BRPs"
    if rule == "27.11" and subject in powers:
        return f": {data.powers[powers[subject]].brps_available} BRPs available"
    if rule == "27.61" and subject in powers:
        return f": {data.powers[powers[subject]].naval_air_rate} factors a turn"
    if rule == "27.5" and subject in data.entries:
        return f": {data.entries[subject].entry.count} counters in the force pool"
    if rule == "27.35":
        return f": {data.oil_counters.get(Faction(subject), 0)} oil counters available"
    return ""
