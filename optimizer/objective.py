"""The player's objective: requirements (hard) and priorities (solved lexicographically)."""

from __future__ import annotations

from fractions import Fraction

from ortools.sat.python import cp_model

from models.naval_tables import construction_progress
from models.scenario import MinimumBuild, Priority, PriorityKind
from models.tables import WORKS_UNIT_TYPES
from optimizer.guards import Guards
from optimizer.prepare import Prepared
from optimizer.routes import capacity_once_open, opening_value_turns, survival
from optimizer.variables import LinearExpr, Variables

# Values are taken to 1/1000: CP-SAT objectives are integers, and exact
# integers are what let a later priority keep an earlier one's optimum exactly.
VALUE_SCALE = 1000


def scaled(value: float) -> int:
    return round(Fraction(value).limit_denominator(VALUE_SCALE) * VALUE_SCALE)


def minimum_built(data: Prepared, variables: Variables, minimum: MinimumBuild) -> LinearExpr:
    """Factors (counters for works) built this turn that a minimum requirement counts: build lines,
    SW units, and ships launched this turn (27.7)."""

    def wanted(unit: object, power: object) -> bool:
        return (minimum.unit is None or unit is minimum.unit) and (
            minimum.power is None or power is minimum.power
        )

    built = sum(
        variables.factors(key, site)
        for key, site in variables.counters
        if wanted(data.entries[key].entry.unit, data.entries[key].power)
    )
    naval = variables.naval
    if naval is not None:
        built += sum(
            var for (build, _), var in naval.sw.items() if wanted(*naval.naval.sw_builds[build][1::-1])
        )
        built += sum(
            ship.factors * var
            for ship, t, var in naval.launches()
            if t == 0 and wanted(ship.unit, ship.valued_for)
        )
    return built


