"""Naval construction on the Naval Construction Charts (27.7): the chart's moves, shipbuilding points
and capacity per yard and turn, who may build what, and later turns' budgets."""

from __future__ import annotations

import re

from ortools.sat.python import cp_model

from models.naval_tables import (
    LAUNCH_ROW,
    NAVAL_STEP_BRPS,
    ONE_FACTOR_UNITS,
    SW_BRPS_PER_FACTOR,
    SW_SB_PER_FACTOR,
    ChartAction,
    one_factor_points,
)
from models.tables import (
    LIMIT_DIVISOR,
    OIL_EXEMPT_POWERS,
    POWER_FACTION,
    POWER_ORDER,
    Power,
    UnitType,
)
from optimizer.rules.guards import Guards
from optimizer.rules.limits.variables import LIMIT_RANGE
from optimizer.rules.linear import LinearExpr
from optimizer.rules.naval.chart import NEW, ShipData, State, action_cost, oil_priced_brps
from optimizer.rules.naval.prepare import YardData, copy_pairs
from optimizer.rules.naval.variables import NavalVariables
from optimizer.rules.oil.variables import naval_group
from optimizer.turn.prepare import Prepared
from optimizer.turn.variables import Variables

# A rule's subject in the chart's turn t: 'japan/tokyo turn 1' (t counted from 0, this turn), read back by
# `chart_turn_of`; an explanation names the turn as its reader does (`optimizer.turn.explain`: by season
# and year; `optimizer.season.explain`: under the season's turn).
_CHART_TURN = re.compile(r"^(?:(.*) )?turn (\d+)$")


def chart_subject(subject: str, t: int) -> str:
    """The subject of a rule of the chart's turn `t` (0 this turn): 'japan/tokyo turn 1', 'turn 1'."""
    return f"{subject} turn {t}" if subject else f"turn {t}"


def chart_turn_of(subject: str) -> tuple[str, int | None]:
    """A subject split into what it names and its chart turn (`chart_subject`), or (subject, None)."""
    match = _CHART_TURN.match(subject)
    if match is None:
        return subject, None
    return match.group(1) or "", int(match.group(2))


# 27.7272 A, B: the moves that spend a point on a ship already in the turn's column.
COLUMN_MOVES = frozenset({ChartAction.CONTINUE, ChartAction.ACCELERATE, ChartAction.ACCELERATE_KNIGHT})


