"""Constraints of rule 14: factory flow, costs, restrictions and what each mobilization creates."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.mobilization import (
    BRITAIN_INFANTRY_MAX,
    BRITAIN_SB_OR_ARMOR_MAX,
    COUNTER_MIX_RULE,
    GROUND_AND_AIR,
    Conversion,
    MobilizedUnit,
)
from models.tables import Power
from optimizer.rules.guards import Guards
from optimizer.rules.mobilization.prepare import MobilizationData, PowerData, requirement_subject
from optimizer.rules.mobilization.variables import BRITISH_NUMBERS, BRITISH_SLOT_UNITS, MobilizationVariables

ARMOR, INFANTRY, AIR, SB = (
    MobilizedUnit.ARMOR,
    MobilizedUnit.INFANTRY,
    MobilizedUnit.AIR,
    MobilizedUnit.SHIPBUILDING,
)


def add_mobilization(
    model: cp_model.CpModel, data: MobilizationData, v: MobilizationVariables, guards: Guards
) -> None:
    for p in data.powers:
        _factories_and_costs(model, data, p, v, guards)
        _composition(model, data, p, v, guards)
        if p.power is Power.BRITAIN:
            _britain(model, data, p, v, guards)
        _additions(model, data, p, v, guards)
        _counter_mix(model, data, p, v, guards)
    for power, unit, count, by_turn in data.minimums:
        _minimum(model, data, power, unit, count, by_turn, v, guards)


def _factories_and_costs(
    model: cp_model.CpModel, data: MobilizationData, p: PowerData, v: MobilizationVariables, guards: Guards
) -> None:
    """14.11-14.44: one conversion a turn, its cost in tile points, and the restrictions on it."""
    g = p.power.value
    idle, civilian, military = p.idle, p.civilian, p.military
    for t in range(data.horizon):
        key = (p.power, t)
        to_civilian = v.convert[(p.power, t, Conversion.IDLE_TO_CIVILIAN)]
        idle_up = v.convert[(p.power, t, Conversion.IDLE_TO_MILITARY)]
        civilian_up = v.convert[(p.power, t, Conversion.CIVILIAN_TO_MILITARY)]
        mobilize = v.mobilize[key]
        model.add(to_civilian + idle_up + civilian_up <= 1)  # 14.41: one conversion a turn
        model.add(mobilize == idle_up + civilian_up)
        # 14.42 B, 14.44: no conversion out of military use exists among the choices.
        model.add(v.idle[key] == idle - to_civilian - idle_up)
        model.add(v.civilian[key] == civilian + to_civilian - civilian_up)
        model.add(v.military[key] == military + mobilize)
        # 14.11, 14.12: only an existing factory is converted.
        model.add(v.idle[key] >= 0).only_enforce_if(guards.of("14.12", g))
        model.add(v.civilian[key] >= 0).only_enforce_if(guards.of("14.12", g))
        model.add(v.spent[key] == p.civilian_cost[t] * to_civilian + p.mobilization_cost[t] * mobilize)
        if p.civilian_cost[t] > p.tile_points[t]:
            model.add(to_civilian == 0).only_enforce_if(guards.of("14.21", g))
        if p.mobilization_cost[t] > p.tile_points[t]:
            model.add(mobilize == 0).only_enforce_if(guards.of("14.31", g))
        if not p.may_convert_idle_to_civilian:
            model.add(to_civilian == 0).only_enforce_if(guards.of("14.42 A", g))
        if not p.may_mobilize[t]:
            model.add(mobilize == 0).only_enforce_if(guards.of("14.43 A", g))
        if not p.may_mobilize_civilian[t]:
            model.add(civilian_up == 0).only_enforce_if(guards.of("14.43 C", g))
        if p.interval is not None:
            wait = p.interval[t]  # 14.43 B: the cohesion of the turn Russia mobilizes
            if p.turns_since_last is not None and p.turns_since_last + t < wait:
                model.add(mobilize == 0).only_enforce_if(guards.of("14.43 B", g))
            for earlier in range(max(0, t - wait + 1), t):
                model.add(mobilize + v.mobilize[(p.power, earlier)] <= 1).only_enforce_if(
                    guards.of("14.43 B", g)
                )
        idle, civilian, military = v.idle[key], v.civilian[key], v.military[key]  # type: ignore[assignment]


def _composition(
    model: cp_model.CpModel, data: MobilizationData, p: PowerData, v: MobilizationVariables, guards: Guards
) -> None:
    """14.7: what each mobilization creates, and the per-game limits."""
    g, power = p.power.value, p.power
    created = {(t, u): v.created[(power, t, u)] for t in range(data.horizon) for u in MobilizedUnit}
    for t in range(data.horizon):
        a, i, r, s = (created[(t, u)] for u in (ARMOR, INFANTRY, AIR, SB))
        mobilize = v.mobilize[(power, t)]
        model.add(a + i + r + s == p.units * mobilize).only_enforce_if(guards.of("14.7", g))
        if power is Power.GERMANY:
            model.add(a + s == mobilize).only_enforce_if(guards.of("14.7", g))  # 14.711 A, 14.713 A, B
            model.add(i + r == 2 * mobilize).only_enforce_if(guards.of("14.7", g))  # 14.711 B
        elif power in (Power.ITALY, Power.FRANCE):
            for x in (a, i, r, s):  # 14.722 A, 14.742 A: at most one of each type
                model.add(x <= mobilize).only_enforce_if(guards.of("14.7", g))
            model.add(a + s <= 1).only_enforce_if(guards.of("14.7", g))  # 14.722 B
        elif power is Power.RUSSIA:
            for x in (a, i, r):  # 14.751: one of each
                model.add(x == mobilize).only_enforce_if(guards.of("14.7", g))
        if p.no_shipbuilding is not None:
            model.add(s == 0).only_enforce_if(guards.of("14.7", g))  # 14.742 C, 14.752 B
    if p.shipbuilding_cap is not None:
        cap, rule = p.shipbuilding_cap
        total_sb = sum(created[(t, SB)] for t in range(data.horizon))
        model.add(p.shipbuilding_made_in_game + total_sb <= cap).only_enforce_if(guards.of(rule, g))
    if p.armor_cap is not None:
        cap, rule = p.armor_cap
        for t in range(data.horizon):
            if p.armor_capped[t]:
                so_far = sum(created[(x, ARMOR)] for x in range(t + 1))
                model.add(p.armor_made + so_far <= cap).only_enforce_if(guards.of(rule, g))
    if power is Power.GERMANY:
        # 14.712: by full mobilization infantry equals air; each later mobilization moves the difference
        # by -2, 0 or +2 (14.711 B), so the difference left must be within twice the factories left, and
        # an odd difference from the history can never be balanced.
        if p.infantry_minus_air % 2:
            model.add_bool_or([]).only_enforce_if(guards.of("14.712", g))
        last = (power, data.horizon - 1)
        difference = p.infantry_minus_air + sum(
            created[(t, INFANTRY)] - created[(t, AIR)] for t in range(data.horizon)
        )
        left = v.idle[last] + v.civilian[last]
        model.add(difference <= 2 * left).only_enforce_if(guards.of("14.712", g))
        model.add(-difference <= 2 * left).only_enforce_if(guards.of("14.712", g))


def _britain(
    model: cp_model.CpModel, data: MobilizationData, p: PowerData, v: MobilizationVariables, guards: Guards
) -> None:
    """14.733-14.736: Britain's third to eighth mobilizations.

    The k-th mobilization is made in turn t when `reached` turns on for k in t; Britain mobilizes once a
    turn at most (14.41), so the k reached are consecutive. Each mobilization holds at most one armor
    unit or SB increase (14.733 B, 14.734 B, 14.735 B) and infantry only in the eighth (14.734 B, 14.735
    A); the rest is air. Reading: the "previous mobilization" of 14.735 B is a Gathering Storm one (the
    third to the seventh): the pre-game SB increases of 14.732 do not bar one in the eighth, unless the
    setting `britain_pregame_sb_counts` says they do (then the eighth creates none).
    """
    g = p.power.value
    first_game = p.mobilizations_made - len(p.britain_history) + 1
    numbered = {first_game + j: c for j, c in enumerate(p.britain_history)}

    def before(t: int, k: int) -> cp_model.IntVar | int:
        return v.reached[(t - 1, k)] if t > 0 else int(p.mobilizations_made >= k)

    made: dict[int, dict[MobilizedUnit, list[cp_model.IntVar | int]]] = {
        k: {u: [] for u in BRITISH_SLOT_UNITS} for k in BRITISH_NUMBERS
    }
    for k, c in numbered.items():
        if k in made:
            made[k][ARMOR].append(c.armor)
            made[k][SB].append(c.shipbuilding)
            made[k][INFANTRY].append(c.infantry)
    for t in range(data.horizon):
        mobilize = v.mobilize[(p.power, t)]
        new = []
        for k in BRITISH_NUMBERS:
            reached = v.reached[(t, k)]
            model.add(reached >= before(t, k))
            if k > p.mobilizations_made + t + 1:  # one mobilization a turn at most (14.41)
                model.add(reached == 0)
            if k > BRITISH_NUMBERS.start:
                model.add(reached <= v.reached[(t, k - 1)])
            elif p.mobilizations_made < k - 1:  # the first and second are pre-game (14.732)
                model.add(reached == 0).only_enforce_if(guards.of("14.732", g))
            new.append(reached - before(t, k))
            rule = "14.733" if k <= 4 else "14.734" if k <= 7 else "14.735"
            armor, sb, infantry = (v.slot[(t, k, u)] for u in BRITISH_SLOT_UNITS)
            model.add(armor + sb <= reached - before(t, k)).only_enforce_if(guards.of(rule, g))
            model.add(infantry <= (reached - before(t, k) if k == 8 else 0)).only_enforce_if(
                guards.of(rule, g)
            )
            for u in BRITISH_SLOT_UNITS:
                made[k][u].append(v.slot[(t, k, u)])
        model.add(sum(new) == mobilize).only_enforce_if(guards.of("14.735", g))
        for u in BRITISH_SLOT_UNITS:
            model.add(
                v.created[(p.power, t, u)] == sum(v.slot[(t, k, u)] for k in BRITISH_NUMBERS)
            ).only_enforce_if(guards.of("14.7", g))
    total = {k: {u: sum(made[k][u]) for u in BRITISH_SLOT_UNITS} for k in BRITISH_NUMBERS}
    # 14.733 B: one of the third and fourth may hold an armor unit or SB increase, the other three air.
    model.add(sum(total[k][ARMOR] + total[k][SB] for k in (3, 4)) <= 1).only_enforce_if(
        guards.of("14.733", g)
    )
    for k in (5, 6, 7):  # 14.734 B: no SB if one came in the third or fourth
        model.add(total[k][SB] + total[3][SB] + total[4][SB] <= 1).only_enforce_if(guards.of("14.734", g))
    for j in range(3, 8):  # 14.735 B: no SB in the eighth if one came in an earlier one
        model.add(total[8][SB] + total[j][SB] <= 1).only_enforce_if(guards.of("14.735", g))
    if data.britain_pregame_sb_counts:  # the pre-game ones' two SB increases (14.732) count as earlier
        model.add(total[8][SB] == 0).only_enforce_if(guards.of("14.735", g))
    sb_or_armor = [v.created[(p.power, t, u)] for t in range(data.horizon) for u in (ARMOR, SB)]
    infantry_units = [v.created[(p.power, t, INFANTRY)] for t in range(data.horizon)]
    model.add(p.britain_sb_or_armor_made + sum(sb_or_armor) <= BRITAIN_SB_OR_ARMOR_MAX).only_enforce_if(
        guards.of("14.736 A", g)
    )
    model.add(p.britain_infantry_made + sum(infantry_units) <= BRITAIN_INFANTRY_MAX).only_enforce_if(
        guards.of("14.736 A", g)
    )


def _additions(
    model: cp_model.CpModel, data: MobilizationData, p: PowerData, v: MobilizationVariables, guards: Guards
) -> None:
    """14.737, 14.743: from spring 1941 one armor, infantry or air unit a turn, within the counter mix.

    Reading: the addition is made each turn unless no type has a counter left in `counter_mix` (which
    every unit created, by a mobilization or an addition, takes from: `_counter_mix`).
    """
    if p.addition_rule is None:
        return
    g, rule = p.power.value, p.addition_rule
    made: dict[MobilizedUnit, cp_model.LinearExpr | int] = {u: 0 for u in GROUND_AND_AIR}
    previous_adds: cp_model.LinearExprT | None = None
    for t in range(data.horizon):
        for u in GROUND_AND_AIR:
            made[u] = made[u] + v.created[(p.power, t, u)] + v.addition.get((p.power, t, u), 0)
        if not p.addition_turns[t]:
            continue
        adds = sum(v.addition[(p.power, t, u)] for u in GROUND_AND_AIR)
        model.add(adds <= 1)
        if p.counter_mix is None:
            model.add(adds == 1).only_enforce_if(guards.of(rule, g))
            continue
        for u in GROUND_AND_AIR:
            mix = p.counter_mix.of(u)
            # No addition only once no type has a counter left: with none this turn, every type has
            # used all its counters ("adds = 0 implies made >= mix", posted linearly).
            model.add(made[u] + mix * adds >= mix).only_enforce_if(guards.of(rule, g))
        if previous_adds is not None:
            # Redundant: with no addition every type has used all its counters, and what is made only
            # grows, so once the additions stop they do not resume.
            model.add(adds <= previous_adds).only_enforce_if(guards.of(rule, g))
        previous_adds = adds


def _counter_mix(
    model: cp_model.CpModel, data: MobilizationData, p: PowerData, v: MobilizationVariables, guards: Guards
) -> None:
    """The counter mix (14.61 [reading], 14.737, 14.743): every armor, infantry or air unit the plan
    creates, by a mobilization or a post-1940 addition, takes a counter of its type from those free at the
    start, so the plan's units of each type stay within `counter_mix`. What is made only grows, so the
    total over the plan is the binding count."""
    if p.counter_mix is None:
        return
    g = p.power.value
    for u in GROUND_AND_AIR:
        made = [v.created[(p.power, t, u)] for t in range(data.horizon)]
        made += [x for (power, _, unit), x in v.addition.items() if power is p.power and unit is u]
        model.add(sum(made) <= p.counter_mix.of(u)).only_enforce_if(guards.of(COUNTER_MIX_RULE, g))


def _minimum(
    model: cp_model.CpModel,
    data: MobilizationData,
    power: Power,
    unit: MobilizedUnit,
    count: int,
    by_turn: int,
    v: MobilizationVariables,
    guards: Guards,
) -> None:
    """At least `count` units in the reserve by `by_turn` (14.81 delays): created in the plan, or in their
    delay at its start."""
    p = next(p for p in data.powers if p.power is power)
    waiting = sum(n for (u, turn), n in p.in_delay.items() if u is unit and turn <= by_turn)
    arrived = [v.created[(power, t, unit)] for t in range(data.horizon) if t + p.delays[unit] <= by_turn] + [
        v.addition[(power, t, unit)]
        for t in range(min(by_turn + 1, data.horizon))
        if (power, t, unit) in v.addition
    ]
    subject = requirement_subject(power, unit, count, by_turn)
    model.add(sum(arrived) + waiting >= count).only_enforce_if(guards.of("requirement", subject))