def add_requirements(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """Minimum builds, BRP reserves, and spending an oil counter to avoid the oil effect (27.35 H)."""
    objective = data.scenario.objective
    for minimum in objective.minimum:
        model.Add(minimum_built(data, variables, minimum) >= minimum.factors).OnlyEnforceIf(
            guards.of("requirement", minimum.describe())
        )
    for power, reserve in sorted(objective.reserve.items()):
        if reserve:
            model.Add(variables.kept(power) >= reserve).OnlyEnforceIf(
                guards.of("requirement", f"{power.value}: keep {reserve} BRPs")
            )
    grants = variables.grants
    for recipient, brps in sorted(objective.deliver.items()):
        sent = grants.received(recipient.value) if grants is not None else 0
        if isinstance(sent, int):
            sent = model.NewConstant(sent)
        model.Add(sent >= brps).OnlyEnforceIf(
            guards.of("requirement", f"deliver at least {brps} BRPs to {recipient.value}")
        )
    if objective.avoid_oil_effect:
        for faction, spent in variables.oil_counters.items():
            if data.oil_powers[faction]:
                model.Add(spent >= 1).OnlyEnforceIf(
                    guards.of(
                        "requirement", f"{faction.value}: spend an oil counter on construction (27.35 H)"
                    )
                )


def priority_expression(data: Prepared, variables: Variables, priority: Priority) -> tuple[LinearExpr, int]:
    """The expression one priority maximizes, and the scale its integer value carries."""
    objective = data.scenario.objective
    powers = [p for p in data.powers if priority.powers is None or p in priority.powers]
    slots = [slot for slot in variables.counters if data.entries[slot[0]].power in powers]
    oil_kept = sum(data.oil_counters[f] - spent for f, spent in variables.oil_counters.items())
    unspent = sum(variables.kept(p) for p in powers)
    if priority.kind is PriorityKind.DELIVERED:
        return expected_delivered(data, variables, priority.powers, None), VALUE_SCALE
    if priority.kind is PriorityKind.VALUE:
        built = sum(
            scaled(objective.value_of(data.entries[key].entry.unit)) * variables.factors(key, site)
            for key, site in slots
            if priority.units is None or data.entries[key].entry.unit in priority.units
        )
        return (
            built
            + scaled(objective.unspent_brp_value) * unspent
            + scaled(objective.oil_counter_value) * oil_kept
            + expected_delivered(data, variables, None, objective.delivered_brp_value)
            + route_opening_value(data, variables)
            + naval_value(data, variables, powers, priority.units),
            VALUE_SCALE,
        )
    if priority.kind is PriorityKind.FACTORS:
        return (
            sum(
                variables.factors(key, site)
                for key, site in slots
                if (
                    data.entries[key].entry.unit in priority.units
                    if priority.units is not None
                    else data.entries[key].entry.unit not in WORKS_UNIT_TYPES
                )
            )
            + naval_factors(variables, powers, priority.units),
            1,
        )
    if priority.kind is PriorityKind.UNSPENT_BRPS:
        return unspent, 1
    return oil_kept, 1


def expected_delivered(
    data: Prepared, variables: Variables, recipients: list | None, values: dict | None
) -> LinearExpr:
    """BRPs expected to arrive by grant (x 1000), weighted by `values` per recipient when given (rule 40)."""
    grants = variables.grants
    if grants is None:
        return 0
    wanted = None if recipients is None else {r.value for r in recipients}
    terms = []
    for (pair, path), var in grants.flows.items():
        recipient = pair[1]
        if wanted is not None and recipient not in wanted:
            continue
        worth = 1.0 if values is None else values.get(recipient, 0.0)
        if worth:
            terms.append(scaled(worth * survival(path, data.scenario, grants.network.legs)) * var)
    return sum(terms)


def route_opening_value(data: Prepared, variables: Variables) -> LinearExpr:
    """Opening Persia or building the Alaska highway, valued over the horizon (40.52, 40.72) [reading].

    Worth: the route's full capacity in each later turn of the horizon,
    discounted, at the objective's value of a BRP delivered to Russia.
    """
    grants = variables.grants
    if grants is None:
        return 0
    per_brp = data.scenario.objective.delivered_brp_value.get("russia", 0.0)
    turns = opening_value_turns(data.scenario)
    terms = []
    for (route, _), var in grants.openings.items():
        capacity = capacity_once_open(data.scenario, route)
        terms.append(scaled(per_brp * capacity * turns) * var)
    return sum(terms)


def naval_value(data: Prepared, variables: Variables, powers: list, units: list | None) -> LinearExpr:
    """Ships valued from the turn they launch, discounted per turn; ships still on a chart at the end
    of the horizon for the share of their construction done; SW units when built (27.7) [reading]."""
    naval = variables.naval
    if naval is None:
        return 0
    objective = data.scenario.objective
    horizon = len(naval.naval.seasons)
    discount = naval.naval.discount
    terms = []
    for ship, turn, var in naval.launches():
        if ship.valued_for in powers and (units is None or ship.unit in units):
            worth = objective.value_of(ship.unit) * ship.factors * discount**turn
            terms.append(scaled(worth) * var)
    for (key, turn, state), var in naval.state.items():
        ship = naval.naval.ships[key]
        if (
            turn == horizon
            and isinstance(state, tuple)
            and ship.valued_for in powers
            and (units is None or ship.unit in units)
        ):
            progress = construction_progress(ship.unit, ship.factors, state[0])
            worth = objective.value_of(ship.unit) * ship.factors * discount**horizon * progress
            terms.append(scaled(worth) * var)
    for (build, _), var in naval.sw.items():
        power, unit, _ = naval.naval.sw_builds[build]
        if power in powers and (units is None or unit in units):
            terms.append(scaled(objective.value_of(unit)) * var)
    # BRPs spent on ships in later turns are not free: they would have built something else then.
    brp_value = data.scenario.horizon.brp_value
    for t in range(1, horizon):
        for power in powers:
            terms.append(-scaled(brp_value * discount**t) * naval.brps(power, t))
    return sum(terms)


def naval_factors(variables: Variables, powers: list, units: list | None) -> LinearExpr:
    """Naval factors launched within the horizon, and SW factors built (27.7, 27.9)."""
    naval = variables.naval
    if naval is None:
        return 0
    launched = sum(
        ship.factors * var
        for ship, _, var in naval.launches()
        if ship.valued_for in powers and (units is None or ship.unit in units)
    )
    built = sum(
        var
        for (build, _), var in naval.sw.items()
        if naval.naval.sw_builds[build][0] in powers
        and (units is None or naval.naval.sw_builds[build][1] in units)
    )
    return launched + built


def describe_priority(priority: Priority) -> str:
    text = priority.kind.value
    if priority.units:
        text += "[" + ",".join(u.value for u in priority.units) + "]"
    if priority.powers:
        text += "(" + ",".join(p.value for p in priority.powers) + ")"
    return text