def add_chart_moves(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """Each ship is in one state a turn, starts where the scenario puts it, and moves by the action
    it takes (27.7272); copies of a design are laid down in order; SW units and lend-lease
    transports within what may be built (27.7322)."""
    ships = variables.naval
    if ships is None:
        return
    naval = ships.naval
    turns = len(naval.seasons)
    # Read once: this loop posts most of a naval model's constraints (15 ms of a naval tail position).
    states, reachable, act, opened = ships.state, ships.reachable, ships.act, ships.options
    linear_sum, add = cp_model.LinearExpr.sum, model.add
    for key, ship in naval.ships.items():
        for t in range(turns + 1):
            model.add_exactly_one(states[key, t, s] for s in reachable[key, t])
        add(states[key, 0, ship.start] == 1)
        for t in range(turns):
            incoming: dict[State, list[LinearExpr]] = {s: [] for s in reachable[key, t + 1]}
            for state in reachable[key, t]:
                here = states[key, t, state]
                options = opened[key, t, state]
                if len(options) == 1 and options[0] == (None, state):
                    incoming[state].append(here)  # nothing to decide: the ship stays
                    continue
                chosen = []
                stay = None
                for action, target in options:
                    if action is None:
                        stay = target
                        continue
                    var = act[key, t, state, action]
                    incoming[target].append(var)
                    chosen.append(var)
                taken = linear_sum(chosen)  # one expression, not a chain of additions
                if stay is None:
                    add(taken == here)
                else:
                    # Staying is what is left when no action is taken.
                    add(taken <= here)
                    incoming[stay].append(here - taken)
            for state, sources in incoming.items():
                add(states[key, t + 1, state] == linear_sum(sources))
    # Copies of a design at one yard are the same ship: lay them down in order (symmetry breaking).
    for first, second in copy_pairs(naval):
        for t in range(turns + 1):
            if (first, t, NEW) in ships.state and (second, t, NEW) in ships.state:
                model.add(ships.state[first, t, NEW] <= ships.state[second, t, NEW])
    for build, (_, _, count) in naval.sw_builds.items():
        built = [var for (b, _), var in ships.sw.items() if b == build]
        if built:
            model.add(sum(built) <= count)
    lend = naval.lend_lease
    if lend is not None and ships.us_paid is not None and ships.japan_rebuilt is not None:
        pacific = sum(
            var
            for (build, yard), var in ships.sw.items()
            if build in lend.builds and naval.yards[yard].site == "us_pacific_box"
        )
        model.add(ships.japan_rebuilt <= pacific)
        model.add(ships.us_paid <= SW_BRPS_PER_FACTOR * (ships.lend_lease_transports() - ships.japan_rebuilt))
    if (
        ships.lend_grant_third is not None
        and ships.us_paid is not None
        and ships.us_limit_floored is not None
    ):
        # Setting lend_lease_as_grant (27.7322 B, 27.334, 27.32 B): the share is a grant of its own,
        # floor(share / 3) off the U.S. limit among its reductions, which stop at 0.
        model.add_division_equality(ships.lend_grant_third, ships.us_paid, LIMIT_DIVISOR)
        limits = variables.limits
        before = (
            limits.after_reductions[Power.USA]
            if limits is not None and Power.USA in limits.after_reductions
            else data.powers[Power.USA].limit_breakdown.before_clamp
        )
        after = model.new_int_var(-LIMIT_RANGE, LIMIT_RANGE, "usa_limit_after_lend_lease_grant")
        model.add(after == before - ships.lend_grant_third)
        model.add_max_equality(ships.us_limit_floored, [after, 0])


def involuntary_deferral(
    model: cp_model.CpModel,
    variables: Variables,
    yard: YardData,
    guards: Guards,
    t: int = 0,
    budget: Variables | None = None,
) -> None:
    """27.7272 C restricts voluntary deferring: without it, a ship in its column waits in the chart's
    turn `t` only when it must [reading]. `variables` hold the chart; `budget`, the turn whose BRPs and
    construction limit pay the chart's turn `t` (a season's later turn, `optimizer.season.model`; this
    turn's own by default). A plain turn's later chart turns are expectations on budgets the player
    states (`horizon.future`) and are not held to it; a season's turns are, each with its own BRPs and
    limit, so that the next turn, planned with the restriction, can keep what the season expected.

    The yard's points are an excuse only when they went to the ships already in this turn's column
    (continued or accelerated, 27.7272 A, B) and reach its rate, or the yard may spend none (27.712 A):
    points spent on new work (SW units, lay-downs, repairs started, raises) do not crowd out a ship on
    the chart, as 27.7322's example says: transports are built "provided American shipbuilding points
    are available (the U.S. must continue the construction of existing ships - 27.7272C)". The
    other excuses: its power cannot pay another step within its BRPs or its construction limit, the
    whole plan counted, land builds included [reading: the text ranks no builds before ships but the
    27.7322 example's]. A ship in the Launch row is launched at no cost (27.7272 D), so
    its deferral is never excused, at a yard that may spend no point too.

    The step is priced as it would be paid (`step_price`): continuing costs 3 BRPs (27.7272 A), none for
    a Vichy ship before Vichy France associates or activates (27.7265), whose deferral only the yard's
    points can excuse; and as the project prices this turn's naval steps for the oil threshold (27.35,
    `optimizer.rules.oil.variables.naval_group`, continuing being construction proper under either
    setting of naval_oil_only_construction), a step that would not fit inside the threshold its faction's
    plan leaves costs double (27.35 D: 6 BRPs), against its BRPs and its construction limit alike (27.35
    G) [reading: the step is added to the plan as it stands, its oil counters spent and its other units
    priced as they are, as the whole plan is counted]. The U.S. pays no oil effects (27.35 J)."""
    naval = variables.naval
    assert naval is not None
    budget = variables if budget is None else budget
    where = yard.key if t == 0 else chart_subject(yard.key, t)
    deferred = [
        (ship, state, var)
        for ship, state, action, var in naval.actions(t, yard=yard.key)
        if action is ChartAction.DEFER
    ]
    for _, state, var in deferred:
        if isinstance(state, tuple) and state[0] == LAUNCH_ROW:
            model.add(var == 0).only_enforce_if(guards.of("27.7272 C", where))
    waiting = [
        (ship, var)
        for ship, state, var in deferred
        if not (isinstance(state, tuple) and state[0] == LAUNCH_ROW)
    ]
    if not waiting or not yard.builds:
        return  # (a yard that may not build spends no point: its ships wait involuntarily)
    power = yard.power
    column_points = [
        action_cost(ship, action)[0] * var
        for ship, _, action, var in naval.actions(t, yard=yard.key)
        if action in COLUMN_MOVES
    ]
    suffix = "" if t == 0 else f"_{t}"
    no_points = model.new_bool_var(f"no_points_{yard.key}{suffix}")
    model.add(sum(column_points) >= yard.rate).only_enforce_if(no_points)
    short: dict[tuple[int, int], list[cp_model.IntVar]] = {}  # by the step's price: what excuses it
    for ship, var in waiting:
        price = step_price(ship, naval.naval.oil_only_construction)
        if price not in short:
            short[price] = _cannot_pay(model, budget, power, price, f"{yard.key}{suffix}", len(short))
        model.add_bool_or([no_points, *short[price]]).only_enforce_if([var, *guards.of("27.7272 C", where)])


def step_price(ship: ShipData, only_construction: bool) -> tuple[int, int]:
    """Continuing the ship (27.7272 A): its BRPs at normal cost (none for a Vichy ship before
    activation, 27.7265), and its 3-BRP steps the oil threshold prices (27.35 with 27.72,
    `oil_priced_brps`)."""
    brps = action_cost(ship, ChartAction.CONTINUE)[1]
    return brps, oil_priced_brps(ship, ChartAction.CONTINUE, only_construction) // NAVAL_STEP_BRPS


def _cannot_pay(
    model: cp_model.CpModel, budget: Variables, power: Power, price: tuple[int, int], name: str, k: int
) -> list[cp_model.IntVar]:
    """Literals each of which, when true, says `power` cannot pay a step of `price` (`step_price`) on
    top of the plan: fewer BRPs kept, or less room under its construction limit (27.11, 27.31), than the
    step at normal cost; or the step would be past its faction's oil threshold (the threshold's BRPs at
    normal cost with the step added exceed 25 x (oil counters spent + 1), 27.35 A-C) and there is less
    than the step at double cost (27.35 D, G). A step of no BRPs (27.7265) is always paid: none."""
    brps, steps = price
    if brps == 0:
        return []
    tag = "" if k == 0 else f"_{k}"
    no_brps = model.new_bool_var(f"no_brps_{name}{tag}")
    no_limit = model.new_bool_var(f"no_limit_{name}{tag}")
    model.add(budget.kept(power) <= brps - 1).only_enforce_if(no_brps)
    model.add(budget.limit_counted(power) + brps >= budget.limit(power) + 1).only_enforce_if(no_limit)
    found = [no_brps, no_limit]
    oil = budget.oil
    faction = POWER_FACTION[power]
    if steps == 0 or power in OIL_EXEMPT_POWERS or faction not in oil.counters:
        return found
    group = naval_group(power)
    doubled = brps + group.extra * steps
    past = group.weight * steps + oil.normal_cost_inside(faction) >= oil.threshold(faction) + 1
    no_brps_past = model.new_bool_var(f"no_brps_past_oil_{name}{tag}")
    no_limit_past = model.new_bool_var(f"no_limit_past_oil_{name}{tag}")
    model.add(past).only_enforce_if(no_brps_past)
    model.add(budget.kept(power) <= doubled - 1).only_enforce_if(no_brps_past)
    model.add(past).only_enforce_if(no_limit_past)
    model.add(budget.limit_counted(power) + doubled >= budget.limit(power) + 1).only_enforce_if(no_limit_past)
    return [*found, no_brps_past, no_limit_past]


def add_naval_construction(
    model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards
) -> None:
    """Points, the one-factor half-rate, capacity, fast carriers and CVEs, later turns' budgets (27.7)."""
    ships = variables.naval
    if ships is None:
        return
    naval = ships.naval
    chart_index = on_charts(variables)
    for t in range(len(naval.seasons)):
        for yard in naval.yards.values():
            _yard_turn(model, variables, yard, t, chart_index.get((t + 1, yard.key), []), guards)
        for power in sorted({ship.power for ship in naval.ships.values()}, key=POWER_ORDER.index):
            _power_turn(model, ships, power, t, guards)
    _us_before_war(model, data, ships, guards)
    _lay_down_caps(model, ships, guards)


def yard_points(variables: Variables, key: str, t: int) -> list[LinearExpr]:
    """Shipbuilding points the yard `key` spends in turn t: chart actions, and this turn SW units (27.724 A)."""
    ships = variables.naval
    assert ships is not None
    used: list[LinearExpr] = [
        action_cost(ship, action)[0] * var for ship, _, action, var in ships.actions(t, yard=key)
    ]
    if t == 0:
        used += [SW_SB_PER_FACTOR * var for (_, yard_key), var in ships.sw.items() if yard_key == key]
    return used


def one_factor_yard_points(variables: Variables, key: str, t: int) -> list[LinearExpr]:
    """Shipbuilding points the yard `key` spends in turn t on one-factor units, which 27.7221 A holds to
    half its rate: one-factor ships' chart actions, and this turn SW units."""
    ships = variables.naval
    assert ships is not None
    used: list[LinearExpr] = [
        action_cost(ship, action)[0] * var
        for ship, _, action, var in ships.actions(t, yard=key)
        if ship.unit in ONE_FACTOR_UNITS
    ]
    if t == 0:
        used += [SW_SB_PER_FACTOR * var for (_, yard_key), var in ships.sw.items() if yard_key == key]
    return used


def on_charts(variables: Variables) -> dict[tuple[int, str], list[cp_model.IntVar]]:
    """Per (turn, yard): the state literals of ships on the yard's chart at the start of that turn (27.741)."""
    ships = variables.naval
    assert ships is not None
    index: dict[tuple[int, str], list[cp_model.IntVar]] = {}
    for (k, turn, state), var in ships.state.items():
        if isinstance(state, tuple):
            index.setdefault((turn, ships.naval.ships[k].yard), []).append(var)
    return index


def restricted_scuttling(
    model: cp_model.CpModel, variables: Variables, yard: YardData, guards: Guards, t: int
) -> None:
    """27.7272 E: "Scuttling is subject to the same restrictions as deferring naval construction
    (27.7272C ...)". Without `deferring_allowed` the yard's ships are not scuttled in the chart's turn
    `t`: scuttling is always voluntary ("A player may voluntarily eliminate a naval unit"), so no ship
    must be scuttled as one may have to wait (27.7272 C). This turn's chart offers no scuttle then
    (`optimizer.rules.naval.chart.ship_actions`); a season's later turns, held to the restriction as
    their deferrals are (`involuntary_deferral`), post it here (`optimizer.season.model`)."""
    naval = variables.naval
    assert naval is not None and t > 0  # this turn's chart offers none
    where = chart_subject(yard.key, t)
    for _, _, action, var in naval.actions(t, yard=yard.key):
        if action is ChartAction.SCUTTLE:
            model.add(var == 0).only_enforce_if(guards.of("27.7272 E", where))


def _yard_turn(
    model: cp_model.CpModel,
    variables: Variables,
    yard: YardData,
    t: int,
    on_chart: list[cp_model.IntVar],
    guards: Guards,
) -> None:
    """A yard in turn t: shipbuilding points (27.724 A), the one-factor half-rate (27.7221 A), capacity
    after the phase (27.741), what it may do as it stands (27.712 A, 27.7264), and this turn's
    restricted deferring (27.7272 C)."""
    ships = variables.naval
    assert ships is not None
    key = yard.key
    used = yard_points(variables, key, t)
    one_factor = one_factor_yard_points(variables, key, t)
    if used:
        model.add(sum(used) <= yard.rate).only_enforce_if(guards.of("27.724 A", chart_subject(key, t)))
    if one_factor:
        model.add(sum(one_factor) <= one_factor_points(yard.rate)).only_enforce_if(
            guards.of("27.7221 A", chart_subject(key, t))
        )
    if on_chart:
        model.add(sum(on_chart) <= yard.capacity).only_enforce_if(guards.of("27.741", chart_subject(key, t)))
    _yard_standing(model, ships, yard, t, guards)
    if t == 0 and not ships.naval.deferring_allowed[yard.power]:
        involuntary_deferral(model, variables, yard, guards)


def _yard_standing(
    model: cp_model.CpModel, ships: NavalVariables, yard: YardData, t: int, guards: Guards
) -> None:
    """A yard that is not a controlled, fully supplied port spends no point on its chart (27.712 A;
    its points may still build SW units in other ports, 27.71), except on starting repairs, which have
    their own test: a fully supplied port held by the owner's faction (27.7264; a captured yard held by
    the faction using it, 27.713), so a yard its power does not hold, held by an ally, still starts
    them; a ship sunk in port is raised with a point of a yard its power controls, supplied or not
    (27.7263). A new ship is laid down only where a newly constructed unit may be placed (27.41): not
    in an enemy ZoC (27.44), in any turn of the horizon, nor this turn at a yard not held since the
    start of the player turn or recaptured this turn (27.45), with the setting
    naval_lay_downs_obey_placement_limits (`prepare.yard_standing`)."""
    barred = yard.lay_down_barred if t == 0 else ("27.44" if yard.lay_down_barred_later else None)
    for ship, _, action, var in ships.actions(t, yard=yard.key):
        if action is ChartAction.LAY_DOWN and barred is not None:
            model.add(var == 0).only_enforce_if(guards.of(barred, chart_subject(yard.key, t)))
        if action is ChartAction.RAISE:
            if not yard.raises:
                model.add(var == 0).only_enforce_if(guards.of("27.7263", chart_subject(yard.key, t)))
            continue
        if action is ChartAction.START_REPAIR:
            if not yard.repairs:
                model.add(var == 0).only_enforce_if(guards.of("27.7264", chart_subject(yard.key, t)))
            continue
        if not yard.builds and action_cost(ship, action)[0] > 0:
            model.add(var == 0).only_enforce_if(guards.of("27.712 A", chart_subject(yard.key, t)))


def _power_turn(model: cp_model.CpModel, ships: NavalVariables, power: Power, t: int, guards: Guards) -> None:
    """A power in turn t: later turns' BRPs and limits (27.11, 27.31), American CVEs (27.7223 C)."""
    naval = ships.naval
    if t > 0:
        spent = ships.brps(power, t)
        model.add(spent <= naval.future_brps[t, power]).only_enforce_if(
            guards.of("27.11", chart_subject(power.value, t))
        )
        model.add(spent <= naval.future_limits[t, power]).only_enforce_if(
            guards.of("27.31", chart_subject(power.value, t))
        )
    cap = naval.cve_caps.get(power)
    if cap is not None:
        cves = [
            var
            for ship, _, action, var in ships.actions(t, power=power)
            if action is ChartAction.LAY_DOWN
            and ship.unit is UnitType.ESCORT_CARRIER
            and not ship.british_cve
        ]
        if cves:
            model.add(sum(cves) <= cap).only_enforce_if(guards.of("27.7223 C", chart_subject(power.value, t)))


def _us_before_war(model: cp_model.CpModel, data: Prepared, ships: NavalVariables, guards: Guards) -> None:
    """Cash and carry and lend lease (27.7322 A, B), the U.S. grant limit they share with British CVEs
    (40.331 A), and British CVEs no more a turn than Britain's naval air rate (27.7223 B)."""
    naval = ships.naval
    lend = naval.lend_lease
    if lend is not None and ships.japan_rebuilt is not None:
        if lend.most is not None:
            model.add(ships.lend_lease_transports() - ships.japan_rebuilt <= lend.most).only_enforce_if(
                guards.of("27.7322 A", "usa")
            )
        if not lend.britain_pays:
            model.add(ships.britain_pays() == 0).only_enforce_if(guards.of("27.7322 B", "usa"))
    if naval.us_grant_cap is not None and data.network is None:
        # 40.331 A: lend lease and British CVEs share the U.S. grant limit with fixed grants.
        model.add(ships.us_grant_use() <= naval.us_grant_cap).only_enforce_if(guards.of("40.331 A", "usa"))
    for power, cap in naval.british_cve_caps.items():
        for t in range(len(naval.seasons)):
            laid = [
                var
                for ship, _, action, var in ships.actions(t, power=power)
                if action is ChartAction.LAY_DOWN and ship.british_cve
            ]
            if laid:
                model.add(sum(laid) <= cap).only_enforce_if(
                    guards.of("27.7223 B", chart_subject(power.value, t))
                )


def _lay_down_caps(model: cp_model.CpModel, ships: NavalVariables, guards: Guards) -> None:
    """Ships laid down over the horizon: Australian caps (27.712 D), each design's count, and U.S. fast
    carriers before war with Japan (27.7325)."""
    naval = ships.naval
    lay_downs = [
        (naval.ships[key], var)
        for (key, _, _, action), var in ships.act.items()
        if action is ChartAction.LAY_DOWN
    ]
    for kind, most in naval.australian_caps.items():
        laid = [
            var
            for ship, var in lay_downs
            if ship.unit is kind and naval.yards[ship.yard].site == "australia_box"
        ]
        if laid:
            model.add(sum(laid) <= most).only_enforce_if(guards.of("27.712 D", kind.value))
    for design, count in naval.design_counts.items():
        laid = [var for ship, var in lay_downs if ship.design == design]
        if laid:
            model.add(sum(laid) <= count)
    for power, cap in naval.fast_carrier_caps.items():
        laid = [var for ship, var in lay_downs if ship.fast_carrier and ship.power is power]
        if laid:
            model.add(sum(laid) <= cap).only_enforce_if(guards.of("27.7325", power.value))
